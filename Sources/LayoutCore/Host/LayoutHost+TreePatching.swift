import Foundation

// A rebuilt tree installed as a change: a live preview's update builds only the views on the
// path to what changed and shares every other subtree with the installed tree (a person's view
// whose inputs are unchanged hands out the nodes it built last time, `ReusedBuilds.swift`).
// Installing that tree from scratch would number, derive and fingerprint every view again,
// costing the tree rather than the change. SwiftUI's view graph keeps its unchanged attributes
// where they are; so does this: the new tree is laid over the installed one row by row, from the
// root, and only the views that are new objects are visited.
//
// Where both trees have a view at the same pre-order row with the same number of children, the
// new view takes the old one's row and its children are compared in turn; a child that is the
// very same object as the installed one is an unchanged subtree and is not entered. Where the
// number of children differs, the new subtree is numbered afresh from the old one's first row
// and must have as many views (otherwise views were added or removed: the tree is installed as
// a whole, as before). Each visited view keeps its memoised sizes when its fingerprint (which
// covers its subtree's layout inputs) is what its row's view had, exactly as a whole install
// adopts them; other rows are cleared, their containers' caches updated (`updateCache`), and
// the next pass places only the cleared range again.

extension LayoutHost {
    /// One row of the installed tree that a patch gives a new view.
    private struct PatchedRow {
        let row: Int
        let new: LayoutNode
        /// The view the row held, and its fingerprint before the patch derived anything.
        let old: LayoutNode
        let oldFingerprint: UInt64
        /// The entry of its parent's row (-1: the root's).
        let parentEntry: Int
    }

    /// Installs `built` by patching the installed tree where its views differ (see above);
    /// returns false, having changed nothing installed, when it cannot (no tree installed, a
    /// different number of views, a deep tree, views cut or out of stack), and the caller
    /// installs `built` as a whole. Call with the host held.
    func installPatching(_ built: BuiltTree) -> Bool {
        guard let oldRoot = tree.root, !built.ranOutOfStack, !tree.isCut, built.nodes.count == 1,
              tree.maxDepth <= LayoutHost.deepTreeThreshold, tree.heights.count == tree.nodes.count else { return false }
        let newRoot = built.nodes[0]
        let store = memo.store
        guard store.count == tree.nodes.count else { return false }

        // Phase 1: pair the rows. Nothing installed changes here (new views are linked and
        // numbered, which a whole install would do to them again).
        var rows: [PatchedRow] = []
        var deepest = 0, rightToLeft = false
        if newRoot !== oldRoot {
            if !newRoot.hasIdentity { newRoot.identity = mixKey(0, newRoot.structuralKey) }
            newRoot.parent = nil
        }
        var childRows: [Int] = []
        // (new, row, orientation given, depth, whether the row's subtree is numbered afresh, parent's entry)
        var stack: [(LayoutNode, Int, Axis?, Int, Bool, Int)] = [(newRoot, 0, nil, 0, false, -1)]
        while let (node, row, orientation, depth, afresh, parentEntry) = stack.popLast() {
            guard row < tree.nodes.count, depth <= LayoutHost.deepTreeThreshold else { return false }
            let old = tree.nodes[row]
            // The same object at its own row: an unchanged subtree, shared (the views inside a
            // reused build are never changed by the builds that share them).
            if node === old { continue }
            deepest = Swift.max(deepest, depth)
            rightToLeft = rightToLeft || node.mirrorsChildren
            node.index = row
            let entry = rows.count
            rows.append(PatchedRow(row: row, new: node, old: old, oldFingerprint: old.ensuredFingerprint(nonce: &memo.fingerprintNonce),
                                  parentEntry: parentEntry))
            switch node.kind {
            case .spacer, .divider: node.stackOrientation = orientation
            default: break
            }
            let count = node.childCount
            let isContainer = node.kind.identifiesChildrenByKey
            // Children keep their rows when the row's view has as many; else the subtree is
            // numbered afresh and must end where the old one did.
            let pairs = !afresh && old.childCount == count
            if !pairs && !afresh, LayoutHost.subtreeSize(node) != Int(store.subtreeEnd[row]) - row { return false }
            childRows.removeAll(keepingCapacity: true)
            var next = row + 1
            for i in 0..<count {
                childRows.append(next)
                let child = node.child(i)
                next = pairs ? Int(store.subtreeEnd[next]) : next + LayoutHost.subtreeSize(child)
            }
            for i in stride(from: count - 1, through: 0, by: -1) {
                let child = node.child(i)
                LayoutHost.link(child, to: node, at: i, isContainer: isContainer)
                stack.append((child, childRows[i], LayoutHost.childOrientation(of: node, at: i, given: orientation), depth + 1,
                              !pairs || afresh, entry))
            }
        }
        lastTreePatch = TreePatch(rows: 0, clearedRows: 0)
        if rows.isEmpty { return true }

        // Phase 2: the rows take their new views.
        if !isKnownUniquelyReferenced(&tree.description) { tree.description.detach() }
        // Described already (a result of the last pass was read), the old description gives the
        // new one every row whose view is unchanged.
        let oldDescription = tree.description
        tree.description = .empty
        var listsChanged = false, idsChanged = false, keysChanged = false
        for entry in rows {
            tree.nodes[entry.row] = entry.new
            if LayoutHost.isListed(entry.new) || LayoutHost.isListed(entry.old) { listsChanged = true }
            if entry.new.traits.explicitID != entry.old.traits.explicitID { idsChanged = true }
            if entry.new.replacementPoint?.lookupKey != entry.old.replacementPoint?.lookupKey { keysChanged = true }
        }
        tree.root = newRoot

        // Bottom-up (rows were paired in pre-order): each new view's properties, its fingerprint,
        // and whether its row keeps its sizes.
        var nonce = memo.fingerprintNonce
        var heights = tree.heights
        tree.heights = []
        // The range the next pass places again: the cleared rows none of whose children were
        // cleared (an ancestor of a cleared row contains it, so it is placed again anyway, and
        // its other children keep their placements).
        var clearedStart = Int.max, clearedEnd = 0, clearedRows = 0
        var childCleared = [Bool](repeating: false, count: rows.count)
        for (e, entry) in rows.enumerated().reversed() {
            let view = entry.new, row = entry.row
            LayoutHost.deriveTreeProperties(of: view, heights: &heights)
            view.computeFingerprint(nonce: &nonce)
            SizeMemoPolicy.assignMemo(view, in: store)
            store.parent[row] = Int32(truncatingIfNeeded: view.parent?.index ?? -1)
            let keepsSizes = view.fingerprint == entry.oldFingerprint
            if case .layout(let storage) = view.kind, case .layout(let oldStorage) = entry.old.kind {
                if storage !== oldStorage { storage.adoptCache(from: oldStorage) } else if !keepsSizes { storage.subviewsChanged() }
            }
            if !keepsSizes {
                store.clearRow(row)
                clearedRows += 1
                if !childCleared[e] {
                    clearedStart = Swift.min(clearedStart, row)
                    clearedEnd = Swift.max(clearedEnd, row + 1)
                }
                if entry.parentEntry >= 0 { childCleared[entry.parentEntry] = true }
            }
        }
        tree.heights = heights
        memo.fingerprintNonce = nonce
        if clearedEnd > 0 {
            // Containers' answers kept for fixed proposals (`SubviewSizesStamp`) may no longer hold.
            memo.sizesGeneration = SizesGeneration.next()
            if geometry.previous != nil {
                geometry.changedStart = geometry.changedEnd == 0 ? clearedStart : Swift.min(geometry.changedStart, clearedStart)
                geometry.changedEnd = Swift.max(geometry.changedEnd, clearedEnd)
            }
        }
        lastTreePatch = TreePatch(rows: rows.count, clearedRows: clearedRows)

        tree.maxDepth = Swift.max(tree.maxDepth, deepest)
        tree.hasRightToLeftViews = tree.hasRightToLeftViews || rightToLeft
        tree.buildDiagnostics = built.diagnostics
        if keysChanged { tree.replaceableIndex = nil }
        if listsChanged { findLayoutDependentViews() }
        if idsChanged { collectDuplicateIDs() }
        tree.description = TreeDescription(nodes: tree.nodes, hasStaticDisplayList: !tree.hasLayoutDependentVisibility,
                                           patching: oldDescription, changedRows: rows.map(\.row))
        return true
    }

    /// The number of views in `node`'s subtree.
    private static func subtreeSize(_ node: LayoutNode) -> Int {
        var size = 0
        var pending: [LayoutNode] = [node]
        while let n = pending.popLast() {
            size += 1
            n.forEachChild { pending.append($0) }
        }
        return size
    }
}

/// What the last tree installed by patching changed (`LayoutHost.lastTreePatch`).
package struct TreePatch: Equatable, Sendable {
    /// The rows given a new view (the views on the path to a change, and the changed views).
    package var rows: Int
    /// The rows whose sizes were cleared (the changed views and their ancestors, measured again).
    package var clearedRows: Int
    package init(rows: Int, clearedRows: Int) { self.rows = rows; self.clearedRows = clearedRows }
}
