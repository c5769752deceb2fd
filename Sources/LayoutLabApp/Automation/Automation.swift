import CGtk
import Foundation
import LayoutEngine
import LayoutRendering

/// Drives the window from a script, for tests and screenshots (`layoutlab --automation FILE
/// --screenshot-dir DIR`).
///
/// One command per line; blank lines and `#` comments are skipped:
/// - `layout NAME`, `scene NAME` — pick by name (case and punctuation ignored) or 1-based number
/// - `width N|nil|inf`, `height N|nil|inf`, `follow on|off`, `spacing N|nil`,
///   `alignment leading|center|trailing`
/// - `count N`, `add`, `remove`, `shuffle`, `rotation DEG` (animated), `rank ITEM RANK`
/// - `curve default|easeInOut|linear|none`, `slowmo on|off`, `overlays proposal,size,ranges`
/// - `resize W H` — the window's size; `select X Y` — click the canvas at (X, Y);
///   `select-item N` — select the N-th subview (0-based); `click-id ID` — click the view with that id
/// - `wait MS`, `settle` — wait for animations to finish
/// - `screenshot NAME` — the canvas as drawn now → `DIR/NAME.png` plus `DIR/NAME.json`
///   (the subviews' presented frames)
/// - `frames NAME` — only `DIR/NAME.json`
/// - `window-screenshot NAME` — the whole window (widget snapshot) → `DIR/NAME.png`
/// - `shortcut <Control>3` — activate a keyboard shortcut of the window; `tab selection|trace`
/// - `export PATH` — Ctrl+S without the dialog; `quit`
/// - preview mode: `copy-file SRC DST` — overwrite DST with SRC, as an editor saving a file;
///   `wait-reload N` — wait until the Nth reload since the window opened has finished (and its
///   layout arrived); `preview-status NAME` — the preview's state → `DIR/NAME.json`
///
/// Each executed command is echoed to stdout as `automation: …`. Numbers must be finite; counts,
/// indices, sizes and waits are clamped to what the app can use (see `clampedInteger`).
@MainActor
final class Automation {
    struct ScriptError: Error, CustomStringConvertible { let description: String }
    /// The largest window width or height `resize` asks for (as for the saved window size).
    nonisolated static let maximumWindowLength = 8_192
    /// The longest `wait` (ms): an hour.
    nonisolated static let maximumWait = 3_600_000

    let lines: [(number: Int, text: String)]
    let directory: URL
    unowned let window: LabWindow
    var position = 0
    var session: LabSession { window.session }

    init(scriptPath: String, screenshotDirectory: String?, window: LabWindow) throws {
        guard let text = try? String(contentsOfFile: scriptPath, encoding: .utf8) else {
            throw ScriptError(description: "cannot read script \(scriptPath)")
        }
        lines = text.split(separator: "\n", omittingEmptySubsequences: false).enumerated().compactMap { i, line in
            let t = line.trimmingCharacters(in: .whitespaces)
            return t.isEmpty || t.hasPrefix("#") ? nil : (i + 1, t)
        }
        directory = URL(fileURLWithPath: screenshotDirectory ?? FileManager.default.currentDirectoryPath, isDirectory: true)
        try? FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        self.window = window
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
            if delay < 0 { return }  // waits itself (settle)
            addTimeout(milliseconds: UInt32(max(delay, 1))) { [self] in self.step(); return false }
        } catch {
            FileHandle.standardError.write(Data("layoutlab: automation line \(number): \(error)\n".utf8))
            finish(status: 1)
        }
    }

    private func finish(status: Int32 = 0) {
        print("automation: done")
        fflush(nil)
        if status != 0 { exit(status) }
        window.close()
    }

    private var now: Double { window.canvas.now() }

    /// Runs one command; returns the delay before the next (ms), or -1 if it schedules itself.
    private func execute(_ line: String) throws -> Int {
        let parts = line.split(separator: " ").map(String.init)
        let cmd = parts[0].lowercased()
        let args = Array(parts.dropFirst())
        func arg(_ i: Int) throws -> String {
            guard i < args.count else { throw ScriptError(description: "'\(cmd)' needs \(i + 1) argument(s)") }
            return args[i]
        }
        func number(_ i: Int) throws -> Double {
            let s = try arg(i)
            guard let v = Double(s), v.isFinite else { throw ScriptError(description: "'\(s)' is not a number") }
            return v
        }
        /// An integer argument clamped to `range` (a script may say `count 1e300`).
        func integer(_ i: Int, _ range: ClosedRange<Int>) throws -> Int { clampedInteger(try number(i), range) }
        func flag(_ i: Int) throws -> Bool {
            switch try arg(i).lowercased() {
            case "on", "true", "yes", "1": return true
            case "off", "false", "no", "0": return false
            case let s: throw ScriptError(description: "'\(s)' is not on/off")
            }
        }
        func index(_ name: String, in names: [String]) throws -> Int {
            if let n = Int(name), n >= 1, n <= names.count { return n - 1 }
            if let i = names.firstIndex(where: { normalizedName($0) == normalizedName(name) }) { return i }
            throw ScriptError(description: "unknown name '\(name)' (one of: \(names.joined(separator: ", ")))")
        }
        let t = now
        switch cmd {
        case "layout":
            window.selectLayout(try index(args.joined(separator: " "), in: session.layouts.map(\.name)))
        case "scene":
            window.selectScene(try index(args.joined(separator: " "), in: session.scenes.map(\.name)))
        case "width", "height":
            let value = try arg(0).lowercased()
            let isWidth = cmd == "width"
            let mode: DimensionMode
            switch value {
            case "nil": mode = .unspecified
            case "inf", "infinity": mode = .infinity
            default:
                mode = .fixed
                if isWidth { session.state.width = try number(0) } else { session.state.height = try number(0) }
            }
            if isWidth { session.state.widthMode = mode } else { session.state.heightMode = mode }
            session.state.followsWindow = false
            session.relayout(now: t)
        case "follow":
            session.state.followsWindow = try flag(0)
            session.relayout(now: t)
        case "spacing":
            if try arg(0).lowercased() == "nil" { session.state.spacingIsDefault = true } else {
                session.state.spacing = try number(0); session.state.spacingIsDefault = false
            }
            session.update(now: t)
        case "alignment":
            guard let a = LabAlignment(rawValue: try arg(0).lowercased()) else { throw ScriptError(description: "unknown alignment") }
            session.state.alignment = a
            session.update(now: t)
        case "count": session.setCount(try integer(0, 0...LabState.maximumItemCount), now: t)
        case "add": session.addItem(now: t)
        case "remove": session.removeItem(now: t)
        case "shuffle": session.shuffle(now: t)
        case "rotation": session.setRotation(try number(0), animated: true, now: t)
        case "rank": session.setRank(try integer(1, -1_000_000_000...1_000_000_000), ofItemAt: try integer(0, -1...LabState.maximumItemCount), now: t)
        case "curve":
            let name = try arg(0)
            guard let c = CurveChoice.allCases.first(where: { normalizedName($0.rawValue) == normalizedName(name) || normalizedName($0.title) == normalizedName(name) }) else {
                throw ScriptError(description: "unknown curve '\(name)'")
            }
            session.state.curve = c
        case "slowmo": session.state.slowMotion = try flag(0)
        case "stats": session.state.showsStats = try flag(0)
        case "dark": session.state.colorScheme = try flag(0) ? .dark : .light; Appearance.setPrefersDark(try flag(0))
        case "overlays":
            let set = Set((args.first ?? "").lowercased().split(separator: ",").map(String.init))
            session.state.showsProposal = set.contains("proposal")
            session.state.showsSizes = set.contains("size")
            session.state.showsRanges = set.contains("ranges")
        case "resize":
            gtk_window_set_default_size(lab_window(window.window), Int32(try integer(0, 1...Automation.maximumWindowLength)), Int32(try integer(1, 1...Automation.maximumWindowLength)))
            gtk_widget_queue_resize(window.window)
            window.changed()
            return 400
        case "select":
            window.canvas.click(at: CGPoint(x: try number(0), y: try number(1)))
        case "click-id":
            // Click the centre of the view with this (String) id, through the canvas's click path.
            let id = try arg(0)
            guard let v = session.result.view(id: id) else { throw ScriptError(description: "no view with id \(id)") }
            let o = window.canvas.origin
            window.canvas.click(at: CGPoint(x: v.frame.midX + o.x, y: v.frame.midY + o.y))
        case "select-item":
            let n = try integer(0, -1...LabState.maximumItemCount)
            guard session.itemViews.indices.contains(n) else { throw ScriptError(description: "no item \(n)") }
            session.selection = session.result.views[session.itemViews[n]].identity
            window.inspector.showSelection()
        case "wait":
            return try integer(0, 0...Automation.maximumWait)
        case "settle":
            waitForSettle(deadline: t + 10)
            return -1
        case "screenshot":
            let name = try arg(0)
            try writeCanvasPNG(directory.appendingPathComponent(name + ".png"))
            try writeFrames(directory.appendingPathComponent(name + ".json"))
        case "frames":
            try writeFrames(directory.appendingPathComponent(try arg(0) + ".json"))
        case "window-screenshot":
            // After a frame or two, so that pending size allocations have happened.
            let url = directory.appendingPathComponent(try arg(0) + ".png")
            addTimeout(milliseconds: 120) { [self] in
                do {
                    try self.writeWindowPNG(url)
                    self.step()
                } catch {
                    FileHandle.standardError.write(Data("layoutlab: automation: \(error)\n".utf8))
                    self.finish(status: 1)
                }
                return false
            }
            return -1
        case "tab":
            let page: Int32 = try arg(0).lowercased().hasPrefix("t") ? 1 : 0
            gtk_notebook_set_current_page(OpaquePointer(window.inspector.notebook), page)
        case "shortcut":
            guard window.activateShortcut(try arg(0)) else { throw ScriptError(description: "no shortcut \(try arg(0))") }
        case "export":
            guard window.export(to: URL(fileURLWithPath: try arg(0))) else { throw ScriptError(description: "export failed") }
        case "copy-file":
            let source = try arg(0), destination = try arg(1)
            let data = try Data(contentsOf: URL(fileURLWithPath: source))
            try data.write(to: URL(fileURLWithPath: destination))
        case "wait-reload":
            guard let preview = window.preview else { throw ScriptError(description: "wait-reload: not in preview mode") }
            waitForReload(preview, count: try integer(0, 0...1_000_000), deadline: t + 60)
            return -1
        case "preview-status":
            guard let preview = window.preview else { throw ScriptError(description: "preview-status: not in preview mode") }
            let data = try JSONSerialization.data(withJSONObject: sanitize(preview.statusJSON()), options: [.prettyPrinted, .sortedKeys])
            try data.write(to: directory.appendingPathComponent(try arg(0) + ".json"))
        case "quit":
            position = lines.count
        case "close":
            // Like closing the window: saves the settings (with --settings) and exits.
            print("automation: done")
            fflush(nil)
            window.close()
            return -1
        default:
            throw ScriptError(description: "unknown command '\(cmd)'")
        }
        window.changed()
        return 16
    }

    private func waitForReload(_ preview: PreviewController, count: Int, deadline: Double) {
        addTimeout(milliseconds: 16) { [self] in
            let done = preview.reloadCount >= count && !preview.isBuilding && !preview.isLaying
            if !done, self.now < deadline { return true }
            if !done { FileHandle.standardError.write(Data("layoutlab: automation: wait-reload \(count) timed out\n".utf8)) }
            self.window.changed()
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

    /// The presented frames of the scene's subviews, as JSON.
    func framesJSON() -> [String: Any] {
        let t = now
        let p = session.presentation(at: t)
        let r = session.result
        var items: [[String: Any]] = []
        for i in session.itemViews where i < p.frames.count {
            let f = p.frames[i]
            var entry: [String: Any] = ["index": i, "kind": r.views[i].kind,
                                        "x": Double(f.minX), "y": Double(f.minY), "width": Double(f.width), "height": Double(f.height)]
            if let id = r.views[i].explicitID?.base as? Int { entry["id"] = id }
            let target = r.views[i].frame
            entry["target"] = ["x": Double(target.minX), "y": Double(target.minY), "width": Double(target.width), "height": Double(target.height)]
            items.append(entry)
        }
        // Every view with an explicit id (a person's preview names its views with `.id`).
        var identified: [[String: Any]] = []
        for v in r.views where v.isVisible && v.index < p.frames.count {
            guard let id = v.explicitID else { continue }
            if let parent = v.parent, r.views[parent].explicitID == id { continue }
            let f = p.frames[v.index], target = v.frame
            identified.append(["id": String(describing: id.base), "kind": v.kind,
                               "x": Double(f.minX), "y": Double(f.minY), "width": Double(f.width), "height": Double(f.height),
                               "target": ["x": Double(target.minX), "y": Double(target.minY), "width": Double(target.width), "height": Double(target.height)]])
        }
        return [
            "identified": identified,
            "layout": session.layout.name, "scene": session.scene.name, "time": t, "animating": p.isAnimating,
            "canvas": ["width": Double(session.canvasSize.width), "height": Double(session.canvasSize.height)],
            "proposal": ["width": session.result.proposal.width.map { Double($0) } ?? -1,
                         "height": session.result.proposal.height.map { Double($0) } ?? -1],
            "items": items,
            "selection": session.selectedIndex.map { r.views[$0].kind } ?? "",
        ]
    }

    private func writeFrames(_ url: URL) throws {
        let data = try JSONSerialization.data(withJSONObject: sanitize(framesJSON()), options: [.prettyPrinted, .sortedKeys])
        try data.write(to: url)
    }

    /// JSON cannot hold infinities: write them as strings.
    private func sanitize(_ value: Any) -> Any {
        switch value {
        case let d as Double: return d.isFinite ? d : (d.isNaN ? "nan" : (d > 0 ? "inf" : "-inf"))
        case let dict as [String: Any]: return dict.mapValues { sanitize($0) }
        case let array as [Any]: return array.map { sanitize($0) }
        default: return value
        }
    }

    /// Draws the canvas as it is presented now (same code as the widget's draw function).
    private func writeCanvasPNG(_ url: URL) throws {
        let area = window.canvas.area
        let w = max(Int(gtk_widget_get_width(area)), 1), h = max(Int(gtk_widget_get_height(area)), 1)
        let scale = Double(max(gtk_widget_get_scale_factor(area), 1))
        let surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(Double(w) * scale), Int32(Double(h) * scale))!
        defer { cairo_surface_destroy(surface) }
        let cr = cairo_create(surface)!
        cairo_scale(cr, scale, scale)
        window.canvas.draw(cr, width: w, height: h)
        cairo_destroy(cr)
        guard cairo_surface_write_to_png(surface, url.path) == CAIRO_STATUS_SUCCESS else {
            throw ScriptError(description: "cannot write \(url.path)")
        }
    }

    /// Snapshots the whole window (GtkWidgetPaintable → render node → cairo).
    private func writeWindowPNG(_ url: URL) throws {
        let win = window.window
        let w = Int32(gtk_widget_get_width(win)), h = Int32(gtk_widget_get_height(win))
        guard w > 0, h > 0, let paintable = gtk_widget_paintable_new(win), let snapshot = gtk_snapshot_new() else {
            throw ScriptError(description: "window not realized")
        }
        gdk_paintable_snapshot(paintable, snapshot, Double(w), Double(h))
        let node = gtk_snapshot_free_to_node(snapshot)
        let surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, w, h)!
        defer { cairo_surface_destroy(surface); g_object_unref(paintable.raw) }
        let cr = cairo_create(surface)!
        cairo_set_source_rgb(cr, 1, 1, 1)
        cairo_paint(cr)
        if let node { gsk_render_node_draw(node, cr); gsk_render_node_unref(node) }
        cairo_destroy(cr)
        guard cairo_surface_write_to_png(surface, url.path) == CAIRO_STATUS_SUCCESS else {
            throw ScriptError(description: "cannot write \(url.path)")
        }
    }
}

/// `value` rounded towards zero and clamped to `range`: integer arguments of scripts never trap,
/// whatever their size (`count 1e300` is the largest count).
func clampedInteger(_ value: Double, _ range: ClosedRange<Int>) -> Int {
    guard !value.isNaN else { return range.lowerBound }
    if value <= Double(range.lowerBound) { return range.lowerBound }
    if value >= Double(range.upperBound) { return range.upperBound }
    return Int(value.rounded(.towardZero))
}
