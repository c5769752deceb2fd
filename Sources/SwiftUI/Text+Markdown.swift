import Foundation
import LayoutCore

/// A string literal that `Text` reads as markdown, as SwiftUI's `LocalizedStringKey`.
///
/// `Text("**Bold** and *italic*")` takes a `LocalizedStringKey`, so the literal is markdown, as
/// in SwiftUI; `Text(string)` of a `String` variable is not. Interpolations are formatted as
/// SwiftUI does (`\(value, specifier: "%.1f")`, `\(date, style: .time)`, `\(value, format: …)`).
/// There is no localisation table: the key is the text.
public struct LocalizedStringKey: Hashable, Sendable, ExpressibleByStringInterpolation {
    let key: String
    /// Creates a key.
    public init(_ value: String) { key = value }
    /// Creates a key from a literal.
    public init(stringLiteral value: String) { key = value }
    /// Creates a key from an interpolation.
    public init(stringInterpolation: StringInterpolation) { key = stringInterpolation.output }

    /// Builds the text of an interpolated key, as SwiftUI's `LocalizedStringKey.StringInterpolation`.
    public struct StringInterpolation: StringInterpolationProtocol {
        var output = ""
        /// Reserves room.
        public init(literalCapacity: Int, interpolationCount: Int) { output.reserveCapacity(literalCapacity + 8 * interpolationCount) }
        /// Appends literal text.
        public mutating func appendLiteral(_ literal: String) { output += literal }
        /// Appends a string.
        public mutating func appendInterpolation(_ string: String) { output += string }
        /// Appends any value's description.
        public mutating func appendInterpolation<T>(_ value: T) { output += String(describing: value) }
        /// Appends a number formatted with a printf specifier (`"%.1f"`).
        public mutating func appendInterpolation<T: CVarArg>(_ value: T, specifier: String) { output += String(format: specifier, value) }
        /// Appends a value formatted by a format style.
        public mutating func appendInterpolation<F: FormatStyle>(_ input: F.FormatInput, format: F) where F.FormatOutput == String {
            output += format.format(input)
        }
        /// Appends a date in a text style.
        public mutating func appendInterpolation(_ date: Date, style: Text.DateStyle) { output += style.format(date, now: Date()) }
        /// Appends the string of a text.
        public mutating func appendInterpolation(_ text: Text) { output += text.string }
        /// Appends a symbol image as one placeholder character (symbols have no glyphs here).
        public mutating func appendInterpolation(_ image: Image) { output += "□" }
        /// Appends a value formatted by a `Formatter`.
        public mutating func appendInterpolation<Subject: NSObject>(_ subject: Subject, formatter: Formatter) {
            output += formatter.string(for: subject) ?? ""
        }
    }
}

extension Text {
    /// Creates text from a literal, read as inline markdown, as in SwiftUI: `**bold**`,
    /// `*italic*` / `_italic_`, `~~strikethrough~~`, backticked code and `[link](url)`. The markup is
    /// removed for measuring and drawing; when the whole text is bold, italic or code, its font
    /// is (a divergence: a part of a text cannot have its own font here).
    public init(_ key: LocalizedStringKey) {
        let parsed = InlineMarkdown.parse(key.key)
        self.init(string: parsed.text, font: parsed.isCode ? Font.body.monospaced() : nil, styling: parsed.styling)
    }
    /// Creates text from a key in a localisation table (there are none here: the key is the text, as markdown).
    public init(_ key: LocalizedStringKey, tableName: String?, bundle: Bundle? = nil, comment: StaticString? = nil) {
        self.init(key)
    }

    /// Creates text from an attributed string, as in SwiftUI: its characters (attributes are not drawn).
    @_disfavoredOverload public init(_ attributedContent: AttributedString) {
        self.init(verbatim: String(attributedContent.characters))
    }

    /// Joins two texts, as SwiftUI's `Text + Text`.
    ///
    /// The result is one text of both strings, measured in the left text's font (else the
    /// right's) and styling: a divergence, since SwiftUI measures each part in its own font.
    public static func + (lhs: Text, rhs: Text) -> Text {
        var joined = Text(string: lhs.string + rhs.string, font: lhs.font ?? rhs.font, styling: lhs.styling)
        joined.paint = lhs.paint ?? rhs.paint
        return joined
    }

    /// The text in a color, as SwiftUI's `Text.foregroundColor` (a `Text`, so it can be joined with `+`).
    public func foregroundColor(_ color: Color?) -> Text { var t = self; t.paint = color.map { .color($0) }; return t }
    /// The text in a style, as SwiftUI's `Text.foregroundStyle` (iOS 17).
    public func foregroundStyle<S: ShapeStyle>(_ style: S) -> Text { var t = self; t.paint = style._paint; return t }
    /// Underlines the text (drawn without the line; no layout effect).
    public func underline(_ isActive: Bool = true, color: Color? = nil) -> Text { self }
    /// Strikes the text through (drawn without the line; no layout effect).
    public func strikethrough(_ isActive: Bool = true, color: Color? = nil) -> Text { self }
    /// Kerning (accepted without effect: glyph spacing is the font's).
    public func kerning(_ kerning: CGFloat) -> Text { self }
    /// Tracking (accepted without effect: glyph spacing is the font's).
    public func tracking(_ tracking: CGFloat) -> Text { self }
    /// Moves the text off its baseline (accepted without effect).
    public func baselineOffset(_ baselineOffset: CGFloat) -> Text { self }
}

extension Text {
    /// How text is truncated, as SwiftUI's `Text.TruncationMode`.
    public typealias TruncationMode = TextTruncationMode
    /// A text case, as SwiftUI's `Text.Case`.
    public typealias Case = TextCase
}

extension View {
    /// Limits text to `limit` lines and, with `reservesSpace`, always takes the height of that
    /// many lines, as in SwiftUI (iOS 16).
    public func lineLimit(_ limit: Int, reservesSpace: Bool) -> some View {
        let n = max(1, limit)
        return withEnvironment { $0.lineLimit = n; $0.minimumLines = reservesSpace ? n : nil }
    }
    /// Text takes at least `lowerBound` and at most `upperBound` lines, as in SwiftUI (iOS 16).
    public func lineLimit(_ limit: ClosedRange<Int>) -> some View {
        let lo = max(1, limit.lowerBound), hi = max(lo, limit.upperBound)
        return withEnvironment { $0.lineLimit = hi; $0.minimumLines = lo }
    }
    /// Text takes at least `lowerBound` lines, with no upper limit, as in SwiftUI (iOS 16).
    public func lineLimit(_ limit: PartialRangeFrom<Int>) -> some View {
        let lo = max(1, limit.lowerBound)
        return withEnvironment { $0.lineLimit = nil; $0.minimumLines = lo }
    }
    /// Text takes at most `upperBound` lines, as in SwiftUI (iOS 16).
    public func lineLimit(_ limit: PartialRangeThrough<Int>) -> some View {
        let hi = max(1, limit.upperBound)
        return withEnvironment { $0.lineLimit = hi; $0.minimumLines = nil }
    }
    /// How text that doesn't fit is truncated (recorded in the environment; the renderer ellipsizes at the end).
    public func truncationMode(_ mode: TextTruncationMode) -> some View { withEnvironment { $0.truncationMode = mode } }
    /// How far text may shrink to fit its proposal, as in SwiftUI: a text wider than proposed
    /// (or with more lines than its limit) is measured at the largest font scale down to
    /// `factor` at which it fits. Drawing keeps the unscaled font (a divergence).
    public func minimumScaleFactor(_ factor: CGFloat) -> some View {
        let f = factor.isFinite ? min(max(factor, 0.01), 1) : 1
        return withEnvironment { $0.minimumScaleFactor = f }
    }
    /// The case text is shown in, as in SwiftUI (applied to the measured string).
    public func textCase(_ textCase: TextCase?) -> some View { withEnvironment { $0.textCase = textCase } }
    /// Extra space between lines (recorded in the environment; lines keep the font's spacing).
    public func lineSpacing(_ lineSpacing: CGFloat) -> some View { withEnvironment { $0.lineSpacing = lineSpacing } }
    /// Draws the view mirrored when the layout direction is right to left, as in SwiftUI (an
    /// arrow image that points forward); its place and size do not change.
    public func flipsForRightToLeftLayoutDirection(_ enabled: Bool) -> some View {
        layoutDirectionBehavior(enabled ? .mirrors : .fixed)
    }
    /// Draws the view mirrored in the layout direction `behavior` names, as in SwiftUI (iOS 17).
    public func layoutDirectionBehavior(_ behavior: LayoutDirectionBehavior) -> some View {
        changeEach { node, inputs in
            guard inputs.environment.mirrors(behavior) else { return }
            node.preItems.insert(.beginEffect(.scale(x: -1, y: 1, anchor: CGPoint(x: 0.5, y: 0.5))), at: 0)
            node.postItems.append(.endEffect)
        }
    }
    /// Kerning of text inside (accepted without effect).
    public func kerning(_ kerning: CGFloat) -> some View { self }
    /// Moves text inside off its baseline (accepted without effect).
    public func baselineOffset(_ baselineOffset: CGFloat) -> some View { self }
    /// Tracking of text inside (accepted without effect).
    public func tracking(_ tracking: CGFloat) -> some View { self }
    /// Underlines text inside (accepted without effect).
    public func underline(_ isActive: Bool = true, pattern: Text.LineStyle.Pattern = .solid, color: Color? = nil) -> some View { self }
    /// Strikes text inside through (accepted without effect).
    public func strikethrough(_ isActive: Bool = true, pattern: Text.LineStyle.Pattern = .solid, color: Color? = nil) -> some View { self }
    /// Sets the accent color of controls to a style (iOS 16).
    public func tint<S: ShapeStyle>(_ tint: S?) -> some View {
        let paint = tint?._paint
        return withEnvironment { $0.tint = paint }
    }
    /// The accent color, older spelling (sets the tint).
    public func accentColor(_ accentColor: Color?) -> some View { tint(accentColor) }
}

extension Text {
    /// A line style of underlines and strikethroughs, as SwiftUI's `Text.LineStyle`.
    public struct LineStyle: Hashable, Sendable {
        /// A line pattern.
        public enum Pattern: Hashable, Sendable { case solid, dot, dash, dashDot, dashDotDot }
    }
}

/// Inline markdown as SwiftUI reads a string literal: the text without its markup, and the
/// styling when one style covers the whole text.
enum InlineMarkdown {
    struct Result { var text: String; var styling = TextStyling(); var isCode = false }

    /// Strips `**…**`, `__…__`, `*…*`, `_…_`, `~~…~~`, `` `…` `` and `[text](url)`; a backslash
    /// escapes the next character. Unmatched markers stay as written.
    static func parse(_ source: String) -> Result {
        // Fast path: nothing that could be markup.
        if !source.contains(where: { "*_~`[\\".contains($0) }) { return Result(text: source) }
        let chars = Array(source)
        var out = ""
        var i = 0
        var wholeBold = false, wholeItalic = false, wholeCode = false
        func closing(_ marker: [Character], from start: Int) -> Int? {
            var j = start
            while j + marker.count <= chars.count {
                if chars[j] == "\\" { j += 2; continue }
                if Array(chars[j..<(j + marker.count)]) == marker, j > start { return j }
                j += 1
            }
            return nil
        }
        while i < chars.count {
            let c = chars[i]
            if c == "\\", i + 1 < chars.count, "*_~`[]\\".contains(chars[i + 1]) { out.append(chars[i + 1]); i += 2; continue }
            var matched = false
            for marker in [["*", "*"], ["_", "_"], ["~", "~"], ["*"], ["_"], ["`"]] as [[Character]] {
                guard i + marker.count <= chars.count, Array(chars[i..<(i + marker.count)]) == marker else { continue }
                let after = i + marker.count
                guard after < chars.count, chars[after] != " " else { continue }
                // An underscore inside a word is not emphasis (snake_case).
                if marker.first == "_", i > 0, chars[i - 1].isLetter || chars[i - 1].isNumber { continue }
                guard let end = closing(marker, from: after), chars[end - 1] != " " else { continue }
                let inner = String(chars[after..<end])
                let parsedInner = marker == ["`"] ? Result(text: inner) : parse(inner)
                let covers = i == 0 && end + marker.count == chars.count
                if covers {
                    if marker.count == 2 && marker[0] != "~" { wholeBold = true }
                    if marker.count == 1 && marker[0] != "`" { wholeItalic = true }
                    if marker == ["`"] { wholeCode = true }
                }
                out += parsedInner.text
                i = end + marker.count
                matched = true
                break
            }
            if matched { continue }
            if c == "[", let close = chars[(i + 1)...].firstIndex(of: "]"), close + 1 < chars.count, chars[close + 1] == "(",
               let paren = chars[(close + 1)...].firstIndex(of: ")") {
                out += parse(String(chars[(i + 1)..<close])).text
                i = paren + 1
                continue
            }
            out.append(c)
            i += 1
        }
        var result = Result(text: out)
        if wholeBold { result.styling.weight = .bold }
        if wholeItalic { result.styling.italic = true }
        result.isCode = wholeCode
        return result
    }
}
