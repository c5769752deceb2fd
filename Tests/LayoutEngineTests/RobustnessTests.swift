import Testing
import Foundation
@testable import LayoutCore
@testable import SwiftUI

/// A custom layout that answers with a fixed (possibly bad) size and optionally places nothing
/// or places at a NaN position.
private struct MisbehavingLayout: Layout {
    var size: CGSize
    var placement: Placement = .none
    enum Placement { case none, nan, normal }
    func sizeThatFits(proposal: ProposedViewSize, subviews: Subviews, cache: inout ()) -> CGSize { size }
    func placeSubviews(in bounds: CGRect, proposal: ProposedViewSize, subviews: Subviews, cache: inout ()) {
        for s in subviews {
            switch placement {
            case .none: break
            case .nan: s.place(at: CGPoint(x: CGFloat.nan, y: bounds.minY), proposal: .unspecified)
            case .normal: s.place(at: bounds.origin, proposal: .unspecified)
            }
        }
    }
}

private func allFinite(_ r: LayoutResult) -> Bool {
    r.frames.allSatisfy { $0.origin.x.isFinite && $0.origin.y.isFinite && $0.width.isFinite && $0.height.isFinite && $0.width >= 0 && $0.height >= 0 }
}

@Suite("Bad input gets a defined outcome and a diagnostic")
struct RobustnessTests {
    @Test func nanProposalIsTreatedAsZero() {
        let host = LayoutHost(Color.red.id("c"))
        let r = host.layout(proposal: ProposedViewSize(width: .nan, height: 100))
        #expect(r.frame(of: "c") == CGRect(x: 0, y: 0, width: 0, height: 100))
        #expect(r.diagnostics.contains { $0.message.contains("NaN") })
        #expect(allFinite(r))
    }

    @Test func negativeProposalIsTreatedAsZero() {
        let r = LayoutHost(Color.red.id("c")).layout(proposal: ProposedViewSize(width: -20, height: 30))
        #expect(r.frame(of: "c")?.size == CGSize(width: 0, height: 30))
        #expect(!r.diagnostics.isEmpty)
    }

    @Test func infiniteProposalKeepsFiniteFrames() {
        // A fixed frame is unaffected; a color that would take infinity is placed at 0 with a diagnostic.
        let fixed = LayoutHost.layout(Color.red.frame(width: 50, height: 40).id("f"), in: CGSize(width: CGFloat.infinity, height: .infinity))
        #expect(fixed.frame(of: "f") == CGRect(x: 0, y: 0, width: 50, height: 40))
        #expect(fixed.canvasSize == CGSize(width: 50, height: 40))
        let greedy = LayoutHost.layout(Color.red.id("c"), in: CGSize(width: CGFloat.infinity, height: 100))
        #expect(allFinite(greedy))
        #expect(greedy.diagnostics.contains { $0.message.contains("infinite") })
    }

    @Test func customLayoutReturningNaNOrNegativeSizes() {
        let nan = LayoutHost.layout(MisbehavingLayout(size: CGSize(width: CGFloat.nan, height: -5)) { Color.red }, in: CGSize(width: 100, height: 100))
        #expect(nan.views[0].frame.size == .zero)
        #expect(nan.diagnostics.contains { $0.message.contains("NaN and negative") })
        #expect(allFinite(nan))
    }

    @Test func customLayoutReturningInfiniteSize() {
        let r = LayoutHost.layout(MisbehavingLayout(size: CGSize(width: CGFloat.infinity, height: 10)) { Color.red }, in: CGSize(width: 100, height: 100))
        #expect(allFinite(r))
        #expect(r.diagnostics.contains { $0.message.contains("infinite") })
    }

    @Test func unplacedSubviewsAreCentredWithTheContainerProposal() {
        // SwiftUI: "If you don't call this method for a subview, the subview appears at the center
        // of its layout container and uses the layout container's size proposal."
        let r = LayoutHost.layout(MisbehavingLayout(size: CGSize(width: 80, height: 60)) {
            Color.red.frame(width: 20, height: 10).id("a")
            Color.blue.id("b")
        }, in: CGSize(width: 100, height: 100))
        #expect(r.frame(of: "a") == CGRect(x: 40, y: 45, width: 20, height: 10))
        #expect(r.frame(of: "b") == CGRect(x: 0, y: 0, width: 100, height: 100))  // the container was proposed 100×100
    }

    @Test func nanPlacementIsCentredWithADiagnostic() {
        let r = LayoutHost.layout(MisbehavingLayout(size: CGSize(width: 80, height: 60), placement: .nan) {
            Color.red.frame(width: 20, height: 10).id("a")
        }, in: CGSize(width: 100, height: 100))
        #expect(r.frame(of: "a") == CGRect(x: 40, y: 20, width: 20, height: 10))
        #expect(r.diagnostics.contains { $0.message.contains("NaN position") })
    }

    @Test func emptyContainers() {
        let r = LayoutHost.layout(VStack {
            HStack {}.id("h")
            ZStack {}.id("z")
            Grid {}.id("g")
            MisbehavingLayout(size: .zero, placement: .normal) {}.id("custom")
        }, in: CGSize(width: 100, height: 100))
        for id in ["h", "z", "g", "custom"] { #expect(r.frame(of: id)?.size == .zero, "\(id)") }
        // An empty container has zero spacing and priority −∞ (it yields to everything).
        #expect(r.view(id: "h")?.priority == -.infinity)
        let nothing = LayoutHost.layout(EmptyView(), in: CGSize(width: 100, height: 100))
        #expect(nothing.views.isEmpty && nothing.displayList.isEmpty)
        let noChoice = LayoutHost.layout(ViewThatFits {}, in: CGSize(width: 100, height: 100))
        #expect(noChoice.views.isEmpty)
    }

    @Test func duplicateIDsResolveToTheFirstView() {
        let r = LayoutHost.layout(HStack(spacing: 0) { Color.red.id("x"); Color.blue.id("x") }, in: CGSize(width: 100, height: 10))
        #expect(r.frame(of: "x") == CGRect(x: 0, y: 0, width: 50, height: 10))
        #expect(r.diagnostics.contains { $0.message.contains("more than one view") })
    }

    @Test func manyDuplicateIDsAreCountedNotListed() {
        // Nested ForEach loops share every id: the first few duplicates are named, the rest
        // counted in one warning, and every pass repeats the same warnings.
        let view = VStack { ForEach(0..<30, id: \.self) { _ in HStack { ForEach(0..<10, id: \.self) { _ in Color.red } } } }
        let host = LayoutHost(view)
        for _ in 0..<2 {
            let r = host.layout(in: CGSize(width: 300, height: 300))
            let named = r.diagnostics.filter { $0.message.contains("is used by more than one view") }
            #expect(named.count == LayoutHost.namedDuplicateIDs)
            // 30 rows and 300 colours share the 30 ids 0…29: 300 views repeat an earlier id.
            #expect(r.diagnostics.contains { $0.message.hasPrefix("\(300 - LayoutHost.namedDuplicateIDs) more views use an id") })
        }
    }

    @Test func invalidFrameArgumentsAreIgnored() {
        // As measured on SwiftUI: a negative width acts as 0, a NaN height as nil.
        let r = LayoutHost.layout(Color.red.frame(width: -10, height: .nan).id("c"), in: CGSize(width: 100, height: 50))
        #expect(r.frame(of: "c") == CGRect(x: 50, y: 0, width: 0, height: 50))
        #expect(r.diagnostics.filter { $0.message.contains("invalid") }.count == 2)
        let contradictory = LayoutHost.layout(Color.red.frame(minWidth: 50, maxWidth: 20).id("c"), in: CGSize(width: 100, height: 50))
        // Normalised to min 50, max 50.
        #expect(contradictory.frame(of: "c")?.width == 50)
        #expect(contradictory.diagnostics.contains { $0.message.contains("Contradictory") })
    }

    @Test func nonFiniteSpacingAndPaddingCountAsZero() {
        let r = LayoutHost.layout(HStack(spacing: .nan) { Color.red.id("a"); Color.blue.id("b") }.padding(.infinity), in: CGSize(width: 100, height: 10))
        #expect(r.frame(of: "a") == CGRect(x: 0, y: 0, width: 50, height: 10))
        #expect(r.frame(of: "b") == CGRect(x: 50, y: 0, width: 50, height: 10))
        #expect(r.diagnostics.contains { $0.message.contains("padding") })
    }

    @Test func hundredThousandSubviews() {
        let n = 100_000
        let host = LayoutHost(HStack(spacing: 0) { ForEach(0..<n, id: \.self) { _ in Color.red } })
        var options = LayoutOptions.fastest
        options.recordsTrace = true
        options.traceLimit = 1000
        let r = host.layout(in: CGSize(width: 100_000, height: 10), options: options)
        #expect(r.views.count == n + 1)
        #expect(r.frame(of: n - 1) == CGRect(x: CGFloat(n - 1), y: 0, width: 1, height: 10))
        #expect(r.trace.isTruncated && r.trace.events.count == 1000)
        #expect(r.diagnostics.isEmpty)
    }

    @Test func thousandDeepChainOfStacks() {
        // Deep recursion must not overflow the stack of a test thread.
        var view = AnyView(Color.red.frame(width: 10, height: 10).id("leaf"))
        for i in 0..<1000 { view = i % 2 == 0 ? AnyView(HStack { view }) : AnyView(VStack { view }) }
        let r = LayoutHost.layout(view, in: CGSize(width: 100, height: 100), options: .fastest)
        #expect(r.frame(of: "leaf") == CGRect(x: 45, y: 45, width: 10, height: 10))
    }
}
