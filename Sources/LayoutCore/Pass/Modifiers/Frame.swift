import Foundation

/// `frame(width:height:alignment:)`: a fixed frame on the axes it names (<doc:FrameRules>).
///
/// SwiftUI's `_FrameLayout`: with both lengths the frame is that size and never asks its child;
/// with one, that axis comes from the frame and the other from the child. The child is proposed
/// the frame's lengths, and the frame's own proposal on the axes it leaves open, and is placed
/// by the frame's alignment (it may be larger than the frame and draw outside). Priority 0;
/// spacing reset on the fixed axes.
package struct FixedFrame {
    // Stored in 25 bytes (no length is NaN: NaN is stored for nil), so the view's kind holds the
    // frame inline rather than in a box of its own.
    private let storedWidth: CGFloat
    private let storedHeight: CGFloat
    private let storedAlignment: CompactAlignment

    package init(width: CGFloat?, height: CGFloat?, alignment: Alignment) {
        storedWidth = width ?? .nan
        storedHeight = height ?? .nan
        storedAlignment = CompactAlignment(alignment)
    }

    /// The fixed width (nil: the child's).
    var width: CGFloat? { storedWidth.isNaN ? nil : storedWidth }
    /// The fixed height (nil: the child's).
    var height: CGFloat? { storedHeight.isNaN ? nil : storedHeight }
    var alignment: Alignment { storedAlignment.alignment }

    /// The proposal the child gets: the frame's lengths, the frame's proposal elsewhere.
    @inline(__always) func childProposal(_ p: ProposedViewSize) -> ProposedViewSize {
        ProposedViewSize(width: width ?? p.width, height: height ?? p.height)
    }

    /// The size of a frame fixed on both axes (`isFixedOnBothAxes`): its lengths.
    @inline(__always) var fixedSize: CGSize { CGSize(width: storedWidth, height: storedHeight) }
    /// Whether the frame fixes both lengths, so that it never asks its child.
    var isFixedOnBothAxes: Bool { !storedWidth.isNaN && !storedHeight.isNaN }

    @inline(__always) func size(of node: LayoutNode, _ p: ProposedViewSize, in pass: LayoutPass) -> CGSize {
        if isFixedOnBothAxes { return fixedSize }
        let cs = pass.withContent(of: node) { pass.size(of: $0, childProposal(p)) }
        return CGSize(width: width ?? cs.width, height: height ?? cs.height)
    }

    /// The child is aligned in the frame by its guides (<doc:AlignmentRules>).
    @inline(__always) func childGeometry(of node: LayoutNode, size: CGSize, proposal p: ProposedViewSize, in pass: LayoutPass) -> ChildGeometry {
        let cp = childProposal(p)
        let d = pass.withContent(of: node) { pass.dimensions(of: $0, cp) }
        if d.source == nil, let offset = storedAlignment.edgeOffset(container: size, child: d.size) {
            return ChildGeometry(offset: offset, size: d.size, proposal: cp)
        }
        return ChildGeometry(offset: pass.alignmentOffset(alignment, container: size, child: d), size: d.size, proposal: cp)
    }

    /// Commits the child where `childGeometry` puts it. A child without explicit guides in a
    /// frame aligned at an edge or the centre (most frames) is measured and placed at once,
    /// without making its dimensions or the geometry record first: the frame is the commonest
    /// modifier, and this was a tenth of a flow of framed items' pass.
    @inline(__always) func placeChild(of node: LayoutNode, size: CGSize, proposal p: ProposedViewSize, in pass: LayoutPass) {
        pass.withContent(of: node) { content in
            let g: ChildGeometry
            if !content.mayHaveExplicitGuides, storedAlignment.isEdges {
                let cp = childProposal(p)
                let s = pass.size(of: content, cp)
                g = ChildGeometry(offset: storedAlignment.edgeOffset(container: size, child: s).unsafelyUnwrapped, size: s, proposal: cp)
            } else {
                g = childGeometry(of: node, size: size, proposal: p, in: pass)
            }
            pass.commitContent(content, g, in: size)
        }
    }

    /// The child's spacing, reset on the axes the frame fixes; a Spacer keeps its zero spacing
    /// through a frame (native probes K3b, K3q).
    func spacing(of node: LayoutNode, in pass: LayoutPass) -> ViewSpacing {
        var c = pass.withContent(of: node) { pass.spacing(of: $0) }
        if !node.child(0).isSpacerThroughModifiers {
            if width != nil { c.reset(.horizontal) }
            if height != nil { c.reset(.vertical) }
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
