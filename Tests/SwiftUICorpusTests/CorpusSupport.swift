import Foundation
import LayoutTestSupport
import SwiftUI
import Testing

/// The canvas the screens are laid out in: an iPhone 15's screen in points (393 × 852). The
/// engine has no safe area (see the NoSafeArea article), so the whole screen is proposed.
let phone = CGSize(width: 393, height: 852)

/// Lays `view` out with the deterministic measurer: every glyph is as wide and as tall as its
/// font's point size (body 17, headline 17, subheadline 15, callout 16, footnote 13, caption 12,
/// caption2 11, title 28, title2 22, title3 20, largeTitle 34), so text sizes can be computed
/// by hand from SwiftUI's rules.
func layout<V: View>(_ view: V, in size: CGSize = phone) -> LayoutResult {
    LayoutHost.layout(view, in: size)
}

extension LayoutResult {
    /// The frame of the first `Text` showing `string`; a test issue when there is none.
    func text(_ string: String, sourceLocation: SourceLocation = #_sourceLocation) throws -> CGRect {
        try #require(textFrame(string), "no Text \"\(string)\"", sourceLocation: sourceLocation)
    }
}
