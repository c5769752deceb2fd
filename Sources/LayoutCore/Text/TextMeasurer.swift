import Foundation

/// The measured layout of a piece of text.
public struct TextMeasurement: Hashable, Sendable {
    /// The bounding size: the widest line by the number of lines times the line height.
    public var size: CGSize
    /// The number of lines after wrapping.
    public var lineCount: Int
    /// The height of one line.
    public var lineHeight: CGFloat
    /// The distance from the top to the first line's baseline.
    public var firstBaseline: CGFloat
    /// Creates a measurement.
    public init(size: CGSize, lineCount: Int, lineHeight: CGFloat, firstBaseline: CGFloat) {
        self.size = size; self.lineCount = lineCount; self.lineHeight = lineHeight; self.firstBaseline = firstBaseline
    }
}

/// Measures text for layout. Injected, so the engine never depends on a font library.
///
/// The engine ships `DeterministicTextMeasurer` (every glyph the same size, like the Ahem font)
/// for exact, font-independent results; the app supplies one backed by Pango so that what is
/// measured is what is drawn.
public protocol TextMeasurer: AnyObject {
    /// Lays out `text` in `font`. With a width, lines wrap at word boundaries (breaking inside a
    /// word only when the word alone is wider than `width`); with `nil`, only hard line breaks
    /// start new lines (the ideal size).
    func measure(_ text: String, font: Font, width: CGFloat?) -> TextMeasurement
}

/// A text measurer in which every glyph is `font.size × glyphWidthRatio` wide and every line
/// `font.size × lineHeightRatio` tall, like the Ahem test font (ratios 1 and 1 by default).
///
/// Results depend on no installed font, so tests and documentation get exact numbers.
public final class DeterministicTextMeasurer: TextMeasurer {
    /// Each glyph's width as a fraction of the font size.
    public let glyphWidthRatio: CGFloat
    /// Each line's height as a fraction of the font size.
    public let lineHeightRatio: CGFloat

    /// Creates a measurer with the given glyph-width and line-height ratios (1 and 1: square glyphs, like Ahem).
    public init(glyphWidthRatio: CGFloat = 1, lineHeightRatio: CGFloat = 1) {
        self.glyphWidthRatio = glyphWidthRatio
        self.lineHeightRatio = lineHeightRatio
    }

    /// Measures `text` with greedy word wrap at `width`; the first baseline is at 0.8 of the line height.
    public func measure(_ text: String, font: Font, width: CGFloat?) -> TextMeasurement {
        let glyph = font.size * glyphWidthRatio
        let lineHeight = font.size * lineHeightRatio
        var lines = 0
        var widest = 0
        // A width holding more glyphs than can be counted (a huge length, or any length over a
        // font under 1 pt near .greatestFiniteMagnitude) is as good as unbounded; NaN is 0.
        let maxGlyphs: Int? = width.map { w in Swift.max(1, clampedCount(w / glyph + 1e-9, limit: Int.max >> 1)) }
        for hardLine in text.split(separator: "\n", omittingEmptySubsequences: false) {
            guard let maxGlyphs else {
                lines += 1
                widest = Swift.max(widest, hardLine.count)
                continue
            }
            // Greedy word wrap; a word longer than the line is broken at glyphs.
            var current = 0
            var lineCount = 1
            for word in hardLine.split(separator: " ", omittingEmptySubsequences: false) {
                var w = word.count
                let needed = current == 0 ? w : current + 1 + w
                if needed <= maxGlyphs {
                    current = needed
                    continue
                }
                if current > 0 { widest = Swift.max(widest, current); lineCount += 1; current = 0 }
                while w > maxGlyphs { widest = Swift.max(widest, maxGlyphs); lineCount += 1; w -= maxGlyphs }
                current = w
            }
            widest = Swift.max(widest, current)
            lines += lineCount
        }
        lines = Swift.max(lines, 1)
        return TextMeasurement(size: CGSize(width: CGFloat(widest) * glyph, height: CGFloat(lines) * lineHeight),
                               lineCount: lines, lineHeight: lineHeight, firstBaseline: lineHeight * 0.8)
    }
}
