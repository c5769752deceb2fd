import Foundation

/// A color in sRGB with straight (non-premultiplied) alpha, each component 0…1.
public struct RGBA: Hashable, Sendable, Codable {
    /// The sRGB components and straight alpha, each 0…1.
    public var red: Double, green: Double, blue: Double, alpha: Double
    /// Creates a color from sRGB components and straight alpha (default opaque).
    public init(_ red: Double, _ green: Double, _ blue: Double, _ alpha: Double = 1) {
        self.red = red; self.green = green; self.blue = blue; self.alpha = alpha
    }
    /// The same color with its alpha multiplied by `factor`.
    public func multiplyingAlpha(_ factor: Double) -> RGBA { RGBA(red, green, blue, alpha * factor) }
    /// Linear interpolation between two colors.
    public func mixed(with other: RGBA, by t: Double) -> RGBA {
        RGBA(red + (other.red - red) * t, green + (other.green - green) * t,
             blue + (other.blue - blue) * t, alpha + (other.alpha - alpha) * t)
    }
}

/// Light or dark appearance, as SwiftUI's `ColorScheme`.
public enum ColorScheme: Hashable, CaseIterable, Sendable, Codable {
    case light, dark
}

/// A representation of a color that adapts to the color scheme, as in SwiftUI.
///
/// As a view, a color fills the space it is offered: its size is the proposal, with `nil`
/// dimensions replaced by 10 (its ideal size is 10×10).
public struct Color: Hashable, Sendable, Codable {
    package enum Storage: Hashable, Sendable, Codable {
        case rgba(RGBA)
        case system(SystemColor)
        /// A colour with a light and a dark appearance (an asset catalog's colour set).
        case appearance(light: RGBA, dark: RGBA)
        /// A colour on its way from one to another (an animation's frame): both resolved in
        /// the scheme drawn, then mixed.
        indirect case mixed(from: Color, to: Color, fraction: Double)
    }
    /// What the colour is, its larger parts apart (in `parts`). A colour is copied for every
    /// view that holds one (several times while a view is built): plain data and one optional
    /// reference copy without looking at which case it is, where the enum with an indirect case
    /// was copied through its value witness, case by case; and a colour is 56 bytes, not 80.
    private enum Kind: Hashable {
        case rgba(RGBA)
        case system(SystemColor)
        /// Light and dark in `parts`.
        case appearance
        /// Between the two colours in `parts`.
        case mixed(fraction: Double)
    }
    /// An asset catalog colour's two appearances, or the two colours a mixed colour is between.
    private final class Parts: Hashable, Sendable {
        enum Value: Hashable, Sendable {
            case appearance(light: RGBA, dark: RGBA)
            case mixed(from: Color, to: Color)
        }
        let value: Value
        init(_ value: Value) { self.value = value }
        static func == (a: Parts, b: Parts) -> Bool { a === b || a.value == b.value }
        func hash(into hasher: inout Hasher) { hasher.combine(value) }
    }
    private let kind: Kind
    private let parts: Parts?
    private(set) var opacityFactor: Double

    package init(storage: Storage, opacity: Double = 1) {
        switch storage {
        case .rgba(let c): kind = .rgba(c); parts = nil
        case .system(let s): kind = .system(s); parts = nil
        case .appearance(let light, let dark): kind = .appearance; parts = Parts(.appearance(light: light, dark: dark))
        case .mixed(let from, let to, let fraction): kind = .mixed(fraction: fraction); parts = Parts(.mixed(from: from, to: to))
        }
        opacityFactor = opacity
    }

    /// What the colour is (its `Codable` form).
    package var storage: Storage {
        switch (kind, parts?.value) {
        case (.rgba(let c), _): return .rgba(c)
        case (.system(let s), _): return .system(s)
        case (.appearance, .appearance(let light, let dark)?): return .appearance(light: light, dark: dark)
        case (.mixed(let fraction), .mixed(let from, let to)?): return .mixed(from: from, to: to, fraction: fraction)
        default: preconditionFailure("a colour's parts are made with it")
        }
    }

    private enum CodingKeys: String, CodingKey { case storage, opacityFactor }
    /// Decodes a colour as it was encoded: its storage and opacity.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        self.init(storage: try c.decode(Storage.self, forKey: .storage), opacity: try c.decode(Double.self, forKey: .opacityFactor))
    }
    /// Encodes the colour's storage and opacity.
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(storage, forKey: .storage)
        try c.encode(opacityFactor, forKey: .opacityFactor)
    }

    /// Creates a color from sRGB components.
    public init(red: Double, green: Double, blue: Double, opacity: Double = 1) {
        self.init(storage: .rgba(RGBA(red, green, blue, opacity)))
    }
    /// Creates a gray of the given white level.
    public init(white: Double, opacity: Double = 1) {
        self.init(storage: .rgba(RGBA(white, white, white, opacity)))
    }
    /// Creates a color from hue, saturation and brightness.
    public init(hue: Double, saturation: Double, brightness: Double, opacity: Double = 1) {
        let h = (hue - floor(hue)) * 6, c = brightness * saturation
        let x = c * (1 - abs(h.truncatingRemainder(dividingBy: 2) - 1)), m = brightness - c
        let (r, g, b): (Double, Double, Double)
        switch Int(h) {
        case 0: (r, g, b) = (c, x, 0)
        case 1: (r, g, b) = (x, c, 0)
        case 2: (r, g, b) = (0, c, x)
        case 3: (r, g, b) = (0, x, c)
        case 4: (r, g, b) = (x, 0, c)
        default: (r, g, b) = (c, 0, x)
        }
        self.init(storage: .rgba(RGBA(r + m, g + m, b + m, opacity)))
    }

    /// The color with its opacity multiplied by `opacity`.
    public func opacity(_ opacity: Double) -> Color {
        var copy = self
        copy.opacityFactor = opacityFactor * opacity
        return copy
    }

    /// Red. iOS system red; adapts to light and dark.
    public static let red = Color(storage: .system(.red))
    /// Orange. iOS system orange; adapts to light and dark.
    public static let orange = Color(storage: .system(.orange))
    /// Yellow. iOS system yellow; adapts to light and dark.
    public static let yellow = Color(storage: .system(.yellow))
    /// Green. iOS system green; adapts to light and dark.
    public static let green = Color(storage: .system(.green))
    /// Mint. iOS system mint; adapts to light and dark.
    public static let mint = Color(storage: .system(.mint))
    /// Teal. iOS system teal; adapts to light and dark.
    public static let teal = Color(storage: .system(.teal))
    /// Cyan. iOS system cyan; adapts to light and dark.
    public static let cyan = Color(storage: .system(.cyan))
    /// Blue. iOS system blue; adapts to light and dark.
    public static let blue = Color(storage: .system(.blue))
    /// Indigo. iOS system indigo; adapts to light and dark.
    public static let indigo = Color(storage: .system(.indigo))
    /// Purple. iOS system purple; adapts to light and dark.
    public static let purple = Color(storage: .system(.purple))
    /// Pink. iOS system pink; adapts to light and dark.
    public static let pink = Color(storage: .system(.pink))
    /// Brown. iOS system brown; adapts to light and dark.
    public static let brown = Color(storage: .system(.brown))
    /// Gray. iOS system gray, the same in light and dark.
    public static let gray = Color(storage: .system(.gray))
    /// Pure white in both color schemes.
    public static let white = Color(storage: .rgba(RGBA(1, 1, 1)))
    /// Pure black in both color schemes.
    public static let black = Color(storage: .rgba(RGBA(0, 0, 0)))
    /// Fully transparent. As a view it still fills the space it is offered.
    public static let clear = Color(storage: .rgba(RGBA(0, 0, 0, 0)))
    /// The primary content color: black in light mode, white in dark.
    public static let primary = Color(storage: .system(.primary))
    /// The secondary content color: gray at 60% opacity, adapting to light and dark.
    public static let secondary = Color(storage: .system(.secondary))
    /// The app's accent color; here always the system blue.
    public static let accentColor = Color(storage: .system(.blue))

    /// `from` a `fraction` (0…1) of the way to `to`, resolved in the scheme it is drawn in: a
    /// colour an animation is moving.
    package static func mix(_ from: Color, _ to: Color, fraction: Double) -> Color {
        if fraction <= 0 { return from }
        if fraction >= 1 { return to }
        return Color(storage: .mixed(from: from, to: to, fraction: fraction))
    }

    /// The concrete color in `scheme` (iOS system palette values).
    public func resolve(in scheme: ColorScheme) -> RGBA {
        let base: RGBA
        switch (kind, parts?.value) {
        case (.rgba(let c), _): base = c
        case (.system(let s), _): base = s.rgba(scheme)
        case (.appearance, .appearance(let light, let dark)?): base = scheme == .light ? light : dark
        case (.mixed(let fraction), .mixed(let from, let to)?):
            base = from.resolve(in: scheme).mixed(with: to.resolve(in: scheme), by: fraction)
        default: preconditionFailure("a colour's parts are made with it")
        }
        return base.multiplyingAlpha(opacityFactor)
    }
}

/// The adaptive system colors (iOS palette, light and dark variants).
package enum SystemColor: Hashable, Sendable, Codable {
    case red, orange, yellow, green, mint, teal, cyan, blue, indigo, purple, pink, brown, gray, primary, secondary
    /// UIKit's background colors for lists and forms (`Containers/`): systemBackground,
    /// systemGroupedBackground, secondarySystemGroupedBackground, separator and
    /// secondarySystemBackground.
    case background, groupedBackground, secondaryGroupedBackground, separator, secondaryBackground

    func rgba(_ scheme: ColorScheme) -> RGBA {
        let light = scheme == .light
        switch self {
        case .red: return light ? RGBA(1, 0.231, 0.188) : RGBA(1, 0.271, 0.227)
        case .orange: return light ? RGBA(1, 0.584, 0) : RGBA(1, 0.624, 0.039)
        case .yellow: return light ? RGBA(1, 0.8, 0) : RGBA(1, 0.839, 0.039)
        case .green: return light ? RGBA(0.204, 0.78, 0.349) : RGBA(0.188, 0.82, 0.345)
        case .mint: return light ? RGBA(0, 0.78, 0.745) : RGBA(0.388, 0.902, 0.886)
        case .teal: return light ? RGBA(0.188, 0.69, 0.78) : RGBA(0.251, 0.784, 0.878)
        case .cyan: return light ? RGBA(0.196, 0.678, 0.902) : RGBA(0.392, 0.824, 1)
        case .blue: return light ? RGBA(0, 0.478, 1) : RGBA(0.039, 0.518, 1)
        case .indigo: return light ? RGBA(0.345, 0.337, 0.839) : RGBA(0.369, 0.361, 0.902)
        case .purple: return light ? RGBA(0.686, 0.322, 0.871) : RGBA(0.749, 0.353, 0.949)
        case .pink: return light ? RGBA(1, 0.176, 0.333) : RGBA(1, 0.216, 0.373)
        case .brown: return light ? RGBA(0.635, 0.518, 0.369) : RGBA(0.675, 0.557, 0.408)
        case .gray: return RGBA(0.557, 0.557, 0.576)
        case .primary: return light ? RGBA(0, 0, 0) : RGBA(1, 1, 1)
        case .secondary: return light ? RGBA(0.235, 0.235, 0.263, 0.6) : RGBA(0.922, 0.922, 0.961, 0.6)
        case .background: return light ? RGBA(1, 1, 1) : RGBA(0, 0, 0)
        case .groupedBackground: return light ? RGBA(0.949, 0.949, 0.969) : RGBA(0, 0, 0)
        case .secondaryGroupedBackground: return light ? RGBA(1, 1, 1) : RGBA(0.110, 0.110, 0.118)
        case .separator: return light ? RGBA(0.235, 0.235, 0.263, 0.29) : RGBA(0.329, 0.329, 0.345, 0.6)
        case .secondaryBackground: return light ? RGBA(0.949, 0.949, 0.969) : RGBA(0.110, 0.110, 0.118)
        }
    }
}
