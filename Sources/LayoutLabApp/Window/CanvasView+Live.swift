import CGtk
import Foundation
import SwiftUI
import LayoutLabCore
import PreviewProtocol

/// A press of the primary button on a live preview: a tap when released where it went down,
/// a drag once it moves further than `CanvasView.liveDragThreshold`.
struct LivePress {
    /// Where it went down (widget coordinates).
    var start: CGPoint
    /// The click count GTK gave the press (2 for the second press of a double click).
    var count: Int
    /// The drag offset (widget pixels) already sent, once it became a drag.
    var sent: CGPoint?
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
    /// the same point without one: whichever runs first starts the press).
    func livePressed(count: Int?, at point: CGPoint) {
        gtk_widget_grab_focus(area)
        if var press = livePress, press.start == point, press.sent == nil {
            if let count { press.count = count }
            livePress = press
            return
        }
        livePress = LivePress(start: point, count: count ?? 1)
    }

    /// Sends the drag so far, from where the last step ended: the agent applies each step as it
    /// comes, so a Slider follows the pointer (one request at a time; steps made meanwhile merge).
    func liveDragged(by offset: CGPoint) {
        guard var press = livePress else { return }
        if press.sent == nil {
            guard hypot(offset.x, offset.y) >= Self.liveDragThreshold else { return }
            press.sent = .zero
        }
        let sent = press.sent ?? .zero
        guard offset != sent else { return }
        let from = toRoot(CGPoint(x: press.start.x + sent.x, y: press.start.y + sent.y))
        let z = CGFloat(zoom)
        onLiveEvent(.drag(x: Double(from.x), y: Double(from.y), dx: Double((offset.x - sent.x) / z), dy: Double((offset.y - sent.y) / z)))
        press.sent = offset
        livePress = press
    }

    /// The primary button came up: the end of a drag, or a tap (with the press's click count)
    /// where the press went down — a Button acts on release, as in SwiftUI.
    func liveReleased(offset: CGPoint) {
        guard let press = livePress else { return }
        if press.sent != nil {
            liveDragged(by: offset)
        } else {
            let p = toRoot(press.start)
            onLiveEvent(.tap(x: Double(p.x), y: Double(p.y), count: max(1, press.count)))
        }
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
