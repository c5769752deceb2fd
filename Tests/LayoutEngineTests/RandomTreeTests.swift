import Testing
import Foundation
@testable import LayoutEngine

/// A seeded property test in the spirit of the fuzzer of issue 17: random view trees with about
/// 15 % bad values (NaN, ±∞, negative, huge lengths and spans, fonts under 1 pt and near the
/// largest double, guides returning NaN) must lay out without a crash and with finite frames
/// for every finite proposal.
@Suite("Random trees with bad values")
struct RandomTreeTests {
    /// 300 trees from a fixed seed, with bad values (15 %) and without; `LAYOUTLAB_RANDOM_TREES=N[:SEED]`
    /// runs more (or another seed).
    @Test(arguments: [15, 0] as [UInt64]) func randomTreesGiveFiniteFrames(badPercent: UInt64) {
        let setting = ProcessInfo.processInfo.environment["LAYOUTLAB_RANDOM_TREES"]?.split(separator: ":").compactMap { UInt64($0) } ?? []
        let count = setting.first.map(Int.init) ?? 300
        var g = TreeGenerator(seed: setting.count > 1 ? setting[1] : 2026_11_23, badPercent: badPercent)
        let proposals = [CGSize(width: 390, height: 844), CGSize(width: 0, height: 0), CGSize(width: 100, height: 1e300),
                         CGSize(width: CGFloat.greatestFiniteMagnitude, height: 50)]
        var failures: [String] = []
        for tree in 0..<count {
            let view = g.view(depth: 0)
            let host = LayoutHost(view)
            for size in proposals {
                let r = host.layout(in: size)
                let bad = r.frames.firstIndex { !($0.origin.x.isFinite && $0.origin.y.isFinite && $0.width.isFinite && $0.height.isFinite && $0.width >= 0 && $0.height >= 0) }
                if let bad, failures.count < 5 {
                    failures.append("tree \(tree), proposal \(size): view \(bad) (\(r.views[bad].kind) \(r.views[bad].detail)) at \(r.frames[bad])")
                }
            }
        }
        #expect(failures.isEmpty, "\(failures.joined(separator: "\n"))")
    }
}

/// A custom layout that proposes its subviews a fixed (possibly bad) proposal and places them at
/// a fixed (possibly bad) point.
private struct FixedProposalLayout: Layout {
    var proposal: ProposedViewSize
    var point: CGPoint
    func sizeThatFits(proposal: ProposedViewSize, subviews: Subviews, cache: inout ()) -> CGSize {
        subviews.reduce(CGSize.zero) { s, v in
            let d = v.sizeThatFits(self.proposal)
            return CGSize(width: max(s.width, d.width), height: max(s.height, d.height))
        }
    }
    func placeSubviews(in bounds: CGRect, proposal: ProposedViewSize, subviews: Subviews, cache: inout ()) {
        for v in subviews { v.place(at: CGPoint(x: bounds.minX + point.x, y: bounds.minY + point.y), proposal: self.proposal) }
    }
}

/// Random views, with bad values `badPercent` % of the time.
private struct TreeGenerator {
    var rng: SplitMix
    /// How often a value is bad, in percent.
    let badPercent: UInt64
    init(seed: UInt64, badPercent: UInt64) { rng = SplitMix(seed: seed); self.badPercent = badPercent }

    mutating func chance(_ percent: UInt64) -> Bool { rng.next() % 100 < percent }
    mutating func pick<T>(_ values: [T]) -> T { values[Int(rng.next() % UInt64(values.count))] }

    /// A length: usually ordinary, `badPercent` % of the time bad.
    mutating func length() -> CGFloat {
        if chance(badPercent) { return pick([.nan, .infinity, -.infinity, -10, 1e300, .greatestFiniteMagnitude, 1e-300, 0]) }
        return CGFloat(rng.next() % 300)
    }
    mutating func optionalLength() -> CGFloat? { chance(30) ? nil : length() }
    mutating func proposal() -> ProposedViewSize { ProposedViewSize(width: optionalLength(), height: optionalLength()) }
    mutating func fontSize() -> CGFloat { chance(badPercent) ? pick([1e308, 0.5, 1e-300, .nan, 0]) : pick([9, 13, 17, 34]) }

    mutating func leaf() -> AnyView {
        switch rng.next() % 6 {
        case 0: return AnyView(Color.red)
        case 1: return AnyView(Text(pick(["Hello", "a\nb", "The quick brown fox", ""])).font(.system(size: fontSize())))
        case 2: return AnyView(Spacer(minLength: optionalLength()))
        case 3: return AnyView(Rectangle().frame(width: optionalLength(), height: optionalLength()))
        case 4: return AnyView(Divider())
        default: return AnyView(Color.blue.frame(minWidth: optionalLength(), idealWidth: optionalLength(), maxWidth: optionalLength(),
                                                  minHeight: optionalLength(), idealHeight: optionalLength(), maxHeight: optionalLength()))
        }
    }

    mutating func children(depth: Int) -> [AnyView] { (0..<Int(rng.next() % 4)).map { _ in view(depth: depth + 1) } }

    mutating func view(depth: Int) -> AnyView {
        if depth >= 4 || chance(25) { return leaf() }
        let kids = children(depth: depth)
        let content = ForEach(kids.indices, id: \.self) { kids[$0] }
        switch rng.next() % 16 {
        case 0:
            let a: VerticalAlignment = pick([.top, .center, .lastTextBaseline, .firstTextBaseline]), s = optionalLength()
            return AnyView(HStack(alignment: a, spacing: s) { content })
        case 1:
            let a: HorizontalAlignment = pick([.leading, .center, .trailing]), s = optionalLength()
            return AnyView(VStack(alignment: a, spacing: s) { content })
        case 2:
            let a: Alignment = pick([.center, .topLeading, .bottomTrailing])
            return AnyView(ZStack(alignment: a) { content })
        case 3:
            let span = chance(badPercent) ? pick([Int.max, 10_000_000, -5]) : Int(rng.next() % 3) + 1
            let cell = view(depth: depth + 1), h = optionalLength(), v = optionalLength()
            return AnyView(Grid(horizontalSpacing: h, verticalSpacing: v) {
                GridRow { cell.gridCellColumns(span); content }
                content
            })
        case 4: return AnyView(view(depth: depth + 1).padding(length()))
        case 5: return AnyView(view(depth: depth + 1).offset(x: length(), y: length()))
        case 6: return AnyView(view(depth: depth + 1).position(x: length(), y: length()))
        case 7: return AnyView(view(depth: depth + 1).aspectRatio(chance(50) ? nil : length(), contentMode: pick([.fit, .fill])))
        case 8: return AnyView(view(depth: depth + 1).fixedSize(horizontal: chance(50), vertical: chance(50)))
        case 9:
            let v = length()
            return AnyView(view(depth: depth + 1).alignmentGuide(HorizontalAlignment.center) { _ in v }.alignmentGuide(.top) { d in d.height * v })
        case 10: return AnyView(view(depth: depth + 1).overlay(view(depth: depth + 1), alignment: pick([.center, .topLeading, .bottom])))
        case 11: return AnyView(view(depth: depth + 1).background(view(depth: depth + 1)).frame(width: optionalLength(), height: optionalLength(), alignment: pick([.center, .leading, .bottomTrailing])))
        case 12:
            let layout = FixedProposalLayout(proposal: proposal(), point: CGPoint(x: length(), y: length()))
            return AnyView(layout { content })
        case 13: return AnyView(ViewThatFits { content })
        case 14:
            let axes: Axis.Set = pick([.vertical, .horizontal, [.horizontal, .vertical]])
            return AnyView(ScrollView(axes) { content })
        default: return AnyView(view(depth: depth + 1).layoutPriority(Double(length())))
        }
    }
}
