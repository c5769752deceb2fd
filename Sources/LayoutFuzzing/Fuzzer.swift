import Foundation

/// Runs the fuzzer in this process: the test command's few thousand trees, and the worker of
/// `layoutlab-fuzz` (which runs workers in child processes so that a crash is caught and minimised).
public enum Fuzzer {
    /// The proposals every tree is laid out for: two random ones and an ordinary window.
    public static func cases(seed: UInt64, index: Int, badPercent: UInt64 = 15) -> [FuzzCase] {
        var g = FuzzGenerator(seed: seed, index: index, badPercent: badPercent)
        let view = g.view()
        return [FuzzCase(view: view, width: g.proposalLength(), height: g.proposalLength()),
                FuzzCase(view: view, width: g.proposalLength(), height: g.proposalLength()),
                FuzzCase(view: view, width: 390, height: 844)]
    }

    /// A tree that broke an invariant, and its minimised reproducer.
    public struct Finding: Sendable {
        /// The tree's index in the run.
        public let index: Int
        /// The case as generated.
        public let original: FuzzCase
        /// What went wrong.
        public let failure: FuzzFailure
        /// The smallest case found that fails the same way.
        public let minimal: FuzzCase
        /// How the minimal case fails.
        public let minimalFailure: FuzzFailure

        /// A report: the failure and the reproducer as SwiftUI code.
        public var report: String {
            """
            tree \(index) (\(original.view.size) views) failed: \(failure)
            minimised to \(minimal.view.size) views, failing with: \(minimalFailure)
            \(minimal.swiftUICode)
            """
        }
    }

    /// The outcome of a run.
    public struct Report: Sendable {
        /// Trees that kept every invariant for every proposal.
        public var passed = 0
        /// Trees that broke one.
        public var failed = 0
        /// The failures, minimised.
        public var findings: [Finding] = []
        /// "N passed, N failed".
        public var summary: String { "\(passed) passed, \(failed) failed" }
    }

    /// Checks `count` trees of the run `seed` from tree `start`, minimising failures (in this
    /// process: a crash stops it). `onTree` is told each tree's index before it is checked.
    public static func run(trees count: Int, seed: UInt64, start: Int = 0, badPercent: UInt64 = 15,
                           onTree: (Int) -> Void = { _ in }) -> Report {
        var report = Report()
        for index in start..<(start + count) {
            onTree(index)
            if let finding = checkTree(seed: seed, index: index, badPercent: badPercent, minimiser: { c, kind in FuzzChecker.check(c)?.kind == kind }) {
                report.failed += 1
                report.findings.append(finding)
            } else {
                report.passed += 1
            }
        }
        return report
    }

    /// Checks one tree; a failure is minimised with `minimiser` (does this case still fail this way?).
    public static func checkTree(seed: UInt64, index: Int, badPercent: UInt64 = 15,
                                 minimiser: (FuzzCase, FuzzFailure.Kind) -> Bool) -> Finding? {
        for c in cases(seed: seed, index: index, badPercent: badPercent) {
            guard let failure = FuzzChecker.check(c) else { continue }
            return finding(index: index, case: c, failure: failure, minimiser: minimiser)
        }
        return nil
    }

    /// Minimises a failing case.
    public static func finding(index: Int, case c: FuzzCase, failure: FuzzFailure,
                               minimiser: (FuzzCase, FuzzFailure.Kind) -> Bool) -> Finding {
        let minimal = FuzzShrinker.minimise(c) { minimiser($0, failure.kind) }
        let minimalFailure = failure.kind == .crash ? failure : (FuzzChecker.check(minimal) ?? failure)
        return Finding(index: index, original: c, failure: failure, minimal: minimal, minimalFailure: minimalFailure)
    }
}
