import Foundation


/// A type that can serve as the animatable data of an animatable type, as in SwiftUI.
///
/// SwiftUI interpolates an `Animatable` value by computing `from + (to - from).scaled(by: t)`.
public protocol VectorArithmetic: AdditiveArithmetic {
    /// Multiplies each component of this value by the given value.
    mutating func scale(by rhs: Double)
    /// The dot-product of this value with itself.
    var magnitudeSquared: Double { get }
}

extension VectorArithmetic {
    /// Returns a value with each component multiplied by `rhs`.
    public func scaled(by rhs: Double) -> Self {
        var copy = self
        copy.scale(by: rhs)
        return copy
    }
    /// Interpolates towards `other` by `amount` (0 gives `self`, 1 gives `other`).
    public func interpolated(towards other: Self, amount: Double) -> Self {
        self + (other - self).scaled(by: amount)
    }
}

extension Double: VectorArithmetic {
    /// Multiplies the value by `rhs`.
    public mutating func scale(by rhs: Double) { self *= rhs }
    /// The value squared.
    public var magnitudeSquared: Double { self * self }
}

extension Float: VectorArithmetic {
    /// Multiplies the value by `rhs`.
    public mutating func scale(by rhs: Double) { self *= Float(rhs) }
    /// The value squared.
    public var magnitudeSquared: Double { Double(self * self) }
}

extension CGFloat: VectorArithmetic {
    /// Multiplies the value by `rhs`.
    public mutating func scale(by rhs: Double) { self *= CGFloat(rhs) }
    /// The value squared.
    public var magnitudeSquared: Double { Double(self * self) }
}

/// An empty type for animatable data: nothing animates, as for built-in layouts.
public struct EmptyAnimatableData: VectorArithmetic, Sendable {
    /// Creates the empty value.
    public init() {}
    /// The empty value.
    public static var zero: EmptyAnimatableData { EmptyAnimatableData() }
    /// The empty value: there is nothing to add.
    public static func + (l: Self, r: Self) -> Self { l }
    /// The empty value: there is nothing to subtract.
    public static func - (l: Self, r: Self) -> Self { l }
    /// Does nothing: there is nothing to scale.
    public mutating func scale(by rhs: Double) {}
    /// Always 0.
    public var magnitudeSquared: Double { 0 }
}

/// A pair of animatable values, which is itself animatable.
public struct AnimatablePair<First: VectorArithmetic, Second: VectorArithmetic>: VectorArithmetic {
    /// The first value.
    public var first: First
    /// The second value.
    public var second: Second
    /// Creates a pair.
    public init(_ first: First, _ second: Second) { self.first = first; self.second = second }
    /// The pair of zeros.
    public static var zero: Self { Self(.zero, .zero) }
    /// The component-wise sum.
    public static func + (l: Self, r: Self) -> Self { Self(l.first + r.first, l.second + r.second) }
    /// The component-wise difference.
    public static func - (l: Self, r: Self) -> Self { Self(l.first - r.first, l.second - r.second) }
    /// Scales both values by `rhs`.
    public mutating func scale(by rhs: Double) { first.scale(by: rhs); second.scale(by: rhs) }
    /// The sum of both values' squared magnitudes.
    public var magnitudeSquared: Double { first.magnitudeSquared + second.magnitudeSquared }
}

extension AnimatablePair: Sendable where First: Sendable, Second: Sendable {}

/// A type that describes how to animate a property of a view (or a layout), as in SwiftUI.
///
/// Layouts conform through `Layout: Animatable`; the default `animatableData` is
/// `EmptyAnimatableData`, so built-in layouts animate only their subviews' frames, in a
/// straight line. A layout that exposes animatable data is re-run each animation frame with
/// interpolated data, so its subviews follow the path the layout describes (an arc, for Radial).
public protocol Animatable {
    associatedtype AnimatableData: VectorArithmetic = EmptyAnimatableData
    /// The data to animate.
    var animatableData: AnimatableData { get set }
}

extension Animatable where AnimatableData == EmptyAnimatableData {
    /// Nothing to animate, SwiftUI's default: reads are empty and writes are ignored.
    public var animatableData: EmptyAnimatableData {
        get { EmptyAnimatableData() }
        set {}
    }
}

extension Animatable where Self: VectorArithmetic {
    /// The value itself.
    public var animatableData: Self {
        get { self }
        set { self = newValue }
    }
}
