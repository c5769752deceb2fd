import Testing
import Foundation
#if canImport(Glibc)
import Glibc
#endif
@testable import LayoutCore
@testable import SwiftUI
import LayoutTestSupport

/// A column written against the public API: subviews at their ideal sizes, top to bottom.
private struct Column: Layout {
    func sizeThatFits(proposal: ProposedViewSize, subviews: Subviews, cache: inout ()) -> CGSize {
        subviews.reduce(CGSize.zero) { total, subview in
            let s = subview.sizeThatFits(.unspecified)
            return CGSize(width: max(total.width, s.width), height: total.height + s.height)
        }
    }

    func placeSubviews(in bounds: CGRect, proposal: ProposedViewSize, subviews: Subviews, cache: inout ()) {
        var y = bounds.minY
        for subview in subviews {
            subview.place(at: CGPoint(x: bounds.minX, y: y), proposal: .unspecified)
            y += subview.sizeThatFits(.unspecified).height
        }
    }
}

/// Places its subviews last to first, each twice (the second call wins), at x = 10·i and y = the
/// subview's first-text baseline: asking a `Column` for its baseline places the column's own
/// subviews in a scratch placement while this layout's placement is running.
private struct BaselinesInReverse: Layout {
    func sizeThatFits(proposal: ProposedViewSize, subviews: Subviews, cache: inout ()) -> CGSize {
        proposal.replacingUnspecifiedDimensions(by: CGSize(width: 100, height: 100))
    }

    func placeSubviews(in bounds: CGRect, proposal: ProposedViewSize, subviews: Subviews, cache: inout ()) {
        for i in subviews.indices.reversed() {
            subviews[i].place(at: CGPoint(x: 500, y: 500), proposal: .unspecified)
            let baseline = subviews[i].dimensions(in: .unspecified)[VerticalAlignment.firstTextBaseline]
            subviews[i].place(at: CGPoint(x: bounds.minX + 10 * CGFloat(i), y: bounds.minY + baseline), proposal: .unspecified)
        }
    }
}

/// Calls `place` from `sizeThatFits`, where placing is not allowed, and never from `placeSubviews`.
private struct PlacesWhileSizing: Layout {
    func sizeThatFits(proposal: ProposedViewSize, subviews: Subviews, cache: inout ()) -> CGSize {
        subviews.first?.place(at: CGPoint(x: 50, y: 50), proposal: .unspecified)
        return CGSize(width: 40, height: 40)
    }

    func placeSubviews(in bounds: CGRect, proposal: ProposedViewSize, subviews: Subviews, cache: inout ()) {}
}

/// Keeps the proxies it is given, as a careless layout might in a cache of its own.
private final class KeptSubviews: @unchecked Sendable {
    var subviews: [LayoutSubview] = []
}

private struct KeepsItsSubviews: Layout {
    let kept: KeptSubviews
    func sizeThatFits(proposal: ProposedViewSize, subviews: Subviews, cache: inout ()) -> CGSize {
        kept.subviews = Array(subviews)
        return CGSize(width: 50, height: 50)
    }
    func placeSubviews(in bounds: CGRect, proposal: ProposedViewSize, subviews: Subviews, cache: inout ()) {}
}

/// Places only its first subview, at (5, 5); claims (or not) the built-in privilege of committing
/// each placement as it is made, to check that a subview left unplaced is still centred.
private struct PlacesFirstOnly: Layout, BuiltInLayout {
    let direct: Bool
    static var placesEachSubviewOnce: Bool { true }
    static var reportsNegativeSizes: Bool { false }
    static var passesSinglePriority: Bool { false }
    static var guidesComeFromSubviews: Bool { false }
    static var sizeFollowsSubviews: Bool { false }
    func sizeThatFits(proposal: ProposedViewSize, subviews: Subviews, cache: inout ()) -> CGSize { CGSize(width: 100, height: 60) }
    func placeSubviews(in bounds: CGRect, proposal: ProposedViewSize, subviews: Subviews, cache: inout ()) {
        subviews.first?.place(at: CGPoint(x: bounds.minX + 5, y: bounds.minY + 5), proposal: .unspecified)
    }
}

/// The same placements, as a custom layout (recorded in the arena).
private struct PlacesFirstOnlyRecorded: Layout {
    func sizeThatFits(proposal: ProposedViewSize, subviews: Subviews, cache: inout ()) -> CGSize { CGSize(width: 100, height: 60) }
    func placeSubviews(in bounds: CGRect, proposal: ProposedViewSize, subviews: Subviews, cache: inout ()) {
        subviews.first?.place(at: CGPoint(x: bounds.minX + 5, y: bounds.minY + 5), proposal: .unspecified)
    }
}

/// What a view costs in memory (the node-store work of the performance issue), and the placement
/// records that moved out of the views into a per-pass arena.
/// Whether large zeroed arrays are fresh pages (not under `LAYOUTLAB_ZEROED_MEMORY=heap`, which the
/// sanitizer runs set), so that what a pass touches can be measured page by page.
private let pagesAreMappedDirectly = ZeroedMemory.pageMappedBytes < Int.max

@Suite struct NodeFootprintTests {
    @Test func aProxyKeptPastItsTreeStillAnswers() {
        // Proxies do not retain their views: the container's subviews array they carry keeps
        // them alive. A proxy kept after the host moved to another tree answers from its own
        // (old) tree and places nothing.
        let kept = KeptSubviews()
        let host = LayoutHost(KeepsItsSubviews(kept: kept) { Color.red.frame(width: 30, height: 12).layoutPriority(2); Text("kept") })
        _ = host.layout(in: CGSize(width: 200, height: 200))
        host.setRoot(Color.blue)
        _ = host.layout(in: CGSize(width: 200, height: 200))
        #expect(kept.subviews.count == 2)
        #expect(kept.subviews[0].sizeThatFits(.unspecified) == CGSize(width: 30, height: 12))
        #expect(kept.subviews[0].priority == 2)
        // A new question reaches the modifier's content through the finished pass, whose
        // pre-order list the host emptied: the modifier's own child answers.
        #expect(kept.subviews[0].context.pass.preorder.isEmpty)
        #expect(kept.subviews[0].sizeThatFits(ProposedViewSize(width: 77, height: 5)) == CGSize(width: 30, height: 12))
        #expect(kept.subviews[1].sizeThatFits(.unspecified).width > 0)
        #expect(kept.subviews[0] != kept.subviews[1] && kept.subviews[0] == kept.subviews[0])
        kept.subviews[1].place(at: .zero, proposal: .unspecified)  // outside placeSubviews: ignored
    }

    @Test func aModifiersContentIsTheNextViewOfTheRunningPassesList() {
        let leaf = LayoutNode(kind: .shape(.rectangle), kindName: "Color")
        let frame = LayoutNode(kind: .frame(FixedFrame(width: 30, height: nil, alignment: .center)), children: [leaf], kindName: "frame")
        frame.index = 0; leaf.index = 1
        leaf.parent = frame
        func pass(_ preorder: [LayoutNode]) -> LayoutPass {
            LayoutPass(passID: 1, sizeEpoch: 1, textMeasurer: DeterministicTextMeasurer(), options: .fastest,
                       store: NodeStore(count: 2), viewCount: 2, tracksVisibility: false, preorder: preorder)
        }
        func id(_ n: LayoutNode) -> ObjectIdentifier { ObjectIdentifier(n) }
        // While the pass runs: the view after the frame in the installed tree's list.
        let running = pass([frame, leaf])
        #expect(running.withContent(of: frame, id) == id(leaf))
        #expect(running.size(of: frame, ProposedViewSize(width: 100, height: 40)) == CGSize(width: 30, height: 40))
        // A finished pass (its list emptied, as the host does) or a view at the list's end: the
        // frame's own child.
        #expect(pass([]).withContent(of: frame, id) == id(leaf))
        #expect(pass([frame]).withContent(of: frame, id) == id(leaf))
    }

    @Test func aFinishedPassAnswersARenumberedViewByMeasuringIt() {
        // A view renumbered by a newer install into another view's number: while the pass runs
        // its memo row would answer for the other view; once finished, every question is
        // measured, so the kept proxy gets its own view's size.
        let store = NodeStore(count: 2)
        store.assignMemoRow(0); store.assignMemoRow(1)
        let pass = LayoutPass(passID: 1, sizeEpoch: 1, textMeasurer: DeterministicTextMeasurer(), options: .fastest,
                              store: store, viewCount: 2, tracksVisibility: false)
        let leaf = LayoutNode(kind: .shape(.rectangle), kindName: "Color")
        let frame = LayoutNode(kind: .frame(FixedFrame(width: 30, height: nil, alignment: .center)), children: [leaf], kindName: "frame")
        let other = LayoutNode(kind: .frame(FixedFrame(width: 12, height: 12, alignment: .center)),
                               children: [LayoutNode(kind: .shape(.rectangle), kindName: "Color")], kindName: "frame")
        frame.index = 0; leaf.index = 1; leaf.parent = frame
        other.index = 2; other.children[0].index = 3; other.children[0].parent = other
        let p = ProposedViewSize(width: 100, height: 40)
        #expect(pass.size(of: frame, p) == CGSize(width: 30, height: 40))
        #expect(pass.size(of: frame, p) == CGSize(width: 30, height: 40))
        #expect(pass.reports.counters.cacheHits == 1)
        // Renumbered into the frame's row while the pass runs: the frame's answer (the defect
        // `finish()` closes for kept proxies).
        other.index = 0
        #expect(pass.size(of: other, p) == CGSize(width: 30, height: 40))
        pass.finish()
        #expect(pass.size(of: other, p) == CGSize(width: 12, height: 12))
        #expect(pass.size(of: frame, p) == CGSize(width: 30, height: 40))
        #expect(pass.reports.counters.cacheHits == 2 && pass.viewCount == 0 && pass.isFinished)
    }

    @Test func aViewNumberedPastItsPassIsMeasuredWithoutAMemo() {
        // A proxy kept from an earlier pass may name a view that a later install renumbered
        // (a GeometryReader's content rebuilt above it) past that pass's memos: it is measured
        // without them, never read or written out of bounds.
        let store = NodeStore(count: 2)
        let pass = LayoutPass(passID: 1, sizeEpoch: 1, textMeasurer: DeterministicTextMeasurer(), options: .fastest,
                              store: store, viewCount: 2, tracksVisibility: false)
        let leaf = LayoutNode(kind: .shape(.rectangle), kindName: "Color")
        leaf.index = 7
        let frame = LayoutNode(kind: .frame(FixedFrame(width: 30, height: nil, alignment: .center)), children: [leaf], kindName: "frame")
        frame.index = 6
        leaf.parent = frame
        #expect(pass.size(of: frame, ProposedViewSize(width: 100, height: 40)) == CGSize(width: 30, height: 40))
        #expect(pass.spacing(of: frame) == pass.spacing(of: frame))
        pass.finish()
        LayoutSubview(node: leaf, siblings: [leaf], pass: pass).place(at: .zero, proposal: .unspecified)  // ignored
        #expect(store.memoRow(0).pointee.count == 0 && store.memoRow(1).pointee.count == 0)
    }

    @Test func placementRecordsOfEarlierPassesAreNeverReadEvenWhenStampsWrap() {
        // The host lends one placement arena to every pass; records carry the stamp of the region
        // that wrote them. A region opened as the stamps wrap must not see an old record.
        let store = NodeStore(count: 2)
        let leaf = LayoutNode(kind: .shape(.rectangle), kindName: "Color")
        let container = LayoutNode(kind: .frame(FixedFrame(width: 30, height: 30, alignment: .center)), children: [leaf], kindName: "frame")
        leaf.parent = container
        leaf.index = 1
        let pass = LayoutPass(passID: 1, sizeEpoch: 1, textMeasurer: DeterministicTextMeasurer(), options: .fastest,
                              store: store, viewCount: 2, tracksVisibility: false, preorder: [container, leaf])
        // An earlier pass's record under stamp 1, at the slot the next region will use.
        pass.arena.records = [PendingPlacement(origin: CGPoint(x: 5, y: 5), size: CGSize(width: 1, height: 1), proposal: .unspecified, stamp: 1)]
        pass.arena.stamp = .max
        let region = pass.beginPlacement(container)
        #expect(region.stamp == 1)
        #expect(pass.pendingPlacement(region, 0) == nil)
        pass.place(leaf, at: CGPoint(x: 2, y: 3), anchor: .topLeading, proposal: .unspecified)
        #expect(pass.pendingPlacement(region, 0)?.origin == CGPoint(x: 2, y: 3))
        // A view of another tree numbered as this one's (a proxy kept past its tree) finds no
        // region here: the placing state is the store's, by index, for this tree's views only.
        let strangerParent = LayoutNode(kind: .frame(FixedFrame(width: 30, height: 30, alignment: .center)), kindName: "frame")
        let stranger = LayoutNode(kind: .shape(.rectangle), kindName: "Color")
        stranger.parent = strangerParent
        stranger.index = 1
        pass.place(stranger, at: CGPoint(x: 9, y: 9), anchor: .topLeading, proposal: .unspecified)
        #expect(pass.pendingPlacement(region, 0)?.origin == CGPoint(x: 2, y: 3))
        pass.endPlacement(container, region)
        #expect(store.activePlacement[0].regionPlusOne == 0, "the row is empty again after the call")
        pass.releasePlacement(region)
        // A later region (a later pass) does not see this one's record either.
        let next = pass.beginPlacement(container)
        #expect(pass.pendingPlacement(next, 0) == nil)
    }

    @Test func compactPerViewRecords() {
        // Every view memoises its spacing (the pass's spacing memo, one per view): four lengths,
        // NaN for none, take 32 bytes, two memos to a 64-byte cache line (four optional lengths
        // took 64, a line each).
        let spacingBudget = 32
        #expect(MemoryLayout<ViewSpacing>.stride <= spacingBudget)
        // A view's description shared by results: the rare fields (id, layout values, z-index) boxed.
        #expect(MemoryLayout<ViewInfo>.stride <= 64)
        // Views carry no placement record any more: the arena holds one per subview being placed.
        // The proposal packed: 56 bytes a record (it was 64).
        #expect(MemoryLayout<PendingPlacement>.stride <= 56)
        let record = PendingPlacement(origin: CGPoint(x: 1, y: 2), size: CGSize(width: 3, height: 4),
                                      proposal: ProposedViewSize(width: nil, height: 5), stamp: 6)
        #expect(record.proposal == ProposedViewSize(width: nil, height: 5) && record.stamp == 6)
        // The proposal each view was placed with, kept twice (this pass and the last one): two
        // lengths in 16 bytes, four views' proposals to a 64-byte cache line when the placing
        // walk compares them (`ProposedViewSize`, two optionals, takes 32).
        let proposalBudget = 16
        #expect(MemoryLayout<PackedProposal>.stride <= proposalBudget)
        // A grid cell of a Grid's cache (one per subview; cell i is subview i).
        #expect(MemoryLayout<GridLayout.Cache.Cell>.stride <= 16)
        let cell = GridLayout.Cache.Cell(row: 70_000, column: 4, span: 2, hasAnchor: true, unsized: .horizontal, fullWidth: false)
        #expect(cell.row == 70_000 && cell.column == 4 && cell.span == 2 && cell.hasAnchor && cell.unsized == .horizontal && !cell.fullWidth)
        // The view's kind is the first field of every view object and what every size and
        // placement switches on: with the object's 16-byte header, a kind of at most 25 bytes
        // (a 24-byte payload and a byte of case) ends at byte 41, and the flag bytes and the
        // 32-bit index and child position that follow it end by byte 52, all in the object's
        // first 64-byte cache line (which is all a leaf's size and commit read). A fixed frame is
        // the largest payload kept unboxed (padding's insets, 32 bytes, are boxed for this).
        let kindBudget = 25
        #expect(MemoryLayout<FixedFrame>.size <= kindBudget - 1)
        #expect(MemoryLayout<NodeKind>.size <= kindBudget)
        // A colour, held by every coloured view's drawing and copied as views are built: an
        // sRGB colour inline, an asset catalog's pair or a mixed colour's ends behind one
        // reference (a colour was 80 bytes with the pair inline).
        #expect(MemoryLayout<Color>.size <= 56)
    }

    @Test func compactAlignmentsKeepEveryGuide() {
        let builtIn: [Alignment] = [.topLeading, .top, .topTrailing, .leading, .center, .trailing,
                                    .bottomLeading, .bottom, .bottomTrailing]
        for a in builtIn {
            #expect(CompactAlignment(a).alignment == a)
            #expect(CompactAlignment(a).isEdges, "\(a) was boxed")
        }
        for a in [Alignment.centerFirstTextBaseline, .leadingLastTextBaseline,
                  Alignment(horizontal: .listRowSeparatorLeading, vertical: .bottom)] {
            #expect(CompactAlignment(a).alignment == a && !CompactAlignment(a).isEdges)
        }
        // Other alignments are boxed once each, however many frames use them.
        let custom = Alignment(horizontal: .listRowSeparatorLeading, vertical: .firstTextBaseline)
        _ = CompactAlignment(custom)
        let boxes = CompactAlignment.internedCount
        for _ in 0..<300 { #expect(CompactAlignment(custom).alignment == custom) }
        #expect(CompactAlignment.internedCount == boxes)
        let frame = FixedFrame(width: nil, height: 0, alignment: .bottomTrailing)
        #expect(frame.width == nil && frame.height == 0 && frame.alignment == .bottomTrailing)
    }

    @Test func packedProposalsKeepEveryLength() {
        let lengths: [CGFloat?] = [nil, 0, -0.0, 12.5, -3, .infinity, -.infinity, .nan, .greatestFiniteMagnitude, .leastNonzeroMagnitude]
        for w in lengths {
            for h in lengths {
                let p = ProposedViewSize(width: w, height: h)
                let back = PackedProposal(p).proposal
                #expect(back.width?.bitPattern == w?.bitPattern && back.height?.bitPattern == h?.bitPattern, "\(p)")
                #expect(PackedProposal(p) == PackedProposal(p))
            }
        }
        #expect(PackedProposal(ProposedViewSize(width: nil, height: 1)) != PackedProposal(ProposedViewSize(width: 0, height: 1)))
        #expect(PackedProposal(ProposedViewSize(width: .nan, height: 1)) != PackedProposal(ProposedViewSize(width: nil, height: 1)))
    }

    @Test func anExplicitIDIsInlineOrBoxedAsItsOwnType() {
        typealias UsableSize = @convention(c) (UnsafeMutableRawPointer?) -> Int
        guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "malloc_usable_size") else {
            Issue.record("malloc_usable_size not found"); return
        }
        let usable = unsafeBitCast(symbol, to: UsableSize.self)
        // Ids of other types: a box of 32 bytes (24 usable) instead of 64 for an `AnyHashable`.
        let box = ViewTraits.TypedExplicitID(42)
        #expect(usable(Unmanaged.passUnretained(box).toOpaque()) <= 24)
        // Read back as the same `AnyHashable`, whichever way it was set.
        var traits = ViewTraits()
        traits.setExplicitID(42)
        #expect(traits.explicitID == AnyHashable(42) && traits.explicitID?.hashValue == AnyHashable(42).hashValue)
        // Every view carries its traits: the box's pointer and the 8-byte id, 16 bytes of the
        // view's 136 (a 144-byte allocator chunk, `aViewObjectHoldsOnlyTheTree`).
        let traitsBudget = 16
        #expect(MemoryLayout<ViewTraits>.size <= traitsBudget)
        // An `Int` in 32 bits is held inline (no box); a larger one, or another type, is boxed.
        if case .small(42) = ViewTraits.StoredID(42) {} else { Issue.record("42 was boxed") }
        if case .boxed = ViewTraits.StoredID(Int(Int32.max) + 1) {} else { Issue.record("a 64-bit id was truncated") }
        if case .boxed = ViewTraits.StoredID(Int64(5)) {} else { Issue.record("an Int64 id was not boxed") }
        for id in [0, -1, Int(Int32.min), Int(Int32.max), Int(Int32.max) + 1, Int.min, Int.max] {
            var t = ViewTraits()
            t.setExplicitID(id)
            #expect(t.explicitID == AnyHashable(id) && t.explicitID?.base as? Int == id)
            t.explicitID = AnyHashable(id)
            #expect(t.explicitID == AnyHashable(id) && t.explicitID?.hashValue == AnyHashable(id).hashValue)
        }
        traits.setExplicitID(Int64(5))
        #expect(traits.explicitID == AnyHashable(Int64(5)))
        traits.explicitID = AnyHashable("a")
        #expect(traits.explicitID == AnyHashable("a") && traits.explicitID?.base is String)
        traits.explicitID = nil
        #expect(traits.explicitID == nil)
        // A ForEach's items are found by their ids.
        let r = LayoutHost(HStack { ForEach(0..<3, id: \.self) { i in Color.red.frame(width: CGFloat(10 + i), height: 10) } })
            .layout(in: CGSize(width: 200, height: 50))
        #expect(r.frame(of: 2)?.width == 12)
        #expect(r.views.filter { $0.explicitID == AnyHashable(1) }.count == 1)
    }

    @Test func aViewObjectHoldsOnlyTheTree() {
        // The memos moved to the store and the placement records to the pass: what is left is
        // the tree (kind, links, traits, identity, numbering, drawing, names).
        let node = LayoutNode(kind: .spacer(SpacerLeaf(minLength: nil)), kindName: "Spacer")
        // glibc's malloc_usable_size (not in the Glibc module map): what the allocation really takes.
        typealias UsableSize = @convention(c) (UnsafeMutableRawPointer?) -> Int
        guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "malloc_usable_size") else {
            Issue.record("malloc_usable_size not found"); return
        }
        let bytes = unsafeBitCast(symbol, to: UsableSize.self)(Unmanaged.passUnretained(node).toOpaque())
        print("LayoutNode allocation: \(bytes) bytes; NodeKind \(MemoryLayout<NodeKind>.size); SizeMemo row \(MemoryLayout<SizeMemo>.stride)")
        // 120 usable bytes (a 128-byte chunk): flags in bits, the name a number, rare fields
        // boxed. One byte more takes the next chunk, 16 bytes more a view in every benchmark.
        #expect(bytes <= 120)
    }

    @Test func identitiesSurviveAGeometryReadersReinstall() {
        // A view keeps the identity derived at its first install: re-installing after a
        // GeometryReader rebuilt its content (the other views reused) gives every view the
        // identity a fresh host derives for the same tree.
        func tree() -> some View {
            VStack {
                Color.blue.frame(width: 30, height: 10)
                GeometryReader { g in
                    HStack {
                        Color.red.frame(width: g.size.width / 2)
                        if g.size.width > 150 { Color.green }
                    }
                }
                ForEach(0..<3) { i in Color.orange.frame(width: 10, height: CGFloat(i + 1)) }
            }
        }
        let host = LayoutHost(tree())
        let small = host.layout(in: CGSize(width: 100, height: 100))
        let large = host.layout(in: CGSize(width: 200, height: 100))
        let fresh = LayoutHost(tree()).layout(in: CGSize(width: 200, height: 100))
        #expect(large.views.identities == fresh.views.identities)
        #expect(Set(large.views.identities).count == large.views.count, "identities are distinct")
        // The views outside the reader's content are the same views in both results.
        #expect(small.views.identities.prefix(2) == large.views.identities.prefix(2))
        #expect(small.views.identities.suffix(6) == large.views.identities.suffix(6))
        #expect(large.views.count == small.views.count + 1)
    }

    @Test func aFullLayoutRecyclesTheGeometryNoResultHolds() {
        let host = LayoutHost(HStack(spacing: 1) { ForEach(0..<50) { i in Color.red.frame(width: CGFloat(i % 5 + 1), height: 4) } })
        let p = ProposedViewSize(width: 400, height: 100)
        var frames = host.layout(proposal: p).frames
        // Caches forgotten, no result kept: the next pass writes into the last one's arrays.
        host.invalidateLayoutCaches()
        #expect(host.layout(proposal: p).frames == frames)
        #expect(host.lastPassRecycledGeometry)
        // A result still held keeps its geometry: the next pass makes new arrays, and the held
        // result's frames do not change.
        host.invalidateLayoutCaches()
        let held = host.layout(proposal: p)
        host.invalidateLayoutCaches()
        let other = host.layout(proposal: ProposedViewSize(width: 300, height: 100))
        #expect(!host.lastPassRecycledGeometry)
        #expect(held.frames == frames && other.frames != frames)
        // Frames read out of a result (not the result itself) are values: recycled arrays are
        // copied before they are written, so what the caller holds never changes.
        frames = held.frames
        _ = consume held
        _ = other
        host.invalidateLayoutCaches()
        _ = host.layout(proposal: ProposedViewSize(width: 200, height: 100))
        host.invalidateLayoutCaches()
        _ = host.layout(proposal: ProposedViewSize(width: 250, height: 100))
        #expect(frames == LayoutHost(HStack(spacing: 1) { ForEach(0..<50) { i in Color.red.frame(width: CGFloat(i % 5 + 1), height: 4) } })
            .layout(proposal: p).frames)
    }

    @Test func rareFieldsAreBoxedOnlyWhenSet() {
        let node = LayoutNode(kind: .shape(.rectangle), kindName: "Color")
        // Defaults, and writing a default, take no box.
        node.priority = 0; node.detail = ""; node.postItems = []
        #expect(!node.hasExtras && node.priority == 0 && node.detail.isEmpty && node.postItems.isEmpty)
        node.priority = -2.5
        #expect(node.hasExtras && node.priority == -2.5)
        node.detail = "red"; node.postItems = [.endClip]
        #expect(node.detail == "red" && node.postItems.count == 1 && node.priority == -2.5)
        // Each view has its own box.
        let other = LayoutNode(kind: .shape(.rectangle), kindName: "Color")
        other.priority = 1
        #expect(node.priority == -2.5 && other.priority == 1 && other.detail.isEmpty)
        // A fixed frame's detail is derived when none was set.
        let frame = LayoutNode(kind: .frame(FixedFrame(width: 30, height: nil, alignment: .center)), kindName: "frame")
        #expect(frame.detail == "width: 30" && !frame.hasExtras)
        // The priority a stack sees comes through the box.
        let r = LayoutHost(HStack(spacing: 0) {
            Color.red.layoutPriority(1)
            Color.blue
        }).layout(in: CGSize(width: 100, height: 10))
        #expect(r.views.filter { $0.kind == "layoutPriority" }.map(\.priority) == [1])
    }

    @Test func kindNamesAreNumberedOncePerProcess() {
        let a = LayoutNode(kind: .shape(.rectangle), kindName: "SomeRareViewName")
        let b = LayoutNode(kind: .shape(.rectangle), kindName: "SomeRareViewName")
        #expect(a.kindName == "SomeRareViewName" && b.kindName == a.kindName)
        #expect(ViewKindNames.id(of: "SomeRareViewName") == ViewKindNames.id(of: "SomeRareViewName"))
        #expect(ViewKindNames.id(of: "SomeRareViewName") != ViewKindNames.id(of: "AnotherName"))
        a.kindName = "Renamed"
        #expect(a.kindName == "Renamed" && b.kindName == "SomeRareViewName")
        #expect(ViewKindNames.name(.max) == "")
    }

    @Test func aStoreRowMovesWithItsOverflowBlocks() {
        let old = NodeStore(count: 3), new = NodeStore(count: 2)
        // Seven answers: the first in the row, three in a short block, three in a long one.
        for w in 0..<7 {
            old.store(2, ProposedViewSize(width: CGFloat(w), height: nil), CGSize(width: CGFloat(w) * 2, height: 1), pass: 7)
        }
        old.memoRow(2).pointee.epoch = 4
        #expect(old.memoRow(2).pointee.overflowPlusOne > 0)
        #expect(old.overflow.blocksInUse == (short: 1, long: 1))
        new.adoptRow(0, from: old, at: 2)
        // The new row answers every proposal from blocks of its own store; the old row is empty.
        for w in 0..<7 {
            #expect(new.lookup(0, ProposedViewSize(width: CGFloat(w), height: nil))?.0 == CGSize(width: CGFloat(w) * 2, height: 1))
        }
        #expect(new.overflow.blocksInUse == (short: 1, long: 1))
        #expect(new.memoRow(0).pointee.epoch == 4)
        #expect(old.memoRow(2).pointee.count == 0 && old.memoRow(2).pointee.epoch == 0)
        #expect(new.memoRow(1).pointee.count == 0)
        // Out-of-range rows are ignored.
        new.adoptRow(5, from: old, at: 0)
        new.adoptRow(0, from: old, at: 9)
        #expect(new.memoRow(0).pointee.count == 7)
    }

    @Test func aMemoRowKeepsTwelveAnswersRoundRobinInItsOwnBlocks() {
        let store = NodeStore(count: 2)
        // One answer: no block taken (most views).
        store.store(1, ProposedViewSize(width: 5, height: 5), CGSize(width: 1, height: 1), pass: 1)
        #expect(store.memoRow(1).pointee.overflowPlusOne == 0)
        #expect(store.lookup(1, ProposedViewSize(width: 5, height: 5))?.0 == CGSize(width: 1, height: 1))
        #expect(store.lookup(1, ProposedViewSize(width: 5, height: nil)) == nil)
        // Twenty answers to view 0: the last twelve are kept, the first eight replaced in order.
        for w in 0..<20 {
            store.store(0, ProposedViewSize(width: CGFloat(w), height: 3), CGSize(width: CGFloat(w) + 0.5, height: 3), pass: UInt32(w))
        }
        #expect(store.memoRow(0).pointee.count == UInt8(SizeMemo.capacity))
        for w in 0..<20 {
            let found = store.lookup(0, ProposedViewSize(width: CGFloat(w), height: 3))
            if w < 20 - SizeMemo.capacity {
                #expect(found == nil, "\(w)")
            } else {
                #expect(found?.0 == CGSize(width: CGFloat(w) + 0.5, height: 3) && found?.1 == UInt32(w), "\(w)")
            }
        }
        // Its blocks are its own: view 1 is unchanged, and no view takes more than one of each.
        #expect(store.lookup(1, ProposedViewSize(width: 5, height: 5))?.0 == CGSize(width: 1, height: 1))
        #expect(store.overflow.blocksInUse == (short: 1, long: 1))
        // A row emptied (a new epoch) keeps its blocks and fills them again.
        store.memoRow(0).pointee.count = 0
        store.memoRow(0).pointee.next = 0
        for w in 0..<6 { store.store(0, ProposedViewSize(width: CGFloat(w), height: nil), CGSize(width: 9, height: 9), pass: 30) }
        #expect(store.overflow.blocksInUse == (short: 1, long: 1))
        #expect(store.lookup(0, ProposedViewSize(width: 5, height: nil))?.0 == CGSize(width: 9, height: 9))
        #expect(store.lookup(0, ProposedViewSize(width: 19, height: 3)) == nil)
    }

    @Test func spacingRowsStartEmptyAndTakeNoMemoryUntilWritten() {
        // Small stores come from calloc, large ones from fresh pages; both start at pass 0 (none).
        for count in [1, 3, 2_000, 100_000] {
            let store = NodeStore(count: count)
            #expect((0..<count).allSatisfy { store.spacingPass[$0] == 0 })
            store.spacingPass[count - 1] = 9
            store.spacing[count - 1] = .zero(along: .horizontal)
            #expect(store.spacingPass[count - 1] == 9 && store.spacing[count - 1] == .zero(along: .horizontal))
        }
    }

    @Test(.enabled(if: pagesAreMappedDirectly, "LAYOUTLAB_ZEROED_MEMORY=heap: the rows are heap blocks")) func memoRowsOfViewsAnsweredDirectlyTakeNoMemory() {
        // 20,000 colours in fixed frames, answered without a memo: after a pass, the pages of
        // their memo rows are still untouched zero pages (mincore: not resident), so a large tree
        // of such views pays no memory for memo rows. The container's row is written.
        let host = LayoutHost(HStack(spacing: 0) {
            ForEach(0..<10_000) { i in Color.red.frame(width: 10, height: CGFloat(i % 3 + 1)) }
        })
        let result = host.layout(proposal: ProposedViewSize(width: 400, height: 100))
        #expect(result.counters.directAnswers >= 20_000)
        let store = host.store
        #expect(store.memoRow(0).pointee.count > 0, "the stack memoises its size")
        let page = Int(sysconf(Int32(_SC_PAGESIZE)))
        // The whole memo: the front rows and every view's own row past them.
        let bytes = 2 * store.count * MemoryLayout<SizeMemo>.stride
        let pages = (bytes + page - 1) / page
        var resident = [UInt8](repeating: 0, count: pages)
        let status = mincore(UnsafeMutableRawPointer(store.memo), bytes, &resident)
        #expect(status == 0)
        let residentPages = resident.filter { $0 & 1 != 0 }.count
        // The first page (the stack's row) at most, of about 270.
        #expect(pages > 400 && residentPages <= 1, "\(residentPages) of \(pages) memo pages resident")
        // (Read after mincore: reading maps the zero page, which mincore counts.)
        #expect((1..<store.count).allSatisfy { store.memoRow($0).pointee.count == 0 && store.memoRow($0).pointee.overflowPlusOne == 0 })
    }

    @Test(.enabled(if: pagesAreMappedDirectly, "LAYOUTLAB_ZEROED_MEMORY=heap: the rows are heap blocks")) func viewsThatMemoiseHaveTheirRowsSideBySide() {
        // 200 stacks of 10 framed colours: the stacks and the root memoise (201 of 4,201
        // views); their rows are the memo's first 201, so a pass touches 3 pages of rows, not
        // one in every page of the tree's (as rows by view index did: one stack per 1,176 bytes).
        let host = LayoutHost(VStack(spacing: 0) {
            ForEach(0..<200) { _ in
                VStack(spacing: 0) { ForEach(0..<10) { _ in Color.green.frame(width: 10, height: 10) } }
            }
        })
        let result = host.layout(proposal: .unspecified)
        #expect(result.rootSize == CGSize(width: 10, height: 20_000))
        let store = host.store
        #expect(store.count == 4_201 && store.memoisingViews == 201)
        #expect(store.memoRowIndex(of: 0) < 201 && store.memoRowIndex(of: 1) < 201)
        #expect(store.memoRowIndex(of: 2) == store.count + 2, "a direct view's own row is past the front ones")
        let page = Int(sysconf(Int32(_SC_PAGESIZE)))
        let bytes = 2 * store.count * MemoryLayout<SizeMemo>.stride
        var resident = [UInt8](repeating: 0, count: (bytes + page - 1) / page)
        #expect(mincore(UnsafeMutableRawPointer(store.memo), bytes, &resident) == 0)
        let residentPages = resident.filter { $0 & 1 != 0 }.count
        #expect(residentPages <= 4, "\(residentPages) of \(resident.count) memo pages resident")
        // A second pass answers from those rows.
        let again = host.layout(proposal: .unspecified)
        #expect(again.counters.sizeComputations == 0 || again.counters.reusedSizes > 0)
    }

    @Test func aStackSlotIsAPlainValueOfFortyBytes() {
        // No references (copying a slot retains nothing), 24 bytes less than with the subview's
        // `ViewDimensions` in it, 16 less than with its major offset (summed again) and its
        // priority (read from the subview) in it, 16 less than with its lengths at 0 and ∞
        // beside its minor origin and proposal (the same two words, at different times), and 8
        // less than with the spacing before it (an explicit spacing is every distance).
        #expect(_isPOD(StackSlot.self))
        #expect(MemoryLayout<StackSlot>.stride <= 40)
        // The cache around the slots moves out of its storage and back on every call: up to
        // 128 bytes in registers, past that through memcpy.
        #expect(MemoryLayout<StackLayoutCache>.size <= 120)
        var slot = StackSlot()
        slot.order = 70_000
        slot.majorProposal = nil
        #expect(slot.order == 70_000 && slot.majorProposal == nil)
        slot.majorProposal = 0
        #expect(slot.majorProposal == 0)
        slot.minLength = 3; slot.maxLength = 7
        #expect(slot.minLength == 3 && slot.maxLength == 7)
        slot.minorOrigin = -2
        slot.majorProposal = 5
        #expect(slot.minorOrigin == -2 && slot.majorProposal == 5 && slot.order == 70_000)
    }

    @Test func onlyAStackSpacedByPreferencesKeepsItsDistances() throws {
        func cache(_ host: LayoutHost) throws -> StackLayoutCache {
            guard case .layout(let storage) = try #require(host.root).kind,
                  let stack = storage as? ConcreteLayoutStorage<HStackLayout> else { throw CancellationError() }
            return try #require(stack.cache)
        }
        let explicit = LayoutHost(HStack(spacing: 3) { ForEach(0..<5) { _ in Color.red.frame(width: 10, height: 10) } })
        let spaced = explicit.layout(proposal: ProposedViewSize(width: 100, height: 20))
        #expect(try cache(explicit).lengths.isEmpty && cache(explicit).totalSpacing == 12)
        #expect(spaced.frames.dropFirst().map(\.minX) == [19, 19, 32, 32, 45, 45, 58, 58, 71, 71])
        let preferred = LayoutHost(HStack { Color.red.frame(width: 10, height: 10); Spacer(); Text("a"); Text("b") })
        _ = preferred.layout(proposal: ProposedViewSize(width: 100, height: 20))
        // The distances, then (a Spacer's priority is below the others') the minimum lengths.
        let lengths = try cache(preferred).lengths
        #expect(Array(lengths.prefix(4)) == [0, 0, 0, 8], "\(lengths)")
        #expect(lengths.count == 8 && lengths[4] == 10, "\(lengths)")
    }

    @Test func aStackOfSeveralPrioritiesKeepsItsMinimumsAcrossReLayouts() {
        // The slots' lengths at 0 and ∞ are overwritten once ordered; a stack of several
        // priorities reserves its lower priorities' minimums from the cache's own list, also in
        // a re-layout that reuses the order. Every width's frames equal a fresh host's.
        func stack() -> some View {
            HStack(spacing: 0) {
                Color.red.frame(minWidth: 30, maxWidth: 200).layoutPriority(1)
                Color.green.frame(minWidth: 40, maxWidth: 90)
                Text("abc def ghi").layoutPriority(-1)
                Color.blue.frame(minWidth: 10)
                Color.orange.frame(minWidth: 20, maxWidth: 60).layoutPriority(1)
            }
        }
        let host = LayoutHost(stack())
        for width in [400.0, 180, 260, 95, 1000, 180] {
            let kept = host.layout(proposal: ProposedViewSize(width: width, height: 50))
            let fresh = LayoutHost(stack()).layout(proposal: ProposedViewSize(width: width, height: 50))
            #expect(kept.frames == fresh.frames, "width \(width)")
        }
    }

    @Test func aGridCacheKeepsNoPriorityAnchorOrInfiniteCountItDoesNotNeed() throws {
        // Uniform fixed cells: no priorities, anchors, infinite counts or fixed answers kept;
        // a grid with a priority, an anchor and flexible cells keeps what it needs.
        func cache(_ host: LayoutHost) throws -> GridLayout.Cache {
            guard case .layout(let storage) = try #require(host.root).kind,
                  let grid = storage as? ConcreteLayoutStorage<GridLayout> else { throw CancellationError() }
            return try #require(grid.cache)
        }
        let uniform = LayoutHost(Grid(horizontalSpacing: 0, verticalSpacing: 0) {
            ForEach(0..<10) { _ in GridRow { ForEach(0..<10) { _ in Color.red.frame(width: 2, height: 2) } } }
        })
        _ = uniform.layout(proposal: ProposedViewSize(width: 100, height: 100))
        let plain = try cache(uniform)
        #expect(plain.cells.count == 100 && plain.columnCount == 10 && plain.rowCount == 10)
        #expect(plain.priorities.isEmpty && plain.anchors.isEmpty && plain.infinite.isEmpty)
        #expect(plain.rowProbes.fixedAnswer(0).isNaN && plain.columnProbes.fixedAnswer(0).isNaN)
        #expect(plain.rowEntries.count == 100 && plain.columnEntries.count == 100)

        let mixedHost = LayoutHost(Grid(horizontalSpacing: 0, verticalSpacing: 0) {
            ForEach(0..<3) { r in
                GridRow {
                    Color.red.frame(width: 10, height: 10)
                    Color.green.frame(maxWidth: 30).layoutPriority(r == 1 ? 1 : 0)
                    Color.blue.frame(width: 5, height: 5).gridCellAnchor(.bottomTrailing)
                    Text("x").frame(maxHeight: 12)
                }
            }
        })
        _ = mixedHost.layout(proposal: ProposedViewSize(width: 90, height: 60))
        let mixed = try cache(mixedHost)
        #expect(mixed.priorities.count == 12 && mixed.priorities[5] == 1 && mixed.priority(4) == 0)
        #expect(mixed.anchors.map(\.cell) == [2, 6, 10] && mixed.anchor(10) == .bottomTrailing && mixed.anchor(3) == nil)
        #expect(!mixed.infinite.isEmpty)
    }

    @Test func aMemoRowTakesFiftySixBytes() {
        #expect(MemoryLayout<SizeMemo>.stride <= 56)
        #expect(MemoryLayout<MemoOverflow.ShortBlock>.stride <= 128)
    }

    @Test func spacingPreferencesSurviveTheCompactEncoding() {
        var a = ViewSpacing()
        #expect(a == ViewSpacing())
        #expect(a.distance(to: ViewSpacing(), along: .horizontal) == ViewSpacing.defaultDistance)
        a.formUnion(.zero(along: .horizontal))
        #expect(a.left == 0 && a.right == 0 && a.top == nil && a.bottom == nil)
        #expect(a != ViewSpacing())
        #expect(a.distance(to: ViewSpacing(), along: .horizontal) == 0)
        #expect(a.distance(to: ViewSpacing(), along: .vertical) == ViewSpacing.defaultDistance)
        #expect(ViewSpacing.zero.union(ViewSpacing()) == .zero)
    }

    @Test func nestedScratchPlacementsDoNotDisturbTheRunningOne() {
        func column() -> some View {
            Column {
                Color.red.frame(width: 10, height: 10).alignmentGuide(.firstTextBaseline) { _ in 7 }
                Color.green.frame(width: 10, height: 4)
            }
        }
        let result = LayoutHost.layout(BaselinesInReverse {
            column().id("first")
            column().id("second")
            Color.blue.frame(width: 5, height: 5).id("plain")
        }, in: CGSize(width: 100, height: 100))
        // The last call wins; a column's baseline is its first subview's guide (7), a view
        // without one has its bottom (5).
        #expect(result.frame(of: "first") == CGRect(x: 0, y: 7, width: 10, height: 14))
        #expect(result.frame(of: "second") == CGRect(x: 10, y: 7, width: 10, height: 14))
        #expect(result.frame(of: "plain") == CGRect(x: 20, y: 5, width: 5, height: 5))
        // The columns' own subviews are placed by their placement, not by the scratch ones.
        let reds = result.views.filter { $0.kind == "Color" && $0.frame.height == 10 }.map(\.frame)
        #expect(reds == [CGRect(x: 0, y: 7, width: 10, height: 10), CGRect(x: 10, y: 7, width: 10, height: 10)])
        #expect(result.diagnostics.isEmpty)
    }

    @Test func builtInContainersCommitPlacementsWithoutArenaRecords() {
        // Stacks, ZStack and Grid place each subview once: committed as placed, no record.
        let n = 2_000
        func arena<V: View>(_ view: V) -> (Int, LayoutResult) {
            let host = LayoutHost(view)
            let r = host.layout(proposal: ProposedViewSize(width: 4_000, height: 4_000))
            return (host.arena.records.count, r)
        }
        let (h, hr) = arena(HStack(spacing: 1) { ForEach(0..<n) { _ in Color.red.frame(width: 1, height: 2) } })
        let (v, _) = arena(VStack { ForEach(0..<n) { _ in Color.red } })
        let (z, _) = arena(ZStack { ForEach(0..<n) { _ in Color.red.frame(width: 3, height: 3) } })
        let (g, gr) = arena(Grid { ForEach(0..<20) { _ in GridRow { ForEach(0..<100) { _ in Color.red.frame(width: 2, height: 2) } } } })
        #expect(h == 0 && v == 0 && z == 0 && g == 0, "arena records: \(h), \(v), \(z), \(g)")
        // Frames as the arena gave them, relative to the stack (centred in the proposal): a
        // frame (odd index) and its colour (even) every two points.
        let o = hr.frames[0].origin
        func local(_ i: Int) -> CGRect { hr.frames[i].offsetBy(dx: -o.x, dy: -o.y) }
        #expect(local(1) == CGRect(x: 0, y: 0, width: 1, height: 2) && local(4) == CGRect(x: 2, y: 0, width: 1, height: 2))
        #expect(local(hr.frames.count - 1) == CGRect(x: CGFloat(2 * (n - 1)), y: 0, width: 1, height: 2))
        #expect(gr.frames.last.map { $0.offsetBy(dx: -gr.frames[0].minX, dy: -gr.frames[0].minY) } == CGRect(x: 990, y: 190, width: 2, height: 2))  // default spacing 8
        // A custom layout's placements are recorded: one per subview of the containers placing.
        let (c, _) = arena(Column { ForEach(0..<n) { _ in Color.red.frame(width: 1, height: 1) } })
        #expect(c >= n)
    }

    @Test func aSubviewADirectlyCommittingLayoutLeavesUnplacedIsCentred() {
        func frames<L: Layout>(_ layout: L) -> [CGRect] {
            LayoutHost.layout(layout {
                Color.red.frame(width: 10, height: 10)
                Color.blue.frame(width: 20, height: 30)
            }, in: CGSize(width: 100, height: 60)).frames
        }
        let direct = frames(PlacesFirstOnly(direct: true)), recorded = frames(PlacesFirstOnlyRecorded())
        #expect(direct == recorded)
        // The second subview: centred in the 100×60 container with its proposal.
        #expect(direct[4] == CGRect(x: 40, y: 15, width: 20, height: 30))
        #expect(direct[1] == CGRect(x: 5, y: 5, width: 10, height: 10))
    }

    @Test func placingOutsidePlaceSubviewsIsIgnored() {
        let result = LayoutHost.layout(PlacesWhileSizing { Color.red.frame(width: 10, height: 10).id("child") },
                                       in: CGSize(width: 100, height: 100))
        // The container (40×40) is centred in the canvas; its unplaced subview is centred in it.
        #expect(result.frame(of: "child") == CGRect(x: 45, y: 45, width: 10, height: 10))
    }

    @Test func aDeepTreePlacesThroughTheArena() {
        // 300 nested custom layouts: one region per level open at the deepest point.
        var view: AnyView = AnyView(Color.red.frame(width: 3, height: 3).id("leaf"))
        for _ in 0..<300 { view = AnyView(Column { view }) }
        let result = LayoutHost.layout(view, in: CGSize(width: 50, height: 50))
        #expect(result.frame(of: "leaf") == CGRect(x: 23.5, y: 23.5, width: 3, height: 3))
        #expect(result.diagnostics.isEmpty)
    }
}

