import CGtk
import Foundation
import LabScenes
import SwiftUI
import LayoutLabCore
import PreviewProtocol

/// What the inspector needs of the window, beyond the session it edits.
@MainActor
protocol InspectorHost: AnyObject {
    /// True while the window sets its controls from the state: their handlers then change nothing.
    var isSyncing: Bool { get set }
    /// A person is about to change the session from a control: undo keeps the state before it,
    /// and the first-launch hint goes.
    func willEdit()
    /// The canvas's animation clock.
    func now() -> Double
    func showToast(_ text: String, folder: URL?, seconds: UInt32)
    /// The command Open in Editor runs (the Code tab's field; kept with the settings).
    var editorCommand: String? { get set }
    /// Shows the preview on a device (its screen, and in preview mode its safe area and
    /// environment); "Follow the window" proposes the canvas's size with none.
    func chooseDevice(_ device: DeviceProfile, orientation: DeviceOrientation)
    /// Whether the canvas draws the device's frame.
    var showsDeviceFrame: Bool { get set }
    /// Stops or restarts the window's clock: animations, and a preview's tasks and timelines.
    func setTimePaused(_ paused: Bool)
    /// While paused, moves the animations one step (`LabWindow.timeStep`) on.
    func stepTime()
}

/// What the inspector asks of preview mode: whether the canvas shows a person's preview (which
/// their code lays out), whether it runs (Live mode), and where that preview is written.
@MainActor
protocol PreviewInfo: AnyObject {
    func showsPreview(_ session: LabSession) -> Bool
    func runsLive(_ session: LabSession) -> Bool
    func previewSource(_ session: LabSession) -> (file: String, line: Int)?
    /// What the preview prints.
    var console: PreviewConsole { get }
    /// The environment previews are laid out in (the Environment section sets it).
    var environment: WireEnvironment { get set }
    /// Where a view of a layout was made in the person's code (SourceLocations.swift).
    func sourceLocation(ofView index: Int, in result: LayoutResult) -> ViewSourceLocation?
    /// The views of a layout made on a line of a file (at a column when known).
    func views(madeOnLine line: Int, column: Int?, file: String, in result: LayoutResult) -> [Int]
    /// The inspector's edits of the person's code.
    var sourceEditing: SourceEditing { get }
}

extension PreviewController: PreviewInfo {}

/// The side panel: proposal, container parameters, overlays, animation, and below them the
/// selection, the view outline and the trace. Its controls perform actions on the session; the
/// window calls `sync()` when the session has changed.
@MainActor
final class Inspector {
    let session: LabSession
    unowned let host: any InspectorHost
    /// Preview mode (nil for the built-in content).
    let preview: (any PreviewInfo)?
    let root: Widget

    /// Named controls, for automation and tests (`widget-bounds NAME`, `xdo … NAME`).
    private(set) var named: [String: Widget] = [:]

    var follow: Widget!, presets: Widget!
    var widthScale: Widget!, widthEntry: Widget!, widthNil: Widget!, widthInf: Widget!
    var heightScale: Widget!, heightEntry: Widget!, heightNil: Widget!, heightInf: Widget!
    var spacingRow: Widget!, spacingScale: Widget!, spacingEntry: Widget!, spacingNil: Widget!
    var alignmentRow: Widget!, alignment: Widget!
    /// The alignments the menu offers now (they depend on the layout).
    private var alignmentChoices: [LabAlignment] = []
    /// The alignment axes the menu lists (nil: not set yet; its items are the source's members
    /// while `sourceAlignmentMembers` is set).
    var alignmentAxes: LabAlignmentAxes?
    var sourceAlignmentMembers: [String]?
    var count: Widget!
    var colorSchemeChoice: Widget?, typeSizeChoice: Widget!, directionChoice: Widget!, localeEntry: Widget!
    var deviceLabel: Widget!, landscapeToggle: Widget!, frameToggle: Widget!
    var rotationRow: Widget!, rotationScale: Widget!, rotationValue: Widget!
    var rankRow: Widget!, rank: Widget!
    var curve: Widget!, slowMotion: Widget!, statsSwitch: Widget!, pauseTime: Widget!, stepTime: Widget!
    var selectionLabel: Widget!
    var traceBuffer: UnsafeMutablePointer<GtkTextBuffer>!
    var traceFilter: Widget!
    var traceView: Widget!
    var codeBuffer: UnsafeMutablePointer<GtkTextBuffer>!
    /// The source shown in the Code tab.
    private(set) var codeText = ""
    /// The Code tab's text view.
    var codeView: Widget!
    /// The person's file the Code tab shows (nil: the built-in scenes' generated code).
    var codeFile: String?
    /// Where the selected view was made, in preview mode (nil: unknown, or no selection).
    var selectedSource: ViewSourceLocation?
    /// The file line the Code tab highlights (for automation).
    var highlightedCodeLine: Int?
    /// The Code tab's text was replaced: the highlight is scrolled to even on the same line.
    var scrollsToHighlight = false
    /// True while the Code tab's text is replaced (the caret moving then is not the person's).
    var settingCode = false
    /// The file line the caret of the Code tab was last on, when the person moved it.
    var caretCodeLine: Int?
    /// The view of each line of the trace as shown (nil for headings).
    private(set) var traceLineViews: [Int?] = []
    var itemButtons: Widget!
    var proposalCheck: Widget!, sizeCheck: Widget!, rangesCheck: Widget!, allFramesCheck: Widget!
    var notebook: Widget!
    var controlsScroller: Widget!
    /// The builder of the frame: it owns the frame's widgets until the window holds them.
    private let builder: OpaquePointer
    var paned: Widget!
    var outline: ViewOutline!
    /// Preview mode: the selected view's source ("Your code").
    var sourceSection: SourceSection?
    /// The selected view when it is one of the person's stacks whose spacing and alignment the
    /// Container section edits in their source (literal or absent arguments).
    var sourceStack: SourceEditing.Located?

    init(session: LabSession, host: any InspectorHost, preview: (any PreviewInfo)?) {
        self.session = session
        self.host = host
        self.preview = preview
        let content = UI.column(spacing: 6, [])
        gtk_widget_set_margin_start(content, 12)
        // Room for the (always shown) scrollbar, which GTK lays over the content's edge.
        gtk_widget_set_margin_end(content, 24)
        gtk_widget_set_margin_top(content, 6)
        gtk_widget_set_margin_bottom(content, 12)
        // The frame (Resources/inspector.ui): controls on top; the selection, outline, trace and
        // code in tabs below, always in view.
        builder = LabResources.builder("inspector.ui")
        let paned = LabResources.widget("inspector", in: builder)
        let scroller = LabResources.widget("controls", in: builder)
        let details = LabResources.widget("details", in: builder)
        gtk_scrolled_window_set_child(lab_scrolled_window(scroller), content)
        controlsScroller = scroller
        root = paned
        self.paned = paned
        notebook = details
        named["inspector"] = paned
        named["controls"] = scroller
        build(content)
        self.content = content
        // The controls get their natural height (all of them in view when the window allows).
        connectNotify(paned, "max-position") { [unowned self] in self.fitControls() }
    }

    private var content: Widget!
    private var lastFittedHeight: Int32 = -1

    /// Gives the controls their natural height, leaving at least 150 px to the tabs below;
    /// with the Code tab in front, at least half of the height: code is read by the screenful,
    /// and the controls above still scroll.
    func fitControls() {
        let total = gtk_widget_get_height(paned)
        guard total > 0 else { return }
        var minimum: Int32 = 0, natural: Int32 = 0
        gtk_widget_measure(content, GTK_ORIENTATION_VERTICAL, gtk_widget_get_width(controlsScroller) > 0 ? gtk_widget_get_width(controlsScroller) : 360,
                           &minimum, &natural, nil, nil)
        let codeInFront = notebook.map { gtk_notebook_get_current_page(lab_notebook($0)) == 3 } ?? false
        let position = min(natural + 2, max(codeInFront ? total / 2 : total - 150, 120))
        guard position != lastFittedHeight else { return }
        lastFittedHeight = position
        gtk_paned_set_position(lab_paned(paned), position)
    }

    /// Scrolls the controls so that `widget`, one of them, is in view (centred when it was not).
    func reveal(_ widget: Widget) {
        guard gtk_widget_is_ancestor(widget, controlsScroller) != 0 else { return }
        var bounds = graphene_rect_t()
        guard gtk_widget_compute_bounds(widget, controlsScroller, &bounds) != 0,
              let adjustment = gtk_scrolled_window_get_vadjustment(lab_scrolled_window(controlsScroller)) else { return }
        let page = gtk_adjustment_get_page_size(adjustment)
        let top = Double(bounds.origin.y), height = Double(bounds.size.height)
        guard top < 0 || top + height > page else { return }
        gtk_adjustment_set_value(adjustment, gtk_adjustment_get_value(adjustment) + top - max(0, (page - height) / 2))
    }

    private func addPage(_ title: String, _ child: Widget) {
        gtk_notebook_append_page(lab_notebook(notebook), child, gtk_label_new(title))
    }

    private var now: Double { host.now() }

    /// Runs `body`, a person's change from a control (not while the UI is being synced): the
    /// window follows the session's change (`LabSession.observe`).
    private func edit(_ body: () -> Void) {
        guard !host.isSyncing else { return }
        host.willEdit()
        body()
    }

    // MARK: Building

    /// The controls, section by section, then the tabs below them.
    private func build(_ c: Widget) {
        let st = session.state
        buildProposalSection(c, st)
        if preview != nil { buildEnvironmentSection(c) }
        buildContainerSection(c, st)
        if let preview { buildSourceSection(c, preview) }
        buildOverlaySection(c, st)
        buildAnimationSection(c, st)
        buildSelectionTab()
        buildOutlineTab()
        buildTraceTab()
        buildCodeTab()
        if preview != nil { buildConsoleTab() }
    }

    /// "Follow the window", the device presets, width and height.
    private func buildProposalSection(_ c: Widget, _ st: LabState) {
        UI.append(c, UI.heading("Proposal"))
        follow = UI.toggleSwitch(active: st.followsWindow) { [unowned self] on in
            self.edit { self.session.perform(.setFollowsWindow(on), at: self.now) }
            // Following the window again leaves the device's safe area behind.
            if on, self.preview?.environment.device != nil { self.preview?.environment.device = nil }
        }
        gtk_widget_set_tooltip_text(follow, "Propose the canvas's size: resize the window to change the proposal")
        let devices = DeviceProfile.choices
        presets = UI.dropDown(["Device…"] + devices.map { $0.followsWindow ? $0.name : "\($0.name)\u{1F}\(fmt($0.width))×\(fmt($0.height))" },
                              selected: 0) { [unowned self] i in
            guard i > 0 else { return }
            let landscape = self.preview?.environment.device?.orientation == .landscape
            self.host.chooseDevice(devices[i - 1], orientation: landscape ? .landscape : .portrait)
            // Back to the prompt, so the same preset can be chosen again.
            let wasSyncing = self.host.isSyncing
            self.host.isSyncing = true
            UI.setDropDown(self.presets, 0)
            self.host.isSyncing = wasSyncing
        }
        lab_drop_down_use_two_part_rows(lab_drop_down(presets), Int32(LAB_ROW_DETAIL_RIGHT))
        gtk_widget_set_tooltip_text(presets, "Show the preview on a device: its screen size (points) with its safe area, size classes and display scale; Follow the window: the canvas's size, no safe area")
        gtk_widget_set_hexpand(presets, 1)
        gtk_widget_set_halign(presets, GTK_ALIGN_END)
        UI.append(c, UI.field("Follow the window", [follow, presets], captionWidth: 130))
        named["follow"] = follow
        named["presets"] = presets
        (widthScale, widthEntry, widthNil, widthInf) = dimensionRow(c, "Width", value: st.width, isWidth: true)
        (heightScale, heightEntry, heightNil, heightInf) = dimensionRow(c, "Height", value: st.height, isWidth: false)
    }

    /// The preview's environment, as Xcode's canvas settings: colour scheme, Dynamic Type
    /// size, layout direction and locale. The running preview keeps its state when they change.
    private func buildEnvironmentSection(_ c: Widget) {
        UI.append(c, UI.heading("Environment"))
        colorSchemeChoice = UI.dropDown(["The window's", "Light", "Dark"], selected: 0) { [unowned self] i in
            self.setEnvironment { $0.colorScheme = i == 0 ? nil : i == 1 ? "light" : "dark" }
        }
        gtk_widget_set_tooltip_text(colorSchemeChoice, "The colour scheme your preview sees (\\.colorScheme) and is drawn in")
        typeSizeChoice = UI.dropDown(WireEnvironment.dynamicTypeSizes.map { $0 == "large" ? "large (default)" : $0 }, selected: 3) { [unowned self] i in
            let name = WireEnvironment.dynamicTypeSizes[i]
            self.setEnvironment { $0.dynamicTypeSize = name == "large" ? nil : name }
        }
        gtk_widget_set_tooltip_text(typeSizeChoice, "The Dynamic Type size: text styles and @ScaledMetric values follow it")
        directionChoice = UI.dropDown(["Left to right", "Right to left"], selected: 0) { [unowned self] i in
            self.setEnvironment { $0.layoutDirection = i == 0 ? nil : "rtl" }
        }
        gtk_widget_set_tooltip_text(directionChoice, "The layout direction: right to left mirrors every view's place, as for Arabic or Hebrew")
        localeEntry = gtk_entry_new()!
        gtk_entry_set_placeholder_text(lab_entry(localeEntry), "system (\(Locale.current.identifier))")
        gtk_editable_set_width_chars(lab_editable(localeEntry), 10)
        gtk_widget_set_tooltip_text(localeEntry, "The locale your preview sees (\\.locale), such as de_DE or ar; Enter applies it")
        connect(localeEntry, "activate") { [unowned self] in
            let text = String(cString: gtk_editable_get_text(lab_editable(self.localeEntry))).trimmingCharacters(in: .whitespaces)
            do {
                let checked = try WireEnvironment(locale: text.isEmpty ? nil : text).validated()
                gtk_widget_remove_css_class(self.localeEntry, "error")
                self.setEnvironment { $0.locale = checked.locale }
            } catch {
                gtk_widget_add_css_class(self.localeEntry, "error")
                self.host.showToast("\(error)", folder: nil, seconds: 4)
            }
        }
        for w in [colorSchemeChoice!, typeSizeChoice!, directionChoice!] { gtk_widget_set_hexpand(w, 1) }
        UI.append(c, UI.field("Colours", [colorSchemeChoice!]))
        UI.append(c, UI.field("Type size", [typeSizeChoice]))
        UI.append(c, UI.field("Direction", [directionChoice]))
        UI.append(c, UI.field("Locale", [localeEntry]))
        deviceLabel = UI.label("", classes: ["dim-label"])
        gtk_label_set_wrap(lab_label(deviceLabel), 1)
        gtk_widget_set_hexpand(deviceLabel, 1)
        landscapeToggle = UI.toggle("Landscape", active: false, tooltip: "Turn the device: its landscape screen and safe area") { [unowned self] on in
            guard !self.host.isSyncing, let wire = self.preview?.environment.device, let device = DeviceProfile.of(wire) else { return }
            self.host.chooseDevice(device, orientation: on ? .landscape : .portrait)
        }
        frameToggle = UI.toggle("Frame", active: false, tooltip: "Draw the device around the canvas: rounded screen corners, the Dynamic Island or notch, the status bar, the home indicator") { [unowned self] on in
            guard !self.host.isSyncing else { return }
            self.host.showsDeviceFrame = on
        }
        UI.append(c, UI.field("Device", [deviceLabel]))
        UI.append(c, UI.field("", [UI.linked([landscapeToggle, frameToggle])]))
        named["device"] = deviceLabel
        named["landscape"] = landscapeToggle
        named["device-frame"] = frameToggle
        named["color-scheme"] = colorSchemeChoice
        named["type-size"] = typeSizeChoice
        named["direction"] = directionChoice
        named["locale"] = localeEntry
    }

    /// The Environment section's line for the device: its name and orientation, safe area, size
    /// classes and display scale ("None: the window's size, no safe area").
    static func deviceDescription(_ wire: WireDevice?) -> String {
        guard let wire else { return "None: the window's size, no safe area" }
        let name = DeviceProfile.of(wire)?.name ?? wire.name
        let i = wire.safeAreaInsets
        let insets = [("top", i.top), ("leading", i.leading), ("bottom", i.bottom), ("trailing", i.trailing)]
            .filter { $0.1 > 0 }.map { "\($0.0) \(fmt($0.1))" }.joined(separator: ", ")
        return "\(name), \(wire.orientation.rawValue). Safe area: \(insets.isEmpty ? "none" : insets). "
            + "\(wire.horizontalSizeClass.capitalized) width, \(wire.verticalSizeClass) height, @\(fmt(wire.displayScale))x"
    }

    private func setEnvironment(_ change: (inout WireEnvironment) -> Void) {
        guard !host.isSyncing, let preview else { return }
        var e = preview.environment
        change(&e)
        preview.environment = e
    }

    private func syncEnvironment() {
        guard let preview, let colorSchemeChoice else { return }
        let e = preview.environment
        UI.setDropDown(colorSchemeChoice, e.colorScheme == nil ? 0 : e.colorScheme == "light" ? 1 : 2)
        UI.setDropDown(typeSizeChoice, WireEnvironment.dynamicTypeSizes.firstIndex(of: e.dynamicTypeSize ?? "large") ?? 3)
        UI.setDropDown(directionChoice, e.layoutDirection == "rtl" ? 1 : 0)
        gtk_label_set_text(lab_label(deviceLabel), Self.deviceDescription(e.device))
        gtk_toggle_button_set_active(lab_toggle_button(landscapeToggle), e.device?.orientation == .landscape ? 1 : 0)
        gtk_widget_set_sensitive(landscapeToggle, e.device == nil ? 0 : 1)
        gtk_toggle_button_set_active(lab_toggle_button(frameToggle), host.showsDeviceFrame ? 1 : 0)
        if lab_widget_has_focus_within(localeEntry) == 0 {
            gtk_editable_set_text(lab_editable(localeEntry), e.locale ?? "")
        }
    }

    /// Spacing, alignment, the subviews (count, add, remove, shuffle), rotation and rank.
    private func buildContainerSection(_ c: Widget, _ st: LabState) {
        UI.append(c, UI.heading("Container"))
        spacingScale = UI.scale(min: -20, max: 80, step: 1, value: st.spacing) { [unowned self] v in
            if self.setSourceSpacing(v) { return }
            self.edit { self.setSpacing(v) }
        }
        spacingEntry = UI.spin(min: -1000, max: 1000, value: st.spacing, digits: 1, widthChars: 4) { [unowned self] v in
            if self.setSourceSpacing(v) { return }
            self.edit { self.setSpacing(v) }
        }
        spacingNil = UI.toggle("nil", active: st.spacingIsDefault, tooltip: "nil: each pair of subviews uses its preferred spacing") { [unowned self] on in
            if self.setSourceSpacing(on ? nil : 8) { return }
            self.edit { self.session.perform(.setSpacing(on ? nil : self.session.state.spacing), at: self.now) }
        }
        spacingRow = UI.field("Spacing", [spacingScale, spacingEntry, UI.linked([spacingNil])])
        UI.append(c, spacingRow)
        named["spacing-scale"] = spacingScale
        named["spacing-entry"] = spacingEntry
        alignment = UI.dropDown([], selected: 0) { [unowned self] i in
            if self.setSourceAlignment(i) { return }
            guard self.alignmentChoices.indices.contains(i), let axes = self.alignmentAxes else { return }
            let chosen = self.alignmentChoices[i]
            self.edit {
                self.session.perform(.setAlignment(self.session.state.alignment.replacing(axes, with: chosen)), at: self.now)
            }
        }
        gtk_widget_set_hexpand(alignment, 1)
        alignmentRow = UI.field("Alignment", [alignment])
        UI.append(c, alignmentRow)
        named["alignment"] = alignment
        count = UI.spin(min: 0, max: Double(LabState.maximumItemCount), value: Double(st.items.count), widthChars: 5) { [unowned self] n in
            self.edit { self.session.perform(.setCount(Int(n)), at: self.now) }
        }
        named["count"] = count
        let add = UI.button("Add") { [unowned self] in self.edit { self.session.perform(.addItem, at: self.now) } }
        let remove = UI.button("Remove") { [unowned self] in self.edit { self.session.perform(.removeItem, at: self.now) } }
        let shuffle = UI.button("Shuffle") { [unowned self] in self.edit { self.session.perform(.shuffle, at: self.now) } }
        itemButtons = UI.row(spacing: 4, [count, add, remove, shuffle])
        UI.append(c, UI.field("Subviews", [itemButtons]))
        rotationValue = UI.label("", classes: ["value-label"])
        gtk_widget_set_size_request(rotationValue, 40, -1)
        rotationScale = UI.scale(min: 0, max: 360, step: 1, value: st.rotationDegrees) { [unowned self] v in
            UI.setText(self.rotationValue, "\(fmt(v))°")
            self.edit { self.session.perform(.setRotationFromDial(v), at: self.now) }
        }
        let spin = UI.button("+90°") { [unowned self] in self.edit { self.session.perform(.rotate(by: 90), at: self.now) } }
        named["rotate-90"] = spin
        named["rotation-scale"] = rotationScale
        rotationRow = UI.field("Rotation", [rotationScale, rotationValue, spin])
        UI.append(c, rotationRow)
        rank = UI.spin(min: 1, max: 10_000, value: 1, widthChars: 5) { [unowned self] n in
            self.edit {
                guard let item = self.selectedItemIndex() else { return }
                self.session.perform(.setRank(Int(n), ofItemAt: item), at: self.now)
            }
        }
        named["rank"] = rank
        rankRow = UI.field("Rank", [rank, UI.label("of the selected subview", classes: ["dim-label"])])
        UI.append(c, rankRow)
    }

    /// The proposal box, sizes, min/ideal/max and every frame, drawn over the canvas.
    private func buildOverlaySection(_ c: Widget, _ st: LabState) {
        UI.append(c, UI.heading("Overlays"))
        proposalCheck = UI.check("Proposal", active: st.showsProposal) { [unowned self] on in self.edit { self.session.perform(.setOverlay(.proposal, on)) } }
        sizeCheck = UI.check("Size", active: st.showsSizes) { [unowned self] on in self.edit { self.session.perform(.setOverlay(.sizes, on)) } }
        rangesCheck = UI.check("Min/ideal/max", active: st.showsRanges) { [unowned self] on in self.edit { self.session.perform(.setOverlay(.ranges, on)) } }
        allFramesCheck = UI.check("All frames", active: st.showsAllFrames) { [unowned self] on in self.edit { self.session.perform(.setOverlay(.allFrames, on)) } }
        UI.append(c, UI.row(spacing: 2, [proposalCheck, sizeCheck, rangesCheck, allFramesCheck]))
    }

    /// The curve, slow motion and the frame statistics.
    private func buildAnimationSection(_ c: Widget, _ st: LabState) {
        UI.append(c, UI.heading("Animation"))
        curve = UI.dropDown(CurveChoice.allCases.map(\.title), selected: CurveChoice.allCases.firstIndex(of: st.curve) ?? 0) { [unowned self] i in
            self.edit { self.session.perform(.setCurve(CurveChoice.allCases[i])) }
        }
        gtk_widget_set_hexpand(curve, 1)
        named["curve"] = curve
        UI.append(c, UI.field("Curve", [curve]))
        slowMotion = UI.toggleSwitch(active: st.slowMotion) { [unowned self] on in self.edit { self.session.perform(.setSlowMotion(on)) } }
        statsSwitch = UI.toggleSwitch(active: st.showsStats) { [unowned self] on in
            self.edit { self.session.perform(.setShowsStats(on)) }
        }
        named["slow-motion"] = slowMotion
        named["stats"] = statsSwitch
        UI.append(c, UI.row([UI.label("Slow motion"), slowMotion, UI.label("   Stats"), statsSwitch]))
        // Time frozen for inspection: animations hold mid-way, a preview's tasks and timelines
        // wait; Step moves the animations a thirtieth of a second on.
        pauseTime = UI.toggle("Pause", active: session.isTimePaused,
                              tooltip: "Stop the clock: animations hold where they are, a preview's tasks and timelines wait") { [unowned self] on in
            guard !self.host.isSyncing else { return }
            self.host.setTimePaused(on)
        }
        stepTime = UI.button("Step") { [unowned self] in self.host.stepTime() }
        gtk_widget_set_tooltip_text(stepTime, "Move the held animations a thirtieth of a second on")
        gtk_widget_set_sensitive(stepTime, session.isTimePaused ? 1 : 0)
        named["pause-time"] = pauseTime
        named["step-time"] = stepTime
        UI.append(c, UI.field("Time", [UI.linked([pauseTime, stepTime])]))
    }

    /// The selected view's description.
    private func buildSelectionTab() {
        selectionLabel = UI.label("", classes: ["value-label"])
        gtk_label_set_wrap(lab_label(selectionLabel), 1)
        gtk_label_set_selectable(lab_label(selectionLabel), 1)
        gtk_label_set_yalign(lab_label(selectionLabel), 0)
        gtk_widget_add_css_class(selectionLabel, "monospace")
        gtk_widget_set_margin_start(selectionLabel, 8)
        gtk_widget_set_margin_top(selectionLabel, 6)
        let selectionScroller = gtk_scrolled_window_new()!
        gtk_scrolled_window_set_child(lab_scrolled_window(selectionScroller), selectionLabel)
        addPage("Selection", selectionScroller)
    }

    /// The view hierarchy, linked both ways with the canvas.
    private func buildOutlineTab() {
        outline = ViewOutline(session: session) { [unowned self] in self.showSelectionInTrace() }
        addPage("Outline", outline.root)
        named["outline"] = outline.root
    }

    /// The layout's trace, filtered; a click on an event selects its view.
    private func buildTraceTab() {
        let text = gtk_text_view_new()!
        gtk_text_view_set_editable(lab_text_view(text), 0)
        gtk_text_view_set_monospace(lab_text_view(text), 1)
        gtk_text_view_set_wrap_mode(lab_text_view(text), GTK_WRAP_NONE)
        gtk_widget_add_css_class(text, "trace-view")
        traceBuffer = gtk_text_view_get_buffer(lab_text_view(text))
        traceView = text
        // A click on an event selects its view (in the canvas, the outline and the breadcrumb).
        let click = gtk_gesture_click_new()!
        connectPressed(click) { [unowned self] _, x, y in self.traceClicked(x: x, y: y) }
        gtk_widget_add_controller(text, lab_event_controller(click.raw))
        let traceScroller = gtk_scrolled_window_new()!
        gtk_scrolled_window_set_child(lab_scrolled_window(traceScroller), text)
        gtk_widget_set_vexpand(traceScroller, 1)
        traceFilter = gtk_search_entry_new()!
        gtk_widget_set_tooltip_text(traceFilter, "Show only the events that mention this (a view's name, size, cache, place…)")
        connect(traceFilter, "search-changed") { [unowned self] in self.showTrace() }
        named["trace-filter"] = traceFilter
        addPage("Trace", UI.column(spacing: 4, [traceFilter, traceScroller]))
    }

    /// The SwiftUI source of what is shown, with the inspector's values written in.
    private func buildCodeTab() {
        let code = gtk_text_view_new()!
        gtk_text_view_set_editable(lab_text_view(code), 0)
        gtk_text_view_set_monospace(lab_text_view(code), 1)
        gtk_widget_add_css_class(code, "code-view")
        codeBuffer = gtk_text_view_get_buffer(lab_text_view(code))
        codeView = code
        named["code"] = code
        SyntaxColoring.installTags(in: codeBuffer)
        installSourceLineTag()
        // A click on a line of the person's code selects the views made on it; so does the
        // caret, which the arrow keys move through the (read-only) text.
        gtk_text_view_set_cursor_visible(lab_text_view(code), 1)
        connectNotify(codeBuffer, "cursor-position") { [unowned self] in self.codeCaretMoved() }
        let click = gtk_gesture_click_new()!
        connectPressed(click) { [unowned self] _, x, y in self.codeClicked(x: x, y: y) }
        gtk_widget_add_controller(code, lab_event_controller(click.raw))
        let codeScroller = gtk_scrolled_window_new()!
        gtk_scrolled_window_set_child(lab_scrolled_window(codeScroller), code)
        gtk_widget_set_vexpand(codeScroller, 1)
        let copy = UI.button("Copy") { [unowned self] in
            guard let display = gtk_widget_get_display(self.root) else { return }
            gdk_clipboard_set_text(gdk_display_get_clipboard(display), self.codeText)
            self.host.showToast("Copied the SwiftUI source", folder: nil, seconds: 5)
        }
        gtk_widget_set_tooltip_text(copy, "Copy the source: it compiles against this package and lays out as shown")
        gtk_widget_set_halign(copy, GTK_ALIGN_START)
        named["code-copy"] = copy
        var rows = [codeScroller, copy]
        if preview != nil {
            let (open, entry) = makeEditorRow()
            named["open-in-editor"] = open
            named["editor-command"] = entry
            rows[1] = UI.row(spacing: 4, [copy, open, entry])
        }
        addPage("Code", UI.column(spacing: 4, rows))
        connectNotify(notebook, "page") { [unowned self] in
            self.fitControls()
            if gtk_notebook_get_current_page(lab_notebook(self.notebook)) == 3 { self.showCode() }
        }
    }

    /// What the person's preview prints, as it prints it.
    private func buildConsoleTab() {
        guard let console = preview?.console else { return }
        let view = gtk_text_view_new()!
        gtk_text_view_set_editable(lab_text_view(view), 0)
        gtk_text_view_set_monospace(lab_text_view(view), 1)
        gtk_text_view_set_wrap_mode(lab_text_view(view), GTK_WRAP_WORD_CHAR)
        gtk_widget_add_css_class(view, "code-view")
        let buffer = gtk_text_view_get_buffer(lab_text_view(view))!
        let scroller = gtk_scrolled_window_new()!
        gtk_scrolled_window_set_child(lab_scrolled_window(scroller), view)
        gtk_widget_set_vexpand(scroller, 1)
        let note = gtk_label_new("print(), standard output and error of your preview. Its standard input is empty.")!
        gtk_label_set_wrap(lab_label(note), 1)
        gtk_label_set_xalign(lab_label(note), 0)
        gtk_widget_add_css_class(note, "dim-label")
        let clear = UI.button("Clear") { console.clear() }
        gtk_widget_set_halign(clear, GTK_ALIGN_START)
        named["console-clear"] = clear
        named["console"] = view
        console.onAppend = { (piece: String) in
            var end = GtkTextIter()
            gtk_text_buffer_get_end_iter(buffer, &end)
            gtk_text_buffer_insert(buffer, &end, piece, Int32(clamping: piece.utf8.count))
            // Kept short: a preview that prints in a loop must not grow the window's memory.
            if gtk_text_buffer_get_char_count(buffer) > Int32(PreviewConsole.kept) {
                var start = GtkTextIter(), cut = GtkTextIter()
                gtk_text_buffer_get_start_iter(buffer, &start)
                gtk_text_buffer_get_iter_at_offset(buffer, &cut, Int32(PreviewConsole.kept / 2))
                gtk_text_buffer_delete(buffer, &start, &cut)
            }
            gtk_text_buffer_get_end_iter(buffer, &end)
            let mark = gtk_text_buffer_get_insert(buffer)
            gtk_text_buffer_place_cursor(buffer, &end)
            gtk_text_view_scroll_to_mark(lab_text_view(view), mark, 0, 0, 0, 1)
        }
        console.onClear = { gtk_text_buffer_set_text(buffer, "", 0) }
        if !console.text.isEmpty { console.onAppend?(console.text) }
        addPage("Console", UI.column(spacing: 4, [note, scroller, clear]))
    }

    /// Width/height: slider, exact number, nil and ∞.
    private func dimensionRow(_ c: Widget, _ caption: String, value: Double, isWidth: Bool) -> (Widget, Widget, Widget, Widget) {
        let scale = UI.scale(min: 0, max: LabState.sliderMaximum, step: 1, value: value) { [unowned self] v in
            self.edit { self.session.perform(.setDimension(isWidth: isWidth, mode: .fixed, value: v.rounded()), at: self.now) }
        }
        // Typed values may go beyond the slider's range (and show truly when they do).
        let entry = UI.spin(min: 0, max: LabState.maximumProposal, value: value, widthChars: 4) { [unowned self] v in
            self.edit { self.session.perform(.setDimension(isWidth: isWidth, mode: .fixed, value: v), at: self.now) }
        }
        gtk_widget_set_tooltip_text(entry, "The \(caption.lowercased()) proposed, in points")
        let nilToggle = UI.toggle("nil", active: false, tooltip: "nil: \"your ideal \(caption.lowercased())\"") { [unowned self] on in
            self.edit { self.session.perform(.setDimension(isWidth: isWidth, mode: on ? .unspecified : .fixed, value: nil), at: self.now) }
        }
        let infToggle = UI.toggle("∞", active: false, tooltip: "∞: \"your maximum \(caption.lowercased())\"") { [unowned self] on in
            self.edit { self.session.perform(.setDimension(isWidth: isWidth, mode: on ? .infinity : .fixed, value: nil), at: self.now) }
        }
        UI.append(c, UI.field(caption, [scale, entry, UI.linked([nilToggle, infToggle])]))
        let key = caption.lowercased()
        named["\(key)-scale"] = scale
        named["\(key)-entry"] = entry
        named["\(key)-nil"] = nilToggle
        named["\(key)-inf"] = infToggle
        return (scale, entry, nilToggle, infToggle)
    }

    private func setSpacing(_ v: Double) {
        guard v.isFinite else { return }
        session.perform(.setSpacing(v), at: now)
    }

    // MARK: State → controls

    /// The index in `state.items` of the selected subview (or of the subview containing it).
    func selectedItemIndex() -> Int? {
        guard var i = session.selectedIndex else { return nil }
        let views = session.result.views
        while true {
            if let id = views[i].explicitID?.base as? Int, let k = session.state.items.firstIndex(where: { $0.id == id }) { return k }
            guard let p = views[i].parent else { return nil }
            i = p
        }
    }

    /// Sets every control from the state (called with `isSyncing` set).
    /// Whether the canvas shows one of the person's `#Preview`s, which their code lays out: the
    /// container controls (spacing, alignment, rotation, rank) then do not apply.
    var showsOwnPreview: Bool { preview?.showsPreview(session) ?? false }
    static let previewReason = "A preview is laid out by its own code: select one of its stacks to edit its spacing and alignment there, or pick a built-in scene to try these"

    func sync() {
        let st = session.state
        let layout = session.layout
        UI.setSwitch(follow, st.followsWindow)
        let proposal = session.result.proposal
        // Under "Follow the window" the fields show what the canvas proposes.
        let shownWidth = st.followsWindow ? Double(proposal.width ?? 0) : st.width
        let shownHeight = st.followsWindow ? Double(proposal.height ?? 0) : st.height
        UI.setScale(widthScale, shownWidth.isFinite ? min(shownWidth, LabState.sliderMaximum) : 0)
        UI.setScale(heightScale, shownHeight.isFinite ? min(shownHeight, LabState.sliderMaximum) : 0)
        UI.setSpinValue(widthEntry, shownWidth.isFinite ? shownWidth : 0)
        UI.setSpinValue(heightEntry, shownHeight.isFinite ? shownHeight : 0)
        let widthFixed = st.followsWindow || st.widthMode == .fixed, heightFixed = st.followsWindow || st.heightMode == .fixed
        gtk_widget_set_sensitive(widthEntry, widthFixed ? 1 : 0)
        gtk_widget_set_sensitive(heightEntry, heightFixed ? 1 : 0)
        UI.setToggle(widthNil, !st.followsWindow && st.widthMode == .unspecified)
        UI.setToggle(widthInf, !st.followsWindow && st.widthMode == .infinity)
        UI.setToggle(heightNil, !st.followsWindow && st.heightMode == .unspecified)
        UI.setToggle(heightInf, !st.followsWindow && st.heightMode == .infinity)

        // Controls that do not apply to this layout are disabled, with the reason. A person's
        // preview is laid out as their code says: no container control reaches it.
        let ownPreview = showsOwnPreview
        syncEnvironment()
        UI.setSpinValue(count, Double(st.items.count))
        gtk_widget_set_sensitive(itemButtons, session.scene.itemsAreEditable ? 1 : 0)
        gtk_widget_set_tooltip_text(itemButtons, session.scene.itemsAreEditable ? nil : "\(session.scene.name) has a fixed set of subviews")
        let usesRotation = layout.controls.contains(.rotation) && !ownPreview
        gtk_widget_set_sensitive(rotationRow, usesRotation ? 1 : 0)
        gtk_widget_set_tooltip_text(rotationRow, ownPreview ? Self.previewReason
                                    : usesRotation ? nil : "Only Radial turns its subviews; \(layout.name) does not")
        let dial = st.rotationDegrees.truncatingRemainder(dividingBy: 360)
        let shownDial = dial < 0 ? dial + 360 : dial
        UI.setScale(rotationScale, shownDial)
        UI.setText(rotationValue, "\(fmt(shownDial))°")
        gtk_check_button_set_active(lab_check_button(proposalCheck), st.showsProposal ? 1 : 0)
        gtk_check_button_set_active(lab_check_button(sizeCheck), st.showsSizes ? 1 : 0)
        gtk_check_button_set_active(lab_check_button(rangesCheck), st.showsRanges ? 1 : 0)
        gtk_check_button_set_active(lab_check_button(allFramesCheck), st.showsAllFrames ? 1 : 0)
        UI.setDropDown(curve, CurveChoice.allCases.firstIndex(of: st.curve) ?? 0)
        UI.setSwitch(slowMotion, st.slowMotion)
        UI.setToggle(pauseTime, session.isTimePaused)
        gtk_widget_set_sensitive(stepTime, session.isTimePaused ? 1 : 0)
        UI.setSwitch(statsSwitch, st.showsStats)
        showSelection()
        showTrace()
        // The code is written when its tab is shown (and again while it is).
        if gtk_notebook_get_current_page(lab_notebook(notebook)) == 3 { showCode() }
    }

    private func syncAlignment(_ layout: LabLayout) {
        if let stack = sourceStack, let members = SourceStacks.alignments(of: stack.view.typeName) {
            syncSourceAlignment(stack, members)
            return
        }
        let axes = layout.alignmentAxes
        if alignmentAxes != axes || sourceAlignmentMembers != nil {
            alignmentAxes = axes
            sourceAlignmentMembers = nil
            alignmentChoices = LabAlignment.choices(for: axes)
            UI.setDropDownItems(alignment, axes == .none ? ["—"] : alignmentChoices.map { $0.title(for: axes) })
        }
        let ownPreview = showsOwnPreview
        let applies = axes != .none && !ownPreview
        gtk_widget_set_sensitive(alignmentRow, applies ? 1 : 0)
        gtk_widget_set_tooltip_text(alignmentRow, ownPreview ? Self.previewReason
                                    : applies ? nil : "\(layout.name) does not align its subviews")
        let current = session.state.alignment
        UI.setDropDown(alignment, alignmentChoices.firstIndex { $0.matches(current, on: axes) } ?? 0)
    }

    /// Spacing and alignment: the session's for the built-in scenes, the source's for a
    /// person's selected stack.
    private func syncContainerRows() {
        let wasSyncing = host.isSyncing
        host.isSyncing = true
        defer { host.isSyncing = wasSyncing }
        let st = session.state, layout = session.layout
        let ownPreview = showsOwnPreview
        syncSource()
        if let stack = sourceStack, SourceStacks.hasSpacing(stack.view.typeName) {
            syncSourceSpacing(stack)
        } else {
            let usesSpacing = layout.controls.contains(.spacing) && !ownPreview
            gtk_widget_set_sensitive(spacingRow, usesSpacing ? 1 : 0)
            gtk_widget_set_tooltip_text(spacingRow, ownPreview ? Self.previewReason : usesSpacing ? nil : "\(layout.name) does not use a spacing")
            UI.setScale(spacingScale, min(max(st.spacing, -20), 80))
            UI.setSpinValue(spacingEntry, st.spacing)
            gtk_widget_set_sensitive(spacingEntry, st.spacingIsDefault ? 0 : 1)
            gtk_widget_set_sensitive(spacingScale, st.spacingIsDefault ? 0 : 1)
            UI.setToggle(spacingNil, st.spacingIsDefault)
        }
        syncAlignment(layout)
    }

    func showSelection() {
        syncContainerRows()
        // Running live, a plain click goes to the preview: say how to inspect.
        let live = session.selection == nil && preview?.runsLive(session) == true
        UI.setText(selectionLabel, live ? "Ctrl+click a view in the canvas to inspect it (plain clicks run your preview)."
                   : session.selectionDescription())
        // The Outline and the Code tab stay: a selection there is shown in them.
        let page = gtk_notebook_get_current_page(lab_notebook(notebook))
        if session.selection != nil, page != 1, page != 3 {
            gtk_notebook_set_current_page(lab_notebook(notebook), 0)
        }
        let layout = session.layout
        let item = selectedItemIndex()
        let ownPreview = showsOwnPreview
        let usesRank = layout.controls.contains(.rank) && !ownPreview
        gtk_widget_set_sensitive(rankRow, usesRank && item != nil ? 1 : 0)
        gtk_widget_set_tooltip_text(rankRow, ownPreview ? Self.previewReason
                                    : !usesRank ? "Only Radial orders its subviews by rank; \(layout.name) does not"
                                    : item == nil ? "Select a subview in the canvas to set its rank" : nil)
        let wasSyncing = host.isSyncing
        host.isSyncing = true
        if let k = item {
            UI.setSpinValue(rank, Double(session.state.items[k].rank))
        } else {
            // No stale value: the field is empty without a selection.
            gtk_editable_set_text(lab_editable(rank), "")
        }
        host.isSyncing = wasSyncing
        outline?.showSelection()
        if preview != nil { showSelectionSource() }
    }

    /// Filters the trace to the selected view and shows it ("Show in trace").
    func showSelectionInTrace() {
        guard let i = session.selectedIndex else { return }
        gtk_editable_set_text(lab_editable(traceFilter), session.displayName(of: i))
        gtk_notebook_set_current_page(lab_notebook(notebook), 2)
    }

    /// Writes the Code tab: the current scene in the current layout as SwiftUI source.
    func showCode() {
        let params = session.state.parameters()
        let text: String
        codeFile = nil
        if let source = preview?.previewSource(session) {
            // A person's preview: their own file, as it is on disk now; the selected view's
            // file when it was made in another.
            let file = selectedSource?.file ?? source.file
            codeFile = file
            let body = (try? String(contentsOfFile: file, encoding: .utf8)) ?? "// \(file) cannot be read.\n"
            text = (file == source.file ? "// \(file), line \(source.line)\n" : "// \(file)\n") + body
        } else {
            text = SceneCode.source(scene: session.scene.name, layout: session.layout.name, parameters: params)
                ?? "// The source of “\(session.scene.name)” in “\(session.layout.name)” is not written out here:\n// the built-in scenes capsules, spacing and mixed are, in the built-in layouts.\n"
        }
        if text != codeText {
            codeText = text
            settingCode = true
            gtk_text_buffer_set_text(codeBuffer, text, Int32(clamping: text.utf8.count))
            settingCode = false
            // Colouring a shuffled 10,000-item list would take long; such code stays plain.
            if text.utf8.count < 40_000 { SyntaxColoring.color(codeBuffer, text) }
            scrollsToHighlight = true
        }
        highlightSelectedSourceLine()
    }

    func showTrace() {
        let filter = gtk_editable_get_text(lab_editable(traceFilter)).map { String(cString: $0) } ?? ""
        let lines = session.traceLines(filter: filter)
        traceLineViews = lines.map(\.view)
        let text = lines.map(\.text).joined(separator: "\n")
        gtk_text_buffer_set_text(traceBuffer, text, Int32(clamping: text.utf8.count))
        outline?.reload()
    }

    /// Selects the view of the trace line at widget point (x, y).
    private func traceClicked(x: Double, y: Double) {
        var bx: Int32 = 0, by: Int32 = 0
        gtk_text_view_window_to_buffer_coords(lab_text_view(traceView), GTK_TEXT_WINDOW_WIDGET, Int32(x), Int32(y), &bx, &by)
        var iter = GtkTextIter()
        guard gtk_text_view_get_iter_at_location(lab_text_view(traceView), &iter, bx, by) != 0 else { return }
        selectTraceLine(Int(gtk_text_iter_get_line(&iter)))
    }

    /// Selects the view that trace line `line` is about (automation: `trace-line N`).
    func selectTraceLine(_ line: Int) {
        guard traceLineViews.indices.contains(line), let view = traceLineViews[line] else { return }
        session.selectView(at: view)
    }
}
