import Foundation

/// A type-erased layout, as in SwiftUI: switch the layout of a container without changing the
/// identity of its subviews, so a change animates every subview to its new frame.
public struct AnyLayout: Layout {
    package let box: AnyLayoutBox
    /// Wraps `layout`; wrapping an `AnyLayout` reuses its wrapped layout.
    public init<L: Layout>(_ layout: L) {
        if let any = layout as? AnyLayout { box = any.box } else { box = ConcreteAnyLayoutBox(layout) }
    }
    /// The cache of the wrapped layout.
    public struct Cache { let storage: LayoutStorage }
    /// Creates the wrapped layout's cache.
    public func makeCache(subviews: Subviews) -> Cache { Cache(storage: box.makeStorage()) }
    /// Invalidates the wrapped layout's cache.
    public func updateCache(_ cache: inout Cache, subviews: Subviews) { cache.storage.invalidateCache() }
    /// The wrapped layout's size for `proposal`.
    public func sizeThatFits(proposal: ProposedViewSize, subviews: Subviews, cache: inout Cache) -> CGSize {
        cache.storage.sizeThatFits(proposal, subviews)
    }
    /// Places the subviews with the wrapped layout.
    public func placeSubviews(in bounds: CGRect, proposal: ProposedViewSize, subviews: Subviews, cache: inout Cache) {
        cache.storage.placeSubviews(bounds, proposal, subviews)
    }
    /// The wrapped layout's preferred spacing.
    public func spacing(subviews: Subviews, cache: inout Cache) -> ViewSpacing { cache.storage.spacing(subviews) }
    /// The wrapped layout's explicit value for `guide`.
    public func explicitAlignment(of guide: HorizontalAlignment, in bounds: CGRect, proposal: ProposedViewSize, subviews: Subviews, cache: inout Cache) -> CGFloat? {
        cache.storage.explicitAlignment(guide.key, bounds, proposal, subviews)
    }
    /// The wrapped layout's explicit value for `guide`.
    public func explicitAlignment(of guide: VerticalAlignment, in bounds: CGRect, proposal: ProposedViewSize, subviews: Subviews, cache: inout Cache) -> CGFloat? {
        cache.storage.explicitAlignment(guide.key, bounds, proposal, subviews)
    }
    /// The wrapped layout's type name.
    public var wrappedTypeName: String { box.typeName }
}

package class AnyLayoutBox: @unchecked Sendable {
    package var typeName: String { fatalError("abstract") }
    package func makeStorage() -> LayoutStorage { fatalError("abstract") }
    /// The wrapped layout, when its spacing is checked as the container is built.
    package var spacingChecked: SpacingChecked? { nil }
    /// Combines the wrapped layout's type and values into a view's fingerprint.
    func fingerprint(into f: inout FingerprintBuilder) { f.markIncomparable() }
}

final class ConcreteAnyLayoutBox<L: Layout>: AnyLayoutBox, @unchecked Sendable {
    let layout: L
    init(_ layout: L) { self.layout = layout }
    override var typeName: String { String(describing: L.self) }
    override func makeStorage() -> LayoutStorage { makeLayoutStorage(layout, typeName: typeName) }
    override var spacingChecked: SpacingChecked? { layout as? SpacingChecked }
    override func fingerprint(into f: inout FingerprintBuilder) { fingerprintLayout(layout, into: &f) }
}
