import CGtk
import Foundation
import SwiftUI
import LayoutLabCore
import LayoutRendering
import PreviewProtocol

/// What a script drives that only the window has: its GtkWindow, its named widgets, the
/// operations its menu and keys run, and its own part of the state a script writes. The panels
/// (canvas, inspector, recording, preview) are driven directly, and the session through actions.
@MainActor
protocol AutomatedWindow: AnyObject {
    /// The GtkWindow: resized, snapshotted, and where real pointer input goes.
    var window: Widget { get }
    /// The window's named widgets, the inspector's included.
    var namedWidgets: [String: Widget] { get }
    /// The arguments Open in Editor last ran.
    var lastEditorLaunch: [String]? { get }
    /// The second canvas while comparing.
    var compare: CompareView? { get }
    /// The Variants view while it shows (preview mode).
    var variants: VariantsView? { get }
    func setShowingVariants(_ on: Bool)
    /// The inspector's device drop-down (`device NAME [orientation]`) and its Frame switch.
    func chooseDevice(_ device: DeviceProfile, orientation: DeviceOrientation)
    var showsDeviceFrame: Bool { get set }
    var presentationInterval: Double { get set }
    func selectLayout(_ i: Int)
    func selectScene(_ i: Int)
    func undo()
    func redo()
    func resetScene()
    func setComparing(_ on: Bool)
    func setPresenting(_ on: Bool)
    func showAbout()
    /// The inspector's Pause and Step.
    func setTimePaused(_ paused: Bool)
    func stepTime()
    func export(to base: URL) -> Bool
    func activateShortcut(_ trigger: String) -> Bool
    /// Refreshes every control from the session (after a command, as after any change).
    func changed()
    /// Runs `body` with the refreshes it asks for made once, after it.
    func coalescingChanges<T>(_ body: () throws -> T) rethrows -> T
    func close()
    /// The window's own state (toast, hint, dialogs, presenting, pickers, title, icon…).
    func automationState() -> [String: Any]
}

/// Drives the window from a script, for tests and screenshots (`layoutlab --automation FILE
/// --screenshot-dir DIR`). The script is read, and its changes to the session alone are made,
/// by the GTK-free `AutomationScript`; this runs it on the main loop and does the rest.
///
/// One command per line; blank lines and `#` comments are skipped:
/// - `layout NAME`, `scene NAME` — pick by name (case and punctuation ignored) or 1-based number
/// - `width N|nil|inf`, `height N|nil|inf`, `follow on|off`, `spacing N|nil`,
///   `alignment leading|center|trailing`
/// - `count N`, `add`, `remove`, `shuffle`, `rotation DEG` (animated), `rank ITEM RANK`
/// - `curve default|easeInOut|linear|none`, `slowmo on|off`, `overlays proposal,size,ranges`
/// - `select-id ID` — select the view with that id (a stack, whose centre is a subview's)
/// - `resize W H` — the window's size; `select X Y` — click the canvas at (X, Y);
///   `select-item N` — select the N-th subview (0-based); `click-id ID` — click the view with that id
/// - `wait MS`, `settle` — wait for animations to finish
/// - `screenshot NAME` — the canvas as drawn now → `DIR/NAME.png` plus `DIR/NAME.json`
///   (the subviews' presented frames)
/// - `frames NAME` — only `DIR/NAME.json`
/// - `window-screenshot NAME` — the whole window (widget snapshot) → `DIR/NAME.png`;
///   `dialog-screenshot NAME` — the open dialog's; `widget-screenshot WIDGET NAME` — a named
///   widget's, such as the open menu (`activate main-menu`, then `widget-screenshot main-menu-popover`)
/// - `shortcut <Control>3` — activate a keyboard shortcut of the window; `tab selection|trace`
/// - `export PATH` — Ctrl+S without the dialog; `quit`
/// - `record PATH [LAYOUT] [FPS]` — record the switch to LAYOUT (default: the next) without the
///   dialog, as GIF or WebM by PATH's extension; `wait-recording`; `cancel-recording`
/// - preview mode: `copy-file SRC DST` — overwrite DST with SRC, as an editor saving a file;
///   `wait-reload N` — wait until the Nth reload since the window opened has finished (and its
///   layout arrived); `preview-status NAME` — the preview's state → `DIR/NAME.json`;
///   `environment color-scheme|dynamic-type|layout-direction|locale VALUE` — the inspector's
///   Environment; `device NAME [portrait|landscape]` — show the preview on a device (`iphone-15`,
///   `follow-the-window`); `device-frame on|off` — draw its frame; `variants on|off [AXIS]` — the Variants view (AXIS: color-scheme,
///   dynamic-type, layout-direction, device); `variant LABEL` — click a tile;
///   `wait-variants`; `variants-state NAME` — its tiles and their frames → `DIR/NAME.json`
/// - live previews: `live on|off` — the header's Live | Select switch; through the canvas's
///   own input path, in the preview's coordinates: `live-click X Y [COUNT]`,
///   `live-drag X Y DX DY`, `live-scroll X Y DX DY`, `live-type TEXT`, `live-key NAME`;
///   `wait-live` — wait until no event waits for the agent and the last reply is shown.
///   Real X input: `pointer live-click canvas X Y [COUNT]`, `pointer click-view canvas ID
///   [center|trailing] [COUNT]`, `pointer ctrl-click-view canvas ID [center|trailing]`,
///   `pointer live-drag canvas X Y DX DY`, `pointer live-type canvas TEXT`,
///   `pointer keys canvas KEY…` (xdotool key names: Return, BackSpace)
/// - a press held across commands, by real input (the window runs between them, so a
///   `screenshot` shows the preview mid-drag): `pointer live-down canvas X Y` (or `ID`: the
///   centre of the view with that id), `pointer live-move canvas DX DY` (to that far from where
///   the press went down, in eight steps), `pointer live-up canvas` (points of the preview)
/// - canvas ↔ code (preview mode): `code-line N [COLUMN]` — select the views made on line N of
///   the Code tab's file; `pointer click-code-line code N` — the same by a real click on the line
/// - a slider dragged by real input, a step per command (the window runs between them):
///   `pointer drag-start SCALE [VALUE]`, `pointer drag-move SCALE VALUE`, `pointer drag-end SCALE`
///   (SCALE: a named slider such as `spacing-scale`)
/// - editing a person's code (preview mode): select one of their views (`pointer
///   ctrl-click-view canvas ID`, `outline-select …`), then its controls: the Container
///   section's `spacing-scale`, `spacing-entry`, `alignment` on a stack; "Your code"'s
///   `source-arg-CALL-LABEL` fields (CALL 0: the view's initializer, 1…: its modifiers; LABEL:
///   the argument's label or index), `source-add-modifier`, `source-remove-CALL`,
///   `source-undo`, `source-redo`; `undo` / `redo` (and Ctrl+Z) take the file's history when it
///   is the newer; `source-state NAME` — the selected view's source and the edit history →
///   `DIR/NAME.json`; `reveal NAME` — scroll the inspector's controls to a named one (then
///   `settle`) before a real click on it
/// - time: `pause-time on|off` — stop or restart the window's clock (animations hold, a
///   preview's tasks wait); `step-time [N]` — while stopped, move the animations N thirtieths
///   of a second on
///
/// Each executed command is echoed to stdout as `automation: …`. Numbers must be finite; counts,
/// indices, sizes and waits are clamped to what the app can use (see `clampedInteger`).
@MainActor
final class Automation {
    typealias ScriptError = AutomationScript.ScriptError
    typealias Command = AutomationScript.Command
    /// The largest window width or height `resize` asks for (as for the saved window size).
    nonisolated static let maximumWindowLength = 8_192
    /// The longest `wait` (ms): an hour.
    nonisolated static let maximumWait = 3_600_000
    /// What a command asks of the script's clock: the next command after this many
    /// milliseconds, or nothing (the command schedules the next step itself).
    typealias Delay = Int
    static let schedulesItself: Delay = -1

    let lines: [(number: Int, text: String)]
    let directory: URL
    let session: LabSession
    unowned let host: any AutomatedWindow
    let canvas: CanvasView
    let inspector: Inspector
    let recording: RecordingController
    let preview: PreviewController?
    var position = 0
    /// What `note-focus` saw.
    var focusLog: [String] = []
    /// Where `pointer live-down` pressed and where the pointer is now (screen pixels).
    var livePointer: (start: (x: Int, y: Int), now: (x: Int, y: Int))?

    init(scriptPath: String, screenshotDirectory: String?, window: LabWindow) throws {
        lines = try AutomationScript(path: scriptPath).lines
        directory = URL(fileURLWithPath: screenshotDirectory ?? FileManager.default.currentDirectoryPath, isDirectory: true)
        try? FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        session = window.session
        host = window
        canvas = window.canvas
        inspector = window.inspector
        recording = window.recording
        preview = window.preview
    }

    /// Starts once the window has drawn (after a short delay for mapping).
    func start() {
        addTimeout(milliseconds: 300) { [self] in
            self.step()
            return false
        }
    }

    private func step() {
        guard position < lines.count else { finish(); return }
        let (number, text) = lines[position]
        position += 1
        print("automation: \(text)")
        fflush(nil)
        do {
            let delay = try execute(text)
            if delay == Self.schedulesItself { return }
            addTimeout(milliseconds: UInt32(max(delay, 1))) { [self] in self.step(); return false }
        } catch {
            Diagnostics.report("automation line \(number): \(error)")
            finish(status: .failure)
        }
    }

    private func finish(status: Diagnostics.ExitStatus = .success) {
        print("automation: done")
        fflush(nil)
        if status != .success { exit(status.rawValue) }
        host.close()
    }

    private var now: Double { canvas.now() }

    // MARK: Commands

    /// Runs one command: the first group that knows it runs it. Returns the delay before the
    /// next command.
    private func execute(_ line: String) throws -> Delay {
        let command = Command(line)
        // Script edits are undoable as the inspector's are (one step each).
        if AutomationScript.undoableCommands.contains(command.name) { session.recordUndo(coalescing: false) }
        let groups: [@MainActor (Command) throws -> Delay?] = [
            runSessionCommand, runChoiceCommand, runCanvasCommand, runPanelCommand, runWindowCommand,
            runRecordingCommand, runPreviewCommand, runLiveCommand, runWaitCommand, runOutputCommand,
        ]
        // The window follows each of the command's changes to the session; it shows them once.
        return try host.coalescingChanges {
            for group in groups {
                if let delay = try group(command) { return delay }
            }
            throw ScriptError(description: "unknown command '\(command.name)'")
        }
    }

    /// After a command that changed something: the controls show it, and the next command
    /// comes a frame later.
    private func refreshed() -> Delay {
        host.changed()
        return 16
    }

    /// `width 320`, `add`, `curve linear`…: changes to the session alone (`AutomationScript`).
    private func runSessionCommand(_ command: Command) throws -> Delay? {
        guard let actions = try AutomationScript.sessionActions(for: command, in: session) else { return nil }
        let t = now
        for action in actions { session.perform(action, at: t) }
        return refreshed()
    }

    /// `layout NAME`, `scene NAME`, `dark on|off`, `resize W H`.
    private func runChoiceCommand(_ command: Command) throws -> Delay? {
        switch command.name {
        case "layout":
            host.selectLayout(try AutomationScript.index(command.joinedArguments, in: session.layouts.map(\.name)))
        case "scene":
            host.selectScene(try AutomationScript.index(command.joinedArguments, in: session.scenes.map(\.name)))
        case "dark":
            session.perform(.setColorScheme(try command.flag(0) ? .dark : .light), at: now)
            Appearance.setPrefersDark(try command.flag(0))
        case "resize":
            let width = try command.integer(0, 1...Self.maximumWindowLength), height = try command.integer(1, 1...Self.maximumWindowLength)
            gtk_window_set_default_size(lab_window(host.window), Int32(width), Int32(height))
            gtk_widget_queue_resize(host.window)
            host.changed()
            return 400
        default:
            return nil
        }
        return refreshed()
    }

    /// Clicks, selection, the proposal box's drag, zoom and pan on the canvas.
    private func runCanvasCommand(_ command: Command) throws -> Delay? {
        switch command.name {
        case "select":
            canvas.click(at: CGPoint(x: try command.number(0), y: try command.number(1)))
        case "select-id":
            // Select the view with this (String) id, as a click on a point of it that no
            // subview covers would (a stack's gap).
            let id = try command.argument(0)
            guard let v = session.result.view(id: id) else { throw ScriptError(description: "no view with id \(id)") }
            session.selectView(at: v.index)
        case "click-id":
            // Click the centre of the view with this (String) id, through the canvas's click path.
            let id = try command.argument(0)
            guard let v = session.result.view(id: id) else { throw ScriptError(description: "no view with id \(id)") }
            canvas.click(at: canvas.toWidget(CGPoint(x: v.frame.midX, y: v.frame.midY)))
        case "click-item":
            // A click at the centre of the N-th subview (0-based), through the canvas's click path.
            let f = session.result.views[try itemView(command)].frame
            canvas.click(at: canvas.toWidget(CGPoint(x: f.midX, y: f.midY)))
        case "select-item":
            session.perform(.select(session.result.views[try itemView(command)].identity), at: now)
        case "drag-proposal":
            // A drag of the proposal box's edge: `drag-proposal right|bottom|corner DX DY`.
            let handle: CanvasView.ProposalHandle
            switch try command.argument(0) {
            case "right": handle = .right
            case "bottom": handle = .bottom
            default: handle = [.right, .bottom]
            }
            canvas.beginProposalDrag(handle)
            canvas.updateProposalDrag(dx: try command.number(1) / 2, dy: try command.number(2) / 2)
            canvas.endProposalDrag(dx: try command.number(1), dy: try command.number(2))
        case "zoom":
            switch try command.argument(0).lowercased() {
            case "fit": canvas.zoomToFit()
            case "1:1", "actual": canvas.zoomActualSize()
            default: canvas.setZoom(try command.number(0))
            }
        case "pan":
            canvas.panBy(dx: try command.number(0), dy: try command.number(1))
        default:
            return nil
        }
        return refreshed()
    }

    /// The index (into the layout's views) of the subview a command's first argument numbers.
    private func itemView(_ command: Command) throws -> Int {
        let n = try command.integer(0, -1...LabState.maximumItemCount)
        guard session.itemViews.indices.contains(n) else { throw ScriptError(description: "no item \(n)") }
        return session.itemViews[n]
    }

    /// The inspector's tabs, outline and trace; named widgets used as a click or real input would.
    private func runPanelCommand(_ command: Command) throws -> Delay? {
        switch command.name {
        case "tab":
            let name = try command.argument(0).lowercased()
            let page: Int32 = name.hasPrefix("con") ? 4 : name.hasPrefix("c") ? 3 : name.hasPrefix("t") ? 2 : name.hasPrefix("o") ? 1 : 0
            gtk_notebook_set_current_page(lab_notebook(inspector.notebook), page)
        case "outline-select":
            inspector.outline.pageShown()
            inspector.outline.chooseRow(try command.integer(0, 0...1_000_000))
        case "trace-line":
            inspector.selectTraceLine(try command.integer(0, 0...1_000_000))
        case "code-line":
            // `code-line N [COLUMN]`: select the views made on line N of the file the Code tab
            // shows, as a click there does.
            var column: Int?
            if command.arguments.count > 1 { column = try command.integer(1, 1...100_000) }
            inspector.selectCodeLine(try command.integer(0, 1...10_000_000), column: column)
        case "trace-filter":
            gtk_editable_set_text(lab_editable(inspector.traceFilter), command.joinedArguments)
        case "note-focus":
            // Appends the named control that has the keyboard focus to `focusLog` (in `state`).
            let focused = host.namedWidgets.filter { lab_widget_has_focus_within($0.value) != 0 }
            // The innermost named widget (a spin button rather than the panel holding it).
            func depth(_ w: Widget) -> Int { var d = 0; var p = gtk_widget_get_parent(w); while let q = p { d += 1; p = gtk_widget_get_parent(q) }; return d }
            focusLog.append(focused.max { depth($0.value) < depth($1.value) }?.key ?? "-")
        case "pause-time":
            // `pause-time on|off`: the inspector's Pause.
            host.setTimePaused(try command.argument(0) == "on")
        case "step-time":
            // `step-time [N]`: the inspector's Step, N times (1 by default).
            let n = command.arguments.isEmpty ? 1 : try command.integer(0, 1...1000)
            for _ in 0..<n { host.stepTime() }
        case "reveal":
            // `reveal NAME`: scrolls the inspector's controls until the named one is in view (a
            // real pointer reaches only what is on screen); `settle` after it.
            inspector.reveal(try namedWidget(try command.argument(0)))
        case "activate":
            // A control used as a click or Enter would (buttons: "clicked").
            let widget = try namedWidget(try command.argument(0))
            if lab_button_click(widget) == 0 { gtk_widget_activate(widget) }
        case "pointer":
            // Real X input through xdotool (XTEST): `pointer wheel NAME up|down N`,
            // `pointer type NAME TEXT` (select the field's text, type, Tab), `pointer click NAME`.
            try pointer(command.arguments)
            return 400
        default:
            return nil
        }
        return refreshed()
    }

    /// What the window's menu and keys do: compare, present, About, undo, export, shortcuts.
    private func runWindowCommand(_ command: Command) throws -> Delay? {
        switch command.name {
        case "compare":
            host.setComparing(try command.flag(0))
        case "compare-layout":
            try comparing(command).setLayout(try AutomationScript.index(command.joinedArguments, in: session.layouts.map(\.name)))
        case "compare-proposal":
            let c = try comparing(command)
            if try command.argument(0).lowercased() == "same" { c.setProposal(nil) } else {
                c.setProposal(CGSize(width: try command.number(0), height: try command.number(1)))
            }
        case "present":
            // `present on|off [SECONDS]`: presentation mode, switching every SECONDS (0: keys only).
            if command.arguments.count > 1 { host.presentationInterval = min(max(try command.number(1), 0), 3600) }
            host.setPresenting(try command.flag(0))
        case "about": host.showAbout()
        case "undo": host.undo()
        case "redo": host.redo()
        case "reset": host.resetScene()
        case "shortcut":
            guard host.activateShortcut(try command.argument(0)) else { throw ScriptError(description: "no shortcut \(try command.argument(0))") }
        case "export":
            guard host.export(to: URL(fileURLWithPath: try command.argument(0))) else { throw ScriptError(description: "export failed") }
        case "quit":
            position = lines.count
        case "close":
            // Like closing the window: saves the settings (with --settings) and exits.
            print("automation: done")
            fflush(nil)
            host.close()
            return Self.schedulesItself
        default:
            return nil
        }
        return refreshed()
    }

    /// The second canvas, which the `compare-…` commands need on.
    private func comparing(_ command: Command) throws -> CompareView {
        guard let c = host.compare else { throw ScriptError(description: "\(command.name): compare is off") }
        return c
    }

    /// `record PATH [LAYOUT] [FPS]`, `wait-recording`, `cancel-recording`.
    private func runRecordingCommand(_ command: Command) throws -> Delay? {
        switch command.name {
        case "record":
            // Starts encoding (failures show in the banner; see state).
            var target: Int?
            if command.arguments.count > 1 {
                let name = try command.argument(1)
                guard let i = session.layoutIndex(named: name) else { throw ScriptError(description: "record: no layout \(name)") }
                target = i
            }
            let fps = command.arguments.count > 2 ? try command.integer(2, 1...120) : nil
            recording.start(to: URL(fileURLWithPath: try command.argument(0)), target: target, framesPerSecond: fps)
        case "wait-recording":
            waitForRecording(deadline: now + 300)
            return Self.schedulesItself
        case "cancel-recording":
            recording.cancel()
        default:
            return nil
        }
        return refreshed()
    }

    /// Preview mode: `copy-file SRC DST` (an editor saving), `wait-reload N`, `preview-status NAME`.
    private func runPreviewCommand(_ command: Command) throws -> Delay? {
        switch command.name {
        case "copy-file":
            let data = try Data(contentsOf: URL(fileURLWithPath: try command.argument(0)))
            try data.write(to: URL(fileURLWithPath: try command.argument(1)))
        case "wait-reload":
            guard let preview else { throw ScriptError(description: "wait-reload: not in preview mode") }
            waitForReload(preview, count: try command.integer(0, 0...1_000_000), deadline: now + 60)
            return Self.schedulesItself
        case "preview-status":
            guard let preview else { throw ScriptError(description: "preview-status: not in preview mode") }
            try AutomationScript.writeJSON(preview.statusJSON(), to: output(try command.argument(0), "json"))
        case "source-state":
            guard let preview else { throw ScriptError(description: "source-state: not in preview mode") }
            var out = preview.sourceEditing.stateJSON()
            if let located = inspector.sourceSection?.located {
                let v = located.view
                out["view"] = ["type": v.typeName, "file": located.file, "line": v.span.from.line, "column": v.span.from.column,
                               "modifiers": v.modifiers,
                               "arguments": v.arguments.map { ["title": $0.title, "text": $0.text, "kind": $0.kind.rawValue, "call": $0.call,
                                                               "line": $0.span.from.line, "column": $0.span.from.column] }]
            }
            out["spacingScale"] = gtk_range_get_value(lab_range(inspector.spacingScale))
            out["spacingEditable"] = gtk_widget_get_sensitive(inspector.spacingRow) != 0
            out["sourceStack"] = inspector.sourceStack != nil
            try AutomationScript.writeJSON(out, to: output(try command.argument(0), "json"))
        case "environment":
            guard let preview else { throw ScriptError(description: "environment: not in preview mode") }
            preview.environment = try Self.environment(preview.environment, setting: try command.argument(0), to: try command.argument(1))
        case "device":
            // `device NAME [portrait|landscape]`: the inspector's device drop-down and Landscape.
            var words = command.arguments
            var orientation = DeviceOrientation.portrait
            if words.count > 1, let o = DeviceOrientation(name: words[words.count - 1]) {
                orientation = o
                words.removeLast()
            }
            let name = words.joined(separator: " ")
            guard let device = DeviceProfile.named(name) else {
                throw ScriptError(description: "device: unknown device '\(name)' (one of: \(DeviceProfile.choices.map(\.id).joined(separator: ", ")))")
            }
            host.chooseDevice(device, orientation: orientation)
        case "device-frame":
            host.showsDeviceFrame = try command.flag(0)
        case "variants":
            guard preview != nil else { throw ScriptError(description: "variants: not in preview mode") }
            host.setShowingVariants(try command.flag(0))
            if command.arguments.count > 1, let v = host.variants {
                let name = try command.argument(1).lowercased()
                guard let axis = VariantsView.Axis.allCases.first(where: { $0.scriptName == name }) else {
                    throw ScriptError(description: "variants: unknown axis '\(name)' (\(VariantsView.Axis.allCases.map(\.scriptName).joined(separator: ", ")))")
                }
                v.setAxis(axis)
            }
        case "variant":
            guard let v = host.variants else { throw ScriptError(description: "variant: the Variants view is not shown (variants on)") }
            guard v.choose(label: command.joinedArguments) else {
                throw ScriptError(description: "variant: no tile '\(command.joinedArguments)' (\(v.tileStates.map(\.label).joined(separator: ", ")))")
            }
        case "wait-variants":
            guard let v = host.variants else { throw ScriptError(description: "wait-variants: the Variants view is not shown (variants on)") }
            waitForVariants(v, deadline: now + 60)
            return Self.schedulesItself
        case "variants-state":
            guard let v = host.variants else { throw ScriptError(description: "variants-state: the Variants view is not shown (variants on)") }
            let tiles: [[String: Any]] = v.tileStates.map { t in
                var tile: [String: Any] = ["label": t.label, "laidOut": t.laidOut, "current": t.current]
                if let r = v.result(ofTileLabelled: t.label) {
                    var frames: [String: [Double]] = [:]
                    for view in r.views {
                        guard let id = view.explicitID else { continue }
                        let f = view.frame
                        frames[LivePreview.describe(id)] = [f.minX, f.minY, f.width, f.height].map(Double.init)
                    }
                    tile["frames"] = frames
                }
                return tile
            }
            try AutomationScript.writeJSON(["axis": v.axis.scriptName, "complete": v.isComplete, "tiles": tiles],
                                           to: output(try command.argument(0), "json"))
        default:
            return nil
        }
        return refreshed()
    }

    /// Live previews: the mode, and events through the canvas's input path (points in the
    /// preview's coordinates, converted to the widget's as a pointer would give them).
    private func runLiveCommand(_ command: Command) throws -> Delay? {
        guard command.name == "live" || command.name.hasPrefix("live-") || command.name == "wait-live" else { return nil }
        guard let preview else { throw ScriptError(description: "\(command.name): not in preview mode") }
        if command.name == "live" {
            preview.setMode(try command.flag(0) ? .live : .select)
            return refreshed()
        }
        if command.name == "wait-live" {
            waitForLive(preview, deadline: now + 30)
            return Self.schedulesItself
        }
        guard canvas.runsLive() else { throw ScriptError(description: "\(command.name): the canvas is not running a preview (Select mode, or a built-in scene)") }
        func point(_ i: Int) throws -> CGPoint { canvas.toWidget(CGPoint(x: try command.number(i), y: try command.number(i + 1))) }
        switch command.name {
        case "live-click":
            let count = command.arguments.count > 2 ? try command.integer(2, 1...3) : 1
            // As GTK delivers a double click: a press counted 1, then one counted 2.
            for n in 1...count {
                canvas.livePressed(count: n, at: try point(0))
                canvas.liveReleased(offset: .zero)
            }
        case "live-drag":
            let start = try point(0)
            let z = canvas.zoom
            let total = CGPoint(x: try command.number(2) * z, y: try command.number(3) * z)
            canvas.livePressed(count: 1, at: start)
            for k in 1...4 { canvas.liveDragged(by: CGPoint(x: total.x * CGFloat(k) / 4, y: total.y * CGFloat(k) / 4)) }
            canvas.liveReleased(offset: total)
        case "live-scroll":
            let p = CGPoint(x: try command.number(0), y: try command.number(1))
            canvas.onLiveEvent(.scroll(x: Double(p.x), y: Double(p.y), dx: try command.number(2), dy: try command.number(3)))
        case "live-type":
            canvas.onLiveEvent(.type(text: command.joinedArguments))
        case "live-key":
            canvas.onLiveEvent(.key(name: try command.argument(0)))
        default:
            throw ScriptError(description: "unknown command '\(command.name)'")
        }
        return refreshed()
    }

    /// `wait MS`, `settle`.
    private func runWaitCommand(_ command: Command) throws -> Delay? {
        switch command.name {
        case "wait":
            return try command.integer(0, 0...Self.maximumWait)
        case "settle":
            waitForSettle(deadline: now + 10)
            return Self.schedulesItself
        default:
            return nil
        }
    }

    /// Files in the screenshot directory: images of the canvas, the window, a dialog or a
    /// widget; frames, state and the Code tab's source.
    private func runOutputCommand(_ command: Command) throws -> Delay? {
        switch command.name {
        case "screenshot":
            let name = try command.argument(0)
            try writeCanvasPNG(output(name, "png"))
            try writeFrames(output(name, "json"))
        case "frames":
            try writeFrames(output(try command.argument(0), "json"))
        case "compare-frames":
            let c = try comparing(command)
            try AutomationScript.writeJSON(AutomationScript.framesJSON(of: c.session, at: now), to: output(try command.argument(0), "json"))
        case "state":
            try AutomationScript.writeJSON(stateJSON(), to: output(try command.argument(0), "json"))
        case "code":
            // The Code tab's source → DIR/NAME.swift.
            inspector.showCode()
            try inspector.codeText.write(to: output(try command.argument(0), "swift"), atomically: true, encoding: .utf8)
        case "window-screenshot":
            // After a frame or two, so that pending size allocations have happened.
            screenshotLater(output(try command.argument(0), "png"), milliseconds: 120) { [unowned self] in self.host.window }
            return Self.schedulesItself
        case "widget-screenshot":
            // A named widget as drawn (a popover is a surface of its own: not in the window's).
            let widget = try namedWidget(try command.argument(0))
            screenshotLater(output(try command.argument(1), "png"), milliseconds: 300) { widget }
            return Self.schedulesItself
        case "dialog-screenshot":
            // The open dialog (a file chooser, About) → DIR/NAME.png, after it has drawn.
            screenshotLater(output(try command.argument(0), "png"), milliseconds: 300) { [unowned self] in self.dialogWindow() }
            return Self.schedulesItself
        default:
            return nil
        }
        return refreshed()
    }

    /// `DIR/NAME.EXTENSION` in the screenshot directory.
    private func output(_ name: String, _ fileExtension: String) -> URL {
        directory.appendingPathComponent(name + "." + fileExtension)
    }

    func namedWidget(_ name: String) throws -> Widget {
        let named = host.namedWidgets
        if let w = named[name] { return w }
        let all = named.keys.sorted()
        throw ScriptError(description: "no widget named '\(name)' (one of: \(all.joined(separator: ", ")))")
    }

    /// Runs xdotool against this window: the pointer goes to the widget's centre.
    private func pointer(_ args: [String]) throws {
        guard args.count >= 2 else { throw ScriptError(description: "pointer ACTION WIDGET [ARGS]") }
        let widget = try namedWidget(args[1])
        guard let surface = gtk_native_get_surface(lab_native(host.window)), lab_surface_is_x11(surface) != 0 else {
            throw ScriptError(description: "pointer: needs an X11 display")
        }
        let xid = lab_x11_surface_xid(surface)
        var bounds = graphene_rect_t()
        guard gtk_widget_compute_bounds(widget, host.window, &bounds) != 0 else { throw ScriptError(description: "pointer: \(args[1]) is not shown") }
        var sx = 0.0, sy = 0.0
        gtk_native_get_surface_transform(lab_native(host.window), &sx, &sy)
        // The centre, or for text fields (and spin buttons, whose − + sit at the centre) a
        // point in the text near the left edge.
        let isText = lab_editable_text(widget) != nil
        let dx = isText ? min(20, Double(bounds.size.width) / 4) : Double(bounds.size.width) / 2
        var x = Int((Double(bounds.origin.x) + dx + sx).rounded())
        var y = Int((Double(bounds.origin.y) + Double(bounds.size.height) / 2 + sy).rounded())
        if args[0] == "drag-proposal" {
            // `pointer drag-proposal canvas DX DY`: press on the proposal box's corner handle.
            let c = session.result.canvasSize, corner = canvas.toWidget(CGPoint(x: c.width, y: c.height))
            x = Int((Double(bounds.origin.x) + Double(corner.x) + sx).rounded())
            y = Int((Double(bounds.origin.y) + Double(corner.y) + sy).rounded())
        }
        /// A point of the canvas's content (the preview's coordinates) on the screen.
        func screen(_ i: Int) -> (String, String) {
            let p = CGPoint(x: args.count > i ? Double(args[i]) ?? 0 : 0, y: args.count > i + 1 ? Double(args[i + 1]) ?? 0 : 0)
            let wp = canvas.toWidget(p)
            return (String(Int((Double(bounds.origin.x) + Double(wp.x) + sx).rounded())), String(Int((Double(bounds.origin.y) + Double(wp.y) + sy).rounded())))
        }
        /// The screen point of a view with an explicit id (`click-view`): its centre, or with
        /// `trailing` a point 26 points in from its trailing edge (where a Toggle's switch is).
        func screen(view id: String, anchor: String?) throws -> (String, String) {
            guard let v = session.result.view(id: id) else { throw ScriptError(description: "pointer: no view with id \(id)") }
            let x = anchor == "trailing" ? v.frame.maxX - 26 : v.frame.midX
            let wp = canvas.toWidget(CGPoint(x: x, y: v.frame.midY))
            return (String(Int((Double(bounds.origin.x) + Double(wp.x) + sx).rounded())), String(Int((Double(bounds.origin.y) + Double(wp.y) + sy).rounded())))
        }
        var commands: [[String]] = [["mousemove", "--window", String(xid), String(x), String(y), "sleep", "0.1"]]
        switch args[0] {
        case "click-code-line":
            // `pointer click-code-line code LINE`: a real click on line LINE of the Code tab
            // (the file's line; the tab's first line names the file), a few characters in.
            guard args.count > 2, let line = Int(args[2]) else { throw ScriptError(description: "pointer click-code-line code LINE") }
            guard let (px, py) = inspector.codeLinePoint(line) else { throw ScriptError(description: "pointer: line \(line) is not in view") }
            commands = [["mousemove", "--window", String(xid), String(Int((Double(bounds.origin.x) + px + sx).rounded())),
                         String(Int((Double(bounds.origin.y) + py + sy).rounded())), "sleep", "0.1", "click", "1"]]
        case "click-view", "ctrl-click-view":
            // `pointer click-view canvas ID [center|trailing] [COUNT]`: real clicks on a view of
            // the canvas (COUNT quick ones: 2 is a double click); `ctrl-click-view` holds Ctrl.
            guard args.count > 2 else { throw ScriptError(description: "pointer \(args[0]) canvas ID [center|trailing] [COUNT]") }
            let (px, py) = try screen(view: args[2], anchor: args.count > 3 ? args[3] : nil)
            let count = args.count > 4 ? max(1, min(Int(args[4]) ?? 1, 3)) : 1
            let click = ["click", "--repeat", String(count), "--delay", "80", "1"]
            commands = [["mousemove", "--window", String(xid), px, py, "sleep", "0.1"]
                        + (args[0] == "ctrl-click-view" ? ["keydown", "ctrl", "sleep", "0.05"] + click + ["sleep", "0.05", "keyup", "ctrl"] : click)]
        case "live-click":
            // `pointer live-click canvas X Y [COUNT]`: COUNT quick clicks (a double click is 2).
            let (px, py) = screen(2)
            let count = args.count > 4 ? max(1, min(Int(args[4]) ?? 1, 3)) : 1
            commands = [["mousemove", "--window", String(xid), px, py, "sleep", "0.1", "click", "--repeat", String(count), "--delay", "80", "1"]]
        case "live-drag":
            // `pointer live-drag canvas X Y DX DY` (DX, DY in the preview's points).
            let (px, py) = screen(2)
            let z = canvas.zoom
            let ddx = args.count > 4 ? (Double(args[4]) ?? 0) * z : 0, ddy = args.count > 5 ? (Double(args[5]) ?? 0) * z : 0
            var c = ["mousemove", "--window", String(xid), px, py, "sleep", "0.1", "mousedown", "1", "sleep", "0.1"]
            for k in 1...8 {
                c += ["mousemove", "--window", String(xid), String(Int(Double(px)! + ddx * Double(k) / 8)), String(Int(Double(py)! + ddy * Double(k) / 8)), "sleep", "0.03"]
            }
            commands = [c + ["mouseup", "1"]]
        case "live-down":
            // `pointer live-down canvas X Y|ID`: the button goes down there and stays down.
            let (px, py) = args.count == 3 ? try screen(view: args[2], anchor: nil) : screen(2)
            let at = (x: Int(px) ?? 0, y: Int(py) ?? 0)
            livePointer = (at, at)
            commands = [["mousemove", "--window", String(xid), px, py, "sleep", "0.1", "mousedown", "1", "sleep", "0.05"]]
        case "live-move":
            // `pointer live-move canvas DX DY`: the held pointer moves, in eight steps, to DX, DY
            // points from where it went down.
            guard let held = livePointer else { throw ScriptError(description: "pointer live-move: no pointer live-down before") }
            let z = canvas.zoom
            let to = (x: held.start.x + Int(((args.count > 2 ? Double(args[2]) ?? 0 : 0) * z).rounded()),
                      y: held.start.y + Int(((args.count > 3 ? Double(args[3]) ?? 0 : 0) * z).rounded()))
            var c: [String] = []
            for k in 1...8 {
                c += ["mousemove", "--window", String(xid), String(held.now.x + (to.x - held.now.x) * k / 8),
                      String(held.now.y + (to.y - held.now.y) * k / 8), "sleep", "0.03"]
            }
            livePointer = (held.start, to)
            commands = [c]
        case "live-up":
            // `pointer live-up canvas`: the held button comes up where the pointer is.
            livePointer = nil
            commands = [["mouseup", "1"]]
        case "live-type":
            // `pointer live-type canvas TEXT`: typed where the focus is (click the field first).
            commands = [["type", "--delay", "30", args.dropFirst(2).joined(separator: " ")]]
        case "keys":
            // `pointer keys canvas Return BackSpace …`: keys pressed where the focus is.
            commands = [["key", "--delay", "30"] + args.dropFirst(2)]
        case "drag-proposal":
            let ddx = max(-10_000, min(args.count > 2 ? Int(args[2]) ?? 0 : 0, 10_000)), ddy = max(-10_000, min(args.count > 3 ? Int(args[3]) ?? 0 : 0, 10_000))
            commands[0] += ["mousedown", "1", "sleep", "0.1"]
            for k in 1...4 {
                commands[0] += ["mousemove", "--window", String(xid), String(x + ddx * k / 4), String(y + ddy * k / 4), "sleep", "0.05"]
            }
            commands[0] += ["mouseup", "1"]
        case "wheel":
            let down = args.count < 3 || args[2] != "up"
            let notches = args.count > 3 ? max(1, min(Int(args[3]) ?? 1, 100)) : 1
            commands[0] += ["click", "--repeat", String(notches), "--delay", "40", down ? "5" : "4"]
        case "type":
            // `type` takes every argument after it as text: Tab is a command of its own.
            commands[0] += ["click", "--repeat", "3", "--delay", "60", "1", "sleep", "0.1"]
            commands.append(["type", "--delay", "30", args.dropFirst(2).joined(separator: " ")])
            commands.append(["key", "Tab"])
        case "click":
            commands[0] += ["click", "1"]
        case "press":
            // `pointer press WIDGET KEY`: a key pressed where the focus is (the pointer stays).
            commands = [["key", args.count > 2 ? args[2] : "Tab"]]
        case "ctrl-scroll":
            // `pointer ctrl-scroll canvas up|down N`: Ctrl held while the wheel turns.
            let up = args.count > 2 && args[2] == "up"
            let notches = args.count > 3 ? max(1, min(Int(args[3]) ?? 1, 50)) : 1
            commands[0] += ["keydown", "ctrl", "click", "--repeat", String(notches), "--delay", "40", up ? "4" : "5", "keyup", "ctrl"]
        case "middle-drag":
            let ddx = args.count > 2 ? max(-5000, min(Int(args[2]) ?? 0, 5000)) : 0, ddy = args.count > 3 ? max(-5000, min(Int(args[3]) ?? 0, 5000)) : 0
            commands[0] += ["mousedown", "2", "sleep", "0.1"]
            for k in 1...4 { commands[0] += ["mousemove", "--window", String(xid), String(x + ddx * k / 4), String(y + ddy * k / 4), "sleep", "0.05"] }
            commands[0] += ["mouseup", "2"]
        case "drag-start", "drag-move":
            // A slider dragged with the pointer held, one command per step so the window runs
            // between them: `pointer drag-start SCALE [VALUE]` presses on the slider (at its
            // value, or at VALUE), `pointer drag-move SCALE VALUE` moves to VALUE's place,
            // `pointer drag-end SCALE` releases.
            let range = lab_range(widget)
            let adjustment = gtk_range_get_adjustment(range)
            let lower = gtk_adjustment_get_lower(adjustment), upper = gtk_adjustment_get_upper(adjustment)
            let value = args.count > 2 ? Double(args[2]) ?? gtk_range_get_value(range) : gtk_range_get_value(range)
            var trough = GdkRectangle()
            gtk_range_get_range_rect(range, &trough)
            var sliderStart: Int32 = 0, sliderEnd: Int32 = 0
            gtk_range_get_slider_range(range, &sliderStart, &sliderEnd)
            let knob = Double(sliderEnd - sliderStart)
            let fraction = upper > lower ? max(0, min(1, (value - lower) / (upper - lower))) : 0
            let px = Double(bounds.origin.x) + sx + Double(trough.x) + knob / 2 + fraction * (Double(trough.width) - knob)
            let py = Double(bounds.origin.y) + sy + Double(trough.y) + Double(trough.height) / 2
            commands = [["mousemove", "--window", String(xid), String(Int(px.rounded())), String(Int(py.rounded())), "sleep", "0.05"]
                        + (args[0] == "drag-start" ? ["mousedown", "1", "sleep", "0.05"] : [])]
        case "drag-end":
            commands = [["mouseup", "1"]]
        case "hover":
            // `pointer hover canvas X Y`: the pointer over a point of the canvas's content.
            let px = args.count > 2 ? Double(args[2]) ?? 0 : 0, py = args.count > 3 ? Double(args[3]) ?? 0 : 0
            let wp = canvas.toWidget(CGPoint(x: px, y: py))
            let hx = Int((Double(bounds.origin.x) + Double(wp.x) + sx).rounded()), hy = Int((Double(bounds.origin.y) + Double(wp.y) + sy).rounded())
            commands = [["mousemove", "--window", String(xid), String(hx), String(hy), "sleep", "0.1", "mousemove_relative", "1", "0"]]
        default:
            throw ScriptError(description: "pointer: unknown action '\(args[0])'")
        }
        for command in commands {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
            process.arguments = ["xdotool"] + command
            do { try process.run() } catch { throw ScriptError(description: "pointer: cannot run xdotool (\(error))") }
            process.waitUntilExit()
            guard process.terminationStatus == 0 else { throw ScriptError(description: "pointer: xdotool failed (\(process.terminationStatus))") }
        }
    }

    /// Steps on once the recording has finished (or at the deadline).
    private func waitForRecording(deadline: Double) {
        addTimeout(milliseconds: 50) { [self] in
            if self.recording.isRecording && self.now < deadline { return true }
            self.step()
            return false
        }
    }

    /// The selected container's gaps and insets as drawn now.
    private func anatomyJSON() -> [String: Any] {
        guard let s = session.selectedIndex,
              let a = ContainerAnatomy(result: session.result, selected: s, frames: canvas.shownFrames) else { return [:] }
        let guides = ContainerAnatomy.guides(session: session, anatomy: a, frames: canvas.shownFrames)
        return ["container": session.displayName(of: a.container), "children": a.children.count,
                "gaps": a.gaps.map { Double($0.length) }, "gapAxes": a.gaps.map { $0.isHorizontal ? "h" : "v" },
                "insets": a.insets.map { Double($0.length) },
                "guides": guides.map(\.name),
                "guideLines": guides.map { ["name": $0.name, "x1": Double($0.from.x), "y1": Double($0.from.y), "x2": Double($0.to.x), "y2": Double($0.to.y)] }]
    }

    /// The state a script writes (`state NAME`): the session's, the canvas's, the named
    /// controls' and the window's own, for tests.
    func stateJSON() -> [String: Any] {
        let st = session.state
        let ours: [String: Any] = [
            "canvas": ["width": Double(session.canvasSize.width), "height": Double(session.canvasSize.height)],
            "proposal": ["width": session.result.proposal.width.map { Double($0) } ?? -1,
                         "height": session.result.proposal.height.map { Double($0) } ?? -1],
            "followsWindow": st.followsWindow, "width": st.width, "height": st.height,
            "widthMode": st.widthMode.rawValue, "heightMode": st.heightMode.rawValue,
            "rotation": st.rotationDegrees, "spacing": st.spacing, "spacingIsDefault": st.spacingIsDefault,
            "alignment": st.alignment.rawValue, "count": st.items.count, "layout": session.layout.name, "scene": session.scene.name,
            "selection": session.selectedIndex.map { session.displayName(of: $0) } ?? "",
            "canUndo": session.canUndo, "canRedo": session.canRedo, "focusLog": focusLog,
            "hover": canvas.hoverText() ?? "",
            "zoom": canvas.zoom, "origin": ["x": Double(canvas.origin.x), "y": Double(canvas.origin.y)],
            "pan": ["x": Double(canvas.pan.x), "y": Double(canvas.pan.y)],
            "anatomy": anatomyJSON(),
            "recording": recording.stateJSON(),
            "colorScheme": st.colorScheme == .dark ? "dark" : "light",
            "controls": controlsJSON(),
            "widgets": widgetsJSON(),
            "outlineRows": inspector.outline.rowCount,
            "traceLineViews": inspector.traceLineViews.map { $0 ?? -1 },
            // Canvas ↔ code (preview mode): where the selected view was made, the Code tab's
            // file and highlighted line, what Open in Editor last ran.
            "selectionSource": inspector.selectedSource?.label ?? "",
            "codeFile": inspector.codeFile ?? "",
            "codeHighlightLine": inspector.highlightedCodeLine ?? -1,
            "editorLaunch": host.lastEditorLaunch ?? [],
            "trace": session.traceText(filter: gtk_editable_get_text(lab_editable(inspector.traceFilter)).map { String(cString: $0) } ?? ""),
        ]
        return host.automationState().merging(ours) { _, own in own }
    }

    /// Each named widget: sensitive, visible, tooltip, bounds in the window, text, and whether
    /// it is wholly in view in the inspector's scrolled controls.
    private func widgetsJSON() -> [String: Any] {
        func rect(_ r: graphene_rect_t) -> [String: Any] {
            ["x": Double(r.origin.x), "y": Double(r.origin.y), "width": Double(r.size.width), "height": Double(r.size.height)]
        }
        var widgets: [String: Any] = [:]
        let controls = inspector.controlsScroller!
        let visibleHeight = Double(gtk_widget_get_height(controls))
        for (name, w) in host.namedWidgets {
            var entry: [String: Any] = ["sensitive": gtk_widget_is_sensitive(w) != 0, "visible": gtk_widget_is_visible(w) != 0]
            if let tip = gtk_widget_get_tooltip_text(w) { entry["tooltip"] = String(cString: tip) }
            var b = graphene_rect_t()
            if gtk_widget_compute_bounds(w, host.window, &b) != 0 { entry["bounds"] = rect(b) }
            var inControls = graphene_rect_t()
            if gtk_widget_is_ancestor(w, controls) != 0, gtk_widget_compute_bounds(w, controls, &inControls) != 0 {
                entry["inView"] = inControls.origin.y >= 0 && Double(inControls.origin.y + inControls.size.height) <= visibleHeight + 0.5
            }
            if GTK_IS_LABEL_CHECK(w) != 0, let text = gtk_label_get_text(lab_label(w)) { entry["text"] = String(cString: text) }
            if let text = lab_editable_text(w) { entry["text"] = String(cString: text) }
            widgets[name] = entry
        }
        return widgets
    }

    /// The inspector's container rows: whether they apply now, and why not.
    private func controlsJSON() -> [String: Any] {
        var rows: [String: Any] = [:]
        for (name, row) in [("spacing", inspector.spacingRow!), ("alignment", inspector.alignmentRow!), ("rotation", inspector.rotationRow!),
                            ("rank", inspector.rankRow!)] {
            rows[name] = ["sensitive": gtk_widget_is_sensitive(row) != 0,
                          "tooltip": gtk_widget_get_tooltip_text(row).map { String(cString: $0) } ?? ""]
        }
        return rows
    }

    private func waitForReload(_ preview: PreviewController, count: Int, deadline: Double) {
        addTimeout(milliseconds: 16) { [self] in
            let done = preview.reloadCount >= count && !preview.isBuilding && !preview.isLaying
            if !done, self.now < deadline { return true }
            if !done { Diagnostics.report("automation: wait-reload \(count) timed out") }
            self.host.changed()
            addTimeout(milliseconds: 16) { [self] in self.step(); return false }
            return false
        }
    }

    /// `environment KEY VALUE`: the preview's colour scheme (`color-scheme light|dark|window`),
    /// type size (`dynamic-type xSmall…accessibility5`), direction (`layout-direction ltr|rtl`)
    /// or locale (`locale ID|system`), as the inspector's Environment section sets them.
    static func environment(_ base: WireEnvironment, setting key: String, to value: String) throws -> WireEnvironment {
        var e = base
        let v = value.lowercased() == "window" || value.lowercased() == "system" ? nil : value
        switch key.lowercased() {
        case "color-scheme": e.colorScheme = v
        case "dynamic-type": e.dynamicTypeSize = v?.lowercased() == "large" ? nil : v
        case "layout-direction": e.layoutDirection = v?.lowercased() == "ltr" ? nil : v
        case "locale": e.locale = v
        default: throw ScriptError(description: "environment: unknown setting '\(key)' (color-scheme, dynamic-type, layout-direction, locale)")
        }
        do { return try e.validated() } catch { throw ScriptError(description: "environment: \(error.message)") }
    }

    /// Steps on once every variant is laid out (or at the deadline).
    private func waitForVariants(_ v: VariantsView, deadline: Double) {
        addTimeout(milliseconds: 16) { [self] in
            if !v.isComplete, self.now < deadline { return true }
            if !v.isComplete { Diagnostics.report("automation: wait-variants timed out") }
            addTimeout(milliseconds: 16) { [self] in self.step(); return false }
            return false
        }
    }

    /// Steps on once every live event has been answered and shown (or at the deadline).
    private func waitForLive(_ preview: PreviewController, deadline: Double) {
        addTimeout(milliseconds: 8) { [self] in
            let done = !preview.live.hasWork && preview.live.inFlight == nil && !preview.isLaying
            if !done, self.now < deadline { return true }
            if !done { Diagnostics.report("automation: wait-live timed out") }
            self.host.changed()
            addTimeout(milliseconds: 16) { [self] in self.step(); return false }
            return false
        }
    }

    private func waitForSettle(deadline: Double) {
        addTimeout(milliseconds: 16) { [self] in
            if self.session.isAnimating(at: self.now), self.now < deadline { return true }
            addTimeout(milliseconds: 50) { [self] in self.step(); return false }
            return false
        }
    }

    // MARK: Output

    /// The presented frames of the scene's subviews now, as JSON.
    func framesJSON() -> [String: Any] { AutomationScript.framesJSON(of: session, at: now) }

    private func writeFrames(_ url: URL) throws {
        try AutomationScript.writeJSON(framesJSON(), to: url)
    }

    /// Draws the canvas as it is presented now (same code as the widget's draw function).
    private func writeCanvasPNG(_ url: URL) throws {
        let area = canvas.area
        let w = max(Int(gtk_widget_get_width(area)), 1), h = max(Int(gtk_widget_get_height(area)), 1)
        let scale = Double(max(gtk_widget_get_scale_factor(area), 1))
        let surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(Double(w) * scale), Int32(Double(h) * scale))!
        defer { cairo_surface_destroy(surface) }
        let cr = cairo_create(surface)!
        cairo_scale(cr, scale, scale)
        canvas.draw(cr, width: w, height: h)
        cairo_destroy(cr)
        guard cairo_surface_write_to_png(surface, url.path) == CAIRO_STATUS_SUCCESS else {
            throw ScriptError(description: "cannot write \(url.path)")
        }
    }

    /// Snapshots the whole window (GtkWidgetPaintable → render node → cairo).
    /// Writes the toplevel `which` returns to `url` after `milliseconds`, then steps on.
    private func screenshotLater(_ url: URL, milliseconds: UInt32, _ which: @escaping @MainActor () -> Widget?) {
        addTimeout(milliseconds: milliseconds) { [self] in
            do {
                guard let w = which() else { throw ScriptError(description: "no such window is open") }
                try self.writeWindowPNG(url, of: w)
                self.step()
            } catch {
                Diagnostics.report("automation: \(error)")
                self.finish(status: .failure)
            }
            return false
        }
    }

    /// The first visible toplevel window other than the main one (a dialog), if any.
    private func dialogWindow() -> Widget? {
        guard let list = gtk_window_get_toplevels() else { return nil }
        for i in 0..<g_list_model_get_n_items(list) {
            guard let item = g_list_model_get_item(list, i) else { continue }
            defer { g_object_unref(item) }
            guard let w = lab_widget(item) else { continue }
            if w != host.window, gtk_widget_get_visible(w) != 0 { return w }
        }
        return nil
    }

    private func writeWindowPNG(_ url: URL, of widget: Widget? = nil) throws {
        let win = widget ?? host.window
        let w = Int32(gtk_widget_get_width(win)), h = Int32(gtk_widget_get_height(win))
        guard w > 0, h > 0, let paintable = gtk_widget_paintable_new(win), let snapshot = gtk_snapshot_new() else {
            throw ScriptError(description: "window not realized")
        }
        gdk_paintable_snapshot(paintable, snapshot, Double(w), Double(h))
        let node = gtk_snapshot_free_to_node(snapshot)
        // At the window's scale factor (HiDPI: device pixels, as the screen shows them).
        let scale = max(gtk_widget_get_scale_factor(win), 1)
        let surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, w * scale, h * scale)!
        defer { cairo_surface_destroy(surface); g_object_unref(paintable.raw) }
        let cr = cairo_create(surface)!
        cairo_scale(cr, Double(scale), Double(scale))
        cairo_set_source_rgb(cr, 1, 1, 1)
        cairo_paint(cr)
        if let node { gsk_render_node_draw(node, cr); gsk_render_node_unref(node) }
        cairo_destroy(cr)
        guard cairo_surface_write_to_png(surface, url.path) == CAIRO_STATUS_SUCCESS else {
            throw ScriptError(description: "cannot write \(url.path)")
        }
    }
}
