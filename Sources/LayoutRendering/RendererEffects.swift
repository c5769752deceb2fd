import CPangoCairo
import Foundation
import LayoutCore

// Paths, paints (gradients), strokes and effects (shadow, blur) for `LayoutRenderer`.

extension LayoutRenderer {
    // MARK: Paths

    /// Adds `path` to the current path of `cr`.
    static func addPath(_ path: Path, to cr: OpaquePointer) {
        var last = CGPoint.zero
        path.forEach { e in
            switch e {
            case .move(let p): cairo_move_to(cr, Double(p.x), Double(p.y)); last = p
            case .line(let p): cairo_line_to(cr, Double(p.x), Double(p.y)); last = p
            case .quadCurve(let p, let c):
                // Elevated to a cubic curve.
                let c1 = CGPoint(x: last.x + 2 / 3 * (c.x - last.x), y: last.y + 2 / 3 * (c.y - last.y))
                let c2 = CGPoint(x: p.x + 2 / 3 * (c.x - p.x), y: p.y + 2 / 3 * (c.y - p.y))
                cairo_curve_to(cr, Double(c1.x), Double(c1.y), Double(c2.x), Double(c2.y), Double(p.x), Double(p.y))
                last = p
            case .curve(let p, let c1, let c2):
                cairo_curve_to(cr, Double(c1.x), Double(c1.y), Double(c2.x), Double(c2.y), Double(p.x), Double(p.y))
                last = p
            case .closeSubpath:
                cairo_close_path(cr)
                var x = 0.0, y = 0.0
                if cairo_has_current_point(cr) != 0 { cairo_get_current_point(cr, &x, &y); last = CGPoint(x: x, y: y) }
            }
        }
    }

    /// Strokes `shape` in `rect` with the line centred on its outline (SwiftUI's `stroke`).
    static func strokeOutline(_ shape: ShapeKind, in rect: CGRect, style: StrokeStyle, cr: OpaquePointer) {
        cairo_set_line_width(cr, Double(style.lineWidth))
        switch style.lineCap {
        case .butt: cairo_set_line_cap(cr, CAIRO_LINE_CAP_BUTT)
        case .round: cairo_set_line_cap(cr, CAIRO_LINE_CAP_ROUND)
        case .square: cairo_set_line_cap(cr, CAIRO_LINE_CAP_SQUARE)
        @unknown default: cairo_set_line_cap(cr, CAIRO_LINE_CAP_BUTT)
        }
        switch style.lineJoin {
        case .miter: cairo_set_line_join(cr, CAIRO_LINE_JOIN_MITER)
        case .round: cairo_set_line_join(cr, CAIRO_LINE_JOIN_ROUND)
        case .bevel: cairo_set_line_join(cr, CAIRO_LINE_JOIN_BEVEL)
        @unknown default: cairo_set_line_join(cr, CAIRO_LINE_JOIN_MITER)
        }
        cairo_set_miter_limit(cr, Double(style.miterLimit))
        if !style.dash.isEmpty {
            let dashes = style.dash.map(Double.init)
            dashes.withUnsafeBufferPointer { cairo_set_dash(cr, $0.baseAddress, Int32($0.count), Double(style.dashPhase)) }
        }
        addShape(shape, in: rect, to: cr)
        cairo_stroke(cr)
        if !style.dash.isEmpty { cairo_set_dash(cr, nil, 0, 0) }
    }

    // MARK: Paints

    /// Sets the source of `cr` to `paint` for a shape drawn in `frame`, with `alpha` applied.
    /// Returns false when nothing would show (fully transparent).
    static func setPaint(_ paint: Paint, frame: CGRect, scheme: ColorScheme, alpha: Double, cr: OpaquePointer) -> Bool {
        func stops(_ g: Gradient) -> [(Double, RGBA)] {
            g.stops.map { (Double($0.location.isFinite ? $0.location : 0), $0.color.resolve(in: scheme).multiplyingAlpha(alpha)) }
        }
        func add(_ pattern: OpaquePointer, _ s: [(Double, RGBA)]) {
            for (t, c) in s { cairo_pattern_add_color_stop_rgba(pattern, Swift.min(Swift.max(t, 0), 1), c.red, c.green, c.blue, c.alpha) }
        }
        func point(_ u: CGPoint) -> (Double, Double) {
            (Double(frame.minX + u.x * frame.width), Double(frame.minY + u.y * frame.height))
        }
        /// Sets a linear or radial pattern with the gradient's stops as the source.
        func use(_ pattern: OpaquePointer?, _ s: [(Double, RGBA)]) -> Bool {
            guard let pattern else { return false }
            add(pattern, s)
            cairo_pattern_set_extend(pattern, CAIRO_EXTEND_PAD)
            cairo_set_source(cr, pattern)
            cairo_pattern_destroy(pattern)
            return true
        }
        switch paint {
        case .linearGradient(let g, let sp, let ep):
            let s = stops(g)
            guard s.contains(where: { $0.1.alpha > 0 }) else { return false }
            let (x0, y0) = point(sp), (x1, y1) = point(ep)
            return use(cairo_pattern_create_linear(x0, y0, x1, y1), s)
        case .radialGradient(let g, let c, let r0, let r1):
            let s = stops(g)
            guard s.contains(where: { $0.1.alpha > 0 }) else { return false }
            let (cx, cy) = point(c)
            let a = r0.isFinite ? Double(Swift.max(r0, 0)) : 0, b = r1.isFinite ? Double(Swift.max(r1, 0)) : 0
            return use(cairo_pattern_create_radial(cx, cy, a, cx, cy, b), s)
        case .angularGradient(let g, let c, let a0, let a1):
            let s = stops(g)
            guard s.contains(where: { $0.1.alpha > 0 }) else { return false }
            let (cx, cy) = point(c)
            guard let pattern = conicPattern(center: (cx, cy), frame: frame, stops: s, start: a0, end: a1) else { return false }
            cairo_set_source(cr, pattern)
            cairo_pattern_destroy(pattern)
            return true
        case .colorGradient(let color):
            // Choice (SwiftUI's stops are not documented): 20% lighter at the top, 10% darker at the bottom.
            let base = color.resolve(in: scheme)
            guard base.alpha * alpha > 0 else { return false }
            let top = base.mixed(with: RGBA(1, 1, 1, base.alpha), by: 0.2).multiplyingAlpha(alpha)
            let bottom = base.mixed(with: RGBA(0, 0, 0, base.alpha), by: 0.1).multiplyingAlpha(alpha)
            return use(cairo_pattern_create_linear(0, Double(frame.minY), 0, Double(frame.maxY)), [(0, top), (1, bottom)])
        default:
            let c = paint.resolve(in: scheme)
            guard c.alpha * alpha > 0 else { return false }
            cairo_set_source_rgba(cr, c.red, c.green, c.blue, c.alpha * alpha)
            return true
        }
    }

    /// The color of a gradient at `t` (0…1), stops held flat beyond the ends.
    static func color(at t: Double, _ stops: [(Double, RGBA)]) -> RGBA {
        guard let first = stops.first else { return RGBA(0, 0, 0, 0) }
        if t <= first.0 { return first.1 }
        for i in 1..<stops.count where t <= stops[i].0 {
            let (t0, c0) = stops[i - 1], (t1, c1) = stops[i]
            return t1 > t0 ? c0.mixed(with: c1, by: (t - t0) / (t1 - t0)) : c1
        }
        return stops[stops.count - 1].1
    }

    /// The wedges an angular gradient is drawn with, shared by the cairo mesh and the SVG
    /// writer: a radius reaching past the frame's farthest corner, and `segments` wedges (their
    /// start and end angles) covering the whole turn. Outside a partial sweep the end colors
    /// continue up to the middle of the gap, as SwiftUI pads them; `t` is the gradient location
    /// of an angle.
    static func conicWedges(center: (Double, Double), frame: CGRect, start: Double, end: Double, segments: Int)
        -> (radius: Double, wedges: [(Double, Double)], t: (Double) -> Double) {
        let (cx, cy) = center
        var radius = 1.0
        for (x, y) in [(frame.minX, frame.minY), (frame.maxX, frame.minY), (frame.minX, frame.maxY), (frame.maxX, frame.maxY)] {
            radius = Swift.max(radius, hypot(Double(x) - cx, Double(y) - cy))
        }
        radius *= 1.05
        var sweep = end - start
        if abs(sweep) > 2 * .pi { sweep = sweep < 0 ? -2 * .pi : 2 * .pi }
        let gap = 2 * .pi - abs(sweep)
        let direction: Double = sweep < 0 ? -1 : 1
        // Angles from start - gap/2 to start + sweep + gap/2 cover the whole turn.
        let total = 2 * Double.pi
        let from = start - direction * gap / 2
        let wedges = (0..<segments).map { i in
            (from + direction * total * Double(i) / Double(segments), from + direction * total * Double(i + 1) / Double(segments))
        }
        return (radius, wedges, { a in sweep == 0 ? 0 : (a - start) / sweep })
    }

    /// An angular gradient as a cairo mesh of thin triangles around the centre (`conicWedges`),
    /// each blended from the color at its start angle to the color at its end angle.
    static func conicPattern(center: (Double, Double), frame: CGRect, stops: [(Double, RGBA)], start: Double, end: Double) -> OpaquePointer? {
        guard start.isFinite, end.isFinite, let mesh = cairo_pattern_create_mesh() else { return nil }
        let (cx, cy) = center
        let (radius, wedges, t) = conicWedges(center: center, frame: frame, start: start, end: end, segments: 180)
        for (a0, a1) in wedges {
            let c0 = color(at: t(a0), stops), c1 = color(at: t(a1), stops)
            cairo_mesh_pattern_begin_patch(mesh)
            cairo_mesh_pattern_move_to(mesh, cx, cy)
            cairo_mesh_pattern_line_to(mesh, cx + radius * cos(a0), cy + radius * sin(a0))
            cairo_mesh_pattern_line_to(mesh, cx + radius * cos(a1), cy + radius * sin(a1))
            cairo_mesh_pattern_set_corner_color_rgba(mesh, 0, c0.red, c0.green, c0.blue, c0.alpha)
            cairo_mesh_pattern_set_corner_color_rgba(mesh, 1, c0.red, c0.green, c0.blue, c0.alpha)
            cairo_mesh_pattern_set_corner_color_rgba(mesh, 2, c1.red, c1.green, c1.blue, c1.alpha)
            cairo_mesh_pattern_set_corner_color_rgba(mesh, 3, c1.red, c1.green, c1.blue, c1.alpha)
            cairo_mesh_pattern_end_patch(mesh)
        }
        return mesh
    }

    // MARK: Offscreen effects (shadow, blur)

    /// A view's drawing redirected into an image surface, for an effect that needs its pixels.
    struct Offscreen {
        let effect: VisualEffect
        let parent: OpaquePointer
        let surface: OpaquePointer
        let context: OpaquePointer
        /// The surface's origin in the parent's device space.
        let deviceX: Int, deviceY: Int
        /// Device units per point (the context's matrix).
        let deviceScale: Double
        /// Pixels per device unit (the target surface's device scale: 2 on a HiDPI window).
        let pixelScale: Double
        /// The scheme the shadow's color resolves in, and the view's opacity.
        let scheme: ColorScheme
        let alpha: Double
    }

    /// Starts drawing `frame`'s view (and what overflows it by the effect's reach) into an
    /// image surface; nil when the area is empty or absurdly large (the effect is then skipped).
    static func beginOffscreen(_ effect: VisualEffect, frame: CGRect, cr: OpaquePointer, tolerance: Double,
                               scheme: ColorScheme, alpha: Double) -> Offscreen? {
        var reach: CGFloat = 16
        switch effect {
        case .shadow(_, let r, let x, let y): reach += 1.5 * r + Swift.max(abs(x), abs(y))
        case .blur(let r, _):
            // No blur draws the view as it is (a blur-replace transition's view at rest).
            guard r > 0 else { return nil }
            reach += 1.5 * r
        default: return nil
        }
        // What is drawn inside may overflow the frame: a `rotationEffect` or a `scaleEffect`
        // within the effect (a view turning in through a custom transition) reaches past its
        // corners. Half the longer side more covers a turn about the centre and a scale up to 2.
        let overflow = 0.5 * Swift.max(frame.width.isFinite ? frame.width : 0, frame.height.isFinite ? frame.height : 0)
        let area = frame.insetBy(dx: -(reach + overflow), dy: -(reach + overflow))
        guard area.origin.x.isFinite, area.origin.y.isFinite, area.width.isFinite, area.height.isFinite else { return nil }
        var xs = [Double](), ys = [Double]()
        for (px, py) in [(area.minX, area.minY), (area.maxX, area.minY), (area.minX, area.maxY), (area.maxX, area.maxY)] {
            var x = Double(px), y = Double(py)
            cairo_user_to_device(cr, &x, &y)
            xs.append(x); ys.append(y)
        }
        // Only what can show: the device clip.
        var c1 = 0.0, d1 = 0.0, c2 = 0.0, d2 = 0.0
        cairo_clip_extents(cr, &c1, &d1, &c2, &d2)
        var cxs = [Double](), cys = [Double]()
        for (px, py) in [(c1, d1), (c2, d1), (c1, d2), (c2, d2)] {
            var x = px, y = py
            cairo_user_to_device(cr, &x, &y)
            cxs.append(x); cys.append(y)
        }
        let x0 = Swift.max(xs.min()!, cxs.min()! - Double(reach) * 4), x1 = Swift.min(xs.max()!, cxs.max()! + Double(reach) * 4)
        let y0 = Swift.max(ys.min()!, cys.min()! - Double(reach) * 4), y1 = Swift.min(ys.max()!, cys.max()! + Double(reach) * 4)
        let ix = Int(x0.rounded(.down)), iy = Int(y0.rounded(.down))
        let w = Int(x1.rounded(.up)) - ix, h = Int(y1.rounded(.up)) - iy
        // A HiDPI target has a device scale outside the matrix: draw at its resolution.
        var sx = 1.0, sy = 1.0
        if let target = cairo_get_group_target(cr) { cairo_surface_get_device_scale(target, &sx, &sy) }
        let pixelScale = sx.isFinite && sx > 0 ? sx : 1
        let pw = Int((Double(w) * pixelScale).rounded(.up)), ph = Int((Double(h) * pixelScale).rounded(.up))
        guard w > 0, h > 0, pw * ph <= 4096 * 4096 else { return nil }
        guard let surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(pw), Int32(ph)) else { return nil }
        cairo_surface_set_device_scale(surface, pixelScale, pixelScale)
        guard let context = cairo_create(surface), cairo_status(context) == CAIRO_STATUS_SUCCESS else {
            cairo_surface_destroy(surface); return nil
        }
        var m = cairo_matrix_t()
        cairo_get_matrix(cr, &m)
        m.x0 -= Double(ix); m.y0 -= Double(iy)
        cairo_set_matrix(context, &m)
        cairo_set_tolerance(context, tolerance)
        let scale = sqrt(abs(m.xx * m.yy - m.xy * m.yx))
        return Offscreen(effect: effect, parent: cr, surface: surface, context: context, deviceX: ix, deviceY: iy,
                         deviceScale: scale > 0 ? scale : 1, pixelScale: pixelScale, scheme: scheme, alpha: alpha)
    }

    /// Finishes an offscreen drawing: composites it, with its effect, into the parent context.
    static func endOffscreen(_ o: Offscreen) {
        cairo_destroy(o.context)
        cairo_surface_flush(o.surface)
        let cr = o.parent
        cairo_save(cr)
        cairo_identity_matrix(cr)
        switch o.effect {
        case .shadow(let color, let radius, let x, let y):
            // Offsets are in points: scaled to device pixels.
            let dx = Double(x) * o.deviceScale, dy = Double(y) * o.deviceScale
            let c = color.resolve(in: o.scheme).multiplyingAlpha(o.alpha)
            if c.alpha > 0,
               let shadow = shadowSurface(of: o.surface, sigma: Double(radius) / 2 * o.deviceScale * o.pixelScale, color: c) {
                cairo_surface_set_device_scale(shadow, o.pixelScale, o.pixelScale)
                cairo_set_source_surface(cr, shadow, Double(o.deviceX) + dx, Double(o.deviceY) + dy)
                cairo_paint(cr)
                cairo_surface_destroy(shadow)
            }
        case .blur(let radius, let opaque):
            blurInPlace(o.surface, sigma: Double(radius) / 2 * o.deviceScale * o.pixelScale, opaque: opaque)
        default: break
        }
        cairo_set_source_surface(cr, o.surface, Double(o.deviceX), Double(o.deviceY))
        cairo_paint(cr)
        cairo_set_source_rgb(cr, 0, 0, 0)
        cairo_restore(cr)
        cairo_surface_destroy(o.surface)
    }

    /// A new surface holding `source`'s alpha, blurred, in `color`.
    static func shadowSurface(of source: OpaquePointer, sigma: Double, color: RGBA) -> OpaquePointer? {
        let w = Int(cairo_image_surface_get_width(source)), h = Int(cairo_image_surface_get_height(source))
        let stride = Int(cairo_image_surface_get_stride(source))
        guard w > 0, h > 0, let src = cairo_image_surface_get_data(source),
              let out = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(w), Int32(h)) else { return nil }
        var alpha = [Float](repeating: 0, count: w * h)
        for y in 0..<h {
            let row = src.advanced(by: y * stride).withMemoryRebound(to: UInt32.self, capacity: w) { $0 }
            for x in 0..<w { alpha[y * w + x] = Float(row[x] >> 24) }
        }
        gaussianBlur(&alpha, width: w, height: h, sigma: sigma)
        cairo_surface_flush(out)
        guard let dst = cairo_image_surface_get_data(out) else { cairo_surface_destroy(out); return nil }
        let ostride = Int(cairo_image_surface_get_stride(out))
        let ca = Float(color.alpha), cr = Float(color.red), cg = Float(color.green), cb = Float(color.blue)
        for y in 0..<h {
            let row = dst.advanced(by: y * ostride).withMemoryRebound(to: UInt32.self, capacity: w) { $0 }
            for x in 0..<w {
                let a = Swift.min(Swift.max(alpha[y * w + x] * ca, 0), 255)
                // Premultiplied ARGB.
                row[x] = UInt32(a) << 24 | UInt32(a * cr) << 16 | UInt32(a * cg) << 8 | UInt32(a * cb)
            }
        }
        cairo_surface_mark_dirty(out)
        return out
    }

    /// Blurs every channel of a premultiplied ARGB surface; `opaque` keeps each pixel's original alpha.
    static func blurInPlace(_ surface: OpaquePointer, sigma: Double, opaque: Bool) {
        let w = Int(cairo_image_surface_get_width(surface)), h = Int(cairo_image_surface_get_height(surface))
        let stride = Int(cairo_image_surface_get_stride(surface))
        guard w > 0, h > 0, sigma > 0.05, let data = cairo_image_surface_get_data(surface) else { return }
        var planes = [[Float]](repeating: [Float](repeating: 0, count: w * h), count: 4)
        for y in 0..<h {
            let row = data.advanced(by: y * stride).withMemoryRebound(to: UInt32.self, capacity: w) { $0 }
            for x in 0..<w {
                let p = row[x]
                for c in 0..<4 { planes[c][y * w + x] = Float((p >> (24 - 8 * UInt32(c))) & 0xff) }
            }
        }
        let originalAlpha = opaque ? planes[0] : []
        for c in 0..<4 { gaussianBlur(&planes[c], width: w, height: h, sigma: sigma) }
        for y in 0..<h {
            let row = data.advanced(by: y * stride).withMemoryRebound(to: UInt32.self, capacity: w) { $0 }
            for x in 0..<w {
                let i = y * w + x
                var a = Swift.min(Swift.max(planes[0][i], 0), 255)
                var rgb = (planes[1][i], planes[2][i], planes[3][i])
                if opaque, a > 0 {
                    // Keep the original coverage: rescale the premultiplied colour to it.
                    let target = originalAlpha[i]
                    let k = target / a
                    rgb = (rgb.0 * k, rgb.1 * k, rgb.2 * k)
                    a = target
                }
                func clamp(_ v: Float) -> UInt32 { UInt32(Swift.min(Swift.max(v, 0), a)) }
                row[x] = UInt32(a) << 24 | clamp(rgb.0) << 16 | clamp(rgb.1) << 8 | clamp(rgb.2)
            }
        }
        cairo_surface_mark_dirty(surface)
    }

    /// A Gaussian blur of standard deviation `sigma` approximated by three box blurs per axis.
    static func gaussianBlur(_ plane: inout [Float], width w: Int, height h: Int, sigma: Double) {
        guard sigma > 0.05 else { return }
        // Box sizes for three passes (Kovesi's formula).
        let n = 3.0
        let wIdeal = sqrt(12 * sigma * sigma / n + 1)
        var wl = Int(wIdeal.rounded(.down)); if wl % 2 == 0 { wl -= 1 }
        let wu = wl + 2
        let m = ((12 * sigma * sigma - n * Double(wl * wl) - 4 * n * Double(wl) - 3 * n) / Double(-4 * wl - 4)).rounded()
        var tmp = [Float](repeating: 0, count: w * h)
        for pass in 0..<3 {
            let r = ((pass < Int(m) ? wl : wu) - 1) / 2
            guard r > 0 else { continue }
            boxBlur(plane, into: &tmp, width: w, height: h, radius: r, horizontal: true)
            boxBlur(tmp, into: &plane, width: w, height: h, radius: r, horizontal: false)
        }
    }

    /// One box blur pass along rows or columns; pixels beyond the edges are transparent.
    static func boxBlur(_ src: [Float], into dst: inout [Float], width w: Int, height h: Int, radius r: Int, horizontal: Bool) {
        let lines = horizontal ? h : w, length = horizontal ? w : h
        let step = horizontal ? 1 : w, lineStep = horizontal ? w : 1
        let scale = 1 / Float(2 * r + 1)
        src.withUnsafeBufferPointer { s in
            dst.withUnsafeMutableBufferPointer { d in
                for line in 0..<lines {
                    let base = line * lineStep
                    var sum: Float = 0
                    for k in 0...Swift.min(r, length - 1) { sum += s[base + k * step] }
                    for i in 0..<length {
                        d[base + i * step] = sum * scale
                        let add = i + r + 1, drop = i - r
                        if add < length { sum += s[base + add * step] }
                        if drop >= 0 { sum -= s[base + drop * step] }
                    }
                }
            }
        }
    }
}
