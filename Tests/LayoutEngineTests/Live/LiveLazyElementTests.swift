import Foundation
import Testing
@testable import LayoutCore
@testable import SwiftUI

/// Lazy stacks and grids make their elements' views as they scroll into view, as SwiftUI's do:
/// elements not shown yet are placeholders of estimated length.
@Suite("Live previews: lazy stacks and grids make their views as they scroll in")
struct LiveLazyElementTests {
    /// A row that counts how many times its body runs and keeps a star as state.
    struct Row: View {
        let index: Int
        @State private var starred = false
        var body: some View {
            Button(starred ? "★ Row \(index)" : "Row \(index)") { starred.toggle() }
                .frame(maxWidth: .infinity)
                .frame(height: 40)
        }
    }

    struct Feed: View {
        var body: some View {
            ScrollViewReader { proxy in
                VStack(spacing: 0) {
                    Button("Jump") { proxy.scrollTo(500, anchor: .top) }.id("jump").frame(height: 40)
                    ScrollView {
                        LazyVStack(spacing: 0) {
                            ForEach(0..<1000, id: \.self) { Row(index: $0) }
                        }
                    }
                    .id("feed")
                }
            }
        }
    }

    /// The elements made: the ids of the views that carry an element's id and are not placeholders.
    static func madeRows(_ result: LayoutResult) -> [Int] {
        result.views.compactMap { view -> Int? in
            guard let id = view.explicitID?.base as? Int, view.kind != "frame" || !isPlaceholder(view, in: result) else { return nil }
            return id
        }
    }

    static func isPlaceholder(_ view: PlacedView, in result: LayoutResult) -> Bool {
        view.index + 1 < result.views.count && result.views[view.index + 1].kind == "LazyPlaceholder"
            && result.views[view.index + 1].parent == view.index
    }

    @Test func aLazyStackMakesOnlyTheRowsItShows() throws {
        let live = LivePreview(Feed())
        // 40 points of button, a 400-point scroll view: rows 0 to 9 are on screen.
        _ = live.layout(proposal: ProposedViewSize(width: 300, height: 440))
        let result = try #require(live.lastResult)
        #expect(Self.madeRows(result) == Array(0..<10))
        #expect(live.graph.lazyElements.placeholderCount == 990)
        // The placeholders are as long as the rows made: the content is as long as 1,000 rows.
        let stack = try #require(result.views.first { $0.kind == "LazyVStack" })
        #expect(stack.frame.height == 40_000)

        // Scrolled 2,000 points: rows 50 to 59 are made; the rows scrolled past are not.
        _ = try live.send(.scroll(at: live.centre(ofViewWithID: "feed"), by: CGSize(width: 0, height: 2_000)))
        let scrolled = Self.madeRows(try #require(live.lastResult))
        #expect(scrolled == Array(0..<10) + Array(50..<60))
        let row55 = try #require(live.lastResult?.views.first { $0.explicitID?.base as? Int == 55 })
        let feed = try #require(live.lastResult?.views.first { $0.explicitID.map(LivePreview.describe) == "feed" })
        #expect(row55.frame.minY == feed.frame.minY + 200)
    }

    @Test func scrollToReachesAnElementNotMadeYet() throws {
        let live = LivePreview(Feed())
        _ = live.layout(proposal: ProposedViewSize(width: 300, height: 440))
        _ = try live.send(.tap(live.centre(ofViewWithID: "jump")))
        let result = try #require(live.lastResult)
        let feed = try #require(result.views.first { $0.explicitID.map(LivePreview.describe) == "feed" })
        let row500 = try #require(result.views.first { $0.explicitID?.base as? Int == 500 })
        #expect(!Self.isPlaceholder(row500, in: result), "row 500 is made once it is shown")
        #expect(row500.frame.minY == feed.frame.minY)
        #expect(Self.madeRows(result).contains(509) && !Self.madeRows(result).contains(250))
    }

    @Test func aMadeRowKeepsItsStateWhenItScrollsAwayAndBack() throws {
        let live = LivePreview(Feed())
        _ = live.layout(proposal: ProposedViewSize(width: 300, height: 440))
        _ = try live.send(.tap(live.centre(ofViewWithID: "2")))
        _ = try live.send(.scroll(at: live.centre(ofViewWithID: "feed"), by: CGSize(width: 0, height: 5_000)))
        _ = try live.send(.scroll(at: live.centre(ofViewWithID: "feed"), by: CGSize(width: 0, height: -5_000)))
        let result = try #require(live.lastResult)
        let row2 = try #require(result.views.first { $0.explicitID?.base as? Int == 2 })
        let label = result.views.first { $0.kind == "Text" && $0.index > row2.index && $0.detail.contains("Row 2") }
        #expect(label?.detail.contains("★") == true, "\(String(describing: label?.detail))")
    }

    @Test func aOneOffLayoutBuildsEveryElement() {
        let result = LayoutHost(Feed()).layout(in: CGSize(width: 300, height: 440))
        #expect(Self.madeRows(result).count == 1000)
        #expect(!result.views.contains { $0.kind == "LazyPlaceholder" })
    }

    @Test func aLazyGridMakesTheCellsOfTheRowsItShows() throws {
        struct Gallery: View {
            var body: some View {
                ScrollView {
                    LazyVGrid(columns: Array(repeating: GridItem(.flexible(), spacing: 0), count: 3), spacing: 0) {
                        ForEach(0..<300, id: \.self) { i in Color.blue.frame(height: 100).id(i) }
                    }
                }
            }
        }
        let live = LivePreview(Gallery())
        _ = live.layout(proposal: ProposedViewSize(width: 300, height: 400))
        let result = try #require(live.lastResult)
        // Four rows of three cells fill the 400 points.
        #expect(result.views.filter { $0.kind == "Color" }.count == 12)
        let grid = try #require(result.views.first { $0.kind == "LazyVGrid" })
        #expect(grid.frame.height == 10_000)
    }

    @Test func aLazyHorizontalStackMakesTheCardsItShows() throws {
        struct Carousel: View {
            var body: some View {
                ScrollView(.horizontal) {
                    LazyHStack(spacing: 0) {
                        ForEach(0..<200, id: \.self) { i in Color.orange.frame(width: 150, height: 100).id(i) }
                    }
                }
                .id("carousel")
            }
        }
        let live = LivePreview(Carousel())
        _ = live.layout(proposal: ProposedViewSize(width: 300, height: 200))
        let made = try #require(live.lastResult).views.filter { $0.kind == "Color" }.count
        // The first placeholders are 100 points long, so the first round makes three cards; two show.
        #expect(made >= 2 && made <= 3, "\(made) cards made")
        _ = try live.send(.scroll(at: live.centre(ofViewWithID: "carousel"), by: CGSize(width: 3_000, height: 0)))
        let cards = Self.madeRows(try #require(live.lastResult))
        #expect(cards.contains(20) && cards.contains(21) && !cards.contains(15), "\(cards)")
    }

    @Test func aListMakesTheRowsItShows() throws {
        struct Contacts: View {
            var body: some View {
                List(0..<500, id: \.self) { i in Text("Contact \(i)") }
                    .id("contacts")
            }
        }
        let live = LivePreview(Contacts())
        _ = live.layout(proposal: ProposedViewSize(width: 300, height: 400))
        let texts = { (r: LayoutResult) in r.views.filter { $0.kind == "Text" && $0.detail.hasPrefix("\"Contact ") }.map(\.detail) }
        let shown = texts(try #require(live.lastResult))
        // 44-point rows in 400 points: ten rows, not five hundred.
        #expect(shown.count >= 9 && shown.count <= 11, "\(shown)")
        _ = try live.send(.scroll(at: live.centre(ofViewWithID: "contacts"), by: CGSize(width: 0, height: 4_400)))
        let scrolled = texts(try #require(live.lastResult))
        #expect(scrolled.contains("\"Contact 100\"") && !scrolled.contains("\"Contact 50\""), "\(scrolled)")
    }
}
