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
}

/// Counters of one layout pass. Asserted in tests to keep caching honest.
public struct LayoutCounters: Hashable, Sendable {
    /// Size questions asked of views (`sizeThatFits` and `dimensions(in:)` on subviews, probes).
    public var sizeQueries = 0
    /// Size questions answered by the per-view memo instead of a computation.
    public var cacheHits = 0
    /// Size computations actually run (queries minus cache hits).
    public var sizeComputations: Int { sizeQueries - cacheHits }
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
        /// A container placed its subviews (`placeSubviews` ran).
        case placeSubviews
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
        init(explicitID: AnyHashable?, layoutValues: [String], zIndex: Double) {
            self.explicitID = explicitID; self.layoutValues = layoutValues; self.zIndex = zIndex
        }
    }

    init(parent: Int?, depth: Int, identity: ViewIdentity, explicitID: AnyHashable?, kind: String, detail: String,
         priority: Double, layoutValues: [String], zIndex: Double) {
        parentIndex = Int32(clamping: parent ?? -1)
        depth32 = Int32(clamping: depth)
        self.identity = identity; self.kind = kind; self.detail = detail; self.priority = priority
        extras = explicitID == nil && layoutValues.isEmpty && zIndex == 0
            ? nil : Extras(explicitID: explicitID, layoutValues: layoutValues, zIndex: zIndex)
    }

    var parent: Int? { parentIndex < 0 ? nil : Int(parentIndex) }
    var depth: Int { Int(depth32) }
    var explicitID: AnyHashable? { extras?.explicitID }
    var layoutValues: [String] { extras?.layoutValues ?? [] }
    var zIndex: Double { extras?.zIndex ?? 0 }
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
}

/// The placed views of a result, pre-order (`views[0]` is the root).
public struct PlacedViews: RandomAccessCollection, @unchecked Sendable {
    let info: [ViewInfo]
    let geometry: PassGeometry
    /// The index of the root, 0.
    public var startIndex: Int { 0 }
    /// The number of views.
    public var endIndex: Int { info.count }
    /// The view at pre-order index `i`.
    public subscript(i: Int) -> PlacedView {
        let v = info[i]
        let ranges = geometry.sizeRanges?[i]
        return PlacedView(index: i, parent: v.parent, depth: v.depth, identity: v.identity, explicitID: v.explicitID,
                          kind: v.kind, detail: v.detail, frame: geometry.frames[i], proposal: geometry.proposals[i].proposal,
                          minSize: ranges?.0, idealSize: ranges?.1, maxSize: ranges?.2, priority: v.priority,
                          layoutValues: v.layoutValues, zIndex: v.zIndex, isVisible: geometry.visibility?[i] ?? true)
    }
    /// The frames of all views, without building `PlacedView`s.
    public var frames: [CGRect] { geometry.frames }
    /// The identities of all views, without building `PlacedView`s.
    public var identities: [ViewIdentity] { info.map(\.identity) }
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
    public let displayList: [DisplayItem]
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
    public let diagnostics: [LayoutDiagnostic]
    /// The problems met only while measuring the min / ideal / max size ranges (the `.zero`,
    /// `.unspecified` and `.infinity` probes of `LayoutOptions.measuresSizeRanges`), kept apart
    /// from `diagnostics` because SwiftUI never asks those questions in a pass of its own.
    public internal(set) var probeDiagnostics: [LayoutDiagnostic] = []
    let idIndex: [AnyHashable: Int]

    /// The view given `id` with `.id(_:)` (or a `ForEach` element id). With duplicate ids the
    /// first view in pre-order wins, and the duplicate is reported in `diagnostics`.
    public func view<ID: Hashable>(id: ID) -> PlacedView? {
        idIndex[AnyHashable(id)].map { views[$0] }
    }
    /// The frame, in root coordinates, of the view with `id`.
    public func frame<ID: Hashable>(of id: ID) -> CGRect? { idIndex[AnyHashable(id)].map { views.geometry.frames[$0] } }
    /// The frames of all views, indexed like `views`.
    public var frames: [CGRect] { views.geometry.frames }
}
