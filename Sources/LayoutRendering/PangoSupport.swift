import CPangoCairo
import Foundation
import LayoutCore

/// The font families used for each `Font.Design`, as Pango family lists (comma-separated
/// fallbacks). The measurer and the renderer must use the same families, or what is measured is
/// not what is drawn.
public struct FontFamilies: Hashable, Sendable {
    public var `default`: String
    public var serif: String
    public var monospaced: String
    public var rounded: String

    public init(default: String = "Cantarell, DejaVu Sans, sans-serif",
                serif: String = "DejaVu Serif, serif",
                monospaced: String = "DejaVu Sans Mono, monospace",
                rounded: String = "Nunito, Comfortaa, Cantarell, DejaVu Sans, sans-serif") {
        self.default = `default`
        self.serif = serif
        self.monospaced = monospaced
        self.rounded = rounded
    }

    /// The family list for a design.
    public func family(for design: Font.Design) -> String {
        switch design {
        case .default: return self.default
        case .serif: return serif
        case .monospaced: return monospaced
        case .rounded: return rounded
        }
    }
}

let pangoScale = CGFloat(PANGO_SCALE)

/// Converts a length in points to Pango units, clamped to Int32 and safe for NaN/infinity.
@inline(__always) func pangoUnits(_ length: CGFloat) -> Int32 {
    guard length.isFinite else { return length > 0 ? Int32.max / 2 : 0 }
    let v = (length * pangoScale).rounded()
    if v >= CGFloat(Int32.max / 2) { return Int32.max / 2 }
    if v <= 0 { return 0 }
    return Int32(v)
}

/// A Pango context with layout-stable settings shared by measuring and drawing: no metric
/// hinting and no glyph-position rounding, so text measures the same at every scale and in
/// every drawing target.
final class PangoTextContext {
    let context: OpaquePointer
    let families: FontFamilies
    private var descriptions: [Font: OpaquePointer] = [:]

    init(families: FontFamilies) {
        self.families = families
        let fontMap = pango_cairo_font_map_get_default()
        context = pango_font_map_create_context(fontMap)!
        let options = cairo_font_options_create()
        cairo_font_options_set_hint_metrics(options, CAIRO_HINT_METRICS_OFF)
        cairo_font_options_set_hint_style(options, CAIRO_HINT_STYLE_NONE)
        cairo_font_options_set_antialias(options, CAIRO_ANTIALIAS_GRAY)
        pango_cairo_context_set_font_options(context, options)
        cairo_font_options_destroy(options)
        pango_context_set_round_glyph_positions(context, 0)
    }

    deinit {
        for (_, d) in descriptions { pango_font_description_free(d) }
        g_object_unref(UnsafeMutableRawPointer(context))
    }

    /// A new layout in this context.
    func makeLayout() -> OpaquePointer {
        pango_layout_new(context)!
    }

    /// The (cached) Pango font description for a font.
    func description(for font: Font) -> OpaquePointer {
        if let d = descriptions[font] { return d }
        if descriptions.count > 256 {
            for (_, d) in descriptions { pango_font_description_free(d) }
            descriptions.removeAll(keepingCapacity: true)
        }
        let d = pango_font_description_new()!
        families.family(for: font.design).withCString { pango_font_description_set_family(d, $0) }
        let weight = Swift.min(Swift.max(font.weight.value, 100), 1000)
        pango_font_description_set_weight(d, PangoWeight(rawValue: numericCast(weight)))
        pango_font_description_set_style(d, font.isItalic ? PANGO_STYLE_ITALIC : PANGO_STYLE_NORMAL)
        let size = font.size.isFinite && font.size > 0 ? font.size : 17
        pango_font_description_set_absolute_size(d, Double(size) * Double(PANGO_SCALE))
        descriptions[font] = d
        return d
    }
}

/// Sets the OpenType features a font asks for on a layout (tabular digits for
/// `monospacedDigit()`), or clears them; the measurer and the renderer both call it, so what is
/// measured is what is drawn.
func setFontFeatures(_ layout: OpaquePointer, _ font: Font) {
    guard font.usesMonospacedDigits else { pango_layout_set_attributes(layout, nil); return }
    let list = pango_attr_list_new()
    pango_attr_list_insert(list, pango_attr_font_features_new("tnum 1"))
    pango_layout_set_attributes(layout, list)
    pango_attr_list_unref(list)
}
