import Foundation

/// `layoutPriority(_:)`: the priority containers read; nothing else changes (<doc:ModifierRules>).
///
/// SwiftUI stores it as a trait (`LayoutPriorityTraitKey`) that only containers read: stacks,
/// `ZStack`, grids and custom layouts through ``LayoutSubview/priority``. The view's size,
/// placement, spacing and guides are its child's. Frames, padding and most other modifiers
/// report 0 again, so it counts only outermost (<doc:StackRules>).
package struct LayoutPriorityLayout {
    /// Creates the value from its parts (the memberwise initializer, for the SwiftUI surface).
    package init(value: Double) {
        self.value = value
    }
    /// The priority (NaN was made 0 when the modifier was applied).
    var value: Double

    @inline(__always) func size(of node: LayoutNode, _ p: ProposedViewSize, in pass: LayoutPass) -> CGSize {
        pass.withContent(of: node) { pass.size(of: $0, p) }
    }

    @inline(__always) func childGeometry(of node: LayoutNode, size: CGSize, proposal p: ProposedViewSize, in pass: LayoutPass) -> ChildGeometry {
        ChildGeometry(offset: .zero, size: pass.withContent(of: node) { pass.size(of: $0, p) }, proposal: p)
    }

    /// The child's spacing.
    func spacing(of node: LayoutNode, in pass: LayoutPass) -> ViewSpacing { pass.withContent(of: node) { pass.spacing(of: $0) } }

    /// The value, whatever the child's.
    func priority(of node: LayoutNode) -> Double { value }

    /// The child's guides.
    func explicitAlignment(of node: LayoutNode, _ key: AlignmentKey, size: CGSize, in pass: LayoutPass) -> CGFloat? {
        pass.childExplicitAlignment(node, key, childGeometry(of: node, size: size, proposal: ProposedViewSize(size), in: pass))
    }
}
