import Foundation
import Testing
@testable import LayoutCore
@testable import SwiftUI

private struct WidestLabelKey: PreferenceKey {
    static let defaultValue: CGFloat = 0
    static func reduce(value: inout CGFloat, nextValue: () -> CGFloat) { value = max(value, nextValue()) }
}

private struct ScrollOffsetKey: PreferenceKey {
    static let defaultValue: CGFloat = 0
    static func reduce(value: inout CGFloat, nextValue: () -> CGFloat) { value = nextValue() }
}

/// A settings form whose labels share the widest label's width; a button makes one label longer.
private struct ShippingForm: View {
    @State private var labelWidth: CGFloat? = nil
    @State private var detailed = false

    var body: some View {
        VStack(alignment: .leading, spacing: 10) {
            field("Name", "Ada")
            field(detailed ? "Mobile phone number" : "Phone", "555 0100")
            Button(detailed ? "Shorter" : "Longer") { detailed.toggle() }.id("toggle")
        }
        .onPreferenceChange(WidestLabelKey.self) { labelWidth = $0 }
    }

    private func field(_ label: String, _ value: String) -> some View {
        HStack {
            Text(label)
                .fixedSize()
                .background(GeometryReader { geometry in
                    Color.clear.preference(key: WidestLabelKey.self, value: geometry.size.width)
                })
                .frame(width: labelWidth, alignment: .leading)
                .id("label-\(label)")
            Text(value)
        }
    }
}

/// A scroll view that shows how far it is scrolled, read from its content's frame in its space.
private struct OffsetReadingFeed: View {
    @State private var offset: CGFloat = 0

    var body: some View {
        VStack(spacing: 0) {
            Text("offset \(Int(offset))").frame(height: 40)
            ScrollView {
                VStack(spacing: 0) {
                    ForEach(0..<30, id: \.self) { i in Text("Row \(i)").frame(height: 40) }
                }
                .background(GeometryReader { proxy in
                    Color.clear.preference(key: ScrollOffsetKey.self, value: proxy.frame(in: .named("scroll")).minY)
                })
            }
            .coordinateSpace(name: "scroll")
            .onPreferenceChange(ScrollOffsetKey.self) { value in offset = value }
            .id("feed")
        }
    }
}

@Suite("Live previews: preferences settle after each change")
struct LivePreferenceTests {
    @Test func equalWidthLabelsSettleAfterATapThatLengthensALabel() throws {
        let live = LivePreview(ShippingForm())
        let first = live.layout(proposal: ProposedViewSize(width: 600, height: 400))
        // Body text: 17 points a glyph. "Phone" (85) is wider than "Name" (68).
        #expect(try first.frame(ofShown: "label-Name").width == 5 * 17)
        let update = try live.send(.tap(live.centre(ofViewWithID: "toggle")))
        #expect(update.changed)
        // "Mobile phone number" is 19 glyphs: both labels take its 323 points in the same update.
        #expect(try update.result.frame(ofShown: "label-Name").width == 19 * 17)
        #expect(try update.result.frame(ofShown: "label-Mobile phone number").width == 19 * 17)
        #expect(live.graph.runtimeIssues.isEmpty, "\(live.graph.runtimeIssues)")
        // The button is still hit where the settled layout put it: back to the short label.
        let back = try live.send(.tap(live.centre(ofViewWithID: "toggle")))
        #expect(try back.result.frame(ofShown: "label-Name").width == 5 * 17)
    }

    @Test func aScrollOffsetReaderFollowsTheScroll() throws {
        let live = LivePreview(OffsetReadingFeed())
        let first = live.layout(proposal: ProposedViewSize(width: 300, height: 400))
        #expect(first.shownTexts.contains("\"offset 0\""))
        let centre = try live.centre(ofViewWithID: "feed")
        let scrolled = try live.send(.scroll(at: centre, by: CGSize(width: 0, height: 120)))
        #expect(scrolled.result.shownTexts.contains("\"offset -120\""), "\(scrolled.result.shownTexts.prefix(3))")
    }

    @Test func aLoopInALivePreviewIsReportedAsARuntimeIssue() throws {
        struct Runaway: View {
            @State private var width: CGFloat = 20
            var body: some View {
                Color.orange.frame(width: width, height: 20)
                    .background(GeometryReader { p in Color.clear.preference(key: WidestLabelKey.self, value: p.size.width) })
                    .onPreferenceChange(WidestLabelKey.self) { width = $0 + 2 }
            }
        }
        let live = LivePreview(Runaway())
        let result = live.layout(proposal: ProposedViewSize(width: 300, height: 300))
        #expect(result.diagnostics.contains { $0.message.contains("WidestLabelKey did not settle") })
        #expect(live.graph.runtimeIssues.contains { $0.contains("WidestLabelKey did not settle") })
        #expect(!live.graph.needsUpdate, "the loop is stopped, not left pending")
    }
}
