import Foundation
import LayoutCore

/// The live state of one view tree between updates, as SwiftUI's view graph: what `@State`,
/// `@StateObject`, `@AppStorage` and focus hold, by view identity, and what the views can be
/// operated with.
///
/// SwiftUI keeps a view's state for as long as the view keeps its identity: its structural
/// position (which branch of an `if`, which element of a `ForEach`) plus any explicit `.id`.
/// Each build from a graph links every state property of every view it evaluates to the storage
/// kept for that view's identity and type (made from the property's initial value the first
/// time), and state of identities no longer built is discarded, as SwiftUI discards the state of
/// a view that leaves the tree. A write to linked state (from an action, a binding, a task)
/// marks the graph as needing an update; `LivePreview` then builds again.
///
/// A graph is used on one thread (the preview agent's main thread), as SwiftUI's is used on the
/// main actor; changes made elsewhere reach it through `invalidate()`.
public final class ViewGraph {
    /// Storage of the state properties of one view, in declaration order.
    final class ViewStorage {
        var slots: [AnyObject?]
        /// The build that last evaluated this view (storage not seen in a build is dropped).
        var lastBuild: Int
        init(slotCount: Int, build: Int) { slots = Array(repeating: nil, count: slotCount); lastBuild = build }
    }

    var storage: [UInt64: ViewStorage] = [:]
    /// State kept from an earlier build of the preview, waiting for its views (`KeptState.swift`).
    var restoredViewState: [UInt64: [(slot: Int, value: KeptValue)]] = [:]
    var restoredKeyedState: [String: KeptValue] = [:]
    /// What the last evaluation of each of the person's views' bodies was made from, by the
    /// identity and type of its view (`BodyRecords.swift`).
    private var records: [UInt64: BodyRecord] = [:]
    /// The records the build in progress has reached (the others are dropped when it ends).
    private var recordsReached = 0
    /// Records whose inputs changed since the last build (state written, a model changed):
    /// marked dirty when the next build starts. Filled from any thread.
    private let pendingDirty = Locked(PendingChanges())
    /// The number of the last body evaluation: a record notes the one that made it, and a
    /// model change tracked by an earlier evaluation of it (now stale) is ignored.
    private(set) var evaluationNumber = 0
    /// `@AppStorage` and `@SceneStorage` values, by key: shared by every view of the preview that
    /// names the key (in memory: a preview never reads or writes the machine's defaults).
    var keyedStorage: [String: AnyObject] = [:]
    /// The fields of view types that hold state (by type; most have none).
    var fieldCache: [ObjectIdentifier: DynamicPropertyFields] = [:]
    /// The number of the build in progress or last finished.
    private(set) var buildNumber = 0
    /// Whether a build is evaluating bodies now (state written then is reported).
    private(set) var isBuilding = false

    /// Whether something the views read has changed since the last build.
    public private(set) var needsUpdate = false
    /// The transaction of the changes since the last build: the animation they asked for
    /// (`withAnimation`, `Binding.animation`, `.animation(_:value:)`), nil for a change that jumps.
    public private(set) var pendingTransaction = Transaction()
    /// Bodies evaluated since the graph was made.
    public private(set) var bodyEvaluations = 0
    /// Bodies evaluated by the last build.
    public private(set) var lastBuildBodyEvaluations = 0
    /// Whether an update reuses the nodes an unchanged view built last time instead of building
    /// them again (`ReusedBuilds.swift`). On by default; off only to check that reusing gives
    /// what building again gives (the tests, the interaction fuzzer).
    public var reusesUnchangedViews = true
    /// Whether an update's tree is laid over the installed one where it differs (the views it
    /// shares with it, and the rows whose inputs are unchanged, keep their sizes and places)
    /// rather than installed whole (`LayoutHost+TreePatching.swift`). On by default; off only
    /// to check that patching gives what installing gives (the tests, the interaction fuzzer).
    public var patchesInstalledTree = true
    /// Person's views whose nodes the last build reused, without building them again.
    public private(set) var lastBuildReusedViews = 0
    /// What the build in progress registered with the graph, in order: each person's view
    /// keeps its part, to register again when its nodes are reused (`ReusedBuilds.swift`).
    var buildLog = BuildLog()
    /// How many views of this build read the graph's own state while building (a scroll
    /// offset, focus, an open menu, the pushed screens): a view whose build included one is
    /// built again at every update, never reused.
    var volatileBuilds = 0
    /// The record of the person's view being built (innermost): its parent in the records' tree.
    var buildingRecord: BodyRecord?
    /// Records marked as holding a changed view below them in the build in progress.
    var recordsAboveChanges: [BodyRecord] = []
    /// Problems the code caused while running (state written during `body`, updates that never
    /// settle), each once, newest last.
    public private(set) var runtimeIssues: [String] = []
    /// Called when the graph first needs an update after a build (the window schedules a frame).
    public var onNeedsUpdate: (() -> Void)?

    /// What the views of the last build can be operated with, in build order.
    var interactions: [(node: LayoutNode, interaction: Interaction)] = []
    /// The text input that has keyboard focus, by its build identity (nil: none).
    var focusedTextInput: UInt64?
    /// Values of `.animation(_:value:)` modifiers in the last build, by identity.
    var animatedValues: [UInt64: EquatableBox] = [:]
    /// The gestures attached to the views of the last build, in build order (inner modifiers first).
    var gestureAttachments: [(node: LayoutNode, attachment: GestureAttachment)] = []
    /// Views whose subtrees take no part in hit testing (`allowsHitTesting(false)`), this build.
    var excludedFromHitTesting: [LayoutNode] = []
    /// The sheets, covers, alerts and dialogs the build in progress found, in order.
    var presentations: [LivePresentation] = []
    /// `onAppear`, `onDisappear`, `onChange` and `task` by identity.
    let lifecycle = Lifecycle()
    /// The elements of lazy stacks and grids made so far, and this build's placeholders.
    let lazyElements = LazyElements()
    /// `ScrollViewProxy.scrollTo` calls not yet carried out (the next layout tells where to).
    var scrollRequests: [ScrollRequest] = []
    /// The scroll views of the last build with a `scrollPosition(id:)` binding.
    var scrollPositions: [ScrollPositionLink] = []
    /// The earliest next entry of the `TimelineView`s of the last build (nil: none shown).
    var timelineDeadline: Date?
    /// The `focused` modifiers of the last build, in build order.
    var focusLinks: [FocusLink] = []
    /// The focused text input when focus states were last brought in step (`synchronizeFocus`).
    var synchronizedFocus: UInt64?
    /// How many times the person's code set one of this graph's focus states: when the code
    /// moved focus in the same update as the person (Return, then `onSubmit` naming the next
    /// field), the code wins.
    var focusStateWrites = 0
    /// `focusStateWrites` then.
    var synchronizedFocusWrites = 0
    /// Above zero while views are built that are kept but not shown (the screens under a pushed
    /// one): their state is kept, but they register no interactions or lifecycle events.
    var suppressedRegistrationDepth = 0
    var isSuppressingRegistration: Bool { suppressedRegistrationDepth > 0 }

    /// The thread that last built the graph (`LiveGraphs` scopes changes by it).
    private var builtOn = pthread_self()

    /// Creates an empty graph.
    public init() {
        lifecycle.graph = WeakGraphReference(self)
        LiveGraphs.register(self)
    }
    deinit { LiveGraphs.unregister(self) }

    /// Marks the graph as needing an update, in `transaction`.
    public func invalidate(_ transaction: Transaction? = nil) {
        if isBuilding {
            report("Modifying state during view update, this will cause undefined behavior.")
        }
        if let transaction, !transaction.isEmpty || !needsUpdate { merge(transaction) }
        let first = !needsUpdate
        needsUpdate = true
        if first, !isBuilding { onNeedsUpdate?() }
    }

    /// Marks every view as needing its body evaluated at the next update, in `transaction`,
    /// with the state kept: the values a preview build's literals read changed
    /// (`DesignTimeValues`), and any body may read one.
    public func invalidateAllBodies(_ transaction: Transaction? = nil) {
        pendingDirty.withLock { $0.overflowed = true }
        invalidate(transaction)
    }

    /// Marks the view at `key` (a record's key) as needing its body evaluated at the next
    /// update, in `transaction`: state it read was written, or a model it read changed.
    /// May be called from any thread.
    /// `evaluation` is the evaluation that tracked the change (-1: any).
    func markDirty(_ key: UInt64, evaluation: Int = -1, _ transaction: Transaction? = nil) {
        pendingDirty.withLock { $0.note(key, evaluation) }
        invalidate(transaction)
    }

    /// `markDirty` for the readers of one box.
    func markDirty<Keys: Sequence<UInt64>>(_ keys: Keys, _ transaction: Transaction? = nil) {
        pendingDirty.withLock { pending in for key in keys { pending.note(key, -1) } }
        invalidate(transaction)
    }

    /// Numbers a new body evaluation.
    func nextEvaluation() -> Int {
        evaluationNumber += 1
        return evaluationNumber
    }


    private func merge(_ transaction: Transaction) {
        if transaction.disablesAnimations { pendingTransaction.disablesAnimations = true }
        if let animation = transaction.animation { pendingTransaction.animation = animation }
    }

    /// Notes an implicit animation (`.animation(_:value:)` whose value changed in this build).
    func noteImplicitAnimation(_ animation: Animation?) {
        guard !pendingTransaction.disablesAnimations, pendingTransaction.animation == nil else { return }
        pendingTransaction.animation = animation
    }

    /// Compares an `.animation(_:value:)` value with the one built last time at `identity`;
    /// a change animates this update with `animation`.
    func noteAnimatedValue<V: Equatable>(_ value: V, animation: Animation?, identity: UInt64) {
        if let previous = animatedValues[identity], !previous.isEqual(value) { noteImplicitAnimation(animation) }
        animatedValues[identity] = EquatableBox(value)
    }

    /// Records a problem once.
    func report(_ message: String) {
        if !runtimeIssues.contains(message) { runtimeIssues.append(message) }
    }

    /// Takes the transaction of the changes built since it was last taken.
    public func takeTransaction() -> Transaction {
        let t = pendingTransaction
        pendingTransaction = Transaction()
        return t
    }

    /// Forgets every view's state: the next build starts from the initial values (Ctrl+R).
    public func reset() {
        storage.removeAll()
        restoredViewState.removeAll()
        restoredKeyedState.removeAll()
        records.removeAll()
        pendingDirty.withLock { $0 = PendingChanges() }
        keyedStorage.removeAll()
        animatedValues.removeAll()
        lifecycle.reset()
        lazyElements.reset()
        runtimeIssues.removeAll()
        focusedTextInput = nil
        synchronizedFocus = nil
        pendingTransaction = Transaction()
        needsUpdate = true
    }

    // MARK: Builds

    /// Starts a build: bodies are evaluated from here until `endBuild`.
    func beginBuild() {
        let thread = pthread_self()
        if pthread_equal(builtOn, thread) == 0 {
            builtOn = thread
            LiveGraphs.moved(self, to: thread)
        }
        buildNumber += 1
        isBuilding = true
        needsUpdate = false
        lastBuildBodyEvaluations = 0
        recordsReached = 0
        let changed = pendingDirty.withLock { pending in
            let taken = pending
            pending = PendingChanges()
            return taken
        }
        if changed.overflowed {
            for record in records.values { record.isDirty = true }
        } else {
            for change in changed.changes {
                if let record = records[change.key] {
                    if change.evaluation < 0 || record.evaluation == change.evaluation {
                        record.isDirty = true
                        markAboveChange(record)
                    }
                } else if let record = records[change.key ^ ViewGraph.buildReadTag] {
                    // Something the view's build read (not its body): built again, body kept.
                    if !record.containsChange {
                        record.containsChange = true
                        recordsAboveChanges.append(record)
                    }
                    markAboveChange(record)
                }
            }
        }
        // The last build's log stays with the reusable builds that name parts of it.
        if isKnownUniquelyReferenced(&buildLog) { buildLog.events.removeAll(keepingCapacity: true) } else { buildLog = BuildLog() }
        lastBuildReusedViews = 0
        buildingRecord = nil

        interactions.removeAll(keepingCapacity: true)
        if !gestureAttachments.isEmpty { gestureAttachments.removeAll(keepingCapacity: true) }
        excludedFromHitTesting.removeAll(keepingCapacity: true)
        timelineDeadline = nil
        focusLinks.removeAll(keepingCapacity: true)
        if !scrollPositions.isEmpty { scrollPositions.removeAll(keepingCapacity: true) }
        lifecycle.beginBuild()
        lazyElements.beginBuild()
    }

    /// Ends a build: state of views that were not built is dropped. An `abandoned` build (it
    /// ran out of stack and is made again on a larger stack) changes nothing the next attempt
    /// needs: the records and state it did not reach are kept, and so are the marks above
    /// changed views.
    func endBuild(abandoned: Bool = false) {
        isBuilding = false
        if abandoned { return }
        for record in recordsAboveChanges { record.containsChange = false }
        recordsAboveChanges.removeAll(keepingCapacity: true)
        lifecycle.endBuild()
        let current = buildNumber
        if storage.count > 0 { storage = storage.filter { $0.value.lastBuild == current } }
        if records.count > recordsReached { records = records.filter { $0.value.lastBuild == current } }
    }

    /// The build logs the kept reusable builds name and the events those logs hold (for
    /// tests: the views of one build share its log, so what is kept grows with the views, not
    /// with the square of their nesting).
    var keptBuildLogs: (logs: Int, events: Int) {
        var logs: [ObjectIdentifier: Int] = [:]
        for record in records.values {
            if let log = record.reusable?.log { logs[ObjectIdentifier(log)] = log.count }
        }
        return (logs.count, logs.values.reduce(0, +))
    }

    /// The record kept at `key`, noted as reached by this build.
    @inline(__always) func record(_ key: UInt64) -> BodyRecord? {
        guard let record = records[key] else { return nil }
        if record.lastBuild != buildNumber {
            record.lastBuild = buildNumber
            recordsReached += 1
            buildLog.append(.record(key))
        }
        return record
    }

    /// Keeps a new record at `key`.
    func keepRecord(_ record: BodyRecord, at key: UInt64) {
        if records.updateValue(record, forKey: key)?.lastBuild != buildNumber { recordsReached += 1 }
        buildLog.append(.record(key))
    }


    /// The number of bodies the graph remembers (for tests).
    var recordCount: Int { records.count }

    /// Counts one person's view whose nodes were reused (`ReusedBuilds.swift`).
    func noteReuse() { lastBuildReusedViews += 1 }

    /// Counts one body evaluation.
    @inline(__always) func countBody() {
        bodyEvaluations += 1
        lastBuildBodyEvaluations += 1
    }

    /// The storage of the view at `identity` with `slotCount` state properties, made on first use.
    func viewStorage(_ identity: UInt64, slotCount: Int) -> ViewStorage {
        if let existing = storage[identity], existing.slots.count == slotCount {
            existing.lastBuild = buildNumber
            buildLog.append(.storage(existing))
            return existing
        }
        let made = ViewStorage(slotCount: slotCount, build: buildNumber)
        storage[identity] = made
        buildLog.append(.storage(made))
        return made
    }

    /// The storage a built-in view keeps its own state in (a scroll offset, an open menu, the
    /// pushed screens): read while building, not by a body, so a change to it re-evaluates no
    /// body, and the view that built it is built again at every update (`volatileBuilds`).
    func builtInStorage(_ identity: UInt64, slotCount: Int) -> ViewStorage {
        volatileBuilds &+= 1
        return viewStorage(identity, slotCount: slotCount)
    }

    /// Marks the graph as needing an update that the layout under way runs itself (lazy
    /// elements a layout showed), without telling the host to schedule one.
    func needsUpdateForLayout() { needsUpdate = true }

    /// Stops a loop of updates: the graph counts as up to date until something changes again.
    func settleAfterLoop() { needsUpdate = false }

    /// The `task`s of the views shown that have not finished.
    public var runningTaskCount: Int { lifecycle.runningTaskCount }

    /// What needs time to pass to go on: the running tasks, plus one while a `TimelineView`
    /// waits for its next entry (above zero, the window lets time pass).
    public var timeDependentCount: Int { lifecycle.runningTaskCount + (timelineDeadline == nil ? 0 : 1) }

    /// The number of views holding state (for tests).
    var statefulViewCount: Int { storage.count }

    /// Registers what the view built as `node` does when operated.
    func register(_ interaction: Interaction, on node: LayoutNode) {
        guard !isSuppressingRegistration else { return }
        interactions.append((node, interaction))
        buildLog.append(.interaction(node, interaction))
    }

    /// Attaches a gesture to the view built as `node`.
    func register(_ attachment: GestureAttachment, on node: LayoutNode) {
        guard !isSuppressingRegistration else { return }
        gestureAttachments.append((node, attachment))
        buildLog.append(.gesture(node, attachment))
    }

    /// Runs what the last build queued (appearances, changes): returns whether anything ran.
    func runLifecycleActions() -> Bool { lifecycle.runPending() }
}

/// The graphs alive in this process: changes that do not belong to one graph (an
/// `ObservableObject`'s `objectWillChange` no body read, state declared outside any view, such
/// as a `@Previewable` property) invalidate the graphs they can concern.
///
/// Those are the graph whose task made the change, else the graphs built on the thread that
/// made it (a graph is driven from one thread: the app's main thread, a test's own), else those
/// built on the main thread (a background queue writing a model the window shows). A process
/// that runs several previews side by side, such as the test suite, so keeps one preview's
/// changes out of the others: a write in one test does not update another test's preview.
enum LiveGraphs {
    private final class WeakGraph {
        weak var graph: ViewGraph?
        /// The thread that last built the graph, and whether it is the main thread.
        var thread: pthread_t
        var onMainThread: Bool
        init(_ g: ViewGraph, thread: pthread_t) {
            graph = g
            self.thread = thread
            onMainThread = Thread.isMainThread
        }
    }
    private static let graphs = Locked<[WeakGraph]>([])

    /// The graph whose `task` is running (`Lifecycle` sets it for the tasks it starts).
    @TaskLocal static var taskGraph: WeakGraphReference?

    static func register(_ graph: ViewGraph) {
        let thread = pthread_self()
        graphs.withLock { list in
            list.removeAll { $0.graph == nil }
            list.append(WeakGraph(graph, thread: thread))
        }
    }
    static func unregister(_ graph: ViewGraph) {
        graphs.withLock { list in list.removeAll { $0.graph == nil || $0.graph === graph } }
    }
    /// Notes that `graph` is now built on the current thread.
    static func moved(_ graph: ViewGraph, to thread: pthread_t) {
        let onMain = Thread.isMainThread
        graphs.withLock { list in
            guard let entry = list.first(where: { $0.graph === graph }) else { return }
            entry.thread = thread
            entry.onMainThread = onMain
        }
    }
    /// Invalidates the graphs a change made here can concern (see the type's notes); none
    /// outside live previews: static layout is unaffected.
    static func invalidateAll(_ transaction: Transaction?) {
        if let graph = taskGraph?.graph {
            graph.invalidate(transaction)
            return
        }
        let here = pthread_self()
        let concerned = graphs.withLock { list -> [ViewGraph] in
            let own = list.filter { pthread_equal($0.thread, here) != 0 }
            return (own.isEmpty ? list.filter(\.onMainThread) : own).compactMap(\.graph)
        }
        for graph in concerned { graph.invalidate(transaction) }
    }
}

/// A graph held weakly, to be handed across threads and tasks (a scroll proxy kept by an
/// escaping closure, a task's graph) without keeping an ended preview alive.
final class WeakGraphReference: @unchecked Sendable {
    weak var graph: ViewGraph?
    init(_ graph: ViewGraph) { self.graph = graph }
}

/// A value kept to be compared by equality with a later one (`.animation(_:value:)`,
/// `onChange(of:)`, `task(id:)` compare their values between builds).
struct EquatableBox {
    let value: Any
    let isEqual: (Any) -> Bool
    init<V: Equatable>(_ value: V) {
        self.value = value
        isEqual = { ($0 as? V) == value }
    }
}

/// The changes written since the last build: which records to evaluate again.
///
/// A loop that appends to a `@State` array, or a task that writes in a tight loop, writes
/// thousands of times between two updates; the list keeps one entry per run of writes to the
/// same view and at most `limit` entries (past it, every body is evaluated again), so memory
/// does not grow with the writes.
struct PendingChanges {
    var changes: [(key: UInt64, evaluation: Int)] = []
    var overflowed = false
    static let limit = 4_096

    mutating func note(_ key: UInt64, _ evaluation: Int) {
        if let last = changes.last, last.key == key, last.evaluation == evaluation { return }
        if changes.count < Self.limit { changes.append((key, evaluation)) } else { overflowed = true }
    }
}
