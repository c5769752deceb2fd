import CGtk
import Foundation

/// The window's interface files (`Resources/*.ui`), in the GResource bundle that
/// `Plugins/CompileGResources` compiles into the module: read with GtkBuilder, as GTK apps do.
@MainActor
enum LabResources {
    /// Where the bundle's files are (`layoutlab.gresource.xml`'s prefix).
    static let prefix = "/io/github/layoutlab/LayoutLab/"

    /// Registers the bundle with GIO, once.
    private static let registered: Bool = {
        let bytes = layoutlabGResourceBytes.withUnsafeBytes { g_bytes_new($0.baseAddress, gsize($0.count)) }
        defer { g_bytes_unref(bytes) }
        var error: UnsafeMutablePointer<GError>?
        guard let resource = g_resource_new_from_data(bytes, &error) else {
            let message = error.map { String(cString: $0.pointee.message) } ?? "unknown error"
            g_clear_error(&error)
            preconditionFailure("the compiled-in GResource bundle does not load: \(message)")
        }
        g_resources_register(resource)
        return true
    }()

    /// A builder that has read `file` (`"inspector.ui"`) from the bundle. It owns the objects it
    /// built: keep it while they are in use outside a window (`widget(_:in:)`).
    static func builder(_ file: String) -> OpaquePointer {
        precondition(registered)
        return gtk_builder_new_from_resource(prefix + file)
    }

    /// The widget with id `id` in `builder`'s file (a missing id is a programming error).
    static func widget(_ id: String, in builder: OpaquePointer) -> Widget {
        guard let object = gtk_builder_get_object(builder, id), let widget = lab_widget(object) else {
            preconditionFailure("\(id) is not a widget of the builder's file")
        }
        return widget
    }
}
