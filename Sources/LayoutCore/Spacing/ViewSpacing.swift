import Foundation

/// A collection of the geometric spacing preferences of a view, as in SwiftUI.
///
/// SwiftUI keys spacing values by (category, edge). This engine models the generic (nil-category)
/// values per edge, which decide every distance between non-text views:
/// - two views with no preference on the facing edges are the platform default apart (8 on iOS
///   and macOS, both axes);
/// - otherwise the distance is the larger of the two facing edges' values (a Spacer's 0 makes its
///   neighbours touch it).
/// Text's font-metric categories are not modelled: text uses the same rule, so its default
/// distance is 8 (<doc:StackRules>; the values next to text are unverified, <doc:TextSpacing>).
public struct ViewSpacing: Equatable, Sendable {
    // Generic values per absolute edge: left, right, top, bottom (LTR: leading = left). Stored
    // as plain lengths with NaN for "no preference" (32 bytes, not the 64 of four optionals:
    // every view memoises one); no spacing value is ever NaN.
    @usableFromInline var storedLeft: CGFloat = .nan
    @usableFromInline var storedRight: CGFloat = .nan
    @usableFromInline var storedTop: CGFloat = .nan
    @usableFromInline var storedBottom: CGFloat = .nan

    @inline(__always) static func decode(_ v: CGFloat) -> CGFloat? { v.isNaN ? nil : v }
    @inline(__always) static func encode(_ v: CGFloat?) -> CGFloat { v ?? .nan }
    @usableFromInline var left: CGFloat? {
        get { ViewSpacing.decode(storedLeft) } set { storedLeft = ViewSpacing.encode(newValue) }
    }
    @usableFromInline var right: CGFloat? {
        get { ViewSpacing.decode(storedRight) } set { storedRight = ViewSpacing.encode(newValue) }
    }
    @usableFromInline var top: CGFloat? {
        get { ViewSpacing.decode(storedTop) } set { storedTop = ViewSpacing.encode(newValue) }
    }
    @usableFromInline var bottom: CGFloat? {
        get { ViewSpacing.decode(storedBottom) } set { storedBottom = ViewSpacing.encode(newValue) }
    }

    /// Equal when they prefer the same distances on every edge.
    public static func == (a: ViewSpacing, b: ViewSpacing) -> Bool {
        a.left == b.left && a.right == b.right && a.top == b.top && a.bottom == b.bottom
    }

    /// The platform's default distance between two views with no preference.
    public static let defaultDistance: CGFloat = 8

    /// An empty spacing preference: every distance from it falls back to the default.
    public init() {}

    init(left: CGFloat?, right: CGFloat?, top: CGFloat?, bottom: CGFloat?) {
        self.left = left; self.right = right; self.top = top; self.bottom = bottom
    }

    /// A spacing preference of zero on every edge (what an empty container reports).
    public static let zero = ViewSpacing(left: 0, right: 0, top: 0, bottom: 0)

    /// Zero on the two edges of `axis` (a Spacer inside a stack of that orientation).
    static func zero(along axis: Axis) -> ViewSpacing {
        axis == .horizontal ? ViewSpacing(left: 0, right: 0, top: nil, bottom: nil)
                            : ViewSpacing(left: nil, right: nil, top: 0, bottom: 0)
    }

    /// The preferred distance from this view to `next`, which follows it along `axis`.
    public func distance(to next: ViewSpacing, along axis: Axis) -> CGFloat {
        let a = axis == .horizontal ? right : bottom
        let b = axis == .horizontal ? next.left : next.top
        switch (a, b) {
        case (nil, nil): return ViewSpacing.defaultDistance
        case let (a?, nil): return a
        case let (nil, b?): return b
        case let (a?, b?): return Swift.max(a, b)
        }
    }

    /// Merges `other`'s preferences into this one on `edges`, keeping the larger value per edge.
    public mutating func formUnion(_ other: ViewSpacing, edges: Edge.Set = .all) {
        func m(_ x: CGFloat?, _ y: CGFloat?) -> CGFloat? {
            switch (x, y) {
            case (nil, _): return y
            case (_, nil): return x
            case let (x?, y?): return Swift.max(x, y)
            }
        }
        if edges.contains(.leading) { left = m(left, other.left) }
        if edges.contains(.trailing) { right = m(right, other.right) }
        if edges.contains(.top) { top = m(top, other.top) }
        if edges.contains(.bottom) { bottom = m(bottom, other.bottom) }
    }

    /// The union of this preference and `other` on `edges`.
    public func union(_ other: ViewSpacing, edges: Edge.Set = .all) -> ViewSpacing {
        var s = self
        s.formUnion(other, edges: edges)
        return s
    }

    /// Removes the preferences on `edges` (frames and padding do this on the edges they change).
    mutating func reset(_ edges: Edge.Set) {
        if edges.contains(.leading) { left = nil }
        if edges.contains(.trailing) { right = nil }
        if edges.contains(.top) { top = nil }
        if edges.contains(.bottom) { bottom = nil }
    }
}
