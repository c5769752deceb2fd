import Foundation
import LayoutCore

/// A `ScrollViewProxy.scrollTo` call: the id of the view to show and where.
struct ScrollRequest {
    let id: AnyHashable
    let anchor: UnitPoint?
}

extension LivePreview {
    /// Carries out `requests` against `result`: each scrolls the innermost scroll view around the
    /// innermost shown view with its id. Returns whether any scroll view moved.
    func perform(_ requests: [ScrollRequest], in result: LayoutResult) -> Bool {
        var moved = false
        for request in requests {
            guard let target = innermostView(withID: request.id, in: result),
                  let scroll = scrollAncestor(of: target.index, in: result) else { continue }
            let delta = Self.scrollDelta(showing: target.frame, in: result.views[scroll.index].frame, anchor: request.anchor)
            guard delta != .zero else { continue }
            let hit = InteractionHit(interaction: scroll.interaction, frame: result.views[scroll.index].frame,
                                     identity: result.views[scroll.index].identity)
            if case .scroll(_, let apply) = scroll.interaction, apply(delta, overflow(of: hit, in: result)) { moved = true }
        }
        return moved
    }

    /// How far to scroll (content moving up and left for positive values) so that `target`
    /// shows in `viewport`: its `anchor` point onto the viewport's, or (no anchor) the least
    /// movement that brings it in; a view larger than the viewport shows its leading/top edge.
    static func scrollDelta(showing target: CGRect, in viewport: CGRect, anchor: UnitPoint?) -> CGSize {
        guard target.minX.isFinite, target.minY.isFinite, target.width.isFinite, target.height.isFinite,
              viewport.minX.isFinite, viewport.minY.isFinite, viewport.width.isFinite, viewport.height.isFinite else { return .zero }
        if let anchor {
            let x = anchor.x.isFinite ? anchor.x : 0, y = anchor.y.isFinite ? anchor.y : 0
            return CGSize(width: (target.minX + x * target.width) - (viewport.minX + x * viewport.width),
                          height: (target.minY + y * target.height) - (viewport.minY + y * viewport.height))
        }
        func least(_ tMin: CGFloat, _ tMax: CGFloat, _ vMin: CGFloat, _ vMax: CGFloat) -> CGFloat {
            if tMin < vMin || tMax - tMin > vMax - vMin { return tMin - vMin }
            if tMax > vMax { return tMax - vMax }
            return 0
        }
        return CGSize(width: least(target.minX, target.maxX, viewport.minX, viewport.maxX),
                      height: least(target.minY, target.maxY, viewport.minY, viewport.maxY))
    }

    /// The innermost shown view whose explicit id (or `ForEach` element id) is `id`.
    private func innermostView(withID id: AnyHashable, in result: LayoutResult) -> PlacedView? {
        var found: PlacedView?
        for view in result.views where view.isVisible && view.explicitID == id {
            found = view  // pre-order: a later match is inside an earlier one or after it
        }
        return found
    }

    /// The nearest ancestor of view `index` that scrolls, with what scrolls it.
    private func scrollAncestor(of index: Int, in result: LayoutResult) -> (index: Int, interaction: Interaction)? {
        var scrollers: [Int: Interaction] = [:]
        for (node, interaction) in graph.interactions where host.isInstalled(node) {
            if case .scroll = interaction, node.resultIndex < result.views.count { scrollers[node.resultIndex] = interaction }
        }
        var current = result.views[index].parent
        while let c = current {
            if let interaction = scrollers[c] { return (c, interaction) }
            current = result.views[c].parent
        }
        return nil
    }
}
