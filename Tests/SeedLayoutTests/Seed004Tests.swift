// Tests for seed 004 (Seed004FlowLayoutSpacing.swift): FlowLayout with a Cache, explicit spacing
// and preferred spacing. Texts: "Hello" .largeTitle 5×34 = 170×34, "World" .title 5×28 =
// 140×28, "!!!" .title3 3×20 = 60×20. The `.border` does not change sizes.

import Testing
import SwiftUI
import LayoutTestSupport

@Suite("Seed 004: FlowLayout with spacing")
struct Seed004Tests {

    /// ContentView004V1: FlowLayoutV1(spacing: 8), window 400×300 (proposal width 400).
    /// sizeThatFits: 0 + 170 ≤ 400 → lineWidth 178; 178 + 140 ≤ 400 → 326; 326 + 60 ≤ 400 → 394
    /// (the seed adds the spacing after the last item too) → 394 × 34. Centred: (3, 133).
    /// placeSubviews (it compares lineX, which includes bounds.minX, with proposal.width 400):
    /// Hello centre (3 + 85, 133 + 17) → (3, 133); lineX 181: World → (181, 133); lineX 329:
    /// 329 + 60 ≤ 400 → "!!!" at (329, 133). Items are top-aligned (centre = lineY + h/2).
    @Test func v1OneLine() {
        let r = layout(ContentView004V1(), 400, 300)
        #expect(r.rootSize == CGSize(width: 394, height: 34))
        expectFrame(r.textFrame("Hello"), rect(3, 133, 170, 34))
        expectFrame(r.textFrame("World"), rect(181, 133, 140, 28))
        expectFrame(r.textFrame("!!!"), rect(329, 133, 60, 20))
    }

    /// Window 300×200. sizeThatFits: Hello → lineWidth 178; 178 + 140 > 300 → new line:
    /// totalHeight 34, lineWidth 140 (no spacing added on a wrap), lineHeight 28; 140 + 60 ≤ 300
    /// → 208, lineHeight 28 → 208 × 62. Centred: (46, 69).
    /// placeSubviews: Hello (46, 69); lineX 224 + 140 > 300 → lineY 103, World (46, 103);
    /// lineX 194 + 60 ≤ 300 → "!!!" (194, 103).
    @Test func v1Wraps() {
        let r = layout(ContentView004V1(), 300, 200)
        #expect(r.rootSize == CGSize(width: 208, height: 62))
        expectFrame(r.textFrame("Hello"), rect(46, 69, 170, 34))
        expectFrame(r.textFrame("World"), rect(46, 103, 140, 28))
        expectFrame(r.textFrame("!!!"), rect(194, 103, 60, 20))
    }

    /// FlowLayoutV1's default spacing is 0: 170 + 140 + 60 = 370 × 34 in a 400×300 window,
    /// centred at (15, 133); World at 185, "!!!" at 325.
    @Test func v1DefaultSpacingZero() {
        let r = layout(FlowLayoutV1 {
            Text("Hello").font(.largeTitle)
            Text("World").font(.title)
            Text("!!!").font(.title3)
        }, 400, 300)
        #expect(r.rootSize == CGSize(width: 370, height: 34))
        expectFrame(r.textFrame("World"), rect(185, 133, 140, 28))
        expectFrame(r.textFrame("!!!"), rect(325, 133, 60, 20))
    }

    /// ContentView004V2: FlowLayoutV2 with spacing nil → cache.spacing = [8, 8, 0] (Text–Text
    /// has no preference → the default 8; 0 after the last). Window 400×300: 178, 326, then
    /// 326 + 60 + 0 = 386 → 386 × 34, centred (7, 133). Hello (7, 133); lineX 185: World
    /// (185, 133); lineX 333: "!!!" (333, 133).
    @Test func v2PreferredSpacing() {
        let r = layout(ContentView004V2(), 400, 300)
        #expect(r.rootSize == CGSize(width: 386, height: 34))
        expectFrame(r.textFrame("Hello"), rect(7, 133, 170, 34))
        expectFrame(r.textFrame("World"), rect(185, 133, 140, 28))
        expectFrame(r.textFrame("!!!"), rect(333, 133, 60, 20))
    }

    /// FlowLayoutV2 with an explicit spacing of 20: Hello 0 + 170 ≤ 400 → lineWidth 190; World
    /// 190 + 140 ≤ 400 → 350; "!!!" 350 + 60 = 410 > 400 → wrap: totalHeight 34, lineWidth 60,
    /// lineHeight 20; totalWidth max(350, 60) = 350 → 350 × 54.
    /// Window 400×300 → (25, 123). Placement: Hello (25, 123); lineX 215: 215 + 140 = 355 ≤ 400 →
    /// World (215, 123); lineX 375: 375 + 60 > 400 → lineY 157, "!!!" (25, 157).
    @Test func v2ExplicitSpacingWraps() {
        let r = layout(FlowLayoutV2(spacing: 20) {
            Text("Hello").font(.largeTitle)
            Text("World").font(.title)
            Text("!!!").font(.title3)
        }, 400, 300)
        #expect(r.rootSize == CGSize(width: 350, height: 54))
        expectFrame(r.textFrame("Hello"), rect(25, 123, 170, 34))
        expectFrame(r.textFrame("World"), rect(215, 123, 140, 28))
        expectFrame(r.textFrame("!!!"), rect(25, 157, 60, 20))
    }

    /// The cache is made once per host (sizes measured once) although the layout is asked
    /// several times (min/ideal/max probes and placement).
    @Test func v2CacheMadeOnce() {
        let log = LayoutCallLog()
        let host = LayoutHost(Counting(base: FlowLayoutV2(), log: log) {
            Text("Hello").font(.largeTitle)
            Text("World").font(.title)
        })
        _ = host.layout(in: CGSize(width: 400, height: 300))
        _ = host.layout(in: CGSize(width: 200, height: 300))
        #expect(log.makeCache == 1)
        #expect(log.sizeThatFits > 2)
    }
}
