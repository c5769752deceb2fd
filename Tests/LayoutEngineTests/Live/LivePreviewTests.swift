import Foundation
import Testing
@testable import LayoutCore
@testable import SwiftUI

/// A card as a person writes one: a toggle that shows a paragraph, a button that flips state
/// inside `withAnimation`.
private struct ProfileCard: View {
    @State private var isExpanded = false
    @State private var isFollowing = false
    var body: some View {
        VStack(alignment: .leading, spacing: 8) {
            Text("Ada Lovelace").font(.headline)
            Toggle("More", isOn: $isExpanded).id("more")
            if isExpanded {
                Text("Wrote the first program for the Analytical Engine.").id("paragraph")
            }
            Button(isFollowing ? "Following" : "Follow") {
                withAnimation(.spring) { isFollowing.toggle() }
            }
            .id("follow")
        }
        .padding()
    }
}

private struct Counter: View {
    @State var count = 0
    var body: some View {
        HStack {
            Text("\(count)").id("value")
            Button("+") { count += 1 }.id("increment")
        }
    }
}

private struct VoteButton: View {
    @Binding var votes: Int
    var body: some View { Button("Vote") { votes += 1 } }
}

private struct Ballot: View {
    @State var votes = [0, 0]
    var body: some View {
        VStack {
            ForEach(0..<2, id: \.self) { i in
                HStack {
                    Text("\(votes[i])").id("votes-\(i)")
                    VoteButton(votes: $votes[i]).id("vote-\(i)")
                }
            }
        }
    }
}

@Suite("Live previews: state by identity, events, transactions")
struct LivePreviewTests {
    private func detail(_ result: LayoutResult, id: String) -> String? {
        result.views.first { $0.explicitID.map(LivePreview.describe) == id }?.detail
    }
    private func hasView(_ result: LayoutResult, id: String) -> Bool {
        result.views.contains { $0.explicitID.map(LivePreview.describe) == id }
    }

    @Test func tappingAToggleShowsItsContentAndKeepsTheState() throws {
        let live = LivePreview(ProfileCard())
        var result = live.layout(proposal: ProposedViewSize(width: 360, height: 480))
        #expect(!hasView(result, id: "paragraph"))
        // The switch is at the trailing end of the toggle row.
        let row = try #require(result.views.first { $0.explicitID.map(LivePreview.describe) == "more" })
        let update = try live.send(.tap(CGPoint(x: row.frame.maxX - 20, y: row.frame.midY)))
        #expect(update.changed)
        #expect(update.transaction.animation == nil, "a toggle without withAnimation jumps")
        result = update.result
        #expect(hasView(result, id: "paragraph"))
        // A tap on the toggle's label does nothing, as on iOS.
        _ = try? live.send(.tap(CGPoint(x: row.frame.minX + 5, y: row.frame.midY)))
        #expect(hasView(live.lastResult!, id: "paragraph"))
    }

    @Test func aButtonRunsItsActionInItsTransaction() throws {
        let live = LivePreview(ProfileCard())
        _ = live.layout(proposal: ProposedViewSize(width: 360, height: 480))
        let update = try live.send(.tap(live.centre(ofViewWithID: "follow")))
        #expect(update.changed)
        #expect(update.transaction.animation == .spring)
        #expect(update.result.views.contains { $0.kind == "Text" && $0.detail.contains("Following") })
    }

    @Test func stateSurvivesUpdatesAndOnlyTheTappedCounterChanges() throws {
        let live = LivePreview(VStack { Counter().id("a"); Counter().id("b") })
        _ = live.layout(proposal: ProposedViewSize(width: 300, height: 300))
        let a = try live.centre(ofViewWithID: "increment")  // the innermost: the first counter's
        _ = try live.send(.tap(a))
        _ = try live.send(.tap(a))
        let texts = live.lastResult!.views.filter { $0.explicitID.map(LivePreview.describe) == "value" }.map(\.detail)
        #expect(texts.count == 2)
        #expect(texts[0].contains("2"), "\(texts)")
        #expect(texts[1].contains("0"), "\(texts)")
    }

    @Test func bindingsWriteThroughToTheParentsState() throws {
        let live = LivePreview(Ballot())
        _ = live.layout(proposal: ProposedViewSize(width: 300, height: 300))
        _ = try live.send(.tap(live.centre(ofViewWithID: "vote-1")))
        _ = try live.send(.tap(live.centre(ofViewWithID: "vote-1")))
        _ = try live.send(.tap(live.centre(ofViewWithID: "vote-0")))
        #expect(detail(live.lastResult!, id: "votes-0")?.contains("1") == true)
        #expect(detail(live.lastResult!, id: "votes-1")?.contains("2") == true)
    }

    @Test func aViewThatLeavesTheTreeLosesItsState() throws {
        struct Host: View {
            @State var shown = true
            var body: some View {
                VStack {
                    Button("Toggle") { shown.toggle() }.id("toggle")
                    if shown { Counter() }
                }
            }
        }
        let live = LivePreview(Host())
        _ = live.layout(proposal: ProposedViewSize(width: 300, height: 300))
        _ = try live.send(.tap(live.centre(ofViewWithID: "increment")))
        #expect(detail(live.lastResult!, id: "value")?.contains("1") == true)
        _ = try live.send(.tap(live.centre(ofViewWithID: "toggle")))
        #expect(!hasView(live.lastResult!, id: "value"))
        _ = try live.send(.tap(live.centre(ofViewWithID: "toggle")))
        #expect(detail(live.lastResult!, id: "value")?.contains("0") == true, "a view that comes back starts from its initial state")
    }

    @Test func aChangedExplicitIDStartsTheStateOver() throws {
        struct Host: View {
            @State var generation = 0
            var body: some View {
                VStack {
                    Button("Next") { generation += 1 }.id("next")
                    Counter().id(generation)
                }
            }
        }
        let live = LivePreview(Host())
        _ = live.layout(proposal: ProposedViewSize(width: 300, height: 300))
        _ = try live.send(.tap(live.centre(ofViewWithID: "increment")))
        #expect(detail(live.lastResult!, id: "value")?.contains("1") == true)
        _ = try live.send(.tap(live.centre(ofViewWithID: "next")))
        #expect(detail(live.lastResult!, id: "value")?.contains("0") == true)
    }

    @Test func resetReturnsToTheInitialState() throws {
        let live = LivePreview(Counter())
        _ = live.layout(proposal: ProposedViewSize(width: 300, height: 300))
        _ = try live.send(.tap(live.centre(ofViewWithID: "increment")))
        live.reset()
        #expect(detail(live.lastResult!, id: "value")?.contains("0") == true)
    }

    @Test func aTapOnNothingIsAnErrorNamingThePoint() throws {
        let live = LivePreview(Text("Static").frame(width: 100, height: 100))
        _ = live.layout(proposal: ProposedViewSize(width: 300, height: 300))
        #expect(throws: LiveEventError.self) { try live.send(.tap(CGPoint(x: 150, y: 150))) }
        #expect(throws: LiveEventError.self) { try live.centre(ofViewWithID: "missing") }
    }

    @Test func aViewDrawnInFrontOfAButtonTakesItsTap() throws {
        let live = LivePreview(Counter().overlay(Color.red.opacity(0.5)))
        _ = live.layout(proposal: ProposedViewSize(width: 300, height: 300))
        #expect(throws: LiveEventError.self) { try live.send(.tap(live.centre(ofViewWithID: "increment"))) }
        #expect(detail(live.lastResult!, id: "value")?.contains("0") == true)
    }

    @Test func aDisabledButtonIgnoresTaps() throws {
        struct Host: View {
            @State var count = 0
            var body: some View { Button("\(count)") { count += 1 }.disabled(true).id("b") }
        }
        let live = LivePreview(Host())
        _ = live.layout(proposal: ProposedViewSize(width: 300, height: 300))
        #expect(throws: LiveEventError.self) { try live.send(.tap(live.centre(ofViewWithID: "b"))) }
    }

    @Test func stateWrittenDuringBodyIsReportedAndDoesNotHang() throws {
        struct Feedback: View {
            @State var n = 0
            var body: some View {
                n += 1  // SwiftUI warns: modifying state during view update
                return Text("\(n)")
            }
        }
        let live = LivePreview(Feedback())
        _ = live.layout(proposal: ProposedViewSize(width: 300, height: 300))
        #expect(live.graph.runtimeIssues.contains { $0.contains("Modifying state during view update") })
        #expect(live.graph.runtimeIssues.contains { $0.contains("on every update") })
    }

    @Test func implicitAnimationsAnimateWhenTheirValueChanges() throws {
        struct Podium: View {
            @State var order = [1, 2, 3]
            var body: some View {
                HStack { ForEach(order, id: \.self) { Text("\($0)") } }
                    .animation(.easeInOut, value: order)
                    .overlay { Button("Shuffle") { order.reverse() }.id("shuffle") }
            }
        }
        let live = LivePreview(Podium())
        _ = live.layout(proposal: ProposedViewSize(width: 300, height: 300))
        let update = try live.send(.tap(live.centre(ofViewWithID: "shuffle")))
        #expect(update.transaction.animation == .easeInOut)
    }

    @Test func bodiesAreCountedPerBuild() throws {
        let live = LivePreview(Counter())
        _ = live.layout(proposal: ProposedViewSize(width: 300, height: 300))
        let before = live.graph.bodyEvaluations
        _ = try live.send(.tap(live.centre(ofViewWithID: "increment")))
        #expect(live.graph.bodyEvaluations > before)
        #expect(live.graph.lastBuildBodyEvaluations >= 1)
    }
}

@Suite("Live previews: hit testing")
struct LiveHitTestingTests {
    @Test func aViewThatAllowsNoHitTestingLetsTapsThrough() throws {
        struct Screen: View {
            @State var n = 0
            var body: some View {
                VStack {
                    Text("\(n)").id("n")
                    Button("Go") { n += 1 }.id("go").overlay(Color.red.opacity(0.2).allowsHitTesting(false))
                }
            }
        }
        let live = LivePreview(Screen())
        _ = live.layout(proposal: ProposedViewSize(width: 300, height: 300))
        _ = try live.send(.tap(live.centre(ofViewWithID: "go")))
        #expect(live.lastResult!.views.contains { $0.detail == "\"1\"" })
    }

    @Test func aDisabledViewsTapGestureDoesNotRun() throws {
        struct Screen: View {
            @State var n = 0
            var body: some View {
                VStack {
                    Text("\(n)").id("n")
                    Text("Tap me").onTapGesture { n += 1 }.disabled(true).id("tap")
                }
            }
        }
        let live = LivePreview(Screen())
        _ = live.layout(proposal: ProposedViewSize(width: 300, height: 300))
        #expect(throws: LiveEventError.self) { try live.send(.tap(live.centre(ofViewWithID: "tap"))) }
    }

    @Test func aBackgroundIsBehindItsContent() throws {
        struct Screen: View {
            @State var n = 0
            var body: some View {
                Button("Inside") { n += 1 }.id("inside")
                    .padding(40)
                    .background(Color.yellow.onTapGesture { n += 10 })
                    .overlay(alignment: .bottom) { Text("\(n)").id("n").allowsHitTesting(false) }
            }
        }
        let live = LivePreview(Screen())
        _ = live.layout(proposal: ProposedViewSize(width: 300, height: 300))
        _ = try live.send(.tap(live.centre(ofViewWithID: "inside")))
        #expect(live.lastResult!.views.contains { $0.detail == "\"1\"" }, "the button in front of the background gets the tap")
        let inside = try live.centre(ofViewWithID: "inside")
        _ = try live.send(.tap(CGPoint(x: inside.x, y: inside.y - 30)))
        #expect(live.lastResult!.views.contains { $0.detail == "\"11\"" }, "the background's own gesture runs around the button")
    }
}

@Suite("Live previews: storage kept by key")
struct LiveKeyedStorageTests {
    @Test func appStorageIsSharedByKeyAndStartsFromItsDefault() throws {
        struct Setting: View {
            @AppStorage("volume") var volume = 3
            var body: some View { Button("\(volume)") { volume += 1 } }
        }
        struct Screen: View {
            @SceneStorage("tab") var tab = "home"
            var body: some View {
                VStack {
                    Setting().id("a")
                    Setting().id("b")
                    Button(tab) { tab = "search" }.id("tab")
                }
            }
        }
        let live = LivePreview(Screen())
        _ = live.layout(proposal: ProposedViewSize(width: 300, height: 300))
        _ = try live.send(.tap(live.centre(ofViewWithID: "a")))
        _ = try live.send(.tap(live.centre(ofViewWithID: "tab")))
        let texts = live.lastResult!.views.filter { $0.kind == "Text" }.map(\.detail)
        #expect(texts == ["\"4\"", "\"4\"", "\"search\""], "both views read the one key: \(texts)")
        live.reset()
        let reset = live.lastResult!.views.filter { $0.kind == "Text" }.map(\.detail)
        #expect(reset == ["\"3\"", "\"3\"", "\"home\""])
    }
}
