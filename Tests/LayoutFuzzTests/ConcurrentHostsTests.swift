import Testing
import Foundation
import SwiftUI
@testable import LayoutFuzzing

/// Several hosts laid out on several threads at once (issue 12): each thread lays out random
/// trees — every container, the gallery's layouts with their caches, misbehaving custom layouts,
/// bad values — on hosts of its own, and gets exactly the frames and diagnostics a single thread
/// gets. Under ThreadSanitizer (`meson-helpers/run-sanitizers`) this runs without a report.
@Suite("Concurrent hosts")
struct ConcurrentHostsTests {
    /// One tree's frames and diagnostics, laid out alone.
    static func outcome(_ c: FuzzCase) -> [String] {
        let r = LayoutHost(c.view.makeView()).layout(proposal: ProposedViewSize(width: c.width.map { CGFloat($0) }, height: c.height.map { CGFloat($0) }))
        return r.frames.map { "\(Double($0.minX).bitPattern) \(Double($0.minY).bitPattern) \(Double($0.width).bitPattern) \(Double($0.height).bitPattern)" }
            + r.diagnostics.map(\.message)
    }

    @Test func separateHostsOnSeveralThreadsMatchOneThread() {
        let cases = (0..<120).map { Fuzzer.cases(seed: 77, index: $0)[0] }
        let serial = cases.map(Self.outcome)
        let threads = 4
        let results = UncheckedResults(count: cases.count)
        DispatchQueue.concurrentPerform(iterations: threads) { t in
            // Each thread takes every 4th tree, twice (a new host each time).
            for round in 0..<2 {
                for i in stride(from: t, to: cases.count, by: threads) {
                    let o = Self.outcome(cases[i])
                    if round == 1 { results.set(i, o) }
                }
            }
        }
        for i in cases.indices { #expect(results.get(i) == serial[i], "tree \(i)") }
    }

    /// The view count, the leaf's frame and the diagnostics of a chain of `depth` stacks.
    static func chainOutcome(_ depth: Int) -> [String] {
        // Stacks alternating HStack and VStack around a 10×10 leaf with the id "leaf".
        var chain = AnyView(Color.red.frame(width: 10, height: 10).id("leaf"))
        for level in 1...depth {
            let inner = chain
            chain = level % 2 == 0 ? AnyView(HStack { inner }) : AnyView(VStack { inner })
        }
        let r = LayoutHost(chain).layout(in: CGSize(width: 100, height: 100), options: .fastest)
        return [r.views.count.description, r.frame(of: "leaf").map { "\($0)" } ?? "no leaf"] + r.diagnostics.map(\.message)
    }

    @Test func deepTreesOnSeveralThreadsAtOnce() {
        // Trees deeper than LayoutHost.deepTreeThreshold are built and laid out on a thread with
        // a large stack that the host starts for each call: four threads at once each start
        // their own, and each gets the frames a single thread gets. (1,000 levels stay within
        // ThreadSanitizer's shadow call stack; see FuzzCrashRegressionTests.)
        let depths = [700, 800, 900, 1_000]
        let serial = depths.map(Self.chainOutcome)
        let results = UncheckedResults(count: depths.count)
        DispatchQueue.concurrentPerform(iterations: depths.count) { t in
            for _ in 0..<2 { results.set(t, Self.chainOutcome(depths[t])) }
        }
        for t in depths.indices {
            #expect(results.get(t) == serial[t], "depth \(depths[t])")
            #expect(Array(serial[t].dropFirst()) == ["\(CGRect(x: 45, y: 45, width: 10, height: 10))"], "depth \(depths[t])")
        }
    }

    @Test func oneHostSharedByThreadsTakesTurns() {
        // Four threads lay out and replace the tree of one host; every pass sees a whole tree
        // (the view count of one of the two trees), never a half-replaced one.
        let a = Fuzzer.cases(seed: 5, index: 1)[2], b = Fuzzer.cases(seed: 5, index: 2)[2]
        let countA = LayoutHost(a.view.makeView()).viewCount, countB = LayoutHost(b.view.makeView()).viewCount
        let host = UncheckedHost(LayoutHost(a.view.makeView()))
        let bad = UncheckedResults(count: 4)
        DispatchQueue.concurrentPerform(iterations: 4) { t in
            var wrong: [String] = []
            for k in 0..<40 {
                if k % 8 == t { host.value.setRoot((k % 2 == 0 ? b : a).view.makeView()) }
                let r = host.value.layout(in: CGSize(width: 390, height: 844))
                if r.views.count != countA && r.views.count != countB { wrong.append("\(r.views.count) views") }
                if r.diagnostics.contains(where: { $0.severity == .error }) { wrong.append("error: \(r.diagnostics)") }
            }
            bad.set(t, wrong)
        }
        for t in 0..<4 { #expect(bad.get(t) == [], "thread \(t)") }
    }
}

/// Results written by several threads, each to its own slots, read after they are done.
final class UncheckedResults: @unchecked Sendable {
    private var slots: [[String]]
    private let lock = NSLock()
    init(count: Int) { slots = Array(repeating: [], count: count) }
    func set(_ i: Int, _ value: [String]) { lock.lock(); slots[i] = value; lock.unlock() }
    func get(_ i: Int) -> [String] { lock.lock(); defer { lock.unlock() }; return slots[i] }
}

/// A host shared by threads on purpose (it serialises its own use).
final class UncheckedHost: @unchecked Sendable {
    let value: LayoutHost
    init(_ value: LayoutHost) { self.value = value }
}
