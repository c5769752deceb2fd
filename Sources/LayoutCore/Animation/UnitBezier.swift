import Foundation

/// A cubic Bézier timing curve from (0, 0) to (1, 1) with two control points, as used by
/// CSS, Core Animation and SwiftUI's `timingCurve` animations.
///
/// SwiftUI rule: a timing-curve animation maps elapsed/duration (the curve's x) to progress
/// (the curve's y). x(t) is solved for the curve parameter t by Newton's method with a
/// bisection fallback, so the result is exact to about 1e-7 for any control points with
/// x in 0…1.
public struct UnitBezier: Hashable, Sendable {
    /// The first control point (c0x, c0y).
    public let c0x: Double, c0y: Double
    /// The second control point (c1x, c1y).
    public let c1x: Double, c1y: Double
    // Polynomial coefficients: x(t) = ((ax t + bx) t + cx) t.
    private let ax: Double, bx: Double, cx: Double
    private let ay: Double, by: Double, cy: Double

    /// Creates the curve through (0, 0), the control points, and (1, 1).
    ///
    /// SwiftUI rule: `timingCurve(c0x, c0y, c1x, c1y)`; x control values are clamped to 0…1
    /// so that x(t) is monotone and the curve is a function of time.
    public init(_ c0x: Double, _ c0y: Double, _ c1x: Double, _ c1y: Double) {
        let x0 = min(max(c0x, 0), 1), x1 = min(max(c1x, 0), 1)
        self.c0x = x0; self.c0y = c0y; self.c1x = x1; self.c1y = c1y
        cx = 3 * x0
        bx = 3 * (x1 - x0) - cx
        ax = 1 - cx - bx
        cy = 3 * c0y
        by = 3 * (c1y - c0y) - cy
        ay = 1 - cy - by
    }

    /// SwiftUI's `easeInOut` curve: control points (0.42, 0) and (0.58, 1).
    public static let easeInOut = UnitBezier(0.42, 0, 0.58, 1)
    /// SwiftUI's `easeIn` curve: control points (0.42, 0) and (1, 1).
    public static let easeIn = UnitBezier(0.42, 0, 1, 1)
    /// SwiftUI's `easeOut` curve: control points (0, 0) and (0.58, 1).
    public static let easeOut = UnitBezier(0, 0, 0.58, 1)
    /// The straight line: progress equals the fraction of the duration.
    public static let linear = UnitBezier(1.0 / 3, 1.0 / 3, 2.0 / 3, 2.0 / 3)

    @inline(__always) func sampleX(_ t: Double) -> Double { ((ax * t + bx) * t + cx) * t }
    @inline(__always) func sampleY(_ t: Double) -> Double { ((ay * t + by) * t + cy) * t }
    @inline(__always) func derivativeX(_ t: Double) -> Double { (3 * ax * t + 2 * bx) * t + cx }
    @inline(__always) func derivativeY(_ t: Double) -> Double { (3 * ay * t + 2 * by) * t + cy }

    /// The curve parameter t whose x is `x` (x in 0…1): Newton first, bisection if it stalls.
    func solveT(_ x: Double, epsilon: Double = 1e-9) -> Double {
        if x <= 0 { return 0 }
        if x >= 1 { return 1 }
        var t = x
        for _ in 0..<8 {
            let err = sampleX(t) - x
            if abs(err) < epsilon { return t }
            let d = derivativeX(t)
            if abs(d) < 1e-7 { break }
            t -= err / d
        }
        var lo = 0.0, hi = 1.0
        t = x
        for _ in 0..<64 {
            let value = sampleX(t)
            if abs(value - x) < epsilon { return t }
            if x > value { lo = t } else { hi = t }
            t = (lo + hi) / 2
        }
        return t
    }

    /// The progress (y) at the fraction of the duration `x`; 0 before the start, 1 after the end.
    ///
    /// SwiftUI rule: the animation's value is `delta × curve(elapsed / duration)`.
    public func value(at x: Double) -> Double {
        if x <= 0 { return 0 }
        if x >= 1 { return 1 }
        return sampleY(solveT(x))
    }

    /// The progress and the slope dy/dx at `x`, solving for the curve parameter once.
    package func valueAndSlope(at x: Double) -> (value: Double, slope: Double) {
        if x <= 0 || x >= 1 { return (x <= 0 ? 0 : 1, slope(at: x)) }
        let t = solveT(x)
        let dx = derivativeX(t)
        if abs(dx) < 1e-12 { return (sampleY(t), slope(at: x)) }
        return (sampleY(t), derivativeY(t) / dx)
    }

    /// The slope dy/dx at the fraction of the duration `x` (the progress rate per unit of x).
    ///
    /// SwiftUI rule: the velocity of a timing-curve animation is `delta × curve'(x) / duration`,
    /// which a spring that interrupts it inherits.
    public func slope(at x: Double) -> Double {
        if x < 0 || x > 1 { return 0 }
        let t = solveT(x)
        let dx = derivativeX(t)
        let dy = derivativeY(t)
        if abs(dx) < 1e-12 {
            // Vertical tangent in x (e.g. c0x == 0 at the start): use a finite difference.
            let h = 1e-6
            let a = max(0, x - h), b = min(1, x + h)
            return (value(at: b) - value(at: a)) / (b - a)
        }
        return dy / dx
    }
}
