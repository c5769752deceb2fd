import Foundation
import LayoutAnimation
import SwiftUI
import LayoutRendering
import PreviewNaming

/// What to draw now: the display list and every view's presented frame and opacity.
package struct Presentation {
    package var displayList: [DisplayItem]
    package var frames: [CGRect]
    package var opacities: [Double]?
    /// Every view's transition transform (empty: none is moving or scaling).
    package var transforms: [PresentedTransform] = []
    /// While animating, the frames the views were laid out in (text keeps its lines).
    package var layoutFrames: [CGRect] = []
    package var isAnimating: Bool
}

/// Timings of the last frames, for stats mode.
public struct FrameStats: Sendable {
    /// CPU time of the last layout pass (ms).
    public var layoutMilliseconds: Double = 0
    /// CPU time of the last interpolation (ms).
    public var interpolationMilliseconds: Double = 0
    /// CPU time of the last draw (ms).
    public var drawMilliseconds: Double = 0
    /// Frames drawn per second over the last second.
    public var framesPerSecond: Double = 0
    package var frameTimes: [Double] = []

    package mutating func noteFrame(at time: Double) {
        frameTimes.append(time)
        while let first = frameTimes.first, time - first > 1 { frameTimes.removeFirst() }
        if frameTimes.count > 1, let first = frameTimes.first, time > first {
            framesPerSecond = Double(frameTimes.count - 1) / (time - first)
        }
    }

    /// One line for the UI and stderr.
    public var summary: String {
        String(format: "layout %.2f ms · interpolate %.3f ms · draw %.2f ms · %.0f fps",
               layoutMilliseconds, interpolationMilliseconds, drawMilliseconds, framesPerSecond)
    }
}

/// CPU time of the process, in seconds (for stats).
package func cpuSeconds() -> Double {
    var ts = timespec()
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts)
    return Double(ts.tv_sec) + Double(ts.tv_nsec) / 1e9
}

/// The window's model, free of GTK: the state, the layout host, the last layout and the
/// animation towards it. The window, the automation and the `render` command all drive it,
/// and only through `perform(_:at:)`: one entry for every change, so that a change made from a
/// menu, a shortcut, a script or a test is the same change (see `LabAction`).
@MainActor
public final class LabSession {
    public private(set) var layouts: [LabLayout]
    public private(set) var scenes: [LabScene]
    /// Everything the inspector edits; changed only through `perform(_:at:)`.
    public private(set) var state: LabState
    package let measurer: PangoTextMeasurer
    package let host: LayoutHost
    package let animator = LayoutAnimator()
    /// The last layout (the animation's target).
    public internal(set) var result: LayoutResult
    /// The drawing area's size in points.
    public private(set) var canvasSize = CGSize(width: 800, height: 600)
    /// The identity of the selected view (`LabAction.select`).
    public private(set) var selection: ViewIdentity?
    /// Indices (into `result.views`) of the scene's subviews: the views carrying an item id
    /// directly under the container.
    public private(set) var itemViews: [Int] = []
    public var stats = FrameStats()
    package var shuffleSeed: UInt64 = 0x5EED_1234
    /// The time of the last rotation step (see LabSession+Animation).
    package var lastTime = 0.0
    /// The Radial rotation (degrees), animated: while it moves, the layout is re-run every
    /// frame with the interpolated rotation (the layout's animatable data).
    package var rotation = AnimatableValue<Double>(0)
    /// The rotation the current layout was built with.
    package var presentedRotation: Double = 0
    /// Whether the animation clock is stopped (the window's Pause; not kept with the state).
    package internal(set) var isTimePaused = false
    /// In preview mode: the preview agent, which lays out the person's code (and, so that every
    /// switch animates with the same identities, the built-in scenes too). Nil: laid out here.
    package var remote: (any RemoteLayoutSource)?
    /// The time `perform(_:at:)` uses when it is given none (the window sets its frame clock).
    public var clock: @MainActor () -> Double = { monotonicSeconds() }
    /// The states before the changes that can be undone, and those undone (`recordUndo`).
    private var undoStack: [LabState] = [], redoStack: [LabState] = []
    private var lastUndoRecord = -Double.infinity
    /// The rotation of the last rebuild (what a remote layout is asked for).
    private var builtRotation: Double?
    /// Told of every change (`observe(_:)`).
    private var observers: [@MainActor (LabAction) -> Void] = []

    public init(layouts: [LabLayout], scenes: [LabScene], state: LabState = LabState()) {
        precondition(!layouts.isEmpty && !scenes.isEmpty, "LayoutLab needs at least one layout and one scene")
        self.layouts = layouts
        self.scenes = scenes
        var state = state
        state.layoutIndex = min(max(state.layoutIndex, 0), layouts.count - 1)
        state.sceneIndex = min(max(state.sceneIndex, 0), scenes.count - 1)
        self.state = state
        measurer = PangoTextMeasurer()
        host = LayoutHost(Color.clear, textMeasurer: measurer)
        result = host.layout(in: CGSize(width: 1, height: 1))
        presentedRotation = state.rotationDegrees
        rotation = AnimatableValue(state.rotationDegrees)
        rebuild()
        result = measureLayout()
        animator.setTarget(result, animation: nil, at: 0)
        updateItemViews()
    }

    public var layout: LabLayout { layouts[state.layoutIndex] }
    public var scene: LabScene { scenes[state.sceneIndex] }

    /// Index of the layout `name` picks (`NameMatch`: exactly, else the one name equal ignoring
    /// case, else ignoring punctuation too); nil when none or several match.
    public func layoutIndex(named name: String) -> Int? {
        NameMatch.resolve(name, among: layouts.map(\.name)).index
    }
    /// Index of the scene `name` picks (as `layoutIndex(named:)`).
    public func sceneIndex(named name: String) -> Int? {
        NameMatch.resolve(name, among: scenes.map(\.name)).index
    }

    // MARK: Building and laying out

    /// Rebuilds the view tree from the state (the layout itself runs in `relayout`).
    package func rebuild(rotation: Double? = nil) {
        builtRotation = rotation
        guard remote == nil else { return }
        let params = state.parameters(rotationDegrees: rotation)
        SceneAssembler.install(scene, arrangement: layout.arrangement(params), parameters: params, in: host)
    }

    package func measureLayout() -> LayoutResult {
        let start = cpuSeconds()
        var options = LayoutOptions()
        options.traceLimit = 5_000
        let proposal = state.proposal(canvas: canvasSize)
        let r: LayoutResult
        if let remote {
            // While the agent works (or after it failed) the last layout stays on screen.
            r = remote.layout(for: self, proposal: proposal, rotation: builtRotation ?? state.rotationDegrees) ?? result
        } else if let w = proposal.width, let h = proposal.height, w.isFinite, h.isFinite {
            r = host.layout(in: CGSize(width: w, height: h), options: options)
        } else {
            r = host.layout(proposal: proposal, options: options)
        }
        stats.layoutMilliseconds = (cpuSeconds() - start) * 1000
        return r
    }

    /// Rebuilds the tree, lays it out once, and animates (or jumps) to the new frames.
    public func update(animated: Bool = true, now: Double) {
        rebuild(rotation: presentedRotation)
        relayout(animated: animated, now: now)
    }

    /// Lays out the current tree again (after a proposal change) and animates to it.
    /// Not `animated`, the new frames jump, and `keepingRunningAnimations` lets the animations
    /// already running go on (a window resized mid-transition does not cut it short).
    public func relayout(animated: Bool = true, keepingRunningAnimations: Bool = false, now: Double) {
        result = measureLayout()
        animator.timeScale = animationTimeScale
        if !animated, keepingRunningAnimations {
            animator.updateTarget(result, at: now)
        } else {
            animator.setTarget(result, animation: animated ? state.curve.animation : nil, at: now)
        }
        updateItemViews()
    }

    /// Shows a layout that arrived from the preview agent after its request returned, animated
    /// from what is on screen.
    package func applyRemoteResult(_ r: LayoutResult, now: Double) {
        result = r
        animator.timeScale = animationTimeScale
        animator.setTarget(r, animation: state.curve.animation, at: now)
        updateItemViews()
    }

    /// Shows the layout a live preview's event produced: animated from what is on screen with
    /// the animation the change asked for (`withAnimation`, `.animation(_:value:)`), matched by
    /// identity and interrupting any animation still running; with none, the change jumps (as
    /// SwiftUI applies an un-animated change), whatever the window's curve is, while the
    /// animations already running go on (an event that changed nothing, a hover or a tick of
    /// time, must not cut a transition short).
    package func applyLiveResult(_ r: LayoutResult, animation: Animation?, now: Double) {
        result = r
        animator.timeScale = animationTimeScale
        if let animation {
            animator.setTarget(r, animation: animation, at: now)
        } else {
            animator.updateTarget(r, at: now)
        }
        updateItemViews()
    }

    /// Replaces the pickers' choices (a preview reload found other previews or layouts),
    /// keeping the chosen scene and layout by name where they still exist.
    private func replaceChoices(layouts newLayouts: [LabLayout], scenes newScenes: [LabScene]) {
        guard !newLayouts.isEmpty, !newScenes.isEmpty else { return }
        let layoutName = layout.name, sceneName = scene.name
        layouts = newLayouts
        scenes = newScenes
        state.layoutIndex = layoutIndex(named: layoutName) ?? min(state.layoutIndex, layouts.count - 1)
        if let i = sceneIndex(named: sceneName) {
            state.sceneIndex = i
        } else {
            state.sceneIndex = min(state.sceneIndex, scenes.count - 1)
            state.resetItems(count: scenes[state.sceneIndex].defaultCount)
        }
    }

    /// The drawing area changed size.
    private func setCanvasSize(_ size: CGSize, now: Double) {
        guard size != canvasSize, size.width > 0, size.height > 0 else { return }
        canvasSize = size
        // Following the window, a resize is a change without animation: in SwiftUI the frames
        // move at once while running animations (a view's removal transition) go on.
        relayout(animated: !state.followsWindow, keepingRunningAnimations: true, now: now)
    }

    /// Sets one dimension of the proposal (a value, nil or ∞). Leaving "Follow the window"
    /// keeps both current values: the dimension not touched stays what the canvas proposed.
    private func setDimension(isWidth: Bool, mode: DimensionMode, value: Double? = nil, now: Double) {
        if state.followsWindow {
            state.followsWindow = false
            state.width = Double(canvasSize.width)
            state.height = Double(canvasSize.height)
            state.widthMode = .fixed
            state.heightMode = .fixed
        }
        if let value, value.isFinite {
            let v = min(max(value, 0), LabState.maximumProposal)
            if isWidth { state.width = v } else { state.height = v }
        }
        if isWidth { state.widthMode = mode } else { state.heightMode = mode }
        relayout(now: now)
    }

    /// Sets both dimensions to fixed values (a device preset, a drag of the proposal box).
    private func setProposal(width: Double, height: Double, animated: Bool = true, now: Double) {
        state.followsWindow = false
        state.widthMode = .fixed
        state.heightMode = .fixed
        if width.isFinite { state.width = min(max(width, 0), LabState.maximumProposal) }
        if height.isFinite { state.height = min(max(height, 0), LabState.maximumProposal) }
        relayout(animated: animated, now: now)
    }

    /// Turns "Follow the window" on or off; turning it off keeps the canvas's size as the
    /// fixed proposal, so nothing jumps.
    private func setFollowsWindow(_ on: Bool, now: Double) {
        guard on != state.followsWindow else { return }
        if !on {
            state.width = Double(canvasSize.width)
            state.height = Double(canvasSize.height)
            state.widthMode = .fixed
            state.heightMode = .fixed
        }
        state.followsWindow = on
        relayout(now: now)
    }

    /// Turns the Radial ring by `degrees`, always in that direction: from 270° "+90°" goes on
    /// to 360°, never back the short way to 0°.
    private func rotate(by degrees: Double, now: Double) {
        guard degrees.isFinite else { return }
        setRotation(state.rotationDegrees + degrees, animated: true, now: now)
    }

    /// Sets the rotation from a 0…360° control: the nearest equivalent angle to the current
    /// one, so a small drag is a small turn even after several "+90°".
    private func setRotationFromDial(_ degrees: Double, now: Double) {
        guard degrees.isFinite else { return }
        let current = state.rotationDegrees
        let turns = ((current - degrees) / 360).rounded()
        setRotation(degrees + 360 * turns, animated: true, now: now)
    }

    // MARK: Changes

    /// Makes `action`'s change to the state and lays out and animates what it changes. Every
    /// change to `state` (and to the canvas size, the selection and the choices) comes through
    /// here. `now` is the animation clock (seconds); nil reads `clock`.
    public func perform(_ action: LabAction, at now: Double? = nil) {
        make(action, now: now ?? clock())
        for observer in observers { observer(action) }
    }

    /// Calls `observer` after every `perform(_:at:)`, with the action: what shows the session
    /// (the window's controls, its canvas) follows its changes from here, whoever made them.
    public func observe(_ observer: @escaping @MainActor (LabAction) -> Void) {
        observers.append(observer)
    }

    private func make(_ action: LabAction, now: Double) {
        switch action {
        case .selectLayout(let i): selectLayout(i, now: now)
        case .selectScene(let i): selectScene(i, now: now)
        case .setCanvasSize(let size): setCanvasSize(size, now: now)
        case .setDimension(let isWidth, let mode, let value): setDimension(isWidth: isWidth, mode: mode, value: value, now: now)
        case .setProposal(let width, let height, let animated): setProposal(width: width, height: height, animated: animated, now: now)
        case .setFollowsWindow(let on): setFollowsWindow(on, now: now)
        case .setSpacing(let spacing):
            if let spacing { state.spacing = spacing }
            state.spacingIsDefault = spacing == nil
            update(now: now)
        case .setAlignment(let alignment):
            state.alignment = alignment
            update(now: now)
        case .addItem: addItem(now: now)
        case .removeItem: removeItem(now: now)
        case .shuffle: shuffle(now: now)
        case .setCount(let n): setCount(n, now: now)
        case .setRank(let rank, let index): setRank(rank, ofItemAt: index, now: now)
        case .setRotation(let degrees, let animated): setRotation(degrees, animated: animated, now: now)
        case .rotate(let degrees): rotate(by: degrees, now: now)
        case .setRotationFromDial(let degrees): setRotationFromDial(degrees, now: now)
        case .tap(let name): tap(name, now: now)
        case .select(let identity): selection = identity
        // What is only drawn (overlays, colours) or applies from the next change on (the curve,
        // slow motion) needs no layout: the window redraws.
        case .setOverlay(let overlay, let on):
            switch overlay {
            case .proposal: state.showsProposal = on
            case .sizes: state.showsSizes = on
            case .ranges: state.showsRanges = on
            case .allFrames: state.showsAllFrames = on
            }
        case .setCurve(let curve): state.curve = curve
        case .setSlowMotion(let on): state.slowMotion = on
        case .setShowsStats(let on): state.showsStats = on
        case .setColorScheme(let scheme): state.colorScheme = scheme
        case .undo:
            guard let previous = undoStack.popLast() else { return }
            redoStack.append(state)
            restore(previous, rotation: nil, now: now)
        case .redo:
            guard let next = redoStack.popLast() else { return }
            undoStack.append(state)
            restore(next, rotation: nil, now: now)
        case .resetScene:
            recordUndo(coalescing: false)
            restore(state.reset(count: scene.defaultCount), rotation: 0, now: now)
        case .applySettings(let settings): apply(settings)
        case .mirror(let main, let layoutIndex, let ownProposal): mirror(main, layoutIndex: layoutIndex, ownProposal: ownProposal, now: now)
        case .replaceChoices(let layouts, let scenes): replaceChoices(layouts: layouts, scenes: scenes)
        }
    }

    // MARK: Undo

    /// Steps kept; older ones are dropped.
    public static let undoLimit = 200
    /// Changes closer together than this (seconds) are one step (a slider drag sends dozens).
    public static let undoCoalescing = 0.5

    /// Whether `.undo` has a step to go back to.
    public var canUndo: Bool { !undoStack.isEmpty }
    /// Whether `.redo` has a step to do again.
    public var canRedo: Bool { !redoStack.isEmpty }

    /// Remembers the state before a change, for `.undo`. Changes in quick succession (a drag)
    /// make one step unless `coalescing` is false. Not an action: it changes no state, and the
    /// window decides which of its edits are steps.
    public func recordUndo(coalescing: Bool = true) {
        let now = monotonicSeconds()
        defer { lastUndoRecord = now }
        if coalescing, now - lastUndoRecord < Self.undoCoalescing, !undoStack.isEmpty { return }
        undoStack.append(state)
        if undoStack.count > Self.undoLimit { undoStack.removeFirst(undoStack.count - Self.undoLimit) }
        redoStack.removeAll()
    }

    /// Goes to `saved` (undo, redo, reset), animated; `rotation` overrides its rotation.
    private func restore(_ saved: LabState, rotation: Double?, now: Double) {
        lastUndoRecord = -Double.infinity
        var st = saved
        // Appearance is the desktop's, not part of the history.
        st.colorScheme = state.colorScheme
        st.showsStats = state.showsStats
        if st.sceneIndex != state.sceneIndex { selection = nil }
        let turn = rotation ?? st.rotationDegrees
        state = st
        if turn != presentedRotationDegrees { setRotation(turn, animated: true, now: now) }
        update(now: now)
    }

    /// Applies saved settings to a fresh state (before the first layout).
    private func apply(_ s: LabSettings) {
        if let name = s.scene, let i = sceneIndex(named: name) {
            state.sceneIndex = i
            state.resetItems(count: scenes[i].defaultCount)
        }
        if let name = s.layout, let i = layoutIndex(named: name) { state.layoutIndex = i }
        // Values beyond the sliders' range are kept (and shown truly in the number fields).
        if let w = s.proposalWidth, w.isFinite, w >= 0 { state.width = min(w, LabState.maximumProposal) }
        if let h = s.proposalHeight, h.isFinite, h >= 0 { state.height = min(h, LabState.maximumProposal) }
        if let m = s.widthMode.flatMap(DimensionMode.init(rawValue:)) { state.widthMode = m }
        if let m = s.heightMode.flatMap(DimensionMode.init(rawValue:)) { state.heightMode = m }
        if let f = s.followsWindow { state.followsWindow = f }
        if let c = s.curve.flatMap(CurveChoice.init(rawValue:)) { state.curve = c }
        if let m = s.slowMotion { state.slowMotion = m }
    }

    /// Takes `main`'s state (scene, items, spacing, alignment, rotation, and its proposal
    /// unless `ownProposal` is given) with layout `layoutIndex`, and animates to it.
    private func mirror(_ main: LabState, layoutIndex: Int, ownProposal: CGSize?, now: Double) {
        var st = main
        st.layoutIndex = min(layoutIndex, layouts.count - 1)
        if let own = ownProposal {
            st.followsWindow = false
            st.widthMode = .fixed
            st.heightMode = .fixed
            st.width = Double(own.width)
            st.height = Double(own.height)
        } else if main.followsWindow {
            // Both canvases have about the same size; each proposes its own.
            st.followsWindow = true
        }
        if st.sceneIndex != state.sceneIndex { selection = nil }
        state = st
        update(now: now)
    }

    /// Changes the Radial rotation; animated changes re-run the layout every frame.
    private func setRotation(_ degrees: Double, animated: Bool, now: Double) {
        state.rotationDegrees = degrees
        animator.timeScale = animationTimeScale
        lastTime = now
        rotation.set(degrees, animation: animated ? state.curve.animation : nil, at: animator.animationTime(at: now))
        stepRotation(now: now)
    }


    package func updateItemViews() {
        var out: [Int] = []
        var seen = Set<Int>()
        let ids = Set(state.items.map(\.id))
        for v in result.views where v.isVisible {
            guard let id = v.explicitID?.base as? Int, ids.contains(id) else { continue }
            // The outermost view carrying the id (its modifiers share it).
            if let p = v.parent, result.views[p].explicitID?.base as? Int == id { continue }
            if seen.insert(v.index).inserted { out.append(v.index) }
        }
        itemViews = out
    }

    // MARK: Items

    private func addItem(now: Double) { state.addItem(); update(now: now) }
    private func removeItem(now: Double) { state.removeItem(); update(now: now) }
    private func shuffle(now: Double) { state.shuffleItems(seed: &shuffleSeed); update(now: now) }
    private func setCount(_ n: Int, now: Double) {
        guard n != state.items.count else { return }
        state.setCount(n); update(now: now)
    }
    /// Sets the radial rank of an item.
    private func setRank(_ rank: Int, ofItemAt index: Int, now: Double) {
        guard state.items.indices.contains(index) else { return }
        state.items[index].rank = rank
        update(now: now)
    }

    /// Switches the layout (animated: identities persist through `AnyLayout`).
    private func selectLayout(_ index: Int, now: Double) {
        guard layouts.indices.contains(index), index != state.layoutIndex else { return }
        state.layoutIndex = index
        update(now: now)
    }

    /// Switches the scene (items reset to the scene's default count).
    private func selectScene(_ index: Int, now: Double) {
        guard scenes.indices.contains(index), index != state.sceneIndex else { return }
        state.sceneIndex = index
        state.resetItems(count: scenes[index].defaultCount)
        selection = nil
        update(now: now)
    }

    // MARK: Selection and text

    /// The visible views under `point` (root coordinates), deepest first.
    package func views(at point: CGPoint, frames: [CGRect]) -> [Int] {
        var hits: [Int] = []
        for v in result.views.reversed() where v.isVisible && v.index > 0 && v.index < frames.count {
            if frames[v.index].contains(point) { hits.append(v.index) }
        }
        // Deepest first; among equals, the one painted last.
        return hits.enumerated().sorted { a, b in
            let da = result.views[a.element].depth, db = result.views[b.element].depth
            return da != db ? da > db : a.offset < b.offset
        }.map(\.element)
    }

    /// The view a click at `point` selects: the deepest view there; when the selection is
    /// already under the point, its container (so repeated clicks walk out through the
    /// modifiers to the stack and the root, then start again at the deepest view).
    package func hitTest(_ point: CGPoint, frames: [CGRect]) -> Int? {
        let hits = views(at: point, frames: frames)
        guard let deepest = hits.first else { return nil }
        if let s = selectedIndex, s < frames.count, frames[s].contains(point) || s == 0 {
            if let parent = result.views[s].parent { return parent }
            return deepest == s ? nil : deepest
        }
        return deepest
    }

    /// The selected view and its containers, outermost first (the breadcrumb).
    public func selectionPath() -> [Int] {
        guard var i = selectedIndex else { return [] }
        var path = [i]
        while let p = result.views[i].parent { path.append(p); i = p }
        return path.reversed()
    }

    /// What people call a view: `Text("Cat")`, `padding(16)`, `HStack`.
    public func displayName(of index: Int) -> String {
        guard result.views.indices.contains(index) else { return "?" }
        let v = result.views[index]
        // Kinds that already carry their argument ("AnyLayout(FlowLayout)") stay as they are.
        guard !v.detail.isEmpty, !v.kind.contains("(") else { return v.kind }
        let detail = v.detail.count > 40 ? String(v.detail.prefix(39)) + "…" : v.detail
        return "\(v.kind)(\(detail))"
    }

    /// The name of the tappable view (id `"tap:NAME"`, see `LabParameters.taps`) at or around
    /// view `index`, if any.
    package func tapName(around index: Int) -> String? {
        var i: Int? = index
        while let k = i {
            let v = result.views[k]
            if let id = v.explicitID?.base as? String, id.hasPrefix("tap:") {
                return String(id.dropFirst(4).split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false).first ?? "")
            }
            i = v.parent
        }
        return nil
    }

    /// Counts a click on the tappable view `name` and animates to the rebuilt scene.
    private func tap(_ name: String, now: Double) {
        state.taps[name, default: 0] += 1
        update(now: now)
    }

    /// The index of the selected view in `result`.
    package var selectedIndex: Int? {
        guard let selection else { return nil }
        return result.views.firstIndex { $0.identity == selection }
    }

    /// The inspector's description of the selected view.
    public func selectionDescription() -> String {
        guard let i = selectedIndex else { return "Click a view in the canvas to inspect it." }
        let v = result.views[i]
        var lines = ["\(v.kind)\(v.detail.isEmpty ? "" : "  \(v.detail)")"]
        if let id = v.explicitID { lines.append("id: \(id)") }
        lines.append("frame: \(fmt(v.frame.origin.x)), \(fmt(v.frame.origin.y))  \(fmt(v.frame.width))×\(fmt(v.frame.height))")
        lines.append("proposal: \(fmt(v.proposal))")
        lines.append("size: \(fmt(v.frame.width))×\(fmt(v.frame.height))")
        lines.append("min: \(fmt(v.minSize))   ideal: \(fmt(v.idealSize))   max: \(fmt(v.maxSize))")
        lines.append("priority: \(fmt(v.priority))   zIndex: \(fmt(v.zIndex))")
        if !v.layoutValues.isEmpty { lines.append("layout values: " + v.layoutValues.joined(separator: ", ")) }
        if let p = v.parent { lines.append("parent: \(result.views[p].kind)") }
        return lines.joined(separator: "\n")
    }

    /// The trace of the last pass: the counters, the diagnostics, then the events grouped by
    /// the pass's steps (sizing, then placement), each in call order and named as people name
    /// views (`Text("Cat")`). `filter` keeps the events whose line contains it (any case).
    public func traceText(limit: Int = 1_500, filter: String = "") -> String {
        traceLines(limit: limit, filter: filter).map(\.text).joined(separator: "\n") + "\n"
    }

    /// The trace's lines, each with the view it is about (nil for headings and counters), so
    /// that a click on a line can select its view.
    public func traceLines(limit: Int = 1_500, filter: String = "") -> [(text: String, view: Int?)] {
        let c = result.counters
        var out: [(text: String, view: Int?)] = [
            // Two short lines: the inspector's trace pane is narrow.
            ("views \(c.viewCount) · size queries \(c.sizeQueries) · computed \(c.sizeComputations)", nil),
            ("cache hits \(c.cacheHits) (reused \(c.reusedSizes)) · direct answers \(c.directAnswers)", nil),
            ("layout sizeThatFits \(c.layoutSizeCalls) · placeSubviews \(c.placeSubviewsCalls) · alignment queries \(c.alignmentQueries)", nil),
            ("events \(result.trace.events.count)\(result.trace.isTruncated ? " (truncated)" : "")", nil),
            ("", nil),
        ]
        for d in result.diagnostics { out.append(("⚠ \(d)", d.view)) }
        for d in result.probeDiagnostics { out.append(("⚠ (min/ideal/max probe) \(d)", d.view)) }
        let needle = filter.trimmingCharacters(in: .whitespaces).lowercased()
        var sizing: [(String, Int?)] = [], placing: [(String, Int?)] = []
        var shown = 0, hidden = 0
        for e in result.trace.events {
            let name = displayName(of: e.view)
            let pad = String(repeating: "  ", count: min(e.depth, 30))
            let line: String
            switch e.kind {
            case .sizeThatFits: line = "\(pad)size   \(name) \(fmt(e.proposal)) → \(fmt(e.size.width))×\(fmt(e.size.height))"
            case .cachedSize: line = "\(pad)cache  \(name) \(fmt(e.proposal)) → \(fmt(e.size.width))×\(fmt(e.size.height))"
            case .reusedSize: line = "\(pad)reuse  \(name) \(fmt(e.proposal)) → \(fmt(e.size.width))×\(fmt(e.size.height))"
            case .directSize: line = "\(pad)direct \(name) \(fmt(e.proposal)) → \(fmt(e.size.width))×\(fmt(e.size.height))"
            case .placeSubviews:
                let o = e.origin.map { " at \(fmt($0.x)),\(fmt($0.y))" } ?? ""
                line = "\(pad)place  \(name) \(fmt(e.size.width))×\(fmt(e.size.height))\(o)"
            }
            if !needle.isEmpty, !line.lowercased().contains(needle) { continue }
            if shown >= limit { hidden += 1; continue }
            shown += 1
            let view = result.views.indices.contains(e.view) ? e.view : nil
            if e.kind == .placeSubviews { placing.append((line, view)) } else { sizing.append((line, view)) }
        }
        if !needle.isEmpty { out.append(("filter “\(filter)”: \(shown + hidden) events", nil)) }
        out.append(("", nil))
        out.append(("1. Sizing — sizeThatFits, cache hits and direct answers (\(sizing.count))", nil))
        out += sizing.map { (text: $0.0, view: $0.1) }
        out.append(("", nil))
        out.append(("2. Placement — placeSubviews (\(placing.count))", nil))
        out += placing.map { (text: $0.0, view: $0.1) }
        if hidden > 0 { out.append(("… \(hidden) more", nil)) }
        return out
    }
}

package func fmt(_ x: CGFloat) -> String { fmt(Double(x)) }
/// A length or number for display: integers without decimals, others with one; magnitudes of
/// 10¹⁵ and more (beyond `Int`'s exact range) in scientific notation, so any value displays.
package func fmt(_ x: Double) -> String {
    if x.isNaN { return "nan" }
    if x.isInfinite { return x > 0 ? "∞" : "-∞" }
    if abs(x) >= 1e15 { return String(format: "%.3g", x) }
    if x == x.rounded() { return String(Int(x)) }
    return String(format: "%.1f", x)
}
package func fmt(_ s: CGSize?) -> String {
    guard let s else { return "–" }
    return "\(fmt(s.width))×\(fmt(s.height))"
}
package func fmt(_ p: ProposedViewSize) -> String {
    "(\(p.width.map { fmt($0) } ?? "nil"), \(p.height.map { fmt($0) } ?? "nil"))"
}

/// Lays out the window's content somewhere else: the preview agent, in preview mode.
@MainActor
package protocol RemoteLayoutSource: AnyObject {
    /// The layout of the session's current scene and layout for `proposal`, or nil while it is
    /// not ready (it arrives later through `LabSession.applyRemoteResult`) or cannot be had.
    func layout(for session: LabSession, proposal: ProposedViewSize, rotation: Double) -> LayoutResult?
}
