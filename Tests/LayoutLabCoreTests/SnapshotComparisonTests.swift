import Foundation
import Testing
import LayoutLabCore
import LayoutRendering

@Suite("Snapshot names, tolerances and comparisons")
struct SnapshotComparisonTests {
    @Test func previewNamesBecomeReadableUniqueFileNames() {
        #expect(SnapshotNaming.fileSafe("Profile card") == "Profile-card")
        #expect(SnapshotNaming.fileSafe("Welcome / Home 👋") == "Welcome-Home")
        #expect(SnapshotNaming.fileSafe("a@b") == "a-b")
        #expect(SnapshotNaming.fileSafe("Café ☕️ menu") == "Café-menu")
        #expect(SnapshotNaming.fileSafe("..hidden.") == "hidden")
        #expect(SnapshotNaming.fileSafe("🌙") == "preview")
        // Names that come out the same, ignoring case, are numbered in catalog order.
        #expect(SnapshotNaming.fileNames(for: ["Card", "card", "Card!", "Other"]) == ["Card", "card-2", "Card-3", "Other"])
        #expect(SnapshotNaming.stem("Card", variant: "dark") == "Card@dark")
    }

    @Test func devicesAndAxesAreNamedAsTheMenusListThem() throws {
        #expect(SnapshotAxis.device.variants.map(\.name) == ["iphone-se", "iphone-15", "iphone-15-pro-max", "ipad-mini", "ipad-pro-11",
                                                              "laptop-window", "desktop", "watch-45-mm"])
        #expect(SnapshotAxis.orientation.variants.map(\.proposal) == [CGSize(width: 393, height: 852), CGSize(width: 852, height: 393)])
        #expect(SnapshotAxis.dynamicType.variants.first?.name == "xSmall")
        #expect(try SnapshotAxis.parse("device, color-scheme") == [.colorScheme, .device])
        #expect(try SnapshotAxis.parse("all") == SnapshotAxis.allCases)
        #expect(throws: CommandLineError.self) { try SnapshotAxis.parse("colour") }
        // A preview that keeps its own size gets no device or orientation variants.
        #expect(SnapshotVariant.variants(of: [.device, .layoutDirection], for: .sizeThatFits).map(\.name) == ["ltr", "rtl"])
        #expect(SnapshotVariant.variants(of: [.orientation], for: .window).map(\.name) == ["portrait", "landscape"])
    }

    @Test func toleranceIsAShareOfPixelsAsAFractionOrAPercentage() {
        #expect(PixelTolerance.share(parsing: "0.1%") == 0.001)
        #expect(PixelTolerance.share(parsing: "0.002") == 0.002)
        #expect(PixelTolerance.share(parsing: "150%") == nil)
        #expect(PixelTolerance.share(parsing: "-1") == nil)
        #expect(PixelTolerance.share(parsing: "lots") == nil)
        #expect(PixelTolerance.standard.description == "0.1 % of pixels, 16 levels a channel")
    }

    /// A 100×100 light grey image with a dark 20×20 square at `x`, `y`; `noise` adds to the red
    /// channel of every pixel on the square's edge, as antialiasing does.
    func image(squareAt x: Int, _ y: Int, noise: UInt32 = 0) -> SnapshotImage {
        var pixels = [UInt32](repeating: 0xfff0_f0f0, count: 100 * 100)
        for row in y..<(y + 20) {
            for column in x..<(x + 20) {
                let edge = row == y || row == y + 19 || column == x || column == x + 19
                pixels[row * 100 + column] = edge ? 0xff20_2020 + (noise << 16) : 0xff20_2020
            }
        }
        return SnapshotImage(width: 100, height: 100, pixels: pixels)
    }

    @Test func antialiasingNoisePassesAndAMovedViewFails() throws {
        let base = image(squareAt: 10, 10)
        let noisy = PixelComparison(baseline: base, new: image(squareAt: 10, 10, noise: 12), channel: 16)
        #expect(noisy.differingPixels == 0 && noisy.largestChannelDifference == 12)
        #expect(noisy.matches(.standard))
        // Moved 4 px right: two 4×20 strips change, 160 of 10,000 pixels.
        let moved = PixelComparison(baseline: base, new: image(squareAt: 14, 10), channel: 16)
        #expect(moved.differingPixels == 160)
        #expect(!moved.matches(.standard))
        #expect(moved.matches(PixelTolerance(channel: 16, share: 0.02)))
        // Another size never matches, and the pixels outside the smaller image differ.
        let taller = SnapshotImage(width: 100, height: 110, pixels: image(squareAt: 10, 10).pixels + Array(repeating: 0xfff0_f0f0, count: 1000))
        let resized = PixelComparison(baseline: base, new: taller, channel: 16)
        #expect(!resized.sameSize && resized.differingPixels == 1000 && !resized.matches(PixelTolerance(channel: 255, share: 1)))
    }

    @Test func theDiffImageMarksWhatMovedAndRoundTripsThroughPNG() throws {
        let diff = PixelComparison.diffImage(baseline: image(squareAt: 10, 10), new: image(squareAt: 14, 10), channel: 16)
        let decoded = try #require(SnapshotImage(png: try diff.pngData()))
        #expect(decoded == diff)
        let marked = decoded.pixels.filter { $0 == 0xffe0_1a6e }.count
        #expect(marked == 160)
        // What did not change is faded to a light grey, darker where the square is.
        #expect(decoded.pixels[0] & 0xff > 0xe0)
        #expect(decoded.pixels[15 * 100 + 20] & 0xff < decoded.pixels[0] & 0xff)
    }

    func view(_ identity: String, _ id: String?, _ x: Double, width: Double = 10) -> [String: Any] {
        let frame: [String: Double] = ["x": x, "y": 0, "width": width, "height": 10]
        var v: [String: Any] = ["index": 0, "depth": 0, "kind": "Color", "detail": "", "identity": identity, "frame": frame,
                                "x": x, "y": 0.0, "width": width, "height": 10.0, "proposal": [:] as [String: Double],
                                "priority": 0, "zIndex": 0, "visible": true, "layoutValues": [] as [String]]
        if let id { v["id"] = id }
        return v
    }

    /// A layout as `render --json` writes it, with `views`.
    func layout(_ views: [[String: Any]]) throws -> LayoutExport {
        let size = ["width": 100.0, "height": 100.0]
        let json = try JSONSerialization.data(withJSONObject: ["canvasSize": size, "rootSize": size, "proposal": [:] as [String: Double],
                                                               "views": views, "diagnostics": [] as [String]])
        return try LayoutExport.decode(json)
    }

    @Test func movedViewsArePairedByIdentityWithinAHundredthOfAPoint() throws {
        let old = try layout([view("a", "swatch", 0), view("b", nil, 20), view("c", nil, 40), view("gone", nil, 60)])
        let new = try layout([view("a", "swatch", 0.005), view("b", nil, 24), view("c", nil, 40, width: 12), view("added", nil, 80)])
        let moved = FrameComparison.movedViews(baseline: old, new: new)
        #expect(moved.map(\.identity) == ["b", "c", "added", "gone"])
        #expect(moved[0].old?.x == 20 && moved[0].new?.x == 24)
        #expect(moved[2].old == nil && moved[3].new == nil)
    }

    @Test func theJUnitReportCountsAndEscapes() throws {
        var differs = SnapshotReport.Entry(name: "Card@dark", preview: "Card", variant: "dark", outcome: .differs)
        differs.reasons = ["1 view moved <&> \"quoted\""]
        let report = SnapshotReport(project: "App & Co", entries: [
            SnapshotReport.Entry(name: "Card", preview: "Card", variant: nil, outcome: .matched), differs,
            SnapshotReport.Entry(name: "New", preview: "New", variant: nil, outcome: .noBaseline),
        ], tolerance: .standard, strict: false, reportDirectory: nil)
        #expect(!report.passed)
        let xml = SnapshotReportWriter.junit(report)
        #expect(xml.contains(#"tests="3" failures="1" errors="0" skipped="1""#))
        #expect(xml.contains(#"<testsuite name="App &amp; Co""#))
        #expect(xml.contains(#"message="1 view moved &lt;&amp;&gt; &quot;quoted&quot;""#))
        var strict = report
        strict.strict = true
        #expect(SnapshotReportWriter.junit(strict).contains(#"failures="2" errors="0" skipped="0""#))
    }
}
