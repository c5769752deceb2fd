import CGtk
import Foundation
import SwiftUI
import LayoutLabCore
import PreviewHost
import PreviewProtocol

/// Preview mode (`layoutlab preview PATH`): the person's code is built into a preview agent
/// that lays out their previews and layouts; this controller watches the files, rebuilds on
/// save, swaps the agent in, and shows in the window what happened.
///
/// - Every layout goes through the agent, built-in scenes too, so identities agree across
///   switches and reloads (agents hash deterministically) and every change animates.
/// - A layout request waits at most `synchronousWait` for its answer; a slower one completes
///   in the background (a spinner shows) and one older than the agent's time limit (5 s) stops
///   the agent: the window keeps the last layout and says what happened.
/// - A compile error or a crash keeps the last good preview on screen under a panel with the
///   messages; the next save tries again.
/// What preview mode needs of the window it shows in, beyond the session.
@MainActor
protocol PreviewControllerHost: AnyObject {
    var session: LabSession { get }
    /// The animation clock of the canvas.
    func now() -> Double
    /// New choices for the pickers: a reload found other previews or layouts.
    func replaceChoices(layouts: [LabLayout], scenes: [LabScene])
    /// A layout arrived from the agent, outside `LabSession.perform`: show it.
    func changed()
    /// The window's title (what is previewed).
    var title: String { get set }
    func showToast(_ text: String, folder: URL?, seconds: UInt32)
}

@MainActor
final class PreviewController: RemoteLayoutSource {
    /// What the last build or layout came to.
    enum Status: Equatable {
        case ready
        case compileFailed([CompileDiagnostic])
        case agentFailed(AgentFailure)
        case setupFailed(String)
    }

    /// How long a layout request may hold the window before it completes in the background.
    static let synchronousWait = 0.25
    /// How often the files are checked for changes (a few `stat`s): often, as a literal edit's
    /// save-to-pixels budget is 100 ms.
    static let watchInterval: UInt32 = 20
    /// How long the changed files must be still before they are read (editors write in steps).
    static let settleTime = 0.03

    let service: PreviewService
    /// The window showing the previews (set by `start(host:)`).
    private(set) weak var host: (any PreviewControllerHost)?
    /// The header's Live | Select switch, and its two buttons.
    var liveSwitch: Widget?
    var liveSwitchButtons: (live: Widget, select: Widget)?
    /// Called when Live or Select is chosen (the canvas's cursor and hover badge follow).
    var onModeChanged: @MainActor () -> Void = {}
    /// Called with a live scroll (points) that nothing in the preview scrolled: the canvas pans.
    var onUnusedScroll: @MainActor (Double, Double) -> Void = { _, _ in }
    private(set) var status: Status = .ready
    /// Completed reloads (successful or not, literal fast paths included) since the window
    /// opened; automation waits on it.
    var reloadCount = 0
    /// Saves that took the literal fast path (no compiler, state kept), and the updates sent to
    /// the agent that it has not answered yet (see PreviewController+Literals.swift).
    var literalUpdates = 0
    var literalUpdatesSent: [LiteralUpdate] = []
    /// The old agent's state of the shown preview, until the new agent is first asked for it
    /// (`PreviewController+KeptState.swift`).
    var carriedState: CarriedState?
    /// Builds whose agent started from the state of the one before.
    var stateCarryOvers = 0
    /// The watched paths changed since the last reload.
    private var changedPaths: Set<String> = []
    private(set) var isBuilding = false
    /// Whether a layout request is waiting for the agent.
    var isLaying: Bool { service.connection?.isBusy ?? false }
    /// A change was seen while building: build again when this build ends.
    private var changedWhileBuilding = false
    /// A layout was asked for while the agent was busy: ask again when it answers.
    var wantsLayout = false
    /// Live previews: the mode, the events waiting to go and the request in flight (see
    /// PreviewController+Live.swift).
    var live = LiveChannel()
    private var modificationTimes: [String: Date] = [:]
    /// A change seen at the last check, built once the files stop changing (editors write in steps).
    private var changeSeenAt: Double?
    private let buildBox = BuildBox()
    /// The save being built: the newest modification time of the changed files.
    private(set) var saveInProgress: Date?
    /// A reload whose layout is shown since: the first frame drawn after it stops the clock.
    var awaitingPixels: Date?
    /// Save-to-pixels of the last reload (seconds): from the file's modification time to the
    /// first frame drawn with the new build's layout.
    private(set) var lastSaveToPixels: Double?
    /// From the process's start to the first frame drawn (seconds): the cold start.
    private(set) var startToPixels: Double?

    // Widgets.
    private(set) var titleLabel: Widget!
    private(set) var subtitleLabel: Widget!
    private(set) var spinner: Widget!
    private(set) var panel: Widget!
    private var panelTitle: Widget!
    private var panelBody: Widget!
    private var panelScroller: Widget!
    private var panelIcon: Widget!
    private var panelContent: Widget!

    /// What the running preview prints (the inspector's Console tab).
    let console = PreviewConsole()
    /// Where the views of the person's previews were made (SourceLocations.swift).
    let sourceLocator = SourceLocator()
    /// The inspector's edits of the person's code (SourceEditing.swift).
    lazy var sourceEditing = SourceEditing(preview: self)

    /// The environment previews are laid out in: colour scheme, Dynamic Type size, direction and
    /// locale, as the inspector's Environment section (or a variant clicked) sets them. Changing
    /// it lays the preview out again, its state kept.
    var environment = WireEnvironment() {
        didSet {
            guard environment != oldValue else { return }
            onEnvironmentChanged()
            relayout()
        }
    }
    /// Called when `environment` changed (the canvas draws in the preview's colour scheme).
    var onEnvironmentChanged: @MainActor () -> Void = {}
    /// The environment as requests carry it (nil: SwiftUI's defaults): with no colour scheme of
    /// its own, the preview's is the window's, as the canvas draws it.
    var wireEnvironment: WireEnvironment? {
        let e = effective(environment)
        return e.isDefault ? nil : e
    }

    /// `e` with the window's colour scheme where it names none.
    func effective(_ e: WireEnvironment) -> WireEnvironment {
        var e = e
        if e.colorScheme == nil, host?.session.state.colorScheme == .dark { e.colorScheme = "dark" }
        if e.colorScheme == "light" { e.colorScheme = nil }
        return e
    }
    /// The variant whose layout the agent is working on, answered to its handler by `pollAgent`.
    var variantInFlight: ((LayoutResult?) -> Void)?

    /// Opens `path` and builds it once (before the window shows, so it opens on the previews).
    init(path: String, limits: AgentLimits = .configured()) throws(PreviewError) {
        service = try PreviewService(path: path, limits: limits)
        modificationTimes = Self.times(of: watchedPaths)
        let outcome = service.reload()
        record(outcome)
    }

    var catalog: PreviewCatalog? { service.catalog }
    /// Lays out nothing: what the canvas shows until a first build runs.
    private lazy var nothingToShow = LayoutHost(EmptyView())

    /// The pickers' choices: the previews, then the built-in scenes; the built-in layouts, then
    /// the person's. A built-in with the name of a person's preview or layout is listed as
    /// "NAME (built-in)" (as the agent lists it), so a name always picks the person's.
    func choices() -> (layouts: [LabLayout], scenes: [LabScene]) {
        let previewNames = (catalog?.previews ?? []).map(\.name), layoutNames = catalog?.layouts ?? []
        let own = layoutNames.map { LabLayout.laidOutElsewhere($0) }
        return (LabLayout.builtIn(besides: layoutNames) + own,
                previewNames.map { LabScene.laidOutElsewhere($0) } + LabScene.builtIn(besides: previewNames))
    }

    /// The file and line of the preview shown, when a preview is shown (the Code tab shows it).
    func previewSource(_ session: LabSession) -> (file: String, line: Int)? {
        guard let previews = catalog?.previews, previews.indices.contains(session.state.sceneIndex) else { return nil }
        let p = previews[session.state.sceneIndex]
        return (p.file, p.line)
    }

    /// Whether the chosen scene is one of the person's previews (which show their own layout).
    func showsPreview(_ session: LabSession) -> Bool { session.state.sceneIndex < (catalog?.previews.count ?? 0) }

    // MARK: Layout through the agent

    func layout(for session: LabSession, proposal: ProposedViewSize, rotation: Double) -> LayoutResult? {
        // Nothing built yet (the file did not compile when the window opened): an empty canvas,
        // not the scene the window laid out for itself before the agent was asked.
        if service.catalog == nil { return nothingToShow.layout(proposal: proposal) }
        guard let connection = service.connection, connection.isRunning else { return nil }
        if connection.isBusy {
            wantsLayout = true
            return nil
        }
        var request = AgentRequest(operation: .layout, id: 0, target: target(session), proposal: proposal,
                                   parameters: parameters(session, rotation: rotation), detailed: true,
                                   environment: wireEnvironment)
        if carriedState != nil { request.keptState = takeCarriedState(for: request.target) }
        do {
            guard let reply = try connection.request(request, wait: Self.synchronousWait) else {
                updateSpinner()
                return nil
            }
            return accept(reply)
        } catch {
            agentFailed(error)
            return nil
        }
    }

    private func target(_ session: LabSession) -> PreviewTarget {
        if showsPreview(session) { return .preview(session.state.sceneIndex) }
        // The agent knows the built-in scenes by their own names, never "NAME (built-in)".
        let builtIn = session.state.sceneIndex - (catalog?.previews.count ?? 0)
        let scene = LabScene.builtIn.indices.contains(builtIn) ? LabScene.builtIn[builtIn].name : session.scene.name
        return .scene(scene: scene, layout: session.layout.name)
    }

    private func parameters(_ session: LabSession, rotation: Double) -> WireParameters {
        let st = session.state
        return WireParameters(spacing: st.spacingIsDefault ? nil : st.spacing, alignment: st.alignment.rawValue,
                              rotationDegrees: rotation, itemIDs: st.items.map(\.id), itemRanks: st.items.map(\.rank),
                              taps: st.taps)
    }

    private func accept(_ reply: AgentReply) -> LayoutResult? {
        if let error = reply.error { Diagnostics.report("preview: \(error)") }
        if (reply.live?.runningTasks ?? 0) > 0, let host, runsLive(host.session) { keepTimeRunning(for: host.session.state.sceneIndex) }
        return reply.result
    }

    /// Takes the reply to the request in flight, if it has come (never waits): a layout's is
    /// shown animated with the window's curve, a live event's with the animation it asked for.
    /// Then whatever waited for the agent goes: queued live events first, then a layout.
    func pollAgent() {
        guard let connection = service.connection, connection.isBusy else { return }
        do {
            guard let reply = try connection.poll() else { return }
            if let batch = live.inFlight {
                live.inFlight = nil
                acceptLive(reply, batch: batch)
            } else if let deliver = variantInFlight {
                variantInFlight = nil
                deliver(reply.result)
            } else if let host, let r = accept(reply) {
                host.session.applyRemoteResult(r, now: host.now())
                host.changed()
            }
            sendWaiting()
        } catch {
            agentFailed(error)
        }
        updateSpinner()
    }

    /// After a reply: the live events queued meanwhile go first (they were made on what is on
    /// screen now); a layout asked for meanwhile goes once none wait.
    func sendWaiting() {
        if live.hasWork {
            flushLive()
        } else if wantsLayout, let host {
            wantsLayout = false
            host.session.update(now: host.now())
            host.changed()
        }
    }

    /// Lays the shown preview out again (the environment changed).
    func relayout() {
        guard let host else { return }
        if isLaying { wantsLayout = true; return }
        host.session.update(now: host.now())
        host.changed()
    }

    /// Whether a variant may be asked for now: a preview is shown, the agent is free and no live
    /// event waits (the person's input goes first).
    func canLayOutVariant(_ session: LabSession) -> Bool {
        guard showsPreview(session), let connection = service.connection, connection.isRunning else { return false }
        return !connection.isBusy && !live.hasWork && variantInFlight == nil
    }

    /// Asks the agent for the shown preview in `environment` at `proposal` (the Variants view),
    /// without disturbing the canvas: the layout comes to `deliver`, at once or from `pollAgent`.
    func layOutVariant(_ session: LabSession, environment: WireEnvironment, proposal: ProposedViewSize,
                       deliver: @escaping (LayoutResult?) -> Void) {
        guard canLayOutVariant(session), let connection = service.connection else { deliver(nil); return }
        let wanted = effective(environment)
        let request = AgentRequest(operation: .layout, id: 0, target: .preview(session.state.sceneIndex), proposal: proposal,
                                   detailed: false, environment: wanted.isDefault ? nil : wanted)
        variantInFlight = deliver
        do {
            if let reply = try connection.request(request, wait: 0.1) {
                variantInFlight = nil
                deliver(reply.result)
                sendWaiting()
            } else {
                updateSpinner()
            }
        } catch {
            variantInFlight = nil
            deliver(nil)
            agentFailed(error)
        }
    }

    func agentFailed(_ error: AgentFailure) {
        variantInFlight = nil
        status = .agentFailed(error)
        live.dropAll()
        // The failed agent's last words (a crash report) before it is dropped.
        console.follow(service.connection)
        service.dropFailedAgent()
        showStatus()
    }

    // MARK: Widgets

    /// The header bar's title (what is previewed) and the spinner.
    func installHeader(_ header: Widget) {
        let title = UI.label(service.project.displayName, classes: ["title"], xalign: 0.5)
        let subtitle = UI.label(Self.abbreviated(service.project.path), classes: ["subtitle", "dim-label"], xalign: 0.5)
        gtk_label_set_ellipsize(lab_label(title), PANGO_ELLIPSIZE_END)
        gtk_label_set_ellipsize(lab_label(subtitle), PANGO_ELLIPSIZE_START)
        let box = UI.column(spacing: 0, [title, subtitle])
        gtk_widget_set_valign(box, GTK_ALIGN_CENTER)
        gtk_header_bar_set_title_widget(lab_header_bar(header), box)
        titleLabel = title
        subtitleLabel = subtitle
        gtk_header_bar_pack_start(lab_header_bar(header), makeLiveSwitch())
        spinner = gtk_spinner_new()!
        gtk_widget_set_tooltip_text(spinner, "Building your code…")
        gtk_header_bar_pack_end(lab_header_bar(header), spinner)
        gtk_widget_set_visible(spinner, 0)
    }

    /// The panel above the canvas that shows build errors and crashes.
    func makePanel() -> Widget {
        let revealer = gtk_revealer_new()!
        gtk_revealer_set_transition_type(lab_revealer(revealer), GTK_REVEALER_TRANSITION_TYPE_SLIDE_DOWN)
        panelTitle = UI.label("", classes: ["heading"])
        gtk_label_set_wrap(lab_label(panelTitle), 1)
        panelBody = UI.column(spacing: 4, [])
        let scroller = gtk_scrolled_window_new()!
        // Messages wrap to the canvas's width; source lines scroll sideways.
        gtk_scrolled_window_set_policy(lab_scrolled_window(scroller), GTK_POLICY_AUTOMATIC, GTK_POLICY_AUTOMATIC)
        gtk_scrolled_window_set_propagate_natural_height(lab_scrolled_window(scroller), 1)
        gtk_scrolled_window_set_max_content_height(lab_scrolled_window(scroller), 260)
        gtk_scrolled_window_set_child(lab_scrolled_window(scroller), panelBody)
        panelScroller = scroller
        let icon = gtk_image_new_from_icon_name("dialog-error-symbolic")!
        panelIcon = icon
        let content = UI.column(spacing: 6, [UI.row(spacing: 8, [icon, panelTitle]), scroller])
        gtk_widget_add_css_class(content, "preview-problem")
        panelContent = content
        for set in [gtk_widget_set_margin_start, gtk_widget_set_margin_end, gtk_widget_set_margin_top, gtk_widget_set_margin_bottom] {
            set(content, 10)
        }
        gtk_revealer_set_child(lab_revealer(revealer), content)
        panel = revealer
        return revealer
    }

    /// Starts watching the files.
    func start(host: any PreviewControllerHost) {
        self.host = host
        host.title = "\(service.project.displayName) — LayoutLab"
        showStatus()
        addTimeout(milliseconds: Self.watchInterval) { [weak self] in
            self?.tick()
            return true
        }
    }

    // MARK: Watching and rebuilding

    private var watchedPaths: [String] { service.watchedPaths }

    static func times(of paths: [String]) -> [String: Date] { PreviewService.modificationTimes(of: paths) }

    private func tick() {
        let now = monotonicSeconds()
        console.follow(service.connection)
        // A layout that completes in the background.
        if let connection = service.connection, connection.isBusy { pollAgent() }
        // A build that finished on its thread.
        if let finished = buildBox.take() { finishReload(finished.0, finished.1) }
        // Files that changed: build once they have been still for a moment.
        let current = Self.times(of: watchedPaths)
        if current != modificationTimes {
            let newest = current.filter { modificationTimes[$0.key] != $0.value }.map(\.value).max()
            changedPaths.formUnion(Set(current.keys).union(modificationTimes.keys).filter { current[$0] != modificationTimes[$0] })
            modificationTimes = current
            saveInProgress = newest ?? Date()
            changeSeenAt = now
        } else if let seen = changeSeenAt, now - seen >= Self.settleTime {
            changeSeenAt = nil
            let paths = changedPaths.sorted()
            changedPaths = []
            if !takeLiteralFastPath(changedPaths: paths) { startReload() }
        }
    }

    /// Builds on a background thread (the window stays live); the old agent keeps answering.
    func startReload() {
        guard !isBuilding else { changedWhileBuilding = true; return }
        isBuilding = true
        updateSpinner()
        let service = self.service
        let box = buildBox
        Thread.detachNewThread {
            let (outcome, connection) = service.prepare()
            box.put((outcome, connection))
        }
    }

    private func finishReload(_ outcome: PreviewService.ReloadOutcome, _ connection: AgentConnection?) {
        isBuilding = false
        if case .ready = outcome {
            // A new agent: its previews start from the old one's state where their views are the
            // same, and what was queued for the old one (or in flight to it) means nothing to it.
            carriedState = stateOfShownPreview()
            live.dropAll()
            literalUpdatesSent = []
            live.runtimeIssues = []
            live.issuesBeforeReset = []
            if let deliver = variantInFlight {
                variantInFlight = nil
                deliver(nil)
            }
        }
        service.adopt(outcome, connection)
        record(outcome)
        reloadCount += 1
        if case .ready = outcome, let host {
            awaitingPixels = saveInProgress
            let (layouts, scenes) = choices()
            host.replaceChoices(layouts: layouts, scenes: scenes)
            // The new code's layout, animated from the old frames (matched by identity).
            wantsLayout = false
            host.session.update(now: host.now())
            host.changed()
        }
        showStatus()
        if changedWhileBuilding {
            changedWhileBuilding = false
            startReload()
        }
    }

    private func record(_ outcome: PreviewService.ReloadOutcome) {
        switch outcome {
        case .ready: status = .ready
        case .compileFailed(let errors, let log):
            status = .compileFailed(errors.isEmpty ? [CompileDiagnostic(file: service.project.path, line: 1, column: 1, severity: "error",
                                                                          message: log.trimmingCharacters(in: .whitespacesAndNewlines))] : errors)
        case .agentFailed(let failure): status = .agentFailed(failure)
        }
    }

    /// The canvas drew a frame: stops the save-to-pixels clock (and the cold start's).
    func frameDrawn() {
        if startToPixels == nil { startToPixels = ProcessStart.elapsed() }
        guard let saved = awaitingPixels, !isLaying else { return }
        awaitingPixels = nil
        lastSaveToPixels = Date().timeIntervalSince(saved)
    }

    // MARK: Showing the status

    private func updateSpinner() {
        guard let spinner else { return }
        let busy = isBuilding || (service.connection?.isBusy ?? false)
        gtk_widget_set_visible(spinner, busy ? 1 : 0)
        if busy { gtk_spinner_start(lab_spinner(spinner)) } else { gtk_spinner_stop(lab_spinner(spinner)) }
        gtk_widget_set_tooltip_text(spinner, isBuilding ? "Building your code…" : "Laying out…")
    }

    /// Fills the problem panel from `status` (hidden when all is well).
    func showStatus() {
        updateSpinner()
        guard let panel else { return }
        while let child = gtk_widget_get_first_child(panelBody) { gtk_box_remove(lab_box(panelBody), child) }
        // Ready with something to show: the runtime issues of a running preview, a warning.
        gtk_image_set_from_icon_name(lab_image(panelIcon), status == .ready ? "dialog-warning-symbolic" : "dialog-error-symbolic")
        if status == .ready { gtk_widget_add_css_class(panelContent, "warning") } else { gtk_widget_remove_css_class(panelContent, "warning") }
        switch status {
        case .ready where live.runtimeIssues.isEmpty:
            gtk_revealer_set_reveal_child(lab_revealer(panel), 0)
            return
        case .ready:
            // What the running preview did wrong (state written in body, an update loop): it
            // keeps running, so this is a warning, gone with the next reload or reset.
            let n = live.runtimeIssues.count
            UI.setText(panelTitle, n == 1 ? "Your preview reported a runtime issue" : "Your preview reported \(n) runtime issues")
            for issue in live.runtimeIssues.suffix(20) {
                let label = UI.label(issue, xalign: 0)
                gtk_label_set_wrap(lab_label(label), 1)
                gtk_label_set_wrap_mode(lab_label(label), PANGO_WRAP_WORD_CHAR)
                // As for compiler messages: wrapping needs a width to wrap at.
                gtk_label_set_width_chars(lab_label(label), 20)
                gtk_label_set_max_width_chars(lab_label(label), 90)
                gtk_label_set_selectable(lab_label(label), 1)
                UI.append(panelBody, label)
            }
        case .compileFailed(let errors):
            // Until something ran there is no last preview to speak of.
            let shown = service.catalog == nil ? "nothing to show yet" : "showing the last good preview"
            UI.setText(panelTitle, "\(service.project.displayName) does not compile — \(shown). Fix it and save.")
            for e in errors.prefix(20) { UI.append(panelBody, diagnosticRow(e)) }
        case .agentFailed(let failure):
            let shown = service.catalog == nil ? "nothing to show yet" : "showing the last layout"
            UI.setText(panelTitle, "\(failure) — \(shown). Save the file to try again.")
        case .setupFailed(let message):
            UI.setText(panelTitle, message)
        }
        // Only compiler messages have a body; other problems are one line.
        gtk_widget_set_visible(panelScroller, gtk_widget_get_first_child(panelBody) != nil ? 1 : 0)
        gtk_revealer_set_reveal_child(lab_revealer(panel), 1)
    }

    /// One compiler message: a button with `file:line:column: error: message` that copies
    /// `file:line`, and the source lines around it.
    private func diagnosticRow(_ d: CompileDiagnostic) -> Widget {
        let text = "\((d.file as NSString).lastPathComponent):\(d.line):\(d.column): \(d.severity): \(d.message)"
        let button = gtk_button_new()!
        let label = UI.label(text)
        gtk_label_set_wrap(lab_label(label), 1)
        gtk_label_set_wrap_mode(lab_label(label), PANGO_WRAP_WORD_CHAR)
        // Wrapping needs a width to wrap at: a short natural width lets the panel be narrow.
        gtk_label_set_width_chars(lab_label(label), 20)
        gtk_label_set_max_width_chars(lab_label(label), 60)
        gtk_button_set_child(lab_button(button), label)
        gtk_widget_add_css_class(button, "flat")
        gtk_widget_set_tooltip_text(button, "Click to copy \(d.location)")
        let location = d.location
        connect(button, "clicked") { [weak self] in
            guard let self, let display = gtk_widget_get_display(button) else { return }
            gdk_clipboard_set_text(gdk_display_get_clipboard(display), location)
            self.host?.showToast("Copied \(location)", folder: nil, seconds: 5)
        }
        let width = String(d.context.map(\.0).max() ?? 0).count
        let context = d.context.map { n, line in
            let number = String(n)
            return (n == d.line ? "→ " : "  ") + String(repeating: " ", count: width - number.count) + number + " │ " + line
        }.joined(separator: "\n")
        let source = UI.label(context, classes: ["monospace"])
        gtk_label_set_selectable(lab_label(source), 1)
        return UI.column(spacing: 2, [button, source])
    }

    /// What the window shows of the preview's state (for automation and tests).
    func statusJSON() -> [String: Any] {
        var out: [String: Any] = [
            "title": host?.title ?? "",
            "subtitle": subtitleLabel.flatMap { gtk_label_get_text(lab_label($0)).map { String(cString: $0) } } ?? "",
            "reloads": reloadCount, "building": isBuilding,
            "literalUpdates": literalUpdates, "compilerRuns": service.builder.compilerRuns, "stateCarryOvers": stateCarryOvers,
            "panelShown": panel.map { gtk_revealer_get_reveal_child(lab_revealer($0)) != 0 } ?? false,
            "panelTitle": panelTitle.flatMap { gtk_label_get_text(lab_label($0)).map { String(cString: $0) } } ?? "",
            "previews": (catalog?.previews ?? []).map(\.name), "layouts": catalog?.layouts ?? [],
        ]
        if let l = lastSaveToPixels { out["saveToPixelsMs"] = l * 1000 }
        out["console"] = String(console.text.suffix(4_000))
        let e = environment
        out["environment"] = ["colorScheme": e.colorScheme ?? "window", "dynamicTypeSize": e.dynamicTypeSize ?? "large",
                              "layoutDirection": e.layoutDirection ?? "ltr", "locale": e.locale ?? "",
                              "device": e.device?.name ?? "follow-the-window", "orientation": e.device?.orientation.rawValue ?? ""]
        let insets = e.device?.safeAreaInsets ?? WireInsets()
        out["safeAreaInsets"] = [insets.top, insets.leading, insets.bottom, insets.trailing]
        out["keyboardHeight"] = live.keyboardHeight ?? 0
        out["live"] = liveJSON()
        if let s = startToPixels { out["startToPixelsMs"] = s * 1000 }
        switch status {
        case .ready: out["status"] = "ready"
        case .compileFailed(let errors):
            out["status"] = "compileFailed"
            out["errors"] = errors.map { ["file": $0.file, "line": $0.line, "column": $0.column, "message": $0.message] }
        case .agentFailed(let f):
            out["status"] = {
                switch f {
                case .timedOut, .tooLong: "timedOut"
                case .memoryLimit, .cpuLimit, .processLimit: "overLimit"
                case .crashed, .broken: "crashed"
                }
            }()
            out["message"] = f.description
        case .setupFailed(let m):
            out["status"] = "setupFailed"
            out["message"] = m
        }
        return out
    }

    static func abbreviated(_ path: String) -> String {
        let home = NSHomeDirectory()
        return path.hasPrefix(home + "/") ? "~" + path.dropFirst(home.count) : path
    }
}

/// The time since this process started, from the kernel's record of it.
enum ProcessStart {
    static func elapsed() -> Double? {
        // /proc/self/stat field 22: start time in clock ticks after boot.
        guard let stat = try? String(contentsOfFile: "/proc/self/stat", encoding: .utf8),
              let close = stat.lastIndex(of: ")") else { return nil }
        let fields = stat[stat.index(after: close)...].split(separator: " ")
        guard fields.count > 19, let ticks = Double(fields[19]) else { return nil }
        var ts = timespec()
        clock_gettime(CLOCK_BOOTTIME, &ts)
        let uptime = Double(ts.tv_sec) + Double(ts.tv_nsec) / 1e9
        return uptime - ticks / Double(sysconf(Int32(_SC_CLK_TCK)))
    }
}

/// Hands a finished build from its thread to the main loop.
private final class BuildBox: @unchecked Sendable {
    private let lock = NSLock()
    private var value: (PreviewService.ReloadOutcome, AgentConnection?)?
    func put(_ v: (PreviewService.ReloadOutcome, AgentConnection?)) { lock.withLock { value = v } }
    func take() -> (PreviewService.ReloadOutcome, AgentConnection?)? { lock.withLock { defer { value = nil }; return value } }
}
