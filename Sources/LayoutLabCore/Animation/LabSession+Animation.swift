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

    /// Whether the rotation is still moving.
    package var isRotating: Bool { rotation.isAnimating(at: animator.animationTime(at: lastTime)) }

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
                            isAnimating: f.isAnimating || isRotating)
    }

    /// Whether anything is moving.
    package func isAnimating(at now: Double) -> Bool {
        rotation.isAnimating(at: animator.animationTime(at: now)) || animator.isAnimating(at: now)
    }

}
