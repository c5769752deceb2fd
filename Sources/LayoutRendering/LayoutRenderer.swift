import CPangoCairo
import Foundation
import LayoutCore

/// Draws a layout's display list into a cairo context with cairo and Pango.
///
/// Items draw in the frames of their views, taken from the `frames` array passed to `draw`, so an
/// animation can draw interpolated frames without laying out again. One renderer keeps its Pango
/// context and a bounded cache of shaped text layouts between frames; it is not thread-safe (use
/// one renderer per thread).
public final class LayoutRenderer {
    private let pango: PangoTextContext
    private var layoutCache: [TextKey: OpaquePointer] = [:]
    private var clipStack: [StackEntry] = []
    /// How many transition transforms the current item is drawn through: off-screen culling by
    /// the laid-out frame is off inside them (the transform may bring the view on screen).
    private var transformDepth = 0
    /// Decoded PNG images by path (asset catalogs' images): decoded once, drawn every frame.
    private var bitmaps: [String: OpaquePointer?] = [:]

    /// The maximum number of shaped text layouts kept between frames.
    public let textCacheLimit: Int
    /// The font families used for text (use the same as the `PangoTextMeasurer` that measured).
    public var families: FontFamilies { pango.families }
    /// A hair added to a text's frame width when wrapping, so a width measured by Pango never
    /// re-wraps from rounding.
    public var wrapSlack: CGFloat = 0.5
    /// Cairo's curve flattening tolerance in device pixels (cairo's default is 0.1).
    public var tolerance: Double = 0.25

    public init(families: FontFamilies = FontFamilies(), textCacheLimit: Int = 2048) {
        pango = PangoTextContext(families: families)
        self.textCacheLimit = Swift.max(textCacheLimit, 1)
    }

    deinit {
        for (_, layout) in layoutCache { g_object_unref(UnsafeMutableRawPointer(layout)) }
        for case let surface? in bitmaps.values { cairo_surface_destroy(surface) }
    }

    /// The decoded image at `path`, or nil when it cannot be read as a PNG (remembered, so a
    /// bad file is not read again every frame).
    private func bitmap(at path: String) -> OpaquePointer? {
        if let known = bitmaps[path] { return known }
        var surface: OpaquePointer? = cairo_image_surface_create_from_png(path)
        if let s = surface, cairo_surface_status(s) != CAIRO_STATUS_SUCCESS {
            cairo_surface_destroy(s)
            surface = nil
        }
        bitmaps[path] = surface
        return surface
    }

    /// The canvas background for a color scheme: #fafafa in light mode, #242424 in dark mode.
    public static func background(scheme: ColorScheme) -> RGBA {
        scheme == .light ? RGBA(0xfa / 255.0, 0xfa / 255.0, 0xfa / 255.0) : RGBA(0x24 / 255.0, 0x24 / 255.0, 0x24 / 255.0)
    }

    /// Fills the current clip of `cr` with the background color of `scheme`.
    public static func paintBackground(scheme: ColorScheme, into cr: OpaquePointer) {
        let c = background(scheme: scheme)
        cairo_save(cr)
        cairo_set_operator(cr, CAIRO_OPERATOR_SOURCE)
        cairo_set_source_rgba(cr, c.red, c.green, c.blue, c.alpha)
        cairo_paint(cr)
        cairo_restore(cr)
    }

    /// Draws a layout result's display list in its views' frames.
    public func draw(_ result: LayoutResult, scheme: ColorScheme, into cr: OpaquePointer) {
        draw(result.displayList, frames: result.frames, scheme: scheme, into: cr)
    }

    /// Draws `items` into `cr` (in its current user space, which is root coordinates).
    ///
    /// - Parameters:
    ///   - frames: the frame of every view, indexed by view index.
    ///   - opacities: an optional opacity for every view, indexed by view index, not multiplied
    ///     by its ancestors' (as `AnimationFrame.opacities`); it multiplies the fills, strokes,
    ///     text and progress bars drawn for that view. Groups composite with their own opacity
    ///     only, since the views inside them carry their own.
    ///   - transforms: an optional transform for every view, indexed by view index (as
    ///     `AnimationFrame.transforms`): a view's `transition` bracket draws what is inside it
    ///     through its transform. Empty: every transition draws as laid out.
    ///   - layoutFrames: optionally, the frame every view was laid out in (as
    ///     `AnimationFrame.layoutFrames`): text is shaped in at least that size, from its
    ///     presented frame's origin, so an animated label is never re-wrapped or truncated mid-way.
    ///   - scheme: the color scheme paints resolve in.
    /// Items of views without a finite, non-empty frame are skipped; clips of such views clip
    /// everything until their `endClip`. Unbalanced clip/group items are tolerated.
    public func draw(_ items: [DisplayItem], frames: [CGRect], opacities: [Double]? = nil,
                     transforms: [PresentedTransform] = [], layoutFrames: [CGRect] = [],
                     scheme: ColorScheme, into target: OpaquePointer) {
        guard cairo_status(target) == CAIRO_STATUS_SUCCESS else { return }
        // Shadows and blurs draw their views into image surfaces: `cr` is where drawing goes now.
        var cr = target
        // The product of the `opacity` modifiers around the current item since the last layer.
        var opacityFactor = 1.0
        pango_cairo_update_context(cr, pango.context)
        cairo_save(cr)
        cairo_set_tolerance(cr, tolerance)
        // Items entirely outside the visible area are skipped (frames are drawn in user space).
        var cx1 = 0.0, cy1 = 0.0, cx2 = 0.0, cy2 = 0.0
        cairo_clip_extents(cr, &cx1, &cy1, &cx2, &cy2)
        let visible = CGRect(x: cx1, y: cy1, width: cx2 - cx1, height: cy2 - cy1)
        clipStack.removeAll(keepingCapacity: true)
        transformDepth = 0
        for index in items.indices {
            // The view and kind are read in place: an item off screen is skipped without
            // copying its payload (paints, text), most of the cost of a large, scrolled canvas.
            let v = items[index].view
            let frame: CGRect? = v >= 0 && v < frames.count ? frames[v] : nil
            let drawable = frame.map(Self.isDrawable) ?? false
            // Fills, strokes, text and progress bars below are therefore on screen.
            if items[index].kind.drawsInsideItsFrame && !(drawable && (transformDepth > 0 || Self.overlaps(frame!, cx1, cy1, cx2, cy2))) { continue }
            let item = items[index]
            var alpha = opacityFactor
            if let opacities, v >= 0, v < opacities.count {
                let o = opacities[v]
                alpha *= o.isFinite ? Swift.min(Swift.max(o, 0), 1) : 1
            }
            switch item.kind {
            case .fill(let shape, let paint):
                guard alpha > 0, let frame,
                      Self.setPaint(paint, frame: frame, scheme: scheme, alpha: alpha, cr: cr) else { continue }
                Self.addShape(shape, in: frame, to: cr)
                cairo_fill(cr)
            case .fillEvenOdd(let shape, let paint):
                guard alpha > 0, let frame,
                      Self.setPaint(paint, frame: frame, scheme: scheme, alpha: alpha, cr: cr) else { continue }
                Self.addShape(shape, in: frame, to: cr)
                cairo_set_fill_rule(cr, CAIRO_FILL_RULE_EVEN_ODD)
                cairo_fill(cr)
                cairo_set_fill_rule(cr, CAIRO_FILL_RULE_WINDING)
            case .stroke(let shape, let paint, let lineWidth):
                guard alpha > 0, let frame, lineWidth.isFinite, lineWidth > 0,
                      Self.setPaint(paint, frame: frame, scheme: scheme, alpha: alpha, cr: cr) else { continue }
                Self.strokeInside(shape, in: frame, lineWidth: lineWidth, cr: cr)
            case .strokePath(let shape, let paint, let style):
                // The line is centred on the outline, so it may reach outside the frame.
                guard drawable, alpha > 0, let frame, style.lineWidth.isFinite, style.lineWidth > 0,
                      frame.insetBy(dx: -style.lineWidth * 4, dy: -style.lineWidth * 4).intersects(visible),
                      Self.setPaint(paint, frame: frame, scheme: scheme, alpha: alpha, cr: cr) else { continue }
                Self.strokeOutline(shape, in: frame, style: style, cr: cr)
            case .text(let run):
                // The glyphs are filled with the paint: a gradient runs across the text's frame.
                guard alpha > 0, let frame, !run.string.isEmpty,
                      Self.setPaint(run.paint, frame: frame, scheme: scheme, alpha: alpha, cr: cr) else { continue }
                // A choice (SwiftUI does not document it): while its frame animates, text is never
                // squeezed below the size it was laid out in (no line breaks or ellipses that
                // neither end has), drawn from the frame's origin on its way.
                var textFrame = frame
                if v < layoutFrames.count, Self.isDrawable(layoutFrames[v]) {
                    let laidOut = layoutFrames[v].size
                    if laidOut.width > frame.width || laidOut.height > frame.height {
                        textFrame.size = CGSize(width: Swift.max(frame.width, laidOut.width), height: Swift.max(frame.height, laidOut.height))
                    }
                }
                drawText(run, in: textFrame, cr: cr)
            case .bitmap(let path):
                guard alpha > 0, let frame, frame.width > 0, frame.height > 0, let surface = bitmap(at: path) else { continue }
                let w = Double(cairo_image_surface_get_width(surface)), h = Double(cairo_image_surface_get_height(surface))
                guard w > 0, h > 0 else { continue }
                cairo_save(cr)
                cairo_translate(cr, Double(frame.minX), Double(frame.minY))
                cairo_scale(cr, Double(frame.width) / w, Double(frame.height) / h)
                cairo_set_source_surface(cr, surface, 0, 0)
                // Scaled up, the pixels are interpolated as UIKit draws images (bilinear).
                cairo_pattern_set_filter(cairo_get_source(cr), CAIRO_FILTER_GOOD)
                cairo_rectangle(cr, 0, 0, w, h)
                cairo_clip(cr)
                cairo_paint_with_alpha(cr, alpha)
                cairo_restore(cr)
            case .progress(let fraction, let track, let bar):
                guard alpha > 0, let frame else { continue }
                drawProgress(fraction: fraction, track: track.resolve(in: scheme), bar: bar.resolve(in: scheme),
                             in: frame, alpha: alpha, cr: cr)
            case .beginClip(let shape):
                cairo_save(cr)
                clipStack.append(.clip)
                if drawable, let frame {
                    Self.addShape(shape, in: frame, to: cr)
                } else {
                    cairo_rectangle(cr, 0, 0, 0, 0)
                }
                cairo_clip(cr)
            case .beginGroup(let opacity):
                let o = opacity.isFinite ? Swift.min(Swift.max(opacity, 0), 1) : 1
                cairo_push_group(cr)
                // Not multiplied by the view's own opacity: the views inside carry their own. The
                // opacity modifiers outside apply to the layer as a whole.
                clipStack.append(.group(o, outer: opacityFactor))
                opacityFactor = 1
            case .beginOpacity(let opacity):
                clipStack.append(.opacity(outer: opacityFactor))
                opacityFactor *= opacity.isFinite ? Swift.min(Swift.max(opacity, 0), 1) : 1
            case .beginEffect(let effect):
                switch effect {
                case .scale(let sx, let sy, let anchor):
                    cairo_save(cr)
                    clipStack.append(.clip)
                    guard drawable, let frame, sx != 0, sy != 0 else {
                        // Scaled to nothing (or nowhere to anchor): nothing inside shows.
                        cairo_rectangle(cr, 0, 0, 0, 0); cairo_clip(cr); continue
                    }
                    let ax = Double(frame.minX + anchor.x * frame.width), ay = Double(frame.minY + anchor.y * frame.height)
                    cairo_translate(cr, ax, ay)
                    cairo_scale(cr, Double(sx), Double(sy))
                    cairo_translate(cr, -ax, -ay)
                case .rotation(let radians, let anchor):
                    cairo_save(cr)
                    clipStack.append(.clip)
                    guard let frame, frame.origin.x.isFinite, frame.origin.y.isFinite,
                          frame.width.isFinite, frame.height.isFinite else { continue }
                    let ax = Double(frame.minX + anchor.x * frame.width), ay = Double(frame.minY + anchor.y * frame.height)
                    cairo_translate(cr, ax, ay)
                    cairo_rotate(cr, radians)
                    cairo_translate(cr, -ax, -ay)
                case .transition:
                    cairo_save(cr)
                    let t = v >= 0 && v < transforms.count ? transforms[v] : .identity
                    guard !t.isIdentity else { clipStack.append(.clip); continue }
                    clipStack.append(.transform)
                    transformDepth += 1
                    guard t.scale.isFinite, t.scale > 1e-6, t.tx.isFinite, t.ty.isFinite else {
                        // Scaled to nothing: nothing inside shows (cairo cannot invert a zero scale).
                        cairo_rectangle(cr, 0, 0, 0, 0); cairo_clip(cr); continue
                    }
                    cairo_translate(cr, t.tx, t.ty)
                    cairo_scale(cr, t.scale, t.scale)
                case .shadow, .blur:
                    if let frame, drawable,
                       let o = Self.beginOffscreen(effect, frame: frame, cr: cr, tolerance: tolerance, scheme: scheme, alpha: alpha) {
                        pango_cairo_update_context(o.context, pango.context)
                        clipStack.append(.offscreen(o))
                        cr = o.context
                    } else {
                        // Nothing to draw from, or too large: drawn without the effect.
                        cairo_save(cr)
                        clipStack.append(.clip)
                    }
                }
            case .beginMask:
                cairo_push_group(cr)
                clipStack.append(.maskContent)
            case .beginMaskShape:
                guard case .maskContent? = clipStack.last else { continue }
                clipStack.removeLast()
                let content = cairo_pop_group(cr)!
                cairo_push_group(cr)
                // The mask's own drawing is not faded by the opacity around the masked view.
                clipStack.append(.maskShape(content, outer: opacityFactor))
                opacityFactor = 1
            case .endClip, .endGroup, .endEffect, .endMask, .endOpacity:
                guard let top = clipStack.popLast() else { continue }
                cr = pop(top, cr, &opacityFactor)
            }
        }
        while let top = clipStack.popLast() { cr = pop(top, cr, &opacityFactor) }
        cairo_restore(cr)
    }

    // MARK: - Overlays

    /// Strokes a 1pt dashed rectangle just inside `rect` (layout guides, proposals).
    public static func drawDashedRect(_ rect: CGRect, color: RGBA, lineWidth: CGFloat = 1,
                                      dash: [Double] = [4, 3], into cr: OpaquePointer) {
        guard isDrawable(rect), lineWidth.isFinite, lineWidth > 0 else { return }
        cairo_save(cr)
        cairo_set_source_rgba(cr, color.red, color.green, color.blue, color.alpha)
        cairo_set_line_width(cr, Double(lineWidth))
        dash.withUnsafeBufferPointer { cairo_set_dash(cr, $0.baseAddress, Int32($0.count), 0) }
        let inset = Swift.min(lineWidth / 2, Swift.min(rect.width, rect.height) / 2)
        let r = rect.insetBy(dx: inset, dy: inset)
        cairo_rectangle(cr, Double(r.minX), Double(r.minY), Double(r.width), Double(r.height))
        cairo_stroke(cr)
        cairo_restore(cr)
    }

    /// The selection accent color.
    public static let selectionColor = RGBA(0, 0.478, 1)

    /// Draws a selection highlight: a translucent accent fill, a 2pt accent outline and corner
    /// handles, around `rect`.
    public static func drawSelection(_ rect: CGRect, color: RGBA = selectionColor, into cr: OpaquePointer) {
        guard rect.origin.x.isFinite, rect.origin.y.isFinite, rect.width.isFinite, rect.height.isFinite,
              rect.width >= 0, rect.height >= 0 else { return }
        cairo_save(cr)
        let x = Double(rect.minX), y = Double(rect.minY), w = Double(rect.width), h = Double(rect.height)
        cairo_set_source_rgba(cr, color.red, color.green, color.blue, color.alpha * 0.12)
        cairo_rectangle(cr, x, y, w, h)
        cairo_fill(cr)
        cairo_set_source_rgba(cr, color.red, color.green, color.blue, color.alpha)
        cairo_set_line_width(cr, 2)
        cairo_rectangle(cr, x - 1, y - 1, w + 2, h + 2)
        cairo_stroke(cr)
        let s = 5.0
        for (hx, hy) in [(x, y), (x + w, y), (x, y + h), (x + w, y + h)] {
            cairo_rectangle(cr, hx - s / 2, hy - s / 2, s, s)
        }
        cairo_set_source_rgba(cr, 1, 1, 1, 1)
        cairo_fill_preserve(cr)
        cairo_set_source_rgba(cr, color.red, color.green, color.blue, color.alpha)
        cairo_set_line_width(cr, 1)
        cairo_stroke(cr)
        cairo_restore(cr)
    }

    // MARK: - Shapes

    /// Whether drawable `r` reaches into the box (x1, y1)–(x2, y2), compared field by field
    /// (Foundation's `intersects` computes the intersection out of line).
    @inline(__always) static func overlaps(_ r: CGRect, _ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double) -> Bool {
        let minX = Double(r.origin.x), minY = Double(r.origin.y)
        return minX < x2 && minX + Double(r.size.width) > x1 && minY < y2 && minY + Double(r.size.height) > y1
    }

    /// Whether a frame can be drawn: finite and non-empty.
    @inline(__always) static func isDrawable(_ r: CGRect) -> Bool {
        r.origin.x.isFinite && r.origin.y.isFinite && r.size.width.isFinite && r.size.height.isFinite
            && r.size.width > 0 && r.size.height > 0
    }

    /// Adds the path of `shape` fitted to `rect` (which must be drawable) to the current path.
    public static func addShape(_ shape: ShapeKind, in rect: CGRect, to cr: OpaquePointer) {
        let x = Double(rect.minX), y = Double(rect.minY), w = Double(rect.width), h = Double(rect.height)
        switch shape {
        case .rectangle:
            cairo_rectangle(cr, x, y, w, h)
        case .roundedRectangle(let radius):
            let r = radius.isFinite ? Swift.min(Swift.max(Double(radius), 0), Swift.min(w, h) / 2) : 0
            addRoundedRect(x, y, w, h, r, cr)
        case .capsule:
            addRoundedRect(x, y, w, h, Swift.min(w, h) / 2, cr)
        case .circle:
            cairo_new_sub_path(cr)
            cairo_arc(cr, x + w / 2, y + h / 2, Swift.min(w, h) / 2, 0, 2 * .pi)
            cairo_close_path(cr)
        case .ellipse:
            cairo_save(cr)
            cairo_translate(cr, x + w / 2, y + h / 2)
            cairo_scale(cr, w / 2, h / 2)
            cairo_new_sub_path(cr)
            cairo_arc(cr, 0, 0, 1, 0, 2 * .pi)
            cairo_close_path(cr)
            cairo_restore(cr)
        case .inset(let base, let amount):
            let (kind, r) = base.inset(by: amount, in: rect)
            if r.width > 0, r.height > 0 { addShape(kind, in: r, to: cr) }
        case .path, .custom, .trimmed, .animatablePath:
            addPath(shape.path(in: rect), to: cr)
        }
    }

    private static func addRoundedRect(_ x: Double, _ y: Double, _ w: Double, _ h: Double, _ r: Double, _ cr: OpaquePointer) {
        guard r > 0 else { cairo_rectangle(cr, x, y, w, h); return }
        cairo_new_sub_path(cr)
        cairo_arc(cr, x + w - r, y + r, r, -.pi / 2, 0)
        cairo_arc(cr, x + w - r, y + h - r, r, 0, .pi / 2)
        cairo_arc(cr, x + r, y + h - r, r, .pi / 2, .pi)
        cairo_arc(cr, x + r, y + r, r, .pi, 3 * .pi / 2)
        cairo_close_path(cr)
    }

    /// Strokes `shape` so that the stroke lies inside `rect` (SwiftUI's `strokeBorder`/`border`).
    ///
    /// Drawn as the even-odd fill between the shape and the shape inset by the line width, which
    /// is exact for rectangles, rounded rectangles, capsules and circles and several times faster
    /// than cairo's stroker; ellipses are stroked.
    private static func strokeInside(_ shape: ShapeKind, in rect: CGRect, lineWidth: CGFloat, cr: OpaquePointer) {
        let minSide = Swift.min(rect.width, rect.height)
        if lineWidth * 2 >= minSide {
            // The stroke covers the whole shape.
            addShape(shape, in: rect, to: cr)
            cairo_fill(cr)
            return
        }
        let inner = rect.insetBy(dx: lineWidth, dy: lineWidth)
        switch shape {
        case .inset, .path, .custom, .trimmed, .animatablePath:
            // Any other outline: a line twice as wide, centred on it and clipped to the shape.
            cairo_save(cr)
            addShape(shape, in: rect, to: cr)
            cairo_clip_preserve(cr)
            cairo_set_line_width(cr, Double(lineWidth) * 2)
            cairo_stroke(cr)
            cairo_restore(cr)
            return
        case .ellipse:
            let half = lineWidth / 2
            addShape(.ellipse, in: rect.insetBy(dx: half, dy: half), to: cr)
            cairo_set_line_width(cr, Double(lineWidth))
            cairo_stroke(cr)
            return
        case .rectangle, .capsule:
            addShape(shape, in: rect, to: cr)
            addShape(shape, in: inner, to: cr)
        case .roundedRectangle(let r):
            addShape(shape, in: rect, to: cr)
            let ri = r.isFinite ? Swift.max(Swift.min(r, minSide / 2) - lineWidth, 0) : 0
            addShape(.roundedRectangle(cornerRadius: ri), in: inner, to: cr)
        case .circle:
            addShape(.circle, in: rect, to: cr)
            let side = minSide - 2 * lineWidth
            addShape(.circle, in: CGRect(x: rect.midX - side / 2, y: rect.midY - side / 2, width: side, height: side), to: cr)
        }
        cairo_set_fill_rule(cr, CAIRO_FILL_RULE_EVEN_ODD)
        cairo_fill(cr)
        cairo_set_fill_rule(cr, CAIRO_FILL_RULE_WINDING)
    }

    @inline(__always) private func setSource(_ cr: OpaquePointer, _ c: RGBA, _ alpha: Double) {
        cairo_set_source_rgba(cr, c.red, c.green, c.blue, c.alpha * alpha)
    }

    private enum StackEntry {
        case clip
        /// A layer composited with its opacity times the opacity factor outside it.
        case group(Double, outer: Double)
        /// An `opacity` modifier: the factor to restore.
        case opacity(outer: Double)
        /// Drawing into an image surface for a shadow or blur.
        case offscreen(Offscreen)
        /// The masked view is being drawn into a group.
        case maskContent
        /// The mask is being drawn into a group; the masked view's pattern waits.
        case maskShape(OpaquePointer, outer: Double)
        /// A transition's transform: restored like a clip.
        case transform
    }

    /// Closes a bracket (restoring the opacity factor it changed); returns the context drawing
    /// continues in.
    private func pop(_ entry: StackEntry, _ cr: OpaquePointer, _ opacityFactor: inout Double) -> OpaquePointer {
        switch entry {
        case .clip:
            cairo_restore(cr)
        case .transform:
            cairo_restore(cr)
            transformDepth -= 1
        case .opacity(let outer):
            opacityFactor = outer
        case .group(let opacity, let outer):
            opacityFactor = outer
            cairo_pop_group_to_source(cr)
            if opacity * outer > 0 { cairo_paint_with_alpha(cr, opacity * outer) }
            // Reset the source so the popped group pattern is released.
            cairo_set_source_rgb(cr, 0, 0, 0)
        case .offscreen(let o):
            Self.endOffscreen(o)
            pango_cairo_update_context(o.parent, pango.context)
            return o.parent
        case .maskContent:
            // No mask came: the view is drawn unmasked.
            cairo_pop_group_to_source(cr)
            cairo_paint(cr)
            cairo_set_source_rgb(cr, 0, 0, 0)
        case .maskShape(let content, let outer):
            opacityFactor = outer
            let mask = cairo_pop_group(cr)!
            cairo_set_source(cr, content)
            cairo_mask(cr, mask)
            cairo_set_source_rgb(cr, 0, 0, 0)
            cairo_pattern_destroy(mask)
            cairo_pattern_destroy(content)
        }
        return cr
    }

    // MARK: - Progress

    private func drawProgress(fraction: Double, track: RGBA, bar: RGBA, in frame: CGRect, alpha: Double, cr: OpaquePointer) {
        let h = frame.height
        let trackRect = frame
        let f = fraction.isFinite ? Swift.min(Swift.max(fraction, 0), 1) : 0
        if track.alpha > 0 {
            setSource(cr, track, alpha)
            Self.addShape(.capsule, in: trackRect, to: cr)
            cairo_fill(cr)
        }
        let barWidth = frame.width * CGFloat(f)
        guard barWidth > 0, bar.alpha > 0 else { return }
        cairo_save(cr)
        Self.addShape(.capsule, in: trackRect, to: cr)
        cairo_clip(cr)
        setSource(cr, bar, alpha)
        // A capsule bar; narrower than its height it is clipped by the track's rounded end.
        let barRect = CGRect(x: frame.minX, y: frame.minY, width: Swift.max(barWidth, h), height: h)
        if barWidth >= h {
            Self.addShape(.capsule, in: barRect, to: cr)
        } else {
            cairo_rectangle(cr, Double(frame.minX), Double(frame.minY), Double(barWidth), Double(h))
        }
        cairo_fill(cr)
        cairo_restore(cr)
    }

    // MARK: - Text

    private struct TextKey: Hashable {
        let string: String
        let font: Font
        let width: Int32
        let height: Int32
        let lineLimit: Int32
        let alignment: TextAlignment
    }

    /// Draws a text run in `frame` with the source already set.
    private func drawText(_ run: TextRun, in frame: CGRect, cr: OpaquePointer) {
        let (layout, origin) = textLayout(for: run, in: frame)
        cairo_move_to(cr, Double(origin.x), Double(origin.y))
        pango_cairo_show_layout(cr, layout)
        cairo_new_path(cr)
    }

    /// The shaped Pango layout `run` is drawn with in `frame`, and where its top-left corner goes
    /// (root coordinates). The layout belongs to the renderer's cache: use it before the next
    /// call that may lay out text. The SVG writer uses this, so its lines are the drawn lines.
    func textLayout(for run: TextRun, in frame: CGRect) -> (layout: OpaquePointer, origin: CGPoint) {
        let width = pangoUnits(frame.width + wrapSlack)
        // Lines that do not fit the frame's height (or the line limit) are ellipsized.
        let frameHeight = pangoUnits(frame.height + wrapSlack)
        let lineLimit = run.lineLimit.map { Int32(Swift.min(Swift.max($0, 1), 100_000)) } ?? 0
        let key = TextKey(string: run.string, font: run.font, width: width, height: frameHeight, lineLimit: lineLimit,
                          alignment: run.alignment)
        let layout: OpaquePointer
        if let cached = layoutCache[key] {
            layout = cached
        } else {
            if layoutCache.count >= textCacheLimit {
                for (_, l) in layoutCache { g_object_unref(UnsafeMutableRawPointer(l)) }
                layoutCache.removeAll(keepingCapacity: true)
            }
            layout = pango.makeLayout()
            pango_layout_set_font_description(layout, pango.description(for: run.font))
            setFontFeatures(layout, run.font)
            pango_layout_set_wrap(layout, PANGO_WRAP_WORD_CHAR)
            pango_layout_set_width(layout, width)
            pango_layout_set_height(layout, lineLimit > 0 ? -lineLimit : frameHeight)
            pango_layout_set_ellipsize(layout, PANGO_ELLIPSIZE_END)
            switch run.alignment {
            case .leading: pango_layout_set_alignment(layout, PANGO_ALIGN_LEFT)
            case .center: pango_layout_set_alignment(layout, PANGO_ALIGN_CENTER)
            case .trailing: pango_layout_set_alignment(layout, PANGO_ALIGN_RIGHT)
            }
            pango_layout_set_auto_dir(layout, 1)
            pango_layout_set_text(layout, run.string, -1)
            if lineLimit > 0 {
                // A line limit, but the frame may be shorter still: then the frame decides.
                var logical = PangoRectangle()
                pango_layout_get_extents(layout, nil, &logical)
                if logical.height > frameHeight { pango_layout_set_height(layout, frameHeight) }
            }
            layoutCache[key] = layout
        }
        // The layout is `wrapSlack` wider than the frame: keep centred and trailing lines in it.
        let shift: CGFloat
        switch run.alignment {
        case .leading: shift = 0
        case .center: shift = wrapSlack / 2
        case .trailing: shift = wrapSlack
        }
        return (layout, CGPoint(x: frame.minX - shift, y: frame.minY))
    }

    /// Makes the Pango context lay text out as it does when drawing into `cr` (the SVG writer
    /// calls it with a scratch image context, as PNG export draws into one).
    func updateTextContext(for cr: OpaquePointer) {
        pango_cairo_update_context(cr, pango.context)
    }

    /// Drops the cached text layouts.
    public func clearTextCache() {
        for (_, l) in layoutCache { g_object_unref(UnsafeMutableRawPointer(l)) }
        layoutCache.removeAll()
    }
}

extension DisplayItem.Kind {
    /// Items that draw only inside their view's frame (and nothing when it is off screen or
    /// empty); clips, groups, effects and centred outlines are not.
    fileprivate var drawsInsideItsFrame: Bool {
        switch self {
        case .fill, .fillEvenOdd, .stroke, .text, .progress: return true
        default: return false
        }
    }
}
