import Foundation

/// A proxy that represents one subview of a layout, as in SwiftUI.
///
/// Use it to measure the subview (`sizeThatFits`, `dimensions(in:)`), read its priority, spacing
/// preferences and layout values, and place it. Answers are memoised per proposal within a pass.
public struct LayoutSubview: Equatable {
    /// The subview and the pass, not retained: `context` (shared by every proxy of the
    /// container's subviews, which holds them) keeps them alive, even in a proxy a layout stores
    /// in its cache. A proxy costs one reference count; retaining the view, its siblings and
    /// the pass cost three, for every subview a custom layout reaches.
    @usableFromInline let ref: Unmanaged<LayoutNode>
    @usableFromInline let passRef: Unmanaged<LayoutPass>
    @usableFromInline let context: SubviewsContext

    @inlinable init(node: Unmanaged<LayoutNode>, context: SubviewsContext) {
        ref = node; self.context = context; passRef = context.passRef
    }

    init(node: LayoutNode, siblings: [LayoutNode], pass: LayoutPass) {
        self.init(node: .passUnretained(node), context: SubviewsContext(nodes: siblings, pass: pass))
    }

    /// The pass (kept alive by `context`).
    var pass: LayoutPass { passRef.takeUnretainedValue() }

    /// The subview (retained by whoever keeps it).
    var node: LayoutNode { ref.takeUnretainedValue() }

    /// The subview's size for a proposal.
    public func sizeThatFits(_ proposal: ProposedViewSize) -> CGSize {
        passRef._withUnsafeGuaranteedRef { pass in ref._withUnsafeGuaranteedRef { pass.size(of: $0, proposal) } }
    }

    /// The subview's size and alignment guides for a proposal.
    public func dimensions(in proposal: ProposedViewSize) -> ViewDimensions {
        passRef._withUnsafeGuaranteedRef { pass in ref._withUnsafeGuaranteedRef { pass.dimensions(of: $0, proposal) } }
    }

    /// The layout priority set with `layoutPriority(_:)` (0 by default; −∞ for Spacer).
    public var priority: Double { ref._withUnsafeGuaranteedRef { $0.priority } }

    /// The subview's spacing preferences.
    public var spacing: ViewSpacing { passRef._withUnsafeGuaranteedRef { pass in ref._withUnsafeGuaranteedRef { pass.spacing(of: $0) } } }

    /// The subview's value for a layout value key, or the key's default.
    public subscript<K: LayoutValueKey>(key: K.Type) -> K.Value {
        ref._withUnsafeGuaranteedRef { $0.carriesLayoutValues ? $0.traits.layoutValue(K.self) : K.defaultValue }
    }

    /// Assigns a position and proposal to the subview.
    ///
    /// The subview's size is its size for `proposal`; `anchor` (top-leading by default) is the
    /// point of the subview that lands on `position`, in the coordinate space of the `bounds`
    /// given to `placeSubviews`. The last call for a subview wins; a subview that is never placed
    /// is centred in the container with the container's proposal. A NaN or infinite position is
    /// replaced, on that axis, by the one that centres the subview in the container, and reported
    /// as a diagnostic.
    public func place(at position: CGPoint, anchor: UnitPoint = .topLeading, proposal: ProposedViewSize) {
        // After its pass a proxy places nothing (its container is not placing).
        passRef._withUnsafeGuaranteedRef { pass in
            if pass.isFinished { return }
            ref._withUnsafeGuaranteedRef { pass.place($0, at: position, anchor: anchor, proposal: proposal) }
        }
    }

    /// Proxies are equal when they stand for the same subview.
    public static func == (l: LayoutSubview, r: LayoutSubview) -> Bool { l.ref.toOpaque() == r.ref.toOpaque() }
}

/// What the proxies of one container's subviews share: the subviews and the pass, kept alive
/// for as long as any proxy is.
@usableFromInline final class SubviewsContext {
    let nodes: [LayoutNode]
    let pass: LayoutPass
    @usableFromInline let passRef: Unmanaged<LayoutPass>
    init(nodes: [LayoutNode], pass: LayoutPass) {
        self.nodes = nodes; self.pass = pass; passRef = .passUnretained(pass)
    }
}

/// A collection of proxies for the subviews of a layout, as in SwiftUI.
public struct LayoutSubviews: RandomAccessCollection, Equatable {
    /// A proxy for one subview.
    public typealias Element = LayoutSubview
    /// Subviews are indexed by integer position.
    public typealias Index = Int
    /// A slice of subviews is itself a `LayoutSubviews`.
    public typealias SubSequence = LayoutSubviews

    /// The subviews, read by index without a proxy by the built-in layouts.
    @usableFromInline let nodes: [LayoutNode]
    /// The pass the subviews are asked in (every collection is made by a pass).
    package let pass: LayoutPass
    /// The subviews and the pass again, as one object every proxy shares (one allocation per
    /// container question, so that a proxy costs one reference count rather than three).
    @usableFromInline let context: SubviewsContext
    /// The container whose subviews these are.
    let container: LayoutNode
    /// The index of the first subview (0 unless this is a slice).
    public let startIndex: Int
    /// The index after the last subview.
    public let endIndex: Int

    init(nodes: [LayoutNode], pass: LayoutPass, container: LayoutNode) {
        self.nodes = nodes; self.pass = pass; self.container = container
        context = SubviewsContext(nodes: nodes, pass: pass)
        startIndex = 0; endIndex = nodes.count
    }
    private init(base: LayoutSubviews, range: Range<Int>) {
        nodes = base.nodes; pass = base.pass; context = base.context; container = base.container
        startIndex = range.lowerBound; endIndex = range.upperBound
    }

    /// The layout direction the container is in, as in SwiftUI.
    ///
    /// A layout rarely needs it: places are given left to right and SwiftUI (and this engine)
    /// mirrors each subview's x within the container when the direction is right to left.
    public var layoutDirection: LayoutDirection { container.mirrorsChildren ? .rightToLeft : .leftToRight }

    /// The proxy for the subview at `position`.
    ///
    /// Inlinable, so that in a custom layout's module a proxy used at once
    /// (`subviews[i].place(…)`) borrows the collection's context instead of retaining it: an
    /// atomic reference count per subview and question, the largest cost left in a flow layout's
    /// re-layout.
    @inlinable public subscript(position: Int) -> LayoutSubview {
        precondition(position >= 0 && position < nodes.count, "LayoutSubviews index \(position) is out of range")
        // Read without retaining the view: the context keeps the array, and so the view, alive.
        return LayoutSubview(node: nodes.unretained(position), context: context)
    }
    /// The subviews in `bounds`, keeping their indices.
    public subscript(bounds: Range<Int>) -> LayoutSubviews {
        LayoutSubviews(base: self, range: bounds)
    }
    /// The index after `i`.
    public func index(after i: Int) -> Int { i + 1 }
    /// The index before `i`.
    public func index(before i: Int) -> Int { i - 1 }

    /// Equal when both hold the same subviews over the same index range.
    public static func == (l: LayoutSubviews, r: LayoutSubviews) -> Bool {
        l.startIndex == r.startIndex && l.endIndex == r.endIndex && l.nodes.count == r.nodes.count
            && zip(l.nodes, r.nodes).allSatisfy { $0 === $1 }
    }
}

// What the built-in layouts read beyond the public API: traits and Spacer-ness of a subview, and
// index-based queries for the stacks' inner loops. They never read a subview's node themselves.

extension LayoutSubview {
    /// Whether the subview is a Spacer, possibly inside unary modifiers (a ZStack's spacing
    /// leaves Spacers out).
    var isSpacer: Bool { node.isSpacerThroughModifiers }
    /// The `GridRow` the subview belongs to (nil: a full-width row of its own inside a Grid).
    var gridRowID: Int? { node.traits.gridRowID }
    /// Its `GridRow`'s alignment.
    var gridRowAlignment: VerticalAlignment? { node.traits.gridRowAlignment }
    /// The columns its grid cell spans (`gridCellColumns`, 1 by default).
    var gridCellColumns: Int { node.traits.gridCellColumns }
    /// Its grid cell's anchor (`gridCellAnchor`).
    var gridCellAnchor: UnitPoint? { node.traits.gridCellAnchor }
    /// The axes on which its grid cell does not size its column or row (`gridCellUnsizedAxes`).
    var gridCellUnsizedAxes: Axis.Set { node.traits.gridCellUnsizedAxes }
    /// Its `gridColumnAlignment`.
    var gridColumnAlignment: HorizontalAlignment? { node.traits.gridColumnAlignment }
}

extension LayoutSubviews {
    /// The pass the subviews are asked in: a layout's remembered geometry holds within one pass.
    var passID: UInt32 { pass.stamps.pass }
    /// Calls `body` with the subview at `i`, not retained (the subviews array keeps it alive).
    @inline(__always) private func withNode<R>(_ i: Int, _ body: (LayoutNode) -> R) -> R {
        nodes.unretained(i)._withUnsafeGuaranteedRef(body)
    }
    /// The priority of the subview at `i` (no proxy is made).
    @inline(__always) func priority(at i: Int) -> Double { withNode(i) { $0.priority } }
    /// The size of the subview at `i` for `p` (no proxy is made).
    @inline(__always) func size(at i: Int, _ p: ProposedViewSize) -> CGSize {
        withNode(i) { pass.size(of: $0, p) }
    }
    /// The sizes of the subview at `i` for `a` and for `b` (no proxy is made).
    @inline(__always) func sizes(at i: Int, _ a: ProposedViewSize, _ b: ProposedViewSize) -> (CGSize, CGSize) {
        withNode(i) { node in (pass.size(of: node, a), pass.size(of: node, b)) }
    }
    /// The dimensions of the subview at `i` for `p` (no proxy is made).
    @inline(__always) func dimensions(at i: Int, _ p: ProposedViewSize) -> ViewDimensions {
        withNode(i) { pass.dimensions(of: $0, p) }
    }
    /// The dimensions of the subview at `i` when it has `size` (what it answered in this pass):
    /// its guides read from it, nothing measured.
    @inline(__always) func dimensions(at i: Int, size: CGSize) -> ViewDimensions {
        withNode(i) { ViewDimensions(width: size.width, height: size.height, source: pass.guideSource($0)) }
    }
    /// Whether the size of the subview at `i` does not depend on the proposed length on `axis`
    /// (`LayoutNode.ignoredProposalAxes`): any length there gets the answer 0 gets.
    @inline(__always) func ignoresProposal(_ axis: Axis, at i: Int) -> Bool {
        withNode(i) { $0.ignoredProposalAxes.rawValue & (axis == .horizontal ? 1 : 2) != 0 }
    }
    /// Places the subview at `i` by its top-leading corner with the size it has for `proposal`,
    /// which the caller measured in this pass (no proxy is made and the memo is not asked again).
    @inline(__always) func place(at i: Int, _ origin: CGPoint, measured size: CGSize, proposal: ProposedViewSize) {
        withNode(i) { pass.placeMeasured($0, at: origin, size: size, proposal: proposal) }
    }
}
