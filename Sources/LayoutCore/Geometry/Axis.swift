import Foundation

/// The horizontal or vertical dimension in a 2D coordinate system, as in SwiftUI.
public enum Axis: Int8, CaseIterable, Hashable, Sendable {
    case horizontal = 0
    case vertical = 1

    /// A set of axes.
    public struct Set: OptionSet, Hashable, Sendable {
        /// The set's bits: 1 horizontal, 2 vertical.
        public let rawValue: Int8
        /// Creates a set from its raw bits.
        public init(rawValue: Int8) { self.rawValue = rawValue }
        /// The horizontal axis.
        public static let horizontal = Set(rawValue: 1)
        /// The vertical axis.
        public static let vertical = Set(rawValue: 2)
    }

    /// The other axis.
    @inlinable public var other: Axis { self == .horizontal ? .vertical : .horizontal }
}

/// The direction in which a layout flows horizontally.
public enum LayoutDirection: Hashable, CaseIterable, Sendable {
    case leftToRight
    case rightToLeft
}

extension CGSize {
    /// The length along `axis`.
    @inlinable public subscript(axis: Axis) -> CGFloat {
        get { axis == .horizontal ? width : height }
        set { if axis == .horizontal { width = newValue } else { height = newValue } }
    }
    /// Creates a size from lengths on a major axis and the other axis.
    @inlinable init(major: CGFloat, minor: CGFloat, axis: Axis) {
        self = axis == .horizontal ? CGSize(width: major, height: minor) : CGSize(width: minor, height: major)
    }
}

extension CGPoint {
    @inlinable subscript(axis: Axis) -> CGFloat {
        get { axis == .horizontal ? x : y }
        set { if axis == .horizontal { x = newValue } else { y = newValue } }
    }
}
