import Foundation

/// When a view's size is memoised, and when a memoised size may answer a question
/// (<doc:SizeMemo>, <doc:IncrementalLayout>): every rule of the memo in one place, with a name,
/// as Yoga keeps its rules in `Cache.cpp`. The host asks it when it installs a tree
/// (`LayoutHost.install`), the pass on every size question (`LayoutPass.size(of:_:)`), the store
/// when a row is full (`NodeStore`), and a layout whether its subviews' sizes can be stamped
/// (`SubviewSizesStamp`). Each rule is inlined where it is asked: the memo is on every size
/// question's path.
enum SizeMemoPolicy {
    // MARK: When a tree is installed

    /// Whether a view of this kind keeps a memo: not when its size is a few operations on the
    /// proposal (a memo lookup costs about 70 instructions, a Color's answer about 10).
    @inline(__always) static func shouldMemoise(_ kind: NodeKind) -> Bool { !kind.sizeIsCheaperThanMemo }

    /// Sets `node`'s memo flags (its children's are set) and gives it a row at the front of
    /// `store` if it memoises.
    static func assignMemo(_ node: LayoutNode, in store: NodeStore) {
        node.reusesSizesAcrossPasses = canReuseAcrossPasses(node)
        node.answersWithoutMemo = !shouldMemoise(node.kind)
        if !node.answersWithoutMemo { store.assignMemoRow(node.index) }
    }

    /// Whether the sizes a view chose in one pass may answer a later pass over the same tree:
    /// not when its size depends on its container's proposal (`containerRelativeFrame`, which
    /// reaches up to the nearest scroll view). Its children's are known.
    @inline(__always) static func canReuseAcrossPasses(_ node: LayoutNode) -> Bool { node.computeReusesSizesAcrossPasses }

    /// Whether `node` (fingerprinted anew; it was `oldFingerprint`) takes over the sizes of
    /// `old`, the replaced tree's view with its identity at `oldIndex`: when it is the same view
    /// object re-installed unchanged, or a view whose inputs are the same. Other views are
    /// measured anew (a new store's rows start empty).
    static func adoptsRow(for node: LayoutNode, oldFingerprint: UInt64, old: LayoutNode, at oldIndex: Int,
                          in oldStore: NodeStore) -> Bool {
        guard oldIndex < oldStore.count else { return false }
        // The same view installed again (GeometryReader content rebuilt around it): its own
        // fingerprint before and after; a view built anew: the old view's.
        return old === node ? node.fingerprint == oldFingerprint : old.fingerprint == node.fingerprint
    }

    // MARK: In a pass

    /// Whether a question about view `index` is answered without the memo by measuring: a view
    /// numbered past the pass's store is a proxy kept from an earlier pass, asked after its tree
    /// was renumbered, and its number would read another view's row (or none).
    @inline(__always) static func isOutsideStore(_ index: Int, viewCount: Int) -> Bool { index >= viewCount }

    /// Whether `node` answers directly, without a memo (`LayoutNode.answersWithoutMemo`), in a
    /// pass with `options` (the tests and the fuzzer turn it off to check the memo's answers).
    @inline(__always) static func answersDirectly(_ node: LayoutNode, _ options: LayoutOptions) -> Bool {
        node.answersWithoutMemo && options.answersDirectly
    }

    /// The proposal `node`'s answer is memoised under: without the axes its size ignores, so
    /// that a stack's 0 / ∞ / share probes of a fixed frame, or a grid's of its cells, all find
    /// one answer.
    @inline(__always) static func key(of node: LayoutNode, _ p: ProposedViewSize) -> ProposedViewSize {
        let ignored = node.ignoredProposalAxes
        return ignored.isEmpty ? p : ignored.key(p)
    }

    /// Whether the answers in `row` may answer the pass of `stamps`: stored under its size
    /// epoch, and in that pass unless the view reuses sizes across passes. When not, the row's
    /// answers are stale and go before the next is stored.
    @inline(__always) static func canReuse(_ row: UnsafeMutablePointer<SizeMemo>, _ stamps: MemoStamps, acrossPasses: Bool) -> Bool {
        row.pointee.epoch == stamps.sizeEpoch && (acrossPasses || row.pointee.pass == stamps.pass)
    }

    /// Whether a pass's sizes may answer later passes: not after it reported bad input, so that
    /// the next pass meets the input, and reports it, again.
    @inline(__always) static func keepsSizes(afterReportingBadInput reported: Bool) -> Bool { !reported }

    // MARK: In the store

    /// The slot a full row's next answer replaces after `slot`: round-robin over the row's
    /// `SizeMemo.capacity` answers (the oldest goes; proposals rarely repeat beyond a dozen).
    @inline(__always) static func slot(after slot: Int) -> UInt8 {
        slot + 1 == SizeMemo.capacity ? 0 : UInt8(slot + 1)
    }

    // MARK: In a layout

    /// Whether a container's subviews' sizes can be stamped (`SubviewSizesStamp`): not when one
    /// of them depends on its container's proposal, nor for no subviews.
    @inline(__always) static func canStampSizes(of container: LayoutNode, hasSubviews: Bool) -> Bool {
        container.reusesSizesAcrossPasses && hasSubviews
    }
}
