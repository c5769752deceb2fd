import Foundation
import LayoutCore
import Observation

/// A preview that runs: a root view whose state lives between events, as in Xcode's live canvas.
///
/// The root view value is made once (SwiftUI makes a preview's root once too). Each update
/// evaluates the views' bodies with the state the `ViewGraph` keeps for their identities, so a
/// tapped Toggle stays on, a typed TextField keeps its text, and a view that leaves the tree
/// loses its state. Events (`LiveEvent`) are hit-tested against the last layout, as SwiftUI
/// hit-tests what is on screen, and run the actions of the views they land on; the state they
/// change (through `@State`, a `Binding`, an `@Observable` model or an `ObservableObject`) makes
/// the next `layout` build again, with the transaction the change asked for.
///
/// Used on one thread, as SwiftUI's views are used on the main actor.
public final class LivePreview {
    /// The graph that keeps the views' state.
    public let graph = ViewGraph()
    /// The host that lays the views out.
    public let host: LayoutHost
    private let buildRoot: (ViewGraph) -> Void
    /// The last layout (events are hit-tested against it).
    public private(set) var lastResult: LayoutResult?
    /// The options an event's layout uses: the last `layout`'s, unless set.
    public var options = LayoutOptions()
    /// What hit testing needs to know of the installed tree.
    var hitInfo = HitTestingInfo()
    /// The most updates one change may cause before the preview stops and reports a loop
    /// (state written on every update).
    public static let maximumUpdatesPerChange = 16
    /// The preview's clock, in seconds: what gestures measure time with (a long press's
    /// duration, a drag's velocity). The process's uptime unless set (tests set their own).
    public var clock: () -> TimeInterval = { ProcessInfo.processInfo.systemUptime }
    /// The press (or pinch) in progress, and the gestures competing for it.
    var pointerSequence: PointerSequence?

    /// Creates a live preview of `root`, measuring text with `textMeasurer`, in `environment`.
    public convenience init<V: View>(_ root: V, textMeasurer: any TextMeasurer = DeterministicTextMeasurer(),
                                     environment: EnvironmentValues = EnvironmentValues()) {
        self.init(making: { root }, textMeasurer: textMeasurer, environment: environment)
    }

    /// Creates a live preview of the view `makeRoot` makes: once now, and again on `reset()`
    /// (so state declared outside any view, such as a `#Preview`'s `@Previewable` property,
    /// starts over too).
    public init<V: View>(making makeRoot: @escaping () -> V, textMeasurer: any TextMeasurer = DeterministicTextMeasurer(),
                         environment: EnvironmentValues = EnvironmentValues()) {
        let host = LayoutHost(textMeasurer: textMeasurer)
        host.environment = environment
        self.host = host
        // The state a `#Preview` body declares is made with the root: kept by its order (`KeptState.swift`).
        let rootState = RootStateBoxes()
        var root: V
        (root, rootState.boxes) = RootStateCollector.collecting(makeRoot)
        remakeRoot = { (root, rootState.boxes) = RootStateCollector.collecting(makeRoot) }
        self.rootState = rootState
        buildRoot = { graph in host.setRoot(_LiveRoot(content: root), graph: graph) }
        // State set by `onPreferenceChange` actions is built inside `host.layout`, which lays
        // out again until the preferences settle; the builds track what they read as `build()` does.
        host.updateHook = PreferenceUpdater(graph: graph) { [weak self] in
            guard let self else { return { _ in BuiltTree(nodes: [], diagnostics: [], ranOutOfStack: false) } }
            let graph = self.graph
            let inner = LayoutHost.treeBuilder(_LiveRoot(content: root), graph: graph, environment: self.host.environment)
            return { [weak self] stackBudget in
                var built = BuiltTree(nodes: [], diagnostics: [], ranOutOfStack: false)
                let reference = GraphReference(graph)
                withObservationTracking {
                    built = inner(stackBudget)
                } onChange: {
                    reference.invalidate()
                }
                self?.hitInfoIsStale = true
                return built
            }
        }
        build()
    }
    /// Set when the host built the views again inside a layout (preferences): hit testing
    /// learns the new tree when that layout returns.
    private var hitInfoIsStale = false
    private let remakeRoot: () -> Void
    private let rootState: RootStateBoxes
    /// The state boxes made with the root view, in order (`@Previewable` properties among them).
    var rootStateBoxes: [any KeptStateBox] { rootState.boxes }

    /// The environment the root view sees (colour scheme, type size, direction, locale).
    /// Changing it builds again at the next update with the state kept, as switching Xcode's
    /// canvas settings keeps a live preview's state.
    public var environment: EnvironmentValues {
        get { host.environment }
        set { host.environment = newValue; graph.invalidate() }
    }

    /// Builds the tree from the root with the kept state, tracking the `@Observable`
    /// properties the bodies read (a change to one invalidates the graph).
    private func build() {
        let graph = self.graph
        let reference = GraphReference(graph)
        withObservationTracking {
            buildRoot(graph)
        } onChange: {
            reference.invalidate()
        }
        refreshHitInfo()
        graph.synchronizeFocus()
    }

    private func refreshHitInfo() {
        hitInfoIsStale = false
        hitInfo = HitTestingInfo(drawing: host.installedViewsDrawing, layeredBehind: host.installedViewsLayeringBehind,
                                 excluded: Set(graph.excludedFromHitTesting.filter(host.isInstalled).map(\.resultIndex)))
    }

    /// Builds again while state changed since the last build (at most
    /// `maximumUpdatesPerChange` times: a loop is reported, never hung in). Returns whether it built.
    @discardableResult
    public func update() -> Bool {
        var builds = 0
        while true {
            // onAppear / onChange actions run after the update that caused them, and may change
            // state again; a timeline whose next entry came updates.
            _ = graph.runLifecycleActions()
            graph.updateTimelines()
            guard graph.needsUpdate else { break }
            if builds == LivePreview.maximumUpdatesPerChange {
                graph.report("The views changed their own state on every update (\(builds) updates in a row): stopped. Look for state written in `body`, an `onChange` that changes what it observes, or a task that changes state in a loop without waiting.")
                graph.settleAfterLoop()
                break
            }
            build()
            builds += 1
        }
        return builds > 0
    }

    /// The on-screen keyboard's height (a device's; 0: none). While a text input has focus the
    /// host's `keyboardInsets` hold it at the bottom, as the keyboard's region on a phone.
    public var keyboardHeight: CGFloat = 0

    /// Whether the keyboard is up: a text input has focus and `keyboardHeight` is above 0.
    public var showsKeyboard: Bool { graph.focusedTextInput != nil && keyboardHeight > 0 }

    /// Lays the preview out for `proposal`, building first if its state changed.
    public func layout(proposal: ProposedViewSize, options: LayoutOptions = LayoutOptions()) -> LayoutResult {
        update()
        self.options = options
        let keyboard = EdgeInsets(top: 0, leading: 0, bottom: showsKeyboard ? keyboardHeight : 0, trailing: 0)
        if host.keyboardInsets != keyboard { host.keyboardInsets = keyboard }
        var result = host.layout(proposal: proposal, options: options)
        if hitInfoIsStale { refreshHitInfo() }
        // `ScrollViewProxy.scrollTo` and `scrollPosition(id:)` need the layout to know where
        // their views are: scrolled (or the binding written), then built and laid out again (a
        // few rounds at most, for scrolls asked by what appeared).
        // The elements of lazy stacks and grids that came on screen are made (a round or two:
        // the first placeholders have an estimated length) and appear (their `onAppear` may
        // load more, and so change the views), and those that left disappear.
        var rounds = 0
        while rounds < 8 {
            var viewports: [Int: CGRect] = [:]
            let made = graph.lazyElements.makeShown(in: result) { Self.isOnScreen($0, in: result, viewports: &viewports) }
            if made { graph.needsUpdateForLayout() }
            let appeared = graph.lifecycle.updateLazyAppearance { Self.isOnScreen($0, in: result, viewports: &viewports) }
            let wrote = !graph.scrollPositions.isEmpty && synchronizeScrollPositions(in: result)
            guard made || appeared || wrote || !graph.scrollRequests.isEmpty else { break }
            let requests = graph.scrollRequests
            graph.scrollRequests = []
            rounds += 1
            guard perform(requests, in: result) || wrote || appeared || made else { continue }
            update()
            result = host.layout(proposal: proposal, options: options)
            if hitInfoIsStale { refreshHitInfo() }
        }
        graph.scrollRequests = []
        lastResult = result
        return result
    }

    /// Whether `node` (a lazy stack's element) is on screen in `result`: inside the visible area
    /// of the scroll view around it (or the canvas, without one).
    ///
    /// A choice: SwiftUI makes a lazy element somewhat before it scrolls in; here it appears
    /// once part of it is visible (an element that only touches the edge is not; one of no
    /// height, such as a "load more" sentinel, is when it lies within the visible area).
    /// `viewports` remembers the visible area found for each parent: the elements of one stack
    /// share it, so it is looked up once per stack.
    static func isOnScreen(_ node: LayoutNode, in result: LayoutResult, viewports: inout [Int: CGRect]) -> Bool {
        let index = node.index
        guard index >= 0, index < result.frames.count else { return false }
        let views = result.views
        let first = views[index].parent ?? -1
        let viewport: CGRect
        if let known = viewports[first] {
            viewport = known
        } else {
            var area = CGRect(origin: .zero, size: result.canvasSize)
            var parent: Int? = first >= 0 ? first : nil
            while let p = parent {
                let view = views[p]
                if view.kind == "ScrollView" || view.kind == "List" || view.kind == "Form" {
                    area = area.intersection(view.frame)
                    break
                }
                parent = view.parent
            }
            viewports[first] = area
            viewport = area
        }
        let frame = result.frames[index]
        guard !viewport.isNull, frame.origin.x.isFinite, frame.origin.y.isFinite, frame.width.isFinite, frame.height.isFinite
        else { return false }
        func overlaps(_ min: CGFloat, _ length: CGFloat, _ low: CGFloat, _ high: CGFloat) -> Bool {
            length > 0 ? min < high && min + length > low : min >= low && min <= high
        }
        return overlaps(frame.minX, frame.width, viewport.minX, viewport.maxX)
            && overlaps(frame.minY, frame.height, viewport.minY, viewport.maxY)
    }

    /// Evaluates every body again at the next update with the state kept, animating with
    /// `transaction`: the literal values the preview build reads changed (`DesignTimeValues`).
    /// `remakingRoot` makes the root view again too, for literals read when a view is made (the
    /// `#Preview` body, a property's initial value); state declared in the `#Preview` body (a
    /// `@Previewable` property's) keeps its value when its type is `Codable`.
    public func designTimeValuesChanged(remakingRoot: Bool, transaction: Transaction? = nil) {
        if remakingRoot {
            // The `#Preview` body's own state carries over to the new root, as a view's does.
            let kept = rootState.boxes.map { $0.keptValue() }
            remakeRoot()
            for (box, value) in zip(rootState.boxes, kept) { if let value { _ = box.restore(value) } }
        }
        graph.invalidateAllBodies(transaction)
    }

    /// Forgets all state and builds from the initial values (Ctrl+R).
    public func reset() {
        if let sequence = pointerSequence { finish(sequence) }
        remakeRoot()
        graph.reset()
        update()
        if let last = lastResult { _ = layout(proposal: last.proposal, options: options) }
    }

    /// Sends an event to the views and lays out again if it changed anything.
    ///
    /// A pointer event is hit-tested against the last layout (`layout` must have run). Returns
    /// what the event did; throws when it reached nothing (the step names what it missed).
    @discardableResult
    public func send(_ event: LiveEvent) throws(LiveEventError) -> LiveUpdate {
        guard let result = lastResult else { throw LiveEventError(message: "the preview has not been laid out yet") }
        switch event {
        case .tap(let point, let count) where !graph.gestureAttachments.isEmpty:
            // Gestures compete for the tap: a press and a release (`PointerSequence`).
            try sendTapSequence(at: point, count: count)
        case .tap(let point, let count):
            guard let hit = graph.hit(at: point, in: result, info: hitInfo, isInstalled: host.isInstalled, accepts: { interaction in
                if case .tap(let c, _) = interaction { return c == count }
                return true
            }) else {
                throw LiveEventError(message: "the tap at (\(format(point.x)), \(format(point.y))) hit nothing that handles taps")
            }
            run(hit, at: point)
        case .drag(let start, let translation) where !graph.gestureAttachments.isEmpty:
            try sendDragSequence(from: start, by: translation)
        case .drag(let start, let translation):
            guard let hit = graph.hit(at: start, in: result, info: hitInfo, isInstalled: host.isInstalled, accepts: { interaction in
                switch interaction {
                case .located: return true
                case .scroll(let axes, _): return scrolls(axes, translation)
                default: return false
                }
            }) else {
                throw LiveEventError(message: "the drag from (\(format(start.x)), \(format(start.y))) hit nothing that can be dragged")
            }
            let end = CGPoint(x: start.x + translation.width, y: start.y + translation.height)
            switch hit.interaction {
            case .located(let action):
                action(CGPoint(x: end.x - hit.frame.minX, y: end.y - hit.frame.minY), hit.frame.size)
            case .scroll(_, let apply):
                // Dragging content up scrolls it down, as a finger does.
                _ = apply(CGSize(width: -translation.width, height: -translation.height), overflow(of: hit, in: result))
            default: break
            }
        case .type(let text):
            guard let input = focusedInput() else { throw LiveEventError(message: "typing needs a focused text field: tap one first") }
            input.text.wrappedValue += input.multiline ? text : text.replacingOccurrences(of: "\n", with: " ")
        case .key(.escape) where focusedInput() == nil:
            guard graph.dismissTopPresentation() else {
                throw LiveEventError(message: "the key escape needs a focused text field or something presented (a menu, a sheet, an alert)")
            }
        case .key(let key):
            guard let input = focusedInput() else {
                throw LiveEventError(message: "the key \(key.rawValue) needs a focused text field: tap one first")
            }
            switch key {
            case .deleteBackward:
                if !input.text.wrappedValue.isEmpty { input.text.wrappedValue.removeLast() }
            case .return:
                if input.multiline { input.text.wrappedValue += "\n" } else {
                    graph.focusedTextInput = nil
                    graph.invalidate()
                    input.onSubmit?()
                }
            case .escape, .tab:
                graph.focusedTextInput = nil
                graph.invalidate()
            }
        case .scroll(let point, let delta):
            guard let hit = graph.hit(at: point, in: result, info: hitInfo, isInstalled: host.isInstalled, accepts: { interaction in
                if case .scroll(let axes, _) = interaction { return scrolls(axes, delta) }
                return false
            }), case .scroll(_, let apply) = hit.interaction else {
                throw LiveEventError(message: "the scroll at (\(format(point.x)), \(format(point.y))) reached no scroll view")
            }
            _ = apply(delta, overflow(of: hit, in: result))
        case .wait(let seconds):
            wait(seconds)
            tickSequence()
        case .pointer(let phase, let point, let count, let time):
            let sequence = pointerSequence
            // A release that nothing took says so (the window ignores it, as a click on nothing);
            // one that reached a gesture that failed (a long press released early) is no error.
            if !sendPointer(phase, at: point, count: max(1, count), time: time), phase == .up, let sequence, !sequence.hasGestures {
                throw LiveEventError(message: sequence.tapFailed
                    ? "the drag from (\(format(sequence.start.x)), \(format(sequence.start.y))) hit nothing that can be dragged"
                    : "the tap at (\(format(sequence.start.x)), \(format(sequence.start.y))) hit nothing that handles taps")
            }
        case .press(let point, let duration):
            try sendPress(at: point, duration: duration)
        case .transform(let phase, let point, let scale, let rotation, let time):
            try sendTransform(phase, at: point, scale: scale, rotation: rotation, time: time)
        case .pinch(let point, let scale, let rotation):
            try sendPinch(at: point, scale: scale, rotation: rotation)
        }
        let changed = update()
        let transaction = graph.takeTransaction()
        let newResult = layout(proposal: result.proposal, options: options)
        return LiveUpdate(changed: changed, transaction: transaction, result: newResult)
    }

    /// Lets `seconds` pass on the main run loop: tasks (`task`, `Task.sleep`) resume in it.
    func wait(_ seconds: TimeInterval) {
        let until = Date(timeIntervalSinceNow: seconds.isFinite ? min(max(seconds, 0), 600) : 0)
        if Thread.isMainThread {
            repeat { _ = RunLoop.main.run(mode: .default, before: until) } while Date() < until
        } else {
            Thread.sleep(until: until)  // the main thread runs the tasks meanwhile
        }
    }

    func run(_ hit: InteractionHit, at point: CGPoint) {
        switch hit.interaction {
        case .tap(_, let action):
            if graph.focusedTextInput != nil {
                graph.focusedTextInput = nil
                graph.invalidate()
            }
            action()
        case .located(let action):
            action(CGPoint(x: point.x - hit.frame.minX, y: point.y - hit.frame.minY), hit.frame.size)
        case .textInput(_, _, let identity, _):
            if graph.focusedTextInput != identity {
                graph.focusedTextInput = identity
                graph.invalidate()  // the caret moves
            }
        case .scroll:
            break  // a tap on a scroll view's empty space does nothing
        }
    }

    /// The text input that has focus in the installed tree.
    private func focusedInput() -> (text: Binding<String>, onSubmit: (() -> Void)?, multiline: Bool)? {
        guard let focused = graph.focusedTextInput else { return nil }
        for (_, interaction) in graph.interactions {
            if case .textInput(let text, let onSubmit, let identity, let multiline) = interaction, identity == focused {
                return (text, onSubmit, multiline)
            }
        }
        return nil
    }

    /// The centre of the innermost shown view whose explicit `.id(…)` reads `id` in the last
    /// layout (a `ViewThatFits` alternative that is not shown is not a candidate).
    public func centre(ofViewWithID id: String) throws(LiveEventError) -> CGPoint {
        guard let result = lastResult else { throw LiveEventError(message: "the preview has not been laid out yet") }
        var found: PlacedView? = nil
        for view in result.views where view.isVisible {
            guard let explicit = view.explicitID, LivePreview.describe(explicit) == id else { continue }
            // Pre-order: a later match inside an earlier one is more inner.
            if let f = found, !isAncestor(f.index, of: view.index, in: result) { continue }
            found = view
        }
        guard let view = found else {
            let known = Set(result.views.compactMap { $0.explicitID.map(LivePreview.describe) }).sorted()
            let list = known.isEmpty ? "no view has an explicit .id" : "ids: " + known.prefix(20).joined(separator: ", ")
            throw LiveEventError(message: "no view has the id '\(id)' (\(list))")
        }
        return CGPoint(x: view.frame.midX, y: view.frame.midY)
    }

    /// The text of an explicit id as a step names it: a string as is, anything else as printed.
    public static func describe(_ id: AnyHashable) -> String {
        if let s = id.base as? String { return s }
        if let s = id.base as? Substring { return String(s) }
        return String(describing: id.base)
    }

    private func isAncestor(_ a: Int, of b: Int, in result: LayoutResult) -> Bool {
        var current = result.views[b].parent
        while let c = current {
            if c == a { return true }
            current = result.views[c].parent
        }
        return false
    }

    /// Whether a scroll view on `axes` takes a movement of `delta` (a vertical one ignores a
    /// purely horizontal scroll, so that it reaches a horizontal one around it).
    func scrolls(_ axes: Axis.Set, _ delta: CGSize) -> Bool {
        (axes.contains(.vertical) && delta.height != 0) || (axes.contains(.horizontal) && delta.width != 0)
    }

    /// How far a scroll view's content overflows it (its content is its first child).
    func overflow(of hit: InteractionHit, in result: LayoutResult) -> CGSize {
        guard let scroll = result.views.first(where: { $0.identity == hit.identity }),
              let content = result.views.first(where: { $0.parent == scroll.index }) else { return .zero }
        // A scroll view that reaches into the safe area insets its content by the part of it
        // outside the safe area (`SafeAreaBehavior.scrollView`): that much more can scroll.
        let i = host.safeAreaInsets, canvas = result.canvasSize, f = scroll.frame
        let inset = CGSize(width: max(0, min(f.maxX, i.leading) - f.minX) + max(0, f.maxX - max(f.minX, canvas.width - i.trailing)),
                           height: max(0, min(f.maxY, i.top) - f.minY) + max(0, f.maxY - max(f.minY, canvas.height - i.bottom)))
        return CGSize(width: content.frame.width + inset.width - f.width, height: content.frame.height + inset.height - f.height)
    }

    func format(_ v: CGFloat) -> String {
        // `Int(_:)` traps on NaN, infinities and values past Int's range (a point the person's
        // script computed from a bad frame): those are printed as they are.
        guard v.isFinite, abs(v) < 1e15 else { return v.isNaN ? "nan" : "\(Double(v))" }
        return v == v.rounded() ? String(Int(v)) : String(format: "%.1f", Double(v))
    }
}

/// Something the person does to a live preview.
public enum LiveEvent: Sendable, Equatable {
    /// A tap (or a click) of `count` clicks at a point of the preview.
    case tap(CGPoint, count: Int = 1)
    /// A drag from a point by a translation (a Slider's thumb, a drag gesture). When the
    /// preview has gestures, a press, eight moves a sixtieth of a second apart and a release.
    case drag(from: CGPoint, by: CGSize)
    /// A pointer event as it happens: the press, each move, the release (`time`: seconds on the
    /// sender's clock, for a drag's velocity; nil: now). Gestures and controls compete for the
    /// sequence as SwiftUI's do; a release within 10 points of the press is a tap.
    case pointer(PointerPhase, at: CGPoint, count: Int = 1, time: TimeInterval? = nil)
    /// A press held `duration` seconds, then released (a long press).
    case press(at: CGPoint, duration: TimeInterval)
    /// A pinch as it happens (a touchpad's, or Ctrl+wheel): its scale and rotation since it began.
    case transform(TransformPhase, at: CGPoint, scale: CGFloat = 1, rotation: Angle = .zero, time: TimeInterval? = nil)
    /// A whole pinch at a point: to `scale`, turned by `rotation`, over eight steps.
    case pinch(at: CGPoint, scale: CGFloat, rotation: Angle = .zero)
    /// A scroll (a wheel, a touchpad) at a point by a distance in points.
    case scroll(at: CGPoint, by: CGSize)
    /// Text typed into the focused text field.
    case type(String)
    /// A key pressed in the focused text field (Escape with none: closes what is presented).
    case key(LiveKey)
    /// Time passing, in seconds: state changed by then is built.
    case wait(TimeInterval)
}

/// Keys a live preview handles.
public enum LiveKey: String, Sendable, CaseIterable {
    /// Return: runs the field's `onSubmit`.
    case `return`
    /// Backspace: deletes the last character.
    case deleteBackward = "backspace"
    /// Escape: ends editing; with no field focused, closes the topmost menu, popover, dialog,
    /// alert (its cancel action first) or sheet.
    case escape
    /// Tab: ends editing.
    case tab
}

/// What an event did.
public struct LiveUpdate {
    /// Whether state changed (the views were built again).
    public let changed: Bool
    /// The transaction of the change: the animation it asked for, nil for a jump.
    public let transaction: Transaction
    /// The layout after the event.
    public let result: LayoutResult
}

/// An event that reached nothing, or could not be delivered.
public struct LiveEventError: Error, CustomStringConvertible {
    /// What went wrong, in a sentence.
    public let message: String
    /// An error saying `message`.
    public init(message: String) { self.message = message }
    public var description: String { message }
}

/// The graph, as Observation's change handler holds it (called on the thread that changed the
/// model; the graph is marked and the preview's next update builds).
private final class GraphReference: @unchecked Sendable {
    weak var graph: ViewGraph?
    init(_ graph: ViewGraph) { self.graph = graph }
    func invalidate() { graph?.invalidate(BuildEnvironment.currentTransaction) }
}

/// The state boxes a preview's root was made with (shared with the closure that makes it again).
private final class RootStateBoxes {
    var boxes: [any KeptStateBox] = []
}
