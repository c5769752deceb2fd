// LayoutGallery.FlowLayout. Blocks are fixed-size Colors (no spacing preference, so the
// preferred distance between them is the platform default 8 on both axes). Expectations are
// derived from FlowLayout's documented rules; the root is centred in the window.

import Testing
import SwiftUI
import LayoutGallery
import LayoutTestSupport

@Suite("Gallery: FlowLayout")
struct FlowLayoutTests {

    /// Five 40×20 blocks proposed 100 wide, preferred spacing 8: 40 + 8 + 40 = 88 ≤ 100, + 8 + 40
    /// = 136 > 100 → lines [0 1] [2 3] [4]; width 88, height 3×20 + 2×8 = 76.
    /// Window 100×100 → origin (6, 12); lines at y 12, 40, 68; columns at x 6, 54.
    @Test func breaksLinesByWidthWithPreferredSpacing() {
        let r = layout(FlowLayout { ForEach(0..<5) { block($0, 40, 20) } }, 100, 100)
        #expect(r.rootSize == CGSize(width: 88, height: 76))
        expectFrame(r.frame(of: 0), rect(6, 12, 40, 20))
        expectFrame(r.frame(of: 1), rect(54, 12, 40, 20))
        expectFrame(r.frame(of: 2), rect(6, 40, 40, 20))
        expectFrame(r.frame(of: 3), rect(54, 40, 40, 20))
        expectFrame(r.frame(of: 4), rect(6, 68, 40, 20))
    }

    /// spacing: 2, proposed 130: 40 + 2 + 40 + 2 + 40 = 124 ≤ 130, a 4th needs 166 → lines
    /// [0 1 2] [3 4]; 124 × (20 + 8 + 20) = 124×48 at (3, 41); x 3, 45, 87.
    @Test func explicitSpacing() {
        let r = layout(FlowLayout(spacing: 2) { ForEach(0..<5) { block($0, 40, 20) } }, 130, 130)
        #expect(r.rootSize == CGSize(width: 124, height: 48))
        expectFrame(r.frame(of: 1), rect(45, 41, 40, 20))
        expectFrame(r.frame(of: 2), rect(87, 41, 40, 20))
        expectFrame(r.frame(of: 3), rect(3, 69, 40, 20))
    }

    /// spacing: 0 in 100: 40 + 40 = 80, + 40 = 120 > 100 → still two per line, 80 wide.
    @Test func zeroSpacing() {
        let r = layout(FlowLayout(spacing: 0) { ForEach(0..<5) { block($0, 40, 20) } }, 100, 100)
        #expect(r.rootSize == CGSize(width: 80, height: 76))
        expectFrame(r.frame(of: 1), rect(50, 12, 40, 20))
    }

    /// lineSpacing 0 → 3×20 = 60 tall; lineSpacing 30 → 60 + 2×30 = 120.
    @Test func lineSpacing() {
        let tight = layout(FlowLayout(lineSpacing: 0) { ForEach(0..<5) { block($0, 40, 20) } }, 100, 100)
        #expect(tight.rootSize == CGSize(width: 88, height: 60))
        expectFrame(tight.frame(of: 2), rect(6, 40, 40, 20))
        let loose = layout(FlowLayout(lineSpacing: 30) { ForEach(0..<5) { block($0, 40, 20) } }, 100, 200)
        #expect(loose.rootSize == CGSize(width: 88, height: 120))
        expectFrame(loose.frame(of: 4), rect(6, 40 + 2 * 50, 40, 20))
    }

    /// Blocks 40, 40, 60 wide in 100: lines [0 1] (88) and [2] (60); the container is 88 wide,
    /// window 88×48 → origin 0. The second line has 28 free: leading x 0, centre 14, trailing 28.
    @Test(arguments: [(HorizontalAlignment.leading, CGFloat(0)), (.center, 14), (.trailing, 28)])
    func alignment(_ alignment: HorizontalAlignment, _ x: CGFloat) {
        let r = layout(FlowLayout(alignment: alignment) {
            block(0, 40, 20); block(1, 40, 20); block(2, 60, 20)
        }, 88, 48)
        #expect(r.rootSize == CGSize(width: 88, height: 48))
        expectFrame(r.frame(of: 0), rect(0, 0, 40, 20))   // a full line does not move
        expectFrame(r.frame(of: 2), rect(x, 28, 60, 20))
    }

    /// A 40×20 and a 40×40 block on one 40-tall line: the short one at dy 0 (top), 10 (centre,
    /// the default), 20 (bottom). Width 88, window 88×40.
    @Test(arguments: [(VerticalAlignment.top, CGFloat(0)), (.center, 10), (.bottom, 20)])
    func lineAlignment(_ lineAlignment: VerticalAlignment, _ y: CGFloat) {
        let r = layout(FlowLayout(lineAlignment: lineAlignment) {
            block(0, 40, 20); block(1, 40, 40)
        }, 88, 40)
        expectFrame(r.frame(of: 0), rect(0, y, 40, 20))
        expectFrame(r.frame(of: 1), rect(48, 0, 40, 40))
    }

    @Test func defaultLineAlignmentIsCenter() {
        let l = FlowLayout()
        #expect(l.alignment == .leading)
        #expect(l.lineAlignment == .center)
        #expect(l.spacing == nil && l.lineSpacing == nil)
    }

    /// "aaaa bbbb" is 9 glyphs = 153 wide ideally; in 100 it is proposed the line width 100 →
    /// 5 glyphs per line → "aaaa" / "bbbb" → 68×34. After a 40×20 block: 40 + 8 + 68 > 100 → its
    /// own line: container 68 × (20 + 8 + 34) = 68×62, window 100×100 → origin (16, 19).
    @Test func itemWiderThanTheLineIsProposedTheLineWidth() {
        let r = layout(FlowLayout {
            block(0, 40, 20)
            Text("aaaa bbbb").id(1)
        }, 100, 100)
        #expect(r.rootSize == CGSize(width: 68, height: 62))
        expectFrame(r.frame(of: 0), rect(16, 19, 40, 20))
        expectFrame(r.frame(of: 1), rect(16, 47, 68, 34))
    }

    @Test func empty() {
        let r = LayoutHost(FlowLayout {}).layout(in: CGSize(width: 100, height: 100))
        #expect(r.rootSize == .zero)
        #expect(r.views.count == 1)
        #expect(r.views[0].idealSize == .zero)
    }

    /// Zero width → one subview per line (the minimum size): 40 × (5×20 + 4×8) = 40×132.
    /// Unspecified or infinite width → one line (ideal and maximum): 5×40 + 4×8 = 232 × 20.
    @Test func minIdealMaxSizes() {
        let r = layout(FlowLayout { ForEach(0..<5) { block($0, 40, 20) } }, 100, 100)
        #expect(r.views[0].minSize == CGSize(width: 40, height: 132))
        #expect(r.views[0].idealSize == CGSize(width: 232, height: 20))
        #expect(r.views[0].maxSize == CGSize(width: 232, height: 20))
    }

    /// Proposed zero width and placed so: every block on its own line at x 0.
    @Test func zeroWidthOnePerLine() {
        let r = LayoutHost(FlowLayout { ForEach(0..<3) { block($0, 40, 20) } })
            .layout(proposal: ProposedViewSize(width: 0, height: nil))
        #expect(r.rootSize == CGSize(width: 40, height: 76))
        #expect((0..<3).map { r.frame(of: $0)?.minY } == [0, 28, 56])
    }

    /// Unspecified width: one line, 3×40 + 2×8 = 136 wide.
    @Test func unspecifiedWidthOneLine() {
        let r = LayoutHost(FlowLayout { ForEach(0..<3) { block($0, 40, 20) } })
            .layout(proposal: .unspecified)
        #expect(r.rootSize == CGSize(width: 136, height: 20))
        expectFrame(r.frame(of: 2), rect(96, 0, 40, 20))
    }

    /// Preferred spacing comes from the subviews, per pair: between two blocks 8 (no
    /// preference on either side → the default); next to a container that asks for `.zero`,
    /// 0 (the larger of 0 and "no preference"). 40 + 8 + 40 + 0 + 40 = 128 in one line.
    @Test func preferredSpacingFromSubviews() {
        let r = layout(FlowLayout {
            block(0, 40, 20)
            block(1, 40, 20)
            ZeroSpacing { block(2, 40, 20) }.id(10)
        }, 128, 20)
        #expect(r.rootSize == CGSize(width: 128, height: 20))
        expectFrame(r.frame(of: 1), rect(48, 0, 40, 20))
        expectFrame(r.frame(of: 10), rect(88, 0, 40, 20))
    }
}
