import Foundation
import Observation
import Testing
import LayoutTestSupport
@testable import LayoutCore
@testable import SwiftUI

// An update builds only what changed: the views whose inputs and environment are the same, with
// nothing changed below them, give the nodes they built last time (`ReusedBuilds.swift`). Each
// test compares with a preview that builds everything again at every update.

private struct TodoRow: View {
    let index: Int
    @State private var done = false
    var body: some View {
        HStack {
            Circle().fill(done ? Color.green : Color.gray).frame(width: 20, height: 20)
            Text("Task \(index)")
            Spacer()
            Toggle("Done", isOn: $done).labelsHidden().id("toggle-\(index)")
        }
        .onTapGesture(count: 2) { done = false }
    }
}

private struct TodoList: View {
    let rows: Int
    var body: some View {
        VStack(spacing: 0) {
            ForEach(0..<rows, id: \.self) { TodoRow(index: $0) }
        }
    }
}

@Observable private final class Scores {
    var values = [0, 0, 0]
}

/// Reads the model only in a `ForEach`'s content, which runs while the view is built, not in
/// its body.
private struct ScoreBoard: View {
    let scores: Scores
    var body: some View {
        VStack {
            ForEach(0..<3, id: \.self) { i in Text("Score \(scores.values[i])").id("score-\(i)") }
        }
    }
}

private struct FieldRow: View {
    @State private var name = ""
    var body: some View {
        VStack {
            TextField("Name", text: $name).id("field")
            Text("Hello")
        }
    }
}

@Suite("Live previews: an update builds only what changed")
struct LiveReusedBuildTests {
    private let proposal = ProposedViewSize(width: 390, height: 844)

    /// Two previews of `view`: one reusing, one building every view at every update.
    private func pair<V: View>(_ view: V) -> (LivePreview, LivePreview) { livePreviewWithReference(view, proposal: proposal) }

    private func sameScreen(_ a: LivePreview, _ b: LivePreview, sourceLocation: SourceLocation = #_sourceLocation) {
        let x = a.layout(proposal: proposal), y = b.layout(proposal: proposal)
        #expect(x.views.count == y.views.count, sourceLocation: sourceLocation)
        #expect(x.frames == y.frames, sourceLocation: sourceLocation)
        // (Compared as described: a custom shape's resolver is an object of each preview's own.)
        let firstDifference = zip(x.displayList, y.displayList).enumerated().first { "\($0.element.0)" != "\($0.element.1)" }
        #expect(firstDifference == nil, "\(String(describing: firstDifference))", sourceLocation: sourceLocation)
        #expect(x.displayList.count == y.displayList.count, sourceLocation: sourceLocation)
        #expect(x.views.map(\.identity) == y.views.map(\.identity), sourceLocation: sourceLocation)
    }

    @Test func aTapInAListBuildsOnlyTheTappedRow() throws {
        let (live, fresh) = pair(TodoList(rows: 50))
        for (i, row) in [3, 3, 17, 49].enumerated() {
            _ = try live.send(.tap(live.centre(ofViewWithID: "toggle-\(row)")))
            _ = try fresh.send(.tap(fresh.centre(ofViewWithID: "toggle-\(row)")))
            // The tapped row's body is evaluated; the list around it is built again (its body
            // kept); every other row gives the nodes it built before.
            #expect(live.graph.lastBuildBodyEvaluations == 1, "tap \(i)")
            #expect(live.graph.lastBuildReusedViews == 49, "tap \(i)")
            #expect(fresh.graph.lastBuildReusedViews == 0)
            sameScreen(live, fresh)
        }
        // A reused row still takes taps (its toggle, and its double tap) and keeps its state.
        _ = try live.send(.tap(live.centre(ofViewWithID: "toggle-40")))
        _ = try live.send(.tap(live.centre(ofViewWithID: "toggle-17"), count: 2))
        _ = try fresh.send(.tap(fresh.centre(ofViewWithID: "toggle-40")))
        _ = try fresh.send(.tap(fresh.centre(ofViewWithID: "toggle-17"), count: 2))
        sameScreen(live, fresh)
    }

    @Test func whatABuildReadsOutsideTheBodyBuildsTheViewAgain() throws {
        // A model read only in a `ForEach`'s content: its change builds the board again without
        // evaluating its body.
        let scores = Scores()
        let live = LivePreview(ScoreBoard(scores: scores))
        _ = live.layout(proposal: proposal)
        let evaluations = live.graph.bodyEvaluations
        scores.values[1] = 7
        let result = live.layout(proposal: proposal)
        #expect(live.graph.bodyEvaluations == evaluations)
        #expect(result.views.first { $0.explicitID.map(LivePreview.describe) == "score-1" }?.detail.contains("7") == true)
    }

    @Test func aViewReadingTheGraphWhileBuildingIsNeverReused() throws {
        // A text field shows focus, which it reads from the graph while built: the row around
        // it is built at every update, and focus shows.
        let live = LivePreview(VStack { FieldRow(); TodoRow(index: 0) })
        _ = live.layout(proposal: proposal)
        _ = try live.send(.tap(live.centre(ofViewWithID: "field")))
        _ = try live.send(.type("Ada"))
        let result = try live.send(.tap(live.centre(ofViewWithID: "toggle-0"))).result
        #expect(live.graph.lastBuildReusedViews == 0)
        #expect(result.views.contains { $0.kind == "Text" && $0.detail.contains("Ada") })
    }

    @Test func anEnvironmentChangeAboveBuildsEverythingBelowAgain() throws {
        struct Themed: View {
            @State private var dark = false
            var body: some View {
                VStack {
                    Button("Theme") { dark.toggle() }.id("theme")
                    TodoList(rows: 3).foregroundStyle(dark ? Color.white : Color.black)
                }
            }
        }
        let (live, fresh) = pair(Themed())
        _ = try live.send(.tap(live.centre(ofViewWithID: "theme")))
        _ = try fresh.send(.tap(fresh.centre(ofViewWithID: "theme")))
        #expect(live.graph.lastBuildReusedViews == 0)
        sameScreen(live, fresh)
    }
}
