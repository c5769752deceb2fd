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

    @Test func aOneOffLayoutIsNotScrolled() {
        let result = LayoutHost.layout(Feed(), in: CGSize(width: 300, height: 400))
        #expect(frame(result, "row-0")?.minY == 0)
    }
}
