import Testing
import Foundation
@testable import LayoutCore
@testable import SwiftUI
import LayoutTestSupport

/// A row of every kind a stack orders differently: fixed frames, flexible colours, text, bounded
/// frames, a Spacer, and raised priorities.
private func mixedRow(wide: Int? = nil) -> some View {
    HStack(spacing: 2) {
        ForEach(0..<48, id: \.self) { i in
            if i % 6 == 0 {
                Color.red.frame(width: i == wide ? 24 : 10, height: 10)
            } else if i % 6 == 1 {
                Color.blue
            } else if i % 6 == 2 {
                Text("item \(i)")
            } else if i % 6 == 3 {
                Color.green.frame(minWidth: 4, maxWidth: 30).layoutPriority(i % 12 == 3 ? 1 : 0)
            } else if i % 6 == 4 {
                Spacer(minLength: 3)
            } else {
                Color.orange.frame(width: 6).layoutPriority(-1)
            }
        }
    }
}

/// The size questions a pass asked the direct subviews of the view at `container`, by proposal.
private func questions(to container: Int, in r: LayoutResult) -> [ProposedViewSize] {
    let children = Set(r.views.filter { $0.parent == container }.map(\.index))
    return r.trace.events.filter { $0.kind.isSizeAnswer && children.contains($0.view) }
        .map(\.proposal)
}

/// A traced pass without the size-range probes (they would show up as questions at 0 and ∞).
private let traced = LayoutOptions.tracedWithoutRanges

private func isProbe(_ p: ProposedViewSize, _ axis: Axis) -> Bool {
    let length = axis == .horizontal ? p.width : p.height
    return length == 0 || length == .infinity
}

@Suite("Re-layout: containers keep what they measured at fixed proposals")
struct ProbeReuseTests {
    @Test func aStackAtANewWidthAsksEachSubviewOnlyForItsShare() {
        let host = LayoutHost(mixedRow())
        let first = host.layout(in: CGSize(width: 600, height: 80), options: traced)
        let stack = first.views.first { $0.kind == "HStack" }!.index
        #expect(questions(to: stack, in: first).contains { isProbe($0, .horizontal) })
        for width in [599, 420, 421.5, 180, 900] as [CGFloat] {
            let r = host.layout(in: CGSize(width: width, height: 80), options: traced)
            let asked = questions(to: stack, in: r)
            // The order (priority, then flexibility) stands: no subview is probed at 0 and ∞
            // again, each is asked its share once while sizing (placement uses that answer).
            #expect(asked.count == 48, "width \(width): \(asked.count) questions")
            #expect(!asked.contains { $0.width == .infinity }, "width \(width)")
            #expect(r.frames == LayoutHost(mixedRow()).layout(in: CGSize(width: width, height: 80), options: traced).frames, "width \(width)")
        }
    }

    @Test func aNewMinorProposalOrANewTreeProbesAgain() {
        let host = LayoutHost(mixedRow())
        _ = host.layout(in: CGSize(width: 600, height: 80), options: traced)
        // Another height: the probes' minor proposal changed, so the order is measured again.
        let shorter = host.layout(in: CGSize(width: 600, height: 40), options: traced)
        let stack = shorter.views.first { $0.kind == "HStack" }!.index
        #expect(questions(to: stack, in: shorter).contains { isProbe($0, .horizontal) })
        #expect(shorter.frames == LayoutHost(mixedRow()).layout(in: CGSize(width: 600, height: 40), options: traced).frames)
        // An edited subview (a wider fixed frame): the stack orders its subviews anew.
        host.setRoot(mixedRow(wide: 12))
        let edited = host.layout(in: CGSize(width: 599, height: 40), options: traced)
        #expect(questions(to: stack, in: edited).contains { isProbe($0, .horizontal) })
        #expect(edited.frames == LayoutHost(mixedRow(wide: 12)).layout(in: CGSize(width: 599, height: 40), options: traced).frames)
        // Forgotten caches: everything is measured again.
        host.invalidateLayoutCaches()
        let again = host.layout(in: CGSize(width: 598, height: 40), options: traced)
        #expect(questions(to: stack, in: again).contains { isProbe($0, .horizontal) })
        #expect(again.frames == LayoutHost(mixedRow(wide: 12)).layout(in: CGSize(width: 598, height: 40), options: traced).frames)
    }

    @Test func aStackWhoseSubviewsReadTheirContainerProbesEveryPass() {
        // A subview sized against the window depends on more than its own proposal: its answers
        // at 0 and ∞ may change with the window, so the stack asks them every pass.
        let view = HStack(spacing: 0) {
            Color.red.containerRelativeFrame(.horizontal) { length, _ in length / 4 }
            Color.blue
            Color.green.frame(width: 20)
        }
        let host = LayoutHost(view)
        for width in [400, 300, 301, 120] as [CGFloat] {
            let r = host.layout(in: CGSize(width: width, height: 50), options: traced)
            let stack = r.views.first { $0.kind == "HStack" }!.index
            #expect(questions(to: stack, in: r).contains { isProbe($0, .horizontal) }, "width \(width)")
            #expect(r.frames == LayoutHost(view).layout(in: CGSize(width: width, height: 50), options: traced).frames, "width \(width)")
        }
    }

    @Test func aVStackKeepsItsOrderAcrossHeights() {
        let view = VStack(spacing: 1) {
            ForEach(0..<30, id: \.self) { i in
                if i % 3 == 0 { Color.red.frame(height: 8) } else if i % 3 == 1 { Color.blue } else { Text("line \(i)") }
            }
        }
        let host = LayoutHost(view)
        _ = host.layout(in: CGSize(width: 120, height: 900), options: traced)
        for height in [899, 500, 120, 901] as [CGFloat] {
            let r = host.layout(in: CGSize(width: 120, height: height), options: traced)
            let stack = r.views.first { $0.kind == "VStack" }!.index
            let asked = questions(to: stack, in: r)
            #expect(asked.count == 30 && !asked.contains { $0.height == .infinity }, "height \(height): \(asked.count) questions")
            #expect(r.frames == LayoutHost(view).layout(in: CGSize(width: 120, height: height), options: traced).frames, "height \(height)")
        }
    }

    @Test func aGridOfEveryKindOfCellLaysOutAsAFreshOneAtEveryProposal() {
        func grid() -> some View {
            Grid(alignment: .topLeading) {
                GridRow {
                    Text("Name").gridColumnAlignment(.trailing)
                    Color.red.frame(minWidth: 10, maxWidth: 60, minHeight: 8)
                    Spacer(minLength: 4)
                    Text("wide label").layoutPriority(1)
                }
                GridRow {
                    Color.blue.frame(width: 30, height: 12).gridCellColumns(2)
                    Color.green.gridCellUnsizedAxes(.horizontal)
                    Text("x").gridCellAnchor(.bottomTrailing)
                }
                Divider()
                GridRow(alignment: .firstTextBaseline) {
                    Text("a")
                    Text("b\nc").font(.title)
                    Color.orange.frame(width: 12, height: 12)
                    Color.purple.layoutPriority(-1)
                }
            }
        }
        let host = LayoutHost(grid())
        for size in [CGSize(width: 320, height: 200), CGSize(width: 319, height: 200), CGSize(width: 180.5, height: 200),
                     CGSize(width: 180.5, height: 120), CGSize(width: 90, height: 400), CGSize(width: 320, height: 200)] {
            let r = host.layout(in: size, options: .fastest)
            let fresh = LayoutHost(grid()).layout(in: size, options: .fastest)
            #expect(r.frames == fresh.frames, "\(size)")
            #expect(r.views.map(\.proposal) == fresh.views.map(\.proposal), "\(size)")
        }
        let unspecified = host.layout(proposal: ProposedViewSize(width: nil, height: 150), options: .fastest)
        #expect(unspecified.frames == LayoutHost(grid()).layout(proposal: ProposedViewSize(width: nil, height: 150), options: .fastest).frames)
    }

    @Test func aGridAsksAFixedCellOnlyWhatANewProposalChanged() {
        func grid() -> some View {
            Grid(horizontalSpacing: 2, verticalSpacing: 2) {
                ForEach(0..<6, id: \.self) { r in
                    GridRow {
                        ForEach(0..<8, id: \.self) { c in Color.orange.frame(width: CGFloat(8 + c), height: CGFloat(6 + r)) }
                        Color.blue  // a flexible column, shared what the fixed ones leave
                    }
                }
            }
        }
        /// How many size questions each fixed cell was asked in `r`.
        func questionsPerFixedCell(_ r: LayoutResult) -> [Int] {
            let gridIndex = r.views.first { $0.kind == "Grid" }!.index
            let frames = Set(r.views.filter { $0.parent == gridIndex && $0.kind.hasPrefix("frame") }.map(\.index))
            var asked = Dictionary(uniqueKeysWithValues: frames.map { ($0, 0) })
            for e in r.trace.events where e.kind.isSizeAnswer && frames.contains(e.view) {
                asked[e.view, default: 0] += 1
            }
            return asked.values.sorted()
        }
        let host = LayoutHost(grid())
        _ = host.layout(in: CGSize(width: 300, height: 200), options: traced)
        for width in [299, 250, 140, 80, 400] as [CGFloat] {
            let r = host.layout(in: CGSize(width: width, height: 200), options: traced)
            #expect(r.frames == LayoutHost(grid()).layout(in: CGSize(width: width, height: 200), options: traced).frames, "width \(width)")
            // The columns' probes and which cells are infinite are kept; the flexible column's
            // new width changes the cells' widths, so each row is probed again (one question per
            // fixed cell, whose height ignores its proposal), and each cell is measured to be
            // placed.
            #expect(questionsPerFixedCell(r) == Array(repeating: 2, count: 48), "width \(width)")
        }
        for height in [199, 120.5, 300] as [CGFloat] {
            let r = host.layout(in: CGSize(width: 400, height: height), options: traced)
            #expect(r.frames == LayoutHost(grid()).layout(in: CGSize(width: 400, height: height), options: traced).frames, "height \(height)")
            // Same widths: the rows' probes are kept too; a fixed cell is only measured to be placed.
            #expect(questionsPerFixedCell(r) == Array(repeating: 1, count: 48), "height \(height)")
        }
    }
}

/// Subviews on a circle as large as the proposal allows, as a user writes a radial layout: a new
/// proposal moves every subview, at the same size and proposal.
private struct Ring: Layout {
    func sizeThatFits(proposal: ProposedViewSize, subviews: Subviews, cache: inout ()) -> CGSize {
        proposal.replacingUnspecifiedDimensions()
    }
    func placeSubviews(in bounds: CGRect, proposal: ProposedViewSize, subviews: Subviews, cache: inout ()) {
        let radius = min(bounds.width, bounds.height) / 3
        for (i, subview) in subviews.enumerated() {
            let angle = Double(i) / Double(subviews.count) * 2 * .pi
            subview.place(at: CGPoint(x: bounds.midX + radius * cos(angle), y: bounds.midY + radius * sin(angle)),
                          anchor: .center, proposal: .unspecified)
        }
    }
}

/// Places its subviews in a row snapped to whole points of its parent's coordinates, so where
/// they land relative to it depends on where it is.
private struct SnappedRow: Layout {
    func sizeThatFits(proposal: ProposedViewSize, subviews: Subviews, cache: inout ()) -> CGSize {
        CGSize(width: subviews.reduce(0) { $0 + $1.sizeThatFits(.unspecified).width + 0.5 }, height: 10)
    }
    func placeSubviews(in bounds: CGRect, proposal: ProposedViewSize, subviews: Subviews, cache: inout ()) {
        var x = bounds.minX
        for subview in subviews {
            subview.place(at: CGPoint(x: x.rounded(), y: bounds.minY.rounded()), proposal: .unspecified)
            x += subview.sizeThatFits(.unspecified).width + 0.5
        }
    }
}

@Suite("Re-layout: a view moved at the same size keeps its subtree's placement")
struct MovedSubtreeReuseTests {
    private func ring() -> some View {
        Ring {
            ForEach(0..<12, id: \.self) { i in
                VStack(spacing: 1) { Text("\(i)"); Color.red.frame(width: 8, height: 8) }.padding(2).frame(width: 30, height: 30)
            }
            SnappedRow { Color.blue.frame(width: 3.3, height: 4); Color.green.frame(width: 2.6, height: 4) }
            SnappedRow { Color.blue.frame(width: 3.3, height: 4); Color.green.frame(width: 2.6, height: 4) }.frame(width: 20, height: 10)
        }
    }

    @Test func everyMovedModifierKeepsItsSubtreeAndEveryFrameIsAFreshLayouts() {
        let host = LayoutHost(ring())
        let first = host.layout(in: CGSize(width: 300, height: 300), options: .fastest)
        for size in [CGSize(width: 301.3, height: 300), CGSize(width: 250, height: 260.7), CGSize(width: 300, height: 300)] {
            let r = host.layout(in: size, options: .fastest)
            #expect(r.frames == LayoutHost(ring()).layout(in: size, options: .fastest).frames, "\(size)")
            // Every moved view that is not a `Layout` container keeps its subtree (the frames
            // and their contents, the unframed snapped row's subviews); the ring and the
            // unframed snapped row, which place from their own bounds, are placed again.
            #expect(r.counters.reusedPlacements == first.counters.viewCount - 2, "\(size)")
        }
    }

    @Test func aFixedFrameProposedAnotherLengthKeepsItsSubtree() {
        func row() -> some View {
            HStack(spacing: 2) {
                ForEach(0..<10, id: \.self) { i in
                    VStack(spacing: 0) { Text("\(i)"); Color.red.frame(height: 4) }.frame(width: 24, height: 30)
                    Color.blue
                }
            }
        }
        let host = LayoutHost(row())
        _ = host.layout(in: CGSize(width: 500, height: 60), options: .fastest)
        for width in [499, 430.5, 300] as [CGFloat] {
            let r = host.layout(in: CGSize(width: width, height: 60), options: .fastest)
            let fresh = LayoutHost(row()).layout(in: CGSize(width: width, height: 60), options: .fastest)
            #expect(r.frames == fresh.frames, "width \(width)")
            #expect(r.views.map(\.proposal) == fresh.views.map(\.proposal), "width \(width)")
            // Each fixed frame is offered a new share of the width but answers 24×30 and places
            // its column as before: its whole subtree (frame, VStack, text, colour frame, colour:
            // 5 views) is copied.
            #expect(r.counters.reusedPlacements == 10 * 5, "width \(width)")
        }
    }

    @Test func aViewThatFitsShowsTheChildItChoosesWhenTheOthersAreCopied() {
        // At 300 the long label fits and the short one is hidden; at 100 the short one is chosen.
        // It is proposed another width but keeps its size, so its placement is copied: it must
        // not keep the hidden state its old choice gave it.
        func view() -> some View {
            ViewThatFits(in: .horizontal) {
                Text("A much longer label that needs room")
                Text("Short")
                Color.red.frame(width: 20, height: 20)
            }
        }
        let host = LayoutHost(view())
        for width in [300, 100, 300, 40, 100, 5, 300] as [CGFloat] {
            let r = host.layout(in: CGSize(width: width, height: 50), options: .fastest)
            let fresh = LayoutHost(view()).layout(in: CGSize(width: width, height: 50), options: .fastest)
            #expect(r.frames == fresh.frames, "width \(width)")
            #expect(r.views.map(\.isVisible) == fresh.views.map(\.isVisible), "width \(width)")
            #expect(r.displayList.count == fresh.displayList.count, "width \(width)")
        }
    }
}
