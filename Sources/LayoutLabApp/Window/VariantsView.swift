import CGtk
import Foundation
import SwiftUI
import LayoutLabCore
import LayoutRendering
import PreviewProtocol

/// The shown preview side by side across one axis (colour schemes, Dynamic Type sizes, layout
/// directions or devices), each tile labelled, as Xcode's variants mode shows it. Clicking a
/// tile makes its environment (or its device's size) the canvas's.
///
/// Tiles are laid out by the preview's agent one at a time, between the person's own requests
/// (their live events and the canvas's layouts go first), with the running preview's state:
/// the variants show what the canvas shows, in another environment.
@MainActor
final class VariantsView {
    /// What the tiles vary.
    enum Axis: Int, CaseIterable {
        case colorScheme, dynamicType, layoutDirection, device

        var title: String {
            switch self {
            case .colorScheme: "Colour scheme"
            case .dynamicType: "Type size"
            case .layoutDirection: "Direction"
            case .device: "Device"
            }
        }

        /// The name scripts use (`variants dynamic-type`), as `snapshot --variants` names axes.
        var scriptName: String {
            switch self {
            case .colorScheme: "color-scheme"
            case .dynamicType: "dynamic-type"
            case .layoutDirection: "layout-direction"
            case .device: "device"
            }
        }
    }

    /// One tile: the environment it lays out in and, for a device, the size it proposes.
    struct Variant: Equatable {
        var label: String
        var environment: WireEnvironment
        var device: ProposalPreset?
        static func == (a: Variant, b: Variant) -> Bool {
            a.label == b.label && a.environment == b.environment && a.device?.name == b.device?.name
        }
    }

    /// The variants of `axis` around `base`, one axis changed at a time.
    static func variants(of axis: Axis, around base: WireEnvironment) -> [Variant] {
        switch axis {
        case .colorScheme:
            return WireEnvironment.colorSchemes.map { name in
                var e = base
                e.colorScheme = name
                return Variant(label: name == "light" ? "Light" : "Dark", environment: e)
            }
        case .dynamicType:
            return WireEnvironment.dynamicTypeSizes.map { name in
                var e = base
                e.dynamicTypeSize = name == "large" ? nil : name
                return Variant(label: name.replacingOccurrences(of: "accessibility", with: "AX ") + (name == "large" ? " (default)" : ""),
                               environment: e)
            }
        case .layoutDirection:
            return [("ltr", "Left to right"), ("rtl", "Right to left")].map { name, label in
                var e = base
                e.layoutDirection = name == "ltr" ? nil : name
                return Variant(label: label, environment: e)
            }
        case .device:
            return DeviceProfile.all.map { device in
                var e = base
                e.device = device.wire(.portrait)
                return Variant(label: device.label, environment: e, device: device)
            }
        }
    }

    /// The width of a tile's drawing, in pixels.
    static let tileWidth: Int32 = 170

    private final class Tile {
        let variant: Variant
        let frame: Widget
        let area: Widget
        var result: LayoutResult?
        /// The result drawn at full size, scaled down when the tile is drawn: text laid out by
        /// Pango at a small scale wraps and truncates differently from the layout's measure.
        var picture: OpaquePointer?
        init(variant: Variant, frame: Widget, area: Widget) { self.variant = variant; self.frame = frame; self.area = area }
        deinit { if let picture { cairo_surface_destroy(picture) } }
    }

    let root: Widget
    private let session: LabSession
    private unowned let preview: PreviewController
    private let renderer = LayoutRenderer()
    private var axisPicker: Widget!
    private var flow: Widget!
    private var status: Widget!
    private(set) var axis: Axis
    private var tiles: [Tile] = []
    /// Tiles still to lay out, in order; a refresh starts over.
    private var pending: [Int] = []
    /// Counts refreshes: a layout asked for before the last one is dropped.
    private var generation = 0
    private var pumpScheduled = false
    private var refreshScheduled = false
    /// Makes a variant the canvas's.
    var onChoose: @MainActor (Variant) -> Void = { _ in }

    init(session: LabSession, preview: PreviewController, axis: Axis = .colorScheme) {
        self.session = session
        self.preview = preview
        self.axis = axis
        root = UI.column(spacing: 4, [])
        gtk_widget_add_css_class(root, "variants")
        gtk_widget_set_hexpand(root, 1)
        axisPicker = UI.dropDown(Axis.allCases.map(\.title), selected: axis.rawValue) { [unowned self] i in
            guard let a = Axis(rawValue: i), a != self.axis else { return }
            self.setAxis(a)
        }
        gtk_widget_set_tooltip_text(axisPicker, "What the variants vary: one setting at a time, the others as the canvas has them")
        status = UI.label("", classes: ["dim-label", "caption"])
        gtk_label_set_ellipsize(lab_label(status), PANGO_ELLIPSIZE_END)
        gtk_widget_set_hexpand(status, 1)
        let bar = UI.row(spacing: 6, [UI.label("Variants", classes: ["heading"]), axisPicker, status])
        for set in [gtk_widget_set_margin_start, gtk_widget_set_margin_end, gtk_widget_set_margin_top] { set(bar, 6) }
        UI.append(root, bar)
        flow = gtk_flow_box_new()!
        gtk_flow_box_set_selection_mode(lab_flow_box(flow), GTK_SELECTION_NONE)
        gtk_flow_box_set_homogeneous(lab_flow_box(flow), 0)
        gtk_flow_box_set_column_spacing(lab_flow_box(flow), 8)
        gtk_flow_box_set_row_spacing(lab_flow_box(flow), 8)
        gtk_flow_box_set_max_children_per_line(lab_flow_box(flow), 12)
        gtk_widget_set_valign(flow, GTK_ALIGN_START)
        for set in [gtk_widget_set_margin_start, gtk_widget_set_margin_end, gtk_widget_set_margin_bottom] { set(flow, 6) }
        let scroller = gtk_scrolled_window_new()!
        gtk_scrolled_window_set_policy(lab_scrolled_window(scroller), GTK_POLICY_NEVER, GTK_POLICY_AUTOMATIC)
        gtk_scrolled_window_set_child(lab_scrolled_window(scroller), flow)
        gtk_widget_set_vexpand(scroller, 1)
        UI.append(root, scroller)
        rebuildTiles()
    }

    /// Labels of the tiles, in order, with whether each has its layout (automation, tests).
    var tileStates: [(label: String, laidOut: Bool, current: Bool)] {
        tiles.map { ($0.variant.label, $0.result != nil, isCurrent($0.variant)) }
    }

    /// The layout of the tile labelled `label`, once it has come.
    func result(ofTileLabelled label: String) -> LayoutResult? { tiles.first { $0.variant.label == label }?.result }

    /// Whether every tile has its layout.
    var isComplete: Bool { pending.isEmpty && tiles.allSatisfy { $0.result != nil } }

    func setAxis(_ a: Axis) {
        axis = a
        UI.setDropDown(axisPicker, a.rawValue)
        rebuildTiles()
    }

    /// Chooses the tile labelled `label` as a click does; false when there is none.
    func choose(label: String) -> Bool {
        guard let t = tiles.first(where: { $0.variant.label.lowercased() == label.lowercased()
            || $0.variant.label.lowercased().hasPrefix(label.lowercased() + " ") }) else { return false }
        onChoose(t.variant)
        return true
    }

    /// Lays the tiles out again soon (the preview, its state or the canvas's proposal changed);
    /// changes in quick succession make one refresh.
    func scheduleRefresh() {
        guard !refreshScheduled else { return }
        refreshScheduled = true
        addTimeout(milliseconds: 120) { [weak self] in
            guard let self else { return false }
            self.refreshScheduled = false
            self.refresh()
            return false
        }
    }

    /// Starts laying every tile out again, keeping the old drawings until the new ones come.
    func refresh() {
        generation &+= 1
        // The base environment may have changed: the tiles' variants follow it.
        let wanted = Self.variants(of: axis, around: preview.environment)
        if wanted != tiles.map(\.variant) {
            rebuildTiles()
            return
        }
        pending = Array(tiles.indices)
        markCurrent()
        pump()
    }

    private func rebuildTiles() {
        while let child = gtk_widget_get_first_child(flow) { gtk_flow_box_remove(lab_flow_box(flow), child) }
        tiles = Self.variants(of: axis, around: preview.environment).map(makeTile)
        for t in tiles { gtk_flow_box_append(lab_flow_box(flow), t.frame) }
        generation &+= 1
        pending = Array(tiles.indices)
        markCurrent()
        pump()
    }

    private func makeTile(_ variant: Variant) -> Tile {
        let area = gtk_drawing_area_new()!
        // Its own width, whatever room the row gives the tile.
        gtk_widget_set_halign(area, GTK_ALIGN_CENTER)
        let size = tileSize(for: variant, result: nil)
        gtk_widget_set_size_request(area, size.width, size.height)
        let label = UI.label(variant.label, classes: ["caption"], xalign: 0.5)
        gtk_label_set_ellipsize(lab_label(label), PANGO_ELLIPSIZE_END)
        gtk_label_set_max_width_chars(lab_label(label), 18)
        let frame = UI.column(spacing: 4, [area, label])
        gtk_widget_add_css_class(frame, "variant-tile")
        gtk_widget_set_tooltip_text(frame, "Click to show the canvas in this variant")
        let tile = Tile(variant: variant, frame: frame, area: area)
        setDrawFunction(area) { [unowned self, unowned tile] cr, w, h in self.draw(tile, cr, width: w, height: h) }
        let click = gtk_gesture_click_new()!
        connectPressed(click) { [unowned self, unowned tile] _, _, _ in self.onChoose(tile.variant) }
        gtk_widget_add_controller(frame, lab_event_controller(click.raw))
        return tile
    }

    /// A tile is as wide as `tileWidth` and as tall as its proposal's shape (or its layout's).
    private func tileSize(for variant: Variant, result: LayoutResult?) -> (width: Int32, height: Int32) {
        let shape: CGSize
        if let r = result, r.canvasSize.width > 0, r.canvasSize.height > 0 {
            shape = r.canvasSize
        } else {
            shape = proposal(for: variant).replacingUnspecifiedDimensions(by: CGSize(width: 390, height: 300))
        }
        let aspect = shape.width > 0 && shape.height.isFinite && shape.width.isFinite ? shape.height / shape.width : 1.5
        let height = Int32((Double(Self.tileWidth) * min(max(aspect, 0.3), 2.4)).rounded())
        return (Self.tileWidth, height)
    }

    private func proposal(for variant: Variant) -> ProposedViewSize {
        if let d = variant.device { return ProposedViewSize(width: d.width, height: d.height) }
        return session.state.proposal(canvas: session.canvasSize)
    }

    /// The tile showing what the canvas shows now.
    private func isCurrent(_ v: Variant) -> Bool {
        if let d = v.device {
            let p = session.state.proposal(canvas: session.canvasSize)
            return p.width == d.width && p.height == d.height && preview.environment.device?.name == d.id
        }
        return preview.effective(v.environment) == preview.effective(preview.environment)
    }

    private func markCurrent() {
        for t in tiles {
            if isCurrent(t.variant) { gtk_widget_add_css_class(t.frame, "current") } else { gtk_widget_remove_css_class(t.frame, "current") }
        }
    }

    /// Lays out the next pending tile when the agent is free; polls while one is out.
    private func pump() {
        guard !pumpScheduled else { return }
        updateStatus()
        guard !pending.isEmpty else { return }
        if preview.variantInFlight != nil {
            // Ours is out: take its reply when it comes.
            schedulePump(after: 15) { self.preview.pollAgent() }
            return
        }
        guard preview.canLayOutVariant(session) else {
            schedulePump(after: 40) {}
            return
        }
        let index = pending.removeFirst()
        let tile = tiles[index]
        let asked = generation
        preview.layOutVariant(session, environment: tile.variant.environment, proposal: proposal(for: tile.variant)) { [weak self] result in
            // Tiles made again since (another axis) have their own requests.
            guard let self, self.tiles.indices.contains(index), self.tiles[index] === tile else { return }
            if let result {
                tile.result = result
                self.paint(tile)
                let size = self.tileSize(for: tile.variant, result: result)
                gtk_widget_set_size_request(tile.area, size.width, size.height)
                gtk_widget_queue_draw(tile.area)
            } else if asked == self.generation, !self.pending.contains(index) {
                self.pending.append(index)  // the agent was replaced: again, from the new one
            }
            self.schedulePump(after: 0) {}
        }
    }

    private func schedulePump(after milliseconds: UInt32, _ first: @escaping @MainActor () -> Void) {
        pumpScheduled = true
        addTimeout(milliseconds: max(milliseconds, 1)) { [weak self] in
            guard let self else { return false }
            self.pumpScheduled = false
            first()
            self.pump()
            return false
        }
    }

    private func updateStatus() {
        let done = tiles.filter { $0.result != nil }.count
        UI.setText(status, !preview.showsPreview(session) ? "Pick one of your previews to see its variants"
                   : pending.isEmpty && done == tiles.count ? "\(tiles.count) variants"
                   : "Laying out \(min(done + 1, tiles.count)) of \(tiles.count)…")
    }

    private func scheme(of tile: Tile) -> ColorScheme {
        preview.effective(tile.variant.environment).colorScheme == "dark" ? .dark : .light
    }

    /// Draws the tile's result at full size into its picture (at most 2048 pixels a side).
    private func paint(_ tile: Tile) {
        if let old = tile.picture { cairo_surface_destroy(old) }
        tile.picture = nil
        guard let result = tile.result else { return }
        let w = Int32(min(max(result.canvasSize.width.rounded(.up), 1), 2048))
        let h = Int32(min(max(result.canvasSize.height.rounded(.up), 1), 2048))
        guard let surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, w, h) else { return }
        let cr = cairo_create(surface)!
        let scheme = scheme(of: tile)
        LayoutRenderer.paintBackground(scheme: scheme, into: cr)
        renderer.draw(result, scheme: scheme, into: cr)
        cairo_destroy(cr)
        tile.picture = surface
    }

    private func draw(_ tile: Tile, _ cr: OpaquePointer, width: Int, height: Int) {
        LayoutRenderer.paintBackground(scheme: scheme(of: tile), into: cr)
        guard let picture = tile.picture else { return }
        let pw = Double(cairo_image_surface_get_width(picture)), ph = Double(cairo_image_surface_get_height(picture))
        let s = min(Double(width) / pw, Double(height) / ph)
        cairo_save(cr)
        cairo_translate(cr, (Double(width) - pw * s) / 2, (Double(height) - ph * s) / 2)
        cairo_scale(cr, s, s)
        cairo_set_source_surface(cr, picture, 0, 0)
        cairo_pattern_set_filter(cairo_get_source(cr), CAIRO_FILTER_GOOD)
        cairo_paint(cr)
        cairo_restore(cr)
    }
}
