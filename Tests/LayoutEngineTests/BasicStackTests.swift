import Foundation
import Testing
@testable import LayoutCore
@testable import SwiftUI

/// First cases of the stack and padding rules, each worked out by hand (see the StackRules and
/// ModifierRules articles): a quick check that the core negotiation is intact.
@Suite("Basic stacks")
struct BasicStackTests {
    /// Two colours share 100 − 8 (the default spacing between views without preferences).
    @Test func twoColorsShareTheWidth() throws {
        let r = LayoutHost.layout(HStack { Color.red.id(1); Color.blue.id(2) }, in: CGSize(width: 100, height: 100))
        #expect(try #require(r.frame(of: 1)) == CGRect(x: 0, y: 0, width: 46, height: 100))
        #expect(try #require(r.frame(of: 2)) == CGRect(x: 54, y: 0, width: 46, height: 100))
    }

    /// Top alignment: 20 + 30 + 25 + 2 × 8 = 91 wide, 40 tall, centred in the 100 × 100 frame.
    @Test func topAlignedFixedViews() throws {
        let r = LayoutHost.layout(HStack(alignment: .top, spacing: 8) {
            Color.red.frame(width: 20, height: 30).id(1)
            Color.red.frame(width: 30, height: 20).id(2)
            Color.red.frame(width: 25, height: 40).id(3)
        }.frame(width: 100, height: 100), in: CGSize(width: 100, height: 100))
        #expect(try #require(r.frame(of: 1)) == CGRect(x: 4.5, y: 30, width: 20, height: 30))
        #expect(try #require(r.frame(of: 2)) == CGRect(x: 32.5, y: 30, width: 30, height: 20))
        #expect(try #require(r.frame(of: 3)) == CGRect(x: 70.5, y: 30, width: 25, height: 40))
    }

    /// The inflexible 10-wide frame is sized first (proposed 45, takes 10); the flexible frame
    /// is then proposed 80, inside its 30…100 range.
    @Test func leastFlexibleFirst() throws {
        let r = LayoutHost.layout(HStack(spacing: 10) {
            Color.red.frame(minWidth: 30, maxWidth: 100).id(1)
            Color.red.frame(width: 10).id(2)
        }, in: CGSize(width: 100, height: 100))
        #expect(try #require(r.frame(of: 1)) == CGRect(x: 0, y: 0, width: 80, height: 100))
        #expect(try #require(r.frame(of: 2)) == CGRect(x: 90, y: 0, width: 10, height: 100))
    }

    /// Padding larger than the proposal proposes 0 (never negative); the 120 × 120 padded view
    /// is centred, so the empty colour sits at its inner corner, (−10 + 60, −10 + 60).
    @Test func paddingLargerThanTheProposal() throws {
        let r = LayoutHost.layout(Color.red.id(1).padding(60), in: CGSize(width: 100, height: 100))
        #expect(try #require(r.frame(of: 1)) == CGRect(x: 50, y: 50, width: 0, height: 0))
    }

    /// A background is proposed the primary view's size and never changes it.
    @Test func backgroundTakesThePrimarySize() throws {
        let r = LayoutHost.layout(VStack(spacing: 5) { Color.red.id(1); Color.red.id(2) }
            .background(HStack(spacing: 3) { Color.red.id(3); Color.blue.id(4) }), in: CGSize(width: 100, height: 100))
        #expect(try #require(r.frame(of: 1)) == CGRect(x: 0, y: 0, width: 100, height: 47.5))
        #expect(try #require(r.frame(of: 2)) == CGRect(x: 0, y: 52.5, width: 100, height: 47.5))
        #expect(try #require(r.frame(of: 3)) == CGRect(x: 0, y: 0, width: 48.5, height: 100))
        #expect(try #require(r.frame(of: 4)) == CGRect(x: 51.5, y: 0, width: 48.5, height: 100))
        #expect(r.diagnostics.isEmpty)
    }

    /// A top-aligned stack with an infinitely tall child is infinitely tall at its maximum: the
    /// top guide of any view is 0 (found by the corpus's timeline, whose rails did not stretch).
    @Test func topAlignedStackWithAnInfinitelyTallChild() {
        let host = LayoutHost(HStack(alignment: .top) { Color.red.frame(width: 2); Text("A") })
        let r = host.layout(proposal: ProposedViewSize(width: 300, height: .infinity))
        #expect(r.views[0].maxSize?.height == .infinity)
        let rows = LayoutHost.layout(VStack(spacing: 0) {
            HStack(alignment: .top) { Color.red.frame(width: 2).id("rail"); Text("A") }
            Text("B")
        }, in: CGSize(width: 100, height: 100))
        // The rail's row is the flexible one: it takes all the Text leaves (100 − 17).
        #expect(rows.frame(of: "rail")?.height == 83)
    }

    /// The stacks are primitive views, as SwiftUI's are (`Body == Never`), and each container's
    /// storage is compiled for its layout, wrapped in `AnyLayout` too: the generic storage ran
    /// two frames per level of a deep tree's pass (its unspecialised method, then the
    /// specialised one), and a stack's body added a body evaluation per level of its build.
    @Test func stacksArePrimitiveWithStoragesOfTheirOwn() throws {
        #expect(HStack<EmptyView>.Body.self == Never.self)
        #expect(VStack<EmptyView>.Body.self == Never.self)
        #expect(ZStack<EmptyView>.Body.self == Never.self)
        let host = LayoutHost(VStack {
            HStack { Color.red }
            ZStack { Color.blue }
            Grid { GridRow { Color.green } }
            AnyLayout(HStackLayout()) { Color.gray }
        })
        _ = host.layout(proposal: ProposedViewSize(width: 100, height: 100))
        let storages = host.tree.nodes.compactMap { node -> String? in
            guard case .layout(let s) = node.kind else { return nil }
            return String(describing: type(of: s))
        }
        #expect(storages == ["VStackLayoutStorage", "HStackLayoutStorage", "ZStackLayoutStorage", "GridLayoutStorage", "HStackLayoutStorage"])
    }
}
