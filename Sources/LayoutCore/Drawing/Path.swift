import Foundation

/// The outline of a 2D shape, as in SwiftUI.
///
/// A path is a list of elements — moves, lines, quadratic and cubic Bézier curves and closes —
/// in the coordinates of the view that draws it (origin at its top-leading corner, y down).
/// Arcs, rounded rectangles and ellipses are added as cubic curves, as CoreGraphics does. A path
/// is itself a `Shape`: drawn as a view it fills the space it is offered (ideal size 10×10, as
/// every shape) and draws its elements where they are, unscaled.
public struct Path: Hashable, Sendable, Codable {
    /// One element of a path, as SwiftUI's `Path.Element`.
    public enum Element: Hashable, Sendable, Codable {
        /// Starts a new subpath at a point.
        case move(to: CGPoint)
        /// A straight line to a point.
        case line(to: CGPoint)
        /// A quadratic Bézier curve to a point.
        case quadCurve(to: CGPoint, control: CGPoint)
        /// A cubic Bézier curve to a point.
        case curve(to: CGPoint, control1: CGPoint, control2: CGPoint)
        /// Closes the current subpath with a line to its start.
        case closeSubpath
    }

    /// The elements, in order (engine-internal storage; read them with `forEach`).
    public private(set) var elements: [Element] = []
    private var subpathStart: CGPoint? = nil
    /// The last point of the path, if it has one, as in SwiftUI.
    public private(set) var currentPoint: CGPoint? = nil

    /// Creates an empty path.
    public init() {}
    /// Creates a path holding `rect`, as in SwiftUI.
    public init(_ rect: CGRect) { addRect(rect) }
    /// Creates a path holding a rounded rectangle with corner radius `cornerRadius`, as in SwiftUI.
    public init(roundedRect rect: CGRect, cornerRadius: CGFloat, style: RoundedCornerStyle = .continuous) {
        addRoundedRect(in: rect, cornerSize: CGSize(width: cornerRadius, height: cornerRadius), style: style)
    }
    /// Creates a path holding a rounded rectangle with elliptical corners, as in SwiftUI.
    public init(roundedRect rect: CGRect, cornerSize: CGSize, style: RoundedCornerStyle = .continuous) {
        addRoundedRect(in: rect, cornerSize: cornerSize, style: style)
    }
    /// Creates a path holding the ellipse inscribed in `rect`, as in SwiftUI.
    public init(ellipseIn rect: CGRect) { addEllipse(in: rect) }
    /// Creates a path built by `callback`, as in SwiftUI: `Path { p in p.move(to: …); … }`.
    public init(_ callback: (inout Path) -> ()) {
        var p = Path()
        callback(&p)
        self = p
    }

    /// Whether the path has no elements.
    public var isEmpty: Bool { elements.isEmpty }

    /// Calls `body` with each element, as in SwiftUI.
    public func forEach(_ body: (Element) -> Void) { for e in elements { body(e) } }

    // MARK: Building

    /// Starts a new subpath at `end`.
    public mutating func move(to end: CGPoint) {
        elements.append(.move(to: end)); subpathStart = end; currentPoint = end
    }
    /// Adds a straight line from the current point to `end` (a move when there is no current point).
    public mutating func addLine(to end: CGPoint) {
        guard currentPoint != nil else { move(to: end); return }
        elements.append(.line(to: end)); currentPoint = end
    }
    /// Adds a quadratic Bézier curve to `end` with `control`.
    public mutating func addQuadCurve(to end: CGPoint, control: CGPoint) {
        if currentPoint == nil { move(to: control) }
        elements.append(.quadCurve(to: end, control: control)); currentPoint = end
    }
    /// Adds a cubic Bézier curve to `end` with `control1` and `control2`.
    public mutating func addCurve(to end: CGPoint, control1: CGPoint, control2: CGPoint) {
        if currentPoint == nil { move(to: control1) }
        elements.append(.curve(to: end, control1: control1, control2: control2)); currentPoint = end
    }
    /// Closes the current subpath with a line back to its start.
    public mutating func closeSubpath() {
        guard currentPoint != nil else { return }
        elements.append(.closeSubpath); currentPoint = subpathStart
    }
    /// Adds a move to the first point and lines through the others.
    public mutating func addLines(_ lines: [CGPoint]) {
        guard let first = lines.first else { return }
        move(to: first)
        for p in lines.dropFirst() { addLine(to: p) }
    }
    /// Adds a closed rectangle subpath, transformed by `transform`.
    public mutating func addRect(_ rect: CGRect, transform: CGAffineTransform = .identity) {
        let r = rect.standardized
        addLines([CGPoint(x: r.minX, y: r.minY), CGPoint(x: r.maxX, y: r.minY), CGPoint(x: r.maxX, y: r.maxY),
                  CGPoint(x: r.minX, y: r.maxY)].map { $0.applying(transform) })
        closeSubpath()
    }
    /// Adds a closed rectangle subpath for each of `rects`.
    public mutating func addRects(_ rects: [CGRect], transform: CGAffineTransform = .identity) {
        for r in rects { addRect(r, transform: transform) }
    }
    /// Adds a closed rounded-rectangle subpath (corner radii clamped to half the sides; both
    /// corner styles are drawn as circular arcs).
    public mutating func addRoundedRect(in rect: CGRect, cornerSize: CGSize, style: RoundedCornerStyle = .continuous,
                                        transform: CGAffineTransform = .identity) {
        let r = rect.standardized
        let rx = min(max(cornerSize.width.isFinite ? cornerSize.width : 0, 0), r.width / 2)
        let ry = min(max(cornerSize.height.isFinite ? cornerSize.height : 0, 0), r.height / 2)
        guard rx > 0, ry > 0 else { addRect(r, transform: transform); return }
        let k = Path.kappa
        var p = Path()
        p.move(to: CGPoint(x: r.minX + rx, y: r.minY))
        p.addLine(to: CGPoint(x: r.maxX - rx, y: r.minY))
        p.addCurve(to: CGPoint(x: r.maxX, y: r.minY + ry), control1: CGPoint(x: r.maxX - rx + rx * k, y: r.minY),
                   control2: CGPoint(x: r.maxX, y: r.minY + ry - ry * k))
        p.addLine(to: CGPoint(x: r.maxX, y: r.maxY - ry))
        p.addCurve(to: CGPoint(x: r.maxX - rx, y: r.maxY), control1: CGPoint(x: r.maxX, y: r.maxY - ry + ry * k),
                   control2: CGPoint(x: r.maxX - rx + rx * k, y: r.maxY))
        p.addLine(to: CGPoint(x: r.minX + rx, y: r.maxY))
        p.addCurve(to: CGPoint(x: r.minX, y: r.maxY - ry), control1: CGPoint(x: r.minX + rx - rx * k, y: r.maxY),
                   control2: CGPoint(x: r.minX, y: r.maxY - ry + ry * k))
        p.addLine(to: CGPoint(x: r.minX, y: r.minY + ry))
        p.addCurve(to: CGPoint(x: r.minX + rx, y: r.minY), control1: CGPoint(x: r.minX, y: r.minY + ry - ry * k),
                   control2: CGPoint(x: r.minX + rx - rx * k, y: r.minY))
        p.closeSubpath()
        addPath(p, transform: transform)
    }
    /// Adds a closed ellipse subpath inscribed in `rect`.
    public mutating func addEllipse(in rect: CGRect, transform: CGAffineTransform = .identity) {
        let r = rect.standardized
        let cx = r.midX, cy = r.midY, rx = r.width / 2, ry = r.height / 2, k = Path.kappa
        var p = Path()
        p.move(to: CGPoint(x: r.maxX, y: cy))
        p.addCurve(to: CGPoint(x: cx, y: r.maxY), control1: CGPoint(x: r.maxX, y: cy + ry * k), control2: CGPoint(x: cx + rx * k, y: r.maxY))
        p.addCurve(to: CGPoint(x: r.minX, y: cy), control1: CGPoint(x: cx - rx * k, y: r.maxY), control2: CGPoint(x: r.minX, y: cy + ry * k))
        p.addCurve(to: CGPoint(x: cx, y: r.minY), control1: CGPoint(x: r.minX, y: cy - ry * k), control2: CGPoint(x: cx - rx * k, y: r.minY))
        p.addCurve(to: CGPoint(x: r.maxX, y: cy), control1: CGPoint(x: cx + rx * k, y: r.minY), control2: CGPoint(x: r.maxX, y: cy - ry * k))
        p.closeSubpath()
        addPath(p, transform: transform)
    }
    /// Adds an arc of a circle, as CoreGraphics and SwiftUI do.
    ///
    /// Angles are measured from the positive x axis towards positive y (down, on screen).
    /// `clockwise: false` sweeps towards increasing angles — which, with y pointing down, turns
    /// clockwise on screen, exactly as in SwiftUI. A line joins the current point to the arc's
    /// start; without one the arc starts a subpath.
    public mutating func addArc(center: CGPoint, radius: CGFloat, startAngle: Angle, endAngle: Angle, clockwise: Bool,
                                transform: CGAffineTransform = .identity) {
        guard radius.isFinite, radius >= 0, startAngle.radians.isFinite, endAngle.radians.isFinite else { return }
        let twoPi = 2 * Double.pi
        var sweep = endAngle.radians - startAngle.radians
        if clockwise {
            // Decreasing angles, at most one turn.
            if sweep > 0 { sweep = sweep.truncatingRemainder(dividingBy: twoPi) - (sweep.truncatingRemainder(dividingBy: twoPi) == 0 ? 0 : twoPi) }
            if sweep < -twoPi { sweep = -twoPi }
        } else {
            if sweep < 0 { sweep = sweep.truncatingRemainder(dividingBy: twoPi) + (sweep.truncatingRemainder(dividingBy: twoPi) == 0 ? 0 : twoPi) }
            if sweep > twoPi { sweep = twoPi }
        }
        let start = CGPoint(x: center.x + radius * cos(startAngle.radians), y: center.y + radius * sin(startAngle.radians)).applying(transform)
        if currentPoint == nil { move(to: start) } else { addLine(to: start) }
        let segments = max(1, Int((abs(sweep) / (Double.pi / 2)).rounded(.up)))
        let step = sweep / Double(segments)
        let k = 4.0 / 3.0 * tan(step / 4)
        var a = startAngle.radians
        for _ in 0..<segments {
            let b = a + step
            let p0 = CGPoint(x: cos(a), y: sin(a)), p3 = CGPoint(x: cos(b), y: sin(b))
            let c1 = CGPoint(x: p0.x - k * p0.y, y: p0.y + k * p0.x)
            let c2 = CGPoint(x: p3.x + k * p3.y, y: p3.y - k * p3.x)
            func map(_ u: CGPoint) -> CGPoint { CGPoint(x: center.x + radius * u.x, y: center.y + radius * u.y).applying(transform) }
            addCurve(to: map(p3), control1: map(c1), control2: map(c2))
            a = b
        }
    }
    /// Adds an arc of a circle with a `delta` sweep from `startAngle`, as in SwiftUI
    /// (a positive delta turns clockwise on screen).
    public mutating func addRelativeArc(center: CGPoint, radius: CGFloat, startAngle: Angle, delta: Angle,
                                        transform: CGAffineTransform = .identity) {
        addArc(center: center, radius: radius, startAngle: startAngle, endAngle: startAngle + delta,
               clockwise: delta.radians < 0, transform: transform)
    }
    /// Adds an arc of radius `radius` tangent to the lines from the current point to `tangent1End`
    /// and from there to `tangent2End`, as CoreGraphics's `addArc(tangent1End:tangent2End:radius:)`.
    public mutating func addArc(tangent1End p1: CGPoint, tangent2End p2: CGPoint, radius: CGFloat,
                                transform: CGAffineTransform = .identity) {
        guard let p0 = currentPoint else { move(to: p1.applying(transform)); return }
        // Work in untransformed coordinates: the current point is mapped back.
        let inv = transform.inverted()
        let q0 = transform.isIdentity ? p0 : p0.applying(inv)
        let v1 = CGPoint(x: q0.x - p1.x, y: q0.y - p1.y), v2 = CGPoint(x: p2.x - p1.x, y: p2.y - p1.y)
        let l1 = hypot(v1.x, v1.y), l2 = hypot(v2.x, v2.y)
        let cross = v1.x * v2.y - v1.y * v2.x
        guard radius > 0, l1 > 0, l2 > 0, abs(cross) > 1e-12 else { addLine(to: p1.applying(transform)); return }
        let angle = acos(max(-1, min(1, (v1.x * v2.x + v1.y * v2.y) / (l1 * l2))))
        let dist = radius / tan(angle / 2)
        let t1 = CGPoint(x: p1.x + v1.x / l1 * dist, y: p1.y + v1.y / l1 * dist)
        let t2 = CGPoint(x: p1.x + v2.x / l2 * dist, y: p1.y + v2.y / l2 * dist)
        // The centre lies along the bisector, `radius` from both tangent points.
        let bx = v1.x / l1 + v2.x / l2, by = v1.y / l1 + v2.y / l2, bl = hypot(bx, by)
        let cd = radius / sin(angle / 2)
        let c = CGPoint(x: p1.x + bx / bl * cd, y: p1.y + by / bl * cd)
        let a1 = atan2(t1.y - c.y, t1.x - c.x), a2 = atan2(t2.y - c.y, t2.x - c.x)
        addArc(center: c, radius: radius, startAngle: .radians(a1), endAngle: .radians(a2), clockwise: cross > 0, transform: transform)
    }
    /// Appends the elements of `path`, transformed by `transform`.
    public mutating func addPath(_ path: Path, transform: CGAffineTransform = .identity) {
        for e in path.elements {
            switch e.applying(transform) {
            case .move(let p): move(to: p)
            case .line(let p): addLine(to: p)
            case .quadCurve(let p, let c): addQuadCurve(to: p, control: c)
            case .curve(let p, let c1, let c2): addCurve(to: p, control1: c1, control2: c2)
            case .closeSubpath: closeSubpath()
            }
        }
    }

    // MARK: Transforming and measuring

    /// The path with every point transformed by `transform`.
    public func applying(_ transform: CGAffineTransform) -> Path {
        if transform.isIdentity { return self }
        var p = Path()
        p.addPath(self, transform: transform)
        return p
    }
    /// The path moved by `dx`, `dy`.
    public func offsetBy(dx: CGFloat, dy: CGFloat) -> Path { applying(CGAffineTransform(translationX: dx, y: dy)) }

    /// The smallest rectangle holding every point of the path (curves included), as in SwiftUI.
    public var boundingRect: CGRect {
        var minX = CGFloat.infinity, minY = CGFloat.infinity, maxX = -CGFloat.infinity, maxY = -CGFloat.infinity
        func add(_ p: CGPoint) { minX = min(minX, p.x); minY = min(minY, p.y); maxX = max(maxX, p.x); maxY = max(maxY, p.y) }
        var last = CGPoint.zero
        for e in elements {
            switch e {
            case .move(let p), .line(let p): add(p); last = p
            case .quadCurve(let p, let c):
                for i in 1...16 {
                    let t = CGFloat(i) / 16, u = 1 - t
                    add(CGPoint(x: u * u * last.x + 2 * u * t * c.x + t * t * p.x, y: u * u * last.y + 2 * u * t * c.y + t * t * p.y))
                }
                last = p
            case .curve(let p, let c1, let c2):
                for i in 1...16 {
                    let t = CGFloat(i) / 16, u = 1 - t
                    let a = u * u * u, b = 3 * u * u * t, c = 3 * u * t * t, d = t * t * t
                    add(CGPoint(x: a * last.x + b * c1.x + c * c2.x + d * p.x, y: a * last.y + b * c1.y + c * c2.y + d * p.y))
                }
                last = p
            case .closeSubpath: break
            }
        }
        return minX <= maxX ? CGRect(x: minX, y: minY, width: maxX - minX, height: maxY - minY) : .null
    }

    /// The part of the path between the fractions `from` and `to` of its length, as in SwiftUI
    /// (curves are followed as fine polylines). `from` ≥ `to` gives an empty path.
    public func trimmedPath(from: CGFloat, to: CGFloat) -> Path {
        let a = min(max(from.isFinite ? from : 0, 0), 1), b = min(max(to.isFinite ? to : 1, 0), 1)
        if a <= 0 && b >= 1 { return self }
        guard a < b else { return Path() }
        // Flatten to subpaths of points.
        var subpaths: [[CGPoint]] = []
        var current: [CGPoint] = []
        var last = CGPoint.zero, start = CGPoint.zero
        func flush() { if current.count > 1 { subpaths.append(current) }; current = [] }
        for e in elements {
            switch e {
            case .move(let p): flush(); current = [p]; last = p; start = p
            case .line(let p): current.append(p); last = p
            case .quadCurve(let p, let c):
                for i in 1...24 {
                    let t = CGFloat(i) / 24, u = 1 - t
                    current.append(CGPoint(x: u * u * last.x + 2 * u * t * c.x + t * t * p.x, y: u * u * last.y + 2 * u * t * c.y + t * t * p.y))
                }
                last = p
            case .curve(let p, let c1, let c2):
                for i in 1...32 {
                    let t = CGFloat(i) / 32, u = 1 - t
                    let k0 = u * u * u, k1 = 3 * u * u * t, k2 = 3 * u * t * t, k3 = t * t * t
                    current.append(CGPoint(x: k0 * last.x + k1 * c1.x + k2 * c2.x + k3 * p.x,
                                           y: k0 * last.y + k1 * c1.y + k2 * c2.y + k3 * p.y))
                }
                last = p
            case .closeSubpath:
                current.append(start); last = start
                flush(); current = [start]
            }
        }
        flush()
        var total: CGFloat = 0
        for sp in subpaths { for i in 1..<sp.count { total += hypot(sp[i].x - sp[i - 1].x, sp[i].y - sp[i - 1].y) } }
        guard total > 0 else { return Path() }
        let lo = a * total, hi = b * total
        var out = Path()
        var walked: CGFloat = 0
        for sp in subpaths {
            var open = false
            for i in 1..<sp.count {
                let p0 = sp[i - 1], p1 = sp[i]
                let len = hypot(p1.x - p0.x, p1.y - p0.y)
                defer { walked += len }
                let s0 = walked, s1 = walked + len
                guard s1 > lo, s0 < hi, len > 0 else { continue }
                func at(_ s: CGFloat) -> CGPoint {
                    let t = (s - s0) / len
                    return CGPoint(x: p0.x + (p1.x - p0.x) * t, y: p0.y + (p1.y - p0.y) * t)
                }
                if !open { out.move(to: at(max(s0, lo))); open = true }
                out.addLine(to: at(min(s1, hi)))
            }
        }
        return out
    }

    /// The control-point factor of a quarter circle drawn as a cubic curve.
    static let kappa: CGFloat = 0.5522847498

    /// Paths are equal when their elements are.
    public static func == (l: Path, r: Path) -> Bool { l.elements == r.elements }
    /// Hashes the elements.
    public func hash(into h: inout Hasher) { h.combine(elements) }
}

extension Path.Element {
    /// The element with its points transformed.
    func applying(_ t: CGAffineTransform) -> Path.Element {
        if t.isIdentity { return self }
        switch self {
        case .move(let p): return .move(to: p.applying(t))
        case .line(let p): return .line(to: p.applying(t))
        case .quadCurve(let p, let c): return .quadCurve(to: p.applying(t), control: c.applying(t))
        case .curve(let p, let c1, let c2): return .curve(to: p.applying(t), control1: c1.applying(t), control2: c2.applying(t))
        case .closeSubpath: return .closeSubpath
        }
    }
}
