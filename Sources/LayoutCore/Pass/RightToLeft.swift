import Foundation

/// Right-to-left layout, as SwiftUI does it: layouts place their subviews left to right, and
/// each view's x within a parent whose layout direction is right to left is mirrored
/// ("SwiftUI horizontally flips the x position of each view within its parent", `LayoutDirection`).
///
/// So a right-to-left `HStack` puts its first subview on the right, `.leading` alignment and
/// `padding(.leading, …)` are on the right, and an `offset(x:)` or `position(x:)` counts from the
/// right edge, while sizes, y positions and a view's own drawing (text glyphs, images) stay as
/// they are. A view that sets its direction back to left to right keeps its own subviews
/// unmirrored inside its mirrored place.
enum RightToLeft {
    /// The frames with every view's x mirrored within each parent that lays out right to left
    /// (`LayoutNode.mirrorsChildren`); `nodes` are the views in pre-order, parents first.
    static func mirrored(_ frames: [CGRect], nodes: [LayoutNode]) -> [CGRect] {
        var out = frames
        guard nodes.count == frames.count else { return out }
        for i in nodes.indices {
            guard let parent = nodes[i].parent else { continue }
            let p = parent.index
            let f = frames[i], pf = frames[p]
            // A view not placed this pass (NaN) keeps its frame.
            guard f.minX.isFinite, f.width.isFinite, pf.minX.isFinite, pf.width.isFinite else { continue }
            let local = f.minX - pf.minX
            let x = parent.mirrorsChildren ? pf.width - local - f.width : local
            out[i].origin.x = out[p].minX + x
        }
        return out
    }
}
