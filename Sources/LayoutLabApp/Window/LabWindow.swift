import CGtk
import Foundation
import LayoutEngine
import LayoutRendering

/// Monotonic time in seconds, on the same clock as GDK's frame clock.
func monotonicSeconds() -> Double { Double(g_get_monotonic_time()) / 1_000_000 }

/// The LayoutLab window: header bar (layout and scene pickers), canvas and inspector.
@MainActor
final class LabWindow {
    let session: LabSession
    let options: WindowOptions
    let window: Widget
    let canvas: CanvasView
    var inspector: Inspector!
    var layoutPicker: Widget!
    var scenePicker: Widget!
    var toast: Widget!
    /// True while the UI is being set from the state (suppresses change handlers).
    var isSyncing = false
    var automation: Automation?
    var lastStatsPrint = 0.0
    var lastStatsShown = 0.0
    let settingsURL = LabSettings.fileURL()
    /// Preview mode: the person's code, built and watched (nil for the built-in content).
    let preview: PreviewController?

    init(application: UnsafeMutablePointer<GtkApplication>, session: LabSession, options: WindowOptions, settings: LabSettings,
         preview: PreviewController? = nil) {
        self.session = session
        self.options = options
        self.preview = preview
        window = gtk_application_window_new(application)!
        gtk_window_set_title(lab_window(window), "LayoutLab")
        // Saved sizes are clamped: a hand-edited file must not produce an unusable window.
        let width = Int32(min(max(settings.windowWidth ?? 1280, 640), 8192))
        let height = Int32(min(max(settings.windowHeight ?? 800, 480), 8192))
        gtk_window_set_default_size(lab_window(window), width, height)
        canvas = CanvasView(session: session)

        buildHeaderBar()
        inspector = Inspector(window: self)
        let paned = gtk_paned_new(GTK_ORIENTATION_HORIZONTAL)!
        let canvasFrame = UI.column(spacing: 0, (preview.map { [$0.makePanel()] } ?? []) + [canvas.area])
        gtk_paned_set_start_child(lab_paned(paned), canvasFrame)
        gtk_paned_set_end_child(lab_paned(paned), inspector.root)
        gtk_paned_set_resize_start_child(lab_paned(paned), 1)
        gtk_paned_set_resize_end_child(lab_paned(paned), 0)
        gtk_paned_set_shrink_end_child(lab_paned(paned), 0)
        gtk_paned_set_position(lab_paned(paned), width - 400)
        gtk_window_set_child(lab_window(window), paned)

        canvas.onSelectionChanged = { [unowned self] in self.inspector.showSelection() }
        canvas.onFrame = { [unowned self] now in self.frameDrawn(now) }
        canvas.onResize = { [unowned self] in self.syncUI() }
        canvas.onModelChanged = { [unowned self] in self.changed() }
        installShortcuts()
        if let settings = gtk_settings_get_default() {
            // Follow light/dark changes while running.
            for property in ["gtk-application-prefer-dark-theme", "gtk-theme-name"] {
                connectNotify(settings, property) { [unowned self] in
                    self.session.state.colorScheme = Appearance.currentScheme()
                    gtk_widget_queue_draw(self.canvas.area)
                }
            }
        }
        connectBool(window, "close-request") { [unowned self] in
            self.saveSettings()
            return false
        }
        syncUI()
        preview?.start(window: self)
    }

    func present() { gtk_window_present(lab_window(window)) }

    // MARK: Header bar

    private func buildHeaderBar() {
        let header = gtk_header_bar_new()!
        layoutPicker = UI.dropDown(session.layouts.map(\.name), selected: session.state.layoutIndex) { [unowned self] i in
            guard !self.isSyncing else { return }
            self.selectLayout(i)
        }
        gtk_widget_set_tooltip_text(layoutPicker, "Layout (Ctrl+1…9)")
        scenePicker = UI.dropDown(session.scenes.map(\.name), selected: session.state.sceneIndex) { [unowned self] i in
            guard !self.isSyncing else { return }
            self.selectScene(i)
        }
        gtk_widget_set_tooltip_text(scenePicker, "Scene")
        gtk_header_bar_pack_start(lab_header_bar(header), UI.label("Layout"))
        gtk_header_bar_pack_start(lab_header_bar(header), layoutPicker)
        gtk_header_bar_pack_start(lab_header_bar(header), UI.label("Scene"))
        gtk_header_bar_pack_start(lab_header_bar(header), scenePicker)
        let export = UI.iconButton("document-save-symbolic", tooltip: "Export PNG, SVG and JSON (Ctrl+S)") { [unowned self] in
            self.exportWithDialog()
        }
        gtk_header_bar_pack_end(lab_header_bar(header), export)
        toast = UI.label("", classes: ["dim-label"])
        gtk_header_bar_pack_end(lab_header_bar(header), toast)
        preview?.installHeader(header)
        gtk_window_set_titlebar(lab_window(window), header)
    }

    private func installShortcuts() {
        let controller = gtk_shortcut_controller_new()!
        gtk_shortcut_controller_set_scope(lab_shortcut_controller(controller.raw), GTK_SHORTCUT_SCOPE_GLOBAL)
        let sc = controller
        for i in 0..<min(9, session.layouts.count) {
            addShortcut(sc, "<Control>\(i + 1)") { [unowned self] in self.selectLayout(i) }
        }
        addShortcut(sc, "<Control>s") { [unowned self] in self.exportWithDialog() }
        addShortcut(sc, "<Control>q") { [unowned self] in self.close() }
        gtk_widget_add_controller(window, lab_event_controller(controller.raw))
        shortcuts = controller.raw
    }

    /// The window's keyboard shortcuts (Ctrl+1…9, Ctrl+S, Ctrl+Q).
    var shortcuts: UnsafeMutableRawPointer?

    /// Activates the shortcut whose trigger is `trigger` (as `gtk_shortcut_trigger_parse_string`
    /// reads it), as if its keys were pressed. Returns false if there is none.
    func activateShortcut(_ trigger: String) -> Bool {
        guard let shortcuts, let wanted = gtk_shortcut_trigger_parse_string(trigger) else { return false }
        defer { g_object_unref(wanted.raw) }
        let model = OpaquePointer(shortcuts)
        for i in 0..<g_list_model_get_n_items(model) {
            guard let item = g_list_model_get_item(model, i) else { continue }
            defer { g_object_unref(item) }
            let shortcut = OpaquePointer(item)
            guard let t = gtk_shortcut_get_trigger(shortcut), gtk_shortcut_trigger_equal(t.raw, wanted.raw) != 0,
                  let action = gtk_shortcut_get_action(shortcut) else { continue }
            return gtk_shortcut_action_activate(action, GTK_SHORTCUT_ACTION_EXCLUSIVE, window, nil) != 0
        }
        return false
    }

    // MARK: Actions

    func selectLayout(_ i: Int) {
        session.selectLayout(i, now: monotonicSeconds())
        changed()
    }

    func selectScene(_ i: Int) {
        session.selectScene(i, now: monotonicSeconds())
        changed()
    }

    /// After any state change: refresh the UI and start the canvas animating.
    func changed(layoutOnly: Bool = false) {
        syncUI()
        canvas.startAnimating()
    }

    /// Sets every control from the state.
    func syncUI() {
        isSyncing = true
        defer { isSyncing = false }
        UI.setDropDown(layoutPicker, session.state.layoutIndex)
        UI.setDropDown(scenePicker, session.state.sceneIndex)
        if let preview {
            // A preview shows its own layout: the layout picker applies to the built-in scenes.
            let own = preview.showsPreview(session)
            gtk_widget_set_sensitive(layoutPicker, own ? 0 : 1)
            gtk_widget_set_tooltip_text(layoutPicker, own ? "A preview shows its own layout; pick a built-in scene to try a layout" : "Layout (Ctrl+1…9)")
        }
        inspector?.sync()
    }

    /// New choices for the pickers (a preview reload found other previews or layouts).
    func replaceChoices(layouts: [LabLayout], scenes: [LabScene]) {
        session.replaceChoices(layouts: layouts, scenes: scenes)
        isSyncing = true
        UI.setDropDownItems(layoutPicker, session.layouts.map(\.name))
        UI.setDropDownItems(scenePicker, session.scenes.map(\.name))
        isSyncing = false
        syncUI()
    }

    func showToast(_ text: String) {
        UI.setText(toast, text)
        addTimeout(milliseconds: 4000) { [weak self] in
            if let self, gtk_label_get_text(lab_label(self.toast)).map({ String(cString: $0) }) == text { UI.setText(self.toast, "") }
            return false
        }
    }

    func frameDrawn(_ now: Double) {
        session.stats.noteFrame(at: now)
        preview?.frameDrawn()
        // Never touch widgets from inside the draw (snapshot) itself: defer to idle.
        if session.state.showsStats, now - lastStatsShown >= 0.25 {
            lastStatsShown = now
            addIdle { [weak self] in self?.inspector.showStats() }
        }
        if options.stats, now - lastStatsPrint >= 1 {
            lastStatsPrint = now
            FileHandle.standardError.write(Data("stats: \(session.stats.summary)\n".utf8))
        }
    }

    func close() {
        saveSettings()
        gtk_window_destroy(lab_window(window))
    }

    // MARK: Settings

    func saveSettings() {
        guard !options.ignoresSettings else { return }
        var s = LabSettings()
        let st = session.state
        s.layout = session.layout.name
        s.scene = session.scene.name
        s.proposalWidth = st.width
        s.proposalHeight = st.height
        s.widthMode = st.widthMode.rawValue
        s.heightMode = st.heightMode.rawValue
        s.followsWindow = st.followsWindow
        s.curve = st.curve.rawValue
        s.slowMotion = st.slowMotion
        var w: Int32 = 0, h: Int32 = 0
        gtk_window_get_default_size(lab_window(window), &w, &h)
        if w > 0, h > 0 { s.windowWidth = Int(w); s.windowHeight = Int(h) }
        s.save(to: settingsURL)
    }

    /// Applies saved settings to a fresh state.
    static func apply(_ s: LabSettings, to session: LabSession) {
        if let name = s.scene, let i = session.sceneIndex(named: name) {
            session.state.sceneIndex = i
            session.state.resetItems(count: session.scenes[i].defaultCount)
        }
        if let name = s.layout, let i = session.layoutIndex(named: name) { session.state.layoutIndex = i }
        if let w = s.proposalWidth, w.isFinite, w >= 0 { session.state.width = min(w, 2000) }
        if let h = s.proposalHeight, h.isFinite, h >= 0 { session.state.height = min(h, 2000) }
        if let m = s.widthMode.flatMap(DimensionMode.init(rawValue:)) { session.state.widthMode = m }
        if let m = s.heightMode.flatMap(DimensionMode.init(rawValue:)) { session.state.heightMode = m }
        if let f = s.followsWindow { session.state.followsWindow = f }
        if let c = s.curve.flatMap(CurveChoice.init(rawValue:)) { session.state.curve = c }
        if let m = s.slowMotion { session.state.slowMotion = m }
    }
}
