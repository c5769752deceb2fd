import CPangoCairo
import Foundation
import LayoutCore

/// Writes a layout result as a standalone SVG document of its own, drawing what `LayoutRenderer`
/// draws with cairo, item for item.
///
/// - The document is sized in pixels, one per point (`width="400" height="300"` for a 400×300
///   area), with a `viewBox` in root coordinates: an area that starts left of or above the canvas
///   (overflowing content) has a negative `viewBox` origin, so nothing is moved.
/// - Text is real `<text>` (selectable and searchable), one `<tspan>` per line, at the lines and
///   baselines of the same Pango layout the renderer draws (so wrapping and ellipsis match).
/// - A view with an explicit id (`.id(_:)`, `ForEach`) has its items, and those of the views
///   inside it, in `<g id="view-…" data-id="…" data-kind="…" data-view="index">`; ids are made
///   XML names (other characters escaped as `_XX_`) and unique (`-2`, `-3`, …).
/// - Clips are `<clipPath>`, layers (`compositingGroup`) `<g opacity>`, scale and rotation a
///   `transform`, shadows and blurs a `<filter>` over the same area the renderer blurs, masks an
///   alpha `<mask>`, linear and radial gradients `<linearGradient>`/`<radialGradient>`.
/// - The `opacity` modifier multiplies the opacity of each fill, stroke and text inside it (as the
///   renderer does, and SwiftUI: overlaps show through), rather than a `<g opacity>` layer.
/// - Angular gradients have no SVG equivalent: they are drawn as a `<pattern>` of thin solid
///   wedges around the centre (the renderer draws a mesh of the same wedges, blended).
/// - Items of views without a finite, non-empty frame are skipped, and nothing non-finite is
///   ever written.
///
/// A writer keeps a `LayoutRenderer` for its text layouts; like the renderer it is not
/// thread-safe (use one writer per thread).
public final class SVGWriter {
    /// The renderer whose text layouts the writer uses (its font families and wrap slack).
    public let renderer: LayoutRenderer
    /// The number of wedges an angular gradient is drawn with (the renderer's mesh has 180).
    public var angularSegments = 180

    /// Creates a writer laying text out with `renderer` (a new one by default).
    public init(renderer: LayoutRenderer = LayoutRenderer()) {
        self.renderer = renderer
    }

    /// The SVG document of `result`.
    ///
    /// - Parameters:
    ///   - area: the area to export, in root coordinates; by default `ImageExporter.exportArea(for:)`
    ///     (the canvas, grown to any view that overflows it). An area that is not finite or is
    ///     empty falls back to the canvas (at least 1×1).
    ///   - frames: the frame of every view, indexed by view index (`result.frames` by default;
    ///     an animation's interpolated frames, say). Items of views without a finite, non-empty
    ///     frame are skipped.
    ///   - scheme: the color scheme paints resolve in.
    ///   - background: whether to fill the area with the scheme's background first.
    public func document(for result: LayoutResult, area: CGRect? = nil, frames: [CGRect]? = nil,
                         scheme: ColorScheme = .light, background: Bool = false) -> String {
        var area = area ?? ImageExporter.exportArea(for: result)
        if !(area.origin.x.isFinite && area.origin.y.isFinite && area.width.isFinite && area.height.isFinite
             && area.width > 0 && area.height > 0) {
            let c = result.canvasSize
            area = CGRect(x: 0, y: 0, width: c.width.isFinite && c.width > 0 ? c.width : 1,
                          height: c.height.isFinite && c.height > 0 ? c.height : 1)
        }
        // Lay text out as PNG export does: through a context updated from an image surface.
        if let surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, 1, 1) {
            if let cr = cairo_create(surface) {
                renderer.updateTextContext(for: cr)
                cairo_destroy(cr)
            }
            cairo_surface_destroy(surface)
        }
        let builder = SVGBuilder(writer: self, result: result, frames: frames ?? result.frames, area: area, scheme: scheme)
        let body = builder.build()
        let n = SVGBuilder.number
        var out = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        out += "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"\(n(Double(area.width)))\" height=\"\(n(Double(area.height)))\""
        out += " viewBox=\"\(n(Double(area.minX))) \(n(Double(area.minY))) \(n(Double(area.width))) \(n(Double(area.height)))\">\n"
        if !builder.defs.isEmpty { out += "<defs>\n\(builder.defs)</defs>\n" }
        if background {
            let c = LayoutRenderer.background(scheme: scheme)
            out += "<rect x=\"\(n(Double(area.minX)))\" y=\"\(n(Double(area.minY)))\" width=\"\(n(Double(area.width)))\""
            out += " height=\"\(n(Double(area.height)))\"\(SVGBuilder.paintAttributes(c, alpha: 1, "fill"))/>\n"
        }
        out += body
        out += "</svg>\n"
        return out
    }

    /// Writes the SVG document of `result` to `url` (see `document(for:area:frames:scheme:background:)`).
    public func write(_ result: LayoutResult, area: CGRect? = nil, scheme: ColorScheme = .light, background: Bool = false,
                      to url: URL) throws {
        let text = document(for: result, area: area, scheme: scheme, background: background)
        do {
            try Data(text.utf8).write(to: url)
        } catch {
            throw RenderError.write(path: url.path, reason: error.localizedDescription)
        }
    }

    /// `text` with XML's special characters escaped (`&`, `<`, `>`, `"`, `'`) and the characters
    /// XML 1.0 cannot hold (most control characters) dropped; usable in content and attributes.
    public static func escape(_ text: String) -> String {
        var out = ""
        out.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&apos;"
            case "\t", "\n", "\r": out.unicodeScalars.append(scalar)
            default:
                let v = scalar.value
                // XML 1.0 characters: no C0 controls but tab/newline/return, no U+FFFE/U+FFFF.
                if v < 0x20 || v == 0xFFFE || v == 0xFFFF { continue }
                out.unicodeScalars.append(scalar)
            }
        }
        return out
    }

    /// The XML id written for a view's explicit id: `view-` and the id's text, with every
    /// character that cannot be in an XML name (other than letters, digits, `-`, `_` and `.`)
    /// written as `_` and its hexadecimal code point and `_`; a space becomes `-`.
    public static func elementID(for explicitID: String) -> String {
        var out = "view-"
        for scalar in explicitID.unicodeScalars {
            switch scalar {
            case "a"..."z", "A"..."Z", "0"..."9", "-", ".": out.unicodeScalars.append(scalar)
            case " ": out += "-"
            default: out += "_" + String(scalar.value, radix: 16, uppercase: true) + "_"
            }
        }
        return out
    }
}

/// Builds the body and definitions of one SVG document.
private final class SVGBuilder {
    let writer: SVGWriter
    let renderer: LayoutRenderer
    let result: LayoutResult
    let frames: [CGRect]
    let scheme: ColorScheme
    /// The area masks extend over (generous, for content moved by effects).
    let maskArea: CGRect
    /// Definitions (clip paths, gradients, filters, masks, patterns), written before the body.
    var defs = ""
    private var counter = 0
    private var usedIDs = Set<String>()
    /// The open elements, innermost last; each collects its body until it closes.
    private var stack: [Entry] = [Entry(kind: .root)]
    /// The product of the `opacity` modifiers around the current item since the last layer.
    private var opacityFactor = 1.0

    private struct Entry {
        var kind: Kind
        var body = ""
    }

    private enum Kind {
        case root
        /// A view with an explicit id, and its `<g id=…>`.
        case view(Int, open: String)
        /// A clip, transform, filter or hidden group: `open` … `</g>`.
        case wrapper(open: String)
        /// A layer (`compositingGroup`) with its opacity; the factor outside it.
        case layer(opacity: Double, outer: Double)
        /// An `opacity` modifier: the factor to restore.
        case opacity(outer: Double)
        /// The masked view, drawn until `beginMaskShape`.
        case maskContent
        /// The mask; the masked view's drawing waits.
        case maskShape(content: String, outer: Double)
    }

    init(writer: SVGWriter, result: LayoutResult, frames: [CGRect], area: CGRect, scheme: ColorScheme) {
        self.writer = writer
        renderer = writer.renderer
        self.result = result
        self.frames = frames
        self.scheme = scheme
        let grow = Swift.max(area.width, area.height)
        maskArea = area.insetBy(dx: -grow, dy: -grow)
    }

    // MARK: Structure

    func build() -> String {
        let items = result.displayList
        let (opens, closes) = idGroupRanges(items)
        for (k, item) in items.enumerated() {
            for v in opens[k] ?? [] { stack.append(Entry(kind: .view(v, open: viewGroupOpen(v)))) }
            draw(item)
            for v in closes[k] ?? [] {
                guard let at = stack.lastIndex(where: { if case .view(v, _) = $0.kind { true } else { false } }) else { continue }
                while stack.count > at { closeTop() }
            }
        }
        while stack.count > 1 { closeTop() }
        return stack[0].body
    }

    /// For each view with an explicit id, the items of it and its descendants (a contiguous run,
    /// as the display list is emitted in tree order): where its group opens (ancestors first) and
    /// closes (innermost first). Runs that would cross another's are not grouped.
    private func idGroupRanges(_ items: [DisplayItem]) -> (opens: [Int: [Int]], closes: [Int: [Int]]) {
        let views = result.views
        let count = views.count
        var hasID = [Bool](repeating: false, count: count)
        var parent = [Int?](repeating: nil, count: count)
        var any = false
        for i in 0..<count {
            let v = views[i]
            parent[i] = v.parent.flatMap { $0 >= 0 && $0 < i ? $0 : nil }
            if v.explicitID != nil { hasID[i] = true; any = true }
        }
        guard any else { return ([:], [:]) }
        // The nearest view with an id at or above each view.
        var nearest = [Int?](repeating: nil, count: count)
        for i in 0..<count { nearest[i] = hasID[i] ? i : parent[i].flatMap { nearest[$0] } }
        var first = [Int: Int](), last = [Int: Int]()
        for (k, item) in items.enumerated() where item.view >= 0 && item.view < count {
            var a = nearest[item.view]
            while let v = a {
                if first[v] == nil { first[v] = k }
                last[v] = k
                a = parent[v].flatMap { nearest[$0] }
            }
        }
        var ranges = first.map { (view: $0.key, first: $0.value, last: last[$0.key]!) }
        ranges.sort { $0.first != $1.first ? $0.first < $1.first : $0.view < $1.view }
        var open: [Int] = []  // the last item of each enclosing run
        var opens = [Int: [Int]](), closes = [Int: [Int]]()
        for r in ranges {
            while let top = open.last, top < r.first { open.removeLast() }
            if let top = open.last, top < r.last { continue }
            open.append(r.last)
            opens[r.first, default: []].append(r.view)
            closes[r.last, default: []].insert(r.view, at: 0)
        }
        return (opens, closes)
    }

    private func emit(_ s: String) { stack[stack.count - 1].body += s }

    private func push(_ kind: Kind) { stack.append(Entry(kind: kind)) }

    /// Closes the innermost element, restoring the opacity factor it changed.
    private func closeTop() {
        guard stack.count > 1, let top = stack.popLast() else { return }
        switch top.kind {
        case .root:
            break
        case .view(_, let open):
            emit(open + "\n" + top.body + "</g>\n")
        case .wrapper(let open):
            emit(open + "\n" + top.body + "</g>\n")
        case .layer(let opacity, let outer):
            opacityFactor = outer
            emit("<g opacity=\"\(Self.number(opacity * outer))\">\n" + top.body + "</g>\n")
        case .opacity(let outer):
            opacityFactor = outer
            emit(top.body)
        case .maskContent:
            // No mask came: the view is drawn unmasked.
            emit(top.body)
        case .maskShape(let content, let outer):
            opacityFactor = outer
            let id = newID("mask")
            let a = maskArea, n = Self.number
            // The mask's alpha decides, as cairo_mask: `mask-type="alpha"`, and for viewers
            // without it the mask drawn white with its alpha (luminance = alpha).
            let white = newID("white")
            defs += "<filter id=\"\(white)\" filterUnits=\"userSpaceOnUse\" x=\"\(n(Double(a.minX)))\" y=\"\(n(Double(a.minY)))\" width=\"\(n(Double(a.width)))\" height=\"\(n(Double(a.height)))\">"
            defs += "<feColorMatrix type=\"matrix\" values=\"0 0 0 0 1 0 0 0 0 1 0 0 0 0 1 0 0 0 1 0\"/></filter>\n"
            defs += "<mask id=\"\(id)\" mask-type=\"alpha\" maskUnits=\"userSpaceOnUse\" x=\"\(n(Double(a.minX)))\" y=\"\(n(Double(a.minY)))\""
            defs += " width=\"\(n(Double(a.width)))\" height=\"\(n(Double(a.height)))\">\n<g filter=\"url(#\(white))\">\n" + top.body + "</g>\n</mask>\n"
            emit("<g mask=\"url(#\(id))\">\n" + content + "</g>\n")
        }
    }

    /// Closes the innermost bracket (clip, layer, opacity, effect, mask), as an `end…` item
    /// does; a view group on top means the brackets do not nest, and the item is ignored.
    private func closeBracket() {
        guard stack.count > 1 else { return }
        if case .view = stack[stack.count - 1].kind { return }
        closeTop()
    }

    private func viewGroupOpen(_ v: Int) -> String {
        let view = result.views[v]
        let text = view.explicitID.map { String(describing: $0.base) } ?? ""
        var id = SVGWriter.elementID(for: text)
        if usedIDs.contains(id) {
            var k = 2
            while usedIDs.contains("\(id)-\(k)") { k += 1 }
            id = "\(id)-\(k)"
        }
        usedIDs.insert(id)
        return "<g id=\"\(id)\" data-id=\"\(SVGWriter.escape(text))\" data-kind=\"\(SVGWriter.escape(view.kind))\" data-view=\"\(v)\">"
    }

    /// A new id for a definition (`ll-` and a counter: never a view's `view-…`).
    private func newID(_ what: String) -> String {
        counter += 1
        return "ll-\(what)\(counter)"
    }

    // MARK: Items

    private func draw(_ item: DisplayItem) {
        let v = item.view
        let frame: CGRect? = v >= 0 && v < frames.count ? frames[v] : nil
        let drawable = frame.map(LayoutRenderer.isDrawable) ?? false
        let alpha = opacityFactor
        switch item.kind {
        case .fill(let shape, let paint), .fillEvenOdd(let shape, let paint):
            guard drawable, alpha > 0, let frame, let d = Self.shapeData(shape, in: frame), !d.isEmpty,
                  let p = paintAttributes(paint, frame: frame, alpha: alpha, "fill") else { return }
            var rule = ""
            if case .fillEvenOdd = item.kind { rule = " fill-rule=\"evenodd\"" }
            emit("<path d=\"\(d)\"\(p)\(rule)/>\n")
        case .stroke(let shape, let paint, let lineWidth):
            guard drawable, alpha > 0, let frame, lineWidth.isFinite, lineWidth > 0,
                  let p = paintAttributes(paint, frame: frame, alpha: alpha, "fill") else { return }
            strokeInside(shape, in: frame, lineWidth: lineWidth, fill: p)
        case .strokePath(let shape, let paint, let style):
            guard drawable, alpha > 0, let frame, style.lineWidth.isFinite, style.lineWidth > 0,
                  let d = Self.shapeData(shape, in: frame), !d.isEmpty,
                  let p = paintAttributes(paint, frame: frame, alpha: alpha, "stroke") else { return }
            emit("<path d=\"\(d)\" fill=\"none\"\(p)\(Self.strokeAttributes(style))/>\n")
        case .text(let run):
            guard drawable, alpha > 0, let frame, !run.string.isEmpty else { return }
            let c = run.paint.resolve(in: scheme)
            guard c.alpha * alpha > 0 else { return }
            text(run, in: frame, color: c, alpha: alpha)
        case .bitmap(let path):
            // Embedded, so the SVG shows the image wherever it is opened.
            guard drawable, alpha > 0, let frame, let data = FileManager.default.contents(atPath: path) else { return }
            emit("<image x=\"\(Self.number(Double(frame.minX)))\" y=\"\(Self.number(Double(frame.minY)))\" width=\"\(Self.number(Double(frame.width)))\" height=\"\(Self.number(Double(frame.height)))\" preserveAspectRatio=\"none\"\(alpha < 1 ? " opacity=\"\(Self.number(alpha))\"" : "") href=\"data:image/png;base64,\(data.base64EncodedString())\"/>\n")
        case .progress(let fraction, let track, let bar):
            guard drawable, alpha > 0, let frame else { return }
            progress(fraction: fraction, track: track.resolve(in: scheme), bar: bar.resolve(in: scheme), in: frame, alpha: alpha)
        case .beginClip(let shape):
            if drawable, let frame, let d = Self.shapeData(shape, in: frame), !d.isEmpty {
                push(.wrapper(open: "<g clip-path=\"url(#\(clipPath(d)))\">"))
            } else {
                // Clipped to nothing.
                push(.wrapper(open: "<g display=\"none\">"))
            }
        case .beginGroup(let opacity):
            let o = opacity.isFinite ? Swift.min(Swift.max(opacity, 0), 1) : 1
            push(.layer(opacity: o, outer: opacityFactor))
            opacityFactor = 1
        case .beginOpacity(let opacity):
            push(.opacity(outer: opacityFactor))
            opacityFactor *= opacity.isFinite ? Swift.min(Swift.max(opacity, 0), 1) : 1
        case .beginEffect(let effect):
            beginEffect(effect, frame: frame, drawable: drawable, alpha: alpha)
        case .beginMask:
            push(.maskContent)
        case .beginMaskShape:
            guard case .maskContent = stack[stack.count - 1].kind else { return }
            let content = stack.removeLast().body
            push(.maskShape(content: content, outer: opacityFactor))
            opacityFactor = 1
        case .endClip, .endGroup, .endEffect, .endMask, .endOpacity:
            closeBracket()
        }
    }

    private func clipPath(_ d: String) -> String {
        let id = newID("clip")
        defs += "<clipPath id=\"\(id)\" clipPathUnits=\"userSpaceOnUse\"><path d=\"\(d)\"/></clipPath>\n"
        return id
    }

    private func beginEffect(_ effect: VisualEffect, frame: CGRect?, drawable: Bool, alpha: Double) {
        let n = Self.number
        switch effect {
        case .scale(let sx, let sy, let anchor):
            guard drawable, let frame, sx != 0, sy != 0, sx.isFinite, sy.isFinite, anchor.x.isFinite, anchor.y.isFinite else {
                // Scaled to nothing (or nowhere to anchor): nothing inside shows.
                push(.wrapper(open: "<g display=\"none\">")); return
            }
            let ax = Double(frame.minX + anchor.x * frame.width), ay = Double(frame.minY + anchor.y * frame.height)
            let a = Double(sx), d = Double(sy)
            push(.wrapper(open: "<g transform=\"matrix(\(n(a)) 0 0 \(n(d)) \(n(ax - a * ax)) \(n(ay - d * ay)))\">"))
        case .transition:
            // A still picture shows the view as laid out.
            push(.wrapper(open: "<g>"))
        case .rotation(let radians, let anchor):
            guard let frame, frame.origin.x.isFinite, frame.origin.y.isFinite, frame.width.isFinite, frame.height.isFinite,
                  radians.isFinite, anchor.x.isFinite, anchor.y.isFinite else {
                push(.wrapper(open: "<g>")); return
            }
            let ax = Double(frame.minX + anchor.x * frame.width), ay = Double(frame.minY + anchor.y * frame.height)
            push(.wrapper(open: "<g transform=\"rotate(\(n(radians * 180 / .pi)) \(n(ax)) \(n(ay)))\">"))
        case .shadow(let color, let radius, let x, let y):
            guard drawable, let frame, radius.isFinite, x.isFinite, y.isFinite else { push(.wrapper(open: "<g>")); return }
            // The renderer draws the view into an image of the frame grown by the effect's reach
            // and by half its longer side (what turns or grows inside overflows the frame).
            let reach = 16 + 1.5 * Swift.max(radius, 0) + Swift.max(abs(x), abs(y)) + Self.overflow(frame)
            let id = newID("shadow")
            let c = color.resolve(in: scheme).multiplyingAlpha(alpha)
            defs += filterOpen(id, frame.insetBy(dx: -reach, dy: -reach))
            if c.alpha > 0 {
                let sigma = Double(radius) / 2
                defs += sigma > 0.05
                    ? "<feGaussianBlur in=\"SourceAlpha\" stdDeviation=\"\(n(sigma))\"/>"
                    : "<feComponentTransfer in=\"SourceAlpha\"/>"
                defs += "<feOffset dx=\"\(n(Double(x)))\" dy=\"\(n(Double(y)))\" result=\"offset\"/>"
                defs += "<feFlood flood-color=\"\(Self.hex(c))\" flood-opacity=\"\(n(Swift.min(c.alpha, 1)))\"/>"
                defs += "<feComposite in2=\"offset\" operator=\"in\" result=\"shadow\"/>"
                defs += "<feMerge><feMergeNode in=\"shadow\"/><feMergeNode in=\"SourceGraphic\"/></feMerge>"
            } else {
                defs += "<feMerge><feMergeNode in=\"SourceGraphic\"/></feMerge>"
            }
            defs += "</filter>\n"
            push(.wrapper(open: "<g filter=\"url(#\(id))\">"))
        case .blur(let radius, let opaque):
            // No blur (a blur-replace transition's view at rest) needs no filter.
            guard drawable, let frame, radius.isFinite, radius > 0 else { push(.wrapper(open: "<g>")); return }
            let reach = 16 + 1.5 * Swift.max(radius, 0) + Self.overflow(frame)
            let id = newID("blur")
            let sigma = Double(radius) / 2
            defs += filterOpen(id, frame.insetBy(dx: -reach, dy: -reach))
            if sigma > 0.05 {
                defs += "<feGaussianBlur in=\"SourceGraphic\" stdDeviation=\"\(n(sigma))\"/>"
                if opaque {
                    // Keep the original coverage: the blurred colour, at the original alpha.
                    defs += "<feComponentTransfer><feFuncA type=\"linear\" slope=\"0\" intercept=\"1\"/></feComponentTransfer>"
                    defs += "<feComposite in2=\"SourceAlpha\" operator=\"in\"/>"
                }
            } else {
                defs += "<feMerge><feMergeNode in=\"SourceGraphic\"/></feMerge>"
            }
            defs += "</filter>\n"
            push(.wrapper(open: "<g filter=\"url(#\(id))\">"))
        }
    }

    /// A filter over `area` (user space), in sRGB as cairo blends.
    private func filterOpen(_ id: String, _ area: CGRect) -> String {
        let n = Self.number
        return "<filter id=\"\(id)\" filterUnits=\"userSpaceOnUse\" x=\"\(n(Double(area.minX)))\" y=\"\(n(Double(area.minY)))\""
            + " width=\"\(n(Double(area.width)))\" height=\"\(n(Double(area.height)))\" color-interpolation-filters=\"sRGB\">"
    }

    /// `strokeBorder`/`border`: the stroke inside the frame, as the renderer draws it.
    private func strokeInside(_ shape: ShapeKind, in rect: CGRect, lineWidth: CGFloat, fill p: String) {
        let minSide = Swift.min(rect.width, rect.height)
        if lineWidth * 2 >= minSide {
            // The stroke covers the whole shape.
            if let d = Self.shapeData(shape, in: rect), !d.isEmpty { emit("<path d=\"\(d)\"\(p)/>\n") }
            return
        }
        let inner = rect.insetBy(dx: lineWidth, dy: lineWidth)
        let n = Self.number
        let stroke = p.replacingOccurrences(of: " fill", with: " stroke")
        switch shape {
        case .inset, .path, .custom, .trimmed, .animatablePath:
            // Any other outline: a line twice as wide, centred on it and clipped to the shape
            // (cairo's default miter limit, 10).
            guard let d = Self.shapeData(shape, in: rect), !d.isEmpty else { return }
            emit("<path d=\"\(d)\" clip-path=\"url(#\(clipPath(d)))\" fill=\"none\"\(stroke)"
                 + " stroke-width=\"\(n(Double(lineWidth) * 2))\" stroke-miterlimit=\"10\"/>\n")
        case .ellipse:
            let half = lineWidth / 2
            guard let d = Self.shapeData(.ellipse, in: rect.insetBy(dx: half, dy: half)) else { return }
            emit("<path d=\"\(d)\" fill=\"none\"\(stroke) stroke-width=\"\(n(Double(lineWidth)))\" stroke-miterlimit=\"10\"/>\n")
        case .rectangle, .capsule:
            guard let a = Self.shapeData(shape, in: rect), let b = Self.shapeData(shape, in: inner) else { return }
            emit("<path d=\"\(a) \(b)\"\(p) fill-rule=\"evenodd\"/>\n")
        case .roundedRectangle(let r):
            let ri = r.isFinite ? Swift.max(Swift.min(r, minSide / 2) - lineWidth, 0) : 0
            guard let a = Self.shapeData(shape, in: rect),
                  let b = Self.shapeData(.roundedRectangle(cornerRadius: ri), in: inner) else { return }
            emit("<path d=\"\(a) \(b)\"\(p) fill-rule=\"evenodd\"/>\n")
        case .circle:
            let side = minSide - 2 * lineWidth
            guard let a = Self.shapeData(.circle, in: rect),
                  let b = Self.shapeData(.circle, in: CGRect(x: rect.midX - side / 2, y: rect.midY - side / 2, width: side, height: side))
            else { return }
            emit("<path d=\"\(a) \(b)\"\(p) fill-rule=\"evenodd\"/>\n")
        }
    }

    private func progress(fraction: Double, track: RGBA, bar: RGBA, in frame: CGRect, alpha: Double) {
        let h = frame.height
        let f = fraction.isFinite ? Swift.min(Swift.max(fraction, 0), 1) : 0
        guard let trackData = Self.shapeData(.capsule, in: frame) else { return }
        if track.alpha > 0 {
            emit("<path d=\"\(trackData)\"\(Self.paintAttributes(track, alpha: alpha, "fill"))/>\n")
        }
        let barWidth = frame.width * CGFloat(f)
        guard barWidth > 0, bar.alpha > 0 else { return }
        // A capsule bar; narrower than its height it is clipped by the track's rounded end.
        let barData = barWidth >= h
            ? Self.shapeData(.capsule, in: CGRect(x: frame.minX, y: frame.minY, width: Swift.max(barWidth, h), height: h))
            : Self.shapeData(.rectangle, in: CGRect(x: frame.minX, y: frame.minY, width: barWidth, height: h))
        guard let barData else { return }
        emit("<path d=\"\(barData)\" clip-path=\"url(#\(clipPath(trackData)))\"\(Self.paintAttributes(bar, alpha: alpha, "fill"))/>\n")
    }

    // MARK: Text

    private func text(_ run: TextRun, in frame: CGRect, color: RGBA, alpha: Double) {
        let (layout, origin) = renderer.textLayout(for: run, in: frame)
        guard let cText = pango_layout_get_text(layout) else { return }
        // The layout's own text (what Pango shaped), as UTF-8 bytes the runs index.
        let bytes = Array(UnsafeBufferPointer(start: UnsafeRawPointer(cText).assumingMemoryBound(to: UInt8.self), count: strlen(cText)))
        guard let iter = pango_layout_get_iter(layout) else { return }
        defer { pango_layout_iter_free(iter) }
        let n = Self.number
        var spans = ""
        repeat {
            guard let line = pango_layout_iter_get_line_readonly(iter) else { continue }
            let lineText = Self.displayedText(of: line, bytes: bytes)
            guard !lineText.isEmpty else { continue }
            var logical = PangoRectangle()
            pango_layout_iter_get_line_extents(iter, nil, &logical)
            let baseline = pango_layout_iter_get_baseline(iter)
            let x = Double(origin.x) + Double(logical.x) / Double(PANGO_SCALE)
            let y = Double(origin.y) + Double(baseline) / Double(PANGO_SCALE)
            guard x.isFinite, y.isFinite else { continue }
            spans += "<tspan x=\"\(n(x))\" y=\"\(n(y))\">\(SVGWriter.escape(lineText))</tspan>"
        } while pango_layout_iter_next_line(iter) != 0
        guard !spans.isEmpty else { return }
        let font = run.font
        let size = font.size.isFinite && font.size > 0 ? font.size : 17
        let weight = Swift.min(Swift.max(font.weight.value, 100), 1000)
        // Quoted names keep their apostrophes: the attribute is in double quotes.
        let families = SVGWriter.escape(Self.cssFamilies(renderer.families.family(for: font.design)))
        var attributes = " font-family=\"\(families.replacingOccurrences(of: "&apos;", with: "'"))\""
        attributes += " font-size=\"\(n(Double(size)))\" font-weight=\"\(weight)\""
        if font.isItalic { attributes += " font-style=\"italic\"" }
        if font.usesMonospacedDigits { attributes += " font-variant-numeric=\"tabular-nums\" style=\"font-variant-numeric: tabular-nums\"" }
        attributes += Self.paintAttributes(color, alpha: alpha, "fill")
        emit("<text xml:space=\"preserve\"\(attributes)>\(spans)</text>\n")
    }

    /// The text a line shows, in logical order: its runs' text, with the ellipsis Pango put in
    /// place of the text it left out and the hyphen it adds where it breaks inside a word.
    private static func displayedText(of line: UnsafeMutablePointer<PangoLayoutLine>, bytes: [UInt8]) -> String {
        var runs: [(offset: Int, text: String)] = []
        var node = line.pointee.runs
        while let n = node {
            defer { node = n.pointee.next }
            guard let data = n.pointee.data else { continue }
            let run = data.assumingMemoryBound(to: PangoGlyphItem.self).pointee
            guard let item = run.item?.pointee else { continue }
            let offset = Int(item.offset), length = Int(item.length)
            if Int32(item.analysis.flags) & Int32(PANGO_ANALYSIS_FLAG_IS_ELLIPSIS) != 0 {
                // Pango shapes "…", or "..." (three glyphs) when the font has no ellipsis.
                let glyphs = run.glyphs?.pointee.num_glyphs ?? 1
                runs.append((offset, glyphs == 3 ? "..." : "\u{2026}"))
            } else if offset >= 0, length > 0, offset + length <= bytes.count {
                var text = String(decoding: bytes[offset..<offset + length], as: UTF8.self)
                // A word broken across lines: Pango shapes a hyphen after the run (U+2010, as
                // Pango prefers it; the viewer's font, or a fallback, draws it).
                if Int32(item.analysis.flags) & Int32(PANGO_ANALYSIS_FLAG_NEED_HYPHEN) != 0 { text += "\u{2010}" }
                runs.append((offset, text))
            }
        }
        runs.sort { $0.offset < $1.offset }
        return runs.map(\.text).joined()
    }

    /// A Pango family list ("Cantarell, DejaVu Sans, sans-serif") as a CSS `font-family` value,
    /// names with spaces quoted.
    static func cssFamilies(_ list: String) -> String {
        let generic: Set<String> = ["serif", "sans-serif", "monospace", "cursive", "fantasy", "system-ui"]
        return list.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }.map { name in
            generic.contains(name.lowercased()) || !name.contains(where: { !$0.isLetter && !$0.isNumber && $0 != "-" })
                ? name : "'" + name.replacingOccurrences(of: "'", with: "") + "'"
        }.joined(separator: ", ")
    }

    // MARK: Paints

    /// ` fill="#rrggbb" fill-opacity="a"` (or `stroke`) for a color at `alpha`.
    static func paintAttributes(_ c: RGBA, alpha: Double, _ attribute: String) -> String {
        let a = Swift.min(Swift.max(c.alpha * alpha, 0), 1)
        var s = " \(attribute)=\"\(hex(c))\""
        if a < 1 { s += " \(attribute)-opacity=\"\(number(a))\"" }
        return s
    }

    /// The fill (or stroke) attributes of `paint` for a shape in `frame`, adding the gradient or
    /// pattern it needs to the definitions; nil when nothing would show.
    private func paintAttributes(_ paint: Paint, frame: CGRect, alpha: Double, _ attribute: String) -> String? {
        let n = Self.number
        func stops(_ g: Gradient) -> [(Double, RGBA)] {
            g.stops.map { (Double($0.location.isFinite ? $0.location : 0), $0.color.resolve(in: scheme).multiplyingAlpha(alpha)) }
        }
        func point(_ u: CGPoint) -> (Double, Double) {
            (Double(frame.minX + u.x * frame.width), Double(frame.minY + u.y * frame.height))
        }
        /// Stops clamped to 0…1 and in order (cairo sorts them; SVG would clamp out-of-order ones).
        func stopElements(_ s: [(Double, RGBA)]) -> String {
            let sorted = s.map { (Swift.min(Swift.max($0.0, 0), 1), $0.1) }.enumerated()
                .sorted { $0.element.0 != $1.element.0 ? $0.element.0 < $1.element.0 : $0.offset < $1.offset }.map(\.element)
            return sorted.map { t, c in
                "<stop offset=\"\(n(t))\" stop-color=\"\(Self.hex(c))\" stop-opacity=\"\(n(Swift.min(Swift.max(c.alpha, 0), 1)))\"/>"
            }.joined()
        }
        func use(_ id: String) -> String { " \(attribute)=\"url(#\(id))\"" }
        switch paint {
        case .linearGradient(let g, let sp, let ep):
            let s = stops(g)
            guard s.contains(where: { $0.1.alpha > 0 }) else { return nil }
            let (x1, y1) = point(sp), (x2, y2) = point(ep)
            guard x1.isFinite, y1.isFinite, x2.isFinite, y2.isFinite else { return nil }
            let id = newID("gradient")
            defs += "<linearGradient id=\"\(id)\" gradientUnits=\"userSpaceOnUse\" x1=\"\(n(x1))\" y1=\"\(n(y1))\" x2=\"\(n(x2))\" y2=\"\(n(y2))\">"
                + stopElements(s) + "</linearGradient>\n"
            return use(id)
        case .radialGradient(let g, let c, let r0, let r1):
            let s = stops(g)
            guard s.contains(where: { $0.1.alpha > 0 }) else { return nil }
            let (cx, cy) = point(c)
            let a = r0.isFinite ? Double(Swift.max(r0, 0)) : 0, b = r1.isFinite ? Double(Swift.max(r1, 0)) : 0
            guard cx.isFinite, cy.isFinite else { return nil }
            // Cairo's gradient runs from radius a to b; SVG's from the centre to `r`: the stops
            // are moved to (a + t (b - a)) / r, which pads the same way inside `a`.
            let r = Swift.max(a, b, 1e-6)
            let moved = s.map { ((a + $0.0 * (b - a)) / r, $0.1) }
            let id = newID("gradient")
            defs += "<radialGradient id=\"\(id)\" gradientUnits=\"userSpaceOnUse\" cx=\"\(n(cx))\" cy=\"\(n(cy))\" r=\"\(n(r))\">"
                + stopElements(moved) + "</radialGradient>\n"
            return use(id)
        case .angularGradient(let g, let c, let a0, let a1):
            let s = stops(g)
            guard s.contains(where: { $0.1.alpha > 0 }) else { return nil }
            let (cx, cy) = point(c)
            guard cx.isFinite, cy.isFinite, a0.isFinite, a1.isFinite else { return nil }
            return use(angularPattern(center: (cx, cy), frame: frame, stops: s, start: a0, end: a1))
        case .colorGradient(let color):
            // As the renderer: 20% lighter at the top, 10% darker at the bottom.
            let base = color.resolve(in: scheme)
            guard base.alpha * alpha > 0 else { return nil }
            let top = base.mixed(with: RGBA(1, 1, 1, base.alpha), by: 0.2).multiplyingAlpha(alpha)
            let bottom = base.mixed(with: RGBA(0, 0, 0, base.alpha), by: 0.1).multiplyingAlpha(alpha)
            let id = newID("gradient")
            defs += "<linearGradient id=\"\(id)\" gradientUnits=\"userSpaceOnUse\" x1=\"0\" y1=\"\(n(Double(frame.minY)))\" x2=\"0\" y2=\"\(n(Double(frame.maxY)))\">"
                + stopElements([(0, top), (1, bottom)]) + "</linearGradient>\n"
            return use(id)
        default:
            let c = paint.resolve(in: scheme)
            guard c.alpha * alpha > 0 else { return nil }
            return Self.paintAttributes(c, alpha: alpha, attribute)
        }
    }

    /// An angular gradient. SVG has no conic gradient, so (the fallback) it is a pattern of thin
    /// solid wedges around the centre, each in the gradient's color at its middle angle, reaching
    /// past the frame's farthest corner: the wedges of the renderer's mesh, without the blend
    /// across each wedge (2° each at the default 180). Outside a partial sweep the end colors
    /// continue up to the middle of the gap, as in the renderer.
    private func angularPattern(center: (Double, Double), frame: CGRect, stops: [(Double, RGBA)], start: Double, end: Double) -> String {
        let n = Self.number
        let (cx, cy) = center
        let (radius, wedges, t) = LayoutRenderer.conicWedges(center: center, frame: frame, start: start, end: end,
                                                             segments: Swift.max(writer.angularSegments, 8))
        let sorted = stops.sorted { $0.0 < $1.0 }
        let id = newID("angular")
        // The tile is the square around the wedges; its content is in tile coordinates.
        var out = "<pattern id=\"\(id)\" patternUnits=\"userSpaceOnUse\" x=\"\(n(cx - radius))\" y=\"\(n(cy - radius))\""
        out += " width=\"\(n(2 * radius))\" height=\"\(n(2 * radius))\">"
        for (i, (a0, a1)) in wedges.enumerated() {
            let c = LayoutRenderer.color(at: t((a0 + a1) / 2), sorted)
            // Each wedge reaches half a wedge into the next, so no seam shows between them.
            let e = i == wedges.count - 1 ? a1 : a1 + (a1 - a0) / 2
            let p0 = (radius + radius * cos(a0), radius + radius * sin(a0)), p1 = (radius + radius * cos(e), radius + radius * sin(e))
            out += "<path d=\"M\(n(radius)) \(n(radius))L\(n(p0.0)) \(n(p0.1))L\(n(p1.0)) \(n(p1.1))Z\"\(Self.paintAttributes(c, alpha: 1, "fill"))/>"
        }
        defs += out + "</pattern>\n"
        return id
    }

    static func strokeAttributes(_ style: StrokeStyle) -> String {
        let n = number
        var s = " stroke-width=\"\(n(Double(style.lineWidth)))\""
        switch style.lineCap {
        case .butt: break
        case .round: s += " stroke-linecap=\"round\""
        case .square: s += " stroke-linecap=\"square\""
        }
        switch style.lineJoin {
        case .miter: break
        case .round: s += " stroke-linejoin=\"round\""
        case .bevel: s += " stroke-linejoin=\"bevel\""
        }
        let limit = style.miterLimit.isFinite ? Swift.max(Double(style.miterLimit), 1) : 10
        s += " stroke-miterlimit=\"\(n(limit))\""
        let dash = style.dash.map(Double.init)
        // Cairo refuses negative or all-zero dashes; they are drawn solid.
        if !dash.isEmpty, dash.allSatisfy({ $0.isFinite && $0 >= 0 }), dash.contains(where: { $0 > 0 }) {
            s += " stroke-dasharray=\"\(dash.map(n).joined(separator: " "))\""
            if style.dashPhase.isFinite, style.dashPhase != 0 { s += " stroke-dashoffset=\"\(n(Double(style.dashPhase)))\"" }
        }
        return s
    }

    // MARK: Geometry and numbers

    /// The path data of `shape` fitted to `rect`, as the renderer adds it; nil when a coordinate
    /// is not finite, empty when there is nothing to draw.
    static func shapeData(_ shape: ShapeKind, in rect: CGRect) -> String? {
        var d = PathData()
        add(shape, in: rect, to: &d)
        return d.valid ? d.text : nil
    }

    private static func add(_ shape: ShapeKind, in rect: CGRect, to d: inout PathData) {
        let x = Double(rect.minX), y = Double(rect.minY), w = Double(rect.width), h = Double(rect.height)
        switch shape {
        case .rectangle:
            d.rect(x, y, w, h)
        case .roundedRectangle(let radius):
            let r = radius.isFinite ? Swift.min(Swift.max(Double(radius), 0), Swift.min(w, h) / 2) : 0
            d.roundedRect(x, y, w, h, r)
        case .capsule:
            d.roundedRect(x, y, w, h, Swift.min(w, h) / 2)
        case .circle:
            let r = Swift.min(w, h) / 2
            d.ellipse(x + w / 2, y + h / 2, r, r)
        case .ellipse:
            d.ellipse(x + w / 2, y + h / 2, w / 2, h / 2)
        case .inset(let base, let amount):
            let (kind, r) = base.inset(by: amount, in: rect)
            if r.width > 0, r.height > 0 { add(kind, in: r, to: &d) }
        case .path, .custom, .trimmed, .animatablePath:
            shape.path(in: rect).forEach { e in
                switch e {
                case .move(let p): d.command("M", [p])
                case .line(let p): d.command("L", [p])
                case .quadCurve(let p, let c): d.command("Q", [c, p])
                case .curve(let p, let c1, let c2): d.command("C", [c1, c2, p])
                case .closeSubpath: d.text += "Z"
                }
            }
        }
    }

    /// SVG path data, built with the renderer's primitives (arcs clockwise on screen, from the
    /// same start points as cairo's).
    struct PathData {
        var text = ""
        var valid = true

        private mutating func check(_ values: [Double]) -> Bool {
            if values.allSatisfy(\.isFinite) { return true }
            valid = false
            return false
        }

        mutating func command(_ c: String, _ points: [CGPoint]) {
            guard check(points.flatMap { [Double($0.x), Double($0.y)] }) else { return }
            text += c + points.map { "\(SVGBuilder.number(Double($0.x))) \(SVGBuilder.number(Double($0.y)))" }.joined(separator: " ")
        }

        mutating func rect(_ x: Double, _ y: Double, _ w: Double, _ h: Double) {
            guard check([x, y, w, h]) else { return }
            let n = SVGBuilder.number
            text += "M\(n(x)) \(n(y))H\(n(x + w))V\(n(y + h))H\(n(x))Z"
        }

        mutating func roundedRect(_ x: Double, _ y: Double, _ w: Double, _ h: Double, _ r: Double) {
            guard r > 0 else { rect(x, y, w, h); return }
            guard check([x, y, w, h, r]) else { return }
            let n = SVGBuilder.number, a = "A\(n(r)) \(n(r)) 0 0 1 "
            text += "M\(n(x + w - r)) \(n(y))" + a + "\(n(x + w)) \(n(y + r))"
            text += "L\(n(x + w)) \(n(y + h - r))" + a + "\(n(x + w - r)) \(n(y + h))"
            text += "L\(n(x + r)) \(n(y + h))" + a + "\(n(x)) \(n(y + h - r))"
            text += "L\(n(x)) \(n(y + r))" + a + "\(n(x + r)) \(n(y))Z"
        }

        mutating func ellipse(_ cx: Double, _ cy: Double, _ rx: Double, _ ry: Double) {
            guard check([cx, cy, rx, ry]) else { return }
            let n = SVGBuilder.number, a = "A\(n(rx)) \(n(ry)) 0 1 1 "
            text += "M\(n(cx + rx)) \(n(cy))" + a + "\(n(cx - rx)) \(n(cy))" + a + "\(n(cx + rx)) \(n(cy))Z"
        }
    }

    /// A number for SVG: at most three decimals, no trailing zeros, no "-0".
    static func number(_ v: Double) -> String {
        guard v.isFinite else { return "0" }
        let r = (v * 1000).rounded() / 1000
        if r == r.rounded(), abs(r) < 1e15 { return String(Int64(r)) }
        var s = String(format: "%.3f", r)
        while s.hasSuffix("0") { s.removeLast() }
        if s.hasSuffix(".") { s.removeLast() }
        return s == "-0" ? "0" : s
    }

    /// `#rrggbb` of a color (its alpha is written apart).
    /// How far a view's drawing may overflow its frame inside a shadow or blur (the renderer's
    /// `beginOffscreen` grows its image by as much): half the longer side.
    static func overflow(_ frame: CGRect) -> CGFloat {
        0.5 * Swift.max(frame.width.isFinite ? frame.width : 0, frame.height.isFinite ? frame.height : 0)
    }

    static func hex(_ c: RGBA) -> String {
        func byte(_ v: Double) -> Int { v.isFinite ? Int((Swift.min(Swift.max(v, 0), 1) * 255).rounded()) : 0 }
        let v = byte(c.red) << 16 | byte(c.green) << 8 | byte(c.blue)
        let s = String(v, radix: 16)
        return "#" + String(repeating: "0", count: 6 - s.count) + s
    }
}
