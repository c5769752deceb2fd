import Foundation

extension ShapeKind {
    /// A shape's or Color's size: the proposal, 10 on a nil axis (<doc:LeafRules>).
    ///
    /// SwiftUI Field Guide, "Ideal Size": shapes take whatever they are proposed, infinity
    /// included, and 10 where nothing is (`replacingUnspecifiedDimensions()`'s default), so
    /// stacks treat them as the most flexible views. A custom shape answers its own
    /// `sizeThatFits` (iOS 16).
    @inline(__always) func size(_ p: ProposedViewSize) -> CGSize {
        if let resolver = customResolver { return resolver.sizeThatFits(p) }
        return ShapeKind.builtInSize(p)
    }

    /// A built-in shape's or Color's size (every shape but `.custom`), without reading the shape.
    @inline(__always) static func builtInSize(_ p: ProposedViewSize) -> CGSize {
        p.replacingUnspecifiedDimensions()
    }

    /// The default spacing on every edge; priority 0 and no explicit guides.
    var spacing: ViewSpacing { ViewSpacing() }
}
