import Foundation

/// A Divider: a 1-point line across its stack's axis (<doc:LeafRules>).
///
/// Reverse-engineered `Divider`: vertical in an `HStack`, horizontal in a `VStack` or outside
/// stacks, taking the proposal along the line (10 when nil, like a `Color`). SwiftUI draws one
/// device pixel (<doc:UnroundedFrames>). Default spacing, priority 0, no explicit guides.
package struct DividerLeaf {
    /// Creates the value from its parts (the memberwise initializer, for the SwiftUI surface).
    package init() {
    }
    @inline(__always) func size(of node: LayoutNode, _ p: ProposedViewSize) -> CGSize {
        if node.stackOrientation == .horizontal { return CGSize(width: 1, height: p.height ?? 10) }
        return CGSize(width: p.width ?? 10, height: 1)
    }

    var spacing: ViewSpacing { ViewSpacing() }
}
