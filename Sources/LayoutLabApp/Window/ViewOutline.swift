import CGtk
import Foundation
import SwiftUI
import LayoutLabCore

/// The view hierarchy as an indented list (as GTK Inspector's object tree and Xcode's view
/// debugger show it), linked both ways with the canvas: choosing a row selects the view, and
/// selecting in the canvas highlights its row. "Trace" filters the trace to the chosen view.
@MainActor
final class ViewOutline {
    let session: LabSession
    let root: Widget
    private let list: Widget
    private let scroller: Widget
    /// The view index of each row (nil for the "… more" row).
    private var rowViews: [Int?] = []
    private var isDirty = true
    private var isSelecting = false
    /// Rows beyond this are summarised in one line: a 10,000-view list would take seconds.
    static let rowLimit = 1_500

    /// `showInTrace`: the "Show in trace" button (the inspector filters its trace).
    init(session: LabSession, showInTrace: @escaping @MainActor () -> Void) {
        self.session = session
        list = gtk_list_box_new()!
        gtk_list_box_set_selection_mode(lab_list_box(list), GTK_SELECTION_SINGLE)
        gtk_widget_add_css_class(list, "view-outline")
        scroller = gtk_scrolled_window_new()!
        gtk_scrolled_window_set_child(lab_scrolled_window(scroller), list)
        gtk_widget_set_vexpand(scroller, 1)
        let showInTraceButton = UI.button("Show in trace") { showInTrace() }
        gtk_widget_set_tooltip_text(showInTraceButton, "Filter the trace to the selected view")
        gtk_widget_set_halign(showInTraceButton, GTK_ALIGN_START)
        root = UI.column(spacing: 4, [scroller, showInTraceButton])
        connectRowSelected(list) { [unowned self] index in self.rowChosen(index) }
        connect(root, "map") { [unowned self] in if self.isDirty { self.rebuild() } }
    }

    private var isShown: Bool { gtk_widget_get_mapped(root) != 0 }

    /// The layout changed: rebuild now if the outline is on screen, else when it is shown.
    func reload() {
        isDirty = true
        if isShown { rebuild() }
    }

    /// Called when the outline's tab is shown.
    func pageShown() { if isDirty { rebuild() } }

    private func rebuild() {
        isDirty = false
        gtk_list_box_remove_all_rows(lab_list_box(list))
        rowViews = []
        let views = session.result.views
        for v in views.prefix(Self.rowLimit) {
            let name = session.displayName(of: v.index)
            let size = v.isVisible ? "  \(fmt(v.frame.width))×\(fmt(v.frame.height))" : "  (hidden)"
            let label = UI.label(name + size, classes: ["monospace"])
            gtk_label_set_ellipsize(lab_label(label), PANGO_ELLIPSIZE_END)
            gtk_widget_set_margin_start(label, Int32(6 + 12 * min(v.depth, 24)))
            gtk_widget_set_tooltip_text(label, name)
            gtk_list_box_append(lab_list_box(list), label)
            rowViews.append(v.index)
        }
        if views.count > Self.rowLimit {
            gtk_list_box_append(lab_list_box(list), UI.label("… \(views.count - Self.rowLimit) more views", classes: ["dim-label"]))
            rowViews.append(nil)
        }
        showSelection()
    }

    /// Highlights the selected view's row.
    func showSelection() {
        guard !isDirty else { return }
        isSelecting = true
        defer { isSelecting = false }
        guard let s = session.selectedIndex, let row = rowViews.firstIndex(of: s),
              let widget = gtk_list_box_get_row_at_index(lab_list_box(list), Int32(row)) else {
            gtk_list_box_unselect_all(lab_list_box(list))
            return
        }
        gtk_list_box_select_row(lab_list_box(list), widget)
    }

    private func rowChosen(_ index: Int) {
        guard !isSelecting, rowViews.indices.contains(index), let view = rowViews[index] else { return }
        session.selectView(at: view)
    }

    /// The view index a row shows (for automation).
    func view(atRow row: Int) -> Int? { rowViews.indices.contains(row) ? rowViews[row] : nil }
    var rowCount: Int { rowViews.count }
    func chooseRow(_ row: Int) {
        guard let widget = gtk_list_box_get_row_at_index(lab_list_box(list), Int32(row)) else { return }
        gtk_list_box_select_row(lab_list_box(list), widget)
    }
}

/// The path from the root to the selected view, under the canvas: click a part to select it.
@MainActor
final class Breadcrumb {
    let session: LabSession
    let root: Widget
    private(set) var parts: [String] = []
    /// What the bar says while nothing is selected (a live preview says how to inspect it).
    var emptyHint: @MainActor () -> String = { Breadcrumb.selectHint }
    static let selectHint = "Click a view; click again for its container."

    init(session: LabSession) {
        self.session = session
        root = UI.row(spacing: 2, [])
        gtk_widget_add_css_class(root, "breadcrumb")
        gtk_widget_set_margin_start(root, 6)
        gtk_widget_set_margin_end(root, 6)
        gtk_widget_set_size_request(root, -1, 30)
    }

    func update() {
        while let child = gtk_widget_get_first_child(root) { gtk_box_remove(lab_box(root), child) }
        var path = session.selectionPath()
        parts = path.map { session.displayName(of: $0) }
        guard !path.isEmpty else {
            let hint = UI.label(emptyHint(), classes: ["dim-label"])
            // A long hint must not widen the canvas's column (the compare view shares the row).
            gtk_label_set_ellipsize(lab_label(hint), PANGO_ELLIPSIZE_END)
            UI.append(root, hint)
            return
        }
        // Long paths keep the root, an ellipsis and the innermost views.
        var elided = false
        if path.count > 7 { path = [path[0]] + path.suffix(5); elided = true }
        for (k, index) in path.enumerated() {
            if k > 0 { UI.append(root, UI.label(k == 1 && elided ? "› … ›" : "›", classes: ["dim-label"])) }
            let button = UI.button(session.displayName(of: index)) { [unowned self] in self.session.selectView(at: index) }
            gtk_widget_add_css_class(button, "flat")
            if index == session.selectedIndex { gtk_widget_add_css_class(button, "breadcrumb-current") }
            if let label = gtk_button_get_child(lab_button(button)), GTK_IS_LABEL_CHECK(label) != 0 {
                gtk_label_set_ellipsize(lab_label(label), PANGO_ELLIPSIZE_END)
                gtk_label_set_max_width_chars(lab_label(label), 24)
            }
            UI.append(root, button)
        }
    }
}

extension LabSession {
    /// Selects view `index` of the last layout (a row of the outline, a part of the breadcrumb,
    /// a line of the trace); the window follows the selection (`observe`).
    func selectView(at index: Int) {
        guard result.views.indices.contains(index) else { return }
        perform(.select(result.views[index].identity))
    }
}
