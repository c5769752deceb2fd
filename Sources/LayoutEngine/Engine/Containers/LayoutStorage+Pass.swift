import Foundation

/// A container laid out by a `Layout` (<doc:LayoutProtocolRules>): size, spacing and guides are
/// the layout's answers (`LayoutStorage`); placement and priority are here.
extension LayoutStorage {
    /// Runs the layout's `placeSubviews`, then commits every subview where it was placed; a
    /// subview the layout did not place is centred with the container's proposal (SwiftUI's
    /// behaviour for unplaced subviews).
    func place(_ node: LayoutNode, frame: CGRect, proposal: ProposedViewSize, in pass: LayoutPass) {
        let subviews = pass.subviews(of: node)
        let region = pass.beginPlacement(node)
        placeSubviews(frame, proposal, subviews)
        pass.endPlacement(node, region)
        for (i, child) in node.children.enumerated() {
            if let record = pass.pendingPlacement(region, i) {
                let o = pass.finiteOrigin(record.origin, of: child, size: record.size, in: frame)
                pass.commit(child, origin: o, size: record.size, proposal: record.proposal)
            } else {
                let (o, s) = pass.unplacedGeometry(child, in: frame, proposal: proposal)
                pass.commit(child, origin: pass.finiteOrigin(o, of: child, size: s, in: frame), size: s, proposal: proposal)
            }
        }
        pass.releasePlacement(region)
    }

    /// The priority a parent sees: −∞ with no subviews; a one-subview stack passes its
    /// subview's through (native probes G11, K2a, GS15, `BuiltInLayout.passesSinglePriority`);
    /// otherwise 0 (<doc:StackRules>).
    func priority(of node: LayoutNode) -> Double {
        if node.children.isEmpty { return -.infinity }
        return passesSinglePriority && node.children.count == 1 ? node.children[0].priority : 0
    }
}
