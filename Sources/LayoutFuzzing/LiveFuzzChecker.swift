import Foundation
import SwiftUI

/// Checks the invariants of an interaction sequence after each of its events.
public enum LiveFuzzChecker {
    /// Runs the sequence in two live previews of the tree side by side (the second replays the
    /// events in a fresh preview that builds every view again at every update, reusing none,
    /// and installs each tree whole rather than patching the installed one)
    /// and returns the first invariant broken, if any: after the first layout and after each
    /// event, every frame finite with a non-negative size, a frame for every id that does not
    /// depend on state, the same frames from laying out twice, and the same frames, drawing and
    /// outcome of the event in the replaying preview.
    public static func check(_ c: LiveFuzzCase) -> FuzzFailure? {
        let proposal = ProposedViewSize(width: c.width.map { CGFloat($0) }, height: c.height.map { CGFloat($0) })
        let live = LivePreview(c.view.makeView())
        let replay = LivePreview(c.view.makeView())
        // Each preview reads a clock that only the sequence's waits move: on a loaded machine
        // the real time between a tap's press and release could pass a long press's minimum
        // in one preview and not in the other.
        let liveClock = SequenceClock(), replayClock = SequenceClock()
        live.clock = { liveClock.now }
        replay.clock = { replayClock.now }
        replay.graph.reusesUnchangedViews = false
        replay.graph.patchesInstalledTree = false
        let required = c.view.requiredIDs
        var result = live.layout(proposal: proposal)
        var replayed = replay.layout(proposal: proposal)
        if let failure = invariants(live, result, replayed, required: required, proposal: proposal, after: "the first layout") { return failure }
        for (i, event) in c.events.enumerated() {
            if case .wait(let seconds) = event, seconds.isFinite, seconds > 0 {
                liveClock.now += seconds
                replayClock.now += seconds
            }
            let outcome = send(event, to: live)
            let replayOutcome = send(event, to: replay)
            let step = "event \(i) (\(event.swiftUICode))"
            if outcome != replayOutcome {
                return FuzzFailure(.nondeterministic, "after \(step): the preview \(outcome), the replay \(replayOutcome)")
            }
            result = live.lastResult ?? result
            replayed = replay.lastResult ?? replayed
            if let failure = invariants(live, result, replayed, required: required, proposal: proposal, after: step) { return failure }
        }
        return nil
    }

    /// Sends an event; what happened, in words (an event that reaches nothing is not a fault).
    static func send(_ event: LiveFuzzEvent, to live: LivePreview) -> String {
        func at(_ id: String) -> CGPoint? { try? live.centre(ofViewWithID: id) }
        let e: LiveEvent
        switch event {
        case .tap(let x, let y, let count): e = .tap(CGPoint(x: x, y: y), count: count)
        case .drag(let x, let y, let dx, let dy): e = .drag(from: CGPoint(x: x, y: y), by: CGSize(width: dx, height: dy))
        case .scroll(let x, let y, let dx, let dy): e = .scroll(at: CGPoint(x: x, y: y), by: CGSize(width: dx, height: dy))
        case .tapView(let id, let count):
            guard let p = at(id) else { return "showed no \(id)" }
            e = .tap(p, count: count)
        case .dragView(let id, let dx, let dy):
            guard let p = at(id) else { return "showed no \(id)" }
            e = .drag(from: p, by: CGSize(width: dx, height: dy))
        case .scrollView(let id, let dx, let dy):
            guard let p = at(id) else { return "showed no \(id)" }
            e = .scroll(at: p, by: CGSize(width: dx, height: dy))
        case .type(let s): e = .type(s)
        case .key(let k): e = .key(LiveKey(rawValue: k) ?? .escape)
        case .wait(let s): e = .wait(s)
        }
        do {
            let update = try live.send(e)
            return update.changed ? "changed" : "changed nothing"
        } catch {
            return "threw \"\(error.message)\""
        }
    }

    private static func invariants(_ live: LivePreview, _ result: LayoutResult, _ replayed: LayoutResult, required: [String],
                                   proposal: ProposedViewSize, after step: String) -> FuzzFailure? {
        for (i, f) in result.frames.enumerated() where !FuzzChecker.isFinite(f) {
            return FuzzFailure(.nonFiniteFrame, "after \(step): view \(i) (\(result.views[i].kind) \(result.views[i].detail)) has the frame \(f)")
        }
        for (name, s) in [("root size", result.rootSize), ("canvas size", result.canvasSize)]
            where !(s.width.isFinite && s.height.isFinite && s.width >= 0 && s.height >= 0) {
            return FuzzFailure(.nonFiniteFrame, "after \(step): the \(name) is \(s)")
        }
        for id in required where result.frame(of: id) == nil {
            return FuzzFailure(.missingFrame, "after \(step): the view with id \(id) has no frame")
        }
        // Laying out again without an event changes nothing (state is only changed by events).
        let again = live.layout(proposal: proposal, options: live.options)
        if let difference = FuzzChecker.difference(result, again, diagnostics: false) {
            return FuzzFailure(.nondeterministic, "after \(step): laying out again gave a different result: \(difference)")
        }
        if let difference = FuzzChecker.difference(result, replayed, diagnostics: false) {
            return FuzzFailure(.nondeterministic, "after \(step): a fresh preview replaying the events reached a different result: \(difference)")
        }
        return nil
    }
}

/// Minimises a failing sequence: the events first (chunks, then single events, then simpler
/// values), then the tree (a subtree in place of the whole, a plain leaf in place of a subtree,
/// a subview removed), then a plain proposal, again while anything shrinks.
public enum LiveFuzzShrinker {
    /// The smallest sequence found that still fails; at most `budget` checks are made.
    public static func minimise(_ c: LiveFuzzCase, budget: Int = 600, stillFails: (LiveFuzzCase) -> Bool) -> LiveFuzzCase {
        var current = c
        var checks = 0
        func test(_ candidate: LiveFuzzCase) -> Bool {
            guard checks < budget, candidate != current else { return false }
            checks += 1
            return stillFails(candidate)
        }
        var progress = true
        while progress && checks < budget {
            progress = false
            // Events: drop the tail after the failure's last needed event, then chunks, halving.
            var chunk = max(current.events.count / 2, 1)
            while chunk >= 1 {
                var start = 0
                while start < current.events.count {
                    var candidate = current
                    candidate.events.removeSubrange(start..<min(start + chunk, current.events.count))
                    if test(candidate) { current = candidate; progress = true } else { start += chunk }
                }
                if chunk == 1 { break }
                chunk /= 2
            }
            // Simpler events: a plain tap or wait for each.
            for i in current.events.indices {
                for simpler in simplerEvents(current.events[i]) {
                    var candidate = current
                    candidate.events[i] = simpler
                    if test(candidate) { current = candidate; progress = true; break }
                }
            }
            // The tree.
            if let smaller = firstShrink(of: current.view, where: { v in var x = current; x.view = v; return test(x) }) {
                current.view = smaller
                progress = true
                continue
            }
            var plain = current
            plain.width = 390
            plain.height = 844
            if test(plain) { current = plain; progress = true }
        }
        return current
    }

    static func simplerEvents(_ e: LiveFuzzEvent) -> [LiveFuzzEvent] {
        switch e {
        case .tapView(let id, let count) where count != 1: return [.tapView(id, count: 1)]
        case .dragView(let id, let dx, let dy) where dx != 0 && dy != 0: return [.dragView(id, dx: dx, dy: 0), .dragView(id, dx: 0, dy: dy)]
        case .scrollView(let id, let dx, let dy) where dx != 0 && dy != 0: return [.scrollView(id, dx: dx, dy: 0), .scrollView(id, dx: 0, dy: dy)]
        case .type(let s) where s.count > 1: return [.type(String(s.prefix(1))), .type("a")]
        default: return []
        }
    }

    /// The first smaller variant of `v` that passes `test`, biggest reductions first.
    static func firstShrink(of v: LiveFuzzView, where test: (LiveFuzzView) -> Bool) -> LiveFuzzView? {
        if case .fixed(let f) = v {
            return FuzzShrinker.firstShrink(of: f) { test(.fixed($0)) }.map { .fixed($0) }
        }
        let kids = v.children
        for child in kids where test(child) { return child }
        if v != .fixed(.color(0)), test(.fixed(.color(0))) { return .fixed(.color(0)) }
        // A control without its content, or a plain counter.
        if case .control(let n, let control) = v, control != .counter {
            if !kids.isEmpty, test(v.replacingChildren([])) { return v.replacingChildren([]) }
            if test(.control(n, .counter)) { return .control(n, .counter) }
        }
        var removable = true
        if case .modified = v { removable = false }
        return FuzzShrinker.smallerChildren(of: v, removable: removable, shrink: firstShrink, where: test)
    }
}

/// Runs interaction sequences in this process (the test command's, and `layoutlab-fuzz
/// --interactions`'s workers, which run in child processes so that a crash is caught).
public enum LiveFuzzer {
    /// The `index`-th sequence of the run `seed`.
    public static func sequence(seed: UInt64, index: Int, events: Int = 20, badPercent: UInt64 = 15) -> LiveFuzzCase {
        var g = LiveFuzzGenerator(seed: seed, index: index, badPercent: badPercent)
        return g.sequence(events: events)
    }

    /// A sequence that broke an invariant, and its minimised reproducer.
    public struct Finding: Sendable {
        /// The sequence's index in the run.
        public let index: Int
        /// The sequence as generated.
        public let original: LiveFuzzCase
        /// What went wrong.
        public let failure: FuzzFailure
        /// The smallest sequence found that fails the same way.
        public let minimal: LiveFuzzCase
        /// How the minimal sequence fails.
        public let minimalFailure: FuzzFailure

        /// A report: the failure and the reproducer as SwiftUI code.
        public var report: String {
            """
            sequence \(index) (\(original.view.size) views, \(original.events.count) events) failed: \(failure)
            minimised to \(minimal.view.size) views and \(minimal.events.count) events, failing with: \(minimalFailure)
            \(minimal.swiftUICode)
            """
        }
    }

    /// The outcome of a run.
    public struct Report: Sendable {
        /// Sequences that kept every invariant after every event.
        public var passed = 0
        /// Sequences that broke one.
        public var failed = 0
        /// The events sent (in the checked preview; the replay sends as many again).
        public var events = 0
        /// The failures, minimised.
        public var findings: [Finding] = []
        /// "N passed, N failed (N events)".
        public var summary: String { "\(passed) passed, \(failed) failed (\(events) events)" }
    }

    /// Checks `count` sequences of `events` events from sequence `start`, minimising failures in
    /// this process (a crash stops it).
    public static func run(sequences count: Int, events: Int = 20, seed: UInt64, start: Int = 0, badPercent: UInt64 = 15) -> Report {
        var report = Report()
        for index in start..<(start + count) {
            let c = sequence(seed: seed, index: index, events: events, badPercent: badPercent)
            report.events += c.events.count
            if let failure = LiveFuzzChecker.check(c) {
                report.failed += 1
                report.findings.append(finding(index: index, case: c, failure: failure) { LiveFuzzChecker.check($0)?.kind == $1 })
            } else {
                report.passed += 1
            }
        }
        return report
    }

    /// Minimises a failing sequence with `minimiser` (does this sequence still fail this way?).
    public static func finding(index: Int, case c: LiveFuzzCase, failure: FuzzFailure,
                               minimiser: (LiveFuzzCase, FuzzFailure.Kind) -> Bool) -> Finding {
        let minimal = LiveFuzzShrinker.minimise(c) { minimiser($0, failure.kind) }
        let minimalFailure = failure.kind == .crash ? failure : (LiveFuzzChecker.check(minimal) ?? failure)
        return Finding(index: index, original: c, failure: failure, minimal: minimal, minimalFailure: minimalFailure)
    }
}

/// The time a checked sequence's preview reads: it moves only with the sequence's waits.
private final class SequenceClock {
    var now: TimeInterval = 1_000
}
