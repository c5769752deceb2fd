import Foundation
import Testing
@testable import LayoutCore
@testable import SwiftUI

// State kept across builds of a preview (`KeptState.swift`): what one live preview writes out,
// a new one of the same code (as a new agent after a save) starts from, by view identity.

private enum Mood: String, Codable { case calm, busy }

private final class Model { var name = "model" }

private struct Row: View {
    let name: String
    @State private var likes = 0
    var body: some View {
        Button("\(name): \(likes)") { likes += 1 }.id("row-\(name)")
    }
}

private struct Screen: View {
    @State private var count = 0
    @State private var mood = Mood.calm
    @State private var model = Model()
    @AppStorage("volume") private var volume = 3
    let names: [String]
    var body: some View {
        VStack {
            Button("Count \(count)") { count += 1 }.id("count")
            Button("Mood \(mood.rawValue)") { mood = .busy }.id("mood")
            Button("Volume \(volume)") { volume += 1 }.id("volume")
            Text("Model \(model.name)").id("model")
            ForEach(names, id: \.self) { Row(name: $0) }
        }
    }
}

/// The same screen with its counter's state now a string: a value of another type does not come back.
private struct ScreenWithTextCount: View {
    @State private var count = "none"
    var body: some View { Text("Count \(count)").id("count") }
}

private struct RootCounter: View {
    @Binding var taps: Int
    @Binding var label: String
    var body: some View {
        VStack {
            Button("Taps \(taps)") { taps += 1; label = "tapped" }.id("taps")
            Text(label).id("label")
        }
    }
}

@MainActor
@Suite("Live previews: state kept across builds")
struct LiveKeptStateTests {
    private func text(_ live: LivePreview, _ id: String) throws -> String {
        let result = try #require(live.lastResult)
        return try #require(result.views.last { $0.explicitID.map(LivePreview.describe) == id }?.detail, "no view \(id)")
    }

    private func tap(_ live: LivePreview, _ id: String, times: Int = 1) throws {
        for _ in 0..<times { _ = try live.send(.tap(try live.centre(ofViewWithID: id))) }
        _ = live.layout(proposal: ProposedViewSize(width: 400, height: 600))
    }

    @Test func aNewPreviewOfTheSameCodeStartsFromTheKeptState() throws {
        let old = LivePreview(Screen(names: ["a", "b", "c"]))
        _ = old.layout(proposal: ProposedViewSize(width: 400, height: 600))
        try tap(old, "count", times: 3)
        try tap(old, "mood")
        try tap(old, "volume", times: 2)
        try tap(old, "row-b", times: 2)
        let archive = old.keptState()

        let new = LivePreview(Screen(names: ["a", "b", "c"]))
        _ = new.layout(proposal: ProposedViewSize(width: 400, height: 600))
        #expect(try text(new, "count") == "\"Count 0\"")
        let restored = new.restoreState(archive)
        #expect(restored > 0)
        _ = new.layout(proposal: ProposedViewSize(width: 400, height: 600))
        #expect(try text(new, "count") == "\"Count 3\"")
        #expect(try text(new, "mood") == "\"Mood busy\"")
        #expect(try text(new, "volume") == "\"Volume 5\"")
        #expect(try text(new, "row-b") == "\"b: 2\"")
        #expect(try text(new, "row-a") == "\"a: 0\"")
        // A class instance is not written out: it starts from its initial value.
        #expect(try text(new, "model") == "\"Model model\"")
    }

    @Test func stateFollowsIdentityNotPosition() throws {
        let old = LivePreview(Screen(names: ["a", "b", "c"]))
        _ = old.layout(proposal: ProposedViewSize(width: 400, height: 600))
        try tap(old, "row-b", times: 2)
        try tap(old, "row-c", times: 1)
        let archive = old.keptState()
        // The new code lists the rows in another order and drops one: each row keeps its own likes.
        let new = LivePreview(Screen(names: ["c", "a"]))
        new.restoreState(archive)
        _ = new.layout(proposal: ProposedViewSize(width: 400, height: 600))
        #expect(try text(new, "row-c") == "\"c: 1\"")
        #expect(try text(new, "row-a") == "\"a: 0\"")
    }

    @Test func aValueOfAnotherTypeStartsOver() throws {
        let old = LivePreview(Screen(names: []))
        _ = old.layout(proposal: ProposedViewSize(width: 400, height: 600))
        try tap(old, "count", times: 2)
        let new = LivePreview(ScreenWithTextCount())
        new.restoreState(old.keptState())
        _ = new.layout(proposal: ProposedViewSize(width: 400, height: 600))
        #expect(try text(new, "count") == "\"Count none\"")
    }

    @Test func stateRestoredBeforeTheFirstBuildReachesViewsWhenTheyAreBuilt() throws {
        let old = LivePreview(Screen(names: ["a"]))
        _ = old.layout(proposal: ProposedViewSize(width: 400, height: 600))
        try tap(old, "count", times: 4)
        let new = LivePreview(Screen(names: ["a"]))
        // Restored before any layout: the values wait for their views.
        #expect(new.restoreState(old.keptState()) > 0)
        _ = new.layout(proposal: ProposedViewSize(width: 400, height: 600))
        #expect(try text(new, "count") == "\"Count 4\"")
    }

    @Test func thePreviewsOwnStateIsKeptByOrder() throws {
        // As a `#Preview` body's `@Previewable` state: made with the root, read through a binding.
        func makeRoot() -> some View {
            @State var taps = 0
            @State var label = "start"
            return RootCounter(taps: $taps, label: $label)
        }
        let old = LivePreview(making: makeRoot)
        _ = old.layout(proposal: ProposedViewSize(width: 400, height: 600))
        try tap(old, "taps", times: 2)
        #expect(try text(old, "taps") == "\"Taps 2\"")
        let new = LivePreview(making: makeRoot)
        new.restoreState(old.keptState())
        _ = new.layout(proposal: ProposedViewSize(width: 400, height: 600))
        #expect(try text(new, "taps") == "\"Taps 2\"")
        #expect(try text(new, "label") == "\"tapped\"")
        // Remaking the root for a literal read in the preview's body keeps it too.
        new.designTimeValuesChanged(remakingRoot: true)
        _ = new.layout(proposal: ProposedViewSize(width: 400, height: 600))
        #expect(try text(new, "taps") == "\"Taps 2\"")
        // A reset starts over.
        new.reset()
        #expect(try text(new, "taps") == "\"Taps 0\"")
    }

    @Test func aMalformedArchiveRestoresNothing() throws {
        let live = LivePreview(Screen(names: ["a"]))
        #expect(live.restoreState(Data("not json".utf8)) == 0)
        #expect(live.restoreState(Data()) == 0)
        let wrongTypes = #"{"views":[{"view":"x","slot":0,"value":{"type":"Swift.Int","json":"1"}}],"keyed":{},"root":[]}"#
        #expect(live.restoreState(Data(wrongTypes.utf8)) == 0)
        _ = live.layout(proposal: ProposedViewSize(width: 400, height: 600))
        #expect(try text(live, "count") == "\"Count 0\"")
    }
}

/// A preview build's source marks do not change a view's identity.
@Suite("Source marks and identity")
struct SourceMarkIdentityTests {
    @Test func aMarkedTypeHasTheKeyOfItsContent() {
        #expect(TypeKeys.unmarkedName("SwiftUI._SourceLocatedView<SwiftUI.Text>") == "SwiftUI.Text")
        #expect(TypeKeys.unmarkedName("SwiftUI.TupleView<(SwiftUI._SourceLocatedView<SwiftUI.ModifiedContent<SwiftUI.Text, SwiftUI._PaddingLayout>>, SwiftUI.Color)>")
                == "SwiftUI.TupleView<(SwiftUI.ModifiedContent<SwiftUI.Text, SwiftUI._PaddingLayout>, SwiftUI.Color)>")
        #expect(TypeKeys.key(of: _SourceLocatedView<Text>.self) == TypeKeys.key(of: Text.self))
        #expect(TypeKeys.key(of: TupleView<(_SourceLocatedView<Text>, Color)>.self) == TypeKeys.key(of: TupleView<(Text, Color)>.self))
        #expect(TypeKeys.key(of: Text.self) != TypeKeys.key(of: Color.self))
    }

    @Test func aLocalTypeHasTheSameKeyInEveryProcess() {
        // A local type's name carries the address of its context, which changes with every run.
        #expect(TypeKeys.withoutAddresses("M.(unknown context at $55697b71011c).(unknown context at $55697b710124).PreviewBody")
                == "M.(local).(local).PreviewBody")
        #expect(TypeKeys.withoutAddresses("SwiftUI.ModifiedContent<M.(unknown context at $7f00).V, SwiftUI._PaddingLayout>")
                == "SwiftUI.ModifiedContent<M.(local).V, SwiftUI._PaddingLayout>")
        #expect(TypeKeys.withoutAddresses("SwiftUI.Text") == "SwiftUI.Text")
        struct Local: View { var body: some View { Text("x") } }
        let name = String(reflecting: Local.self)
        #expect(name.contains("unknown context at $"), "\(name)")
        #expect(!TypeKeys.withoutAddresses(name).contains("$"))
    }
}
