// LayoutGallery.RadialLayout: subviews at their ideal size, centred on a circle of radius
// min(w, h)/3 round the centre, clockwise from the top; a subview at angle θ is centred at
// (midX + r sin θ, midY − r cos θ). The best-ranked subviews' mean direction is turned to the top.

import Testing
import Foundation
import SwiftUI
import LayoutGallery
import LayoutTestSupport

/// The frame of a 20×20 subview at `degrees` on a circle of `radius` round (cx, cy).
func slot(_ degrees: Double, radius: Double = 100, cx: Double = 150, cy: Double = 150) -> CGRect {
    let t = degrees * .pi / 180
    return rect(cx + radius * sin(t) - 10, cy - radius * cos(t) - 10, 20, 20)
}

func dots(_ ranks: [Int], _ layoutValue: RadialLayout = RadialLayout(), width: CGFloat = 300, height: CGFloat = 300) -> LayoutResult {
    layout(layoutValue {
        ForEach(0..<ranks.count, id: \.self) { i in
            Color.red.frame(width: 20, height: 20).radialRank(ranks[i])
        }
    }, width, height)
}

@Suite("Gallery: RadialLayout")
struct RadialLayoutTests {

    /// Equal ranks: slots at 0°, 120°, 240° on r = 100 round (150, 150): (150, 50),
    /// (150 + 50√3, 200), (150 − 50√3, 200).
    @Test func positionsOnTheCircle() {
        let r = dots([1, 1, 1])
        #expect(r.rootSize == CGSize(width: 300, height: 300))
        expectFrame(r.frame(of: 0), rect(140, 40, 20, 20))
        expectFrame(r.frame(of: 1), rect(150 + 50 * 3.0.squareRoot() - 10, 190, 20, 20))
        expectFrame(r.frame(of: 2), rect(150 - 50 * 3.0.squareRoot() - 10, 190, 20, 20))
    }

    /// Four subviews: 90° apart; (150, 50), (250, 150), (150, 250), (50, 150).
    @Test func fourSubviews() {
        let r = dots([1, 1, 1, 1])
        expectFrame(r.frame(of: 1), rect(240, 140, 20, 20))
        expectFrame(r.frame(of: 2), rect(140, 240, 20, 20))
        expectFrame(r.frame(of: 3), rect(40, 140, 20, 20))
    }

    /// Radius is a third of the shorter side: 400×200 → r = 200/3 round (200, 100).
    @Test func radiusFromShorterSide() {
        let r = dots([1, 1], width: 400, height: 200)
        expectFrame(r.frame(of: 0), slot(0, radius: 200.0 / 3, cx: 200, cy: 100))
        expectFrame(r.frame(of: 1), slot(180, radius: 200.0 / 3, cx: 200, cy: 100))
    }

    @Test func radiusFraction() {
        let r = dots([1, 1], RadialLayout(radiusFraction: 0.5))
        expectFrame(r.frame(of: 0), rect(140, -10, 20, 20))
        expectFrame(r.frame(of: 1), rect(140, 290, 20, 20))
    }

    /// A unique best (rank 1 at slot 1 of 3) is turned to the top: offset −120°.
    @Test func uniqueBestAtTheTop() {
        let r = dots([2, 1, 3])
        expectFrame(r.frame(of: 1), slot(0))
        expectFrame(r.frame(of: 0), slot(-120))
        expectFrame(r.frame(of: 2), slot(120))
    }

    /// Best at slot 2 of 3: its direction is 240° ≡ −120°, so the offset is +120°.
    @Test func uniqueBestLastSlot() {
        let r = dots([3, 2, 1])
        expectFrame(r.frame(of: 2), slot(0))
        expectFrame(r.frame(of: 0), slot(120))
    }

    /// A two-way tie for first (slots 0 and 1): mean direction 60° → offset −60°; the two sit
    /// symmetric about the top at ∓60°, the third at the bottom.
    @Test func twoWayTieSymmetricAboutTheTop() {
        let r = dots([1, 1, 2])
        expectFrame(r.frame(of: 0), slot(-60))
        expectFrame(r.frame(of: 1), slot(60))
        expectFrame(r.frame(of: 2), slot(180))
    }

    /// A three-way tie (all ranks equal) keeps the declared order: no offset.
    @Test func threeWayTieNoOffset() {
        let r = dots([2, 2, 2])
        expectFrame(r.frame(of: 0), slot(0))
        expectFrame(r.frame(of: 1), slot(120))
        expectFrame(r.frame(of: 2), slot(240))
    }

    /// Leaders opposite each other (slots 0 and 2 of 4) cancel out: no offset.
    @Test func oppositeLeadersNoOffset() {
        let r = dots([1, 2, 1, 2])
        expectFrame(r.frame(of: 0), slot(0))
        expectFrame(r.frame(of: 1), slot(90))
    }

    /// `rotation` turns everything: 90° → slot 0 at (250, 150); it adds to the rank offset.
    @Test func rotation() {
        let r = dots([1, 1, 1], RadialLayout(rotation: .degrees(90)))
        expectFrame(r.frame(of: 0), slot(90))
        expectFrame(r.frame(of: 1), slot(210))
        let ranked = dots([1, 1, 2], RadialLayout(rotation: .degrees(30)))
        expectFrame(ranked.frame(of: 0), slot(-30))
        expectFrame(ranked.frame(of: 2), slot(210))
    }

    @Test func animatableDataRoundTrip() {
        var l = RadialLayout(rotation: .degrees(180))
        #expect(abs(l.animatableData - .pi) < 1e-12)
        l.animatableData = 1.25
        #expect(l.rotation.radians == 1.25)
        #expect(l.animatableData == 1.25)
        l.rotation = .radians(-0.5)
        #expect(l.animatableData == -0.5)
    }

    /// Takes the space offered; unspecified dimensions are 10 (the ideal size); no subviews is fine.
    @Test func sizesAndEmpty() {
        let r = LayoutHost(RadialLayout {}).layout(in: CGSize(width: 120, height: 80))
        #expect(r.rootSize == CGSize(width: 120, height: 80))
        #expect(r.views[0].idealSize == CGSize(width: 10, height: 10))
        #expect(r.views.count == 1)
        let one = layout(RadialLayout { Color.red.frame(width: 20, height: 20).id(0) }, 300, 300)
        expectFrame(one.frame(of: 0), slot(0))
    }

    /// Unspecified or infinite dimensions take the natural size: with four 20×20 subviews the
    /// circle needs radius max(20 × 1.25 × 4 / 2π ≈ 15.9, 20) = 20, so the side is 20 × 3 + 20 = 80.
    @Test func naturalSizeForUnspecifiedAndInfiniteProposals() {
        let radial = RadialLayout { ForEach(0..<4, id: \.self) { _ in Color.red.frame(width: 20, height: 20) } }
        let ideal = LayoutHost(radial).layout(proposal: .unspecified)
        #expect(ideal.rootSize == CGSize(width: 80, height: 80))
        let infinite = LayoutHost(radial).layout(proposal: ProposedViewSize(width: .infinity, height: 300))
        #expect(infinite.rootSize == CGSize(width: 80, height: 300))
        // Subviews stay on a circle of radius 80 / 3: the first is centred that far above the middle.
        let top = ideal.views.filter { $0.kind == "frame" }[0].frame
        #expect(abs(top.midX - 40) < 0.001 && abs(top.midY - (40 - 80.0 / 3)) < 0.001)
    }

    /// A proposal with both lengths needs no natural size: sizing asks no subview anything (the
    /// window's case; each subview is asked only when placed).
    @Test func aDefiniteProposalMeasuresNoSubviewWhileSizing() {
        let radial = RadialLayout { ForEach(0..<6, id: \.self) { _ in Color.red.frame(width: 20, height: 20) } }
        var options = LayoutOptions()
        options.measuresSizeRanges = false
        let r = LayoutHost(radial).layout(proposal: ProposedViewSize(width: 300, height: 200), options: options)
        // The root's own question, then placement's: each frame once, and its colour once.
        #expect(r.counters.sizeQueries == 1 + 6 + 6, "\(r.counters)")
        let ideal = LayoutHost(radial).layout(proposal: ProposedViewSize(width: nil, height: 200), options: options)
        #expect(ideal.counters.sizeQueries > r.counters.sizeQueries)
        #expect(ideal.rootSize.height == 200 && ideal.rootSize.width > 20)
    }

    @Test func rankDefault() {
        #expect(RadialRank.defaultValue == 1)
    }
}
