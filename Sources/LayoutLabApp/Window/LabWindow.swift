import CGtk
import Foundation
import SwiftUI
import LayoutLabCore
import LayoutRendering
import PreviewProtocol

/// The LayoutLab window: header bar (layout and scene pickers), canvas and inspector.
@MainActor
final class LabWindow {
    let session: LabSession
    let options: WindowOptions
    let application: UnsafeMutablePointer<GtkApplication>
    let window: Widget
    let canvas: CanvasView
    var inspector: Inspector!
    var layoutPicker: Widget!
    var scenePicker: Widget!
    /// The notification over the canvas ("Saved …", with "Open folder"); an overlay, so it
    /// never changes the window's size (and so never the proposal under "Follow the window").
    var toast: Widget!
    var toastLabel: Widget!
    var toastButton: Widget!
    /// The folder "Open folder" shows.
    var toastFolder: URL?
    private var toastGeneration = 0
    /// The path to the selection, under the canvas.
    var breadcrumb: Breadcrumb?
    private var mainPaned: Widget!
    /// The breadcrumb and zoom bar under the canvas (hidden while presenting).
    private var bottomBar: Widget!
    private var headerBar: Widget!
    private var isNarrowHeader = false
    /// The person's choice (F9, the header's sidebar button); the window may still hide the
    /// inspector while it is too narrow for both.
    private(set) var wantsInspector = true
    /// The command Open in Editor runs (`EditorCommand`; nil: found from the environment),
    /// kept with the settings.
    var editorCommand: String? {
        didSet { if editorCommand != oldValue { saveSettings() } }
    }
    /// The arguments Open in Editor last ran (for automation and tests).
    var lastEditorLaunch: [String]?
    var inspectorToggle: Widget!
    private var titleLabel: Widget?
    /// Narrower than this (points), the window shows the canvas alone.
    static let inspectorMinimumWindowWidth: Int32 = 680

    /// Whether the inspector is on screen.
    var inspectorShown: Bool { gtk_widget_get_visible(inspector.root) != 0 }
    /// Whether the inspector is shown over the canvas: a window too narrow for both, where the
    /// person asked for it (F9). The canvas keeps its size under it, so the proposal stays.
    private(set) var inspectorFloats = false
    /// The canvas and what floats over it (toast, banners, the narrow window's inspector).
    private var canvasOverlay: Widget!
    /// Says over the canvas that the clock is stopped (Pause).
    private var pausedLabel: Widget!

    /// Shows or hides the inspector (F9): beside the canvas, a choice that is remembered; in a
    /// window too narrow for both, over the canvas until F9 again or the window widens.
    func setInspectorWanted(_ on: Bool) {
        if currentWidth() >= Self.inspectorMinimumWindowWidth || isPresenting {
            wantsInspector = on
        } else {
            inspectorFloats = on
        }
        fitInspector()
    }

    private func currentWidth() -> Int32 {
        var w: Int32 = 0, h: Int32 = 0
        gtk_window_get_default_size(lab_window(window), &w, &h)
        return w > 0 ? w : gtk_widget_get_width(window)
    }

    /// Puts the inspector beside the canvas (`floating` false) or over it, taking it from
    /// where it is; true when it moved.
    @discardableResult
    private func placeInspector(floating: Bool, width: Int32) -> Bool {
        let root = inspector.root
        let floatsNow = gtk_widget_get_parent(root) == canvasOverlay
        if floating {
            // The canvas's edge stays in view: the inspector is a panel over it, not a page.
            gtk_widget_set_size_request(root, min(400, max(width - 28, 200)), -1)
        }
        guard floating != floatsNow else { return false }
        // Narrower than the controls' rows: they scroll sideways too, and the tabs scroll.
        gtk_scrolled_window_set_policy(lab_scrolled_window(inspector.controlsScroller),
                                       floating ? GTK_POLICY_AUTOMATIC : GTK_POLICY_NEVER, GTK_POLICY_AUTOMATIC)
        gtk_notebook_set_scrollable(lab_notebook(inspector.notebook), floating ? 1 : 0)
        g_object_ref(root.raw)
        if floatsNow {
            gtk_overlay_remove_overlay(lab_overlay(canvasOverlay), root)
            gtk_widget_set_size_request(root, -1, -1)
            gtk_widget_remove_css_class(root, "floating-inspector")
            gtk_widget_set_halign(root, GTK_ALIGN_FILL)
            gtk_paned_set_end_child(lab_paned(mainPaned), root)
        } else {
            gtk_paned_set_end_child(lab_paned(mainPaned), nil)
            gtk_widget_add_css_class(root, "floating-inspector")
            gtk_widget_set_halign(root, GTK_ALIGN_END)
            gtk_overlay_add_overlay(lab_overlay(canvasOverlay), root)
        }
        g_object_unref(root.raw)
        return true
    }

    /// Shows the inspector when it is wanted and the window is wide enough, else hides it; a
    /// narrow window hides the title too, so nothing in the header bar is cut off.
    func fitInspector() {
        guard !isClosed else { return }
        let width = currentWidth()
        let wide = width >= Self.inspectorMinimumWindowWidth
        // Widening the window docks the inspector again (if wanted); presenting hides it.
        if wide || isPresenting { inspectorFloats = false }
        let docked = wantsInspector && wide
        let floating = inspectorFloats && !wide
        let moved = placeInspector(floating: floating, width: width)
        let show = docked || floating
        if show != inspectorShown || (docked && moved) {
            gtk_widget_set_visible(inspector.root, show ? 1 : 0)
            if docked { gtk_paned_set_position(lab_paned(mainPaned), max(width - 400, 200)) }
        }
        if let titleLabel { gtk_widget_set_visible(titleLabel, width >= 640 ? 1 : 0) }
        // Phone-sized windows keep only the close button (GNOME's own default layout), so the
        // pickers fit whole; wider ones use the desktop's layout.
        let narrow = width < 480
        if narrow != isNarrowHeader {
            isNarrowHeader = narrow
            gtk_header_bar_set_decoration_layout(lab_header_bar(headerBar), narrow ? ":close" : nil)
            fitPreviewHeader()
        }
        // The Live | Select switch shows icons where its words would push the header wider.
        preview?.setSwitchCompact(width < 640)
        setActionState(actions["show-inspector"], wide || isPresenting ? wantsInspector : inspectorFloats)
        let keys = WindowAction.keyLabel(of: "win.show-inspector") ?? ""
        gtk_widget_set_tooltip_text(inspectorToggle, wide || isPresenting ? "Show or hide the inspector (\(keys))"
            : "Show or hide the inspector over the canvas (\(keys)); it docks beside the canvas when the window is wider")
    }

    /// "Record transition…" and its progress banner.
    var recording: RecordingController!
    /// The second canvas, while comparing side by side.
    var compare: CompareView?
    var compareToggle: Widget!
    /// The shown preview across one axis of its environment (preview mode).
    var variants: VariantsView?
    /// Whether the canvas draws the device's frame around a preview shown on a device.
    var showsDeviceFrame = false {
        didSet {
            gtk_widget_queue_draw(canvas.area)
            inspector?.sync()
        }
    }
    private var canvasRow: Widget!
    /// Frame statistics over the canvas's top-right corner (the Stats switch).
    var statsLabel: Widget!
    /// The first-launch hint over the canvas (nil once dismissed).
    var hint: Widget?
    /// Named widgets of the window (pickers, toast, canvas), for automation and tests.
    var named: [String: Widget] = [:]
    /// When the session last recorded an undo step, and whether the last undo was of the
    /// person's file: Ctrl+Z and Ctrl+Shift+Z take the newer of the two histories.
    private var lastSessionEdit = -Double.infinity
    private var redoesSource = false
    /// Set once the window is closing: late idle callbacks (stats) must not touch its widgets.
    private(set) var isClosed = false
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
        self.application = application
        window = gtk_application_window_new(application)!
        gtk_window_set_title(lab_window(window), "LayoutLab")
        // Saved sizes are clamped: a hand-edited file must not produce an unusable window.
        let width = Int32(min(max(settings.windowWidth ?? 1280, 360), 8192))
        let height = Int32(min(max(settings.windowHeight ?? 800, 480), 8192))
        gtk_window_set_default_size(lab_window(window), width, height)
        canvas = CanvasView(session: session)

        // The actions first: the header bar's menu and the zoom bar's buttons activate them.
        installActions()
        configureActions()
        buildHeaderBar()
        inspector = Inspector(session: session, host: self, preview: preview)
        let crumbs = Breadcrumb(session: session)
        breadcrumb = crumbs
        gtk_widget_set_hexpand(crumbs.root, 1)
        let zoomBar = buildZoomBar()
        bottomBar = UI.row(spacing: 4, [crumbs.root, zoomBar])
        let canvasColumn = UI.column(spacing: 0, (preview.map { [$0.makePanel()] } ?? []) + [canvas.area, bottomBar])
        gtk_widget_set_hexpand(canvasColumn, 1)
        canvasRow = UI.row(spacing: 0, [canvasColumn])
        gtk_box_set_homogeneous(lab_box(canvasRow), 1)
        let overlay = gtk_overlay_new()!
        canvasOverlay = overlay
        gtk_overlay_set_child(lab_overlay(overlay), canvasRow)
        gtk_overlay_add_overlay(lab_overlay(overlay), buildToast())
        recording = RecordingController(session: session, host: self)
        gtk_overlay_add_overlay(lab_overlay(overlay), recording.banner)
        statsLabel = UI.label("", classes: ["canvas-stats", "value-label"])
        gtk_widget_set_halign(statsLabel, GTK_ALIGN_END)
        gtk_widget_set_valign(statsLabel, GTK_ALIGN_START)
        gtk_widget_set_margin_top(statsLabel, 8)
        gtk_widget_set_margin_end(statsLabel, 8)
        gtk_widget_set_can_target(statsLabel, 0)
        gtk_widget_set_visible(statsLabel, session.state.showsStats ? 1 : 0)
        gtk_overlay_add_overlay(lab_overlay(overlay), statsLabel)
        presentationLabel = UI.label("", classes: ["presentation-caption"], xalign: 0.5)
        gtk_widget_set_halign(presentationLabel, GTK_ALIGN_CENTER)
        gtk_widget_set_valign(presentationLabel, GTK_ALIGN_END)
        gtk_widget_set_margin_bottom(presentationLabel, 48)
        gtk_widget_set_can_target(presentationLabel, 0)
        gtk_widget_set_visible(presentationLabel, 0)
        gtk_overlay_add_overlay(lab_overlay(overlay), presentationLabel)
        pausedLabel = UI.label("Time paused · Step moves it on", classes: ["canvas-stats"])
        gtk_widget_set_halign(pausedLabel, GTK_ALIGN_START)
        gtk_widget_set_valign(pausedLabel, GTK_ALIGN_START)
        gtk_widget_set_margin_top(pausedLabel, 26)
        gtk_widget_set_margin_start(pausedLabel, 26)
        gtk_widget_set_can_target(pausedLabel, 0)
        gtk_widget_set_visible(pausedLabel, 0)
        gtk_overlay_add_overlay(lab_overlay(overlay), pausedLabel)
        named["paused-label"] = pausedLabel
        // First launch (no settings file yet): say how to use the window, until the first change.
        if !options.ignoresSettings && !FileManager.default.fileExists(atPath: settingsURL.path) {
            let hint = UI.label("Resize the window to change the proposal — Flow wraps its capsules.\nPick a layout above (Ctrl+1…9); click a view to inspect it.",
                                classes: ["canvas-hint"], xalign: 0.5)
            gtk_label_set_justify(lab_label(hint), GTK_JUSTIFY_CENTER)
            gtk_label_set_wrap(lab_label(hint), 1)
            gtk_widget_set_halign(hint, GTK_ALIGN_CENTER)
            gtk_widget_set_valign(hint, GTK_ALIGN_START)
            gtk_widget_set_margin_top(hint, 30)
            gtk_widget_set_can_target(hint, 0)
            gtk_overlay_add_overlay(lab_overlay(overlay), hint)
            self.hint = hint
            addTimeout(milliseconds: 20_000) { [weak self] in self?.dismissHint(); return false }
        }
        let paned = gtk_paned_new(GTK_ORIENTATION_HORIZONTAL)!
        gtk_paned_set_start_child(lab_paned(paned), overlay)
        gtk_paned_set_end_child(lab_paned(paned), inspector.root)
        gtk_paned_set_resize_start_child(lab_paned(paned), 1)
        gtk_paned_set_resize_end_child(lab_paned(paned), 0)
        gtk_paned_set_shrink_end_child(lab_paned(paned), 0)
        gtk_paned_set_position(lab_paned(paned), width - 400)
        mainPaned = paned
        wantsInspector = settings.inspectorVisible ?? true
        editorCommand = settings.editorCommand
        // The canvas always wins: a window too narrow for both hides the inspector.
        connectNotify(window, "default-width") { [unowned self] in self.fitInspector() }
        gtk_window_set_child(lab_window(window), paned)
        if let dir = Appearance.iconDirectory() {
            // Run from a build, the icon is found in the checkout's Resources/icons.
            if let display = gdk_display_get_default() { gtk_icon_theme_add_search_path(gtk_icon_theme_get_for_display(display), dir.path) }
        }
        gtk_window_set_icon_name(lab_window(window), layoutLabApplicationID)
        named["canvas"] = canvas.area
        named["stats-label"] = statsLabel
        named["layout-picker"] = layoutPicker
        named["scene-picker"] = scenePicker
        named["toast"] = toast
        named["breadcrumb"] = crumbs.root
        named["compare"] = compareToggle
        named["inspector-toggle"] = inspectorToggle
        if let titleLabel { named["title"] = titleLabel }
        named.merge(recording.namedWidgets) { a, _ in a }

        // Every change to the session, whoever made it (a control, a key, the canvas, a
        // script), shows here.
        session.observe { [weak self] action in self?.sessionChanged(action) }
        canvas.onFrame = { [unowned self] now in self.frameDrawn(now) }
        if let preview {
            // A person's preview runs in Live mode: the canvas's input goes to the agent.
            canvas.runsLive = { [unowned self] in self.preview?.runsLive(self.session) ?? false }
            canvas.onLiveEvent = { [unowned self] event in self.preview?.sendLive(event, session: self.session) }
            canvas.onInspectLive = { [unowned self] in self.preview?.fetchDetailsForInspection() }
            preview.onModeChanged = { [unowned self] in
                self.canvas.interactionModeChanged()
                self.breadcrumb?.update()
                self.inspector.showSelection()
            }
            preview.onUnusedScroll = { [unowned self] dx, dy in self.canvas.panByLiveScroll(dx: dx, dy: dy) }
            preview.onEnvironmentChanged = { [unowned self] in
                let chosen = self.preview?.environment.colorScheme
                self.canvas.schemeOverride = chosen.map { $0 == "dark" ? .dark : .light }
                gtk_widget_queue_draw(self.canvas.area)
                self.inspector?.sync()
            }
            canvas.deviceChrome = { [unowned self] in self.deviceChrome() }
            breadcrumb?.emptyHint = { [unowned self] in
                self.preview?.runsLive(self.session) == true
                    ? "Ctrl+click a view to inspect it; clicks go to your running preview." : Breadcrumb.selectHint
            }
            if let buttons = preview.liveSwitchButtons {
                named["live-button"] = buttons.live
                named["select-button"] = buttons.select
            }
        }
        canvas.onResize = { [unowned self] in
            self.syncUI()
            // A user's resize (the window manager's) changes the allocation first.
            addIdle { [weak self] in self?.fitInspector() }
        }
        if let settings = gtk_settings_get_default() {
            // Follow light/dark changes while running.
            for property in ["gtk-application-prefer-dark-theme", "gtk-theme-name"] {
                connectNotify(settings, property) { [unowned self] in
                    self.session.perform(.setColorScheme(Appearance.currentScheme()))
                    // A preview without a colour scheme of its own is laid out in the window's.
                    if self.preview?.environment.colorScheme == nil { self.preview?.relayout() }
                    gtk_widget_queue_draw(self.canvas.area)
                }
            }
        }
        connectBool(window, "close-request") { [unowned self] in
            self.saveSettings()
            self.isClosed = true
            return false
        }
        syncUI()
        fitInspector()
        preview?.start(host: self)
    }

    func present() { gtk_window_present(lab_window(window)) }

    // MARK: Header bar

    private func buildHeaderBar() {
        let header = gtk_header_bar_new()!
        headerBar = header
        layoutPicker = UI.dropDown(layoutPickerItems(), selected: session.state.layoutIndex) { [unowned self] i in
            guard !self.isSyncing else { return }
            self.selectLayout(i)
        }
        // The popup lists each layout with its shortcut; the scene popup with its summary.
        lab_drop_down_use_two_part_rows(lab_drop_down(layoutPicker), Int32(LAB_ROW_DETAIL_RIGHT))
        gtk_widget_set_tooltip_text(layoutPicker, "Layout (Ctrl+1…9)")
        scenePicker = UI.dropDown(scenePickerItems(), selected: session.state.sceneIndex) { [unowned self] i in
            guard !self.isSyncing else { return }
            self.selectScene(i)
        }
        lab_drop_down_use_two_part_rows(lab_drop_down(scenePicker), Int32(LAB_ROW_DETAIL_BELOW))
        gtk_widget_set_tooltip_text(scenePicker, "Scene")
        gtk_header_bar_pack_start(lab_header_bar(header), layoutPicker)
        gtk_header_bar_pack_start(lab_header_bar(header), scenePicker)
        let menu = buildMainMenu()
        gtk_header_bar_pack_end(lab_header_bar(header), menu)
        inspectorToggle = gtk_toggle_button_new()!
        gtk_button_set_icon_name(lab_button(inspectorToggle), "sidebar-show-right-symbolic")
        gtk_actionable_set_action_name(lab_actionable(inspectorToggle), "win.show-inspector")
        gtk_header_bar_pack_end(lab_header_bar(header), inspectorToggle)
        if preview == nil {
            let title = UI.label("LayoutLab", classes: ["title"], xalign: 0.5)
            gtk_header_bar_set_title_widget(lab_header_bar(header), title)
            titleLabel = title
        }
        preview?.installHeader(header)
        gtk_window_set_titlebar(lab_window(window), header)
    }

    /// "Name\u{1F}Ctrl+N" for the layouts with a key (the first nine).
    private func layoutPickerItems() -> [String] {
        session.layouts.enumerated().map { i, l in
            WindowAction.keyLabel(of: "win.layout(\(i))").map { "\(l.name)\u{1F}\($0)" } ?? l.name
        }
    }
    private func scenePickerItems() -> [String] {
        session.scenes.map { $0.summary.isEmpty ? $0.name : "\($0.name)\u{1F}\($0.summary)" }
    }

    /// The builder of the main menu (Resources/menu.ui), which owns its widgets.
    private var menuBuilder: OpaquePointer?

    /// The primary menu (Resources/menu.ui): editing, presenting, export, recording, comparing,
    /// the keyboard shortcuts and About, each item an action (disabled ones are insensitive).
    private func buildMainMenu() -> Widget {
        let builder = LabResources.builder("menu.ui")
        menuBuilder = builder
        let popover = LabResources.widget("main-menu-popover", in: builder)
        labelMenuItems(in: builder, ids: ["undo", "redo", "reset", "present", "open-in-editor", "export", "record", "compare", "variants", "keys", "about"])
        // An item closes the menu as it activates its action.
        for id in ["undo", "redo", "reset", "present", "open-in-editor", "export", "record", "keys", "about"] {
            connect(LabResources.widget(id, in: builder), "clicked") { gtk_popover_popdown(lab_popover(popover)) }
        }
        let record = LabResources.widget("record", in: builder)
        gtk_widget_set_tooltip_text(record, preview == nil
            ? "Record switching from this layout to another as an animated GIF or a WebM video, at the canvas's size"
            : "Recording is for the built-in scenes and layouts (not in preview mode)")
        named["record-button"] = record
        named["main-menu-popover"] = popover
        compareToggle = LabResources.widget("compare", in: builder)
        gtk_widget_set_tooltip_text(compareToggle, preview == nil ? "A second canvas: another layout, or another proposal, beside this one"
                                    : "Comparing is for the built-in scenes and layouts (not in preview mode)")
        let variantsToggle = LabResources.widget("variants", in: builder)
        gtk_widget_set_tooltip_text(variantsToggle, preview == nil ? "Variants are for your own previews (layoutlab preview FILE)"
                                    : "Your preview side by side in every colour scheme, type size, direction or device")
        named["variants-toggle"] = variantsToggle
        let button = LabResources.widget("main-menu", in: builder)
        named["main-menu"] = button
        return button
    }

    func showAbout() {
        let dialog = gtk_about_dialog_new()!
        let about = lab_about_dialog(dialog)
        gtk_about_dialog_set_program_name(about, "LayoutLab")
        gtk_about_dialog_set_version(about, layoutLabVersion)
        gtk_about_dialog_set_comments(about, "SwiftUI's layout system on Linux: see how layouts answer proposals, and preview your own SwiftUI code.")
        gtk_about_dialog_set_logo_icon_name(about, layoutLabApplicationID)
        gtk_about_dialog_set_license_type(about, GTK_LICENSE_MIT_X11)
        gtk_window_set_transient_for(lab_window(dialog), lab_window(window))
        gtk_window_set_modal(lab_window(dialog), 1)
        gtk_window_present(lab_window(dialog))
        aboutDialog = dialog
    }
    /// The About window while it is open (for automation).
    var aboutDialog: Widget?

    /// The shortcuts window while it is open (for automation).
    var shortcutsWindow: Widget?

    // MARK: Presentation

    /// Whether the window is presenting: full screen, the canvas alone, the layout's name shown
    /// large at each switch, layouts cycling on a timer or with the arrow keys.
    private(set) var isPresenting = false
    /// Seconds between automatic switches while presenting (0: only the arrow keys switch).
    var presentationInterval: Double = 3
    private var presentationTimer: guint = 0
    private var presentationLabel: Widget!
    private var presentationGeneration = 0
    private var inspectorBeforePresenting = true

    /// F5 / the main menu: starts or stops presenting.
    func setPresenting(_ on: Bool) {
        guard on != isPresenting, !isClosed else { return }
        isPresenting = on
        updatePresentingActions()
        if on {
            inspectorBeforePresenting = wantsInspector
            wantsInspector = false
            fitInspector()
            gtk_widget_set_visible(bottomBar, 0)
            canvas.showsRulers = false
            gtk_window_fullscreen(lab_window(window))
            schedulePresentationTimer()
            announceLayout()
        } else {
            if presentationTimer != 0 { g_source_remove(presentationTimer); presentationTimer = 0 }
            gtk_window_unfullscreen(lab_window(window))
            gtk_widget_set_visible(bottomBar, 1)
            canvas.showsRulers = true
            gtk_widget_set_visible(presentationLabel, 0)
            wantsInspector = inspectorBeforePresenting
            fitInspector()
        }
    }

    /// The next (or previous) layout while presenting, announced in big type.
    func presentNext(_ step: Int = 1) {
        guard isPresenting, !session.layouts.isEmpty else { return }
        let n = session.layouts.count
        selectLayout(((session.state.layoutIndex + step) % n + n) % n)
        announceLayout()
        schedulePresentationTimer()
    }

    private func schedulePresentationTimer() {
        if presentationTimer != 0 { g_source_remove(presentationTimer); presentationTimer = 0 }
        guard isPresenting, presentationInterval > 0 else { return }
        let ms = UInt32(min(max(presentationInterval, 0.2), 3600) * 1000)
        presentationTimer = addTimeout(milliseconds: ms) { [weak self] in
            guard let self, self.isPresenting else { return false }
            self.presentationTimer = 0
            self.presentNext()
            return false
        }
    }

    /// Shows the current layout's name large over the canvas for a moment.
    private func announceLayout() {
        UI.setText(presentationLabel, session.layout.name)
        gtk_widget_set_visible(presentationLabel, 1)
        presentationGeneration += 1
        let generation = presentationGeneration
        addTimeout(milliseconds: 1600) { [weak self] in
            if let self, !self.isClosed, self.presentationGeneration == generation { gtk_widget_set_visible(self.presentationLabel, 0) }
            return false
        }
    }

    /// The name shown while presenting (for automation), or nil.
    var presentationCaption: String? {
        guard isPresenting, gtk_widget_get_visible(presentationLabel) != 0 else { return nil }
        return gtk_label_get_text(lab_label(presentationLabel)).map { String(cString: $0) }
    }

    // MARK: Zoom

    private var zoomLabel: Widget!

    /// − 100 % + 1:1 Fit, under the canvas's right edge.
    private func buildZoomBar() -> Widget {
        zoomLabel = UI.label("100 %", classes: ["value-label"], xalign: 0.5)
        gtk_widget_set_size_request(zoomLabel, 48, -1)
        func keys(_ action: String) -> String { WindowAction.keyLabel(of: action) ?? "" }
        let out = UI.iconButton("zoom-out-symbolic", tooltip: "Zoom out (\(keys("win.zoom-out")), Ctrl+scroll)", action: "win.zoom-out")
        let into = UI.iconButton("zoom-in-symbolic", tooltip: "Zoom in (\(keys("win.zoom-in")), Ctrl+scroll)", action: "win.zoom-in")
        let actual = UI.button("1:1", action: "win.zoom-actual")
        gtk_widget_set_tooltip_text(actual, "One point per pixel, centred (\(keys("win.zoom-actual")))")
        let fit = UI.button("Fit", action: "win.zoom-fit")
        gtk_widget_set_tooltip_text(fit, "Everything drawn fills the canvas (\(keys("win.zoom-fit")))")
        for b in [out, into, actual, fit] { gtk_widget_add_css_class(b, "flat") }
        canvas.onZoomChanged = { [unowned self] in UI.setText(self.zoomLabel, "\(Int((self.canvas.zoom * 100).rounded())) %") }
        named["zoom-label"] = zoomLabel
        let bar = UI.row(spacing: 0, [out, zoomLabel, into, actual, fit])
        gtk_widget_set_halign(bar, GTK_ALIGN_END)
        return bar
    }

    // MARK: Toast

    private func buildToast() -> Widget {
        toastLabel = UI.label("", xalign: 0)
        gtk_label_set_ellipsize(lab_label(toastLabel), PANGO_ELLIPSIZE_MIDDLE)
        gtk_label_set_max_width_chars(lab_label(toastLabel), 60)
        toastButton = UI.button("Open folder") { [unowned self] in
            guard let folder = self.toastFolder else { return }
            gtk_show_uri(lab_window(self.window), folder.absoluteString, guint32(GDK_CURRENT_TIME))
        }
        let close = UI.iconButton("window-close-symbolic", tooltip: "Dismiss") { [unowned self] in self.hideToast() }
        gtk_widget_add_css_class(close, "flat")
        let box = UI.row(spacing: 10, [toastLabel, toastButton, close])
        gtk_widget_add_css_class(box, "toast")
        gtk_widget_set_halign(box, GTK_ALIGN_CENTER)
        gtk_widget_set_valign(box, GTK_ALIGN_END)
        gtk_widget_set_margin_bottom(box, 40)
        gtk_widget_set_margin_start(box, 12)
        gtk_widget_set_margin_end(box, 12)
        gtk_widget_set_visible(box, 0)
        toast = box
        return box
    }

    /// Shows a notification over the canvas for a few seconds; with `folder`, it offers to
    /// open it.
    func showToast(_ text: String, folder: URL? = nil, seconds: UInt32 = 5) {
        guard !isClosed else { return }
        UI.setText(toastLabel, text)
        gtk_widget_set_tooltip_text(toastLabel, text)
        toastFolder = folder
        gtk_widget_set_visible(toastButton, folder == nil ? 0 : 1)
        gtk_widget_set_visible(toast, 1)
        toastGeneration += 1
        let generation = toastGeneration
        addTimeout(milliseconds: seconds * 1000) { [weak self] in
            if let self, self.toastGeneration == generation { self.hideToast() }
            return false
        }
    }

    func hideToast() {
        guard !isClosed else { return }
        gtk_widget_set_visible(toast, 0)
    }

    /// A drop-down's item strings (for automation).
    func pickerItems(_ d: Widget) -> [String] {
        guard let model = gtk_drop_down_get_model(lab_drop_down(d)) else { return [] }
        return (0..<g_list_model_get_n_items(model)).compactMap { i in
            guard let item = g_list_model_get_item(model, i) else { return nil }
            defer { g_object_unref(item) }
            return gtk_string_object_get_string(lab_string_object(item)).map { String(cString: $0) }
        }
    }

    /// The toast's text while it shows (for automation).
    var toastText: String? {
        guard let toast, gtk_widget_get_visible(toast) != 0 else { return nil }
        return gtk_label_get_text(lab_label(toastLabel)).map { String(cString: $0) }
    }

    // MARK: GActions and accelerators

    /// The window's actions (`win.NAME`), by name: to enable and disable them (see
    /// `installActions`, which adds them from `WindowAction.table`).
    var actions: [String: OpaquePointer] = [:]

    /// The actions' states that depend on the window: recording and comparing are for the
    /// built-in scenes and layouts; the presenting keys only while presenting.
    private func configureActions() {
        if preview != nil {
            g_simple_action_set_enabled(actions["record"], 0)
            g_simple_action_set_enabled(actions["compare"], 0)
        } else {
            g_simple_action_set_enabled(actions["variants"], 0)
        }
        updatePresentingActions()
    }

    /// True while `activateShortcut` runs an action (automation): it acts on the window, wherever
    /// the keyboard focus is.
    private var isActivatingShortcut = false

    /// Ctrl+Z and Ctrl+Shift+Z in a text field undo and redo its typing, as before the keys were
    /// application accelerators: those run before the focused widget sees the key (the capture
    /// phase), so the action hands them to the field's own `text.undo`/`text.redo`.
    func handOverToText(_ textAction: String, otherwise run: () -> Void) {
        if !isActivatingShortcut, let focus = gtk_root_get_focus(lab_root(window)), lab_is_editable_text(focus) != 0 {
            gtk_widget_activate_action_variant(focus, textAction, nil)
            return
        }
        run()
    }

    /// Enables the keys that only mean something while presenting.
    private func updatePresentingActions() {
        for name in ["stop-presenting", "present-next", "present-previous"] {
            g_simple_action_set_enabled(actions[name], isPresenting ? 1 : 0)
        }
    }

    /// Activates the action that the accelerator `trigger` (`"<Control>3"`) activates, as if its
    /// keys were pressed. Returns false if there is none, or if it is disabled now.
    func activateShortcut(_ trigger: String) -> Bool {
        guard let names = gtk_application_get_actions_for_accel(application, trigger) else { return false }
        defer { g_strfreev(names) }
        var i = 0
        while let detailed = names[i] {
            i += 1
            var name: UnsafeMutablePointer<gchar>?
            var target: OpaquePointer?
            guard g_action_parse_detailed_name(detailed, &name, &target, nil) != 0, let name else { continue }
            defer { g_free(name); if let target { g_variant_unref(target) } }
            let full = String(cString: name)
            // Only this window's and the application's actions, when enabled.
            let group = full.hasPrefix("win.") ? lab_action_group(window) : lab_action_group(application)
            let local = String(full.drop { $0 != "." }.dropFirst())
            guard g_action_group_get_action_enabled(group, local) != 0 else { continue }
            isActivatingShortcut = true
            defer { isActivatingShortcut = false }
            return gtk_widget_activate_action_variant(window, full, target) != 0
        }
        return false
    }

    // MARK: Actions

    func selectLayout(_ i: Int) {
        dismissHint()
        if i != session.state.layoutIndex { recordUndo(coalescing: false) }
        session.perform(.selectLayout(i), at: monotonicSeconds())
    }

    func selectScene(_ i: Int) {
        dismissHint()
        if i != session.state.sceneIndex { recordUndo(coalescing: false) }
        session.perform(.selectScene(i), at: monotonicSeconds())
    }

    /// Follows the session (`LabSession.observe`): a new selection is shown in the panels and
    /// the canvas; any other change to what is shown refreshes every control and animates.
    private func sessionChanged(_ action: LabAction) {
        guard !isClosed else { return }
        switch action {
        case .select:
            inspector.showSelection()
            breadcrumb?.update()
            gtk_widget_queue_draw(canvas.area)
        case .setCanvasSize, .setColorScheme, .applySettings, .replaceChoices, .mirror:
            // The canvas syncs the controls when it is resized; a new colour scheme is redrawn
            // by whoever set it; the others come with their own refresh or none is needed.
            break
        default:
            changed()
        }
    }

    /// While positive, `changed()` only notes that a refresh is due (see `coalescingChanges`).
    private var coalescingDepth = 0
    private var changeIsDue = false

    /// Runs `body`, then refreshes once if anything in it changed: a script's command may make
    /// several changes (and ask for a refresh itself), and each refresh re-reads every control
    /// and the trace, which a 10,000-subview scene makes slow.
    func coalescingChanges<T>(_ body: () throws -> T) rethrows -> T {
        coalescingDepth += 1
        defer {
            coalescingDepth -= 1
            if coalescingDepth == 0, changeIsDue {
                changeIsDue = false
                changed()
            }
        }
        return try body()
    }

    /// After any state change: refresh the UI and start the canvas animating.
    func changed() {
        guard !isClosed else { return }
        if coalescingDepth > 0 {
            changeIsDue = true
            return
        }
        syncUI()
        canvas.startAnimating()
        compare?.follow(now: canvas.now())
        variants?.scheduleRefresh()
    }

    /// Sets every control from the state.
    func syncUI() {
        guard !isClosed else { return }
        isSyncing = true
        defer { isSyncing = false }
        UI.setDropDown(layoutPicker, session.state.layoutIndex)
        UI.setDropDown(scenePicker, session.state.sceneIndex)
        if let preview {
            // A preview shows its own layout: the layout picker applies to the built-in scenes.
            let own = preview.showsPreview(session)
            gtk_widget_set_sensitive(layoutPicker, own ? 0 : 1)
            gtk_widget_set_tooltip_text(layoutPicker, own ? "A preview shows its own layout; pick a built-in scene to try a layout" : "Layout (Ctrl+1…9)")
            preview.syncLiveSwitch(session)
            fitPreviewHeader()
        }
        inspector?.sync()
        breadcrumb?.update()
        if let statsLabel { gtk_widget_set_visible(statsLabel, session.state.showsStats ? 1 : 0) }
    }

    /// A phone-sized window showing a person's preview leaves out the layout picker, which a
    /// preview does not use (it is insensitive there): the Live | Select switch takes its room.
    private func fitPreviewHeader() {
        guard let preview, let layoutPicker else { return }
        gtk_widget_set_visible(layoutPicker, isNarrowHeader && preview.showsPreview(session) ? 0 : 1)
    }

    /// New choices for the pickers (a preview reload found other previews or layouts).
    func replaceChoices(layouts: [LabLayout], scenes: [LabScene]) {
        session.perform(.replaceChoices(layouts: layouts, scenes: scenes))
        isSyncing = true
        UI.setDropDownItems(layoutPicker, layoutPickerItems())
        UI.setDropDownItems(scenePicker, scenePickerItems())
        isSyncing = false
        syncUI()
    }

    // MARK: Undo

    /// Remembers the state before a change, for Ctrl+Z (see `LabSession.recordUndo`).
    func recordUndo(coalescing: Bool = true) {
        session.recordUndo(coalescing: coalescing)
        lastSessionEdit = monotonicSeconds()
    }

    /// Ctrl+Z: back to the state before the last change, animated. In preview mode the last
    /// change may be one the inspector made to the person's file: that file is written back.
    func undo() {
        if let editing = preview?.sourceEditing, editing.canUndo, !session.canUndo || editing.lastEdit >= lastSessionEdit {
            editing.undo()
            redoesSource = true
            return
        }
        guard session.canUndo else { return }
        redoesSource = false
        session.perform(.undo, at: canvas.now())
    }

    /// Ctrl+Shift+Z: the change undone last, again.
    func redo() {
        if let editing = preview?.sourceEditing, editing.canRedo, redoesSource || !session.canRedo {
            editing.redo()
            return
        }
        guard session.canRedo else { return }
        session.perform(.redo, at: canvas.now())
    }

    /// Ctrl+R: the scene as it first appears, keeping the layout and the animation settings.
    /// Undoable. On a person's preview: its running state starts over (in Live and in Select
    /// mode, since both show that state), as Xcode's canvas restarts a live preview.
    func resetScene() {
        if let preview, preview.showsPreview(session) {
            preview.resetLive(session: session)
            return
        }
        session.perform(.resetScene, at: canvas.now())
    }

    /// Shows or hides the second canvas.
    func setComparing(_ on: Bool) {
        guard on != (compare != nil), preview == nil || !on else { return }
        if on {
            let c = CompareView(main: session)
            compare = c
            UI.append(canvasRow, c.root)
        } else if let c = compare {
            gtk_box_remove(lab_box(canvasRow), c.root)
            compare = nil
        }
        setActionState(actions["compare"], on)
    }

    /// Shows or hides the Variants view beside the canvas (preview mode).
    func setShowingVariants(_ on: Bool) {
        guard on != (variants != nil), let preview else { return }
        if on {
            let v = VariantsView(session: session, preview: preview)
            v.onChoose = { [unowned self] variant in self.chooseVariant(variant) }
            variants = v
            UI.append(canvasRow, v.root)
            named["variants"] = v.root
        } else if let v = variants {
            gtk_box_remove(lab_box(canvasRow), v.root)
            variants = nil
            named["variants"] = nil
        }
        setActionState(actions["variants"], on)
    }

    /// A variant clicked: its environment becomes the canvas's, or its device the canvas's device.
    func chooseVariant(_ variant: VariantsView.Variant) {
        guard let preview else { return }
        if let device = variant.device {
            chooseDevice(device, orientation: variant.environment.device?.orientation ?? .portrait)
            return
        }
        willEdit()
        preview.environment = variant.environment
        inspector.sync()
    }

    /// Shows the preview on `device` turned to `orientation`: its screen proposed, and in preview
    /// mode its safe area, size classes and display scale; "Follow the window" proposes the
    /// canvas's size with none.
    func chooseDevice(_ device: DeviceProfile, orientation: DeviceOrientation) {
        willEdit()
        if device.followsWindow {
            session.perform(.setFollowsWindow(true), at: canvas.now())
        } else {
            let screen = device.screen(orientation)
            session.perform(.setProposal(width: Double(screen.width), height: Double(screen.height), animated: true), at: canvas.now())
        }
        preview?.environment.device = device.wire(orientation)
        inspector.sync()
        gtk_widget_queue_draw(canvas.area)
    }

    /// The device the canvas shows the preview on, with its frame and keyboard (nil: none).
    func deviceChrome() -> DeviceChrome? {
        guard let preview, let wire = preview.environment.device, let device = DeviceProfile.of(wire),
              preview.showsPreview(session) else { return nil }
        let keyboard = preview.runsLive(session) ? preview.live.keyboardHeight : nil
        return DeviceChrome(device: device, orientation: wire.orientation, showsFrame: showsDeviceFrame, keyboardHeight: keyboard)
    }

    /// The first resize or change dismisses the first-launch hint.
    func dismissHint() {
        guard let hint else { return }
        gtk_widget_set_visible(hint, 0)
        self.hint = nil
    }

    func frameDrawn(_ now: Double) {
        session.stats.noteFrame(at: now)
        preview?.frameDrawn()
        // Never touch widgets from inside the draw (snapshot) itself: defer to idle.
        if session.state.showsStats, now - lastStatsShown >= 0.25 {
            lastStatsShown = now
            // The window may close before the idle runs (its labels are gone then).
            addIdle { [weak self] in
                guard let self, !self.isClosed else { return }
                UI.setText(self.statsLabel, self.session.stats.summary)
            }
        }
        if options.stats, now - lastStatsPrint >= 1 {
            lastStatsPrint = now
            Diagnostics.writeLine("stats: \(session.stats.summary)")
        }
    }

    func close() {
        guard !isClosed else { return }
        saveSettings()
        isClosed = true
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
        s.inspectorVisible = wantsInspector
        s.editorCommand = editorCommand
        var w: Int32 = 0, h: Int32 = 0
        gtk_window_get_default_size(lab_window(window), &w, &h)
        if w > 0, h > 0 { s.windowWidth = Int(w); s.windowHeight = Int(h) }
        s.save(to: settingsURL)
    }
}

// What the panels may ask of the window (each gets its own narrow protocol, not the window).
extension LabWindow: InspectorHost, RecordingHost, PreviewControllerHost {
    func willEdit() {
        dismissHint()
        recordUndo()
    }

    func now() -> Double { canvas.now() }

    var title: String {
        get { gtk_window_get_title(lab_window(window)).map { String(cString: $0) } ?? "" }
        set { gtk_window_set_title(lab_window(window), newValue) }
    }

    var isPreviewing: Bool { preview != nil }

    var canvasScaleFactor: Double { Double(max(gtk_widget_get_scale_factor(canvas.area), 1)) }

    /// How far Step moves the stopped clock: a thirtieth of a second of animation time.
    static let timeStep = 1.0 / 30

    func setTimePaused(_ paused: Bool) {
        guard paused != session.isTimePaused else { return }
        session.setTimePaused(paused, now: now())
        gtk_widget_set_visible(pausedLabel, paused ? 1 : 0)
        preview?.timePausedChanged(paused, session: session)
        canvas.driver.start()
        syncUI()
    }

    func stepTime() {
        guard session.isTimePaused else { return }
        session.stepTime(by: Self.timeStep, now: now())
        canvas.driver.start()
        syncUI()
    }
}
