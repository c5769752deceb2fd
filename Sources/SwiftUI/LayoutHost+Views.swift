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
    public func setRoot<V: View>(_ view: V) { setRoot(view, graph: nil) }

    /// Replaces the view tree, linking state to `graph` (a live build) when there is one.
    func setRoot<V: View>(_ view: V, graph: ViewGraph?) {
        let environment = self.environment
        replaceTree { stackBudget in
            graph?.beginBuild()
            defer { graph?.endBuild() }
            let state = BuildState(stackLimit: stackLimit(budget: stackBudget), graph: graph)
            let nodes = buildNodes(view, _ViewInputs(environment: environment, state: state))
            return BuiltTree(nodes: nodes, diagnostics: state.diagnostics, ranOutOfStack: state.ranOutOfStack)
        }
    }
}
