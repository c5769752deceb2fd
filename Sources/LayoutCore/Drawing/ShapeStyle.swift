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
    /// A linear gradient between unit points of the frame it fills.
    indirect case linearGradient(Gradient, startPoint: CGPoint, endPoint: CGPoint)
    /// A radial gradient around a unit point of the frame, between two radii in points.
    indirect case radialGradient(Gradient, center: CGPoint, startRadius: CGFloat, endRadius: CGFloat)
    /// An angular (conic) gradient around a unit point of the frame, between two angles in radians.
    indirect case angularGradient(Gradient, center: CGPoint, startAngle: Double, endAngle: Double)
    /// `Color.gradient`: a subtle top-to-bottom gradient of one color.
    case colorGradient(Color)

    /// The concrete color in `scheme`.
    public func resolve(in scheme: ColorScheme) -> RGBA {
        switch self {
        case .color(let c): return c.resolve(in: scheme)
        case .material(let m): return m.rgba(scheme)
        case .hierarchical(let level):
            let base = scheme == .light ? RGBA(0, 0, 0) : RGBA(1, 1, 1)
            return base.multiplyingAlpha([1, 0.6, 0.3, 0.18][Swift.min(Swift.max(level, 0), 3)])
        case .tint: return Color.blue.resolve(in: scheme)
        case .linearGradient(let g, _, _), .radialGradient(let g, _, _, _), .angularGradient(let g, _, _, _):
            // Where one color is needed (a progress bar, a shadow), the first stop's.
            return g.stops.first?.color.resolve(in: scheme) ?? RGBA(0, 0, 0, 0)
        case .colorGradient(let c): return c.resolve(in: scheme)
        }
    }

    /// Whether the paint varies across the frame (a gradient).
    public var isGradient: Bool {
        switch self {
        case .linearGradient, .radialGradient, .angularGradient, .colorGradient: return true
        default: return false
        }
    }
}

/// A color gradient: colors at locations from 0 to 1, as in SwiftUI.
public struct Gradient: Hashable, Sendable, Codable {
    /// One color of a gradient at a location, as in SwiftUI.
    public struct Stop: Hashable, Sendable, Codable {
        /// The color at the stop.
        public var color: Color
        /// The stop's location, 0…1.
        public var location: CGFloat
        /// Creates a stop.
        public init(color: Color, location: CGFloat) { self.color = color; self.location = location }
    }
    /// The stops, in order.
    public var stops: [Stop]
    /// Creates a gradient from stops.
    public init(stops: [Stop]) { self.stops = stops }
    /// Creates a gradient of colors spaced evenly from 0 to 1, as in SwiftUI.
    public init(colors: [Color]) {
        let n = colors.count
        stops = colors.enumerated().map { Stop(color: $1, location: n > 1 ? CGFloat($0) / CGFloat(n - 1) : 0) }
    }
}

extension Gradient: ShapeStyle {
    /// A gradient used directly as a style is a linear gradient from top to bottom, as in SwiftUI.
    public var _paint: Paint { .linearGradient(self, startPoint: CGPoint(x: 0.5, y: 0), endPoint: CGPoint(x: 0.5, y: 1)) }
}

/// A linear gradient, as in SwiftUI: the colors change along the line from `startPoint` to
/// `endPoint`, unit points of the frame of the shape it fills. Drawing only.
public struct LinearGradient: ShapeStyle {
    let gradient: Gradient
    let startPoint: UnitPoint, endPoint: UnitPoint
    /// Creates a linear gradient.
    public init(gradient: Gradient, startPoint: UnitPoint, endPoint: UnitPoint) {
        self.gradient = gradient; self.startPoint = startPoint; self.endPoint = endPoint
    }
    /// Creates a linear gradient of colors spaced evenly.
    public init(colors: [Color], startPoint: UnitPoint, endPoint: UnitPoint) {
        self.init(gradient: Gradient(colors: colors), startPoint: startPoint, endPoint: endPoint)
    }
    /// Creates a linear gradient from stops.
    public init(stops: [Gradient.Stop], startPoint: UnitPoint, endPoint: UnitPoint) {
        self.init(gradient: Gradient(stops: stops), startPoint: startPoint, endPoint: endPoint)
    }
    /// How the gradient paints (engine-internal).
    public var _paint: Paint {
        .linearGradient(gradient, startPoint: CGPoint(x: startPoint.x, y: startPoint.y), endPoint: CGPoint(x: endPoint.x, y: endPoint.y))
    }
}

/// A radial gradient, as in SwiftUI: the colors change from `startRadius` to `endRadius` points
/// around `center`, a unit point of the frame. Drawing only.
public struct RadialGradient: ShapeStyle {
    let gradient: Gradient
    let center: UnitPoint
    let startRadius: CGFloat, endRadius: CGFloat
    /// Creates a radial gradient.
    public init(gradient: Gradient, center: UnitPoint, startRadius: CGFloat, endRadius: CGFloat) {
        self.gradient = gradient; self.center = center; self.startRadius = startRadius; self.endRadius = endRadius
    }
    /// Creates a radial gradient of colors spaced evenly.
    public init(colors: [Color], center: UnitPoint, startRadius: CGFloat, endRadius: CGFloat) {
        self.init(gradient: Gradient(colors: colors), center: center, startRadius: startRadius, endRadius: endRadius)
    }
    /// Creates a radial gradient from stops.
    public init(stops: [Gradient.Stop], center: UnitPoint, startRadius: CGFloat, endRadius: CGFloat) {
        self.init(gradient: Gradient(stops: stops), center: center, startRadius: startRadius, endRadius: endRadius)
    }
    /// How the gradient paints (engine-internal).
    public var _paint: Paint {
        .radialGradient(gradient, center: CGPoint(x: center.x, y: center.y), startRadius: startRadius, endRadius: endRadius)
    }
}

/// An angular (conic) gradient, as in SwiftUI: the colors change with the angle around
/// `center`, from `startAngle` to `endAngle` (clockwise on screen, 0 pointing right). Drawing only.
public struct AngularGradient: ShapeStyle {
    let gradient: Gradient
    let center: UnitPoint
    let startAngle: Angle, endAngle: Angle
    /// Creates an angular gradient from `startAngle` to `endAngle`.
    public init(gradient: Gradient, center: UnitPoint, startAngle: Angle = .zero, endAngle: Angle = .zero) {
        self.gradient = gradient; self.center = center; self.startAngle = startAngle
        // Equal angles mean a whole turn, as in SwiftUI.
        self.endAngle = endAngle == startAngle ? startAngle + .degrees(360) : endAngle
    }
    /// Creates an angular gradient of colors spaced evenly.
    public init(colors: [Color], center: UnitPoint, startAngle: Angle, endAngle: Angle) {
        self.init(gradient: Gradient(colors: colors), center: center, startAngle: startAngle, endAngle: endAngle)
    }
    /// Creates an angular gradient from stops.
    public init(stops: [Gradient.Stop], center: UnitPoint, startAngle: Angle, endAngle: Angle) {
        self.init(gradient: Gradient(stops: stops), center: center, startAngle: startAngle, endAngle: endAngle)
    }
    /// A conic gradient: a whole turn starting at `angle`.
    public init(gradient: Gradient, center: UnitPoint, angle: Angle = .zero) {
        self.init(gradient: gradient, center: center, startAngle: angle, endAngle: angle + .degrees(360))
    }
    /// A conic gradient of colors spaced evenly.
    public init(colors: [Color], center: UnitPoint, angle: Angle = .zero) {
        self.init(gradient: Gradient(colors: colors), center: center, angle: angle)
    }
    /// How the gradient paints (engine-internal).
    public var _paint: Paint {
        .angularGradient(gradient, center: CGPoint(x: center.x, y: center.y), startAngle: startAngle.radians, endAngle: endAngle.radians)
    }
}

/// A color's standard gradient (`Color.gradient`), as SwiftUI's `AnyGradient`.
///
/// Choice: drawn from the color lightened by 20% at the top to the color darkened by 10% at the
/// bottom (SwiftUI's exact stops are not documented).
public struct AnyGradient: ShapeStyle, Hashable {
    let color: Color
    /// How the gradient paints (engine-internal).
    public var _paint: Paint { .colorGradient(color) }
}

extension Color {
    /// A subtle top-to-bottom gradient of the color, as in SwiftUI (iOS 16).
    public var gradient: AnyGradient { AnyGradient(color: self) }
}

extension ShapeStyle where Self == LinearGradient {
    /// A linear gradient (`.linearGradient(…)`), as in SwiftUI.
    public static func linearGradient(_ gradient: Gradient, startPoint: UnitPoint, endPoint: UnitPoint) -> LinearGradient {
        LinearGradient(gradient: gradient, startPoint: startPoint, endPoint: endPoint)
    }
    /// A linear gradient of colors spaced evenly.
    public static func linearGradient(colors: [Color], startPoint: UnitPoint, endPoint: UnitPoint) -> LinearGradient {
        LinearGradient(colors: colors, startPoint: startPoint, endPoint: endPoint)
    }
    /// A linear gradient from stops.
    public static func linearGradient(stops: [Gradient.Stop], startPoint: UnitPoint, endPoint: UnitPoint) -> LinearGradient {
        LinearGradient(stops: stops, startPoint: startPoint, endPoint: endPoint)
    }
}

extension ShapeStyle where Self == RadialGradient {
    /// A radial gradient (`.radialGradient(…)`), as in SwiftUI.
    public static func radialGradient(_ gradient: Gradient, center: UnitPoint, startRadius: CGFloat, endRadius: CGFloat) -> RadialGradient {
        RadialGradient(gradient: gradient, center: center, startRadius: startRadius, endRadius: endRadius)
    }
    /// A radial gradient of colors spaced evenly.
    public static func radialGradient(colors: [Color], center: UnitPoint, startRadius: CGFloat, endRadius: CGFloat) -> RadialGradient {
        RadialGradient(colors: colors, center: center, startRadius: startRadius, endRadius: endRadius)
    }
}

extension ShapeStyle where Self == AngularGradient {
    /// An angular gradient (`.angularGradient(…)`), as in SwiftUI.
    public static func angularGradient(_ gradient: Gradient, center: UnitPoint, startAngle: Angle, endAngle: Angle) -> AngularGradient {
        AngularGradient(gradient: gradient, center: center, startAngle: startAngle, endAngle: endAngle)
    }
    /// An angular gradient of colors spaced evenly.
    public static func angularGradient(colors: [Color], center: UnitPoint, startAngle: Angle, endAngle: Angle) -> AngularGradient {
        AngularGradient(colors: colors, center: center, startAngle: startAngle, endAngle: endAngle)
    }
    /// A conic gradient (`.conicGradient(…)`), as in SwiftUI.
    public static func conicGradient(_ gradient: Gradient, center: UnitPoint, angle: Angle = .zero) -> AngularGradient {
        AngularGradient(gradient: gradient, center: center, angle: angle)
    }
    /// A conic gradient of colors spaced evenly.
    public static func conicGradient(colors: [Color], center: UnitPoint, angle: Angle = .zero) -> AngularGradient {
        AngularGradient(colors: colors, center: center, angle: angle)
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

/// The style of a rounded rectangle's corners.
public enum RoundedCornerStyle: Hashable, Sendable, Codable { case circular, continuous }

/// The background of the current context (a window, a list card), as SwiftUI's
/// `BackgroundStyle`: UIKit's systemBackground, white in light mode and black in dark.
public struct BackgroundStyle: ShapeStyle, Hashable {
    /// Creates the style.
    public init() {}
    /// Paints systemBackground (engine-internal).
    public var _paint: Paint { .color(Color(storage: .system(.background))) }
}

extension ShapeStyle where Self == BackgroundStyle {
    /// The background of the current context, as SwiftUI's `.background` shape style.
    public static var background: BackgroundStyle { BackgroundStyle() }
}
