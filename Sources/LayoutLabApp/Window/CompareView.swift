import CGtk
import Foundation
import SwiftUI
import LayoutLabCore

/// A second canvas beside the first, to compare two layouts (or one layout at two proposals)
/// side by side: it shows the same scene, items, spacing and alignment as the main canvas,
/// with a layout and, optionally, a proposal of its own. Every change to the main canvas is
/// followed, animated.
@MainActor
final class CompareView {
    /// The main canvas's session, which this one mirrors.
    let main: LabSession
    let session: LabSession
    let canvas: CanvasView
    let root: Widget
    private(set) var layoutPicker: Widget!
    private var sameProposal: Widget!
    private var widthEntry: Widget!, heightEntry: Widget!
    private var isSyncing = false
    /// The compared layout (an index into the main session's layouts).
    private(set) var layoutIndex: Int
    /// Nil: the main canvas's proposal; else a fixed proposal of its own.
    private(set) var ownProposal: CGSize?

    init(main: LabSession) {
        self.main = main
        // Start with the next layout, so that there is something to compare.
        layoutIndex = (main.state.layoutIndex + 1) % max(main.layouts.count, 1)
        session = LabSession(layouts: main.layouts, scenes: main.scenes, state: main.state)
        session.perform(.selectLayout(layoutIndex), at: 0)
        canvas = CanvasView(session: session)
        root = UI.column(spacing: 0, [])
        gtk_widget_set_hexpand(root, 1)
        gtk_widget_add_css_class(root, "compare")
        layoutPicker = UI.dropDown(main.layouts.map(\.name), selected: layoutIndex) { [unowned self] i in
            guard !self.isSyncing else { return }
            self.setLayout(i)
        }
        gtk_widget_set_tooltip_text(layoutPicker, "The layout to compare with")
        sameProposal = UI.toggle("Same", active: true, tooltip: "Propose what the left canvas proposes; off: a proposal of its own") { [unowned self] on in
            guard !self.isSyncing else { return }
            self.setProposal(on ? nil : CGSize(width: self.entryValue(self.widthEntry), height: self.entryValue(self.heightEntry)))
        }
        widthEntry = UI.spin(min: 0, max: LabState.maximumProposal, value: 320, widthChars: 3) { [unowned self] _ in self.entriesChanged() }
        heightEntry = UI.spin(min: 0, max: LabState.maximumProposal, value: 480, widthChars: 3) { [unowned self] _ in self.entriesChanged() }
        // Two short rows, so that the two canvases can share a narrow window equally.
        let bar = UI.column(spacing: 4, [UI.row(spacing: 6, [UI.label("Compare with"), layoutPicker]),
                                         UI.row(spacing: 6, [UI.label("Proposal"), sameProposal, widthEntry, UI.label("×"), heightEntry])])
        for set in [gtk_widget_set_margin_start, gtk_widget_set_margin_end, gtk_widget_set_margin_top, gtk_widget_set_margin_bottom] { set(bar, 4) }
        UI.append(root, bar)
        UI.append(root, canvas.area)
        canvas.onSelectionChanged = { [unowned self] in gtk_widget_queue_draw(self.canvas.area) }
        canvas.onModelChanged = { [unowned self] in self.canvas.startAnimating() }
        follow(now: canvas.now())
        syncControls()
    }

    private func entryValue(_ w: Widget) -> Double { gtk_spin_button_get_value(lab_spin_button(w)) }

    private func entriesChanged() {
        guard !isSyncing, ownProposal != nil else { return }
        setProposal(CGSize(width: entryValue(widthEntry), height: entryValue(heightEntry)))
    }

    /// Compares with layout `index`.
    func setLayout(_ index: Int) {
        guard main.layouts.indices.contains(index) else { return }
        layoutIndex = index
        follow(now: canvas.now())
        syncControls()
    }

    /// A proposal of its own (nil: the main canvas's).
    func setProposal(_ size: CGSize?) {
        ownProposal = size.map { CGSize(width: min(max($0.width, 0), LabState.maximumProposal), height: min(max($0.height, 0), LabState.maximumProposal)) }
        follow(now: canvas.now())
        syncControls()
    }

    /// Takes the main canvas's state (scene, items, spacing, alignment, rotation, proposal
    /// unless it has its own) and animates to it.
    func follow(now: Double) {
        session.perform(.mirror(main.state, layoutIndex: layoutIndex, ownProposal: ownProposal), at: now)
        canvas.startAnimating()
    }

    private func syncControls() {
        isSyncing = true
        defer { isSyncing = false }
        UI.setDropDown(layoutPicker, layoutIndex)
        UI.setToggle(sameProposal, ownProposal == nil)
        gtk_widget_set_sensitive(widthEntry, ownProposal == nil ? 0 : 1)
        gtk_widget_set_sensitive(heightEntry, ownProposal == nil ? 0 : 1)
        if let own = ownProposal {
            UI.setSpinValue(widthEntry, Double(own.width))
            UI.setSpinValue(heightEntry, Double(own.height))
        }
    }
}
