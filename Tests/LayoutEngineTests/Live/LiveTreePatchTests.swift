import Foundation
import Testing
import LayoutTestSupport
@testable import LayoutCore
@testable import SwiftUI

// A live update's tree is laid over the installed one where it differs
// (`LayoutHost+TreePatching.swift`): the views it shares with the installed tree are not
// visited, the rows whose inputs are unchanged keep their sizes and placements. Each test
// compares with a preview that builds every view again and installs each tree whole.

private struct PatchRow: View {
    let index: Int
    @State private var expanded = false
    @State private var long = false
    @State private var done = false
    var body: some View {
        VStack(alignment: .leading, spacing: 2) {
            HStack {
                Circle().fill(done ? Color.green : Color.gray).frame(width: 16, height: 16)
                    .onTapGesture { done.toggle() }
                    .id("dot-\(index)")
                Text(long ? "Task \(index) with a much longer title" : "Task \(index)")
                Spacer()
                Button("Grow") { long.toggle() }.id("grow-\(index)")
                Button("More") { expanded.toggle() }.id("more-\(index)")
            }
            if expanded { Text("Details of task \(index)").font(.caption) }
        }
        .padding(4)
    }
}

private struct PatchList: View {
    let rows: Int
    @State private var reversed = false
    var body: some View {
        VStack(spacing: 0) {
            Button("Reverse") { reversed.toggle() }.id("reverse")
            ForEach(reversed ? Array((0..<rows).reversed()) : Array(0..<rows), id: \.self) { PatchRow(index: $0) }
        }
    }
}

@Suite("Live previews: an update patches the installed tree where it changed")
struct LiveTreePatchTests {
    private let proposal = ProposedViewSize(width: 390, height: 844)

    private func pair<V: View>(_ view: V) -> (LivePreview, LivePreview) { livePreviewWithReference(view, proposal: proposal) }

    private func tap(_ id: String, in previews: (LivePreview, LivePreview)) throws {
        _ = try previews.0.send(.tap(previews.0.centre(ofViewWithID: id)))
        _ = try previews.1.send(.tap(previews.1.centre(ofViewWithID: id)))
    }

    /// Both previews show the same screen; returns the patching one's layout.
    @discardableResult
    private func sameScreen(_ previews: (LivePreview, LivePreview), _ step: String,
                            sourceLocation: SourceLocation = #_sourceLocation) -> LayoutResult {
        let x = previews.0.layout(proposal: proposal), y = previews.1.layout(proposal: proposal)
        #expect(x.views.count == y.views.count, "\(step)", sourceLocation: sourceLocation)
        #expect(x.frames == y.frames, "\(step)", sourceLocation: sourceLocation)
        #expect(x.views.map(\.identity) == y.views.map(\.identity), "\(step)", sourceLocation: sourceLocation)
        #expect(x.views.map(\.kind) == y.views.map(\.kind), "\(step)", sourceLocation: sourceLocation)
        // Every description (parent, depth, id, detail, …), the patched tree's partly kept from before.
        let unlike = zip(x.views.info, y.views.info).enumerated().first { !$0.element.0.isSame(as: $0.element.1) }
        #expect(unlike == nil, "\(step): \(String(describing: unlike))", sourceLocation: sourceLocation)
        let firstDifference = zip(x.displayList, y.displayList).enumerated().first { "\($0.element.0)" != "\($0.element.1)" }
        #expect(firstDifference == nil, "\(step): \(String(describing: firstDifference))", sourceLocation: sourceLocation)
        #expect(x.displayList.count == y.displayList.count, "\(step)", sourceLocation: sourceLocation)
        // Laying out the patched tree from nothing gives the same frames as its incremental pass.
        previews.0.host.invalidateLayoutCaches()
        #expect(previews.0.layout(proposal: proposal).frames == x.frames, "\(step)", sourceLocation: sourceLocation)
        return x
    }

    @Test func aRecolouringTapPatchesThePathToItAndMeasuresNothing() throws {
        let previews = pair(PatchList(rows: 40))
        let views = previews.0.lastResult?.views.count ?? 0
        sameScreen(previews, "before")
        try tap("dot-12", in: previews)
        let patch = try #require(previews.0.host.lastTreePatch, "the update was installed whole")
        // The root's path, the list's rows (each a copy of its kept top view) and the tapped
        // row's views; not the others' views inside.
        #expect(patch.rows < views / 4, "\(patch.rows) of \(views) rows patched")
        #expect(patch.clearedRows == 0)
        let result = sameScreen(previews, "recoloured")
        // Described (above), the tree had every row but the patched ones described already.
        #expect(result.views.description.freshlyDescribedRows == patch.rows)
        #expect(result.counters.sizeComputations == 0)
        #expect(result.counters.reusedPlacements == result.views.count)
    }

    @Test func aLongerTitleMeasuresItsRowAndTheAncestorsOnly() throws {
        let previews = pair(PatchList(rows: 40))
        let views = previews.0.lastResult?.views.count ?? 0
        try tap("grow-7", in: previews)
        let patch = try #require(previews.0.host.lastTreePatch, "the update was installed whole")
        #expect(patch.clearedRows > 0 && patch.clearedRows < 20, "\(patch.clearedRows) rows measured again")
        let result = sameScreen(previews, "grown")
        #expect(result.counters.sizeComputations < 60, "\(result.counters.sizeComputations) sizes computed")
        #expect(result.counters.reusedPlacements > views * 3 / 4, "\(result.counters.reusedPlacements) of \(views) placements reused")
        try tap("grow-7", in: previews)
        #expect(previews.0.host.lastTreePatch != nil)
        sameScreen(previews, "shrunk")
    }

    @Test func viewsAddedOrRemovedInstallTheTreeWhole() throws {
        let previews = pair(PatchList(rows: 10))
        try tap("more-3", in: previews)
        #expect(previews.0.host.lastTreePatch == nil)
        sameScreen(previews, "expanded")
        try tap("grow-3", in: previews)
        #expect(previews.0.host.lastTreePatch != nil)
        sameScreen(previews, "expanded and grown")
        try tap("more-3", in: previews)
        #expect(previews.0.host.lastTreePatch == nil)
        sameScreen(previews, "collapsed")
    }

    @Test func reorderedRowsArePatchedAndKeepTheirIdentities() throws {
        let previews = pair(PatchList(rows: 12))
        try tap("grow-2", in: previews)
        try tap("reverse", in: previews)
        #expect(previews.0.host.lastTreePatch != nil)
        sameScreen(previews, "reversed")
        try tap("grow-9", in: previews)
        try tap("reverse", in: previews)
        sameScreen(previews, "reversed back")
    }

    @Test func aSequenceOfChangesShowsWhatInstallingWholeShows() throws {
        let previews = pair(PatchList(rows: 8))
        var random = DeterministicSequence(seed: 2026_11_29)
        var patched = 0
        for step in 0..<60 {
            let row = Int(random.next() % 8)
            let id: String
            switch random.next() % 10 {
            case 0: id = "reverse"
            case 1, 2: id = "more-\(row)"
            case 3, 4, 5: id = "grow-\(row)"
            default: id = "dot-\(row)"
            }
            try tap(id, in: previews)
            if previews.0.host.lastTreePatch != nil { patched += 1 }
            sameScreen(previews, "step \(step): \(id)")
        }
        #expect(patched > 30, "\(patched) of 60 updates patched")
    }
}
