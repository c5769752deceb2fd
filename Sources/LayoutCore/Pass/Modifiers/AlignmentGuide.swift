import Foundation

/// `alignmentGuide(_:computeValue:)`: an explicit value for one guide (<doc:AlignmentRules>).
///
/// SwiftUI's `_AlignmentWritingModifier`: the value is computed from the view's dimensions
/// whenever a container asks (its own guides included); other guides are the child's. Size,
/// placement, spacing and priority pass through (<doc:ModifierRules>).
package struct AlignmentGuideComputer {
    /// Creates the value from its parts (the memberwise initializer, for the SwiftUI surface).
    package init(key: AlignmentKey, compute: @escaping (ViewDimensions) -> CGFloat) {
        self.key = key; self.compute = compute
    }
    let key: AlignmentKey
    let compute: (ViewDimensions) -> CGFloat

    @inline(__always) func size(of node: LayoutNode, _ p: ProposedViewSize, in pass: LayoutPass) -> CGSize {
        pass.withContent(of: node) { pass.size(of: $0, p) }
    }

    @inline(__always) func childGeometry(of node: LayoutNode, size: CGSize, proposal p: ProposedViewSize, in pass: LayoutPass) -> ChildGeometry {
        ChildGeometry(offset: .zero, size: pass.withContent(of: node) { pass.size(of: $0, p) }, proposal: p)
    }

    /// The child's spacing.
    func spacing(of node: LayoutNode, in pass: LayoutPass) -> ViewSpacing { pass.withContent(of: node) { pass.spacing(of: $0) } }

    /// The child's priority.
    func priority(of node: LayoutNode) -> Double { node.withContent { $0.priority } }

    /// The computed value for its guide, measured on the child at `size`; the child's for others.
    func explicitAlignment(of node: LayoutNode, _ key: AlignmentKey, size: CGSize, in pass: LayoutPass) -> CGFloat? {
        let child = node.child(0)
        if self.key == key {
            return compute(ViewDimensions(width: size.width, height: size.height, source: GuideSource(node: child, pass: pass)))
        }
        return pass.explicitAlignment(of: child, key, size: size)
    }
}
