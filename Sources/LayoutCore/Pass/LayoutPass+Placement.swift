import Foundation

/// A subview placement recorded by `LayoutSubview.place`, committed after `placeSubviews`.
struct PendingPlacement {
    var origin: CGPoint
    var size: CGSize
    /// Packed in 16 bytes (a `ProposedViewSize` takes 32): the arena holds a record for every
    /// subview of the containers placing at once, 56 bytes each.
    private var packedProposal: PackedProposal
    /// The stamp of the region it was recorded in: a record is current only in that region, so
    /// opening a region writes nothing.
    var stamp: UInt32
    static let empty = PendingPlacement(origin: .zero, size: .zero, proposal: .unspecified, stamp: 0)

    @inline(__always) init(origin: CGPoint, size: CGSize, proposal: ProposedViewSize, stamp: UInt32) {
        self.origin = origin; self.size = size; packedProposal = PackedProposal(proposal); self.stamp = stamp
    }

    var proposal: ProposedViewSize { packedProposal.proposal }
}

/// The placement records of the running `placeSubviews` calls, in a stack of regions (one per
/// running call, `PlacementRegion`): the host makes it once at the largest fan-out and lends it
/// to each pass (`LayoutPass.arena`), rather than every pass growing and filling its own.
/// Records of earlier passes carry older stamps, so no region reads them.
struct PlacementArena {
    /// The placements recorded by the running `placeSubviews` calls (`LayoutPass.beginPlacement`).
    var records: [PendingPlacement] = []
    /// The end of the open regions in `records`.
    var top = 0
    /// The last region stamp used.
    var stamp: UInt32 = 0
    /// The bounds of the containers committing their placements as they are made
    /// (`LayoutPass.placeDirectly`), innermost last.
    var directBounds: [CGRect] = []

    /// Past half the stamps, starts again from 0 with every record forgotten. Called between
    /// passes (no region open), so that no pass wraps the stamps while placing.
    mutating func startOverPastHalfTheStamps() {
        guard stamp > UInt32.max / 2 else { return }
        for i in records.indices { records[i].stamp = 0 }
        stamp = 0
    }
}

/// The geometry arrays a pass writes while placing, and the previous pass's it may reuse, as
/// pointers valid while `LayoutPass.placing` runs.
struct PlacementBuffers {
    let frames: UnsafeMutablePointer<CGRect>
    let localOrigins: UnsafeMutablePointer<CGPoint>
    let proposals: UnsafeMutablePointer<PackedProposal>
    /// The previous pass's (`oldCount` views; 0 when there is none to reuse).
    let oldFrames: UnsafePointer<CGRect>?
    let oldLocalOrigins: UnsafePointer<CGPoint>?
    let oldProposals: UnsafePointer<PackedProposal>?
    let oldCount: Int
}

/// Where a container's running `placeSubviews` call records placements (`NodeStore.activePlacement`).
struct ActivePlacement {
    /// The region's base in `PlacementArena.records`, plus one (0: not placing; the array is zeroed
    /// memory, of which only placing containers' rows are ever written).
    var regionPlusOne: Int32
    /// The region's stamp (`PendingPlacement.stamp`).
    var stamp: UInt32
}

/// The records of one running `placeSubviews` call in `PlacementArena.records`.
struct PlacementRegion {
    let base: Int
    let stamp: UInt32
    /// The container's region and stamp before this one (−1: none), restored when the call ends.
    let enclosing: Int32
    let enclosingStamp: UInt32
}

extension LayoutPass {
    // MARK: Placement records
    //
    // `LayoutSubview.place` records a placement that is committed after the container's
    // `placeSubviews` returns (the last call wins; unplaced subviews are centred). The records
    // live in a stack-shaped arena, one region per running placement, so they cost memory only
    // along the path being placed (not 72 bytes in every view).

    /// Starts a `placeSubviews` call on `container`: opens a region of one record per subview,
    /// which `place` calls on its subviews fill.
    func beginPlacement(_ container: LayoutNode) -> PlacementRegion {
        let base = arena.top
        arena.top += container.childCount
        if arena.records.count < arena.top {
            // The arena only grows (to the largest sum of fan-outs along a path), so records are
            // written once, by `place`.
            arena.records.append(contentsOf: repeatElement(PendingPlacement.empty, count: Swift.max(arena.top - arena.records.count, arena.records.count)))
        }
        arena.stamp &+= 1
        if arena.stamp == 0 {
            // The stamps wrapped (the host resets them between passes long before, so only a
            // pass opening billions of regions gets here): forget the records above the open
            // regions, so that none made under an old stamp matches a new region; the open
            // regions' records stay readable.
            arena.stamp = 1
            for i in base..<arena.records.count { arena.records[i].stamp = 0 }
        }
        // (A container is always of this pass's tree: only its own `placeSubviews` and guide
        // merges open regions. The bound check keeps a misuse from writing past the store.)
        guard container.index < store.count else {
            return PlacementRegion(base: base, stamp: arena.stamp, enclosing: -1, enclosingStamp: 0)
        }
        let active = store.activePlacement + store.memoRowIndex(of: container.index)
        let region = PlacementRegion(base: base, stamp: arena.stamp, enclosing: active.pointee.regionPlusOne &- 1,
                                     enclosingStamp: active.pointee.stamp)
        active.pointee = ActivePlacement(regionPlusOne: Int32(truncatingIfNeeded: base + 1), stamp: region.stamp)
        return region
    }

    /// Ends the `placeSubviews` call: later `place` calls on the subviews are ignored. The
    /// region stays readable until `releasePlacement`.
    func endPlacement(_ container: LayoutNode, _ region: PlacementRegion) {
        guard container.index < store.count else { return }
        store.activePlacement[store.memoRowIndex(of: container.index)] = ActivePlacement(regionPlusOne: region.enclosing &+ 1, stamp: region.enclosingStamp)
    }

    /// The record of the subview at `position` in `region`, or nil when it was not placed.
    @inline(__always) func pendingPlacement(_ region: PlacementRegion, _ position: Int) -> PendingPlacement? {
        let record = arena.records[region.base + position]
        return record.stamp == region.stamp ? record : nil
    }

    /// Runs `placeSubviews` (`body`) of a built-in layout that places each subview exactly once
    /// (`BuiltInLayout.placesEachSubviewOnce`), committing each placement as it is made: no
    /// record in the arena, no second loop. A subview it did not place after all is committed
    /// as unplaced (centred with the container's proposal), as in `LayoutStorage.place`: every
    /// child is marked unplaced in the new geometry first, and a commit overwrites the mark.
    /// False (nothing run) outside a pass's placement, where the caller records placements.
    func placeDirectly(_ container: LayoutNode, bounds: CGRect, proposal: ProposedViewSize, _ body: () -> Void) -> Bool {
        guard container.index < store.count, let buffers = placed else { return false }
        let children = container.children
        for i in 0..<children.count {
            let index = children.unretained(i)._withUnsafeGuaranteedRef { $0.index }
            buffers.localOrigins[index].x = LayoutPass.unplacedMark
        }
        let active = store.activePlacement + store.memoRowIndex(of: container.index)
        let enclosing = active.pointee
        arena.directBounds.append(bounds)
        active.pointee = ActivePlacement(regionPlusOne: -Int32(truncatingIfNeeded: arena.directBounds.count), stamp: 0)
        body()
        active.pointee = enclosing
        arena.directBounds.removeLast()
        for i in 0..<children.count {
            children.unretained(i)._withUnsafeGuaranteedRef { child in
                guard buffers.localOrigins[child.index].x.bitPattern == LayoutPass.unplacedMark.bitPattern else { return }
                let (u, s) = unplacedGeometry(child, in: bounds, proposal: proposal)
                commitPlaced(child, origin: u, size: s, proposal: proposal, in: bounds)
            }
        }
        return true
    }

    /// What `placeDirectly` writes into a child's local origin until it is committed: a NaN
    /// with a payload no arithmetic makes, so no committed origin has its bits.
    static let unplacedMark = CGFloat(bitPattern: 0x7FF4_0DD5_0C0F_F1CE)

    /// Commits `child`, placed at `origin` (in its container's parent's coordinates, as
    /// `placeSubviews` gets its bounds) with `size` for `proposal`, in its container's `bounds`.
    @inline(__always) func commitPlaced(_ child: LayoutNode, origin: CGPoint, size: CGSize, proposal: ProposedViewSize, in bounds: CGRect) {
        let o = finiteOrigin(origin, of: child, size: size, in: bounds)
        commit(child, origin: CGPoint(x: o.x - bounds.minX, y: o.y - bounds.minY), size: size, proposal: proposal)
    }

    /// Closes `region` (and any region opened after it).
    func releasePlacement(_ region: PlacementRegion) {
        arena.top = region.base
    }

    /// Records a subview placement requested by its container's `placeSubviews`.
    func place(_ node: LayoutNode, at position: CGPoint, anchor: UnitPoint, proposal: ProposedViewSize) {
        let s = size(of: node, proposal)
        // The anchor applies to the size the view is placed with (an infinite length is placed as 0).
        let placed = s.finiteOrZero
        let origin = CGPoint(x: position.x - anchor.x * placed.width, y: position.y - anchor.y * placed.height)
        if origin.x.isNaN || origin.y.isNaN {
            // Non-finite positions are centred when the child is committed (`finiteOrigin`).
            diagnose(node, .nanPosition, "\(node.kindName) was placed at a NaN position; it is centred in its container instead")
        }
        recordPlacement(node, origin: origin, size: s, proposal: proposal)
    }

    /// Records a top-leading placement whose size the built-in layout placing it already holds:
    /// the size it measured the subview with for this very proposal in this pass (a stack's
    /// `dimensions`), so the memo is not asked again. As `place` otherwise.
    @inline(__always) func placeMeasured(_ node: LayoutNode, at origin: CGPoint, size: CGSize, proposal: ProposedViewSize) {
        if isFinished { return }
        if origin.x.isNaN || origin.y.isNaN {
            diagnose(node, .nanPosition, "\(node.kindName) was placed at a NaN position; it is centred in its container instead")
        }
        recordPlacement(node, origin: origin, size: size, proposal: proposal)
    }

    /// Writes a placement into the region of `node`'s parent's running `placeSubviews`.
    @inline(__always) private func recordPlacement(_ node: LayoutNode, origin: CGPoint, size: CGSize, proposal: ProposedViewSize) {
        // A call outside the container's placeSubviews places nothing.
        // The parent is read through an unretained reference (the tree holds it): retaining it
        // for every placement was a cache miss per subview.
        guard let parent = node.parentRef else { return }
        let parentIndex = parent._withUnsafeGuaranteedRef { $0.index }
        // The parent's placing state is in this pass's store, by index: a view of another tree
        // (a proxy kept past its pass) must not find a region of this one.
        guard parentIndex < preorder.count, preorder.unretained(parentIndex).toOpaque() == parent.toOpaque() else { return }
        let active = store.activePlacement[store.memoRowIndex(of: parentIndex)]
        if active.regionPlusOne > 0 {
            arena.records[Int(active.regionPlusOne) - 1 + Int(node.childPosition)] = PendingPlacement(origin: origin, size: size, proposal: proposal, stamp: active.stamp)
        } else if active.regionPlusOne < 0 {
            commitPlaced(node, origin: origin, size: size, proposal: proposal, in: arena.directBounds[Int(-active.regionPlusOne) - 1])
        }
    }

    /// Where an unplaced subview goes: centred in the container with the container's proposal.
    func unplacedGeometry(_ node: LayoutNode, in bounds: CGRect, proposal: ProposedViewSize) -> (CGPoint, CGSize) {
        let s = size(of: node, proposal)
        let placed = s.finiteOrZero
        return (CGPoint(x: bounds.midX - placed.width / 2, y: bounds.midY - placed.height / 2), s)
    }

    /// `origin`, or — on an axis where it is NaN or infinite (a NaN or infinite alignment guide,
    /// offset, position or placement, or an infinite size being centred) — the origin that centres
    /// the child in `container` on that axis, with a diagnostic. The stacks' rule for NaN guides,
    /// applied everywhere, so that a finite proposal always gives finite frames.
    @inline(__always) func finiteOrigin(_ origin: CGPoint, of node: LayoutNode, size: CGSize, in container: CGRect) -> CGPoint {
        if origin.x.isFinite && origin.y.isFinite { return origin }
        return centredOrigin(origin, of: node, size: size, in: container)
    }

    private func centredOrigin(_ origin: CGPoint, of node: LayoutNode, size: CGSize, in container: CGRect) -> CGPoint {
        diagnose(node, .nanPosition, "\(node.kindName) was placed at a non-finite position (\(formatLength(origin.x)), \(formatLength(origin.y))); it is centred in its container on that axis")
        let placed = size.finiteOrZero
        func centre(_ o: CGFloat, _ minimum: CGFloat, _ length: CGFloat, _ child: CGFloat) -> CGFloat {
            if o.isFinite { return o }
            let c = minimum + (length - child) / 2
            return c.isFinite ? c : (minimum.isFinite ? minimum : 0)
        }
        return CGPoint(x: centre(origin.x, container.minX, container.width, placed.width),
                       y: centre(origin.y, container.minY, container.height, placed.height))
    }

    // MARK: Committing frames
    //
    // Each view is placed relative to its parent (SwiftUI keeps geometry in the parent's
    // coordinate space too): a container's `placeSubviews` gets `bounds` in its parent's
    // coordinates, a modifier puts its child at an offset in itself. The frame in root
    // coordinates is the parent's origin plus that local origin, computed the same way whether
    // the subtree was placed afresh or reused, so a re-layout gives bit for bit the frames of a
    // fresh layout while reusing every subtree that only moved with its ancestors.

    /// Places the root (and so the tree) at `origin` in the canvas.
    ///
    /// When the root is placed exactly as in the previous pass over this tree (the same origin,
    /// size and proposal, every size unchanged), every view is where it was: the previous
    /// pass's geometry is taken whole, its arrays shared rather than copied, so a pass that
    /// changes nothing costs its root's size query and no work per view.
    func placeRoot(_ root: LayoutNode, origin: CGPoint, size: CGSize, proposal: ProposedViewSize) {
        if let previous = reuse.previous, reuse.previousRowsPlusOne == nil, reuse.changedEnd == 0, previous.localOrigins.count == viewCount,
           previous.frames.count == viewCount, previous.proposals.count == viewCount, viewCount > 0,
           root.reusesSizesAcrossPasses, size.width >= 0, size.height >= 0, size.width.isFinite, size.height.isFinite,
           samePoint(previous.localOrigins[0], origin), sameSize(previous.frames[0].size, size), previous.proposals[0] == PackedProposal(proposal),
           visibility == nil || previous.visibility?.count == viewCount {
            geometry.frames = previous.frames
            geometry.localOrigins = previous.localOrigins
            geometry.proposals = previous.proposals
            if visibility != nil { visibility = previous.visibility }
            reports.counters.reusedPlacements &+= viewCount
            return
        }
        // Not filled first: every view is committed in a pass (placed, placed as unplaced, or
        // copied with its subtree; `ViewThatFits` commits its hidden children too), and commit
        // writes its frame, local origin and proposal. Filling them first wrote the whole
        // geometry twice (a tenth of a flat stack's re-layout).
        if takePreviousGeometryToPatch() {
            // Patched in place: subtrees placed as then, where they were, are not written at all.
        } else if !takeSpareGeometry() {
            geometry.frames = LayoutPass.unfilled(CGRect.self, count: viewCount)
            geometry.localOrigins = LayoutPass.unfilled(CGPoint.self, count: viewCount)
            geometry.proposals = LayoutPass.unfilled(PackedProposal.self, count: viewCount)
        }
        if visibility != nil { visibility = [Bool](repeating: true, count: viewCount) }
        placing {
            commit(root, origin: origin, size: size, proposal: proposal)
            if placesInSafeArea { growIntoSafeArea() }
        }
    }

    /// Takes the previous pass's arrays as this pass's, to be patched where views moved, when
    /// no result holds them any more (only the host's copy of their holder is left) and each
    /// view is at its own row in them: commit reads a view's old row before it writes it, and
    /// a subtree placed as then at the same position is left as it is, so a pass after a change
    /// costs what moved, not a copy of every view's geometry. Not with `ViewThatFits` (hidden
    /// views are recorded apart) nor safe-area views (which copy no subtree).
    private func takePreviousGeometryToPatch() -> Bool {
        guard reuse.previousRowsPlusOne == nil, visibility == nil, !placesInSafeArea, var previous = reuse.previous else { return false }
        reuse.previous = nil  // (the copy here must be the only one left)
        guard takeArrays(of: &previous) else {
            reuse.previous = previous
            return false
        }
        reuse.patchesInPlace = true
        return true
    }

    /// Takes `source`'s arrays as this pass's when they have this tree's length and no result
    /// holds them (the caller's copy of their holder is the only one left).
    private func takeArrays(of source: inout PassGeometry) -> Bool {
        guard source.frames.count == viewCount, source.localOrigins.count == viewCount, source.proposals.count == viewCount,
              isKnownUniquelyReferenced(&source.holder) else { return false }
        geometry.frames = source.frames; geometry.localOrigins = source.localOrigins; geometry.proposals = source.proposals
        source.frames = []; source.localOrigins = []; source.proposals = []
        reuse.recycled = true
        return true
    }

    /// Takes the spare geometry's arrays as this pass's, when they have this tree's length and no
    /// result holds them (only the host's copy of their holder is left): every view is committed
    /// in a pass, so their old values are all written over, as in fresh arrays, without the page
    /// faults of fresh memory. (Were an array still shared after all, say a caller kept
    /// `frames`, writing it would copy it first: arrays are values.)
    private func takeSpareGeometry() -> Bool {
        guard var spare = reuse.spare else { return false }
        reuse.spare = nil
        return takeArrays(of: &spare)
    }

    /// An array of `count` plain values that the caller writes before anyone reads them.
    static func unfilled<T>(_ type: T.Type, count: Int) -> [T] {
        precondition(_isPOD(T.self))
        return [T](unsafeUninitializedCapacity: count) { _, initialized in initialized = count }
    }

    /// Runs `body`, which commits the root, with `placed` pointing into the geometry arrays.
    private func placing(_ body: () -> Void) {
        if reuse.patchesInPlace {
            // The arrays hold the previous pass's geometry: they are read as it, and written.
            geometry.withBuffers { f, l, p in
                guard let frames = f.baseAddress, let locals = l.baseAddress, let proposals = p.baseAddress else { return }
                placed = PlacementBuffers(frames: frames, localOrigins: locals, proposals: proposals,
                                          oldFrames: UnsafePointer(frames), oldLocalOrigins: UnsafePointer(locals),
                                          oldProposals: UnsafePointer(proposals), oldCount: f.count)
                body()
                placed = nil
            }
            return
        }
        let previous = reuse.previous ?? PassGeometry(frames: [], proposals: [], visibility: nil, sizeRanges: nil)
        geometry.withBuffers { f, l, p in
            previous.frames.withUnsafeBufferPointer { of in
                previous.localOrigins.withUnsafeBufferPointer { ol in
                    previous.proposals.withUnsafeBufferPointer { op in
                        guard let frames = f.baseAddress, let locals = l.baseAddress, let proposals = p.baseAddress else { return }
                        // In a tree with safe-area views no subtree is copied from the previous
                        // pass: whether a view reaches the safe edge depends on where its
                        // ancestors are (`growIntoSafeArea`), which copying would not ask again.
                        let oldCount = !placesInSafeArea && of.count == ol.count && ol.count == op.count ? ol.count : 0
                        placed = PlacementBuffers(frames: frames, localOrigins: locals, proposals: proposals,
                                                  oldFrames: of.baseAddress, oldLocalOrigins: ol.baseAddress,
                                                  oldProposals: op.baseAddress, oldCount: oldCount)
                        body()
                        placed = nil
                    }
                }
            }
        }
    }

    /// Gives `node` its final frame and places its children (inside `placing`). `origin` is
    /// relative to the parent's origin (for the root: to the canvas).
    func commit(_ node: LayoutNode, origin: CGPoint, size: CGSize, proposal: ProposedViewSize) {
        let size = size.width.isFinite && size.height.isFinite ? size : finiteSize(size, of: node, for: proposal)
        let index = node.index
        let buffers = placed.unsafelyUnwrapped
        let parentIndex = Int(parentIndices[index])
        let base = parentIndex >= 0 ? buffers.frames[parentIndex].origin : .zero
        let absolute = offset(base, by: origin)
        // A negative length (a Spacer with a negative minimum or a stack with negative spacing,
        // proposed nil) shortens its container, as in SwiftUI, but the view's own frame is 0 long
        // on that axis; its children are still placed in its bounds, as the layout computed them.
        let negative = size.width < 0 || size.height < 0
        let storedSize = negative ? CGSize(width: Swift.max(size.width, 0), height: Swift.max(size.height, 0)) : size
        let old = reuse.previousRowsPlusOne.map { Int($0[index]) - 1 } ?? index
        // (`old < oldCount` first: a full pass keeps no previous geometry, and then reads no
        // field of the view past its first cache line.)
        if old >= 0, old < buffers.oldCount, old + (Int(store.subtreeEnd[index]) - index) <= buffers.oldCount, node.reusesSizesAcrossPasses, !negative,
           index >= reuse.changedEnd || Int(store.subtreeEnd[index]) <= reuse.changedStart,
           sameSize(buffers.oldFrames.unsafelyUnwrapped[old].size, storedSize),
           node.placesChildrenWhateverItIsProposed || buffers.oldProposals.unsafelyUnwrapped[old] == PackedProposal(proposal),
           node.placesChildrenWhereverItIs || samePoint(buffers.oldLocalOrigins.unsafelyUnwrapped[old], origin),
           visibility == nil || wasVisible(old) {
            // Incremental relayout: the view is as large as before and proposed the same, and
            // nothing below it changed (the host keeps the last pass's geometry only while every
            // size is unchanged, and maps a new tree's views to it only where their inputs are
            // unchanged), so its subtree is placed as it was, relative to it (a leaf, or a frame
            // fixed on both axes, places its subtree alike for any proposal, so it may have been
            // proposed otherwise). A `Layout`
            // container must also be where it was in its parent: its `placeSubviews` gets its
            // bounds in its parent's coordinates, and positions computed from another origin
            // need not give bit for bit the same offsets.
            reusePlacement(of: node, from: old, at: absolute, local: origin, proposal: proposal, buffers)
            return
        }
        buffers.frames[index] = CGRect(origin: absolute, size: storedSize)
        buffers.localOrigins[index] = origin
        buffers.proposals[index] = PackedProposal(proposal)
        // As in `computeSize`: each kind that places children is its own function, so this
        // frame, which a pass keeps at every level of the tree, holds no kind's payload.
        switch node.kind {
        case .shape, .text, .spacer, .divider, .progress, .image:
            return
        case .layout:
            placeLayoutChildren(node, origin: origin, size: size, proposal: proposal, absolute: absolute)
        case .viewThatFits:
            placeViewThatFitsChild(node, size: size, proposal: proposal, absolute: absolute)
        case .background, .overlay, .scrollView, .frame:
            placeModifierChildren(node, size: size, proposal: proposal)
        case .flexFrame, .padding, .fixedSize, .aspectRatio, .layoutPriority, .alignmentGuide, .offset, .position:
            placeContent(of: node, size: size, proposal: proposal)
        }
    }

    /// Out of line, as every cold path of `commit`.
    @inline(never) private func finiteSize(_ size: CGSize, of node: LayoutNode, for proposal: ProposedViewSize) -> CGSize {
        diagnose(node, .infiniteSizePlaced, "\(node.kindName) chose an infinite size \(formatLength(size.width))×\(formatLength(size.height)) for \(proposal) and was placed with its infinite lengths replaced by 0")
        return size.finiteOrZero
    }

    @inline(never) private func placeLayoutChildren(_ node: LayoutNode, origin: CGPoint, size: CGSize, proposal: ProposedViewSize, absolute: CGPoint) {
        guard case .layout(let storage) = node.kind else { preconditionFailure() }
        reports.counters.placeSubviewsCalls &+= 1
        if options.recordsTrace { record(.placeSubviews, node, proposal, size, absolute) }
        storage.place(node, bounds: CGRect(origin: origin, size: size), proposal: proposal, in: self)
    }

    @inline(never) private func placeViewThatFitsChild(_ node: LayoutNode, size: CGSize, proposal: ProposedViewSize, absolute: CGPoint) {
        guard case .viewThatFits(let v) = node.kind else { preconditionFailure() }
        if options.recordsTrace { record(.placeSubviews, node, proposal, size, absolute) }
        v.place(node, proposal: proposal, in: self)
    }

    @inline(never) private func placeModifierChildren(_ node: LayoutNode, size: CGSize, proposal: ProposedViewSize) {
        switch node.kind {
        case .background(let m), .overlay(let m): m.place(node, size: size, proposal: proposal, in: self)
        case .scrollView(let m): m.place(node, size: size, proposal: proposal, in: self)
        case .frame(let f): f.placeChild(of: node, size: size, proposal: proposal, in: self)
        default: preconditionFailure()
        }
    }

    @inline(never) private func placeContent(of node: LayoutNode, size: CGSize, proposal: ProposedViewSize) {
        commitChild(of: node, childGeometry(node, size: size, proposal: proposal), in: size)
    }

    /// Whether the view at `old` in the previous pass was visible. A view that a `ViewThatFits`
    /// around it hid then (its whole subtree hidden with it) is placed anew rather than copied:
    /// copying would keep it hidden, and only hiding is done after placement, so a child chosen
    /// now would stay invisible. Hidden states inside a copied subtree come from its own
    /// `ViewThatFits`es, whose choices are unchanged.
    @inline(__always) private func wasVisible(_ old: Int) -> Bool {
        guard let previousVisibility = reuse.previous?.visibility else { return true }  // nothing was hidden
        return old < previousVisibility.count && previousVisibility[old]
    }

    /// Field by field (Foundation's `CGRect ==` is an out-of-line call on Linux, about 4 % of a
    /// re-layout).
    @inline(__always) private func samePoint(_ a: CGPoint, _ b: CGPoint) -> Bool { a.x == b.x && a.y == b.y }
    @inline(__always) private func sameSize(_ a: CGSize, _ b: CGSize) -> Bool { a.width == b.width && a.height == b.height }

    /// A parent's origin moved by a local one: the view's origin in root coordinates. Finite
    /// inputs give a finite point (a sum past the largest length is the largest length, as a
    /// position that large was placed before), so finite proposals keep giving finite frames.
    @inline(__always) private func offset(_ base: CGPoint, by local: CGPoint) -> CGPoint {
        let p = CGPoint(x: base.x + local.x, y: base.y + local.y)
        if p.x.isFinite && p.y.isFinite { return p }
        func clamp(_ v: CGFloat) -> CGFloat { v.isNaN ? v : Swift.min(Swift.max(v, -.greatestFiniteMagnitude), .greatestFiniteMagnitude) }
        return CGPoint(x: clamp(p.x), y: clamp(p.y))
    }

    /// Places `node`'s subtree as the previous pass did (where it was at `old`, the same index
    /// unless the tree was re-installed), with `node` at `absolute`: local origins, proposals
    /// and visibility are copied, frames are the parents' origins plus the local ones (as
    /// `commit` computes them).
    @inline(never) private func reusePlacement(of node: LayoutNode, from old: Int, at absolute: CGPoint, local: CGPoint, proposal: ProposedViewSize,
                                _ b: PlacementBuffers) {
        let start = node.index, end = Int(store.subtreeEnd[start])
        let parents = parentIndices
        let oldFrames = b.oldFrames.unsafelyUnwrapped, oldLocals = b.oldLocalOrigins.unsafelyUnwrapped
        let oldProposals = b.oldProposals.unsafelyUnwrapped
        if reuse.patchesInPlace && samePoint(oldFrames[old].origin, absolute) {
            // Where it was, in the arrays it was placed in: every row below is as it should be.
            b.localOrigins[start] = local
            b.proposals[start] = PackedProposal(proposal)
            reports.counters.reusedPlacements &+= end - start
            return
        }
        b.frames[start] = CGRect(origin: absolute, size: oldFrames[old].size)
        b.localOrigins[start] = local
        b.proposals[start] = PackedProposal(proposal)
        var j = start + 1, k = old + 1  // the same view in the new tree and in the old one
        while j < end {
            let o = oldLocals[k]
            b.localOrigins[j] = o
            b.proposals[j] = oldProposals[k]
            if o.x.isNaN {
                b.frames[j] = oldFrames[k]  // not placed then, so not now
            } else {
                b.frames[j] = CGRect(origin: offset(b.frames[Int(parents[j])].origin, by: o), size: oldFrames[k].size)
            }
            j += 1; k += 1
        }
        if visibility != nil, let oldVisibility = reuse.previous?.visibility, old + (end - start) <= oldVisibility.count {
            visibility!.replaceSubrange(start..<end, with: oldVisibility[old..<old + (end - start)])
        }
        reports.counters.reusedPlacements &+= end - start
    }

    /// Commits a unary modifier's child where `g` puts it in the modifier (of `size`).
    @inline(__always) func commitChild(of node: LayoutNode, _ g: ChildGeometry, in size: CGSize) {
        withContent(of: node) { commitContent($0, g, in: size) }
    }

    /// Commits a modifier's `content` where `g` puts it in the modifier (of `size`).
    @inline(__always) func commitContent(_ content: LayoutNode, _ g: ChildGeometry, in size: CGSize) {
        let o = finiteOrigin(g.offset, of: content, size: g.size, in: CGRect(origin: .zero, size: size))
        commit(content, origin: o, size: g.size, proposal: g.proposal)
    }

    func hide(_ node: LayoutNode) {
        visibility?[node.index] = false
        node.forEachChild { hide($0) }
    }

    /// Where `node`'s explicit guides come from; nil for a view whose subtree has none, so that
    /// its dimensions answer every guide with the default at once (no question is asked).
    @inline(__always) func guideSource(_ node: LayoutNode) -> GuideSource? {
        node.mayHaveExplicitGuides ? GuideSource(node: node, pass: self) : nil
    }

    @inline(__always) func dimensions(of node: LayoutNode, _ p: ProposedViewSize) -> ViewDimensions {
        let s = size(of: node, p)
        return ViewDimensions(width: s.width, height: s.height, source: guideSource(node))
    }

    /// Where a frame puts its child: the frame's guide position minus the child's guide value.
    func alignmentOffset(_ alignment: Alignment, container: CGSize, child: ViewDimensions) -> CGPoint {
        let c = ViewDimensions(width: container.width, height: container.height)
        return CGPoint(x: alignment.horizontal.key.defaultValue(in: c) - child[key: alignment.horizontal.key],
                       y: alignment.vertical.key.defaultValue(in: c) - child[key: alignment.vertical.key])
    }

    /// The child's offset, size and proposal inside a unary modifier of `size` proposed `proposal`.
    func childGeometry(_ node: LayoutNode, size: CGSize, proposal p: ProposedViewSize) -> ChildGeometry {
        switch node.kind {
        case .frame(let f): return f.childGeometry(of: node, size: size, proposal: p, in: self)
        case .flexFrame(let f): return f.childGeometry(of: node, size: size, proposal: p, in: self)
        case .padding(let m): return m.childGeometry(of: node, size: size, proposal: p, in: self)
        case .fixedSize(let m): return m.childGeometry(of: node, size: size, proposal: p, in: self)
        case .aspectRatio(let m): return m.childGeometry(of: node, size: size, proposal: p, in: self)
        case .layoutPriority(let m): return m.childGeometry(of: node, size: size, proposal: p, in: self)
        case .alignmentGuide(let m): return m.childGeometry(of: node, size: size, proposal: p, in: self)
        case .offset(let m): return m.childGeometry(of: node, size: size, proposal: p, in: self)
        case .position(let m): return m.childGeometry(of: node, size: size, proposal: p, in: self)
        case .scrollView(let m): return m.childGeometry(of: node, size: size, proposal: p, in: self)
        case .shape, .text, .spacer, .divider, .progress, .image, .layout, .viewThatFits, .background, .overlay:
            preconditionFailure("\(node.kindName) is not a unary modifier with one child")
        }
    }

    // MARK: Explicit alignment

    /// The explicit value of a guide for `node` at `size`, in the node's coordinates, or nil.
    func explicitAlignment(of node: LayoutNode, _ key: AlignmentKey, size: CGSize) -> CGFloat? {
        reports.counters.alignmentQueries &+= 1
        if !node.mayHaveExplicitGuides { return nil }
        switch node.kind {
        case .shape, .spacer, .divider, .progress:
            return nil  // <doc:LeafRules>
        case .image(let image):
            return image.explicitAlignment(key, size: size)
        case .text(let text):
            return text.explicitAlignment(key, size: size, in: self)
        case .layout(let storage):
            // Built-in containers merge nothing for edge and centre guides (their defaults return
            // nil at once); a custom layout may still report any guide from `explicitAlignment`.
            let p = ProposedViewSize(size)
            return storage.explicitAlignment(key, CGRect(origin: .zero, size: size), p, subviews(of: node))
        case .viewThatFits(let v): return v.explicitAlignment(of: node, key, size: size, in: self)
        case .frame(let f): return f.explicitAlignment(of: node, key, size: size, in: self)
        case .flexFrame(let f): return f.explicitAlignment(of: node, key, size: size, in: self)
        case .padding(let m): return m.explicitAlignment(of: node, key, size: size, in: self)
        case .fixedSize(let m): return m.explicitAlignment(of: node, key, size: size, in: self)
        case .aspectRatio(let m): return m.explicitAlignment(of: node, key, size: size, in: self)
        case .layoutPriority(let m): return m.explicitAlignment(of: node, key, size: size, in: self)
        case .alignmentGuide(let m): return m.explicitAlignment(of: node, key, size: size, in: self)
        case .offset(let m): return m.explicitAlignment(of: node, key, size: size, in: self)
        case .position(let m): return m.explicitAlignment(of: node, key, size: size, in: self)
        case .background(let m), .overlay(let m): return m.explicitAlignment(of: node, key, size: size, in: self)
        case .scrollView(let m): return m.explicitAlignment(of: node, key, size: size, in: self)
        }
    }

    /// A unary modifier's explicit guide when it has none of its own: its child's, moved by
    /// where the child is placed (<doc:AlignmentRules>).
    @inline(__always) func childExplicitAlignment(_ node: LayoutNode, _ key: AlignmentKey, _ g: ChildGeometry) -> CGFloat? {
        explicitAlignment(of: node.child(0), key, size: g.size).map { $0 + (key.axis == .horizontal ? g.offset.x : g.offset.y) }
    }
}
