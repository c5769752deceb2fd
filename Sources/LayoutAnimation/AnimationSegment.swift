import Foundation
import LayoutCore

/// One running animation, started at a known time, evaluated as linear coefficients.
///
/// Every animated quantity is stored as an offset from its target. A running animation maps
/// the offset x0 and velocity v0 it started with to the offset and velocity now:
/// `x = a·x0 + b·v0`, `v = da·x0 + db·v0` (velocities per real second). Timing curves use
/// `a = 1 − curve(t/duration)` (v0 unused); springs use the oscillator's fundamental matrix.
/// The coefficients depend only on the animation and the elapsed time, so they are computed
/// once per frame for all the values that started together.
struct AnimationSegment: Sendable {
    let animation: Animation
    let trajectory: SpringTrajectory?
    /// Real seconds after the start at which the contribution is dropped (it is then zero, or
    /// below SwiftUI's spring completion threshold).
    let finishElapsed: Double

    /// A segment for a timing curve, or a spring that starts with offsets of norm at most
    /// `maxOffset` and velocities (per real second) of norm at most `maxVelocity`.
    init(animation: Animation, maxOffset: Double, maxVelocity: Double,
         blendingFrom previousResponse: Double? = nil) {
        self.animation = animation
        switch animation.kind {
        case let .timingCurve(_, duration):
            trajectory = nil
            finishElapsed = animation.isInstant ? animation.delay : animation.delay + duration / animation.speed
        case let .spring(response, damping, blend):
            let trajectory = SpringTrajectory(
                response: response, dampingFraction: damping,
                blendingFrom: previousResponse, blendDuration: blend)
            self.trajectory = trajectory
            if animation.isInstant {
                finishElapsed = animation.delay
            } else {
                let settle = trajectory.settlingTime(offset: maxOffset, velocity: maxVelocity / animation.speed)
                finishElapsed = animation.delay + settle / animation.speed
            }
        }
    }

    /// The spring's response (nil for timing curves), for blending a later retarget.
    var springResponse: Double? {
        if case let .spring(response, _, _) = animation.kind { return response }
        return nil
    }

    /// The coefficients `elapsed` real seconds after the start.
    func sample(elapsed: Double) -> SpringCoefficients {
        if elapsed >= finishElapsed { return .zero }
        let delay = animation.delay
        if elapsed < delay { return SpringCoefficients(a: 1, b: 0, da: 0, db: 0) }
        let speed = animation.speed
        let t = (elapsed - delay) * speed
        switch animation.kind {
        case let .timingCurve(curve, duration):
            let x = t / duration
            if x >= 1 { return .zero }
            let p: Double, slope: Double
            if let curve { (p, slope) = curve.valueAndSlope(at: x) } else { p = x; slope = 1 }
            return SpringCoefficients(a: 1 - p, b: 0, da: -slope * speed / duration, db: 0)
        case .spring:
            guard let trajectory else { return .zero }
            let c = trajectory.coefficients(at: t)
            return SpringCoefficients(a: c.a, b: c.b / speed, da: c.da * speed, db: c.db)
        }
    }
}
