import Foundation
import LayoutCore

/// How a drawn item (a fill, a stroke, a clip, a text; a shadow, in a transition) moves from one state to another in an
/// animated change: its colour, its shape's animatable numbers and its stroke's numbers mix.
///
/// SwiftUI rule: a shape animates through its `animatableData` (a rounded rectangle's corner
/// size, a trimmed shape's fractions and the data of the shape it trims, a custom shape's own
/// data, asked for its path at each value on the way), a stroke through its `StrokeStyle`'s
/// (line width, mitre limit, dash phase), a colour by mixing. Anything else that differs (a
/// gradient, another kind of shape, a custom shape without animatable data, a dash pattern)
/// changes at once, and so does the whole item.
enum DrawingMix {
    /// How two items (or parts of them) relate.
    enum Relation {
        /// Drawn the same.
        case same
        /// Different, and they mix.
        case mixes
        /// Different in a way that does not animate.
        case differs

        /// Both parts together.
        func and(_ other: Relation) -> Relation {
            switch (self, other) {
            case (.differs, _), (_, .differs): return .differs
            case (.mixes, _), (_, .mixes): return .mixes
            default: return .same
            }
        }
    }

    /// Whether `kind` is an item this type mixes.
    static func isDrawn(_ kind: DisplayItem.Kind) -> Bool {
        switch kind {
        case .fill, .fillEvenOdd, .stroke, .strokePath, .beginClip, .text: return true
        default: return false
        }
    }

    /// How `a` relates to `b`.
    static func relation(_ a: DisplayItem.Kind, _ b: DisplayItem.Kind) -> Relation {
        switch (a, b) {
        case let (.fill(s1, p1), .fill(s2, p2)), let (.fillEvenOdd(s1, p1), .fillEvenOdd(s2, p2)):
            return relation(s1, s2).and(relation(p1, p2))
        case let (.stroke(s1, p1, w1), .stroke(s2, p2, w2)):
            return relation(s1, s2).and(relation(p1, p2)).and(number(w1, w2))
        case let (.strokePath(s1, p1, t1), .strokePath(s2, p2, t2)):
            return relation(s1, s2).and(relation(p1, p2)).and(relation(t1, t2))
        case let (.beginClip(s1), .beginClip(s2)):
            return relation(s1, s2)
        case let (.beginEffect(.shadow(c1, r1, x1, y1)), .beginEffect(.shadow(c2, r2, x2, y2))):
            return (c1 == c2 ? Relation.same : .mixes).and(number(r1, r2)).and(number(x1, x2)).and(number(y1, y2))
        case let (.text(r1), .text(r2)):
            var r = r1
            r.paint = r2.paint
            return r == r2 ? relation(r1.paint, r2.paint) : .differs
        default:
            return .differs
        }
    }

    /// `a` moved `fraction` of the way to `b` (which it must mix with).
    static func mix(_ a: DisplayItem.Kind, _ b: DisplayItem.Kind, fraction t: Double) -> DisplayItem.Kind {
        switch (a, b) {
        case let (.fill(s1, p1), .fill(s2, p2)): return .fill(mix(s1, s2, t), mix(p1, p2, t))
        case let (.fillEvenOdd(s1, p1), .fillEvenOdd(s2, p2)): return .fillEvenOdd(mix(s1, s2, t), mix(p1, p2, t))
        case let (.stroke(s1, p1, w1), .stroke(s2, p2, w2)):
            return .stroke(mix(s1, s2, t), mix(p1, p2, t), lineWidth: max(lerp(w1, w2, t), 0))
        case let (.strokePath(s1, p1, t1), .strokePath(s2, p2, t2)):
            return .strokePath(mix(s1, s2, t), mix(p1, p2, t), mix(t1, t2, t))
        case let (.beginClip(s1), .beginClip(s2)): return .beginClip(mix(s1, s2, t))
        case let (.beginEffect(.shadow(c1, r1, x1, y1)), .beginEffect(.shadow(c2, r2, x2, y2))):
            return .beginEffect(.shadow(color: Color.mix(c1, c2, fraction: t), radius: max(lerp(r1, r2, t), 0),
                                        x: lerp(x1, x2, t), y: lerp(y1, y2, t)))
        case let (.text(r1), .text(r2)):
            var r = r2
            r.paint = mix(r1.paint, r2.paint, t)
            return .text(r)
        default: return t < 1 ? a : b
        }
    }

    // MARK: - Parts

    private static func lerp(_ a: CGFloat, _ b: CGFloat, _ t: Double) -> CGFloat { a + (b - a) * CGFloat(t) }

    private static func number(_ a: CGFloat, _ b: CGFloat) -> Relation {
        if a == b { return .same }
        return a.isFinite && b.isFinite ? .mixes : .differs
    }

    private static func relation(_ a: Paint, _ b: Paint) -> Relation {
        if a == b { return .same }
        if case .color = a, case .color = b { return .mixes }
        return .differs
    }

    private static func mix(_ a: Paint, _ b: Paint, _ t: Double) -> Paint {
        if case .color(let c1) = a, case .color(let c2) = b { return .color(Color.mix(c1, c2, fraction: t)) }
        return b
    }

    /// A stroke's line width, mitre limit and dash phase mix (SwiftUI's `StrokeStyle`
    /// animatable data); its caps, joins and dash pattern must be the same.
    private static func relation(_ a: StrokeStyle, _ b: StrokeStyle) -> Relation {
        guard a.lineCap == b.lineCap, a.lineJoin == b.lineJoin, a.dash == b.dash else { return .differs }
        return number(a.lineWidth, b.lineWidth).and(number(a.miterLimit, b.miterLimit)).and(number(a.dashPhase, b.dashPhase))
    }

    private static func mix(_ a: StrokeStyle, _ b: StrokeStyle, _ t: Double) -> StrokeStyle {
        var s = b
        s.lineWidth = max(lerp(a.lineWidth, b.lineWidth, t), 0)
        s.miterLimit = max(lerp(a.miterLimit, b.miterLimit, t), 1)
        s.dashPhase = lerp(a.dashPhase, b.dashPhase, t)
        return s
    }

    private static func relation(_ a: ShapeKind, _ b: ShapeKind) -> Relation {
        switch (a, b) {
        case let (.custom(r1), .custom(r2)):
            if r1 === r2 { return .same }
            guard let d = r1.animatableDistance(to: r2) else { return .differs }
            return d == 0 ? .same : d.isFinite ? .mixes : .differs
        case let (.roundedRectangle(r1), .roundedRectangle(r2)):
            return number(r1, r2)
        case let (.inset(k1, a1), .inset(k2, a2)):
            return relation(k1, k2).and(number(a1, a2))
        case let (.trimmed(k1, f1, t1), .trimmed(k2, f2, t2)):
            return relation(k1, k2).and(number(f1, f2)).and(number(t1, t2))
        case let (.animatablePath(p1, z1), .animatablePath(p2, z2)):
            if p1 == p2 && z1 == z2 { return .same }
            return sameElements(p1, p2) ? .mixes : .differs
        default:
            return a == b ? .same : .differs
        }
    }

    private static func mix(_ a: ShapeKind, _ b: ShapeKind, _ t: Double) -> ShapeKind {
        switch (a, b) {
        case let (.custom(r1), .custom(r2)):
            return r1.mixed(towards: r2, fraction: t).map { .custom($0) } ?? b
        case let (.roundedRectangle(r1), .roundedRectangle(r2)):
            return .roundedRectangle(cornerRadius: lerp(r1, r2, t))
        case let (.inset(k1, a1), .inset(k2, a2)):
            return .inset(mix(k1, k2, t), by: lerp(a1, a2, t))
        case let (.trimmed(k1, f1, t1), .trimmed(k2, f2, t2)):
            return .trimmed(mix(k1, k2, t), from: lerp(f1, f2, t), to: lerp(t1, t2, t))
        case let (.animatablePath(p1, z1), .animatablePath(p2, z2)):
            return .animatablePath(mix(p1, in: z1, p2, in: z2, t), size: z2)
        default:
            return t < 1 ? a : b
        }
    }

    // MARK: - Resolved custom shapes

    /// Whether two paths are made of the same elements in the same order (what a point-wise
    /// mix needs).
    private static func sameElements(_ a: Path, _ b: Path) -> Bool {
        guard a.elements.count == b.elements.count else { return false }
        for (x, y) in zip(a.elements, b.elements) {
            switch (x, y) {
            case (.move, .move), (.line, .line), (.quadCurve, .quadCurve), (.curve, .curve), (.closeSubpath, .closeSubpath): continue
            default: return false
            }
        }
        return true
    }

    /// A custom shape resolved to paths in another process (the window): its path at data
    /// between two values is not known there, so the points of the two paths mix. That is
    /// SwiftUI's path where the points move linearly with the data (a polygon's corners, a
    /// chart's line); an arc whose angle animates moves along the chord instead (a documented
    /// difference). `a` is brought to `b`'s frame size first.
    private static func mix(_ a: Path, in za: CGSize, _ b: Path, in zb: CGSize, _ t: Double) -> Path {
        let sx = za.width > 0 ? zb.width / za.width : 1, sy = za.height > 0 ? zb.height / za.height : 1
        let k = CGFloat(t)
        func m(_ p: CGPoint, _ q: CGPoint) -> CGPoint {
            CGPoint(x: p.x * sx + (q.x - p.x * sx) * k, y: p.y * sy + (q.y - p.y * sy) * k)
        }
        var out = Path()
        for (x, y) in zip(a.elements, b.elements) {
            switch (x, y) {
            case let (.move(p), .move(q)): out.move(to: m(p, q))
            case let (.line(p), .line(q)): out.addLine(to: m(p, q))
            case let (.quadCurve(p, c), .quadCurve(q, d)): out.addQuadCurve(to: m(p, q), control: m(c, d))
            case let (.curve(p, c1, c2), .curve(q, d1, d2)): out.addCurve(to: m(p, q), control1: m(c1, d1), control2: m(c2, d2))
            default: out.closeSubpath()
            }
        }
        return out
    }
}
