import Foundation

/// Draws a shape's path whenever it is drawn: how custom shapes reach the renderer (engine-internal).
///
/// Equal only to itself. Encoded, it carries no path: `LayoutResult` encodes custom shapes as the
/// paths they have in their views' frames (`ShapeKind.path`).
public final class _ShapeResolver: Hashable, Codable, @unchecked Sendable {
    private let makePath: (CGRect) -> Path
    package let sizeThatFits: (ProposedViewSize) -> CGSize
    /// For a shape with animatable data: the shape whose data is `fraction` of the way from this
    /// shape's to `other`'s, or nil when `other` is not the same type of shape.
    private let mixing: ((_ShapeResolver, Double) -> _ShapeResolver?)?
    /// For a shape with animatable data: the distance (magnitude squared of the difference)
    /// from this shape's data to `other`'s, nil when `other` is not the same type of shape.
    private let distance: ((_ShapeResolver) -> Double?)?
    /// The shape value (read by `mixing` and `distance` of the other end).
    package let shapeValue: (any Sendable)?
    /// Wraps a shape's path and sizing (`Shape` views make theirs); `mixing` and `distance` for
    /// a shape whose `animatableData` is not empty.
    package init(path: @escaping (CGRect) -> Path, sizeThatFits: @escaping (ProposedViewSize) -> CGSize,
                 shapeValue: (any Sendable)? = nil, mixing: ((_ShapeResolver, Double) -> _ShapeResolver?)? = nil,
                 distance: ((_ShapeResolver) -> Double?)? = nil) {
        makePath = path
        self.sizeThatFits = sizeThatFits
        self.shapeValue = shapeValue
        self.mixing = mixing
        self.distance = distance
    }
    /// Whether the shape has animatable data (SwiftUI animates only those shapes' paths).
    package var isAnimatable: Bool { mixing != nil }
    /// The shape with its animatable data `fraction` of the way to `other`'s (0: this one); nil
    /// when either has none or they are different types of shape.
    package func mixed(towards other: _ShapeResolver, fraction: Double) -> _ShapeResolver? { mixing?(other, fraction) }
    /// How far this shape's animatable data is from `other`'s (0: the same); nil when they
    /// cannot be mixed.
    package func animatableDistance(to other: _ShapeResolver) -> Double? { distance?(other) }
    /// The shape's path in `rect`.
    public func path(in rect: CGRect) -> Path { makePath(rect) }
    /// Equal only to itself.
    public static func == (l: _ShapeResolver, r: _ShapeResolver) -> Bool { l === r }
    /// Hashes the identity.
    public func hash(into h: inout Hasher) { h.combine(ObjectIdentifier(self)) }
    /// Encodes nothing: a custom shape is code (results encode its path instead).
    public func encode(to encoder: Encoder) throws { var c = encoder.singleValueContainer(); try c.encodeNil() }
    /// Decodes a shape with an empty path.
    public required init(from decoder: Decoder) throws {
        makePath = { _ in Path() }
        sizeThatFits = { $0.replacingUnspecifiedDimensions() }
        shapeValue = nil; mixing = nil; distance = nil
    }
}

/// How a shape is filled, as in SwiftUI.
public struct FillStyle: Hashable, Sendable {
    /// Whether overlapping subpaths are filled with the even-odd rule (else non-zero winding).
    public var isEOFilled: Bool
    /// Whether edges are antialiased (always drawn antialiased).
    public var isAntialiased: Bool
    /// Creates a fill style.
    public init(eoFill: Bool = false, antialiased: Bool = true) { isEOFilled = eoFill; isAntialiased = antialiased }
}

#if !canImport(CoreGraphics)
/// The shape of the ends of stroked lines, as CoreGraphics defines it.
public enum CGLineCap: Int32, Hashable, Sendable, Codable { case butt, round, square }
/// The shape of the joins of stroked lines, as CoreGraphics defines it.
public enum CGLineJoin: Int32, Hashable, Sendable, Codable { case miter, round, bevel }
#endif

/// How a shape's outline is stroked, as in SwiftUI.
public struct StrokeStyle: Hashable, Sendable, Codable {
    /// The width of the line.
    public var lineWidth: CGFloat
    /// The ends of open subpaths.
    public var lineCap: CGLineCap
    /// The joins between segments.
    public var lineJoin: CGLineJoin
    /// The limit on the length of mitre joins, as a multiple of the line width.
    public var miterLimit: CGFloat
    /// Alternating lengths of dashes and gaps; empty for a solid line.
    public var dash: [CGFloat]
    /// How far into the dash pattern the line starts.
    public var dashPhase: CGFloat
    /// Creates a stroke style, with SwiftUI's defaults.
    public init(lineWidth: CGFloat = 1, lineCap: CGLineCap = .butt, lineJoin: CGLineJoin = .miter, miterLimit: CGFloat = 10,
                dash: [CGFloat] = [CGFloat](), dashPhase: CGFloat = 0) {
        self.lineWidth = lineWidth; self.lineCap = lineCap; self.lineJoin = lineJoin; self.miterLimit = miterLimit
        self.dash = dash; self.dashPhase = dashPhase
    }
    /// Non-finite or negative numbers replaced: width 0, mitre limit 10, no dash when a length is bad.
    package var sanitized: StrokeStyle {
        var s = self
        if !(s.lineWidth.isFinite && s.lineWidth >= 0) { s.lineWidth = 0 }
        if !(s.miterLimit.isFinite && s.miterLimit >= 1) { s.miterLimit = 10 }
        if s.dash.contains(where: { !$0.isFinite || $0 < 0 }) || s.dash.allSatisfy({ $0 == 0 }) { s.dash = [] }
        if !s.dashPhase.isFinite { s.dashPhase = 0 }
        return s
    }
    /// A solid line with SwiftUI's default caps and joins.
    package var isPlain: Bool { dash.isEmpty && lineCap == .butt && lineJoin == .miter }
}

/// How a shape is drawn when it is a background, as in SwiftUI (accepted for source compatibility).
public enum ShapeRole: Hashable, Sendable { case fill, stroke, separator }

/// Whether a shape or view is drawn mirrored in right-to-left layouts, as in SwiftUI.
public enum LayoutDirectionBehavior: Hashable, Sendable {
    /// Never mirrors.
    case fixed
    /// Mirrors in right-to-left layouts.
    case mirrors
    /// Mirrors when the layout direction is the one given.
    case mirrorsIn(LayoutDirection)
    /// Mirrors when the layout direction is `direction`.
    public static func mirrors(in direction: LayoutDirection) -> LayoutDirectionBehavior { .mirrorsIn(direction) }
}

// MARK: - Built-in shapes


/// The outline of a shape view, in the view's frame.
public indirect enum ShapeKind: Hashable, Sendable, Codable {
    /// A rectangle filling the frame.
    case rectangle
    /// A rounded rectangle filling the frame.
    case roundedRectangle(cornerRadius: CGFloat)
    /// A capsule filling the frame.
    case capsule
    /// The largest circle centred in the frame.
    case circle
    /// The ellipse inscribed in the frame.
    case ellipse
    /// A shape inset on every side (a rounded rectangle's radius shrinks by the same amount).
    case inset(ShapeKind, by: CGFloat)
    /// A path drawn in a frame of `size`, scaled to the frame it is drawn in.
    case path(Path, size: CGSize)
    /// A custom shape, asked for its path whenever it is drawn.
    case custom(_ShapeResolver)
    /// The part of a shape's outline between two fractions of its length (`trim(from:to:)`):
    /// kept as the shape and the fractions, so an animation moves the fractions as SwiftUI's
    /// `animatableData` of a trimmed shape does.
    case trimmed(ShapeKind, from: CGFloat, to: CGFloat)
    /// A custom shape with animatable data, resolved to its path in a frame of `size` (how it
    /// crosses a process boundary): drawn as `.path`; an animation between two of them with the
    /// same elements moves their points.
    case animatablePath(Path, size: CGSize)

    /// Whether the renderer draws the shape with its own primitives (no path asked).
    package var isPrimitive: Bool {
        switch self {
        case .rectangle, .roundedRectangle, .capsule, .circle, .ellipse: return true
        default: return false
        }
    }

    /// The shape's outline in `rect`.
    public func path(in rect: CGRect) -> Path {
        switch self {
        case .rectangle: return Path(rect)
        case .roundedRectangle(let r):
            return Path(roundedRect: rect, cornerRadius: r.isFinite ? min(max(r, 0), min(rect.width, rect.height) / 2) : 0)
        case .capsule: return Path(roundedRect: rect, cornerRadius: min(rect.width, rect.height) / 2)
        case .circle:
            let side = min(rect.width, rect.height)
            return Path(ellipseIn: CGRect(x: rect.midX - side / 2, y: rect.midY - side / 2, width: side, height: side))
        case .ellipse: return Path(ellipseIn: rect)
        case .inset(let base, let amount):
            let (kind, r) = base.inset(by: amount, in: rect)
            return r.width >= 0 && r.height >= 0 ? kind.path(in: r) : Path()
        case .path(let p, let size):
            guard size.width > 0, size.height > 0, size != rect.size || rect.origin != .zero else { return p }
            return p.applying(CGAffineTransform(a: rect.width / size.width, b: 0, c: 0, d: rect.height / size.height,
                                                tx: rect.minX, ty: rect.minY))
        case .custom(let r):
            return r.path(in: CGRect(origin: .zero, size: rect.size)).offsetBy(dx: rect.minX, dy: rect.minY)
        case .trimmed(let base, let from, let to):
            return base.path(in: rect).trimmedPath(from: from, to: to)
        case .animatablePath(let p, let size):
            return ShapeKind.path(p, size: size).path(in: rect)
        }
    }

    /// The custom shape this shape draws (itself or the shape it trims), if any: its
    /// `sizeThatFits` is the view's size, and it is code that must be resolved to travel.
    package var customResolver: _ShapeResolver? {
        switch self {
        case .custom(let r): return r
        case .trimmed(let base, _, _): return base.customResolver
        default: return nil
        }
    }

    /// The shape with a custom shape in it replaced by its path in a frame of `size`
    /// (`.animatablePath` when the shape has animatable data).
    package func resolvingCustom(size: CGSize) -> ShapeKind {
        switch self {
        case .custom(let r):
            let p = r.path(in: CGRect(origin: .zero, size: size))
            return r.isAnimatable ? .animatablePath(p, size: size) : .path(p, size: size)
        case .trimmed(let base, let from, let to): return .trimmed(base.resolvingCustom(size: size), from: from, to: to)
        default: return self
        }
    }

    /// The shape inset by `amount` in `rect`: the kind to draw and the rect to draw it in.
    public func inset(by amount: CGFloat, in rect: CGRect) -> (ShapeKind, CGRect) {
        let r = rect.insetBy(dx: amount, dy: amount)
        switch self {
        case .roundedRectangle(let radius): return (.roundedRectangle(cornerRadius: max(radius - amount, 0)), r)
        case .inset(let base, let a): return base.inset(by: a + amount, in: rect)
        default: return (self, r)
        }
    }
}
