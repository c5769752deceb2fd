import Foundation

/// `position(x:y:)`: the child centred at a point, in a view that takes the whole proposal (<doc:ModifierRules>).
///
/// SwiftUI's `_PositionLayout`: the size is the proposal, the child's size on a nil axis; the
/// child is proposed the same proposal and its centre placed at the point. Priority 0.
package struct PositionLayout {
    /// Creates the value from its parts (the memberwise initializer, for the SwiftUI surface).
    package init(position: CGPoint) {
        self.position = position
    }
    var position: CGPoint

    @inline(__always) func size(of node: LayoutNode, _ p: ProposedViewSize, in pass: LayoutPass) -> CGSize {
        p.replacingUnspecifiedDimensions(by: pass.withContent(of: node) { pass.size(of: $0, p) })
    }

    @inline(__always) func childGeometry(of node: LayoutNode, size: CGSize, proposal p: ProposedViewSize, in pass: LayoutPass) -> ChildGeometry {
        let cs = pass.withContent(of: node) { pass.size(of: $0, p) }
        return ChildGeometry(offset: CGPoint(x: position.x - cs.width / 2, y: position.y - cs.height / 2), size: cs, proposal: p)
    }

    /// The child's spacing.
    func spacing(of node: LayoutNode, in pass: LayoutPass) -> ViewSpacing { pass.withContent(of: node) { pass.spacing(of: $0) } }

    /// Priority 0 whatever the child's.
    func priority(of node: LayoutNode) -> Double { 0 }

    /// The child's guides, moved to where the child is placed.
    func explicitAlignment(of node: LayoutNode, _ key: AlignmentKey, size: CGSize, in pass: LayoutPass) -> CGFloat? {
        pass.childExplicitAlignment(node, key, childGeometry(of: node, size: size, proposal: ProposedViewSize(size), in: pass))
    }
}
