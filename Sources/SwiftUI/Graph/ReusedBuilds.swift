import Foundation
import LayoutCore

// Updates that cost what changed: SwiftUI re-evaluates the views whose inputs changed and keeps
// the rest of its view graph as it was. Here, a person's view whose body would not be evaluated
// again (its value and environment the same, nothing it read changed) and under which nothing
// changed either gives the layout nodes it built last time instead of building them again:
// only the views on the path to a change are built, and a tap in a list of a thousand rows
// builds one row.
//
// What a build does besides making nodes is registered with the graph (controls' actions,
// gestures, lifecycle modifiers, views kept out of hit testing, diagnostics, the state and
// records it reached): each person's view keeps the part of the build's log it made, and a
// reuse registers it again. The views that read the graph's own state while building (a scroll
// view's offset, focus, an open menu, a presentation, a timeline's clock, a GeometryReader or
// preference reader built from a layout, lazy items) count in `volatileBuilds`, and a view whose
// build included one is built again at every update. A view built inside a `ViewModifier`'s
// body, as a grid's direct content, while registration is suppressed (screens under a pushed
// one, unselected tabs), or with an environment that is not the same is built again too.
//
// The top nodes a view built are the ones the modifiers around it change (an `.id`, a
// transition, a layout direction, preferences): the record keeps a copy of each as it was built
// and a reuse hands out a copy of that, so those changes never reach the kept views. The nodes
// inside are shared between builds; nothing outside changes them.

/// What one build registered with the graph, in order. The reusable builds made during it
/// name their parts of it (a range) rather than copying them: a view's part holds the parts of
/// every view inside it, so copies cost the square of the nesting depth.
final class BuildLog {
    // (Unchecked: appended to and read by the build on its thread only; a reusable build reads
    // its part through a copy of the array.)
    @exclusivity(unchecked) var events: [BuildEvent] = []
    var count: Int { events.count }
    func append(_ event: BuildEvent) { events.append(event) }
}

/// One registration of a build, kept to be done again when the view that made it is reused.
enum BuildEvent {
    case interaction(LayoutNode, Interaction)
    case gesture(LayoutNode, GestureAttachment)
    case excludedFromHitTesting(LayoutNode)
    /// A lifecycle modifier's registration (`onAppear`, `onChange`, `task`, …) and its identity:
    /// done again, it compares with what the last update saw, as a build does.
    case lifecycle((ViewGraph, UInt64) -> Void, UInt64)
    /// State storage the build reached (kept while reached).
    case storage(ViewGraph.ViewStorage)
    /// A body record the build reached (kept while reached).
    case record(UInt64)
}

/// What a person's view built last time, for an update that reuses it (`ViewGraph.reuse`).
final class ReusableBuild {
    /// Copies of the top nodes as built, before anything outside changed them.
    let templates: [LayoutNode]
    /// The top nodes as the events name them.
    let roots: [LayoutNode]
    /// The log of the build it was made in, and its part of it.
    let log: BuildLog
    let eventRange: Range<Int>
    /// The registrations the build made, in order (its inner views' too).
    var events: ArraySlice<BuildEvent> { log.events[eventRange] }
    /// The diagnostics it reported.
    let diagnostics: [(message: String, view: LayoutNode?)]
    /// The inputs it was built with, besides the view's value.
    let environment: EnvironmentValues
    let key: UInt64

    init(templates: [LayoutNode], roots: [LayoutNode], log: BuildLog, eventRange: Range<Int>,
         diagnostics: [(message: String, view: LayoutNode?)], environment: EnvironmentValues, key: UInt64) {
        self.templates = templates; self.roots = roots; self.log = log; self.eventRange = eventRange; self.diagnostics = diagnostics
        self.environment = environment; self.key = key
    }
}

extension ViewGraph {
    /// Whether the text input at `identity` has focus, read while building it (which makes the
    /// views around it build again at every update).
    func readsFocus(of identity: UInt64) -> Bool {
        volatileBuilds &+= 1
        return focusedTextInput == identity
    }

    /// Keeps `node` (and what is inside it) out of hit testing in this build.
    func excludeFromHitTesting(_ node: LayoutNode) {
        excludedFromHitTesting.append(node)
        buildLog.append(.excludedFromHitTesting(node))
    }

    /// Marks the records above `record` (its parent, theirs, …) as holding a change: they are
    /// built again, so that the change below them is.
    func markAboveChange(_ record: BodyRecord) {
        var above = record.parent
        while let r = above, !r.containsChange {
            r.containsChange = true
            recordsAboveChanges.append(r)
            above = r.parent
        }
    }

    /// Whether a view with inputs `inputs` may be built from `build` (its value and body record
    /// were checked by the caller).
    func mayReuse(_ build: ReusableBuild, _ inputs: _ViewInputs) -> Bool {
        keepsBuilds(with: inputs) && build.key == inputs.key && build.environment.isSame(as: inputs.environment)
    }

    /// Whether a view built with `inputs` may keep its build or be given a kept one: not inside
    /// a `ViewModifier`'s body, a grid's direct content, a lazy item, or while registration is
    /// suppressed (the log would lack what was not registered).
    private func keepsBuilds(with inputs: _ViewInputs) -> Bool {
        reusesUnchangedViews && !isSuppressingRegistration && inputs.modifierContents.isEmpty
            && !inputs.isGridContent && !inputs.isLazyContent && inputs.lazyItem == nil
    }

    /// What the build of a person's view since `logStart` / `diagnosticsStart` / `volatileStart`
    /// made as its top nodes `roots` keeps for reuse; nil when it cannot be reused.
    func reusableBuild(roots: ArraySlice<LayoutNode>, logStart: Int, diagnosticsStart: Int, volatileStart: Int,
                       inputs: _ViewInputs) -> ReusableBuild? {
        // A build that ran out of stack left views out (it is made again on a larger stack).
        guard keepsBuilds(with: inputs), volatileBuilds == volatileStart, !inputs.state.ranOutOfStack else { return nil }
        // A top node carrying preferences would share its attachment with every copy, and the
        // modifiers outside add to it.
        for root in roots where root.postLayoutAttachment != nil { return nil }
        let diagnostics = inputs.state.diagnostics
        return ReusableBuild(templates: roots.map { $0.builtCopy() }, roots: Array(roots),
                             log: buildLog, eventRange: logStart..<buildLog.count,
                             diagnostics: diagnosticsStart < diagnostics.count ? Array(diagnostics[diagnosticsStart...]) : [],
                             environment: inputs.environment, key: inputs.key)
    }

    /// Gives the nodes `build` made (copies of its top nodes), registering again what it
    /// registered, as building the view again would.
    func reuse(_ build: ReusableBuild, state: BuildState, outputs: inout _ViewOutputs) {
        let copies = build.templates.map { $0.builtCopy() }
        @inline(__always) func current(_ node: LayoutNode) -> LayoutNode {
            for (i, root) in build.roots.enumerated() where root === node { return copies[i] }
            return node
        }
        for event in build.events {
            switch event {
            case .interaction(let node, let interaction): register(interaction, on: current(node))
            case .gesture(let node, let attachment): register(attachment, on: current(node))
            case .excludedFromHitTesting(let node): excludeFromHitTesting(current(node))
            case .lifecycle(let register, let identity):
                register(self, identity)
                buildLog.append(event)
            case .storage(let kept):
                kept.lastBuild = buildNumber
                buildLog.append(event)
            case .record(let key): _ = record(key)
            }
        }
        for (message, view) in build.diagnostics { state.diagnostics.append((message, view.map(current))) }
        outputs.nodes.append(contentsOf: copies)
        noteReuse()
    }
}

extension EnvironmentValues {
    /// Whether views built in this environment and in `other` are the same: every value equal
    /// (custom values compared as `sameValue` compares them: by `==`, objects by identity,
    /// anything else by its bytes). Conservative: a value that cannot be compared counts as
    /// changed.
    func isSame(as other: EnvironmentValues) -> Bool {
        if sharesValues(with: other) { return true }
        guard font == other.font, foregroundStyle == other.foregroundStyle, tint == other.tint,
              multilineTextAlignment == other.multilineTextAlignment, lineLimit == other.lineLimit,
              layoutDirection == other.layoutDirection, colorScheme == other.colorScheme, textStyling == other.textStyling,
              buttonStyle == other.buttonStyle, imageScale == other.imageScale,
              sameValue(containers, other.containers) else { return false }
        let a = storage.values, b = other.storage.values
        guard a.count == b.count else { return false }
        // Views inside an unchanged environment share its values' buffer: nothing to compare.
        if a.isEmpty || a.withUnsafeBufferPointer({ x in b.withUnsafeBufferPointer { x.baseAddress == $0.baseAddress } }) { return true }
        for (x, y) in zip(a, b) where x.key != y.key || !sameAnyValue(x.value, y.value) { return false }
        return true
    }
}

/// Whether two values held as `Any` are the same: of one type, and equal as `sameValue` tells
/// (objects by identity).
func sameAnyValue(_ a: Any, _ b: Any) -> Bool {
    guard type(of: a) == type(of: b) else { return false }
    if type(of: a) is AnyClass { return (a as AnyObject) === (b as AnyObject) }
    func open<T>(_ x: T) -> Bool {
        guard let y = b as? T else { return false }
        return sameValue(x, y)
    }
    return _openExistential(a, do: open)
}
