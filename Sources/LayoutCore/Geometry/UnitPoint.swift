import Foundation

/// A normalized 2D point in a view's coordinate space, as in SwiftUI: (0, 0) is the top-leading
/// corner and (1, 1) the bottom-trailing corner.
public struct UnitPoint: Hashable, Sendable {
    /// The horizontal position: 0 is the leading edge, 1 the trailing edge.
    public var x: CGFloat
    /// The vertical position: 0 is the top edge, 1 the bottom edge.
    public var y: CGFloat
    /// Creates the point (0, 0), the top-leading corner.
    public init() { x = 0; y = 0 }
    /// Creates a point from unit coordinates.
    public init(x: CGFloat, y: CGFloat) { self.x = x; self.y = y }

    /// (0, 0): the top-leading corner.
    public static let zero = UnitPoint(x: 0, y: 0)
    /// (0.5, 0.5): the centre.
    public static let center = UnitPoint(x: 0.5, y: 0.5)
    /// (0, 0.5): the middle of the leading edge.
    public static let leading = UnitPoint(x: 0, y: 0.5)
    /// (1, 0.5): the middle of the trailing edge.
    public static let trailing = UnitPoint(x: 1, y: 0.5)
    /// (0.5, 0): the middle of the top edge.
    public static let top = UnitPoint(x: 0.5, y: 0)
    /// (0.5, 1): the middle of the bottom edge.
    public static let bottom = UnitPoint(x: 0.5, y: 1)
    /// (0, 0): the top-leading corner.
    public static let topLeading = UnitPoint(x: 0, y: 0)
    /// (1, 0): the top-trailing corner.
    public static let topTrailing = UnitPoint(x: 1, y: 0)
    /// (0, 1): the bottom-leading corner.
    public static let bottomLeading = UnitPoint(x: 0, y: 1)
    /// (1, 1): the bottom-trailing corner.
    public static let bottomTrailing = UnitPoint(x: 1, y: 1)
}

extension UnitPoint: Animatable {
    /// The point's `x` and `y`, animated independently.
    public var animatableData: AnimatablePair<CGFloat, CGFloat> {
        get { AnimatablePair(x, y) }
        set { x = newValue.first; y = newValue.second }
    }
}
