import CGtk
import Foundation
import SwiftUI
import LayoutRendering
import PreviewProtocol

/// What the canvas draws of the device a preview is shown on, around and over the layout:
/// the optional device frame (bezel and rounded screen corners, the Dynamic Island or notch,
/// the status bar, the home indicator) and the on-screen keyboard's placeholder while a text
/// field has focus. A drawing only: the layout's safe area comes from the device's insets
/// (`WireDevice`), never from this.
@MainActor
struct DeviceChrome {
    var device: DeviceProfile
    var orientation: DeviceOrientation
    /// Draw the frame (the inspector's "Frame" switch, `device-frame on`).
    var showsFrame: Bool
    /// The keyboard that is up, by its height (nil: none).
    var keyboardHeight: Double?

    /// Sizes of the drawn parts, in points. Chosen to look like the devices in Apple's
    /// product images; they take no part in layout. The Dynamic Island is 126×37 at 11 from
    /// the top edge, the notch 209×30, the home indicator 134×5 (phones in portrait), 8 above
    /// the bottom edge.
    static let islandSize = CGSize(width: 126, height: 37), islandInset: CGFloat = 11
    static let notchSize = CGSize(width: 209, height: 30)
    static let indicatorThickness: CGFloat = 5, indicatorInset: CGFloat = 8

    /// The bezel's width on each side (a home-button phone has its forehead and chin).
    var bezel: (side: CGFloat, top: CGFloat, bottom: CGFloat) {
        guard device.homeAffordance == .button else { return (14, 14, 14) }
        return orientation == .portrait ? (14, 64, 64) : (64, 14, 14)
    }

    /// The device's outline around a screen of `screen` points: the screen and its bezel.
    func frameBounds(screen: CGSize) -> CGRect {
        let b = bezel
        return CGRect(x: -b.side, y: -b.top, width: screen.width + 2 * b.side, height: screen.height + b.top + b.bottom)
    }

    /// Draws the keyboard and, when shown, the frame, over a screen of `screen` points at the
    /// current origin (root coordinates), in `scheme`'s colours.
    func draw(screen: CGSize, scheme: ColorScheme, into cr: OpaquePointer) {
        guard screen.width.isFinite, screen.height.isFinite, screen.width > 0, screen.height > 0 else { return }
        if let keyboardHeight { drawKeyboard(height: CGFloat(keyboardHeight), screen: screen, scheme: scheme, into: cr) }
        guard showsFrame else { return }
        let dark = scheme == .dark
        let fg: (Double, Double, Double) = dark ? (1, 1, 1) : (0, 0, 0)
        cairo_save(cr)
        // The bezel, and the screen's corners masked by it.
        let radius = min(CGFloat(device.cornerRadius), screen.width / 2, screen.height / 2)
        let outer = frameBounds(screen: screen)
        let outerRadius = radius > 0 ? radius + bezel.side : 24
        cairo_set_fill_rule(cr, CAIRO_FILL_RULE_EVEN_ODD)
        // What the layout drew past the device's rounded outline (a background's square corners)
        // is not on the device: the canvas's own background covers it.
        cairo_save(cr)
        cairo_rectangle(cr, 0, 0, Double(screen.width), Double(screen.height))
        Self.roundedRect(cr, outer, radius: outerRadius)
        cairo_clip(cr)
        LayoutRenderer.paintBackground(scheme: scheme, into: cr)
        cairo_restore(cr)
        Self.roundedRect(cr, outer, radius: outerRadius)
        Self.roundedRect(cr, CGRect(origin: .zero, size: screen), radius: radius)
        cairo_set_source_rgba(cr, 0.07, 0.07, 0.08, 1)
        cairo_fill(cr)
        cairo_set_fill_rule(cr, CAIRO_FILL_RULE_WINDING)
        if device.homeAffordance == .button {
            // The home button, in the chin (or beside the screen, turned).
            let b = bezel
            let centre = orientation == .portrait ? CGPoint(x: screen.width / 2, y: screen.height + b.bottom / 2)
                                                  : CGPoint(x: screen.width + b.side / 2, y: screen.height / 2)
            cairo_arc(cr, Double(centre.x), Double(centre.y), 20, 0, 2 * Double.pi)
            cairo_set_source_rgba(cr, 0.35, 0.35, 0.37, 1)
            cairo_set_line_width(cr, 2)
            cairo_stroke(cr)
        }
        drawHousing(screen: screen, into: cr)
        if device.family == .phone || device.family == .pad { drawStatusBar(screen: screen, colour: fg, into: cr) }
        if device.homeAffordance == .indicator {
            let length: CGFloat = device.family == .pad ? 315 : orientation == .portrait ? 134 : 209
            let bar = CGRect(x: (screen.width - length) / 2, y: screen.height - Self.indicatorInset - Self.indicatorThickness,
                             width: length, height: Self.indicatorThickness)
            Self.roundedRect(cr, bar, radius: Self.indicatorThickness / 2)
            cairo_set_source_rgba(cr, fg.0, fg.1, fg.2, 1)
            cairo_fill(cr)
        }
        cairo_restore(cr)
    }

    /// The Dynamic Island or the notch, black, over the top safe area (the leading one, turned).
    private func drawHousing(screen: CGSize, into cr: OpaquePointer) {
        let portrait = orientation == .portrait
        switch device.sensorHousing {
        case .none: return
        case .dynamicIsland:
            let s = Self.islandSize
            let r = portrait ? CGRect(x: (screen.width - s.width) / 2, y: Self.islandInset, width: s.width, height: s.height)
                             : CGRect(x: Self.islandInset, y: (screen.height - s.width) / 2, width: s.height, height: s.width)
            Self.roundedRect(cr, r, radius: s.height / 2)
        case .notch:
            let s = Self.notchSize
            let r = portrait ? CGRect(x: (screen.width - s.width) / 2, y: -20, width: s.width, height: s.height + 20)
                             : CGRect(x: -20, y: (screen.height - s.width) / 2, width: s.height + 20, height: s.width)
            Self.roundedRect(cr, r, radius: 20)
        }
        cairo_set_source_rgba(cr, 0, 0, 0, 1)
        cairo_fill(cr)
    }

    /// "9:41", and signal, Wi-Fi and battery glyphs, in the scheme's foreground colour. Phones
    /// hide the status bar in landscape; iPads keep it.
    private func drawStatusBar(screen: CGSize, colour fg: (Double, Double, Double), into cr: OpaquePointer) {
        let insets = device.safeAreaInsets(orientation)
        guard insets.top > 0 else { return }
        let island = device.sensorHousing != .none
        // The status bar's text sits in the middle of the top inset (beside the island).
        let band = island ? Self.islandInset + Self.islandSize.height / 2 : insets.top / 2
        let fontSize: Double = island ? 17 : device.family == .pad ? 13 : 12
        cairo_set_source_rgba(cr, fg.0, fg.1, fg.2, 1)
        cairo_select_font_face(cr, "sans-serif", CAIRO_FONT_SLANT_NORMAL, CAIRO_FONT_WEIGHT_BOLD)
        cairo_set_font_size(cr, fontSize)
        var e = cairo_text_extents_t()
        cairo_text_extents(cr, "9:41", &e)
        // Phones with a housing centre the time in the left "ear"; others put it at the left
        // (iPad) or the middle (home-button phone).
        let earWidth = (screen.width - Self.islandSize.width) / 2
        let timeX: Double = island ? Double(earWidth / 2) - e.width / 2 + 6
            : device.family == .pad ? 20 : Double(screen.width) / 2 - e.width / 2
        cairo_move_to(cr, timeX, Double(band) + e.height / 2)
        cairo_show_text(cr, "9:41")
        // The right-hand glyphs: signal bars, Wi-Fi arcs, the battery.
        let glyphHeight: CGFloat = island ? 12 : 10
        let battery = CGRect(x: screen.width - (island ? earWidth / 2 - 22 : 16) - 25, y: band - glyphHeight / 2, width: 25, height: glyphHeight)
        Self.roundedRect(cr, battery, radius: 3.5)
        cairo_set_line_width(cr, 1)
        cairo_save(cr)
        cairo_set_source_rgba(cr, fg.0, fg.1, fg.2, 0.4)
        cairo_stroke_preserve(cr)
        cairo_restore(cr)
        cairo_new_path(cr)
        Self.roundedRect(cr, battery.insetBy(dx: 2, dy: 2), radius: 2)
        cairo_fill(cr)
        cairo_rectangle(cr, Double(battery.maxX + 1), Double(battery.midY - 2), 1.5, 4)
        cairo_fill(cr)
        // Wi-Fi: three arcs opening upwards, left of the battery.
        let wifi = CGPoint(x: battery.minX - 12, y: battery.maxY)
        cairo_set_line_width(cr, 1.8)
        for k in 1...3 {
            cairo_new_sub_path(cr)
            cairo_arc(cr, Double(wifi.x), Double(wifi.y), Double(k) * 3.6, -3 * Double.pi / 4, -Double.pi / 4)
        }
        cairo_stroke(cr)
        // Signal: four bars of rising height, left of the Wi-Fi glyph (phones only).
        guard device.family == .phone else { return }
        let left = wifi.x - 12 - 4 * 4
        for k in 0..<4 {
            let h = glyphHeight * CGFloat(k + 1) / 4
            Self.roundedRect(cr, CGRect(x: left + CGFloat(k) * 4.5, y: battery.maxY - h, width: 3, height: h), radius: 1)
        }
        cairo_fill(cr)
    }

    /// The keyboard's placeholder: a grey panel, rounded at the top, over the keyboard's region.
    private func drawKeyboard(height: CGFloat, screen: CGSize, scheme: ColorScheme, into cr: OpaquePointer) {
        let h = min(height, screen.height)
        let panel = CGRect(x: 0, y: screen.height - h, width: screen.width, height: h)
        cairo_save(cr)
        cairo_new_path(cr)
        let r: Double = 12
        cairo_move_to(cr, Double(panel.minX), Double(panel.maxY))
        cairo_arc(cr, Double(panel.minX) + r, Double(panel.minY) + r, r, Double.pi, 3 * Double.pi / 2)
        cairo_arc(cr, Double(panel.maxX) - r, Double(panel.minY) + r, r, -Double.pi / 2, 0)
        cairo_line_to(cr, Double(panel.maxX), Double(panel.maxY))
        cairo_close_path(cr)
        if scheme == .dark { cairo_set_source_rgba(cr, 0.17, 0.17, 0.18, 0.92) } else { cairo_set_source_rgba(cr, 0.82, 0.83, 0.86, 0.92) }
        cairo_fill(cr)
        let label = "Keyboard"
        cairo_select_font_face(cr, "sans-serif", CAIRO_FONT_SLANT_NORMAL, CAIRO_FONT_WEIGHT_NORMAL)
        cairo_set_font_size(cr, 17)
        var e = cairo_text_extents_t()
        cairo_text_extents(cr, label, &e)
        // Centred in the part above the home indicator's band.
        let band = device.safeAreaInsets(orientation).bottom
        if scheme == .dark { cairo_set_source_rgba(cr, 1, 1, 1, 0.55) } else { cairo_set_source_rgba(cr, 0, 0, 0, 0.45) }
        cairo_move_to(cr, Double(panel.midX) - e.width / 2 - e.x_bearing, Double(panel.minY + (h - band) / 2) + e.height / 2)
        cairo_show_text(cr, label)
        cairo_restore(cr)
    }

    /// Adds a rectangle with circular corners of `radius` to the path.
    static func roundedRect(_ cr: OpaquePointer, _ r: CGRect, radius: CGFloat) {
        let rad = Double(max(0, min(radius, r.width / 2, r.height / 2)))
        let (x0, y0, x1, y1) = (Double(r.minX), Double(r.minY), Double(r.maxX), Double(r.maxY))
        cairo_new_sub_path(cr)
        cairo_arc(cr, x1 - rad, y0 + rad, rad, -Double.pi / 2, 0)
        cairo_arc(cr, x1 - rad, y1 - rad, rad, 0, Double.pi / 2)
        cairo_arc(cr, x0 + rad, y1 - rad, rad, Double.pi / 2, Double.pi)
        cairo_arc(cr, x0 + rad, y0 + rad, rad, Double.pi, 3 * Double.pi / 2)
        cairo_close_path(cr)
    }
}
