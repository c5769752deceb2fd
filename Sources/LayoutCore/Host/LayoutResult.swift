import Foundation

/// A stable identity for a view across layout passes and view-tree updates.
///
/// Derived from the view's structural position (which child of which container, which branch
/// of an `if`) and from explicit identifiers (`ForEach` element ids, `.id(_:)`), the way SwiftUI
/// identifies views: switching an `AnyLayout` keeps every identity, switching between different
/// container types with `if/else` does not.
public struct ViewIdentity: Hashable, Sendable, CustomStringConvertible {
    /// The identity's hash of structural position and explicit ids.
    public let rawValue: UInt64
    /// Creates an identity from its raw value.
    public init(rawValue: UInt64) { self.rawValue = rawValue }
    /// The raw value in hexadecimal.
    public var description: String { String(rawValue, radix: 16) }
}

/// A view as the layout pass placed it: its frame in root coordinates and what decided it.
public struct PlacedView: @unchecked Sendable {
    /// The index of this view in `LayoutResult.views` (pre-order: parents before children).
    public let index: Int
    /// The index of the parent view, or nil for the root.
    public let parent: Int?
    /// Nesting depth; the root is 0.
    public let depth: Int
    /// The stable identity used to match views across passes (animations).
    public let identity: ViewIdentity
    /// The identifier given with `.id(_:)` or by `ForEach`, if any.
    public let explicitID: AnyHashable?
    /// What the view is: "HStack", "Text", "frame", "padding", "Color", a custom layout's type name, ….
    public let kind: String
    /// A short human-readable detail (the text of a Text, a frame's parameters, …).
    public let detail: String
    /// The frame in root coordinates (the root proposal's area, top-left origin).
    public let frame: CGRect
    /// The proposal the view was placed with.
    public let proposal: ProposedViewSize
    /// The size for `.zero`, `.unspecified` and `.infinity` proposals, when measured.
    public let minSize: CGSize?
    /// The size for the `.unspecified` proposal, when measured.
    public let idealSize: CGSize?
    /// The size for the `.infinity` proposal, when measured.
    public let maxSize: CGSize?
    /// The layout priority its parent sees.
    public let priority: Double
    /// The layout values set on it with `layoutValue(key:value:)`, as "Key: value" descriptions.
    public let layoutValues: [String]
    /// The z-index set with `.zIndex(_:)`.
    public let zIndex: Double
    /// Whether the view is shown (false for the children ViewThatFits did not choose).
    public let isVisible: Bool
    /// Where in the person's source the view was made, when a preview build marked it (nil
    /// otherwise, and for views a marked expression made inside another: ask the parent).
    public var sourceMark: ViewSourceMark? { ViewSourceMark(packed: packedSourceMark) }
    let packedSourceMark: UInt64
}

/// Counters of one layout pass. Asserted in tests to keep caching honest.
public struct LayoutCounters: Hashable, Sendable {
    /// Size questions asked of views (`sizeThatFits` and `dimensions(in:)` on subviews, probes).
    public var sizeQueries = 0
    /// Size questions answered by the per-view memo instead of a computation.
    public var cacheHits = 0
    /// Size questions answered directly, without a memo, by views whose size is a few operations
    /// on the proposal (built-in shapes and Color, Spacer, Divider, images, progress bars, frames
    /// fixed on both axes): computed on every question, which costs less than a memo lookup and
    /// gives the same answer, so never a cache hit.
    public var directAnswers = 0
    /// Size computations of views that measure (layouts, other modifiers, text, custom shapes)
    /// actually run: queries minus cache hits and direct answers.
    public var sizeComputations: Int { sizeQueries - cacheHits - directAnswers }
    /// Cache hits answered by a size an earlier pass chose: incremental relayout reusing every
    /// size that cannot have changed (same view inputs, same proposal), as SwiftUI does.
    public var reusedSizes = 0
    /// Views whose placement was copied from the previous pass (or, after `setRoot`, from the
    /// old tree's last pass): their parent placed them where (relative to itself), as large and
    /// with the proposal they had then, and nothing below them changed, so their subtree was not
    /// placed again, only moved with its ancestors (incremental relayout).
    public var reusedPlacements = 0
    /// Calls to a `Layout`'s `sizeThatFits` (built-in and custom containers).
    public var layoutSizeCalls = 0
    /// Calls to a `Layout`'s `placeSubviews`.
    public var placeSubviewsCalls = 0
    /// Explicit alignment questions asked of views that may have explicit guides (a view whose
    /// subtree has none answers every guide with its default without being asked).
    public var alignmentQueries = 0
    /// Views in the tree.
    public var viewCount = 0
}

/// One event of a layout pass's trace.
public struct TraceEvent: Hashable, Sendable {
    /// What happened in a trace event.
    public enum Kind: String, Hashable, Sendable {
        /// A size computation (`sizeThatFits` ran).
        case sizeThatFits
        /// A size answered from the per-view memo, chosen earlier in the same pass.
        case cachedSize
        /// A size answered from the per-view memo, chosen by an earlier pass (incremental relayout).
        case reusedSize
        /// A size computed directly, without a memo (`LayoutCounters.directAnswers`).
        case directSize
        /// A container placed its subviews (`placeSubviews` ran).
        case placeSubviews

        /// Whether the event answers a size question (computed, from the memo, or directly).
        public var isSizeAnswer: Bool { self != .placeSubviews }
    }
    /// What happened.
    public let kind: Kind
    /// The view (index into `LayoutResult.views`).
    public let view: Int
    /// Nesting depth of the call (how many size/place calls enclose it).
    public let depth: Int
    /// The proposal asked about (for size events) or placed with (for placement).
    public let proposal: ProposedViewSize
    /// The size returned (for size events) or the bounds' size (for placement).
    public let size: CGSize
    /// For placement: the bounds' origin in root coordinates.
    public let origin: CGPoint?
}

/// The trace of a layout pass: every size and placement call, in order.
public struct LayoutTrace: Sendable {
    /// The events, in the order the calls happened.
    public var events: [TraceEvent] = []
    /// True when the trace hit `LayoutOptions.traceLimit` and later events were dropped.
    public var isTruncated = false
}

/// A problem the engine met and recovered from, with the outcome it chose.
public struct LayoutDiagnostic: Hashable, Sendable, CustomStringConvertible {
    /// How serious a diagnostic is.
    public enum Severity: String, Hashable, Sendable { case warning, error }
    /// How serious the problem is.
    public let severity: Severity
    /// The view concerned, if any (index into `LayoutResult.views`).
    public let view: Int?
    /// What happened, and the outcome the engine chose.
    public let message: String
    /// "severity: message", with the view index when there is one.
    public var description: String { "\(severity.rawValue): \(message)" + (view.map { " (view \($0))" } ?? "") }
}

/// What a view is, independent of any pass: built once per view tree and shared by results.
///
/// Compact (64 bytes): what few views carry (an explicit id, layout values, a z-index) is in a
/// box that most views do not have.
struct ViewInfo {
    private let parentIndex: Int32
    private let depth32: Int32
    let identity: ViewIdentity
    let kind: String
    let detail: String
    let priority: Double
    private let extras: Extras?

    final class Extras {
        let explicitID: AnyHashable?
        let layoutValues: [String]
        let zIndex: Double
        /// `ViewSourceMark.packed` (0: none).
        let sourceMark: UInt64
        init(explicitID: AnyHashable?, layoutValues: [String], zIndex: Double, sourceMark: UInt64) {
            self.explicitID = explicitID; self.layoutValues = layoutValues; self.zIndex = zIndex
            self.sourceMark = sourceMark
        }
    }

    init(parent: Int?, depth: Int, identity: ViewIdentity, explicitID: AnyHashable?, kind: String, detail: String,
         priority: Double, layoutValues: [String], zIndex: Double, sourceMark: UInt64 = 0) {
        parentIndex = Int32(clamping: parent ?? -1)
        depth32 = Int32(clamping: depth)
        self.identity = identity; self.kind = kind; self.detail = detail; self.priority = priority
        extras = explicitID == nil && layoutValues.isEmpty && zIndex == 0 && sourceMark == 0
            ? nil : Extras(explicitID: explicitID, layoutValues: layoutValues, zIndex: zIndex, sourceMark: sourceMark)
    }

    var parent: Int? { parentIndex < 0 ? nil : Int(parentIndex) }
    var depth: Int { Int(depth32) }
    var explicitID: AnyHashable? { extras?.explicitID }
    var layoutValues: [String] { extras?.layoutValues ?? [] }
    var zIndex: Double { extras?.zIndex ?? 0 }
    var sourceMark: UInt64 { extras?.sourceMark ?? 0 }

    /// Whether the two describe the view alike (the same row of two descriptions of one tree
    /// mostly shares its strings, so this is cheap where nothing changed).
    func isSame(as other: ViewInfo) -> Bool {
        guard parentIndex == other.parentIndex, depth32 == other.depth32, identity == other.identity,
              priority == other.priority, kind == other.kind, detail == other.detail else { return false }
        if extras === other.extras { return true }
        return explicitID == other.explicitID && layoutValues == other.layoutValues && zIndex == other.zIndex
            && sourceMark == other.sourceMark
    }
}

/// A proposal in 16 bytes, as the geometry arrays keep one per view (`ProposedViewSize`, two
/// optional lengths, takes 32): an unspecified length is stored as a NaN with a payload that no
/// arithmetic makes (arithmetic gives the default NaN or passes an operand's payload on).
struct PackedProposal: Equatable {
    private var width: CGFloat
    private var height: CGFloat
    private static let unspecifiedBits: UInt = 0x7FF4_C0DE_5EED_0001

    @inline(__always) private static func pack(_ v: CGFloat?) -> CGFloat { v ?? CGFloat(bitPattern: unspecifiedBits) }
    @inline(__always) private static func unpack(_ v: CGFloat) -> CGFloat? { v.bitPattern == unspecifiedBits ? nil : v }

    @inline(__always) init(_ p: ProposedViewSize) { width = PackedProposal.pack(p.width); height = PackedProposal.pack(p.height) }
    static let unspecified = PackedProposal(.unspecified)

    var proposal: ProposedViewSize { ProposedViewSize(width: PackedProposal.unpack(width), height: PackedProposal.unpack(height)) }

    /// The same bits: the same proposal (a NaN length equals itself here, unlike `==` on lengths).
    @inline(__always) static func == (a: PackedProposal, b: PackedProposal) -> Bool {
        a.width.bitPattern == b.width.bitPattern && a.height.bitPattern == b.height.bitPattern
    }
}

/// The per-pass measurements of every view: frames, proposals, visibility and size ranges.
struct PassGeometry {
    /// Frames in the root's coordinates.
    var frames: [CGRect]
    var proposals: [PackedProposal]
    /// nil when every view is visible.
    var visibility: [Bool]?
    /// (min, ideal, max) per view, when measured.
    var sizeRanges: [(CGSize, CGSize, CGSize)]?
    /// Each view's origin relative to its parent's (NaN: not placed), what the next pass compares
    /// to reuse a placement wherever the view's ancestors moved (empty: not kept).
    var localOrigins: [CGPoint] = []
    /// Shared by every copy of this geometry (the host's, a result's): when the host's copy is
    /// the only one left, no result holds these arrays, and a later pass may write its own
    /// geometry into them (`GeometryReuse.spare`).
    var holder = GeometryHolder()
}

/// See `PassGeometry.holder`.
final class GeometryHolder: @unchecked Sendable {}

/// The placed views of a result, pre-order (`views[0]` is the root).
public struct PlacedViews: RandomAccessCollection, @unchecked Sendable {
    /// What each view is (kind, identity, parent, …), derived from the tree when first read.
    let description: TreeDescription
    let geometry: PassGeometry
    init(description: TreeDescription, geometry: PassGeometry) { self.description = description; self.geometry = geometry }
    /// Views described in full already (decoded results, tests).
    init(info: [ViewInfo], geometry: PassGeometry) { self.init(description: TreeDescription(info: info), geometry: geometry) }
    /// What each view is, in pre-order.
    var info: [ViewInfo] { description.viewInfo }
    /// The index of the root, 0.
    public var startIndex: Int { 0 }
    /// The number of views.
    public var endIndex: Int { description.count }
    /// The view at pre-order index `i`.
    public subscript(i: Int) -> PlacedView {
        let v = description.viewInfo[i]
        let ranges = geometry.sizeRanges?[i]
        return PlacedView(index: i, parent: v.parent, depth: v.depth, identity: v.identity, explicitID: v.explicitID,
                          kind: v.kind, detail: v.detail, frame: geometry.frames[i], proposal: geometry.proposals[i].proposal,
                          minSize: ranges?.0, idealSize: ranges?.1, maxSize: ranges?.2, priority: v.priority,
                          layoutValues: v.layoutValues, zIndex: v.zIndex, isVisible: geometry.visibility?[i] ?? true,
                          packedSourceMark: v.sourceMark)
    }
    /// The frames of all views, without building `PlacedView`s.
    public var frames: [CGRect] { geometry.frames }
    /// The identities of all views, without building `PlacedView`s.
    public var identities: [ViewIdentity] { description.viewInfo.map(\.identity) }
    /// The views' parents, depths and visibility, read without building `PlacedView`s (what
    /// hit testing walks).
    package var structure: PlacedViewStructure { PlacedViewStructure(info: info, visibility: geometry.visibility) }
}

/// The tree structure and visibility of a result's views, by pre-order index (`PlacedViews.structure`).
package struct PlacedViewStructure {
    let info: [ViewInfo]
    let visibility: [Bool]?
    /// The number of views.
    package var count: Int { info.count }
    /// The parent of view `i` (nil: the root).
    package func parent(of i: Int) -> Int? { info[i].parent }
    /// The nesting depth of view `i` (the root's is 0).
    package func depth(of i: Int) -> Int { info[i].depth }
    /// Whether view `i` is shown (false: an alternative a `ViewThatFits` did not choose).
    package func isVisible(_ i: Int) -> Bool { visibility?[i] ?? true }
    /// The end of view `i`'s subtree: the first later view that is not inside it.
    package func subtreeEnd(of i: Int) -> Int {
        let depth = info[i].depth
        var j = i + 1
        while j < info.count, info[j].depth > depth { j += 1 }
        return j
    }
}

/// What the views of one installed tree are (`ViewInfo`) and, when no view's visibility depends
/// on the layout, what they draw: derived from the tree the first time a result is asked, not
/// when the tree is installed.
///
/// A pass that only needs frames (a benchmark, a CI check of positions) then never describes a
/// view: descriptions and the display list took about 230 bytes per view, more than a pass's
/// own geometry. Every result of the same tree shares one description. The tree's views change
/// when the host installs a tree again; before that, the host has a description that a result
/// still holds derive everything (`detach`), so a result never reads a changed tree.
final class TreeDescription: @unchecked Sendable {
    /// The number of views.
    let count: Int
    private let lock = NSLock()
    /// The installed tree, pre-order, until every description is derived (nil afterwards).
    private var nodes: [LayoutNode]?
    private var info: [ViewInfo]?
    /// Whether the display list is a property of the tree (no `ViewThatFits`).
    let hasStaticDisplayList: Bool
    private var displayList: [DisplayItem]?
    /// Explicit ids → the first view (pre-order) with each, made at the first lookup.
    private var idIndex: [AnyHashable: Int]?

    /// The descriptions of an earlier tree of as many views, and the rows (ascending) whose views
    /// are not that tree's: the others are described as they were (`patching`).
    private var base: [ViewInfo]?
    private var changedRows: [Int] = []
    /// How many views were described from the tree rather than kept from `base` (for tests).
    private(set) var freshlyDescribedRows = 0

    /// A description of `nodes` (an installed tree, pre-order), derived on demand.
    init(nodes: [LayoutNode], hasStaticDisplayList: Bool) {
        count = nodes.count
        self.nodes = nodes
        self.hasStaticDisplayList = hasStaticDisplayList
    }

    /// A description of `nodes`, a tree patched from the one `base` describes: only the views at
    /// `changedRows` are new, so every other row keeps `base`'s description (when it has one).
    init(nodes: [LayoutNode], hasStaticDisplayList: Bool, patching base: TreeDescription, changedRows: [Int]) {
        count = nodes.count
        self.nodes = nodes
        self.hasStaticDisplayList = hasStaticDisplayList
        if let described = base.describedInfo, described.count == nodes.count {
            self.base = described
            self.changedRows = changedRows.sorted()
        }
    }

    /// The descriptions, if they were derived already.
    private var describedInfo: [ViewInfo]? {
        lock.lock()
        defer { lock.unlock() }
        return info
    }

    /// A description given in full.
    init(info: [ViewInfo]) {
        count = info.count
        self.info = info
        hasStaticDisplayList = false
    }

    /// An empty tree.
    static let empty = TreeDescription(info: [])

    /// Whether the views are described already (for tests).
    var isDescribed: Bool {
        lock.lock()
        defer { lock.unlock() }
        return info != nil
    }

    /// What each view is, in pre-order.
    var viewInfo: [ViewInfo] {
        lock.lock()
        defer { lock.unlock() }
        return describedViews()
    }

    /// The display list when it does not depend on the layout (nil when it does).
    var staticDisplayList: [DisplayItem]? {
        guard hasStaticDisplayList else { return nil }
        lock.lock()
        defer { lock.unlock() }
        if let displayList { return displayList }
        let list = TreeDescription.displayItems(of: nodes ?? [], visibility: nil)
        displayList = list
        return list
    }

    /// The first view, in pre-order, given `id` with `.id(_:)` or by a `ForEach`.
    func index(of id: AnyHashable) -> Int? {
        lock.lock()
        defer { lock.unlock() }
        if let idIndex { return idIndex[id] }
        var made: [AnyHashable: Int] = [:]
        if let nodes {
            for node in nodes { if let id = node.traits.explicitID, made[id] == nil { made[id] = node.index } }
        } else {
            for (i, v) in (info ?? []).enumerated() { if let id = v.explicitID, made[id] == nil { made[id] = i } }
        }
        idIndex = made
        return made[id]
    }

    /// The views of a tree (pre-order) whose explicit id an earlier view has, found from their
    /// ids noted one view at a time (each numbered), so that installing a tree finds them in
    /// the walk that numbers it, not in a walk of its own over every view. Sorting the ids'
    /// hashes needs 16 bytes a view for the moment, not a dictionary of every id kept with the tree.
    struct DuplicateIDScan {
        // Most ids are `Int`s held inline (every `ForEach` over a range or indices): compared as
        // numbers, they need no `AnyHashable` and no hashing. An id of another type may equal
        // one of them (`AnyHashable` makes `Int64(5)`, `5.0` and `5` equal), so a tree with any
        // such id is checked the general way.
        private var small: [UInt64] = []
        private var lowest = Int32.max, highest = Int32.min
        private var hasOtherIDs = false

        /// Notes `node`'s id, if it has one (its `index` already set).
        @inline(__always) mutating func note(_ node: LayoutNode) {
            switch node.traits.storedID {
            case .none: return
            case .boxed: hasOtherIDs = true
            case .small(let n):
                guard !hasOtherIDs else { return }
                lowest = Swift.min(lowest, n); highest = Swift.max(highest, n)
                small.append(UInt64(UInt32(bitPattern: n)) << 32 | UInt64(UInt32(truncatingIfNeeded: node.index)))
            }
        }

        /// The duplicates among the ids noted, in pre-order, each with the first view with its
        /// id; `nodes` are the tree's views in pre-order. (Lets the ids noted go.)
        mutating func duplicates(in nodes: [LayoutNode]) -> [(view: Int, first: Int)] {
            defer { small = [] }
            if hasOtherIDs { return TreeDescription.duplicateIDsByHash(in: nodes) }
            guard small.count > 1 else { return [] }
            var duplicates: [(view: Int, first: Int)] = []
            let span = Int(highest) - Int(lowest) + 1
            if span <= 4 * small.count {
                // Dense ids (ranges): the first view of each value in a table, in pre-order.
                var first = [Int32](repeating: -1, count: span)
                for entry in small {
                    let slot = Int(Int32(bitPattern: UInt32(truncatingIfNeeded: entry >> 32))) - Int(lowest)
                    let view = Int32(truncatingIfNeeded: entry & 0xFFFF_FFFF)
                    if first[slot] < 0 { first[slot] = view } else { duplicates.append((Int(view), Int(first[slot]))) }
                }
                return duplicates
            }
            // Sparse ids: sorted by value, then view (both in one word).
            small.sort()
            var start = 0
            while start < small.count {
                var end = start + 1
                while end < small.count && small[end] >> 32 == small[start] >> 32 { end += 1 }
                let first = Int(small[start] & 0xFFFF_FFFF)
                for k in (start + 1)..<end { duplicates.append((Int(small[k] & 0xFFFF_FFFF), first)) }
                start = end
            }
            duplicates.sort { $0.view < $1.view }
            return duplicates
        }
    }

    /// `duplicateIDs` for trees with ids of any type: grouped by hash, then compared as `AnyHashable`s.
    fileprivate static func duplicateIDsByHash(in nodes: [LayoutNode]) -> [(view: Int, first: Int)] {
        var keyed: [(hash: Int, view: Int32)] = []
        for node in nodes {
            if let id = node.traits.explicitID { keyed.append((id.hashValue, Int32(truncatingIfNeeded: node.index))) }
        }
        keyed.sort { $0.hash != $1.hash ? $0.hash < $1.hash : $0.view < $1.view }
        var duplicates: [(view: Int, first: Int)] = []
        var start = 0
        while start < keyed.count {
            var end = start + 1
            while end < keyed.count && keyed[end].hash == keyed[start].hash { end += 1 }
            if end - start > 1 {
                // Equal hashes, in pre-order: the distinct ids among them, each with its first view.
                var firsts: [(id: AnyHashable, view: Int)] = []
                for k in start..<end {
                    let view = Int(keyed[k].view)
                    guard let id = nodes[view].traits.explicitID else { continue }
                    if let first = firsts.first(where: { $0.id == id }) {
                        duplicates.append((view, first.view))
                    } else {
                        firsts.append((id, view))
                    }
                }
            }
            start = end
        }
        duplicates.sort { $0.view < $1.view }
        return duplicates
    }

    /// What `node` is, its parent described in `made` already.
    private static func describe(_ node: LayoutNode, in made: [ViewInfo]) -> ViewInfo {
        let parent = node.parent?.index
        let depth = parent.map { $0 < made.count ? made[$0].depth + 1 : 0 } ?? 0
        return ViewInfo(parent: parent, depth: depth, identity: ViewIdentity(rawValue: node.identity),
                        explicitID: node.traits.explicitID, kind: node.kindName, detail: node.detail,
                        priority: node.priority,
                        layoutValues: node.traits.layoutValues.map { "\($0.name): \($0.value)" },
                        zIndex: node.traits.zIndex, sourceMark: node.sourceMark)
    }

    /// Derives everything still derived from the tree and lets the tree go: the host calls it
    /// before it changes the views of a tree whose description a result still holds.
    func detach() {
        lock.lock()
        defer { lock.unlock() }
        guard let nodes else { return }
        _ = describedViews()
        // (The id index, when not made yet, is made from the descriptions.)
        if hasStaticDisplayList && displayList == nil {
            displayList = TreeDescription.displayItems(of: nodes, visibility: nil)
        }
        self.nodes = nil
    }

    /// Call with the lock held.
    private func describedViews() -> [ViewInfo] {
        if let info { return info }
        let nodes = self.nodes ?? []
        var made: [ViewInfo] = []
        if let patched = base {
            // A patched tree: the unchanged rows as they were, the new views (ascending, so a
            // parent is described before its children) again.
            made = patched
            base = nil
            for row in changedRows where row < nodes.count { made[row] = Self.describe(nodes[row], in: made) }
            freshlyDescribedRows = changedRows.count
            changedRows = []
        } else {
            made.reserveCapacity(nodes.count)
            // Pre-order: a parent is described before its children.
            for node in nodes { made.append(Self.describe(node, in: made)) }
            freshlyDescribedRows = nodes.count
        }
        info = made
        return made
    }

    /// What the tree draws, in painting order: each view's drawing before its children, then its
    /// children (a background's secondary view first; siblings by z-index, then in order), then
    /// its drawing after them. Views hidden by `visibility` draw nothing, nor do their subtrees.
    /// Iterative, so a tree of any depth needs no large stack.
    static func displayItems(of nodes: [LayoutNode], visibility: [Bool]?) -> [DisplayItem] {
        guard let root = nodes.first else { return [] }
        var list: [DisplayItem] = []
        // Exactly as long as it will be without hidden views: growing it by doubling left up to
        // half of it unused.
        list.reserveCapacity(nodes.reduce(0) { $0 + $1.preItems.count + $1.postItems.count })
        enum Step { case enter(LayoutNode), leave(LayoutNode) }
        var steps: [Step] = [.enter(root)]
        while let step = steps.popLast() {
            switch step {
            case .leave(let node):
                for k in node.postItems { list.append(DisplayItem(view: node.index, kind: k)) }
            case .enter(let node):
                if let visibility, !visibility[node.index] { continue }
                for k in node.preItems { list.append(DisplayItem(view: node.index, kind: k)) }
                steps.append(.leave(node))
                // Pushed in reverse of the order they draw in.
                if case .background = node.kind {
                    steps.append(.enter(node.child(0)))
                    steps.append(.enter(node.child(1)))
                } else if node.children.contains(where: { $0.traits.zIndex != 0 }) {
                    let ordered = node.children.enumerated().sorted { a, b in
                        a.element.traits.zIndex != b.element.traits.zIndex ? a.element.traits.zIndex < b.element.traits.zIndex : a.offset < b.offset
                    }
                    for (_, c) in ordered.reversed() { steps.append(.enter(c)) }
                } else {
                    for c in node.children.reversed() { steps.append(.enter(c)) }
                }
            }
        }
        return list
    }
}

/// The outcome of laying out a view tree: every view's frame, what to draw, and how it went.
public struct LayoutResult: @unchecked Sendable {
    /// The proposal given to the root view.
    public let proposal: ProposedViewSize
    /// The area the root is centred in (the proposal, with nil dimensions taken from the root's size).
    public let canvasSize: CGSize
    /// The size the root view chose, as placed: an infinite length is 0 (with a diagnostic).
    public let rootSize: CGSize
    /// Every view, pre-order; `views[0]` is the root.
    public let views: PlacedViews
    /// What to draw, in painting order; each item draws in the frame of its view.
    ///
    /// When no view's visibility depends on the layout, the list is a property of the tree: made
    /// the first time a result of the tree is asked for it, and shared by every later result.
    public var displayList: [DisplayItem] { passDisplayList ?? views.description.staticDisplayList ?? [] }
    /// The pass's own display list (nil: the tree's static one).
    let passDisplayList: [DisplayItem]?
    /// Every size and placement call, when `LayoutOptions.recordsTrace` is set.
    public let trace: LayoutTrace
    /// Counts of the pass's size queries, cache hits and layout calls.
    public let counters: LayoutCounters
    /// The problems the pass (and the tree build) met and recovered from.
    ///
    /// Only what the layout pass itself asked: the min / ideal / max probes that
    /// `LayoutOptions.measuresSizeRanges` runs afterwards propose `.zero` and `.infinity` to every
    /// view, which ordinary custom layouts need not handle (a layout that subtracts spacing from a
    /// 0 proposal answers a negative width), so their findings are in `probeDiagnostics`.
    public internal(set) var diagnostics: [LayoutDiagnostic]
    /// The problems met only while measuring the min / ideal / max size ranges (the `.zero`,
    /// `.unspecified` and `.infinity` probes of `LayoutOptions.measuresSizeRanges`), kept apart
    /// from `diagnostics` because SwiftUI never asks those questions in a pass of its own.
    public internal(set) var probeDiagnostics: [LayoutDiagnostic] = []

    /// A result; `displayList` nil draws the tree's static display list (`TreeDescription`).
    init(proposal: ProposedViewSize, canvasSize: CGSize, rootSize: CGSize, views: PlacedViews, displayList: [DisplayItem]?,
         trace: LayoutTrace, counters: LayoutCounters, diagnostics: [LayoutDiagnostic],
         probeDiagnostics: [LayoutDiagnostic] = []) {
        self.proposal = proposal; self.canvasSize = canvasSize; self.rootSize = rootSize; self.views = views
        passDisplayList = displayList
        self.trace = trace; self.counters = counters; self.diagnostics = diagnostics
        self.probeDiagnostics = probeDiagnostics
    }

    /// The view given `id` with `.id(_:)` (or a `ForEach` element id). With duplicate ids the
    /// first view in pre-order wins, and the duplicate is reported in `diagnostics`.
    public func view<ID: Hashable>(id: ID) -> PlacedView? {
        views.description.index(of: AnyHashable(id)).map { views[$0] }
    }
    /// The frame, in root coordinates, of the view with `id`.
    public func frame<ID: Hashable>(of id: ID) -> CGRect? {
        views.description.index(of: AnyHashable(id)).map { views.geometry.frames[$0] }
    }
    /// The frames of all views, indexed like `views`.
    public var frames: [CGRect] { views.geometry.frames }
}
