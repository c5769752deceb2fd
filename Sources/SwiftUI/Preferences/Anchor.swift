import Foundation
import LayoutCore

/// An opaque value derived from an anchor source and a particular view, as SwiftUI's `Anchor`.
///
/// SwiftUI's rule (Apple's documentation of `Anchor`): "You can convert the anchor to a `Value`
/// in the coordinate space of a target view by using a `GeometryProxy` to specify the target
/// view." Here the anchor holds its value in root coordinates, taken from the laid-out frame of
/// the view that made it; `GeometryProxy[anchor]` moves it into the proxy's local space.
public struct Anchor<Value> {
    /// The value in root coordinates.
    let global: Value
    /// Moves a value by an offset (into another view's space).
    let shift: (Value, CGSize) -> Value

    /// A type-erased geometry value that produces an anchored value, as SwiftUI's `Anchor.Source`.
    public struct Source {
        /// Makes the anchor for a view laid out at a frame in root coordinates.
        let make: (CGRect) -> Anchor<Value>
    }
}

extension Anchor: Equatable where Value: Equatable {
    /// Anchors are equal when they stand for the same place.
    public static func == (lhs: Anchor, rhs: Anchor) -> Bool { lhs.global == rhs.global }
}

// Unchecked: besides its value an anchor holds only `shift`, a pure function of its arguments
// that captures immutable values (other anchors), so sharing it across threads is safe; keys
// declare `static let defaultValue: Anchor<CGRect>? = nil`, which Swift 6 requires to be Sendable.
extension Anchor: @unchecked Sendable where Value: Sendable {}

extension Anchor: Hashable where Value: Hashable {
    /// Hashes the place the anchor stands for.
    public func hash(into hasher: inout Hasher) { hasher.combine(global) }
}

extension Anchor.Source where Value == CGRect {
    /// A rectangle in the view's own coordinates.
    public static func rect(_ r: CGRect) -> Self {
        Self { frame in Anchor(global: r.offsetBy(dx: frame.minX, dy: frame.minY), shift: { $0.offsetBy(dx: $1.width, dy: $1.height) }) }
    }
    /// The view's bounds.
    public static var bounds: Self {
        Self { frame in Anchor(global: frame, shift: { $0.offsetBy(dx: $1.width, dy: $1.height) }) }
    }
}

extension Anchor.Source where Value == CGPoint {
    /// A point in the view's own coordinates.
    public static func point(_ p: CGPoint) -> Self {
        Self { frame in Anchor(global: CGPoint(x: frame.minX + p.x, y: frame.minY + p.y), shift: { CGPoint(x: $0.x + $1.width, y: $0.y + $1.height) }) }
    }
    /// A unit point of the view's bounds (0…1 on each axis).
    public static func unitPoint(_ p: UnitPoint) -> Self {
        Self { frame in
            Anchor(global: CGPoint(x: frame.minX + p.x * frame.width, y: frame.minY + p.y * frame.height),
                   shift: { CGPoint(x: $0.x + $1.width, y: $0.y + $1.height) })
        }
    }
    /// The top-leading corner.
    public static var topLeading: Self { unitPoint(.topLeading) }
    /// The middle of the top edge.
    public static var top: Self { unitPoint(.top) }
    /// The top-trailing corner.
    public static var topTrailing: Self { unitPoint(.topTrailing) }
    /// The middle of the leading edge.
    public static var leading: Self { unitPoint(.leading) }
    /// The centre.
    public static var center: Self { unitPoint(.center) }
    /// The middle of the trailing edge.
    public static var trailing: Self { unitPoint(.trailing) }
    /// The bottom-leading corner.
    public static var bottomLeading: Self { unitPoint(.bottomLeading) }
    /// The middle of the bottom edge.
    public static var bottom: Self { unitPoint(.bottom) }
    /// The bottom-trailing corner.
    public static var bottomTrailing: Self { unitPoint(.bottomTrailing) }
}

extension Anchor.Source {
    /// Several sources at once: an anchor of an array.
    public init<T>(_ array: [Anchor<T>.Source]) where Value == [T] {
        self.init { frame in
            let anchors = array.map { $0.make(frame) }
            return Anchor(global: anchors.map(\.global), shift: { values, offset in
                zip(values, anchors).map { $1.shift($0, offset) }
            })
        }
    }
    /// An optional source: an anchor of an optional.
    public init<T>(_ anchor: Anchor<T>.Source?) where Value == T? {
        self.init { frame in
            guard let made = anchor?.make(frame) else { return Anchor(global: nil, shift: { v, _ in v }) }
            return Anchor(global: made.global, shift: { value, offset in value.map { made.shift($0, offset) } })
        }
    }
}

extension GeometryProxy {
    /// Resolves an anchor in this proxy's (its reader's) own coordinate space, as SwiftUI's
    /// `GeometryProxy.subscript(_:)`: the anchor's place measured from the reader's top-leading corner.
    public subscript<T>(_ anchor: Anchor<T>) -> T {
        let origin = frame(in: .global).origin
        return anchor.shift(anchor.global, CGSize(width: -origin.x, height: -origin.y))
    }
}
