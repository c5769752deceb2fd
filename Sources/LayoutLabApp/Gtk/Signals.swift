import CGtk
import Foundation

/// A GTK widget pointer, the currency of the GTK helpers.
typealias Widget = UnsafeMutablePointer<GtkWidget>

/// Any GObject pointer as imported (typed or opaque), convertible to `gpointer`.
protocol GPointer { var raw: UnsafeMutableRawPointer { get } }
extension OpaquePointer: GPointer { var raw: UnsafeMutableRawPointer { UnsafeMutableRawPointer(self) } }
extension UnsafeMutablePointer: GPointer { var raw: UnsafeMutableRawPointer { UnsafeMutableRawPointer(self) } }
extension UnsafeMutableRawPointer: GPointer { var raw: UnsafeMutableRawPointer { self } }

/// Holds a Swift closure for a C callback. Passed **retained** as user data and released in
/// the `GClosureNotify`/`GDestroyNotify` that GTK calls when the handler goes away
/// (freeing it from a Swift deinit gave use-after-free crashes elsewhere).
final class CallbackBox<T>: @unchecked Sendable {
    let callback: T
    init(_ callback: T) { self.callback = callback }
    var retainedPointer: UnsafeMutableRawPointer { Unmanaged.passRetained(self).toOpaque() }
    static func from(_ pointer: UnsafeMutableRawPointer?) -> CallbackBox<T> {
        Unmanaged<CallbackBox<T>>.fromOpaque(pointer!).takeUnretainedValue()
    }
}

typealias VoidHandler = @MainActor () -> Void
typealias BoolHandler = @MainActor () -> Bool
typealias SizeHandler = @MainActor (Int, Int) -> Void
typealias PressHandler = @MainActor (Int, Double, Double) -> Void
typealias IntHandler = @MainActor (Int) -> Void

/// Releases a box passed as closure data (a `GClosureNotify`).
private let releaseClosureBox: GClosureNotify = { data, _ in
    guard let data else { return }
    Unmanaged<AnyObject>.fromOpaque(data).release()
}
/// Releases a box passed as callback data (a `GDestroyNotify`).
let releaseDestroyBox: GDestroyNotify = { data in
    guard let data else { return }
    Unmanaged<AnyObject>.fromOpaque(data).release()
}

@discardableResult
private func connectRaw(_ instance: UnsafeMutableRawPointer, _ signal: String, _ thunk: GCallback, _ data: UnsafeMutableRawPointer) -> gulong {
    g_signal_connect_data(instance, signal, thunk, data, releaseClosureBox, GConnectFlags(rawValue: 0))
}

/// Connects a handler to a signal whose C signature is `void (*)(Instance*, gpointer)`
/// (`clicked`, `value-changed`, `toggled`, `activate`, …).
@discardableResult
func connect(_ instance: some GPointer, _ signal: String, _ handler: @escaping VoidHandler) -> gulong {
    let thunk: @convention(c) (UnsafeMutableRawPointer?, UnsafeMutableRawPointer?) -> Void = { _, data in
        let box = CallbackBox<VoidHandler>.from(data)
        MainActor.assumeIsolated { box.callback() }
    }
    return connectRaw(instance.raw, signal, unsafeBitCast(thunk, to: GCallback.self), CallbackBox(handler).retainedPointer)
}

/// Connects a handler to a GtkGesture's `begin` or `end`, whose C signature is
/// `void (*)(GtkGesture*, GdkEventSequence*, gpointer)` (the sequence is not passed on).
@discardableResult
func connectGestureSequence(_ instance: some GPointer, _ signal: String, _ handler: @escaping VoidHandler) -> gulong {
    let thunk: @convention(c) (UnsafeMutableRawPointer?, UnsafeMutableRawPointer?, UnsafeMutableRawPointer?) -> Void = { _, _, data in
        let box = CallbackBox<VoidHandler>.from(data)
        MainActor.assumeIsolated { box.callback() }
    }
    return connectRaw(instance.raw, signal, unsafeBitCast(thunk, to: GCallback.self), CallbackBox(handler).retainedPointer)
}

/// Connects a handler to a property change (`notify::<property>`).
@discardableResult
func connectNotify(_ instance: some GPointer, _ property: String, _ handler: @escaping VoidHandler) -> gulong {
    let thunk: @convention(c) (UnsafeMutableRawPointer?, UnsafeMutableRawPointer?, UnsafeMutableRawPointer?) -> Void = { _, _, data in
        let box = CallbackBox<VoidHandler>.from(data)
        MainActor.assumeIsolated { box.callback() }
    }
    return connectRaw(instance.raw, "notify::\(property)", unsafeBitCast(thunk, to: GCallback.self), CallbackBox(handler).retainedPointer)
}

/// Connects a handler returning a gboolean to a `gboolean (*)(Instance*, gpointer)` signal
/// (`close-request`).
@discardableResult
func connectBool(_ instance: some GPointer, _ signal: String, _ handler: @escaping BoolHandler) -> gulong {
    let thunk: @convention(c) (UnsafeMutableRawPointer?, UnsafeMutableRawPointer?) -> gboolean = { _, data in
        let box = CallbackBox<BoolHandler>.from(data)
        return MainActor.assumeIsolated { box.callback() ? 1 : 0 }
    }
    return connectRaw(instance.raw, signal, unsafeBitCast(thunk, to: GCallback.self), CallbackBox(handler).retainedPointer)
}

/// Connects to a `void (*)(Instance*, int, gpointer)` signal (`response` of native dialogs).
@discardableResult
func connectInt(_ instance: some GPointer, _ signal: String, _ handler: @escaping IntHandler) -> gulong {
    let thunk: @convention(c) (UnsafeMutableRawPointer?, Int32, UnsafeMutableRawPointer?) -> Void = { _, value, data in
        let box = CallbackBox<IntHandler>.from(data)
        MainActor.assumeIsolated { box.callback(Int(value)) }
    }
    return connectRaw(instance.raw, signal, unsafeBitCast(thunk, to: GCallback.self), CallbackBox(handler).retainedPointer)
}

/// Connects to GtkDrawingArea's `resize` (`void (*)(GtkDrawingArea*, int, int, gpointer)`).
@discardableResult
func connectResize(_ instance: some GPointer, _ handler: @escaping SizeHandler) -> gulong {
    let thunk: @convention(c) (UnsafeMutableRawPointer?, Int32, Int32, UnsafeMutableRawPointer?) -> Void = { _, w, h, data in
        let box = CallbackBox<SizeHandler>.from(data)
        MainActor.assumeIsolated { box.callback(Int(w), Int(h)) }
    }
    return connectRaw(instance.raw, "resize", unsafeBitCast(thunk, to: GCallback.self), CallbackBox(handler).retainedPointer)
}

/// Connects to GtkGestureClick's `pressed` (`void (*)(GtkGestureClick*, int, double, double, gpointer)`).
@discardableResult
func connectPressed(_ instance: some GPointer, _ handler: @escaping PressHandler) -> gulong {
    let thunk: @convention(c) (UnsafeMutableRawPointer?, Int32, Double, Double, UnsafeMutableRawPointer?) -> Void = { _, n, x, y, data in
        let box = CallbackBox<PressHandler>.from(data)
        MainActor.assumeIsolated { box.callback(Int(n), x, y) }
    }
    return connectRaw(instance.raw, "pressed", unsafeBitCast(thunk, to: GCallback.self), CallbackBox(handler).retainedPointer)
}

typealias DrawHandler = @MainActor (OpaquePointer, Int, Int) -> Void

/// Sets a drawing area's draw function. The cairo context is in logical pixels.
func setDrawFunction(_ area: Widget, _ handler: @escaping DrawHandler) {
    let thunk: GtkDrawingAreaDrawFunc = { _, cr, w, h, data in
        let box = CallbackBox<DrawHandler>.from(data)
        guard let cr else { return }
        nonisolated(unsafe) let context = cr
        MainActor.assumeIsolated { box.callback(context, Int(w), Int(h)) }
    }
    gtk_drawing_area_set_draw_func(lab_drawing_area(area), thunk, CallbackBox(handler).retainedPointer, releaseDestroyBox)
}

typealias TickHandler = @MainActor (_ frameTimeMicroseconds: Int64) -> Bool

/// Adds a tick callback, called once per frame with the frame clock's time; return false to
/// remove it.
@discardableResult
func addTickCallback(_ widget: Widget, _ handler: @escaping TickHandler) -> guint {
    let thunk: GtkTickCallback = { _, clock, data in
        let box = CallbackBox<TickHandler>.from(data)
        let time = gdk_frame_clock_get_frame_time(clock)
        return MainActor.assumeIsolated { box.callback(Int64(time)) ? 1 : 0 }
    }
    return gtk_widget_add_tick_callback(widget, thunk, CallbackBox(handler).retainedPointer, releaseDestroyBox)
}

/// Runs `handler` every `milliseconds` on the GLib main loop until it returns false.
@discardableResult
func addTimeout(milliseconds: UInt32, _ handler: @escaping BoolHandler) -> guint {
    let thunk: GSourceFunc = { data in
        let box = CallbackBox<BoolHandler>.from(data)
        return MainActor.assumeIsolated { box.callback() ? 1 : 0 }
    }
    return g_timeout_add_full(G_PRIORITY_DEFAULT, milliseconds, thunk, CallbackBox(handler).retainedPointer, releaseDestroyBox)
}

/// Runs `handler` once when the main loop is idle.
func addIdle(_ handler: @escaping VoidHandler) {
    let thunk: GSourceFunc = { data in
        let box = CallbackBox<VoidHandler>.from(data)
        MainActor.assumeIsolated { box.callback() }
        return 0
    }
    g_idle_add_full(G_PRIORITY_DEFAULT_IDLE, thunk, CallbackBox(handler).retainedPointer, releaseDestroyBox)
}

/// Connects to GtkListBox's `row-selected` (`void (*)(GtkListBox*, GtkListBoxRow*, gpointer)`);
/// the handler gets the row's index (-1 when nothing is selected).
@discardableResult
func connectRowSelected(_ instance: some GPointer, _ handler: @escaping IntHandler) -> gulong {
    let thunk: @convention(c) (UnsafeMutableRawPointer?, UnsafeMutablePointer<GtkListBoxRow>?, UnsafeMutableRawPointer?) -> Void = { _, row, data in
        let box = CallbackBox<IntHandler>.from(data)
        let index = row.map { Int(gtk_list_box_row_get_index($0)) } ?? -1
        MainActor.assumeIsolated { box.callback(index) }
    }
    return connectRaw(instance.raw, "row-selected", unsafeBitCast(thunk, to: GCallback.self), CallbackBox(handler).retainedPointer)
}

typealias PointHandler = @MainActor (Double, Double) -> Void

/// Connects to a `void (*)(Instance*, double, double, gpointer)` signal (GtkGestureDrag's
/// `drag-begin`, `drag-update`, `drag-end`; GtkEventControllerMotion's `motion`).
@discardableResult
func connectPoint(_ instance: some GPointer, _ signal: String, _ handler: @escaping PointHandler) -> gulong {
    let thunk: @convention(c) (UnsafeMutableRawPointer?, Double, Double, UnsafeMutableRawPointer?) -> Void = { _, x, y, data in
        let box = CallbackBox<PointHandler>.from(data)
        MainActor.assumeIsolated { box.callback(x, y) }
    }
    return connectRaw(instance.raw, signal, unsafeBitCast(thunk, to: GCallback.self), CallbackBox(handler).retainedPointer)
}

typealias ScrollHandler = @MainActor (Double, Double) -> Bool

/// Connects to GtkEventControllerScroll's `scroll` (`gboolean (*)(…, double dx, double dy, gpointer)`);
/// return true when handled.
@discardableResult
func connectScroll(_ instance: some GPointer, _ handler: @escaping ScrollHandler) -> gulong {
    let thunk: @convention(c) (UnsafeMutableRawPointer?, Double, Double, UnsafeMutableRawPointer?) -> gboolean = { _, dx, dy, data in
        let box = CallbackBox<ScrollHandler>.from(data)
        return MainActor.assumeIsolated { box.callback(dx, dy) ? 1 : 0 }
    }
    return connectRaw(instance.raw, "scroll", unsafeBitCast(thunk, to: GCallback.self), CallbackBox(handler).retainedPointer)
}

typealias DoubleHandler = @MainActor (Double) -> Void

/// Connects to a `void (*)(Instance*, double, gpointer)` signal (GtkGestureZoom's `scale-changed`).
@discardableResult
func connectDouble(_ instance: some GPointer, _ signal: String, _ handler: @escaping DoubleHandler) -> gulong {
    let thunk: @convention(c) (UnsafeMutableRawPointer?, Double, UnsafeMutableRawPointer?) -> Void = { _, value, data in
        let box = CallbackBox<DoubleHandler>.from(data)
        MainActor.assumeIsolated { box.callback(value) }
    }
    return connectRaw(instance.raw, signal, unsafeBitCast(thunk, to: GCallback.self), CallbackBox(handler).retainedPointer)
}

typealias KeyHandler = @MainActor (UInt32) -> Bool

/// Connects to GtkEventControllerKey's `key-pressed` or `key-released` (the keyval is passed;
/// `key-released` ignores the return value).
@discardableResult
func connectKey(_ instance: some GPointer, _ signal: String, _ handler: @escaping KeyHandler) -> gulong {
    let thunk: @convention(c) (UnsafeMutableRawPointer?, UInt32, UInt32, UInt32, UnsafeMutableRawPointer?) -> gboolean = { _, keyval, _, _, data in
        let box = CallbackBox<KeyHandler>.from(data)
        return MainActor.assumeIsolated { box.callback(keyval) ? 1 : 0 }
    }
    return connectRaw(instance.raw, signal, unsafeBitCast(thunk, to: GCallback.self), CallbackBox(handler).retainedPointer)
}

typealias ActionHandler = @MainActor (_ parameter: OpaquePointer?) -> Void

/// Adds a `GSimpleAction` called `name` to `map` (the application, `app.NAME`, or its window,
/// `win.NAME`: both are `GActionMap`s); `handler` runs when it is activated (by a menu item, an
/// actionable button or an accelerator), with its target for a `parameterType` (a GVariant
/// type string such as `"i"`). Returns the action, kept alive by the map, to enable or disable.
@discardableResult
func addAction(to map: some GPointer, _ name: String, parameterType: String? = nil,
               _ handler: @escaping ActionHandler) -> OpaquePointer {
    let type = parameterType.map { g_variant_type_new($0) }
    defer { if let type { g_variant_type_free(type) } }
    let action: OpaquePointer = g_simple_action_new(name, type ?? nil)
    let thunk: @convention(c) (UnsafeMutableRawPointer?, OpaquePointer?, UnsafeMutableRawPointer?) -> Void = { _, parameter, data in
        let box = CallbackBox<ActionHandler>.from(data)
        nonisolated(unsafe) let target = parameter
        MainActor.assumeIsolated { box.callback(target) }
    }
    connectRaw(action.raw, "activate", unsafeBitCast(thunk, to: GCallback.self), CallbackBox(handler).retainedPointer)
    g_action_map_add_action(lab_action_map(map.raw), lab_action(action.raw))
    g_object_unref(action.raw)
    return action
}

/// Sets the keyboard accelerators (`"<Control>z"`) of a detailed action name (`"win.undo"`,
/// `"win.layout(2)"`), replacing any it had.
func setAccelerators(_ app: UnsafeMutablePointer<GtkApplication>, _ action: String, _ accelerators: [String]) {
    let strings = accelerators.map { strdup($0) }
    defer { strings.forEach { free($0) } }
    // A NULL-terminated array of C strings.
    let array: [UnsafePointer<CChar>?] = strings.map { UnsafePointer($0) } + [nil]
    array.withUnsafeBufferPointer { gtk_application_set_accels_for_action(app, action, $0.baseAddress) }
}

typealias ToggleHandler = @MainActor (_ on: Bool) -> Void

/// Adds a stateful boolean `GSimpleAction` (`win.compare`): a toggle button bound to it shows
/// its state, and activating it (a click, an accelerator) asks for the other state; `handler`
/// gets the value asked for and sets the state (`setActionState`) when it takes it.
@discardableResult
func addToggleAction(to map: some GPointer, _ name: String, initial: Bool, _ handler: @escaping ToggleHandler) -> OpaquePointer {
    let action: OpaquePointer = g_simple_action_new_stateful(name, nil, g_variant_new_boolean(initial ? 1 : 0))
    let thunk: @convention(c) (UnsafeMutableRawPointer?, OpaquePointer?, UnsafeMutableRawPointer?) -> Void = { _, value, data in
        let box = CallbackBox<ToggleHandler>.from(data)
        let on = value.map { g_variant_get_boolean($0) != 0 } ?? false
        MainActor.assumeIsolated { box.callback(on) }
    }
    connectRaw(action.raw, "change-state", unsafeBitCast(thunk, to: GCallback.self), CallbackBox(handler).retainedPointer)
    g_action_map_add_action(lab_action_map(map.raw), lab_action(action.raw))
    g_object_unref(action.raw)
    return action
}

/// Sets a boolean action's state (what the toggle buttons bound to it show).
func setActionState(_ action: OpaquePointer?, _ on: Bool) {
    g_simple_action_set_state(action, g_variant_new_boolean(on ? 1 : 0))
}
