import Foundation

/// A proposal for the size of a view, as in SwiftUI.
///
/// Each dimension is independent: a concrete value asks "fit in this length", `0` asks for the
/// minimum, `.infinity` for the maximum, and `nil` for the ideal length.
public struct ProposedViewSize: Equatable, Hashable, Sendable, Codable {
    /// The proposed horizontal size, or `nil` for "your ideal width".
    public var width: CGFloat?
    /// The proposed vertical size, or `nil` for "your ideal height".
    public var height: CGFloat?

    /// Creates a proposal; a nil dimension asks for the ideal length on that axis.
    @inlinable public init(width: CGFloat?, height: CGFloat?) {
        self.width = width
        self.height = height
    }

    /// Creates a proposal with both dimensions of `size`.
    @inlinable public init(_ size: CGSize) {
        self.width = size.width
        self.height = size.height
    }

    /// The proposal of zero width and height: "respond with your minimum size".
    public static let zero = ProposedViewSize(width: 0, height: 0)
    /// The proposal of infinite width and height: "respond with your maximum size".
    public static let infinity = ProposedViewSize(width: .infinity, height: .infinity)
    /// The proposal of nil width and height: "respond with your ideal size".
    public static let unspecified = ProposedViewSize(width: nil, height: nil)

    /// Creates a size from the proposal, replacing `nil` dimensions with those of `size`
    /// (10×10 by default, so flexible views never vanish into a zero frame).
    @inlinable public func replacingUnspecifiedDimensions(
        by size: CGSize = CGSize(width: 10, height: 10)
    ) -> CGSize {
        CGSize(width: width ?? size.width, height: height ?? size.height)
    }

    /// The proposed length along `axis`.
    @inlinable package subscript(axis: Axis) -> CGFloat? {
        get { axis == .horizontal ? width : height }
        set { if axis == .horizontal { width = newValue } else { height = newValue } }
    }

    @inlinable init(major: CGFloat?, minor: CGFloat?, axis: Axis) {
        if axis == .horizontal { self.init(width: major, height: minor) } else { self.init(width: minor, height: major) }
    }

    /// The proposal with NaN and negative dimensions clamped to 0 (containers never propose
    /// negative or NaN lengths to children; see `LayoutDiagnostic`).
    @inlinable var sanitized: ProposedViewSize {
        ProposedViewSize(width: width.map { $0.isNaN ? 0 : Swift.max($0, 0) },
                         height: height.map { $0.isNaN ? 0 : Swift.max($0, 0) })
    }

    /// No NaN or negative length (`>= 0` is false for NaN).
    @inlinable @inline(__always) var isSane: Bool {
        if let w = width, !(w >= 0) { return false }
        if let h = height, !(h >= 0) { return false }
        return true
    }
}

extension ProposedViewSize: CustomStringConvertible {
    /// The proposal as "(width, height)", with nil and ∞ spelled out.
    public var description: String {
        func f(_ v: CGFloat?) -> String {
            guard let v else { return "nil" }
            if v == .infinity { return "∞" }
            return formatLength(v)
        }
        return "(\(f(width)), \(f(height)))"
    }
}

/// Formats a length compactly: integers without a fraction, others with up to 3 decimals.
@usableFromInline package func formatLength(_ v: CGFloat) -> String {
    if v.isNaN { return "nan" }
    if v == .infinity { return "∞" }
    if v == -.infinity { return "-∞" }
    if v == v.rounded() && abs(v) < 1e15 { return String(Int(v)) }
    var s = String(format: "%.3f", Double(v))
    while s.hasSuffix("0") { s.removeLast() }
    if s.hasSuffix(".") { s.removeLast() }
    return s
}
