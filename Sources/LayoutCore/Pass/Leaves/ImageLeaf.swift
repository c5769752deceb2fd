import Foundation

/// An image: its natural size, or the proposal when resizable (<doc:LeafRules>).
///
/// Reverse-engineered `ResolvedImage` (netsplit, "Views choose their own sizes"): a
/// non-resizable image is its natural size whatever it is proposed; `.resizable()` takes the
/// proposal on each axis and the natural size on a nil axis. Default spacing, priority 0. A
/// symbol image has a text baseline (SF Symbols align with the text beside them); other images
/// have no explicit guides.
package struct ImageLeaf {
    /// Creates the value from its parts (the memberwise initializer, for the SwiftUI surface).
    package init(natural: CGSize, resizable: Bool, baseline: CGFloat? = nil) {
        self.natural = natural; self.resizable = resizable
        storedBaseline = baseline.map { Float($0) } ?? .nan
    }
    var natural: CGSize
    var resizable: Bool
    /// The baseline in 32 bits, NaN for none: with it the leaf stays 24 bytes, so `NodeKind`, which
    /// every view stores inline, does not grow (`NodeFootprintTests`).
    private var storedBaseline: Float
    /// The first and last text baseline at the natural size, from the top (symbols only); a
    /// resizable symbol's scales with its height.
    var baseline: CGFloat? { storedBaseline.isNaN ? nil : CGFloat(storedBaseline) }

    func explicitAlignment(_ key: AlignmentKey, size: CGSize) -> CGFloat? {
        guard let baseline,
              key.identifier == ObjectIdentifier(FirstTextBaselineAlignmentID.self)
                || key.identifier == ObjectIdentifier(LastTextBaselineAlignmentID.self) else { return nil }
        return natural.height > 0 && size.height != natural.height ? baseline * size.height / natural.height : baseline
    }

    @inline(__always) func size(_ p: ProposedViewSize) -> CGSize {
        resizable ? p.replacingUnspecifiedDimensions(by: natural) : natural
    }

    var spacing: ViewSpacing { ViewSpacing() }
}
