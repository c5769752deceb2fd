import CGtk
import Foundation
import SwiftUI
import LayoutLabCore
import LayoutRendering

/// The LayoutLab preview window, as a library.
///
/// Open the window with your own layouts and content in one call:
/// ```swift
/// import LayoutLabApp
/// import SwiftUI
///
/// LayoutLab.run(
///     layouts: [.init("Diagonal", DiagonalLayout())],
///     scene: .init("Mine") { count in
///         ForEach(0..<count, id: \.self) { i in Text("\(i)").padding().background(.blue) }
///     })
/// ```
/// Your layouts come first in the picker, followed by the built-in ones (pass
/// `includeBuiltIns: false` to show only yours); your scene is shown first. The window lays
/// out the scene's subviews in the chosen layout through `AnyLayout`, so switching layouts,
/// changing the proposal, adding or removing subviews animate.
public enum LayoutLab {
    /// Opens the window with `layouts` and `scenes` and runs until it is closed. Returns the
    /// process exit status.
    ///
    /// - Parameters:
    ///   - layouts: layouts offered first in the layout picker.
    ///   - scenes: scenes offered first in the Scenes menu.
    ///   - includeBuiltIns: also offer the built-in layouts and scenes.
    ///   - options: window options (stats, automation).
    @MainActor @discardableResult
    public static func run(layouts: [LabLayout] = [], scenes: [LabScene] = [], includeBuiltIns: Bool = true,
                           options: WindowOptions = WindowOptions()) -> Int32 {
        let allLayouts = layouts + (includeBuiltIns || layouts.isEmpty ? LabLayout.builtIn : [])
        let allScenes = scenes + (includeBuiltIns || scenes.isEmpty ? LabScene.builtIn : [])
        let app = LabApplication(layouts: allLayouts, scenes: allScenes, options: options)
        // Start on the caller's first layout, or on Flow.
        app.initialLayout = layouts.isEmpty ? (allLayouts.firstIndex { $0.name == "Flow" } ?? 0) : 0
        return app.run()
    }

    /// Opens the window with one scene of your own (see `run(layouts:scenes:includeBuiltIns:options:)`).
    @MainActor @discardableResult
    public static func run(layouts: [LabLayout] = [], scene: LabScene, includeBuiltIns: Bool = true,
                           options: WindowOptions = WindowOptions()) -> Int32 {
        run(layouts: layouts, scenes: [scene], includeBuiltIns: includeBuiltIns, options: options)
    }

    /// The `layoutlab` command: parses `arguments` (without the program name), then opens the
    /// window, renders headlessly, or prints the version or help. Returns the exit status
    /// (2 for bad arguments).
    @MainActor
    public static func main(arguments: [String] = Array(CommandLine.arguments.dropFirst())) -> Int32 {
        LayoutLabCLI.main(arguments: arguments) { run(options: $0) }
    }
}

/// The GtkApplication wrapper.
@MainActor
final class LabApplication {
    let layouts: [LabLayout]
    let scenes: [LabScene]
    let options: WindowOptions
    var window: LabWindow?
    /// The layout shown when there are no saved settings.
    var initialLayout = 0
    /// The exit status when the window could not open (preview mode on unusable code).
    var exitStatus: Int32 = 0

    init(layouts: [LabLayout], scenes: [LabScene], options: WindowOptions) {
        self.layouts = layouts
        self.scenes = scenes
        self.options = options
    }

    func run() -> Int32 {
        guard gtk_init_check() != 0 else {
            Diagnostics.report("cannot open a display (is DISPLAY or WAYLAND_DISPLAY set?); 'layoutlab render' works without one")
            return Diagnostics.ExitStatus.failure.rawValue
        }
        // NON_UNIQUE: a second window (or a test run) never hands off to an existing instance.
        let app = gtk_application_new("io.github.layoutlab.LayoutLab", G_APPLICATION_NON_UNIQUE)!
        connect(app, "activate") { [self] in self.activate(app) }
        // Arguments are parsed by `LayoutLab.main`; GApplication sees only the program name.
        let status = g_application_run(lab_g_application(app), 0, nil)
        g_object_unref(app)
        return status != 0 ? status : exitStatus
    }

    private func activate(_ app: UnsafeMutablePointer<GtkApplication>) {
        if let window { window.present(); return }
        if let dark = options.dark { Appearance.setPrefersDark(dark) } else {
            Appearance.followDesktopPreference { [weak self] in
                guard let w = self?.window, !w.isClosed else { return }
                w.session.perform(.setColorScheme(Appearance.currentScheme()))
                gtk_widget_queue_draw(w.canvas.area)
            }
        }
        Appearance.loadStyleSheet()
        var settings = LabSettings()
        var settingsProblem: String?
        if !options.ignoresSettings {
            (settings, settingsProblem) = LabSettings.loadReporting()
            if let settingsProblem { Diagnostics.warn(settingsProblem) }
        }
        var preview: PreviewController?
        var layouts = self.layouts, scenes = self.scenes
        if let path = options.previewPath {
            do {
                let controller = try PreviewController(path: path, limits: .configured(overriding: options.agentEnvironment))
                (layouts, scenes) = controller.choices()
                preview = controller
            } catch {
                Diagnostics.report("preview: \(error.message)")
                exitStatus = Diagnostics.ExitStatus.failure.rawValue
                g_application_quit(lab_g_application(app))
                return
            }
        }
        let state = LabState.opening(scenes: scenes, layoutIndex: preview == nil ? initialLayout : (layouts.firstIndex { $0.name == "Flow" } ?? 0),
                                     showsStats: options.stats, colorScheme: Appearance.currentScheme())
        let session = LabSession(layouts: layouts, scenes: scenes, state: state)
        var saved = settings
        // Opens on the first preview, whatever was shown last time.
        if preview?.catalog?.previews.isEmpty == false { saved.scene = nil }
        session.perform(.applySettings(saved))
        session.remote = preview
        session.update(animated: false, now: monotonicSeconds())
        let w = LabWindow(application: app, session: session, options: options, settings: settings, preview: preview)
        window = w
        w.present()
        if let settingsProblem {
            // Said in the window too: a warning on stderr goes unseen when started from a menu.
            w.showToast("Your settings could not be read, so the defaults are used: \(settingsProblem)", seconds: 15)
        }
        if let script = options.automationScript {
            do {
                let automation = try Automation(scriptPath: script, screenshotDirectory: options.screenshotDirectory, window: w)
                w.automation = automation
                automation.start()
            } catch {
                Diagnostics.report("automation: \(error)")
                exitStatus = Diagnostics.ExitStatus.failure.rawValue
                w.close()
                g_application_quit(lab_g_application(app))
            }
        }
    }
}
