import Foundation
import SwiftUI
import LayoutRendering
import Testing
@testable import LayoutLabApp
@testable import LayoutLabCore

/// The anatomy's alignment guide lines, baselines included.
@Suite("Alignment guide lines")
struct GuideLineTests {
    func guides(top: CGFloat, height: CGFloat, first: CGFloat, last: CGFloat) -> ContainerAnatomy.VerticalGuides {
        .init(top: top, center: top + height / 2, bottom: top + height, firstBaseline: first, lastBaseline: last)
    }

    /// Subviews of different heights whose baselines meet: the shared guide is the baseline
    /// (single lines: first and last are one line), and no edge.
    @Test func baselineAlignedSubviewsShareOnlyTheBaseline() {
        let shared = ContainerAnatomy.sharedGuides([
            guides(top: 10, height: 40, first: 42, last: 42),
            guides(top: 22, height: 26, first: 42, last: 42),
            guides(top: 28, height: 18, first: 42, last: 42),
        ])
        #expect(shared.map(\.name) == ["first/last text baseline"])
        #expect(shared.first?.y == 42)
    }

    /// Top-aligned subviews whose texts differ: the top edge only.
    @Test func topAlignedSubviews() {
        let shared = ContainerAnatomy.sharedGuides([
            guides(top: 10, height: 40, first: 42, last: 42),
            guides(top: 10, height: 26, first: 30, last: 30),
        ])
        #expect(shared.map(\.name) == ["top"])
    }

    /// Equal subviews share every guide: nothing to tell, nothing drawn.
    @Test func equalSubviewsTellNothing() {
        let g = guides(top: 10, height: 20, first: 25, last: 25)
        #expect(ContainerAnatomy.sharedGuides([g, g, g]).isEmpty)
    }

    /// Two-line and one-line texts aligned on the last baseline: their first baselines differ.
    @Test func lastBaselineOfMultilineText() {
        let shared = ContainerAnatomy.sharedGuides([
            guides(top: 0, height: 40, first: 16, last: 36),
            guides(top: 22, height: 18.5, first: 36, last: 36),
        ])
        #expect(shared.map(\.name) == ["last text baseline"])
    }

    /// A stack's subview placed by an explicit guide is counted, not a reason to draw nothing.
    @Test func sharedValueWithAnExplicitGuide() {
        #expect(ContainerAnatomy.sharedValue([5, 5, 9, 5], allowingOutliers: true)! == (5, 1))
        #expect(ContainerAnatomy.sharedValue([5, 5, 9, 5], allowingOutliers: false) == nil)
        #expect(ContainerAnatomy.sharedValue([1, 2, 3], allowingOutliers: true) == nil)
        #expect(ContainerAnatomy.sharedValue([.nan, 1], allowingOutliers: true) == nil)
    }
}

@Suite("Baseline guides in the window", .enabled(if: hasDisplay, "DISPLAY is unset: run under xvfb-run -a"))
struct WindowBaselineGuideTests {
    /// Text in three sizes on an HStack aligned by first (then last) text baseline: the guide
    /// line is drawn where each text's baseline is (as Pango measures it), through all three,
    /// and the canvas shows it in the guide colour.
    @Test func baselineGuideRunsThroughTheTexts() throws {
        let run = try WindowRun.run("""
            resize 900 600
            scene spacing
            layout hstack
            alignment firstTextBaseline
            settle
            select-item 0
            state first
            frames first-frames
            screenshot first-canvas
            alignment lastTextBaseline
            settle
            state last
            alignment top
            settle
            state top
            """)
        #expect(run.status == 0, "\(run.stderr)")
        let first = try run.json("first"), frames = try run.json("first-frames")
        #expect(value(first, "anatomy", "guides") as? [String] == ["first text baseline"])
        let lines = try #require(value(first, "anatomy", "guideLines") as? [[String: Any]])
        let line = try #require(lines.first)
        let y = number(line, "y1")
        #expect(number(line, "y2") == y, "a horizontal line")
        let items = try #require(frames["items"] as? [[String: Any]])
        #expect(items.count == 3)
        // Each text's first baseline, measured independently, lies on the line.
        let measurer = PangoTextMeasurer()
        let texts: [(String, Font)] = [("Hello", .largeTitle), ("World", .title), ("!!!", .title3)]
        var tops: [Double] = []
        for (item, (text, font)) in zip(items, texts) {
            let top = number(item, "y"), width = number(item, "width")
            let baseline = Double(measurer.measure(text, font: font, width: CGFloat(width)).firstBaseline)
            #expect(abs(top + baseline - y) < 0.5, "\(text): baseline at \(top + baseline), line at \(y)")
            #expect(number(line, "x1") < number(item, "x") && number(line, "x2") > number(item, "x") + width, "the line crosses \(text)")
            tops.append(top)
        }
        #expect(Set(tops.map { Int($0.rounded()) }).count == 3, "the texts' tops differ: the line is not an edge")
        // The line in the canvas: guide-coloured pixels along it, across the container.
        let origin = (x: number(first, "origin", "x"), y: number(first, "origin", "y")), zoom = number(first, "zoom")
        let row = Int((origin.y + y * zoom).rounded(.down))
        let image = try #require(PNGPixels(url: run.directory.appendingPathComponent("first-canvas.png")))
        let x1 = Int(origin.x + number(line, "x1") * zoom), x2 = Int(origin.x + number(line, "x2") * zoom)
        var orange = 0
        for x in max(x1, 0)..<min(x2, image.width) {
            let hits = (row - 1...row + 1).contains { yy in
                let p = image.rgb(x, yy)
                return p.red > 200 && p.green > 100 && p.green < 180 && p.blue < 80
            }
            if hits { orange += 1 }
        }
        #expect(Double(orange) > Double(x2 - x1) * 0.3, "the dashed guide line is drawn: \(orange) of \(x2 - x1) pixels")
        // Last text baseline: single lines, so the same line, named for the alignment.
        let last = try run.json("last")
        #expect(value(last, "anatomy", "guides") as? [String] == ["last text baseline"])
        let lastY = number(try #require((value(last, "anatomy", "guideLines") as? [[String: Any]])?.first), "y1")
        #expect(abs(lastY - y) < 0.5)
        #expect(value(try run.json("top"), "anatomy", "guides") as? [String] == ["top"])
        #expect(run.complaints.isEmpty, "\(run.complaints)")
    }
}
