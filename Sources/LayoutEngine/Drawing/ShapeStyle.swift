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
public enum Paint: Hashable, Sendable, Codable {
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
public struct Material: Hashable, Sendable, Codable, ShapeStyle {
    let thickness: Int  // 0 ultraThin … 4 ultraThick
    /// How the material paints (engine-internal).
    public var _paint: Paint { .material(self) }
    /// The most translucent material.
    public static let ultraThinMaterial = Material(thickness: 0)
    /// A more translucent material than regular.
    public static let thinMaterial = Material(thickness: 1)
    /// The standard material thickness.
    public static let regularMaterial = Material(thickness: 2)
    /// A more opaque material than regular.
    public static let thickMaterial = Material(thickness: 3)
    /// The most opaque material.
    public static let ultraThickMaterial = Material(thickness: 4)
    /// The material of bars such as toolbars; drawn like `regularMaterial`.
    public static let bar = Material(thickness: 2)

    func rgba(_ scheme: ColorScheme) -> RGBA {
        let alpha = [0.35, 0.5, 0.65, 0.8, 0.9][thickness]
        return scheme == .light ? RGBA(0.92, 0.92, 0.94, alpha) : RGBA(0.22, 0.22, 0.24, alpha)
    }
}

/// The foreground hierarchy styles, as SwiftUI's `HierarchicalShapeStyle`.
public struct HierarchicalShapeStyle: Hashable, Sendable, ShapeStyle {
    let level: Int
    /// How the style paints (engine-internal).
    public var _paint: Paint { .hierarchical(level) }
    /// The first hierarchy level: black in light mode, white in dark, fully opaque.
    public static let primary = HierarchicalShapeStyle(level: 0)
    /// The second hierarchy level: black or white (by color scheme) at 60% opacity.
    public static let secondary = HierarchicalShapeStyle(level: 1)
    /// The third hierarchy level: black or white (by color scheme) at 30% opacity.
    public static let tertiary = HierarchicalShapeStyle(level: 2)
    /// The fourth hierarchy level: black or white (by color scheme) at 18% opacity.
    public static let quaternary = HierarchicalShapeStyle(level: 3)
}

/// The accent color style, as SwiftUI's `TintShapeStyle`.
public struct TintShapeStyle: Hashable, Sendable, ShapeStyle {
    /// Creates the accent color style.
    public init() {}
    /// How the style paints (engine-internal).
    public var _paint: Paint { .tint }
}

/// A type-erased shape style, as in SwiftUI.
public struct AnyShapeStyle: ShapeStyle {
    /// How the wrapped style paints (engine-internal).
    public let _paint: Paint
    /// Wraps `style`, erasing its type.
    public init<S: ShapeStyle>(_ style: S) { _paint = style._paint }
}

extension ShapeStyle where Self == Color {
    /// `Color.red` as a shape style.
    public static var red: Color { .red }
    /// `Color.orange` as a shape style.
    public static var orange: Color { .orange }
    /// `Color.yellow` as a shape style.
    public static var yellow: Color { .yellow }
    /// `Color.green` as a shape style.
    public static var green: Color { .green }
    /// `Color.mint` as a shape style.
    public static var mint: Color { .mint }
    /// `Color.teal` as a shape style.
    public static var teal: Color { .teal }
    /// `Color.cyan` as a shape style.
    public static var cyan: Color { .cyan }
    /// `Color.blue` as a shape style.
    public static var blue: Color { .blue }
    /// `Color.indigo` as a shape style.
    public static var indigo: Color { .indigo }
    /// `Color.purple` as a shape style.
    public static var purple: Color { .purple }
    /// `Color.pink` as a shape style.
    public static var pink: Color { .pink }
    /// `Color.brown` as a shape style.
    public static var brown: Color { .brown }
    /// `Color.gray` as a shape style.
    public static var gray: Color { .gray }
    /// `Color.white` as a shape style.
    public static var white: Color { .white }
    /// `Color.black` as a shape style.
    public static var black: Color { .black }
    /// `Color.clear` as a shape style.
    public static var clear: Color { .clear }
}

extension ShapeStyle where Self == Material {
    /// `Material.ultraThinMaterial` as a shape style.
    public static var ultraThinMaterial: Material { .ultraThinMaterial }
    /// `Material.thinMaterial` as a shape style.
    public static var thinMaterial: Material { .thinMaterial }
    /// `Material.regularMaterial` as a shape style.
    public static var regularMaterial: Material { .regularMaterial }
    /// `Material.thickMaterial` as a shape style.
    public static var thickMaterial: Material { .thickMaterial }
    /// `Material.ultraThickMaterial` as a shape style.
    public static var ultraThickMaterial: Material { .ultraThickMaterial }
    /// `Material.bar` as a shape style.
    public static var bar: Material { .bar }
}

extension ShapeStyle where Self == HierarchicalShapeStyle {
    /// The primary foreground level as a shape style.
    public static var primary: HierarchicalShapeStyle { .primary }
    /// The secondary foreground level as a shape style.
    public static var secondary: HierarchicalShapeStyle { .secondary }
    /// The tertiary foreground level as a shape style.
    public static var tertiary: HierarchicalShapeStyle { .tertiary }
    /// The quaternary foreground level as a shape style.
    public static var quaternary: HierarchicalShapeStyle { .quaternary }
}

extension ShapeStyle where Self == TintShapeStyle {
    /// The accent (tint) color as a shape style.
    public static var tint: TintShapeStyle { TintShapeStyle() }
}

/// The outline of a shape view, in the view's frame.
public enum ShapeKind: Hashable, Sendable, Codable {
    case rectangle
    case roundedRectangle(cornerRadius: CGFloat)
    case capsule
    case circle
    case ellipse
}

/// The style of a rounded rectangle's corners.
public enum RoundedCornerStyle: Hashable, Sendable, Codable { case circular, continuous }
