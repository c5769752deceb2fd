import Foundation

/// One layout pass over a tree: sizes, placements, explicit guides and spacing, with the per-view
/// memo, counters, trace and diagnostics.
///
/// Sizing follows SwiftUI's negotiation: a parent proposes, the child chooses its size, the parent
/// places it. Each view's answer is memoised for its last three proposals within the pass.
///
/// Its hot stored properties (and the nodes' memo and placement fields) are marked
/// `@exclusivity(unchecked)`: a pass runs on one thread and never hands out overlapping accesses,
/// and dynamic exclusivity checks were about 14% of a pass's time.
final class LayoutPass {
    let passID: UInt32
    /// The host's size epoch: memoised sizes stored under it are still valid (incremental relayout).
    let sizeEpoch: UInt32
    let textMeasurer: any TextMeasurer
    let options: LayoutOptions
    @exclusivity(unchecked) var counters = LayoutCounters()
    @exclusivity(unchecked) var trace = LayoutTrace()
    var diagnostics: [LayoutDiagnostic] = []
    /// Frames and proposals by view index, written as views are placed.
    @exclusivity(unchecked) var frames: [CGRect]
    @exclusivity(unchecked) var proposals: [ProposedViewSize]
    @exclusivity(unchecked) var visibility: [Bool]?
    /// The geometry of the host's previous pass over the same tree with the same sizes, if it may
    /// be reused (incremental relayout): a subtree committed exactly as then is copied from it.
    var previous: PassGeometry? = nil
    private var diagnosed = Set<Int64>()
    /// Whether sizing or placement reported bad input (not a property of the tree such as a
    /// duplicate id): the host then lets no size of this pass answer a later one.
    private(set) var reportedBadInput = false
    /// The proposals of the containers `containerRelativeFrame` measures against: the root's,
    /// then each scroll view being sized or placed (innermost last).
    var containerProposals: [ProposedViewSize] = []
    @exclusivity(unchecked) private var depth = 0
    @exclusivity(unchecked) private(set) var currentStamp: UInt32 = 0
    func stampCounterNext() { currentStamp &+= 1; if currentStamp == 0 { currentStamp = 1 } }

    init(passID: UInt32, sizeEpoch: UInt32, textMeasurer: any TextMeasurer, options: LayoutOptions, viewCount: Int, tracksVisibility: Bool) {
        self.passID = passID
        self.sizeEpoch = sizeEpoch
        frames = [CGRect](repeating: .zero, count: viewCount)
        proposals = [ProposedViewSize](repeating: .unspecified, count: viewCount)
        visibility = tracksVisibility ? [Bool](repeating: true, count: viewCount) : nil
        self.textMeasurer = textMeasurer
        self.options = options
    }

    // MARK: Diagnostics

    enum DiagnosticCode: Int64 {
        case badProposal = 1, badSize, infiniteSizePlaced, nanPosition, duplicateID, hugeTree, badLayoutValue
    }

    /// Reports a problem found while building the tree (each one, up to the overall limit).
    func diagnoseBuild(_ node: LayoutNode?, _ message: String) {
        guard diagnostics.count < 1000 else { return }
        diagnostics.append(LayoutDiagnostic(severity: .warning, view: node?.index, message: message))
    }

    /// Reports a problem once per view and code (and at most 1,000 in all).
    func diagnose(_ node: LayoutNode?, _ code: DiagnosticCode, _ message: @autoclosure () -> String,
                  severity: LayoutDiagnostic.Severity = .warning) {
        if code != .duplicateID && code != .hugeTree { reportedBadInput = true }
        let key = Int64(node?.index ?? -1) << 8 | code.rawValue
        guard diagnostics.count < 1000, diagnosed.insert(key).inserted else { return }
        diagnostics.append(LayoutDiagnostic(severity: severity, view: node?.index, message: message()))
    }

    // MARK: Sizing

    /// The size `node` chooses for `proposal`, memoised per pass.
    func size(of node: LayoutNode, _ proposal: ProposedViewSize) -> CGSize {
        counters.sizeQueries &+= 1
        var p = proposal
        if !p.isSane {
            diagnose(node, .badProposal, "\(node.kindName) was proposed \(p); NaN and negative lengths are treated as 0")
            p = p.sanitized
        }
        if let (s, reused) = node.memoLookup(p, pass: passID, epoch: sizeEpoch) {
            counters.cacheHits &+= 1
            if reused { counters.reusedSizes &+= 1 }
            if options.recordsTrace { record(reused ? .reusedSize : .cachedSize, node, p, s, nil) }
            return s
        }
        depth += 1
        var s = computeSize(node, p)
        depth -= 1
        if s.width.isNaN || s.height.isNaN || ((s.width < 0 || s.height < 0) && !node.reportsNegativeSizes) {
            diagnose(node, .badSize, "\(node.kindName) returned the size \(formatLength(s.width))×\(formatLength(s.height)) for \(p); NaN and negative lengths are treated as 0")
            s = CGSize(width: s.width.isNaN ? 0 : Swift.max(s.width, 0), height: s.height.isNaN ? 0 : Swift.max(s.height, 0))
        }
        node.memoStore(p, s, pass: passID, epoch: sizeEpoch)
        if options.recordsTrace { record(.sizeThatFits, node, p, s, nil) }
        return s
    }

    @inline(__always) func record(_ kind: TraceEvent.Kind, _ node: LayoutNode, _ p: ProposedViewSize, _ s: CGSize, _ origin: CGPoint?) {
        if trace.events.count >= options.traceLimit { trace.isTruncated = true; return }
        trace.events.append(TraceEvent(kind: kind, view: node.index, depth: depth, proposal: p, size: s, origin: origin))
    }

    @inline(__always) func subviews(of node: LayoutNode) -> LayoutSubviews {
        LayoutSubviews(nodes: node.children, pass: self, container: node)
    }

    private func computeSize(_ node: LayoutNode, _ p: ProposedViewSize) -> CGSize {
        switch node.kind {
        case .shape(let kind):
            // A custom shape answers its own `sizeThatFits` (iOS 16); the rest take the proposal, nil → 10.
            if case .custom(let resolver) = kind { return resolver.sizeThatFits(p) }
            return p.replacingUnspecifiedDimensions()
        case .text(let content):
            return textSize(content, p)
        case .spacer(let minLength):
            let minLen = minLength ?? ViewSpacing.defaultDistance
            switch node.stackOrientation {
            case .horizontal?: return CGSize(width: Swift.max(p.width ?? -.infinity, minLen), height: 0)
            case .vertical?: return CGSize(width: 0, height: Swift.max(p.height ?? -.infinity, minLen))
            case nil: return CGSize(width: Swift.max(p.width ?? -.infinity, minLen), height: Swift.max(p.height ?? -.infinity, minLen))
            }
        case .divider:
            // A line across the stack's axis: vertical in an HStack, horizontal otherwise.
            if node.stackOrientation == .horizontal { return CGSize(width: 1, height: p.height ?? 10) }
            return CGSize(width: p.width ?? 10, height: 1)
        case .image(let natural, let resizable):
            return resizable ? p.replacingUnspecifiedDimensions(by: natural) : natural
        case .progress:
            // A linear ProgressView is as wide as proposed (10 when unspecified, like a shape) and 4 tall.
            return CGSize(width: p.width ?? 10, height: 4)
        case .layout(let storage):
            counters.layoutSizeCalls &+= 1
            return storage.sizeThatFits(p, subviews(of: node))
        case .viewThatFits(let axes):
            let chosen = chooseViewThatFits(node, axes, p)
            return size(of: node.children[chosen], p)
        case .frame(let f):
            if let w = f.width, let h = f.height { return CGSize(width: w, height: h) }
            let cs = size(of: node.children[0], ProposedViewSize(width: f.width ?? p.width, height: f.height ?? p.height))
            return CGSize(width: f.width ?? cs.width, height: f.height ?? cs.height)
        case .flexFrame(let f):
            return flexibleFrameSize(node, f, p)
        case .padding(let i):
            let cs = size(of: node.children[0], paddingInner(i, p))
            return CGSize(width: cs.width + i.horizontal, height: cs.height + i.vertical)
        case .fixedSize(let h, let v):
            return size(of: node.children[0], ProposedViewSize(width: h ? nil : p.width, height: v ? nil : p.height))
        case .aspectRatio(let ratio, let mode):
            return size(of: node.children[0], aspectRatioOffer(node, ratio, mode, p))
        case .layoutPriority, .alignmentGuide, .passthrough, .offset, .background, .overlay:
            return size(of: node.children[0], p)
        case .position:
            let cs = size(of: node.children[0], p)
            return p.replacingUnspecifiedDimensions(by: cs)
        case .scrollView(let axes):
            containerProposals.append(p)
            defer { containerProposals.removeLast() }
            let cs = size(of: node.children[0], scrollContentProposal(axes, p))
            // The proposal along the scroll axes (the content's length where unspecified); the
            // content's length across them: "a vertical scroll view … only becomes as wide as the
            // width of its contents" (SwiftUI Field Guide, "Scroll View", Gotchas).
            return CGSize(width: axes.contains(.horizontal) ? (p.width ?? cs.width) : cs.width,
                          height: axes.contains(.vertical) ? (p.height ?? cs.height) : cs.height)
        }
    }

    // MARK: Leaf and unary rules

    private func textSize(_ content: TextContent, _ p: ProposedViewSize) -> CGSize {
        var size = textSizeAtFontSize(content, p)
        // `minimumScaleFactor`: text that does not fit (wider than proposed, or more lines than
        // its limit or the height allow) shrinks, down to the factor, until it fits (SwiftUI's
        // rule); the size is measured at the scale found by bisection.
        if content.minimumScaleFactor < 1, let w = p.width, w.isFinite {
            let full = textMeasurer.measure(content.string, font: content.font, width: nil)
            let fits = { (c: TextContent) -> Bool in
                let m = self.textMeasurer.measure(c.string, font: c.font, width: w)
                let maxLines = Swift.min(c.lineLimit ?? Int.max, p.height.map { h in Swift.max(1, clampedCount(h / Swift.max(m.lineHeight, 0.001) + 1e-9)) } ?? Int.max)
                return m.lineCount <= maxLines && m.size.width <= w + 0.001
            }
            if full.size.width > w, !fits(content) {
                let floor = Swift.max(content.minimumScaleFactor, 0.01)
                var lo = floor, hi: CGFloat = 1
                var scaled = content
                for _ in 0..<12 {
                    let mid = (lo + hi) / 2
                    scaled.font.size = content.font.size * mid
                    if fits(scaled) { lo = mid } else { hi = mid }
                }
                scaled.font.size = content.font.size * lo
                scaled.minimumScaleFactor = 1
                size = textSizeAtFontSize(scaled, p)
            }
        }
        return size
    }

    private func textSizeAtFontSize(_ content: TextContent, _ p: ProposedViewSize) -> CGSize {
        // Ideal (nil width): one line per hard line. A width wraps at word boundaries.
        let width = p.width.map { $0.isFinite ? $0 : nil } ?? nil
        let m = textMeasurer.measure(content.string, font: content.font, width: width)
        // A minimum number of lines (`lineLimit(2...)`, `reservesSpace`) keeps the height of
        // that many lines even when the text takes fewer, as in SwiftUI.
        if let minLines = content.minimumLines, m.lineCount < minLines {
            let lines = Swift.min(minLines, content.lineLimit ?? Int.max)
            return CGSize(width: m.size.width, height: CGFloat(lines) * m.lineHeight)
        }
        var size = m.size
        var maxLines = content.lineLimit ?? Int.max
        if let h = p.height, h.isFinite, m.lineHeight > 0 {
            // Truncate to the lines that fit, but always keep at least one line. A height holding
            // more lines than can be counted (1e300, .greatestFiniteMagnitude) truncates nothing.
            maxLines = Swift.min(maxLines, Swift.max(1, clampedCount(h / m.lineHeight + 1e-9)))
        }
        if m.lineCount > maxLines {
            size.height = CGFloat(maxLines) * m.lineHeight
            if let w = width { size.width = Swift.max(size.width, Swift.min(w, textMeasurer.measure(content.string, font: content.font, width: nil).size.width)) }
        }
        return size
    }

    /// SwiftUI's flexible frame (<doc:FrameRules>).
    private func flexibleFrameSize(_ node: LayoutNode, _ f: FlexibleFrame, _ p: ProposedViewSize) -> CGSize {
        var known: [CGFloat?] = [nil, nil]
        for axis in [Axis.horizontal, .vertical] {
            let mn = f.min(axis), mx = f.max(axis)
            if let pa = p[axis] {
                if let mn, let mx, mn <= mx { known[Int(axis.rawValue)] = Swift.min(Swift.max(pa, mn), mx) }
            } else {
                known[Int(axis.rawValue)] = f.ideal(axis)
            }
        }
        if let w = known[0], let h = known[1] { return CGSize(width: w, height: h) }
        let cp = flexChildProposal(f, p)
        let cs = size(of: node.children[0], cp)
        var result = CGSize.zero
        for axis in [Axis.horizontal, .vertical] {
            if let k = known[Int(axis.rawValue)] { result[axis] = k; continue }
            let c = cs[axis], cpa = cp[axis]
            switch (f.min(axis), f.max(axis)) {
            case let (m?, M?) where m <= M: result[axis] = Swift.min(Swift.max(c, m), M)
            case let (m?, nil): result[axis] = Swift.max(Swift.min(cpa ?? .infinity, c), m)
            case let (nil, M?): result[axis] = Swift.min(Swift.max(cpa ?? -.infinity, c), M)
            default: result[axis] = c
            }
        }
        return result
    }

    func flexChildProposal(_ f: FlexibleFrame, _ p: ProposedViewSize) -> ProposedViewSize {
        func axisProposal(_ axis: Axis) -> CGFloat? {
            guard let v = p[axis] ?? f.ideal(axis) else { return nil }
            return Swift.min(Swift.max(v, f.min(axis) ?? -.infinity), f.max(axis) ?? .infinity)
        }
        return ProposedViewSize(width: axisProposal(.horizontal), height: axisProposal(.vertical))
    }

    func paddingInner(_ i: EdgeInsets, _ p: ProposedViewSize) -> ProposedViewSize {
        ProposedViewSize(width: p.width.map { Swift.max(0, $0 - i.horizontal) },
                         height: p.height.map { Swift.max(0, $0 - i.vertical) })
    }

    /// The proposal `aspectRatio` offers its content (<doc:ModifierRules>).
    ///
    /// SwiftUI's rule (`_AspectRatioLayout`, as reverse-engineered in OpenSwiftUI's
    /// `AspectRatioLayout.swift` and `CGSize.scaleThatFills`, iOS 18; objc.io, "Aspect Ratios in
    /// SwiftUI", 2022): the scale on an unspecified axis is ∞, so `.fit` scales by the other axis
    /// and `.fill` by ∞ — a proposal of nil on one axis makes `.fill` propose ∞×∞ to its content,
    /// as SwiftUI does (a `Color` then chooses an infinite size, which is placed with 0 on that
    /// axis, with a diagnostic). One choice where SwiftUI would compute 0 × ∞ = NaN (a ratio with
    /// a zero side, from content whose ideal size is 0 on one axis): that side stays 0.
    func aspectRatioOffer(_ node: LayoutNode, _ ratio: CGFloat?, _ mode: ContentMode, _ p: ProposedViewSize) -> ProposedViewSize {
        if p == .unspecified { return p }
        var base: CGSize
        if let r = ratio, r.isFinite, r >= 0 { base = CGSize(width: r, height: 1) } else { base = size(of: node.children[0], .unspecified) }
        if base.width == base.height { base = CGSize(width: 1, height: 1) }
        let sx = p.width.map { (base.width != 0 || $0 != 0) ? $0 / base.width : .infinity } ?? .infinity
        let sy = p.height.map { (base.height != 0 || $0 != 0) ? $0 / base.height : .infinity } ?? .infinity
        var s = mode == .fit ? Swift.min(sx, sy) : Swift.max(sx, sy)
        if s.isNaN { s = 0 }
        return ProposedViewSize(width: base.width == 0 ? 0 : base.width * s, height: base.height == 0 ? 0 : base.height * s)
    }

    func scrollContentProposal(_ axes: Axis.Set, _ p: ProposedViewSize) -> ProposedViewSize {
        ProposedViewSize(width: axes.contains(.horizontal) ? nil : p.width, height: axes.contains(.vertical) ? nil : p.height)
    }

    /// ViewThatFits: the first child whose ideal size on the constrained axes fits; else the last.
    func chooseViewThatFits(_ node: LayoutNode, _ axes: Axis.Set, _ p: ProposedViewSize) -> Int {
        let count = node.children.count
        guard count > 1 else { return 0 }
        let q = ProposedViewSize(width: axes.contains(.horizontal) ? nil : p.width,
                                 height: axes.contains(.vertical) ? nil : p.height)
        for i in 0..<(count - 1) {
            let ideal = size(of: node.children[i], q)
            let fitsW = !axes.contains(.horizontal) || p.width.map { ideal.width <= $0 + 0.0001 } ?? true
            let fitsH = !axes.contains(.vertical) || p.height.map { ideal.height <= $0 + 0.0001 } ?? true
            if fitsW && fitsH { return i }
        }
        return count - 1
    }

    // MARK: Priority and spacing

    /// The layout priority a parent sees (<doc:StackRules>, <doc:ModifierRules>).
    func priority(of node: LayoutNode) -> Double { node.priority }
}

extension LayoutNode {
    /// Whether this is a Spacer, possibly inside unary modifiers.
    var isSpacerThroughModifiers: Bool {
        var n = self
        while true {
            if case .spacer = n.kind { return true }
            guard n.kind.isUnaryModifier, !n.kind.isLayered, let c = n.children.first else { return false }
            n = c
        }
    }

    /// Built-in stacks (negative spacing) and Spacers (negative minimum) follow SwiftUI into
    /// negative lengths; every other view answering a negative length is treated as 0.
    var reportsNegativeSizes: Bool {
        switch kind {
        case .layout(let storage): return storage.isBuiltIn
        case .spacer: return true  // a negative minLength makes a negative Spacer (native probe P5)
        default: return false
        }
    }

    /// The layout priority a parent sees (<doc:StackRules>, <doc:ModifierRules>): a property of the tree,
    /// stored in `priority` when the tree is finalised.
    var computeLayoutPriority: Double {
        // Called bottom-up, so a child's `priority` is already known.
        switch kind {
        case .spacer: return -.infinity
        case .layout(let storage):
            if children.isEmpty { return -.infinity }
            // A one-child HStack/VStack/ZStack passes its child's priority through (native probes G11, K2a, GS15).
            return storage.isStack && children.count == 1 ? children[0].priority : 0
        case .layoutPriority(let v): return v
        case .fixedSize, .alignmentGuide, .passthrough, .offset: return children[0].priority
        default: return 0
        }
    }

}

extension LayoutPass {
    /// The spacing preferences of `node` (<doc:StackRules>).
    func spacing(of node: LayoutNode) -> ViewSpacing {
        if node.spacingPass == passID { return node.spacingMemo }
        let s: ViewSpacing
        switch node.kind {
        case .shape, .text, .divider, .progress, .image: s = ViewSpacing()
        case .spacer: s = node.stackOrientation.map { ViewSpacing.zero(along: $0) } ?? .zero
        case .layout(let storage): s = storage.spacing(subviews(of: node))
        case .viewThatFits: s = defaultSpacing(subviews(of: node))
        case .frame(let f):
            var c = spacing(of: node.children[0])
            // Frames reset the spacing of the axes they fix, but a Spacer keeps its zero spacing
            // through a frame (native probes K3b, K3q).
            if !node.children[0].isSpacerThroughModifiers {
                if f.width != nil { c.reset(.horizontal) }
                if f.height != nil { c.reset(.vertical) }
            }
            s = c
        case .flexFrame(let f):
            var c = spacing(of: node.children[0])
            if !node.children[0].isSpacerThroughModifiers {
                if f.minWidth != nil || f.idealWidth != nil || f.maxWidth != nil { c.reset(.horizontal) }
                if f.minHeight != nil || f.idealHeight != nil || f.maxHeight != nil { c.reset(.vertical) }
            }
            s = c
        case .padding(let i):
            var c = spacing(of: node.children[0])
            var edges: Edge.Set = []
            if i.top != 0 { edges.insert(.top) }
            if i.bottom != 0 { edges.insert(.bottom) }
            if i.leading != 0 { edges.insert(.leading) }
            if i.trailing != 0 { edges.insert(.trailing) }
            c.reset(edges)
            s = c
        default: s = spacing(of: node.children[0])
        }
        node.spacingPass = passID
        node.spacingMemo = s
        return s
    }
}


/// `x` rounded down as an `Int`, clamped to `0...limit` (NaN → 0), so that counts of lines and
/// glyphs computed from any length never trap: a length holding more than `limit` units (2⁵³ by
/// default, where doubles stop counting exactly) is as good as unbounded.
@inline(__always) func clampedCount(_ x: CGFloat, limit: Int = 1 << 53) -> Int {
    guard x > 0 else { return 0 }
    return x < CGFloat(limit) ? Int(x.rounded(.down)) : limit
}

extension CGSize {
    /// The size with NaN and infinite lengths replaced by 0: what a view is placed with.
    @inline(__always) var finiteOrZero: CGSize {
        if width.isFinite && height.isFinite { return self }
        return CGSize(width: width.isFinite ? width : 0, height: height.isFinite ? height : 0)
    }
}
