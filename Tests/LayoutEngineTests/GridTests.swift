import Testing
import Foundation
@testable import LayoutCore
@testable import SwiftUI

/// Grid rules the device fixtures (`native-grid.yaml`) do not pin down: the inferred halves of
/// GridLayout's documented rules, and its cost.
@Suite("Grid rules beyond the device fixtures")
struct GridTests {
    private func box(_ w: CGFloat, _ h: CGFloat) -> some View { Color.red.frame(width: w, height: h) }

    @Test func rowsAreServedByPriorityWithoutReservation() {
        // Inferred: rows follow the column rules (GQ1) with the axes swapped.
        let r = LayoutHost.layout(Grid(horizontalSpacing: 0, verticalSpacing: 0) {
            GridRow { Color.red.id("a") }
            GridRow { Color.blue.id("b").layoutPriority(1) }
        }, in: CGSize(width: 100, height: 100))
        #expect(r.frame(of: "b")?.height == 100)
        #expect(r.frame(of: "a")?.height == 0)
    }

    @Test func spacerCellsTakeWhatTheRowsLeave() {
        // Inferred: the −∞ Spacer priority (GS1, columns and rows) applies to rows of their own.
        let r = LayoutHost.layout(Grid(horizontalSpacing: 0, verticalSpacing: 0) {
            GridRow { Spacer().id("s") }
            GridRow { Color.blue.id("b") }
        }, in: CGSize(width: 100, height: 100))
        #expect(r.frame(of: "b")?.height == 100)
        #expect(r.frame(of: "s")?.height == 8) // nothing is left: the Spacer's minimum length
    }

    @Test func aSpanEndingARowStillLeavesRoomForTheNextCell() {
        // Inferred: the column count is the largest start column + 1, so a cell after a span
        // opens a column of its own (GX6 measured only the clamping of a span at the row's end).
        let r = LayoutHost.layout(Grid(horizontalSpacing: 0, verticalSpacing: 0) {
            GridRow { box(20, 10).gridCellColumns(2).id("x"); box(10, 10).id("b") }
            GridRow { box(10, 10).id("c"); box(10, 10).id("d") }
        }, in: CGSize(width: 200, height: 200))
        guard let x = r.frame(of: "x"), let b = r.frame(of: "b"), let c = r.frame(of: "c") else { Issue.record("missing frames"); return }
        #expect(b.minX - c.minX == 20)
        #expect(x.width == 20 && x.minX == c.minX)
    }

    @Test func gapsFollowTheCellsSpacingOnBothAxes() {
        // Measured horizontally (GS2); inferred vertically: a Spacer row touches its neighbours.
        let r = LayoutHost.layout(Grid {
            GridRow { box(10, 10).id("a") }
            Spacer().frame(height: 4).id("s")
            GridRow { box(10, 10).id("b") }
        }, in: CGSize(width: 100, height: 100))
        guard let a = r.frame(of: "a"), let s = r.frame(of: "s"), let b = r.frame(of: "b") else { Issue.record("missing frames"); return }
        #expect(s.minY == a.maxY)
        #expect(b.minY == s.maxY)
    }

    @Test func aFullWidthRowsColumnAlignmentSetsTheFirstColumn() {
        // Inferred from GL8 (a span's alignment sets its first column).
        let r = LayoutHost.layout(Grid(horizontalSpacing: 0, verticalSpacing: 0) {
            GridRow { box(10, 10).id("a") }
            box(30, 10).gridColumnAlignment(.trailing).id("x")
        }, in: CGSize(width: 100, height: 100))
        guard let a = r.frame(of: "a"), let x = r.frame(of: "x") else { Issue.record("missing frames"); return }
        #expect(a.maxX == x.maxX)
    }

    @Test func manyDistinctPrioritiesStayCheap() {
        // Every cell in a priority group of its own: the size queries per cell stay constant.
        func perView(_ rows: Int) -> Double {
            let view = Grid {
                ForEach(0..<rows, id: \.self) { i in
                    GridRow {
                        Color.red.layoutPriority(Double(3 * i))
                        Color.green.frame(maxWidth: 50).layoutPriority(Double(3 * i + 1))
                        Color.blue.frame(minWidth: 5).layoutPriority(Double(-3 * i - 2))
                    }
                }
            }
            let r = LayoutHost(view).layout(in: CGSize(width: 800, height: 600), options: .fastest)
            return Double(r.counters.sizeQueries) / Double(r.counters.viewCount)
        }
        let small = perView(50), large = perView(400)
        #expect(large <= small * 1.2, "50 rows: \(small), 400 rows: \(large)")
    }
}

@Suite("Grid probes")
struct GridProbeTests {
    /// Probing a grid at infinity whose columns answer ∞ (a ProgressView) must not propose NaN
    /// to its full-width rows (a Divider) — seen in the app's trace as a diagnostic.
    @Test func infiniteProbeProposesNoNaN() {
        let host = LayoutHost(Grid {
            GridRow { Text("Cat"); ProgressView(value: 0.5) }
            Divider()
        })
        // A finite pass also probes every view at .infinity for its min/ideal/max sizes.
        let finite = host.layout(proposal: ProposedViewSize(width: 300, height: 200))
        #expect(finite.diagnostics.isEmpty, "\(finite.diagnostics)")
        for p in [ProposedViewSize.infinity, ProposedViewSize(width: .infinity, height: nil)] {
            let r = host.layout(proposal: p)
            #expect(!r.diagnostics.contains { $0.message.contains("proposed (nan") }, "\(p): \(r.diagnostics)")
            #expect(!r.trace.events.contains { ($0.proposal.width?.isNaN ?? false) || ($0.proposal.height?.isNaN ?? false) })
        }
    }
}

/// Lays out its subviews after the first with a `GridLayout` handed the slice `subviews[1...]`,
/// the first at the top-leading corner: a custom layout may reuse the built-in one on part of
/// its subviews, whose indices then start past 0.
private struct GridAfterTheFirst: Layout {
    let grid = GridLayout(horizontalSpacing: 0, verticalSpacing: 0)
    func makeCache(subviews: Subviews) -> GridLayout.Cache { grid.makeCache(subviews: subviews[1...]) }
    func sizeThatFits(proposal: ProposedViewSize, subviews: Subviews, cache: inout GridLayout.Cache) -> CGSize {
        grid.sizeThatFits(proposal: proposal, subviews: subviews[1...], cache: &cache)
    }
    func placeSubviews(in bounds: CGRect, proposal: ProposedViewSize, subviews: Subviews, cache: inout GridLayout.Cache) {
        subviews[0].place(at: bounds.origin, proposal: .unspecified)
        grid.placeSubviews(in: bounds, proposal: proposal, subviews: subviews[1...], cache: &cache)
    }
}

@Suite("Grid over a slice of subviews")
struct GridSliceTests {
    @Test func aGridLayoutGivenASliceReadsTheSlicesOwnSubviews() {
        // Every cell is the subview at the slice's start plus its number: the frames are those
        // of a Grid of the same views, whatever precedes them.
        @ViewBuilder func cells() -> some View {
            Color.red.frame(width: 40, height: 10).id("a")
            Color.green.frame(maxWidth: 25).id("b").layoutPriority(1)
            Text("wide cell").id("c")
            Color.blue.frame(width: 6, height: 6).gridCellAnchor(.bottomTrailing).id("d")
        }
        let size = CGSize(width: 120, height: 90)
        let sliced = LayoutHost.layout(GridAfterTheFirst { Color.gray.frame(width: 3, height: 3).id("first"); cells() }, in: size)
        let grid = LayoutHost.layout(Grid(horizontalSpacing: 0, verticalSpacing: 0) { cells() }, in: size)
        #expect(sliced.frame(of: "first") == CGRect(x: sliced.frames[0].minX, y: sliced.frames[0].minY, width: 3, height: 3))
        for id in ["a", "b", "c", "d"] {
            let s = sliced.frame(of: id), g = grid.frame(of: id)
            #expect(s != nil && s?.size == g?.size, "\(id): \(String(describing: s)) vs \(String(describing: g))")
            #expect(s.map { $0.minY - sliced.frames[0].minY } == g.map { $0.minY - grid.frames[0].minY }, "\(id)")
        }
    }
}

/// Makes its cache with one `HStackLayout` and lays out with another of a different spacing,
/// as a custom layout that changes its stack's spacing while keeping the cache might.
private struct StackWithAnotherSpacingsCache: Layout {
    let madeWith: CGFloat?
    let laidOutWith: CGFloat?
    func makeCache(subviews: Subviews) -> StackLayoutCache { HStackLayout(spacing: madeWith).makeCache(subviews: subviews) }
    func sizeThatFits(proposal: ProposedViewSize, subviews: Subviews, cache: inout StackLayoutCache) -> CGSize {
        HStackLayout(spacing: laidOutWith).sizeThatFits(proposal: proposal, subviews: subviews, cache: &cache)
    }
    func placeSubviews(in bounds: CGRect, proposal: ProposedViewSize, subviews: Subviews, cache: inout StackLayoutCache) {
        HStackLayout(spacing: laidOutWith).placeSubviews(in: bounds, proposal: proposal, subviews: subviews, cache: &cache)
    }
}

/// Makes a grid's cache from its subviews after the first, then lays out all of them with it.
private struct GridWithASmallerCache: Layout {
    let grid = GridLayout(horizontalSpacing: 0, verticalSpacing: 0)
    func makeCache(subviews: Subviews) -> GridLayout.Cache { grid.makeCache(subviews: subviews[1...]) }
    func sizeThatFits(proposal: ProposedViewSize, subviews: Subviews, cache: inout GridLayout.Cache) -> CGSize {
        grid.sizeThatFits(proposal: proposal, subviews: subviews, cache: &cache)
    }
    func placeSubviews(in bounds: CGRect, proposal: ProposedViewSize, subviews: Subviews, cache: inout GridLayout.Cache) {
        grid.placeSubviews(in: bounds, proposal: proposal, subviews: subviews, cache: &cache)
    }
}

@Suite("Built-in layouts handed a cache that does not fit")
struct MismatchedCacheTests {
    @ViewBuilder private func items() -> some View {
        Color.red.frame(minWidth: 20, maxWidth: 60).id("a")
        Color.green.frame(minWidth: 5, maxHeight: 8).id("s")
        Text("b").id("b").layoutPriority(1)
        Color.blue.frame(width: 10, height: 10).id("c")
    }

    @Test(arguments: [(CGFloat?.none, CGFloat?.some(5)), (CGFloat?.some(5), CGFloat?.none), (CGFloat?.some(3), CGFloat?.some(7))])
    func aStackWhoseSpacingChangedUnderItsCachePreparesItAgain(madeWith: CGFloat?, laidOutWith: CGFloat?) {
        // The cache's per-subview lengths were made for the other kind of spacing: the stack
        // prepares it again (no read past its end) and lays out as a fresh stack would.
        for width in [200.0, 90, 40] {
            let size = CGSize(width: width, height: 30)
            let kept = LayoutHost.layout(StackWithAnotherSpacingsCache(madeWith: madeWith, laidOutWith: laidOutWith) { items() }, in: size)
            let fresh = LayoutHost.layout(HStack(spacing: laidOutWith) { items() }, in: size)
            for id in ["a", "s", "b", "c"] {
                #expect(kept.frame(of: id) == fresh.frame(of: id), "\(String(describing: madeWith)) → \(String(describing: laidOutWith)), \(width): \(id)")
            }
        }
    }

    @Test func aGridGivenACacheForFewerSubviewsMakesItAgain() {
        @ViewBuilder func cells() -> some View {
            Color.gray.frame(width: 3, height: 3).id("first")
            GridRow { Color.red.frame(width: 40, height: 10).id("a"); Text("b").id("b") }
        }
        let size = CGSize(width: 120, height: 90)
        let kept = LayoutHost.layout(GridWithASmallerCache { cells() }, in: size)
        #expect(kept.frame(of: "first") != nil && kept.frame(of: "a") != nil && kept.frame(of: "b") != nil)
        #expect(kept.frame(of: "a")?.size == CGSize(width: 40, height: 10))
    }
}
