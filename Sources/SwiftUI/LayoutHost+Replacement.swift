import Foundation
import Synchronization
import LayoutCore

// Changing part of a tree without rebuilding the rest: code that drives a `LayoutHost` itself
// (tests, benchmarks, tools) names a view by the id it gave it (`.id(_:)`) and gives the view
// that now stands there. The new view is built with the inputs the old one had (its
// environment, identity and container context, recorded when the `.id` view was built) and
// installed in its place; the rest of the tree keeps its views, sizes and placements, so the
// change costs what it changes (`LayoutHost.replaceSubtree`).

/// How `LayoutHost.replaceView(id:with:)` put a view in: what the change cost.
public enum ViewReplacement: Equatable, Sendable {
    /// The new view has as many views inside as the old one: it took their places, and only
    /// it and its ancestors are measured and placed again.
    case patchedInPlace
    /// The number of views changed (or the view holds a `ViewThatFits`, a GeometryReader,
    /// preferences or safe-area behaviour, which the whole tree keeps lists of): the tree was
    /// installed again around it; its unchanged views keep their sizes and placements, as after
    /// `setRoot`.
    case reinstalledTree
}

/// Why `LayoutHost.replaceView(id:with:)` changed nothing.
public struct ViewReplacementError: Error, CustomStringConvertible, Sendable {
    /// What was wrong, naming the view.
    public let description: String
}

extension LayoutHost {
    /// Replaces the view that has the explicit id `id` (the first in `LayoutResult.views`' order)
    /// with `view`, built where the old one was: in its environment, with its identity and its
    /// place in its container, and given the id again. The rest of the tree is not rebuilt: its
    /// views keep their memoised sizes and the next layout copies the placements of every
    /// subtree the change did not move.
    ///
    /// SwiftUI updates a view hierarchy the same way: a changed input re-evaluates the views
    /// that depend on it, and the others answer as before. The view must have been given its id
    /// with `.id(_:)`, and be one view (not a group of several); the modifiers around it must
    /// not change it (a trait such as `.layoutPriority` applied to a `ForEach` of `.id` views,
    /// a transition, an opacity): those it is not built again with, so it is refused. Views
    /// of a live preview, and trees that observe preferences, change through their state.
    ///
    /// The view is found in an index of the `.id` views, made at the first replacement after a
    /// tree is installed and kept by replacements that keep the ids where they were.
    @discardableResult
    public func replaceView<ID: Hashable, V: View>(id: ID, with view: V) throws(ViewReplacementError) -> ViewReplacement {
        let key = hashKey(id)
        return try replaceView(with: view) { views in
            if let index = views.index(ofKey: key), let point = views.nodes[index].replacementPoint as? IdentifiedBuildPoint<ID>,
               point.id == id {
                return .success(index)
            }
            // Another id with the same hash first, or an id given otherwise: look at every view.
            for (index, node) in views.nodes.enumerated() {
                if let point = node.replacementPoint as? IdentifiedBuildPoint<ID>, point.id == id { return .success(index) }
            }
            if let index = views.nodes.firstIndex(where: { $0.traits.explicitID == AnyHashable(id) }) {
                return .failure(SubtreeRefusal("view \(index), with the id \(id), cannot be replaced: its id was not given with .id(_:) on one view outside a live preview (a ForEach's element ids name views but do not record where they were built)"))
            }
            return .failure(SubtreeRefusal("no view has the id \(id)"))
        }
    }

    /// Replaces the view at pre-order `index` (its row in `LayoutResult.views`), which must have
    /// been given an id with `.id(_:)`, with `view`, as `replaceView(id:with:)` does.
    @discardableResult
    public func replaceView<V: View>(at index: Int, with view: V) throws(ViewReplacementError) -> ViewReplacement {
        try replaceView(with: view) { views in
            guard index >= 0, index < views.nodes.count else {
                return .failure(SubtreeRefusal("there is no view \(index): the tree has \(views.nodes.count) views"))
            }
            return .success(index)
        }
    }

    /// Replaces the view `choose` picks with `view`, built at its replacement point.
    private func replaceView<V: View>(with view: V, choosing choose: (ReplaceableViews) -> Result<Int, SubtreeRefusal>)
        throws(ViewReplacementError) -> ViewReplacement {
        let outcome = replaceSubtree(choosing: { views in
            choose(views).flatMap { index in
                let old = views.nodes[index]
                guard let point = old.replacementPoint as? ReplaceableBuildPoint else {
                    return .failure(SubtreeRefusal("view \(index) (\(old.kindName)) cannot be replaced: only a view given an id with .id(_:), one view outside a live preview, records where it was built"))
                }
                guard old.ownStateDigest() == point.digest else {
                    return .failure(SubtreeRefusal("view \(index) (\(old.kindName)) cannot be replaced: the modifiers around its .id(_:) changed it after it was built (a trait, a transition, drawing), and a replacement would be built without them; put the .id(_:) outside them"))
                }
                return .success(index)
            }
        }, building: { old, stackBudget in
            // (The point was checked when the view was chosen.)
            let point = old.replacementPoint as! ReplaceableBuildPoint
            let state = BuildState(stackLimit: stackLimit(budget: stackBudget), graph: nil)
            state.nextGridRowID = ReplaceableBuildPoint.gridRowIDBase()
            var outputs = _ViewOutputs()
            buildView(view, point.recorded.inputs(in: state), &outputs)
            for node in outputs.nodes { point.mark(node, replacing: old) }
            return BuiltTree(nodes: outputs.nodes, diagnostics: state.diagnostics, ranOutOfStack: state.ranOutOfStack)
        })
        switch outcome {
        case .patchedInPlace: return .patchedInPlace
        case .reinstalled: return .reinstalledTree
        case .rejected(let reason): throw ViewReplacementError(description: reason)
        }
    }
}

/// The inputs a view was built with but the build's state: what a build somewhere else needs to
/// build a view as it would be built there.
struct RecordedInputs {
    let environment: EnvironmentValues
    let key: UInt64
    let identity: UInt64
    let modifierContents: [ModifierContentBuilder]
    let isGridContent: Bool
    let lazyContent: LazyContainerKey

    init(_ inputs: _ViewInputs) {
        environment = inputs.environment
        key = inputs.key
        identity = inputs.identity
        modifierContents = inputs.modifierContents
        isGridContent = inputs.isGridContent
        lazyContent = inputs.lazyContent
    }

    /// The recorded inputs, for a build with `state`.
    func inputs(in state: BuildState) -> _ViewInputs {
        var inputs = _ViewInputs(environment: environment, state: state)
        inputs.key = key
        inputs.identity = identity
        inputs.modifierContents = modifierContents
        inputs.isGridContent = isGridContent
        inputs.lazyContent = lazyContent
        return inputs
    }
}

/// Where a view given an id was built: the inputs it had, so that a replacement is built as it
/// would have been there, and a digest of the view as built, to tell whether the modifiers
/// around it changed it afterwards.
class ReplaceableBuildPoint: ReplacementPoint {
    let recorded: RecordedInputs
    let digest: UInt64?

    init(node: LayoutNode, recorded: RecordedInputs) {
        self.recorded = recorded
        digest = node.ownStateDigest()
    }

    var lookupKey: UInt64 { 0 }

    /// Gives a replacement's view what the `.id(_:)` gave `old`, and what the views around
    /// `old` decided for it after it was built: a layout direction, the grid row it is a cell of.
    func mark(_ node: LayoutNode, replacing old: LayoutNode) {
        if old.layoutDirectionIsDecided, !node.layoutDirectionIsDecided {
            node.mirrorsChildren = old.mirrorsChildren
            node.layoutDirectionIsDecided = true
        }
        if let rowID = old.traits.gridRowID, node.traits.gridRowID == nil {
            node.traits.gridRowID = rowID
            node.traits.gridRowAlignment = old.traits.gridRowAlignment
        }
    }

    private static let lastGridRowBase = Atomic<Int>(0)
    /// Where a replacement's grid rows start numbering: past every row of the build it joins
    /// (a build numbers its rows from 1) and of every other replacement.
    static func gridRowIDBase() -> Int {
        (lastGridRowBase.wrappingAdd(1, ordering: .relaxed).newValue & 0x7fff_ffff) << 32
    }
}

/// A `ReplaceableBuildPoint` of an `.id(_:)` view, with its id.
final class IdentifiedBuildPoint<ID: Hashable>: ReplaceableBuildPoint {
    let id: ID
    /// `hashKey(id)`: the structural key the id mixes in.
    let idKey: UInt64

    init(node: LayoutNode, id: ID, key: UInt64, recorded: RecordedInputs) {
        self.id = id
        idKey = key
        super.init(node: node, recorded: recorded)
    }

    static func record(on node: LayoutNode, id: ID, key: UInt64, inputs: _ViewInputs) {
        node.replacementPoint = IdentifiedBuildPoint(node: node, id: id, key: key, recorded: RecordedInputs(inputs))
    }

    override var lookupKey: UInt64 { idKey }

    override func mark(_ node: LayoutNode, replacing old: LayoutNode) {
        node.traits.setExplicitID(id)
        node.structuralKey = mixKey(node.structuralKey, idKey)
        super.mark(node, replacing: old)
        // (The digest leaves out what was taken over from the old view.)
        node.replacementPoint = IdentifiedBuildPoint(node: node, id: id, key: idKey, recorded: recorded)
    }
}
