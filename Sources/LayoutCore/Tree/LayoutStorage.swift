import Foundation

/// A container node's layout, type-erased, with the layout's cache.
///
/// The cache is made on first use inside a pass (so `makeCache` may measure subviews) and kept
/// across passes until the view tree is rebuilt, as SwiftUI keeps it until the layout or its
/// subviews change.
package class LayoutStorage {
    let typeName: String
    let layoutProperties: LayoutProperties
    /// `BuiltInLayout.reportsNegativeSizes` (false for custom layouts).
    let reportsNegativeSizes: Bool
    /// `BuiltInLayout.passesSinglePriority` (false for custom layouts).
    let passesSinglePriority: Bool
    /// Whether the layout may report explicit guides of its own, not only its subviews' merged
    /// (`BuiltInLayout.guidesComeFromSubviews`; true for custom layouts).
    let mayReportOwnGuides: Bool
    /// `BuiltInLayout.sizeFollowsSubviews` (false for custom layouts, which may read the
    /// proposal themselves).
    let sizeFollowsSubviews: Bool
    /// `BuiltInLayout.placesEachSubviewOnce` (false for custom layouts, whose placements are
    /// recorded and committed after their `placeSubviews`). Used only where the container's
    /// children are shallow (`LayoutNode.hasShallowChildren`): a stack of stacks records.
    let placesEachSubviewOnce: Bool
    init(typeName: String, layoutProperties: LayoutProperties, builtIn: (any BuiltInLayout.Type)?) {
        self.typeName = typeName; self.layoutProperties = layoutProperties
        reportsNegativeSizes = builtIn?.reportsNegativeSizes ?? false
        passesSinglePriority = builtIn?.passesSinglePriority ?? false
        mayReportOwnGuides = !(builtIn?.guidesComeFromSubviews ?? false)
        sizeFollowsSubviews = builtIn?.sizeFollowsSubviews ?? false
        placesEachSubviewOnce = builtIn?.placesEachSubviewOnce ?? false
    }
    func sizeThatFits(_ proposal: ProposedViewSize, _ subviews: LayoutSubviews) -> CGSize { fatalError("abstract") }
    func placeSubviews(_ bounds: CGRect, _ proposal: ProposedViewSize, _ subviews: LayoutSubviews) { fatalError("abstract") }
    func spacing(_ subviews: LayoutSubviews) -> ViewSpacing { fatalError("abstract") }
    func explicitAlignment(_ key: AlignmentKey, _ bounds: CGRect, _ proposal: ProposedViewSize, _ subviews: LayoutSubviews) -> CGFloat? { fatalError("abstract") }
    /// Whether the layout's answers depend on its container's proposal (`containerRelativeFrame`)
    /// rather than only on its own proposal: such a view, and the views around it up to the next
    /// scroll view, never reuse sizes from an earlier pass.
    var readsContainerProposal: Bool { false }
    /// Combines the layout's type and value into a view's fingerprint (`NodeFingerprint.swift`).
    func fingerprint(into f: inout FingerprintBuilder) {}
    /// Forgets the cache (the subviews changed).
    func invalidateCache() {}
    /// Takes over the cache of the same container in the previous view tree, if the layout type
    /// is the same: the next use calls `updateCache` instead of `makeCache`, as SwiftUI does when
    /// a container's layout value or subviews change.
    func adoptCache(from old: LayoutStorage) {}
    /// Notes that a subview was replaced: the next use updates the cache (`updateCache`), as
    /// SwiftUI does when a container's subviews change.
    func subviewsChanged() {}
}

package class ConcreteLayoutStorage<L: Layout>: LayoutStorage {
    var layout: L
    /// Unchecked: a pass's accesses never overlap, as a view's layout is never asked anything
    /// while it is answering (its subviews are other views with storages of their own); a
    /// dynamic check would cost a call on every access.
    @exclusivity(unchecked) var cache: L.Cache?
    var needsCacheUpdate = false

    package init(_ layout: L, typeName: String) {
        self.layout = layout
        // Read once per container: the pass then tests stored flags, not types.
        super.init(typeName: typeName, layoutProperties: L.layoutProperties, builtIn: L.self as? any BuiltInLayout.Type)
    }

    // A built-in layout's calls use the cache where it is stored: the engine's own layouts
    // never re-enter their storage.
    @inline(__always) final func inPlaceSizeThatFits(_ proposal: ProposedViewSize, _ subviews: LayoutSubviews) -> CGSize {
        ensureCache(subviews)
        return layout.sizeThatFits(proposal: proposal, subviews: subviews, cache: &cache!)
    }
    @inline(__always) final func inPlacePlaceSubviews(_ bounds: CGRect, _ proposal: ProposedViewSize, _ subviews: LayoutSubviews) {
        ensureCache(subviews)
        layout.placeSubviews(in: bounds, proposal: proposal, subviews: subviews, cache: &cache!)
    }
    @inline(__always) final func inPlaceSpacing(_ subviews: LayoutSubviews) -> ViewSpacing {
        ensureCache(subviews)
        return layout.spacing(subviews: subviews, cache: &cache!)
    }

    @inline(__always) private func ensureCache(_ subviews: LayoutSubviews) {
        if cache == nil {
            makeCache(subviews)
        } else if needsCacheUpdate {
            updateCache(subviews)
        }
    }
    // Out of line: once per container, and its locals would otherwise sit in every recursive
    // frame of the pass (a pass recurses through `sizeThatFits` at every level of the tree).
    @inline(never) private func makeCache(_ subviews: LayoutSubviews) {
        cache = layout.makeCache(subviews: subviews)
    }
    @inline(never) private func updateCache(_ subviews: LayoutSubviews) {
        needsCacheUpdate = false
        layout.updateCache(&cache!, subviews: subviews)
    }

    // A custom layout's call takes the cache out of the storage for its duration: a person's
    // layout may do anything, and the cache stays whole whatever it does.
    override func sizeThatFits(_ proposal: ProposedViewSize, _ subviews: LayoutSubviews) -> CGSize {
        ensureCache(subviews)
        var c = cache.take()!
        defer { cache = c }
        return layout.sizeThatFits(proposal: proposal, subviews: subviews, cache: &c)
    }
    override func placeSubviews(_ bounds: CGRect, _ proposal: ProposedViewSize, _ subviews: LayoutSubviews) {
        ensureCache(subviews)
        var c = cache.take()!
        defer { cache = c }
        layout.placeSubviews(in: bounds, proposal: proposal, subviews: subviews, cache: &c)
    }
    override func spacing(_ subviews: LayoutSubviews) -> ViewSpacing {
        ensureCache(subviews)
        var c = cache.take()!
        defer { cache = c }
        return layout.spacing(subviews: subviews, cache: &c)
    }
    override func explicitAlignment(_ key: AlignmentKey, _ bounds: CGRect, _ proposal: ProposedViewSize, _ subviews: LayoutSubviews) -> CGFloat? {
        concreteExplicitAlignment(key, bounds, proposal, subviews)
    }
    /// Shared with the built-in layouts' storages: a guide's value is asked rarely, so they
    /// take the cache out too.
    @inline(__always) final func concreteExplicitAlignment(_ key: AlignmentKey, _ bounds: CGRect, _ proposal: ProposedViewSize, _ subviews: LayoutSubviews) -> CGFloat? {
        ensureCache(subviews)
        var c = cache.take()!
        defer { cache = c }
        if key.axis == .horizontal {
            return layout.explicitAlignment(of: HorizontalAlignment(key: key), in: bounds, proposal: proposal, subviews: subviews, cache: &c)
        } else {
            return layout.explicitAlignment(of: VerticalAlignment(key: key), in: bounds, proposal: proposal, subviews: subviews, cache: &c)
        }
    }
    override var readsContainerProposal: Bool { L.self is any ContainerProposalReading.Type }
    override func fingerprint(into f: inout FingerprintBuilder) { fingerprintLayout(layout, into: &f) }
    override func invalidateCache() { cache = nil; needsCacheUpdate = false }
    override func subviewsChanged() { if cache != nil { needsCacheUpdate = true } }
    override func adoptCache(from old: LayoutStorage) {
        guard let old = old as? ConcreteLayoutStorage<L>, let oldCache = old.cache else { return }
        cache = oldCache
        needsCacheUpdate = true
    }
}

/// The storages of the built-in layouts, their methods compiled for their layout.
///
/// Called through the vtable, a generic class's method is its unspecialised code, which only
/// then calls a specialisation: two frames (together about 1.6 KB) at every level of a deep
/// tree's pass. A subclass for one layout type overrides them with code for that type alone,
/// which uses the cache where it is stored instead of moving it out and back (a stack's is
/// 128 bytes).
final class HStackLayoutStorage: ConcreteLayoutStorage<HStackLayout> {
    override func sizeThatFits(_ p: ProposedViewSize, _ s: LayoutSubviews) -> CGSize { inPlaceSizeThatFits(p, s) }
    override func placeSubviews(_ b: CGRect, _ p: ProposedViewSize, _ s: LayoutSubviews) { inPlacePlaceSubviews(b, p, s) }
    override func spacing(_ s: LayoutSubviews) -> ViewSpacing { inPlaceSpacing(s) }
    override func explicitAlignment(_ k: AlignmentKey, _ b: CGRect, _ p: ProposedViewSize, _ s: LayoutSubviews) -> CGFloat? { concreteExplicitAlignment(k, b, p, s) }
}
final class VStackLayoutStorage: ConcreteLayoutStorage<VStackLayout> {
    override func sizeThatFits(_ p: ProposedViewSize, _ s: LayoutSubviews) -> CGSize { inPlaceSizeThatFits(p, s) }
    override func placeSubviews(_ b: CGRect, _ p: ProposedViewSize, _ s: LayoutSubviews) { inPlacePlaceSubviews(b, p, s) }
    override func spacing(_ s: LayoutSubviews) -> ViewSpacing { inPlaceSpacing(s) }
    override func explicitAlignment(_ k: AlignmentKey, _ b: CGRect, _ p: ProposedViewSize, _ s: LayoutSubviews) -> CGFloat? { concreteExplicitAlignment(k, b, p, s) }
}
final class ZStackLayoutStorage: ConcreteLayoutStorage<ZStackLayout> {
    override func sizeThatFits(_ p: ProposedViewSize, _ s: LayoutSubviews) -> CGSize { inPlaceSizeThatFits(p, s) }
    override func placeSubviews(_ b: CGRect, _ p: ProposedViewSize, _ s: LayoutSubviews) { inPlacePlaceSubviews(b, p, s) }
    override func spacing(_ s: LayoutSubviews) -> ViewSpacing { inPlaceSpacing(s) }
    override func explicitAlignment(_ k: AlignmentKey, _ b: CGRect, _ p: ProposedViewSize, _ s: LayoutSubviews) -> CGFloat? { concreteExplicitAlignment(k, b, p, s) }
}
final class GridLayoutStorage: ConcreteLayoutStorage<GridLayout> {
    override func sizeThatFits(_ p: ProposedViewSize, _ s: LayoutSubviews) -> CGSize { inPlaceSizeThatFits(p, s) }
    override func placeSubviews(_ b: CGRect, _ p: ProposedViewSize, _ s: LayoutSubviews) { inPlacePlaceSubviews(b, p, s) }
    override func spacing(_ s: LayoutSubviews) -> ViewSpacing { inPlaceSpacing(s) }
    override func explicitAlignment(_ k: AlignmentKey, _ b: CGRect, _ p: ProposedViewSize, _ s: LayoutSubviews) -> CGFloat? { concreteExplicitAlignment(k, b, p, s) }
}

/// The storage for a container laid out by `layout`: the engine's own stacks and grid get a
/// storage compiled for their type (`HStackLayoutStorage`, …), any other layout the generic one.
package func makeLayoutStorage<L: Layout>(_ layout: L, typeName: String) -> LayoutStorage {
    if L.self == HStackLayout.self { return HStackLayoutStorage(unsafeBitCast(layout, to: HStackLayout.self), typeName: typeName) }
    if L.self == VStackLayout.self { return VStackLayoutStorage(unsafeBitCast(layout, to: VStackLayout.self), typeName: typeName) }
    if L.self == ZStackLayout.self { return ZStackLayoutStorage(unsafeBitCast(layout, to: ZStackLayout.self), typeName: typeName) }
    if L.self == GridLayout.self { return GridLayoutStorage(unsafeBitCast(layout, to: GridLayout.self), typeName: typeName) }
    return ConcreteLayoutStorage(layout, typeName: typeName)
}

extension HorizontalAlignment { init(key: AlignmentKey) { self.key = key } }
extension VerticalAlignment { init(key: AlignmentKey) { self.key = key } }

/// A layout whose answers depend on the proposal of the container it measures against (the
/// window or the nearest scroll view), not only on its own proposal.
package protocol ContainerProposalReading {}

/// One of the engine's own layouts (stacks, ZStack, Grid), with the privileges SwiftUI's built-in
/// containers have over a custom `Layout`. Each is read once, when a container's storage is made.
protocol BuiltInLayout: Layout {
    /// Its sizes follow SwiftUI even when negative: an HStack with negative spacing can be
    /// shorter than nothing (a custom layout's negative size is treated as 0).
    static var reportsNegativeSizes: Bool { get }
    /// With one subview it reports that subview's layout priority, not 0 (native probes G11,
    /// K2a, GS15).
    static var passesSinglePriority: Bool { get }
    /// Its explicit guides are only its subviews' merged, so a subtree without any explicit
    /// guide needs no guide query (`LayoutNode.mayHaveExplicitGuides`).
    static var guidesComeFromSubviews: Bool { get }
    /// Its size is a function of its subviews' sizes alone: the proposal reaches the size only
    /// through the subviews (the stacks and `ZStack` add the subviews' lengths or take their
    /// union; they never clamp to the proposal). So a proposal axis that none of its subviews'
    /// sizes depends on, its own size does not depend on either (`ignoredProposalAxes`).
    static var sizeFollowsSubviews: Bool { get }
    /// Its `placeSubviews` places every subview exactly once and reads nothing a placement
    /// changes: each placement is committed as it is made (`LayoutPass.placeDirectly`),
    /// without a record in the placement arena (56 bytes per subview of the containers placing
    /// at once). A custom layout's may place a subview twice (the last call wins) or not at
    /// all, so its placements are recorded.
    static var placesEachSubviewOnce: Bool { get }
}
