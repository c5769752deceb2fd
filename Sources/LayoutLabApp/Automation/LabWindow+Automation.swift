import CGtk
import Foundation
import LayoutLabCore

/// The window as scripts drive it (see `AutomatedWindow`).
extension LabWindow: AutomatedWindow {
    /// The window's named widgets and the inspector's (the inspector's first where both name one).
    var namedWidgets: [String: Widget] { inspector.allNamed.merging(named) { a, _ in a } }

    /// What only the window knows of its state: its size, the toast and hint, its dialogs,
    /// presenting, the pickers' items, its title and icon.
    func automationState() -> [String: Any] {
        [
            "window": ["width": Double(gtk_widget_get_width(window)), "height": Double(gtk_widget_get_height(window))],
            "breadcrumb": breadcrumb?.parts ?? [],
            "toast": toastText ?? "",
            "hint": hint != nil,
            "about": aboutDialog.map { gtk_widget_get_visible($0) != 0 } ?? false,
            "shortcutsWindow": shortcutsWindow.map { gtk_widget_get_visible($0) != 0 } ?? false,
            "shortcutKeys": shortcutKeys(),
            "presenting": isPresenting, "presentationCaption": presentationCaption ?? "",
            "timePaused": session.isTimePaused,
            "fullscreen": gtk_window_is_fullscreen(lab_window(window)) != 0,
            "iconName": gtk_window_get_icon_name(lab_window(window)).map { String(cString: $0) } ?? "",
            "iconFile": iconFile() ?? "",
            "layoutPickerItems": pickerItems(layoutPicker),
            "scenePickerItems": pickerItems(scenePicker),
            "title": title,
        ]
    }

    /// The keys the shortcuts window shows, by the title of each item (while it has been opened).
    private func shortcutKeys() -> [String: String] {
        guard let shortcutsWindow else { return [:] }
        var keys: [String: String] = [:]
        func visit(_ widget: Widget) {
            if lab_is_shortcuts_shortcut(widget) != 0 {
                if let title = lab_object_dup_string(widget, "title") {
                    defer { g_free(title) }
                    let accelerator = lab_object_dup_string(widget, "accelerator")
                    defer { g_free(accelerator) }
                    // The search page repeats every item: the first one found is the section's.
                    let name = String(cString: title)
                    if keys[name] == nil { keys[name] = accelerator.map { String(cString: $0) } ?? "" }
                }
                return
            }
            var child = gtk_widget_get_first_child(widget)
            while let c = child {
                visit(c)
                child = gtk_widget_get_next_sibling(c)
            }
        }
        visit(shortcutsWindow)
        return keys
    }

    /// The file the window's icon comes from (GTK 4.8's has_icon misses unthemed icons, so
    /// the lookup itself is asked).
    private func iconFile() -> String? {
        guard let display = gdk_display_get_default(),
              let paintable = gtk_icon_theme_lookup_icon(gtk_icon_theme_get_for_display(display), layoutLabApplicationID, nil, 48, 1,
                                                         GTK_TEXT_DIR_NONE, GtkIconLookupFlags(rawValue: 0)) else { return nil }
        defer { g_object_unref(paintable.raw) }
        guard let file = gtk_icon_paintable_get_file(paintable) else { return nil }
        defer { g_object_unref(file.raw) }
        guard let path = g_file_get_path(file) else { return nil }
        defer { g_free(path) }
        return String(cString: path)
    }
}
