import Foundation
import Testing
import LayoutTestSupport
@testable import LayoutCore
@testable import SwiftUI

/// Safe areas from real-style code: full-screen backgrounds, geometry readers, headers that
/// reach under the status bar, re-layouts when the insets change. The frame-by-frame rules are
/// in `Fixtures/safe-areas.yaml`.
@Suite struct SafeAreaTests {
    /// An iPhone 15 in portrait: 393 × 852 points, 59 at the top, 34 at the bottom.
    static let screen = ProposedViewSize(width: 393, height: 852)
    static let insets = EdgeInsets(top: 59, leading: 0, bottom: 34, trailing: 0)

    private func host<V: View>(_ view: V, insets: EdgeInsets = SafeAreaTests.insets) -> LayoutHost {
        let host = LayoutHost(view, textMeasurer: DeterministicTextMeasurer())
        host.safeAreaInsets = insets
        return host
    }

    /// The frames of the views of `kind` (a fill has no id of its own), in pre-order.
    private func frames(of kind: String, in result: LayoutResult) -> [CGRect] {
        result.views.filter { $0.kind == kind }.map(\.frame)
    }

    @Test func aShapeStyleBackgroundOfAFullScreenViewCoversTheScreen() {
        // The usual screen background: `.background(.blue)` ignores the safe area on every edge
        // by default (iOS 15), so it covers the status bar and the home indicator.
        let view = VStack { Text("Hello").id("t") }
            .frame(maxWidth: .infinity, maxHeight: .infinity).id("content")
            .background(.blue)
        let result = host(view).layout(proposal: Self.screen)
        let content = result.frame(of: "content")
        #expect(content == CGRect(x: 0, y: 59, width: 393, height: 759))
        let fills = frames(of: "Rectangle", in: result)
        #expect(fills == [CGRect(x: 0, y: 0, width: 393, height: 852)])
    }

    @Test func aColorBackgroundReachesTheEdgesAndAnEdgeSetLimitsIt() {
        let full = host(Color.clear.id("c").background(Color.orange)).layout(proposal: Self.screen)
        #expect(frames(of: "Rectangle", in: full) == [CGRect(x: 0, y: 0, width: 393, height: 852)])
        let topOnly = host(Color.clear.id("c").background(Color.orange, ignoresSafeAreaEdges: .top)).layout(proposal: Self.screen)
        #expect(frames(of: "Rectangle", in: topOnly) == [CGRect(x: 0, y: 0, width: 393, height: 818)])
        let none = host(Color.clear.id("c").background(.orange, ignoresSafeAreaEdges: [])).layout(proposal: Self.screen)
        #expect(frames(of: "Rectangle", in: none) == [CGRect(x: 0, y: 59, width: 393, height: 759)])
    }

    @Test func aCardInTheMiddleKeepsItsBackgroundToItself() {
        // A background reaches into the safe area only where its view reaches the safe edge.
        let card = Text("Card").padding().background(.yellow).id("card")
        let result = host(card).layout(proposal: Self.screen)
        let fill = frames(of: "Rectangle", in: result).first
        let cardFrame = result.frame(of: "card")
        #expect(fill == cardFrame)
        #expect((cardFrame?.minY ?? 0) > 59)
    }

    @Test func aHeaderReachesUnderTheStatusBarAndTheListStaysBelowIt() {
        let screen = VStack(spacing: 0) {
            Color.indigo.frame(height: 120).ignoresSafeArea(edges: .top).id("header")
            Color.gray.id("body")
        }
        let result = host(screen).layout(proposal: Self.screen)
        #expect(result.frame(of: "header") == CGRect(x: 0, y: 0, width: 393, height: 179))
        #expect(result.frame(of: "body") == CGRect(x: 0, y: 179, width: 393, height: 639))
    }

    @Test func geometryReaderReportsTheInsetsItReachesInto() {
        final class Seen: @unchecked Sendable { var inside = EdgeInsets(); var full = EdgeInsets(); var fullSize = CGSize.zero }
        let seen = Seen()
        let view = ZStack {
            GeometryReader { proxy in
                let _ = { seen.inside = proxy.safeAreaInsets }()
                Color.clear
            }
            GeometryReader { proxy in
                let _ = { seen.full = proxy.safeAreaInsets; seen.fullSize = proxy.size }()
                Color.clear
            }.ignoresSafeArea()
        }
        _ = host(view).layout(proposal: Self.screen)
        #expect(seen.inside == EdgeInsets())
        #expect(seen.full == Self.insets)
        #expect(seen.fullSize == CGSize(width: 393, height: 852))
    }

    @Test func changingTheInsetsLaysOutAgain() {
        let h = host(VStack(spacing: 0) { Color.red.ignoresSafeArea(edges: .top).id("a"); Color.blue.id("b") })
        let portrait = h.layout(proposal: Self.screen)
        #expect(portrait.frame(of: "a") == CGRect(x: 0, y: 0, width: 393, height: 438.5))
        h.safeAreaInsets = EdgeInsets()
        let none = h.layout(proposal: Self.screen)
        #expect(none.frame(of: "a") == CGRect(x: 0, y: 0, width: 393, height: 426))
        #expect(none.frame(of: "b") == CGRect(x: 0, y: 426, width: 393, height: 426))
        h.safeAreaInsets = Self.insets
        let again = h.layout(proposal: Self.screen)
        #expect(again.frame(of: "a") == portrait.frame(of: "a"))
        #expect(again.frame(of: "b") == portrait.frame(of: "b"))
    }

    @Test func relayoutOfAnUnchangedScreenGivesTheSameFrames() {
        // Trees with safe-area views do not copy placed subtrees (where a view reaches depends on
        // its ancestors); a second pass must still give the first pass's frames bit for bit.
        let view = HStack(spacing: 0) {
            ForEach(0..<6) { i in
                VStack(spacing: 0) {
                    Color.red.ignoresSafeArea().id("top\(i)")
                    Color.blue.frame(height: CGFloat(10 * i)).id("bottom\(i)")
                }
            }
        }
        let h = host(view)
        let first = h.layout(proposal: Self.screen)
        let second = h.layout(proposal: Self.screen)
        let resized = h.layout(proposal: ProposedViewSize(width: 300, height: 852))
        let back = h.layout(proposal: Self.screen)
        #expect(first.views.map(\.frame) == second.views.map(\.frame))
        #expect(first.views.map(\.frame) == back.views.map(\.frame))
        #expect(resized.frame(of: "top0") == CGRect(x: 0, y: 0, width: 50, height: 852))
    }

    @Test func badInsetsCountAsNone() {
        let bad = EdgeInsets(top: .nan, leading: -20, bottom: .infinity, trailing: 0)
        let result = host(Color.red.id("c"), insets: bad).layout(proposal: Self.screen)
        #expect(result.frame(of: "c") == CGRect(x: 0, y: 0, width: 393, height: 852))
        let huge = host(Color.red.id("c"), insets: EdgeInsets(top: 600, leading: 0, bottom: 600, trailing: 0)).layout(proposal: Self.screen)
        #expect(huge.frame(of: "c")?.height == 0)
    }

    @Test func withoutInsetsIgnoringChangesNothing() {
        let view = VStack(spacing: 0) { Color.red.ignoresSafeArea().id("a"); Color.blue.id("b") }.background(.green)
        let h = LayoutHost(view, textMeasurer: DeterministicTextMeasurer())
        let plain = h.layout(proposal: Self.screen)
        #expect(plain.frame(of: "a") == CGRect(x: 0, y: 0, width: 393, height: 426))
        // No insets: the pass keeps no regions, so an unchanged re-layout reuses placements.
        let again = h.layout(proposal: Self.screen)
        #expect(again.counters.reusedPlacements > 0)
    }
}

/// Lists and forms on a device: their background reaches the screen's edges, their rows start
/// below the status bar.
@Suite struct SafeAreaListTests {
    @Test func aGroupedFormCoversTheScreenAndItsFirstSectionStartsBelowTheStatusBar() {
        let form = Form {
            Section("Account") {
                Text("Name").id("name")
                Text("Email")
            }
        }.id("form")
        let host = LayoutHost(form, textMeasurer: DeterministicTextMeasurer())
        host.safeAreaInsets = SafeAreaTests.insets
        let result = host.layout(proposal: SafeAreaTests.screen)
        #expect(result.frame(of: "form") == CGRect(x: 0, y: 0, width: 393, height: 852))
        let name = result.frame(of: "name")
        #expect((name?.minY ?? 0) > 59)
        let plain = LayoutHost(form, textMeasurer: DeterministicTextMeasurer()).layout(proposal: SafeAreaTests.screen)
        // Below the status bar by exactly the inset: the list's own layout is unchanged.
        #expect(name?.minY == (plain.frame(of: "name")?.minY ?? 0) + 59)
    }
}
