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
