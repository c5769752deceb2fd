import Foundation

/// `frame(minWidth:idealWidth:maxWidth:minHeight:idealHeight:maxHeight:alignment:)`, normalised:
/// SwiftUI's flexible frame (<doc:FrameRules>).
///
/// SwiftUI's `_FlexFrameLayout`, axis by axis (Apple's documentation of the modifier): the child
/// is proposed the frame's proposal clamped to the minimum and maximum (the ideal where the
/// proposal is nil); with both bounds the frame is the clamped proposal whatever the child says;
/// with only a minimum, the child's size but at least the minimum and at most the proposal; with
/// only a maximum, the child's size but at most the maximum and at least the proposal; with
/// neither, the child's size, or the ideal for a nil proposal. The child is placed by the
/// frame's alignment. Priority 0; spacing reset on the constrained axes.
package struct FlexibleFrame {
    /// Creates the value from its parts (the memberwise initializer, for the SwiftUI surface).
    package init(minWidth: CGFloat?, idealWidth: CGFloat?, maxWidth: CGFloat?, minHeight: CGFloat?, idealHeight: CGFloat?, maxHeight: CGFloat?, alignment: Alignment) {
        self.minWidth = minWidth; self.idealWidth = idealWidth; self.maxWidth = maxWidth
        self.minHeight = minHeight; self.idealHeight = idealHeight; self.maxHeight = maxHeight
        self.alignment = alignment
    }
    var minWidth: CGFloat?, idealWidth: CGFloat?, maxWidth: CGFloat?
    var minHeight: CGFloat?, idealHeight: CGFloat?, maxHeight: CGFloat?
    var alignment: Alignment

    func min(_ axis: Axis) -> CGFloat? { axis == .horizontal ? minWidth : minHeight }
    func ideal(_ axis: Axis) -> CGFloat? { axis == .horizontal ? idealWidth : idealHeight }
    func max(_ axis: Axis) -> CGFloat? { axis == .horizontal ? maxWidth : maxHeight }

    func size(of node: LayoutNode, _ p: ProposedViewSize, in pass: LayoutPass) -> CGSize {
        // The axes the frame decides without its child: both bounds, or an ideal for nil.
        var known: [CGFloat?] = [nil, nil]
        for axis in [Axis.horizontal, .vertical] {
            let mn = min(axis), mx = max(axis)
            if let pa = p[axis] {
                if let mn, let mx, mn <= mx { known[Int(axis.rawValue)] = Swift.min(Swift.max(pa, mn), mx) }
            } else {
                known[Int(axis.rawValue)] = ideal(axis)
            }
        }
        if let w = known[0], let h = known[1] { return CGSize(width: w, height: h) }
        let cp = childProposal(p)
        let cs = pass.withContent(of: node) { pass.size(of: $0, cp) }
        var result = CGSize.zero
        for axis in [Axis.horizontal, .vertical] {
            if let k = known[Int(axis.rawValue)] { result[axis] = k; continue }
            let c = cs[axis], cpa = cp[axis]
            switch (min(axis), max(axis)) {
            case let (m?, M?) where m <= M: result[axis] = Swift.min(Swift.max(c, m), M)
            case let (m?, nil): result[axis] = Swift.max(Swift.min(cpa ?? .infinity, c), m)
            case let (nil, M?): result[axis] = Swift.min(Swift.max(cpa ?? -.infinity, c), M)
            default: result[axis] = c
            }
        }
        return result
    }

    /// The proposal the child is sized with: the frame's proposal (else the ideal), clamped.
    func childProposal(_ p: ProposedViewSize) -> ProposedViewSize {
        func axisProposal(_ axis: Axis) -> CGFloat? {
            guard let v = p[axis] ?? ideal(axis) else { return nil }
            return Swift.min(Swift.max(v, min(axis) ?? -.infinity), max(axis) ?? .infinity)
        }
        return ProposedViewSize(width: axisProposal(.horizontal), height: axisProposal(.vertical))
    }

    /// Newer-OS behaviour ("FlexFrameIdealSizing"): the child is placed with the frame's size as
    /// its proposal, except on an axis with no ideal, an unspecified proposal and an
    /// unconstrained size; it is aligned by its guides (<doc:AlignmentRules>).
    func childGeometry(of node: LayoutNode, size: CGSize, proposal p: ProposedViewSize, in pass: LayoutPass) -> ChildGeometry {
        func axisProposal(_ axis: Axis) -> CGFloat? {
            let s = size[axis]
            if ideal(axis) == nil && p[axis] == nil && (min(axis) ?? -.infinity) < s && s < (max(axis) ?? .infinity) { return nil }
            return s
        }
        let cp = ProposedViewSize(width: axisProposal(.horizontal), height: axisProposal(.vertical))
        let d = pass.withContent(of: node) { pass.dimensions(of: $0, cp) }
        return ChildGeometry(offset: pass.alignmentOffset(alignment, container: size, child: d), size: d.size, proposal: cp)
    }

    /// The child's spacing, reset on the axes with any bound or ideal; a Spacer keeps its zero
    /// spacing through a frame (native probes K3b, K3q).
    func spacing(of node: LayoutNode, in pass: LayoutPass) -> ViewSpacing {
        var c = pass.withContent(of: node) { pass.spacing(of: $0) }
        if !node.child(0).isSpacerThroughModifiers {
            if minWidth != nil || idealWidth != nil || maxWidth != nil { c.reset(.horizontal) }
            if minHeight != nil || idealHeight != nil || maxHeight != nil { c.reset(.vertical) }
        }
        return c
    }

    /// A frame reports priority 0 whatever its child's (put `layoutPriority` outside frames).
    func priority(of node: LayoutNode) -> Double { 0 }

    /// The child's guides, moved by where the child sits in the frame.
    func explicitAlignment(of node: LayoutNode, _ key: AlignmentKey, size: CGSize, in pass: LayoutPass) -> CGFloat? {
        pass.childExplicitAlignment(node, key, childGeometry(of: node, size: size, proposal: ProposedViewSize(size), in: pass))
    }
}
