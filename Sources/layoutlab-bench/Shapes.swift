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

    /// Makes the host (the tree is built once) and the proposal every pass uses.
    func makeHost(n: Int) -> (LayoutHost, ProposedViewSize) {
        switch self {
        case .flow:
            let host = LayoutHost(FlowLayout(spacing: 4, lineSpacing: 4) {
                ForEach(0..<n) { i in Color.blue.frame(width: flowWidth(i), height: 20) }
            })
            return (host, ProposedViewSize(width: 1000, height: 1000))
        case .hstack:
            let host = LayoutHost(HStack(spacing: 2) {
                ForEach(0..<n) { i in
                    if i % 2 == 0 { Color.red.frame(width: 10, height: 10) } else { Color.blue }
                }
            })
            return (host, ProposedViewSize(width: CGFloat(16 * n), height: 100))
        case .nested:
            // Yoga's "Huge nested layout" (benchmark/YGBenchmark.c), which Taffy's benchmarks copy:
            // root column › column (margin 10) › row (margin 10) › column fixed at 10×10 › 10×10 leaves.
            let top = max(n / 1000, 1)
            let host = LayoutHost(VStack(spacing: 0) {
                ForEach(0..<top) { _ in
                    VStack(spacing: 0) {
                        ForEach(0..<10) { _ in
                            HStack(spacing: 0) {
                                ForEach(0..<10) { _ in
                                    VStack(spacing: 0) {
                                        ForEach(0..<10) { _ in Color.green.frame(width: 10, height: 10) }
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
            return (host, .unspecified)
        case .chain:
            return (LayoutHost(nestedChain(depth: n)), ProposedViewSize(width: 1000, height: 1000))
        case .grid:
            let rows = max(n / 100, 1)
            let host = LayoutHost(Grid(horizontalSpacing: 0, verticalSpacing: 0) {
                ForEach(0..<rows) { _ in
                    GridRow {
                        ForEach(0..<100) { _ in Color.orange.frame(width: 10, height: 10) }
                    }
                }
            })
            return (host, ProposedViewSize(width: 1000, height: 1000))
        case .radial:
            let host = LayoutHost(RadialLayout {
                ForEach(0..<n) { _ in Color.purple.frame(width: 10, height: 10) }
            })
            return (host, ProposedViewSize(width: 1000, height: 1000))
        }
    }
}

func flowWidth(_ i: Int) -> CGFloat { CGFloat(20 + 6 * (i % 7)) }

/// `depth` nested stacks, alternating HStack and VStack, around a 10×10 leaf.
func nestedChain(depth: Int) -> AnyView {
    var view = AnyView(Color.gray.frame(width: 10, height: 10))
    for d in 0..<depth {
        view = d % 2 == 0 ? AnyView(HStack(spacing: 0) { view }) : AnyView(VStack(spacing: 0) { view })
    }
    return view
}
