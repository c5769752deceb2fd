import Foundation

/// A linear ProgressView: as wide as proposed, 4 points tall (<doc:LeafRules>).
///
/// Our choice, matching iOS's default bar: 10 wide on a nil width, like a shape. Default
/// spacing, priority 0, no explicit guides.
package struct ProgressLeaf {
    /// Creates the value from its parts (the memberwise initializer, for the SwiftUI surface).
    package init(fraction: Double) {
        self.fraction = fraction
    }
    /// The fraction done (drawing only).
    var fraction: Double

    @inline(__always) func size(_ p: ProposedViewSize) -> CGSize {
        CGSize(width: p.width ?? 10, height: 4)
    }

    var spacing: ViewSpacing { ViewSpacing() }
}
