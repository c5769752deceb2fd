import Foundation

/// An image: its natural size, or the proposal when resizable (<doc:LeafRules>).
///
/// Reverse-engineered `ResolvedImage` (netsplit, "Views choose their own sizes"): a
/// non-resizable image is its natural size whatever it is proposed; `.resizable()` takes the
/// proposal on each axis and the natural size on a nil axis. Default spacing, priority 0, no
/// explicit guides.
package struct ImageLeaf {
    /// Creates the value from its parts (the memberwise initializer, for the SwiftUI surface).
    package init(natural: CGSize, resizable: Bool) {
        self.natural = natural; self.resizable = resizable
    }
    var natural: CGSize
    var resizable: Bool

    @inline(__always) func size(_ p: ProposedViewSize) -> CGSize {
        resizable ? p.replacingUnspecifiedDimensions(by: natural) : natural
    }

    var spacing: ViewSpacing { ViewSpacing() }
}
