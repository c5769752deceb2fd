import Testing
import Foundation
import SwiftUI
import LayoutGallery

/// Issue 12's scale: a million subviews in a flat stack and in a flow are laid out (the chain of
/// stacks 100,000 deep is in `FuzzCrashRegressionTests`). The tests ask for the fastest pass (no
/// trace, no size ranges); release timings are in the LayoutLabCore catalog's `Reliability.md`.
@Suite("Scale", .serialized)
struct ScaleTests {
    static let million = 1_000_000

    @Test func millionSubviewsInAStack() {
        let n = Self.million
        let host = LayoutHost(VStack(spacing: 0) { ForEach(0..<n, id: \.self) { _ in Color.red } })
        let r = host.layout(in: CGSize(width: 10, height: 500), options: .fastest)
        #expect(r.views.count == n + 1)
        // A million rows share the 500 points: 0.0005 each, the last one ending at the bottom.
        let last = r.frame(of: n - 1) ?? .null
        #expect(abs(last.height - 500 / CGFloat(n)) < 1e-12 && last.width == 10)
        #expect(abs(last.maxY - 500) < 1e-6)
        #expect(r.diagnostics.isEmpty)
    }

    @Test func millionSubviewsInAFlow() {
        let n = Self.million
        let host = LayoutHost(FlowLayout(spacing: 0, lineSpacing: 0) { ForEach(0..<n, id: \.self) { _ in Color.red } })
        // Colors are 10×10 at their ideal size: 100 to a line, 10,000 lines.
        let r = host.layout(in: CGSize(width: 1000, height: 4000), options: .fastest)
        #expect(r.views.count == n + 1)
        let first = r.frame(of: 0) ?? .null, last = r.frame(of: n - 1) ?? .null
        #expect(first.size == CGSize(width: 10, height: 10) && last.size == first.size)
        #expect(last.minX - first.minX == 990 && last.minY - first.minY == 99_990)
        #expect(r.frame(of: 100).map { $0.minY - first.minY } == 10)
        #expect(r.diagnostics.isEmpty)
    }
}
