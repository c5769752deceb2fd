import Foundation

// A change to part of a tree, applied as a change: the view at one pre-order index is replaced by
// newly built views and the rest of the installed tree keeps its nodes, memoised sizes, layout
// caches and last placements. SwiftUI updates its view graph the same way: the attributes
// below a changed input are recomputed, the others answer as before.
//
// When the replacement has as many views as the subtree it replaces (a value edited: a width,
// a colour, a text), it is patched in place: the new views take the old ones' pre-order rows,
// their ancestors are derived again (heights, flags, fingerprints) and measured anew, and the
// next pass copies every other subtree's placements from the last one. The cost is the size of
// the replacement plus its ancestors. Any other change (views added or removed, a view whose
// presence changes a tree-wide list: a `ViewThatFits`, a GeometryReader, preferences, safe-area
// behaviour) is spliced into the tree, which is then installed again as a whole, keeping the
// sizes and placements of every view whose inputs are unchanged, as `setRoot` does.

/// Why no view was chosen for `LayoutHost.replaceSubtree(choosing:building:)`.
package struct SubtreeRefusal: Error {
    package let reason: String
    package init(_ reason: String) { self.reason = reason }
}

/// What `LayoutHost.replaceSubtree(choosing:building:)` did.
package enum SubtreeReplacement: Equatable, Sendable {
    /// The new views took the old ones' rows; nothing else in the tree was visited.
    case patchedInPlace
    /// The new views were spliced in and the whole tree installed again.
    case reinstalled
    /// Nothing changed, for the reason given.
    case rejected(String)
}

/// Which installed view `LayoutHost.replaceSubtree(choosing:building:)` replaces, found while
/// the host is held: the views in pre-order, and those with a replacement point by key.
package struct ReplaceableViews {
    /// The installed views, in pre-order.
    package let nodes: [LayoutNode]
    fileprivate let host: LayoutHost

    /// The first installed view (pre-order) whose replacement point has `key`, found in the
    /// host's index of them (made at the first lookup after a tree is installed).
    package func index(ofKey key: UInt64) -> Int? { host.indexOfReplaceableView(withKey: key) }
}

extension LayoutHost {
    /// Replaces an installed view, and its subtree, by the views `build` makes: `choose` picks
    /// the view (its pre-order index, `LayoutResult.views`' order) or says why none, and `build`
    /// is given it and the stack it may use (as in `replaceTree`). Several views in place of one
    /// are spliced among its siblings; none remove it. The replaced views' build diagnostics
    /// go and the new ones' are kept. Both closures run while the host is held, so no other
    /// call changes the tree in between.
    package func replaceSubtree(choosing choose: (ReplaceableViews) -> Result<Int, SubtreeRefusal>,
                                building build: (_ old: LayoutNode, _ stackBudget: Int) -> BuiltTree) -> SubtreeReplacement {
        guard gate.enter() else {
            let message = "a view was replaced on this host from inside its own layout pass and the call was ignored; a host runs one call at a time"
            misuse.errors.append(message)
            return .rejected(message)
        }
        defer { gate.leave() }
        guard updateHook == nil else {
            return .rejected("the tree observes preferences (onPreferenceChange), so its views are built from its root again after layouts; replace the root instead")
        }
        let index: Int
        switch choose(ReplaceableViews(nodes: tree.nodes, host: self)) {
        case .success(let chosen): index = chosen
        case .failure(let refusal): return .rejected(refusal.reason)
        }
        guard index >= 0, index < tree.nodes.count else {
            return .rejected("there is no view \(index): the installed tree has \(tree.nodes.count) views")
        }
        let old = tree.nodes[index]
        var built = build(old, LayoutHost.callerBuildStack)
        if built.ranOutOfStack { built = onLargeStack { build(old, LayoutHost.deepTreeStackSize - (16 << 20)) } }
        let oldEnd = Int(memo.store.subtreeEnd[index])
        guard let parent = old.parent else {
            installReplacing(built)
            return .reinstalled
        }
        let position = Int(old.childPosition)
        if parent.kind.isUnaryModifier && built.nodes.count != 1 {
            return .rejected("view \(index) is the content of a \(parent.kindName), which holds exactly one view; it was given \(built.nodes.count)")
        }
        // A result still held describes the tree as it was, so it is described before any view changes.
        if !isKnownUniquelyReferenced(&tree.description) { tree.description.detach() }
        tree.description = .empty
        let diagnostics = diagnostics(outside: index..<oldEnd) + built.diagnostics
        let releasesOld = tree.maxDepth > LayoutHost.deepTreeThreshold
        defer { if releasesOld { LayoutHost.release([old]) } }
        var cut = false
        if built.nodes.count == 1, !built.ranOutOfStack,
           patchInPlace(old, range: index..<oldEnd, by: built.nodes[0], diagnostics: diagnostics, cut: &cut) {
            return .patchedInPlace
        }
        var children = parent.children
        children.replaceSubrange(position...position, with: built.nodes)
        parent.children = children
        if case .layout(let storage) = parent.kind { storage.subviewsChanged() }
        guard let root else { return .reinstalled }
        install([root], diagnostics: diagnostics, ranOutOfStack: tree.isCut || built.ranOutOfStack || cut)
        return .reinstalled
    }

    /// The first installed view with a replacement point of `key` (`ReplaceableViews`); call
    /// with the host held.
    fileprivate func indexOfReplaceableView(withKey key: UInt64) -> Int? {
        if tree.replaceableIndex == nil {
            var made: [UInt64: Int] = [:]
            for (i, node) in tree.nodes.enumerated() {
                if let point = node.replacementPoint, made[point.lookupKey] == nil { made[point.lookupKey] = i }
            }
            tree.replaceableIndex = made
        }
        return tree.replaceableIndex?[key]
    }

    /// The installed tree's build diagnostics but those about the views in `range`.
    private func diagnostics(outside range: Range<Int>) -> [(message: String, view: LayoutNode?)] {
        tree.buildDiagnostics.filter { entry in
            guard let view = entry.view else { return true }
            return !(range.contains(view.index) && tree.nodes[view.index] === view)
        }
    }

    /// Puts `new` in the rows of the subtree of `old` (`range`), when it has as many views and
    /// none whose presence changes a tree-wide list; false (with `new` linked under `old`'s
    /// parent but not installed, and `tooDeep` set when views nested too deeply were cut)
    /// otherwise.
    private func patchInPlace(_ old: LayoutNode, range: Range<Int>, by new: LayoutNode,
                              diagnostics: [(message: String, view: LayoutNode?)], cut tooDeep: inout Bool) -> Bool {
        guard let parent = old.parent else { return false }
        let position = Int(old.childPosition)
        // Its ancestors, parent first (its depth is their number).
        var ancestors: [LayoutNode] = []
        var above: LayoutNode? = parent
        while let a = above { ancestors.append(a); above = a.parent }
        let depth = ancestors.count
        // The stack orientation the replaced view is given: from the root down.
        var given: Axis? = nil
        for k in stride(from: ancestors.count - 1, through: 1, by: -1) {
            given = LayoutHost.childOrientation(of: ancestors[k], at: Int(ancestors[k - 1].childPosition), given: given)
        }
        given = LayoutHost.childOrientation(of: parent, at: position, given: given)

        // Number the new views from the old subtree's first row, as `finalize` numbers a tree.
        LayoutHost.link(new, to: parent, at: position, isContainer: parent.kind.identifiesChildrenByKey)
        var views: [LayoutNode] = []
        views.reserveCapacity(range.count)
        var deepest = depth, rightToLeft = false
        var stack: NumberingStack = [(Unmanaged.passUnretained(new), given, depth)]
        while let (entry, orientation, level) = stack.popLast() {
            let node = entry.takeUnretainedValue()
            deepest = Swift.max(deepest, level)
            rightToLeft = rightToLeft || node.mirrorsChildren
            node.index = range.lowerBound + views.count
            views.append(node)
            switch node.kind {
            case .spacer, .divider: node.stackOrientation = orientation
            default: break
            }
            LayoutHost.linkChildren(of: node, orientation: orientation, depth: level, tooDeep: &tooDeep, stack: &stack)
        }
        guard !tooDeep, views.count == range.count,
              !views.contains(where: LayoutHost.isListed), !tree.nodes[range].contains(where: LayoutHost.isListed) else { return false }

        parent.replaceChild(at: position, with: new)
        // The index of replaceable views holds while the same keys are at the same rows.
        if tree.replaceableIndex != nil,
           zip(tree.nodes[range], views).contains(where: { $0.replacementPoint?.lookupKey != $1.replacementPoint?.lookupKey }) {
            tree.replaceableIndex = nil
        }
        let idsChanged = zip(tree.nodes[range], views).contains { $0.traits.explicitID != $1.traits.explicitID }
        for (k, view) in views.enumerated() { tree.nodes[range.lowerBound + k] = view }

        // Bottom-up, as `derivePropertiesBottomUp` derives a whole tree: the new views, then
        // their ancestors, whose sizes depend on them (their fingerprints are made unique rather
        // than hashed again: what changed below them is known).
        let store = memo.store
        var nonce = memo.fingerprintNonce
        var heights = tree.heights
        tree.heights = []
        for view in views.reversed() {
            LayoutHost.deriveTreeProperties(of: view, heights: &heights)
            store.clearRow(view.index)
            SizeMemoPolicy.assignMemo(view, in: store)
            store.parent[view.index] = Int32(truncatingIfNeeded: view.parent?.index ?? -1)
            store.subtreeEnd[view.index] = Int32(truncatingIfNeeded: view.lastChild.map { Int(store.subtreeEnd[$0.index]) } ?? view.index + 1)
            view.computeFingerprint(nonce: &nonce)
        }
        for ancestor in ancestors {
            LayoutHost.deriveTreeProperties(of: ancestor, heights: &heights)
            store.clearRow(ancestor.index)
            SizeMemoPolicy.assignMemo(ancestor, in: store)
            ancestor.makeFingerprintUnique(nonce: &nonce)
            if case .layout(let storage) = ancestor.kind { storage.subviewsChanged() }
        }
        tree.heights = heights
        memo.fingerprintNonce = nonce
        // Containers' answers kept for fixed proposals (`SubviewSizesStamp`) may no longer hold.
        memo.sizesGeneration = SizesGeneration.next()
        if geometry.previous != nil {
            geometry.changedStart = geometry.changedEnd == 0 ? range.lowerBound : Swift.min(geometry.changedStart, range.lowerBound)
            geometry.changedEnd = Swift.max(geometry.changedEnd, range.upperBound)
        }

        tree.maxDepth = Swift.max(tree.maxDepth, deepest)
        tree.hasRightToLeftViews = tree.hasRightToLeftViews || rightToLeft
        tree.buildDiagnostics = diagnostics
        if idsChanged { collectDuplicateIDs() }
        tree.description = TreeDescription(nodes: tree.nodes, hasStaticDisplayList: !tree.hasLayoutDependentVisibility)
        return true
    }

    /// Whether a view's presence changes one of the installed tree's lists of views
    /// (`findLayoutDependentViews`): such a replacement is installed as a whole, and a patch
    /// that changes one collects the lists again.
    static func isListed(_ node: LayoutNode) -> Bool {
        if case .viewThatFits = node.kind { return true }
        return node.geometryReaderRecord != nil || node.safeAreaBehavior != nil || node.postLayoutAttachment != nil
    }
}
