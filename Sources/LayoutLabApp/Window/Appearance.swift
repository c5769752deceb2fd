import CGtk
import Foundation
import SwiftUI

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

    /// The folder holding the app icon when run from a build (the checkout's `Resources/icons`);
    /// an installed app finds it in the hicolor theme instead.
    static func iconDirectory() -> URL? {
        for dir in dataDirectories() {
            let icons = dir.appendingPathComponent("icons", isDirectory: true)
            if FileManager.default.fileExists(atPath: icons.appendingPathComponent("\(layoutLabApplicationID).svg").path) { return icons }
        }
        return nil
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

    /// The color scheme GTK is using: dark when `gtk-application-prefer-dark-theme` is set
    /// (the app sets it from the desktop's preference, see `followDesktopPreference`), or the
    /// theme is a dark one — `gtk-theme-name` or `$GTK_THEME` ending in `-dark` / `:dark`.
    static func currentScheme() -> ColorScheme {
        guard let settings = gtk_settings_get_default() else { return .light }
        var themeName: String?
        if let name = lab_settings_get_string(settings, "gtk-theme-name") {
            themeName = String(cString: name)
            g_free(name)
        }
        return scheme(prefersDark: lab_settings_get_bool(settings, "gtk-application-prefer-dark-theme") != 0,
                      themeName: themeName, themeEnvironment: ProcessInfo.processInfo.environment["GTK_THEME"])
    }

    /// The scheme for GTK's settings and `$GTK_THEME` (which GTK's style sheets follow, while
    /// it leaves `gtk-theme-name` as it was).
    nonisolated static func scheme(prefersDark: Bool, themeName: String?, themeEnvironment: String?) -> ColorScheme {
        if prefersDark { return .dark }
        for name in [themeEnvironment, themeName].compactMap({ $0?.lowercased() }) where name.hasSuffix("-dark") || name.hasSuffix(":dark") {
            return .dark
        }
        return .light
    }

    /// What the desktop's colour-scheme preference (the settings portal's
    /// `org.freedesktop.appearance color-scheme`: 1 dark, 2 light, 0 none) asks of GTK's
    /// `gtk-application-prefer-dark-theme`: true, false, or nil to leave it.
    nonisolated static func prefersDark(portalScheme: Int32) -> Bool? {
        switch portalScheme {
        case 1: true
        case 2: false
        default: nil
        }
    }

    /// Follows the desktop's dark style (GNOME's setting, through the portal) unless `--dark` or
    /// `--light` was given: sets GTK's preference now and whenever the desktop's changes.
    static func followDesktopPreference(onChange: @escaping @MainActor () -> Void) {
        if let dark = prefersDark(portalScheme: lab_portal_color_scheme()) { setPrefersDark(dark) }
        desktopSchemeChanged = onChange
        lab_portal_watch_color_scheme { scheme in
            MainActor.assumeIsolated {
                if let dark = Appearance.prefersDark(portalScheme: scheme) { Appearance.setPrefersDark(dark) }
                Appearance.desktopSchemeChanged?()
            }
        }
    }
    private static var desktopSchemeChanged: (@MainActor () -> Void)?

    static func setPrefersDark(_ dark: Bool) {
        guard let settings = gtk_settings_get_default() else { return }
        lab_settings_set_bool(settings, "gtk-application-prefer-dark-theme", dark ? 1 : 0)
    }
}
