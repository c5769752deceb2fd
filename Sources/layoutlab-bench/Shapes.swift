import Foundation
import SwiftUI
import LayoutGallery

/// The benchmarked view trees. Each is mirrored in `peers/peers.py` (Taffy, Yoga) and, for Flow
/// and HStack, in `Sources/gtk-layout-bench/main.c` (GTK).
enum BenchShape: String, CaseIterable {
    /// `FlowLayout` of fixed-size items (width 20 + 6·(i mod 7), height 20), spacing 4, width 1000.
    case flow
    /// A flat `HStack(spacing: 2)` alternating fixed 10×10 frames and flexible colours, width 16·n.
    case hstack
    /// Yoga's / Taffy's "huge nested" shape: VStack › VStack › HStack › VStack (10×10 frame) of
    /// 10×10 leaves, fan-outs [n/1000, 10, 10, 10], padding 10 on the two upper levels;
    /// unspecified proposal (max-content in the peers).
    case nested
    /// 1,000 nested stacks (alternating HStack / VStack) around one 10×10 leaf, in 1000×1000.
    case chain
    /// A `Grid` of 100 columns and n/100 rows of 10×10 cells, in 1000×1000.
    case grid
    /// `RadialLayout` of n 10×10 items, in 1000×1000.
    case radial

    var title: String {
        switch self {
        case .flow: return "Flow (fixed-size items)"
        case .hstack: return "HStack (fixed + flexible)"
        case .nested: return "Nested H/V stacks (4 levels)"
        case .chain: return "Chain of nested stacks"
        case .grid: return "Grid (100 columns)"
        case .radial: return "Radial"
        }
    }

    /// Subview counts measured (the chain has one depth: 1,000).
    var sizes: [Int] {
        switch self {
        case .chain: return [1000]
        case .flow, .hstack, .nested: return [1000, 10_000, 30_000, 100_000]
        default: return [1000, 10_000, 30_000]
        }
    }

    /// What "n" counts, for the table.
    var unit: String {
        switch self {
        case .chain: return "levels"
        case .nested: return "leaves"
        default: return "items"
        }
    }

    /// Makes the host (the tree is built once) and the proposal every pass uses; with
    /// `identifiedLeaves`, each leaf is given its number as its id (`.id(_:)`), so that an edit
    /// can replace it (`replaceEditedLeaf`).
    func makeHost(n: Int, identifiedLeaves: Bool = false) -> (LayoutHost, ProposedViewSize) {
        let host = LayoutHost(textMeasurer: DeterministicTextMeasurer())
        let proposal = identifiedLeaves ? setRoot(of: host, n: n, variant: 0, leaves: IdentifiedLeaves.self)
            : setRoot(of: host, n: n, variant: 0)
        return (host, proposal)
    }

    /// Replaces the edited leaf (`editedLeaf`) of a host made with identified leaves with the
    /// leaf of `variant` (`setRoot(of:n:variant:)`): the public way to change part of a tree.
    func replaceEditedLeaf(in host: LayoutHost, n: Int, variant: Int) throws {
        let edited = editedLeaf(n: n)
        let extra: CGFloat = variant % 2 == 1 ? 2 : 0
        let color: Color, width: CGFloat, height: CGFloat
        switch self {
        case .flow: (color, width, height) = (.blue, flowWidth(edited), 20)
        case .hstack: (color, width, height) = (.red, 10, 10)
        case .nested: (color, width, height) = (.green, 10, 10)
        case .chain: (color, width, height) = (.gray, 10, 10)
        case .grid: (color, width, height) = (.orange, 10, 10)
        case .radial: (color, width, height) = (.purple, 10, 10)
        }
        try host.replaceView(id: edited, with: color.frame(width: width + extra, height: height))
    }

    /// The leaf an edit changes: the one in the middle of the tree's order.
    func editedLeaf(n: Int) -> Int {
        switch self {
        case .chain: return 0
        case .nested: return max(n / 1000, 1) * 1000 / 2
        case .grid: return max(n / 100, 1) * 100 / 2
        // An even item: the odd ones are flexible colours, without a width of their own.
        case .hstack: return (n / 2) & ~1
        default: return n / 2
        }
    }

    /// Installs the shape in `host` and returns the proposal every pass uses. `variant` 0 is
    /// the shape as described; an odd variant makes the edited leaf (`editedLeaf`) 2 points
    /// wider, so alternating variants is a one-leaf change each time.
    @discardableResult
    func setRoot(of host: LayoutHost, n: Int, variant: Int) -> ProposedViewSize {
        setRoot(of: host, n: n, variant: variant, leaves: PlainLeaves.self)
    }

    /// `setRoot(of:n:variant:)` with leaves made by `L`.
    @discardableResult
    func setRoot<L: LeafStyle>(of host: LayoutHost, n: Int, variant: Int, leaves: L.Type) -> ProposedViewSize {
        let edited = editedLeaf(n: n)
        let extra: CGFloat = variant % 2 == 1 ? 2 : 0
        func widened(_ i: Int, _ w: CGFloat) -> CGFloat { i == edited ? w + extra : w }
        switch self {
        case .flow:
            host.setRoot(FlowLayout(spacing: 4, lineSpacing: 4) {
                ForEach(0..<n) { i in L.leaf(.blue, width: widened(i, flowWidth(i)), height: 20, number: i) }
            })
            return ProposedViewSize(width: 1000, height: 1000)
        case .hstack:
            host.setRoot(HStack(spacing: 2) {
                ForEach(0..<n) { i in
                    if i % 2 == 0 { L.leaf(.red, width: widened(i, 10), height: 10, number: i) } else { Color.blue }
                }
            })
            return ProposedViewSize(width: CGFloat(16 * n), height: 100)
        case .nested:
            // Yoga's "Huge nested layout" (benchmark/YGBenchmark.c), which Taffy's benchmarks copy:
            // root column › column (margin 10) › row (margin 10) › column fixed at 10×10 › 10×10 leaves.
            let top = max(n / 1000, 1)
            host.setRoot(VStack(spacing: 0) {
                ForEach(0..<top) { a in
                    VStack(spacing: 0) {
                        ForEach(0..<10) { b in
                            HStack(spacing: 0) {
                                ForEach(0..<10) { c in
                                    VStack(spacing: 0) {
                                        ForEach(0..<10) { d in
                                            let k = ((a * 10 + b) * 10 + c) * 10 + d
                                            L.leaf(.green, width: widened(k, 10), height: 10, number: k)
                                        }
                                    }
                                    .frame(width: 10, height: 10)
                                }
                            }
                            .padding(10)
                        }
                    }
                    .padding(10)
                }
            })
            return .unspecified
        case .chain:
            host.setRoot(nestedChain(depth: n, leaf: AnyView(L.leaf(.gray, width: widened(0, 10), height: 10, number: 0))))
            return ProposedViewSize(width: 1000, height: 1000)
        case .grid:
            let rows = max(n / 100, 1)
            host.setRoot(Grid(horizontalSpacing: 0, verticalSpacing: 0) {
                ForEach(0..<rows) { r in
                    GridRow {
                        ForEach(0..<100) { c in L.leaf(.orange, width: widened(r * 100 + c, 10), height: 10, number: r * 100 + c) }
                    }
                }
            })
            return ProposedViewSize(width: 1000, height: 1000)
        case .radial:
            host.setRoot(RadialLayout {
                ForEach(0..<n) { i in L.leaf(.purple, width: widened(i, 10), height: 10, number: i) }
            })
            return ProposedViewSize(width: 1000, height: 1000)
        }
    }
}

func flowWidth(_ i: Int) -> CGFloat { CGFloat(20 + 6 * (i % 7)) }

/// How a shape's leaves are made: a coloured frame, given its number as its id or not.
protocol LeafStyle {
    associatedtype Leaf: View
    static func leaf(_ color: Color, width: CGFloat, height: CGFloat, number: Int) -> Leaf
}

/// The shapes' leaves as described (identified by their place only).
enum PlainLeaves: LeafStyle {
    static func leaf(_ color: Color, width: CGFloat, height: CGFloat, number: Int) -> some View {
        color.frame(width: width, height: height)
    }
}

/// Leaves given their number as their id, for edits that replace one (`replaceEditedLeaf`).
enum IdentifiedLeaves: LeafStyle {
    static func leaf(_ color: Color, width: CGFloat, height: CGFloat, number: Int) -> some View {
        color.frame(width: width, height: height).id(number)
    }
}

/// `depth` nested stacks, alternating HStack and VStack, around a `leafWidth`×10 leaf.
func nestedChain(depth: Int, leafWidth: CGFloat = 10) -> AnyView {
    nestedChain(depth: depth, leaf: AnyView(Color.gray.frame(width: leafWidth, height: 10)))
}

/// `depth` nested stacks, alternating HStack and VStack, around `leaf`.
func nestedChain(depth: Int, leaf: AnyView) -> AnyView {
    var view = leaf
    for d in 0..<depth {
        view = d % 2 == 0 ? AnyView(HStack(spacing: 0) { view }) : AnyView(VStack(spacing: 0) { view })
    }
    return view
}
