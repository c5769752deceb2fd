import Testing
import Foundation
@testable import LayoutCore
@testable import SwiftUI
import LayoutTestSupport

/// The order a stack offers space in (`StackOrder`): bucketed by key when there are few
/// distinct keys, sorted otherwise; both must give the stable sort's order.
@Suite struct StackOrderTests {
    /// The rule written plainly: a stable sort by (priority descending, flexibility ascending,
    /// larger minimum first among infinitely flexible views).
    private func reference(_ p: [Double], _ mins: [CGFloat], _ maxs: [CGFloat]) -> [Int] {
        Array(0..<p.count).sorted { a, b in
            let ka = StackOrder.Key(priority: p[a], min: mins[a], max: maxs[a])
            let kb = StackOrder.Key(priority: p[b], min: mins[b], max: maxs[b])
            if ka.same(kb) { return a < b }
            return ka.precedes(kb)
        }
    }

    private func arranged(_ p: [Double], _ mins: [CGFloat], _ maxs: [CGFloat]) -> [Int] {
        var order = [Int](repeating: -1, count: p.count)
        StackOrder.arrange(&order, priorities: p, minLengths: mins, maxLengths: maxs)
        return order
    }

    @Test(arguments: [0, 1, 5, 16, 17, 200, 3000])
    func matchesAStableSort(count: Int) {
        var rng = DeterministicSequence(seed: UInt64(count) &+ 11)
        for distinct in [1, 2, 3, 8, 9, 40] {
            let p = (0..<count).map { _ in Double(rng.next() % UInt64(min(distinct, 3))) }
            var choices: [(CGFloat, CGFloat)] = []
            for k in 0..<distinct {
                let least = CGFloat(k)
                choices.append(k % 3 == 0 ? (least, CGFloat.infinity) : (least, 2 * least + 1))
            }
            var mins: [CGFloat] = [], maxs: [CGFloat] = []
            for _ in 0..<count {
                let c = choices[Int(rng.next() % UInt64(distinct))]
                mins.append(c.0); maxs.append(c.1)
            }
            #expect(arranged(p, mins, maxs) == reference(p, mins, maxs), "\(count) views, \(distinct) kinds")
        }
    }

    @Test func fixedBeforeFlexibleThenByPriority() {
        // A 20-view stack: alternating fixed (10) and flexible (0…∞) views, the last one with priority 1.
        var p = [Double](repeating: 0, count: 20), mins = [CGFloat](), maxs = [CGFloat]()
        for i in 0..<20 { mins.append(i % 2 == 0 ? 10 : 0); maxs.append(i % 2 == 0 ? 10 : .infinity) }
        p[19] = 1
        let order = arranged(p, mins, maxs)
        #expect(order.first == 19)
        #expect(Array(order[1...10]) == [0, 2, 4, 6, 8, 10, 12, 14, 16, 18])
        #expect(Array(order[11...]) == [1, 3, 5, 7, 9, 11, 13, 15, 17])
    }

    @Test func nanFlexibilitiesKeepTheirOrder() {
        // ∞ − ∞: a view infinitely long at 0 and at ∞ (diagnosed elsewhere) sorts with its kind.
        let n = 30
        let mins = (0..<n).map { $0 % 3 == 0 ? CGFloat.infinity : 5 }
        let maxs = (0..<n).map { _ in CGFloat.infinity }
        let order = arranged([Double](repeating: 0, count: n), mins, maxs)
        // Every view once; each kind in subview order (NaN orders with nothing, so where the two
        // kinds meet is the algorithm's choice).
        #expect(order.sorted() == Array(0..<n))
        let nanKind = order.filter { $0 % 3 == 0 }, finiteKind = order.filter { $0 % 3 != 0 }
        #expect(nanKind == nanKind.sorted() && finiteKind == finiteKind.sorted())
    }
}
