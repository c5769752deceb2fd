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

// The reproducer `reproducerIsSwiftUICodeThatBehavesTheSame` expects, pasted as it is printed:
// it must compile, and run as the fuzzer's own views do.

struct Control1: View {
    @State private var count = 0
    @State private var flag = false
    var body: some View {
        VStack(spacing: 4) {
            Button(flag ? "Hide" : "Show") { withAnimation(.spring) { flag.toggle() } }.id("c1")
            if flag {
                Color.blue
            }
        }
    }
}

struct Control2: View {
    @State private var count = 0
    @State private var items = Array(0..<2)
    var body: some View {
        VStack(spacing: 4) {
            HStack {
                Button("Add") { items.append((items.last ?? -1) + 1) }.id("c2-add")
                Button("Remove") { if !items.isEmpty { items.removeFirst() } }.id("c2-remove")
            }.id("c2")
            ForEach(items, id: \.self) { Text("Item \($0)") }
            Text("\(count) changes").onChange(of: items.count) { count += 1 }
        }
    }
}

struct Control3: View {
    @State private var count = 0
    var body: some View {
        VStack(spacing: 4) {
            Stepper("Value \(count)", value: $count, in: (0)...(3)).id("c3")
        }
    }
}

extension InteractionFuzzerTests {
    /// A failing sequence is printed as SwiftUI code (a struct per control, the view, the events)
    /// that compiles and reaches the same frames as the views the fuzzer built.
    @Test func reproducerIsSwiftUICodeThatBehavesTheSame() throws {
        let c = LiveFuzzCase(view: .container(.vStack(alignment: 0, spacing: nil), [
            .control(1, .reveal(animated: true, [.fixed(.color(1))])), .control(2, .items(initial: 2)), .control(3, .stepper(lower: 0, upper: 3)),
        ]), width: 390, height: 844, events: [.tapView("c1", count: 1), .tapView("c2-add", count: 1), .tap(x: .nan, y: 5, count: 1), .type("a")])
        let code = #"""
            let view = VStack(alignment: .leading, spacing: nil) {
                Control1()
                Control2()
                Control3()
            }
            let live = LivePreview(view)
            _ = live.layout(proposal: ProposedViewSize(width: 390, height: 844))

            if let p = try? live.centre(ofViewWithID: "c1") { _ = try? live.send(.tap(p, count: 1)) }
            if let p = try? live.centre(ofViewWithID: "c2-add") { _ = try? live.send(.tap(p, count: 1)) }
            _ = try? live.send(.tap(CGPoint(x: CGFloat.nan, y: 5), count: 1))
            _ = try? live.send(.type("a"))
            """#
        let structs = try String(contentsOf: URL(fileURLWithPath: #filePath), encoding: .utf8)
            .components(separatedBy: "// it must compile, and run as the fuzzer's own views do.\n\n")[1]
            .components(separatedBy: "\n\nextension InteractionFuzzerTests")[0]
        #expect(c.swiftUICode == structs + "\n\n" + code, "\(c.swiftUICode)")

        // The printed code, run.
        let view = VStack(alignment: .leading, spacing: nil) {
            Control1()
            Control2()
            Control3()
        }
        let live = LivePreview(view)
        _ = live.layout(proposal: ProposedViewSize(width: 390, height: 844))

        if let p = try? live.centre(ofViewWithID: "c1") { _ = try? live.send(.tap(p, count: 1)) }
        if let p = try? live.centre(ofViewWithID: "c2-add") { _ = try? live.send(.tap(p, count: 1)) }
        _ = try? live.send(.tap(CGPoint(x: CGFloat.nan, y: 5), count: 1))
        _ = try? live.send(.type("a"))

        let fuzzed = LivePreview(c.view.makeView())
        _ = fuzzed.layout(proposal: ProposedViewSize(width: 390, height: 844))
        for e in c.events { _ = LiveFuzzChecker.send(e, to: fuzzed) }
        let printed = try #require(live.lastResult), built = try #require(fuzzed.lastResult)
        #expect(FuzzChecker.difference(printed, built, diagnostics: false) == nil)
        #expect(built.views.contains { $0.detail == "\"1 changes\"" } && built.views.contains { $0.detail == "\"Item 2\"" })
        #expect(built.views.contains { $0.kind == "Color" && $0.isVisible }, "the revealed content is shown")
    }
}
