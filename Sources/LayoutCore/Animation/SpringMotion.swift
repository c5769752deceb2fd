import Foundation

/// The linear response of a spring: how an initial offset x0 and velocity v0 evolve.
///
/// Offset `x(t) = a·x0 + b·v0` and velocity `v(t) = da·x0 + db·v0`. Because the damped
/// oscillator is linear, one set of four scalars serves every component of every value that
/// started together, which is what keeps `LayoutAnimator.presentation(at:)` cheap.
package struct SpringCoefficients: Sendable, Equatable {
    package var a: Double, b: Double, da: Double, db: Double
    package static let identity = SpringCoefficients(a: 1, b: 0, da: 0, db: 1)
    package static let zero = SpringCoefficients(a: 0, b: 0, da: 0, db: 0)

    package init(a: Double, b: Double, da: Double, db: Double) {
        self.a = a; self.b = b; self.da = da; self.db = db
    }

    /// The composition `self ∘ m`: first `m` (from 0 to T), then `self` (from T on).
    package func composed(after m: SpringCoefficients) -> SpringCoefficients {
        SpringCoefficients(
            a: a * m.a + b * m.da, b: a * m.b + b * m.db,
            da: da * m.a + db * m.da, db: da * m.b + db * m.db)
    }

    /// Component-wise absolute values (an upper bound for envelopes).
    package var magnitude: SpringCoefficients { SpringCoefficients(a: abs(a), b: abs(b), da: abs(da), db: abs(db)) }
}

/// SwiftUI's spring constants for a response and damping fraction.
///
/// SwiftUI rule (FluidSpringAnimation): mass 1, `stiffness = min((2π/response)², 45000)`,
/// `damping = 2·√stiffness·dampingFraction`; response 0 is infinitely stiff (instant).
package struct SpringMotion: Sendable, Hashable {
    let response: Double
    let dampingFraction: Double
    let stiffness: Double
    let damping: Double
    /// Undamped angular frequency √stiffness.
    let omega0: Double
    /// Damping ratio ζ (equal to the damping fraction).
    let zeta: Double

    static let maxStiffness = 45000.0
    /// SwiftUI's completion threshold on |v|² and |F|² (in the animated value's own units).
    static let completionThresholdSquared = 0.0036

    init(response: Double, dampingFraction: Double) {
        self.response = response
        self.dampingFraction = max(0, dampingFraction)
        if response <= 0 {
            stiffness = .infinity
        } else {
            let w = 2 * Double.pi / response
            stiffness = min(w * w, Self.maxStiffness)
        }
        omega0 = stiffness.squareRoot()
        zeta = self.dampingFraction
        damping = 2 * omega0 * zeta
    }

    package var isInstant: Bool { !stiffness.isFinite }

    /// The closed-form solution of `x'' + damping·x' + stiffness·x = 0` at time `t` (seconds).
    ///
    /// This is the exact solution; the fixed 1/300 s integration SwiftUI uses converges to it
    /// (checked in the tests against RK4 at 1/300 s to 1e-6).
    package func coefficients(at t: Double) -> SpringCoefficients {
        if t <= 0 { return .identity }
        if isInstant { return .zero }
        let w = omega0, z = zeta
        if abs(z - 1) < 1e-4 {
            let e = exp(-w * t)
            return SpringCoefficients(a: e * (1 + w * t), b: e * t, da: -e * w * w * t, db: e * (1 - w * t))
        } else if z < 1 {
            let wd = w * (1 - z * z).squareRoot()
            let e = exp(-z * w * t)
            let c = cos(wd * t), s = sin(wd * t)
            return SpringCoefficients(
                a: e * (c + z * w / wd * s), b: e * s / wd,
                da: -e * w * w / wd * s, db: e * (c - z * w / wd * s))
        } else {
            let root = (z * z - 1).squareRoot()
            let r1 = -w * (z - root), r2 = -w * (z + root)
            let e1 = exp(r1 * t), e2 = exp(r2 * t)
            let d = r1 - r2
            return SpringCoefficients(
                a: (r1 * e2 - r2 * e1) / d, b: (e1 - e2) / d,
                da: r1 * r2 * (e2 - e1) / d, db: (r1 * e1 - r2 * e2) / d)
        }
    }

    /// Monotone upper bounds of |a|, |b|, |da|, |db| at time `t` (used to find when it settles).
    package func envelope(at t: Double) -> SpringCoefficients {
        if isInstant { return .zero }
        let t = max(0, t)
        let w = omega0, z = zeta
        if abs(z - 1) < 1e-4 {
            // Slightly widened so it also bounds ζ within 1e-4 of 1.
            let e = exp(-w * t * 0.999) * (1 + w * t)
            return SpringCoefficients(a: e, b: e / w, da: e * w, db: e)
        } else if z < 1 {
            let wd = w * (1 - z * z).squareRoot()
            let e = exp(-z * w * t)
            let k = (1 + (z * w / wd) * (z * w / wd)).squareRoot()
            return SpringCoefficients(a: e * k, b: e / wd, da: e * w * w / wd, db: e * k)
        } else {
            let root = (z * z - 1).squareRoot()
            let r1 = -w * (z - root), r2 = -w * (z + root)
            let e1 = exp(r1 * t)
            let d = r1 - r2
            return SpringCoefficients(
                a: e1 * (abs(r1) + abs(r2)) / d, b: e1 / d,
                da: e1 * abs(r1 * r2) / d, db: e1 * (abs(r1) + abs(r2)) / d)
        }
    }
}

/// The path of a spring started at time 0, optionally blending in from a previous response.
///
/// SwiftUI rule (<doc:AnimationRules>): when a spring retargets a running spring with a different response and
/// `blendDuration > 0`, the response moves from the old to the new value with a smoothstep over
/// `blendDuration`. The blended phase is integrated with RK4 at SwiftUI's fixed step of
/// 1/300 s (a table is precomputed once); after it, the closed form takes over.
package struct SpringTrajectory: Sendable {
    let motion: SpringMotion
    /// Coefficients at each 1/300 s step of the blend (empty without a blend).
    private let blendTable: [SpringCoefficients]
    private let blendFrom: Double
    private let blendDuration: Double
    /// Coefficients at the end of the blend (identity without one).
    private let afterBlend: SpringCoefficients

    static let step = 1.0 / 300

    package init(response: Double, dampingFraction: Double, blendingFrom previousResponse: Double? = nil,
         blendDuration: Double = 0) {
        motion = SpringMotion(response: response, dampingFraction: dampingFraction)
        if let previous = previousResponse, previous > 0, response > 0, previous != response,
           blendDuration > 0 {
            blendFrom = previous
            let steps = max(1, Int((blendDuration / Self.step).rounded(.up)))
            self.blendDuration = Double(steps) * Self.step
            var table: [SpringCoefficients] = []
            table.reserveCapacity(steps + 1)
            var m = SpringCoefficients.identity
            table.append(m)
            for i in 0..<steps {
                m = Self.rk4(m, t: Double(i) * Self.step, h: Self.step, from: previous, to: response,
                             zeta: motion.zeta, blend: self.blendDuration)
                table.append(m)
            }
            blendTable = table
            afterBlend = m
        } else {
            blendFrom = response
            self.blendDuration = 0
            blendTable = []
            afterBlend = .identity
        }
    }

    package var isInstant: Bool { motion.isInstant }

    static func stiffness(at t: Double, from r0: Double, to r1: Double, blend: Double) -> Double {
        let u = min(max(t / blend, 0), 1)
        let s = u * u * (3 - 2 * u)
        let r = r0 + (r1 - r0) * s
        let w = 2 * Double.pi / r
        return min(w * w, SpringMotion.maxStiffness)
    }

    /// One RK4 step of the fundamental matrix of `x'' = -k(t)·x - c(t)·x'`.
    static func rk4(_ m: SpringCoefficients, t: Double, h: Double, from r0: Double, to r1: Double,
                    zeta: Double, blend: Double) -> SpringCoefficients {
        func deriv(_ m: SpringCoefficients, _ t: Double) -> SpringCoefficients {
            let k = stiffness(at: t, from: r0, to: r1, blend: blend)
            let c = 2 * k.squareRoot() * zeta
            // Columns (a, da) and (b, db) each obey x' = v, v' = -k x - c v.
            return SpringCoefficients(a: m.da, b: m.db, da: -k * m.a - c * m.da, db: -k * m.b - c * m.db)
        }
        func add(_ m: SpringCoefficients, _ d: SpringCoefficients, _ s: Double) -> SpringCoefficients {
            SpringCoefficients(a: m.a + d.a * s, b: m.b + d.b * s, da: m.da + d.da * s, db: m.db + d.db * s)
        }
        let k1 = deriv(m, t)
        let k2 = deriv(add(m, k1, h / 2), t + h / 2)
        let k3 = deriv(add(m, k2, h / 2), t + h / 2)
        let k4 = deriv(add(m, k3, h), t + h)
        return SpringCoefficients(
            a: m.a + h / 6 * (k1.a + 2 * k2.a + 2 * k3.a + k4.a),
            b: m.b + h / 6 * (k1.b + 2 * k2.b + 2 * k3.b + k4.b),
            da: m.da + h / 6 * (k1.da + 2 * k2.da + 2 * k3.da + k4.da),
            db: m.db + h / 6 * (k1.db + 2 * k2.db + 2 * k3.db + k4.db))
    }

    /// The coefficients at time `t` (seconds of the spring's own clock).
    package func coefficients(at t: Double) -> SpringCoefficients {
        if t <= 0 { return .identity }
        if blendTable.isEmpty { return motion.coefficients(at: t) }
        if t < blendDuration {
            let i = min(Int(t / Self.step), blendTable.count - 1)
            let t0 = Double(i) * Self.step
            let rest = t - t0
            if rest <= 0 { return blendTable[i] }
            return Self.rk4(blendTable[i], t: t0, h: rest, from: blendFrom, to: motion.response,
                            zeta: motion.zeta, blend: blendDuration)
        }
        return motion.coefficients(at: t - blendDuration).composed(after: afterBlend)
    }

    /// When motion starting from offset magnitude `x0` and speed `v0` (norms, in the value's
    /// units) settles under SwiftUI's rule: `max(|v|², |F|²) ≤ 0.0036` (F = −k·x − c·v, the
    /// force on the unit mass) and the offset within 1 % of the start.
    ///
    /// Uses monotone envelopes of the closed form, so the answer is conservative (never early).
    package func settlingTime(offset x0: Double, velocity v0: Double) -> Double {
        if isInstant { return 0 }
        if x0 == 0 && v0 == 0 { return 0 }
        let k = motion.stiffness, c = motion.damping
        let limit = SpringMotion.completionThresholdSquared.squareRoot()
        let xLimit = max(0.01 * x0, 0.01 * v0 / motion.omega0)
        let base = afterBlend.magnitude
        let start = blendDuration
        func settled(_ t: Double) -> Bool {
            let e = motion.envelope(at: t - start)
            // Bound the composition |E ∘ M| component-wise.
            let a = e.a * base.a + e.b * base.da, b = e.a * base.b + e.b * base.db
            let da = e.da * base.a + e.db * base.da, db = e.da * base.b + e.db * base.db
            let x = a * x0 + b * v0
            let v = da * x0 + db * v0
            let f = k * x + c * v
            return v <= limit && f <= limit && x <= xLimit
        }
        var hi = start + max(motion.response, Self.step)
        var guardCount = 0
        while !settled(hi) && guardCount < 40 { hi *= 2; guardCount += 1 }
        var lo = start
        for _ in 0..<50 {
            let mid = (lo + hi) / 2
            if settled(mid) { hi = mid } else { lo = mid }
            if hi - lo < 1e-4 { break }
        }
        return hi
    }
}
