import Foundation
import Testing
@testable import LayoutCore
@testable import SwiftUI

@Suite("Live previews: scroll views scroll")
struct LiveScrollTests {
    private struct Feed: View {
        var body: some View {
            ScrollView {
                VStack(spacing: 0) {
                    ForEach(0..<20, id: \.self) { i in
                        Text("Row \(i)").frame(height: 50).id("row-\(i)")
                    }
                }
            }
            .id("feed")
        }
    }

    private func frame(_ result: LayoutResult, _ id: String) -> CGRect? {
        result.views.first { $0.explicitID.map(LivePreview.describe) == id }?.frame
    }

    @Test func aScrollMovesTheContentWithinItsEnds() throws {
        let live = LivePreview(Feed())
        _ = live.layout(proposal: ProposedViewSize(width: 300, height: 400))
        let centre = try live.centre(ofViewWithID: "feed")
        #expect(frame(live.lastResult!, "row-0")?.minY == 0)
        _ = try live.send(.scroll(at: centre, by: CGSize(width: 0, height: 120)))
        #expect(frame(live.lastResult!, "row-0")?.minY == -120)
        // A drag moves it the other way, as a finger does.
        _ = try live.send(.drag(from: centre, by: CGSize(width: 0, height: 20)))
        #expect(frame(live.lastResult!, "row-0")?.minY == -100)
        // Past the end: 20 rows of 50 in 400 points scroll 600 at most.
        _ = try live.send(.scroll(at: centre, by: CGSize(width: 0, height: 5_000)))
        #expect(frame(live.lastResult!, "row-19")?.maxY == 400)
        _ = try live.send(.scroll(at: centre, by: CGSize(width: 0, height: -9_000)))
        #expect(frame(live.lastResult!, "row-0")?.minY == 0)
    }

    @Test func theIndicatorFollowsTheOffset() throws {
        let live = LivePreview(Feed())
        _ = live.layout(proposal: ProposedViewSize(width: 300, height: 400))
        let before = try #require(live.lastResult!.views.first { $0.kind == "scroll indicator" }).frame
        _ = try live.send(.scroll(at: live.centre(ofViewWithID: "feed"), by: CGSize(width: 0, height: 600)))
        let after = try #require(live.lastResult!.views.first { $0.kind == "scroll indicator" }).frame
        #expect(after.minY > before.minY)
        #expect(abs(after.maxY - (400 - ScrollIndicatorMetrics.inset)) < 0.5, "at the end, the indicator reaches the bottom of its track")
    }

    @Test func aHorizontalScrollPassesThroughAVerticalScrollView() throws {
        let live = LivePreview(Feed())
        _ = live.layout(proposal: ProposedViewSize(width: 300, height: 400))
        #expect(throws: LiveEventError.self) {
            try live.send(.scroll(at: live.centre(ofViewWithID: "feed"), by: CGSize(width: 50, height: 0)))
        }
    }

    /// `scrollPosition(id:)`: the id the code sets scrolls its view to the top; a scroll the
    /// person makes writes the id of the view now at the top, which the screen reads.
    @Test func scrollPositionFollowsScrollingAndScrollsToTheIDTheCodeSets() throws {
        struct Chapters: View {
            @State var position: Int?
            var body: some View {
                VStack(spacing: 0) {
                    Text("At \(position.map(String.init) ?? "none")").id("at")
                    Button("Jump") { position = 12 }.id("jump")
                    ScrollView {
                        LazyVStack(spacing: 0) {
                            ForEach(0..<30, id: \.self) { i in Text("Chapter \(i)").frame(height: 50) }
                        }
                        .scrollTargetLayout()
                    }
                    .scrollPosition(id: $position)
                    .id("chapters")
                    .frame(height: 300)
                }
            }
        }
        let live = LivePreview(Chapters())
        _ = live.layout(proposal: ProposedViewSize(width: 300, height: 500))
        #expect(live.lastResult!.shownTexts.contains("\"At none\""))
        let viewport = try #require(frame(live.lastResult!, "chapters"))
        // The person scrolls 130 points: chapter 2 (100…150) reaches the top edge.
        _ = try live.send(.scroll(at: live.centre(ofViewWithID: "chapters"), by: CGSize(width: 0, height: 130)))
        #expect(live.lastResult!.shownTexts.contains("\"At 2\""), "\(live.lastResult!.shownTexts.prefix(3))")
        // The code sets 12: chapter 12 at the top, and the binding reads back as 12.
        _ = try live.send(.tap(live.centre(ofViewWithID: "jump")))
        let result = live.lastResult!
        #expect(result.shownTexts.contains("\"At 12\""))
        // The chapter's 50-point frame (the text is centred in it).
        let text = try #require(result.views.first { $0.isVisible && $0.detail == "\"Chapter 12\"" })
        let chapter12 = result.views[try #require(text.parent)].frame
        #expect(chapter12.height == 50 && abs(chapter12.minY - viewport.minY) < 0.5, "\(chapter12) in \(viewport)")
        // Scrolling on from there reports the next chapter.
        _ = try live.send(.scroll(at: live.centre(ofViewWithID: "chapters"), by: CGSize(width: 0, height: 60)))
        #expect(live.lastResult!.shownTexts.contains("\"At 13\""))
    }

    @Test func aOneOffLayoutIsNotScrolled() {
        let result = LayoutHost.layout(Feed(), in: CGSize(width: 300, height: 400))
        #expect(frame(result, "row-0")?.minY == 0)
    }

    /// A chat: buttons above a scroll view of 50 rows of 40 points in a 200-point viewport.
    private struct Chat: View {
        var scrollsOnAppear = false
        var body: some View {
            ScrollViewReader { proxy in
                VStack(spacing: 0) {
                    Button("Latest") { proxy.scrollTo(49, anchor: .bottom) }.id("latest")
                    Button("Row 20") { withAnimation(.easeInOut) { proxy.scrollTo(20) } }.id("twenty")
                    Button("Centre 30") { proxy.scrollTo(30, anchor: .center) }.id("centre")
                    Button("Nowhere") { proxy.scrollTo(999) }.id("nowhere")
                    ScrollView {
                        VStack(spacing: 0) {
                            ForEach(0..<50, id: \.self) { i in Text("Row \(i)").frame(height: 40) }
                        }
                    }
                    .frame(height: 200)
                    .id("messages")
                }
                .onAppear { if scrollsOnAppear { proxy.scrollTo(10, anchor: .top) } }
            }
        }
    }

    private func row(_ live: LivePreview, _ i: Int) throws -> CGRect {
        try #require(live.lastResult!.views.last { $0.isVisible && $0.explicitID == AnyHashable(i) }).frame
    }

    @Test func scrollToPutsTheViewsAnchorOnTheScrollViewsAndMovesAsLittleAsItCanWithout() throws {
        let live = LivePreview(Chat())
        _ = live.layout(proposal: ProposedViewSize(width: 300, height: 500))
        let viewport = try live.lastResult!.frame(ofShown: "messages")
        #expect(try row(live, 0).minY == viewport.minY)
        // `.bottom`: the last row's bottom on the scroll view's bottom.
        var update = try live.send(.tap(live.centre(ofViewWithID: "latest")))
        #expect(try row(live, 49).maxY == viewport.maxY)
        #expect(update.transaction.animation == nil, "a scroll outside withAnimation jumps")
        // No anchor, from below: the least movement brings row 20 in at the top, animated.
        update = try live.send(.tap(live.centre(ofViewWithID: "twenty")))
        #expect(try row(live, 20).minY == viewport.minY)
        #expect(update.transaction.animation == .easeInOut)
        // Already visible: no movement.
        update = try live.send(.tap(live.centre(ofViewWithID: "twenty")))
        #expect(try row(live, 20).minY == viewport.minY)
        // `.center`: row 30's centre on the viewport's.
        _ = try live.send(.tap(live.centre(ofViewWithID: "centre")))
        let centred = try row(live, 30)
        #expect(centred.midY == viewport.midY, "\(centred) in \(viewport)")
        // The rows scrolled out above lie over the buttons, but only the scroll view's inside is
        // its content's: the tap above reached its button (and this one does too).
        // An id no view has does nothing, as in SwiftUI.
        _ = try live.send(.tap(live.centre(ofViewWithID: "nowhere")))
        #expect(try row(live, 30).midY == viewport.midY)
    }

    @Test func scrollToFromOnAppearShowsTheViewInTheFirstLayout() throws {
        let live = LivePreview(Chat(scrollsOnAppear: true))
        let result = live.layout(proposal: ProposedViewSize(width: 300, height: 500))
        let viewport = try result.frame(ofShown: "messages")
        #expect(try row(live, 10).minY == viewport.minY)
    }

    @Test func theContentStaysWithinItsEnds() throws {
        // Row 1 to the bottom would scroll before the start: the content stops at its top.
        let delta = LivePreview.scrollDelta(showing: CGRect(x: 0, y: 40, width: 300, height: 40),
                                            in: CGRect(x: 0, y: 0, width: 300, height: 200), anchor: .bottom)
        #expect(delta == CGSize(width: 0, height: -120))
        struct Short: View {
            var body: some View {
                ScrollViewReader { proxy in
                    VStack {
                        Button("Go") { proxy.scrollTo(1, anchor: .bottom) }.id("go")
                        ScrollView { VStack(spacing: 0) { ForEach(0..<10, id: \.self) { Text("\($0)").frame(height: 40) } } }
                            .frame(height: 200).id("list")
                    }
                }
            }
        }
        let live = LivePreview(Short())
        _ = live.layout(proposal: ProposedViewSize(width: 300, height: 500))
        let top = try row(live, 0).minY
        _ = try live.send(.tap(live.centre(ofViewWithID: "go")))
        #expect(try row(live, 0).minY == top)
    }

    @Test func theLeastMovementForAViewLargerThanTheViewportShowsItsTop() {
        let viewport = CGRect(x: 0, y: 100, width: 300, height: 200)
        #expect(LivePreview.scrollDelta(showing: CGRect(x: 0, y: 500, width: 300, height: 400), in: viewport, anchor: nil)
                == CGSize(width: 0, height: 400))
        #expect(LivePreview.scrollDelta(showing: CGRect(x: 0, y: 150, width: 300, height: 50), in: viewport, anchor: nil) == .zero)
        #expect(LivePreview.scrollDelta(showing: CGRect(x: CGFloat.nan, y: 150, width: 300, height: 50), in: viewport, anchor: .top) == .zero)
    }
}
