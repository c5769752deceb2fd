import SwiftUI

/// A horizontal stack that gives every subview the width of the widest one — the WWDC22
/// `MyEqualWidthHStack`, polished.
///
/// Every subview is proposed the largest ideal width and height among them; `spacing: nil`
/// uses each adjacent pair's preferred spacing. It reports no stack orientation, like the
/// WWDC sample, so it is a fixed-size container: its size is the same for every proposal.
/// Written against the public `Layout` API only.
public struct EqualWidthHStack: Layout {
    /// The distance between adjacent subviews; nil uses each pair's preferred spacing, and NaN or infinite spacing counts as 0.
    public var spacing: CGFloat?
    /// Creates an equal-width horizontal stack.
    public init(spacing: CGFloat? = nil) { self.spacing = spacing }

    /// The largest ideal width times the subview count, plus the gaps, by the largest ideal height, whatever the proposal.
    public func sizeThatFits(proposal: ProposedViewSize, subviews: Subviews, cache: inout ()) -> CGSize {
        guard !subviews.isEmpty else { return .zero }
        let cell = equalCellSize(subviews)
        let gaps = equalGaps(subviews, spacing, .horizontal)
        return CGSize(width: cell.width * CGFloat(subviews.count) + gaps.reduce(0, +), height: cell.height)
    }

    /// Centres each subview in a cell of the largest ideal size, left to right, proposing it that size.
    public func placeSubviews(in bounds: CGRect, proposal: ProposedViewSize, subviews: Subviews, cache: inout ()) {
        guard !subviews.isEmpty else { return }
        let cell = equalCellSize(subviews)
        let gaps = equalGaps(subviews, spacing, .horizontal)
        var x = bounds.minX + cell.width / 2
        for (i, subview) in subviews.enumerated() {
            subview.place(at: CGPoint(x: x, y: bounds.midY), anchor: .center, proposal: ProposedViewSize(cell))
            x += cell.width + gaps[i]
        }
    }
}

/// A vertical stack that gives every subview the height of the tallest one (and the width of
/// the widest) — the WWDC22 `MyEqualWidthVStack`.
public struct EqualWidthVStack: Layout {
    /// The distance between adjacent subviews; nil uses each pair's preferred spacing, and NaN or infinite spacing counts as 0.
    public var spacing: CGFloat?
    /// Creates an equal-height vertical stack.
    public init(spacing: CGFloat? = nil) { self.spacing = spacing }

    /// The largest ideal width by the largest ideal height times the subview count, plus the gaps, whatever the proposal.
    public func sizeThatFits(proposal: ProposedViewSize, subviews: Subviews, cache: inout ()) -> CGSize {
        guard !subviews.isEmpty else { return .zero }
        let cell = equalCellSize(subviews)
        let gaps = equalGaps(subviews, spacing, .vertical)
        return CGSize(width: cell.width, height: cell.height * CGFloat(subviews.count) + gaps.reduce(0, +))
    }

    /// Centres each subview in a cell of the largest ideal size, top to bottom, proposing it that size.
    public func placeSubviews(in bounds: CGRect, proposal: ProposedViewSize, subviews: Subviews, cache: inout ()) {
        guard !subviews.isEmpty else { return }
        let cell = equalCellSize(subviews)
        let gaps = equalGaps(subviews, spacing, .vertical)
        var y = bounds.minY + cell.height / 2
        for (i, subview) in subviews.enumerated() {
            subview.place(at: CGPoint(x: bounds.midX, y: y), anchor: .center, proposal: ProposedViewSize(cell))
            y += cell.height + gaps[i]
        }
    }
}

/// The component-wise largest ideal size of the subviews.
private func equalCellSize(_ subviews: LayoutSubviews) -> CGSize {
    subviews.reduce(CGSize.zero) { m, s in
        let size = s.sizeThatFits(.unspecified)
        return CGSize(width: max(m.width, size.width), height: max(m.height, size.height))
    }
}

/// The distance after each subview (0 after the last).
private func equalGaps(_ subviews: LayoutSubviews, _ spacing: CGFloat?, _ axis: Axis) -> [CGFloat] {
    subviews.indices.map { i in
        guard i + 1 < subviews.endIndex else { return 0 }
        if let spacing { return spacing.isFinite ? spacing : 0 }
        return subviews[i].spacing.distance(to: subviews[i + 1].spacing, along: axis)
    }
}
