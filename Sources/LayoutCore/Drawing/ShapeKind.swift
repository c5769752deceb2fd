import Foundation

/// Draws a shape's path whenever it is drawn: how custom shapes reach the renderer (engine-internal).
///
/// Equal only to itself. Encoded, it carries no path: `LayoutResult` encodes custom shapes as the
/// paths they have in their views' frames (`ShapeKind.path`).
public final class _ShapeResolver: Hashable, Codable, @unchecked Sendable {
    private let makePath: (CGRect) -> Path
    package let sizeThatFits: (ProposedViewSize) -> CGSize
    /// Wraps a shape's path and sizing (`Shape` views make theirs).
    package init(path: @escaping (CGRect) -> Path, sizeThatFits: @escaping (ProposedViewSize) -> CGSize) {
        makePath = path
        self.sizeThatFits = sizeThatFits
    }
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
