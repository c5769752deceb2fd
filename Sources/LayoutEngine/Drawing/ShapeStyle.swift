import Foundation

/// A color or pattern to use when rendering a shape, as in SwiftUI.
///
/// `Color`, `Material` and the hierarchical styles (`.primary`, `.secondary`, …) conform, so
/// `.background(.blue)`, `.background(.regularMaterial)` and `.foregroundStyle(.secondary)` work.
public protocol ShapeStyle: Sendable {
    /// How the style paints (engine-internal).
    var _paint: Paint { get }
}

/// What a shape style paints with, resolved against the color scheme when drawn.
public enum Paint: Hashable, Sendable {
    case color(Color)
    /// A translucent blur material (drawn as a translucent neutral fill).
    case material(Material)
    /// The foreground hierarchy level: 0 primary, 1 secondary, 2 tertiary, 3 quaternary.
    case hierarchical(Int)
    /// The app's accent (tint) color.
    case tint

    /// The concrete color in `scheme`.
    public func resolve(in scheme: ColorScheme) -> RGBA {
        switch self {
        case .color(let c): return c.resolve(in: scheme)
        case .material(let m): return m.rgba(scheme)
        case .hierarchical(let level):
            let base = scheme == .light ? RGBA(0, 0, 0) : RGBA(1, 1, 1)
            return base.multiplyingAlpha([1, 0.6, 0.3, 0.18][Swift.min(Swift.max(level, 0), 3)])
        case .tint: return Color.blue.resolve(in: scheme)
        }
    }
}

extension Color: ShapeStyle { public var _paint: Paint { .color(self) } }

/// A background material type, as in SwiftUI (drawn as a translucent neutral fill).
public struct Material: Hashable, Sendable, ShapeStyle {
    let thickness: Int  // 0 ultraThin … 4 ultraThick
    public var _paint: Paint { .material(self) }
    public static let ultraThinMaterial = Material(thickness: 0)
    public static let thinMaterial = Material(thickness: 1)
    public static let regularMaterial = Material(thickness: 2)
    public static let thickMaterial = Material(thickness: 3)
    public static let ultraThickMaterial = Material(thickness: 4)
    public static let bar = Material(thickness: 2)

    func rgba(_ scheme: ColorScheme) -> RGBA {
        let alpha = [0.35, 0.5, 0.65, 0.8, 0.9][thickness]
        return scheme == .light ? RGBA(0.92, 0.92, 0.94, alpha) : RGBA(0.22, 0.22, 0.24, alpha)
    }
}

/// The foreground hierarchy styles, as SwiftUI's `HierarchicalShapeStyle`.
public struct HierarchicalShapeStyle: Hashable, Sendable, ShapeStyle {
    let level: Int
    public var _paint: Paint { .hierarchical(level) }
    public static let primary = HierarchicalShapeStyle(level: 0)
    public static let secondary = HierarchicalShapeStyle(level: 1)
    public static let tertiary = HierarchicalShapeStyle(level: 2)
    public static let quaternary = HierarchicalShapeStyle(level: 3)
}

/// The accent color style, as SwiftUI's `TintShapeStyle`.
public struct TintShapeStyle: Hashable, Sendable, ShapeStyle {
    public init() {}
    public var _paint: Paint { .tint }
}

/// A type-erased shape style, as in SwiftUI.
public struct AnyShapeStyle: ShapeStyle {
    public let _paint: Paint
    public init<S: ShapeStyle>(_ style: S) { _paint = style._paint }
}

extension ShapeStyle where Self == Color {
    public static var red: Color { .red }
    public static var orange: Color { .orange }
    public static var yellow: Color { .yellow }
    public static var green: Color { .green }
    public static var mint: Color { .mint }
    public static var teal: Color { .teal }
    public static var cyan: Color { .cyan }
    public static var blue: Color { .blue }
    public static var indigo: Color { .indigo }
    public static var purple: Color { .purple }
    public static var pink: Color { .pink }
    public static var brown: Color { .brown }
    public static var gray: Color { .gray }
    public static var white: Color { .white }
    public static var black: Color { .black }
    public static var clear: Color { .clear }
}

extension ShapeStyle where Self == Material {
    public static var ultraThinMaterial: Material { .ultraThinMaterial }
    public static var thinMaterial: Material { .thinMaterial }
    public static var regularMaterial: Material { .regularMaterial }
    public static var thickMaterial: Material { .thickMaterial }
    public static var ultraThickMaterial: Material { .ultraThickMaterial }
    public static var bar: Material { .bar }
}

extension ShapeStyle where Self == HierarchicalShapeStyle {
    public static var primary: HierarchicalShapeStyle { .primary }
    public static var secondary: HierarchicalShapeStyle { .secondary }
    public static var tertiary: HierarchicalShapeStyle { .tertiary }
    public static var quaternary: HierarchicalShapeStyle { .quaternary }
}

extension ShapeStyle where Self == TintShapeStyle {
    public static var tint: TintShapeStyle { TintShapeStyle() }
}

/// The outline of a shape view, in the view's frame.
public enum ShapeKind: Hashable, Sendable {
    case rectangle
    case roundedRectangle(cornerRadius: CGFloat)
    case capsule
    case circle
    case ellipse
}

/// The style of a rounded rectangle's corners.
public enum RoundedCornerStyle: Hashable, Sendable { case circular, continuous }
