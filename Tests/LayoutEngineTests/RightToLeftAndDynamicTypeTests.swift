import Foundation
import Testing
import LayoutTestSupport
@testable import LayoutCore
@testable import SwiftUI

/// A layout that records the direction its subviews report and places them left to right,
/// as a person's layout does.
private struct RecordingRow: Layout {
    let seen: DirectionBox
    func sizeThatFits(proposal: ProposedViewSize, subviews: Subviews, cache: inout ()) -> CGSize {
        CGSize(width: subviews.reduce(0) { $0 + $1.sizeThatFits(.unspecified).width }, height: 10)
    }
    func placeSubviews(in bounds: CGRect, proposal: ProposedViewSize, subviews: Subviews, cache: inout ()) {
        seen.direction = subviews.layoutDirection
        var x = bounds.minX
        for s in subviews {
            let w = s.sizeThatFits(.unspecified).width
            s.place(at: CGPoint(x: x, y: bounds.minY), proposal: .unspecified)
            x += w
        }
    }
}

private final class DirectionBox: @unchecked Sendable { var direction: LayoutDirection? }

/// A triangle pointing forward: mirrored right to left (a custom shape's default, `.mirrors`).
private struct Arrow: Shape {
    func path(in rect: CGRect) -> Path {
        var p = Path()
        p.move(to: CGPoint(x: rect.minX, y: rect.minY))
        p.addLine(to: CGPoint(x: rect.maxX, y: rect.midY))
        p.addLine(to: CGPoint(x: rect.minX, y: rect.maxY))
        p.closeSubpath()
        return p
    }
}

/// Padding that grows with Dynamic Type, as people write it.
private struct ScaledCard: View {
    @ScaledMetric var inset: CGFloat = 10
    @ScaledMetric(relativeTo: .largeTitle) var badge: CGFloat = 34
    var body: some View {
        HStack(spacing: 0) {
            Color.red.frame(width: badge, height: badge).id("badge")
            Color.blue.id("content").padding(inset)
        }
    }
}

private struct Greeting: View {
    @State var taps = 0
    var body: some View {
        HStack(spacing: 0) {
            Text("Hi").font(.system(size: 10)).id("text")
            Button("Tap \(taps)") { taps += 1 }.id("button")
        }
    }
}

@Suite("Right to left and Dynamic Type")
struct RightToLeftAndDynamicTypeTests {
    private func isMirrorEffect(_ item: DisplayItem) -> Bool {
        if case .beginEffect(.scale(x: -1, y: 1, _)) = item.kind { return true }
        return false
    }

    @Test func aCustomLayoutReadsTheDirectionAndIsMirrored() {
        let box = DirectionBox()
        let view = RecordingRow(seen: box) {
            Color.red.frame(width: 20, height: 10).id("a")
            Color.blue.frame(width: 30, height: 10).id("b")
        }
        let ltr = layout(view, 100, 100)
        #expect(box.direction == .leftToRight)
        expectFrame(ltr.frame(of: "a"), rect(25, 45, 20, 10))
        let rtl = layout(view.environment(\.layoutDirection, .rightToLeft), 100, 100)
        #expect(box.direction == .rightToLeft)
        // Placed left to right by the layout, mirrored within it: a on the right.
        expectFrame(rtl.frame(of: "a"), rect(55, 45, 20, 10))
        expectFrame(rtl.frame(of: "b"), rect(25, 45, 30, 10))
    }

    @Test func aRelayoutOfARightToLeftTreeMirrorsOnceEachPass() {
        // The next pass reuses placements as the layouts made them: never mirrored twice.
        let host = LayoutHost(HStack(spacing: 0) {
            Color.red.frame(width: 20, height: 10).id("a")
            Color.blue.frame(width: 30, height: 10).id("b")
        }.environment(\.layoutDirection, .rightToLeft))
        for _ in 0..<3 {
            let r = host.layout(in: CGSize(width: 100, height: 100))
            expectFrame(r.frame(of: "a"), rect(55, 45, 20, 10))
        }
        let wider = host.layout(in: CGSize(width: 200, height: 100))
        expectFrame(wider.frame(of: "a"), rect(105, 45, 20, 10))
        expectFrame(wider.frame(of: "b"), rect(75, 45, 30, 10))
    }

    @Test func multiLineTextAlignsToTheRightEdgeRightToLeft() {
        func alignment(_ v: some View) -> TextAlignment? {
            layout(v, 200, 200).displayList.compactMap { item -> TextAlignment? in
                if case .text(let run) = item.kind { return run.alignment }
                return nil
            }.first
        }
        #expect(alignment(Text("a b c").frame(width: 30)) == .leading)
        #expect(alignment(Text("a b c").frame(width: 30).environment(\.layoutDirection, .rightToLeft)) == .trailing)
        #expect(alignment(Text("a b c").multilineTextAlignment(.trailing).environment(\.layoutDirection, .rightToLeft)) == .leading)
        #expect(alignment(Text("a b c").multilineTextAlignment(.center).environment(\.layoutDirection, .rightToLeft)) == .center)
    }

    @Test func shapesAndFlippingViewsAreDrawnMirrored() {
        let rtl = layout(Arrow().frame(width: 20, height: 20).environment(\.layoutDirection, .rightToLeft), 100, 100)
        #expect(rtl.displayList.contains(where: isMirrorEffect))
        let ltr = layout(Arrow().frame(width: 20, height: 20), 100, 100)
        #expect(!ltr.displayList.contains(where: isMirrorEffect))
        // Symmetric built-in shapes are fixed: nothing to mirror.
        let circle = layout(Circle().environment(\.layoutDirection, .rightToLeft), 100, 100)
        #expect(!circle.displayList.contains(where: isMirrorEffect))
        // An image mirrors only when asked to.
        let image = Image(systemName: "arrow.right")
        #expect(!layout(image.environment(\.layoutDirection, .rightToLeft), 100, 100).displayList.contains(where: isMirrorEffect))
        #expect(layout(image.flipsForRightToLeftLayoutDirection(true).environment(\.layoutDirection, .rightToLeft), 100, 100)
            .displayList.contains(where: isMirrorEffect))
        #expect(!layout(image.flipsForRightToLeftLayoutDirection(true), 100, 100).displayList.contains(where: isMirrorEffect))
    }

    @Test func textStyleTableMatchesApplesPublishedSizes() {
        // The default column is the style's own size.
        for style in Font.TextStyle.allCases {
            #expect(style.pointSize(at: .large) == style.pointSize, "\(style)")
            // Never smaller at a larger size.
            let sizes = DynamicTypeSize.allCases.map { style.pointSize(at: $0) }
            #expect(sizes == sizes.sorted(), "\(style): \(sizes)")
            #expect(style.leading(at: .large) > style.pointSize, "\(style)")
        }
        // Spot checks against the HIG table (Typography › Specifications, iOS Dynamic Type sizes).
        #expect(Font.TextStyle.body.pointSize(at: .accessibility5) == 53)
        #expect(Font.TextStyle.body.leading(at: .accessibility5) == 62)
        #expect(Font.TextStyle.largeTitle.pointSize(at: .accessibility5) == 60)
        #expect(Font.TextStyle.footnote.pointSize(at: .medium) == 12)
        #expect(Font.TextStyle.subheadline.leading(at: .xxxLarge) == 28)
        #expect(Font.TextStyle.caption2.pointSize(at: .xLarge) == 13)
        #expect(Font.TextStyle.title2.pointSize(at: .accessibility1) == 34)
        // The weight of a style survives scaling.
        #expect(Font.headline.scaled(for: .accessibility2).weight == .semibold)
        #expect(Font.headline.scaled(for: .accessibility2).size == 33)
    }

    @Test func scaledMetricGrowsWithItsTextStyle() {
        let large = layout(ScaledCard(), 300, 100)
        expectFrame(large.frame(of: "badge").map { CGRect(x: 0, y: 0, width: $0.width, height: $0.height) }, rect(0, 0, 34, 34))
        let ax = layout(ScaledCard().dynamicTypeSize(.accessibility3), 300, 100)
        // largeTitle 34 → 52 at AX3: the badge is 52; body 17 → 40: the inset is 10 × 40 / 17.
        #expect(close(ax.frame(of: "badge")!.width, 52))
        let inset: CGFloat = 10 * 40 / 17
        let content = ax.frame(of: "content")!, badge = ax.frame(of: "badge")!
        #expect(close(content.minX - badge.maxX, inset), "\(content) after \(badge)")
    }

    @Test func aLivePreviewKeepsItsStateWhenItsEnvironmentChanges() throws {
        let live = LivePreview(Greeting())
        _ = live.layout(proposal: ProposedViewSize(width: 300, height: 100))
        try live.send(.tap(try live.centre(ofViewWithID: "button")))
        let ltr = live.layout(proposal: ProposedViewSize(width: 300, height: 100))
        var env = live.environment
        env.layoutDirection = .rightToLeft
        env.dynamicTypeSize = .accessibility1
        live.environment = env
        let rtl = live.layout(proposal: ProposedViewSize(width: 300, height: 100))
        // The tap count is kept, the button is now on the left, and its text grew.
        #expect(rtl.views.first { $0.explicitID.map(LivePreview.describe) == "button" }.map { $0.frame.minX }
                ?? .infinity < rtl.frame(of: "text")!.minX)
        #expect(ltr.frame(of: "button")!.minX > ltr.frame(of: "text")!.minX)
        #expect(rtl.frame(of: "button")!.height > ltr.frame(of: "button")!.height)
        #expect(rtl.views.contains { $0.detail.contains("Tap 1") })
    }
}
