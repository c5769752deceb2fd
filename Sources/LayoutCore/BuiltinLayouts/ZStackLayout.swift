import Foundation

/// An overlaying container layout, as SwiftUI's `ZStackLayout` (what `ZStack` uses).
///
/// The size is the union of the highest-priority subviews' frames *after* aligning them for the
/// proposal — as large as the largest subview unless alignment guides move subviews apart, in
/// which case the stack grows to hold them all, as a VStack does across its axis (SwiftUI's
/// rule; the SwiftUI Field Guide, "ZStack": "the reported size of the ZStack is the union of all
/// the frames of the children"). Every subview (lower priorities included) is then proposed the
/// stack's size and aligned on the alignment guides, the union's top-leading corner at the
/// stack's origin (<doc:ZStackRules>). `ZStack { Color.red; Text("Hi").layoutPriority(1) }`
/// sizes to the text and the color fills it.
public struct ZStackLayout: Layout {
    /// How subviews are aligned, in both axes.
    public var alignment: Alignment
    /// Creates an overlaying layout.
    public init(alignment: Alignment = .center) { self.alignment = alignment }

    /// The union of the highest-priority subviews' frames for `proposal`, aligned on their guides; lower priorities don't count.
    ///
    /// Each subview's frame starts at minus its guide value (the guide lines at 0), so without
    /// explicit guides the union is the largest width by the largest height. On an axis where a
    /// subview's length or guide is not finite (an infinite proposal), the largest length is used.
    public func sizeThatFits(proposal: ProposedViewSize, subviews: Subviews, cache: inout ()) -> CGSize {
        if subviews.isEmpty { return .zero }
        var top = -CGFloat.infinity
        for s in subviews { top = max(top, s.priority) }
        var minX = CGFloat.infinity, maxX = -CGFloat.infinity, minY = CGFloat.infinity, maxY = -CGFloat.infinity
        var width: CGFloat = 0, height: CGFloat = 0
        var unionX = true, unionY = true
        for s in subviews where s.priority == top {
            let d = s.dimensions(in: proposal)
            width = max(width, d.width)
            height = max(height, d.height)
            let gx = d[alignment.horizontal], gy = d[alignment.vertical]
            if unionX && d.width.isFinite && gx.isFinite {
                minX = min(minX, -gx); maxX = max(maxX, d.width - gx)
            } else { unionX = false }
            if unionY && d.height.isFinite && gy.isFinite {
                minY = min(minY, -gy); maxY = max(maxY, d.height - gy)
            } else { unionY = false }
        }
        return CGSize(width: unionX && maxX >= minX ? max(maxX - minX, width) : width,
                      height: unionY && maxY >= minY ? max(maxY - minY, height) : height)
    }

    /// The union of the subviews' spacing preferences, leaving out Spacers when anything else is
    /// there (native probe K3j: `ZStack { Spacer(); leaf }` keeps the default spacing).
    public func spacing(subviews: Subviews, cache: inout ()) -> ViewSpacing {
        if subviews.isEmpty { return .zero }
        let others = subviews.filter { !$0.isSpacer }
        if others.isEmpty { return defaultSpacing(subviews) }
        var s = ViewSpacing()
        for subview in others { s.formUnion(subview.spacing) }
        return s
    }

    /// Proposes every subview the stack's size and aligns its guides on the furthest guide lines
    /// of the highest-priority subviews, which puts the union of their frames at the stack's origin.
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

extension ZStackLayout: BuiltInLayout {
    static var placesEachSubviewOnce: Bool { true }
    static var reportsNegativeSizes: Bool { true }
    static var passesSinglePriority: Bool { true }
    static var guidesComeFromSubviews: Bool { true }
    /// The union of its subviews' frames for the proposal it passes on unchanged.
    static var sizeFollowsSubviews: Bool { true }
}
