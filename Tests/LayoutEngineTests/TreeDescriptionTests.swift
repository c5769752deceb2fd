import Foundation
import Testing
@testable import LayoutCore
@testable import SwiftUI

/// Views are described (kind, detail, identity, …) and the display list made when a result is
/// first asked, not when the tree is installed; a result keeps describing the tree it came from.
@Suite("Descriptions and drawing on demand")
struct TreeDescriptionTests {
    @Test func aPassDescribesNoViewUntilAResultIsAsked() {
        let host = LayoutHost(HStack(spacing: 0) {
            ForEach(0..<50) { i in Color.red.frame(width: 10, height: 10).id(i) }
        })
        let r = host.layout(in: CGSize(width: 800, height: 100), options: .fastest)
        #expect(!r.views.description.isDescribed)
        // Frames, ids and counts need no description.
        #expect(r.frame(of: 3) == CGRect(x: 150 + 30, y: 45, width: 10, height: 10))
        #expect(r.views.count == 101)
        #expect(!r.views.description.isDescribed)
        // Reading a view describes the tree once; later results share that description.
        #expect(r.views[3].kind == "frame" && r.views[3].detail == "width: 10, height: 10")
        #expect(r.views[4].kind == "Color" && r.views[3].explicitID == AnyHashable(1))
        #expect(r.views.description.isDescribed)
        let again = host.layout(in: CGSize(width: 700, height: 100), options: .fastest)
        #expect(again.views.description === r.views.description)
        #expect(again.displayList.count == 50)
        #expect(again.displayList.map(\.view) == (0..<50).map { 2 + 2 * $0 })
    }

    @Test func aHeldResultDescribesTheTreeItCameFromAfterANewTree() {
        let host = LayoutHost(VStack(spacing: 0) {
            Text("one").id("a")
            Color.blue.frame(width: 5, height: 5)
        })
        let old = host.layout(in: CGSize(width: 200, height: 200), options: .fastest)
        host.setRoot(HStack { Color.red.id("b").zIndex(2) })
        let new = host.layout(in: CGSize(width: 200, height: 200), options: .fastest)
        #expect(old.views.map(\.kind) == ["VStack", "Text", "frame", "Color"])
        #expect(old.views.map(\.detail) == ["2 subviews", "\"one\"", "width: 5, height: 5", ""])
        #expect(old.views[1].explicitID == AnyHashable("a"))
        #expect(old.views.map(\.parent) == [nil, 0, 0, 2])
        #expect(old.displayList.map(\.view) == [1, 3])
        #expect(new.views.map(\.kind) == ["HStack", "Color"])
        #expect(new.views[1].explicitID == AnyHashable("b") && new.views[1].zIndex == 2)
        #expect(new.displayList.map(\.view) == [1])
    }

    @Test func geometryReaderRoundsKeepTheDescriptionOfTheResultReturned() {
        // Each round re-installs the tree (renumbered views); the result returned describes the
        // last one, with the content the reader built from its real size.
        let host = LayoutHost(GeometryReader { proxy in
            Text(proxy.size.width > 100 ? "wide" : "narrow").id("t")
        })
        let r = host.layout(in: CGSize(width: 300, height: 100))
        #expect(r.views.first { $0.explicitID == AnyHashable("t") }?.detail == "\"wide\"")
        #expect(r.displayList.contains { if case .text(let run) = $0.kind { return run.string == "wide" } else { return false } })
    }

    @Test func aHeldResultDrawsItsOwnGeometryReaderContentAfterTheReaderRebuiltIt() {
        // The second layout rebuilds the reader's content for its new width; the first result,
        // whose display list was not made yet, still draws its own colour in its own frame.
        let host = LayoutHost(GeometryReader { proxy in Color.red.frame(width: proxy.size.width / 2, height: 10) })
        let first = host.layout(in: CGSize(width: 100, height: 100))
        let second = host.layout(in: CGSize(width: 200, height: 100))
        let firstColour = first.views.firstIndex { $0.kind == "Color" }!
        #expect(first.displayList.map(\.view) == [firstColour])
        #expect(first.frames[firstColour].width == 50)
        let secondColour = second.views.firstIndex { $0.kind == "Color" }!
        #expect(second.displayList.map(\.view) == [secondColour])
        #expect(second.frames[secondColour].width == 100)
    }

    @Test func traitsSharedByARowAreCopiedBeforeOneChanges() {
        var row = ViewTraits()
        row.gridRowID = 7
        var a = ViewTraits(), b = ViewTraits()
        a.share(row)
        b.share(row)
        a.zIndex = 3
        #expect(a.zIndex == 3 && a.gridRowID == 7)
        #expect(b.zIndex == 0 && b.gridRowID == 7 && row.zIndex == 0)
    }

    @Test func aResultOutlivesItsHost() {
        let r: LayoutResult = {
            let host = LayoutHost(ZStack { Color.red.id("r"); Text("t") })
            return host.layout(in: CGSize(width: 100, height: 100), options: .fastest)
        }()
        #expect(r.views.map(\.kind) == ["ZStack", "Color", "Text"])
        #expect(r.displayList.map(\.view) == [1, 2])
    }

    @Test func drawingOrderFollowsBackgroundsAndZIndex() {
        // A background's secondary view draws first; siblings by z-index, then in order; an
        // overlay draws after its content.
        let r = LayoutHost.layout(ZStack {
            Color.red.zIndex(1).id("r")
            Color.blue.id("b")
            Color.gray.overlay(Color.black.id("o")).id("g")
        }.background(Color.green.id("back")), in: CGSize(width: 100, height: 100), options: .fastest)
        let drawn = r.displayList.compactMap { item -> String? in
            r.views[item.view].explicitID.map { "\($0)" } ?? r.views[r.views[item.view].parent ?? 0].explicitID.map { "\($0)" }
        }
        #expect(drawn == ["back", "b", "g", "o", "r"])
    }

    @Test func aLayoutDependentDisplayListIsMadeByEachPass() {
        // A ViewThatFits decides which views show: the list is the pass's own.
        let host = LayoutHost(ViewThatFits {
            Color.red.frame(width: 200, height: 10).id("wide")
            Color.blue.frame(width: 50, height: 10).id("narrow")
        })
        let wide = host.layout(in: CGSize(width: 300, height: 50), options: .fastest)
        let narrow = host.layout(in: CGSize(width: 100, height: 50), options: .fastest)
        #expect(!wide.views.description.hasStaticDisplayList)
        #expect(wide.displayList.map { wide.views[wide.views[$0.view].parent!].explicitID } == [AnyHashable("wide")])
        #expect(narrow.displayList.map { narrow.views[narrow.views[$0.view].parent!].explicitID } == [AnyHashable("narrow")])
    }

    /// An id type whose values all hash alike: only equality tells them apart.
    private struct CollidingID: Hashable {
        let value: Int
        func hash(into hasher: inout Hasher) {}
    }

    @Test func idsAreFoundAndDuplicatesReportedWhateverTheirHashes() {
        let host = LayoutHost(VStack {
            ForEach([3, 1, 2, 1, 3, 3], id: \.self) { _ in Color.red }  // ids only, repeated
            Color.blue.id(CollidingID(value: 7))
            Color.green.id(CollidingID(value: 8))
            Color.gray.id(CollidingID(value: 7))
        })
        let r = host.layout(in: CGSize(width: 100, height: 300), options: .fastest)
        let warnings = r.diagnostics.filter { $0.message.contains("is used by more than one view") }
        // Views 4 (1 again), 5 and 6 (3 again), and 9 (the first CollidingID again), in pre-order.
        #expect(warnings.map(\.view) == [4, 5, 6, 9])
        #expect(warnings.map { $0.message.hasSuffix("(view \(["4": 2, "5": 1, "6": 1, "9": 7][String($0.view!)]!))") } == [true, true, true, true])
        // Lookups return the first view with an id.
        #expect(r.view(id: 1)?.index == 2 && r.view(id: 3)?.index == 1 && r.view(id: 2)?.index == 3)
        #expect(r.view(id: CollidingID(value: 7))?.index == 7)
        #expect(r.view(id: CollidingID(value: 8))?.index == 8)
        #expect(r.view(id: CollidingID(value: 9)) == nil)
        // A decoded result finds the same views.
        let decoded = try! JSONDecoder().decode(LayoutResult.self, from: JSONEncoder().encode(r))
        #expect(decoded.view(id: 1)?.index == 2 && decoded.frame(of: 2) == r.frame(of: 2))
    }

    @Test func smallIntegerIDsAreComparedAsNumbersWhetherDenseOrSparse() {
        func duplicates<V: View>(_ view: V) -> [Int?] {
            LayoutHost.layout(view, in: CGSize(width: 100, height: 300), options: .fastest)
                .diagnostics.filter { $0.message.contains("is used by more than one view") }.map(\.view)
        }
        // Dense ids (a range looked up in a table): views 1…3 are 0, 1, 2; views 4…6 repeat them.
        #expect(duplicates(VStack { ForEach(0..<3, id: \.self) { _ in Color.red }; ForEach(0..<3, id: \.self) { _ in Color.blue } }) == [4, 5, 6])
        // Sparse ids (sorted): far apart, negative, and the extremes of 32 bits.
        let sparse = [1_000_000, -7, Int(Int32.max), Int(Int32.min), -7, 1_000_000, Int(Int32.max)]
        #expect(duplicates(VStack { ForEach(Array(sparse.enumerated()), id: \.element) { _ in Color.red } }) == [5, 6, 7])
        // An id of another numeric type equal to an `Int` one, as `AnyHashable` compares them.
        #expect(duplicates(VStack { Color.red.id(5); Color.blue.id(Int64(5)); Color.green.id(5.0); Color.gray.id(6) }) == [2, 3])
        // An `Int` too large for 32 bits is boxed, and still equal to itself.
        #expect(duplicates(VStack { Color.red.id(1 << 40); Color.blue.id(1 << 40); Color.green.id(3) }) == [2])
    }

    @Test func viewsDrawingTheSameThingShareOneList() {
        let state = BuildState()
        let a = state.sharedDrawing([.fill(.rectangle, .color(.red))])
        let b = state.sharedDrawing([.fill(.rectangle, .color(.red))])
        let c = state.sharedDrawing([.fill(.rectangle, .color(.blue))])
        func storage(_ list: [DisplayItem.Kind]) -> UnsafeRawPointer? { list.withUnsafeBufferPointer { UnsafeRawPointer($0.baseAddress) } }
        #expect(storage(a) == storage(b))
        #expect(storage(a) != storage(c))
        #expect(b == [.fill(.rectangle, .color(.red))] && c == [.fill(.rectangle, .color(.blue))])
        // The table stops growing at its limit; later lists are still returned as given.
        for i in 0..<(BuildState.sharedDrawingLimit + 10) {
            let list: [DisplayItem.Kind] = [.fill(.rectangle, .color(Color(red: Double(i) / 1000, green: 0, blue: 0)))]
            #expect(state.sharedDrawing(list) == list)
        }
        #expect(state.sharedDrawingCount == BuildState.sharedDrawingLimit)
        // Built trees share: a ForEach of one colour.
        let nodes = buildNodes(ForEach(0..<3) { _ in Color.orange }, _ViewInputs(environment: EnvironmentValues(), state: BuildState()))
        #expect(nodes.count == 3)
        #expect(Set(nodes.map { storage($0.preItems) }).count == 1)
    }
}
