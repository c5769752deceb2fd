import Foundation

/// An enumeration to indicate one edge of a rectangle, as in SwiftUI.
public enum Edge: Int8, CaseIterable, Hashable, Sendable {
    case top, leading, bottom, trailing

    /// An efficient set of edges.
    public struct Set: OptionSet, Hashable, Sendable {
        /// The set's bits, one per edge (`1 << edge.rawValue`).
        public let rawValue: Int8
        /// Creates a set from its raw bits.
        public init(rawValue: Int8) { self.rawValue = rawValue }
        /// Creates a set containing only `e`.
        public init(_ e: Edge) { self.init(rawValue: 1 << e.rawValue) }
        /// The top edge.
        public static let top = Set(.top)
        /// The leading edge.
        public static let leading = Set(.leading)
        /// The bottom edge.
        public static let bottom = Set(.bottom)
        /// The trailing edge.
        public static let trailing = Set(.trailing)
        /// All four edges.
        public static let all: Set = [.top, .leading, .bottom, .trailing]
        /// The leading and trailing edges.
        public static let horizontal: Set = [.leading, .trailing]
        /// The top and bottom edges.
        public static let vertical: Set = [.top, .bottom]
    }
}

/// The horizontal edges of a rectangle.
public enum HorizontalEdge: Int8, CaseIterable, Hashable, Sendable { case leading, trailing }
/// The vertical edges of a rectangle.
public enum VerticalEdge: Int8, CaseIterable, Hashable, Sendable { case top, bottom }

/// The inset distances for the sides of a rectangle, as in SwiftUI.
public struct EdgeInsets: Hashable, Sendable {
    /// The inset from the top edge.
    public var top: CGFloat
    /// The inset from the leading edge.
    public var leading: CGFloat
    /// The inset from the bottom edge.
    public var bottom: CGFloat
    /// The inset from the trailing edge.
    public var trailing: CGFloat
    /// Creates insets from the four edge distances.
    public init(top: CGFloat, leading: CGFloat, bottom: CGFloat, trailing: CGFloat) {
        self.top = top; self.leading = leading; self.bottom = bottom; self.trailing = trailing
    }
    /// Creates zero insets.
    public init() { self.init(top: 0, leading: 0, bottom: 0, trailing: 0) }
    /// The same inset on the edges in `edges` and 0 elsewhere.
    package init(_ edges: Edge.Set, _ length: CGFloat) {
        self.init(top: edges.contains(.top) ? length : 0, leading: edges.contains(.leading) ? length : 0,
                  bottom: edges.contains(.bottom) ? length : 0, trailing: edges.contains(.trailing) ? length : 0)
    }
    @inlinable var horizontal: CGFloat { leading + trailing }
    @inlinable var vertical: CGFloat { top + bottom }
}

extension EdgeInsets: Animatable {
    /// The four insets (top, leading, bottom, trailing), animated independently.
    public var animatableData: AnimatablePair<CGFloat, AnimatablePair<CGFloat, AnimatablePair<CGFloat, CGFloat>>> {
        get { AnimatablePair(top, AnimatablePair(leading, AnimatablePair(bottom, trailing))) }
        set {
            top = newValue.first; leading = newValue.second.first
            bottom = newValue.second.second.first; trailing = newValue.second.second.second
        }
    }
}
