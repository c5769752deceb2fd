import Foundation
import Testing
@testable import LayoutCore
@testable import SwiftUI
@testable import LayoutAnimation

/// `matchedGeometryEffect(…, isSource: false)`: the view takes the geometry of its group's
/// source on screen (the selection pill behind the selected tab), follows it when the source
/// changes, and is itself when the group has no source.
@Suite("Matched geometry followers")
struct MatchedGeometryFollowerTests {
    /// Three tabs 40, 60 and 80 wide, each the source of its group, and under them a pill that
    /// follows the selected one, then a footer.
    struct Tabs: View {
        var selected: Int
        var properties: MatchedGeometryProperties = .frame
        var anchor: UnitPoint = .center
        @Namespace var ns
        var body: some View {
            VStack(spacing: 10) {
                HStack(spacing: 0) {
                    ForEach(0..<3, id: \.self) { i in
                        Color.gray.frame(width: CGFloat(40 + 20 * i), height: 30)
                            .id("tab\(i)")
                            .matchedGeometryEffect(id: i, in: ns)
                    }
                }
                pill
                    .matchedGeometryEffect(id: selected, in: ns, properties: properties, anchor: anchor, isSource: false)
                Color.blue.frame(width: 50, height: 5).id("footer")
            }
            .frame(width: 300, height: 300)
        }

        /// A fixed 20×12 pill for position-only matches (a fixed frame keeps its size whatever it
        /// is proposed), a flexible one otherwise.
        @ViewBuilder var pill: some View {
            if properties == .position {
                Color.red.frame(width: 20, height: 12).id("pill")
            } else {
                Color.red.id("pill")
            }
        }
    }

    static func layout(_ tabs: Tabs) -> LayoutResult { LayoutHost(tabs).layout(in: CGSize(width: 300, height: 300)) }

    @Test func theFollowerTakesItsSourcesFrame() throws {
        for selected in 0..<3 {
            let r = Self.layout(Tabs(selected: selected))
            let tab = try #require(r.frame(of: "tab\(selected)"))
            #expect(r.frame(of: "pill") == tab, "selected \(selected)")
        }
    }

    @Test func theViewsAroundItSeeTheSourcesSize() throws {
        // The pill is 30 high as its source is, not 12: the footer is laid out below that.
        let r = Self.layout(Tabs(selected: 1))
        let tab = try #require(r.frame(of: "tab1"))
        let footer = try #require(r.frame(of: "footer"))
        let column = 30 + 10 + 30 + 10 + 5.0
        #expect(abs(Double(tab.minY) - (300 - column) / 2) < 1e-9)
        #expect(abs(footer.minY - (tab.minY + 30 + 10 + 30 + 10)) < 1e-9)
    }

    @Test func positionOnlyPutsTheAnchorsOnEachOther() throws {
        let r = Self.layout(Tabs(selected: 2, properties: .position, anchor: .topLeading))
        let tab = try #require(r.frame(of: "tab2"))
        let pill = try #require(r.frame(of: "pill"))
        #expect(pill.size == CGSize(width: 20, height: 12))
        #expect(pill.origin == tab.origin)
        let centred = Self.layout(Tabs(selected: 2, properties: .position))
        let c = try #require(centred.frame(of: "pill"))
        #expect(c.midX == tab.midX && c.midY == tab.midY)
    }

    @Test func sizeOnlyKeepsTheFollowersPlace() throws {
        let r = Self.layout(Tabs(selected: 2, properties: .size))
        let tab = try #require(r.frame(of: "tab2"))
        let pill = try #require(r.frame(of: "pill"))
        #expect(pill.size == tab.size)
        #expect(pill.midX == 150)  // centred in the column, where it is laid out
    }

    @Test func laidOutAgainTheFollowerKeepsUpWithItsSource() throws {
        // The same host at other sizes: the source moves, the follower (which remembers where
        // its source was) follows it.
        let host = LayoutHost(Tabs(selected: 1))
        for width in [300.0, 360, 240, 300] {
            let r = host.layout(in: CGSize(width: width, height: 300))
            let tab = try #require(r.frame(of: "tab1"))
            #expect(r.frame(of: "pill") == tab, "width \(width)")
        }
    }

    @Test func withoutASourceTheFollowerIsItself() throws {
        let r = Self.layout(Tabs(selected: 7, properties: .position))
        let pill = try #require(r.frame(of: "pill"))
        #expect(pill.size == CGSize(width: 20, height: 12))
        #expect(pill.midX == 150)
    }

    @Test func theFollowerMovesToTheNewSourceWithTheChangesAnimation() throws {
        let first = Self.layout(Tabs(selected: 0)), second = Self.layout(Tabs(selected: 2))
        let animator = LayoutAnimator()
        animator.setTarget(first, animation: nil, at: 0)
        animator.setTarget(second, animation: .linear(duration: 1), at: 1)
        let from = try #require(first.frame(of: "pill")), to = try #require(second.frame(of: "pill"))
        let pill = try #require(second.view(id: "pill")?.index)
        let mid = animator.presentation(at: 1.5).frames[pill]
        #expect(abs(mid.minX - (from.minX + to.minX) / 2) < 1e-6)
        #expect(abs(mid.width - (from.width + to.width) / 2) < 1e-6)
        #expect(animator.presentation(at: 2.01).frames[pill] == to)
    }
}
