import CGtk
import Foundation
import SwiftUI
import LayoutLabCore
import PreviewProtocol

/// A press of the primary button on a live preview. Its press, motion and release go to the
/// agent as they happen (`WireEvent.pointer`): the preview decides what they are (a tap, a
/// Slider's drag, a scroll, a drag or long press gesture), as iOS does with a touch.
struct LivePress {
    /// Where it went down (widget coordinates).
    var start: CGPoint
    /// The click count (2 for the second press of a double click).
    var count: Int
    /// Whether the press went to the agent (the click gesture and the drag gesture both see
    /// it go down; it goes once both have, with the click count).
    var downSent = false
    /// The last offset (widget pixels) sent as a move.
    var sent: CGPoint = .zero
}

/// A pinch on a live preview: a touchpad's two-finger zoom or rotation, or Ctrl+wheel (a notch
/// is ×1.1; Ctrl+Shift+wheel turns 5° a notch) merged into one pinch until the wheel rests.
struct LivePinch {
    /// Where it began, in the preview's coordinates.
    var point: CGPoint
    var scale = 1.0, degrees = 0.0
    /// Nothing in the preview magnifies or rotates there: the canvas zooms instead.
    var rejected = false
    /// Made with the wheel (it ends after a rest).
    var wheel = false
    var lastNotch = 0.0
    /// The canvas's zoom when it began (a rejected pinch zooms from it).
    var startZoom = 1.0
}

/// Where the agent's answer that a pinch reached no gesture goes: the canvas that sent it.
@MainActor enum LivePinchFallback {
    static var handler: (() -> Void)?
}

/// Input on a running preview: the person's clicks, drags, wheel and keys become `WireEvent`s
/// in the preview's coordinates (through the canvas's transform: centring, zoom and pan), sent
/// by the window to the agent. Nothing here waits for the agent.
extension CanvasView {
    /// How far (widget pixels) a press moves before it is a drag rather than a click: GTK's own
    /// drag threshold is larger (8 px), but a Slider should follow the pointer early.
    static let liveDragThreshold = 4.0
    /// Points scrolled per wheel notch (GTK reports notches as 1; smooth scrolling in fractions).
    static let liveScrollStep = 40.0

    /// Whether Ctrl is down in the event a controller is handling now.
    static func controlHeld(_ controller: some GPointer) -> Bool {
        gtk_event_controller_get_current_event_state(lab_event_controller(controller.raw)).rawValue & GDK_CONTROL_MASK.rawValue != 0
    }

    static func isControlKey(_ keyval: UInt32) -> Bool {
        keyval == UInt32(GDK_KEY_Control_L) || keyval == UInt32(GDK_KEY_Control_R)
    }

    /// Ctrl went down or up: in Live mode it turns the canvas into an inspector while held
    /// (crosshair, hover badge, clicks select).
    func setInspectHeld(_ held: Bool, redraw: Bool = true) {
        guard held != inspectHeld else { return }
        inspectHeld = held
        if held, runsLive() { onInspectLive() }
        guard redraw, runsLive() else { return }
        gtk_widget_set_cursor_from_name(area, held ? "crosshair" : nil)
        hover(at: held ? lastPointerPosition : nil)
    }

    /// Live or Select was chosen: the hover badge and cursor follow.
    func interactionModeChanged() {
        livePress = nil
        gtk_widget_set_cursor_from_name(area, nil)
        hover(at: runsLive() ? nil : lastPointerPosition)
        gtk_widget_queue_draw(area)
    }

    /// The primary button went down (the click gesture gives the count, the drag gesture
    /// the same point without one): the press goes to the agent once both have seen it.
    func livePressed(count: Int?, at point: CGPoint) {
        gtk_widget_grab_focus(area)
        if var press = livePress, press.start == point, !press.downSent {
            if let count { press.count = count }
            livePress = press
            return
        }
        if let press = livePress, press.downSent { sendLivePointer("cancel", at: press.start) }
        livePress = LivePress(start: point, count: count ?? 1)
        addTimeout(milliseconds: 0) { [weak self] in
            self?.sendLiveDown()
            return false
        }
    }

    /// Sends the press in progress, if it has not gone yet.
    func sendLiveDown() {
        guard var press = livePress, !press.downSent else { return }
        press.downSent = true
        livePress = press
        sendLivePointer("down", at: press.start, count: press.count)
    }

    /// A pointer event at a widget point, in the preview's coordinates, timed on the canvas's
    /// clock (the agent measures velocities with it).
    func sendLivePointer(_ phase: String, at point: CGPoint, count: Int = 1) {
        let p = toRoot(point)
        onLiveEvent(.pointer(phase: phase, x: Double(p.x), y: Double(p.y), count: count, time: monotonicSeconds()))
    }

    /// The press moved: the agent gets where it is now (moves merge while a request is out, so
    /// a fast drag costs one request per reply).
    func liveDragged(by offset: CGPoint) {
        sendLiveDown()
        guard var press = livePress, offset != press.sent else { return }
        press.sent = offset
        livePress = press
        sendLivePointer("move", at: CGPoint(x: press.start.x + offset.x, y: press.start.y + offset.y))
    }

    /// The primary button came up: the release (a tap when it is near the press — a Button acts
    /// on release, as in SwiftUI).
    func liveReleased(offset: CGPoint) {
        sendLiveDown()
        guard let press = livePress else { return }
        sendLivePointer("up", at: CGPoint(x: press.start.x + offset.x, y: press.start.y + offset.y))
        livePress = nil
    }

    /// A primary-button drag gesture beside the click gesture: it sees the press move and come
    /// up. Presses on the proposal box's handles (or with space or Ctrl held) are not the
    /// preview's.
    func installLiveDrag() {
        let gesture = gtk_gesture_drag_new()!
        connectPoint(gesture, "drag-begin") { [unowned self] x, y in
            let point = CGPoint(x: x, y: y)
            guard self.runsLive(), !Self.controlHeld(gesture), self.proposalHandle(at: point).isEmpty else {
                self.livePress = nil
                return
            }
            self.livePressed(count: nil, at: point)
        }
        connectPoint(gesture, "drag-update") { [unowned self] dx, dy in
            guard self.runsLive() else { return }
            self.liveDragged(by: CGPoint(x: dx, y: dy))
        }
        connectPoint(gesture, "drag-end") { [unowned self] dx, dy in
            guard self.runsLive() else { self.livePress = nil; return }
            self.liveReleased(offset: CGPoint(x: dx, y: dy))
        }
        gtk_widget_add_controller(area, lab_event_controller(gesture.raw))
    }

    // MARK: Pinches

    /// A Ctrl+wheel notch over a live preview: part of a pinch at the pointer (`rotate`:
    /// Ctrl+Shift, a rotation). Returns false when the canvas should zoom as usual.
    func liveWheelPinch(dy: Double, rotate: Bool) -> Bool {
        guard dy.isFinite, dy != 0, let pointer = lastPointerPosition else { return false }
        let t = monotonicSeconds()
        if livePinch == nil { beginLivePinch(at: pointer, wheel: true) }
        guard var pinch = livePinch, pinch.wheel else { return false }
        if rotate { pinch.degrees += -dy * 5 } else { pinch.scale *= pow(1.1, -dy) }
        pinch.lastNotch = t
        livePinch = pinch
        if pinch.rejected {
            if !rotate { setZoom(zoom * pow(1.1, -dy), about: pointer) }
        } else {
            sendLivePinch("changed", pinch)
        }
        // The pinch ends when the wheel has rested this long.
        addTimeout(milliseconds: 300) { [weak self] in
            guard let self, let p = self.livePinch, p.wheel, monotonicSeconds() - p.lastNotch >= 0.29 else { return false }
            self.endLivePinch()
            return false
        }
        return true
    }

    /// Starts a pinch at a widget point: the agent hears it began; the canvas learns through
    /// `LivePinchFallback` if nothing there magnifies or rotates.
    func beginLivePinch(at point: CGPoint, wheel: Bool) {
        var pinch = LivePinch(point: toRoot(point))
        pinch.wheel = wheel
        pinch.startZoom = zoom
        livePinch = pinch
        LivePinchFallback.handler = { [weak self] in self?.livePinchRejected() }
        sendLivePinch("began", pinch)
    }

    /// A touchpad pinch changed (its scale and rotation since it began).
    func liveTouchpadPinch(scale: Double?, degrees: Double?) {
        guard var pinch = livePinch, !pinch.wheel else { return }
        if let scale, scale.isFinite, scale > 0 { pinch.scale = scale }
        if let degrees, degrees.isFinite { pinch.degrees = degrees }
        livePinch = pinch
        if pinch.rejected { setZoom(pinch.startZoom * pinch.scale) } else { sendLivePinch("changed", pinch) }
    }

    func endLivePinch() {
        guard let pinch = livePinch else { return }
        livePinch = nil
        if !pinch.rejected { sendLivePinch("ended", pinch) }
    }

    /// Nothing under the pinch magnifies or rotates: the canvas zooms by it, as outside Live.
    func livePinchRejected() {
        guard var pinch = livePinch, !pinch.rejected else { return }
        pinch.rejected = true
        livePinch = pinch
        if pinch.scale != 1 { setZoom(pinch.startZoom * pinch.scale, about: lastPointerPosition) }
    }

    private func sendLivePinch(_ phase: String, _ pinch: LivePinch) {
        onLiveEvent(.transform(phase: phase, x: Double(pinch.point.x), y: Double(pinch.point.y), scale: pinch.scale,
                               degrees: pinch.degrees, time: monotonicSeconds()))
    }

    /// The wheel over a live preview scrolls it, at the pointer (Ctrl+wheel still zooms).
    func liveScroll(dx: Double, dy: Double) {
        guard dx.isFinite, dy.isFinite, let pointer = lastPointerPosition else { return }
        let p = toRoot(pointer)
        onLiveEvent(.scroll(x: Double(p.x), y: Double(p.y), dx: dx * Self.liveScrollStep, dy: dy * Self.liveScrollStep))
    }

    /// Pans the canvas by a live scroll (points) the preview did not use, as the wheel pans it
    /// in Select mode (24 pixels a notch).
    func panByLiveScroll(dx: Double, dy: Double) {
        panBy(dx: -dx / Self.liveScrollStep * 24, dy: -dy / Self.liveScrollStep * 24)
    }

    /// A key pressed while the canvas has the focus, running live: Return, BackSpace, Escape and
    /// Tab by name, printable characters as typed text. Keys with Ctrl or Alt are the window's
    /// (its shortcuts); Shift+Tab moves the focus out of the canvas as usual. Returns whether the
    /// key went to the preview.
    func liveKey(_ keyval: UInt32, state: GdkModifierType) -> Bool {
        if state.rawValue & (GDK_CONTROL_MASK.rawValue | GDK_ALT_MASK.rawValue) != 0 { return false }
        if let name = Self.liveKeyName(keyval) {
            onLiveEvent(.key(name: name))
            return true
        }
        let scalar = gdk_keyval_to_unicode(keyval)
        guard scalar >= 0x20, scalar != 0x7F, let u = Unicode.Scalar(scalar) else { return false }
        onLiveEvent(.type(text: String(Character(u))))
        return true
    }

    /// The wire name (`LiveKey`) of the keys a live preview handles by name.
    static func liveKeyName(_ keyval: UInt32) -> String? {
        let names: [(Int, String)] = [(Int(GDK_KEY_Return), "return"), (Int(GDK_KEY_KP_Enter), "return"), (Int(GDK_KEY_ISO_Enter), "return"),
                                      (Int(GDK_KEY_BackSpace), "backspace"), (Int(GDK_KEY_Escape), "escape"),
                                      (Int(GDK_KEY_Tab), "tab"), (Int(GDK_KEY_KP_Tab), "tab")]
        return names.first { $0.0 == Int(keyval) }?.1
    }
}
