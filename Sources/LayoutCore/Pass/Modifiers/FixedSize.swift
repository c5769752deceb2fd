import Foundation

/// `fixedSize(horizontal:vertical:)`: the child at its ideal size on the fixed axes (<doc:ModifierRules>).
///
/// SwiftUI's `_FixedSizeLayout`: nil is proposed on the fixed axes ("fixes this view at its
/// ideal size", Apple) and the proposal kept on the others; the child's answer is the size, and
/// the child is centred in it. It passes its child's priority through.
package struct FixedSizeLayout {
    /// Creates the value from its parts (the memberwise initializer, for the SwiftUI surface).
    package init(horizontal: Bool, vertical: Bool) {
        self.horizontal = horizontal; self.vertical = vertical
    }
    var horizontal: Bool
    var vertical: Bool

    @inline(__always) func childProposal(_ p: ProposedViewSize) -> ProposedViewSize {
        ProposedViewSize(width: horizontal ? nil : p.width, height: vertical ? nil : p.height)
    }

    @inline(__always) func size(of node: LayoutNode, _ p: ProposedViewSize, in pass: LayoutPass) -> CGSize {
        pass.withContent(of: node) { pass.size(of: $0, childProposal(p)) }
    }

    @inline(__always) func childGeometry(of node: LayoutNode, size: CGSize, proposal p: ProposedViewSize, in pass: LayoutPass) -> ChildGeometry {
        let cp = childProposal(p)
        let cs = pass.withContent(of: node) { pass.size(of: $0, cp) }
        return ChildGeometry(offset: CGPoint(x: (size.width - cs.width) / 2, y: (size.height - cs.height) / 2), size: cs, proposal: cp)
    }

    /// The child's spacing.
    func spacing(of node: LayoutNode, in pass: LayoutPass) -> ViewSpacing { pass.withContent(of: node) { pass.spacing(of: $0) } }

    /// The child's priority.
    func priority(of node: LayoutNode) -> Double { node.withContent { $0.priority } }

    /// The child's guides, moved by where the child is centred.
    func explicitAlignment(of node: LayoutNode, _ key: AlignmentKey, size: CGSize, in pass: LayoutPass) -> CGFloat? {
        pass.childExplicitAlignment(node, key, childGeometry(of: node, size: size, proposal: ProposedViewSize(size), in: pass))
    }
}
