import Foundation

extension Font {
    /// A font by name at a size, as SwiftUI's `Font.custom(_:size:)`. Fonts are not looked up
    /// by name here: it is the system font at that size (a documented divergence); as in
    /// SwiftUI it grows with Dynamic Type as `.body` does.
    public static func custom(_ name: String, size: CGFloat) -> Font { custom(name, size: size, relativeTo: .body) }
    /// A font by name at a size that grows with Dynamic Type as `textStyle` does (the system font
    /// at that size here).
    public static func custom(_ name: String, size: CGFloat, relativeTo textStyle: TextStyle) -> Font {
        var f = Font.system(size: size)
        f.scalesLikeStyle = textStyle
        return f
    }
    /// A font by name at a fixed size (the system font at that size here).
    public static func custom(_ name: String, fixedSize: CGFloat) -> Font { .system(size: fixedSize) }

    /// A font width, as SwiftUI's `Font.Width` (iOS 16; accepted, the width is the font's own).
    public struct Width: Hashable, Sendable {
        let value: CGFloat
        /// Creates a width.
        public init(_ value: CGFloat) { self.value = value }
        /// Compressed.
        public static let compressed = Width(-0.3)
        /// Condensed.
        public static let condensed = Width(-0.2)
        /// Standard.
        public static let standard = Width(0)
        /// Expanded.
        public static let expanded = Width(0.2)
    }
    /// The same font at a width (accepted without effect).
    public func width(_ width: Width) -> Font { self }
    /// The same font with a leading (accepted without effect: lines keep the font's height).
    public func leading(_ leading: Leading) -> Font { self }
    /// Line spacing of a font, as SwiftUI's `Font.Leading`.
    public enum Leading: Hashable, Sendable { case standard, tight, loose }
    /// The same font in small capitals (accepted without effect).
    public func smallCaps() -> Font { self }
    /// The same font with lowercase small capitals (accepted without effect).
    public func lowercaseSmallCaps() -> Font { self }
    /// The same font with uppercase small capitals (accepted without effect).
    public func uppercaseSmallCaps() -> Font { self }
}
