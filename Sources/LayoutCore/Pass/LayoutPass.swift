import Foundation

/// One layout pass over a tree: sizes, placements, explicit guides and spacing, with the per-view
/// memo, counters, trace and diagnostics.
///
/// Sizing follows SwiftUI's negotiation: a parent proposes, the child chooses its size, the parent
/// places it. Each view's answer is memoised for its last proposals within the pass.
///
/// The pass holds the machinery only: the memo, diagnostics, trace, and one switch over
/// `NodeKind` per question (size, spacing, priority, child geometry, placement, explicit
/// guides). Each kind's answers are methods of its payload type, one file per kind:
/// `Pass/Modifiers` (frames, padding, …), `Pass/Leaves` (text, shapes, Spacer, …) and
/// `Pass/Containers` (`Layout` containers, `ViewThatFits`).
///
/// Its hot stored properties (and the nodes' memo and placement fields) are marked
/// `@exclusivity(unchecked)`: a pass runs on one thread and never hands out overlapping accesses,
/// and dynamic exclusivity checks were about 14% of a pass's time.
@usableFromInline package final class LayoutPass {
    /// The numbers that say which memoised sizes answer this pass (`SizeMemoPolicy.canReuse`).
    let stamps: MemoStamps
    let textMeasurer: any TextMeasurer
    let options: LayoutOptions
    /// The per-view memos (the host's, kept across passes over the same tree), and its arrays,
    /// read straight from the pass on every size query.
    let store: NodeStore
    /// Set when the host has finished the pass (`finish()`): proxies a layout kept may still ask
    /// sizes, answered without memos, but place nothing.
    private(set) var isFinished = false
    private let spacingPass: UnsafeMutablePointer<UInt32>
    private let spacingMemo: UnsafeMutablePointer<ViewSpacing>
    /// Each view's parent's index (−1: the root).
    let parentIndices: UnsafeMutablePointer<Int32>
    /// What the pass reports besides geometry: counters, trace and diagnostics.
    @exclusivity(unchecked) var reports = PassReports()
    /// The geometry the pass places, by view index.
    @exclusivity(unchecked) var geometry = PlacedGeometry()
    /// The number of views in the tree (the length of the geometry arrays once placing starts);
    /// 0 once the pass is finished, so that no later question reads or writes a memo row.
    private(set) var viewCount: Int
    @exclusivity(unchecked) var visibility: [Bool]?
    /// While `placing` runs: `geometry`'s arrays, and the previous pass's
    /// geometry, as pointers (reading an array property of a class retains and releases it, and
    /// these are read for every view placed).
    @exclusivity(unchecked) var placed: PlacementBuffers? = nil
    /// The geometry of earlier passes this pass may reuse or write into (read for every view committed).
    @exclusivity(unchecked) var reuse = GeometryReuse()
    /// The proposals of the containers `containerRelativeFrame` measures against: the root's,
    /// then each scroll view being sized or placed (innermost last).
    @exclusivity(unchecked) package var containerProposals: [ProposedViewSize] = []
    /// The placement records of the running `placeSubviews` calls, lent by the host.
    @exclusivity(unchecked) var arena = PlacementArena()
    /// The root's safe area, when the tree has views that use it and there is one to reach
    /// (insets, or safe-area padding); nil otherwise, and then the pass pays nothing for it.
    @exclusivity(unchecked) var safeArea: SafeAreaRegion? = nil
    /// The views with a safe-area behaviour, in pre-order (`growIntoSafeArea`).
    @exclusivity(unchecked) var safeAreaViews: [LayoutNode] = []
    /// Whether the pass grows views into the safe area after placing the tree.
    var placesInSafeArea: Bool { safeArea != nil }
    /// What the scroll view being committed grew by into the safe area: its content's insets,
    /// read (and reset) by its placement (`ScrollViewLayout.place`).
    @exclusivity(unchecked) var scrollContentInsets: EdgeInsets? = nil
    /// The installed tree's views in pre-order (the host's list, empty after the pass): a unary
    /// modifier's content is the view right after it, read from this contiguous list, which a
    /// pass walks in order, rather than from the modifier's own children array (a separate heap
    /// block, one more cache line per modifier: a last-level miss per modifier per pass at 30k).
    @exclusivity(unchecked) var preorder: [LayoutNode]

    /// Ends the pass. A layout may have kept proxies (SwiftUI's contract makes them valid only
    /// during the call, but nothing stops a layout keeping them): a later question through this
    /// pass names a view that a newer install may have renumbered (a GeometryReader's content
    /// rebuilt above it), whose number then points at another view's memo row in this pass's
    /// store. Every such question is answered by measuring, without the memos; the pre-order
    /// list is dropped (a modifier's content is then its own child) and placing is ignored.
    func finish() {
        isFinished = true
        viewCount = 0
        preorder = []
    }

    init(passID: UInt32, sizeEpoch: UInt32, sizesGeneration: UInt64 = SizesGeneration.next(), textMeasurer: any TextMeasurer, options: LayoutOptions, store: NodeStore,
         viewCount: Int, tracksVisibility: Bool, preorder: [LayoutNode] = []) {
        self.preorder = preorder
        stamps = MemoStamps(pass: passID, sizeEpoch: sizeEpoch, sizesGeneration: sizesGeneration)
        self.store = store
        spacingPass = store.spacingPass; spacingMemo = store.spacing; parentIndices = store.parent
        self.viewCount = viewCount
        // The geometry arrays are made when placing starts (`placeRoot`): a pass that reuses the
        // whole previous placement shares the previous pass's arrays instead.
        visibility = tracksVisibility ? [] : nil
        self.textMeasurer = textMeasurer
        self.options = options
    }

    // MARK: Diagnostics

    enum DiagnosticCode: Int64 {
        case badProposal = 1, badSize, infiniteSizePlaced, nanPosition, hugeTree, badLayoutValue
    }

    /// Reports a problem found while building the tree (each one, up to the overall limit).
    func diagnoseBuild(_ node: LayoutNode?, _ message: String) {
        guard reports.diagnostics.count < 1000 else { return }
        reports.diagnostics.append(LayoutDiagnostic(severity: .warning, view: node?.index, message: message))
    }

    /// Reports the tree's duplicate ids (one warning per view, made when the tree was installed;
    /// no other question reports them, so they need no de-duplication).
    func reportDuplicateIDs(_ warnings: [LayoutDiagnostic]) {
        reports.diagnostics.append(contentsOf: warnings.prefix(Swift.max(0, 1000 - reports.diagnostics.count)))
    }

    /// Reports a problem once per view and code (and at most 1,000 in all).
    func diagnose(_ node: LayoutNode?, _ code: DiagnosticCode, _ message: @autoclosure () -> String,
                  severity: LayoutDiagnostic.Severity = .warning) {
        if code != .hugeTree { reports.reportedBadInput = true }
        let key = Int64(node?.index ?? -1) << 8 | code.rawValue
        guard reports.diagnostics.count < 1000, reports.diagnosed.insert(key).inserted else { return }
        reports.diagnostics.append(LayoutDiagnostic(severity: severity, view: node?.index, message: message()))
    }

    // MARK: Sizing

    /// The size `node` chooses for `proposal`, memoised per pass.
    func size(of node: LayoutNode, _ proposal: ProposedViewSize) -> CGSize {
        reports.counters.sizeQueries &+= 1
        let p = proposal.isSane ? proposal : sanitize(proposal, for: node)
        let index = node.index
        // The memo's rules are `SizeMemoPolicy`'s.
        if SizeMemoPolicy.isOutsideStore(index, viewCount: viewCount) { return computeSize(node, p) }
        if SizeMemoPolicy.answersDirectly(node, options) {
            reports.counters.directAnswers &+= 1
            let s = checked(directAnswer(node, p), of: node, for: p)
            if options.recordsTrace { record(.directSize, node, p, s, nil) }
            return s
        }
        let acrossPasses = node.reusesSizesAcrossPasses
        let key = SizeMemoPolicy.key(of: node, p)
        let row = store.memoRow(index)
        if SizeMemoPolicy.canReuse(row, stamps, acrossPasses: acrossPasses), let (s, stamp) = store.lookup(row: row, key) {
            let reused = stamp != stamps.pass
            reports.counters.cacheHits &+= 1
            if reused { reports.counters.reusedSizes &+= 1 }
            if options.recordsTrace { record(reused ? .reusedSize : .cachedSize, node, p, s, nil) }
            return s
        }
        reports.depth += 1
        let s = checked(computeSize(node, p), of: node, for: p)
        reports.depth -= 1
        if !SizeMemoPolicy.canReuse(row, stamps, acrossPasses: acrossPasses) {
            // Stale entries go first; the row keeps its overflow blocks.
            row.pointee.epoch = stamps.sizeEpoch
            row.pointee.count = 0
            row.pointee.next = 0
        }
        row.pointee.pass = stamps.pass
        store.store(row: row, key, s, pass: stamps.pass)
        if options.recordsTrace { record(.sizeThatFits, node, p, s, nil) }
        return s
    }

    /// The size of a view whose answer is a few arithmetic operations on the proposal
    /// (`LayoutNode.answersWithoutMemo`): computed on every question. A memo lookup costs about
    /// 70 instructions and a miss with its store about 150; a Color answers in about 10. The
    /// answer is the same either way (the view's size depends on the proposal alone), so only
    /// the counters and the trace tell: each question is a direct answer (`.directSize`), never
    /// a cache hit or a reused size. Each kind's rule is called here without `computeSize`'s
    /// dispatch, and a shape without reading its payload (a boxed enum: reading it retains).
    @inline(__always) private func directAnswer(_ node: LayoutNode, _ p: ProposedViewSize) -> CGSize {
        switch node.kind {
        case .shape: return ShapeKind.builtInSize(p)  // never a custom shape (or one trimmed) here
        case .frame(let f): return f.fixedSize  // fixed on both axes here
        case .spacer(let spacer): return spacer.size(of: node, p)
        case .divider(let divider): return divider.size(of: node, p)
        case .image(let image): return image.size(p)
        case .progress(let progress): return progress.size(p)
        default: return computeSize(node, p)
        }
    }

    /// `p` with NaN and negative lengths replaced by 0, and reported. Out of line, as every cold
    /// path of `size(of:_:)`: its locals would sit in the frame that a pass keeps at every level
    /// of the tree.
    @inline(never) private func sanitize(_ p: ProposedViewSize, for node: LayoutNode) -> ProposedViewSize {
        diagnose(node, .badProposal, "\(node.kindName) was proposed \(p); NaN and negative lengths are treated as 0")
        return p.sanitized
    }

    /// `s` with NaN and (unless the view may report them) negative lengths replaced by 0, and
    /// reported.
    @inline(__always) private func checked(_ s: CGSize, of node: LayoutNode, for p: ProposedViewSize) -> CGSize {
        if s.width.isNaN || s.height.isNaN || ((s.width < 0 || s.height < 0) && !node.reportsNegativeSizes) {
            return replaceBadSize(s, of: node, for: p)
        }
        return s
    }

    /// Out of line: the message is built only here, not in every caller's code.
    @inline(never) private func replaceBadSize(_ s: CGSize, of node: LayoutNode, for p: ProposedViewSize) -> CGSize {
        diagnose(node, .badSize, "\(node.kindName) returned the size \(formatLength(s.width))×\(formatLength(s.height)) for \(p); NaN and negative lengths are treated as 0")
        return CGSize(width: s.width.isNaN ? 0 : Swift.max(s.width, 0), height: s.height.isNaN ? 0 : Swift.max(s.height, 0))
    }

    /// Out of line: a trace is rare, and its event's locals would sit in recursive frames.
    @inline(never) func record(_ kind: TraceEvent.Kind, _ node: LayoutNode, _ p: ProposedViewSize, _ s: CGSize, _ origin: CGPoint?) {
        if reports.trace.events.count >= options.traceLimit { reports.trace.isTruncated = true; return }
        reports.trace.events.append(TraceEvent(kind: kind, view: node.index, depth: reports.depth, proposal: p, size: s, origin: origin))
    }

    /// Calls `body` with a unary modifier's content (its first child), not retained: the view
    /// after it in the pre-order list while the pass runs. Every view a running pass reaches is
    /// of the tree it was made for, numbered as in that list (the host installs no tree during a
    /// pass); a proxy kept past its pass asks a finished pass, whose list is empty, and reads
    /// the children array. Checking in release builds that the list's entry at the view's own
    /// index is the view cost 8 instructions per view in the flow benchmark (about 1.5 %); the
    /// invariant is asserted in debug builds, which run every test and the fuzzer.
    @inline(__always) func withContent<R>(of node: LayoutNode, _ body: (LayoutNode) -> R) -> R {
        let i = node.index + 1
        guard i < preorder.count else { return node.withContent(body) }
        let content = preorder.unretained(i)
        assert(content.takeUnretainedValue() === node.children.first, "view \(i - 1)'s content is not the view after it")
        return content._withUnsafeGuaranteedRef(body)
    }

    @inline(__always) func subviews(of node: LayoutNode) -> LayoutSubviews {
        LayoutSubviews(nodes: node.children, pass: self, container: node)
    }

    // MARK: Dispatch
    //
    // Each kind's rules live with its payload type (`Pass/Modifiers`, `Pass/Leaves`,
    // `Pass/Containers`); the switches below only pick the rule, so a kind costs no
    // existential or protocol call.

    // A pass recurses through `computeSize` at every level of the tree, so it only tests the
    // kind and calls that kind's rule out of line, which reads its payload itself: a frame
    // holds only what the kind taken needs (binding every case's payload here made one frame
    // of 360 bytes at every level, whatever the kind).
    private func computeSize(_ node: LayoutNode, _ p: ProposedViewSize) -> CGSize {
        switch node.kind {
        case .shape, .text, .spacer, .divider, .image, .progress: return leafSize(node, p)
        case .layout: return layoutSize(node, p)
        case .viewThatFits: return viewThatFitsSize(node, p)
        case .frame: return frameSize(node, p)
        case .flexFrame: return flexFrameSize(node, p)
        case .padding: return paddingSize(node, p)
        case .fixedSize: return fixedSizeSize(node, p)
        case .aspectRatio: return aspectRatioSize(node, p)
        case .layoutPriority: return layoutPrioritySize(node, p)
        case .alignmentGuide: return alignmentGuideSize(node, p)
        case .offset: return offsetSize(node, p)
        case .position: return positionSize(node, p)
        case .scrollView: return scrollViewSize(node, p)
        case .background, .overlay: return layeredSize(node, p)
        }
    }

    /// A leaf's size (leaves end the recursion, so one function serves them all).
    @inline(never) private func leafSize(_ node: LayoutNode, _ p: ProposedViewSize) -> CGSize {
        switch node.kind {
        case .shape(let shape): return shape.size(p)
        case .text(let text): return text.size(p, in: self)
        case .spacer(let spacer): return spacer.size(of: node, p)
        case .divider(let divider): return divider.size(of: node, p)
        case .image(let image): return image.size(p)
        case .progress(let progress): return progress.size(p)
        default: preconditionFailure("not a leaf: \(node.kindName)")
        }
    }

    @inline(never) private func layoutSize(_ node: LayoutNode, _ p: ProposedViewSize) -> CGSize {
        guard case .layout(let storage) = node.kind else { preconditionFailure() }
        reports.counters.layoutSizeCalls &+= 1
        return storage.sizeThatFits(p, subviews(of: node))
    }

    @inline(never) private func viewThatFitsSize(_ node: LayoutNode, _ p: ProposedViewSize) -> CGSize {
        guard case .viewThatFits(let v) = node.kind else { preconditionFailure() }
        return v.size(of: node, p, in: self)
    }

    @inline(never) private func frameSize(_ node: LayoutNode, _ p: ProposedViewSize) -> CGSize {
        guard case .frame(let f) = node.kind else { preconditionFailure() }
        return f.size(of: node, p, in: self)
    }

    @inline(never) private func flexFrameSize(_ node: LayoutNode, _ p: ProposedViewSize) -> CGSize {
        guard case .flexFrame(let f) = node.kind else { preconditionFailure() }
        return f.size(of: node, p, in: self)
    }

    @inline(never) private func paddingSize(_ node: LayoutNode, _ p: ProposedViewSize) -> CGSize {
        guard case .padding(let m) = node.kind else { preconditionFailure() }
        return m.size(of: node, p, in: self)
    }

    @inline(never) private func fixedSizeSize(_ node: LayoutNode, _ p: ProposedViewSize) -> CGSize {
        guard case .fixedSize(let m) = node.kind else { preconditionFailure() }
        return m.size(of: node, p, in: self)
    }

    @inline(never) private func aspectRatioSize(_ node: LayoutNode, _ p: ProposedViewSize) -> CGSize {
        guard case .aspectRatio(let m) = node.kind else { preconditionFailure() }
        return m.size(of: node, p, in: self)
    }

    @inline(never) private func layoutPrioritySize(_ node: LayoutNode, _ p: ProposedViewSize) -> CGSize {
        guard case .layoutPriority(let m) = node.kind else { preconditionFailure() }
        return m.size(of: node, p, in: self)
    }

    @inline(never) private func alignmentGuideSize(_ node: LayoutNode, _ p: ProposedViewSize) -> CGSize {
        guard case .alignmentGuide(let m) = node.kind else { preconditionFailure() }
        return m.size(of: node, p, in: self)
    }

    @inline(never) private func offsetSize(_ node: LayoutNode, _ p: ProposedViewSize) -> CGSize {
        guard case .offset(let m) = node.kind else { preconditionFailure() }
        return m.size(of: node, p, in: self)
    }

    @inline(never) private func positionSize(_ node: LayoutNode, _ p: ProposedViewSize) -> CGSize {
        guard case .position(let m) = node.kind else { preconditionFailure() }
        return m.size(of: node, p, in: self)
    }

    @inline(never) private func scrollViewSize(_ node: LayoutNode, _ p: ProposedViewSize) -> CGSize {
        guard case .scrollView(let m) = node.kind else { preconditionFailure() }
        return m.size(of: node, p, in: self)
    }

    @inline(never) private func layeredSize(_ node: LayoutNode, _ p: ProposedViewSize) -> CGSize {
        switch node.kind {
        case .background(let m), .overlay(let m): return m.size(of: node, p, in: self)
        default: preconditionFailure()
        }
    }

    /// The layout priority a parent sees (<doc:StackRules>, <doc:ModifierRules>).
    func priority(of node: LayoutNode) -> Double { node.priority }

    /// The spacing preferences of `node` (<doc:StackRules>), memoised per pass.
    func spacing(of node: LayoutNode) -> ViewSpacing {
        let index = node.index
        let memoised = !SizeMemoPolicy.isOutsideStore(index, viewCount: viewCount)
        if memoised && spacingPass[index] == stamps.pass { return spacingMemo[index] }
        let s: ViewSpacing
        switch node.kind {
        case .shape(let shape): s = shape.spacing
        case .text(let text): s = text.spacing
        case .spacer(let spacer): s = spacer.spacing(of: node)
        case .divider(let divider): s = divider.spacing
        case .image(let image): s = image.spacing
        case .progress(let progress): s = progress.spacing
        case .layout(let storage): s = storage.spacing(subviews(of: node))
        case .viewThatFits(let v): s = v.spacing(of: node, in: self)
        case .frame(let f): s = f.spacing(of: node, in: self)
        case .flexFrame(let f): s = f.spacing(of: node, in: self)
        case .padding(let m): s = m.spacing(of: node, in: self)
        case .fixedSize(let m): s = m.spacing(of: node, in: self)
        case .aspectRatio(let m): s = m.spacing(of: node, in: self)
        case .layoutPriority(let m): s = m.spacing(of: node, in: self)
        case .alignmentGuide(let m): s = m.spacing(of: node, in: self)
        case .offset(let m): s = m.spacing(of: node, in: self)
        case .position(let m): s = m.spacing(of: node, in: self)
        case .background(let m), .overlay(let m): s = m.spacing(of: node, in: self)
        case .scrollView(let m): s = m.spacing(of: node, in: self)
        }
        if memoised {
            spacingPass[index] = stamps.pass
            spacingMemo[index] = s
        }
        return s
    }
}

/// Which memoised sizes answer a pass (`SizeMemoPolicy.canReuse`).
struct MemoStamps {
    /// The pass (never 0): answers stored in it answer it.
    let pass: UInt32
    /// The host's size epoch: memoised sizes stored under it are still valid (incremental relayout).
    let sizeEpoch: UInt32
    /// The host's installed tree and size epoch, as one process-wide number (`SubviewSizesStamp`).
    let sizesGeneration: UInt64
}

/// What a pass reports besides geometry (`LayoutResult.counters`, `.trace`, `.diagnostics`).
struct PassReports {
    var counters = LayoutCounters()
    var trace = LayoutTrace()
    /// The nesting of size questions being answered, recorded in the trace.
    var depth = 0
    var diagnostics: [LayoutDiagnostic] = []
    /// The (view, code) pairs reported, each once.
    var diagnosed = Set<Int64>()
    /// Whether sizing or placement reported bad input (not a property of the tree such as a
    /// duplicate id): the host then lets no size of this pass answer a later one.
    var reportedBadInput = false
}

/// The geometry a pass places: frames (root coordinates), local origins and proposals by view
/// index, written as views are placed (through `LayoutPass.placed` while placing).
struct PlacedGeometry {
    var frames: [CGRect] = []
    /// Each view's origin relative to its parent's, as its parent placed it (NaN: not placed).
    /// A view's frame is its parent's origin plus this, in a fresh pass and in a reused subtree
    /// alike, so reuse gives the very frames a fresh pass would, wherever the ancestors moved.
    var localOrigins: [CGPoint] = []
    var proposals: [PackedProposal] = []

    /// Calls `body` with the three arrays' storage (nil while they are empty): the arrays are
    /// this struct's own, so the three accesses may overlap.
    mutating func withBuffers<R>(_ body: (UnsafeMutableBufferPointer<CGRect>, UnsafeMutableBufferPointer<CGPoint>,
                                          UnsafeMutableBufferPointer<PackedProposal>) -> R) -> R {
        frames.withUnsafeMutableBufferPointer { f in
            localOrigins.withUnsafeMutableBufferPointer { l in
                proposals.withUnsafeMutableBufferPointer { p in body(f, l, p) }
            }
        }
    }
}

/// The geometry of the host's earlier passes that a pass may reuse (incremental relayout) or
/// write its own into.
struct GeometryReuse {
    /// The geometry of the host's previous pass over the same tree with the same sizes, if it may
    /// be reused: a subtree committed exactly as then is copied from it.
    var previous: PassGeometry? = nil
    /// Geometry whose arrays this pass may write its own into, if no result holds them
    /// (`LayoutHost`'s spare geometry); never the same arrays as `previous`.
    var spare: PassGeometry? = nil
    /// Whether this pass wrote its geometry into `spare`'s arrays (for tests).
    var recycled = false
    /// For the first pass over a re-installed tree: where each view's subtree was in `previous`,
    /// plus one (0: nowhere); nil when `previous` is this tree's (each view at its own index).
    var previousRowsPlusOne: UnsafeMutablePointer<Int32>? = nil
    /// The rows of views replaced since `previous` was laid out (`LayoutHost.replaceSubtree`),
    /// as one range (empty: none): a subtree that overlaps it, the replaced views and their
    /// ancestors, is placed anew rather than copied.
    var changedStart = 0
    var changedEnd = 0
    /// Whether this pass writes its geometry into the previous pass's arrays, each view at its
    /// own row, leaving unmoved subtrees as they are (`takePreviousGeometryToPatch`).
    var patchesInPlace = false
}

/// Where a unary modifier puts its child: the offset in the modifier, the child's size and the
/// proposal it was sized with.
struct ChildGeometry {
    var offset: CGPoint
    var size: CGSize
    var proposal: ProposedViewSize
}

extension LayoutNode {
    /// Whether where this view puts its children does not depend on where its parent put it:
    /// true for every view but a `Layout` container, whose `placeSubviews` receives its bounds
    /// in its parent's coordinates (leaves have no children; modifiers, `ViewThatFits`, scroll
    /// views and backgrounds place their children in their own coordinates). Such a view, placed
    /// elsewhere as large and proposed the same, keeps its subtree's placement (`commit`).
    @inline(__always) var placesChildrenWhereverItIs: Bool {
        if case .layout = kind { return false }
        return true
    }

    /// Whether where this view puts its children, and what it proposes them, do not depend on
    /// its own proposal: leaves (no children), a frame fixed on both axes (its child is proposed
    /// the frame's size and aligned in it) and `fixedSize()` on both axes (its child is proposed
    /// nil and centred). Such a view, proposed otherwise but as large, keeps its subtree's
    /// placement (`commit`).
    @inline(__always) var placesChildrenWhateverItIsProposed: Bool {
        switch kind {
        case .shape, .text, .spacer, .divider, .progress, .image: return true
        case .frame(let f): return f.width != nil && f.height != nil
        case .fixedSize(let m): return m.horizontal && m.vertical
        default: return false
        }
    }

    /// Built-in stacks and grids (negative spacing) and Spacers (negative minimum) follow SwiftUI
    /// into negative lengths; every other view answering a negative length is treated as 0.
    var reportsNegativeSizes: Bool {
        switch kind {
        case .layout(let storage): return storage.reportsNegativeSizes
        case .spacer: return true  // a negative minLength makes a negative Spacer (native probe P5)
        default: return false
        }
    }

    /// The layout priority a parent sees (<doc:StackRules>, <doc:ModifierRules>): a property of
    /// the tree, stored in `priority` when the tree is finalised. Called bottom-up, so a child's
    /// `priority` is already known.
    var computeLayoutPriority: Double {
        switch kind {
        case .spacer(let spacer): return spacer.priority
        case .shape, .text, .divider, .image, .progress: return 0  // <doc:LeafRules>
        case .layout(let storage): return storage.priority(of: self)
        case .viewThatFits(let v): return v.priority(of: self)
        case .frame(let f): return f.priority(of: self)
        case .flexFrame(let f): return f.priority(of: self)
        case .padding(let m): return m.priority(of: self)
        case .fixedSize(let m): return m.priority(of: self)
        case .aspectRatio(let m): return m.priority(of: self)
        case .layoutPriority(let m): return m.priority(of: self)
        case .alignmentGuide(let m): return m.priority(of: self)
        case .offset(let m): return m.priority(of: self)
        case .position(let m): return m.priority(of: self)
        case .background(let m), .overlay(let m): return m.priority(of: self)
        case .scrollView(let m): return m.priority(of: self)
        }
    }
}

extension CGSize {
    /// The size with NaN and infinite lengths replaced by 0: what a view is placed with.
    @inline(__always) var finiteOrZero: CGSize {
        if width.isFinite && height.isFinite { return self }
        return CGSize(width: width.isFinite ? width : 0, height: height.isFinite ? height : 0)
    }
}
