import Foundation

/// How a change animates over time, mirroring SwiftUI's `Animation`.
///
/// SwiftUI rule (<doc:AnimationRules>): an animation is either a timing curve (a cubic Bézier over a fixed
/// duration) or a spring (physics, no fixed duration), optionally sped up and delayed.
/// Timing curves combine additively when interrupted; springs merge, keeping the running
/// value and velocity (<doc:AnimationRules>).
public struct Animation: Hashable, Sendable, CustomStringConvertible {
    /// The shape of an animation, before speed and delay.
    public enum Kind: Hashable, Sendable {
        /// A timing curve over `duration` seconds; `curve == nil` is linear.
        case timingCurve(UnitBezier?, duration: Double)
        /// A spring with SwiftUI's response / damping-fraction parameters.
        case spring(response: Double, dampingFraction: Double, blendDuration: Double)
    }

    /// The curve or spring.
    public let kind: Kind
    /// The speed multiplier (`speed(_:)`); 1 is normal speed.
    public let speed: Double
    /// The delay before the animation starts, in seconds of real time (`delay(_:)`).
    public let delay: Double

    /// Creates an animation of `kind`, at normal speed and without delay.
    ///
    /// SwiftUI rule: the public factory methods (`.easeInOut`, `.spring(…)`, …) build these.
    public init(_ kind: Kind, speed: Double = 1, delay: Double = 0) {
        self.kind = kind
        self.speed = speed
        self.delay = delay
    }

    /// The SwiftUI spelling of this animation, e.g. `easeInOut(duration: 0.35).delay(1)`.
    ///
    /// SwiftUI rule: the factory names are the public vocabulary (`.default` prints as its spring).
    public var description: String {
        var text: String
        switch kind {
        case let .timingCurve(curve, duration):
            if let c = curve {
                switch c {
                case .easeInOut: text = "easeInOut(duration: \(duration))"
                case .easeIn: text = "easeIn(duration: \(duration))"
                case .easeOut: text = "easeOut(duration: \(duration))"
                default: text = "timingCurve(\(c.c0x), \(c.c0y), \(c.c1x), \(c.c1y), duration: \(duration))"
                }
            } else {
                text = "linear(duration: \(duration))"
            }
        case let .spring(response, damping, blend):
            text = "spring(response: \(response), dampingFraction: \(damping), blendDuration: \(blend))"
        }
        if speed != 1 { text += ".speed(\(speed))" }
        if delay != 0 { text += ".delay(\(delay))" }
        return text
    }

    // MARK: - Timing curves

    /// The default duration of timing-curve animations.
    ///
    /// SwiftUI rule: `.linear`, `.easeIn`, `.easeOut` and `.easeInOut` last 0.35 s.
    public static let defaultDuration = 0.35

    /// A constant-speed animation of 0.35 s.
    ///
    /// SwiftUI rule: `Animation.linear` has the default duration 0.35 s.
    public static let linear = Animation(.timingCurve(nil, duration: defaultDuration))
    /// A constant-speed animation lasting `duration` seconds.
    ///
    /// SwiftUI rule: progress equals elapsed / duration.
    public static func linear(duration: Double) -> Animation {
        Animation(.timingCurve(nil, duration: duration))
    }

    /// An animation that starts slowly, lasting 0.35 s.
    ///
    /// SwiftUI rule: cubic Bézier (0.42, 0) (1, 1).
    public static let easeIn = Animation(.timingCurve(.easeIn, duration: defaultDuration))
    /// An animation that starts slowly, lasting `duration` seconds.
    ///
    /// SwiftUI rule: cubic Bézier (0.42, 0) (1, 1).
    public static func easeIn(duration: Double) -> Animation {
        Animation(.timingCurve(.easeIn, duration: duration))
    }

    /// An animation that ends slowly, lasting 0.35 s.
    ///
    /// SwiftUI rule: cubic Bézier (0, 0) (0.58, 1).
    public static let easeOut = Animation(.timingCurve(.easeOut, duration: defaultDuration))
    /// An animation that ends slowly, lasting `duration` seconds.
    ///
    /// SwiftUI rule: cubic Bézier (0, 0) (0.58, 1).
    public static func easeOut(duration: Double) -> Animation {
        Animation(.timingCurve(.easeOut, duration: duration))
    }

    /// An animation that starts and ends slowly, lasting 0.35 s.
    ///
    /// SwiftUI rule: cubic Bézier (0.42, 0) (0.58, 1).
    public static let easeInOut = Animation(.timingCurve(.easeInOut, duration: defaultDuration))
    /// An animation that starts and ends slowly, lasting `duration` seconds.
    ///
    /// SwiftUI rule: cubic Bézier (0.42, 0) (0.58, 1).
    public static func easeInOut(duration: Double) -> Animation {
        Animation(.timingCurve(.easeInOut, duration: duration))
    }

    /// An animation following the cubic Bézier with control points (c0x, c0y) and (c1x, c1y).
    ///
    /// SwiftUI rule: `timingCurve(_:_:_:_:duration:)`, default duration 0.35 s.
    public static func timingCurve(_ c0x: Double, _ c0y: Double, _ c1x: Double, _ c1y: Double,
                                   duration: Double = defaultDuration) -> Animation {
        Animation(.timingCurve(UnitBezier(c0x, c0y, c1x, c1y), duration: duration))
    }

    // MARK: - Springs

    /// The default animation: a critically damped spring with response 0.55 s.
    ///
    /// SwiftUI rule (iOS 17 / macOS 14 docs): `spring(response: 0.55, dampingFraction: 1.0,
    /// blendDuration: 0)`; earlier releases used `.easeInOut`.
    public static let `default` = Animation(.spring(response: 0.55, dampingFraction: 1.0, blendDuration: 0))

    /// A spring described by its response (period of the undamped oscillation) and damping.
    ///
    /// SwiftUI rule (iOS 13 API): defaults response 0.5, dampingFraction 0.825,
    /// blendDuration 0. Response 0 is infinitely stiff: the change is instant.
    @_disfavoredOverload
    public static func spring(response: Double = 0.5, dampingFraction: Double = 0.825,
                              blendDuration: Double = 0) -> Animation {
        Animation(.spring(response: response, dampingFraction: dampingFraction, blendDuration: blendDuration))
    }

    /// A spring described by its perceptual duration and bounce.
    ///
    /// SwiftUI rule (iOS 17 API): response = duration; dampingFraction =
    /// bounce < 0 ? 1/(1+bounce) : 1 − bounce. `.spring()` resolves to this overload.
    public static func spring(duration: Double = 0.5, bounce: Double = 0,
                              blendDuration: Double = 0) -> Animation {
        Animation(.spring(response: duration, dampingFraction: dampingFraction(bounce: bounce),
                          blendDuration: blendDuration))
    }

    /// The damping fraction for a bounce, as SwiftUI's iOS 17 spring API defines it.
    ///
    /// SwiftUI rule: bounce < 0 ? 1/(1+bounce) : 1 − bounce (bounce 0 is critically damped).
    public static func dampingFraction(bounce: Double) -> Double {
        bounce < 0 ? 1 / (1 + bounce) : 1 - bounce
    }

    /// A critically damped spring of duration 0.5 s.
    ///
    /// SwiftUI rule: `.spring` is `spring(duration: 0.5, bounce: 0)`.
    public static let spring = Animation.spring(duration: 0.5, bounce: 0)

    /// A smooth spring with no bounce (duration 0.5).
    ///
    /// SwiftUI rule: `.smooth` = `spring(duration: 0.5, bounce: 0)`.
    public static let smooth = Animation.smooth(duration: 0.5, extraBounce: 0)
    /// A smooth spring with no bounce, plus `extraBounce`.
    ///
    /// SwiftUI rule: `spring(duration: duration, bounce: 0 + extraBounce)`.
    public static func smooth(duration: Double = 0.5, extraBounce: Double = 0) -> Animation {
        .spring(duration: duration, bounce: 0 + extraBounce)
    }

    /// A snappy spring with a little bounce (bounce 0.15, duration 0.5).
    ///
    /// SwiftUI rule: `.snappy` = `spring(duration: 0.5, bounce: 0.15)`.
    public static let snappy = Animation.snappy(duration: 0.5, extraBounce: 0)
    /// A snappy spring, bounce 0.15 plus `extraBounce`.
    ///
    /// SwiftUI rule: `spring(duration: duration, bounce: 0.15 + extraBounce)`.
    public static func snappy(duration: Double = 0.5, extraBounce: Double = 0) -> Animation {
        .spring(duration: duration, bounce: 0.15 + extraBounce)
    }

    /// A bouncy spring (bounce 0.3, duration 0.5).
    ///
    /// SwiftUI rule: `.bouncy` = `spring(duration: 0.5, bounce: 0.3)`.
    public static let bouncy = Animation.bouncy(duration: 0.5, extraBounce: 0)
    /// A bouncy spring, bounce 0.3 plus `extraBounce`.
    ///
    /// SwiftUI rule: `spring(duration: duration, bounce: 0.3 + extraBounce)`.
    public static func bouncy(duration: Double = 0.5, extraBounce: Double = 0) -> Animation {
        .spring(duration: duration, bounce: 0.3 + extraBounce)
    }

    /// A stiff spring for interactive changes (drags): response 0.15, damping 0.86, blend 0.25.
    ///
    /// SwiftUI rule: `interactiveSpring(response: 0.15, dampingFraction: 0.86,
    /// blendDuration: 0.25)`; a retarget with a different response blends over 0.25 s.
    public static let interactiveSpring = Animation.interactiveSpring(response: 0.15)
    /// A stiff spring for interactive changes, with SwiftUI's defaults.
    ///
    /// SwiftUI rule: defaults response 0.15, dampingFraction 0.86, blendDuration 0.25.
    @_disfavoredOverload
    public static func interactiveSpring(response: Double = 0.15, dampingFraction: Double = 0.86,
                                         blendDuration: Double = 0.25) -> Animation {
        .spring(response: response, dampingFraction: dampingFraction, blendDuration: blendDuration)
    }
    /// A stiff spring for interactive changes described by duration and bounce.
    ///
    /// SwiftUI rule (iOS 17 API): `spring(duration: duration, bounce: 0.15 + extraBounce,
    /// blendDuration: blendDuration)`, defaults duration 0.15, blendDuration 0.25.
    public static func interactiveSpring(duration: Double = 0.15, extraBounce: Double = 0,
                                         blendDuration: Double = 0.25) -> Animation {
        .spring(duration: duration, bounce: 0.15 + extraBounce, blendDuration: blendDuration)
    }

    // MARK: - Modifiers

    /// This animation, running `speed` times as fast.
    ///
    /// SwiftUI rule: `speed(_:)` scales the animation's clock, including an inner delay
    /// (`.delay(1).speed(2)` waits 0.5 s); a later `.delay` is in real seconds.
    public func speed(_ speed: Double) -> Animation {
        Animation(kind, speed: self.speed * speed, delay: delay / speed)
    }

    /// This animation, starting `delay` seconds later.
    ///
    /// SwiftUI rule: `delay(_:)` holds the start value for `delay` seconds, then runs.
    public func delay(_ delay: Double) -> Animation {
        Animation(kind, speed: speed, delay: self.delay + delay)
    }

    // MARK: - Evaluation

    /// Whether this animation completes immediately (duration or response 0, or infinite speed):
    /// a change with it jumps.
    ///
    /// SwiftUI rule: a spring with response 0 is infinitely stiff; a zero-duration curve ends
    /// at once.
    public var isInstant: Bool {
        if !(speed > 0) || speed.isInfinite { return true }
        switch kind {
        case let .timingCurve(_, duration): return duration <= 0
        case let .spring(response, _, _): return response <= 0
        }
    }

    /// Whether this is a spring (which merges with running animations when interrupting them).
    ///
    /// SwiftUI rule: springs' `shouldMerge` is true, timing curves' false.
    public var isSpring: Bool {
        if case .spring = kind { return true }
        return false
    }

    /// The animation's own clock for `elapsed` real seconds: 0 during the delay, then scaled by speed.
    @inline(__always) func localTime(_ elapsed: Double) -> Double {
        max(0, elapsed - delay) * speed
    }

    /// The fraction of the change shown after `elapsed` seconds: 0 at the start, 1 at the end,
    /// beyond 0…1 while a bouncy spring overshoots.
    ///
    /// SwiftUI rule: timing curves give `curve(t/duration)`; springs the closed-form position of
    /// a spring released at rest at offset −1 from the target (mass 1, stiffness
    /// min((2π/response)², 45000), damping 2·√stiffness·dampingFraction).
    public func progress(elapsed: Double) -> Double {
        if isInstant { return elapsed >= delay ? 1 : 0 }
        let t = localTime(elapsed)
        switch kind {
        case let .timingCurve(curve, duration):
            let x = t / duration
            if x >= 1 { return 1 }
            return curve?.value(at: x) ?? max(0, x)
        case let .spring(response, damping, _):
            return 1 - SpringMotion(response: response, dampingFraction: damping).coefficients(at: t).a
        }
    }

    /// The rate of change of `progress(elapsed:)`, per real second.
    ///
    /// SwiftUI rule: a spring interrupting this animation inherits this velocity (× the delta).
    public func progressVelocity(elapsed: Double) -> Double {
        if isInstant { return 0 }
        if elapsed < delay { return 0 }
        let t = localTime(elapsed)
        switch kind {
        case let .timingCurve(curve, duration):
            let x = t / duration
            if x >= 1 || x < 0 { return 0 }
            return (curve?.slope(at: x) ?? 1) * speed / duration
        case let .spring(response, damping, _):
            return -SpringMotion(response: response, dampingFraction: damping).coefficients(at: t).da * speed
        }
    }

    /// Whether the animation has logically completed after `elapsed` seconds.
    ///
    /// SwiftUI rule: a timing curve completes at its duration; a spring is "logically complete"
    /// once its time reaches its response, even though it may still be settling.
    public func isLogicallyComplete(elapsed: Double) -> Bool {
        if isInstant { return elapsed >= delay }
        let t = localTime(elapsed)
        switch kind {
        case let .timingCurve(_, duration): return t >= duration
        case let .spring(response, _, _): return t >= response
        }
    }

    /// The real time an animation of a change of `distance` (in the animated value's units,
    /// starting at rest) takes to finish, including the delay.
    ///
    /// SwiftUI rule: a timing curve finishes at its duration; a spring when
    /// `max(|v|², |F|²) ≤ 0.0036` and the remaining offset is within 1 % of the change, measured
    /// in the value's own units (points for frames). For unit-normalised progress, pass the
    /// size of the change in points (for example 100) to get a visually sensible end.
    public func duration(forDistance distance: Double) -> Double {
        if isInstant { return delay }
        switch kind {
        case let .timingCurve(_, duration):
            return delay + duration / speed
        case let .spring(response, damping, _):
            let trajectory = SpringTrajectory(response: response, dampingFraction: damping)
            return delay + trajectory.settlingTime(offset: abs(distance), velocity: 0) / speed
        }
    }
}

extension Animation: Codable {
    private enum CodingKeys: String, CodingKey { case kind, duration, curve, response, dampingFraction, blendDuration, speed, delay }

    /// Encodes the curve or spring by its parameters ("timingCurve": duration and control points,
    /// none when linear; "spring": SwiftUI's three), then speed and delay.
    public func encode(to encoder: Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        switch kind {
        case let .timingCurve(curve, duration):
            try c.encode("timingCurve", forKey: .kind)
            try c.encode(duration, forKey: .duration)
            if let curve { try c.encode([curve.c0x, curve.c0y, curve.c1x, curve.c1y], forKey: .curve) }
        case let .spring(response, damping, blend):
            try c.encode("spring", forKey: .kind)
            try c.encode(response, forKey: .response)
            try c.encode(damping, forKey: .dampingFraction)
            try c.encode(blend, forKey: .blendDuration)
        }
        try c.encode(speed, forKey: .speed)
        try c.encode(delay, forKey: .delay)
    }

    /// Decodes what `encode(to:)` writes; an unknown kind or a curve without four control points
    /// is a decoding error.
    public init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        let speed = try c.decodeIfPresent(Double.self, forKey: .speed) ?? 1
        let delay = try c.decodeIfPresent(Double.self, forKey: .delay) ?? 0
        switch try c.decode(String.self, forKey: .kind) {
        case "timingCurve":
            var curve: UnitBezier? = nil
            if let points = try c.decodeIfPresent([Double].self, forKey: .curve) {
                guard points.count == 4 else {
                    throw DecodingError.dataCorruptedError(forKey: .curve, in: c, debugDescription: "a timing curve has four control point coordinates")
                }
                curve = UnitBezier(points[0], points[1], points[2], points[3])
            }
            self.init(.timingCurve(curve, duration: try c.decode(Double.self, forKey: .duration)), speed: speed, delay: delay)
        case "spring":
            self.init(.spring(response: try c.decode(Double.self, forKey: .response),
                              dampingFraction: try c.decode(Double.self, forKey: .dampingFraction),
                              blendDuration: try c.decodeIfPresent(Double.self, forKey: .blendDuration) ?? 0),
                      speed: speed, delay: delay)
        case let other:
            throw DecodingError.dataCorruptedError(forKey: .kind, in: c, debugDescription: "unknown animation kind \(other)")
        }
    }
}
