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
    /// The last `SizeMemo.capacity` proposals and answers of each view.
    let memo: UnsafeMutablePointer<SizeMemo>
    /// The host size epoch the memo's entries belong to (0: none).
    let memoEpoch: UnsafeMutablePointer<UInt32>
    /// The pass that last stored into the memo: views whose size depends on their container's
    /// proposal only use entries of the current pass.
    let memoPass: UnsafeMutablePointer<UInt32>
    /// The pass whose spacing preferences `spacing` holds (0: none).
    let spacingPass: UnsafeMutablePointer<UInt32>
    let spacing: UnsafeMutablePointer<ViewSpacing>
    /// Each view's parent's index (−1 for the root), for placing a reused subtree.
    let parent: UnsafeMutablePointer<Int32>
    /// One past each view's last descendant (`LayoutNode.subtreeEnd`), kept with the rows so a
    /// later tree can tell how large the same view's subtree was here.
    let subtreeEnd: UnsafeMutablePointer<Int32>
    /// Where each view's subtree sits in the previous tree's last geometry (−1: nowhere), for
    /// the first pass over a re-installed tree (`LayoutHost.install`).
    let previousRow: UnsafeMutablePointer<Int32>

    init(count: Int) {
        self.count = count
        let n = Swift.max(count, 1)
        memo = .allocate(capacity: n); memo.initialize(repeating: SizeMemo(), count: n)
        memoEpoch = .allocate(capacity: n); memoEpoch.initialize(repeating: 0, count: n)
        memoPass = .allocate(capacity: n); memoPass.initialize(repeating: 0, count: n)
        spacingPass = .allocate(capacity: n); spacingPass.initialize(repeating: 0, count: n)
        spacing = .allocate(capacity: n); spacing.initialize(repeating: ViewSpacing(), count: n)
        parent = .allocate(capacity: n); parent.initialize(repeating: -1, count: n)
        subtreeEnd = .allocate(capacity: n); subtreeEnd.initialize(repeating: 0, count: n)
        previousRow = .allocate(capacity: n); previousRow.initialize(repeating: -1, count: n)
    }

    deinit {
        for i in 0..<count { memo[i].release() }
        memo.deallocate(); memoEpoch.deallocate(); memoPass.deallocate(); spacingPass.deallocate(); spacing.deallocate(); parent.deallocate()
        subtreeEnd.deallocate(); previousRow.deallocate()
    }

    /// Moves the memo of view `oldIndex` in `old` to view `index` here (the same view, with the
    /// same inputs, in the new tree); `old` keeps an empty memo, so a memo is never shared.
    func adoptRow(_ index: Int, from old: NodeStore, at oldIndex: Int) {
        guard index < count, oldIndex < old.count else { return }
        memo[index].release()
        memo[index] = old.memo[oldIndex]
        memoEpoch[index] = old.memoEpoch[oldIndex]
        memoPass[index] = old.memoPass[oldIndex]
        old.memo[oldIndex] = SizeMemo()
        old.memoEpoch[oldIndex] = 0
    }
}

/// A view's memo of sizes by proposal: a few fixed slots, replaced round-robin.
///
/// SwiftUI keeps the last 3 proposals per view; nested stacks probe each child at 0, ∞ and the
/// actual length for each of their own (up to three) proposals, so 3 slots thrash and the work
/// grows exponentially with depth. Twelve slots hold a nested stack's working set of about ten
/// proposals (Taffy keeps 9); a fixed array beats a dictionary because proposals rarely repeat
/// beyond that. The first 3 slots are inline (most views never need more); the other 9 are
/// allocated the first time a view needs them, which keeps the per-view footprint small.
struct SizeMemo {
    /// Proposal width, proposal height, size, and the pass that stored it.
    typealias Entry = (CGFloat, CGFloat, CGFloat, CGFloat, UInt32)
    static let inlineCapacity = 3
    static let capacity = 12
    // Each entry: proposal width, proposal height (−1 encodes nil: proposals reaching the memo are
    // never negative or NaN), size.
    var entries = InlineArray<3, Entry>(repeating: (0, 0, 0, 0, 0))
    /// Slots 3…11, allocated on first use and freed with the node.
    var overflow: UnsafeMutablePointer<Entry>? = nil
    var count: UInt8 = 0
    var next: UInt8 = 0

    @inline(__always) static func encode(_ v: CGFloat?) -> CGFloat { v ?? -1 }

    @inline(__always) mutating func lookup(_ p: ProposedViewSize) -> (CGSize, UInt32)? {
        let w = SizeMemo.encode(p.width), h = SizeMemo.encode(p.height)
        let n = Int(count)
        var i = 0
        while i < n && i < SizeMemo.inlineCapacity {
            let e = entries[i]
            if e.0 == w && e.1 == h { return (CGSize(width: e.2, height: e.3), e.4) }
            i += 1
        }
        if n > SizeMemo.inlineCapacity, let overflow {
            while i < n {
                let e = overflow[i - SizeMemo.inlineCapacity]
                if e.0 == w && e.1 == h { return (CGSize(width: e.2, height: e.3), e.4) }
                i += 1
            }
        }
        return nil
    }

    @inline(__always) mutating func store(_ p: ProposedViewSize, _ s: CGSize, pass: UInt32) {
        let entry: Entry = (SizeMemo.encode(p.width), SizeMemo.encode(p.height), s.width, s.height, pass)
        let slot = Int(next)
        if slot < SizeMemo.inlineCapacity {
            entries[slot] = entry
        } else {
            if overflow == nil {
                let buffer = UnsafeMutablePointer<Entry>.allocate(capacity: SizeMemo.capacity - SizeMemo.inlineCapacity)
                buffer.initialize(repeating: (0, 0, 0, 0, 0), count: SizeMemo.capacity - SizeMemo.inlineCapacity)
                overflow = buffer
            }
            overflow![slot - SizeMemo.inlineCapacity] = entry
        }
        next = slot + 1 == SizeMemo.capacity ? 0 : UInt8(slot + 1)
        if count < UInt8(SizeMemo.capacity) { count += 1 }
    }

    /// Frees the overflow slots (called when the node goes away).
    mutating func release() {
        overflow?.deallocate()
        overflow = nil
    }
}
