import Foundation

/// Text as laid out: the string, its resolved font and line settings (<doc:TextRules>).
///
/// SwiftUI's text sizing: the ideal size is one line per hard line; a width wraps at word
/// boundaries and reports the widest line; a height too small for every line truncates to the
/// lines that fit (at least one). Text exposes first and last text baselines. Default spacing,
/// priority 0.
package struct TextContent {
    /// Creates the value from its parts (the memberwise initializer, for the SwiftUI surface).
    package init(string: String, font: Font, lineLimit: Int?, minimumLines: Int? = nil, minimumScaleFactor: CGFloat = 1) {
        self.string = string; self.font = font; self.lineLimit = lineLimit; self.minimumLines = minimumLines; self.minimumScaleFactor = minimumScaleFactor
    }
    package var string: String
    var font: Font
    var lineLimit: Int?
    /// The least number of lines (`lineLimit(2...4)`, `lineLimit(2, reservesSpace: true)`).
    package var minimumLines: Int? = nil
    /// How far the font may shrink to fit (`minimumScaleFactor`; 1: not at all).
    package var minimumScaleFactor: CGFloat = 1

    func size(_ p: ProposedViewSize, in pass: LayoutPass) -> CGSize {
        let measurer = pass.textMeasurer
        var size = sizeAtFontSize(p, measurer)
        // `minimumScaleFactor`: text that does not fit (wider than proposed, or more lines than
        // its limit or the height allow) shrinks, down to the factor, until it fits (SwiftUI's
        // rule); the size is measured at the scale found by bisection.
        if minimumScaleFactor < 1, let w = p.width, w.isFinite {
            let full = measurer.measure(string, font: font, width: nil)
            let fits = { (c: TextContent) -> Bool in
                let m = measurer.measure(c.string, font: c.font, width: w)
                let maxLines = Swift.min(c.lineLimit ?? Int.max, p.height.map { h in Swift.max(1, clampedCount(h / Swift.max(m.lineHeight, 0.001) + 1e-9)) } ?? Int.max)
                return m.lineCount <= maxLines && m.size.width <= w + 0.001
            }
            if full.size.width > w, !fits(self) {
                let floor = Swift.max(minimumScaleFactor, 0.01)
                var lo = floor, hi: CGFloat = 1
                var scaled = self
                for _ in 0..<12 {
                    let mid = (lo + hi) / 2
                    scaled.font.size = font.size * mid
                    if fits(scaled) { lo = mid } else { hi = mid }
                }
                scaled.font.size = font.size * lo
                scaled.minimumScaleFactor = 1
                size = scaled.sizeAtFontSize(p, measurer)
            }
        }
        return size
    }

    private func sizeAtFontSize(_ p: ProposedViewSize, _ measurer: any TextMeasurer) -> CGSize {
        // Ideal (nil width): one line per hard line. A width wraps at word boundaries.
        let width = p.width.map { $0.isFinite ? $0 : nil } ?? nil
        let m = measurer.measure(string, font: font, width: width)
        // A minimum number of lines (`lineLimit(2...)`, `reservesSpace`) keeps the height of
        // that many lines even when the text takes fewer, as in SwiftUI.
        if let minLines = minimumLines, m.lineCount < minLines {
            let lines = Swift.min(minLines, lineLimit ?? Int.max)
            return CGSize(width: m.size.width, height: CGFloat(lines) * m.lineHeight)
        }
        var size = m.size
        var maxLines = lineLimit ?? Int.max
        if let h = p.height, h.isFinite, m.lineHeight > 0 {
            // Truncate to the lines that fit, but always keep at least one line. A height holding
            // more lines than can be counted (1e300, .greatestFiniteMagnitude) truncates nothing.
            maxLines = Swift.min(maxLines, Swift.max(1, clampedCount(h / m.lineHeight + 1e-9)))
        }
        if m.lineCount > maxLines {
            size.height = CGFloat(maxLines) * m.lineHeight
            if let w = width { size.width = Swift.max(size.width, Swift.min(w, measurer.measure(string, font: font, width: nil).size.width)) }
        }
        return size
    }

    var spacing: ViewSpacing { ViewSpacing() }

    /// The first and last text baselines at `size` (the last is that of the last line shown);
    /// nil for every other guide (<doc:AlignmentRules>).
    func explicitAlignment(_ key: AlignmentKey, size: CGSize, in pass: LayoutPass) -> CGFloat? {
        guard key.identifier == ObjectIdentifier(FirstTextBaselineAlignmentID.self)
                || key.identifier == ObjectIdentifier(LastTextBaselineAlignmentID.self) else { return nil }
        let m = pass.textMeasurer.measure(string, font: font, width: size.width.isFinite ? size.width : nil)
        if key.identifier == ObjectIdentifier(FirstTextBaselineAlignmentID.self) { return m.firstBaseline }
        let lines = Swift.max(1, Swift.min(m.lineCount, clampedCount(size.height / Swift.max(m.lineHeight, 0.0001) + 1e-9)))
        return CGFloat(lines - 1) * m.lineHeight + m.firstBaseline
    }
}

/// `x` rounded down as an `Int`, clamped to `0...limit` (NaN → 0), so that counts of lines and
/// glyphs computed from any length never trap: a length holding more than `limit` units (2⁵³ by
/// default, where doubles stop counting exactly) is as good as unbounded.
@inline(__always) func clampedCount(_ x: CGFloat, limit: Int = 1 << 53) -> Int {
    guard x > 0 else { return 0 }
    return x < CGFloat(limit) ? Int(x.rounded(.down)) : limit
}
