import Foundation

/// Options for a layout pass.
public struct LayoutOptions: Sendable {
    /// Record every size and placement call in `LayoutResult.trace`.
    public var recordsTrace: Bool = true
    /// The most trace events kept; later events are dropped and the trace marked truncated.
    public var traceLimit: Int = 20_000
    /// Measure every view's min / ideal / max size (the zero / unspecified / infinity probes).
    public var measuresSizeRanges: Bool = true
    /// Whether views whose size is a few operations on the proposal answer directly, without a
    /// memo (`LayoutCounters.directAnswers`). Off only to check, in tests and the fuzzer, that
    /// the memo would give the same frames and diagnostics.
    package var answersDirectly: Bool = true
    /// Creates the default options: trace recorded (up to 20,000 events) and size ranges measured.
    public init() {}
    /// Options for the fastest pass: no trace, no size ranges.
    public static var fastest: LayoutOptions {
        var o = LayoutOptions()
        o.recordsTrace = false
        o.measuresSizeRanges = false
        return o
    }
}

/// What building a tree of views produced, for the host to install.
package struct BuiltTree {
    /// The root views (several are stacked vertically, as a window's content group is).
    package var nodes: [LayoutNode]
    /// Problems found while building (bad spacing, frames, …), with the view they concern.
    package var diagnostics: [(message: String, view: LayoutNode?)]
    /// Whether the build ran out of stack and left views out (it is then made again on a thread
    /// with a large stack).
    package var ranOutOfStack: Bool
    /// How many views the build made (0: not counted): about how many the installed tree has,
    /// so that its pre-order list is made that large at once rather than grown and trimmed.
    package var viewsBuilt: Int
    /// Wraps a build's outcome.
    package init(nodes: [LayoutNode], diagnostics: [(message: String, view: LayoutNode?)], ranOutOfStack: Bool, viewsBuilt: Int = 0) {
        self.nodes = nodes; self.diagnostics = diagnostics; self.ranOutOfStack = ranOutOfStack; self.viewsBuilt = viewsBuilt
    }
}

/// Lays out a SwiftUI-style view tree headlessly: the API the tests, the app and users share.
///
/// ```swift
/// let result = LayoutHost.layout(HStack { Color.red.id("a"); Color.blue }, in: CGSize(width: 100, height: 100))
/// result.frame(of: "a")   // (0, 0, 46, 100)
/// ```
/// The root view is proposed the given size and centred in it, as a window centres its content.
/// A host keeps the view tree (and layout caches) between passes; `setRoot` replaces it.
///
/// Threads: separate hosts are independent and may be used on any threads at once (give each its
/// own `TextMeasurer` unless the measurer is thread-safe; `DeterministicTextMeasurer` is). One
/// host serialises its own use: `layout` and `setRoot` called from several threads at once take
/// turns instead of racing. Re-entering a host from its own pass (a `Layout` of its tree calling
/// `layout` or `setRoot` on it) cannot take a turn: such a `layout` returns an empty result with
/// an error diagnostic, and such a `setRoot` is ignored and reported as an error diagnostic of
/// the pass that was running.
///
/// Deep trees: the tree is built, and deep trees laid out, on a thread with a large stack when the
/// caller's stack would not do, so nesting depth does not depend on the caller's thread. Views
/// nested more than `maximumDepth` levels deep are left out, with a diagnostic.
public final class LayoutHost {
    /// The installed tree: its views, and what was derived from them when it was installed.
    struct InstalledTree {
        var root: LayoutNode?
        /// The views in pre-order.
        var nodes: [LayoutNode] = []
        /// What the build reported, repeated by every pass.
        var buildDiagnostics: [(message: String, view: LayoutNode?)] = []
        /// Whether views nested too deeply were left out (reported as `hugeTree` by every pass).
        var isCut = false
        /// The duplicate-id warnings every pass repeats: a property of the tree, made once per
        /// tree (ids themselves are looked up in the tree's description, `TreeDescription.index(of:)`).
        var duplicateIDs: [LayoutDiagnostic] = []
        /// Views whose explicit id an earlier view has (only the first `namedDuplicateIDs` have a
        /// message of their own).
        var duplicateIDCount = 0
        /// Whether a pass decides which views show (a `ViewThatFits`).
        var hasLayoutDependentVisibility = false
        /// What the views are, and their static display list, derived when a result is first
        /// asked (`TreeDescription`).
        var description = TreeDescription.empty
        /// The depth of the deepest view: passes over deeper trees run on a thread with a large stack.
        var maxDepth = 0
        /// The GeometryReader nodes, in pre-order: their content is rebuilt after a pass that
        /// gave them new geometry (`GeometryReader`).
        var geometryReaders: [LayoutNode] = []
        /// The views with a `PostLayoutAttachment` (preferences), in pre-order, and those of them
        /// whose content is built from the laid-out tree; empty for most trees, which then pay
        /// nothing after a pass.
        var attachedViews: [LayoutNode] = []
        var contentRebuilders: [LayoutNode] = []
        /// Whether any view lays its children out right to left (results mirror them).
        var hasRightToLeftViews = false
        /// The views that ignore or pad the safe area (`SafeAreaBehavior`), in pre-order:
        /// passes over other trees keep no safe area.
        var safeAreaViews: [LayoutNode] = []
        var hasSafeAreaViews: Bool { !safeAreaViews.isEmpty }
        /// Whether any view adds safe-area padding: then the safe area has edges to reach
        /// even without insets.
        var hasSafeAreaPadding = false
        /// Each view's height (itself 1, capped at 255), by pre-order index: what a view's
        /// `hasShallowChildren` is derived from, kept so that a replaced subtree's ancestors
        /// derive it again without their other children being walked.
        var heights: [UInt8] = []
        /// The views with a replacement point, by its key (the first in pre-order with each),
        /// made at the first lookup (`replaceSubtree(choosing:building:)`).
        var replaceableIndex: [UInt64: Int]? = nil
    }

    /// The sizes passes memoise over the installed tree (<doc:SizeMemo>), and the numbers that
    /// say which of them still answer.
    struct MemoState {
        /// The per-view memos of the installed tree, by pre-order index.
        var store = NodeStore(count: 0)
        var passCounter: UInt32 = 0
        /// Sizes memoised under this epoch answer later passes too (incremental relayout); it
        /// moves on when they must not: layout caches forgotten, or a pass that reported bad
        /// input (so that the next pass reports it again).
        var sizeEpoch: UInt32 = 1
        /// Names the pair (installed tree, size epoch): a layout may keep answers that depend
        /// only on its subviews' sizes for fixed proposals while it stays the same
        /// (`SubviewSizesStamp`). Drawn from a process-wide counter, so no two trees or epochs
        /// share one.
        var sizesGeneration = SizesGeneration.next()
        /// Makes the fingerprints of views that cannot be compared unique (`NodeFingerprint.swift`).
        var fingerprintNonce: UInt64 = 0
    }

    /// The geometry of earlier passes that later ones reuse.
    struct GeometryCache {
        /// The geometry of the last pass, reused for subtrees placed as then; dropped when the
        /// size epoch moves on. After a new tree is installed it is the old tree's, and the
        /// store's `previousRowPlusOne` says where each unchanged subtree of the new tree was in
        /// it (`isRemapped`).
        var previous: PassGeometry? = nil
        var isRemapped = false
        /// The rows replaced in place since `previous` was laid out (`GeometryReuse.changedStart`),
        /// one range covering them all; empty when none were.
        var changedStart = 0
        var changedEnd = 0
        /// Forgets `previous` and what was replaced since.
        mutating func dropPrevious() {
            previous = nil
            isRemapped = false
            changedStart = 0; changedEnd = 0
        }
        /// The last pass's geometry after its sizes went stale (`advanceSizeEpoch`): not
        /// reusable as placements, but its arrays are recycled by the next pass when no result
        /// holds them any more, rather than freed and made again (a full layout of 100,000 items
        /// otherwise paid the page faults of 12 MB of fresh geometry on every pass).
        var spare: PassGeometry? = nil
        /// Whether the last pass wrote its geometry into the arrays of an earlier one (for tests).
        var lastPassRecycled = false
    }

    var tree = InstalledTree()
    /// What the last install by patching changed (`installPatching`); nil after a whole install.
    package internal(set) var lastTreePatch: TreePatch? = nil
    /// The depth of the shallowest tree whose build ran out of the caller's stack (`Int.max`:
    /// none yet); `replaceTree` builds trees as deep on a large stack at once.
    package private(set) var depthThatOutgrewCallerStack = Int.max
    /// Whether each installed view, in pre-order (`LayoutResult.views`' order), draws content
    /// of its own (`LayoutNode.drawsContent`): what a live preview hit-tests.
    package var installedViewsDrawing: [Bool] { tree.nodes.map(\.drawsContent) }
    /// Whether each installed view draws its second child behind its first (`background`):
    /// the one case where pre-order is not back-to-front.
    package var installedViewsLayeringBehind: [Bool] {
        tree.nodes.map { node in
            if case .background = node.kind { return true }
            return false
        }
    }
    /// Whether `node` is the installed view at its pre-order index (a node that was built but
    /// not installed, or belongs to an earlier tree, is not).
    package func isInstalled(_ node: LayoutNode) -> Bool {
        let i = node.resultIndex
        return i >= 0 && i < tree.nodes.count && tree.nodes[i] === node
    }
    var memo = MemoState()
    var geometry = GeometryCache()
    /// The placement arena, lent to each pass (`LayoutPass.arena`): made once at the largest
    /// fan-out rather than grown and filled by every pass. Records of earlier passes carry older
    /// stamps, so no region reads them.
    private(set) var arena = PlacementArena()
    static let namedDuplicateIDs = 20

    /// The installed tree's root.
    var root: LayoutNode? { tree.root }
    /// The per-view memos of the installed tree, by pre-order index.
    var store: NodeStore { memo.store }
    /// Whether the last pass wrote its geometry into the arrays of an earlier one (for tests).
    var lastPassRecycledGeometry: Bool { geometry.lastPassRecycled }

    /// Trees deeper than this are laid out on a dedicated thread whose stack is big enough for
    /// the recursion. Each nesting level takes several stack frames, large ones in a debug build:
    /// a chain of stacks overflowed a 512 KiB thread (Swift's smallest default) between 50 and 60
    /// levels deep in a debug build, so the caller's thread is trusted with 32
    /// (`aTreeAtTheCallersThreadDepthLimitFitsASmallStack`); a deeper tree's pass is handed to
    /// a kept thread (`LargeStackThreads`), a wake-up rather than a thread start.
    static let deepTreeThreshold = 32
    /// The deepest nesting laid out (10,000 levels: ten times the deepest chain the tests
    /// measure, far beyond any real interface); deeper views are left out with a diagnostic.
    public static let maximumDepth = 10_000
    /// Serialises the host's use across threads and detects re-entry.
    let gate = HostGate()
    /// Errors of calls that could not run (re-entry), and warnings about a pass as a whole
    /// (GeometryReaders that did not settle), reported by the next pass that ends.
    var misuse = Misuse()
    struct Misuse {
        var errors: [String] = []
        var warnings: [String] = []
    }
    static let deepTreeStackSize = 512 << 20
    /// The stack a build may use on the caller's thread (under 200 nesting levels in a debug
    /// build); a deeper tree is built again on a thread with a `deepTreeStackSize` stack. The
    /// caller's thread needs this much free stack, plus a margin (Swift's smallest default
    /// thread stacks, 512 KiB, have it).
    package static let callerBuildStack = 192 << 10
    /// The text measurer layouts use.
    public let textMeasurer: any TextMeasurer

    /// The screen's safe area, as insets from the edges of the proposal: the status bar and
    /// sensor housing, the home indicator, bars. None by default (a desktop window).
    ///
    /// SwiftUI lays a scene's root view out in the safe area: the root is proposed the proposal
    /// minus these insets (on each axis the proposal fixes) and centred in what remains, and the
    /// views that ignore the safe area (`ignoresSafeArea`, a background that extends under the
    /// bars) grow into the insets where they reach the safe area's edge (see <doc:SafeAreas>).
    /// `LayoutResult.canvasSize` stays the whole proposal. Negative, NaN and infinite insets are
    /// treated as 0.
    public var safeAreaInsets = EdgeInsets() {
        didSet { if safeAreaInsets != oldValue { geometry.dropPrevious() } }
    }

    /// The software keyboard's region, as insets from the proposal's edges (its height at the
    /// bottom while a text field has focus): part of the safe area, except for views that ignore
    /// the keyboard region (SwiftUI's `SafeAreaRegions.keyboard`). None by default.
    public var keyboardInsets = EdgeInsets() {
        didSet { if keyboardInsets != oldValue { geometry.dropPrevious() } }
    }

    /// The safe area's region for a canvas of `canvas` (`safeAreaInsets` and `keyboardInsets`).
    private func safeAreaRegion(canvas: CGSize) -> SafeAreaRegion {
        SafeAreaRegion(screen: CGRect(origin: .zero, size: canvas), container: safeAreaInsets, keyboard: keyboardInsets)
    }
    /// The safe area of the last pass (for geometry proxies).
    private var lastSafeArea: SafeAreaRegion?
    /// The environment the root view is built in: `EnvironmentValues` of the SwiftUI surface,
    /// which the core carries without reading it (`LayoutHost.environment` there).
    @exclusivity(unchecked) package var rootEnvironment: Any?

    /// Creates a host with no tree, measuring text with `textMeasurer`; the SwiftUI surface
    /// installs trees built from views (`LayoutHost(_:)`, `setRoot(_:)`).
    package init(textMeasurer: any TextMeasurer) {
        self.textMeasurer = textMeasurer
    }

    deinit {
        // A result that outlives the host describes the tree now and lets it go (its layout
        // caches, GeometryReader closures); unlinking a deep tree's views would change it.
        if !isKnownUniquelyReferenced(&tree.description) { tree.description.detach() }
        if tree.maxDepth > LayoutHost.deepTreeThreshold { dismantle() }
    }

    /// Replaces the installed tree with the nodes `build` makes: `build` is called with the stack
    /// it may use on the calling thread and called again on a thread with a large stack when the
    /// tree turned out too deep for it (the build recurses once per nesting level).
    /// `updateHook`, when given, is asked for the tree's update hook after the build and the hook
    /// is set in the same turn, so that a pass on another thread sees a tree with its own hook.
    /// With `patching`, a tree that shares views with the installed one (a live update's) is
    /// laid over it where it differs (`installPatching`) rather than installed whole.
    package func replaceTree(building build: (_ stackBudget: Int) -> BuiltTree,
                             updateHook hookAfterBuild: (() -> (any LayoutUpdateHook)?)? = nil, patching: Bool = false) {
        guard gate.enter() else {
            misuse.errors.append("LayoutHost.setRoot was called on this host from inside its own layout pass and was ignored; a host runs one call at a time")
            return
        }
        defer { gate.leave() }
        // A tree as deep as one whose build outgrew the caller's stack is built on a large stack
        // at once: a deep tree's host is usually given deep trees, and a build that runs out is
        // thrown away (a chain of 1,000 stacks built its first few hundred levels twice).
        var built: BuiltTree
        var outgrew = false
        if tree.maxDepth >= depthThatOutgrewCallerStack {
            built = onLargeStack { build(LayoutHost.deepTreeStackSize - (16 << 20)) }
        } else {
            built = build(LayoutHost.callerBuildStack)
            if built.ranOutOfStack {
                outgrew = true
                built = onLargeStack { build(LayoutHost.deepTreeStackSize - (16 << 20)) }
            }
        }
        if !(patching && installPatching(built)) { installReplacing(built) }
        if outgrew { depthThatOutgrewCallerStack = Swift.min(depthThatOutgrewCallerStack, Swift.max(tree.maxDepth, 1)) }
        if let hookAfterBuild { updateHook = hookAfterBuild() }
    }

    /// Installs a built tree: numbers it, derives priorities, guide flags, identities, ids and
    /// the static display list. Also used to re-install the tree after GeometryReaders rebuilt
    /// their content (the nodes are reused). The steps below, in order.
    func install(_ builtNodes: [LayoutNode], diagnostics: [(message: String, view: LayoutNode?)], ranOutOfStack: Bool,
                 expectedViews: Int = 0) {
        let newRoot = LayoutHost.singleRoot(of: builtNodes)
        lastTreePatch = nil
        let old = rememberInstalledTree()
        forgetInstalledTree(newRoot: newRoot, diagnostics: diagnostics, ranOutOfStack: ranOutOfStack)
        guard let root else { return }
        var tooDeep = ranOutOfStack
        var ids = TreeDescription.DuplicateIDScan()
        finalize(root, tooDeep: &tooDeep, ids: &ids, expectedViews: expectedViews)
        tree.isCut = tooDeep
        // (Before the lists below are made: the ids noted are let go first.)
        collectDuplicateIDs(ids.duplicates(in: tree.nodes))
        trimPreorderList()
        var replaced = old
        let remapped = derivePropertiesBottomUp(adoptingFrom: &replaced)
        if old.nodes.isEmpty, !tree.geometryReaders.isEmpty || !tree.contentRebuilders.isEmpty {
            // Views that rebuild their content install this tree again within its first pass,
            // compared with itself: fingerprinted now, so that what they did not rebuild keeps
            // its sizes.
            _ = root.ensuredFingerprint(nonce: &memo.fingerprintNonce)
        }
        if remapped {
            geometry.previous = old.geometry
            geometry.isRemapped = true
        }
        tree.description = TreeDescription(nodes: tree.nodes, hasStaticDisplayList: !tree.hasLayoutDependentVisibility)
    }

    /// What the new tree may take over from the one it replaces: its views in pre-order (found
    /// by identity), its memo store and its last pass's geometry.
    private struct ReplacedTree {
        /// Containers that keep their identity keep their layout cache (updated, not remade),
        /// and views that keep their identity and fingerprint keep their sizes.
        var nodes: [LayoutNode]
        var store: NodeStore
        /// Subtrees of the new tree whose inputs are unchanged may be placed from it (rows are
        /// mapped by `derivePropertiesBottomUp`).
        var geometry: PassGeometry?
        /// Where the last view found was, relative to the new view that looked for it: a tree
        /// rebuilt with a change has its other views where they were, or shifted by what was
        /// inserted or removed before them, so the next view is looked for there first.
        private var shift = 0
        /// Old views by identity, made only when a view is not where `shift` says (the old tree's
        /// last view with each identity, as pre-order filled it).
        private var byIdentity: [UInt64: Int32]? = nil

        init(nodes: [LayoutNode], store: NodeStore, geometry: PassGeometry?) {
            self.nodes = nodes; self.store = store; self.geometry = geometry
        }

        /// The old pre-order index of the view with `identity`, for the new view at `newIndex`
        /// (nil: the old tree had no such view).
        mutating func index(ofIdentity identity: UInt64, near newIndex: Int) -> Int? {
            let guess = newIndex + shift
            if guess >= 0, guess < nodes.count, nodes[guess].identity == identity { return guess }
            if shift != 0, newIndex < nodes.count, nodes[newIndex].identity == identity {
                shift = 0
                return newIndex
            }
            if byIdentity == nil {
                var made: [UInt64: Int32] = [:]
                made.reserveCapacity(nodes.count)
                for (i, node) in nodes.enumerated() { made[node.identity] = Int32(truncatingIfNeeded: i) }
                byIdentity = made
            }
            guard let found = byIdentity?[identity] else { return nil }
            shift = Int(found) - newIndex
            return Int(found)
        }
    }

    /// Several root views are stacked vertically, as a window's content group is.
    private static func singleRoot(of built: [LayoutNode]) -> LayoutNode? {
        guard built.count > 1 else { return built.first }
        return LayoutNode(kind: .layout(makeLayoutStorage(VStackLayout(), typeName: "VStack")), children: built, kindName: "VStack")
    }

    /// Step 1: the installed tree as the new one may reuse it (`ReplacedTree`).
    private func rememberInstalledTree() -> ReplacedTree {
        // A tree installed and not yet laid out holds its predecessor's geometry, whose rows
        // are not its own: a tree installed over it (two builds before one layout, as when an
        // `onChange` writes state after an insertion) must not be placed from those rows.
        // (The pre-order list is shared, not copied: the new tree's list is a new array.)
        // Nor from rows of views replaced in place since that pass (`replaceSubtree`): they hold
        // the replaced views' geometry.
        ReplacedTree(nodes: tree.nodes, store: memo.store,
                     geometry: geometry.isRemapped || geometry.changedEnd > 0 ? nil : geometry.previous)
    }

    /// Step 2: drops what belongs to the installed tree and starts the new one's state empty.
    private func forgetInstalledTree(newRoot: LayoutNode?, diagnostics: [(message: String, view: LayoutNode?)], ranOutOfStack: Bool) {
        geometry.spare = nil
        tree.root = newRoot
        geometry.dropPrevious()
        tree.buildDiagnostics = diagnostics
        tree.isCut = ranOutOfStack
        tree.geometryReaders = []
        tree.attachedViews = []
        tree.contentRebuilders = []
        tree.nodes.removeAll(keepingCapacity: true)
        tree.duplicateIDs = []
        tree.duplicateIDCount = 0
        tree.hasLayoutDependentVisibility = false
        tree.safeAreaViews = []
        tree.hasSafeAreaPadding = false
        tree.replaceableIndex = nil
        // A result that is still held describes the tree as it was: derive its descriptions
        // before the views change (re-installing GeometryReader content renumbers them).
        if !isKnownUniquelyReferenced(&tree.description) { tree.description.detach() }
        tree.description = .empty
        memo.store = NodeStore(count: 0)
        memo.sizesGeneration = SizesGeneration.next()
    }

    /// Step 3 (after `finalize` numbered the views): the pre-order list grew by doubling; a
    /// first tree (or a larger one) keeps up to twice the room it needs for as long as it is
    /// installed. Trimmed when more than an eighth is spare, so that re-installs of a tree of
    /// the same size keep their array.
    private func trimPreorderList() {
        // (Made from the build's count of views, the list is usually the right size already.)
        if tree.nodes.capacity - tree.nodes.count > tree.nodes.count / 8 {
            var exact: [LayoutNode] = []
            exact.reserveCapacity(tree.nodes.count)
            exact.append(contentsOf: tree.nodes)
            tree.nodes = exact
        }
    }

    /// Step 4: bottom-up (reverse pre-order, children before their parent), each view's
    /// properties of the tree (height, priority, guide flags, memo policy, fingerprint) and the
    /// new store's rows; a view with the inputs it had in the replaced tree takes its sizes and
    /// placement from there. Returns whether any placement was carried over.
    private func derivePropertiesBottomUp(adoptingFrom old: inout ReplacedTree) -> Bool {
        let newStore = NodeStore(count: tree.nodes.count)
        memo.store = newStore
        var remapped = false
        // Each view's height (itself 1, capped), for `hasShallowChildren`: bottom-up, children first.
        var heights = [UInt8](repeating: 1, count: tree.nodes.count)
        var nonce = memo.fingerprintNonce
        defer { memo.fingerprintNonce = nonce }
        let nodes = tree.nodes
        defer { tree.heights = heights }
        // A first tree is compared with nothing: its fingerprints wait until a later tree is
        // compared with it (`ensuredFingerprint`).
        let fingerprints = !old.nodes.isEmpty
        // Borrowed from the list rather than retained and released a view at a time.
        nodes.withUnsafeBufferPointer { list in list.withMemoryRebound(to: Unmanaged<LayoutNode>.self) { refs in
        for i in refs.indices.reversed() { refs[i]._withUnsafeGuaranteedRef { node in
            LayoutHost.deriveTreeProperties(of: node, heights: &heights)
            SizeMemoPolicy.assignMemo(node, in: newStore)
            // Children are numbered after their parent and visited before it here.
            let subtreeEnd = node.lastChild.map { Int(newStore.subtreeEnd[$0.index]) } ?? node.index + 1
            newStore.parent[node.index] = Int32(truncatingIfNeeded: node.parent?.index ?? -1)
            newStore.subtreeEnd[node.index] = Int32(truncatingIfNeeded: subtreeEnd)
            guard fingerprints else {
                // (A view built before may hold the fingerprint of what it was then.)
                node.fingerprint = 0
                return
            }
            let oldFingerprint = node.fingerprint
            node.computeFingerprint(nonce: &nonce)
            guard !old.nodes.isEmpty, let oldIndex = old.index(ofIdentity: node.identity, near: node.index) else { return }
            let oldNode = old.nodes[oldIndex]
            if case .layout(let storage) = node.kind, case .layout(let oldStorage) = oldNode.kind {
                storage.adoptCache(from: oldStorage)
            }
            if oldNode !== node { _ = oldNode.ensuredFingerprint(nonce: &nonce) }
            if adoptSizesAndPlacement(of: node, oldFingerprint: oldFingerprint, from: old, at: oldIndex, into: newStore) { remapped = true }
        } }
        } }
        return remapped
    }

    /// The properties of the tree a view keeps (its children's already derived).
    static func deriveTreeProperties(of node: LayoutNode, heights: inout [UInt8]) {
        var tallest: UInt8 = 0
        var childGuides = false
        node.forEachChild { child in
            tallest = Swift.max(tallest, heights[child.index])
            childGuides = childGuides || child.mayHaveExplicitGuides
        }
        heights[node.index] = tallest == UInt8.max ? tallest : tallest + 1
        node.hasShallowChildren = Int(tallest) <= LayoutNode.shallowHeight
        node.priority = node.computeLayoutPriority
        switch node.kind {
        case .alignmentGuide, .text: node.mayHaveExplicitGuides = true
        case .image(let image) where image.baseline != nil: node.mayHaveExplicitGuides = true  // symbols' baselines
        case .layout(let storage) where storage.mayReportOwnGuides: node.mayHaveExplicitGuides = true
        default: node.mayHaveExplicitGuides = childGuides
        }
        node.carriesLayoutValues = node.traits.hasLayoutValues
        node.ignoredProposalAxes = node.computeIgnoredProposalAxes
    }

    /// Moves `node`'s memo row from the replaced tree's store when it answers as it did there
    /// (`SizeMemoPolicy.rowToAdopt`), and notes where its placement was when that pass placed a
    /// subtree as large (the fingerprint covers the subtree; the size guards a collision).
    /// Returns whether the placement was carried over.
    private func adoptSizesAndPlacement(of node: LayoutNode, oldFingerprint: UInt64, from old: ReplacedTree, at oldIndex: Int,
                                        into newStore: NodeStore) -> Bool {
        guard SizeMemoPolicy.adoptsRow(for: node, oldFingerprint: oldFingerprint, old: old.nodes[oldIndex], at: oldIndex,
                                       in: old.store) else { return false }
        newStore.adoptRow(node.index, from: old.store, at: oldIndex)
        guard let carried = old.geometry,
              Int(old.store.subtreeEnd[oldIndex]) - oldIndex == Int(newStore.subtreeEnd[node.index]) - node.index,
              Int(old.store.subtreeEnd[oldIndex]) <= carried.localOrigins.count else { return false }
        newStore.previousRowPlusOne[node.index] = Int32(truncatingIfNeeded: oldIndex + 1)
        return true
    }

    /// The views whose visibility a pass decides (`ViewThatFits`), the GeometryReaders and the
    /// other views a pass treats apart, found anew in the installed tree.
    func findLayoutDependentViews() {
        var found = LayoutDependentViews()
        for node in tree.nodes { found.note(node) }
        found.record(in: &tree)
    }

    /// The views a pass treats apart, noted one view at a time in pre-order (by `finalize`, as
    /// it numbers the views, or by `findLayoutDependentViews`).
    struct LayoutDependentViews {
        private var hasLayoutDependentVisibility = false
        private var geometryReaders: [LayoutNode] = []
        private var safeAreaViews: [LayoutNode] = []
        private var hasSafeAreaPadding = false
        private var attachedViews: [LayoutNode] = []
        private var contentRebuilders: [LayoutNode] = []

        @inline(__always) mutating func note(_ node: LayoutNode) {
            switch node.kind {
            case .viewThatFits: hasLayoutDependentVisibility = true
            case .layout: if node.geometryReaderRecord != nil { geometryReaders.append(node) }
            default: break
            }
            // (Most views hold none of what follows: one load says so.)
            guard node.hasExtras else { return }
            if let behavior = node.safeAreaBehavior {
                safeAreaViews.append(node)
                if behavior.addedInsets != nil { hasSafeAreaPadding = true }
            }
            if let attachment = node.postLayoutAttachment {
                attachedViews.append(node)
                if attachment.rebuildsContent { contentRebuilders.append(node) }
            }
        }

        /// Makes these the tree's views of each sort.
        func record(in tree: inout InstalledTree) {
            tree.hasLayoutDependentVisibility = hasLayoutDependentVisibility
            tree.geometryReaders = geometryReaders
            tree.safeAreaViews = safeAreaViews
            tree.hasSafeAreaPadding = hasSafeAreaPadding
            tree.attachedViews = attachedViews
            tree.contentRebuilders = contentRebuilders
        }
    }

    /// Step 5: the duplicate-id warnings every pass repeats. The first few name their views, the
    /// rest are counted (nested `ForEach(0..<n)` loops share every id, and a message per view
    /// cost each pass of a 10,000-view tree as much as its layout).
    func collectDuplicateIDs() {
        var scan = TreeDescription.DuplicateIDScan()
        for node in tree.nodes { scan.note(node) }
        collectDuplicateIDs(scan.duplicates(in: tree.nodes))
    }

    /// The warnings for `duplicates` (views with an id an earlier view has, each with that view).
    func collectDuplicateIDs(_ duplicates: [(view: Int, first: Int)]) {
        tree.duplicateIDs = []
        tree.duplicateIDCount = 0
        for (view, first) in duplicates {
            tree.duplicateIDCount += 1
            if tree.duplicateIDs.count < LayoutHost.namedDuplicateIDs, let id = tree.nodes[view].traits.explicitID {
                tree.duplicateIDs.append(LayoutDiagnostic(severity: .warning, view: view,
                                                     message: "the id \(id) is used by more than one view; lookups return the first (view \(first))"))
            }
        }
        if tree.duplicateIDCount > tree.duplicateIDs.count {
            tree.duplicateIDs.append(LayoutDiagnostic(severity: .warning, view: nil, message: "\(tree.duplicateIDCount - tree.duplicateIDs.count) more views use an id an earlier view has; lookups return the first view with an id"))
        }
    }

    /// Forgets every container's layout cache and every view's memoised sizes, so that the next
    /// pass makes each cache anew (`makeCache`) and measures every view, as the first pass over a
    /// new tree does — without rebuilding the tree.
    /// For measuring a full layout apart from a re-layout (the benchmarks); a pass never needs it.
    /// Ignored when called from inside this host's own pass.
    public func invalidateLayoutCaches() {
        guard gate.enter() else {
            misuse.errors.append("LayoutHost.invalidateLayoutCaches was called on this host from inside its own layout pass and was ignored; a host runs one call at a time")
            return
        }
        defer { gate.leave() }
        for node in tree.nodes { if case .layout(let storage) = node.kind { storage.invalidateCache() } }
        advanceSizeEpoch()
    }

    /// Makes every memoised size stale: the next pass measures every view anew.
    private func advanceSizeEpoch() {
        if let previous = geometry.previous { geometry.spare = previous }
        geometry.dropPrevious()
        memo.sizeEpoch &+= 1
        if memo.sizeEpoch == 0 { memo.sizeEpoch = 1 }
        memo.sizesGeneration = SizesGeneration.next()
    }

    /// Unlinks every node from its children, so that a deep tree is released node by node rather
    /// than by a recursion as deep as the tree.
    private func dismantle() {
        for node in tree.nodes { node.children = [] }
    }

    /// Installs `built` in place of the installed tree. A deep tree replaced is unlinked view by
    /// view afterwards (`dismantle`), except the views the new tree shares with it (a live
    /// update reuses the views of what did not change), which must keep their children.
    func installReplacing(_ built: BuiltTree) {
        let replaced = tree.maxDepth > LayoutHost.deepTreeThreshold ? tree.nodes : []
        if !replaced.isEmpty, !isKnownUniquelyReferenced(&tree.description) { tree.description.detach() }
        install(built.nodes, diagnostics: built.diagnostics, ranOutOfStack: built.ranOutOfStack, expectedViews: built.viewsBuilt)
        for node in replaced where !isInstalled(node) { node.children = [] }
    }

    /// Unlinks the subtrees of `roots` (not numbered in `tree.nodes`), as `dismantle` does.
    static func release(_ roots: [LayoutNode]) {
        var pending = roots, all: [LayoutNode] = []
        while let node = pending.popLast() {
            all.append(node)
            pending.append(contentsOf: node.children)
        }
        for node in all { node.children = [] }
    }

    /// Numbers the nodes, links parents, derives identities and Spacer/Divider orientation, and
    /// cuts the tree at `maximumDepth` (setting `tooDeep`); on the way, notes the views a pass
    /// treats apart and each view's id in `ids` (one walk over the views, not three).
    private func finalize(_ root: LayoutNode, tooDeep: inout Bool, ids: inout TreeDescription.DuplicateIDScan, expectedViews: Int) {
        // A view keeps the identity it was given when first installed (a re-install, after
        // GeometryReaders rebuilt their content, reuses every view outside that content, whose
        // ancestors are reused too); a view built since derives it from its parent's and its key.
        if !root.hasIdentity { root.identity = mixKey(0, root.structuralKey) }
        root.parent = nil
        var deepest = 0
        var rightToLeft = false
        // Numbered into a local list (the host's own would be checked for exclusive access
        // at every append).
        var preorder = tree.nodes
        tree.nodes = []
        defer { tree.nodes = preorder }
        // As many as the build made views (the count is close; step 3 trims a list too large).
        if expectedViews > preorder.capacity { preorder.reserveCapacity(expectedViews) }
        var found = LayoutDependentViews()
        var stack: NumberingStack = [(Unmanaged.passUnretained(root), nil, 0)]
        while let (entry, orientation, depth) = stack.popLast() { entry._withUnsafeGuaranteedRef { node in
            deepest = Swift.max(deepest, depth)
            rightToLeft = rightToLeft || node.mirrorsChildren
            node.index = preorder.count
            preorder.append(node)
            switch node.kind {
            case .spacer, .divider: node.stackOrientation = orientation
            default: break
            }
            LayoutHost.linkChildren(of: node, orientation: orientation, depth: depth, tooDeep: &tooDeep, stack: &stack)
            // (After the cut, which may have made it a leaf.)
            found.note(node)
            ids.note(node)
        } }
        found.record(in: &tree)
        tree.maxDepth = deepest
        tree.hasRightToLeftViews = rightToLeft
    }

    /// Numbering's step at one view (`orientation` is the stack orientation it is given, `depth`
    /// its nesting): the cut at `maximumDepth`, and its children linked (parent, position,
    /// identity) and pushed onto `stack` last first, so that they are numbered in order.
    /// The views numbering has still to visit, with the orientation and depth each is given:
    /// borrowed, not retained (each is held by its parent's children, which numbering does not
    /// change once they are pushed).
    typealias NumberingStack = [(node: Unmanaged<LayoutNode>, orientation: Axis?, depth: Int)]

    @inline(__always)
    static func linkChildren(of node: LayoutNode, orientation: Axis?, depth: Int, tooDeep: inout Bool,
                             stack: inout NumberingStack) {
        let isContainer = node.kind.identifiesChildrenByKey
        if depth == LayoutHost.maximumDepth && node.childCount > 0 {
            // Too deep: the view becomes an empty leaf (the build reports it).
            node.kind = .image(ImageLeaf(natural: .zero, resizable: false))
            LayoutHost.release(node.children)
            node.children = []
            node.kindName = "(nested too deeply)"
            node.preItems = []
            node.postItems = []
            tooDeep = true
        }
        let count = node.childCount
        // Room for a container's children at once (a grid's thousands of cells), growing
        // geometrically: an exact reserve at every push would copy the stack each time.
        if stack.count + count > stack.capacity { stack.reserveCapacity(Swift.max(stack.count + count, 2 * stack.capacity)) }
        for i in stride(from: count - 1, through: 0, by: -1) {
            let child = node.child(i)
            link(child, to: node, at: i, isContainer: isContainer)
            stack.append((Unmanaged.passUnretained(child), childOrientation(of: node, at: i, given: orientation), depth + 1))
        }
    }

    /// Makes `child` child `i` of `node`: its parent, position and (unless it was installed
    /// before) its identity, from its parent's and its key among a container's subviews or its
    /// position in any other view.
    @inline(__always)
    static func link(_ child: LayoutNode, to node: LayoutNode, at i: Int, isContainer: Bool) {
        child.parent = node
        child.childPosition = Int32(truncatingIfNeeded: i)
        if !child.hasIdentity {
            child.identity = isContainer ? mixKey(node.identity, child.structuralKey) : mixKey(node.identity, UInt64(i + 1))
        }
    }

    /// The stack orientation child `i` of `node` is given (what a Spacer or Divider in it
    /// follows) when `node` is given `orientation`: a stack's own; through a unary modifier,
    /// what the modifier is given, except for a background's or overlay's secondary view,
    /// which is not in the stack; nothing inside other views.
    @inline(__always)
    static func childOrientation(of node: LayoutNode, at i: Int, given orientation: Axis?) -> Axis? {
        switch node.kind {
        case .layout(let storage): return storage.layoutProperties.stackOrientation
        case .viewThatFits, .scrollView: return nil
        default: return node.kind.isUnaryModifier && !(node.kind.isLayered && i == 1) ? orientation : nil
        }
    }

    /// Lays out the tree for a window of `size`: the root is proposed `size` and centred in it.
    public func layout(in size: CGSize, options: LayoutOptions = LayoutOptions()) -> LayoutResult {
        layout(proposal: ProposedViewSize(size), options: options)
    }

    /// Lays out the tree for a proposal. Unspecified or infinite dimensions of the canvas take the
    /// root's size; the root is centred in the canvas.
    ///
    /// Calls from several threads take turns; a call from inside this host's own pass returns an
    /// empty result with an error diagnostic (see the type's notes on threads).
    public func layout(proposal: ProposedViewSize, options: LayoutOptions = LayoutOptions()) -> LayoutResult {
        guard gate.enter() else {
            let message = "LayoutHost.layout was re-entered from inside this host's own layout pass; a host runs one pass at a time, so this call laid out nothing"
            return LayoutResult(proposal: proposal, canvasSize: .zero, rootSize: .zero,
                                views: PlacedViews(info: [], geometry: PassGeometry(frames: [], proposals: [], visibility: nil, sizeRanges: nil)),
                                displayList: [], trace: LayoutTrace(), counters: LayoutCounters(),
                                diagnostics: [LayoutDiagnostic(severity: .error, view: nil, message: message)])
        }
        defer { gate.leave() }
        guard tree.maxDepth > LayoutHost.deepTreeThreshold else { return performLayout(proposal: proposal, options: options) }
        // Deep trees: run the pass on a thread with a large stack and wait for it, so that a
        // deep chain of stacks works whatever the caller's thread.
        return onLargeStack { self.performLayout(proposal: proposal, options: options) }
    }

    /// Runs `body` on a kept thread with a `deepTreeStackSize` stack (`LargeStackThreads`) and
    /// waits for it; the gate lets that thread stand in for the caller.
    func onLargeStack<T>(_ body: () -> T) -> T {
        var result: T? = nil
        let gate = self.gate
        LargeStackThreads.shared.run {
            gate.setWorker()
            result = body()
        }
        return result!
    }

    private func performLayout(proposal: ProposedViewSize, options: LayoutOptions) -> LayoutResult {
        var result = settleContent(performPass(proposal: proposal, options: options), proposal: proposal, options: options)
        // Preferences: the surface runs the `onPreferenceChange` actions the laid-out values
        // call for; when they changed state, the views are built again and laid out, until
        // nothing changes (the hook stops a loop and says so).
        guard let hook = updateHook, !tree.attachedViews.isEmpty else { return result }
        var updates = 0
        while true {
            switch hook.afterLayout(attached: tree.attachedViews, frames: result.views.geometry.frames, updates: updates) {
            case .settled:
                return result
            case .stopped(let message):
                result.diagnostics.append(LayoutDiagnostic(severity: .warning, view: nil, message: message))
                return result
            case .rebuild(let build):
                updates += 1
                var built = build(LayoutHost.callerBuildStack)
                if built.ranOutOfStack { built = onLargeStack { build(LayoutHost.deepTreeStackSize - (16 << 20)) } }
                installReplacing(built)
                let pass = tree.maxDepth > LayoutHost.deepTreeThreshold
                    ? onLargeStack { self.performPass(proposal: proposal, options: options) }
                    : performPass(proposal: proposal, options: options)
                result = settleContent(pass, proposal: proposal, options: options)
            }
        }
    }

    /// Lays out again until every view whose content depends on the pass was built from it:
    /// GeometryReaders run their closures with the geometry the pass gave them, then (once the
    /// readers are settled, so that the values read are those of their final content) views
    /// whose content reads preferences (`overlayPreferenceValue`) are built from the values.
    private func settleContent(_ first: LayoutResult, proposal: ProposedViewSize, options: LayoutOptions) -> LayoutResult {
        if tree.geometryReaders.isEmpty && tree.contentRebuilders.isEmpty { return first }
        var result: LayoutResult? = first
        var rounds = 0
        var firstCheck = true
        let limit = tree.contentRebuilders.isEmpty ? LayoutHost.geometryReaderRounds : LayoutHost.dependentContentRounds
        while let root, let frames = result?.views.geometry.frames {
            let beforeChange = {
                // The content is about to be replaced: this round's result is dropped (so that
                // it does not make the description look shared), and a result the caller still
                // holds describes the tree as it was first.
                result = nil
                if !isKnownUniquelyReferenced(&self.tree.description) { self.tree.description.detach() }
            }
            var changed = !tree.geometryReaders.isEmpty
                && LayoutHost.updateGeometryReaders(tree.geometryReaders, frames: frames, safeArea: lastSafeArea, beforeChange: beforeChange)
            if !changed, !tree.contentRebuilders.isEmpty {
                changed = LayoutHost.updateDependentContent(tree.contentRebuilders, frames: frames, firstCheck: firstCheck, beforeChange: beforeChange)
                firstCheck = false
            }
            guard changed else { break }
            rounds += 1
            install([root], diagnostics: tree.buildDiagnostics, ranOutOfStack: tree.isCut)
            let lastRound = rounds == limit
            if lastRound {
                misuse.warnings.append(tree.contentRebuilders.isEmpty
                    ? "GeometryReader content still changed the readers' geometry after \(rounds) rounds; the last layout is shown"
                    : "GeometryReader and preference-reading content (overlayPreferenceValue, backgroundPreferenceValue) still changed after \(rounds) rounds; the last layout is shown")
            }
            result = performPass(proposal: proposal, options: options)
            if lastRound { break }
        }
        return result ?? performPass(proposal: proposal, options: options)
    }

    /// The most times readers' content is rebuilt in one `layout` call.
    static let geometryReaderRounds = 4
    /// The same when views read preferences: each reading of values settles after the readers
    /// that produce them (a GeometryReader measuring, an overlay built from its value, a reader in
    /// that overlay), so a chain takes about twice the rounds.
    static let dependentContentRounds = 8

    /// The surface's update after a settled layout (preferences' `onPreferenceChange`), nil when
    /// the installed views have none: then a layout ends with its pass.
    package var updateHook: (any LayoutUpdateHook)?

    private func performPass(proposal: ProposedViewSize, options: LayoutOptions) -> LayoutResult {
        memo.passCounter &+= 1
        if memo.passCounter == 0 { memo.passCounter = 1 }
        let pass = LayoutPass(passID: memo.passCounter, sizeEpoch: memo.sizeEpoch, sizesGeneration: memo.sizesGeneration, textMeasurer: textMeasurer, options: options,
                              store: memo.store, viewCount: tree.nodes.count, tracksVisibility: tree.hasLayoutDependentVisibility, preorder: tree.nodes)
        defer { pass.finish() }
        for (message, node) in tree.buildDiagnostics { pass.diagnoseBuild(node, message) }
        pass.reportDuplicateIDs(tree.duplicateIDs)
        if tree.isCut {
            pass.diagnose(nil, .hugeTree, "views are nested more than \(LayoutHost.maximumDepth) levels deep; the deeper ones were left out")
        }
        guard let root else {
            if !proposal.isSane { pass.diagnose(nil, .badProposal, "the root was proposed \(proposal); NaN and negative lengths are treated as 0") }
            return LayoutResult(proposal: proposal, canvasSize: proposal.sanitized.replacingUnspecifiedDimensions(by: .zero).finiteOrZero,
                                rootSize: .zero, views: PlacedViews(info: [], geometry: PassGeometry(frames: [], proposals: [], visibility: nil, sizeRanges: nil)), displayList: [], trace: pass.reports.trace,
                                counters: pass.reports.counters, diagnostics: pass.reports.diagnostics)
        }
        pass.containerProposals = [proposal.sanitized]
        // The pass holds the previous geometry alone, so that it can tell when no result does
        // and patch it rather than copy it (`takePreviousGeometryToPatch`).
        pass.reuse.previous = geometry.previous
        geometry.previous = nil
        pass.reuse.spare = geometry.spare
        geometry.spare = nil
        defer { geometry.lastPassRecycled = pass.reuse.recycled }
        pass.reuse.previousRowsPlusOne = geometry.isRemapped ? memo.store.previousRowPlusOne : nil
        pass.reuse.changedStart = geometry.changedStart
        pass.reuse.changedEnd = geometry.changedEnd
        // The root is laid out in the safe area: proposed the proposal minus the insets.
        let insets = SafeAreaRegion.combined(safeAreaInsets, keyboardInsets)
        let hasInsets = insets != EdgeInsets()
        let rootProposal = hasInsets ? PaddingLayout(insets: insets).childProposal(proposal.sanitized) : proposal
        let rootSize = pass.size(of: root, rootProposal)
        // An infinite root is placed (and reported) with 0 on that axis, with a diagnostic; a
        // negative one (a Spacer with a negative minimum or a stack with negative spacing,
        // proposed nil) is placed and reported with 0.
        let placedRoot = CGSize(width: rootSize.width < 0 ? 0 : rootSize.width, height: rootSize.height < 0 ? 0 : rootSize.height)
        let finiteRoot = placedRoot.finiteOrZero
        func canvasLength(_ p: CGFloat?, _ r: CGFloat) -> CGFloat {
            guard let p, p.isFinite, !p.isNaN else { return r }
            return max(p, 0)
        }
        let canvas = CGSize(width: canvasLength(proposal.width, finiteRoot.width + insets.leading + insets.trailing),
                            height: canvasLength(proposal.height, finiteRoot.height + insets.top + insets.bottom))
        let safeWidth = max(0, canvas.width - insets.leading - insets.trailing), safeHeight = max(0, canvas.height - insets.top - insets.bottom)
        let origin = CGPoint(x: insets.leading + (safeWidth - finiteRoot.width) / 2, y: insets.top + (safeHeight - finiteRoot.height) / 2)
        let region = safeAreaRegion(canvas: canvas)
        lastSafeArea = hasInsets || tree.hasSafeAreaViews ? region : nil
        // Without insets or safe-area padding there is no edge to reach: the pass keeps no
        // regions (and keeps reusing placements), whatever the views ask.
        if tree.hasSafeAreaViews && (hasInsets || tree.hasSafeAreaPadding) {
            pass.safeArea = region
            pass.safeAreaViews = tree.safeAreaViews
        }
        arena.startOverPastHalfTheStamps()
        swap(&arena, &pass.arena)
        pass.placeRoot(root, origin: origin, size: placedRoot, proposal: rootProposal.sanitized)
        swap(&arena, &pass.arena)

        // Collect results.
        var sizeRanges: [(CGSize, CGSize, CGSize)]? = nil
        var probeDiagnostics: [LayoutDiagnostic] = []
        if options.measuresSizeRanges {
            // What the probes find is reported apart: the pass never asked those questions.
            let passDiagnostics = pass.reports.diagnostics.count
            sizeRanges = tree.nodes.map { (pass.size(of: $0, .zero), pass.size(of: $0, .unspecified), pass.size(of: $0, .infinity)) }
            if pass.reports.diagnostics.count > passDiagnostics {
                probeDiagnostics = Array(pass.reports.diagnostics[passDiagnostics...])
                pass.reports.diagnostics.removeSubrange(passDiagnostics...)
            }
        }
        let placed = PassGeometry(frames: pass.geometry.frames, proposals: pass.geometry.proposals,
                                  visibility: pass.visibility, sizeRanges: sizeRanges, localOrigins: pass.geometry.localOrigins)
        // Right to left is a mirror of the result only: the next pass compares and reuses the
        // placements as the layouts made them.
        var shown = placed
        if tree.hasRightToLeftViews { shown.frames = RightToLeft.mirrored(placed.frames, nodes: tree.nodes) }
        let views = PlacedViews(description: tree.description, geometry: shown)
        // Made here only when the pass decided which views show; otherwise the tree's list,
        // made when first asked.
        let display: [DisplayItem]? = tree.description.hasStaticDisplayList ? nil
            : TreeDescription.displayItems(of: tree.nodes, visibility: pass.visibility)
        var counters = pass.reports.counters
        counters.viewCount = tree.nodes.count
        // After bad input the sizes go stale: the next pass measures, and reports it, again.
        if SizeMemoPolicy.keepsSizes(afterReportingBadInput: pass.reports.reportedBadInput) {
            geometry.dropPrevious()
            geometry.previous = placed
        } else {
            advanceSizeEpoch()
            // The geometry before this pass, unless the pass wrote into it, is recycled.
            if let previous = pass.reuse.previous { geometry.spare = previous }
        }
        for message in misuse.errors { pass.reports.diagnostics.append(LayoutDiagnostic(severity: .error, view: nil, message: message)) }
        misuse.errors = []
        for message in misuse.warnings { pass.reports.diagnostics.append(LayoutDiagnostic(severity: .warning, view: nil, message: message)) }
        misuse.warnings = []
        return LayoutResult(proposal: proposal, canvasSize: canvas, rootSize: finiteRoot, views: views, displayList: display,
                            trace: pass.reports.trace, counters: counters, diagnostics: pass.reports.diagnostics,
                            probeDiagnostics: probeDiagnostics)
    }

    /// The number of views in the tree.
    public var viewCount: Int { tree.nodes.count }
}

extension NodeKind {
    /// Whether the view's children are identified by their keys (a container's subviews: a
    /// ForEach id, a branch) rather than by their positions (a modifier's content).
    var identifiesChildrenByKey: Bool {
        switch self {
        case .layout, .viewThatFits: return true
        default: return false
        }
    }
    var isLayered: Bool {
        switch self {
        case .background, .overlay: return true
        default: return false
        }
    }
}

/// Hands a value to another thread that the caller waits for (no concurrent access).
final class UncheckedSendableBox<T>: @unchecked Sendable {
    var value: T
    init(_ value: T) { self.value = value }
}

/// Lets one thread at a time use a `LayoutHost`: others wait their turn. The thread that holds
/// the turn (or the large-stack thread working for it) cannot take it again: `enter` returns
/// false, so re-entry is reported instead of deadlocking or corrupting the host's state.
final class HostGate: @unchecked Sendable {
    private let condition = NSCondition()
    private var owner: pthread_t? = nil
    private var worker: pthread_t? = nil

    /// Waits for the turn and takes it; false when the calling thread already holds it.
    func enter() -> Bool {
        let me = pthread_self()
        condition.lock()
        defer { condition.unlock() }
        if let owner, pthread_equal(owner, me) != 0 { return false }
        if let worker, pthread_equal(worker, me) != 0 { return false }
        while owner != nil { condition.wait() }
        owner = me
        return true
    }

    /// Records the calling thread as working for the current holder.
    func setWorker() {
        condition.lock()
        worker = pthread_self()
        condition.unlock()
    }

    /// Gives the turn back.
    func leave() {
        condition.lock()
        owner = nil
        worker = nil
        condition.signal()
        condition.unlock()
    }
}

/// The lowest stack address a build starting here may reach: `budget` bytes below the current
/// stack position (the stack grows down on every platform Swift runs on).
package func stackLimit(budget: Int) -> UInt {
    var marker: UInt8 = 0
    let here = withUnsafeMutablePointer(to: &marker) { UInt(bitPattern: $0) }
    return here > UInt(budget) ? here - UInt(budget) : 0
}
