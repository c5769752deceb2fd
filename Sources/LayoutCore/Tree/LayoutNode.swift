import Foundation

/// What a node of the layout tree is: a leaf, a container with a `Layout`, or a unary modifier.
///
/// The tree stores views. Each case's payload type holds that kind's layout rules (size, child
/// placement, spacing, priority, explicit guides), one file per kind under `Pass/Leaves`,
/// `Pass/Modifiers` and `Pass/Containers`; `LayoutPass` picks them with one switch per
/// question. Drawing is described separately (`DisplayItem`).
package enum NodeKind {
    // Leaves
    /// A shape or Color.
    case shape(ShapeKind)
    indirect case text(TextContent)
    case spacer(SpacerLeaf)
    case divider(DividerLeaf)
    /// A linear progress bar.
    case progress(ProgressLeaf)
    case image(ImageLeaf)
    // Containers (children are the subviews)
    case layout(LayoutStorage)
    case viewThatFits(ViewThatFitsLayout)
    // Unary modifiers (children[0] is the content)
    case frame(FixedFrame)
    indirect case flexFrame(FlexibleFrame)
    /// Boxed: its insets (32 bytes) would make every view's kind 8 bytes larger.
    indirect case padding(PaddingLayout)
    case fixedSize(FixedSizeLayout)
    case aspectRatio(AspectRatioLayout)
    case layoutPriority(LayoutPriorityLayout)
    indirect case alignmentGuide(AlignmentGuideComputer)
    case offset(OffsetLayout)
    case position(PositionLayout)
    /// children[0] is the primary view, children[1] the secondary one.
    indirect case background(LayeredLayout)
    indirect case overlay(LayeredLayout)
    /// children[0] is the content, children[1...] the scroll indicators.
    case scrollView(ScrollViewLayout)

    /// Whether the size is a few arithmetic operations on the proposal, cheaper than a memo
    /// lookup: built-in shapes and Color, Spacer, Divider, images, progress bars, and a frame
    /// fixed on both axes (which never asks its child). A custom shape's `sizeThatFits` is user
    /// code, text is measured, and every other view asks its children: they keep their memo.
    var sizeIsCheaperThanMemo: Bool {
        switch self {
        case .shape(let shape): return shape.customResolver == nil
        case .spacer, .divider, .image, .progress: return true
        case .frame(let frame): return frame.isFixedOnBothAxes
        default: return false
        }
    }

    var isUnaryModifier: Bool {
        switch self {
        case .frame, .flexFrame, .padding, .fixedSize, .aspectRatio, .layoutPriority, .alignmentGuide,
             .offset, .position, .background, .overlay, .scrollView: return true
        default: return false
        }
    }
}

/// How content is resized to an aspect ratio, as in SwiftUI.
public enum ContentMode: Hashable, CaseIterable, Sendable { case fit, fill }

/// View traits: values attached to a view that its container reads. They stay visible through
/// modifiers applied after them.
///
/// Most views carry none, so the values live in a copy-on-write box that is nil until a trait is
/// set: the trait set costs one pointer per view. The explicit id, which every `ForEach` item
/// has, is beside it in 8 bytes: an `Int` inline, another type in a box of its own type.
package struct ViewTraits {
    /// Creates the value from its parts (the memberwise initializer, for the SwiftUI surface).
    package init() {
    }
    /// An explicit id (immutable: setting another makes a new box), stored as its own type: an
    /// id of another type takes a 32-byte box instead of the 64 of an `AnyHashable` one; it is
    /// read as an `AnyHashable` (same equality and hash as `AnyHashable(id)`).
    class ExplicitID {
        fileprivate init() {}
        var value: AnyHashable { preconditionFailure("abstract") }
    }
    final class TypedExplicitID<ID: Hashable>: ExplicitID {
        let id: ID
        init(_ id: ID) { self.id = id; super.init() }
        override var value: AnyHashable { AnyHashable(id) }
    }
    /// A view's explicit id in 8 bytes: an `Int` in 32 bits (a `ForEach` over a range or over
    /// indices: most ids) held inline, without a box; any other in its typed box. The case
    /// lives in the reference's spare bits.
    enum StoredID {
        case none
        case small(Int32)
        case boxed(ExplicitID)

        init<ID: Hashable>(_ id: ID) {
            // A type test that specialisation folds away (no dynamic cast per view).
            if ID.self == Int.self, let small = Int32(exactly: unsafeBitCast(id, to: Int.self)) {
                self = .small(small)
            } else {
                self = .boxed(TypedExplicitID(id))
            }
        }

        /// An id given as an `AnyHashable`: its `Int` held inline as above, anything else boxed.
        init(erased id: AnyHashable) {
            if let n = id.base as? Int, let small = Int32(exactly: n) {
                self = .small(small)
            } else {
                self = .boxed(TypedExplicitID<AnyHashable>(id))
            }
        }

        /// The id as `AnyHashable(id)` would make it (an inline `Int` as an `Int`).
        var value: AnyHashable? {
            switch self {
            case .none: return nil
            case .small(let n): return AnyHashable(Int(n))
            case .boxed(let box): return box.value
            }
        }
    }
    /// The traits themselves, shared by copies of the traits until one is changed. Its fields
    /// skip dynamic exclusivity checks, as the node's own do: a tree is built and read on one
    /// thread, and every cell of a grid reads its row's box as the tree is installed.
    final class Storage {
        /// Layout values by key type. A small array: few views carry more than one or two.
        @exclusivity(unchecked) var layoutValues: [(key: ObjectIdentifier, name: String, value: Any)] = []
        @exclusivity(unchecked) var zIndex: Double = 0
        @exclusivity(unchecked) var gridCellColumns: Int = 1
        @exclusivity(unchecked) var gridColumnAlignment: HorizontalAlignment? = nil
        @exclusivity(unchecked) var gridCellAnchor: UnitPoint? = nil
        @exclusivity(unchecked) var gridCellUnsizedAxes: Axis.Set = []
        @exclusivity(unchecked) var gridRowID: Int? = nil
        @exclusivity(unchecked) var gridRowAlignment: VerticalAlignment? = nil

        init() {}
        init(copying o: Storage) {
            layoutValues = o.layoutValues; zIndex = o.zIndex
            gridCellColumns = o.gridCellColumns; gridColumnAlignment = o.gridColumnAlignment
            gridCellAnchor = o.gridCellAnchor; gridCellUnsizedAxes = o.gridCellUnsizedAxes
            gridRowID = o.gridRowID; gridRowAlignment = o.gridRowAlignment
        }
    }
    private var storage: Storage? = nil
    private var id = StoredID.none

    private mutating func writable() -> Storage {
        guard storage != nil else {
            let s = Storage()
            storage = s
            return s
        }
        // Tested with no other reference held here (a bound copy made every box look shared).
        if !isKnownUniquelyReferenced(&storage!) { storage = Storage(copying: storage!) }
        return storage!
    }

    /// Whether the view carries no trait but its explicit id.
    package var isEmpty: Bool { storage == nil }

    /// Takes `shared`'s traits (not its id), sharing their storage: the cells of a `GridRow`
    /// carry the same row traits in one box instead of one each (a later change to one view's
    /// traits copies the box first).
    package mutating func share(_ shared: ViewTraits) {
        storage = shared.storage
    }

    var layoutValues: [(key: ObjectIdentifier, name: String, value: Any)] { storage?.layoutValues ?? [] }
    /// Whether the view carries a layout value (without copying the list out).
    var hasLayoutValues: Bool {
        guard let storage else { return false }
        return !storage.layoutValues.isEmpty
    }
    /// What kind of explicit id the view has: none, an `Int` held inline (`small`), or another
    /// value (`boxed`), without making an `AnyHashable` (the duplicate-id check reads every view's).
    var storedID: StoredID { id }
    /// The traits a grid cell's place in its grid is made from, read in one go (a Grid checks
    /// them all when its subviews change: `GridLayout.updateCache`).
    package var gridCell: (rowID: Int?, rowAlignment: VerticalAlignment?, columns: Int, columnAlignment: HorizontalAlignment?,
                           anchor: UnitPoint?, unsized: Axis.Set) {
        guard let s = storage else { return (nil, nil, 1, nil, nil, []) }
        return (s.gridRowID, s.gridRowAlignment, s.gridCellColumns, s.gridColumnAlignment, s.gridCellAnchor, s.gridCellUnsizedAxes)
    }

    /// Whether the view has an explicit id (without making an `AnyHashable` of it).
    package var hasExplicitID: Bool {
        if case .none = id { return false }
        return true
    }
    package var explicitID: AnyHashable? {
        get { id.value }
        set { id = newValue.map(StoredID.init(erased:)) ?? .none }
    }
    /// Removes the explicit id.
    package mutating func clearExplicitID() { id = .none }
    /// Sets the explicit id: inline when it is a small `Int`, else in a box of `ID`'s own type.
    package mutating func setExplicitID<ID: Hashable>(_ newID: ID) {
        id = StoredID(newID)
    }
    package var zIndex: Double {
        get { storage?.zIndex ?? 0 }
        set { writable().zIndex = newValue }
    }
    package var gridCellColumns: Int {
        get { storage?.gridCellColumns ?? 1 }
        set { writable().gridCellColumns = newValue }
    }
    package var gridColumnAlignment: HorizontalAlignment? {
        get { storage?.gridColumnAlignment }
        set { writable().gridColumnAlignment = newValue }
    }
    package var gridCellAnchor: UnitPoint? {
        get { storage?.gridCellAnchor }
        set { writable().gridCellAnchor = newValue }
    }
    package var gridCellUnsizedAxes: Axis.Set {
        get { storage?.gridCellUnsizedAxes ?? [] }
        set { writable().gridCellUnsizedAxes = newValue }
    }
    /// The GridRow this view belongs to (nil: a full-width row of its own inside a Grid).
    package var gridRowID: Int? {
        get { storage?.gridRowID }
        set { writable().gridRowID = newValue }
    }
    package var gridRowAlignment: VerticalAlignment? {
        get { storage?.gridRowAlignment }
        set { writable().gridRowAlignment = newValue }
    }

    /// Makes `nodes` the cells of grid row `rowID`: cells without traits of their own share
    /// one box of the row's traits (instead of one each), the others are given the row's.
    /// (Here, beside the traits: from another module every cell's access was checked.)
    package static func markGridRow(_ nodes: ArraySlice<LayoutNode>, rowID: Int, alignment: VerticalAlignment?) {
        var row = ViewTraits()
        row.gridRowID = rowID
        row.gridRowAlignment = alignment
        for n in nodes {
            if n.traits.isEmpty {
                n.traits.share(row)
            } else {
                n.traits.gridRowID = rowID
                n.traits.gridRowAlignment = alignment
            }
        }
    }

    package func layoutValue<K: LayoutValueKey>(_ key: K.Type) -> K.Value {
        // Most views carry no layout value: answer the default before anything that needs the
        // value type's metadata (the cast below instantiates `Optional<K.Value>` on every call,
        // 15 % of a 10,000-view radial pass when it ran for every subview).
        guard let storage, !storage.layoutValues.isEmpty else { return K.defaultValue }
        return ViewTraits.storedLayoutValue(K.self, in: storage.layoutValues)
    }

    @inline(never) private static func storedLayoutValue<K: LayoutValueKey>(
        _ key: K.Type, in values: [(key: ObjectIdentifier, name: String, value: Any)]
    ) -> K.Value {
        let id = ObjectIdentifier(key)
        for entry in values where entry.key == id {
            if let v = entry.value as? K.Value { return v }
        }
        return K.defaultValue
    }

    package mutating func setLayoutValue<K: LayoutValueKey>(_ key: K.Type, _ value: K.Value) {
        let id = ObjectIdentifier(key)
        let s = writable()
        s.layoutValues.removeAll { $0.key == id }
        s.layoutValues.append((id, String(describing: key), value))
    }
}

/// One view in the layout tree: what it is and where it sits. What passes read and write per
/// view (the size and spacing memos) is in the host's `NodeStore`, by `index`.
///
/// 120 usable bytes of a 128-byte chunk of glibc's allocator (it took 192, served from 208;
/// one byte more now takes the next chunk, 16 bytes more a view): the flags are bits of one byte, the name is a number in a process-wide table
/// (`ViewKindNames`), and what few views carry — a detail, drawing after the children, a layout
/// priority — is in a box (`Extras`) that most views do not have.
@usableFromInline package final class LayoutNode {
    // The fields a pass reads for every view come first, so that sizing and placing a view
    // touches the object's first cache line, a container's also its second (declaration order is
    // layout order); the tree's descriptive fields follow.

    @exclusivity(unchecked) package var kind: NodeKind
    /// `reusesSizesAcrossPasses`, `mayHaveExplicitGuides`, `carriesLayoutValues`,
    /// `answersWithoutMemo` and `hasIdentity`, one bit each.
    private var flagBits: UInt8 = Flag.reusesSizesAcrossPasses | Flag.mayHaveExplicitGuides
    private enum Flag {
        static let reusesSizesAcrossPasses: UInt8 = 1
        static let mayHaveExplicitGuides: UInt8 = 2
        static let carriesLayoutValues: UInt8 = 4
        static let answersWithoutMemo: UInt8 = 8
        static let hasIdentity: UInt8 = 16
        static let hasShallowChildren: UInt8 = 32
        static let mirrorsChildren: UInt8 = 64
        static let directionDecided: UInt8 = 128
    }
    @inline(__always) private func flag(_ f: UInt8) -> Bool { flagBits & f != 0 }
    @inline(__always) private func setFlag(_ f: UInt8, _ on: Bool) { flagBits = on ? flagBits | f : flagBits & ~f }

    /// Whether sizes chosen in one pass may answer the same proposal in a later pass over the
    /// same tree: false for views whose size depends on their container's proposal.
    var reusesSizesAcrossPasses: Bool {
        @inline(__always) get { flag(Flag.reusesSizesAcrossPasses) }
        set { setFlag(Flag.reusesSizesAcrossPasses, newValue) }
    }
    /// Whether any view in this subtree can report an explicit alignment guide (an
    /// `alignmentGuide`, text baselines, or a custom layout); when not, guide queries answer nil
    /// at once instead of walking the subtree. Computed once per tree.
    var mayHaveExplicitGuides: Bool {
        @inline(__always) get { flag(Flag.mayHaveExplicitGuides) }
        set { setFlag(Flag.mayHaveExplicitGuides, newValue) }
    }
    /// Whether the view lays its children out right to left: its environment's layout direction
    /// is `.rightToLeft`, so each child's x within it is mirrored after the pass (SwiftUI
    /// "horizontally flips the x position of each view within its parent").
    package var mirrorsChildren: Bool {
        @inline(__always) get { flag(Flag.mirrorsChildren) }
        set { setFlag(Flag.mirrorsChildren, newValue) }
    }
    /// Whether `mirrorsChildren` was set by the view's own environment: a builder further out,
    /// with another direction, leaves it as it is.
    package var layoutDirectionIsDecided: Bool {
        @inline(__always) get { flag(Flag.directionDecided) }
        set { setFlag(Flag.directionDecided, newValue) }
    }
    /// Whether the view carries any layout value (`layoutValue(key:value:)`), set when the tree
    /// is installed: reading a key of a view without one answers the default at once, without
    /// copying its traits.
    var carriesLayoutValues: Bool {
        @inline(__always) get { flag(Flag.carriesLayoutValues) }
        set { setFlag(Flag.carriesLayoutValues, newValue) }
    }
    /// Whether the view's size is a function of the proposal that costs less to compute than a
    /// memo lookup (`NodeKind.sizeIsCheaperThanMemo`), set when the tree is installed: such a
    /// view is answered without its memo row (`LayoutPass.size(of:_:)`).
    var answersWithoutMemo: Bool {
        @inline(__always) get { flag(Flag.answersWithoutMemo) }
        set { setFlag(Flag.answersWithoutMemo, newValue) }
    }
    /// The proposal axes this view's size does not depend on (a fixed frame's fixed axes, a
    /// `fixedSize` axis, and what modifiers pass through from their child): its memo keys
    /// proposals without them, so any length on those axes finds the same answer. Computed once
    /// per tree (`computeIgnoredProposalAxes`).
    var ignoredProposalAxes = ProposalAxes()
    /// For Spacer and Divider: the orientation of the stack they are in (nil: none). Declared
    /// with the flags so that it takes a byte of theirs.
    var stackOrientation: Axis? = nil
    // Numbering in 32 bits (a tree has far fewer than 2³¹ views; the host cuts trees at
    // `LayoutHost.maximumDepth`). The index, which every question reads, and the position, which
    // every placement reads, are in the first cache line with the kind and the flags: a leaf's
    // size and commit in a full pass read that line only. A view's subtree end is in the host's
    // store (`NodeStore.subtreeEnd`) and its depth is counted where it is needed (installing,
    // describing), not kept in every view.
    private var index32: Int32 = 0
    /// This view's position among its parent's children: its slot in the parent's placement
    /// region (`PlacementArena.records`).
    var childPosition: Int32 = 0
    /// `kindName`'s number in `ViewKindNames`.
    private(set) var kindNameID: UInt32 = 0
    /// Pre-order index in the tree (its index in `LayoutResult.views` once installed).
    package var index: Int {
        @inline(__always) get { Int(index32) }
        set { index32 = Int32(truncatingIfNeeded: newValue) }
    }
    /// The children: a unary modifier's one child held directly (no array of its own: 48
    /// bytes less per modifier), any other view's in an array.
    private var childStorage: ChildStorage
    private enum ChildStorage {
        case list([LayoutNode])
        case single(LayoutNode)
    }
    /// The children, in order (for a unary modifier, its content first). Made into an array
    /// when read for a modifier; passes use `childCount`, `child(_:)` and `withChild`.
    package var children: [LayoutNode] {
        get {
            switch childStorage {
            case .list(let list): return list
            case .single(let child): return [child]
            }
        }
        set { childStorage = LayoutNode.storage(of: newValue, for: kind) }
    }
    /// Puts `child` in place of child `i` (`i < childCount`), without making the other
    /// children into a new array when this view holds the only reference to them.
    package func replaceChild(at i: Int, with child: LayoutNode) {
        switch childStorage {
        case .single:
            precondition(i == 0, "view \(index) has no child \(i)")
            childStorage = .single(child)
        case .list(var list):
            childStorage = .single(child)  // lets go of the list, so that it is not copied
            list[i] = child
            childStorage = .list(list)
        }
    }
    private static func storage(of children: [LayoutNode], for kind: NodeKind) -> ChildStorage {
        children.count == 1 && kind.isUnaryModifier ? .single(children[0]) : .list(children)
    }
    /// The view's pre-order index in its installed tree: its row in `LayoutResult.views`.
    package var resultIndex: Int { index }
    /// Whether the view draws something of its own (a fill, a stroke, text, an image): what
    /// hit testing finds under a point, as SwiftUI hit-tests the content a view draws.
    package var drawsContent: Bool {
        if !preItems.isEmpty { return true }
        switch kind {
        case .text, .image, .progress, .divider: return true
        default: return false
        }
    }
    /// The number of children.
    var childCount: Int {
        switch childStorage {
        case .list(let list): return list.count
        case .single: return 1
        }
    }
    /// Child `i` (`i < childCount`).
    func child(_ i: Int) -> LayoutNode {
        switch childStorage {
        case .list(let list): return list[i]
        case .single(let child):
            precondition(i == 0, "view \(index) has no child \(i)")
            return child
        }
    }
    /// The first child (nil: a leaf).
    var firstChild: LayoutNode? { childCount > 0 ? child(0) : nil }
    /// The last child (nil: a leaf).
    var lastChild: LayoutNode? {
        let n = childCount
        return n > 0 ? child(n - 1) : nil
    }
    /// Calls `body` with each child, in order, without making an array.
    @inline(__always) package func forEachChild(_ body: (LayoutNode) -> Void) {
        switch childStorage {
        case .list(let list): for c in list { body(c) }
        case .single(let child): body(child)
        }
    }
    /// The parent, unretained (the tree holds it): reading it, even to test it for nil, costs no
    /// reference count (an `unowned(unsafe)` optional was retained on every read).
    var parentRef: Unmanaged<LayoutNode>? = nil
    var parent: LayoutNode? {
        get { parentRef?.takeUnretainedValue() }
        set { parentRef = newValue.map { Unmanaged.passUnretained($0) } }
    }

    /// Set while the tree is built and read-only afterwards (unchecked: a layout reading a layout
    /// value paid a dynamic exclusivity check per subview).
    @exclusivity(unchecked) package var traits = ViewTraits()
    /// Until the view is first installed, its structural key among its siblings (tuple
    /// position, branch, ForEach id); afterwards its identity, derived from its parent's and that
    /// key (`LayoutHost.finalize`). One field for both: the key is only read to derive the
    /// identity, once, and a re-installed view keeps its identity (`hasIdentity`).
    private var keyOrIdentity: UInt64 = 0
    /// The structural key of this view among its siblings, as built (meaningful until the view
    /// is installed: `hasIdentity` false).
    package var structuralKey: UInt64 {
        get { keyOrIdentity }
        set {
            // An installed view's field is its identity: a key written now would replace it.
            assert(!hasIdentity, "the structural key of an installed view was set")
            keyOrIdentity = newValue
        }
    }
    /// The view's identity (meaningful once installed: `hasIdentity`).
    var identity: UInt64 {
        @inline(__always) get { keyOrIdentity }
        set { keyOrIdentity = newValue; setFlag(Flag.hasIdentity, true) }
    }
    /// Whether `identity` was derived (the view was installed): a re-install keeps it.
    var hasIdentity: Bool { flag(Flag.hasIdentity) }
    /// Whether every child's subtree is at most `LayoutNode.shallowHeight` views tall, set when
    /// the tree is installed: a built-in layout may then commit each child as it places it
    /// (`LayoutPass.placeDirectly`), a recursion that this bounds (a committed child placing its
    /// own children inside its parent's `placeSubviews` takes about a dozen stack frames a level,
    /// which the caller's thread must hold up to `LayoutHost.deepTreeThreshold` levels).
    var hasShallowChildren: Bool {
        @inline(__always) get { flag(Flag.hasShallowChildren) }
        set { setFlag(Flag.hasShallowChildren, newValue) }
    }
    /// The tallest child subtree (the child itself counting 1) of a view with
    /// `hasShallowChildren`: a leaf, a modifier around one, and stacks of those.
    static let shallowHeight = 4
    /// Drawing before the children (a colour's fill, a shape's stroke; shared between views
    /// that draw the same).
    @exclusivity(unchecked) package var preItems: [DisplayItem.Kind] = []
    /// What few views carry (nil: none of it).
    private var extras: Extras? = nil
    /// What this view's size depends on (`NodeFingerprint.swift`); 0 until the tree is installed.
    var fingerprint: UInt64 = 0

    /// A view's rarely set fields, boxed so that the others do not pay for them.
    private final class Extras {
        var postItems: [DisplayItem.Kind] = []
        var detail: String = ""
        var priority: Double = 0
        var postLayout: (any PostLayoutAttachment)? = nil
        var safeArea: SafeAreaBehavior? = nil
        /// `ViewSourceMark.packed` (0: none).
        var sourceMark: UInt64 = 0
        var replacementPoint: (any ReplacementPoint)? = nil
        init() {}
        var isEmpty: Bool {
            postItems.isEmpty && detail.isEmpty && priority == 0 && postLayout == nil && safeArea == nil && sourceMark == 0
                && replacementPoint == nil
        }
    }
    /// Whether the view carries any of the rare fields' box: without it, it has no post-layout
    /// attachment, safe-area behaviour, priority, detail or source mark.
    var hasExtras: Bool { extras != nil }
    /// The detail given when the view was built (`detail` falls back to one derived from its kind).
    var storedDetail: String { extras?.detail ?? "" }
    /// The box to write `extras` into (made when first needed; never shared between views).
    private var writableExtras: Extras {
        if let extras { return extras }
        let e = Extras()
        extras = e
        return e
    }

    /// What the view surface needs to build this view again where it was built (the inputs an
    /// `.id` view had: `LayoutHost.replaceView(id:with:)`); opaque to the core but for its key.
    package var replacementPoint: (any ReplacementPoint)? {
        get { extras?.replacementPoint }
        set {
            if newValue == nil && extras == nil { return }
            writableExtras.replacementPoint = newValue
        }
    }

    /// Drawing after the children (the ends of clips, masks and groups, strokes of borders).
    package var postItems: [DisplayItem.Kind] {
        get { extras?.postItems ?? [] }
        set {
            if newValue.isEmpty, extras == nil { return }
            writableExtras.postItems = newValue
        }
    }
    /// The layout priority its parent sees, computed once per tree (see `computeLayoutPriority`).
    var priority: Double {
        @inline(__always) get { extras?.priority ?? 0 }
        set {
            if newValue == 0, extras == nil { return }
            writableExtras.priority = newValue
        }
    }
    /// What the SwiftUI surface attached to this view that is read after a pass (preferences:
    /// their writers, observers and readers); nil for almost every view.
    package var postLayoutAttachment: (any PostLayoutAttachment)? {
        get { extras?.postLayout }
        set {
            if newValue == nil, extras == nil { return }
            writableExtras.postLayout = newValue
        }
    }
    /// What the view does with the safe area (`ignoresSafeArea`, `safeAreaPadding`, a
    /// background that extends under the bars); nil for almost every view.
    package var safeAreaBehavior: SafeAreaBehavior? {
        get { extras?.safeArea }
        set {
            if newValue == nil, extras == nil { return }
            writableExtras.safeArea = newValue
        }
    }
    /// Where in the person's source the view was made (`ViewSourceMark.packed`; 0: not marked),
    /// set by a preview build's view marks and read only when the view is described.
    package var sourceMark: UInt64 {
        get { extras?.sourceMark ?? 0 }
        set {
            if newValue == 0, extras == nil { return }
            writableExtras.sourceMark = newValue
        }
    }
    /// The view's identity once installed: stable across builds for a view at the same structural
    /// position (what the surface keeps per-view memory by, such as a preference observer's last value).
    package var installedIdentity: UInt64 { identity }
    /// The installed view's parent (nil for the root and for views not installed).
    package var installedParent: LayoutNode? { parent }
    /// Short description for inspectors ("Text", "frame", "HStack"): a number in a process-wide
    /// table of names, which are few (view and layout type names).
    package var kindName: String {
        get { ViewKindNames.name(kindNameID) }
        set { kindNameID = ViewKindNames.id(of: newValue) }
    }
    /// A short detail for inspectors ("\"Hello\"", "width: 50, height: 20", "3 subviews"). A
    /// fixed frame's, a padding's and a container's are derived from their numbers when asked,
    /// not made (and boxed) for every one of them when the tree is built.
    package var detail: String {
        get {
            let stored = extras?.detail ?? ""
            // `frame(width:height:)`'s own views (named "frame"); other views built around a
            // fixed frame, such as a picker's segments, say what they set.
            if stored.isEmpty, case .frame(let f) = kind, kindNameID == ViewKindNames.frame {
                return describe([("width", f.width), ("height", f.height)])
            }
            if stored.isEmpty, case .padding(let p) = kind, kindNameID == ViewKindNames.padding {
                let i = p.insets
                return i.top == i.leading && i.top == i.bottom && i.top == i.trailing
                    ? formatLength(i.top)
                    : "top: \(formatLength(i.top)), leading: \(formatLength(i.leading)), bottom: \(formatLength(i.bottom)), trailing: \(formatLength(i.trailing))"
            }
            if stored.isEmpty, case .layout = kind {
                let n = childCount
                return "\(n) subview\(n == 1 ? "" : "s")"
            }
            return stored
        }
        set {
            if newValue.isEmpty, extras == nil { return }
            writableExtras.detail = newValue
        }
    }

    package init(kind: NodeKind, children: [LayoutNode] = [], kindName: String) {
        self.kind = kind
        childStorage = LayoutNode.storage(of: children, for: kind)
        kindNameID = ViewKindNames.id(of: kindName)
    }

    /// Creates a view named by a number `ViewKindNames` gave (the views built most often name
    /// themselves with a number looked up once: `ViewKindNames.color`).
    package init(kind: NodeKind, children: [LayoutNode] = [], kindNameID: UInt32) {
        self.kind = kind
        childStorage = LayoutNode.storage(of: children, for: kind)
        self.kindNameID = kindNameID
    }

    /// Creates a leaf with its structural key and drawing (set here rather than by the builder,
    /// whose writes to another module's view are checked for exclusive access one by one).
    package init(kind: NodeKind, kindNameID: UInt32, structuralKey: UInt64, preItems: [DisplayItem.Kind]) {
        self.kind = kind
        childStorage = .list([])
        self.kindNameID = kindNameID
        self.keyOrIdentity = structuralKey
        self.preItems = preItems
    }

    /// Gives the view `id` as its explicit id unless it has one (a `ForEach` element's id names
    /// its view unless an `.id` inside did).
    package func setExplicitIDUnlessSet<ID: Hashable>(_ id: ID) {
        if !traits.hasExplicitID { traits.setExplicitID(id) }
    }

    /// Creates a view of one child (a modifier around its content) without an array to pass
    /// the child in.
    package init(kind: NodeKind, child: LayoutNode, kindNameID: UInt32) {
        self.kind = kind
        childStorage = kind.isUnaryModifier ? .single(child) : .list([child])
        self.kindNameID = kindNameID
    }

    /// A copy of this view as its builder made it, before any install: the same kind, traits,
    /// drawing and children (shared, not copied), no identity, no parent. A view graph keeps one
    /// of each top view an unchanged view built, and hands out a copy of it at every update
    /// that reuses those views: modifiers outside change the top views they are given (an
    /// `.id`, a transition, a layout direction), never the views inside them, so the copy is
    /// what they may change. Called before the view is installed (its key is still its
    /// structural key).
    package func builtCopy() -> LayoutNode {
        let copy = LayoutNode(kind: kind, children: [], kindNameID: kindNameID)
        copy.childStorage = childStorage
        copy.flagBits = flagBits & ~Flag.hasIdentity
        copy.ignoredProposalAxes = ignoredProposalAxes
        copy.stackOrientation = stackOrientation
        copy.traits = traits
        copy.keyOrIdentity = keyOrIdentity
        copy.preItems = preItems
        if let extras {
            let e = Extras()
            e.postItems = extras.postItems; e.detail = extras.detail; e.priority = extras.priority
            e.postLayout = extras.postLayout; e.safeArea = extras.safeArea; e.sourceMark = extras.sourceMark
            e.replacementPoint = extras.replacementPoint
            copy.extras = e
        }
        return copy
    }

    /// Calls `body` with child `i`, not retained: the tree holds its views for as long as it is
    /// installed and passes never change it (a retain and release of each child a pass reaches
    /// was about a tenth of a pass, and an atomic operation each).
    @inline(__always) func withChild<R>(_ i: Int, _ body: (LayoutNode) -> R) -> R {
        switch childStorage {
        case .list(let list):
            precondition(i < list.count, "view \(index) has no child \(i)")
            return list.unretained(i)._withUnsafeGuaranteedRef(body)
        case .single(let child):
            precondition(i == 0, "view \(index) has no child \(i)")
            return Unmanaged.passUnretained(child)._withUnsafeGuaranteedRef(body)
        }
    }

    /// Calls `body` with a unary modifier's content (`children[0]`), not retained (`withChild`).
    @inline(__always) func withContent<R>(_ body: (LayoutNode) -> R) -> R { withChild(0, body) }

    /// Wraps `child` in a unary modifier node; the wrapper carries the child's traits.
    package static func wrapping(_ child: LayoutNode, kind: NodeKind, kindName: String, detail: String = "") -> LayoutNode {
        wrapping(child, kind: kind, kindNameID: ViewKindNames.id(of: kindName), detail: detail)
    }

    /// `wrapping(_:kind:kindName:detail:)` with the name's number (`ViewKindNames`).
    package static func wrapping(_ child: LayoutNode, kind: NodeKind, kindNameID: UInt32, detail: String = "") -> LayoutNode {
        let n = LayoutNode(kind: kind, child: child, kindNameID: kindNameID)
        n.traits = child.traits
        n.traits.clearExplicitID()  // an id names the view it was given to, not the modifiers around it
        n.structuralKey = child.structuralKey
        if !detail.isEmpty { n.detail = detail }
        return n
    }
}

/// The names of view kinds (`LayoutNode.kindName`), numbered: a view stores 4 bytes instead of a
/// 16-byte string. Names are type names and a few fixed words, so the table stays small; it
/// is shared by every tree of the process and never shrinks.
package enum ViewKindNames {
    private struct Table {
        var names: [String] = [""]
        var ids: [String: UInt32] = ["": 0]
    }
    // `Locked` (an `NSLock`, which ThreadSanitizer understands; it reports `Mutex`'s futex as a
    // race); the commonest names are looked up once (below), so few views pay for the lock.
    private static let table = Locked(Table())

    /// The numbers of the names the views built most often have, looked up once.
    package static let color = id(of: "Color")
    package static let frame = id(of: "frame")
    package static let padding = id(of: "padding")

    /// The number of `name`, given one the first time it is seen.
    package static func id(of name: String) -> UInt32 {
        table.withLock { table in
            if let id = table.ids[name] { return id }
            let id = UInt32(table.names.count)
            table.names.append(name)
            table.ids[name] = id
            return id
        }
    }

    static func name(_ id: UInt32) -> String {
        table.withLock { table in Int(id) < table.names.count ? table.names[Int(id)] : "" }
    }
}

extension Array where Element == LayoutNode {
    /// The view at `i`, not retained: the array (a tree's children, a container's subviews)
    /// keeps it alive while the caller uses it.
    @inlinable @inline(__always) func unretained(_ i: Int) -> Unmanaged<LayoutNode> {
        withUnsafeBufferPointer { .passUnretained($0[i]) }
    }
}


/// "name: value" for each length that is set, as views describe themselves in the inspector.
package func describe(_ parts: [(String, CGFloat?)]) -> String {
    parts.compactMap { name, v in v.map { "\(name): \(formatLength($0))" } }.joined(separator: ", ")
}


/// Mixes a structural component into a key (SplitMix64 finaliser).
@inline(__always) package func mixKey(_ a: UInt64, _ b: UInt64) -> UInt64 {
    var z = a &+ 0x9E37_79B9_7F4A_7C15 &+ (b &* 0xBF58_476D_1CE4_E5B9)
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
}

/// What a view surface keeps on a view to build it again where it was built
/// (`LayoutNode.replacementPoint`), and the key it is looked up by.
package protocol ReplacementPoint: AnyObject {
    /// The key the view is found by (`LayoutHost.replaceSubtree(choosing:building:)`): a hash
    /// of the id the view was given.
    var lookupKey: UInt64 { get }
}
