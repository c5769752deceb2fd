import Foundation

/// An environment-dependent font, as in SwiftUI: a text style or an explicit system size.
///
/// Text styles are made at iOS's default (Large) Dynamic Type sizes: largeTitle 34, title 28,
/// title2 22, title3 20, headline 17 semibold, body 17, callout 16, subheadline 15, footnote 13,
/// caption 12, caption2 11; `scaled(for:)` resolves them at another `DynamicTypeSize`.
public struct Font: Hashable, Sendable, Codable {
    /// A dynamic text style.
    public enum TextStyle: String, CaseIterable, Hashable, Sendable, Codable {
        case largeTitle, title, title2, title3, headline, subheadline, body, callout, footnote, caption, caption2

        /// The point size at the default Dynamic Type setting.
        public var pointSize: CGFloat {
            switch self {
            case .largeTitle: 34
            case .title: 28
            case .title2: 22
            case .title3: 20
            case .headline, .body: 17
            case .callout: 16
            case .subheadline: 15
            case .footnote: 13
            case .caption: 12
            case .caption2: 11
            }
        }
    }

    /// A font weight.
    public struct Weight: Hashable, Sendable, Codable {
        /// The CSS-style numeric weight (100…900).
        public let value: Int
        /// Weight 100.
        public static let ultraLight = Weight(value: 100)
        /// Weight 200.
        public static let thin = Weight(value: 200)
        /// Weight 300.
        public static let light = Weight(value: 300)
        /// Weight 400, the default.
        public static let regular = Weight(value: 400)
        /// Weight 500.
        public static let medium = Weight(value: 500)
        /// Weight 600 (the `.headline` weight).
        public static let semibold = Weight(value: 600)
        /// Weight 700.
        public static let bold = Weight(value: 700)
        /// Weight 800.
        public static let heavy = Weight(value: 800)
        /// Weight 900.
        public static let black = Weight(value: 900)
    }

    /// A font design.
    public enum Design: Hashable, Sendable, Codable { case `default`, serif, rounded, monospaced }

    /// The point size.
    public var size: CGFloat
    /// The weight.
    public var weight: Weight
    /// The design (default, serif, rounded or monospaced).
    public var design: Design
    /// Whether the font is italic.
    public var isItalic: Bool
    /// The text style this font came from, if any.
    public var textStyle: TextStyle?
    /// Whether digits take one width each (`monospacedDigit()`, OpenType `tnum`).
    public var usesMonospacedDigits: Bool = false
    /// The text style an explicitly sized font grows with under Dynamic Type
    /// (`Font.custom(_:size:relativeTo:)`; `.body` for `custom(_:size:)`); nil keeps its size.
    public var scalesLikeStyle: TextStyle? = nil

    /// Creates a font; a size that is not finite and positive becomes 17.
    public init(size: CGFloat, weight: Weight = .regular, design: Design = .default, isItalic: Bool = false, textStyle: TextStyle? = nil) {
        self.size = size.isFinite && size > 0 ? size : 17
        self.weight = weight; self.design = design; self.isItalic = isItalic; self.textStyle = textStyle
    }

    /// The font for a text style.
    public static func system(_ style: TextStyle, design: Design? = nil, weight: Weight? = nil) -> Font {
        Font(size: style.pointSize, weight: weight ?? (style == .headline ? .semibold : .regular),
             design: design ?? .default, textStyle: style)
    }
    /// A system font of a given size.
    public static func system(size: CGFloat, weight: Weight? = nil, design: Design? = nil) -> Font {
        Font(size: size, weight: weight ?? .regular, design: design ?? .default)
    }

    /// 34 pt, the default Dynamic Type size of SwiftUI's `.largeTitle`.
    public static let largeTitle = Font.system(.largeTitle)
    /// 28 pt, the default Dynamic Type size of SwiftUI's `.title`.
    public static let title = Font.system(.title)
    /// 22 pt, the default Dynamic Type size of SwiftUI's `.title2`.
    public static let title2 = Font.system(.title2)
    /// 20 pt, the default Dynamic Type size of SwiftUI's `.title3`.
    public static let title3 = Font.system(.title3)
    /// 17 pt semibold, the default Dynamic Type size of SwiftUI's `.headline`.
    public static let headline = Font.system(.headline)
    /// 15 pt, the default Dynamic Type size of SwiftUI's `.subheadline`.
    public static let subheadline = Font.system(.subheadline)
    /// 17 pt, the default Dynamic Type size of SwiftUI's `.body` (the default font of `Text`).
    public static let body = Font.system(.body)
    /// 16 pt, the default Dynamic Type size of SwiftUI's `.callout`.
    public static let callout = Font.system(.callout)
    /// 13 pt, the default Dynamic Type size of SwiftUI's `.footnote`.
    public static let footnote = Font.system(.footnote)
    /// 12 pt, the default Dynamic Type size of SwiftUI's `.caption`.
    public static let caption = Font.system(.caption)
    /// 11 pt, the default Dynamic Type size of SwiftUI's `.caption2`.
    public static let caption2 = Font.system(.caption2)

    /// The same font with weight `weight`.
    public func weight(_ weight: Weight) -> Font { var f = self; f.weight = weight; return f }
    /// The same font in bold (weight 700).
    public func bold() -> Font { weight(.bold) }
    /// The same font, italic.
    public func italic() -> Font { var f = self; f.isItalic = true; return f }
    /// The same font with the monospaced design.
    public func monospaced() -> Font { var f = self; f.design = .monospaced; return f }
    /// The same font with digits of one width (tabular figures), as in SwiftUI; other glyphs keep theirs.
    public func monospacedDigit() -> Font { var f = self; f.usesMonospacedDigits = true; return f }
}

/// How lines of multi-line text align, as in SwiftUI.
public enum TextAlignment: Hashable, CaseIterable, Sendable, Codable { case leading, center, trailing }
