import CGtk
import Foundation
import SwiftUI
import LayoutLabCore
import LayoutRendering
import PreviewProtocol

/// The drawing area showing the laid-out scene, its overlays and the selection.
///
/// The layout runs once per change (in `LabSession`); while an animation runs, a tick callback
/// (driven by the frame clock) only interpolates frames and queues a redraw.
@MainActor
final class CanvasView {
    let session: LabSession
    let area: Widget
    let renderer = LayoutRenderer()
    /// Drives animations from the widget's frame clock.
    private(set) var driver: AnimationDriver!
    /// Called after a click selected a view. The main window needs none: it observes its
    /// session; the compare view's session has no observer.
    var onSelectionChanged: () -> Void = {}
    var onFrame: (Double) -> Void = { _ in }
    /// Called after a click or a drag changed the model (a tappable view, the proposal box);
    /// as `onSelectionChanged`, for a session nobody observes.
    var onModelChanged: () -> Void = {}
    /// Called after the canvas size changed the layout.
    var onResize: () -> Void = {}
    /// Where the canvas's origin was drawn (root coordinates → widget coordinates).
    private(set) var origin = CGPoint.zero
    /// The frames drawn last (for hit testing).
    private(set) var lastFrames: [CGRect] = []
    /// The frames on screen: those drawn last, or the layout's before the first draw.
    var shownFrames: [CGRect] { lastFrames.isEmpty ? session.result.frames : lastFrames }
    /// The presentation drawn last.
    private(set) var lastPresentation: Presentation?
    /// Live previews (set by the window in preview mode; see CanvasView+Live.swift): whether
    /// the canvas runs the preview now, and where the person's events go, in the preview's
    /// coordinates.
    var runsLive: @MainActor () -> Bool = { false }
    /// The person started inspecting a running preview (Ctrl held): its layout needs the details
    /// an event's layout leaves out (size ranges, trace).
    var onInspectLive: @MainActor () -> Void = {}
    var onLiveEvent: @MainActor (WireEvent) -> Void = { _ in }
    /// The primary button's press while running live, until its release.
    var livePress: LivePress?
    /// The pinch in progress on a live preview (a touchpad's, or Ctrl+wheel's).
    var livePinch: LivePinch?
    /// Whether Ctrl is held: in Live mode, clicks then inspect as in Select mode.
    var inspectHeld = false
    /// The colour scheme the preview is shown in when it is not the window's (the inspector's
    /// Environment, a variant chosen); nil follows the window.
    var schemeOverride: ColorScheme?
    /// The device the preview is shown on, for its frame and keyboard (preview mode; nil: none).
    var deviceChrome: @MainActor () -> DeviceChrome? = { nil }

    init(session: LabSession) {
        self.session = session
        area = gtk_drawing_area_new()!
        gtk_widget_set_hexpand(area, 1)
        gtk_widget_set_vexpand(area, 1)
        gtk_widget_set_size_request(area, 200, 200)
        gtk_widget_add_css_class(area, "layout-canvas")
        gtk_widget_set_focusable(area, 1)
        driver = AnimationDriver(widget: area, session: session)
        // Changes made without a time of their own are timed on this canvas's frame clock.
        session.clock = { [weak self] in self?.now() ?? monotonicSeconds() }
        setDrawFunction(area) { [unowned self] cr, w, h in self.draw(cr, width: w, height: h) }
        connectResize(area) { [unowned self] w, h in
            // The rulers take the top and left edges: the canvas proper is what remains.
            let r = self.showsRulers ? Int(Self.rulerSize) : 0
            self.session.perform(.setCanvasSize(CGSize(width: max(w - r, 1), height: max(h - r, 1))), at: self.now())
            self.onResize()
            self.startAnimating()
        }
        let click = gtk_gesture_click_new()!
        connectPressed(click) { [unowned self] n, x, y in
            let point = CGPoint(x: x, y: y)
            if self.runsLive() && !Self.controlHeld(click) {
                self.livePressed(count: n, at: point)
            } else {
                self.click(at: point)
            }
        }
        gtk_widget_add_controller(area, lab_event_controller(click.raw))
        installProposalDrag()
        installLiveDrag()
        installZoomAndPan()
    }

    /// Whether the space bar is held (space + drag pans, as in drawing apps).
    private var spaceHeld = false
    private var panStart: CGPoint?
    private var pinchStart = 1.0
    private var lastPointer: CGPoint?
    /// Where the pointer was last seen over the canvas (widget coordinates).
    var lastPointerPosition: CGPoint? { lastPointer }

    /// Ctrl+scroll zooms about the pointer, scroll pans, pinch zooms, the middle button (or
    /// space held with the left one) drags the canvas around.
    private func installZoomAndPan() {
        let scroll = gtk_event_controller_scroll_new(GtkEventControllerScrollFlags(rawValue: GTK_EVENT_CONTROLLER_SCROLL_BOTH_AXES.rawValue))!
        connectScroll(scroll) { [unowned self] dx, dy in
            let state = gtk_event_controller_get_current_event_state(lab_event_controller(scroll.raw))
            if state.rawValue & GDK_CONTROL_MASK.rawValue != 0 {
                // Live: Ctrl+wheel pinches the view under the pointer (a MagnifyGesture;
                // with Shift a RotateGesture); where nothing takes it, the canvas zooms.
                if self.runsLive(), self.liveWheelPinch(dy: dy, rotate: state.rawValue & GDK_SHIFT_MASK.rawValue != 0) { return true }
                self.setZoom(self.zoom * pow(1.1, -dy), about: self.lastPointer)
            } else if self.runsLive() {
                self.liveScroll(dx: dx, dy: dy)
            } else {
                self.panBy(dx: -dx * 24, dy: -dy * 24)
            }
            return true
        }
        gtk_widget_add_controller(area, lab_event_controller(scroll.raw))
        let middle = gtk_gesture_drag_new()!
        gtk_gesture_single_set_button(lab_gesture_single(middle.raw), 2)
        connectPoint(middle, "drag-begin") { [unowned self] _, _ in self.panStart = self.pan }
        connectPoint(middle, "drag-update") { [unowned self] dx, dy in self.dragPan(dx: dx, dy: dy) }
        connectPoint(middle, "drag-end") { [unowned self] _, _ in self.panStart = nil }
        gtk_widget_add_controller(area, lab_event_controller(middle.raw))
        let pinch = gtk_gesture_zoom_new()!
        // Live: a touchpad's pinch and rotation go to the preview (GtkGestureZoom and
        // GtkGestureRotate see the same two fingers); where nothing takes them, the canvas zooms.
        connectGestureSequence(pinch, "begin") { [unowned self] in
            self.pinchStart = self.zoom
            if self.runsLive(), let p = self.lastPointer, self.livePinch == nil { self.beginLivePinch(at: p, wheel: false) }
        }
        connectDouble(pinch, "scale-changed") { [unowned self] scale in
            if self.livePinch?.wheel == false { self.liveTouchpadPinch(scale: scale, degrees: nil) } else { self.setZoom(self.pinchStart * scale) }
        }
        connectGestureSequence(pinch, "end") { [unowned self] in if self.livePinch?.wheel == false { self.endLivePinch() } }
        gtk_widget_add_controller(area, lab_event_controller(pinch.raw))
        let rotate = gtk_gesture_rotate_new()!
        // `angle-changed` passes the angle and its change since the gesture began (radians).
        connectPoint(rotate, "angle-changed") { [unowned self] _, delta in
            guard self.livePinch?.wheel == false else { return }
            self.liveTouchpadPinch(scale: nil, degrees: delta * 180 / .pi)
        }
        gtk_widget_add_controller(area, lab_event_controller(rotate.raw))
        let keys = gtk_event_controller_key_new()!
        connectKey(keys, "key-pressed") { [unowned self] keyval in
            if Self.isControlKey(keyval) { self.setInspectHeld(true) }
            // Live: the keys go to the preview (space is typed; pan with the middle button).
            if self.runsLive() { return self.liveKey(keyval, state: gtk_event_controller_get_current_event_state(lab_event_controller(keys.raw))) }
            guard keyval == UInt32(GDK_KEY_space) else { return false }
            self.spaceHeld = true
            gtk_widget_set_cursor_from_name(self.area, "grab")
            return true
        }
        connectKey(keys, "key-released") { [unowned self] keyval in
            if Self.isControlKey(keyval) { self.setInspectHeld(false) }
            if keyval == UInt32(GDK_KEY_space) { self.spaceHeld = false; gtk_widget_set_cursor_from_name(self.area, nil) }
            return false
        }
        gtk_widget_add_controller(area, lab_event_controller(keys.raw))
    }

    private func dragPan(dx: Double, dy: Double) {
        guard let start = panStart else { return }
        pan = CGPoint(x: start.x + CGFloat(dx), y: start.y + CGFloat(dy))
        gtk_widget_queue_draw(area)
    }

    /// The frame clock's time (seconds), or the monotonic clock before the widget is mapped.
    func now() -> Double { driver.now() }

    /// Redraws every frame until the animation settles.
    func startAnimating() { driver.start() }

    // MARK: Zoom and pan

    /// The magnification (1 = one point per pixel). Zoom is a magnifier, as in Xcode's canvas:
    /// it never changes the proposal. Drawing stays vector (cairo scales), so it is crisp at
    /// every zoom.
    private(set) var zoom: Double = 1
    /// The offset of the centred canvas (widget pixels), from panning.
    private(set) var pan = CGPoint.zero
    static let zoomRange = 0.1...16.0
    /// The rulers' thickness along the top and left edges (widget pixels).
    static let rulerSize: CGFloat = 18
    /// Whether the rulers are drawn (they take a strip of the widget: the canvas size follows).
    var showsRulers = true {
        didSet {
            guard showsRulers != oldValue else { return }
            let r = showsRulers ? Int(Self.rulerSize) : 0
            let w = Int(gtk_widget_get_width(area)), h = Int(gtk_widget_get_height(area))
            if w > 0, h > 0 { session.perform(.setCanvasSize(CGSize(width: max(w - r, 1), height: max(h - r, 1))), at: now()) }
            gtk_widget_queue_draw(area)
        }
    }
    /// Called when zoom or pan change (the zoom label).
    var onZoomChanged: () -> Void = {}

    /// Sets the zoom about a widget point (it stays under the pointer), or the centre.
    func setZoom(_ z: Double, about widgetPoint: CGPoint? = nil) {
        guard z.isFinite else { return }
        let new = min(max(z, Self.zoomRange.lowerBound), Self.zoomRange.upperBound)
        let size = CGSize(width: CGFloat(gtk_widget_get_width(area)), height: CGFloat(gtk_widget_get_height(area)))
        if let w = widgetPoint, size.width > 0 {
            // Keep the root point under `w` where it is.
            let root = toRoot(w)
            zoom = new
            let o = canvasOrigin(widgetSize: size)
            let now = CGPoint(x: o.x + root.x * CGFloat(zoom), y: o.y + root.y * CGFloat(zoom))
            pan.x += w.x - now.x
            pan.y += w.y - now.y
        } else {
            zoom = new
        }
        onZoomChanged()
        gtk_widget_queue_draw(area)
    }

    /// Moves the content by (dx, dy) widget pixels.
    func panBy(dx: Double, dy: Double) {
        guard dx.isFinite, dy.isFinite else { return }
        pan.x += CGFloat(dx)
        pan.y += CGFloat(dy)
        gtk_widget_queue_draw(area)
    }

    /// 1:1: one point per pixel, centred.
    func zoomActualSize() {
        zoom = 1
        pan = .zero
        onZoomChanged()
        gtk_widget_queue_draw(area)
    }

    /// Fit: the proposal (or, past it, everything drawn) fills the widget, centred.
    func zoomToFit() {
        let r = session.result
        var content = r.canvasSize.width.isFinite && r.canvasSize.height.isFinite ? CGRect(origin: .zero, size: r.canvasSize) : .null
        for v in r.views where v.isVisible && ContainerAnatomy.isFinite(v.frame) { content = content.union(v.frame) }
        // The device's frame, when drawn, fits too.
        if let chrome = deviceChrome(), chrome.showsFrame, !content.isNull { content = content.union(chrome.frameBounds(screen: r.canvasSize)) }
        let w = Double(gtk_widget_get_width(area)) - Double(Self.rulerSize) - 16, h = Double(gtk_widget_get_height(area)) - Double(Self.rulerSize) - 16
        guard !content.isNull, content.width > 0, content.height > 0, w > 0, h > 0 else { zoomActualSize(); return }
        zoom = min(max(min(w / Double(content.width), h / Double(content.height)), Self.zoomRange.lowerBound), Self.zoomRange.upperBound)
        pan = .zero
        onZoomChanged()
        gtk_widget_queue_draw(area)
    }

    /// Root coordinates → widget coordinates.
    func toWidget(_ p: CGPoint) -> CGPoint { CGPoint(x: origin.x + p.x * CGFloat(zoom), y: origin.y + p.y * CGFloat(zoom)) }
    /// Widget coordinates → root coordinates.
    func toRoot(_ p: CGPoint) -> CGPoint { CGPoint(x: (p.x - origin.x) / CGFloat(zoom), y: (p.y - origin.y) / CGFloat(zoom)) }

    /// The widget point where the root's (0, 0) goes: the canvas (the proposal's area) centred
    /// in the area beside the rulers at the current zoom, moved by the pan.
    func canvasOrigin(widgetSize full: CGSize) -> CGPoint {
        let inset = showsRulers ? Self.rulerSize : 0
        let widgetSize = CGSize(width: full.width - inset, height: full.height - inset)
        let r = session.result
        let z = CGFloat(zoom)
        var size = r.canvasSize
        if !size.width.isFinite || !size.height.isFinite { size = r.rootSize }
        var p = CGPoint(x: (widgetSize.width - size.width * z) / 2, y: (widgetSize.height - size.height * z) / 2)
        if !p.x.isFinite { p.x = 0 }
        if !p.y.isFinite { p.y = 0 }
        // An infinite proposal: the root's frame may be far away; centre the root instead.
        if !r.canvasSize.width.isFinite || !r.canvasSize.height.isFinite, let root = r.views.first, root.frame.origin.x.isFinite, root.frame.origin.y.isFinite {
            p = CGPoint(x: (widgetSize.width - root.frame.width * z) / 2 - root.frame.minX * z,
                        y: (widgetSize.height - root.frame.height * z) / 2 - root.frame.minY * z)
        }
        return CGPoint(x: (p.x + pan.x + inset).rounded(), y: (p.y + pan.y + inset).rounded())
    }

    func draw(_ cr: OpaquePointer, width: Int, height: Int) {
        let t = now()
        let start = cpuSeconds()
        let scheme = schemeOverride ?? session.state.colorScheme
        LayoutRenderer.paintBackground(scheme: scheme, into: cr)
        let p = session.presentation(at: t)
        lastPresentation = p
        lastFrames = p.frames
        // While an edge of the proposal is dragged the box stays put, so the edge follows the pointer.
        origin = drag?.origin ?? canvasOrigin(widgetSize: CGSize(width: width, height: height))
        cairo_save(cr)
        cairo_translate(cr, Double(origin.x), Double(origin.y))
        cairo_scale(cr, zoom, zoom)
        if !session.state.followsWindow {
            let c = session.result.canvasSize
            if c.width.isFinite, c.height.isFinite {
                LayoutRenderer.drawDashedRect(CGRect(origin: .zero, size: c), color: RGBA(0.5, 0.5, 0.55, 0.6), lineWidth: CGFloat(1 / zoom), into: cr)
            }
        }
        drawProposalHandles(cr)
        renderer.draw(p.displayList, frames: p.frames, opacities: p.opacities, transforms: p.transforms,
                      layoutFrames: p.layoutFrames, scheme: scheme, into: cr)
        // The device's frame and keyboard, over a canvas that is its screen (not a fixed-size preview's).
        if let chrome = deviceChrome(), session.result.canvasSize == chrome.device.screen(chrome.orientation) {
            chrome.draw(screen: session.result.canvasSize, scheme: scheme, into: cr)
        }
        let visible = CGRect(x: -origin.x / CGFloat(zoom), y: -origin.y / CGFloat(zoom), width: CGFloat(width) / CGFloat(zoom), height: CGFloat(height) / CGFloat(zoom))
        Overlays.draw(session: session, frames: p.frames, scheme: scheme, visible: visible, into: cr)
        cairo_restore(cr)
        if showsRulers { drawRulers(cr, width: width, height: height, scheme: scheme) }
        drawHoverBadge(cr, width: width, height: height)
        session.stats.drawMilliseconds = (cpuSeconds() - start) * 1000
        onFrame(t)
    }

    /// The tick spacing in points for the zoom: ticks at least 6 px apart, labels every 5th.
    static func rulerStep(zoom: Double) -> Double {
        for step in [1.0, 2, 5, 10, 20, 50, 100, 200, 500, 1000, 2000, 5000] where step * zoom >= 6 { return step }
        return 10_000
    }

    /// Rulers along the top and left edges, in points of the root's coordinates, with ticks on
    /// whole device pixels (crisp at every zoom).
    private func drawRulers(_ cr: OpaquePointer, width: Int, height: Int, scheme: ColorScheme) {
        let s = Double(Self.rulerSize), w = Double(width), h = Double(height)
        let bg = scheme == .dark ? (0.17, 0.17, 0.19) : (0.95, 0.95, 0.96)
        let fg = scheme == .dark ? (0.75, 0.75, 0.8) : (0.35, 0.35, 0.4)
        cairo_save(cr)
        cairo_set_source_rgba(cr, bg.0, bg.1, bg.2, 0.96)
        cairo_rectangle(cr, 0, 0, w, s)
        cairo_rectangle(cr, 0, s, s, h - s)
        cairo_fill(cr)
        cairo_set_source_rgba(cr, fg.0, fg.1, fg.2, 1)
        cairo_set_line_width(cr, 1)
        cairo_select_font_face(cr, "sans-serif", CAIRO_FONT_SLANT_NORMAL, CAIRO_FONT_WEIGHT_NORMAL)
        cairo_set_font_size(cr, 9)
        let step = Self.rulerStep(zoom: zoom)
        let ox = Double(origin.x), oy = Double(origin.y)
        // Horizontal ruler: root x at widget x = ox + x·zoom.
        var x = ((s - ox) / zoom / step).rounded(.down) * step
        while ox + x * zoom < w {
            let px = (ox + x * zoom).rounded() + 0.5
            if px >= s {
                let major = (x / step).rounded().truncatingRemainder(dividingBy: 5) == 0
                cairo_move_to(cr, px, s)
                cairo_line_to(cr, px, major ? 4 : s - 5)
                if major { cairo_move_to(cr, px + 2, 9); cairo_show_text(cr, fmt(x)) }
            }
            x += step
        }
        var y = ((s - oy) / zoom / step).rounded(.down) * step
        while oy + y * zoom < h {
            let py = (oy + y * zoom).rounded() + 0.5
            if py >= s {
                let major = (y / step).rounded().truncatingRemainder(dividingBy: 5) == 0
                cairo_move_to(cr, s, py)
                cairo_line_to(cr, major ? 4 : s - 5, py)
                if major {
                    cairo_save(cr)
                    cairo_move_to(cr, 9, py - 2)
                    cairo_rotate(cr, -Double.pi / 2)
                    cairo_show_text(cr, fmt(y))
                    cairo_restore(cr)
                }
            }
            y += step
        }
        cairo_stroke(cr)
        // The edges of the rulers.
        cairo_move_to(cr, 0, s - 0.5); cairo_line_to(cr, w, s - 0.5)
        cairo_move_to(cr, s - 0.5, 0); cairo_line_to(cr, s - 0.5, h)
        cairo_set_source_rgba(cr, fg.0, fg.1, fg.2, 0.5)
        cairo_stroke(cr)
        cairo_restore(cr)
    }

    // MARK: Dragging the proposal's edges

    /// Which edges of the proposal box a drag moves.
    struct ProposalHandle: OptionSet {
        let rawValue: Int
        static let right = ProposalHandle(rawValue: 1)
        static let bottom = ProposalHandle(rawValue: 2)
    }
    /// The drag in progress: the handle, the proposal it started from, and the canvas origin
    /// kept still while dragging (so the edge follows the pointer instead of the box re-centring).
    private var drag: (handle: ProposalHandle, start: CGSize, origin: CGPoint)?

    /// The fixed proposal's box in widget coordinates, when there is one to drag.
    private func proposalBox() -> CGRect? {
        let st = session.state
        guard !st.followsWindow, st.widthMode == .fixed, st.heightMode == .fixed else { return nil }
        let c = session.result.canvasSize
        guard c.width.isFinite, c.height.isFinite else { return nil }
        return CGRect(x: origin.x, y: origin.y, width: c.width * CGFloat(zoom), height: c.height * CGFloat(zoom))
    }

    /// The handle under a widget point: the right edge, the bottom edge or the corner.
    func proposalHandle(at p: CGPoint) -> ProposalHandle {
        guard let box = proposalBox() else { return [] }
        let slop: CGFloat = 7
        var h: ProposalHandle = []
        if abs(p.x - box.maxX) <= slop, p.y >= box.minY - slop, p.y <= box.maxY + slop { h.insert(.right) }
        if abs(p.y - box.maxY) <= slop, p.x >= box.minX - slop, p.x <= box.maxX + slop { h.insert(.bottom) }
        return h
    }

    private func installProposalDrag() {
        let gesture = gtk_gesture_drag_new()!
        connectPoint(gesture, "drag-begin") { [unowned self] x, y in
            if self.spaceHeld {
                // Space + drag pans.
                gtk_gesture_set_state(lab_gesture(gesture.raw), GTK_EVENT_SEQUENCE_CLAIMED)
                self.panStart = self.pan
                return
            }
            let handle = self.proposalHandle(at: CGPoint(x: x, y: y))
            guard !handle.isEmpty else {
                gtk_gesture_set_state(lab_gesture(gesture.raw), GTK_EVENT_SEQUENCE_DENIED)
                return
            }
            gtk_gesture_set_state(lab_gesture(gesture.raw), GTK_EVENT_SEQUENCE_CLAIMED)
            self.beginProposalDrag(handle)
        }
        connectPoint(gesture, "drag-update") { [unowned self] dx, dy in
            if self.panStart != nil { self.dragPan(dx: dx, dy: dy) } else { self.updateProposalDrag(dx: dx, dy: dy) }
        }
        connectPoint(gesture, "drag-end") { [unowned self] dx, dy in
            if self.panStart != nil { self.panStart = nil } else { self.endProposalDrag(dx: dx, dy: dy) }
        }
        gtk_widget_add_controller(area, lab_event_controller(gesture.raw))
        // The pointer shows which edge can be dragged.
        let motion = gtk_event_controller_motion_new()!
        connectPoint(motion, "motion") { [unowned self] x, y in
            // Ctrl may have gone down while another widget had the keyboard focus.
            self.setInspectHeld(Self.controlHeld(motion), redraw: false)
            let h = self.drag?.handle ?? self.proposalHandle(at: CGPoint(x: x, y: y))
            let name = h == [.right, .bottom] ? "se-resize" : h == .right ? "ew-resize" : h == .bottom ? "ns-resize"
                : self.runsLive() && self.inspectHeld ? "crosshair" : nil
            if !self.spaceHeld { gtk_widget_set_cursor_from_name(self.area, name) }
            self.lastPointer = CGPoint(x: x, y: y)
            self.hover(at: CGPoint(x: x, y: y))
        }
        connect(motion, "leave") { [unowned self] in self.hover(at: nil) }
        gtk_widget_add_controller(area, lab_event_controller(motion.raw))
    }

    func beginProposalDrag(_ handle: ProposalHandle) {
        let st = session.state
        drag = (handle, CGSize(width: st.width, height: st.height), origin)
    }

    func updateProposalDrag(dx: Double, dy: Double) {
        guard let drag else { return }
        let w = drag.handle.contains(.right) ? Double(drag.start.width) + dx / zoom : Double(drag.start.width)
        let h = drag.handle.contains(.bottom) ? Double(drag.start.height) + dy / zoom : Double(drag.start.height)
        session.perform(.setProposal(width: max(w, 0).rounded(), height: max(h, 0).rounded(), animated: false), at: now())
        onModelChanged()
        gtk_widget_queue_draw(area)
    }

    func endProposalDrag(dx: Double, dy: Double) {
        guard drag != nil else { return }
        updateProposalDrag(dx: dx, dy: dy)
        drag = nil
        gtk_widget_queue_draw(area)
    }

    /// Small squares on the proposal box's right edge, bottom edge and corner.
    private func drawProposalHandles(_ cr: OpaquePointer) {
        guard let box = proposalBox() else { return }
        // Drawn in root coordinates (the context is zoomed): the squares stay 7 px on screen.
        let local = CGRect(x: 0, y: 0, width: box.width / CGFloat(zoom), height: box.height / CGFloat(zoom))
        let half = 3.5 / zoom
        cairo_save(cr)
        cairo_set_source_rgba(cr, 0.45, 0.45, 0.5, 0.9)
        for p in [CGPoint(x: local.maxX, y: local.midY), CGPoint(x: local.midX, y: local.maxY), CGPoint(x: local.maxX, y: local.maxY)] {
            cairo_rectangle(cr, Double(p.x) - half, Double(p.y) - half, 2 * half, 2 * half)
        }
        cairo_fill(cr)
        cairo_restore(cr)
    }

    // MARK: Hover badge

    /// The view under the pointer and where the pointer is (widget coordinates).
    private(set) var hovered: (view: Int, point: CGPoint)?

    /// Follows the pointer: the deepest view under it gets a badge with its size and proposal.
    func hover(at point: CGPoint?) {
        var next: (Int, CGPoint)?
        // Running live, the badge is an inspector's: it shows while Ctrl is held.
        if let point, !runsLive() || inspectHeld {
            let p = toRoot(point)
            let frames = shownFrames
            if let deepest = session.views(at: p, frames: frames).first { next = (deepest, point) }
        }
        let changed = next?.0 != hovered?.view || (next != nil && next!.1 != hovered?.point)
        hovered = next.map { (view: $0.0, point: $0.1) }
        if changed { gtk_widget_queue_draw(area) }
    }

    /// The badge's text for the hovered view: what it is, its size and the proposal it got.
    func hoverText() -> String? {
        guard let h = hovered, session.result.views.indices.contains(h.view) else { return nil }
        let v = session.result.views[h.view]
        return "\(session.displayName(of: h.view))  \(fmt(v.frame.width))×\(fmt(v.frame.height))\nproposal \(fmt(v.proposal))"
    }

    /// Draws the hover badge next to the pointer, inside the widget (widget coordinates).
    private func drawHoverBadge(_ cr: OpaquePointer, width: Int, height: Int) {
        guard let text = hoverText(), let point = hovered?.point else { return }
        let lines = text.split(separator: "\n").map(String.init)
        cairo_save(cr)
        cairo_select_font_face(cr, "sans-serif", CAIRO_FONT_SLANT_NORMAL, CAIRO_FONT_WEIGHT_NORMAL)
        cairo_set_font_size(cr, 11)
        var w = 0.0
        for line in lines { var e = cairo_text_extents_t(); cairo_text_extents(cr, line, &e); w = max(w, e.x_advance) }
        w += 12
        let h = Double(lines.count) * 14 + 6
        var x = Double(point.x) + 14, y = Double(point.y) + 16
        if x + w > Double(width) - 2 { x = Double(point.x) - w - 8 }
        if y + h > Double(height) - 2 { y = Double(point.y) - h - 8 }
        x = max(x, 2); y = max(y, 2)
        cairo_set_source_rgba(cr, 0.12, 0.12, 0.14, 0.88)
        cairo_rectangle(cr, x, y, w, h)
        cairo_fill(cr)
        cairo_set_source_rgba(cr, 1, 1, 1, 0.95)
        for (k, line) in lines.enumerated() {
            cairo_move_to(cr, x + 6, y + 14 + Double(k) * 14)
            cairo_show_text(cr, line)
        }
        cairo_restore(cr)
    }

    func click(at point: CGPoint) {
        gtk_widget_grab_focus(area)
        let p = toRoot(point)
        let frames = shownFrames
        // A click on a tappable view (a voting button) counts; it does not change the selection.
        if let deepest = session.views(at: p, frames: frames).first, let name = session.tapName(around: deepest) {
            session.perform(.tap(name), at: now())
            onModelChanged()
            startAnimating()
            return
        }
        if let i = session.hitTest(p, frames: frames) {
            session.perform(.select(session.result.views[i].identity))
        } else {
            session.perform(.select(nil))
        }
        onSelectionChanged()
        gtk_widget_queue_draw(area)
    }
}

/// Layout overlays drawn over the scene: proposals, reported sizes, min/ideal/max, every
/// frame, the selection, and a legend saying what each line style means.
@MainActor
enum Overlays {
    static let proposalColor = RGBA(0.9, 0.3, 0.1, 0.95)
    static let minColor = RGBA(0.15, 0.45, 0.95, 0.9)
    static let idealColor = RGBA(0.1, 0.62, 0.45, 0.95)
    static let maxColor = RGBA(0.6, 0.3, 0.85, 0.9)
    static let minDash = [2.0, 2.0], idealDash = [6.0, 2.0], maxDash = [10.0, 3.0]
    /// More subviews than this, and only the container's proposal is drawn until one is selected.
    static let itemProposalLimit = 6

    /// Draws the overlays. `visible` is the part of the canvas on screen (root coordinates):
    /// captions are kept inside it.
    static func draw(session: LabSession, frames: [CGRect], scheme: ColorScheme, visible: CGRect, into cr: OpaquePointer) {
        let st = session.state
        let r = session.result
        let selected = session.selectedIndex
        let sizeColor = scheme == .light ? RGBA(0.1, 0.5, 0.2, 0.95) : RGBA(0.4, 0.9, 0.5, 0.95)
        let pill = scheme == .light ? RGBA(1, 1, 1, 0.85) : RGBA(0.12, 0.12, 0.14, 0.85)

        if st.showsAllFrames {
            let c = scheme == .light ? RGBA(0.35, 0.35, 0.4, 0.45) : RGBA(0.8, 0.8, 0.85, 0.45)
            for v in r.views where v.isVisible && v.index < frames.count { stroke(cr, frames[v.index], color: c, width: 1) }
        }

        // Whose proposal and sizes: the selection; else the subviews while they are few; else
        // the container (a dozen overlapping proposal boxes say nothing).
        let (targets, proposalTargets) = Self.targets(session)
        let captions = targets.count <= itemProposalLimit
        var notes: [String] = []
        if st.showsProposal {
            if selected == nil, proposalTargets == [0], !session.itemViews.isEmpty { notes.append("select a subview to see its proposal") }
            for i in proposalTargets where i < r.views.count && i < frames.count {
                let v = r.views[i], f = frames[i]
                guard f.origin.x.isFinite, f.origin.y.isFinite else { continue }
                let w = v.proposal.width.map { $0.isFinite ? $0 : max(visible.width * 4, 4000) } ?? f.width
                let h = v.proposal.height.map { $0.isFinite ? $0 : max(visible.height * 4, 4000) } ?? f.height
                let rect = CGRect(x: f.midX - w / 2, y: f.midY - h / 2, width: w, height: h)
                LayoutRenderer.drawDashedRect(rect, color: proposalColor, lineWidth: 1.5, into: cr)
                caption(cr, "proposal \(fmt(v.proposal))", at: rect, above: true, slot: 0, visible: visible, color: proposalColor, background: pill)
            }
        }
        let viewCount = min(r.views.count, frames.count)
        for i in targets where i < viewCount {
            // The frame only: a whole `PlacedView` (names, ids, layout values) for each of
            // thousands of subviews was most of an animated frame's drawing time.
            let f = frames[i]
            guard f.origin.x.isFinite, f.origin.y.isFinite else { continue }
            var below = 0, above = st.showsProposal && proposalTargets.contains(i) ? 1 : 0
            if st.showsSizes {
                stroke(cr, f, color: sizeColor, width: 1)
                if captions {
                    caption(cr, "size \(fmt(f.width))×\(fmt(f.height))", at: f, above: false, slot: below, visible: visible, color: sizeColor, background: pill)
                    below += 1
                }
            }
            if st.showsRanges {
                let v = r.views[i]
                let probes: [(String, CGSize?, RGBA, [Double])] = [("min", v.minSize, minColor, minDash), ("ideal", v.idealSize, idealColor, idealDash),
                                                                   ("max", v.maxSize, maxColor, maxDash)]
                for (_, size, color, dash) in probes {
                    guard let s = size else { continue }
                    let w = s.width.isFinite ? s.width : f.width + 40, h = s.height.isFinite ? s.height : f.height + 40
                    LayoutRenderer.drawDashedRect(CGRect(x: f.midX - w / 2, y: f.midY - h / 2, width: w, height: h), color: color, lineWidth: 1.5, dash: dash, into: cr)
                }
                if captions {
                    // Equal probes share one caption ("min = ideal = max 40×40").
                    var groups: [(names: [String], size: CGSize, color: RGBA)] = []
                    for (name, size, color, _) in probes {
                        guard let size else { continue }
                        if let k = groups.firstIndex(where: { $0.size == size }) { groups[k].names.append(name) } else { groups.append(([name], size, color)) }
                    }
                    for g in groups {
                        let box = CGRect(x: f.midX - g.size.width / 2, y: f.midY - g.size.height / 2, width: g.size.width, height: g.size.height)
                        let anchor = box.width.isFinite && box.height.isFinite ? box : f
                        caption(cr, "\(g.names.joined(separator: " = ")) \(fmt(g.size.width))×\(fmt(g.size.height))", at: anchor.union(f), above: g.names.first == "min",
                                slot: g.names.first == "min" ? above : below, visible: visible, color: g.color, background: pill)
                        if g.names.first == "min" { above += 1 } else { below += 1 }
                    }
                }
            }
        }
        // The selected container's anatomy: subviews, gaps, insets, proposals given.
        if let s = selected, let anatomy = ContainerAnatomy(result: r, selected: s, frames: frames) {
            anatomy.draw(result: r, frames: frames, visible: visible, background: pill,
                         guides: ContainerAnatomy.guides(session: session, anatomy: anatomy, frames: frames), into: cr)
        }
        if let s = selected, s < frames.count {
            LayoutRenderer.drawSelection(frames[s], into: cr)
        }
        drawLegend(cr, state: st, sizeColor: sizeColor, notes: notes, visible: visible, background: pill)
    }

    /// The views whose sizes and whose proposals are drawn: the selection; else the subviews;
    /// their proposals only while there are few of them, else the container's alone.
    static func targets(_ session: LabSession) -> (sizes: [Int], proposals: [Int]) {
        if let s = session.selectedIndex { return ([s], [s]) }
        let items = session.itemViews
        return (items, items.count <= itemProposalLimit ? items : (session.result.views.isEmpty ? [] : [0]))
    }

    /// The legend in the canvas's bottom-left corner: one line per overlay shown.
    static func drawLegend(_ cr: OpaquePointer, state st: LabState, sizeColor: RGBA, notes: [String], visible: CGRect, background: RGBA) {
        var entries: [(String, RGBA, [Double])] = []
        if st.showsProposal { entries.append(("proposal", proposalColor, [4, 3])) }
        if st.showsSizes { entries.append(("reported size", sizeColor, [])) }
        if st.showsRanges {
            entries.append(("min (proposal 0×0)", minColor, minDash))
            entries.append(("ideal (proposal nil×nil)", idealColor, idealDash))
            entries.append(("max (proposal ∞×∞)", maxColor, maxDash))
        }
        guard !entries.isEmpty, visible.width.isFinite, visible.height.isFinite else { return }
        let lineHeight = 14.0
        let height = Double(entries.count + notes.count) * lineHeight + 8
        let width = 190.0
        let x = Double(visible.minX) + 8, y = Double(visible.maxY) - height - 8
        cairo_save(cr)
        cairo_set_source_rgba(cr, background.red, background.green, background.blue, background.alpha)
        cairo_rectangle(cr, x, y, width, height)
        cairo_fill(cr)
        cairo_select_font_face(cr, "sans-serif", CAIRO_FONT_SLANT_NORMAL, CAIRO_FONT_WEIGHT_NORMAL)
        cairo_set_font_size(cr, 10)
        for (k, (name, color, dash)) in entries.enumerated() {
            let ly = y + 4 + Double(k) * lineHeight + lineHeight / 2
            cairo_set_source_rgba(cr, color.red, color.green, color.blue, color.alpha)
            cairo_set_line_width(cr, 1.5)
            dash.withUnsafeBufferPointer { cairo_set_dash(cr, $0.baseAddress, Int32($0.count), 0) }
            cairo_move_to(cr, x + 6, ly)
            cairo_line_to(cr, x + 30, ly)
            cairo_stroke(cr)
            cairo_move_to(cr, x + 36, ly + 3.5)
            cairo_show_text(cr, name)
        }
        cairo_set_source_rgba(cr, 0.4, 0.4, 0.45, 1)
        for (k, note) in notes.enumerated() {
            cairo_move_to(cr, x + 6, y + 4 + Double(entries.count + k) * lineHeight + lineHeight / 2 + 3.5)
            cairo_show_text(cr, note)
        }
        cairo_restore(cr)
    }

    static func stroke(_ cr: OpaquePointer, _ r: CGRect, color: RGBA, width: Double) {
        guard r.width.isFinite, r.height.isFinite, r.origin.x.isFinite, r.origin.y.isFinite else { return }
        cairo_save(cr)
        cairo_set_source_rgba(cr, color.red, color.green, color.blue, color.alpha)
        cairo_set_line_width(cr, width)
        cairo_rectangle(cr, Double(r.minX) + 0.5, Double(r.minY) + 0.5, max(Double(r.width) - 1, 0), max(Double(r.height) - 1, 0))
        cairo_stroke(cr)
        cairo_restore(cr)
    }

    /// Where a caption `width` wide goes: just above or below `box`, stacked by `slot`, inside
    /// `visible`.
    static func captionRect(width w: Double, at box: CGRect, above: Bool, slot: Int, visible: CGRect) -> CGRect {
        let h = 13.0
        var x = Double(box.minX)
        var y = above ? Double(box.minY) - 1 - h * Double(slot + 1) : Double(box.maxY) + 1 + h * Double(slot)
        x = min(max(x, Double(visible.minX) + 2), Double(visible.maxX) - w - 2)
        y = min(max(y, Double(visible.minY) + 2), Double(visible.maxY) - h - 2)
        return CGRect(x: x, y: y, width: w, height: h)
    }

    /// A caption on a pale pill just above (or below) `box`, stacked by `slot`, and moved into
    /// `visible` when the box reaches past the canvas (a stack child's proposal often does).
    static func caption(_ cr: OpaquePointer, _ text: String, at box: CGRect, above: Bool, slot: Int, visible: CGRect, color: RGBA, background: RGBA) {
        guard box.origin.x.isFinite, box.origin.y.isFinite, visible.width.isFinite, visible.height.isFinite else { return }
        cairo_save(cr)
        cairo_select_font_face(cr, "monospace", CAIRO_FONT_SLANT_NORMAL, CAIRO_FONT_WEIGHT_NORMAL)
        cairo_set_font_size(cr, 10)
        var extents = cairo_text_extents_t()
        cairo_text_extents(cr, text, &extents)
        let r = captionRect(width: extents.x_advance + 6, at: box, above: above, slot: slot, visible: visible)
        let x = Double(r.minX), y = Double(r.minY), w = Double(r.width), h = Double(r.height)
        cairo_set_source_rgba(cr, background.red, background.green, background.blue, background.alpha)
        cairo_rectangle(cr, x, y, w, h)
        cairo_fill(cr)
        cairo_set_source_rgba(cr, color.red, color.green, color.blue, color.alpha)
        cairo_move_to(cr, x + 3, y + 10)
        cairo_show_text(cr, text)
        cairo_restore(cr)
    }
}
