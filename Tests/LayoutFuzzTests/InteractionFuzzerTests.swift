import Testing
import Foundation
import SwiftUI
import LayoutGallery
@testable import LayoutFuzzing

/// The interaction fuzzer of issue 37, run in the test command: random trees with state, driven
/// by random events, keep `LiveFuzzChecker`'s invariants after every event.
/// `LAYOUTLAB_RANDOM_SEQUENCES=N[:SEED]` runs N sequences (or another seed); a long run is
/// `swift run -c release layoutlab-fuzz --interactions --trees N --seed S`.
@Suite("Interaction fuzzer")
struct InteractionFuzzerTests {
    @Test func randomSequencesKeepTheInvariants() {
        let setting = ProcessInfo.processInfo.environment["LAYOUTLAB_RANDOM_SEQUENCES"]?.split(separator: ":").compactMap { UInt64($0) } ?? []
        let count = setting.first.map(Int.init) ?? 200
        let report = LiveFuzzer.run(sequences: count, events: 20, seed: setting.count > 1 ? setting[1] : 2026_11_27)
        #expect(report.passed + report.failed == count)
        #expect(report.events == count * 20)
        #expect(report.failed == 0, "\(report.summary)\n\(report.findings.prefix(3).map(\.report).joined(separator: "\n\n"))")
    }

    /// The generator reaches every control, container and kind of event within a few hundred sequences.
    @Test func generatorCoversEveryControlAndEvent() {
        var seen = Set<String>()
        func name(_ x: Any) -> String { "\(x)".prefix { $0 != "(" }.description }
        func visit(_ v: LiveFuzzView) {
            switch v {
            case .control(_, let c): seen.insert(name(c))
            case .container(let c, _): seen.insert(name(c))
            default: seen.insert(name(v))
            }
            v.children.forEach(visit)
        }
        for i in 0..<300 {
            let c = LiveFuzzer.sequence(seed: 5, index: i)
            visit(c.view)
            for e in c.events { seen.insert(name(e)) }
        }
        let expected = ["counter", "reveal", "layoutSwitch", "toggle", "stepper", "slider", "textField", "picker", "list", "tabView", "items",
                        "fixed", "modified", "hStack", "vStack", "zStack", "viewThatFits", "scrollView", "anyLayout", "flow", "misbehaving",
                        "tap", "tapView", "drag", "dragView", "scroll", "scrollView", "type", "key", "wait"]
        #expect(Set(expected).subtracting(seen).isEmpty, "never generated: \(Set(expected).subtracting(seen).sorted())")
    }

    /// Every sequence of a run can be made again on its own, and survives the JSON round trip
    /// of the child processes (NaN and infinities included).
    @Test func sequencesAreReproducibleAndRoundTripThroughJSON() throws {
        #expect(LiveFuzzer.sequence(seed: 3, index: 41).json() == LiveFuzzer.sequence(seed: 3, index: 41).json())
        #expect(LiveFuzzer.sequence(seed: 3, index: 41).json() != LiveFuzzer.sequence(seed: 3, index: 42).json())
        for i in 0..<50 {
            let c = LiveFuzzer.sequence(seed: 11, index: i, badPercent: 50)
            #expect(try LiveFuzzCase.from(json: Data(c.json().utf8)) == c || c.json().contains("nan"))
            #expect(try LiveFuzzCase.from(json: Data(c.json().utf8)).json() == c.json())
        }
    }

    /// The ids that must have a frame leave out what state may hide, and follow the outer-id rule.
    @Test func requiredIDsLeaveOutContentThatStateHides() {
        let tree = LiveFuzzView.container(.vStack(alignment: 0, spacing: nil), [
            .control(1, .reveal(animated: false, [.fixed(.modified(.color(0), .id(7)))])),
            .control(2, .layoutSwitch([.fixed(.modified(.color(1), .id(8)))])),
            .modified(.modified(.control(3, .counter), .id(9)), .id(10)),
            .control(4, .tabView([.fixed(.modified(.color(2), .id(11)))])),
        ])
        #expect(tree.requiredIDs == ["c1", "c2", "v8", "v10", "c3", "c4"])
        #expect(Set(tree.targetIDs).isSuperset(of: ["v7", "v11", "tab-0", "c1", "c3"]))
    }

    /// The checker runs a sequence against a real preview: a counter that is tapped passes, and
    /// the event's outcome is what the preview did.
    @Test func checkerSendsEventsToAPreview() {
        let c = LiveFuzzCase(view: .control(1, .counter), width: 390, height: 844, events: [.tapView("c1", count: 1), .tapView("nothing", count: 1)])
        #expect(LiveFuzzChecker.check(c) == nil)
        let live = LivePreview(c.view.makeView())
        _ = live.layout(proposal: ProposedViewSize(width: 390, height: 844))
        #expect(LiveFuzzChecker.send(.tapView("c1", count: 1), to: live) == "changed")
        #expect(live.lastResult!.views.contains { $0.detail == "\"Count 1\"" })
        #expect(LiveFuzzChecker.send(.tapView("nothing", count: 1), to: live) == "showed no nothing")
        #expect(LiveFuzzChecker.send(.type("x"), to: live).hasPrefix("threw"))
    }

    /// The minimiser shrinks the events first, then the tree, keeping what makes it fail.
    @Test func minimiserKeepsOnlyTheFailingEventAndControl() {
        // "Fails" while control 2 is in the tree and some event taps it.
        func fails(_ c: LiveFuzzCase) -> Bool {
            func has(_ v: LiveFuzzView) -> Bool { if case .control(2, _) = v { return true }; return v.children.contains(where: has) }
            return has(c.view) && c.events.contains { if case .tapView("c2", _) = $0 { return true }; return false }
        }
        let big = LiveFuzzCase(view: .container(.hStack(alignment: 0, spacing: 3), [
            .control(1, .toggle([.fixed(.divider)])),
            .modified(.control(2, .items(initial: 3)), .padding(edges: 0, length: 4)),
            .fixed(.container(.vStack(alignment: 0, spacing: nil), [.color(1), .color(2)])),
        ]), width: .nan, height: 10, events: [.wait(0), .tapView("c1", count: 1), .type("Hello"), .tapView("c2", count: 2), .key("escape"), .wait(.nan)])
        let minimal = LiveFuzzShrinker.minimise(big, stillFails: fails)
        #expect(minimal.events == [.tapView("c2", count: 1)])
        #expect(minimal.view == .control(2, .counter))
        #expect(minimal.width == 390 && minimal.height == 844)
    }
}
