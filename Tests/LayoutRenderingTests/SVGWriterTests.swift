import CPangoCairo
import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import SwiftUI
import LayoutRendering
import Testing

/// Lays `view` out with Pango metrics and returns the result and its SVG document.
func svgDocument(_ view: some View, in size: CGSize, scheme: ColorScheme = .light,
                 background: Bool = false) -> (LayoutResult, String) {
    let result = LayoutHost.layout(view, in: size, textMeasurer: PangoTextMeasurer())
    return (result, SVGWriter().document(for: result, scheme: scheme, background: background))
}

/// Parses `svg` as XML: the elements' names and attributes in document order, and the text of
/// every `<tspan>`; records a parse error as a test failure.
final class SVGParse: NSObject, XMLParserDelegate {
    var elements: [(name: String, attributes: [String: String])] = []
    var tspans: [String] = []
    var error: Error?
    private var inTspan = false

    init(_ svg: String) {
        super.init()
        let parser = XMLParser(data: Data(svg.utf8))
        parser.delegate = self
        if !parser.parse() { error = parser.parserError ?? CocoaError(.fileReadCorruptFile) }
        #expect(error == nil, "the SVG is not well-formed XML: \(String(describing: error))")
    }

    func parser(_ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?,
                attributes: [String: String] = [:]) {
        elements.append((name, attributes))
        if name == "tspan" { inTspan = true; tspans.append("") }
    }

    func parser(_ parser: XMLParser, didEndElement name: String, namespaceURI: String?, qualifiedName: String?) {
        if name == "tspan" { inTspan = false }
    }

    func parser(_ parser: XMLParser, foundCharacters string: String) {
        if inTspan { tspans[tspans.count - 1] += string }
    }

    func elements(_ name: String) -> [[String: String]] { elements.filter { $0.name == name }.map(\.attributes) }
}

/// Loads a PNG file as a `RenderedImage`-like pixel reader (straight alpha).
struct PNGPixels {
    let width: Int, height: Int
    private let data: [UInt8], stride: Int

    init(_ url: URL) throws {
        let surface = try #require(cairo_image_surface_create_from_png(url.path))
        defer { cairo_surface_destroy(surface) }
        try #require(cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS)
        cairo_surface_flush(surface)
        width = Int(cairo_image_surface_get_width(surface)); height = Int(cairo_image_surface_get_height(surface))
        stride = Int(cairo_image_surface_get_stride(surface))
        data = Array(UnsafeBufferPointer(start: cairo_image_surface_get_data(surface), count: stride * height))
    }

    func pixel(x: Int, y: Int) -> RGBA {
        guard x >= 0, y >= 0, x < width, y < height else { return RGBA(0, 0, 0, 0) }
        let word = data.withUnsafeBytes { $0.loadUnaligned(fromByteOffset: y * stride + x * 4, as: UInt32.self) }
        let a = Double(word >> 24), r = Double((word >> 16) & 0xff), g = Double((word >> 8) & 0xff), b = Double(word & 0xff)
        guard a > 0 else { return RGBA(0, 0, 0, 0) }
        return RGBA(r / a, g / a, b / a, a / 255)
    }
}

/// The path of `rsvg-convert`, if installed (Debian: librsvg2-bin).
let rsvgConvert: String? = ["/usr/bin/rsvg-convert", "/usr/local/bin/rsvg-convert"].first { FileManager.default.isExecutableFile(atPath: $0) }

@Suite("SVG export: our own writer")
struct SVGWriterTests {
    @Test func documentIsSizedInPixels() {
        let (_, svg) = svgDocument(Color.red.frame(width: 100, height: 80), in: CGSize(width: 400, height: 300))
        let root = SVGParse(svg).elements("svg").first
        #expect(root?["width"] == "400" && root?["height"] == "300")
        #expect(root?["viewBox"] == "0 0 400 300")
        #expect(!svg.contains("pt\""))
    }

    @Test func textIsRealTextWithALinePerTspan() {
        let (_, svg) = svgDocument(Text("Hello"), in: CGSize(width: 200, height: 100))
        let parse = SVGParse(svg)
        #expect(parse.elements("text").count == 1)
        #expect(parse.tspans == ["Hello"])
        let text = parse.elements("text")[0]
        #expect(text["font-size"] == "17" && text["font-family"]?.contains("Cantarell") == true)
        // Wrapped text: one tspan per line, each lower than the last, together the whole string.
        let long = "The quick brown fox jumps over the lazy dog"
        let (_, wrapped) = svgDocument(Text(long).font(.system(size: 14, weight: .bold)).frame(width: 90), in: CGSize(width: 200, height: 200))
        let lines = SVGParse(wrapped)
        #expect(lines.tspans.count >= 3)
        #expect(lines.tspans.joined().replacingOccurrences(of: " ", with: "") == long.replacingOccurrences(of: " ", with: ""))
        let ys = lines.elements("tspan").compactMap { $0["y"].flatMap(Double.init) }
        #expect(ys == ys.sorted() && Set(ys).count == ys.count)
        #expect(lines.elements("text").first?["font-weight"] == "700")
    }

    @Test func ellipsizedLinesShowTheEllipsis() {
        let (_, svg) = svgDocument(Text("A line far too long for its frame").lineLimit(1).frame(width: 80), in: CGSize(width: 100, height: 40))
        let spans = SVGParse(svg).tspans
        #expect(spans.count == 1)
        #expect(spans.first?.hasSuffix("\u{2026}") == true || spans.first?.hasSuffix("...") == true)
    }

    @Test func wordsBrokenAcrossLinesShowTheHyphen() {
        // Pango breaks "low-priority caption" inside words at this width and draws a hyphen.
        let (_, svg) = svgDocument(Text("A long, low-priority caption that truncates").frame(width: 50), in: CGSize(width: 60, height: 400))
        let spans = SVGParse(svg).tspans
        #expect(spans.count > 3)
        #expect(spans.contains { $0.hasSuffix("\u{2010}") })
        // Without the hyphens, the lines are the text.
        #expect(spans.joined().replacingOccurrences(of: "\u{2010}", with: "").replacingOccurrences(of: " ", with: "")
                == "A long, low-priority caption that truncates".replacingOccurrences(of: " ", with: ""))
    }

    @Test func rightToLeftAndCombiningTextSurvive() {
        let strings = ["שלום עולם", "مرحبا بالعالم", "e\u{301}te\u{301} café 日本語"]
        for string in strings {
            let (_, svg) = svgDocument(Text(string), in: CGSize(width: 300, height: 60))
            #expect(SVGParse(svg).tspans.joined() == string)
        }
    }

    @Test func specialCharactersAreEscaped() {
        let tricky = "a <b> & \"c\" 'd'"
        let (_, svg) = svgDocument(Text(tricky).id("x<&>\"y"), in: CGSize(width: 300, height: 60))
        #expect(svg.contains("a &lt;b&gt; &amp; &quot;c&quot; &apos;d&apos;"))
        let parse = SVGParse(svg)
        #expect(parse.tspans.joined() == tricky)
        let group = parse.elements("g").first { $0["data-id"] != nil }
        #expect(group?["data-id"] == "x<&>\"y")
        #expect(group?["id"] == "view-x_3C__26__3E__22_y")
        // Characters XML cannot hold are dropped.
        #expect(SVGWriter.escape("a\u{1}b\u{FFFF}c") == "abc")
    }

    @Test func explicitIDsGroupTheirViews() {
        let view = VStack {
            Text("Title").padding(8).background(Color.blue).id("card")
            Color.red.frame(width: 20, height: 20).id("card")  // duplicate: made unique
            Color.green.frame(width: 20, height: 20).id(42)
            Color.orange.frame(width: 20, height: 20)
        }
        let (result, svg) = svgDocument(view, in: CGSize(width: 200, height: 200))
        let groups = SVGParse(svg).elements("g").filter { $0["id"] != nil }
        #expect(groups.map { $0["id"]! } == ["view-card", "view-card-2", "view-42"])
        let card = groups.first
        #expect(card?["data-kind"] == result.views[Int(card?["data-view"] ?? "") ?? 0].kind)
        // The card's group holds its background and its text.
        let start = svg.range(of: "id=\"view-card\"")!.upperBound
        let inner = svg[start...].prefix { _ in true }
        let end = inner.range(of: "</g>")!.lowerBound
        #expect(inner[..<end].contains("<text") && inner[..<end].contains("<path"))
        // A view without an id gets no group of its own.
        #expect(SVGParse(svg).elements("g").count == 3)
    }

    @Test func overflowingContentIsNotCropped() throws {
        // A 300×100 view in a 100×100 canvas is centred: it reaches from x = -100 to 200.
        let view = HStack(spacing: 0) { Color.red.frame(width: 150, height: 100); Color.blue.frame(width: 150, height: 100) }
        let result = LayoutHost.layout(view, in: CGSize(width: 100, height: 100))
        #expect(result.canvasSize == CGSize(width: 100, height: 100))
        #expect(ImageExporter.exportArea(for: result) == CGRect(x: -100, y: 0, width: 300, height: 100))
        let dir = try temporaryDirectory()
        let png = dir.appendingPathComponent("overflow.png"), svg = dir.appendingPathComponent("overflow.svg")
        try ImageExporter.png(result: result, scale: 2, to: png)
        let pixels = try PNGPixels(png)
        #expect(pixels.width == 600 && pixels.height == 200)
        #expect(near(pixels.pixel(x: 5, y: 100), lightRed) && near(pixels.pixel(x: 595, y: 100), lightBlue))
        try ImageExporter.png(result: result, scale: 1, includingOverflow: false, to: png)
        #expect(try PNGPixels(png).width == 100)
        try ImageExporter.svg(result: result, to: svg)
        let root = SVGParse(try String(contentsOf: svg, encoding: .utf8)).elements("svg").first
        #expect(root?["viewBox"] == "-100 0 300 100")
        #expect(root?["width"] == "300" && root?["height"] == "100")
        // Nothing overflows: the canvas exactly.
        let fits = LayoutHost.layout(Color.red.frame(width: 33.3, height: 20), in: CGSize(width: 33.3, height: 20))
        #expect(ImageExporter.exportArea(for: fits) == CGRect(x: 0, y: 0, width: 33.3, height: 20))
    }

    @Test func shapesGradientsAndEffectsBecomeSVGElements() {
        let view = VStack(spacing: 10) {
            HStack(spacing: 10) {
                RoundedRectangle(cornerRadius: 8).fill(LinearGradient(colors: [.red, .blue], startPoint: .leading, endPoint: .trailing))
                    .frame(width: 60, height: 40)
                Circle().fill(RadialGradient(colors: [.yellow, .green], center: .center, startRadius: 0, endRadius: 20))
                    .frame(width: 40, height: 40)
                Circle().fill(AngularGradient(colors: [.red, .green, .blue, .red], center: .center)).frame(width: 40, height: 40)
                Capsule().strokeBorder(Color.purple, lineWidth: 4).frame(width: 60, height: 30)
            }
            HStack(spacing: 10) {
                Color.white.frame(width: 50, height: 40).shadow(color: .black.opacity(0.4), radius: 6, x: 4, y: 4)
                Color.orange.frame(width: 40, height: 40).blur(radius: 4)
                Color.blue.frame(width: 40, height: 40).clipShape(Circle())
                Color.red.frame(width: 40, height: 40).mask { Circle() }
                Color.green.frame(width: 30, height: 30).rotationEffect(.degrees(30)).scaleEffect(1.2)
            }
            Color.indigo.frame(width: 100, height: 20).opacity(0.5)
        }
        let (_, svg) = svgDocument(view, in: CGSize(width: 320, height: 160))
        let parse = SVGParse(svg)
        #expect(parse.elements("linearGradient").count == 1)
        #expect(parse.elements("radialGradient").count == 1)
        #expect(parse.elements("pattern").count == 1)  // the angular gradient's wedges
        let filters = parse.elements("filter")
        #expect(parse.elements("feOffset").count == 1 && parse.elements("feFlood").count == 1)
        #expect(parse.elements("feGaussianBlur").count == 2 && filters.count >= 2)
        #expect(parse.elements("clipPath").count >= 1 && parse.elements("mask").count == 1)
        #expect(parse.elements("mask").first?["mask-type"] == "alpha")
        let transforms = parse.elements("g").compactMap { $0["transform"] }
        #expect(transforms.contains { $0.hasPrefix("rotate(30 ") } && transforms.contains { $0.hasPrefix("matrix(1.2 0 0 1.2 ") })
        // The stroke inside the capsule: an even-odd ring with arcs.
        #expect(parse.elements("path").contains { $0["fill-rule"] == "evenodd" && $0["d"]?.contains("A") == true })
        // `opacity(0.5)` multiplies the fill's opacity.
        #expect(parse.elements("path").contains { $0["fill-opacity"] == "0.5" })
        #expect(!svg.lowercased().contains("nan") && !svg.contains("inf"))
    }

    @Test func framesThatAreNotFiniteAreSkipped() {
        let view = VStack { Text("Hi"); Color.red.frame(width: 20, height: 20).id("r").shadow(radius: 3) }
        let result = LayoutHost.layout(view, in: CGSize(width: 100, height: 100), textMeasurer: PangoTextMeasurer())
        let writer = SVGWriter()
        for bad in [CGRect(x: CGFloat.nan, y: 0, width: 10, height: 10), CGRect(x: 0, y: 0, width: CGFloat.infinity, height: 10),
                    CGRect(x: 0, y: 0, width: 0, height: 10), CGRect(x: 0, y: 0, width: -5, height: 10)] {
            let svg = writer.document(for: result, frames: Array(repeating: bad, count: result.views.count))
            let parse = SVGParse(svg)
            #expect(parse.elements("path").isEmpty && parse.elements("text").isEmpty)
            #expect(!svg.lowercased().contains("nan") && !svg.contains("inf"))
        }
        // Missing frames, and a non-finite area: the canvas is written.
        let svg = writer.document(for: result, area: CGRect(x: 0, y: 0, width: CGFloat.nan, height: 1), frames: [])
        #expect(SVGParse(svg).elements("svg").first?["viewBox"] == "0 0 100 100")
    }

    @Test func darkSchemeAndBackground() {
        let (_, svg) = svgDocument(Color.red.frame(width: 10, height: 10), in: CGSize(width: 20, height: 20), scheme: .dark, background: true)
        let rect = SVGParse(svg).elements("rect").first
        #expect(rect?["fill"] == "#242424" && rect?["width"] == "20")
    }

    /// With rsvg-convert installed, the SVG rasterized looks like the cairo PNG of the same
    /// result: shapes, gradients, strokes, clips, masks, transforms and shadows, pixel for pixel
    /// within a small tolerance. (Text is left out: rsvg and cairo antialias glyphs differently.)
    @Test(.enabled(if: rsvgConvert != nil, "rsvg-convert is not installed"))
    func rasterizedSVGMatchesThePNG() throws {
        let view = VStack(spacing: 12) {
            HStack(spacing: 12) {
                RoundedRectangle(cornerRadius: 10).fill(LinearGradient(colors: [.red, .blue], startPoint: .topLeading, endPoint: .bottomTrailing))
                    .frame(width: 70, height: 50)
                Circle().fill(RadialGradient(colors: [.yellow, .green], center: .center, startRadius: 5, endRadius: 25)).frame(width: 50, height: 50)
                Circle().fill(AngularGradient(colors: [.red, .yellow, .green, .blue, .red], center: .center)).frame(width: 50, height: 50)
                Capsule().strokeBorder(Color.purple, lineWidth: 5).frame(width: 70, height: 36)
            }
            HStack(spacing: 12) {
                Color.white.frame(width: 60, height: 40).shadow(color: .black.opacity(0.5), radius: 6, x: 5, y: 5)
                Color.orange.frame(width: 40, height: 40).blur(radius: 4)
                Color.blue.frame(width: 50, height: 50).clipShape(RoundedRectangle(cornerRadius: 12))
                Color.red.frame(width: 50, height: 50).mask { Circle() }
                Color.green.frame(width: 36, height: 36).rotationEffect(.degrees(30))
            }
            HStack(spacing: 12) {
                Ellipse().stroke(Color.brown, style: StrokeStyle(lineWidth: 4, dash: [8, 4])).frame(width: 80, height: 40)
                Color.indigo.frame(width: 80, height: 30).opacity(0.5)
                RoundedRectangle(cornerRadius: 6).fill(Color.teal.gradient).frame(width: 60, height: 40)
            }
        }
        let (total, far, count) = try compareWithRSVG("shapes", LayoutHost.layout(view, in: CGSize(width: 380, height: 220)))
        #expect(total / count < 0.01, "mean difference \(total / count)")
        #expect(Double(far) / count < 0.005, "\(far) pixels differ by more than 25%")
    }

    /// Text rasterized by rsvg from the SVG's `<text>` lands where cairo draws it: the same
    /// lines at the same baselines (glyph antialiasing differs a little).
    @Test(.enabled(if: rsvgConvert != nil, "rsvg-convert is not installed"))
    func rasterizedTextMatchesThePNG() throws {
        let view = VStack(alignment: .leading, spacing: 8) {
            Text("Hello, SVG").font(.title)
            Text("Wrapped text that runs over several lines, centred.").multilineTextAlignment(.center).frame(width: 180)
            Text("Bold italic <&> \"quotes\"").bold().italic().foregroundStyle(Color.red)
            Text("One line only, cut short with an ellipsis").lineLimit(1).frame(width: 160)
            Text("Trailing").frame(width: 200, alignment: .trailing).font(.system(size: 13, design: .monospaced))
            Text("Hyphenated low-priority caption").frame(width: 60)
        }
        .padding(10)
        .background(RoundedRectangle(cornerRadius: 8).fill(Color.yellow.opacity(0.3)))
        let result = LayoutHost.layout(view, in: CGSize(width: 260, height: 360), textMeasurer: PangoTextMeasurer())
        let (total, far, count) = try compareWithRSVG("text", result)
        // rsvg hints glyph outlines at 1× where the export does not: edges of stems differ.
        #expect(total / count < 0.02, "mean difference \(total / count)")
        #expect(Double(far) / count < 0.05, "\(far) pixels differ by more than 25%")
    }

    /// Writes `result` as SVG (rasterized by rsvg-convert) and as a cairo PNG, both at scale 1
    /// with the background, and compares them: the sum of the per-pixel largest channel
    /// differences, the count of pixels differing by more than 25%, and the pixel count. With
    /// `LAYOUTLAB_SAVE_PNGS=dir` the three files are kept there as `svg-name.*`.
    func compareWithRSVG(_ name: String, _ result: LayoutResult) throws -> (Double, Int, Double) {
        let dir = try ProcessInfo.processInfo.environment["LAYOUTLAB_SAVE_PNGS"].map { URL(fileURLWithPath: $0) } ?? temporaryDirectory()
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        let svg = dir.appendingPathComponent("svg-\(name).svg"), fromSVG = dir.appendingPathComponent("svg-\(name)-rsvg.png")
        let cairo = dir.appendingPathComponent("svg-\(name)-cairo.png")
        try ImageExporter.svg(result: result, background: true, to: svg)
        try ImageExporter.png(result: result, scale: 1, to: cairo)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: rsvgConvert!)
        process.arguments = ["-o", fromSVG.path, svg.path]
        try process.run()
        process.waitUntilExit()
        try #require(process.terminationStatus == 0)
        if ProcessInfo.processInfo.environment["LAYOUTLAB_SAVE_PNGS"] != nil {
            // Zoomed in 4×, to look at the edges.
            try ImageExporter.png(result: result, scale: 4, to: dir.appendingPathComponent("svg-\(name)-cairo@4.png"))
            let zoom = Process()
            zoom.executableURL = URL(fileURLWithPath: rsvgConvert!)
            zoom.arguments = ["-z", "4", "-o", dir.appendingPathComponent("svg-\(name)-rsvg@4.png").path, svg.path]
            try zoom.run()
            zoom.waitUntilExit()
        }
        let a = try PNGPixels(cairo), b = try PNGPixels(fromSVG)
        #expect(a.width == b.width && a.height == b.height)
        var total = 0.0, far = 0
        for y in 0..<Swift.min(a.height, b.height) {
            for x in 0..<Swift.min(a.width, b.width) {
                let p = a.pixel(x: x, y: y), q = b.pixel(x: x, y: y)
                let d = Swift.max(abs(p.red - q.red), abs(p.green - q.green), abs(p.blue - q.blue), abs(p.alpha - q.alpha))
                total += d
                if d > 0.25 { far += 1 }
            }
        }
        return (total, far, Double(a.width * a.height))
    }
}
