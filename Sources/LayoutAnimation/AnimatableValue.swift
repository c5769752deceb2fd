import Foundation
import LayoutCore

/// One animated value with SwiftUI's interruption rules: for a layout parameter (a Radial
/// layout's rotation, say) that the app re-runs the layout with every frame.
///
/// SwiftUI rule (<doc:AnimationRules>): a timing curve does not merge — each change animates its own delta
/// (new target − old target) and the presented value is the target plus the sum of the running
/// offsets, so interrupting never jumps. A spring merges — it takes over the presented value
/// and the current velocity of everything running, and restarts its clock (blending the
/// response over `blendDuration` when it changes). Times are in seconds; pass
/// `LayoutAnimator.animationTime(at:)` to follow the animator's slow motion.
public struct AnimatableValue<Value: VectorArithmetic> {
    struct Contribution {
        var segment: AnimationSegment
        var start: Double
        var offset: Value
        var velocity: Value
    }

    /// The value the animations head for (the model value).
    ///
    /// SwiftUI rule: the model changes at once; only the presentation animates.
    public private(set) var target: Value
    private var contributions: [Contribution] = []

    /// Creates a value at rest at `value`.
    ///
    /// SwiftUI rule: a value with no transaction animation is presented as is.
    public init(_ value: Value) {
        target = value
    }

    /// Whether any animation is still running at `time`.
    ///
    /// SwiftUI rule: a timing curve runs for its duration; a spring until its velocity and force
    /// fall under the completion threshold (|v|², |F|² ≤ 0.0036 in the value's units).
    public func isAnimating(at time: Double) -> Bool {
        contributions.contains { time - $0.start < $0.segment.finishElapsed }
    }

    /// The presented value at `time`.
    ///
    /// SwiftUI rule: target + the sum of every running animation's remaining offset.
    public func value(at time: Double) -> Value {
        var result = target
        for c in contributions {
            let s = c.segment.sample(elapsed: time - c.start)
            result += c.offset.scaled(by: s.a) + c.velocity.scaled(by: s.b)
        }
        return result
    }

    /// The presented velocity (per second) at `time`.
    ///
    /// SwiftUI rule: the sum of the running animations' velocities; a merging spring inherits it.
    public func velocity(at time: Double) -> Value {
        var result = Value.zero
        for c in contributions {
            let s = c.segment.sample(elapsed: time - c.start)
            result += c.offset.scaled(by: s.da) + c.velocity.scaled(by: s.db)
        }
        return result
    }

    /// Sets a new target at `time`, animating from the presented value with `animation`
    /// (nil, or an instant animation, jumps).
    ///
    /// SwiftUI rule (<doc:AnimationRules>): timing curves add a contribution for their own delta; springs merge
    /// every running contribution into one, keeping value and velocity continuous.
    public mutating func set(_ newTarget: Value, animation: Animation?, at time: Double) {
        removeFinished(at: time)
        guard let animation, !animation.isInstant else {
            target = newTarget
            contributions.removeAll(keepingCapacity: true)
            return
        }
        if animation.isSpring {
            let presented = value(at: time)
            let velocity = velocity(at: time)
            let previous = contributions.last(where: { $0.segment.springResponse != nil })?.segment.springResponse
            let offset = presented - newTarget
            contributions.removeAll(keepingCapacity: true)
            target = newTarget
            if offset.magnitudeSquared == 0 && velocity.magnitudeSquared == 0 { return }
            let segment = AnimationSegment(
                animation: animation, maxOffset: offset.magnitudeSquared.squareRoot(),
                maxVelocity: velocity.magnitudeSquared.squareRoot(), blendingFrom: previous)
            contributions.append(Contribution(segment: segment, start: time, offset: offset, velocity: velocity))
        } else {
            let delta = target - newTarget
            target = newTarget
            if delta.magnitudeSquared == 0 { return }
            let segment = AnimationSegment(animation: animation, maxOffset: 0, maxVelocity: 0)
            contributions.append(Contribution(segment: segment, start: time, offset: delta, velocity: .zero))
        }
    }

    /// Drops the animations that have finished by `time`.
    ///
    /// SwiftUI rule: a finished animation contributes nothing more (a settled spring's residue
    /// is below the completion threshold).
    public mutating func removeFinished(at time: Double) {
        contributions.removeAll { time - $0.start >= $0.segment.finishElapsed }
    }
}

extension AnimatableValue: Sendable where Value: Sendable {}
extension AnimatableValue.Contribution: Sendable where Value: Sendable {}
