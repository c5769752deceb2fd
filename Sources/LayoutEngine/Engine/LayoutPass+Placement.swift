import Foundation

extension LayoutPass {
    // MARK: Placement records

    /// Starts a `placeSubviews` call on `container`: `place` calls on its subviews record this stamp.
    func beginPlacement(_ container: LayoutNode) -> UInt32 {
        stampCounterNext()
        container.activeStamp = currentStamp
        return currentStamp
    }

    func endPlacement(_ container: LayoutNode) {
        container.activeStamp = 0
    }

    /// Records a subview placement requested by its container's `placeSubviews`.
    func place(_ node: LayoutNode, at position: CGPoint, anchor: UnitPoint, proposal: ProposedViewSize) {
        let s = size(of: node, proposal)
        // The anchor applies to the size the view is placed with (an infinite length is placed as 0).
        let placed = s.finiteOrZero
        let origin = CGPoint(x: position.x - anchor.x * placed.width, y: position.y - anchor.y * placed.height)
        if origin.x.isNaN || origin.y.isNaN {
            // Non-finite positions are centred when the child is committed (`finiteOrigin`).
            diagnose(node, .nanPosition, "\(node.kindName) was placed at a NaN position; it is centred in its container instead")
        }
        node.pendingStamp = node.parent?.activeStamp ?? 0
        node.pendingOrigin = origin
        node.pendingSize = s
        node.pendingProposal = proposal
    }

    /// Where an unplaced subview goes: centred in the container with the container's proposal.
    func unplacedGeometry(_ node: LayoutNode, in bounds: CGRect, proposal: ProposedViewSize) -> (CGPoint, CGSize) {
        let s = size(of: node, proposal)
        let placed = s.finiteOrZero
        return (CGPoint(x: bounds.midX - placed.width / 2, y: bounds.midY - placed.height / 2), s)
    }

    /// `origin`, or — on an axis where it is NaN or infinite (a NaN or infinite alignment guide,
    /// offset, position or placement, or an infinite size being centred) — the origin that centres
    /// the child in `container` on that axis, with a diagnostic. The stacks' rule for NaN guides,
    /// applied everywhere, so that a finite proposal always gives finite frames.
    @inline(__always) func finiteOrigin(_ origin: CGPoint, of node: LayoutNode, size: CGSize, in container: CGRect) -> CGPoint {
        if origin.x.isFinite && origin.y.isFinite { return origin }
        return centredOrigin(origin, of: node, size: size, in: container)
    }

    private func centredOrigin(_ origin: CGPoint, of node: LayoutNode, size: CGSize, in container: CGRect) -> CGPoint {
        diagnose(node, .nanPosition, "\(node.kindName) was placed at a non-finite position (\(formatLength(origin.x)), \(formatLength(origin.y))); it is centred in its container on that axis")
        let placed = size.finiteOrZero
        func centre(_ o: CGFloat, _ minimum: CGFloat, _ length: CGFloat, _ child: CGFloat) -> CGFloat {
            if o.isFinite { return o }
            let c = minimum + (length - child) / 2
            return c.isFinite ? c : (minimum.isFinite ? minimum : 0)
        }
        return CGPoint(x: centre(origin.x, container.minX, container.width, placed.width),
                       y: centre(origin.y, container.minY, container.height, placed.height))
    }

    // MARK: Committing frames

    /// Gives `node` its final frame (root coordinates) and places its children.
    func commit(_ node: LayoutNode, origin: CGPoint, size: CGSize, proposal: ProposedViewSize) {
        var size = size
        if !size.width.isFinite || !size.height.isFinite {
            diagnose(node, .infiniteSizePlaced, "\(node.kindName) chose an infinite size \(formatLength(size.width))×\(formatLength(size.height)) for \(proposal) and was placed with its infinite lengths replaced by 0")
            size = size.finiteOrZero
        }
        let frame = CGRect(origin: origin, size: size)
        // A negative length (a Spacer with a negative minimum or a stack with negative spacing,
        // proposed nil) shortens its container, as in SwiftUI, but the view's own frame is 0 long
        // on that axis; its children are still placed in `frame`, as the layout computed it.
        let stored = size.width < 0 || size.height < 0
            ? CGRect(origin: origin, size: CGSize(width: Swift.max(size.width, 0), height: Swift.max(size.height, 0))) : frame
        if let previous, node.reusesSizesAcrossPasses, node.index < previous.frames.count,
           previous.frames[node.index] == stored, previous.proposals[node.index] == proposal, !(size.width < 0 || size.height < 0) {
            // Incremental relayout: the view is where it was, as large, proposed the same, and
            // nothing below it changed (the host keeps the last pass's geometry only while the
            // tree and every size are unchanged), so its subtree is placed as it was.
            reusePlacement(of: node, from: previous)
            return
        }
        frames[node.index] = stored
        proposals[node.index] = proposal
        switch node.kind {
        case .shape, .text, .spacer, .divider, .progress, .image:
            return
        case .layout(let storage):
            counters.placeSubviewsCalls &+= 1
            if options.recordsTrace { record(.placeSubviews, node, proposal, size, origin) }
            let subviews = subviews(of: node)
            let stamp = beginPlacement(node)
            storage.placeSubviews(frame, proposal, subviews)
            endPlacement(node)
            for child in node.children {
                if child.pendingStamp == stamp {
                    let o = finiteOrigin(child.pendingOrigin, of: child, size: child.pendingSize, in: frame)
                    commit(child, origin: o, size: child.pendingSize, proposal: child.pendingProposal)
                } else {
                    let (o, s) = unplacedGeometry(child, in: frame, proposal: proposal)
                    commit(child, origin: finiteOrigin(o, of: child, size: s, in: frame), size: s, proposal: proposal)
                }
            }
        case .viewThatFits(let axes):
            if options.recordsTrace { record(.placeSubviews, node, proposal, size, origin) }
            let chosen = chooseViewThatFits(node, axes, proposal)
            for (i, child) in node.children.enumerated() {
                let s = self.size(of: child, proposal)
                commit(child, origin: origin, size: s, proposal: proposal)
                if i != chosen { hide(child) }
            }
        case .background(let alignment), .overlay(let alignment):
            let primary = node.children[0], secondary = node.children[1]
            commit(primary, origin: origin, size: self.size(of: primary, proposal), proposal: proposal)
            let sp = ProposedViewSize(size)
            let sd = dimensions(of: secondary, sp)
            let offset = alignmentOffset(alignment, container: size, child: sd)
            let o = finiteOrigin(CGPoint(x: origin.x + offset.x, y: origin.y + offset.y), of: secondary, size: sd.size, in: frame)
            commit(secondary, origin: o, size: sd.size, proposal: sp)
        default:
            if case .scrollView = node.kind { containerProposals.append(ProposedViewSize(size)) }
            defer { if case .scrollView = node.kind { containerProposals.removeLast() } }
            let g = unaryChildGeometry(node, size: size, proposal: proposal)
            let o = finiteOrigin(CGPoint(x: origin.x + g.offset.x, y: origin.y + g.offset.y), of: node.children[0], size: g.size, in: frame)
            commit(node.children[0], origin: o, size: g.size, proposal: g.proposal)
            if case .scrollView(let axes) = node.kind, node.children.count > 1 {
                commitScrollIndicators(node, axes: axes, viewport: frame, content: g.size)
            }
        }
    }

    /// Copies the frames, proposals and visibility of `node`'s subtree from the previous pass.
    private func reusePlacement(of node: LayoutNode, from previous: PassGeometry) {
        let range = node.index..<node.subtreeEnd
        frames.replaceSubrange(range, with: previous.frames[range])
        proposals.replaceSubrange(range, with: previous.proposals[range])
        if visibility != nil, let old = previous.visibility { visibility!.replaceSubrange(range, with: old[range]) }
        counters.reusedPlacements &+= range.count
    }

    private func hide(_ node: LayoutNode) {
        visibility?[node.index] = false
        for c in node.children { hide(c) }
    }

    @inline(__always) func dimensions(of node: LayoutNode, _ p: ProposedViewSize) -> ViewDimensions {
        let s = size(of: node, p)
        return ViewDimensions(width: s.width, height: s.height, source: GuideSource(node: node, pass: self))
    }

    /// Where a frame puts its child: the frame's guide position minus the child's guide value.
    func alignmentOffset(_ alignment: Alignment, container: CGSize, child: ViewDimensions) -> CGPoint {
        let c = ViewDimensions(width: container.width, height: container.height)
        return CGPoint(x: alignment.horizontal.key.defaultValue(in: c) - child[key: alignment.horizontal.key],
                       y: alignment.vertical.key.defaultValue(in: c) - child[key: alignment.vertical.key])
    }

    /// The child's offset, size and proposal inside a unary modifier of `size` proposed `proposal`.
    func unaryChildGeometry(_ node: LayoutNode, size: CGSize, proposal p: ProposedViewSize) -> (offset: CGPoint, size: CGSize, proposal: ProposedViewSize) {
        let child = node.children[0]
        switch node.kind {
        case .frame(let f):
            let cp = ProposedViewSize(width: f.width ?? p.width, height: f.height ?? p.height)
            let d = dimensions(of: child, cp)
            return (alignmentOffset(f.alignment, container: size, child: d), d.size, cp)
        case .flexFrame(let f):
            // Newer-OS behaviour ("FlexFrameIdealSizing"): the child is proposed the frame's size,
            // except on an axis with no ideal, an unspecified proposal and an unconstrained size.
            func axisProposal(_ axis: Axis) -> CGFloat? {
                let s = size[axis]
                if f.ideal(axis) == nil && p[axis] == nil && (f.min(axis) ?? -.infinity) < s && s < (f.max(axis) ?? .infinity) { return nil }
                return s
            }
            let cp = ProposedViewSize(width: axisProposal(.horizontal), height: axisProposal(.vertical))
            let d = dimensions(of: child, cp)
            return (alignmentOffset(f.alignment, container: size, child: d), d.size, cp)
        case .padding(let i):
            let cp = paddingInner(i, p)
            return (CGPoint(x: i.leading, y: i.top), self.size(of: child, cp), cp)
        case .fixedSize(let h, let v):
            let cp = ProposedViewSize(width: h ? nil : p.width, height: v ? nil : p.height)
            let cs = self.size(of: child, cp)
            return (CGPoint(x: (size.width - cs.width) / 2, y: (size.height - cs.height) / 2), cs, cp)
        case .aspectRatio(let r, let mode):
            let cp = aspectRatioOffer(node, r, mode, p)
            let cs = self.size(of: child, cp)
            return (CGPoint(x: (size.width - cs.width) / 2, y: (size.height - cs.height) / 2), cs, cp)
        case .offset(let o):
            return (CGPoint(x: o.width, y: o.height), self.size(of: child, p), p)
        case .position(let pt):
            let cs = self.size(of: child, p)
            return (CGPoint(x: pt.x - cs.width / 2, y: pt.y - cs.height / 2), cs, p)
        case .scrollView(let axes):
            let cp = scrollContentProposal(axes, p)
            let cs = self.size(of: child, cp)
            return (CGPoint(x: axes.contains(.horizontal) ? 0 : (size.width - cs.width) / 2,
                            y: axes.contains(.vertical) ? 0 : (size.height - cs.height) / 2), cs, cp)
        default:
            return (.zero, self.size(of: child, p), p)
        }
    }

    // MARK: Explicit alignment

    /// The explicit value of a guide for `node` at `size`, in the node's coordinates, or nil.
    func explicitAlignment(of node: LayoutNode, _ key: AlignmentKey, size: CGSize) -> CGFloat? {
        counters.alignmentQueries &+= 1
        if !node.mayHaveExplicitGuides { return nil }
        switch node.kind {
        case .shape, .spacer, .divider, .progress, .image:
            return nil
        case .text(let content):
            guard key.identifier == ObjectIdentifier(FirstTextBaselineAlignmentID.self)
                    || key.identifier == ObjectIdentifier(LastTextBaselineAlignmentID.self) else { return nil }
            let m = textMeasurer.measure(content.string, font: content.font, width: size.width.isFinite ? size.width : nil)
            if key.identifier == ObjectIdentifier(FirstTextBaselineAlignmentID.self) { return m.firstBaseline }
            let lines = Swift.max(1, Swift.min(m.lineCount, clampedCount(size.height / Swift.max(m.lineHeight, 0.0001) + 1e-9)))
            return CGFloat(lines - 1) * m.lineHeight + m.firstBaseline
        case .layout(let storage):
            // Built-in containers merge nothing for edge and centre guides (their defaults return
            // nil at once); a custom layout may still report any guide from `explicitAlignment`.
            let p = ProposedViewSize(size)
            return storage.explicitAlignment(key, CGRect(origin: .zero, size: size), p, subviews(of: node))
        case .viewThatFits(let axes):
            let chosen = node.children[chooseViewThatFits(node, axes, ProposedViewSize(size))]
            return explicitAlignment(of: chosen, key, size: self.size(of: chosen, ProposedViewSize(size)))
        case .alignmentGuide(let g):
            let child = node.children[0]
            if g.key == key {
                return g.compute(ViewDimensions(width: size.width, height: size.height, source: GuideSource(node: child, pass: self)))
            }
            return explicitAlignment(of: child, key, size: size)
        case .background, .overlay:
            return explicitAlignment(of: node.children[0], key, size: size)
        default:
            let g = unaryChildGeometry(node, size: size, proposal: ProposedViewSize(size))
            return explicitAlignment(of: node.children[0], key, size: g.size).map { $0 + (key.axis == .horizontal ? g.offset.x : g.offset.y) }
        }
    }
}
