import Foundation

/// A Spacer: flexible space along its stack's axis, or both axes outside one (<doc:LeafRules>).
///
/// Reverse-engineered `Spacer` and Apple's documentation: its length is the proposal, at least
/// `minLength` (the system spacing, 8, when nil), and its minimum for a nil proposal; across a
/// stack's axis it is 0. Its priority is −∞, so stacks give it space after every sibling
/// (waterui issue 968 measures this natively), and it asks for no spacing along its axis. A
/// negative minimum is kept and shortens the stack (native probe P5). The axis is the
/// container's `layoutProperties.stackOrientation` (`LayoutNode.stackOrientation`).
package struct SpacerLeaf {
    /// Creates the value from its parts (the memberwise initializer, for the SwiftUI surface).
    package init(minLength: CGFloat?) {
        self.minLength = minLength
    }
    var minLength: CGFloat?

    @inline(__always) func size(of node: LayoutNode, _ p: ProposedViewSize) -> CGSize {
        let minLen = minLength ?? ViewSpacing.defaultDistance
        switch node.stackOrientation {
        case .horizontal?: return CGSize(width: Swift.max(p.width ?? -.infinity, minLen), height: 0)
        case .vertical?: return CGSize(width: 0, height: Swift.max(p.height ?? -.infinity, minLen))
        case nil: return CGSize(width: Swift.max(p.width ?? -.infinity, minLen), height: Swift.max(p.height ?? -.infinity, minLen))
        }
    }

    /// Zero along the stack's axis (on every edge outside a stack).
    func spacing(of node: LayoutNode) -> ViewSpacing {
        node.stackOrientation.map { ViewSpacing.zero(along: $0) } ?? .zero
    }

    /// −∞: space goes to every sibling first.
    var priority: Double { -.infinity }
}

extension LayoutNode {
    /// Whether this is a Spacer, possibly inside unary modifiers (not a background or overlay):
    /// frames keep a Spacer's zero spacing, and a ZStack leaves Spacers out of its own.
    var isSpacerThroughModifiers: Bool {
        var n = self
        while true {
            if case .spacer = n.kind { return true }
            guard n.kind.isUnaryModifier, !n.kind.isLayered, let c = n.firstChild else { return false }
            n = c
        }
    }
}
