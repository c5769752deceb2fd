import Foundation
import LayoutCore

/// How a view's content changes in an animated change, as SwiftUI's `ContentTransition`.
///
/// SwiftUI rule: when an animated change replaces a text's words, the text runs its content
/// transition: `.opacity` (the default) cross-fades the old and new renderings, `.identity`
/// shows the new words at once (the frame still moves), `.numericText` rolls the digits that
/// changed and `.interpolate` morphs the glyphs. Here `.numericText` and `.interpolate` are
/// drawn as the cross-fade (their per-glyph motion is not modelled).
public struct ContentTransition: Equatable, Sendable {
    let kind: TextContentTransition?
    /// The old and new content cross-fade (the default).
    public static let opacity = ContentTransition(kind: nil)
    /// The new content replaces the old at once.
    public static let identity = ContentTransition(kind: .identity)
    /// Digits roll upwards as the number changes.
    public static let numericText = ContentTransition(kind: .numericText(countsDown: false))
    /// Digits roll; downwards when `countsDown`.
    public static func numericText(countsDown: Bool = false) -> ContentTransition {
        ContentTransition(kind: .numericText(countsDown: countsDown))
    }
    /// Digits roll in the direction `value` moves (iOS 17).
    public static func numericText(value: Double) -> ContentTransition { ContentTransition(kind: .numericText(countsDown: false)) }
    /// The glyphs morph from the old to the new.
    public static let interpolate = ContentTransition(kind: .interpolate)
}

extension EnvironmentValues {
    /// How the content of the views inside changes in an animated change, as in SwiftUI. Kept
    /// with the text styling every `Text` reads, not in the keyed storage.
    public var contentTransition: ContentTransition {
        get { ContentTransition(kind: textStyling.contentTransition) }
        set { textStyling.contentTransition = newValue.kind }
    }
}

extension View {
    /// Sets how the content of the views inside changes in an animated change, as in SwiftUI:
    /// `.identity` shows a text's new words at once instead of cross-fading them.
    public func contentTransition(_ transition: ContentTransition) -> some View {
        withEnvironment { $0.contentTransition = transition }
    }
}
