import CGtk
import Foundation
import SwiftUI
import LayoutLabCore

extension LabWindow {
    /// Ctrl+S: asks where to save (GtkFileChooserNative, GTK 4.8) and writes PNG, SVG and JSON.
    func exportWithDialog() {
        let name = "\(session.scene.name)-\(session.layout.name)".lowercased().replacingOccurrences(of: " ", with: "-") + ".png"
        showSaveDialog(title: "Export Layout", accept: "_Export", name: name) { [unowned self] path, _ in
            self.export(to: URL(fileURLWithPath: path))
        }
    }

    /// A save dialog (GtkFileChooserNative) in the pictures folder, suggesting `name`;
    /// `configure` may add choices before it shows; `chosen` gets the path and the chooser
    /// (to read the choices) when the person accepts.
    func showSaveDialog(title: String, accept: String, name: String, configure: (OpaquePointer) -> Void = { _ in },
                        chosen: @escaping @MainActor (String, OpaquePointer) -> Void) {
        let dialog = gtk_file_chooser_native_new(title, lab_window(window), GTK_FILE_CHOOSER_ACTION_SAVE, accept, "_Cancel")!
        let chooser = lab_file_chooser(dialog.raw)!
        configure(chooser)
        gtk_file_chooser_set_current_name(chooser, name)
        if let gfile = g_file_new_for_path(Exporter.defaultDirectory().path) {
            gtk_file_chooser_set_current_folder(chooser, gfile, nil)
            g_object_unref(gfile.raw)
        }
        connectInt(dialog, "response") { response in
            defer { g_object_unref(dialog.raw) }
            guard response == Int(GTK_RESPONSE_ACCEPT.rawValue), let file = gtk_file_chooser_get_file(chooser) else { return }
            defer { g_object_unref(file.raw) }
            guard let cpath = g_file_get_path(file) else { return }
            let path = String(cString: cpath)
            g_free(cpath)
            chosen(path, chooser)
        }
        gtk_native_dialog_show(lab_native_dialog(dialog.raw))
    }

    /// Exports the current layout next to `base`, reporting in the header bar.
    @discardableResult
    func export(to base: URL) -> Bool {
        do {
            let scale = Double(max(gtk_widget_get_scale_factor(window), 1)) * 2
            let urls = try Exporter.exportAll(session.result, scheme: session.state.colorScheme, scale: scale, base: base)
            showToast("Saved \(urls.map(\.lastPathComponent).joined(separator: ", "))", folder: base.deletingLastPathComponent())
            return true
        } catch {
            showToast("Export failed: \(error)")
            Diagnostics.report(error, during: "export")
            return false
        }
    }
}
