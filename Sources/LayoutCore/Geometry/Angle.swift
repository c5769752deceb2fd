import Foundation

/// A geometric angle whose value you access in either radians or degrees, as in SwiftUI.
public struct Angle: Hashable, Comparable, Sendable {
    /// The angle in radians.
    public var radians: Double
    /// The angle in degrees.
    public var degrees: Double {
        get { radians * 180 / .pi }
        set { radians = newValue * .pi / 180 }
    }
    /// Creates a zero angle.
    public init() { radians = 0 }
    /// Creates an angle of `radians` radians.
    public init(radians: Double) { self.radians = radians }
    /// Creates an angle of `degrees` degrees.
    public init(degrees: Double) { self.radians = degrees * .pi / 180 }
    /// An angle of `r` radians.
    public static func radians(_ r: Double) -> Angle { Angle(radians: r) }
    /// An angle of `d` degrees.
    public static func degrees(_ d: Double) -> Angle { Angle(degrees: d) }
    /// The zero angle.
    public static let zero = Angle()
    /// Orders angles by their value in radians.
    public static func < (l: Angle, r: Angle) -> Bool { l.radians < r.radians }
}

extension Angle {
    /// The angle `times` as large, as in SwiftUI.
    public static func * (angle: Angle, times: Double) -> Angle { Angle(radians: angle.radians * times) }
    /// The angle `times` as large, as in SwiftUI.
    public static func * (times: Double, angle: Angle) -> Angle { Angle(radians: times * angle.radians) }
    /// The angle divided by `divisor`, as in SwiftUI (a zero divisor gives an infinite or NaN angle, as `Double` does).
    public static func / (angle: Angle, divisor: Double) -> Angle { Angle(radians: angle.radians / divisor) }
    /// The opposite angle.
    public static prefix func - (angle: Angle) -> Angle { Angle(radians: -angle.radians) }
    /// Multiplies the angle by `times`.
    public static func *= (angle: inout Angle, times: Double) { angle.radians *= times }
    /// Divides the angle by `divisor`.
    public static func /= (angle: inout Angle, divisor: Double) { angle.radians /= divisor }
}

extension Angle: VectorArithmetic {
    /// The sum of two angles.
    public static func + (l: Angle, r: Angle) -> Angle { Angle(radians: l.radians + r.radians) }
    /// The difference of two angles.
    public static func - (l: Angle, r: Angle) -> Angle { Angle(radians: l.radians - r.radians) }
    /// Multiplies the angle by `rhs`.
    public mutating func scale(by rhs: Double) { radians *= rhs }
    /// The square of the angle in radians.
    public var magnitudeSquared: Double { radians * radians }
}

extension Angle: Animatable {
    /// The angle in radians, which is what animations interpolate.
    public var animatableData: Double {
        get { radians }
        set { radians = newValue }
    }
}
