import Testing
import Foundation
@testable import LayoutCore
@testable import SwiftUI

/// The memo's rules (`SizeMemoPolicy`), each on its own: when a memoised answer may answer, and
/// which answer a full row replaces.
@Suite struct SizeMemoPolicyTests {
    @Test func aRowAnswersOnlyUnderItsEpochAndWithinItsPassUnlessReusableAcrossPasses() {
        let row = UnsafeMutablePointer<SizeMemo>.allocate(capacity: 1)
        defer { row.deallocate() }
        row.initialize(to: SizeMemo())
        row.pointee.epoch = 3
        row.pointee.pass = 7
        let samePass = MemoStamps(pass: 7, sizeEpoch: 3, sizesGeneration: 1)
        let laterPass = MemoStamps(pass: 8, sizeEpoch: 3, sizesGeneration: 1)
        let laterEpoch = MemoStamps(pass: 8, sizeEpoch: 4, sizesGeneration: 2)
        #expect(SizeMemoPolicy.canReuse(row, samePass, acrossPasses: false))
        #expect(SizeMemoPolicy.canReuse(row, samePass, acrossPasses: true))
        #expect(!SizeMemoPolicy.canReuse(row, laterPass, acrossPasses: false), "a container-relative size answers its own pass only")
        #expect(SizeMemoPolicy.canReuse(row, laterPass, acrossPasses: true))
        #expect(!SizeMemoPolicy.canReuse(row, laterEpoch, acrossPasses: true), "a stale epoch never answers")
    }

    @Test func aFullRowReplacesItsAnswersRoundRobin() {
        var slot = 0
        var visited: [Int] = []
        for _ in 0..<(2 * SizeMemo.capacity) {
            visited.append(slot)
            slot = Int(SizeMemoPolicy.slot(after: slot))
        }
        #expect(visited == Array(0..<SizeMemo.capacity) + Array(0..<SizeMemo.capacity))
    }

    @Test func viewsCheaperThanALookupKeepNoMemo() {
        #expect(!SizeMemoPolicy.shouldMemoise(.shape(.rectangle)))
        #expect(!SizeMemoPolicy.shouldMemoise(.frame(FixedFrame(width: 10, height: 10, alignment: .center))))
        #expect(SizeMemoPolicy.shouldMemoise(.frame(FixedFrame(width: 10, height: nil, alignment: .center))))
        #expect(SizeMemoPolicy.shouldMemoise(.layout(ConcreteLayoutStorage(HStackLayout(), typeName: "HStack"))))
    }

    @Test func aPassThatReportedBadInputKeepsNoSizes() {
        #expect(SizeMemoPolicy.keepsSizes(afterReportingBadInput: false))
        #expect(!SizeMemoPolicy.keepsSizes(afterReportingBadInput: true))
    }
}
