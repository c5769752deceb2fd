import Foundation
import Observation
import Testing
@testable import LayoutCore
@testable import SwiftUI

// Which bodies an update evaluates: only those whose inputs changed (state they read, models
// they read, a different value from their parent), as SwiftUI does.

/// Counts evaluations per view name, so a test can say which bodies ran.
private final class EvaluationLog: @unchecked Sendable {
    var names: [String] = []
    func note(_ name: String) { names.append(name) }
    func take() -> [String] { defer { names = [] }; return names.sorted() }
}

private struct Tally: View {
    let name: String
    let log: EvaluationLog
    @State private var count = 0
    var body: some View {
        let _ = log.note(name)
        Button("\(name) \(count)") { count += 1 }.id(name)
    }
}

private struct Caption: View {
    let text: String
    let log: EvaluationLog
    var body: some View {
        let _ = log.note("caption")
        Text(text)
    }
}

private struct Board: View {
    let log: EvaluationLog
    var body: some View {
        let _ = log.note("board")
        VStack {
            Tally(name: "a", log: log)
            Tally(name: "b", log: log)
            Caption(text: "Scores", log: log)
        }
    }
}

/// A child that reads a binding: the parent only makes it.
private struct Stepper2: View {
    @Binding var value: Int
    let log: EvaluationLog
    var body: some View {
        let _ = log.note("stepper")
        Button("value \(value)") { value += 1 }.id("step")
    }
}

private struct Holder: View {
    @State private var value = 0
    let log: EvaluationLog
    var body: some View {
        let _ = log.note("holder")
        VStack {
            Stepper2(value: $value, log: log)
            Caption(text: "fixed", log: log)
        }
    }
}

/// A person's view that holds the content it was given through `@ViewBuilder`.
private struct ContentHolder<Content: View>: View {
    let name: String
    let log: EvaluationLog
    @ViewBuilder let content: Content
    var body: some View {
        let _ = log.note(name)
        VStack { content }
    }
}

@Observable private final class Scores {
    var home = 0
    var away = 0
}

private struct HomeScore: View {
    let scores: Scores
    let log: EvaluationLog
    var body: some View {
        let _ = log.note("home")
        Button("home \(scores.home)") { scores.home += 1 }.id("home")
    }
}

private struct AwayScore: View {
    let scores: Scores
    let log: EvaluationLog
    var body: some View {
        let _ = log.note("away")
        Text("away \(scores.away)").id("away")
    }
}

private struct Scoreboard: View {
    let scores: Scores
    let log: EvaluationLog
    var body: some View {
        let _ = log.note("scoreboard")
        HStack {
            HomeScore(scores: scores, log: log)
            AwayScore(scores: scores, log: log)
        }
    }
}

/// Writes its state many times in one action: a loop that appends, and two values in turn.
private struct Busy: View {
    @State private var items: [Int] = []
    @State private var left = 0
    @State private var right = 0
    var body: some View {
        VStack {
            Text("\(items.count) items, \(left) + \(right)").id("summary")
            Button("Fill") {
                for i in 0..<20_000 { items.append(i) }
                for _ in 0..<10_000 { left += 1; right += 1 }
            }.id("fill")
        }
    }
}

@Suite("Live previews: only the bodies whose inputs changed are evaluated")
struct LiveBodyEvaluationTests {
    private func detail(_ result: LayoutResult, id: String) -> String? {
        result.views.first { $0.explicitID.map(LivePreview.describe) == id }?.detail
    }
    private let proposal = ProposedViewSize(width: 320, height: 480)

    /// Thousands of writes between two updates keep one pending change per run of writes to a
    /// view (at most `PendingChanges.limit`, then every body), not one per write.
    @Test func manyWritesBetweenUpdatesKeepTheirBookkeepingSmall() throws {
        var pending = PendingChanges()
        for _ in 0..<20_000 { pending.note(7, -1) }
        #expect(pending.changes.count == 1 && !pending.overflowed)
        for i in 0..<20_000 { pending.note(UInt64(i % 2), -1) }
        #expect(pending.changes.count == PendingChanges.limit && pending.overflowed)
        // In a live preview: the loops' result is shown whole.
        let live = LivePreview(Busy())
        _ = live.layout(proposal: proposal)
        let update = try live.send(.tap(live.centre(ofViewWithID: "fill")))
        #expect(detail(update.result, id: "summary")?.contains("20000 items, 10000 + 10000") == true)
    }

    @Test func aTappedViewsStateReEvaluatesThatViewAlone() throws {
        let log = EvaluationLog()
        let live = LivePreview(Board(log: log))
        _ = live.layout(proposal: proposal)
        #expect(log.take() == ["a", "b", "board", "caption"])
        let update = try live.send(.tap(live.centre(ofViewWithID: "a")))
        #expect(log.take() == ["a"])
        #expect(live.graph.lastBuildBodyEvaluations == 1)
        #expect(detail(update.result, id: "a")?.contains("a 1") == true)
        #expect(detail(update.result, id: "b")?.contains("b 0") == true)
        // Its sibling keeps its own state and is still operable from its remembered body.
        let second = try live.send(.tap(live.centre(ofViewWithID: "b")))
        #expect(log.take() == ["b"])
        #expect(detail(second.result, id: "b")?.contains("b 1") == true)
        #expect(detail(second.result, id: "a")?.contains("a 1") == true)
    }

    @Test func stateReadThroughABindingReEvaluatesTheReaderNotTheOwner() throws {
        let log = EvaluationLog()
        let live = LivePreview(Holder(log: log))
        _ = live.layout(proposal: proposal)
        _ = log.take()
        let update = try live.send(.tap(live.centre(ofViewWithID: "step")))
        // The holder owns the state but never read it in `body`: only the stepper did.
        #expect(log.take() == ["stepper"])
        #expect(detail(update.result, id: "step")?.contains("value 1") == true)
        _ = try live.send(.tap(live.centre(ofViewWithID: "step")))
        #expect(detail(live.lastResult!, id: "step")?.contains("value 2") == true)
    }

    @Test func anObservablePropertyReEvaluatesTheViewsThatReadIt() throws {
        let log = EvaluationLog()
        let scores = Scores()
        let live = LivePreview(Scoreboard(scores: scores, log: log))
        _ = live.layout(proposal: proposal)
        #expect(log.take() == ["away", "home", "scoreboard"])
        let update = try live.send(.tap(live.centre(ofViewWithID: "home")))
        #expect(log.take() == ["home"])
        #expect(detail(update.result, id: "home")?.contains("home 1") == true)
        // A change made outside any event (a model written by other code) reaches its reader.
        scores.away = 3
        _ = live.layout(proposal: proposal)
        #expect(log.take() == ["away"])
        #expect(detail(live.lastResult!, id: "away")?.contains("away 3") == true)
    }

    @Test func aChangedValueFromTheParentReEvaluatesTheChild() throws {
        struct Parent: View {
            @State private var title = "One"
            let log: EvaluationLog
            var body: some View {
                let _ = log.note("parent")
                VStack {
                    Caption(text: title, log: log)
                    Caption(text: "same", log: log).id("same")
                    Button("Rename") { title = "Two" }.id("rename")
                }
            }
        }
        let log = EvaluationLog()
        let live = LivePreview(Parent(log: log))
        _ = live.layout(proposal: proposal)
        _ = log.take()
        let update = try live.send(.tap(live.centre(ofViewWithID: "rename")))
        // The parent read `title`; the caption given "Two" re-evaluates, the one given "same" does not.
        #expect(log.take() == ["caption", "parent"])
        #expect(update.result.views.contains { $0.detail.contains("Two") })
    }

    /// A view that holds a conditional (an `if`/`else` in the view builder it was given) is the
    /// same input to its body while the branch taken and its value are; another branch is not.
    @Test func aHeldConditionalIsTheSameInputWhileItsBranchIs() throws {
        struct Parent: View {
            @State private var count = 0
            @State private var on = false
            let log: EvaluationLog
            var body: some View {
                let _ = log.note("parent")
                VStack {
                    Text("count \(count)").id("count")
                    ContentHolder(name: "card", log: log) { if on { Circle() } else { Rectangle() } }
                    Button("Count") { count += 1 }.id("increment")
                    Button("Switch") { on.toggle() }.id("switch")
                }
            }
        }
        let log = EvaluationLog()
        let live = LivePreview(Parent(log: log))
        _ = live.layout(proposal: proposal)
        #expect(log.take() == ["card", "parent"])
        // The parent is evaluated again and makes the card with the same branch: not the card.
        _ = try live.send(.tap(live.centre(ofViewWithID: "increment")))
        #expect(log.take() == ["parent"])
        // The other branch: the card is evaluated, and shows it.
        let switched = try live.send(.tap(live.centre(ofViewWithID: "switch")))
        #expect(log.take() == ["card", "parent"])
        let kinds = switched.result.views.map(\.kind)
        #expect(kinds.contains("Circle") && !kinds.contains("Rectangle"))
    }

    /// A view that holds several views (a view-builder block: a `TupleView`) is the same input
    /// to its body while they are; a changed one makes it another input.
    @Test func aHeldBlockOfViewsIsTheSameInputWhileItsViewsAre() throws {
        struct Parent: View {
            @State private var count = 0
            @State private var wide = false
            let log: EvaluationLog
            var body: some View {
                let _ = log.note("parent")
                VStack {
                    Text("count \(count)").id("count")
                    ContentHolder(name: "panel", log: log) {
                        Circle().frame(width: wide ? 60 : 30, height: 30)
                        Rectangle().frame(width: 20, height: 20)
                    }
                    Button("Count") { count += 1 }.id("increment")
                    Button("Widen") { wide = true }.id("widen")
                }
            }
        }
        let log = EvaluationLog()
        let live = LivePreview(Parent(log: log))
        _ = live.layout(proposal: proposal)
        #expect(log.take() == ["panel", "parent"])
        _ = try live.send(.tap(live.centre(ofViewWithID: "increment")))
        #expect(log.take() == ["parent"])
        let widened = try live.send(.tap(live.centre(ofViewWithID: "widen")))
        #expect(log.take() == ["panel", "parent"])
        #expect(widened.result.views.first { $0.kind == "Circle" }?.frame.width == 60)
    }

    @Test func anEnvironmentValueChangeReEvaluatesItsReadersOnly() throws {
        struct SchemeLabel: View {
            @Environment(\.colorScheme) private var scheme
            let log: EvaluationLog
            var body: some View {
                let _ = log.note("label")
                Text(scheme == .dark ? "dark" : "light").id("scheme")
            }
        }
        struct Switcher: View {
            @State private var dark = false
            let log: EvaluationLog
            var body: some View {
                let _ = log.note("switcher")
                VStack {
                    SchemeLabel(log: log).environment(\.colorScheme, dark ? .dark : .light)
                    SchemeLabel(log: log)
                    Button("Dark") { dark = true }.id("dark")
                }
            }
        }
        let log = EvaluationLog()
        let live = LivePreview(Switcher(log: log))
        _ = live.layout(proposal: proposal)
        _ = log.take()
        let update = try live.send(.tap(live.centre(ofViewWithID: "dark")))
        // The label under the changed environment re-evaluates; the one outside it keeps its body
        // although its environment was made anew by the switcher's new body.
        #expect(log.take() == ["label", "switcher"])
        #expect(update.result.views.contains { $0.detail.contains("dark") })
    }

    @Test func anObservableObjectChangeReEvaluatesTheViewsThatReadIt() throws {
        final class Model: ObservableObject {
            @Published var n = 0
        }
        struct Reader: View {
            @ObservedObject var model: Model
            let log: EvaluationLog
            var body: some View {
                let _ = log.note("reader")
                Button("n \(model.n)") { model.n += 1 }.id("n")
            }
        }
        struct Screen: View {
            let model: Model
            let log: EvaluationLog
            var body: some View {
                let _ = log.note("screen")
                VStack { Reader(model: model, log: log); Caption(text: "x", log: log) }
            }
        }
        let log = EvaluationLog()
        let live = LivePreview(Screen(model: Model(), log: log))
        _ = live.layout(proposal: proposal)
        _ = log.take()
        let update = try live.send(.tap(live.centre(ofViewWithID: "n")))
        // The screen holds the model as a plain property and never observed it: as in SwiftUI,
        // only the view that observes it updates.
        #expect(log.take() == ["reader"])
        #expect(detail(update.result, id: "n")?.contains("n 1") == true)
    }

    @Test func resetEvaluatesEveryBodyFromItsInitialState() throws {
        let log = EvaluationLog()
        let live = LivePreview(Board(log: log))
        _ = live.layout(proposal: proposal)
        _ = try live.send(.tap(live.centre(ofViewWithID: "a")))
        _ = log.take()
        live.reset()
        #expect(log.take() == ["a", "b", "board", "caption"])
        #expect(detail(live.lastResult!, id: "a")?.contains("a 0") == true)
    }

    @Test func viewsThatLeaveTheTreeAreForgotten() throws {
        struct Switch: View {
            @State private var shown = true
            let log: EvaluationLog
            var body: some View {
                VStack {
                    if shown { Caption(text: "here", log: log) }
                    Button("Hide") { shown.toggle() }.id("hide")
                }
            }
        }
        let log = EvaluationLog()
        let live = LivePreview(Switch(log: log))
        _ = live.layout(proposal: proposal)
        let withCaption = live.graph.recordCount
        _ = try live.send(.tap(live.centre(ofViewWithID: "hide")))
        #expect(live.graph.recordCount == withCaption - 1)
        _ = log.take()
        _ = try live.send(.tap(live.centre(ofViewWithID: "hide")))
        // Back in the tree, it is a new view: evaluated again.
        #expect(log.take().contains("caption"))
    }

    @Test func aBindingMadeAnewToTheSameStateIsTheSameInput() throws {
        struct Counter: View {
            @Binding var value: Int
            let name: String
            let log: EvaluationLog
            var body: some View {
                let _ = log.note(name)
                Button("\(name) \(value)") { value += 1 }.id(name)
            }
        }
        struct Volume { var level = 0; var muted = false }
        struct Level: View {
            @Binding var level: Int
            let log: EvaluationLog
            var body: some View {
                let _ = log.note("level")
                Text("level \(level)").id("level")
            }
        }
        struct Panel: View {
            @State private var count = 0
            @State private var title = "Panel"
            @State private var volume = Volume()
            let log: EvaluationLog
            var body: some View {
                let _ = log.note("panel")
                VStack {
                    Button(title) { title += "!" }.id("rename")
                    Button("Mute") { volume.muted.toggle() }.id("mute")
                    Button("Louder") { volume.level += 1 }.id("louder")
                    Counter(value: $count, name: "first", log: log)
                    Counter(value: $count, name: "second", log: log)
                    Level(level: $volume.level, log: log)
                }
            }
        }
        let log = EvaluationLog()
        let live = LivePreview(Panel(log: log))
        _ = live.layout(proposal: proposal)
        #expect(log.take() == ["first", "level", "panel", "second"])
        // The panel's body makes every binding anew; they reach what they reached, so its
        // children are not evaluated (SwiftUI compares bindings by location).
        _ = try live.send(.tap(live.centre(ofViewWithID: "rename")))
        #expect(log.take() == ["panel"])
        // A write through a binding evaluates the views that read it; the panel never did.
        let tapped = try live.send(.tap(live.centre(ofViewWithID: "first")))
        #expect(log.take() == ["first", "second"])
        #expect(detail(tapped.result, id: "second")?.contains("second 1") == true)
        // A binding to a member reads the whole state: a change to another member evaluates its
        // reader again (conservatively), never the panel, which read none of it.
        _ = try live.send(.tap(live.centre(ofViewWithID: "mute")))
        #expect(log.take() == ["level"])
        let louder = try live.send(.tap(live.centre(ofViewWithID: "louder")))
        #expect(log.take().contains("level"))
        #expect(detail(louder.result, id: "level")?.contains("level 1") == true)
    }

    @Test func aBindingToAnObservedObjectsPropertyFollowsTheObject() throws {
        final class Profile: ObservableObject {
            @Published var name = "Ada"
            @Published var visits = 0
        }
        struct NameLabel: View {
            @Binding var name: String
            let log: EvaluationLog
            var body: some View {
                let _ = log.note("label")
                Text(name).id("name")
            }
        }
        struct Editor: View {
            @ObservedObject var profile: Profile
            let log: EvaluationLog
            var body: some View {
                let _ = log.note("editor")
                VStack {
                    Button("Visit \(profile.visits)") { profile.visits += 1 }.id("visit")
                    Button("Rename") { profile.name += "!" }.id("rename")
                    NameLabel(name: $profile.name, log: log)
                }
            }
        }
        let log = EvaluationLog()
        let live = LivePreview(Editor(profile: Profile(), log: log))
        _ = live.layout(proposal: proposal)
        _ = log.take()
        // The object changed, so the editor (which observes it) is evaluated, and the label,
        // which read the object through its binding, is too: as in SwiftUI, a view shows the
        // object's current values.
        let renamed = try live.send(.tap(live.centre(ofViewWithID: "rename")))
        #expect(log.take() == ["editor", "label"])
        #expect(detail(renamed.result, id: "name")?.contains("Ada!") == true)
        _ = try live.send(.tap(live.centre(ofViewWithID: "visit")))
        #expect(log.take().contains("editor"))
    }

}

/// A body that nests `n` more of itself around a button with state.
private struct NestedBodies: View {
    let n: Int
    @State private var taps = 0
    var body: some View {
        if n == 0 { Button("taps \(taps)") { taps += 1 }.id("leaf") } else { NestedBodies(n: n - 1) }
    }
}

@Suite("Live previews: deeply nested bodies")
struct LiveNestedBodiesTests {
    @Test func aBuildKeepsItsRegistrationsOnceWhateverTheNesting() throws {
        // Each body keeps its part of the build's registrations to make them again when it is
        // reused; 3,000 nested bodies name parts of one log, not 3,000 nested copies of it.
        let live = LivePreview(NestedBodies(n: 3000))
        let first = live.layout(proposal: .unspecified)
        #expect(first.texts("taps 0").count == 1)
        let kept = live.graph.keptBuildLogs
        #expect(kept.logs == 1)
        #expect(kept.events > 0 && kept.events <= 4 * 3001, "\(kept)")
        // The tap changes the innermost body's state. The update runs out of the caller's stack
        // and is built again on a larger one; the first attempt must not drop the state of the
        // views it did not reach (it did: the count stayed 0 from about 100 levels on).
        _ = try live.send(.tap(live.centre(ofViewWithID: "leaf")))
        let after = live.layout(proposal: .unspecified)
        #expect(after.texts("taps 1").count == 1)
        _ = try live.send(.tap(live.centre(ofViewWithID: "leaf")))
        #expect(live.layout(proposal: .unspecified).texts("taps 2").count == 1)
        #expect(live.graph.keptBuildLogs.events <= 2 * 4 * 3001)
    }
}
