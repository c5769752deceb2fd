import Testing
import Foundation
@testable import LayoutCore
@testable import SwiftUI
import LayoutTestSupport

// `LayoutHost.replaceView(id:with:)`: a change to part of a tree costs what it changes, and lays
// out bit for bit as a host given the whole changed tree does.

/// Yoga's "huge nested" shape at 1,000 leaves, each leaf given its number as its id; `widths`
/// overrides leaves' widths.
private func nested(_ widths: [Int: CGFloat] = [:]) -> some View {
    VStack(spacing: 0) {
        ForEach(0..<10) { b in
            HStack(spacing: 0) {
                ForEach(0..<10) { c in
                    VStack(spacing: 0) {
                        ForEach(0..<10) { d in
                            let k = (b * 10 + c) * 10 + d
                            leaf(width: widths[k] ?? 10).id(k)
                        }
                    }
                    .frame(width: 10, height: 10)
                }
            }
            .padding(10)
        }
    }
}

private func leaf(width: CGFloat) -> some View { Color.green.frame(width: width, height: 10) }

/// What a layout reports of each view, to compare two hosts' results.
private func described(_ r: LayoutResult) -> [String] {
    r.views.map { "\($0.kind) \($0.identity.rawValue) \(String(describing: $0.explicitID)) \($0.frame) \($0.proposal)" }
}

private func expectSameLayout(_ host: LayoutHost, as fresh: some View, proposals: [ProposedViewSize],
                              sourceLocation: SourceLocation = #_sourceLocation) {
    let freshHost = LayoutHost(fresh)
    for p in proposals {
        let r = host.layout(proposal: p), f = freshHost.layout(proposal: p)
        #expect(described(r) == described(f), "proposal \(p)", sourceLocation: sourceLocation)
        #expect(r.diagnostics.map(\.message) == f.diagnostics.map(\.message), sourceLocation: sourceLocation)
    }
}

private struct Weight: LayoutValueKey { static let defaultValue = 0 }

@Suite("Replacing part of a tree (LayoutHost.replaceView)")
struct ViewReplacementTests {
    @Test func aLeafEditedInPlaceLaysOutAsTheWholeChangedTree() throws {
        let host = LayoutHost(nested())
        let before = host.layout(proposal: .unspecified, options: .fastest)
        let outcome = try host.replaceView(id: 555, with: leaf(width: 12))
        #expect(outcome == .patchedInPlace)
        let after = host.layout(proposal: .unspecified, options: .fastest)
        // The leaf's column, row and the root are measured again; the other 99 columns' and
        // 9 rows' sizes are reused, and their placements copied.
        #expect(after.counters.sizeComputations <= 12, "\(after.counters)")
        #expect(after.counters.reusedPlacements > before.counters.viewCount * 9 / 10)
        expectSameLayout(host, as: nested([555: 12]), proposals: [.unspecified, ProposedViewSize(width: 300, height: 400)])
    }

    @Test func thePassAfterAnEditPatchesTheLastGeometryOnlyWhenNoResultHoldsIt() throws {
        let host = LayoutHost(nested())
        var held: LayoutResult? = host.layout(proposal: .unspecified, options: .fastest)
        let heldFrames = held!.frames.map { $0 }
        try host.replaceView(id: 5, with: leaf(width: 40))
        // A result still holds the last geometry: the pass writes new arrays, the result keeps its frames.
        do {
            let second = host.layout(proposal: .unspecified, options: .fastest)
            #expect(!host.lastPassRecycledGeometry)
            #expect(held!.frames == heldFrames)
            #expect(second.frames != heldFrames)
        }
        held = nil
        try host.replaceView(id: 5, with: leaf(width: 10))
        let third = host.layout(proposal: .unspecified, options: .fastest)
        #expect(host.lastPassRecycledGeometry)
        #expect(third.frames == heldFrames)
        #expect(third.counters.reusedPlacements > third.counters.viewCount * 9 / 10)
    }

    @Test func theIncrementalLayoutGuidesExampleMeasuresTheRowAndItsStack() throws {
        let host = LayoutHost(VStack { ForEach(0..<1000) { i in Text("Row \(i)").id(i) } })
        _ = host.layout(in: CGSize(width: 390, height: 844))
        #expect(try host.replaceView(id: 500, with: Text("Row 500, edited")) == .patchedInPlace)
        let after = host.layout(in: CGSize(width: 390, height: 844))
        // The row and the stack, with their min / ideal / max probes: a handful, not 1,001.
        #expect(after.counters.sizeComputations <= 12, "\(after.counters)")
        #expect(after.views[501].frame.width > after.views[500].frame.width)
    }

    @Test func editsAccumulateBeforeAndBetweenLayouts() throws {
        let host = LayoutHost(nested())
        // Before the first layout, twice on one leaf, then on others between layouts.
        try host.replaceView(id: 3, with: leaf(width: 14))
        try host.replaceView(id: 3, with: leaf(width: 16))
        _ = host.layout(proposal: .unspecified)
        try host.replaceView(id: 999, with: leaf(width: 1))
        try host.replaceView(id: 0, with: leaf(width: 30))
        _ = host.layout(in: CGSize(width: 500, height: 500))
        try host.replaceView(id: 500, with: leaf(width: 0))
        expectSameLayout(host, as: nested([3: 16, 999: 1, 0: 30, 500: 0]),
                         proposals: [.unspecified, ProposedViewSize(width: 500, height: 500), .zero])
        // A whole tree set afterwards takes over the sizes of the views whose inputs it keeps,
        // and none of the edited views' ancestors'.
        host.setRoot(nested([3: 16, 999: 1, 0: 30, 500: 2]))
        expectSameLayout(host, as: nested([3: 16, 999: 1, 0: 30, 500: 2]),
                         proposals: [.unspecified, ProposedViewSize(width: 500, height: 500)])
    }

    @Test func aReplacementOfAnotherShapeIsSplicedInAndTheTreeReinstalled() throws {
        let host = LayoutHost(HStack(spacing: 3) {
            Text("one").id("a")
            Color.red.frame(width: 20, height: 20).id("b")
            Text("three")
        })
        _ = host.layout(in: CGSize(width: 300, height: 100))
        let outcome = try host.replaceView(id: "b", with: VStack { Text("two"); Color.blue.frame(width: 8, height: 8) }.padding(2))
        #expect(outcome == .reinstalledTree)
        expectSameLayout(host, as: HStack(spacing: 3) {
            Text("one").id("a")
            VStack { Text("two"); Color.blue.frame(width: 8, height: 8) }.padding(2).id("b")
            Text("three")
        }, proposals: [ProposedViewSize(width: 300, height: 100), ProposedViewSize(width: 40, height: nil)])
        // The replacement keeps its id: it can be replaced again.
        #expect(try host.replaceView(id: "b", with: Text("2")) == .reinstalledTree)
        expectSameLayout(host, as: HStack(spacing: 3) { Text("one").id("a"); Text("2").id("b"); Text("three") },
                         proposals: [ProposedViewSize(width: 300, height: 100)])
    }

    @Test func theReplacementIsBuiltInTheEnvironmentTheOldViewHad() throws {
        func tree(_ text: String) -> some View {
            VStack(alignment: .leading) {
                Text("Heading")
                HStack { Text(text).id("changing"); Color.orange.frame(width: 12, height: 12) }
            }
            .font(.title)
            .environment(\.layoutDirection, .rightToLeft)
        }
        let host = LayoutHost(tree("short"))
        _ = host.layout(in: CGSize(width: 320, height: 200))
        #expect(try host.replaceView(id: "changing", with: Text("a longer text")) == .patchedInPlace)
        expectSameLayout(host, as: tree("a longer text"), proposals: [ProposedViewSize(width: 320, height: 200), ProposedViewSize(width: 90, height: nil)])
    }

    @Test func aSpacerPutInAStackTakesTheStacksAxis() throws {
        let host = LayoutHost(HStack { Text("a"); Text("x").id(1); Text("b") }.frame(width: 200))
        _ = host.layout(in: CGSize(width: 300, height: 100))
        #expect(try host.replaceView(id: 1, with: Spacer(minLength: 7)) == .patchedInPlace)
        expectSameLayout(host, as: HStack { Text("a"); Spacer(minLength: 7).id(1); Text("b") }.frame(width: 200),
                         proposals: [ProposedViewSize(width: 300, height: 100)])
    }

    @Test func aGridCellIsReplacedInItsRow() throws {
        func grid(_ w: CGFloat) -> some View {
            Grid(horizontalSpacing: 1, verticalSpacing: 1) {
                ForEach(0..<4) { r in
                    GridRow {
                        ForEach(0..<5) { c in Color.orange.frame(width: r == 2 && c == 3 ? w : 10, height: 10).id(r * 10 + c) }
                    }
                }
            }
        }
        let host = LayoutHost(grid(10))
        _ = host.layout(in: CGSize(width: 200, height: 200))
        #expect(try host.replaceView(id: 23, with: Color.orange.frame(width: 25, height: 10)) == .patchedInPlace)
        expectSameLayout(host, as: grid(25), proposals: [ProposedViewSize(width: 200, height: 200)])
    }

    @Test func randomEditsLayOutAsFreshHostsDo() throws {
        var rng = DeterministicSequence(seed: 0x5eed)
        let host = LayoutHost(nested())
        var widths: [Int: CGFloat] = [:]
        for round in 0..<12 {
            for _ in 0..<Int(rng.next() % 3) + 1 {
                let k = Int(rng.next() % 1000)
                let w = CGFloat(rng.next() % 30)
                widths[k] = w
                try host.replaceView(id: k, with: leaf(width: w))
            }
            let p = round % 3 == 0 ? ProposedViewSize.unspecified : ProposedViewSize(width: CGFloat(200 + round * 37), height: 600)
            let r = host.layout(proposal: p, options: .fastest)
            let f = LayoutHost(nested(widths)).layout(proposal: p, options: .fastest)
            #expect(r.frames == f.frames, "round \(round)")
        }
    }

    @Test func whatCannotBeReplacedIsRefusedWithAReasonAndChangesNothing() throws {
        let host = LayoutHost(HStack {
            ForEach(0..<3) { i in Color.red.frame(width: 10, height: 10).id("cell \(i)") }
                .layoutValue(key: Weight.self, value: 2)
            ForEach(0..<2) { i in Text("item \(i)") }
            Group { Text("x"); Text("y") }.id("group")
        })
        let before = described(host.layout(in: CGSize(width: 400, height: 100)))
        #expect(throws: ViewReplacementError.self) { try host.replaceView(id: "nobody", with: Text("z")) }
        // A ForEach's element ids name views, but do not record where they were built.
        #expect(throws: ViewReplacementError.self) { try host.replaceView(id: 1, with: Text("z")) }
        // The modifiers around the .id changed the view (a layout value on each element).
        let changed = try? host.replaceView(id: "cell 1", with: Color.blue)
        #expect(changed == nil)
        // Several views under one id.
        #expect(throws: ViewReplacementError.self) { try host.replaceView(id: "group", with: Text("z")) }
        #expect(throws: ViewReplacementError.self) { try host.replaceView(at: 10_000, with: Text("z")) }
        #expect(throws: ViewReplacementError.self) { try host.replaceView(at: -1, with: Text("z")) }
        #expect(described(host.layout(in: CGSize(width: 400, height: 100))) == before)
    }

    @Test func refusalsSayWhy() {
        let host = LayoutHost(HStack { ForEach(0..<2) { i in Text("item \(i)") } })
        do {
            try host.replaceView(id: 1, with: Text("z"))
            Issue.record("replaced a view without a recorded build point")
        } catch {
            #expect(error.description.contains(".id(_:)"))
        }
    }

    @Test func replacingTheRootInstallsANewTree() throws {
        let host = LayoutHost(Text("old").id("root"))
        _ = host.layout(in: CGSize(width: 100, height: 100))
        #expect(try host.replaceView(id: "root", with: Color.red.frame(width: 5, height: 5)) == .reinstalledTree)
        expectSameLayout(host, as: Color.red.frame(width: 5, height: 5).id("root"), proposals: [ProposedViewSize(width: 100, height: 100)])
    }
}
