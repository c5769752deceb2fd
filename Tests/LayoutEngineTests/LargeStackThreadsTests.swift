import Testing
import Foundation
@testable import LayoutCore
@testable import SwiftUI

/// Deep trees' passes run on kept large-stack threads: no thread start per pass, and what a
/// deep job touched is given back.
@Suite struct LargeStackThreadsTests {
    @Test func passesAfterTheFirstStartNoThread() {
        let threads = LargeStackThreads()
        var ranOn: [pthread_t] = []
        for _ in 0..<5 { threads.run { ranOn.append(pthread_self()) } }
        #expect(threads.threadsStarted == 1)
        #expect(ranOn.count == 5)
        #expect(ranOn.allSatisfy { pthread_equal($0, ranOn[0]) != 0 })
        #expect(pthread_equal(ranOn[0], pthread_self()) == 0)
    }

    @Test func aJobInsideAJobRunsOnASecondThread() {
        let threads = LargeStackThreads()
        var ranInner = false
        threads.run { threads.run { ranInner = true } }
        #expect(ranInner)
        #expect(threads.threadsStarted == 2)
        // Both are kept: nesting again starts nothing.
        threads.run { threads.run { ranInner = false } }
        #expect(!ranInner)
        #expect(threads.threadsStarted == 2)
    }

    @Test func aDeepJobsStackIsGivenBack() {
        let threads = LargeStackThreads()
        // The stack below what a kept thread keeps, down to 24 MiB below the job's start.
        var region: (low: UInt, high: UInt) = (0, 0)
        var residentDuring = 0
        threads.run {
            let top = stackPosition()
            let pageMask = ~UInt(sysconf(Int32(_SC_PAGESIZE)) - 1)
            region = ((top - UInt(24 << 20)) & pageMask, (top - UInt(LargeStackThreads.keptStackBytes)) & pageMask)
            // About 24 MiB of stack, well past what a kept thread keeps.
            _ = touchStack(levels: 40_000) { residentDuring = residentBytes(region) }
        }
        // The next job (on the same kept thread) starts after the first one's stack was trimmed.
        var residentAfter = Int.max
        threads.run { residentAfter = residentBytes(region) }
        #expect(threads.threadsStarted == 1)
        #expect(residentDuring > 8 << 20)
        #expect(residentAfter < 1 << 20)
    }

    /// A build that outgrows the caller's stack is thrown away and done again on a large one;
    /// the host then builds trees as deep there at once, and a shallower tree on the caller's
    /// thread again once one is installed.
    @Test func aDeepTreesHostBuildsTheNextOneOnALargeStackAtOnce() {
        let host = LayoutHost(EmptyView())
        let caller = LayoutHost.callerBuildStack, large = LayoutHost.deepTreeStackSize - (16 << 20)
        var budgets: [Int] = []
        func give(depth: Int) {
            let build = LayoutHost.treeBuilder(StackChain(depth: depth), graph: nil, environment: host.environment)
            budgets = []
            host.replaceTree(building: { budget in budgets.append(budget); return build(budget) })
        }
        give(depth: 2_000)
        #expect(budgets == [caller, large])
        #expect(host.depthThatOutgrewCallerStack < Int.max)
        give(depth: 2_000)
        #expect(budgets == [large])
        #expect(host.layout(in: CGSize(width: 100, height: 100)).frame(of: "leaf") == CGRect(x: 45, y: 45, width: 10, height: 10))
        // Predicted from the installed tree: built on the large stack, where it fits too.
        give(depth: 3)
        #expect(budgets == [large])
        give(depth: 3)
        #expect(budgets == [caller])
        #expect(host.layout(in: CGSize(width: 100, height: 100)).frame(of: "leaf") == CGRect(x: 45, y: 45, width: 10, height: 10))
    }

    @Test func deepTreesLaidOutAgainAndAgainKeepTheirFrames() {
        let host = LayoutHost(StackChain(depth: 2_000))
        let first = host.layout(in: CGSize(width: 100, height: 100), options: .fastest)
        for width in stride(from: 100, through: 60, by: -10) {
            let r = host.layout(in: CGSize(width: CGFloat(width), height: 100), options: .fastest)
            #expect(r.frame(of: "leaf") == CGRect(x: CGFloat(width) / 2 - 5, y: 45, width: 10, height: 10))
        }
        #expect(first.frame(of: "leaf") == CGRect(x: 45, y: 45, width: 10, height: 10))
    }
}

/// How many bytes of `region` are resident (`mincore`).
private func residentBytes(_ region: (low: UInt, high: UInt)) -> Int {
    let page = sysconf(Int32(_SC_PAGESIZE))
    let length = Int(region.high - region.low)
    var vector = [UInt8](repeating: 0, count: length / page + 1)
    guard length > 0, mincore(UnsafeMutableRawPointer(bitPattern: region.low), length, &vector) == 0 else { return 0 }
    return vector.reduce(0) { $0 + Int($1 & 1) } * page
}

/// Recurses `levels` deep with about 600 bytes of stack written per level, then calls `atBottom`.
@inline(never)
private func touchStack(levels: Int, atBottom: () -> Void) -> Int {
    withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 512) { buffer in
        buffer.initialize(repeating: UInt8(truncatingIfNeeded: levels))
        if levels == 0 { atBottom(); return Int(buffer[0]) }
        return touchStack(levels: levels - 1, atBottom: atBottom) &+ Int(buffer[levels % 512])
    }
}
