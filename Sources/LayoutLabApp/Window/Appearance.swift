import CGtk
import Foundation
import LayoutEngine

/// Style sheet lookup and light/dark detection.
@MainActor
enum Appearance {
    /// Directories searched for `style.css`, in order: `$LAYOUTLAB_DATA_DIR`,
    /// `<executable dir>/../share/layoutlab`, the source tree's `Resources/`.
    static func dataDirectories(environment: [String: String] = ProcessInfo.processInfo.environment,
                                sourceFile: String = #filePath) -> [URL] {
        var dirs: [URL] = []
        if let d = environment["LAYOUTLAB_DATA_DIR"], !d.isEmpty { dirs.append(URL(fileURLWithPath: d, isDirectory: true)) }
        if let exe = executableURL() {
            dirs.append(exe.deletingLastPathComponent().appendingPathComponent("../share/layoutlab", isDirectory: true).standardizedFileURL)
        }
        // Sources/LayoutLabApp/Window/Appearance.swift → repository root → Resources
        let root = URL(fileURLWithPath: sourceFile).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent()
        dirs.append(root.appendingPathComponent("Resources", isDirectory: true))
        return dirs
    }

    static func executableURL() -> URL? {
        if let path = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe") {
            return URL(fileURLWithPath: path)
        }
        return CommandLine.arguments.first.map { URL(fileURLWithPath: $0).standardizedFileURL }
    }

    /// The first `style.css` found, if any.
    static func styleSheetPath() -> String? {
        for dir in dataDirectories() {
            let p = dir.appendingPathComponent("style.css").path
            if FileManager.default.fileExists(atPath: p) { return p }
        }
        return nil
    }

    /// Loads `style.css` for the default display (a missing file is not an error).
    static func loadStyleSheet() {
        guard let path = styleSheetPath(), let display = gdk_display_get_default() else { return }
        let provider = gtk_css_provider_new()!
        gtk_css_provider_load_from_path(provider, path)
        gtk_style_context_add_provider_for_display(display, lab_style_provider(provider), guint(GTK_STYLE_PROVIDER_PRIORITY_APPLICATION))
    }

    /// The color scheme GTK is using: dark when `gtk-application-prefer-dark-theme` is set or
    /// the theme's name ends in `-dark`/`:dark`.
    static func currentScheme() -> ColorScheme {
        guard let settings = gtk_settings_get_default() else { return .light }
        if lab_settings_get_bool(settings, "gtk-application-prefer-dark-theme") != 0 { return .dark }
        if let name = lab_settings_get_string(settings, "gtk-theme-name") {
            defer { g_free(name) }
            let s = String(cString: name).lowercased()
            if s.hasSuffix("-dark") || s.hasSuffix(":dark") { return .dark }
        }
        return .light
    }

    static func setPrefersDark(_ dark: Bool) {
        guard let settings = gtk_settings_get_default() else { return }
        lab_settings_set_bool(settings, "gtk-application-prefer-dark-theme", dark ? 1 : 0)
    }
}
