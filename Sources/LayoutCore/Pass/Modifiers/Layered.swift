import Foundation

/// `background` and `overlay` (and `mask`): a secondary view laid out on a primary one (<doc:ModifierRules>).
///
/// SwiftUI's `_BackgroundModifier` and `_OverlayModifier`: the primary view (`children[0]`)
/// decides the size, priority 0, spacing and guides; the secondary (`children[1]`) is proposed
/// the primary's size and aligned to it by its guides, and never changes the primary's size
/// (<doc:ZStackRules>).
package struct LayeredLayout {
    /// Creates the value from its parts (the memberwise initializer, for the SwiftUI surface).
    package init(alignment: Alignment) {
        self.alignment = alignment
    }
    var alignment: Alignment

    @inline(__always) func size(of node: LayoutNode, _ p: ProposedViewSize, in pass: LayoutPass) -> CGSize {
        pass.withContent(of: node) { pass.size(of: $0, p) }
    }

    /// Places the primary view with the proposal, then the secondary one over (or under) it.
    func place(_ node: LayoutNode, size: CGSize, proposal: ProposedViewSize, in pass: LayoutPass) {
        let primary = node.child(0), secondary = node.child(1)
        pass.commit(primary, origin: .zero, size: pass.size(of: primary, proposal), proposal: proposal)
        let sp = ProposedViewSize(size)
        let sd = pass.dimensions(of: secondary, sp)
        let offset = pass.alignmentOffset(alignment, container: size, child: sd)
        let o = pass.finiteOrigin(offset, of: secondary, size: sd.size, in: CGRect(origin: .zero, size: size))
        pass.commit(secondary, origin: o, size: sd.size, proposal: sp)
    }

    /// The primary view's spacing.
    func spacing(of node: LayoutNode, in pass: LayoutPass) -> ViewSpacing { pass.withContent(of: node) { pass.spacing(of: $0) } }

    /// Priority 0 whatever the primary's.
    func priority(of node: LayoutNode) -> Double { 0 }

    /// The primary view's guides.
    func explicitAlignment(of node: LayoutNode, _ key: AlignmentKey, size: CGSize, in pass: LayoutPass) -> CGFloat? {
        pass.explicitAlignment(of: node.child(0), key, size: size)
    }
}
