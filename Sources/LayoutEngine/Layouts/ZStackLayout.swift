import Foundation

/// An overlaying container layout, as SwiftUI's `ZStackLayout` (what `ZStack` uses).
///
/// The size is the union of the highest-priority subviews' sizes for the proposal; every
/// subview (lower priorities included) is then proposed that size and aligned on the alignment
/// guides, whose line on each axis is the furthest one among the highest-priority subviews
/// (semantics spec §3.1). `ZStack { Color.red; Text("Hi").layoutPriority(1) }` sizes to the text
/// and the color fills it.
public struct ZStackLayout: Layout {
    /// How subviews are aligned, in both axes.
    public var alignment: Alignment
    /// Creates an overlaying layout.
    public init(alignment: Alignment = .center) { self.alignment = alignment }

    /// The largest width and the largest height among the highest-priority subviews for `proposal`; lower priorities don't count.
    public func sizeThatFits(proposal: ProposedViewSize, subviews: Subviews, cache: inout ()) -> CGSize {
        if subviews.isEmpty { return .zero }
        let top = subviews.map(\.priority).max() ?? 0
        var size = CGSize.zero
        for s in subviews where s.priority == top {
            let d = s.sizeThatFits(proposal)
            size.width = max(size.width, d.width)
            size.height = max(size.height, d.height)
        }
        return size
    }

    /// The union of the subviews' spacing preferences, leaving out Spacers when anything else is
    /// there (native probe K3j: `ZStack { Spacer(); leaf }` keeps the default spacing).
    public func spacing(subviews: Subviews, cache: inout ()) -> ViewSpacing {
        if subviews.isEmpty { return .zero }
        let others = subviews.filter { !$0.node.isSpacerThroughModifiers }
        if others.isEmpty { return defaultSpacing(subviews) }
        var s = ViewSpacing()
        for subview in others { s.formUnion(subview.spacing) }
        return s
    }

    /// Proposes every subview the stack's size and aligns its guides on the furthest guide lines of the highest-priority subviews.
    public func placeSubviews(in bounds: CGRect, proposal: ProposedViewSize, subviews: Subviews, cache: inout ()) {
        if subviews.isEmpty { return }
        // Children are re-proposed the ZStack's own size.
        let q = ProposedViewSize(bounds.size)
        let top = subviews.map(\.priority).max() ?? 0
        var ax = -CGFloat.infinity, ay = -CGFloat.infinity
        for s in subviews where s.priority == top {
            let d = s.dimensions(in: q)
            ax = max(ax, d[alignment.horizontal])
            ay = max(ay, d[alignment.vertical])
        }
        for s in subviews {
            let d = s.dimensions(in: q)
            s.place(at: CGPoint(x: bounds.minX + ax - d[alignment.horizontal], y: bounds.minY + ay - d[alignment.vertical]),
                    anchor: .topLeading, proposal: q)
        }
    }
}
