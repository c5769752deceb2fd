import Foundation

/// `offset(x:y:)`: the child moved when drawn and reported, not in layout (<doc:ModifierRules>).
///
/// SwiftUI's `_OffsetEffect` is a geometry effect: the parent sees the unmoved size (the child's
/// for the same proposal), priority and spacing; only the child's frame moves.
package struct OffsetLayout {
    /// Creates the value from its parts (the memberwise initializer, for the SwiftUI surface).
    package init(offset: CGSize) {
        self.offset = offset
    }
    package var offset: CGSize

    @inline(__always) func size(of node: LayoutNode, _ p: ProposedViewSize, in pass: LayoutPass) -> CGSize {
        pass.withContent(of: node) { pass.size(of: $0, p) }
    }

    @inline(__always) func childGeometry(of node: LayoutNode, size: CGSize, proposal p: ProposedViewSize, in pass: LayoutPass) -> ChildGeometry {
        ChildGeometry(offset: CGPoint(x: offset.width, y: offset.height), size: pass.withContent(of: node) { pass.size(of: $0, p) }, proposal: p)
    }

    /// The child's spacing.
    func spacing(of node: LayoutNode, in pass: LayoutPass) -> ViewSpacing { pass.withContent(of: node) { pass.spacing(of: $0) } }

    /// The child's priority.
    func priority(of node: LayoutNode) -> Double { node.withContent { $0.priority } }

    /// The child's guides, moved with it.
    func explicitAlignment(of node: LayoutNode, _ key: AlignmentKey, size: CGSize, in pass: LayoutPass) -> CGFloat? {
        pass.childExplicitAlignment(node, key, childGeometry(of: node, size: size, proposal: ProposedViewSize(size), in: pass))
    }
}
