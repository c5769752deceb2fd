// Tests for seed 003 (Seed003ComposeCustomLayouts.swift): the WWDC22 "Compose custom layouts
// with SwiftUI" code. Expected frames are derived by hand from the talk's code and the engine's
// documented measures: glyphs 17×17 (body), Grid spacing 8, a linear ProgressView as wide as
// proposed and 4 tall, a Divider 1 tall across, `.bordered` buttons pad their label 12×7,
// default spacing 8, the root centred in the window.

import Testing
import SwiftUI
import LayoutTestSupport

/// Pets with the given votes (Cat, Goldfish, Dog).
func pets(_ cat: Int, _ goldfish: Int, _ dog: Int) -> [Pet] {
    [Pet(type: "Cat", votes: cat), Pet(type: "Goldfish", votes: goldfish), Pet(type: "Dog", votes: dog)]
}

@Suite("Seed 003: Compose custom layouts with SwiftUI")
struct Seed003Tests {

    // MARK: Grid

    /// LeaderboardV1 (Grid, centre alignment), window 400×300.
    /// Columns (proposal 400 − 2×8 = 384, sized like an HStack, least flexible first):
    /// names 17…136 ("Goldfish" 8 glyphs), bars 0…∞, votes 17…34 → votes first: 384/3 = 128
    /// → 34; names: 350/2 = 175 → 136; bars: the remaining 214. Rows: 17 each (text; bar 4).
    /// Grid 400 × (3×17 + 2×8) = 400×67, at y = (300 − 67)/2 = 116.5; rows at 116.5, 141.5,
    /// 166.5; columns at x 0, 144, 366. Centred cells: "Cat" (51) at 0 + (136 − 51)/2 = 42.5;
    /// bars 214×4 at y + (17 − 4)/2 = y + 6.5; "9" at 366 + (34 − 17)/2 = 374.5.
    @Test func leaderboardExplicitRows() {
        let r = layout(LeaderboardV1(), 400, 300)
        expectFrame(r.first(kind: "Grid")?.frame, rect(0, 116.5, 400, 67))
        expectFrame(r.textFrame("Cat"), rect(42.5, 116.5, 51, 17))
        expectFrame(r.textFrame("Goldfish"), rect(0, 141.5, 136, 17))
        expectFrame(r.textFrame("Dog"), rect(42.5, 166.5, 51, 17))
        let bars = r.views.filter { $0.kind == "ProgressView" }
        #expect(bars.map(\.detail) == ["50%", "20%", "30%"])
        expectFrame(bars[0].frame, rect(144, 123, 214, 4))
        expectFrame(bars[1].frame, rect(144, 148, 214, 4))
        expectFrame(bars[2].frame, rect(144, 173, 214, 4))
        expectFrame(r.textFrame("25"), rect(366, 116.5, 34, 17))
        expectFrame(r.textFrame("9"), rect(374.5, 141.5, 17, 17))
        expectFrame(r.textFrame("16"), rect(366, 166.5, 34, 17))
    }

    /// LeaderboardV2 (final): Grid(alignment: .leading), a Divider after each row, `.padding()`,
    /// the votes column `.gridColumnAlignment(.trailing)`; pets 25/9/16 of 50; window 400×400.
    /// The grid is proposed 368×368. Columns: 352 to share → votes 34, names 136, bars 182.
    /// Each Divider is a row of its own spanning the 3 columns: it wants the proposed 368, which
    /// is exactly 136 + 182 + 34 + 2×8, so the columns stay. Rows: 17, 1, 17, 1, 17, 1 →
    /// grid 368 × (54 + 5×8) = 368×94; padded 400×126 at y = 137 → grid at (16, 153).
    /// Row tops: 153, 178, 187, 212, 221, 246; column x: 16, 160, 350.
    /// Names leading at 16; bars 182×4 at x 160, y + 6.5; votes trailing: right edge 384;
    /// Dividers (16, y, 368, 1).
    @Test func leaderboardFinal() {
        let r = layout(LeaderboardV2(pets: Pet.exampleData, totalVotes: 50), 400, 400)
        expectFrame(r.first(kind: "Grid")?.frame, rect(16, 153, 368, 94))
        expectFrame(r.textFrame("Cat"), rect(16, 153, 51, 17))
        expectFrame(r.textFrame("Goldfish"), rect(16, 187, 136, 17))
        expectFrame(r.textFrame("Dog"), rect(16, 221, 51, 17))
        let bars = r.views.filter { $0.kind == "ProgressView" }
        #expect(bars.map(\.detail) == ["50%", "18%", "32%"])
        expectFrame(bars[0].frame, rect(160, 159.5, 182, 4))
        expectFrame(bars[1].frame, rect(160, 193.5, 182, 4))
        expectFrame(bars[2].frame, rect(160, 227.5, 182, 4))
        expectFrame(r.textFrame("25"), rect(350, 153, 34, 17))
        expectFrame(r.textFrame("9"), rect(367, 187, 17, 17))
        expectFrame(r.textFrame("16"), rect(350, 221, 34, 17))
        let dividers = r.views.filter { $0.kind == "Divider" }
        #expect(dividers.count == 3)
        expectFrame(dividers[0].frame, rect(16, 178, 368, 1))
        expectFrame(dividers[1].frame, rect(16, 212, 368, 1))
        expectFrame(dividers[2].frame, rect(16, 246, 368, 1))
        // Column structure: names share a leading edge, votes a trailing edge (384).
        #expect(Set(["Cat", "Goldfish", "Dog"].compactMap { r.textFrame($0)?.minX }) == [16])
        #expect(Set(["25", "9", "16"].compactMap { r.textFrame($0)?.maxX }) == [384])
    }

    // MARK: Equal-width stack

    /// The "Custom layout instantiation" buttons, window 600×100. Ideal sizes: label text + 24
    /// by 17 + 14: Cat 75×31, Goldfish 160×31, Dog 75×31 → maxSize 160×31; spacing between
    /// buttons: no preference → 8. Size 3×160 + 2×8 = 496 × 31, at (52, 34.5).
    /// Each button is proposed 160×31 and takes it (its label has maxWidth ∞): x = 52, 220, 388.
    /// The label "Cat" is centred in 160 − 24 = 136: x = 52 + 12 + (136 − 51)/2 = 106.5, y = 41.5.
    @Test func equalWidthHStack() {
        let r = layout(VotingButtons(), 600, 100)
        expectFrame(r.first(kind: "MyEqualWidthHStack")?.frame, rect(52, 34.5, 496, 31))
        expectFrame(r.frame(of: "Cat"), rect(52, 34.5, 160, 31))
        expectFrame(r.frame(of: "Goldfish"), rect(220, 34.5, 160, 31))
        expectFrame(r.frame(of: "Dog"), rect(388, 34.5, 160, 31))
        expectFrame(r.textFrame("Cat"), rect(106.5, 41.5, 51, 17))
        expectFrame(r.textFrame("Goldfish"), rect(232, 41.5, 136, 17))
    }

    /// The equal-width stack is a fixed-size container: the same 496×31 for any proposal.
    @Test func equalWidthHStackIgnoresProposal() {
        let r = LayoutHost(VotingButtons()).layout(in: CGSize(width: 100, height: 10))
        #expect(r.rootSize == CGSize(width: 496, height: 31))
        #expect(r.views[0].minSize == CGSize(width: 496, height: 31))
        #expect(r.views[0].maxSize == CGSize(width: 496, height: 31))
    }

    /// The stub (bodies "Return a size." / "Place child views.", size supplied as .zero).
    @Test func equalWidthStubIsEmpty() {
        let r = layout(MyEqualWidthHStackStub { Color.red.frame(width: 10, height: 10) }, 100, 100)
        expectFrame(r.first(kind: "MyEqualWidthHStackStub")?.frame, rect(50, 50, 0, 0))
    }

    /// StackedButtons in a 600-wide window: the HStack's ideal 496×31 fits → horizontal, as above.
    @Test func stackedButtonsWide() {
        let r = layout(StackedButtons(pets: .constant(Pet.exampleData)), 600, 100)
        expectFrame(r.visibleFrame(of: "Cat"), rect(52, 34.5, 160, 31))
        expectFrame(r.visibleFrame(of: "Dog"), rect(388, 34.5, 160, 31))
        #expect(r.views.first { $0.kind == "MyEqualWidthHStack" }?.isVisible == true)
        #expect(r.views.first { $0.kind == "MyEqualWidthVStack" }?.isVisible == false)
    }

    /// In a 400-wide window 496 does not fit → the VStack (the last choice): 160 × (3×31 + 2×8)
    /// = 160×109 at ((400 − 160)/2, (300 − 109)/2) = (120, 95.5); rows every 31 + 8 = 39.
    @Test func stackedButtonsNarrow() {
        let r = layout(StackedButtons(pets: .constant(Pet.exampleData)), 400, 300)
        #expect(r.views.first { $0.kind == "MyEqualWidthVStack" }?.isVisible == true)
        #expect(r.views.first { $0.kind == "MyEqualWidthHStack" }?.isVisible == false)
        expectFrame(r.visibleFrame(of: "Cat"), rect(120, 95.5, 160, 31))
        expectFrame(r.visibleFrame(of: "Goldfish"), rect(120, 134.5, 160, 31))
        expectFrame(r.visibleFrame(of: "Dog"), rect(120, 173.5, 160, 31))
    }

    // MARK: Radial layout

    /// 300×300 window, three 20×20 views: the layout takes the proposal (300×300), radius
    /// min(300, 300)/3 = 100, centre (150, 150). A subview at angle θ (clockwise from the top)
    /// is centred at (150 + 100 sin θ, 150 − 100 cos θ) — (0, −r) rotated by θ.
    static let s = 50 * 3.0.squareRoot()     // 100 sin 120° = 86.603
    static func slot(_ degrees: Double) -> CGRect {
        let t = degrees * .pi / 180
        return rect(150 + 100 * sin(t) - 10, 150 - 100 * cos(t) - 10, 20, 20)
    }

    static func dots<L: Layout>(_ l: L, ranks: [Int]) -> LayoutResult {
        layout(l {
            Color.red.frame(width: 20, height: 20).rank(ranks[0]).id(0)
            Color.green.frame(width: 20, height: 20).rank(ranks[1]).id(1)
            Color.blue.frame(width: 20, height: 20).rank(ranks[2]).id(2)
        }, 300, 300)
    }

    /// Without offsets: slots at 0°, 120°, 240°: (150, 50), (150 + 50√3, 200), (150 − 50√3, 200).
    @Test func radialWithoutOffsets() {
        let r = Self.dots(MyRadialLayoutV1(), ranks: [3, 1, 2])
        expectFrame(r.first(kind: "MyRadialLayoutV1")?.frame, rect(0, 0, 300, 300))
        expectFrame(r.frame(of: 0), rect(140, 40, 20, 20))
        expectFrame(r.frame(of: 1), rect(150 + Self.s - 10, 190, 20, 20))
        expectFrame(r.frame(of: 2), rect(150 - Self.s - 10, 190, 20, 20))
    }

    /// With offsets, a unique leader goes to the top: ranks [2, 1, 2] → offset −120°.
    @Test func radialUniqueLeader() {
        let r = Self.dots(MyRadialLayout(), ranks: [2, 1, 2])
        expectFrame(r.frame(of: 0), Self.slot(-120))
        expectFrame(r.frame(of: 1), Self.slot(0))
        expectFrame(r.frame(of: 2), Self.slot(120))
        expectFrame(r.frame(of: 1), rect(140, 40, 20, 20))
    }

    /// A two-way tie for first sits symmetric about the top: ranks [1, 1, 2] → −60°: the leaders at
    /// ∓60° ((150 ∓ 50√3, 100)), the third at the bottom (150, 250).
    @Test func radialTwoWayTie() {
        let r = Self.dots(MyRadialLayout(), ranks: [1, 1, 2])
        expectFrame(r.frame(of: 0), rect(150 - Self.s - 10, 90, 20, 20))
        expectFrame(r.frame(of: 1), rect(150 + Self.s - 10, 90, 20, 20))
        expectFrame(r.frame(of: 2), rect(140, 240, 20, 20))
    }

    /// Leaders at slots 0 and 2 (adjacent across the wrap): ranks [1, 2, 1] → +60°.
    @Test func radialTwoWayTieAcrossTheWrap() {
        let r = Self.dots(MyRadialLayout(), ranks: [1, 2, 1])
        expectFrame(r.frame(of: 0), rect(150 + Self.s - 10, 90, 20, 20))
        expectFrame(r.frame(of: 1), rect(140, 240, 20, 20))
        expectFrame(r.frame(of: 2), rect(150 - Self.s - 10, 90, 20, 20))
    }

    /// A three-way tie (also the default rank 1 everywhere) needs no offset.
    @Test func radialThreeWayTie() {
        let r = Self.dots(MyRadialLayout(), ranks: [1, 1, 1])
        expectFrame(r.frame(of: 0), Self.slot(0))
        expectFrame(r.frame(of: 1), Self.slot(120))
        expectFrame(r.frame(of: 2), Self.slot(240))
    }

    @Test func getOffsetValues() {
        let l = MyRadialLayout()
        let third = 2 * Double.pi / 3
        #expect(l.getOffset([1, 1, 1]) == 0)
        #expect(abs(l.getOffset([1, 2, 3]) - 0) < 1e-12)
        #expect(abs(l.getOffset([2, 1, 2]) + third) < 1e-12)
        #expect(abs(l.getOffset([2, 2, 1]) + 2 * third) < 1e-12)
        #expect(abs(l.getOffset([1, 1, 2]) + .pi / 3) < 1e-12)
        #expect(abs(l.getOffset([2, 1, 1]) + .pi) < 1e-12)
    }

    /// The radial layout takes whatever is offered; unspecified dimensions become 10.
    @Test func radialSizeThatFits() {
        let host = LayoutHost(MyRadialLayout { Color.red })
        let r = host.layout(in: CGSize(width: 200, height: 120))
        #expect(r.rootSize == CGSize(width: 200, height: 120))
        #expect(r.views[0].idealSize == CGSize(width: 10, height: 10))
    }

    // MARK: Profile

    /// Profile over the 300×300 Podium: the radial layout fills the overlay (300×300 at the top).
    /// Votes 25/9/16 → ranks Cat 1, Goldfish 3, Dog 2 → the leader (slot 0) is already on top:
    /// 40×40 avatars centred at (150, 50), (150 + 50√3, 200), (150 − 50√3, 200).
    @Test func profileRadial() {
        let r = layout(Profile(pets: Pet.exampleData, isThreeWayTie: false), 300, 300)
        expectFrame(r.frame(of: "Cat"), rect(130, 30, 40, 40))
        expectFrame(r.frame(of: "Goldfish"), rect(150 + Self.s - 20, 180, 40, 40))
        expectFrame(r.frame(of: "Dog"), rect(150 - Self.s - 20, 180, 40, 40))
    }

    /// Cat and Goldfish tied first (20, 20, 5): ranks [1, 1, 3] → −60°.
    @Test func profileTwoWayTie() {
        let r = layout(Profile(pets: pets(20, 20, 5), isThreeWayTie: false), 300, 300)
        expectFrame(r.frame(of: "Cat"), rect(150 - Self.s - 20, 80, 40, 40))
        expectFrame(r.frame(of: "Goldfish"), rect(150 + Self.s - 20, 80, 40, 40))
        expectFrame(r.frame(of: "Dog"), rect(130, 230, 40, 40))
    }

    /// A three-way tie switches to HStackLayout(): 3×40 + 2×8 = 136 wide, top-centred in the
    /// overlay: x = (300 − 136)/2 = 82, 130, 178; y = 0. The identities do not change.
    @Test func profileThreeWayTieUsesHStack() {
        let tie = layout(Profile(pets: pets(10, 10, 10), isThreeWayTie: true), 300, 300)
        expectFrame(tie.frame(of: "Cat"), rect(82, 0, 40, 40))
        expectFrame(tie.frame(of: "Goldfish"), rect(130, 0, 40, 40))
        expectFrame(tie.frame(of: "Dog"), rect(178, 0, 40, 40))
        let radial = layout(Profile(pets: pets(10, 10, 10), isThreeWayTie: false), 300, 300)
        #expect(Set(tie.views.map(\.identity)) == Set(radial.views.map(\.identity)))
        #expect(tie.view(id: "Cat")?.identity == radial.view(id: "Cat")?.identity)
        expectFrame(radial.frame(of: "Cat"), rect(130, 30, 40, 40))
    }

    @Test func petData() {
        #expect(Pet.exampleData.map(\.id) == ["Cat", "Goldfish", "Dog"])
        #expect(Pet.exampleData.map(\.votes) == [25, 9, 16])
    }
}
