import Foundation
import LayoutCore

// Lazy stacks and grids make their views as they scroll into view, as SwiftUI's do: in a live
// preview, an element of a lazy container's `ForEach` is built (its views made, its bodies
// evaluated) once a layout shows it, and stands as a placeholder of estimated length until
// then. A one-off layout (`LayoutHost`, a headless render without a live graph) builds every
// element, since its purpose is every child's frame.

/// The elements of the lazy containers of a live preview: which have been made, and this
/// build's placeholders for the others.
///
/// SwiftUI rule: a lazy stack creates the views of the elements it shows and estimates the
/// length of the rest; the views of an element it made keep their state. Here an element is
/// made once part of its placeholder is visible in its scroll view (the canvas, outside one),
/// and stays made: its state and its views live on when it scrolls away, as SwiftUI keeps the
/// state of a lazy stack's rows. A placeholder is as long, along the container's axis, as the
/// container's made elements are on average (100 points before any is made); across the axis
/// it takes what it is offered, and it draws nothing. It carries the element's id, so
/// `ScrollViewReader.scrollTo(id)` reaches an element not made yet, as it does in SwiftUI.
final class LazyElements {
    /// The length a placeholder has before its container made any element. Generous, so that
    /// the first layout makes few elements that then turn out not to show: an element shorter
    /// than the estimate leaves room that the next round fills with the better estimate.
    static let initialEstimate: CGFloat = 100

    /// The identities of the elements made so far.
    private var made: Set<UInt64> = []
    /// This build's placeholders and the identity of the element each stands for.
    private(set) var placeholders: [(node: LayoutNode, identity: UInt64)] = []
    /// This build's made elements: their first and last views and the container they belong to.
    private var built: [(first: LayoutNode, last: LayoutNode, container: LazyContainerKey)] = []
    /// The estimated length of an element, by container identity.
    private var estimates: [UInt64: CGFloat] = [:]
    /// The length this build's placeholders were given, by container identity.
    private var usedEstimates: [UInt64: CGFloat] = [:]

    /// How many placeholders the last build made (for tests and the trace).
    var placeholderCount: Int { placeholders.count }

    /// Whether the element at `identity` has been made.
    func isMade(_ identity: UInt64) -> Bool { made.contains(identity) }

    /// Forgets this build's placeholders and elements: a build registers its own.
    func beginBuild() {
        placeholders.removeAll(keepingCapacity: true)
        built.removeAll(keepingCapacity: true)
        usedEstimates.removeAll(keepingCapacity: true)
    }

    /// Forgets everything (the preview is reset).
    func reset() {
        made.removeAll()
        estimates.removeAll()
        beginBuild()
    }

    /// Notes that `first` to `last` are the views of a made element of `container`.
    func noteBuilt(first: LayoutNode, last: LayoutNode, in container: LazyContainerKey) { built.append((first, last, container)) }

    /// A placeholder for the element at `identity` of `container`, registered for this build.
    func placeholder(for identity: UInt64, key: UInt64, in container: LazyContainerKey) -> LayoutNode {
        let length = estimates[container.identity] ?? Self.initialEstimate
        usedEstimates[container.identity] = length
        let leaf = LayoutNode(kind: .shape(.rectangle), kindName: "LazyPlaceholder")
        leaf.structuralKey = mixKey(key, 0x6c61_7a79)
        leaf.detail = "element not made yet"
        let frame = LayoutNode(kind: .frame(FixedFrame(width: container.isVertical ? nil : length,
                                                       height: container.isVertical ? length : nil, alignment: .center)),
                               children: [leaf], kindName: "frame")
        frame.structuralKey = leaf.structuralKey
        placeholders.append((frame, identity))
        return frame
    }

    /// After a layout: each container's estimate becomes its made elements' mean length in
    /// `result`, and the placeholders `isOnScreen` says are shown are made at the next build.
    /// Returns whether the next build differs: an element was made, or the placeholders'
    /// length is off their container's new estimate by more than half a point and 2 %.
    func makeShown(in result: LayoutResult, isOnScreen: (LayoutNode) -> Bool) -> Bool {
        var any = false
        if !built.isEmpty {
            var sums: [UInt64: (total: CGFloat, count: Int)] = [:]
            let count = result.frames.count
            for (first, last, container) in built where first.index >= 0 && first.index < count && last.index >= 0 && last.index < count {
                // From the start of its first view to the end of its last (a row and its divider).
                let a = result.frames[first.index], b = result.frames[last.index]
                let length = container.isVertical ? b.maxY - a.minY : b.maxX - a.minX
                guard length.isFinite, length >= 0 else { continue }
                sums[container.identity, default: (0, 0)].total += length
                sums[container.identity, default: (0, 0)].count += 1
            }
            for (container, sum) in sums where sum.count > 0 {
                let estimate = sum.total / CGFloat(sum.count)
                estimates[container] = estimate
                if let used = usedEstimates[container], abs(used - estimate) > max(0.5, 0.02 * estimate) { any = true }
            }
        }
        for (node, identity) in placeholders where !made.contains(identity) && isOnScreen(node) {
            made.insert(identity)
            any = true
        }
        return any
    }
}

/// The lazy container whose direct content is being built: its identity and axis, in one word
/// (0: not a lazy container's content), so that the inputs every view copies stay small.
struct LazyContainerKey: Equatable {
    let bits: UInt64
    /// Not in a lazy container's content.
    static let none = LazyContainerKey(bits: 0)
    private init(bits: UInt64) { self.bits = bits }
    /// The content of the lazy container at `identity`, laid out along `axis`.
    init(identity: UInt64, axis: Axis) {
        // The low bit holds the axis; the rest tells containers apart (never 0).
        bits = (identity & ~1 | 2) | (axis == .vertical ? 1 : 0)
    }
    var isLazy: Bool { bits != 0 }
    var isVertical: Bool { bits & 1 == 1 }
    /// The container's identity, for its estimate.
    var identity: UInt64 { bits & ~1 }
}
