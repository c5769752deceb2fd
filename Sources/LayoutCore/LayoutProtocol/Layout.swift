import Foundation

/// A type that defines the geometry of a collection of views, as in SwiftUI.
///
/// Implement `sizeThatFits(proposal:subviews:cache:)` and `placeSubviews(in:proposal:subviews:cache:)`;
/// everything else has SwiftUI's default behaviour:
/// - `makeCache` returns `()` when `Cache` is `Void`; `updateCache` rebuilds the cache;
/// - `spacing` merges the subviews' spacing preferences on all edges (`.zero` without subviews);
/// - `explicitAlignment` merges the subviews' explicit guides (placed at their positions), using
///   each guide's combine rule; the edge and centre guides merge to nothing;
/// - `layoutProperties` has no stack orientation.
/// Use a layout as a view by calling it with a view builder: `MyLayout { Text("A"); Text("B") }`.
public protocol Layout: Animatable {
    /// Properties of the layout container (its stack orientation).
    static var layoutProperties: LayoutProperties { get }
    /// Cached values the layout computes from its subviews and keeps across calls.
    associatedtype Cache = Void
    /// A collection of proxies for the subviews of a layout view.
    typealias Subviews = LayoutSubviews

    /// Creates the cache; called before the first layout call of a container.
    func makeCache(subviews: Subviews) -> Cache
    /// Updates the cache when the layout or its subviews change.
    func updateCache(_ cache: inout Cache, subviews: Subviews)
    /// The spacing preferences of the container as a whole, seen by its parent.
    func spacing(subviews: Subviews, cache: inout Cache) -> ViewSpacing
    /// The size of the container for a proposal. May be called several times per pass with
    /// different proposals (zero, infinity, unspecified, one axis at a time).
    func sizeThatFits(proposal: ProposedViewSize, subviews: Subviews, cache: inout Cache) -> CGSize
    /// Places each subview with `LayoutSubview.place(at:anchor:proposal:)`. `bounds` is in the
    /// parent's coordinate space (its origin is usually not zero); its size is a size this layout
    /// returned for `proposal`.
    func placeSubviews(in bounds: CGRect, proposal: ProposedViewSize, subviews: Subviews, cache: inout Cache)
    /// The position of a horizontal guide in the container, relative to `bounds`, or nil.
    func explicitAlignment(of guide: HorizontalAlignment, in bounds: CGRect, proposal: ProposedViewSize,
                           subviews: Subviews, cache: inout Cache) -> CGFloat?
    /// The position of a vertical guide in the container, relative to `bounds`, or nil.
    func explicitAlignment(of guide: VerticalAlignment, in bounds: CGRect, proposal: ProposedViewSize,
                           subviews: Subviews, cache: inout Cache) -> CGFloat?
}

extension Layout {
    /// No stack orientation, SwiftUI's default: Spacers inside expand both ways and Dividers are horizontal.
    public static var layoutProperties: LayoutProperties { LayoutProperties() }

    /// Rebuilds the cache with `makeCache(subviews:)`, SwiftUI's default.
    public func updateCache(_ cache: inout Cache, subviews: Subviews) {
        cache = makeCache(subviews: subviews)
    }

    /// The union of the subviews' spacing preferences on all edges (`.zero` without subviews), SwiftUI's default.
    public func spacing(subviews: Subviews, cache: inout Cache) -> ViewSpacing {
        defaultSpacing(subviews)
    }

    /// The subviews' explicit values for `guide`, at the positions `placeSubviews` gives them, combined by the guide's rule; nil for edge and centre guides.
    public func explicitAlignment(of guide: HorizontalAlignment, in bounds: CGRect, proposal: ProposedViewSize,
                                  subviews: Subviews, cache: inout Cache) -> CGFloat? {
        defaultExplicitAlignment(guide.key, in: bounds, proposal: proposal, subviews: subviews, cache: &cache)
    }

    /// The subviews' explicit values for `guide`, at the positions `placeSubviews` gives them, combined by the guide's rule; nil for edge and centre guides.
    public func explicitAlignment(of guide: VerticalAlignment, in bounds: CGRect, proposal: ProposedViewSize,
                                  subviews: Subviews, cache: inout Cache) -> CGFloat? {
        defaultExplicitAlignment(guide.key, in: bounds, proposal: proposal, subviews: subviews, cache: &cache)
    }

    /// The default merge: place the subviews into a scratch record, then combine the subviews'
    /// explicit values (offset by their positions) with the guide's combine rule.
    func defaultExplicitAlignment(_ key: AlignmentKey, in bounds: CGRect, proposal: ProposedViewSize,
                                  subviews: Subviews, cache: inout Cache) -> CGFloat? {
        // Edge and centre guides combine to nothing: skip the (costly) scratch placement.
        if key.isFrameAlignment || subviews.isEmpty { return nil }
        guard bounds.width.isFinite, bounds.height.isFinite else { return nil }
        let pass = subviews.pass, container = subviews.container
        let region = pass.beginPlacement(container)
        placeSubviews(in: bounds, proposal: proposal, subviews: subviews, cache: &cache)
        pass.endPlacement(container, region)
        var result: CGFloat? = nil
        var n = 0
        for subview in subviews {
            let node = subview.node
            let (origin, size) = pass.pendingPlacement(region, Int(node.childPosition)).map { ($0.origin, $0.size) }
                ?? pass.unplacedGeometry(node, in: bounds, proposal: proposal)
            let d = ViewDimensions(width: size.width, height: size.height, source: GuideSource(node: node, pass: pass))
            if let v = d.explicitValue(key) {
                key.id._combineExplicit(childValue: v + origin[key.axis] - bounds.origin[key.axis], n, into: &result)
                n += 1
            }
        }
        pass.releasePlacement(region)
        return result
    }
}

extension Layout where Cache == () {
    /// Returns `()`: a layout without a cache needs no `makeCache`.
    public func makeCache(subviews: Subviews) -> Cache { () }
}

func defaultSpacing(_ subviews: LayoutSubviews) -> ViewSpacing {
    if subviews.isEmpty { return .zero }
    var s = ViewSpacing()
    for subview in subviews { s.formUnion(subview.spacing) }
    return s
}

