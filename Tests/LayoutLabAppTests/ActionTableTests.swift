import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import Testing
@testable import LayoutLabApp

/// The window's action table is the one place the keys are written: the shortcuts window and
/// the main menu name actions, and every name they use must be one of the table's.
@Suite("Action table")
@MainActor
struct ActionTableTests {
    static let resources = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Sources/LayoutLabApp/Resources")

    /// The properties of every object of `class` in a GtkBuilder file, in order.
    final class ObjectReader: NSObject, XMLParserDelegate {
        let objectClass: String
        var objects: [[String: String]] = []
        private var depth: [Bool] = []
        private var property: String?
        private var text = ""
        init(objectClass: String) { self.objectClass = objectClass }

        func parser(_ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?,
                    attributes: [String: String] = [:]) {
            if name == "object" {
                let isOurs = attributes["class"] == objectClass
                depth.append(isOurs)
                if isOurs { objects.append(attributes["id"].map { ["id": $0] } ?? [:]) }
            } else if name == "property", depth.last == true {
                property = attributes["name"]
                text = ""
            }
        }
        func parser(_ parser: XMLParser, foundCharacters string: String) { if property != nil { text += string } }
        func parser(_ parser: XMLParser, didEndElement name: String, namespaceURI: String?, qualifiedName: String?) {
            if name == "object" { depth.removeLast() }
            if name == "property", let p = property { objects[objects.count - 1][p] = text; property = nil }
        }
    }

    static func objects(of objectClass: String, in file: String) throws -> [[String: String]] {
        let parser = try #require(XMLParser(contentsOf: resources.appendingPathComponent(file)))
        let reader = ObjectReader(objectClass: objectClass)
        parser.delegate = reader
        #expect(parser.parse(), "\(file) is not well-formed XML")
        return reader.objects
    }

    /// Every detailed action name that has keys in the table (`win.layout(3)`, `app.quit`).
    static var namesWithKeys: Set<String> {
        Set(WindowAction.table.flatMap { a in a.keys.filter { !$0.accelerators.isEmpty }.map { a.detailedName(target: $0.target) } })
    }

    @Test func theShortcutsWindowShowsTheTablesKeysAndWritesNone() throws {
        let shortcuts = try Self.objects(of: "GtkShortcutsShortcut", in: "shortcuts.ui")
        #expect(shortcuts.count > 20)
        var named: Set<String> = []
        for s in shortcuts {
            if let action = s["action-name"] {
                // Its keys are the accelerators of its action: written in the table only.
                #expect(s["accelerator"] == nil, "\(action) writes its keys in shortcuts.ui")
                #expect(Self.namesWithKeys.contains(action), "\(action) is not an action with keys in WindowAction.table")
                named.insert(action)
            } else {
                // A key of a widget's own (the canvas pans while space is held), not an action's.
                let key = try #require(s["accelerator"], "a shortcut without an action or keys: \(s)")
                #expect(!WindowAction.table.contains { $0.keys.contains { $0.accelerators.contains(key) } },
                        "\(key) is an action's key: name the action instead")
            }
        }
        // The keys it leaves out are the presenting ones, which its Presenting item describes.
        #expect(Self.namesWithKeys.subtracting(named) == ["win.stop-presenting", "win.present-next", "win.present-previous"])
    }

    @Test func theMenuActivatesTheTablesActions() throws {
        let items = try Self.objects(of: "GtkButton", in: "menu.ui") + Self.objects(of: "GtkToggleButton", in: "menu.ui")
        let names = Set(WindowAction.table.map { $0.detailedName() })
        #expect(items.count >= 9)
        for item in items {
            let action = try #require(item["action-name"], "\(item)")
            #expect(names.contains(action), "\(action) is not in WindowAction.table")
            // The keys are written beside the label by the window, from the table.
            #expect(item["label"]?.contains("Ctrl+") == false, "\(item["label"] ?? "")")
        }
        for action in WindowAction.table {
            if let other = action.keysShownWith { #expect(names.contains(other), "\(action.name) shows the keys of \(other)") }
        }
    }

    @Test func keysReadAsMenusWriteThem() {
        #expect(WindowAction.label(for: "<Control><Shift>z") == "Ctrl+Shift+Z")
        #expect(WindowAction.label(for: "<Control>question") == "Ctrl+?")
        #expect(WindowAction.label(for: "<Control><Alt>0") == "Ctrl+Alt+0")
        #expect(WindowAction.label(for: "F5") == "F5")
        #expect(WindowAction.keyLabel(of: "win.layout(3)") == "Ctrl+4")
        #expect(WindowAction.keyLabel(of: "win.redo") == "Ctrl+Shift+Z")
        #expect(WindowAction.keyLabel(of: "win.compare") == nil)
    }
}
