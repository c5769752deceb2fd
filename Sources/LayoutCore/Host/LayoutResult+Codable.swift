import Foundation

/// A layout result crosses a process boundary (the preview agent lays out a person's code in a
/// process of its own and sends the result to the window), so it encodes to a plain form.
///
/// What survives the trip: every view's structure, identity, kind, detail, frame, proposal,
/// size ranges, priority, layout values, z-index, visibility and source mark; the display list; the trace;
/// the counters and the diagnostics (the pass's and the probes'). Explicit identifiers keep their value when they are
/// integers or strings (the identifiers `LayoutResult.frame(of:)` is asked about in practice);
/// any other identifier arrives as its `description` string.
extension LayoutResult: Codable {
    private enum CodingKeys: String, CodingKey {
        case proposal, canvasSize, rootSize, views, displayList, trace, counters, diagnostics, probeDiagnostics, sourceFiles
    }

    public func encode(to encoder: Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(proposal, forKey: .proposal)
        try c.encode(canvasSize, forKey: .canvasSize)
        try c.encode(rootSize, forKey: .rootSize)
        let geometry = views.geometry
        let encodedViews = self.encodedViews
        try c.encode(encodedViews, forKey: .views)
        if encodedViews.contains(where: { $0.source != nil }) { try c.encode(ViewSourceFiles.all, forKey: .sourceFiles) }
        try c.encode(displayList.map { $0.resolvingCustomShapes(frames: geometry.frames) }, forKey: .displayList)
        try c.encode(EncodedTrace(trace), forKey: .trace)
        try c.encode(EncodedCounters(counters), forKey: .counters)
        try c.encode(diagnostics.map(EncodedDiagnostic.init), forKey: .diagnostics)
        if !probeDiagnostics.isEmpty { try c.encode(probeDiagnostics.map(EncodedDiagnostic.init), forKey: .probeDiagnostics) }
    }

    public init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        let encodedViews = try c.decode([EncodedView].self, forKey: .views)
        let sourceFiles = try c.decodeIfPresent([String].self, forKey: .sourceFiles) ?? []
        var info: [ViewInfo] = []
        info.reserveCapacity(encodedViews.count)
        var frames: [CGRect] = [], proposals: [PackedProposal] = []
        var visibility: [Bool] = [], ranges: [(CGSize, CGSize, CGSize)] = []
        for (i, v) in encodedViews.enumerated() {
            if let p = v.parent, p < 0 || p >= i {
                throw DecodingError.dataCorruptedError(forKey: .views, in: c,
                    debugDescription: "view \(i) names parent \(p), which does not precede it")
            }
            let explicitID = v.id?.value
            info.append(ViewInfo(parent: v.parent, depth: v.depth, identity: ViewIdentity(rawValue: v.identity),
                                 explicitID: explicitID, kind: v.kind, detail: v.detail, priority: v.priority,
                                 layoutValues: v.layoutValues, zIndex: v.zIndex, sourceMark: v.packedSourceMark(files: sourceFiles)))
            frames.append(v.frame)
            proposals.append(PackedProposal(v.proposal))
            visibility.append(v.isVisible)
            if let r = v.ranges, r.count == 3 { ranges.append((r[0], r[1], r[2])) }
        }
        let geometry = PassGeometry(frames: frames, proposals: proposals,
                                    visibility: visibility.allSatisfy { $0 } ? nil : visibility,
                                    sizeRanges: ranges.count == encodedViews.count && !ranges.isEmpty ? ranges : nil)
        let displayList = try c.decode([DisplayItem].self, forKey: .displayList)
        if let bad = displayList.first(where: { $0.view < 0 || $0.view >= encodedViews.count }) {
            throw DecodingError.dataCorruptedError(forKey: .displayList, in: c,
                debugDescription: "a display item draws in view \(bad.view), which does not exist")
        }
        self.init(proposal: try c.decode(ProposedViewSize.self, forKey: .proposal),
                  canvasSize: try c.decode(CGSize.self, forKey: .canvasSize),
                  rootSize: try c.decode(CGSize.self, forKey: .rootSize),
                  views: PlacedViews(info: info, geometry: geometry),
                  displayList: displayList,
                  trace: try c.decode(EncodedTrace.self, forKey: .trace).trace,
                  counters: try c.decode(EncodedCounters.self, forKey: .counters).counters,
                  diagnostics: try c.decode([EncodedDiagnostic].self, forKey: .diagnostics).map(\.diagnostic),
                  probeDiagnostics: try c.decodeIfPresent([EncodedDiagnostic].self, forKey: .probeDiagnostics)?.map(\.diagnostic) ?? [])
    }
}

/// An explicit identifier in transit: integers and strings keep their type.
private enum EncodedID: Codable, Equatable {
    case int(Int)
    case string(String)
    case other(String)

    init(_ id: AnyHashable) {
        if let i = id.base as? Int { self = .int(i) } else if let s = id.base as? String { self = .string(s) } else {
            self = .other(String(describing: id.base))
        }
    }
    var value: AnyHashable {
        switch self {
        case .int(let i): AnyHashable(i)
        case .string(let s), .other(let s): AnyHashable(s)
        }
    }
}

private struct EncodedView: Codable, Equatable {
    var parent: Int?
    var depth: Int
    var identity: UInt64
    var id: EncodedID?
    var kind: String
    var detail: String
    var priority: Double
    var layoutValues: [String]
    var zIndex: Double
    var frame: CGRect
    var proposal: ProposedViewSize
    var isVisible: Bool
    /// min, ideal, max when measured.
    var ranges: [CGSize]?
    /// The view's source mark: the file's number in the sender's table (the message's
    /// `sourceFiles`, so that a path is sent once, not with every view) and the ordinal.
    var source: [Int]?

    init(info: ViewInfo, frame: CGRect, proposal: ProposedViewSize, isVisible: Bool, ranges: (CGSize, CGSize, CGSize)?) {
        parent = info.parent; depth = info.depth; identity = info.identity.rawValue
        id = info.explicitID.map(EncodedID.init)
        kind = info.kind; detail = info.detail; priority = info.priority
        layoutValues = info.layoutValues; zIndex = info.zIndex
        self.frame = frame; self.proposal = proposal; self.isVisible = isVisible
        self.ranges = ranges.map { [$0.0, $0.1, $0.2] }
        let mark = info.sourceMark
        source = mark == 0 ? nil : [Int(mark >> 32) - 1, Int(UInt32(truncatingIfNeeded: mark))]
    }

    /// The mark `source` names, in this process's numbering (0: none, or a file the message
    /// does not name).
    func packedSourceMark(files: [String]) -> UInt64 {
        guard let source, source.count == 2, files.indices.contains(source[0]) else { return 0 }
        return ViewSourceMark(file: files[source[0]], index: source[1]).packed
    }
}

private struct EncodedTrace: Codable {
    struct Event: Codable {
        var kind: String, view: Int, depth: Int, proposal: ProposedViewSize, size: CGSize, origin: CGPoint?
    }
    var events: [Event]
    var isTruncated: Bool

    init(_ t: LayoutTrace) {
        events = t.events.map { Event(kind: $0.kind.rawValue, view: $0.view, depth: $0.depth, proposal: $0.proposal, size: $0.size, origin: $0.origin) }
        isTruncated = t.isTruncated
    }
    var trace: LayoutTrace {
        var t = LayoutTrace()
        t.events = events.map {
            TraceEvent(kind: TraceEvent.Kind(rawValue: $0.kind) ?? .sizeThatFits, view: $0.view, depth: $0.depth,
                       proposal: $0.proposal, size: $0.size, origin: $0.origin)
        }
        t.isTruncated = isTruncated
        return t
    }
}

private struct EncodedCounters: Codable, Sendable {
    var sizeQueries, cacheHits, layoutSizeCalls, placeSubviewsCalls, alignmentQueries, viewCount: Int
    /// Absent in JSON written before incremental relayout.
    var reusedSizes: Int?
    var reusedPlacements: Int?
    /// Absent in JSON written before views were answered without a memo.
    var directAnswers: Int?
    init(_ c: LayoutCounters) {
        directAnswers = c.directAnswers
        sizeQueries = c.sizeQueries; cacheHits = c.cacheHits; reusedSizes = c.reusedSizes; reusedPlacements = c.reusedPlacements; layoutSizeCalls = c.layoutSizeCalls
        placeSubviewsCalls = c.placeSubviewsCalls; alignmentQueries = c.alignmentQueries; viewCount = c.viewCount
    }
    var counters: LayoutCounters {
        var c = LayoutCounters()
        c.sizeQueries = sizeQueries; c.cacheHits = cacheHits; c.directAnswers = directAnswers ?? 0; c.reusedSizes = reusedSizes ?? 0; c.reusedPlacements = reusedPlacements ?? 0; c.layoutSizeCalls = layoutSizeCalls
        c.placeSubviewsCalls = placeSubviewsCalls; c.alignmentQueries = alignmentQueries; c.viewCount = viewCount
        return c
    }
}

private struct EncodedDiagnostic: Codable, Sendable {
    var severity: String, view: Int?, message: String
    init(_ d: LayoutDiagnostic) { severity = d.severity.rawValue; view = d.view; message = d.message }
    var diagnostic: LayoutDiagnostic {
        LayoutDiagnostic(severity: LayoutDiagnostic.Severity(rawValue: severity) ?? .warning, view: view, message: message)
    }
}

extension DisplayItem {
    /// The item with custom shapes replaced by their paths in the view's frame (`ShapeKind.path`),
    /// which is what can cross a process boundary: a custom shape is code.
    /// Whether the item draws a custom shape (resolved against its view's frame to travel).
    var hasCustomShape: Bool {
        switch kind {
        case .fill(let k, _), .fillEvenOdd(let k, _), .stroke(let k, _, _), .strokePath(let k, _, _), .beginClip(let k):
            return k.customResolver != nil
        case .beginEffect(.transition(let t)):
            let custom = { (item: TransitionDrawnItem) in DisplayItem(view: view, kind: item.kind).hasCustomShape }
            return t.insertion.drawnItems.contains(where: custom) || t.removal.drawnItems.contains(where: custom)
        default: return false
        }
    }

    func resolvingCustomShapes(frames: [CGRect]) -> DisplayItem {
        let size = view >= 0 && view < frames.count ? frames[view].size : .zero
        var item = self
        switch kind {
        case .fill(let k, let p): item.kind = .fill(k.resolvingCustom(size: size), p)
        case .fillEvenOdd(let k, let p): item.kind = .fillEvenOdd(k.resolvingCustom(size: size), p)
        case .stroke(let k, let p, let w): item.kind = .stroke(k.resolvingCustom(size: size), p, lineWidth: w)
        case .strokePath(let k, let p, let s): item.kind = .strokePath(k.resolvingCustom(size: size), p, s)
        case .beginClip(let k): item.kind = .beginClip(k.resolvingCustom(size: size))
        case .beginEffect(.transition(var t)) where !t.insertion.drawnItems.isEmpty || !t.removal.drawnItems.isEmpty:
            // A transition's clip shapes at its ends, as the view's own clips are sent.
            func resolve(_ items: inout [TransitionDrawnItem]) {
                for k in items.indices { items[k].kind = DisplayItem(view: view, kind: items[k].kind).resolvingCustomShapes(frames: frames).kind }
            }
            resolve(&t.insertion.drawnItems)
            resolve(&t.removal.drawnItems)
            item.kind = .beginEffect(.transition(t))
        default: break
        }
        return item
    }
}

/// What changed from one layout result to the next, for sending a live preview's layouts after
/// each event without sending what stayed: the views and display items that differ, by index,
/// and the small parts (sizes, counters, diagnostics) whole. The trace is not sent.
///
/// Made by `LayoutResult.patch(from:)` when both results have the same number of views; applied
/// to the same base with `LayoutResult.applying(_:)`.
public struct LayoutResultPatch: Codable, Sendable {
    fileprivate struct View: Codable {
        var index: Int
        var view: EncodedView
    }
    fileprivate struct Item: Codable {
        var index: Int
        var item: DisplayItem
    }
    private var proposal: ProposedViewSize
    private var canvasSize: CGSize
    private var rootSize: CGSize
    private var viewCount: Int
    /// Whether the result measured size ranges (a patch of a result that did not drops the base's).
    private var hasSizeRanges: Bool
    fileprivate var views: [View]
    /// The items that changed, when the list is as long as the base's.
    fileprivate var items: [Item]
    /// The whole list, when its length changed.
    private var displayList: [DisplayItem]?
    private var counters: EncodedCounters
    private var diagnostics: [EncodedDiagnostic]
    private var probeDiagnostics: [EncodedDiagnostic]
    /// The files the changed views' source marks name (`EncodedView.source`).
    fileprivate var sourceFiles: [String]?

    /// The number of views and display items the patch replaces (for tests and figures).
    public var changedCount: Int { views.count + (displayList?.count ?? items.count) }

    fileprivate init(_ result: LayoutResult, views: [View], items: [Item], displayList: [DisplayItem]?) {
        proposal = result.proposal; canvasSize = result.canvasSize; rootSize = result.rootSize
        viewCount = result.views.count
        hasSizeRanges = result.views.geometry.sizeRanges != nil
        self.views = views; self.items = items; self.displayList = displayList
        counters = EncodedCounters(result.counters)
        diagnostics = result.diagnostics.map(EncodedDiagnostic.init)
        probeDiagnostics = result.probeDiagnostics.map(EncodedDiagnostic.init)
        sourceFiles = views.contains { $0.view.source != nil } ? ViewSourceFiles.all : nil
    }

    fileprivate var parts: (proposal: ProposedViewSize, canvasSize: CGSize, rootSize: CGSize, viewCount: Int, hasSizeRanges: Bool,
                            displayList: [DisplayItem]?, counters: LayoutCounters, diagnostics: [LayoutDiagnostic],
                            probeDiagnostics: [LayoutDiagnostic]) {
        (proposal, canvasSize, rootSize, viewCount, hasSizeRanges, displayList, counters.counters, diagnostics.map(\.diagnostic),
         probeDiagnostics.map(\.diagnostic))
    }
}

extension LayoutResult {
    /// The views of the result as they travel.
    fileprivate var encodedViews: [EncodedView] {
        let info = views.info
        return info.indices.map { encodedView($0, info[$0]) }
    }

    /// View `i`, described by `info`, as it travels.
    private func encodedView(_ i: Int, _ info: ViewInfo) -> EncodedView {
        let geometry = views.geometry
        return EncodedView(info: info, frame: geometry.frames[i], proposal: geometry.proposals[i].proposal,
                           isVisible: geometry.visibility?[i] ?? true, ranges: geometry.sizeRanges?[i])
    }

    /// What changed from `base` to this result, or nil when the number of views changed (send
    /// the whole result then).
    public func patch(from base: LayoutResult) -> LayoutResultPatch? {
        guard views.count == base.views.count else { return nil }
        // Views and items are compared as they are first, and encoded (or their custom shapes
        // resolved) only where they differ: after a change to a few views, most rows are the
        // same and a patch costs comparisons, not the encoding of two whole results.
        let info = views.info, baseInfo = base.views.info
        let geometry = views.geometry, baseGeometry = base.views.geometry
        var changedViews: [LayoutResultPatch.View] = []
        // A row kept from the last layout is the same bits (the same strings and boxes): compared
        // as memory first, it is neither copied nor compared field by field. Rows that differ in
        // bits (a padding byte, a string made again) are compared as values.
        info.withUnsafeBufferPointer { info in
            baseInfo.withUnsafeBufferPointer { baseInfo in
                for i in info.indices {
                    if Self.sameBits(info, baseInfo, i) || info[i].isSame(as: baseInfo[i]), geometry.frames[i] == baseGeometry.frames[i],
                       geometry.proposals[i] == baseGeometry.proposals[i],
                       (geometry.visibility?[i] ?? true) == (baseGeometry.visibility?[i] ?? true),
                       sameRanges(geometry.sizeRanges?[i], baseGeometry.sizeRanges?[i]) { continue }
                    let mine = encodedView(i, info[i]), theirs = base.encodedView(i, baseInfo[i])
                    if mine != theirs { changedViews.append(.init(index: i, view: mine)) }
                }
            }
        }
        let list = displayList, baseList = base.displayList
        guard list.count == baseList.count else {
            return LayoutResultPatch(self, views: changedViews, items: [],
                                     displayList: list.map { $0.resolvingCustomShapes(frames: geometry.frames) })
        }
        var changedItems: [LayoutResultPatch.Item] = []
        list.withUnsafeBufferPointer { list in
            baseList.withUnsafeBufferPointer { baseList in
                for i in list.indices {
                    if Self.sameBits(list, baseList, i) || list[i] == baseList[i] {
                        // The same item in a frame of the same size is sent the same (a custom
                        // shape's resolver is compared by identity and resolves to the same path).
                        let view = list[i].view
                        if view >= 0, view < geometry.frames.count, view < baseGeometry.frames.count,
                           geometry.frames[view].size == baseGeometry.frames[view].size { continue }
                        guard list[i].hasCustomShape else { continue }
                    } else if !list[i].hasCustomShape, !baseList[i].hasCustomShape {
                        changedItems.append(.init(index: i, item: list[i]))
                        continue
                    }
                    let mine = list[i].resolvingCustomShapes(frames: geometry.frames)
                    if mine != baseList[i].resolvingCustomShapes(frames: baseGeometry.frames) { changedItems.append(.init(index: i, item: mine)) }
                }
            }
        }
        return LayoutResultPatch(self, views: changedViews, items: changedItems, displayList: nil)
    }

    /// Whether element `i` of `a` and of `b` are the same bits: then they are the same value
    /// (the same references, the same numbers), without copying either. Different bits may
    /// still be equal values.
    @inline(__always)
    private static func sameBits<T>(_ a: UnsafeBufferPointer<T>, _ b: UnsafeBufferPointer<T>, _ i: Int) -> Bool {
        guard let x = a.baseAddress, let y = b.baseAddress else { return false }
        return memcmp(x + i, y + i, MemoryLayout<T>.size) == 0
    }

    /// Whether two views' measured ranges (min, ideal, max) are the same, or both unmeasured.
    private func sameRanges(_ a: (CGSize, CGSize, CGSize)?, _ b: (CGSize, CGSize, CGSize)?) -> Bool {
        switch (a, b) {
        case (nil, nil): return true
        case let (x?, y?): return x.0 == y.0 && x.1 == y.1 && x.2 == y.2
        default: return false
        }
    }

    /// This result (the patch's base) with `patch` applied; throws when the patch does not fit
    /// it (another base, or indices out of range).
    public func applying(_ patch: LayoutResultPatch) throws -> LayoutResult {
        let parts = patch.parts
        guard parts.viewCount == views.count else {
            throw PatchError("the patch is for \(parts.viewCount) views; this result has \(views.count)")
        }
        var info = views.info
        var frames = views.geometry.frames, proposals = views.geometry.proposals
        var visibility = views.geometry.visibility ?? [Bool](repeating: true, count: views.count)
        // Ranges are kept when both results measured them (a changed view brings its own).
        let baseRanges = parts.hasSizeRanges ? views.geometry.sizeRanges : nil
        var ranges = baseRanges ?? []
        for changed in patch.views {
            let i = changed.index, v = changed.view
            guard i >= 0, i < info.count else { throw PatchError("the patch changes view \(i) of \(info.count)") }
            if let p = v.parent, p < 0 || p >= i { throw PatchError("view \(i) names parent \(p), which does not precede it") }
            info[i] = ViewInfo(parent: v.parent, depth: v.depth, identity: ViewIdentity(rawValue: v.identity),
                               explicitID: v.id?.value, kind: v.kind, detail: v.detail, priority: v.priority,
                               layoutValues: v.layoutValues, zIndex: v.zIndex,
                               sourceMark: v.packedSourceMark(files: patch.sourceFiles ?? []))
            frames[i] = v.frame
            proposals[i] = PackedProposal(v.proposal)
            visibility[i] = v.isVisible
            if baseRanges != nil, let r = v.ranges, r.count == 3 { ranges[i] = (r[0], r[1], r[2]) }
        }
        var list = displayList
        if let whole = parts.displayList {
            list = whole
        } else {
            for changed in patch.items {
                guard changed.index >= 0, changed.index < list.count else {
                    throw PatchError("the patch changes display item \(changed.index) of \(list.count)")
                }
                list[changed.index] = changed.item
            }
        }
        if let bad = list.first(where: { $0.view < 0 || $0.view >= info.count }) {
            throw PatchError("a display item draws in view \(bad.view), which does not exist")
        }
        let geometry = PassGeometry(frames: frames, proposals: proposals,
                                    visibility: visibility.allSatisfy { $0 } ? nil : visibility,
                                    sizeRanges: baseRanges == nil ? nil : ranges)
        return LayoutResult(proposal: parts.proposal, canvasSize: parts.canvasSize, rootSize: parts.rootSize,
                            views: PlacedViews(info: info, geometry: geometry), displayList: list, trace: LayoutTrace(),
                            counters: parts.counters, diagnostics: parts.diagnostics, probeDiagnostics: parts.probeDiagnostics)
    }
}

/// A patch that does not fit the result it was applied to.
public struct PatchError: Error, CustomStringConvertible {
    /// What did not fit.
    public let description: String
    init(_ description: String) { self.description = description }
    /// A patch arrived without the result it patches.
    public static let noBase = PatchError("a patch arrived for a layout the receiver does not hold")
}
