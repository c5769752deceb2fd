import CPangoCairo
import Foundation
import LayoutCore

/// A `TextMeasurer` backed by Pango, so that what the layout measures is what `LayoutRenderer`
/// draws (use the same `FontFamilies` for both).
///
/// Sizes are in points, treated as pixels at 1×: a 17pt font is a 17px absolute font size.
/// Results keep Pango's fractional precision (1/1024 pt). Not thread-safe: use one measurer per
/// thread.
public final class PangoTextMeasurer: TextMeasurer {
    private struct Key: Hashable {
        let text: String
        let font: Font
        let width: CGFloat?
    }

    private let pango: PangoTextContext
    private let layout: OpaquePointer
    private var lastFont: Font?
    private var memo: [Key: TextMeasurement] = [:]
    /// The maximum number of memoized measurements (the memo is cleared when it is full).
    public let memoLimit: Int
    /// Measurements answered from the memo, and measurements computed with Pango.
    public private(set) var memoHits = 0
    public private(set) var measurements = 0

    /// The font families this measurer uses.
    public var families: FontFamilies { pango.families }

    public init(families: FontFamilies = FontFamilies(), memoLimit: Int = 4096) {
        pango = PangoTextContext(families: families)
        layout = pango.makeLayout()
        self.memoLimit = Swift.max(memoLimit, 0)
    }

    deinit { g_object_unref(UnsafeMutableRawPointer(layout)) }

    public func measure(_ text: String, font: Font, width: CGFloat?) -> TextMeasurement {
        // NaN and negative widths measure as the narrowest wrap; infinity as no wrapping.
        var width = width
        if let w = width {
            if w.isNaN || w < 0 { width = 0 } else if w.isInfinite { width = nil }
        }
        let key = Key(text: text, font: font, width: width)
        if let m = memo[key] { memoHits += 1; return m }
        // Text whose ideal (unwrapped) width fits does not wrap: the ideal answer is the answer.
        if let width, let ideal = memo[Key(text: text, font: font, width: nil)], ideal.size.width <= width {
            memoHits += 1
            return ideal
        }
        let m = computeMeasurement(text, font: font, width: width)
        if memo.count >= memoLimit { memo.removeAll(keepingCapacity: true) }
        if memoLimit > 0 { memo[key] = m }
        return m
    }

    /// Clears the memo (call after changing fonts installed on the system).
    public func clearMemo() { memo.removeAll() }

    private func computeMeasurement(_ text: String, font: Font, width: CGFloat?) -> TextMeasurement {
        measurements += 1
        if lastFont != font {
            pango_layout_set_font_description(layout, pango.description(for: font))
            setFontFeatures(layout, font)
            lastFont = font
        }
        if let width {
            pango_layout_set_wrap(layout, PANGO_WRAP_WORD_CHAR)
            pango_layout_set_width(layout, pangoUnits(width))
        } else {
            pango_layout_set_width(layout, -1)
        }
        pango_layout_set_text(layout, text, -1)
        var logical = PangoRectangle()
        pango_layout_get_extents(layout, nil, &logical)
        let lines = Swift.max(Int(pango_layout_get_line_count(layout)), 1)
        let w = CGFloat(Swift.max(logical.width, 0)) / pangoScale
        let h = CGFloat(Swift.max(logical.height, 0)) / pangoScale
        let baseline = CGFloat(pango_layout_get_baseline(layout)) / pangoScale
        return TextMeasurement(size: CGSize(width: w, height: h), lineCount: lines,
                               lineHeight: h / CGFloat(lines), firstBaseline: baseline)
    }
}
