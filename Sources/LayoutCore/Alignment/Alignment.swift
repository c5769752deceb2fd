import Foundation

/// An alignment position along the horizontal axis, as in SwiftUI.
public struct HorizontalAlignment: Equatable, Sendable {
    @usableFromInline package let key: AlignmentKey
    /// Creates a custom alignment from an `AlignmentID` type.
    public init(_ id: any AlignmentID.Type) { key = AlignmentKey(id, axis: .horizontal) }

    /// The leading edge (x = 0). Frame alignment: stacks don't combine children's explicit values for it.
    public static let leading = HorizontalAlignment(LeadingAlignmentID.self)
    /// The horizontal centre (x = width / 2). Frame alignment: stacks don't combine children's explicit values for it.
    public static let center = HorizontalAlignment(HorizontalCenterAlignmentID.self)
    /// The trailing edge (x = width). Frame alignment: stacks don't combine children's explicit values for it.
    public static let trailing = HorizontalAlignment(TrailingAlignmentID.self)
    /// Combines children's explicit values with this guide's rule (mean, min, max or none).
    public func combineExplicit<S: Sequence>(_ values: S) -> CGFloat? where S.Element == CGFloat? {
        combine(key, values)
    }
}

/// An alignment position along the vertical axis, as in SwiftUI.
public struct VerticalAlignment: Equatable, Sendable {
    @usableFromInline package let key: AlignmentKey
    /// Creates a custom alignment from an `AlignmentID` type.
    public init(_ id: any AlignmentID.Type) { key = AlignmentKey(id, axis: .vertical) }

    /// The top edge (y = 0). Frame alignment: stacks don't combine children's explicit values for it.
    public static let top = VerticalAlignment(TopAlignmentID.self)
    /// The vertical centre (y = height / 2). Frame alignment: stacks don't combine children's explicit values for it.
    public static let center = VerticalAlignment(VerticalCenterAlignmentID.self)
    /// The bottom edge (y = height). Frame alignment: stacks don't combine children's explicit values for it.
    public static let bottom = VerticalAlignment(BottomAlignmentID.self)
    /// The first line's baseline; the bottom edge for a view without text. Containers take the minimum of their children's values.
    public static let firstTextBaseline = VerticalAlignment(FirstTextBaselineAlignmentID.self)
    /// The last line's baseline; the bottom edge for a view without text. Containers take the maximum of their children's values.
    public static let lastTextBaseline = VerticalAlignment(LastTextBaselineAlignmentID.self)
    /// Combines children's explicit values with this guide's rule (mean, min, max or none).
    public func combineExplicit<S: Sequence>(_ values: S) -> CGFloat? where S.Element == CGFloat? {
        combine(key, values)
    }
}

private func combine<S: Sequence>(_ key: AlignmentKey, _ values: S) -> CGFloat? where S.Element == CGFloat? {
    var result: CGFloat? = nil
    var n = 0
    for case let v? in values {
        key.id._combineExplicit(childValue: v, n, into: &result)
        n += 1
    }
    return result
}

/// An alignment in both axes, as in SwiftUI.
public struct Alignment: Equatable, Sendable {
    /// The alignment on the horizontal axis.
    public var horizontal: HorizontalAlignment
    /// The alignment on the vertical axis.
    public var vertical: VerticalAlignment
    /// Creates an alignment from a horizontal and a vertical guide.
    public init(horizontal: HorizontalAlignment, vertical: VerticalAlignment) {
        self.horizontal = horizontal; self.vertical = vertical
    }
    /// Centred in both axes.
    public static let center = Alignment(horizontal: .center, vertical: .center)
    /// Leading edge, vertically centred.
    public static let leading = Alignment(horizontal: .leading, vertical: .center)
    /// Trailing edge, vertically centred.
    public static let trailing = Alignment(horizontal: .trailing, vertical: .center)
    /// Top edge, horizontally centred.
    public static let top = Alignment(horizontal: .center, vertical: .top)
    /// Bottom edge, horizontally centred.
    public static let bottom = Alignment(horizontal: .center, vertical: .bottom)
    /// Top-leading corner.
    public static let topLeading = Alignment(horizontal: .leading, vertical: .top)
    /// Top-trailing corner.
    public static let topTrailing = Alignment(horizontal: .trailing, vertical: .top)
    /// Bottom-leading corner.
    public static let bottomLeading = Alignment(horizontal: .leading, vertical: .bottom)
    /// Bottom-trailing corner.
    public static let bottomTrailing = Alignment(horizontal: .trailing, vertical: .bottom)
    /// Horizontally centred, on the first text baseline.
    public static let centerFirstTextBaseline = Alignment(horizontal: .center, vertical: .firstTextBaseline)
    /// Horizontally centred, on the last text baseline.
    public static let centerLastTextBaseline = Alignment(horizontal: .center, vertical: .lastTextBaseline)
    /// Leading edge, on the first text baseline.
    public static let leadingFirstTextBaseline = Alignment(horizontal: .leading, vertical: .firstTextBaseline)
    /// Leading edge, on the last text baseline.
    public static let leadingLastTextBaseline = Alignment(horizontal: .leading, vertical: .lastTextBaseline)
    /// Trailing edge, on the first text baseline.
    public static let trailingFirstTextBaseline = Alignment(horizontal: .trailing, vertical: .firstTextBaseline)
    /// Trailing edge, on the last text baseline.
    public static let trailingLastTextBaseline = Alignment(horizontal: .trailing, vertical: .lastTextBaseline)

    @inlinable func key(_ axis: Axis) -> AlignmentKey { axis == .horizontal ? horizontal.key : vertical.key }
}

/// Dimensions of a view: its size and its alignment guides, in its own coordinate space, as in
/// SwiftUI.
///
/// `d[guide]` is the view's explicit value for the guide if it has one (set with
/// `alignmentGuide(_:computeValue:)` or reported by its layout) and the guide's default otherwise.
public struct ViewDimensions: Equatable {
    /// The view's width.
    public let width: CGFloat
    /// The view's height.
    public let height: CGFloat
    /// Where explicit guide values come from; nil for a plain size.
    let source: GuideSource?

    package init(width: CGFloat, height: CGFloat, source: GuideSource? = nil) {
        self.width = width; self.height = height; self.source = source
    }

    /// The value of `guide`: explicit if the view has one, the guide's default otherwise.
    public subscript(guide: HorizontalAlignment) -> CGFloat { self[key: guide.key] }
    /// The value of `guide`: explicit if the view has one, the guide's default otherwise.
    public subscript(guide: VerticalAlignment) -> CGFloat { self[key: guide.key] }
    /// The explicit value of `guide`, or nil when the view does not set one.
    public subscript(explicit guide: HorizontalAlignment) -> CGFloat? { explicitValue(guide.key) }
    /// The explicit value of `guide`, or nil when the view does not set one.
    public subscript(explicit guide: VerticalAlignment) -> CGFloat? { explicitValue(guide.key) }

    @inlinable subscript(key key: AlignmentKey) -> CGFloat {
        explicitValue(key) ?? key.defaultValue(in: self)
    }

    @usableFromInline func explicitValue(_ key: AlignmentKey) -> CGFloat? {
        guard let source else { return nil }
        return source.explicitAlignment(key, size: CGSize(width: width, height: height))
    }

    var size: CGSize { CGSize(width: width, height: height) }

    /// Equal when the sizes match and both come from the same view (or neither has guides).
    public static func == (l: ViewDimensions, r: ViewDimensions) -> Bool {
        l.width == r.width && l.height == r.height && l.source?.node === r.source?.node
    }
}

/// The node and pass that answer explicit-guide questions for a `ViewDimensions`.
package struct GuideSource {
    let node: LayoutNode
    let pass: LayoutPass
    @inline(__always) func explicitAlignment(_ key: AlignmentKey, size: CGSize) -> CGFloat? {
        pass.explicitAlignment(of: node, key, size: size)
    }
}
