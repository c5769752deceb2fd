import Foundation
import SwiftUI
import LayoutRecording
import LayoutAnimation
import LayoutRendering

/// One frame of a transition, as the canvas would draw it: the display list with every view's
/// interpolated frame and opacity at that instant.
package struct SampledFrame: Sendable {
    package var displayList: [DisplayItem]
    package var frames: [CGRect]
    package var opacities: [Double]?
    package var transforms: [PresentedTransform] = []
    package var layoutFrames: [CGRect] = []
}

/// A layout switch sampled on a fixed clock, ready to be drawn and encoded on any thread.
package struct SampledTransition: Sendable {
    /// Frame `i` is the animation at `i / framesPerSecond` seconds; the last one has settled.
    package var frames: [SampledFrame]
    /// The area recorded, in points (the canvas; where a proposal is nil, the larger root).
    package var size: CGSize
    package var framesPerSecond: Int
    package var scheme: ColorScheme
    /// The layouts switched from and to.
    package var from: String, to: String
    /// The layouts as laid out before and after (what the first and last frames show).
    package var start: LayoutResult, end: LayoutResult

    /// Seconds from the first frame to the last.
    package var duration: Double { Double(max(frames.count - 1, 0)) / Double(framesPerSecond) }
}

/// What a finished recording wrote.
package struct RecordingSummary: Sendable {
    package var url: URL
    package var format: RecordingFormat
    package var frameCount: Int
    package var pixelWidth: Int, pixelHeight: Int
    package var duration: Double
}

/// Records a layout switch to an animated GIF or a WebM video.
///
/// The transition is replayed in a session of its own (the window's state, the canvas's size),
/// and its animation clock is stepped by exactly `1 / framesPerSecond` per frame rather than
/// read from the wall clock, so a recording is the same on a slow machine as on a fast one
/// and its first and last frames are the layouts themselves. Frames are drawn by
/// `LayoutRenderer`, the canvas's own drawing, at the canvas size × scale; drawing and encoding
/// (`LayoutRecording`) need no main thread, so the window runs them on a thread of their own.
package enum TransitionRecorder {
    /// Why a transition cannot be recorded.
    package struct Failure: Error, CustomStringConvertible { package let description: String }

    /// The longest transition recorded (seconds of animation); longer ones are cut there.
    package static let maximumSeconds = 20.0

    /// Samples the switch from `state`'s layout to layout `target` at `canvasSize` points.
    @MainActor
    package static func sample(layouts: [LabLayout], scenes: [LabScene], state: LabState, to target: Int,
                       canvasSize: CGSize, framesPerSecond: Int) throws -> SampledTransition {
        guard layouts.indices.contains(target) else { throw Failure(description: "no layout number \(target + 1)") }
        guard target != state.layoutIndex else {
            throw Failure(description: "the transition goes from \(layouts[state.layoutIndex].name) to itself: choose another layout")
        }
        guard (1...120).contains(framesPerSecond) else { throw Failure(description: "frames per second must be 1…120") }
        guard canvasSize.width.isFinite, canvasSize.height.isFinite, canvasSize.width > 0, canvasSize.height > 0 else {
            throw Failure(description: "the canvas has no size yet")
        }
        let session = LabSession(layouts: layouts, scenes: scenes, state: state)
        session.perform(.setCanvasSize(canvasSize), at: 0)
        session.update(animated: false, now: 0)
        let start = session.result
        session.perform(.selectLayout(target), at: 0)
        let end = session.result
        var frames: [SampledFrame] = []
        let limit = Int(maximumSeconds * Double(framesPerSecond))
        for i in 0... {
            let t = Double(i) / Double(framesPerSecond)
            let p = session.presentation(at: t)
            frames.append(SampledFrame(displayList: p.displayList, frames: p.frames, opacities: p.opacities, transforms: p.transforms, layoutFrames: p.layoutFrames))
            if !p.isAnimating || i >= limit { break }
        }
        let size = Self.canvasSize(covering: [start, end])
        guard size.width >= 1, size.height >= 1 else {
            throw Failure(description: "an infinite proposal has no size to record: record with a finite width and height")
        }
        return SampledTransition(frames: frames, size: size, framesPerSecond: framesPerSecond, scheme: state.colorScheme,
                                 from: layouts[state.layoutIndex].name, to: layouts[target].name, start: start, end: end)
    }

    /// How long each state of a recorded run of steps is held before the next step starts.
    package static let holdSeconds = 0.5

    /// Samples a run of live-preview states: the first as it is, then each animated from what
    /// is on screen with its animation (nil: at once), as the window's animator presents them;
    /// every state held `holdSeconds`.
    package static func sample(states: [(result: LayoutResult, animation: Animation?)], framesPerSecond: Int, scheme: ColorScheme,
                               from name: String) throws -> SampledTransition {
        guard let first = states.first else { throw Failure(description: "nothing to record") }
        guard (1...120).contains(framesPerSecond) else { throw Failure(description: "frames per second must be 1…120") }
        let animator = LayoutAnimator()
        let step = 1 / Double(framesPerSecond)
        let hold = max(1, Int((holdSeconds * Double(framesPerSecond)).rounded()))
        let limit = Int(maximumSeconds * Double(framesPerSecond))
        var frames: [SampledFrame] = []
        var t = 0.0
        for (k, state) in states.enumerated() {
            animator.setTarget(state.result, animation: k == 0 ? nil : state.animation, at: t)
            var shown = 0
            while frames.count < limit {
                let p = animator.presentation(at: t)
                frames.append(SampledFrame(displayList: p.displayList, frames: p.frames, opacities: p.opacities, transforms: p.transforms, layoutFrames: p.layoutFrames))
                t += step
                shown += 1
                if !p.isAnimating && shown >= hold { break }
            }
        }
        let size = Self.canvasSize(covering: states.map(\.result))
        guard size.width >= 1, size.height >= 1 else {
            throw Failure(description: "the preview has no size to record: record with a finite width and height")
        }
        return SampledTransition(frames: frames, size: size, framesPerSecond: framesPerSecond, scheme: scheme,
                                 from: name, to: name, start: first.result, end: states[states.count - 1].result)
    }

    /// The size a recording of `results` draws on: the largest finite width and height, in
    /// whole points (an infinite side counts as 0).
    static func canvasSize(covering results: [LayoutResult]) -> CGSize {
        var size = CGSize.zero
        for c in results.map(\.canvasSize) {
            if c.width.isFinite { size.width = max(size.width, c.width.rounded(.up)) }
            if c.height.isFinite { size.height = max(size.height, c.height.rounded(.up)) }
        }
        return size
    }

    /// One sampled frame at `scale` pixels per point over the canvas background, drawn by
    /// LayoutRendering as the canvas draws it.
    package static func render(_ frame: SampledFrame, size: CGSize, scale: Double, scheme: ColorScheme,
                       renderer: LayoutRenderer) throws -> RecordingFrame {
        let image = try ImageExporter.renderFrame(frame.displayList, frames: frame.frames, opacities: frame.opacities, transforms: frame.transforms,
                                                  layoutFrames: frame.layoutFrames, size: size,
                                                  scale: scale, scheme: scheme, renderer: renderer)
        return try RecordingFrame(width: image.width, height: image.height, stride: image.stride, pixels: image.data)
    }

    /// Draws and encodes every frame to `url`; `progress(done, total)` is called after each frame
    /// and stops the recording (deleting the file) when it returns false. Runs on any thread.
    package static func encode(_ transition: SampledTransition, format: RecordingFormat, scale: Double, to url: URL,
                       progress: (Int, Int) -> Bool = { _, _ in true }) throws -> RecordingSummary {
        let pixels = try ImageExporter.pixelSize(canvas: transition.size, scale: scale)
        let writer = try Recording.writer(format: format, url: url, width: pixels.width, height: pixels.height,
                                          framesPerSecond: transition.framesPerSecond)
        let renderer = LayoutRenderer()
        do {
            for (i, frame) in transition.frames.enumerated() {
                try writer.append(render(frame, size: transition.size, scale: scale, scheme: transition.scheme, renderer: renderer))
                guard progress(i + 1, transition.frames.count) else { throw Failure(description: "cancelled") }
            }
            try writer.finish()
        } catch {
            try? FileManager.default.removeItem(at: url)
            throw error
        }
        return RecordingSummary(url: url, format: format, frameCount: transition.frames.count,
                                pixelWidth: pixels.width, pixelHeight: pixels.height, duration: transition.duration)
    }
}

/// A recording in progress on its own thread, watched from the main loop.
package final class RecordingJob: @unchecked Sendable {
    private let lock = NSLock()
    private var _done = 0, _total = 0
    private var _result: Result<RecordingSummary, any Error>?
    private var _cancelled = false

    /// Frames encoded so far, and in all.
    package var progress: (done: Int, total: Int) { lock.withLock { (_done, _total) } }
    /// Set once the thread has finished.
    package var result: Result<RecordingSummary, any Error>? { lock.withLock { _result } }
    /// Asks the thread to stop after the current frame.
    package func cancel() { lock.withLock { _cancelled = true } }

    /// Starts encoding `transition` on a new thread.
    package init(_ transition: SampledTransition, format: RecordingFormat, scale: Double, url: URL) {
        _total = transition.frames.count
        let thread = Thread { [self] in
            let outcome = Result {
                try TransitionRecorder.encode(transition, format: format, scale: scale, to: url) { done, total in
                    self.lock.withLock {
                        self._done = done
                        self._total = total
                        return !self._cancelled
                    }
                }
            }
            self.lock.withLock { self._result = outcome }
        }
        thread.name = "layoutlab-recording"
        thread.start()
    }
}
