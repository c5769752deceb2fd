// Tests for seed 000 (Seed000FlowLayout.swift). Every expected frame is derived by hand from the
// seed code's own arithmetic and the engine's documented measures: text glyphs are font.size
// wide and lines font.size tall (body 17), `.padding()` is 16 per edge, stacks default to 8
// between views that state no preference, the root is centred in the window.

import Testing
import SwiftUI
import LayoutTestSupport

@Suite("Seed 000: FlowLayout and AnyLayout switching")
struct Seed000Tests {

    /// `FlowLayout { ForEach(0..<10) { Text("\($0)").fixedSize().padding() } }` proposed 200 wide.
    /// Each item: "0"…"9" is one 17×17 glyph, padded 16 per edge → 49×49.
    /// sizeThatFits: containerWidth = 200; dryRun wraps when x + 49 > 200: 4×49 = 196 fits, a
    /// 5th (245) does not → lines of 4, 4, 2 → container 196 × 3·49 = 196×147.
    /// Window 200×400 → origin ((200−196)/2, (400−147)/2) = (2, 126.5).
    /// placeSubviews: dryRun again with bounds.width = 196 → the same lines; item i at
    /// (2 + 49·(i mod 4), 126.5 + 49·(i div 4)).
    @Test func flowLayoutWrapsFourPerLineIn200Points() {
        let view = FlowLayout {
            ForEach(0..<10, id: \.self) {
                Text("\($0)")
                    .fixedSize()
                    .padding()
            }
        }
        let r = layout(view, 200, 400)
        expectFrame(r.first(kind: "FlowLayout")?.frame, rect(2, 126.5, 196, 147))
        for i in 0..<10 {
            expectFrame(r.frame(of: i), rect(2 + 49 * CGFloat(i % 4), 126.5 + 49 * CGFloat(i / 4), 49, 49), "item \(i)")
        }
    }

    /// The seed's dryRun never puts spacing between items and returns the widest line.
    /// Proposed 100: 2 per line (98) → 98×245 for 10 items; unspecified width
    /// (replacingUnspecifiedDimensions → 10) → every item alone on its line: 49 × 490.
    @Test func flowLayoutSizeForOtherProposals() {
        let view = FlowLayout {
            ForEach(0..<10, id: \.self) { Text("\($0)").fixedSize().padding() }
        }
        let r = LayoutHost(view).layout(proposal: ProposedViewSize(width: 100, height: nil))
        #expect(r.rootSize == CGSize(width: 98, height: 245))
        let ideal = r.views[0].idealSize
        #expect(ideal == CGSize(width: 49, height: 490))
    }

    /// The first `MyView`: a ScrollView of 150 capsules in a FlowLayout, window 400×800.
    /// Item widths (no fixedSize, ideal text): "0"–"9" 17+32 = 49, "10"–"99" 34+32 = 66,
    /// "100"–"149" 51+32 = 83; all 49 tall. The ScrollView proposes its content (a VStack around
    /// the FlowLayout) width 400, height nil. Greedy lines at 400:
    ///   L0: 0–7 (8×49 = 392)          L1: 8–13 (2×49 + 4×66 = 362)
    ///   L2–L15: 14 lines of six 66s (396), items 14–97
    ///   L16: 98–102 (2×66 + 3×83 = 381)
    ///   L17–L27: 11 lines of four 83s (332), items 103–146      L28: 147–149
    /// → 29 lines, content 396 × 29·49 = 396×1421. The vertical ScrollView is as tall as proposed
    /// and as wide as its content ("it only becomes as wide as the width of its contents", SwiftUI
    /// Field Guide, Scroll View), centred by the window: x = (400 − 396)/2 = 2, y = 0.
    /// placeSubviews re-runs dryRun with 396: same lines.
    @Test func firstMyViewScrollViewOf150Capsules() {
        let r = layout(MyViewV1(), 400, 800)
        expectFrame(r.first(kind: "ScrollView")?.frame, rect(2, 0, 396, 800))
        expectFrame(r.first(kind: "FlowLayout")?.frame, rect(2, 0, 396, 1421))
        expectFrame(r.frame(of: 0), rect(2, 0, 49, 49))
        expectFrame(r.frame(of: 7), rect(2 + 7 * 49, 0, 49, 49))
        expectFrame(r.frame(of: 8), rect(2, 49, 49, 49))
        expectFrame(r.frame(of: 10), rect(2 + 98, 49, 66, 49))
        expectFrame(r.frame(of: 14), rect(2, 98, 66, 49))
        expectFrame(r.frame(of: 97), rect(2 + 5 * 66, 15 * 49, 66, 49))
        expectFrame(r.frame(of: 98), rect(2, 16 * 49, 66, 49))
        expectFrame(r.frame(of: 100), rect(2 + 132, 16 * 49, 83, 49))
        expectFrame(r.frame(of: 147), rect(2, 28 * 49, 83, 49))
        expectFrame(r.frame(of: 149), rect(2 + 166, 28 * 49, 83, 49))
    }

    /// The second `MyView` for one layout type, window 600×800.
    /// Root VStack: the segmented Picker (iOS 17: 32 tall, filling the width, `ControlMetrics`),
    /// 8 points, then the `.frame(maxWidth: .infinity, maxHeight: .infinity, alignment: .top)`:
    /// the picker is the least flexible, so the frame gets 800 − 32 − 8 = 760 and spans 600:
    /// frame = (0, 40, 600, 760).
    /// The AnyLayout container is top-centred in it. Items are `fixedSize` texts padded → 49×49.
    static func frames(_ type: MyViewV2.LayoutType) -> [CGRect] {
        let r = layout(MyViewV2.with(type), 600, 800)
        return (0..<10).map { r.frame(of: $0) ?? .null }
    }

    /// HStackLayout(): 10×49 + 9×8 = 562 wide → x0 = (600 − 562)/2 = 19; item i at x = 19 + 57i, y = 40.
    @Test func secondMyViewHStack() {
        let f = Self.frames(.hStack)
        for i in 0..<10 { expectFrame(f[i], rect(19 + 57 * CGFloat(i), 40, 49, 49), "item \(i)") }
    }

    /// VStackLayout(): 562 tall (fits 760), 49 wide → x = (600 − 49)/2 = 275.5; item i at y = 40 + 57i.
    @Test func secondMyViewVStack() {
        let f = Self.frames(.vStack)
        for i in 0..<10 { expectFrame(f[i], rect(275.5, 40 + 57 * CGFloat(i), 49, 49), "item \(i)") }
    }

    /// ZStackLayout(): all items overlap in a 49×49 stack at (275.5, 40).
    @Test func secondMyViewZStack() {
        let f = Self.frames(.zStack)
        for i in 0..<10 { expectFrame(f[i], rect(275.5, 40, 49, 49), "item \(i)") }
    }

    /// The seed's FlowLayout proposed 600: 10×49 = 490 ≤ 600 → one line 490×49, x0 = (600 − 490)/2 = 55;
    /// placement re-runs dryRun with 490: 9×49 + 49 = 490 is not > 490, so still one line.
    @Test func secondMyViewFlowLayout() {
        let f = Self.frames(.flowLayout)
        for i in 0..<10 { expectFrame(f[i], rect(55 + 49 * CGFloat(i), 40, 49, 49), "item \(i)") }
    }

    /// Switching `AnyLayout(layoutType.layout)` keeps every view's identity (same set of
    /// identities for all four layout types) while the frames change.
    @Test func anyLayoutSwitchKeepsIdentities() {
        let results = MyViewV2.LayoutType.allCases.map { layout(MyViewV2.with($0), 600, 800) }
        let identitySets = results.map { Set($0.views.map(\.identity)) }
        for s in identitySets.dropFirst() { #expect(s == identitySets[0]) }
        #expect(results.map(\.views.count).allSatisfy { $0 == results[0].views.count })
        // The item with id 1 moves: (76, 40) in the HStack, (275.5, 97) in the VStack,
        // (275.5, 40) in the ZStack, (104, 40) in the flow layout.
        let item1 = results.map { $0.frame(of: 1).map(rounded) }
        #expect(item1 == [rect(76, 40, 49, 49), rect(275.5, 97, 49, 49), rect(275.5, 40, 49, 49), rect(104, 40, 49, 49)])
        // Same identity for the same item across layouts.
        let ids = results.map { $0.view(id: 1)?.identity }
        #expect(Set(ids).count == 1)
    }

    /// One host, re-rooted with each state: identities are structural, so they stay the same.
    @Test func anyLayoutSwitchInOneHost() {
        let host = LayoutHost(MyViewV2.with(.hStack))
        let before = host.layout(in: CGSize(width: 600, height: 800))
        host.setRoot(MyViewV2.with(.flowLayout))
        let after = host.layout(in: CGSize(width: 600, height: 800))
        #expect(before.views.map(\.identity) == after.views.map(\.identity))
        #expect(before.frame(of: 3) != after.frame(of: 3))
    }
}
