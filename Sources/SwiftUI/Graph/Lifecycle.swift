import Foundation
import LayoutCore

/// What the views of a live build asked to run around the build: `onAppear` / `onDisappear`,
/// `onChange(of:)` and `task`, kept by identity between builds.
///
/// SwiftUI runs these after the update that caused them, never during `body`: an `onAppear`
/// runs when its view is in an update and was not in the previous one, an `onDisappear` when
/// it was and is not, an `onChange` when the value it watches differs from the last update's,
/// and a `task` starts on appearance (again when its `id` changes) and is cancelled when its
/// view disappears. The actions here run after the build, in build order, and may change state
/// again (the preview then builds again, up to `LivePreview.maximumUpdatesPerChange` times).
///
/// Views in the elements of a lazy stack's or grid's `ForEach` appear when their element is on
/// screen, not when it is built: their `onAppear` runs once a layout shows the element inside its
/// scroll view's visible area, their `onDisappear` once it has scrolled out (or gone), and their
/// `task` runs while they are shown, as SwiftUI's lazy containers make and recycle their views.
final class Lifecycle {
    /// The graph this belongs to, for the tasks it starts (`LiveGraphs.taskGraph`).
    var graph: WeakGraphReference?
    /// The `onAppear`/`onDisappear` actions of the last finished build, by identity.
    private var appeared: [UInt64: (onAppear: (() -> Void)?, onDisappear: (() -> Void)?)] = [:]
    /// The same, for the build in progress.
    private var building: [UInt64: (onAppear: (() -> Void)?, onDisappear: (() -> Void)?)] = [:]
    /// The order the build in progress registered them in.
    private var buildingOrder: [UInt64] = []
    /// The last value each `onChange` saw.
    private var watched: [UInt64: EquatableBox] = [:]
    private var watchedThisBuild: Set<UInt64> = []
    /// Running tasks, by identity, with the id they started for.
    private var tasks: [UInt64: (task: Task<Void, Never>, id: EquatableBox?)] = [:]
    private var tasksThisBuild: [UInt64: (action: () async -> Void, id: EquatableBox?, priority: TaskPriority)] = [:]
    /// Actions to run once the build is installed, in order.
    private var pending: [() -> Void] = []
    /// The lazy items the views registered from belong to (last build, and the build in
    /// progress), in registration order, and those whose views are shown.
    private var lazyItems: [(identity: UInt64, item: LazyItem)] = []
    private var buildingLazy: [(identity: UInt64, item: LazyItem)] = []
    private var lazyIdentities: Set<UInt64> = []
    private var buildingLazyIdentities: Set<UInt64> = []
    private(set) var shown: Set<UInt64> = []

    func beginBuild() {
        building.removeAll(keepingCapacity: true)
        buildingOrder.removeAll(keepingCapacity: true)
        watchedThisBuild.removeAll(keepingCapacity: true)
        tasksThisBuild.removeAll(keepingCapacity: true)
        buildingLazy.removeAll(keepingCapacity: true)
        buildingLazyIdentities.removeAll(keepingCapacity: true)
    }

    /// Notes that the view registering `identity` belongs to lazy `item`: it appears when the
    /// item is on screen.
    func lazy(_ identity: UInt64, item: LazyItem) {
        if buildingLazyIdentities.insert(identity).inserted { buildingLazy.append((identity, item)) }
    }

    func appearance(_ identity: UInt64, onAppear: (() -> Void)?, onDisappear: (() -> Void)?) {
        if let existing = building[identity] {
            // Two modifiers on one view: both run.
            building[identity] = (chain(existing.onAppear, onAppear), chain(existing.onDisappear, onDisappear))
        } else {
            building[identity] = (onAppear, onDisappear)
            buildingOrder.append(identity)
        }
    }

    private func chain(_ a: (() -> Void)?, _ b: (() -> Void)?) -> (() -> Void)? {
        guard let a else { return b }
        guard let b else { return a }
        return { a(); b() }
    }

    func change<V: Equatable>(_ identity: UInt64, value: V, initial: Bool, action: @escaping (V, V) -> Void) {
        watchedThisBuild.insert(identity)
        if let previous = watched[identity] {
            if !previous.isEqual(value), let old = previous.value as? V { pending.append { action(old, value) } }
        } else if initial {
            pending.append { action(value, value) }
        }
        watched[identity] = EquatableBox(value)
    }

    func task(_ identity: UInt64, id: EquatableBox?, priority: TaskPriority, action: @escaping () async -> Void) {
        tasksThisBuild[identity] = (action, id, priority)
    }

    /// Ends a build: queues disappearances, appearances and task starts and cancellations.
    func endBuild() {
        for (identity, actions) in appeared where building[identity] == nil {
            // A lazy view that was never shown never appeared.
            if lazyIdentities.contains(identity) && shown.remove(identity) == nil { continue }
            if let onDisappear = actions.onDisappear { pending.append(onDisappear) }
        }
        for identity in buildingOrder where appeared[identity] == nil && !buildingLazyIdentities.contains(identity) {
            if let onAppear = building[identity]?.onAppear { pending.append(onAppear) }
        }
        appeared = building
        // A view that stopped being lazy (moved out of its stack) counts as shown.
        for identity in lazyIdentities where !buildingLazyIdentities.contains(identity) && building[identity] != nil {
            if !shown.contains(identity), let onAppear = building[identity]?.onAppear { pending.append(onAppear) }
            shown.remove(identity)
        }
        for identity in shown where !buildingLazyIdentities.contains(identity) { shown.remove(identity) }
        lazyItems = buildingLazy
        lazyIdentities = buildingLazyIdentities
        for identity in watched.keys where !watchedThisBuild.contains(identity) { watched[identity] = nil }
        for (identity, running) in tasks where tasksThisBuild[identity] == nil {
            running.task.cancel()
            tasks[identity] = nil
        }
        lastTaskActions = tasksThisBuild
        for identity in waitingTasks.keys where tasksThisBuild[identity] == nil { waitingTasks[identity] = nil }
        for (identity, wanted) in tasksThisBuild {
            // A lazy view's task waits for the view to be shown.
            if lazyIdentities.contains(identity) && !shown.contains(identity) {
                waitingTasks[identity] = wanted
                continue
            }
            if let running = tasks[identity] {
                let sameID = switch (running.id, wanted.id) {
                case (nil, nil): true
                case let (a?, b?): a.isEqual(b.value)
                default: false
                }
                if sameID { continue }
                running.task.cancel()
            }
            start(identity, wanted)
        }
    }

    private func start(_ identity: UInt64, _ wanted: (action: () async -> Void, id: EquatableBox?, priority: TaskPriority)) {
        nonisolated(unsafe) let action = wanted.action
        // A change the task makes that no graph owns (an object no body read) updates this graph.
        let graph = self.graph
        let task = Task(priority: wanted.priority) { @MainActor in await LiveGraphs.$taskGraph.withValue(graph) { await action() } }
        tasks[identity] = (task, wanted.id)
    }

    /// The last build's task actions, by identity (a lazy view's task starts again from it
    /// when the view is shown again).
    private var lastTaskActions: [UInt64: (action: () async -> Void, id: EquatableBox?, priority: TaskPriority)] = [:]
    /// The tasks of lazy views not shown yet, by identity.
    private var waitingTasks: [UInt64: (action: () async -> Void, id: EquatableBox?, priority: TaskPriority)] = [:]

    /// After a layout: the lazy items `isOnScreen` says are shown appear (their `onAppear`
    /// queued, their tasks started), those no longer shown disappear (`onDisappear` queued,
    /// tasks cancelled). Returns whether anything was queued.
    func updateLazyAppearance(isOnScreen: (LayoutNode) -> Bool) -> Bool {
        guard !lazyItems.isEmpty else { return false }
        let before = pending.count
        var onScreen: [LazyItem: Bool] = [:]
        for (identity, item) in lazyItems {
            let visible: Bool
            if let known = onScreen[item] { visible = known } else {
                visible = item.node.map(isOnScreen) ?? false
                onScreen[item] = visible
            }
            if visible && !shown.contains(identity) {
                shown.insert(identity)
                if let onAppear = appeared[identity]?.onAppear { pending.append(onAppear) }
                if let wanted = waitingTasks.removeValue(forKey: identity) { start(identity, wanted) }
            } else if !visible && shown.contains(identity) {
                shown.remove(identity)
                if let onDisappear = appeared[identity]?.onDisappear { pending.append(onDisappear) }
                if let running = tasks.removeValue(forKey: identity) {
                    running.task.cancel()
                    // Started again from its action when the view is shown again.
                    if let wanted = lastTaskActions[identity] { waitingTasks[identity] = wanted }
                }
            }
        }
        return pending.count > before
    }

    /// Runs what the last build queued; returns whether anything ran.
    func runPending() -> Bool {
        guard !pending.isEmpty else { return false }
        let actions = pending
        pending.removeAll()
        for action in actions { action() }
        return true
    }

    /// Cancels every task and forgets everything (a reset, or the preview going away).
    func reset() {
        for (_, running) in tasks { running.task.cancel() }
        tasks.removeAll()
        appeared.removeAll()
        watched.removeAll()
        pending.removeAll()
        lazyItems.removeAll()
        lazyIdentities.removeAll()
        shown.removeAll()
        waitingTasks.removeAll()
    }

    deinit { for (_, running) in tasks { running.task.cancel() } }

    /// The number of tasks running (for tests).
    var runningTaskCount: Int { tasks.count }
}

/// One element of a lazy stack's or grid's `ForEach`: the first view it made, once built.
/// Its views' `onAppear`, `onDisappear` and `task` follow whether that view is on screen.
final class LazyItem: Hashable {
    var node: LayoutNode?
    static func == (a: LazyItem, b: LazyItem) -> Bool { a === b }
    func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }
}

extension View {
    /// Runs `action` when the view appears in a live preview (after the update that shows it),
    /// as in SwiftUI; never in a one-off layout.
    public func onAppear(perform action: (() -> Void)? = nil) -> some View {
        lifecycleModifier(key: 0x6170) { graph, identity in graph.lifecycle.appearance(identity, onAppear: action, onDisappear: nil) }
    }
    /// Runs `action` when the view disappears from a live preview, as in SwiftUI.
    public func onDisappear(perform action: (() -> Void)? = nil) -> some View {
        lifecycleModifier(key: 0x6170) { graph, identity in graph.lifecycle.appearance(identity, onAppear: nil, onDisappear: action) }
    }
    /// Starts `action` when the view appears in a live preview and cancels it when the view
    /// disappears, as in SwiftUI (on the main actor). SwiftUI's views are main-actor isolated,
    /// so a task may write their state; these views are not, so `action` is not required to be
    /// `@Sendable` (the preview runs its tasks on the main actor, where it runs everything).
    public func task(priority: TaskPriority = .userInitiated, _ action: @escaping () async -> Void) -> some View {
        lifecycleModifier(key: 0x7461) { graph, identity in graph.lifecycle.task(identity, id: nil, priority: priority, action: action) }
    }
    /// Starts `action` when the view appears, and again (cancelling the running one) when `id`
    /// changes, as in SwiftUI.
    public func task<T: Equatable>(id value: T, priority: TaskPriority = .userInitiated, _ action: @escaping () async -> Void) -> some View {
        lifecycleModifier(key: 0x7461) { graph, identity in
            graph.lifecycle.task(identity, id: EquatableBox(value), priority: priority, action: action)
        }
    }
    /// Runs `action` with the new value when `value` changes between updates (the iOS 14 form).
    public func onChange<V: Equatable>(of value: V, perform action: @escaping (V) -> Void) -> some View {
        lifecycleModifier(key: 0x6368) { graph, identity in graph.lifecycle.change(identity, value: value, initial: false) { _, new in action(new) } }
    }
    /// Runs `action` with the old and new values when `value` changes between updates (and
    /// once at first with `initial`), as in SwiftUI (iOS 17).
    public func onChange<V: Equatable>(of value: V, initial: Bool = false, _ action: @escaping (V, V) -> Void) -> some View {
        lifecycleModifier(key: 0x6368) { graph, identity in graph.lifecycle.change(identity, value: value, initial: initial, action: action) }
    }
    /// Runs `action` when `value` changes between updates (and once at first with `initial`).
    public func onChange<V: Equatable>(of value: V, initial: Bool = false, _ action: @escaping () -> Void) -> some View {
        lifecycleModifier(key: 0x6368) { graph, identity in graph.lifecycle.change(identity, value: value, initial: initial) { _, _ in action() } }
    }

    /// The content, registering with the live graph under the modifier's own identity (several
    /// modifiers of one kind on a view each keep theirs: the identity mixes in the position
    /// within the modifier chain, which is the content's depth of wrapping).
    func lifecycleModifier(key: UInt64, _ register: @escaping (ViewGraph, UInt64) -> Void) -> _ModifiedView<Self> {
        _ModifiedView(content: self) { inputs, outputs, content in
            if let graph = inputs.state.graph, !graph.isSuppressingRegistration {
                let identity = mixKey(inputs.identity, key)
                if let item = inputs.lazyItem { graph.lifecycle.lazy(identity, item: item) }
                register(graph, identity)
                graph.buildLog.append(.lifecycle(register, identity))
            }
            var inner = inputs
            inner.identity = mixKey(inputs.identity, 0x6c69_6665)
            buildView(content, inner, &outputs)
        }
    }
}
