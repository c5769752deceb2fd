import Foundation
import LayoutCore

// The host's view-facing half: trees are built from view values here and installed by the
// layout core's host, which never sees a `View`.

extension LayoutHost {
    /// Creates a host for `root`, measuring text with `textMeasurer` (the deterministic measurer by default) and building in `environment`.
    public convenience init<V: View>(_ root: V, textMeasurer: any TextMeasurer = DeterministicTextMeasurer(),
                                     environment: EnvironmentValues = EnvironmentValues()) {
        self.init(textMeasurer: textMeasurer)
        self.environment = environment
        setRoot(root)
    }

    /// Lays out `view` once: the one-call form of `LayoutHost(view).layout(in: size)`.
    public static func layout<V: View>(_ view: V, in size: CGSize, textMeasurer: any TextMeasurer = DeterministicTextMeasurer(),
                                       options: LayoutOptions = LayoutOptions()) -> LayoutResult {
        LayoutHost(view, textMeasurer: textMeasurer).layout(in: size, options: options)
    }

    /// The environment the root view sees.
    public var environment: EnvironmentValues {
        get { rootEnvironment as? EnvironmentValues ?? EnvironmentValues() }
        set { rootEnvironment = newValue }
    }

    /// Replaces the view tree. Identities are structural, so views in the same place keep them.
    ///
    /// Views that observe preferences (`onPreferenceChange`) change their state from the values
    /// a layout produces, as in SwiftUI; such a tree is built again linked to a view graph of the
    /// host's own (started anew by each `setRoot`), which keeps that state while `layout`
    /// applies it and lays out again until the screen settles. Other trees are built once, with
    /// their initial state, and cost nothing more.
    public func setRoot<V: View>(_ view: V) {
        let environment = self.environment
        // Built once without a graph; a tree that observes preferences is built again linked to
        // a graph of its own. Both builds and the hook happen in one turn of the host, so a pass
        // on another thread never pairs this tree with the previous tree's hook.
        var hook: (any LayoutUpdateHook)? = nil
        replaceTree(building: { stackBudget in
            var observes = false
            let plain = LayoutHost.treeBuilder(view, graph: nil, environment: environment) { observes = $0 }(stackBudget)
            guard observes else {
                hook = nil
                return plain
            }
            let graph = ViewGraph()
            hook = PreferenceUpdater(graph: graph) { LayoutHost.treeBuilder(view, graph: graph, environment: environment) }
            return LayoutHost.treeBuilder(view, graph: graph, environment: environment)(stackBudget)
        }, updateHook: { hook })
    }

    /// Replaces the view tree, linking state to `graph` (a live build) when there is one.
    /// Returns whether a view of it observes preferences.
    @discardableResult
    func setRoot<V: View>(_ view: V, graph: ViewGraph?) -> Bool {
        var observes = false
        let build = LayoutHost.treeBuilder(view, graph: graph, environment: environment) { observes = $0 }
        // A live update shares the views of what did not change with the installed tree.
        replaceTree(building: build, patching: graph?.patchesInstalledTree ?? false)
        return observes
    }

    /// What builds `view` into a tree for the host to install (called with the stack budget;
    /// `noteObservers` learns whether a view observes preferences).
    static func treeBuilder<V: View>(_ view: V, graph: ViewGraph?, environment: EnvironmentValues,
                                     noteObservers: @escaping (Bool) -> Void = { _ in }) -> (Int) -> BuiltTree {
        { stackBudget in
            graph?.beginBuild()
            let state = BuildState(stackLimit: stackLimit(budget: stackBudget), graph: graph)
            // (A build that ran out of the caller's stack is made again on a larger one: its
            // graph keeps what the views it did not reach had. The larger stack's build is the
            // last, whether or not it ran out too.)
            defer { graph?.endBuild(abandoned: state.ranOutOfStack && stackBudget <= LayoutHost.callerBuildStack) }
            let nodes = buildNodes(view, _ViewInputs(environment: environment, state: state))
            noteObservers(state.observesPreferences)
            return BuiltTree(nodes: nodes, diagnostics: state.diagnostics, ranOutOfStack: state.ranOutOfStack, viewsBuilt: state.viewsBuilt)
        }
    }
}
