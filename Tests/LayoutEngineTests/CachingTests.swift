import Testing
import Foundation
@testable import LayoutCore
@testable import SwiftUI

/// A nested H/V stack tree with flexible leaves: the shape that explodes without a memo.
private struct NestedStacks: View {
    let depth: Int
    let fanout: Int
    var body: some View {
        if depth == 0 {
            Color.red
        } else if depth % 2 == 0 {
            HStack { ForEach(0..<fanout, id: \.self) { _ in NestedStacks(depth: depth - 1, fanout: fanout) } }
        } else {
            VStack { ForEach(0..<fanout, id: \.self) { i in NestedStacks(depth: depth - 1, fanout: fanout).frame(minHeight: CGFloat(i)) } }
        }
    }
}

@Suite("Size memo")
struct CachingTests {
    @Test(arguments: [(8, 2), (4, 10), (6, 3), (10, 2), (12, 2)])
    func nestedStacksStayWithinABoundedNumberOfQueriesPerView(depth: Int, fanout: Int) {
        let host = LayoutHost(NestedStacks(depth: depth, fanout: fanout))
        let r = host.layout(in: CGSize(width: 1024, height: 768), options: .fastest)
        // Computations and direct answers (the colours): every answer not taken from a memo.
        let perView = Double(r.counters.sizeComputations + r.counters.directAnswers) / Double(r.counters.viewCount)
        // Stated bound: at most 11 size computations and 30 size queries per view per pass, at
        // any depth. Each stack probes a child at 0 and ∞ and proposes once, for each of the (up
        // to three) proposals it gets itself, so a view sees about ten distinct proposals; the
        // 12-slot memo holds them all (with SwiftUI's 3 slots this tree costs ~800 per view at
        // depth 8 and grows exponentially).
        #expect(perView <= 11, "computations per view: \(perView)")
        #expect(Double(r.counters.sizeQueries) / Double(r.counters.viewCount) <= 30)
        #expect(r.counters.cacheHits > 0)
    }

    @Test func costPerViewDoesNotGrowWithDepth() {
        func perView(_ depth: Int) -> Double {
            let r = LayoutHost(NestedStacks(depth: depth, fanout: 2)).layout(in: CGSize(width: 1024, height: 768), options: .fastest)
            return Double(r.counters.sizeComputations + r.counters.directAnswers) / Double(r.counters.viewCount)
        }
        let shallow = perView(8), deep = perView(12)
        #expect(deep <= shallow * 1.1, "depth 8: \(shallow), depth 12: \(deep)")
    }

    @Test func aRepeatedPassReusesEverySizeAndAForgottenCacheCostsTheSameAgain() {
        let host = LayoutHost(NestedStacks(depth: 4, fanout: 4))
        let a = host.layout(in: CGSize(width: 500, height: 500), options: .fastest)
        let b = host.layout(in: CGSize(width: 500, height: 500), options: .fastest)
        // Incremental relayout: the same proposal again computes nothing; placement still runs.
        #expect(b.counters.sizeComputations == 0 && b.counters.reusedSizes == b.counters.sizeQueries)
        // …and every view is where it was, so the whole tree's placement is reused too.
        #expect(b.counters.placeSubviewsCalls == 0 && b.counters.reusedPlacements == b.counters.viewCount)
        #expect(a.frames == b.frames)
        host.invalidateLayoutCaches()
        let c = host.layout(in: CGSize(width: 500, height: 500), options: .fastest)
        #expect(a.counters == c.counters)
        #expect(a.frames == c.frames)
    }

    @Test func traceRecordsSizeAndPlacementCalls() {
        let r = LayoutHost.layout(HStack { Color.red; Color.blue }, in: CGSize(width: 100, height: 50))
        let kinds = Set(r.trace.events.map(\.kind))
        #expect(kinds.contains(.sizeThatFits) && kinds.contains(.placeSubviews))
        let place = r.trace.events.first { $0.kind == .placeSubviews }
        #expect(place?.view == 0 && place?.size == CGSize(width: 100, height: 50))
        #expect(r.counters.placeSubviewsCalls == 1)
        #expect(r.counters.sizeQueries == r.trace.events.filter { $0.kind != .placeSubviews }.count)
    }

    @Test func sizeRangesAreTheZeroUnspecifiedAndInfinityProbes() {
        let r = LayoutHost.layout(HStack { Color.red.frame(minWidth: 20, maxWidth: 100).id("a"); Color.red.frame(width: 30, height: 10) }
            .frame(height: 10).id("s"), in: CGSize(width: 300, height: 10))
        let s = r.views.first { $0.kind == "HStack" }!
        // semantics §8 E24: min 58, ideal 58, max 138.
        #expect(s.minSize?.width == 58 && s.idealSize?.width == 58 && s.maxSize?.width == 138)
    }
}

/// Counts cache lifecycle calls.
private final class CacheCalls: @unchecked Sendable { var make = 0, update = 0 }

private struct CountingLayout: Layout {
    let calls: CacheCalls
    struct Cache { var sizes: [CGSize] }
    func makeCache(subviews: Subviews) -> Cache {
        calls.make += 1
        return Cache(sizes: subviews.map { $0.sizeThatFits(.unspecified) })
    }
    func updateCache(_ cache: inout Cache, subviews: Subviews) {
        calls.update += 1
        cache.sizes = subviews.map { $0.sizeThatFits(.unspecified) }
    }
    func sizeThatFits(proposal: ProposedViewSize, subviews: Subviews, cache: inout Cache) -> CGSize {
        CGSize(width: cache.sizes.reduce(0) { $0 + $1.width }, height: cache.sizes.map(\.height).max() ?? 0)
    }
    func placeSubviews(in bounds: CGRect, proposal: ProposedViewSize, subviews: Subviews, cache: inout Cache) {
        var x = bounds.minX
        for (s, size) in zip(subviews, cache.sizes) { s.place(at: CGPoint(x: x, y: bounds.minY), proposal: ProposedViewSize(size)); x += size.width }
    }
}

@Suite("Layout cache lifecycle")
struct CacheLifecycleTests {
    @Test func cacheIsMadeOnceAndUpdatedWhenTheTreeChanges() {
        let calls = CacheCalls()
        let host = LayoutHost(CountingLayout(calls: calls) { Color.red.frame(width: 10, height: 10); Color.blue.frame(width: 20, height: 5) })
        _ = host.layout(in: CGSize(width: 100, height: 100))
        _ = host.layout(in: CGSize(width: 200, height: 100))
        #expect(calls.make == 1 && calls.update == 0)
        // Same container, new subviews: the cache is updated, not remade, and the result follows it.
        host.setRoot(CountingLayout(calls: calls) { Color.red.frame(width: 10, height: 10); Color.blue.frame(width: 20, height: 5); Color.green.frame(width: 5, height: 5).id("new") })
        let r = host.layout(in: CGSize(width: 100, height: 100))
        #expect(calls.make == 1 && calls.update == 1)
        #expect(r.frame(of: "new") == CGRect(x: 30 + 32.5, y: 45, width: 5, height: 5))
    }

    @Test func invalidateLayoutCachesMakesEveryCacheAnewWithTheSameResult() {
        let calls = CacheCalls()
        let host = LayoutHost(CountingLayout(calls: calls) { Color.red.frame(width: 10, height: 10).id("a"); Color.blue.frame(width: 20, height: 5) })
        let first = host.layout(in: CGSize(width: 100, height: 100))
        host.invalidateLayoutCaches()
        let second = host.layout(in: CGSize(width: 100, height: 100))
        // Made anew (not updated), as on a first layout; the tree and the result are unchanged.
        #expect(calls.make == 2 && calls.update == 0)
        #expect(first.frames == second.frames && first.frame(of: "a") == second.frame(of: "a"))
        // After a rebuild whose cache is pending an update, invalidation still means make, not update.
        host.setRoot(CountingLayout(calls: calls) { Color.red.frame(width: 10, height: 10) })
        host.invalidateLayoutCaches()
        _ = host.layout(in: CGSize(width: 100, height: 100))
        #expect(calls.make == 3 && calls.update == 0)
    }

    @Test func anyLayoutRemakesTheCacheWhenTheWrappedTypeChanges() {
        let calls = CacheCalls()
        func view(_ layout: AnyLayout) -> some View { layout { Color.red.frame(width: 10, height: 10) } }
        let host = LayoutHost(view(AnyLayout(CountingLayout(calls: calls))))
        _ = host.layout(in: CGSize(width: 100, height: 100))
        host.setRoot(view(AnyLayout(HStackLayout())))
        _ = host.layout(in: CGSize(width: 100, height: 100))
        host.setRoot(view(AnyLayout(CountingLayout(calls: calls))))
        _ = host.layout(in: CGSize(width: 100, height: 100))
        #expect(calls.make == 2 && calls.update == 0)
    }
}

/// Counts how often its spacing preferences are asked.
private final class SpacingCalls: @unchecked Sendable { var count = 0 }

/// A leaf-like custom layout (no subviews) preferring 20 points of space around it.
private struct SpacingCountingLayout: Layout {
    let calls: SpacingCalls
    func sizeThatFits(proposal: ProposedViewSize, subviews: Subviews, cache: inout ()) -> CGSize { CGSize(width: 10, height: 10) }
    func placeSubviews(in bounds: CGRect, proposal: ProposedViewSize, subviews: Subviews, cache: inout ()) {}
    func spacing(subviews: Subviews, cache: inout ()) -> ViewSpacing {
        calls.count += 1
        return ViewSpacing(left: 20, right: 20, top: 20, bottom: 20)
    }
}

@Suite("Spacing questions")
struct SpacingQuestionTests {
    @Test func aStackWithAnExplicitSpacingDoesNotAskItsSubviewsTheirs() {
        let calls = SpacingCalls()
        func layout(spacing: CGFloat?) -> LayoutResult {
            LayoutHost.layout(HStack(spacing: spacing) {
                SpacingCountingLayout(calls: calls) { EmptyView() }
                SpacingCountingLayout(calls: calls) { EmptyView() }
                VStack(spacing: 0) { SpacingCountingLayout(calls: calls) { EmptyView() }; SpacingCountingLayout(calls: calls) { EmptyView() } }
            }, in: CGSize(width: 200, height: 100), options: .fastest)
        }
        let explicit = layout(spacing: 3)
        #expect(calls.count == 0)
        #expect(explicit.frames[2].minX - explicit.frames[1].maxX == 3)
        // The default spacing asks each subview (and a nested stack asks its own subviews, its
        // preferences being their union), and takes the larger preference: 20.
        let defaulted = layout(spacing: nil)
        #expect(calls.count == 4)
        #expect(defaulted.frames[2].minX - defaulted.frames[1].maxX == 20)
    }
}

/// A custom shape whose `sizeThatFits` counts its calls (user code: memoised like any view that measures).
private final class CallCount: @unchecked Sendable { var value = 0 }
private struct CountingBar: Shape {
    let calls: CallCount
    func path(in rect: CGRect) -> Path { Path(rect) }
    func sizeThatFits(_ proposal: ProposedViewSize) -> CGSize {
        calls.value += 1
        return CGSize(width: proposal.width ?? 40, height: 12)
    }
}

/// Asks its only subview the proposal twice, then places it with it.
private struct AskingTwice: Layout {
    func sizeThatFits(proposal: ProposedViewSize, subviews: Subviews, cache: inout ()) -> CGSize {
        _ = subviews[0].sizeThatFits(proposal)
        return subviews[0].sizeThatFits(proposal)
    }
    func placeSubviews(in bounds: CGRect, proposal: ProposedViewSize, subviews: Subviews, cache: inout ()) {
        subviews[0].place(at: bounds.origin, proposal: proposal)
    }
}

@Suite("Views answered without a memo")
struct DirectAnswerTests {
    /// A traced pass without the size-range probes (they would ask every view three more questions).
    private func tracedLayout(_ host: LayoutHost, width: CGFloat) -> LayoutResult {
        host.layout(in: CGSize(width: width, height: 100), options: .tracedWithoutRanges)
    }

    @Test func shapesSpacersDividersImagesProgressBarsAndFixedFramesAreAnsweredWithoutTheMemo() {
        let view = HStack {
            Color.red
            Rectangle()
            Spacer(minLength: 4)
            Divider()
            ProgressView(value: 0.5)
            Text("measured")
            Circle().frame(width: 10, height: 10)
            Text("half fixed").frame(width: 30)
            Image(systemName: "star")
            Image(systemName: "star").resizable()
        }
        let host = LayoutHost(view)
        for width in [300, 299, 300] as [CGFloat] {
            let r = tracedLayout(host, width: width)
            let directEvents = r.trace.events.filter { $0.kind == .directSize }
            // Every question to those views is counted as a direct answer, none as a cache hit.
            #expect(r.counters.directAnswers == directEvents.count && directEvents.count > 0)
            let fullyFixed = r.views.first { $0.kind == "frame" && $0.frame.width == 10 }!.index
            let halfFixed = r.views.first { $0.kind == "frame" && $0.frame.width == 30 }!.index
            let direct: Set<String> = ["Color", "Rectangle", "Spacer", "Divider", "ProgressView", "Circle", "Image"]
            #expect(Set(directEvents.map { r.views[$0.view].kind }).isSuperset(of: ["Color", "Spacer", "Image"]))
            #expect(directEvents.allSatisfy { direct.contains(r.views[$0.view].kind) || $0.view == fullyFixed },
                    "\(Set(directEvents.map { r.views[$0.view].kind }))")
            #expect(directEvents.contains { $0.view == fullyFixed } || width == 300 && r.counters.reusedPlacements > 0)
            let memoised = r.trace.events.filter { $0.kind == .cachedSize || $0.kind == .reusedSize }
            #expect(memoised.allSatisfy { !direct.contains(r.views[$0.view].kind) && $0.view != fullyFixed })
            // A frame fixed on one axis asks its child the other: it keeps its memo.
            #expect(!directEvents.contains { $0.view == halfFixed })
            #expect(r.counters.cacheHits == memoised.count)
            #expect(r.counters.sizeQueries == r.trace.events.filter(\.kind.isSizeAnswer).count)
            // The text measures and keeps its memo.
            #expect(!r.trace.events.contains { $0.kind == .directSize && r.views[$0.view].kind.hasPrefix("Text") })
            // The memo would have given the same frames and diagnostics.
            var memoiseAll = LayoutOptions.tracedWithoutRanges
            memoiseAll.answersDirectly = false
            let everyViewMemoised = LayoutHost(view).layout(in: CGSize(width: width, height: 100), options: memoiseAll)
            #expect(everyViewMemoised.counters.directAnswers == 0 && everyViewMemoised.counters.cacheHits > r.counters.cacheHits)
            #expect(r.frames == everyViewMemoised.frames)
            #expect(r.diagnostics.map(\.message) == everyViewMemoised.diagnostics.map(\.message))
        }
    }

    @Test func aCustomShapesSizeThatFitsIsMemoised() {
        // A layout asking its subview the same proposal twice, then placing it with it: a
        // memoised view computes once and answers the rest from its memo.
        let calls = CallCount()
        let r = tracedLayout(LayoutHost(AskingTwice { CountingBar(calls: calls) }), width: 200)
        let bar = r.views.first { $0.parent == 0 }!.index
        #expect(calls.value == 1)
        #expect(r.trace.events.contains { $0.kind == .cachedSize && $0.view == bar })
        #expect(!r.trace.events.contains { $0.kind == .directSize && $0.view == bar })
        // A Color there is answered directly every time: never from a memo.
        let color = tracedLayout(LayoutHost(AskingTwice { Color.blue }), width: 200)
        #expect(color.trace.events.filter { $0.view == 1 && $0.kind.isSizeAnswer }.allSatisfy { $0.kind == .directSize })
        #expect(color.counters.directAnswers == 3)
    }

    @Test func aSpacerWithANegativeMinimumStillShortensItsStack() {
        // Answered without the memo, a negative length a Spacer may report is kept (it shortens
        // the stack, as in SwiftUI) and not reported as a bad size.
        let r = LayoutHost(VStack(spacing: 0) { Spacer(minLength: -5); Color.red.frame(width: 10, height: 10) })
            .layout(proposal: ProposedViewSize(width: 100, height: nil))
        #expect(r.rootSize == CGSize(width: 10, height: 5))
        #expect(r.diagnostics.isEmpty)
        #expect(r.views.first { $0.kind == "Spacer" }!.frame.height == 0)
    }
}
