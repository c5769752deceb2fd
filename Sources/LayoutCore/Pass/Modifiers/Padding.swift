import Foundation

/// `padding(_:_:)`: insets around the child (<doc:ModifierRules>).
///
/// SwiftUI's `_PaddingLayout`: the proposal is inset by the lengths (never below 0), the child
/// is asked, and the insets are added back; the child sits at the leading and top insets. A
/// padded view reports priority 0 and resets its spacing preferences on the padded edges.
package struct PaddingLayout {
    /// Creates the value from its parts (the memberwise initializer, for the SwiftUI surface).
    package init(insets: EdgeInsets) {
        self.insets = insets
    }
    package var insets: EdgeInsets

    /// The proposal inset by the padding, never below 0.
    @inline(__always) func childProposal(_ p: ProposedViewSize) -> ProposedViewSize {
        ProposedViewSize(width: p.width.map { Swift.max(0, $0 - insets.horizontal) },
                         height: p.height.map { Swift.max(0, $0 - insets.vertical) })
    }

    @inline(__always) func size(of node: LayoutNode, _ p: ProposedViewSize, in pass: LayoutPass) -> CGSize {
        let cs = pass.withContent(of: node) { pass.size(of: $0, childProposal(p)) }
        return CGSize(width: cs.width + insets.horizontal, height: cs.height + insets.vertical)
    }

    @inline(__always) func childGeometry(of node: LayoutNode, size: CGSize, proposal p: ProposedViewSize, in pass: LayoutPass) -> ChildGeometry {
        let cp = childProposal(p)
        return ChildGeometry(offset: CGPoint(x: insets.leading, y: insets.top), size: pass.withContent(of: node) { pass.size(of: $0, cp) }, proposal: cp)
    }

    /// The child's spacing, reset on every edge with a non-zero inset.
    func spacing(of node: LayoutNode, in pass: LayoutPass) -> ViewSpacing {
        var c = pass.withContent(of: node) { pass.spacing(of: $0) }
        var edges: Edge.Set = []
        if insets.top != 0 { edges.insert(.top) }
        if insets.bottom != 0 { edges.insert(.bottom) }
        if insets.leading != 0 { edges.insert(.leading) }
        if insets.trailing != 0 { edges.insert(.trailing) }
        c.reset(edges)
        return c
    }

    /// Padding reports priority 0 whatever its child's.
    func priority(of node: LayoutNode) -> Double { 0 }

    /// The child's guides, moved by the leading and top insets.
    func explicitAlignment(of node: LayoutNode, _ key: AlignmentKey, size: CGSize, in pass: LayoutPass) -> CGFloat? {
        pass.childExplicitAlignment(node, key, childGeometry(of: node, size: size, proposal: ProposedViewSize(size), in: pass))
    }
}
