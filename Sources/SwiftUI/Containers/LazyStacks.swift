import Foundation
import LayoutCore

/// The kinds of section views a lazy container pins to the scroll view's edges while scrolling,
/// as SwiftUI's `PinnedScrollableViews`. Pinning needs scrolling: at the scroll origin the
/// preview shows, a pinned header is where it would be anyway, so the set has no layout effect.
public struct PinnedScrollableViews: OptionSet, Hashable, Sendable {
    /// The raw bits.
    public let rawValue: UInt32
    /// Creates a set from raw bits.
    public init(rawValue: UInt32) { self.rawValue = rawValue }
    /// Section headers.
    public static let sectionHeaders = PinnedScrollableViews(rawValue: 1)
    /// Section footers.
    public static let sectionFooters = PinnedScrollableViews(rawValue: 2)
}

/// A vertical stack that creates its views as they scroll into view, as SwiftUI's `LazyVStack`.
///
/// Laziness is invisible to layout: every view is built. It lays out like `VStack` (same
/// spacing and alignment), with two differences SwiftUI has:
/// - a lazy stack takes the **whole proposed width** (its cross axis) instead of hugging its
///   widest child, and aligns its children within that width; with an unspecified width it is
///   as wide as its widest child, like a VStack. Sources: skip-ui issue #315 and pull requests
///   #316/#323 ("Make LazyHStack fill height, not width, matching iOS", checked against iOS) and
///   #173 ("Fix fill behavior of lazy stacks and grids"); WWDC 2020 "Stacks, Grids, and Outlines
///   in SwiftUI" notes that lazy stacks take the available space where the eager ones hug.
/// - it does not share its height among its children: each is proposed nil along the axis and
///   takes its ideal height, and the stack is as tall as they are (it cannot measure views it
///   has not made). Source: RevenueCat purchases-ios pull request #4514 ("they cannot have a
///   child view with width/height type fill because the lazy rendering makes it impossible to
///   know how much space they can occupy"); in a scroll view, where lazy stacks live, the
///   proposal is nil anyway.
public struct LazyVStack<Content: View>: View {
    let alignment: HorizontalAlignment
    let spacing: CGFloat?
    let content: Content
    /// Creates a lazy vertical stack; `pinnedViews` has no layout effect (see `PinnedScrollableViews`).
    public init(alignment: HorizontalAlignment = .center, spacing: CGFloat? = nil, pinnedViews: PinnedScrollableViews = .init(),
                @ViewBuilder content: () -> Content) {
        self.alignment = alignment; self.spacing = spacing; self.content = content()
    }
    /// A VStack at its ideal height in a frame that takes the proposed width.
    public var body: some View {
        LayoutContainer(layout: VStackLayout(alignment: alignment, spacing: spacing), kindName: "LazyVStack", content: content, lazyAxis: .vertical)
            .fixedSize(horizontal: false, vertical: true)
            .frame(maxWidth: .infinity, alignment: Alignment(horizontal: alignment, vertical: .center))
    }
}

/// A horizontal stack that creates its views as they scroll into view, as SwiftUI's `LazyHStack`.
///
/// Lays out like `HStack`, except that it takes the **whole proposed height** (its cross axis)
/// and aligns its children within it (with an unspecified height it is as tall as its tallest
/// child), and that its children take their ideal widths. Sources as for `LazyVStack`
/// (skip-ui #315/#316/#323, checked against iOS: "LazyHStack fill height, not width";
/// RevenueCat #4514).
public struct LazyHStack<Content: View>: View {
    let alignment: VerticalAlignment
    let spacing: CGFloat?
    let content: Content
    /// Creates a lazy horizontal stack; `pinnedViews` has no layout effect (see `PinnedScrollableViews`).
    public init(alignment: VerticalAlignment = .center, spacing: CGFloat? = nil, pinnedViews: PinnedScrollableViews = .init(),
                @ViewBuilder content: () -> Content) {
        self.alignment = alignment; self.spacing = spacing; self.content = content()
    }
    /// An HStack at its ideal width in a frame that takes the proposed height.
    public var body: some View {
        LayoutContainer(layout: HStackLayout(alignment: alignment, spacing: spacing), kindName: "LazyHStack", content: content, lazyAxis: .horizontal)
            .fixedSize(horizontal: true, vertical: false)
            .frame(maxHeight: .infinity, alignment: Alignment(horizontal: .center, vertical: alignment))
    }
}
