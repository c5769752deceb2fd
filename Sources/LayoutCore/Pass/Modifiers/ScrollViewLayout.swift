import Foundation

/// A scroll view: its content at its ideal length along the scroll axes (<doc:Compatibility>).
///
/// SwiftUI Field Guide, "Scroll View": the content is proposed nil along the scroll axes and
/// the scroll view's proposal across them. The scroll view takes the proposal along its axes
/// (the content's length where unspecified) and the content's length across them: "a vertical
/// scroll view … only becomes as wide as the width of its contents" (Gotchas). The content
/// starts at the scroll origin along the scroll axes and is centred across them; indicators
/// (`children[1...]`) are placed by `placeIndicators`. Priority 0; the content's spacing.
/// The scroll view's proposal is the container `containerRelativeFrame` measures against
/// while its content is sized or placed.
package struct ScrollViewLayout {
    /// Creates the value from its parts (the memberwise initializer, for the SwiftUI surface).
    package init(axes: Axis.Set, contentOffset: CGPoint = .zero) {
        self.axes = axes
        self.contentOffset = contentOffset
    }
    var axes: Axis.Set
    /// How far the content is scrolled (a live preview's scrolling): kept within the content's
    /// overflow along the scroll axes when placed, so an offset never shows past either end.
    package var contentOffset: CGPoint

    /// The offset, clamped to what the content overflows the viewport by on each scroll axis.
    @inline(__always) func clampedOffset(content: CGSize, viewport: CGSize) -> CGPoint {
        func clamp(_ v: CGFloat, _ overflow: CGFloat) -> CGFloat {
            guard v.isFinite, overflow.isFinite, overflow > 0 else { return 0 }
            return Swift.min(Swift.max(v, 0), overflow)
        }
        return CGPoint(x: axes.contains(.horizontal) ? clamp(contentOffset.x, content.width - viewport.width) : 0,
                       y: axes.contains(.vertical) ? clamp(contentOffset.y, content.height - viewport.height) : 0)
    }

    @inline(__always) func childProposal(_ p: ProposedViewSize) -> ProposedViewSize {
        ProposedViewSize(width: axes.contains(.horizontal) ? nil : p.width, height: axes.contains(.vertical) ? nil : p.height)
    }

    func size(of node: LayoutNode, _ p: ProposedViewSize, in pass: LayoutPass) -> CGSize {
        pass.containerProposals.append(p)
        defer { pass.containerProposals.removeLast() }
        let cs = pass.withContent(of: node) { pass.size(of: $0, childProposal(p)) }
        return CGSize(width: axes.contains(.horizontal) ? (p.width ?? cs.width) : cs.width,
                      height: axes.contains(.vertical) ? (p.height ?? cs.height) : cs.height)
    }

    @inline(__always) func childGeometry(of node: LayoutNode, size: CGSize, proposal p: ProposedViewSize, in pass: LayoutPass) -> ChildGeometry {
        let cp = childProposal(p)
        let cs = pass.withContent(of: node) { pass.size(of: $0, cp) }
        let scrolled = contentOffset == .zero ? .zero : clampedOffset(content: cs, viewport: size)
        return ChildGeometry(offset: CGPoint(x: axes.contains(.horizontal) ? -scrolled.x : (size.width - cs.width) / 2,
                                             y: axes.contains(.vertical) ? -scrolled.y : (size.height - cs.height) / 2), size: cs, proposal: cp)
    }

    /// Places the content, then the indicators, with the scroll view's size as the container's.
    /// A scroll view that grew into the safe area (`SafeAreaBehavior.scrollView`) places its
    /// content and indicators in the part of it inside the safe area, as UIKit's content insets
    /// do: scrolled to the top, the content starts below the status bar.
    func place(_ node: LayoutNode, size: CGSize, proposal: ProposedViewSize, in pass: LayoutPass) {
        if let insets = pass.scrollContentInsets {
            pass.scrollContentInsets = nil
            placeInset(node, size: size, insets: insets, in: pass)
            return
        }
        pass.containerProposals.append(ProposedViewSize(size))
        defer { pass.containerProposals.removeLast() }
        let g = childGeometry(of: node, size: size, proposal: proposal, in: pass)
        pass.commitChild(of: node, g, in: size)
        if node.childCount > 1 {
            placeIndicators(of: node, viewport: CGRect(origin: .zero, size: size), content: g.size,
                            scrolled: CGPoint(x: -g.offset.x, y: -g.offset.y), in: pass)
        }
    }

    /// `place` for a scroll view of `size` whose content is inset by `insets`: the content is
    /// sized and placed as in the inset viewport, and may scroll until its far end meets the
    /// viewport's far inset.
    private func placeInset(_ node: LayoutNode, size: CGSize, insets: EdgeInsets, in pass: LayoutPass) {
        let viewport = CGRect(x: insets.leading, y: insets.top, width: Swift.max(0, size.width - insets.leading - insets.trailing),
                              height: Swift.max(0, size.height - insets.top - insets.bottom))
        pass.containerProposals.append(ProposedViewSize(viewport.size))
        defer { pass.containerProposals.removeLast() }
        let cp = childProposal(ProposedViewSize(viewport.size))
        let cs = pass.withContent(of: node) { pass.size(of: $0, cp) }
        let scrolled = contentOffset == .zero ? .zero : clampedOffset(content: cs, viewport: viewport.size)
        let offset = CGPoint(x: axes.contains(.horizontal) ? viewport.minX - scrolled.x : viewport.minX + (viewport.width - cs.width) / 2,
                             y: axes.contains(.vertical) ? viewport.minY - scrolled.y : viewport.minY + (viewport.height - cs.height) / 2)
        pass.commitChild(of: node, ChildGeometry(offset: offset, size: cs, proposal: cp), in: size)
        if node.childCount > 1 {
            placeIndicators(of: node, viewport: viewport, content: cs, scrolled: scrolled, in: pass)
        }
    }

    /// Places the indicators of a scroll node (children 1…) in `viewport` (the scroll view in its
    /// own coordinates): along each axis where the content is longer than the viewport, a capsule
    /// as long as the visible fraction; elsewhere 0×0.
    func placeIndicators(of node: LayoutNode, viewport: CGRect, content: CGSize, scrolled: CGPoint = .zero, in pass: LayoutPass) {
        let m = ScrollIndicatorMetrics.self
        // The vertical indicator comes first when there is one (`ScrollView.scrollNode`).
        for (k, indicator) in node.children.dropFirst().enumerated() {
            let axis: Axis = k == 0 && axes.contains(.vertical) ? .vertical : .horizontal
            let viewLength = viewport.size[axis], contentLength = content[axis]
            guard contentLength.isFinite, viewLength > 0, contentLength > viewLength + 0.5 else {
                pass.commit(indicator, origin: viewport.origin, size: .zero, proposal: .zero)
                continue
            }
            let track = Swift.max(0, viewLength - 2 * m.inset)
            let length = Swift.min(track, Swift.max(m.minimumLength, track * viewLength / contentLength))
            // Scrolled, the indicator moves along its track by the fraction scrolled.
            let fraction = Swift.min(Swift.max((axis == .vertical ? scrolled.y : scrolled.x) / (contentLength - viewLength), 0), 1)
            let along = (track - length) * (fraction.isFinite ? fraction : 0)
            let frame: CGRect = axis == .vertical
                ? CGRect(x: viewport.maxX - m.inset - m.thickness, y: viewport.minY + m.inset + along, width: m.thickness, height: length)
                : CGRect(x: viewport.minX + m.inset + along, y: viewport.maxY - m.inset - m.thickness, width: length, height: m.thickness)
            pass.commit(indicator, origin: frame.origin, size: frame.size, proposal: ProposedViewSize(frame.size))
        }
    }

    /// The content's spacing.
    func spacing(of node: LayoutNode, in pass: LayoutPass) -> ViewSpacing { pass.withContent(of: node) { pass.spacing(of: $0) } }

    /// Priority 0 whatever the content's.
    func priority(of node: LayoutNode) -> Double { 0 }

    /// The content's guides, moved by where the content is placed.
    func explicitAlignment(of node: LayoutNode, _ key: AlignmentKey, size: CGSize, in pass: LayoutPass) -> CGFloat? {
        pass.childExplicitAlignment(node, key, childGeometry(of: node, size: size, proposal: ProposedViewSize(size), in: pass))
    }
}

/// The scroll indicator's metrics (UIKit's, measured on iOS 17 screenshots).
enum ScrollIndicatorMetrics {
    /// The indicator's thickness.
    static let thickness: CGFloat = 3
    /// Its distance from the scroll view's edges.
    static let inset: CGFloat = 3
    /// Its shortest length.
    static let minimumLength: CGFloat = 36
}
