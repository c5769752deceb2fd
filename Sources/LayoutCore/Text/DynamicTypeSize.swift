import Foundation

/// The Dynamic Type size, as in SwiftUI: the reader's preferred text size, `.large` by default.
///
/// Text styles take their point sizes from Apple's published table for iOS (Human Interface
/// Guidelines › Typography › Specifications › "iOS, iPadOS Dynamic Type sizes"): `pointSize(at:)`.
public enum DynamicTypeSize: Int, Hashable, Comparable, CaseIterable, Sendable, Codable {
    case xSmall, small, medium, large, xLarge, xxLarge, xxxLarge
    case accessibility1, accessibility2, accessibility3, accessibility4, accessibility5
    /// Whether the size is one of the accessibility sizes.
    public var isAccessibilitySize: Bool { self >= .accessibility1 }
    /// Orders sizes from smallest to largest.
    public static func < (a: DynamicTypeSize, b: DynamicTypeSize) -> Bool { a.rawValue < b.rawValue }
}

extension Font.TextStyle {
    /// The point size at a Dynamic Type size, as iOS sizes the style.
    ///
    /// From Apple's Human Interface Guidelines (Typography › Specifications, "iOS, iPadOS Dynamic
    /// Type sizes"), one row per style, xSmall … accessibility5. The default (`.large`) column is
    /// `pointSize`; UIKit's `preferredFont(forTextStyle:)` reports the same numbers.
    public func pointSize(at size: DynamicTypeSize) -> CGFloat {
        CGFloat(Self.sizes[Self.row(self)][size.rawValue])
    }

    /// The line height Apple's table gives the style at a size: what designers space lines by.
    ///
    /// A `Text` does not use it: its lines are as tall as the font's own ascent, descent and gap
    /// (UIKit's `UIFont.lineHeight`, 20.3 for the 17 pt body whose table leading is 22), which is
    /// what the text measurer reports.
    public func leading(at size: DynamicTypeSize) -> CGFloat {
        CGFloat(Self.leadings[Self.row(self)][size.rawValue])
    }

    /// How much the style grows from `.large` to `size` (1 at `.large`): how `Font.custom(_:size:)`
    /// and `@ScaledMetric` scale values relative to a style, as `UIFontMetrics` does.
    public func scale(at size: DynamicTypeSize) -> CGFloat {
        size == .large ? 1 : pointSize(at: size) / pointSize(at: .large)
    }

    private static func row(_ style: Font.TextStyle) -> Int {
        switch style {
        case .largeTitle: 0
        case .title: 1
        case .title2: 2
        case .title3: 3
        case .headline: 4
        case .body: 5
        case .callout: 6
        case .subheadline: 7
        case .footnote: 8
        case .caption: 9
        case .caption2: 10
        }
    }

    // Rows: largeTitle, title, title2, title3, headline, body, callout, subheadline, footnote,
    // caption, caption2. Columns: xSmall, small, medium, large, xLarge, xxLarge, xxxLarge, AX1 … AX5.
    private static let sizes: [[UInt8]] = [
        [31, 32, 33, 34, 36, 38, 40, 44, 48, 52, 56, 60],
        [25, 26, 27, 28, 30, 32, 34, 38, 43, 48, 53, 58],
        [19, 20, 21, 22, 24, 26, 28, 34, 39, 44, 50, 56],
        [17, 18, 19, 20, 22, 24, 26, 31, 37, 43, 49, 55],
        [14, 15, 16, 17, 19, 21, 23, 28, 33, 40, 47, 53],
        [14, 15, 16, 17, 19, 21, 23, 28, 33, 40, 47, 53],
        [13, 14, 15, 16, 18, 20, 22, 26, 32, 38, 44, 51],
        [12, 13, 14, 15, 17, 19, 21, 25, 30, 36, 42, 49],
        [12, 12, 12, 13, 15, 17, 19, 23, 27, 33, 38, 44],
        [11, 11, 11, 12, 14, 16, 18, 22, 26, 32, 37, 43],
        [11, 11, 11, 11, 13, 15, 17, 20, 24, 29, 34, 40],
    ]
    private static let leadings: [[UInt8]] = [
        [38, 39, 40, 41, 43, 46, 48, 52, 57, 61, 66, 70],
        [31, 32, 33, 34, 37, 39, 41, 46, 51, 57, 62, 68],
        [24, 25, 26, 28, 30, 32, 34, 41, 47, 52, 59, 66],
        [22, 23, 24, 25, 28, 30, 32, 38, 44, 51, 58, 65],
        [19, 20, 21, 22, 24, 26, 29, 34, 40, 48, 56, 62],
        [19, 20, 21, 22, 24, 26, 29, 34, 40, 48, 56, 62],
        [18, 19, 20, 21, 23, 25, 28, 32, 39, 46, 52, 60],
        [16, 18, 19, 20, 22, 24, 28, 31, 37, 43, 50, 58],
        [16, 16, 16, 18, 20, 22, 24, 29, 33, 40, 46, 52],
        [13, 13, 13, 16, 19, 21, 23, 28, 32, 39, 44, 51],
        [13, 13, 13, 13, 18, 20, 22, 25, 30, 35, 41, 48],
    ]
}

extension Font {
    /// The font at a Dynamic Type size, as SwiftUI resolves it: a text style takes its size from
    /// the table, a custom font that scales grows with its style, and a `.system(size:)` or
    /// `fixedSize` font keeps its size.
    public func scaled(for dynamicTypeSize: DynamicTypeSize) -> Font {
        guard dynamicTypeSize != .large else { return self }
        var f = self
        if let style = textStyle {
            f.size = style.pointSize(at: dynamicTypeSize)
        } else if let style = scalesLikeStyle {
            f.size = size * style.scale(at: dynamicTypeSize)
        }
        return f
    }
}
