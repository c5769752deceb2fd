import Foundation
import LayoutAnimation
import SwiftUI

/// The animation side of the session: frames are interpolated by the engine's `LayoutAnimator`
/// (matched by identity, inserted views fade in, removed ones fade out); the Radial rotation is
/// an `AnimatableValue` whose in-between values re-run the layout every frame, so subviews
/// travel along the circle instead of cutting across it.
extension LabSession {
    /// The rotation the layout was last built with (an animation's in-between value).
    package var presentedRotationDegrees: Double { presentedRotation }

    /// Whether the rotation is still moving (not while time is paused: it holds).
    package var isRotating: Bool { !isTimePaused && rotation.isAnimating(at: animator.animationTime(at: lastTime)) }

    /// How fast the animation clock runs: stopped while paused, a fifth in slow motion.
    var animationTimeScale: Double { isTimePaused ? 0 : state.slowMotion ? 0.2 : 1 }

    /// Stops or restarts the animation clock at `now` (the window's Pause): animations hold
    /// where they are, and go on from there when it runs again.
    package func setTimePaused(_ paused: Bool, now: Double) {
        guard paused != isTimePaused else { return }
        _ = animator.animationTime(at: now)  // the clock rebases at the latest time seen
        isTimePaused = paused
        animator.timeScale = animationTimeScale
        lastTime = now
    }

    /// While paused, moves every animation `seconds` of animation time on (the window's Step);
    /// a Radial rotation lays out again at its new angle.
    package func stepTime(by seconds: Double, now: Double) {
        guard isTimePaused, seconds.isFinite, seconds > 0 else { return }
        _ = animator.animationTime(at: now)
        animator.advance(by: seconds)
        lastTime = now
        if rotation.value(at: animator.animationTime(at: now)) != presentedRotation { stepRotation(now: now) }
    }

    /// Advances a rotation animation: lays out with the in-between rotation.
    /// Returns whether it is still running.
    @discardableResult
    package func stepRotation(now: Double) -> Bool {
        lastTime = now
        let t = animator.animationTime(at: now)
        presentedRotation = rotation.value(at: t)
        rebuild(rotation: presentedRotation)
        result = measureLayout()
        // The rotated layout replaces the target without cancelling frame or fade animations
        // still running (SwiftUI applies un-animated changes on top of running animations).
        animator.updateTarget(result, at: now)
        updateItemViews()
        return rotation.isAnimating(at: t)
    }

    /// The frames to draw at `now`.
    package func presentation(at now: Double) -> Presentation {
        let start = cpuSeconds()
        let f = animator.presentation(at: now)
        stats.interpolationMilliseconds = (cpuSeconds() - start) * 1000
        return Presentation(displayList: f.displayList, frames: f.frames, opacities: f.opacities,
                            transforms: f.transforms, layoutFrames: f.layoutFrames, isAnimating: !isTimePaused && (f.isAnimating || isRotating))
    }

    /// Whether anything is moving (nothing is while time is paused).
    package func isAnimating(at now: Double) -> Bool {
        !isTimePaused && (rotation.isAnimating(at: animator.animationTime(at: now)) || animator.isAnimating(at: now))
    }

}
