import Foundation
import Synchronization

/// A process-wide counter of (installed tree, size epoch) pairs: a host takes a new number when
/// it installs a tree and whenever its memoised sizes become stale (caches invalidated, a pass
/// that reported bad input), so equal numbers mean "the same views, answering as before".
enum SizesGeneration {
    private static let last = Atomic<UInt64>(0)

    /// A number no host has used yet (never 0).
    static func next() -> UInt64 {
        last.wrappingAdd(1, ordering: .relaxed).newValue
    }
}

/// Names a container's subviews together with everything their sizes depend on but the proposal:
/// two equal stamps promise that each subview answers any proposal as it did when the first was
/// taken. A built-in layout keeps what it measured at fixed proposals (a stack's 0 and ∞ probes,
/// its priority order) under a stamp and skips measuring again while the stamp holds, in a
/// re-layout where only its own proposal changed.
///
/// The promise holds within one installed tree and size epoch (`SizesGeneration`), for the same
/// run of subviews, when no subview's size depends on its container's proposal
/// (`containerRelativeFrame`). Otherwise `LayoutSubviews.sizesStamp` is nil.
struct SubviewSizesStamp: Equatable {
    var generation: UInt64
    /// The pre-order index of the first subview, and how many.
    var first: Int
    var count: Int
}

extension LayoutSubviews {
    /// The stamp of these subviews' sizes (`SubviewSizesStamp`), or nil when their sizes may
    /// change without the stamp changing.
    var sizesStamp: SubviewSizesStamp? {
        guard SizeMemoPolicy.canStampSizes(of: container, hasSubviews: startIndex < endIndex) else { return nil }
        return SubviewSizesStamp(generation: pass.stamps.sizesGeneration, first: nodes[startIndex].index, count: endIndex - startIndex)
    }
}
