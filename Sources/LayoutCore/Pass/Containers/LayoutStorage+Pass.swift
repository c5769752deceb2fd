import Foundation

/// A container laid out by a `Layout` (<doc:LayoutProtocolRules>): size, spacing and guides are
/// the layout's answers (`LayoutStorage`); placement and priority are here.
extension LayoutStorage {
    /// Runs the layout's `placeSubviews`, then commits every subview where it was placed; a
    /// subview the layout did not place is centred with the container's proposal (SwiftUI's
    /// behaviour for unplaced subviews).
    ///
    /// `bounds` is the container in its parent's coordinates (SwiftUI's: its origin is usually
    /// not zero); subviews are committed relative to the container's origin.
    func place(_ node: LayoutNode, bounds: CGRect, proposal: ProposedViewSize, in pass: LayoutPass) {
        if placesEachSubviewOnce, node.hasShallowChildren, placeDirectly(node, bounds: bounds, proposal: proposal, in: pass) {
            return
        }
        placeRecorded(node, bounds: bounds, proposal: proposal, in: pass)
    }

    /// Placement committed as the layout places (children that are leaves or nearly): its own
    /// function, as the recorded one, so that neither's locals are in the other's frame.
    @inline(never) private func placeDirectly(_ node: LayoutNode, bounds: CGRect, proposal: ProposedViewSize, in pass: LayoutPass) -> Bool {
        let subviews = pass.subviews(of: node)
        return pass.placeDirectly(node, bounds: bounds, proposal: proposal, { placeSubviews(bounds, proposal, subviews) })
    }

    /// Placement recorded, then committed child by child: the path down a deep tree.
    @inline(never) private func placeRecorded(_ node: LayoutNode, bounds: CGRect, proposal: ProposedViewSize, in pass: LayoutPass) {
        let subviews = pass.subviews(of: node)
        let region = pass.beginPlacement(node)
        placeSubviews(bounds, proposal, subviews)
        pass.endPlacement(node, region)
        // By index, each subview unretained (the tree holds them; a container's children are
        // an array, read once).
        let children = node.children
        for i in 0..<children.count {
            children.unretained(i)._withUnsafeGuaranteedRef { child in
                if let record = pass.pendingPlacement(region, i) {
                    pass.commitPlaced(child, origin: record.origin, size: record.size, proposal: record.proposal, in: bounds)
                } else {
                    let (u, s) = pass.unplacedGeometry(child, in: bounds, proposal: proposal)
                    pass.commitPlaced(child, origin: u, size: s, proposal: proposal, in: bounds)
                }
            }
        }
        pass.releasePlacement(region)
    }

    /// The priority a parent sees: −∞ with no subviews; a one-subview stack passes its
    /// subview's through (native probes G11, K2a, GS15, `BuiltInLayout.passesSinglePriority`);
    /// otherwise 0 (<doc:StackRules>).
    func priority(of node: LayoutNode) -> Double {
        if node.childCount == 0 { return -.infinity }
        return passesSinglePriority && node.childCount == 1 ? node.child(0).priority : 0
    }
}
