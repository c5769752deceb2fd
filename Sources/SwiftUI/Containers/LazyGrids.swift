import Foundation
import LayoutCore

/// A container that grows vertically, placing its views in the columns `columns` describes, as
/// SwiftUI's `LazyVGrid`; see `LazyGridLayout` for the rules and their sources.
public struct LazyVGrid<Content: View>: View {
    let layout: LazyGridLayout
    let content: Content
    /// Creates a grid with `columns`; `spacing` is the distance between rows (nil: 8);
    /// `pinnedViews` has no layout effect (see `PinnedScrollableViews`).
    public init(columns: [GridItem], alignment: HorizontalAlignment = .center, spacing: CGFloat? = nil,
                pinnedViews: PinnedScrollableViews = .init(), @ViewBuilder content: () -> Content) {
        layout = LazyGridLayout(axis: .vertical, items: columns, alignment: Alignment(horizontal: alignment, vertical: .center), spacing: spacing)
        self.content = content()
    }
    /// The grid container over the content.
    public var body: some View { LayoutContainer(layout: layout, kindName: "LazyVGrid", content: content, lazyAxis: .vertical) }
}

/// A container that grows horizontally, placing its views in the rows `rows` describes, as
/// SwiftUI's `LazyHGrid`; see `LazyGridLayout` for the rules and their sources.
public struct LazyHGrid<Content: View>: View {
    let layout: LazyGridLayout
    let content: Content
    /// Creates a grid with `rows`; `spacing` is the distance between columns (nil: 8);
    /// `pinnedViews` has no layout effect (see `PinnedScrollableViews`).
    public init(rows: [GridItem], alignment: VerticalAlignment = .center, spacing: CGFloat? = nil,
                pinnedViews: PinnedScrollableViews = .init(), @ViewBuilder content: () -> Content) {
        layout = LazyGridLayout(axis: .horizontal, items: rows, alignment: Alignment(horizontal: .center, vertical: alignment), spacing: spacing)
        self.content = content()
    }
    /// The grid container over the content.
    public var body: some View { LayoutContainer(layout: layout, kindName: "LazyHGrid", content: content, lazyAxis: .horizontal) }
}
