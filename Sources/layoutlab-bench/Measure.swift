import Foundation
import SwiftUI

/// Monotonic seconds.
func monotonic() -> Double {
    var ts = timespec()
    clock_gettime(CLOCK_MONOTONIC, &ts)
    return Double(ts.tv_sec) + Double(ts.tv_nsec) / 1e9
}

/// A field of `/proc/self/status` in KiB ("VmRSS", "VmHWM"), 0 if it cannot be read.
private func procStatusKiB(_ field: String) -> Int {
    // Read with stdio: the file reports a size of 0, which Foundation's readers take as empty.
    guard let file = fopen("/proc/self/status", "r") else { return 0 }
    defer { fclose(file) }
    var line = [CChar](repeating: 0, count: 256)
    while fgets(&line, Int32(line.count), file) != nil {
        let text = String(decoding: line.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        if text.hasPrefix(field + ":") {
            return Int(text.dropFirst(field.count + 1).split(whereSeparator: { $0 == " " || $0 == "\t" }).first ?? "") ?? 0
        }
    }
    return 0
}

/// Resident set size now, in KiB (`VmRSS`): the base a measurement's peak is compared with.
func currentRSSKiB() -> Int { procStatusKiB("VmRSS") }

/// Peak resident set size of this process's memory, in KiB (`VmHWM`). Not `ru_maxrss`: Linux
/// carries that across `exec` from the forked parent, so a child started by a larger
/// orchestrator reported the orchestrator's size as its base, and a delta from it missed every
/// byte below that (the first benchmark tables' bytes per view were about 30 % too low).
func peakRSSKiB() -> Int { procStatusKiB("VmHWM") }

/// What a timed pass is, in every engine.
enum PassKind: String, CaseIterable {
    /// Every layout cache made anew, as on a first layout or after the tree changed: ours
    /// `invalidateLayoutCaches()` before each pass (outside the timer; the tree is kept, as
    /// Taffy's and Yoga's trees are with every leaf / node dirtied outside their timers).
    case full
    /// Only the proposal changed (the width cycles through W, W − 1, …, W − 15 where it is
    /// definite, more widths than any engine's per-node cache holds): layout caches and sizes
    /// whose inputs did not change kept (ours, incremental relayout), only the root dirtied
    /// (Taffy, Yoga); GTK's pass after a width change.
    case relayout
    /// Building the tree and its first layout: a new host given the shape's views, then laid out
    /// (both timed; the host of the pass before is let go outside the timer). What a first show
    /// of a screen costs, beside the full layout alone.
    case build
    /// One leaf changed, then laid out: one leaf made 2 points wider or narrower than in the
    /// pass before (ours: the shape built with each leaf given its number as its id, and the
    /// leaf replaced with `replaceView(id:with:)`, the public way to change part of a tree;
    /// Taffy, Yoga: that leaf's size set and the leaf marked dirty), then a layout, both timed.
    case edit

    var title: String {
        switch self {
        case .full: return "full"
        case .relayout: return "re-layout"
        case .build: return "build + full"
        case .edit: return "one-leaf edit"
        }
    }
}

/// The same sampling for every engine (peers.py and gtk-layout-bench use these numbers too):
/// two warm-up passes, then timed passes until the budget is spent, at least 5, at most 400.
let warmUpPasses = 2
let maxTimedPasses = 400

/// How many widths a re-layout cycles through (peers.py uses the same number).
let relayoutWidths = 16

/// One measurement of our engine: a shape at one size, measured in this (child) process.
struct EngineMeasurement {
    var shape: BenchShape
    var n: Int
    var kind: PassKind
    var views: Int
    var buildMilliseconds: Double
    var bestMilliseconds: Double
    var medianMilliseconds: Double
    var iterations: Int
    var sizeQueries: Int
    var reusedSizes: Int
    /// Views whose placement the last pass copied from the one before (incremental relayout).
    var reusedPlacements: Int
    var directAnswers: Int
    var baseRSSKiB: Int
    var peakRSSKiB: Int
    var rootSize: CGSize

    var json: [String: Any] {
        ["engine": "ours", "shape": shape.rawValue, "n": n, "mode": kind.rawValue, "nodes": views, "build_ms": buildMilliseconds,
         "best_ms": bestMilliseconds, "median_ms": medianMilliseconds, "iterations": iterations,
         "size_queries": sizeQueries, "reused_sizes": reusedSizes, "reused_placements": reusedPlacements, "direct_answers": directAnswers, "base_rss_kb": baseRSSKiB, "peak_rss_kb": peakRSSKiB,
         "check": "root \(fmt(rootSize.width))x\(fmt(rootSize.height))"]
    }
}

/// Builds the host once, then times passes (`LayoutHost.layout(…, options: .fastest)`) of `kind`:
/// `warmUpPasses` untimed passes, then passes until `budget` seconds are spent (at least
/// `minIterations`, at most `maxIterations`). Full: `invalidateLayoutCaches()` before each pass,
/// outside the timer. Re-layout: the proposal's definite width cycles through W … W − 15.
func measureEngine(_ shape: BenchShape, n: Int, kind: PassKind, budget: Double, minIterations: Int = 5,
                   maxIterations: Int = maxTimedPasses) -> EngineMeasurement {
    // Memory per view is what the views cost, not the process's fixed costs: the code pages,
    // runtime metadata and caches a first layout of the shape touches are paid by a small
    // instance of the same shape, laid out the same way, before the base is read.
    warmUp(shape, kind: kind)
    // (Read before the base: reading the environment touches code and memory of its own.)
    let trace = ProcessInfo.processInfo.environment["LAYOUTLAB_BENCH_RSS_TRACE"] != nil
    let base = currentRSSKiB()
    let t0 = monotonic()
    var (host, proposal) = shape.makeHost(n: n, identifiedLeaves: kind == .edit)
    let build = monotonic() - t0
    if trace { traceRSS("built", base: base) }
    var proposals = [proposal]
    if kind == .relayout, let w = proposal.width, w.isFinite {
        proposals = (0..<relayoutWidths).map { ProposedViewSize(width: w - CGFloat($0), height: proposal.height) }
    }
    var k = 0
    var released: LayoutHost? = nil
    // What a pass's result told, kept without the result: a caller that keeps only what it
    // reads lets the previous result's geometry (64 bytes per view) go before the next pass, so
    // memory per view counts one result alive, not two.
    struct Outcome { var counters: LayoutCounters; var rootSize: CGSize }
    func pass() -> (Outcome, Double) {
        if kind == .full { host.invalidateLayoutCaches() }
        let p = proposals[k % proposals.count]
        k += 1
        let start = monotonic()
        switch kind {
        case .build:
            // The previous host goes after the timer, as a screen replaced by another would.
            released = host
            host = LayoutHost(textMeasurer: DeterministicTextMeasurer())
            shape.setRoot(of: host, n: n, variant: 0)
        case .edit:
            do {
                try shape.replaceEditedLeaf(in: host, n: n, variant: k)
            } catch {
                fatalError("the \(shape) shape's leaf \(shape.editedLeaf(n: n)) could not be replaced: \(error)")
            }
        case .full, .relayout:
            break
        }
        let result = host.layout(proposal: p, options: .fastest)
        let dt = monotonic() - start
        if released != nil { released = nil }
        return (Outcome(counters: result.counters, rootSize: result.rootSize), dt)
    }
    var (outcome, _) = pass()
    if trace { traceRSS("first pass", base: base) }
    for _ in 1..<warmUpPasses { (outcome, _) = pass() }
    var times: [Double] = []
    var total = 0.0
    while times.count < minIterations || (total < budget && times.count < maxIterations) {
        let (o, dt) = pass()
        outcome = o
        times.append(dt)
        total += dt
    }
    times.sort()
    if trace { traceRSS("timed passes", base: base) }
    return EngineMeasurement(shape: shape, n: n, kind: kind, views: outcome.counters.viewCount, buildMilliseconds: build * 1000,
                             bestMilliseconds: times[0] * 1000, medianMilliseconds: median(times) * 1000,
                             iterations: times.count, sizeQueries: outcome.counters.sizeQueries,
                             reusedSizes: outcome.counters.reusedSizes, reusedPlacements: outcome.counters.reusedPlacements, directAnswers: outcome.counters.directAnswers,
                             baseRSSKiB: base, peakRSSKiB: peakRSSKiB(), rootSize: outcome.rootSize)
}

/// Lays out a small instance of `shape` as `measureEngine` does (build, warm-up passes of
/// `kind`), then drops it: afterwards only per-view memory is left to measure.
private func warmUp(_ shape: BenchShape, kind: PassKind) {
    let (host, proposal) = shape.makeHost(n: shape == .chain ? 10 : 100, identifiedLeaves: kind == .edit)
    for _ in 0..<3 {
        if kind == .full { host.invalidateLayoutCaches() }
        _ = host.layout(proposal: proposal, options: .fastest)
    }
}

/// With `LAYOUTLAB_BENCH_RSS_TRACE` set: resident and peak memory above the base at a stage,
/// on standard error.
private func traceRSS(_ stage: String, base: Int) {
    FileHandle.standardError.write(Data("\(stage): resident +\(currentRSSKiB() - base) KiB, peak +\(peakRSSKiB() - base) KiB\n".utf8))
}

func median(_ sorted: [Double]) -> Double {
    let s = sorted.sorted()
    guard !s.isEmpty else { return .nan }
    return s.count % 2 == 1 ? s[s.count / 2] : (s[s.count / 2 - 1] + s[s.count / 2]) / 2
}

func percentile(_ values: [Double], _ p: Double) -> Double {
    let s = values.sorted()
    guard !s.isEmpty else { return .nan }
    let rank = p / 100 * Double(s.count - 1)
    let lo = Int(rank.rounded(.down)), hi = Int(rank.rounded(.up))
    return s[lo] + (s[hi] - s[lo]) * (rank - Double(lo))
}

func fmt(_ x: CGFloat) -> String { fmt(Double(x)) }
func fmt(_ x: Double) -> String {
    if x == x.rounded() && abs(x) < 1e15 { return String(Int(x)) }
    return String(format: "%.1f", x)
}
