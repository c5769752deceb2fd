import Foundation

/// `ViewThatFits`: the first child whose ideal size fits on the constrained axes, else the last
/// (<doc:ViewThatFitsRules>).
///
/// Apple's documentation: each child is measured at its ideal size on the axes given (the
/// proposal across them), in order; the first that fits the proposal is shown, the others are
/// laid out but hidden. The chosen child's size and guides are the container's. Spacing is the
/// union of every child's; priority 0.
package struct ViewThatFitsLayout {
    /// Creates the value from its parts (the memberwise initializer, for the SwiftUI surface).
    package init(axes: Axis.Set) {
        self.axes = axes
    }
    var axes: Axis.Set

    /// The index of the child shown for `p`.
    func choose(_ node: LayoutNode, _ p: ProposedViewSize, in pass: LayoutPass) -> Int {
        let count = node.children.count
        guard count > 1 else { return 0 }
        let q = ProposedViewSize(width: axes.contains(.horizontal) ? nil : p.width,
                                 height: axes.contains(.vertical) ? nil : p.height)
        for i in 0..<(count - 1) {
            let ideal = pass.size(of: node.children[i], q)
            let fitsW = !axes.contains(.horizontal) || p.width.map { ideal.width <= $0 + 0.0001 } ?? true
            let fitsH = !axes.contains(.vertical) || p.height.map { ideal.height <= $0 + 0.0001 } ?? true
            if fitsW && fitsH { return i }
        }
        return count - 1
    }

    func size(of node: LayoutNode, _ p: ProposedViewSize, in pass: LayoutPass) -> CGSize {
        pass.size(of: node.children[choose(node, p, in: pass)], p)
    }

    /// Every child is placed at the container's origin with its proposal; all but the chosen one are hidden.
    func place(_ node: LayoutNode, proposal: ProposedViewSize, in pass: LayoutPass) {
        let chosen = choose(node, proposal, in: pass)
        for (i, child) in node.children.enumerated() {
            let s = pass.size(of: child, proposal)
            pass.commit(child, origin: .zero, size: s, proposal: proposal)
            if i != chosen { pass.hide(child) }
        }
    }

    func spacing(of node: LayoutNode, in pass: LayoutPass) -> ViewSpacing { defaultSpacing(pass.subviews(of: node)) }

    func priority(of node: LayoutNode) -> Double { 0 }

    /// The chosen child's guides.
    func explicitAlignment(of node: LayoutNode, _ key: AlignmentKey, size: CGSize, in pass: LayoutPass) -> CGFloat? {
        let chosen = node.children[choose(node, ProposedViewSize(size), in: pass)]
        return pass.explicitAlignment(of: chosen, key, size: pass.size(of: chosen, ProposedViewSize(size)))
    }
}
