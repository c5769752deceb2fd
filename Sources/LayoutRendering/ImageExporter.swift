import CPangoCairo
import Foundation
import LayoutCore

/// An error from rendering or exporting.
public enum RenderError: Error, CustomStringConvertible, Equatable {
    /// The canvas size cannot be rendered (not finite, or too large for a cairo image surface).
    case invalidCanvasSize(width: Double, height: Double, scale: Double)
    /// Cairo reported a failure (for example a write error for an unwritable path).
    case cairo(status: String, path: String?)
    /// A file could not be written.
    case write(path: String, reason: String)

    public var description: String {
        switch self {
        case let .invalidCanvasSize(w, h, s):
            return "cannot render a \(w)×\(h) canvas at scale \(s): size must be finite and at most 32767 pixels per side"
        case let .cairo(status, path):
            return "cairo error: \(status)" + (path.map { " (\($0))" } ?? "")
        case let .write(path, reason):
            return "cannot write \(path): \(reason)"
        }
    }

    static func check(_ status: cairo_status_t, path: String? = nil) throws {
        guard status == CAIRO_STATUS_SUCCESS else {
            throw RenderError.cairo(status: String(cString: cairo_status_to_string(status)), path: path)
        }
    }
}

/// A rendered image in memory: 8-bit RGBA pixels with straight alpha, row by row.
public struct RenderedImage: Sendable {
    public let width: Int
    public let height: Int
    /// The scale the image was rendered at (pixels per point).
    public let scale: Double
    /// Cairo ARGB32 pixels (premultiplied, native-endian 32-bit words), `stride` bytes per row:
    /// what the recording encoders take.
    public let data: [UInt8]
    public let stride: Int

    /// The color of a pixel (un-premultiplied), or fully transparent outside the image.
    public func pixel(x: Int, y: Int) -> RGBA {
        guard x >= 0, y >= 0, x < width, y < height else { return RGBA(0, 0, 0, 0) }
        let o = y * stride + x * 4
        let word = data.withUnsafeBytes { raw in raw.loadUnaligned(fromByteOffset: o, as: UInt32.self) }
        let a = Double((word >> 24) & 0xff), r = Double((word >> 16) & 0xff)
        let g = Double((word >> 8) & 0xff), b = Double(word & 0xff)
        guard a > 0 else { return RGBA(0, 0, 0, 0) }
        return RGBA(Swift.min(r / a, 1), Swift.min(g / a, 1), Swift.min(b / a, 1), a / 255)
    }

    /// The color at a point in points (the pixel containing `point × scale`).
    public func pixel(at point: CGPoint) -> RGBA {
        let x = (Double(point.x) * scale).rounded(.down), y = (Double(point.y) * scale).rounded(.down)
        // Points outside any image (NaN, infinite or huge) are transparent, never a trap.
        guard x >= 0, y >= 0, x < Double(width), y < Double(height) else { return RGBA(0, 0, 0, 0) }
        return pixel(x: Int(x), y: Int(y))
    }
}

/// Renders layout results without a display: PNG, SVG, PDF, JSON and in-memory images.
///
/// PNG, PDF and SVG exports cover `exportArea(for:)`: the canvas, grown to every visible view
/// that overflows it, so nothing is cut (pass `includingOverflow: false` for the canvas alone).
/// PNG and PDF are drawn with cairo by `LayoutRenderer`; SVG is written by `SVGWriter` (sized in
/// pixels, text as `<text>`, views with ids as `<g id>`). In-memory images (`renderImage`) stay
/// canvas-sized, so their pixels are at the canvas's coordinates.
public enum ImageExporter {
    /// The area an export covers, in root coordinates: the canvas (origin 0, 0), grown to the
    /// finite, non-empty frame of every visible view that reaches outside it. The sides that grow
    /// are rounded out to whole points (so the canvas stays on the pixel grid); overflow under
    /// 0.01pt is ignored. What draws outside a view's frame (a centred stroke, a shadow, an
    /// effect's transform) does not grow it. When nothing overflows, the area is the canvas.
    public static func exportArea(for result: LayoutResult) -> CGRect {
        let canvas = result.canvasSize
        let rect = CGRect(origin: .zero, size: canvas)
        guard canvas.width.isFinite, canvas.height.isFinite, canvas.width >= 0, canvas.height >= 0 else { return rect }
        var minX: CGFloat = 0, minY: CGFloat = 0, maxX = canvas.width, maxY = canvas.height
        let views = result.views, frames = result.frames
        var shown = [Bool](repeating: true, count: views.count)
        for i in views.indices {
            let v = views[i]
            // Hidden with an ancestor (a ViewThatFits branch not chosen).
            shown[i] = v.isVisible && (v.parent.map { $0 >= 0 && $0 < i ? shown[$0] : true } ?? true)
            guard shown[i], i < frames.count else { continue }
            let f = frames[i]
            guard LayoutRenderer.isDrawable(f) else { continue }
            let slack: CGFloat = 0.01
            if f.minX < -slack { minX = Swift.min(minX, f.minX.rounded(.down)) }
            if f.minY < -slack { minY = Swift.min(minY, f.minY.rounded(.down)) }
            if f.maxX > canvas.width + slack { maxX = Swift.max(maxX, f.maxX.rounded(.up)) }
            if f.maxY > canvas.height + slack { maxY = Swift.max(maxY, f.maxY.rounded(.up)) }
        }
        return CGRect(x: minX, y: minY, width: maxX - minX, height: maxY - minY)
    }

    /// The area to export: the export area (or the canvas), falling back to the canvas when the
    /// grown area is too large to render at `scale`.
    static func outputArea(for result: LayoutResult, scale: Double, includingOverflow: Bool) -> CGRect {
        let canvas = CGRect(origin: .zero, size: result.canvasSize)
        guard includingOverflow else { return canvas }
        let area = exportArea(for: result)
        if area != canvas, (try? pixelSize(canvas: area.size, scale: scale)) == nil { return canvas }
        return area
    }

    /// The pixel size of a canvas at `scale`: `ceil(canvas × scale)`, at least 1×1.
    public static func pixelSize(canvas: CGSize, scale: Double) throws -> (width: Int, height: Int) {
        let w = Double(canvas.width) * scale, h = Double(canvas.height) * scale
        guard w.isFinite, h.isFinite, scale.isFinite, scale > 0, w <= 32767, h <= 32767 else {
            throw RenderError.invalidCanvasSize(width: Double(canvas.width), height: Double(canvas.height), scale: scale)
        }
        return (Swift.max(Int(Swift.max(w, 0).rounded(.up)), 1), Swift.max(Int(Swift.max(h, 0).rounded(.up)), 1))
    }

    /// Renders `area` (root coordinates) of `result` into a new ARGB32 image surface (caller destroys it).
    static func makeSurface(result: LayoutResult, area: CGRect, scale: Double, scheme: ColorScheme, background: Bool,
                            renderer: LayoutRenderer?) throws -> OpaquePointer {
        let size = try pixelSize(canvas: area.size, scale: scale)
        let surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(size.width), Int32(size.height))!
        do {
            try RenderError.check(cairo_surface_status(surface))
            let cr = cairo_create(surface)!
            defer { cairo_destroy(cr) }
            if background { LayoutRenderer.paintBackground(scheme: scheme, into: cr) }
            cairo_scale(cr, scale, scale)
            cairo_translate(cr, -Double(area.minX), -Double(area.minY))
            (renderer ?? LayoutRenderer()).draw(result, scheme: scheme, into: cr)
            try RenderError.check(cairo_status(cr))
            cairo_surface_flush(surface)
            return surface
        } catch {
            cairo_surface_destroy(surface)
            throw error
        }
    }

    /// Renders `result`'s canvas into memory at `scale` pixels per point, over the scheme's
    /// background (or transparent with `background: false`). Content overflowing the canvas is
    /// cut, so that a pixel's position is its point's on the canvas.
    public static func renderImage(result: LayoutResult, scale: Double = 1, scheme: ColorScheme = .light,
                                   background: Bool = true, renderer: LayoutRenderer? = nil) throws -> RenderedImage {
        let surface = try makeSurface(result: result, area: CGRect(origin: .zero, size: result.canvasSize), scale: scale, scheme: scheme, background: background, renderer: renderer)
        defer { cairo_surface_destroy(surface) }
        let width = Int(cairo_image_surface_get_width(surface)), height = Int(cairo_image_surface_get_height(surface))
        let stride = Int(cairo_image_surface_get_stride(surface))
        let bytes = cairo_image_surface_get_data(surface)!
        let data = Array(UnsafeBufferPointer(start: bytes, count: stride * height))
        return RenderedImage(width: width, height: height, scale: scale, data: data, stride: stride)
    }

    /// Renders one instant of an animation into memory: `items` at `frames` with `opacities`
    /// (what `LayoutAnimator` presents then) over the scheme's background, `size` points at
    /// `scale` pixels per point. The frames of a recorded transition are made here.
    public static func renderFrame(_ items: [DisplayItem], frames: [CGRect], opacities: [Double]?,
                                   transforms: [PresentedTransform] = [], layoutFrames: [CGRect] = [], size: CGSize, scale: Double,
                                   scheme: ColorScheme, renderer: LayoutRenderer) throws -> RenderedImage {
        let pixels = try pixelSize(canvas: size, scale: scale)
        let surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(pixels.width), Int32(pixels.height))!
        defer { cairo_surface_destroy(surface) }
        // An image this size may still be too much memory: cairo says so in the status.
        try RenderError.check(cairo_surface_status(surface))
        let cr = cairo_create(surface)!
        LayoutRenderer.paintBackground(scheme: scheme, into: cr)
        cairo_scale(cr, scale, scale)
        renderer.draw(items, frames: frames, opacities: opacities, transforms: transforms, layoutFrames: layoutFrames,
                      scheme: scheme, into: cr)
        let status = cairo_status(cr)
        cairo_destroy(cr)
        try RenderError.check(status)
        cairo_surface_flush(surface)
        let stride = Int(cairo_image_surface_get_stride(surface))
        let bytes = cairo_image_surface_get_data(surface)!
        return RenderedImage(width: pixels.width, height: pixels.height, scale: scale,
                             data: Array(UnsafeBufferPointer(start: bytes, count: stride * pixels.height)), stride: stride)
    }

    /// Writes `result` as a PNG of `ceil(area × scale)` pixels (HiDPI: scale 2 by default), the
    /// area being `exportArea(for:)` (the canvas unless content overflows it; the canvas with
    /// `includingOverflow: false`, or when the grown area is too large for an image).
    public static func png(result: LayoutResult, scale: Double = 2, scheme: ColorScheme = .light,
                           background: Bool = true, includingOverflow: Bool = true, to url: URL) throws {
        let area = outputArea(for: result, scale: scale, includingOverflow: includingOverflow)
        let surface = try makeSurface(result: result, area: area, scale: scale, scheme: scheme, background: background, renderer: nil)
        defer { cairo_surface_destroy(surface) }
        let path = url.path
        try RenderError.check(cairo_surface_write_to_png(surface, path), path: path)
    }

    /// The PNG bytes of `result` rendered at `scale` (the same area as `png`).
    public static func pngData(result: LayoutResult, scale: Double = 2, scheme: ColorScheme = .light,
                               background: Bool = true, includingOverflow: Bool = true) throws -> Data {
        let area = outputArea(for: result, scale: scale, includingOverflow: includingOverflow)
        let surface = try makeSurface(result: result, area: area, scale: scale, scheme: scheme, background: background, renderer: nil)
        defer { cairo_surface_destroy(surface) }
        final class Sink { var data = Data() }
        let sink = Sink()
        let status = cairo_surface_write_to_png_stream(surface, { closure, bytes, length in
            guard let closure, let bytes else { return CAIRO_STATUS_WRITE_ERROR }
            Unmanaged<Sink>.fromOpaque(closure).takeUnretainedValue().data.append(bytes, count: Int(length))
            return CAIRO_STATUS_SUCCESS
        }, Unmanaged.passUnretained(sink).toOpaque())
        try RenderError.check(status)
        return sink.data
    }

    /// Writes `result` as an SVG document written by `SVGWriter`: sized in pixels, one per point
    /// (`width`/`height` and `viewBox` of the export area, as `png` at scale 1), shapes as paths,
    /// text as `<text>` with a `<tspan>` per line, views with an explicit id as `<g id="view-…">`.
    public static func svg(result: LayoutResult, scheme: ColorScheme = .light, background: Bool = false,
                           includingOverflow: Bool = true, to url: URL) throws {
        let area = try vectorArea(for: result, includingOverflow: includingOverflow)
        try SVGWriter().write(result, area: area, scheme: scheme, background: background, to: url)
    }

    /// Writes `result` as a one-page PDF sized in points, of the export area (see `png`).
    public static func pdf(result: LayoutResult, scheme: ColorScheme = .light, background: Bool = false,
                           includingOverflow: Bool = true, to url: URL) throws {
        let area = try vectorArea(for: result, includingOverflow: includingOverflow)
        try vector(result: result, area: area, scheme: scheme, background: background, path: url.path) { path, w, h in
            cairo_pdf_surface_create(path, w, h)
        }
    }

    /// The area a vector export covers; throws for a canvas that is not finite.
    private static func vectorArea(for result: LayoutResult, includingOverflow: Bool) throws -> CGRect {
        let size = result.canvasSize
        guard size.width.isFinite, size.height.isFinite, size.width >= 0, size.height >= 0 else {
            throw RenderError.invalidCanvasSize(width: Double(size.width), height: Double(size.height), scale: 1)
        }
        return includingOverflow ? exportArea(for: result) : CGRect(origin: .zero, size: size)
    }

    private static func vector(result: LayoutResult, area: CGRect, scheme: ColorScheme, background: Bool, path: String,
                               create: (String, Double, Double) -> OpaquePointer?) throws {
        let size = area.size
        // Refuse unwritable paths up front: cairo only reports them when the surface finishes.
        guard FileManager.default.createFile(atPath: path, contents: nil) else {
            throw RenderError.cairo(status: "error while writing to output stream", path: path)
        }
        guard let surface = create(path, Swift.max(Double(size.width), 1), Swift.max(Double(size.height), 1)) else {
            throw RenderError.cairo(status: "could not create surface", path: path)
        }
        defer { cairo_surface_destroy(surface) }
        try RenderError.check(cairo_surface_status(surface), path: path)
        let cr = cairo_create(surface)!
        if background { LayoutRenderer.paintBackground(scheme: scheme, into: cr) }
        cairo_translate(cr, -Double(area.minX), -Double(area.minY))
        LayoutRenderer().draw(result, scheme: scheme, into: cr)
        let status = cairo_status(cr)
        cairo_destroy(cr)
        try RenderError.check(status, path: path)
        cairo_surface_finish(surface)
        try RenderError.check(cairo_surface_status(surface), path: path)
    }

    /// A pretty-printed JSON description of the layout: canvas and root sizes and every view's
    /// frame and measurements (see `LayoutExport`). Infinite and NaN lengths are written as the
    /// strings "inf", "-inf" and "nan".
    /// `sourceLocation` names where a preview build's view marks were made (`LayoutExport.View.source`).
    public static func json(result: LayoutResult, sourceLocation: ((ViewSourceMark) -> String?)? = nil) -> Data {
        (try? LayoutExport.encoder.encode(LayoutExport(result, sourceLocation: sourceLocation))) ?? Data("{}".utf8)
    }
}

/// The JSON form of a `LayoutResult`, decodable with `LayoutExport.decode(_:)`.
public struct LayoutExport: Codable, Hashable, Sendable {
    public struct Size: Codable, Hashable, Sendable {
        public var width: Double
        public var height: Double
        public init(_ s: CGSize) { width = Double(s.width); height = Double(s.height) }
    }
    public struct Rect: Codable, Hashable, Sendable {
        public var x: Double
        public var y: Double
        public var width: Double
        public var height: Double
        public init(_ r: CGRect) {
            x = Double(r.origin.x); y = Double(r.origin.y); width = Double(r.size.width); height = Double(r.size.height)
        }
        public var cgRect: CGRect { CGRect(x: x, y: y, width: width, height: height) }
    }
    /// A proposal: nil dimensions are unspecified (ideal).
    public struct Proposal: Codable, Hashable, Sendable {
        public var width: Double?
        public var height: Double?
        public init(_ p: ProposedViewSize) { width = p.width.map(Double.init); height = p.height.map(Double.init) }
    }
    public struct View: Codable, Hashable, Sendable {
        public var index: Int
        public var parent: Int?
        public var depth: Int
        public var kind: String
        public var detail: String
        /// The explicit id (`.id(_:)`, `ForEach`), described.
        public var id: String?
        /// The structural identity, in hex.
        public var identity: String
        public var frame: Rect
        /// The frame's origin and size again, at the top level of the entry (root coordinates),
        /// so a view found by its `id` reads as `{"id", "x", "y", "width", "height"}`.
        public var x: Double, y: Double, width: Double, height: Double
        /// The proposal the view was placed with.
        public var proposal: Proposal
        public var minSize: Size?
        public var idealSize: Size?
        public var maxSize: Size?
        public var priority: Double
        public var zIndex: Double
        public var visible: Bool
        public var layoutValues: [String]
        /// Where the person's code made the view, `File.swift:12:5` (a preview build's view
        /// marks: the view's own, else its nearest marked ancestor's); absent otherwise.
        public var source: String?
    }
    public var canvasSize: Size
    public var rootSize: Size
    /// The proposal given to the root.
    public var proposal: Proposal
    public var views: [View]
    public var diagnostics: [String]

    /// The export of `result`; `sourceLocation` names the place of a view mark (nil: no
    /// `source` is written).
    public init(_ result: LayoutResult, sourceLocation: ((ViewSourceMark) -> String?)? = nil) {
        canvasSize = Size(result.canvasSize)
        rootSize = Size(result.rootSize)
        proposal = Proposal(result.proposal)
        // Pre-order: a parent's place is known before its children's.
        var sources: [String?] = []
        if let sourceLocation {
            sources.reserveCapacity(result.views.count)
            var named: [ViewSourceMark: String?] = [:]
            for v in result.views {
                if let mark = v.sourceMark {
                    if named[mark] == nil { named[mark] = .some(sourceLocation(mark)) }
                    sources.append(named[mark] ?? nil)
                } else {
                    sources.append(v.parent.flatMap { sources[$0] })
                }
            }
        }
        views = result.views.map { v in
            View(index: v.index, parent: v.parent, depth: v.depth, kind: v.kind, detail: v.detail,
                 id: v.explicitID.map { String(describing: $0.base) }, identity: v.identity.description,
                 frame: Rect(v.frame), x: Double(v.frame.origin.x), y: Double(v.frame.origin.y),
                 width: Double(v.frame.size.width), height: Double(v.frame.size.height), proposal: Proposal(v.proposal), minSize: v.minSize.map(Size.init), idealSize: v.idealSize.map(Size.init),
                 maxSize: v.maxSize.map(Size.init), priority: v.priority, zIndex: v.zIndex, visible: v.isVisible,
                 layoutValues: v.layoutValues, source: sources.isEmpty ? nil : sources[v.index])
        }
        diagnostics = result.diagnostics.map(\.description)
    }

    static var encoder: JSONEncoder {
        let e = JSONEncoder()
        e.outputFormatting = [.prettyPrinted, .sortedKeys]
        e.nonConformingFloatEncodingStrategy = .convertToString(positiveInfinity: "inf", negativeInfinity: "-inf", nan: "nan")
        return e
    }

    /// Decodes JSON written by `ImageExporter.json(result:)`.
    public static func decode(_ data: Data) throws -> LayoutExport {
        let d = JSONDecoder()
        d.nonConformingFloatDecodingStrategy = .convertFromString(positiveInfinity: "inf", negativeInfinity: "-inf", nan: "nan")
        return try d.decode(LayoutExport.self, from: data)
    }
}
