import Foundation
@testable import LayoutCore
@testable import SwiftUI

// Names the fixtures' views use besides the engine's API: the `box` shorthand of the golden
// cases and the custom alignment guides of Apple's documentation examples.

/// `box(w, h)`: the golden cases' shorthand for `Color.red.frame(width: w, height: h)`.
func box(_ width: CGFloat, _ height: CGFloat) -> some View {
    Color.red.frame(width: width, height: height)
}

/// One third of the height (Apple's `FirstThirdAlignment` documentation example).
enum FirstThirdVerticalID: AlignmentID {
    static func defaultValue(in d: ViewDimensions) -> CGFloat { d.height / 3 }
}

/// One third of the width.
enum FirstThirdHorizontalID: AlignmentID {
    static func defaultValue(in d: ViewDimensions) -> CGFloat { d.width / 3 }
}

/// Apple's "Aligning views across stacks" guide: the default is the bottom edge.
enum MidAccountAndNameID: AlignmentID {
    static func defaultValue(in d: ViewDimensions) -> CGFloat { d[VerticalAlignment.bottom] }
}

/// A custom guide whose default is the leading edge.
enum CustomLeadingID: AlignmentID {
    static func defaultValue(in d: ViewDimensions) -> CGFloat { d[HorizontalAlignment.leading] }
}

// Computed, not stored: a stored static would have to be Sendable in Swift 6, and a guide is a
// cheap value.
extension VerticalAlignment {
    /// One third of the height.
    static var firstThird: VerticalAlignment { VerticalAlignment(FirstThirdVerticalID.self) }
    /// Aligns an account's name across stacks; the default is the bottom edge.
    static var midAccountAndName: VerticalAlignment { VerticalAlignment(MidAccountAndNameID.self) }
}

extension HorizontalAlignment {
    /// One third of the width.
    static var firstThird: HorizontalAlignment { HorizontalAlignment(FirstThirdHorizontalID.self) }
    /// A custom guide whose default is the leading edge.
    static var customLeading: HorizontalAlignment { HorizontalAlignment(CustomLeadingID.self) }
}

// Preference keys of `preferences.yaml`, one per way of reducing (Apple's `PreferenceKey`:
// `reduce(value:nextValue:)` combines the values of children in view order).

/// The sum of the values; the default is 100, so that a result of children alone shows whether
/// the default took part (SwiftUI starts from the first child's value, not from the default).
struct SumKey: PreferenceKey {
    static var defaultValue: CGFloat { 100 }
    static func reduce(value: inout CGFloat, nextValue: () -> CGFloat) { value += nextValue() }
}

/// The last value in view order wins.
struct LastKey: PreferenceKey {
    static var defaultValue: CGFloat { 5 }
    static func reduce(value: inout CGFloat, nextValue: () -> CGFloat) { value = nextValue() }
}

/// The widest value.
struct MaxKey: PreferenceKey {
    static var defaultValue: CGFloat { 0 }
    static func reduce(value: inout CGFloat, nextValue: () -> CGFloat) { value = max(value, nextValue()) }
}

/// The values in view order.
struct ListKey: PreferenceKey {
    static var defaultValue: [CGFloat] { [] }
    static func reduce(value: inout [CGFloat], nextValue: () -> [CGFloat]) { value.append(contentsOf: nextValue()) }
}

/// The first bounds anchor in view order.
struct BoundsKey: PreferenceKey {
    static var defaultValue: Anchor<CGRect>? { nil }
    static func reduce(value: inout Anchor<CGRect>?, nextValue: () -> Anchor<CGRect>?) { value = value ?? nextValue() }
}

/// The first point anchor in view order.
struct PointKey: PreferenceKey {
    static var defaultValue: Anchor<CGPoint>? { nil }
    static func reduce(value: inout Anchor<CGPoint>?, nextValue: () -> Anchor<CGPoint>?) { value = value ?? nextValue() }
}
