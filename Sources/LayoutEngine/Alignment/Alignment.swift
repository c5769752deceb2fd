import Foundation

/// An alignment position along the horizontal axis, as in SwiftUI.
public struct HorizontalAlignment: Equatable, Sendable {
    @usableFromInline let key: AlignmentKey
    /// Creates a custom alignment from an `AlignmentID` type.
    public init(_ id: any AlignmentID.Type) { key = AlignmentKey(id, axis: .horizontal) }

    public static let leading = HorizontalAlignment(LeadingAlignmentID.self)
    public static let center = HorizontalAlignment(HorizontalCenterAlignmentID.self)
    public static let trailing = HorizontalAlignment(TrailingAlignmentID.self)
    /// Combines children's explicit values with this guide's rule (mean, min, max or none).
    public func combineExplicit<S: Sequence>(_ values: S) -> CGFloat? where S.Element == CGFloat? {
        combine(key, values)
    }
}

/// An alignment position along the vertical axis, as in SwiftUI.
public struct VerticalAlignment: Equatable, Sendable {
    @usableFromInline let key: AlignmentKey
    /// Creates a custom alignment from an `AlignmentID` type.
    public init(_ id: any AlignmentID.Type) { key = AlignmentKey(id, axis: .vertical) }

    public static let top = VerticalAlignment(TopAlignmentID.self)
    public static let center = VerticalAlignment(VerticalCenterAlignmentID.self)
    public static let bottom = VerticalAlignment(BottomAlignmentID.self)
    public static let firstTextBaseline = VerticalAlignment(FirstTextBaselineAlignmentID.self)
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
    public var horizontal: HorizontalAlignment
    public var vertical: VerticalAlignment
    public init(horizontal: HorizontalAlignment, vertical: VerticalAlignment) {
        self.horizontal = horizontal; self.vertical = vertical
    }
    public static let center = Alignment(horizontal: .center, vertical: .center)
    public static let leading = Alignment(horizontal: .leading, vertical: .center)
    public static let trailing = Alignment(horizontal: .trailing, vertical: .center)
    public static let top = Alignment(horizontal: .center, vertical: .top)
    public static let bottom = Alignment(horizontal: .center, vertical: .bottom)
    public static let topLeading = Alignment(horizontal: .leading, vertical: .top)
    public static let topTrailing = Alignment(horizontal: .trailing, vertical: .top)
    public static let bottomLeading = Alignment(horizontal: .leading, vertical: .bottom)
    public static let bottomTrailing = Alignment(horizontal: .trailing, vertical: .bottom)
    public static let centerFirstTextBaseline = Alignment(horizontal: .center, vertical: .firstTextBaseline)
    public static let centerLastTextBaseline = Alignment(horizontal: .center, vertical: .lastTextBaseline)
    public static let leadingFirstTextBaseline = Alignment(horizontal: .leading, vertical: .firstTextBaseline)
    public static let leadingLastTextBaseline = Alignment(horizontal: .leading, vertical: .lastTextBaseline)
    public static let trailingFirstTextBaseline = Alignment(horizontal: .trailing, vertical: .firstTextBaseline)
    public static let trailingLastTextBaseline = Alignment(horizontal: .trailing, vertical: .lastTextBaseline)

    @inlinable func key(_ axis: Axis) -> AlignmentKey { axis == .horizontal ? horizontal.key : vertical.key }
}

/// Dimensions of a view: its size and its alignment guides, in its own coordinate space, as in
/// SwiftUI.
///
/// `d[guide]` is the view's explicit value for the guide if it has one (set with
/// `alignmentGuide(_:computeValue:)` or reported by its layout) and the guide's default otherwise.
public struct ViewDimensions: Equatable {
    public let width: CGFloat
    public let height: CGFloat
    /// Where explicit guide values come from; nil for a plain size.
    let source: GuideSource?

    init(width: CGFloat, height: CGFloat, source: GuideSource? = nil) {
        self.width = width; self.height = height; self.source = source
    }

    /// The value of `guide`: explicit if the view has one, the guide's default otherwise.
    public subscript(guide: HorizontalAlignment) -> CGFloat { self[key: guide.key] }
    public subscript(guide: VerticalAlignment) -> CGFloat { self[key: guide.key] }
    /// The explicit value of `guide`, or nil when the view does not set one.
    public subscript(explicit guide: HorizontalAlignment) -> CGFloat? { explicitValue(guide.key) }
    public subscript(explicit guide: VerticalAlignment) -> CGFloat? { explicitValue(guide.key) }

    @inlinable subscript(key key: AlignmentKey) -> CGFloat {
        explicitValue(key) ?? key.id.defaultValue(in: self)
    }

    @usableFromInline func explicitValue(_ key: AlignmentKey) -> CGFloat? {
        guard let source else { return nil }
        return source.explicitAlignment(key, size: CGSize(width: width, height: height))
    }

    var size: CGSize { CGSize(width: width, height: height) }

    public static func == (l: ViewDimensions, r: ViewDimensions) -> Bool {
        l.width == r.width && l.height == r.height && l.source?.node === r.source?.node
    }
}

/// The node and pass that answer explicit-guide questions for a `ViewDimensions`.
struct GuideSource {
    let node: LayoutNode
    let pass: LayoutPass
    @inline(__always) func explicitAlignment(_ key: AlignmentKey, size: CGSize) -> CGFloat? {
        pass.explicitAlignment(of: node, key, size: size)
    }
}
