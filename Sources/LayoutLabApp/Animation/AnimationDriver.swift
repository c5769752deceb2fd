import CGtk
import Foundation
import SwiftUI

/// Drives the canvas's animations from GTK's frame clock.
///
/// A change lays out once (in `LabSession`) and calls `start()`; a tick callback
/// (`gtk_widget_add_tick_callback`, timed by `gdk_frame_clock_get_frame_time`) then only queues
/// a redraw each frame, where the draw function asks the session for the interpolated frames.
/// The callback removes itself when nothing moves. Only an animating Radial rotation lays out
/// again per frame (the layout's animatable data).
@MainActor
final class AnimationDriver {
    let widget: Widget
    let session: LabSession
    private var tickID: guint = 0

    init(widget: Widget, session: LabSession) {
        self.widget = widget
        self.session = session
    }

    /// Whether the tick callback is installed.
    var isRunning: Bool { tickID != 0 }

    /// The frame clock's time (seconds), or the monotonic clock before the widget is mapped.
    func now() -> Double {
        if let clock = gtk_widget_get_frame_clock(widget) {
            let t = gdk_frame_clock_get_frame_time(clock)
            if t > 0 { return Double(t) / 1_000_000 }
        }
        return monotonicSeconds()
    }

    /// Redraws now, and every frame until the animation settles.
    func start() {
        gtk_widget_queue_draw(widget)
        guard tickID == 0 else { return }
        tickID = addTickCallback(widget) { [unowned self] micros in
            let t = Double(micros) / 1_000_000
            if self.session.isRotating { self.session.stepRotation(now: t) }
            gtk_widget_queue_draw(self.widget)
            if self.session.isAnimating(at: t) { return true }
            self.tickID = 0
            return false
        }
    }
}
