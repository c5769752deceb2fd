import CGtk
import Foundation
import LayoutEngine
import LayoutRendering

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
    var onSelectionChanged: () -> Void = {}
    var onFrame: (Double) -> Void = { _ in }
    /// Called after a click changed the model (a tappable view).
    var onModelChanged: () -> Void = {}
    /// Called after the canvas size changed the layout.
    var onResize: () -> Void = {}
    /// Where the canvas's origin was drawn (root coordinates → widget coordinates).
    private(set) var origin = CGPoint.zero
    /// The frames drawn last (for hit testing).
    private(set) var lastFrames: [CGRect] = []
    /// The presentation drawn last.
    private(set) var lastPresentation: Presentation?

    init(session: LabSession) {
        self.session = session
        area = gtk_drawing_area_new()!
        gtk_widget_set_hexpand(area, 1)
        gtk_widget_set_vexpand(area, 1)
        gtk_widget_set_size_request(area, 200, 200)
        gtk_widget_add_css_class(area, "layout-canvas")
        gtk_widget_set_focusable(area, 1)
        driver = AnimationDriver(widget: area, session: session)
        setDrawFunction(area) { [unowned self] cr, w, h in self.draw(cr, width: w, height: h) }
        connectResize(area) { [unowned self] w, h in
            self.session.setCanvasSize(CGSize(width: w, height: h), now: self.now())
            self.onResize()
            self.startAnimating()
        }
        let click = gtk_gesture_click_new()!
        connectPressed(click) { [unowned self] _, x, y in self.click(at: CGPoint(x: x, y: y)) }
        gtk_widget_add_controller(area, lab_event_controller(click.raw))
    }

    /// The frame clock's time (seconds), or the monotonic clock before the widget is mapped.
    func now() -> Double { driver.now() }

    /// Redraws every frame until the animation settles.
    func startAnimating() { driver.start() }

    /// The offset that centres the canvas (the proposal's area) in the widget.
    func canvasOrigin(widgetSize: CGSize) -> CGPoint {
        let r = session.result
        var size = r.canvasSize
        if !size.width.isFinite || !size.height.isFinite { size = r.rootSize }
        var p = CGPoint(x: (widgetSize.width - size.width) / 2, y: (widgetSize.height - size.height) / 2)
        if !p.x.isFinite { p.x = 0 }
        if !p.y.isFinite { p.y = 0 }
        // An infinite proposal: the root's frame may be far away; centre the root instead.
        if !r.canvasSize.width.isFinite || !r.canvasSize.height.isFinite, let root = r.views.first, root.frame.origin.x.isFinite, root.frame.origin.y.isFinite {
            p = CGPoint(x: (widgetSize.width - root.frame.width) / 2 - root.frame.minX,
                        y: (widgetSize.height - root.frame.height) / 2 - root.frame.minY)
        }
        return CGPoint(x: p.x.rounded(), y: p.y.rounded())
    }

    func draw(_ cr: OpaquePointer, width: Int, height: Int) {
        let t = now()
        let start = cpuSeconds()
        let scheme = session.state.colorScheme
        LayoutRenderer.paintBackground(scheme: scheme, into: cr)
        let p = session.presentation(at: t)
        lastPresentation = p
        lastFrames = p.frames
        origin = canvasOrigin(widgetSize: CGSize(width: width, height: height))
        cairo_save(cr)
        cairo_translate(cr, Double(origin.x), Double(origin.y))
        if !session.state.followsWindow {
            let c = session.result.canvasSize
            if c.width.isFinite, c.height.isFinite {
                LayoutRenderer.drawDashedRect(CGRect(origin: .zero, size: c), color: RGBA(0.5, 0.5, 0.55, 0.6), into: cr)
            }
        }
        renderer.draw(p.displayList, frames: p.frames, opacities: p.opacities, scheme: scheme, into: cr)
        Overlays.draw(session: session, frames: p.frames, scheme: scheme, into: cr)
        cairo_restore(cr)
        session.stats.drawMilliseconds = (cpuSeconds() - start) * 1000
        onFrame(t)
    }

    func click(at point: CGPoint) {
        gtk_widget_grab_focus(area)
        let p = CGPoint(x: point.x - origin.x, y: point.y - origin.y)
        let frames = lastFrames.isEmpty ? session.result.frames : lastFrames
        // A click on a tappable view (a voting button) counts; it does not change the selection.
        if let deepest = session.views(at: p, frames: frames).first, let name = session.tapName(around: deepest) {
            session.tap(name, now: now())
            onModelChanged()
            startAnimating()
            return
        }
        if let i = session.hitTest(p, frames: frames) {
            session.selection = session.result.views[i].identity
        } else {
            session.selection = nil
        }
        onSelectionChanged()
        gtk_widget_queue_draw(area)
    }
}

/// Layout overlays drawn over the scene: proposals, reported sizes, min/ideal/max, selection.
@MainActor
enum Overlays {
    static func draw(session: LabSession, frames: [CGRect], scheme: ColorScheme, into cr: OpaquePointer) {
        let st = session.state
        let r = session.result
        let targets: [Int]
        if let s = session.selectedIndex { targets = [s] } else { targets = session.itemViews }
        // Captions only when they cannot pile up.
        let captions = targets.count <= 3
        let proposalColor = RGBA(0.9, 0.3, 0.1, 0.9)
        let sizeColor = scheme == .light ? RGBA(0.1, 0.5, 0.2, 0.9) : RGBA(0.4, 0.9, 0.5, 0.9)
        let rangeColor = RGBA(0.55, 0.3, 0.85, 0.85)
        for i in targets where i < r.views.count && i < frames.count {
            let v = r.views[i]
            let f = frames[i]
            guard f.origin.x.isFinite, f.origin.y.isFinite else { continue }
            if st.showsProposal {
                let w = v.proposal.width.map { $0.isFinite ? $0 : 4000 } ?? f.width
                let h = v.proposal.height.map { $0.isFinite ? $0 : 4000 } ?? f.height
                let rect = CGRect(x: f.midX - w / 2, y: f.midY - h / 2, width: w, height: h)
                LayoutRenderer.drawDashedRect(rect, color: proposalColor, into: cr)
                if captions { caption(cr, "proposal \(fmt(v.proposal))", at: CGPoint(x: rect.minX + 2, y: rect.minY - 3), color: proposalColor) }
            }
            if st.showsSizes {
                stroke(cr, f, color: sizeColor, width: 1)
                if captions { caption(cr, "\(fmt(f.width))×\(fmt(f.height))", at: CGPoint(x: f.minX + 2, y: f.maxY + 11), color: sizeColor) }
            }
            if st.showsRanges {
                for (size, dash) in [(v.minSize, [2.0, 2.0]), (v.idealSize, [6.0, 2.0]), (v.maxSize, [10.0, 3.0])] {
                    guard let s = size else { continue }
                    let w = s.width.isFinite ? s.width : f.width + 40, h = s.height.isFinite ? s.height : f.height + 40
                    LayoutRenderer.drawDashedRect(CGRect(x: f.midX - w / 2, y: f.midY - h / 2, width: w, height: h),
                                                  color: rangeColor, dash: dash, into: cr)
                }
            }
        }
        if let s = session.selectedIndex, s < frames.count {
            LayoutRenderer.drawSelection(frames[s], into: cr)
        }
    }

    static func stroke(_ cr: OpaquePointer, _ r: CGRect, color: RGBA, width: Double) {
        guard r.width.isFinite, r.height.isFinite else { return }
        cairo_save(cr)
        cairo_set_source_rgba(cr, color.red, color.green, color.blue, color.alpha)
        cairo_set_line_width(cr, width)
        cairo_rectangle(cr, Double(r.minX) + 0.5, Double(r.minY) + 0.5, max(Double(r.width) - 1, 0), max(Double(r.height) - 1, 0))
        cairo_stroke(cr)
        cairo_restore(cr)
    }

    static func caption(_ cr: OpaquePointer, _ text: String, at p: CGPoint, color: RGBA) {
        guard p.x.isFinite, p.y.isFinite else { return }
        cairo_save(cr)
        cairo_select_font_face(cr, "monospace", CAIRO_FONT_SLANT_NORMAL, CAIRO_FONT_WEIGHT_NORMAL)
        cairo_set_font_size(cr, 9)
        cairo_set_source_rgba(cr, color.red, color.green, color.blue, color.alpha)
        cairo_move_to(cr, Double(p.x), Double(p.y))
        cairo_show_text(cr, text)
        cairo_restore(cr)
    }
}
