import Foundation

/// The per-view layout state that outlives a pass, in flat arrays indexed by a view's pre-order
/// index (a struct of arrays): the size memo with its validity stamps, and the spacing memo.
///
/// The host makes one per installed tree. The view objects (`LayoutNode`) keep only what the
/// tree is; what passes read and write on every size query lives here, contiguous in pre-order,
/// so a container and its subviews' memos share cache lines and a pass touches no reference
/// counts to reach them. Rows are moved, not shared, when a view keeps its sizes across a new
/// tree (`adoptRow`).
final class NodeStore {
    let count: Int
    /// The memo rows: each holds a view's first answer and the row's validity stamps, in 56
    /// bytes; the other answers are in blocks of `overflow`, taken the first time a view needs
    /// them. A view's row is `memoRowIndex(of:)`: the views that memoise (all but those answered
    /// directly, `LayoutNode.answersWithoutMemo`) have rows side by side at the front, numbered
    /// when the tree is installed (`assignMemoRow`), so a tree where one view in twenty memoises
    /// (nested stacks of leaves) touches one page of rows for every seventy such views rather
    /// than every page. Every view also has a row of its own past `count` (row `count + index`),
    /// used only by a pass that memoises every view (`LayoutOptions.answersDirectly` off) and by
    /// stores whose views were not numbered. An empty row is all zeros and the rows are zeroed
    /// memory: rows never written take no memory.
    let memo: UnsafeMutablePointer<SizeMemo>
    /// Each view's front row, plus one (0: none; zeroed memory written only for views that
    /// memoise).
    let memoSlot: UnsafeMutablePointer<Int32>
    /// Front rows numbered so far.
    private(set) var memoisingViews = 0
    /// The memo's answers past each view's first (`SizeMemo.capacity` in all).
    let overflow: MemoOverflow
    /// The pass whose spacing preferences `spacing` holds (0: none). Zero pages until written:
    /// only views whose spacing is asked (a stack's subviews under the default spacing, not
    /// under an explicit one) ever take memory here.
    let spacingPass: UnsafeMutablePointer<UInt32>
    /// Meaningful only where `spacingPass` names the pass asking.
    let spacing: UnsafeMutablePointer<ViewSpacing>
    /// Each view's parent's index (−1 for the root), for placing a reused subtree.
    let parent: UnsafeMutablePointer<Int32>
    /// One past each view's last descendant (`LayoutNode.subtreeEnd`), kept with the rows so a
    /// later tree can tell how large the same view's subtree was here.
    let subtreeEnd: UnsafeMutablePointer<Int32>
    /// Where each view's subtree sits in the previous tree's last geometry, plus one (0:
    /// nowhere, so that the array is zeroed memory that only a re-installed tree writes), for
    /// the first pass over a re-installed tree (`LayoutHost.install`).
    let previousRowPlusOne: UnsafeMutablePointer<Int32>

    /// Each container's running `placeSubviews` region (`ActivePlacement`), by memo row (a
    /// container always memoises, so its row is a front one); zeroed memory, so only containers
    /// that place take memory here, and each row is zero again after its call.
    let activePlacement: UnsafeMutablePointer<ActivePlacement>

    init(count: Int) {
        self.count = count
        let n = Swift.max(count, 1)
        memo = ZeroedMemory.allocate(SizeMemo.self, count: 2 * n)
        memoSlot = ZeroedMemory.allocate(Int32.self, count: n)
        overflow = MemoOverflow(views: 2 * n)
        spacingPass = ZeroedMemory.allocate(UInt32.self, count: n)
        spacing = ZeroedMemory.allocate(ViewSpacing.self, count: n)
        parent = .allocate(capacity: n); parent.initialize(repeating: -1, count: n)
        subtreeEnd = .allocate(capacity: n); subtreeEnd.initialize(repeating: 0, count: n)
        previousRowPlusOne = ZeroedMemory.allocate(Int32.self, count: n)
        activePlacement = ZeroedMemory.allocate(ActivePlacement.self, count: 2 * n)
    }

    /// Gives view `index` the next front row (once per view, when the tree is installed).
    func assignMemoRow(_ index: Int) {
        guard index < count, memoSlot[index] == 0 else { return }
        memoisingViews += 1
        memoSlot[index] = Int32(truncatingIfNeeded: memoisingViews)
    }

    /// The row of view `index` (`memo`, `activePlacement`): its front row if it has one, else its
    /// own row past `count`.
    @inline(__always) func memoRowIndex(of index: Int) -> Int {
        let slot = memoSlot[index]
        return slot > 0 ? Int(slot) - 1 : Swift.max(count, 1) + index
    }

    /// View `index`'s memo row.
    @inline(__always) func memoRow(_ index: Int) -> UnsafeMutablePointer<SizeMemo> { memo + memoRowIndex(of: index) }

    deinit {
        ZeroedMemory.free(spacingPass, count: count); ZeroedMemory.free(spacing, count: count)
        let n = Swift.max(count, 1)
        ZeroedMemory.free(memo, count: 2 * n); ZeroedMemory.free(previousRowPlusOne, count: count)
        ZeroedMemory.free(activePlacement, count: 2 * n); ZeroedMemory.free(memoSlot, count: count)
        parent.deallocate(); subtreeEnd.deallocate()
    }

    /// The size view `index` memoised for `p`, and the pass that stored it.
    @inline(__always) func lookup(_ index: Int, _ p: ProposedViewSize) -> (CGSize, UInt32)? {
        lookup(row: memoRow(index), p)
    }

    /// The size memo row `row` holds for `p`, and the pass that stored it.
    @inline(__always) func lookup(row: UnsafeMutablePointer<SizeMemo>, _ p: ProposedViewSize) -> (CGSize, UInt32)? {
        let w = SizeMemo.encode(p.width), h = SizeMemo.encode(p.height)
        let n = Int(row.pointee.count)
        guard n > 0 else { return nil }
        let e = row.pointee.first
        if e.0 == w && e.1 == h { return (CGSize(width: e.2, height: e.3), e.4) }
        return n > 1 ? overflow.lookup(row.pointee.overflowBlock, count: n - 1, w, h) : nil
    }

    /// Memoises `s` for `p` in view `index`'s row, replacing its oldest answer when full.
    @inline(__always) func store(_ index: Int, _ p: ProposedViewSize, _ s: CGSize, pass: UInt32) {
        store(row: memoRow(index), p, s, pass: pass)
    }

    /// Memoises `s` for `p` in memo row `row`, replacing its oldest answer when full.
    @inline(__always) func store(row: UnsafeMutablePointer<SizeMemo>, _ p: ProposedViewSize, _ s: CGSize, pass: UInt32) {
        let entry: SizeMemo.Entry = (SizeMemo.encode(p.width), SizeMemo.encode(p.height), s.width, s.height, pass)
        let slot = Int(row.pointee.next)
        if slot == 0 {
            row.pointee.first = entry
        } else {
            if row.pointee.overflowPlusOne == 0 { row.pointee.overflowPlusOne = overflow.newShortBlock() + 1 }
            overflow.store(entry, at: slot - 1, block: row.pointee.overflowBlock)
        }
        row.pointee.next = SizeMemoPolicy.slot(after: slot)
        if row.pointee.count < UInt8(SizeMemo.capacity) { row.pointee.count += 1 }
    }

    /// Empties view `index`'s rows (sizes, spacing, where it was in an earlier tree): a view
    /// put in its place, or one whose subtree changed, answers anew. Its memo blocks stay its own.
    func clearRow(_ index: Int) {
        guard index < count else { return }
        func empty(_ row: UnsafeMutablePointer<SizeMemo>) {
            row.pointee.count = 0
            row.pointee.next = 0
            row.pointee.epoch = 0
        }
        empty(memoRow(index))
        empty(memo + Swift.max(count, 1) + index)
        spacingPass[index] = 0
        previousRowPlusOne[index] = 0
    }

    /// Moves the memo of view `oldIndex` in `old` to view `index` here (the same view, with the
    /// same inputs, in the new tree); `old` keeps an empty row, so answers are never shared.
    func adoptRow(_ index: Int, from old: NodeStore, at oldIndex: Int) {
        guard index < count, oldIndex < old.count else { return }
        let oldRow = old.memoRow(oldIndex)
        var row = oldRow.pointee
        row.overflowPlusOne = row.overflowPlusOne == 0 ? 0 : overflow.copy(row.overflowBlock, from: old.overflow) + 1
        memoRow(index).pointee = row
        oldRow.pointee.count = 0
        oldRow.pointee.next = 0
        oldRow.pointee.epoch = 0
    }
}

/// Zero-filled arrays of plain values whose pages the system backs only once written: rows
/// that most trees never touch cost address space, not memory.
enum ZeroedMemory {
    /// From here up (four pages), the pages come straight from the system (fresh pages are zero
    /// and take no memory until written); smaller arrays come from `calloc`, which clears a
    /// reused block by writing it (at 64 KiB, a 15,000-view tree's three arrays of 4 bytes per
    /// view were written whole: 12 bytes per view).
    ///
    /// `LAYOUTLAB_ZEROED_MEMORY=heap` takes every array from the heap instead, so that a memory
    /// sanitizer watches them too (it sees heap blocks, not pages mapped directly):
    /// `run-sanitizers` sets it.
    static let pageMappedBytes = ProcessInfo.processInfo.environment["LAYOUTLAB_ZEROED_MEMORY"] == "heap" ? Int.max : 16 << 10

    /// `T` must be a plain value (no references) for which all-zero bits are a value.
    static func allocate<T>(_ type: T.Type, count: Int) -> UnsafeMutablePointer<T> {
        precondition(_isPOD(T.self), "zeroed memory holds plain values only")
        let bytes = Swift.max(count, 1) * MemoryLayout<T>.stride
        if bytes >= pageMappedBytes {
            guard let mapped = mmap(nil, bytes, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0), mapped != MAP_FAILED else {
                fatalError("out of memory")
            }
            return mapped.bindMemory(to: T.self, capacity: Swift.max(count, 1))
        }
        guard let raw = calloc(Swift.max(count, 1), MemoryLayout<T>.stride) else { fatalError("out of memory") }
        return raw.bindMemory(to: T.self, capacity: Swift.max(count, 1))
    }

    /// Frees what `allocate(_:count:)` returned for the same count.
    static func free<T>(_ pointer: UnsafeMutablePointer<T>, count: Int) {
        let bytes = Swift.max(count, 1) * MemoryLayout<T>.stride
        if bytes >= pageMappedBytes {
            munmap(UnsafeMutableRawPointer(pointer), bytes)
        } else {
            Foundation.free(pointer)
        }
    }
}

/// A view's memo row: sizes by proposal, `capacity` answers replaced round-robin.
///
/// SwiftUI keeps the last 3 proposals per view; nested stacks probe each child at 0, ∞ and the
/// actual length for each of their own (up to three) proposals, so 3 slots thrash and the work
/// grows exponentially with depth. Twelve slots hold a nested stack's working set of about ten
/// proposals (Taffy keeps 9); a fixed array beats a dictionary because proposals rarely repeat
/// beyond that. The row holds the first answer (most views are only ever asked one proposal:
/// fixed frames, their content, leaves that ignore the proposal); the next 3 are in a short
/// block and the last 8 in a long one, both taken from the store's `MemoOverflow` the first time
/// the view needs them and kept with the row (a stack's flexible subview, asked 0, ∞ and its
/// share, takes a short block only).
struct SizeMemo {
    /// Proposal width, proposal height (−1 encodes nil: proposals reaching the memo are never
    /// negative or NaN), size, and the pass that stored it.
    typealias Entry = (CGFloat, CGFloat, CGFloat, CGFloat, UInt32)
    static let capacity = 12
    var first: Entry = (0, 0, 0, 0, 0)
    /// The host size epoch the row's answers belong to (0: none).
    var epoch: UInt32 = 0
    /// The pass that last stored into the row: views whose size depends on their container's
    /// proposal only use answers of the current pass.
    var pass: UInt32 = 0
    /// The row's short block in the store's `MemoOverflow`, plus one (0: none yet; an empty row
    /// is all zeros).
    var overflowPlusOne: Int32 = 0
    var count: UInt8 = 0
    var next: UInt8 = 0

    /// The short block (meaningful only when the row has one).
    var overflowBlock: Int32 { @inline(__always) get { overflowPlusOne &- 1 } }

    @inline(__always) static func encode(_ v: CGFloat?) -> CGFloat { v ?? -1 }
}

/// The memo answers past each view's first, in blocks: a short block (answers 2–4 and the index
/// of a long block) and a long one (answers 5–12), allocated in segments as views first need
/// them, and freed with the store. At most one of each per view, so a store's blocks never
/// outnumber its views, and the segment tables are sized for that at the start.
final class MemoOverflow {
    struct ShortBlock {
        var entries = InlineArray<3, SizeMemo.Entry>(repeating: (0, 0, 0, 0, 0))
        /// The long block (−1: none yet).
        var long: Int32 = -1
    }
    typealias LongBlock = InlineArray<8, SizeMemo.Entry>
    static let shortCount = 3
    static let segmentShift = 9
    static let segmentSize = 1 << segmentShift

    private let shortSegments: UnsafeMutablePointer<UnsafeMutablePointer<ShortBlock>?>
    private let longSegments: UnsafeMutablePointer<UnsafeMutablePointer<LongBlock>?>
    private let segmentCount: Int
    private var shortUsed = 0
    private var longUsed = 0

    init(views: Int) {
        segmentCount = (views + MemoOverflow.segmentSize - 1) >> MemoOverflow.segmentShift
        shortSegments = .allocate(capacity: segmentCount); shortSegments.initialize(repeating: nil, count: segmentCount)
        longSegments = .allocate(capacity: segmentCount); longSegments.initialize(repeating: nil, count: segmentCount)
    }

    deinit {
        for i in 0..<segmentCount {
            shortSegments[i]?.deallocate()
            longSegments[i]?.deallocate()
        }
        shortSegments.deallocate(); longSegments.deallocate()
    }

    /// Blocks in use (for tests: a view takes at most one of each).
    var blocksInUse: (short: Int, long: Int) { (shortUsed, longUsed) }

    @inline(__always) private func short(_ i: Int32) -> UnsafeMutablePointer<ShortBlock> {
        shortSegments[Int(i) >> MemoOverflow.segmentShift].unsafelyUnwrapped + (Int(i) & (MemoOverflow.segmentSize - 1))
    }
    @inline(__always) private func long(_ i: Int32) -> UnsafeMutablePointer<LongBlock> {
        longSegments[Int(i) >> MemoOverflow.segmentShift].unsafelyUnwrapped + (Int(i) & (MemoOverflow.segmentSize - 1))
    }

    func newShortBlock() -> Int32 {
        let i = shortUsed
        precondition(i >> MemoOverflow.segmentShift < segmentCount, "more memo blocks than views")
        if i & (MemoOverflow.segmentSize - 1) == 0 {
            let segment = UnsafeMutablePointer<ShortBlock>.allocate(capacity: MemoOverflow.segmentSize)
            segment.initialize(repeating: ShortBlock(), count: MemoOverflow.segmentSize)
            shortSegments[i >> MemoOverflow.segmentShift] = segment
        }
        shortUsed += 1
        return Int32(i)
    }

    private func newLongBlock() -> Int32 {
        let i = longUsed
        precondition(i >> MemoOverflow.segmentShift < segmentCount, "more memo blocks than views")
        if i & (MemoOverflow.segmentSize - 1) == 0 {
            let segment = UnsafeMutablePointer<LongBlock>.allocate(capacity: MemoOverflow.segmentSize)
            segment.initialize(repeating: LongBlock(repeating: (0, 0, 0, 0, 0)), count: MemoOverflow.segmentSize)
            longSegments[i >> MemoOverflow.segmentShift] = segment
        }
        longUsed += 1
        return Int32(i)
    }

    /// Looks `w`×`h` up in the first `count` answers of short block `block` and its long block.
    @inline(__always) func lookup(_ block: Int32, count: Int, _ w: CGFloat, _ h: CGFloat) -> (CGSize, UInt32)? {
        let b = short(block)
        let inShort = Swift.min(count, MemoOverflow.shortCount)
        var i = 0
        while i < inShort {
            let e = b.pointee.entries[i]
            if e.0 == w && e.1 == h { return (CGSize(width: e.2, height: e.3), e.4) }
            i += 1
        }
        guard count > MemoOverflow.shortCount else { return nil }
        return lookupLong(b.pointee.long, count: count - MemoOverflow.shortCount, w, h)
    }

    @inline(never) private func lookupLong(_ block: Int32, count: Int, _ w: CGFloat, _ h: CGFloat) -> (CGSize, UInt32)? {
        let b = long(block)
        for i in 0..<count {
            let e = b.pointee[i]
            if e.0 == w && e.1 == h { return (CGSize(width: e.2, height: e.3), e.4) }
        }
        return nil
    }

    /// Stores `entry` as the `slot`th answer past the first (0-based) of short block `block`.
    @inline(__always) func store(_ entry: SizeMemo.Entry, at slot: Int, block: Int32) {
        let b = short(block)
        if slot < MemoOverflow.shortCount {
            b.pointee.entries[slot] = entry
            return
        }
        if b.pointee.long < 0 { b.pointee.long = newLongBlock() }
        long(b.pointee.long).pointee[slot - MemoOverflow.shortCount] = entry
    }

    /// A copy here of short block `block` of `other` (and of its long block).
    func copy(_ block: Int32, from other: MemoOverflow) -> Int32 {
        let copy = newShortBlock()
        let source = other.short(block).pointee
        short(copy).pointee.entries = source.entries
        if source.long >= 0 {
            let long = newLongBlock()
            self.long(long).pointee = other.long(source.long).pointee
            short(copy).pointee.long = long
        }
        return copy
    }
}
