// Tests for seed 002 (Seed002FixedSpacer.swift): FixedSpacer with its code's spacing of 30.

import Testing
import SwiftUI
import LayoutTestSupport

@Suite("Seed 002: FixedSpacer")
struct Seed002Tests {

    /// The seed's ContentView, window 700×200. Items: "Short" 5 glyphs = 85 → padded 117×49;
    /// "Much Longer Text" 16 = 272 → 304×49; "Medium" 6 = 102 → 134×49.
    /// sizeThatFits: 117 + 304 + 134 + 30×2 = 615 wide, 49 tall; with `.padding()` 647×81,
    /// centred: (26.5, 59.5) → FixedSpacer bounds (42.5, 75.5, 615, 49), midY 100.
    /// placeSubviews: anchor .leading at (currentX, 100) → each item's top is 100 − 24.5 = 75.5;
    /// x = 42.5, 42.5 + 117 + 30 = 189.5, 189.5 + 304 + 30 = 523.5. Texts sit 16 inside.
    @Test func contentView() {
        let r = layout(ContentView002(), 700, 200)
        expectFrame(r.first(kind: "FixedSpacer")?.frame, rect(42.5, 75.5, 615, 49))
        let items = r.subviews(ofKind: "FixedSpacer")
        #expect(items.count == 3)
        expectFrame(items[0].frame, rect(42.5, 75.5, 117, 49))
        expectFrame(items[1].frame, rect(189.5, 75.5, 304, 49))
        expectFrame(items[2].frame, rect(523.5, 75.5, 134, 49))
        expectFrame(r.textFrame("Short"), rect(58.5, 91.5, 85, 17))
        expectFrame(r.textFrame("Much Longer Text"), rect(205.5, 91.5, 272, 17))
        expectFrame(r.textFrame("Medium"), rect(539.5, 91.5, 102, 17))
    }

    /// Different heights are centred on bounds.midY: 10×20 and 20×40 → 10 + 30 + 20 = 60 × 40;
    /// midY = 20 → the first at y = 10, the second at y = 0, x = 0 + 10 + 30 = 40.
    @Test func centresDifferentHeights() {
        let r = layout(FixedSpacer {
            Color.red.frame(width: 10, height: 20)
            Color.blue.frame(width: 20, height: 40)
        }, 60, 40)
        let items = r.subviews(ofKind: "FixedSpacer")
        expectFrame(items[0].frame, rect(0, 10, 10, 20))
        expectFrame(items[1].frame, rect(40, 0, 20, 40))
    }

    /// The spacing is the code's 30, whatever the prose says (20); it ignores the proposal.
    @Test func spacingIsThirtyAndProposalIsIgnored() {
        #expect(FixedSpacer().spacing == 30)
        let r = layout(FixedSpacer {
            Color.red.frame(width: 10, height: 10)
            Color.blue.frame(width: 10, height: 10)
        }, 20, 10)
        #expect(r.rootSize == CGSize(width: 50, height: 10))
    }

    /// The stub (bodies "coming next", size supplied as .zero) places nothing: the container is
    /// 0×0 at the window's centre and the unplaced subview is centred on it: (45, 40, 10, 20).
    @Test func stubPlacesNothing() {
        let r = layout(FixedSpacerStub {
            Color.red.frame(width: 10, height: 20)
        }, 100, 100)
        expectFrame(r.first(kind: "FixedSpacerStub")?.frame, rect(50, 50, 0, 0))
        expectFrame(r.subviews(ofKind: "FixedSpacerStub").first?.frame, rect(45, 40, 10, 20))
    }
}
