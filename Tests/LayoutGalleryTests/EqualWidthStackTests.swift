// LayoutGallery.EqualWidthHStack / EqualWidthVStack: every subview is proposed the largest ideal
// width and height among them (the "cell"); spacing nil uses each neighbour pair's preferred
// spacing. Texts: "A" 17, "CC" 34, "BBB" 51 wide, 17 tall. With `.frame(maxWidth: .infinity)`
// each subview takes the cell's width.

import Testing
import SwiftUI
import LayoutGallery
import LayoutTestSupport

@Suite("Gallery: equal-width stacks")
struct EqualWidthStackTests {

    /// Cell 51×17, default spacing 8: 3×51 + 2×8 = 169 × 17; cells at x 0, 59, 118.
    @Test func hStackEqualWidths() {
        let r = layout(EqualWidthHStack {
            Text("A").frame(maxWidth: .infinity).id(0)
            Text("BBB").frame(maxWidth: .infinity).id(1)
            Text("CC").frame(maxWidth: .infinity).id(2)
        }, 169, 17)
        #expect(r.rootSize == CGSize(width: 169, height: 17))
        expectFrame(r.frame(of: 0), rect(0, 0, 51, 17))
        expectFrame(r.frame(of: 1), rect(59, 0, 51, 17))
        expectFrame(r.frame(of: 2), rect(118, 0, 51, 17))
    }

    /// Fixed-size content is centred in its cell: "A" at 0 + (51 − 17)/2 = 17, "CC" at 118 + 8.5.
    @Test func hStackCentresInCells() {
        let r = layout(EqualWidthHStack {
            Text("A").id(0)
            Text("BBB").id(1)
            Text("CC").id(2)
        }, 169, 17)
        expectFrame(r.frame(of: 0), rect(17, 0, 17, 17))
        expectFrame(r.frame(of: 2), rect(126.5, 0, 34, 17))
    }

    /// spacing: 2 → 153 + 4 = 157; cells at 0, 53, 106.
    @Test func hStackExplicitSpacing() {
        let r = layout(EqualWidthHStack(spacing: 2) {
            Text("A").frame(maxWidth: .infinity).id(0)
            Text("BBB").frame(maxWidth: .infinity).id(1)
            Text("CC").frame(maxWidth: .infinity).id(2)
        }, 157, 17)
        #expect(r.rootSize == CGSize(width: 157, height: 17))
        expectFrame(r.frame(of: 1), rect(53, 0, 51, 17))
        expectFrame(r.frame(of: 2), rect(106, 0, 51, 17))
    }

    /// Preferred spacing per pair: "A" → "CC" 8 (no preferences), "CC" → a container asking for
    /// `.zero` 0. Cell 51 (the container holds "BBB"): 3×51 + 8 + 0 = 161; x 0, 59, 110.
    @Test func hStackPreferredSpacingPerPair() {
        let r = layout(EqualWidthHStack {
            Text("A").frame(maxWidth: .infinity).id(0)
            Text("CC").frame(maxWidth: .infinity).id(2)
            ZeroSpacing { Text("BBB") }.id(1)
        }, 161, 17)
        #expect(r.rootSize == CGSize(width: 161, height: 17))
        expectFrame(r.frame(of: 2), rect(59, 0, 51, 17))
        expectFrame(r.frame(of: 1), rect(110, 0, 51, 17))
    }

    /// A fixed-size container: min = ideal = max.
    @Test func hStackIsFixedSize() {
        let r = layout(EqualWidthHStack { Text("A"); Text("BBB") }, 10, 10)
        #expect(r.views[0].minSize == CGSize(width: 110, height: 17))
        #expect(r.views[0].idealSize == CGSize(width: 110, height: 17))
        #expect(r.views[0].maxSize == CGSize(width: 110, height: 17))
    }

    /// VStack: cell 51×17, 51 × (3×17 + 2×8) = 51×67; rows at y 0, 25, 50.
    @Test func vStackEqualCells() {
        let r = layout(EqualWidthVStack {
            Text("A").frame(maxWidth: .infinity).id(0)
            Text("BBB").frame(maxWidth: .infinity).id(1)
            Text("CC").frame(maxWidth: .infinity).id(2)
        }, 51, 67)
        #expect(r.rootSize == CGSize(width: 51, height: 67))
        expectFrame(r.frame(of: 0), rect(0, 0, 51, 17))
        expectFrame(r.frame(of: 1), rect(0, 25, 51, 17))
        expectFrame(r.frame(of: 2), rect(0, 50, 51, 17))
    }

    /// Cells take the tallest height too: a 10×40 block makes every cell 51×40 → 51 × (3×40 + 2×3)
    /// = 51×126 with spacing 3; "A" centred in the first cell: (17, 11.5).
    @Test func vStackExplicitSpacingAndTallestCell() {
        let r = layout(EqualWidthVStack(spacing: 3) {
            Text("A").id(0)
            Color.red.frame(width: 10, height: 40).id(1)
            Text("BBB").id(2)
        }, 51, 126)
        #expect(r.rootSize == CGSize(width: 51, height: 126))
        expectFrame(r.frame(of: 0), rect(17, 11.5, 17, 17))
        expectFrame(r.frame(of: 1), rect(20.5, 43, 10, 40))
        expectFrame(r.frame(of: 2), rect(0, 97.5, 51, 17))
    }

    @Test func empty() {
        #expect(LayoutHost(EqualWidthHStack {}).layout(in: CGSize(width: 50, height: 50)).rootSize == .zero)
        #expect(LayoutHost(EqualWidthVStack {}).layout(in: CGSize(width: 50, height: 50)).rootSize == .zero)
    }
}
