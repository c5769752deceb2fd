import CGtk
import Foundation
import SwiftUI
import LayoutLabCore
import PreviewHost
import PreviewProtocol

/// Whether clicks on a person's preview run it or select views for the inspector.
enum InteractionMode: String {
    /// Clicks, drags, the wheel and keys go to the preview's controls, as in Xcode's live canvas.
    case live
    /// Clicks select views for the inspector (what the window always did).
    case select
}

/// The window's side of a live preview: the events the person made that have not reached the
/// agent yet, the batch the agent is working on, and what the last replies said.
///
/// The agent answers one request at a time, and a frame must never wait on it, so events are
/// queued while a request (a layout or an earlier batch) is in flight and go together as the
/// next batch when its reply comes; consecutive drag steps, scrolls and typing merge, so a
/// fast drag costs one request per reply, never one per pointer motion.
struct LiveChannel {
    /// The mode the header's switch shows (Live unless the person chose Select).
    var mode = InteractionMode.live
    /// The preview (catalog index) the queued events are for.
    private(set) var target: Int?
    /// Events made since the last batch went, in order, merged where that changes nothing.
    private(set) var queue: [WireEvent] = []
    /// A reset (Ctrl+R) waits to go before the queued events.
    private(set) var resetQueued = false
    /// The batch the agent is working on (nil: the request in flight, if any, is a layout).
    var inFlight: LiveBatch?
    /// What the preview reported running (each once, as the last reply listed them).
    var runtimeIssues: [String] = []
    /// Issues listed before the last reset: the agent keeps listing them (its list lasts as
    /// long as the preview's graph), but they belong to the state that was reset.
    var issuesBeforeReset: Set<String> = []
    /// Counters and the last reply, for automation and tests.
    var batchesSent = 0, repliesReceived = 0, changes = 0
    var lastAnimation: WireAnimation?
    var lastFailure: String?
    /// The last live layout the agent sent, by its number and preview: the next event request
    /// names it, and the agent answers with what changed since (a patch, applied to it here).
    var held: (target: Int, number: UInt64, result: LayoutResult)?
    /// Replies that came as patches, for automation and tests.
    var patchesApplied = 0
    /// The held layout after which a detailed one was asked for (inspection), so it is asked once.
    var detailedAfter: UInt64?
    /// A step of time is due for the preview's running tasks (`keepTimeRunning`).
    var tickScheduled = false
    /// A wait is due for a gesture of the press in progress (`letGestureTimePass`).
    var gestureTickScheduled = false
    /// The on-screen keyboard's height while the last reply said it is up (a text field has
    /// focus on a device with a keyboard); the canvas draws its placeholder.
    var keyboardHeight: Double?

    var hasWork: Bool { resetQueued || !queue.isEmpty }

    /// Queues `event` for preview `index`; events for another preview are dropped (the person
    /// switched previews before they went).
    mutating func append(_ event: WireEvent, for index: Int) {
        if target != index {
            queue = []
            resetQueued = false
            target = index
        }
        if let last = queue.last, let merged = Self.merge(last, event) {
            queue[queue.count - 1] = merged
        } else {
            queue.append(event)
        }
    }

    /// Queues events at the front (those a failed batch did not reach).
    mutating func prepend(_ events: [WireEvent], for index: Int) {
        guard target == index || target == nil else { return }
        target = index
        queue = events + queue
    }

    /// Queues a reset of preview `index`: events made before it are moot.
    mutating func appendReset(for index: Int) {
        target = index
        queue = []
        resetQueued = true
    }

    /// Takes the next batch to send: the reset alone, or every queued event.
    mutating func takeBatch() -> LiveBatch? {
        guard let target, hasWork else { return nil }
        if resetQueued {
            resetQueued = false
            return LiveBatch(target: target, events: [], isReset: true)
        }
        defer { queue = [] }
        return LiveBatch(target: target, events: queue, isReset: false)
    }

    /// Forgets what was queued and in flight (a new agent, a crashed one).
    mutating func dropAll() {
        queue = []
        resetQueued = false
        inFlight = nil
        target = nil
        held = nil
    }

    /// One event doing what `a` then `b` do, when there is one: a drag step continuing the
    /// previous one, more scrolling at the same point, more typing, a pointer's or a pinch's moves.
    static func merge(_ a: WireEvent, _ b: WireEvent) -> WireEvent? {
        switch (a, b) {
        case let (.drag(x, y, dx, dy), .drag(x2, y2, dx2, dy2)) where abs(x + dx - x2) < 0.01 && abs(y + dy - y2) < 0.01:
            return .drag(x: x, y: y, dx: dx + dx2, dy: dy + dy2)
        case let (.scroll(x, y, dx, dy), .scroll(x2, y2, dx2, dy2)) where x == x2 && y == y2:
            return .scroll(x: x, y: y, dx: dx + dx2, dy: dy + dy2)
        case let (.type(a), .type(b)):
            return .type(text: a + b)
        // Pointer moves are positions: the later one says where the press is (its time keeps
        // the velocity right).
        case (.pointer("move", _, _, _, _), .pointer("move", _, _, _, _)):
            return b
        case (.transform("changed", _, _, _, _, _), .transform("changed", _, _, _, _, _)):
            return b
        default:
            return nil
        }
    }
}

/// Events sent together to one preview in one request.
struct LiveBatch {
    var target: Int
    var events: [WireEvent]
    var isReset: Bool
}

extension PreviewController {
    /// How often a live request in flight is checked for its reply (ms): often enough that a
    /// tap shows on the next frame or the one after, without ever blocking a frame.
    static let livePollInterval: UInt32 = 4

    /// Whether the canvas runs the preview now: Live is chosen and a person's preview is shown
    /// (built-in scenes are not anyone's code: they are only inspected).
    func runsLive(_ session: LabSession) -> Bool {
        live.mode == .live && showsPreview(session)
    }

    /// Sends `event` (in the preview's coordinates) to the preview shown, now or when the
    /// agent is free.
    func sendLive(_ event: WireEvent, session: LabSession) {
        guard showsPreview(session) else { return }
        live.append(event, for: session.state.sceneIndex)
        flushLive()
    }

    /// Ctrl+R on a person's preview: its state starts over (its initial layout comes back, a jump).
    func resetLive(session: LabSession) {
        guard showsPreview(session) else { return }
        live.appendReset(for: session.state.sceneIndex)
        flushLive()
    }

    /// Sends the next batch if the agent is free; its reply is picked up without waiting
    /// (`pollAgent`, every `livePollInterval` ms while it is out).
    func flushLive() {
        guard let connection = service.connection, connection.isRunning, !connection.isBusy, let host else { return }
        guard let batch = live.takeBatch() else { return }
        let session = host.session
        let request = AgentRequest(operation: batch.isReset ? .reset : .event, id: 0, target: .preview(batch.target),
                                   proposal: session.state.proposal(canvas: session.canvasSize), detailed: true,
                                   events: batch.isReset ? nil : batch.events,
                                   heldResult: live.held.flatMap { $0.target == batch.target ? $0.number : nil },
                                   environment: wireEnvironment)
        live.batchesSent += 1
        live.inFlight = batch
        do {
            if let reply = try connection.request(request, wait: 0) {
                live.inFlight = nil
                acceptLive(reply, batch: batch)
                sendWaiting()
            } else {
                pollWhileLiveRequestIsOut()
            }
        } catch {
            agentFailed(error)
        }
    }

    /// Polls the agent every few milliseconds until the live batch's reply has come.
    private func pollWhileLiveRequestIsOut() {
        addTimeout(milliseconds: Self.livePollInterval) { [weak self] in
            guard let self, self.live.inFlight != nil else { return false }
            self.pollAgent()
            return self.live.inFlight != nil
        }
    }

    /// Shows what a batch did: its layout, animated with the animation the change asked for
    /// (nil: a jump); runtime issues in the problems panel. An event that reached nothing is
    /// no error for the person (a click beside a button does nothing): the events after it
    /// were not applied, so they go again; a double click where nothing takes double taps is
    /// a second single click (as a quick second click on a Button counts on a phone).
    func acceptLive(_ reply: AgentReply, batch: LiveBatch) {
        live.repliesReceived += 1
        if let error = reply.error {
            // A malformed request or an unknown preview: the window's fault, not the person's.
            Diagnostics.report("preview: \(error)")
        }
        guard let host else { return }
        let report = reply.live
        acceptLiterals(batch, report)
        if let report {
            if report.changed { live.changes += 1 }
            // Drawn with the layout this reply brings (`host.changed()` below).
            live.keyboardHeight = report.keyboardHeight
            live.lastAnimation = report.animation
            live.lastFailure = report.failure
            if batch.isReset { live.issuesBeforeReset = Set(report.runtimeIssues) }
            let issues = report.runtimeIssues.filter { !live.issuesBeforeReset.contains($0) }
            if issues != live.runtimeIssues {
                live.runtimeIssues = issues
                showStatus()
            }
            if let failed = report.failedEvent, batch.events.indices.contains(failed) {
                // A scroll that no scroll view of the preview took goes on to the canvas, as an
                // inner scroller hands what it does not use to the one around it.
                if case let .scroll(_, _, dx, dy) = batch.events[failed] { onUnusedScroll(dx, dy) }
                // A pinch that reached no magnify or rotate gesture zooms the canvas instead.
                if case .transform = batch.events[failed] { LivePinchFallback.handler?() }
                var rest = Array(batch.events[(failed + 1)...])
                if case let .tap(x, y, count) = batch.events[failed], count == 2 { rest.insert(.tap(x: x, y: y, count: 1), at: 0) }
                if !rest.isEmpty { live.prepend(rest, for: batch.target) }
            }
        }
        let result: LayoutResult?
        do {
            result = try reply.layout(applyingTo: live.held.flatMap { $0.target == batch.target ? $0.result : nil })
        } catch {
            // A patch that does not fit what is held: ask for the whole layout.
            Diagnostics.report("preview: \(error)")
            live.held = nil
            wantsLayout = true
            return
        }
        if let result, let number = reply.resultNumber {
            live.held = (batch.target, number, result)
            if reply.patch != nil { live.patchesApplied += 1 }
        }
        if (report?.runningTasks ?? 0) > 0 { keepTimeRunning(for: batch.target) }
        if let deadline = report?.gestureDeadline { letGestureTimePass(deadline, for: batch.target) }
        // The person may have switched to another preview meanwhile: its layout is not this one.
        guard let result, host.session.state.sceneIndex == batch.target, showsPreview(host.session) else { return }
        host.session.applyLiveResult(result, animation: report?.animation?.animation, now: host.now())
        host.changed()
    }

    /// How often, and how much, time passes for a preview's running tasks: the agent runs them
    /// only while it handles a request (it waits for the next one otherwise), so while any
    /// runs, the window sends a short wait every tick in which nothing else goes.
    static let taskTickInterval: UInt32 = 100
    static let taskTickSeconds = 0.05

    /// Lets time pass for the running tasks of preview `target`, a step at a time, while it is
    /// shown live and nothing else is queued or in flight.
    func keepTimeRunning(for target: Int) {
        guard !live.tickScheduled else { return }
        live.tickScheduled = true
        addTimeout(milliseconds: Self.taskTickInterval) { [weak self] in
            guard let self else { return false }
            self.live.tickScheduled = false
            guard let host = self.host, self.runsLive(host.session), host.session.state.sceneIndex == target,
                  !host.session.isTimePaused, !self.live.hasWork, self.live.inFlight == nil else { return false }
            self.sendLive(.wait(seconds: Self.taskTickSeconds), session: host.session)
            return false
        }
    }

    /// The window's clock stopped or runs again: while stopped, the preview's tasks and
    /// timelines are not run; running again, a wait learns whether any still run (its reply
    /// starts the ticks again). Their clock is the agent's real one (`Task.sleep` cannot be
    /// stepped), so Step moves animations only, and what fell due meanwhile runs on release.
    func timePausedChanged(_ paused: Bool, session: LabSession) {
        guard !paused, runsLive(session) else { return }
        sendLive(.wait(seconds: 0), session: session)
    }

    /// A gesture of the press in progress needs `seconds` to pass (a long press held to its
    /// minimum duration): a wait goes then, so it is recognized while the button is still down.
    func letGestureTimePass(_ seconds: Double, for target: Int) {
        guard seconds.isFinite, !live.gestureTickScheduled else { return }
        live.gestureTickScheduled = true
        addTimeout(milliseconds: UInt32(min(max(seconds, 0), 60) * 1000) + 5) { [weak self] in
            guard let self else { return false }
            self.live.gestureTickScheduled = false
            guard let host = self.host, self.runsLive(host.session), host.session.state.sceneIndex == target else { return false }
            self.sendLive(.wait(seconds: 0), session: host.session)
            return false
        }
    }

    /// Live state for automation and tests (`preview-status`).
    func liveJSON() -> [String: Any] {
        var out: [String: Any] = [
            "mode": live.mode.rawValue, "queued": live.hasWork, "inFlight": live.inFlight != nil,
            "batchesSent": live.batchesSent, "replies": live.repliesReceived, "changes": live.changes,
            "patches": live.patchesApplied,
            "runtimeIssues": live.runtimeIssues, "lastFailure": live.lastFailure ?? "",
        ]
        if let host { out["running"] = runsLive(host.session) }
        if let a = live.lastAnimation {
            out["lastAnimation"] = ["kind": a.kind, "duration": a.duration ?? -1, "response": a.response ?? -1]
        }
        return out
    }

    // MARK: The header's switch

    /// Live | Select, beside the scene picker: linked toggle buttons, one always down.
    func makeLiveSwitch() -> Widget {
        let liveButton = gtk_toggle_button_new_with_label("Live")!
        let selectButton = gtk_toggle_button_new_with_label("Select")!
        gtk_toggle_button_set_group(lab_toggle_button(selectButton), lab_toggle_button(liveButton))
        gtk_toggle_button_set_active(lab_toggle_button(live.mode == .live ? liveButton : selectButton), 1)
        gtk_widget_set_tooltip_text(liveButton, "Run your preview: clicks, drags, the wheel and typing go to its controls (hold Ctrl to inspect; Ctrl+R starts it over)")
        gtk_widget_set_tooltip_text(selectButton, "Inspect your preview: clicks select views for the inspector")
        connect(liveButton, "toggled") { [weak self] in
            guard let self else { return }
            self.setMode(gtk_toggle_button_get_active(lab_toggle_button(liveButton)) != 0 ? .live : .select)
        }
        liveSwitchButtons = (liveButton, selectButton)
        let box = UI.linked([liveButton, selectButton])
        liveSwitch = box
        return box
    }

    /// Switches between Live and Select (the switch, a script).
    func setMode(_ mode: InteractionMode) {
        guard mode != live.mode else { return }
        live.mode = mode
        if let buttons = liveSwitchButtons {
            let button = mode == .live ? buttons.live : buttons.select
            if gtk_toggle_button_get_active(lab_toggle_button(button)) == 0 { gtk_toggle_button_set_active(lab_toggle_button(button), 1) }
        }
        onModeChanged()
        if mode == .select { fetchDetailsForInspection() }
    }

    /// An event's layout has no size ranges and no trace (they cost a tenth of a tap's time at
    /// thousands of views); when the person inspects (Select chosen, Ctrl held), the preview is
    /// laid out again in full, once.
    func fetchDetailsForInspection() {
        guard let host, showsPreview(host.session), let held = live.held, held.target == host.session.state.sceneIndex,
              held.result.views.first?.minSize == nil, live.detailedAfter != held.number else { return }
        live.detailedAfter = held.number
        wantsLayout = true
        if service.connection?.isBusy != true { sendWaiting() }
    }

    /// Icons (a play triangle, a crosshair) instead of the words, for narrow windows.
    func setSwitchCompact(_ compact: Bool) {
        guard let buttons = liveSwitchButtons else { return }
        if compact {
            gtk_button_set_icon_name(lab_button(buttons.live), "media-playback-start-symbolic")
            gtk_button_set_icon_name(lab_button(buttons.select), "find-location-symbolic")
        } else {
            gtk_button_set_label(lab_button(buttons.live), "Live")
            gtk_button_set_label(lab_button(buttons.select), "Select")
        }
    }

    /// The switch applies to the person's previews; a built-in scene is only inspected.
    func syncLiveSwitch(_ session: LabSession) {
        guard let liveSwitch else { return }
        let own = showsPreview(session)
        gtk_widget_set_sensitive(liveSwitch, own ? 1 : 0)
        gtk_widget_set_tooltip_text(liveSwitch, own ? nil : "Built-in scenes are inspected: pick one of your previews to run it")
    }
}
