import Foundation
import Testing
import PreviewHost
import LayoutTestSupport

/// The inspector's source edits: finding a view expression by where it starts, listing the
/// arguments its source gives it, and changing, adding and removing them with the person's
/// formatting and comments kept.
@Suite("Editing a view's source")
struct ViewSourceEditorTests {
    static let profile = """
        import SwiftUI

        /// A row of a profile.
        struct ProfileRow: View {
            @State private var liked = false
            let name: String

            var body: some View {
                HStack(alignment: .top, spacing: 8) { // the row
                    Image(systemName: "person.crop.circle")
                        .font(.system(size: 28))
                        .foregroundStyle(.secondary)
                    VStack(alignment: .leading) {
                        Text(name).font(.headline)
                        Text("Joined 2021") // since
                            .foregroundColor(Color.gray)
                    }
                    Spacer()
                    Button(liked ? "Liked" : "Like") { liked.toggle() }
                }
                // Room around the row.
                .padding(.horizontal, 12)
                .frame(maxWidth: .infinity, minHeight: 44.5)
                .clipShape(RoundedRectangle(cornerRadius: 10))
                .offset(x: -4, y: 0)
                .opacity(0.9)
            }
        }

        #Preview("Row") {
            VStack {
                ProfileRow(name: "Ada")
                ProfileRow(name: "Grace").layoutPriority(1)
            }
        }
        """

    /// The 1-based line and column of the first occurrence of `needle` in `text`.
    static func position(of needle: String, in text: String, occurrence: Int = 0) throws -> SourcePosition {
        var searchStart = text.startIndex
        var found: Range<String.Index>?
        for _ in 0...occurrence {
            found = text.range(of: needle, range: searchStart..<text.endIndex)
            guard let f = found else { break }
            searchStart = f.upperBound
        }
        let range = try #require(found, "\(needle) not in the text")
        let before = text[..<range.lowerBound]
        let line = before.split(separator: "\n", omittingEmptySubsequences: false).count
        let lineStart = before.lastIndex(of: "\n").map { text.index(after: $0) } ?? text.startIndex
        return SourcePosition(line: line, column: text[lineStart..<range.lowerBound].utf8.count + 1)
    }

    @Test func aStackWithItsModifiersAndTheirArguments() throws {
        let editor = ViewSourceEditor(text: Self.profile)
        let view = try #require(editor.view(at: try Self.position(of: "HStack", in: Self.profile)))
        #expect(view.typeName == "HStack")
        #expect(view.modifiers == ["padding", "frame", "clipShape", "offset", "opacity"])
        let spacing = try #require(view.argument(label: "spacing"))
        #expect(spacing.kind == .integer && spacing.text == "8" && spacing.number == 8)
        let alignment = try #require(view.argument(label: "alignment"))
        #expect(alignment.kind == .member && alignment.text == ".top")
        let padding = view.arguments.filter { $0.modifier == "padding" }
        #expect(padding.map(\.text) == [".horizontal", "12"])
        #expect(padding.map(\.kind) == [.member, .integer])
        let minHeight = try #require(view.argument(call: 2, label: "minHeight"))
        #expect(minHeight.kind == .float && minHeight.number == 44.5)
        #expect(view.argument(call: 2, label: "maxWidth")?.kind == .member)
        let radius = try #require(view.arguments.first { $0.inner == "RoundedRectangle" })
        #expect(radius.title == "clipShape RoundedRectangle cornerRadius" && radius.number == 10)
        let x = try #require(view.argument(call: 4, label: "x"))
        #expect(x.kind == .integer && x.number == -4 && x.text == "-4")
        #expect(view.argument(call: 5, label: nil)?.number == 0.9)
        // Its source range: from `HStack` to the end of `.opacity(0.9)`.
        let text = Array(Self.profile.utf8)
        let whole = String(decoding: text[view.span.start..<view.span.end], as: UTF8.self)
        #expect(whole.hasPrefix("HStack(alignment: .top, spacing: 8)") && whole.hasSuffix(".opacity(0.9)"))
        #expect(String(decoding: text[spacing.span.start..<spacing.span.end], as: UTF8.self) == "8")
        #expect(spacing.span.from == (try Self.position(of: "8) { // the row", in: Self.profile)))
    }

    @Test func nestedViewsAreTheirOwn() throws {
        let editor = ViewSourceEditor(text: Self.profile)
        let image = try #require(editor.view(at: try Self.position(of: "Image(", in: Self.profile)))
        #expect(image.typeName == "Image" && image.modifiers == ["font", "foregroundStyle"])
        let size = try #require(image.arguments.first { $0.inner == ".system" })
        #expect(size.label == "size" && size.number == 28)
        #expect(image.arguments.first { $0.modifier == "foregroundStyle" }?.text == ".secondary")
        #expect(image.argument(label: "systemName")?.kind == .string)
        let inner = try #require(editor.view(at: try Self.position(of: "VStack(alignment: .leading)", in: Self.profile)))
        #expect(inner.modifiers.isEmpty && inner.argument(label: "alignment")?.text == ".leading")
        let joined = try #require(editor.view(at: try Self.position(of: "Text(\"Joined", in: Self.profile)))
        #expect(joined.modifiers == ["foregroundColor"])
        #expect(joined.arguments.last?.kind == .member && joined.arguments.last?.text == "Color.gray")
        // A variable is shown, not edited.
        let name = try #require(editor.view(at: try Self.position(of: "Text(name)", in: Self.profile)))
        #expect(name.arguments.first?.kind == .expression && name.modifiers == ["font"])
        // In a #Preview body.
        let grace = try #require(editor.view(at: try Self.position(of: "ProfileRow(name: \"Grace\")", in: Self.profile)))
        #expect(grace.modifiers == ["layoutPriority"] && grace.argument(call: 1, label: nil)?.number == 1)
    }

    @Test func aModifierPositionFindsItsView() throws {
        let editor = ViewSourceEditor(text: Self.profile)
        let view = try #require(editor.view(at: try Self.position(of: ".frame(maxWidth", in: Self.profile)))
        #expect(view.typeName == "HStack")
    }

    @Test func aMovedColumnIsFoundOnItsLine() throws {
        // The build's column was taken before a literal earlier on the line grew.
        let text = "import SwiftUI\nlet v = HStack(spacing: 1000) { Text(\"a\").padding(4) }\n"
        let editor = ViewSourceEditor(text: text)
        let text1 = try #require(editor.view(at: SourcePosition(line: 2, column: 30), typeName: "Text"))
        #expect(text1.typeName == "Text" && text1.argument(call: 1, label: nil)?.text == "4")
        #expect(editor.view(at: SourcePosition(line: 2, column: 30), typeName: "VStack") == nil)
    }

    @Test func changingALiteralKeepsEverythingElse() throws {
        let editor = ViewSourceEditor(text: Self.profile)
        let view = try #require(editor.view(at: try Self.position(of: "HStack", in: Self.profile)))
        let spacing = try #require(view.argument(label: "spacing"))
        let changed = editor.setting(spacing, to: ViewSourceEditor.literal(24, replacing: spacing.kind))
        #expect(changed == Self.profile.replacingOccurrences(of: "spacing: 8) { // the row", with: "spacing: 24) { // the row"))
        // The view is where it was, with the new value.
        let again = try #require(ViewSourceEditor(text: changed).view(at: view.span.from))
        #expect(again.argument(label: "spacing")?.number == 24)
        // Only the value changed: the literal fast path takes it.
        let before = DesignTimeRewriter.snapshot(source: Self.profile, path: "/p/Row.swift")
        let after = DesignTimeRewriter.snapshot(source: changed, path: "/p/Row.swift")
        #expect(DesignTimeRewriter.changedValues(from: before, to: after)?.values.count == 1)
        // A floating-point literal stays one.
        let minHeight = try #require(view.argument(call: 2, label: "minHeight"))
        #expect(ViewSourceEditor.literal(50, replacing: minHeight.kind) == "50.0")
        #expect(ViewSourceEditor.literal(50.25, replacing: .integer) == "50.25")
        #expect(ViewSourceEditor.literal(-3, replacing: .integer) == "-3")
        // An enum-like member.
        let alignment = try #require(view.argument(label: "alignment"))
        let bottom = editor.setting(alignment, to: ".bottom")
        #expect(bottom.contains("HStack(alignment: .bottom, spacing: 8) { // the row"))
    }

    @Test func addingSpacingToAStack() throws {
        let text = """
            struct V: View {
                var body: some View {
                    VStack { // items
                        Text("a")
                    }
                    HStack(alignment: .top) {
                        Text("b")
                    }
                    HStack() { Text("c") }
                    LazyVGrid(columns: cols, alignment: .leading, pinnedViews: []) { Text("d") }
                }
            }
            """
        let editor = ViewSourceEditor(text: text)
        let vstack = try #require(editor.view(at: try Self.position(of: "VStack", in: text)))
        let a = try #require(editor.addingArgument(label: "spacing", value: "8", of: vstack))
        #expect(a.contains("VStack(spacing: 8) { // items\n"))
        // Already there: nothing to add.
        let edited = ViewSourceEditor(text: a)
        #expect(edited.addingArgument(label: "spacing", value: "4", of: try #require(edited.view(at: vstack.span.from))) == nil)
        let hstack = try #require(editor.view(at: try Self.position(of: "HStack(alignment", in: text)))
        #expect(editor.addingArgument(label: "spacing", value: "8", of: hstack)?.contains("HStack(alignment: .top, spacing: 8) {") == true)
        let empty = try #require(editor.view(at: try Self.position(of: "HStack()", in: text)))
        #expect(editor.addingArgument(label: "spacing", value: "2", of: empty)?.contains("HStack(spacing: 2) { Text(\"c\") }") == true)
        // Before a later parameter of the declaration.
        let grid = try #require(editor.view(at: try Self.position(of: "LazyVGrid", in: text)))
        #expect(editor.addingArgument(label: "spacing", value: "6", of: grid)?
            .contains("LazyVGrid(columns: cols, alignment: .leading, spacing: 6, pinnedViews: [])") == true)
        let frame = ViewSourceEditor(text: "let v = Color.red.frame(height: 4)\n")
        let red = try #require(frame.view(at: SourcePosition(line: 1, column: 9)))
        #expect(frame.addingArgument(label: "width", value: "10", call: 1, of: red) == "let v = Color.red.frame(width: 10, height: 4)\n")
        #expect(frame.addingArgument(label: "alignment", value: ".top", call: 1, of: red) == "let v = Color.red.frame(height: 4, alignment: .top)\n")
    }

    @Test func removingAnArgument() throws {
        let text = "let a = HStack(alignment: .top, spacing: 8) { Text(\"x\") }\nlet b = VStack(spacing: 4) { }\nlet c = Color.red.frame(width: 1, height: 2)\n"
        let editor = ViewSourceEditor(text: text)
        let a = try #require(editor.view(at: SourcePosition(line: 1, column: 9)))
        #expect(editor.removingArgument(try #require(a.argument(label: "spacing")), of: a)?.hasPrefix("let a = HStack(alignment: .top) { Text") == true)
        #expect(editor.removingArgument(try #require(a.argument(label: "alignment")), of: a)?.hasPrefix("let a = HStack(spacing: 8) { Text") == true)
        let b = try #require(editor.view(at: SourcePosition(line: 2, column: 9)))
        #expect(editor.removingArgument(try #require(b.argument(label: "spacing")), of: b)?.contains("let b = VStack { }\n") == true)
        let c = try #require(editor.view(at: SourcePosition(line: 3, column: 9)))
        #expect(editor.removingArgument(try #require(c.argument(call: 1, label: "width")), of: c)?.contains(".frame(height: 2)") == true)
    }

    @Test func addingAModifierFollowsTheChainsStyle() throws {
        let editor = ViewSourceEditor(text: Self.profile)
        // A chain written a modifier per line: a line of its own, indented as they are.
        let hstack = try #require(editor.view(at: try Self.position(of: "HStack", in: Self.profile)))
        let added = editor.addingModifier("background(.yellow)", to: hstack)
        #expect(added.contains("        .opacity(0.9)\n        .background(.yellow)\n    }\n}"))
        let again = try #require(ViewSourceEditor(text: added).view(at: hstack.span.from))
        #expect(again.modifiers.last == "background" && again.arguments.last?.text == ".yellow")
        // A one-line view: on its line.
        let name = try #require(editor.view(at: try Self.position(of: "Text(name)", in: Self.profile)))
        #expect(editor.addingModifier("padding(4)", to: name).contains("Text(name).font(.headline).padding(4)\n"))
        // A multi-line view without modifiers: below its closing brace, at its indentation.
        let inner = try #require(editor.view(at: try Self.position(of: "VStack(alignment: .leading)", in: Self.profile)))
        #expect(editor.addingModifier("padding()", to: inner).contains("            }\n            .padding()\n            Spacer()"))
        // In a #Preview body.
        let ada = try #require(editor.view(at: try Self.position(of: "ProfileRow(name: \"Ada\")", in: Self.profile)))
        #expect(editor.addingModifier("frame(width: 100)", to: ada).contains("ProfileRow(name: \"Ada\").frame(width: 100)\n"))
    }

    @Test func removingAModifierTakesItsLine() throws {
        let editor = ViewSourceEditor(text: Self.profile)
        let hstack = try #require(editor.view(at: try Self.position(of: "HStack", in: Self.profile)))
        let offset = try #require(hstack.calls(named: "offset").first)
        let removed = try #require(editor.removingModifier(offset, of: hstack))
        #expect(removed == Self.profile.replacingOccurrences(of: "\n        .offset(x: -4, y: 0)", with: ""))
        let name = try #require(editor.view(at: try Self.position(of: "Text(name)", in: Self.profile)))
        #expect(editor.removingModifier(1, of: name)?.contains("Text(name)\n") == true)
        #expect(editor.removingModifier(0, of: name) == nil)
        // The comment above the first modifier stays with the code above it.
        let padding = try #require(hstack.calls(named: "padding").first)
        let noPadding = try #require(editor.removingModifier(padding, of: hstack))
        #expect(!noPadding.contains(".padding(.horizontal, 12)") && noPadding.contains("}\n        .frame(maxWidth"))
        #expect(ViewSourceEditor(text: noPadding).parses)
    }

    @Test func theKindOfATypedValue() {
        #expect(ViewSourceEditor.kind(ofArgument: ".trailing") == .member)
        #expect(ViewSourceEditor.kind(ofArgument: "\"Hi\"") == .string)
        #expect(ViewSourceEditor.kind(ofArgument: "-2.5") == .float)
        #expect(ViewSourceEditor.kind(ofArgument: "a + b") == .expression)
        #expect(ViewSourceEditor.kind(ofArgument: "1, 2") == nil)
        #expect(ViewSourceEditor.kind(ofArgument: "\"open") == nil)
    }

    @Test func everyViewOfAFile() throws {
        let views = ViewSourceEditor(text: Self.profile).views().map(\.typeName)
        for name in ["HStack", "Image", "VStack", "Text", "Spacer", "Button", "ProfileRow"] {
            #expect(views.contains(name), "\(name) not in \(views)")
        }
    }

    @Test func anEditedFileIsWrittenAtomicallyWithUndo() throws {
        let ws = try Workspace("source-edit")
        let file = try ws.write("Row.swift", "let a = 1\n")
        try FileManager.default.setAttributes([.posixPermissions: 0o640], ofItemAtPath: file.path)
        let edited = try EditedSourceFile(path: file.path)
        #expect(edited.write("let a = 2\n") == .written)
        #expect(edited.write("let a = 3\n") == .written)
        #expect(try String(contentsOf: file, encoding: .utf8) == "let a = 3\n")
        let mode = try FileManager.default.attributesOfItem(atPath: file.path)[.posixPermissions] as? Int
        #expect(mode == 0o640)
        // No temporary file is left beside it.
        #expect(try FileManager.default.contentsOfDirectory(atPath: ws.root.path).filter { $0.hasSuffix(".tmp") }.isEmpty)
        #expect(edited.undo() == .written)
        #expect(try String(contentsOf: file, encoding: .utf8) == "let a = 2\n")
        #expect(edited.undo() == .written)
        #expect(try String(contentsOf: file, encoding: .utf8) == "let a = 1\n")
        #expect(edited.undo() == nil)
        #expect(edited.redo() == .written)
        #expect(try String(contentsOf: file, encoding: .utf8) == "let a = 2\n")
        // A new step drops what could be redone.
        #expect(edited.write("let a = 9\n") == .written)
        #expect(!edited.canRedo)
    }

    @Test func anEditorsSaveIsNeverOverwritten() throws {
        let ws = try Workspace("source-edit-conflict")
        let file = try ws.write("Row.swift", "let a = 1\n")
        let edited = try EditedSourceFile(path: file.path)
        // The person's editor saves (same size, maybe the same second).
        try "let a = 7\n".write(to: file, atomically: false, encoding: .utf8)
        #expect(edited.write("let a = 2\n") == .changedOnDisk)
        #expect(try String(contentsOf: file, encoding: .utf8) == "let a = 7\n")
        #expect(edited.text == "let a = 7\n")
        // Written on the text read again.
        #expect(edited.write("let a = 8\n") == .written)
        try "let a = 0\n".write(to: file, atomically: false, encoding: .utf8)
        #expect(edited.undo() == .changedOnDisk)
        #expect(try String(contentsOf: file, encoding: .utf8) == "let a = 0\n")
    }

    @Test func aLinkedFileIsWrittenThroughItsLink() throws {
        let ws = try Workspace("source-edit-link")
        let target = try ws.write("Real.swift", "let a = 1\n")
        let link = ws.url("Link.swift")
        try FileManager.default.createSymbolicLink(at: link, withDestinationURL: target)
        let edited = try EditedSourceFile(path: link.path)
        #expect(edited.write("let a = 5\n") == .written)
        #expect(try String(contentsOf: target, encoding: .utf8) == "let a = 5\n")
        let kind = try FileManager.default.attributesOfItem(atPath: link.path)[.type] as? FileAttributeType
        #expect(kind == .typeSymbolicLink)
    }
}
