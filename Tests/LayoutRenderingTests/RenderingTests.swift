import CPangoCairo
import Foundation
import SwiftUI
import LayoutRendering
import Testing

/// Whether two colors agree within `tolerance` per component.
func near(_ a: RGBA, _ b: RGBA, _ tolerance: Double = 0.02) -> Bool {
    abs(a.red - b.red) <= tolerance && abs(a.green - b.green) <= tolerance
        && abs(a.blue - b.blue) <= tolerance && abs(a.alpha - b.alpha) <= tolerance
}

let lightRed = Color.red.resolve(in: .light)
let lightBlue = Color.blue.resolve(in: .light)
let lightBackground = LayoutRenderer.background(scheme: .light)

/// Lays out `view` in `size` with Pango metrics and renders it.
func render(_ view: some View, in size: CGSize, scale: Double = 1, scheme: ColorScheme = .light,
            background: Bool = true) throws -> (LayoutResult, RenderedImage) {
    let result = LayoutHost.layout(view, in: size, textMeasurer: PangoTextMeasurer())
    let image = try ImageExporter.renderImage(result: result, scale: scale, scheme: scheme, background: background)
    return (result, image)
}

/// Draws `result` into a `width`×`height`-pixel surface with device scale `scale` and an
/// identity matrix, as GTK hands HiDPI drawing areas; returns each pixel's alpha, row by row.
func deviceScaledAlphas(_ result: LayoutResult, width: Int, height: Int, scale: Double) -> [Double] {
    let surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(width), Int32(height))!
    defer { cairo_surface_destroy(surface) }
    cairo_surface_set_device_scale(surface, scale, scale)
    let cr = cairo_create(surface)!
    LayoutRenderer().draw(result, scheme: .light, into: cr)
    cairo_destroy(cr)
    cairo_surface_flush(surface)
    let data = cairo_image_surface_get_data(surface)!
    let stride = Int(cairo_image_surface_get_stride(surface))
    return (0..<(width * height)).map { i in Double(data[(i / width) * stride + (i % width) * 4 + 3]) / 255 }
}

func temporaryDirectory() throws -> URL {
    let dir = FileManager.default.temporaryDirectory.appendingPathComponent("LayoutRenderingTests-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
    return dir
}

@Suite struct RenderingTests {
    @Test func colorsFillTheirFrames() throws {
        let view = HStack(spacing: 0) {
            Color.red.frame(width: 50, height: 50)
            Color.blue.frame(width: 50, height: 50)
        }
        let (_, image) = try render(view, in: CGSize(width: 100, height: 50))
        #expect(image.width == 100 && image.height == 50)
        #expect(near(image.pixel(x: 25, y: 25), lightRed))
        #expect(near(image.pixel(x: 75, y: 25), lightBlue))
        #expect(near(image.pixel(x: 0, y: 0), lightRed))
        #expect(near(image.pixel(x: 99, y: 49), lightBlue))
    }

    @Test func scaleTwoDoublesThePixels() throws {
        let view = HStack(spacing: 0) {
            Color.red.frame(width: 50, height: 50)
            Color.blue.frame(width: 50, height: 50)
        }
        let (_, image) = try render(view, in: CGSize(width: 100, height: 50), scale: 2)
        #expect(image.width == 200 && image.height == 100)
        #expect(near(image.pixel(x: 99, y: 50), lightRed))
        #expect(near(image.pixel(x: 100, y: 50), lightBlue))
        #expect(near(image.pixel(at: CGPoint(x: 75, y: 25)), lightBlue))
    }

    @Test func darkSchemeResolvesDarkColors() throws {
        let (_, image) = try render(Color.red.frame(width: 20, height: 20), in: CGSize(width: 40, height: 40), scheme: .dark)
        #expect(near(image.pixel(x: 20, y: 20), Color.red.resolve(in: .dark)))
        #expect(near(image.pixel(x: 2, y: 2), LayoutRenderer.background(scheme: .dark)))
    }

    @Test func capsuleCornersStayEmpty() throws {
        let view = Capsule().fill(Color.blue).frame(width: 100, height: 40)
        let (_, image) = try render(view, in: CGSize(width: 100, height: 40), background: false)
        #expect(near(image.pixel(x: 50, y: 20), lightBlue))
        #expect(near(image.pixel(x: 3, y: 20), lightBlue))
        #expect(image.pixel(x: 1, y: 1).alpha == 0)
        #expect(image.pixel(x: 98, y: 38).alpha == 0)
    }

    @Test func circleIsTheLargestCentredCircle() throws {
        let view = Circle().fill(Color.red).frame(width: 100, height: 50)
        let (_, image) = try render(view, in: CGSize(width: 100, height: 50), background: false)
        #expect(near(image.pixel(x: 50, y: 25), lightRed))
        #expect(near(image.pixel(x: 27, y: 25), lightRed))
        #expect(image.pixel(x: 20, y: 25).alpha == 0)
        #expect(image.pixel(x: 80, y: 25).alpha == 0)
    }

    @Test func textDrawsDarkPixelsInsideItsFrame() throws {
        let view = Text("Hello, world").font(.system(size: 24, weight: .bold)).foregroundStyle(Color.black)
        let (result, image) = try render(view, in: CGSize(width: 240, height: 80))
        let frame = try #require(result.views.first { $0.kind == "Text" }?.frame)
        var inside = 0, outside = 0
        for y in 0..<image.height {
            for x in 0..<image.width where image.pixel(x: x, y: y).red < 0.4 {
                if frame.insetBy(dx: -1, dy: -1).contains(CGPoint(x: Double(x) + 0.5, y: Double(y) + 0.5)) { inside += 1 } else { outside += 1 }
            }
        }
        #expect(inside > 100)
        #expect(outside == 0)
    }

    @Test func borderStrokesInsideTheFrame() throws {
        let view = Color.clear.frame(width: 60, height: 60).border(Color.red, width: 4)
        let (_, image) = try render(view, in: CGSize(width: 100, height: 100))
        // The 60×60 frame is centred at (20, 20)…(80, 80); the stroke covers its outer 4 points.
        #expect(near(image.pixel(x: 21, y: 50), lightRed))
        #expect(near(image.pixel(x: 78, y: 50), lightRed))
        #expect(near(image.pixel(x: 50, y: 21), lightRed))
        #expect(near(image.pixel(x: 50, y: 50), lightBackground))
        #expect(near(image.pixel(x: 18, y: 50), lightBackground))
        #expect(near(image.pixel(x: 25, y: 50), lightBackground))
    }

    @Test func clipShapesClip() throws {
        let view = Color.blue.frame(width: 80, height: 80).clipShape(Circle())
        let (_, image) = try render(view, in: CGSize(width: 80, height: 80), background: false)
        #expect(near(image.pixel(x: 40, y: 40), lightBlue))
        #expect(image.pixel(x: 2, y: 2).alpha == 0)
        #expect(image.pixel(x: 77, y: 77).alpha == 0)
    }

    @Test func opacityHalfBlends() throws {
        let view = Color.black.frame(width: 50, height: 50).opacity(0.5)
        let (_, image) = try render(view, in: CGSize(width: 50, height: 50))
        let p = image.pixel(x: 25, y: 25)
        #expect(abs(p.red - lightBackground.red / 2) < 0.02)
        #expect(p.alpha == 1)
        let (_, clear) = try render(view, in: CGSize(width: 50, height: 50), background: false)
        #expect(abs(clear.pixel(x: 25, y: 25).alpha - 0.5) < 0.02)
    }

    @Test func perViewOpacitiesAndInterpolatedFrames() throws {
        let view = HStack(spacing: 0) {
            Color.red.frame(width: 50, height: 50)
            Color.blue.frame(width: 50, height: 50)
        }
        let result = LayoutHost.layout(view, in: CGSize(width: 100, height: 50))
        let redIndex = try #require(result.displayList.first { if case .fill(_, .color(.red)) = $0.kind { true } else { false } }?.view)
        var frames = result.frames
        frames[redIndex] = frames[redIndex].offsetBy(dx: 0, dy: 25)  // move the red square halfway down
        var opacities = Array(repeating: 1.0, count: frames.count)
        opacities[redIndex] = 0.5
        let surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, 100, 50)!
        defer { cairo_surface_destroy(surface) }
        let cr = cairo_create(surface)!
        LayoutRenderer().draw(result.displayList, frames: frames, opacities: opacities, scheme: .light, into: cr)
        cairo_destroy(cr)
        cairo_surface_flush(surface)
        let data = cairo_image_surface_get_data(surface)!
        let stride = Int(cairo_image_surface_get_stride(surface))
        func alpha(_ x: Int, _ y: Int) -> UInt8 { data[y * stride + x * 4 + 3] }  // little-endian ARGB32
        #expect(alpha(25, 10) == 0)  // moved away
        #expect(abs(Int(alpha(25, 40)) - 128) <= 1)  // half opaque at its new place
        #expect(alpha(75, 10) == 255)
    }

    @Test func transitionTransformsMoveAndScaleEverythingInsideTheBracket() throws {
        // A 20×20 red square in a 40×40 blue box that has a transition: the frame's transform
        // for the box moves both, at rest (no transforms) they draw where laid out, and a zero
        // scale draws nothing (rather than leaving cairo with a singular matrix).
        let view = ZStack(alignment: .topLeading) {
            Color.blue.frame(width: 40, height: 40)
            Color.red.frame(width: 20, height: 20)
        }
        .transition(.scale)
        .frame(width: 120, height: 60, alignment: .topLeading)
        let result = LayoutHost.layout(view, in: CGSize(width: 120, height: 60))
        let box = try #require(result.displayList.first { if case .beginEffect(.transition) = $0.kind { true } else { false } }?.view)
        func draw(_ transforms: [PresentedTransform]) -> (Int, Int) -> UInt32 {
            let surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, 120, 60)!
            let cr = cairo_create(surface)!
            LayoutRenderer().draw(result.displayList, frames: result.frames, transforms: transforms, scheme: .light, into: cr)
            #expect(cairo_status(cr) == CAIRO_STATUS_SUCCESS)
            cairo_destroy(cr)
            cairo_surface_flush(surface)
            let data = cairo_image_surface_get_data(surface)!
            let stride = Int(cairo_image_surface_get_stride(surface))
            let pixels = (0..<(60 * stride / 4)).map { i in UnsafeRawPointer(data).loadUnaligned(fromByteOffset: i * 4, as: UInt32.self) }
            cairo_surface_destroy(surface)
            return { x, y in pixels[y * stride / 4 + x] }
        }
        let clear: UInt32 = 0
        let atRest = draw([])
        #expect(atRest(5, 5) >> 24 == 0xff && atRest(5, 5) & 0xff_0000 > 0xf0_0000)  // red at the top left
        #expect(atRest(70, 5) == clear)
        var moved = Array(repeating: PresentedTransform.identity, count: result.frames.count)
        moved[box] = PresentedTransform(scale: 1, tx: 60, ty: 0)
        let shifted = draw(moved)
        #expect(shifted(5, 5) == clear)
        #expect(shifted(65, 5) == atRest(5, 5) && shifted(95, 30) == atRest(35, 30))  // red and blue moved together
        var halved = moved
        halved[box] = PresentedTransform(scale: 0.5, tx: 0, ty: 0)
        let small = draw(halved)
        #expect(small(5, 5) == atRest(5, 5) && small(15, 15) == atRest(35, 30) && small(25, 25) == clear)
        var gone = moved
        gone[box] = PresentedTransform(scale: 0, tx: 20, ty: 20)
        let none = draw(gone)
        #expect(none(5, 5) == clear && none(20, 20) == clear)
    }

    @Test func degenerateFramesAreSkipped() throws {
        let view = Color.red.frame(width: 50, height: 50)
        let result = LayoutHost.layout(view, in: CGSize(width: 50, height: 50))
        let surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, 50, 50)!
        defer { cairo_surface_destroy(surface) }
        let cr = cairo_create(surface)!
        defer { cairo_destroy(cr) }
        let renderer = LayoutRenderer()
        for bad in [CGRect(x: CGFloat.nan, y: 0, width: 10, height: 10), CGRect(x: 0, y: 0, width: CGFloat.infinity, height: 10),
                    CGRect(x: 0, y: 0, width: 0, height: 10), CGRect(x: 0, y: 0, width: -5, height: 10)] {
            renderer.draw(result.displayList, frames: Array(repeating: bad, count: result.views.count), scheme: .light, into: cr)
        }
        renderer.draw(result.displayList, frames: [], scheme: .light, into: cr)  // missing frames
        #expect(cairo_status(cr) == CAIRO_STATUS_SUCCESS)
        cairo_surface_flush(surface)
        #expect(cairo_image_surface_get_data(surface)![25 * Int(cairo_image_surface_get_stride(surface)) + 25 * 4 + 3] == 0)
    }

    @Test func progressDrawsTrackAndBar() throws {
        let view = ProgressView(value: 0.5).frame(width: 200)
        let (result, image) = try render(view, in: CGSize(width: 200, height: 20))
        let frame = try #require(result.views.first { v in
            result.displayList.contains { if case .progress = $0.kind { $0.view == v.index } else { false } }
        }?.frame)
        let y = Int(frame.midY)
        #expect(near(image.pixel(x: Int(frame.minX + frame.width * 0.25), y: y), lightBlue))
        #expect(!near(image.pixel(x: Int(frame.minX + frame.width * 0.75), y: y), lightBlue))
        #expect(!near(image.pixel(x: Int(frame.minX + frame.width * 0.75), y: y), lightBackground))
    }

    @Test func pngIsWrittenAtScaledSize() throws {
        let view = Color.red.frame(width: 33.3, height: 20)
        let result = LayoutHost.layout(view, in: CGSize(width: 33.3, height: 20))
        let url = try temporaryDirectory().appendingPathComponent("layout.png")
        try ImageExporter.png(result: result, scale: 2, to: url)
        let surface = try #require(cairo_image_surface_create_from_png(url.path))
        defer { cairo_surface_destroy(surface) }
        #expect(cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS)
        #expect(cairo_image_surface_get_width(surface) == 67)
        #expect(cairo_image_surface_get_height(surface) == 40)
        let data = try ImageExporter.pngData(result: result, scale: 1)
        #expect(data.starts(with: [0x89, 0x50, 0x4e, 0x47]))
    }

    @Test func unwritablePathsThrow() throws {
        let result = LayoutHost.layout(Color.red.frame(width: 10, height: 10), in: CGSize(width: 10, height: 10))
        let bad = URL(fileURLWithPath: "/nonexistent-directory/x")
        #expect(throws: RenderError.self) { try ImageExporter.png(result: result, to: bad.appendingPathExtension("png")) }
        #expect(throws: RenderError.self) { try ImageExporter.svg(result: result, to: bad.appendingPathExtension("svg")) }
        #expect(throws: RenderError.self) { try ImageExporter.pdf(result: result, to: bad.appendingPathExtension("pdf")) }
    }

    @Test func svgAndPdfAreWritten() throws {
        let view = VStack { Text("SVG"); Circle().fill(Color.green).frame(width: 20, height: 20) }
        let result = LayoutHost.layout(view, in: CGSize(width: 80, height: 60), textMeasurer: PangoTextMeasurer())
        let dir = try temporaryDirectory()
        try ImageExporter.svg(result: result, to: dir.appendingPathComponent("a.svg"))
        let svg = try String(contentsOf: dir.appendingPathComponent("a.svg"), encoding: .utf8)
        #expect(svg.contains("<svg"))
        #expect(svg.contains("width=\"80"))
        try ImageExporter.pdf(result: result, to: dir.appendingPathComponent("a.pdf"))
        let pdf = try Data(contentsOf: dir.appendingPathComponent("a.pdf"))
        #expect(pdf.starts(with: Array("%PDF".utf8)))
    }

    @Test func jsonRoundTripsFrames() throws {
        let view = HStack(spacing: 0) {
            Color.red.frame(width: 50, height: 50).id("left")
            Color.blue.frame(width: 50, height: 50)
        }
        let result = LayoutHost.layout(view, in: CGSize(width: 100, height: 50))
        let data = ImageExporter.json(result: result)
        let export = try LayoutExport.decode(data)
        #expect(export.canvasSize == LayoutExport.Size(CGSize(width: 100, height: 50)))
        #expect(export.rootSize == LayoutExport.Size(result.rootSize))
        #expect(export.views.count == result.views.count)
        for (v, e) in zip(result.views, export.views) {
            #expect(e.index == v.index && e.parent == v.parent && e.kind == v.kind)
            #expect(e.frame.cgRect == v.frame)
            #expect(e.proposal == LayoutExport.Proposal(v.proposal))
            #expect(e.minSize == v.minSize.map(LayoutExport.Size.init))
            #expect(e.maxSize == v.maxSize.map(LayoutExport.Size.init))
        }
        #expect(export.views.contains { $0.id == "left" })
        #expect(export.proposal == LayoutExport.Proposal(ProposedViewSize(width: 100, height: 50)))
        let text = String(decoding: data, as: UTF8.self)
        #expect(text.contains("\n"))  // pretty-printed
        #expect(text.contains("\"frame\""))
        // Infinite lengths (a Color's max size) survive as strings.
        if export.views.contains(where: { $0.maxSize?.width == .infinity }) { #expect(text.contains("\"inf\"")) }
    }

    /// The bounding box, in points, of the pixels darker than half grey.
    func inkBounds(_ image: RenderedImage) -> CGRect? {
        var minX = Int.max, minY = Int.max, maxX = -1, maxY = -1
        for y in 0..<image.height {
            for x in 0..<image.width where image.pixel(x: x, y: y).red < 0.5 {
                minX = min(minX, x); maxX = max(maxX, x); minY = min(minY, y); maxY = max(maxY, y)
            }
        }
        guard maxX >= 0 else { return nil }
        let s = image.scale
        return CGRect(x: Double(minX) / s, y: Double(minY) / s, width: Double(maxX - minX + 1) / s, height: Double(maxY - minY + 1) / s)
    }

    @Test func animatedTextKeepsItsLaidOutLinesCentredInItsFrame() throws {
        // A label whose frame is half-way through growing: drawn in the narrower presented frame
        // alone it would be truncated; with the layout's frame it keeps its one line, the same
        // ink width as at rest, from the presented frame's origin.
        let view = Text("Show details").foregroundStyle(Color.black).fixedSize()
        let result = LayoutHost.layout(view, in: CGSize(width: 200, height: 60), textMeasurer: PangoTextMeasurer())
        let text = try #require(result.views.first { $0.kind == "Text" })
        var narrow = result.frames
        narrow[text.index] = text.frame.insetBy(dx: text.frame.width * 0.25, dy: 0)
        let size = CGSize(width: 200, height: 60)
        let renderer = LayoutRenderer()
        let rest = try #require(inkBounds(try ImageExporter.renderFrame(result.displayList, frames: result.frames, opacities: nil,
                                                                      size: size, scale: 2, scheme: .light, renderer: renderer)))
        let squeezed = try #require(inkBounds(try ImageExporter.renderFrame(result.displayList, frames: narrow, opacities: nil,
                                                                          size: size, scale: 2, scheme: .light, renderer: renderer)))
        let kept = try #require(inkBounds(try ImageExporter.renderFrame(result.displayList, frames: narrow, opacities: nil,
                                                                      layoutFrames: result.frames, size: size, scale: 2,
                                                                      scheme: .light, renderer: renderer)))
        #expect(squeezed.width < rest.width - 10, "without the layout's frame the text is cut: \(squeezed) vs \(rest)")
        let shift = Double(narrow[text.index].minX - text.frame.minX)
        #expect(abs(kept.width - rest.width) <= 1 && abs(kept.minX - rest.minX - shift) <= 1 && abs(kept.minY - rest.minY) <= 1)
    }

    @Test func wrappedTextLaysOutTheSameAtEveryScale() throws {
        // Measured once with Pango, drawn at 1×, 2× and 3×: metrics are unhinted, so the lines
        // break at the same words and the ink scales with the canvas.
        let view = Text("The quick brown fox jumps over the lazy dog and keeps on running")
            .foregroundStyle(Color.black).frame(width: 150)
        let result = LayoutHost.layout(view, in: CGSize(width: 160, height: 160), textMeasurer: PangoTextMeasurer())
        let text = try #require(result.views.first { $0.kind == "Text" })
        #expect(text.frame.width <= 150)
        let one = try #require(inkBounds(try ImageExporter.renderImage(result: result, scale: 1)))
        for scale in [2.0, 3.0] {
            let ink = try #require(inkBounds(try ImageExporter.renderImage(result: result, scale: scale)))
            #expect(abs(ink.minX - one.minX) <= 1.5 && abs(ink.maxX - one.maxX) <= 1.5)
            #expect(abs(ink.minY - one.minY) <= 1.5 && abs(ink.maxY - one.maxY) <= 1.5)
        }
        // Every measured line is drawn: the ink reaches the last line.
        let lineHeight = PangoTextMeasurer().measure("Tg", font: .body, width: nil).lineHeight
        #expect(one.maxY > text.frame.maxY - lineHeight)
        #expect(text.frame.insetBy(dx: -1, dy: -1).contains(one))
    }

    @Test func darkSchemeTextIsLight() throws {
        let view = Text("Dark").font(.system(size: 30, weight: .heavy))
        let (result, image) = try render(view, in: CGSize(width: 120, height: 50), scheme: .dark)
        let frame = try #require(result.views.first { $0.kind == "Text" }?.frame)
        var light = 0
        for y in Int(frame.minY)..<Int(frame.maxY) {
            for x in Int(frame.minX)..<Int(frame.maxX) where image.pixel(x: x, y: y).red > 0.8 { light += 1 }
        }
        #expect(light > 50)
    }

    @Test func lineLimitsAndShortFramesEllipsize() throws {
        let long = "The quick brown fox jumps over the lazy dog and keeps on running far away"
        let lineHeight = PangoTextMeasurer().measure("Tg", font: .body, width: nil).lineHeight
        for view in [AnyView(Text(long).foregroundStyle(Color.black).lineLimit(1).frame(width: 120)),
                     AnyView(Text(long).foregroundStyle(Color.black).frame(width: 120, height: lineHeight * 1.5))] {
            let result = LayoutHost.layout(view, in: CGSize(width: 140, height: 200), textMeasurer: PangoTextMeasurer())
            let ink = try #require(inkBounds(try ImageExporter.renderImage(result: result, scale: 1)))
            // One line only, ending in an ellipsis within the width.
            #expect(ink.height < lineHeight * 1.2)
            #expect(ink.width <= 121)
        }
    }

    @Test func groupsDoNotApplyAViewOpacityTwice() throws {
        // An opacity group (view 0) around a fill (view 1), both fading at 0.5 as an animation
        // presents them: 0.5 (group) × 0.5 (the fill's own) = 0.25, not 0.125.
        let items = [DisplayItem(view: 0, kind: .beginGroup(opacity: 0.5)),
                     DisplayItem(view: 1, kind: .fill(.rectangle, .color(.black))),
                     DisplayItem(view: 0, kind: .endGroup)]
        let frame = CGRect(x: 0, y: 0, width: 10, height: 10)
        let surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, 10, 10)!
        defer { cairo_surface_destroy(surface) }
        let cr = cairo_create(surface)!
        LayoutRenderer().draw(items, frames: [frame, frame], opacities: [0.5, 0.5], scheme: .light, into: cr)
        cairo_destroy(cr)
        cairo_surface_flush(surface)
        let alpha = cairo_image_surface_get_data(surface)![5 * Int(cairo_image_surface_get_stride(surface)) + 5 * 4 + 3]
        #expect(abs(Int(alpha) - 64) <= 1)
    }

    @Test func unbalancedClipsAndGroupsAreTolerated() throws {
        let frame = CGRect(x: 0, y: 0, width: 10, height: 10)
        let items = [DisplayItem(view: 0, kind: .endClip), DisplayItem(view: 0, kind: .endGroup),
                     DisplayItem(view: 0, kind: .beginGroup(opacity: 1)), DisplayItem(view: 0, kind: .beginClip(.circle)),
                     DisplayItem(view: 0, kind: .fill(.rectangle, .color(.black)))]
        let surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, 10, 10)!
        defer { cairo_surface_destroy(surface) }
        let cr = cairo_create(surface)!
        defer { cairo_destroy(cr) }
        LayoutRenderer().draw(items, frames: [frame], scheme: .light, into: cr)
        #expect(cairo_status(cr) == CAIRO_STATUS_SUCCESS)
        // The context is left as it was: no clip, no pushed group.
        cairo_set_source_rgba(cr, 1, 0, 0, 1)
        cairo_paint(cr)
        cairo_surface_flush(surface)
        let data = cairo_image_surface_get_data(surface)!
        #expect(data[3] == 255 && data[2] == 255)  // the corner outside the circle is painted red
    }

    @Test func deviceScaledSurfacesMatchScaledExports() throws {
        // GTK hands HiDPI drawing areas a surface with a device scale and an identity matrix;
        // that must draw the same pixels as an export with cairo_scale.
        let view = VStack(spacing: 4) {
            Text("HiDPI text").foregroundStyle(Color.black)
            RoundedRectangle(cornerRadius: 6).fill(Color.blue).frame(width: 60, height: 20)
        }
        let result = LayoutHost.layout(view, in: CGSize(width: 100, height: 60), textMeasurer: PangoTextMeasurer())
        let exported = try ImageExporter.renderImage(result: result, scale: 2, background: false)
        let alphas = deviceScaledAlphas(result, width: 200, height: 120, scale: 2)
        var differing = 0, inked = 0
        for y in 0..<120 {
            for x in 0..<200 {
                let a = alphas[y * 200 + x]
                if a > 0.5 { inked += 1 }
                if abs(a - exported.pixel(x: x, y: y).alpha) > 0.1 { differing += 1 }
            }
        }
        #expect(inked > 1000)
        #expect(differing <= 10)
    }
}
