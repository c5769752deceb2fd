import CGtk
import Foundation
import LayoutEngine

/// The side panel: proposal, container parameters, overlays, animation, selection and trace.
@MainActor
final class Inspector {
    unowned let window: LabWindow
    let root: Widget
    var session: LabSession { window.session }

    var follow: Widget!
    var widthScale: Widget!, widthValue: Widget!, widthNil: Widget!, widthInf: Widget!
    var heightScale: Widget!, heightValue: Widget!, heightNil: Widget!, heightInf: Widget!
    var spacingScale: Widget!, spacingValue: Widget!, spacingNil: Widget!
    var alignment: Widget!
    var count: Widget!
    var rotationRow: Widget!, rotationScale: Widget!, rotationValue: Widget!
    var rank: Widget!
    var curve: Widget!, slowMotion: Widget!, statsSwitch: Widget!, statsLabel: Widget!
    var selectionLabel: Widget!
    var traceBuffer: OpaquePointer!
    var itemButtons: Widget!
    var proposalCheck: Widget!, sizeCheck: Widget!, rangesCheck: Widget!

    init(window: LabWindow) {
        self.window = window
        let content = UI.column(spacing: 6, [])
        gtk_widget_set_margin_start(content, 12)
        gtk_widget_set_margin_end(content, 12)
        gtk_widget_set_margin_top(content, 6)
        gtk_widget_set_margin_bottom(content, 12)
        let scroller = gtk_scrolled_window_new()!
        gtk_scrolled_window_set_policy(lab_scrolled_window(scroller), GTK_POLICY_NEVER, GTK_POLICY_AUTOMATIC)
        gtk_scrolled_window_set_child(lab_scrolled_window(scroller), content)
        // Controls on top; the selection and the trace in tabs below, always in view.
        let details = gtk_notebook_new()!
        let paned = gtk_paned_new(GTK_ORIENTATION_VERTICAL)!
        gtk_paned_set_start_child(lab_paned(paned), scroller)
        gtk_paned_set_end_child(lab_paned(paned), details)
        gtk_paned_set_resize_end_child(lab_paned(paned), 1)
        gtk_paned_set_shrink_end_child(lab_paned(paned), 0)
        gtk_paned_set_position(lab_paned(paned), 470)
        gtk_widget_set_size_request(paned, 380, -1)
        gtk_widget_add_css_class(paned, "inspector")
        root = paned
        notebook = details
        build(content)
    }

    var notebook: Widget!

    private func addPage(_ title: String, _ child: Widget) {
        gtk_notebook_append_page(OpaquePointer(notebook), child, gtk_label_new(title))
    }

    private var now: Double { window.canvas.now() }

    /// Runs `body` for a user change (not while the UI is being synced), then refreshes.
    private func edit(_ body: () -> Void) {
        guard !window.isSyncing else { return }
        body()
        window.changed()
    }

    private func build(_ c: Widget) {
        let st = session.state
        // Proposal
        UI.append(c, UI.heading("Proposal"))
        follow = UI.toggleSwitch(active: st.followsWindow) { [unowned self] on in
            self.edit { self.session.state.followsWindow = on; self.session.relayout(now: self.now) }
        }
        UI.append(c, UI.field("Follow the window", [UI.label(""), follow]))
        (widthScale, widthValue, widthNil, widthInf) = dimensionRow(c, "Width", value: st.width, isWidth: true)
        (heightScale, heightValue, heightNil, heightInf) = dimensionRow(c, "Height", value: st.height, isWidth: false)

        // Container
        UI.append(c, UI.heading("Container"))
        spacingValue = UI.label("", classes: ["value-label"])
        gtk_widget_set_size_request(spacingValue, 34, -1)
        spacingScale = UI.scale(min: 0, max: 60, step: 1, value: st.spacing) { [unowned self] v in
            UI.setText(self.spacingValue, fmt(v))
            self.edit { self.session.state.spacing = v; self.session.state.spacingIsDefault = false; self.session.update(now: self.now) }
        }
        let spacingNilSwitch = UI.labeledSwitch("nil", active: st.spacingIsDefault) { [unowned self] on in
            self.edit { self.session.state.spacingIsDefault = on; self.session.update(now: self.now) }
        }
        spacingNil = spacingNilSwitch.toggle
        UI.append(c, UI.field("Spacing", [spacingScale, spacingValue, spacingNilSwitch.row]))
        alignment = UI.dropDown(LabAlignment.allCases.map(\.title), selected: LabAlignment.allCases.firstIndex(of: st.alignment) ?? 1) { [unowned self] i in
            self.edit { self.session.state.alignment = LabAlignment.allCases[i]; self.session.update(now: self.now) }
        }
        gtk_widget_set_hexpand(alignment, 1)
        UI.append(c, UI.field("Alignment", [alignment]))
        count = UI.spin(min: 0, max: Double(LabState.maximumItemCount), value: Double(st.items.count)) { [unowned self] n in
            self.edit { self.session.setCount(n, now: self.now) }
        }
        let add = UI.button("Add") { [unowned self] in self.edit { self.session.addItem(now: self.now) } }
        let remove = UI.button("Remove") { [unowned self] in self.edit { self.session.removeItem(now: self.now) } }
        let shuffle = UI.button("Shuffle") { [unowned self] in self.edit { self.session.shuffle(now: self.now) } }
        itemButtons = UI.row(spacing: 4, [count, add, remove, shuffle])
        UI.append(c, UI.field("Subviews", [itemButtons]))
        rotationValue = UI.label("", classes: ["value-label"])
        gtk_widget_set_size_request(rotationValue, 34, -1)
        rotationScale = UI.scale(min: 0, max: 360, step: 1, value: st.rotationDegrees) { [unowned self] v in
            UI.setText(self.rotationValue, "\(fmt(v))°")
            self.edit { self.session.setRotation(v, animated: true, now: self.now) }
        }
        let spin = UI.button("+90°") { [unowned self] in
            self.edit {
                let target = (self.session.state.rotationDegrees + 90).truncatingRemainder(dividingBy: 360)
                self.session.setRotation(target, animated: true, now: self.now)
            }
        }
        rotationRow = UI.field("Rotation", [rotationScale, rotationValue, spin])
        UI.append(c, rotationRow)
        rank = UI.spin(min: 1, max: 200, value: 1) { [unowned self] n in
            self.edit {
                guard let item = self.selectedItemIndex() else { return }
                self.session.setRank(n, ofItemAt: item, now: self.now)
            }
        }
        UI.append(c, UI.field("Rank", [rank, UI.label("of the selected subview (Radial)", classes: ["dim-label"])]))

        // Overlays
        UI.append(c, UI.heading("Overlays"))
        proposalCheck = UI.check("Proposal", active: st.showsProposal) { [unowned self] on in self.edit { self.session.state.showsProposal = on } }
        sizeCheck = UI.check("Size", active: st.showsSizes) { [unowned self] on in self.edit { self.session.state.showsSizes = on } }
        rangesCheck = UI.check("Min/ideal/max", active: st.showsRanges) { [unowned self] on in self.edit { self.session.state.showsRanges = on } }
        UI.append(c, UI.row([proposalCheck, sizeCheck, rangesCheck]))

        // Animation
        UI.append(c, UI.heading("Animation"))
        curve = UI.dropDown(CurveChoice.allCases.map(\.title), selected: CurveChoice.allCases.firstIndex(of: st.curve) ?? 0) { [unowned self] i in
            self.edit { self.session.state.curve = CurveChoice.allCases[i] }
        }
        gtk_widget_set_hexpand(curve, 1)
        UI.append(c, UI.field("Curve", [curve]))
        slowMotion = UI.toggleSwitch(active: st.slowMotion) { [unowned self] on in self.edit { self.session.state.slowMotion = on } }
        statsSwitch = UI.toggleSwitch(active: st.showsStats) { [unowned self] on in
            self.edit { self.session.state.showsStats = on; gtk_widget_set_visible(self.statsLabel, on ? 1 : 0) }
        }
        UI.append(c, UI.row([UI.label("Slow motion"), slowMotion, UI.label("   Stats"), statsSwitch]))
        statsLabel = UI.label("", classes: ["dim-label", "value-label"])
        gtk_label_set_wrap(lab_label(statsLabel), 1)
        gtk_widget_set_visible(statsLabel, st.showsStats ? 1 : 0)
        UI.append(c, statsLabel)

        // Selection and trace (tabs)
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

        let text = gtk_text_view_new()!
        gtk_text_view_set_editable(lab_text_view(text), 0)
        gtk_text_view_set_monospace(lab_text_view(text), 1)
        gtk_text_view_set_wrap_mode(lab_text_view(text), GTK_WRAP_NONE)
        gtk_widget_add_css_class(text, "trace-view")
        traceBuffer = OpaquePointer(gtk_text_view_get_buffer(lab_text_view(text)))
        let traceScroller = gtk_scrolled_window_new()!
        gtk_scrolled_window_set_child(lab_scrolled_window(traceScroller), text)
        gtk_widget_set_vexpand(traceScroller, 1)
        addPage("Trace of the last pass", traceScroller)
    }

    /// Width/height: slider, value, nil and ∞ switches.
    private func dimensionRow(_ c: Widget, _ caption: String, value: Double, isWidth: Bool) -> (Widget, Widget, Widget, Widget) {
        let valueLabel = UI.label("", classes: ["value-label"])
        gtk_widget_set_size_request(valueLabel, 34, -1)
        let scale = UI.scale(min: 0, max: 1200, step: 1, value: value) { [unowned self] v in
            UI.setText(valueLabel, fmt(v))
            self.edit {
                if isWidth { self.session.state.width = v; self.session.state.widthMode = .fixed }
                else { self.session.state.height = v; self.session.state.heightMode = .fixed }
                self.session.state.followsWindow = false
                self.session.relayout(now: self.now)
            }
        }
        // Switches for "unspecified (nil)" and "infinity", as the proposal's special values.
        let nilSwitch = UI.labeledSwitch("nil", active: false) { [unowned self] on in
            self.edit { self.setMode(isWidth, on ? .unspecified : .fixed) }
        }
        let infSwitch = UI.labeledSwitch("∞", active: false) { [unowned self] on in
            self.edit { self.setMode(isWidth, on ? .infinity : .fixed) }
        }
        UI.append(c, UI.field(caption, [scale, valueLabel, nilSwitch.row, infSwitch.row]))
        return (scale, valueLabel, nilSwitch.toggle, infSwitch.toggle)
    }

    private func setMode(_ isWidth: Bool, _ mode: DimensionMode) {
        if isWidth { session.state.widthMode = mode } else { session.state.heightMode = mode }
        session.state.followsWindow = false
        session.relayout(now: now)
    }

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
    func sync() {
        let st = session.state
        UI.setSwitch(follow, st.followsWindow)
        let proposal = session.result.proposal
        let shownWidth = st.followsWindow ? Double(proposal.width ?? 0) : st.width
        let shownHeight = st.followsWindow ? Double(proposal.height ?? 0) : st.height
        UI.setScale(widthScale, shownWidth.isFinite ? shownWidth : 0)
        UI.setScale(heightScale, shownHeight.isFinite ? shownHeight : 0)
        UI.setText(widthValue, st.followsWindow ? fmt(shownWidth) : (st.widthMode == .fixed ? fmt(st.width) : st.widthMode == .infinity ? "∞" : "nil"))
        UI.setText(heightValue, st.followsWindow ? fmt(shownHeight) : (st.heightMode == .fixed ? fmt(st.height) : st.heightMode == .infinity ? "∞" : "nil"))
        UI.setSwitch(widthNil, !st.followsWindow && st.widthMode == .unspecified)
        UI.setSwitch(widthInf, !st.followsWindow && st.widthMode == .infinity)
        UI.setSwitch(heightNil, !st.followsWindow && st.heightMode == .unspecified)
        UI.setSwitch(heightInf, !st.followsWindow && st.heightMode == .infinity)
        UI.setScale(spacingScale, st.spacing)
        UI.setText(spacingValue, st.spacingIsDefault ? "nil" : fmt(st.spacing))
        UI.setSwitch(spacingNil, st.spacingIsDefault)
        UI.setDropDown(alignment, LabAlignment.allCases.firstIndex(of: st.alignment) ?? 1)
        UI.setSpin(count, st.items.count)
        gtk_widget_set_sensitive(itemButtons, session.scene.itemsAreEditable ? 1 : 0)
        UI.setScale(rotationScale, st.rotationDegrees)
        UI.setText(rotationValue, "\(fmt(st.rotationDegrees))°")
        gtk_check_button_set_active(lab_check_button(proposalCheck), st.showsProposal ? 1 : 0)
        gtk_check_button_set_active(lab_check_button(sizeCheck), st.showsSizes ? 1 : 0)
        gtk_check_button_set_active(lab_check_button(rangesCheck), st.showsRanges ? 1 : 0)
        UI.setDropDown(curve, CurveChoice.allCases.firstIndex(of: st.curve) ?? 0)
        UI.setSwitch(slowMotion, st.slowMotion)
        UI.setSwitch(statsSwitch, st.showsStats)
        gtk_widget_set_visible(statsLabel, st.showsStats ? 1 : 0)
        showSelection()
        showTrace()
    }

    func showSelection() {
        UI.setText(selectionLabel, session.selectionDescription())
        if session.selection != nil { gtk_notebook_set_current_page(OpaquePointer(notebook), 0) }
        if let k = selectedItemIndex() {
            let wasSyncing = window.isSyncing
            window.isSyncing = true
            UI.setSpin(rank, session.state.items[k].rank)
            window.isSyncing = wasSyncing
        }
    }

    func showTrace() {
        let text = session.traceText()
        gtk_text_buffer_set_text(UnsafeMutablePointer(traceBuffer), text, Int32(text.utf8.count))
    }

    func showStats() {
        UI.setText(statsLabel, session.stats.summary)
    }
}
