import Foundation
import LayoutTestSupport
import SwiftUI
import Testing

// Real-style code that used not to compile: an app's scenes, the iOS 13 slider with value
// labels, lists editing bound rows, a navigation title menu, angle arithmetic, window actions.

private struct Entry: Identifiable, Hashable {
    var id: Int
    var title: String
    var done = false
}

private struct JournalList: View {
    @State private var entries = [Entry(id: 1, title: "Walk"), Entry(id: 2, title: "Read"), Entry(id: 3, title: "Write")]
    @State private var selection: Int?
    @Environment(\.openWindow) private var openWindow
    @Environment(\.dismissWindow) private var dismissWindow
    var body: some View {
        NavigationStack {
            List($entries, editActions: .delete, selection: $selection) { $entry in
                Toggle(entry.title, isOn: $entry.done).id("row-\(entry.id)")
            }
            .navigationTitle("Journal")
            .toolbarTitleMenu {
                Button("Open archive") { openWindow(id: "archive") }
                Button("Close") { dismissWindow() }
            }
        }
    }
}

private struct JournalApp: App {
    var body: some Scene {
        WindowGroup { JournalList() }
        Window("Archive", id: "archive") { Text("Archive") }
            .defaultSize(width: 400, height: 300)
        #if os(macOS)
        Settings { Text("Settings") }
        #endif
    }
}

private struct VolumeRow: View {
    @State private var volume = 0.5
    var body: some View {
        Slider(value: $volume, in: 0...1, step: 0.1, minimumValueLabel: Text("0").id("min"),
               maximumValueLabel: Text("10").id("max")) {
            Text("Volume")
        }
        .id("slider")
    }
}

private struct Dial: View {
    let angle = Angle.degrees(90)
    var body: some View {
        HStack {
            Rectangle().frame(width: 20, height: 4).rotationEffect(angle / 2).id("half")
            Rectangle().frame(width: 20, height: 4).rotationEffect(-angle * 2).id("back")
            Rectangle().frame(width: 20, height: 4).rotationEffect(0.5 * angle).id("scaled")
        }
    }
}

@Suite("Real code that used not to compile")
struct RealCodeGapsTests {
    @Test func anAppsWindowGroupShowsItsContent() throws {
        let app = JournalApp()
        // The scenes are a tuple: the window group's content is laid out as a preview would be.
        let scenes = app.body
        let group = try #require(Mirror(reflecting: scenes).descendant("scenes", ".0") as? WindowGroup<JournalList>)
        let r = layout(group.content)
        let rows = ["row-1", "row-2", "row-3"].compactMap { r.frame(of: $0) }
        #expect(rows.count == 3)
        #expect(zip(rows, rows.dropFirst()).allSatisfy { $0.maxY <= $1.minY + 0.01 }, "\(rows)")
    }

    @Test func theOlderSliderFormPutsItsValueLabelsAtTheEnds() throws {
        let r = layout(VolumeRow().padding(), in: CGSize(width: 300, height: 100))
        let min = try #require(r.frame(of: "min")), max = try #require(r.frame(of: "max")), slider = try #require(r.frame(of: "slider"))
        #expect(abs(min.minX - slider.minX) < 0.01)
        #expect(abs(max.maxX - slider.maxX) < 0.01)
        #expect(min.maxX < max.minX)
    }

    @Test func boundRowsWithEditActionsAreListed() {
        struct Tasks: View {
            @State var items = [Entry(id: 7, title: "a"), Entry(id: 8, title: "b")]
            var body: some View {
                List {
                    ForEach($items, editActions: .all) { $item in
                        TextField("Title", text: $item.title).id("field-\(item.id)")
                    }
                }
            }
        }
        let r = layout(Tasks())
        #expect(r.frame(of: "field-7") != nil && r.frame(of: "field-8") != nil)
    }

    @Test func angleArithmeticAsInSwiftUI() {
        let a = Angle.degrees(90)
        #expect(abs((a / 2).degrees - 45) < 1e-9)
        #expect(abs((a * 3).degrees - 270) < 1e-9)
        #expect(abs((2 * a).degrees - 180) < 1e-9)
        #expect(abs((-a).degrees + 90) < 1e-9)
        var b = a
        b /= 3
        b *= 2
        #expect(abs(b.degrees - 60) < 1e-9)
        // Rotations are drawing only: the rotated bars keep their layout frames.
        let r = layout(Dial(), in: CGSize(width: 200, height: 100))
        #expect(r.frame(of: "half")?.size == CGSize(width: 20, height: 4))
        #expect(r.frame(of: "back")?.size == CGSize(width: 20, height: 4))
    }
}
