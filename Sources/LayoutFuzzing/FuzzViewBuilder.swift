import Foundation
import SwiftUI
import LayoutGallery

/// A custom `Layout` that misbehaves in one of the ways real custom layouts do: it reports NaN,
/// infinite or negative sizes, places nothing, places every subview twice, proposes its
/// subviews bad sizes (NaN, negative, ∞), or places them at bad points. The fuzzer's
/// reproducers use it by name, so they compile in a test that imports `LayoutFuzzing`.
public struct MisbehavingLayout: Layout {
    /// What the layout does wrong.
    public enum Behaviour: Codable, Hashable, Sendable {
        /// Reports this size whatever it is proposed (its subviews are still measured).
        case reportsSize(width: Double, height: Double)
        /// Measures its subviews but places none of them.
        case placesNothing
        /// Places every subview twice: at the bounds' origin, then at its centre.
        case placesTwice
        /// Measures and places its subviews with this proposal (NaN, negative, ∞ or huge).
        case proposes(width: Double?, height: Double?)
        /// Places its subviews at this offset from the bounds' origin.
        case placesAt(x: Double, y: Double)
    }

    /// What the layout does wrong.
    public var behaviour: Behaviour

    /// Creates a layout that misbehaves this way.
    public init(_ behaviour: Behaviour) { self.behaviour = behaviour }

    private func childProposal(_ proposal: ProposedViewSize) -> ProposedViewSize {
        if case .proposes(let w, let h) = behaviour { return ProposedViewSize(width: w.map { CGFloat($0) }, height: h.map { CGFloat($0) }) }
        return proposal
    }

    /// The union of the subviews' sizes for the proposal, or the reported size.
    public func sizeThatFits(proposal: ProposedViewSize, subviews: Subviews, cache: inout ()) -> CGSize {
        let p = childProposal(proposal)
        let union = subviews.reduce(CGSize.zero) { s, v in
            let d = v.sizeThatFits(p)
            return CGSize(width: max(s.width, d.width), height: max(s.height, d.height))
        }
        if case .reportsSize(let w, let h) = behaviour { return CGSize(width: w, height: h) }
        return union
    }

    /// Places the subviews wrongly, as `behaviour` says.
    public func placeSubviews(in bounds: CGRect, proposal: ProposedViewSize, subviews: Subviews, cache: inout ()) {
        let p = childProposal(proposal)
        switch behaviour {
        case .placesNothing:
            return
        case .placesTwice:
            for v in subviews {
                v.place(at: bounds.origin, proposal: p)
                v.place(at: CGPoint(x: bounds.midX, y: bounds.midY), anchor: .center, proposal: p)
            }
        case .placesAt(let x, let y):
            for v in subviews { v.place(at: CGPoint(x: bounds.minX + x, y: bounds.minY + y), proposal: p) }
        case .reportsSize, .proposes:
            for v in subviews { v.place(at: bounds.origin, proposal: p) }
        }
    }
}

/// A run of views as one view: they become separate subviews of the enclosing container, as
/// the views of a `@ViewBuilder` closure do (without the ids `ForEach` would give them).
struct ViewList: View {
    let views: [AnyView]
    var body: some View {
        if let first = views.first {
            first
            ViewList(views: Array(views.dropFirst()))
        }
    }
}

extension FuzzView {
    /// The engine view this tree describes.
    public func makeView() -> AnyView {
        switch self {
        case .text(let s, let repeats, let size):
            let string = repeats > 1 ? String(repeating: s, count: repeats) : s
            if let size { return AnyView(Text(string).font(.system(size: CGFloat(size)))) }
            return AnyView(Text(string))
        case .color(let i):
            return AnyView(Choices.pick(Choices.colors, i).0)
        case .shape(let i, let r):
            switch ((i % 5) + 5) % 5 {
            case 0: return AnyView(Rectangle())
            case 1: return AnyView(Circle())
            case 2: return AnyView(Capsule())
            case 3: return AnyView(RoundedRectangle(cornerRadius: CGFloat(r)))
            default: return AnyView(Ellipse())
            }
        case .spacer(let m):
            return AnyView(Spacer(minLength: m.map { CGFloat($0) }))
        case .divider:
            return AnyView(Divider())
        case .image(let i):
            switch ((i % 3) + 3) % 3 {
            case 0: return AnyView(Image(systemName: Choices.pick(Choices.systemImages, i)))
            case 1: return AnyView(Image("fuzz-unregistered-\(i)"))
            default: return AnyView(Image(systemName: Choices.pick(Choices.systemImages, i)).resizable())
            }
        case .container(let c, let kids):
            return c.make(ViewList(views: kids.map { $0.makeView() }))
        case .grid(let h, let v, let rows):
            let content = ViewList(views: rows.map { $0.makeView() })
            return AnyView(Grid(horizontalSpacing: h.map { CGFloat($0) }, verticalSpacing: v.map { CGFloat($0) }) { content })
        case .gridRow(let a, let cells):
            let content = ViewList(views: cells.map { $0.makeView() })
            return AnyView(GridRow(alignment: a.map { Choices.pick(Choices.verticalAlignments, $0).0 }) { content })
        case .layered(let primary, let secondary, let overlay, let a):
            let alignment = Choices.pick(Choices.alignments, a).0
            return overlay ? AnyView(primary.makeView().overlay(secondary.makeView(), alignment: alignment))
                           : AnyView(primary.makeView().background(secondary.makeView(), alignment: alignment))
        case .modified(let inner, let m):
            return m.apply(to: inner.makeView())
        }
    }
}

extension FuzzContainer {
    /// The engine container of this kind around `content`.
    func make(_ content: ViewList) -> AnyView {
        switch self {
        case .hStack(let a, let s):
            return AnyView(HStack(alignment: Choices.pick(Choices.verticalAlignments, a).0, spacing: s.map { CGFloat($0) }) { content })
        case .vStack(let a, let s):
            return AnyView(VStack(alignment: Choices.pick(Choices.horizontalAlignments, a).0, spacing: s.map { CGFloat($0) }) { content })
        case .zStack(let a):
            return AnyView(ZStack(alignment: Choices.pick(Choices.alignments, a).0) { content })
        case .viewThatFits(let axes):
            return AnyView(ViewThatFits(in: Choices.pick(Choices.axes, axes).0) { content })
        case .scrollView(let axes):
            return AnyView(ScrollView(Choices.pick(Choices.axes, axes).0) { content })
        case .anyLayout(let kind, let s):
            let spacing = s.map { CGFloat($0) }
            let layout: AnyLayout
            switch ((kind % 4) + 4) % 4 {
            case 0: layout = AnyLayout(HStackLayout(spacing: spacing))
            case 1: layout = AnyLayout(VStackLayout(spacing: spacing))
            case 2: layout = AnyLayout(ZStackLayout())
            default: layout = AnyLayout(GridLayout(horizontalSpacing: spacing, verticalSpacing: spacing))
            }
            return AnyView(layout { content })
        case .flow(let a, let s, let ls):
            return AnyView(FlowLayout(alignment: Choices.pick(Choices.horizontalAlignments, a).0,
                                      spacing: s.map { CGFloat($0) }, lineSpacing: ls.map { CGFloat($0) }) { content })
        case .radial(let rotation, let fraction):
            return AnyView(RadialLayout(rotation: .degrees(rotation), radiusFraction: CGFloat(fraction)) { content })
        case .equalWidth(let horizontal, let s):
            let spacing = s.map { CGFloat($0) }
            return horizontal ? AnyView(EqualWidthHStack(spacing: spacing) { content }) : AnyView(EqualWidthVStack(spacing: spacing) { content })
        case .misbehaving(let b):
            return AnyView(MisbehavingLayout(b) { content })
        }
    }
}

private func cg(_ v: Double?) -> CGFloat? { v.map { CGFloat($0) } }

extension FuzzModifier {
    func apply(to v: AnyView) -> AnyView {
        switch self {
        case .frame(let w, let h, let a):
            return AnyView(v.frame(width: cg(w), height: cg(h), alignment: Choices.pick(Choices.alignments, a).0))
        case .flexibleFrame(let minW, let idW, let maxW, let minH, let idH, let maxH, let a):
            return AnyView(v.frame(minWidth: cg(minW), idealWidth: cg(idW), maxWidth: cg(maxW),
                                   minHeight: cg(minH), idealHeight: cg(idH), maxHeight: cg(maxH),
                                   alignment: Choices.pick(Choices.alignments, a).0))
        case .padding(let e, let l):
            return AnyView(v.padding(Choices.pick(Choices.edges, e).0, cg(l)))
        case .offset(let x, let y):
            return AnyView(v.offset(x: x, y: y))
        case .position(let x, let y):
            return AnyView(v.position(x: x, y: y))
        case .aspectRatio(let r, let fill):
            return AnyView(v.aspectRatio(cg(r), contentMode: fill ? .fill : .fit))
        case .fixedSize(let h, let vert):
            return AnyView(v.fixedSize(horizontal: h, vertical: vert))
        case .layoutPriority(let p):
            return AnyView(v.layoutPriority(p))
        case .horizontalGuide(let a, let value, let relative):
            let g = Choices.pick(Choices.horizontalAlignments, a).0
            return AnyView(v.alignmentGuide(g) { d in relative ? d.width * value : value })
        case .verticalGuide(let a, let value, let relative):
            let g = Choices.pick(Choices.verticalAlignments, a).0
            return AnyView(v.alignmentGuide(g) { d in relative ? d.height * value : value })
        case .gridCellColumns(let n):
            return AnyView(v.gridCellColumns(n))
        case .id(let n):
            return AnyView(v.id("v\(n)"))
        case .zIndex(let z):
            return AnyView(v.zIndex(z))
        case .radialRank(let r):
            return AnyView(v.radialRank(r))
        case .font(let size):
            return AnyView(v.font(.system(size: CGFloat(size))))
        }
    }
}
