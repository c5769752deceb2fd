import Foundation
import Testing
@testable import LayoutCore
@testable import SwiftUI
@testable import LayoutAnimation

/// Insertion and removal transitions: the views a change inserts or removes run their
/// `.transition` (opacity, scale, move, offset, push, slide, asymmetric, combined), driven by the
/// change's animation; views without one fade.
@Suite("Transitions")
struct TransitionTests {
    /// A 300×300 screen: a bar on top and, when `show`, a card under it with `transition`.
    struct Screen: View {
        var show: Bool
        var transition: AnyTransition?
        var body: some View {
            VStack(spacing: 0) {
                Color.blue.frame(width: 300, height: 40)
                if show {
                    if let transition {
                        card.transition(transition)
                    } else {
                        card
                    }
                }
                Spacer(minLength: 0)
            }
            .frame(width: 300, height: 300)
        }
        var card: some View {
            Text("Hi").frame(width: 80, height: 40).background(Color.red)
        }
    }

    static func layout(_ show: Bool, _ transition: AnyTransition?, direction: LayoutDirection = .leftToRight) -> LayoutResult {
        var environment = EnvironmentValues()
        environment.layoutDirection = direction
        return LayoutHost(Screen(show: show, transition: transition), environment: environment)
            .layout(in: CGSize(width: 300, height: 300))
    }

    /// The view that carries the transition bracket, and the views inside it (its subtree).
    static func transitioned(_ r: LayoutResult) -> (view: Int, subtree: [Int])? {
        guard let v = r.displayList.first(where: { if case .beginEffect(.transition) = $0.kind { return true } else { return false } })?.view
        else { return nil }
        var inside: Set<Int> = [v]
        for p in r.views where p.index > v { if let parent = p.parent, inside.contains(parent) { inside.insert(p.index) } }
        return (v, inside.sorted())
    }

    /// Shows the card with `transition` under a 1 s linear animation from t = 1.
    static func insert(_ transition: AnyTransition?, direction: LayoutDirection = .leftToRight) -> (LayoutAnimator, LayoutResult) {
        let animator = LayoutAnimator()
        animator.setTarget(layout(false, transition, direction: direction), animation: nil, at: 0)
        let shown = layout(true, transition, direction: direction)
        animator.setTarget(shown, animation: .linear(duration: 1), at: 1)
        return (animator, shown)
    }

    /// Hides the card with `transition` under a 1 s linear animation from t = 1.
    static func remove(_ transition: AnyTransition?) -> (LayoutAnimator, LayoutResult) {
        let animator = LayoutAnimator()
        let shown = layout(true, transition)
        animator.setTarget(shown, animation: nil, at: 0)
        animator.setTarget(layout(false, transition), animation: .linear(duration: 1), at: 1)
        return (animator, shown)
    }

    static func close(_ a: Double, _ b: Double) -> Bool { abs(a - b) < 1e-6 }

    @Test func moveSlidesInByTheViewsWidthWithoutFading() throws {
        let (animator, shown) = Self.insert(.move(edge: .leading))
        let card = try #require(Self.transitioned(shown))
        let frame = shown.frames[card.view]
        #expect(frame.width == 80)
        let start = animator.presentation(at: 1)
        #expect(start.transforms.count == start.frames.count)
        #expect(Self.close(start.transforms[card.view].tx, -80) && start.transforms[card.view].ty == 0 && start.transforms[card.view].scale == 1)
        for v in card.subtree { #expect(start.opacities[v] == 1, "view \(v) does not fade") }
        // Only the transitioned view carries the motion: its bracket moves what is inside.
        for v in card.subtree where v != card.view { #expect(start.transforms[v].isIdentity) }
        let mid = animator.presentation(at: 1.5)
        #expect(Self.close(mid.transforms[card.view].tx, -40))
        #expect(mid.frames[card.view] == frame)  // the layout is the final one
        let end = animator.presentation(at: 2.01)
        #expect(end.transforms.isEmpty && !end.isAnimating)
    }

    @Test func moveFromLeadingComesFromTheRightInRightToLeft() throws {
        let (animator, shown) = Self.insert(.move(edge: .leading), direction: .rightToLeft)
        let card = try #require(Self.transitioned(shown))
        #expect(Self.close(animator.presentation(at: 1).transforms[card.view].tx, 80))
    }

    @Test func moveFromTheTopUsesTheViewsHeight() throws {
        let (animator, shown) = Self.insert(.move(edge: .top))
        let card = try #require(Self.transitioned(shown))
        let t = animator.presentation(at: 1).transforms[card.view]
        #expect(t.tx == 0 && Self.close(t.ty, -40))
    }

    @Test func scaleGrowsFromNothingAboutTheCentre() throws {
        let (animator, shown) = Self.insert(.scale)
        let card = try #require(Self.transitioned(shown))
        let f = shown.frames[card.view]
        let start = animator.presentation(at: 1).transforms[card.view]
        #expect(start.scale == 0 && Self.close(start.tx, Double(f.midX)) && Self.close(start.ty, Double(f.midY)))
        let mid = animator.presentation(at: 1.5).transforms[card.view]
        // Half-way: half size about the centre, so the centre stays put.
        #expect(Self.close(mid.scale, 0.5))
        #expect(Self.close(Double(f.midX) * mid.scale + mid.tx, Double(f.midX)))
        #expect(Self.close(Double(f.midY) * mid.scale + mid.ty, Double(f.midY)))
    }

    @Test func combinedFadesAndScalesAboutItsAnchor() throws {
        let (animator, shown) = Self.insert(.opacity.combined(with: .scale(scale: 0.5, anchor: .topLeading)))
        let card = try #require(Self.transitioned(shown))
        let f = shown.frames[card.view]
        let start = animator.presentation(at: 1)
        for v in card.subtree { #expect(start.opacities[v] == 0, "view \(v) starts transparent") }
        let t = start.transforms[card.view]
        #expect(t.scale == 0.5)
        // The top-leading corner is the fixed point.
        #expect(Self.close(Double(f.minX) * t.scale + t.tx, Double(f.minX)) && Self.close(Double(f.minY) * t.scale + t.ty, Double(f.minY)))
        let mid = animator.presentation(at: 1.5)
        #expect(Self.close(mid.opacities[card.view], 0.5) && Self.close(mid.transforms[card.view].scale, 0.75))
    }

    @Test func offsetStartsAtItsOffset() throws {
        let (animator, shown) = Self.insert(.offset(x: 10, y: -20))
        let card = try #require(Self.transitioned(shown))
        let t = animator.presentation(at: 1).transforms[card.view]
        #expect(t.scale == 1 && t.tx == 10 && t.ty == -20)
        #expect(animator.presentation(at: 1).opacities[card.view] == 1)
    }

    @Test func pushMovesInFadingAndLeavesTowardsTheOppositeEdge() throws {
        let (inserting, shown) = Self.insert(.push(from: .bottom))
        let card = try #require(Self.transitioned(shown))
        let start = inserting.presentation(at: 1)
        #expect(Self.close(start.transforms[card.view].ty, 40) && start.opacities[card.view] == 0)

        let (removing, _) = Self.remove(.push(from: .bottom))
        // The removed views come after the target's: the card's bracket is among them.
        let mid = removing.presentation(at: 1.5)
        let removedCard = try #require(Self.removedTransitionedView(mid))
        #expect(Self.close(mid.transforms[removedCard].ty, -20) && Self.close(mid.opacities[removedCard], 0.5))
    }

    /// The removed view (index ≥ the target's count) that carries a transition bracket.
    static func removedTransitionedView(_ f: AnimationFrame) -> Int? {
        f.displayList.first(where: {
            if case .beginEffect(.transition) = $0.kind { return $0.view >= f.targetViewCount } else { return false }
        })?.view
    }

    @Test func slideLeavesTowardsTheTrailingEdgeWithoutFadingThenGoes() throws {
        let (animator, shown) = Self.remove(.slide)
        let card = try #require(Self.transitioned(shown))
        let mid = animator.presentation(at: 1.5)
        let removedCard = try #require(Self.removedTransitionedView(mid))
        #expect(mid.frames[removedCard] == shown.frames[card.view])  // frozen where it was
        #expect(Self.close(mid.transforms[removedCard].tx, 40))
        for v in mid.targetViewCount..<mid.frames.count { #expect(mid.opacities[v] == 1, "removed view \(v) does not fade") }
        let end = animator.presentation(at: 2.01)
        #expect(end.frames.count == end.targetViewCount && end.transforms.isEmpty && !end.isAnimating)
    }

    @Test func asymmetricUsesEachEndsOwnTransition() throws {
        let t = AnyTransition.asymmetric(insertion: .scale, removal: .move(edge: .top))
        let (inserting, shown) = Self.insert(t)
        let card = try #require(Self.transitioned(shown))
        #expect(inserting.presentation(at: 1).transforms[card.view].scale == 0)
        let (removing, _) = Self.remove(t)
        let mid = removing.presentation(at: 1.5)
        let removedCard = try #require(Self.removedTransitionedView(mid))
        #expect(mid.transforms[removedCard].scale == 1 && Self.close(mid.transforms[removedCard].ty, -20))
    }

    @Test func identityAppearsAndGoesAtOnce() throws {
        let (inserting, shown) = Self.insert(.identity)
        let card = try #require(Self.transitioned(shown))
        let start = inserting.presentation(at: 1)
        for v in card.subtree { #expect(start.opacities[v] == 1) }
        #expect(start.transforms.isEmpty)
        let (removing, _) = Self.remove(.identity)
        let now = removing.presentation(at: 1)
        #expect(now.frames.count == now.targetViewCount)
        #expect(removing.statistics.removed > 0)
    }

    @Test func withoutATransitionEveryInsertedViewFades() throws {
        let (animator, shown) = Self.insert(nil)
        #expect(Self.transitioned(shown) == nil)
        let start = animator.presentation(at: 1)
        let inserted = (0..<shown.views.count).filter { start.opacities[$0] == 0 }
        #expect(inserted.count >= 3)  // the background, its frame, the text and the colour
        #expect(start.transforms.isEmpty)
    }

    @Test func framesAnimatingCarryTheFramesTheyWereLaidOutIn() throws {
        let (animator, shown) = Self.insert(nil)
        let mid = animator.presentation(at: 1.5)
        #expect(mid.layoutFrames == shown.frames)
        #expect(animator.presentation(at: 3).layoutFrames.isEmpty)
        // A removed view's is its frozen frame.
        let (removing, wasShown) = Self.remove(.slide)
        let leaving = removing.presentation(at: 1.5)
        let card = try #require(Self.transitioned(wasShown))
        let removedCard = try #require(Self.removedTransitionedView(leaving))
        #expect(leaving.layoutFrames.count == leaving.frames.count && leaving.layoutFrames[removedCard] == wasShown.frames[card.view])
    }

    /// A selection marker that moves between two tabs with `matchedGeometryEffect`: the marker
    /// under the old tab is removed, the one under the new tab inserted.
    struct Tabs: View {
        var selected: Int
        var namespace: Namespace.ID
        var properties: MatchedGeometryProperties = .frame
        var body: some View {
            HStack(alignment: .top, spacing: 0) {
                ForEach(0..<2, id: \.self) { tab in
                    VStack(spacing: 4) {
                        Color.gray.frame(width: tab == 0 ? 60 : 140, height: 20)
                        if selected == tab {
                            RoundedRectangle(cornerRadius: 2)
                                .fill(Color.blue)
                                .frame(width: tab == 0 ? 60 : 140, height: tab == 0 ? 4 : 8)
                                .matchedGeometryEffect(id: "marker", in: namespace, properties: properties)
                                .id("marker-\(tab)")
                        }
                    }
                }
            }
            .frame(width: 300, height: 100, alignment: .topLeading)
        }
    }

    static func tabs(_ selected: Int, _ ns: Namespace.ID, _ properties: MatchedGeometryProperties = .frame) -> LayoutResult {
        LayoutHost(Tabs(selected: selected, namespace: ns, properties: properties)).layout(in: CGSize(width: 300, height: 100))
    }

    static func index(of id: String, in r: LayoutResult) -> Int? {
        r.views.first { $0.explicitID == AnyHashable(id) && ($0.parent.map { r.views[$0].explicitID != AnyHashable(id) } ?? true) }?.index
    }

    @Test func matchedGeometryCarriesTheMarkerFromTheOldTabToTheNew() throws {
        let ns = Namespace().wrappedValue
        let first = Self.tabs(0, ns), second = Self.tabs(1, ns)
        let from = try #require(Self.index(of: "marker-0", in: first)), to = try #require(Self.index(of: "marker-1", in: second))
        let a = first.frames[from], b = second.frames[to]
        #expect(a.width == 60 && b.width == 140 && a.height == 4 && b.height == 8)
        let animator = LayoutAnimator()
        animator.setTarget(first, animation: nil, at: 0)
        animator.setTarget(second, animation: .linear(duration: 1), at: 1)
        let start = animator.presentation(at: 1)
        // The inserted marker starts at the removed one's frame, the removed one at its own.
        #expect(start.frames[to] == a)
        let removed = try #require((start.targetViewCount..<start.frames.count).first { start.frames[$0] == a })
        let mid = animator.presentation(at: 1.5)
        let half = CGRect(x: (a.minX + b.minX) / 2, y: (a.minY + b.minY) / 2, width: (a.width + b.width) / 2, height: (a.height + b.height) / 2)
        #expect(mid.frames[to] == half, "\(mid.frames[to]) vs \(half)")
        #expect(mid.frames[removed] == half, "the removed marker travels with it")
        // They cross-fade (their default transition).
        #expect(Self.close(mid.opacities[to], 0.5) && Self.close(mid.opacities[removed], 0.5))
        let end = animator.presentation(at: 2.01)
        #expect(end.frames.count == end.targetViewCount && end.frames[to] == b && !end.isAnimating)
    }

    @Test func matchingOnlyThePositionKeepsTheInsertedViewsSize() throws {
        let ns = Namespace().wrappedValue
        let first = Self.tabs(0, ns, .position), second = Self.tabs(1, ns, .position)
        let from = try #require(Self.index(of: "marker-0", in: first)), to = try #require(Self.index(of: "marker-1", in: second))
        let a = first.frames[from], b = second.frames[to]
        let animator = LayoutAnimator()
        animator.setTarget(first, animation: nil, at: 0)
        animator.setTarget(second, animation: .linear(duration: 1), at: 1)
        let start = animator.presentation(at: 1).frames[to]
        #expect(start.size == b.size && start.midX == a.midX && start.midY == a.midY)
    }

    @Test func withoutAnAnimationOrAPartnerNothingIsMatched() throws {
        let ns = Namespace().wrappedValue
        let first = Self.tabs(0, ns), second = Self.tabs(1, ns)
        let to = try #require(Self.index(of: "marker-1", in: second))
        let animator = LayoutAnimator()
        animator.setTarget(first, animation: nil, at: 0)
        animator.setTarget(second, animation: nil, at: 1)
        #expect(animator.presentation(at: 1).frames[to] == second.frames[to])
        // Another namespace: a group of its own, so the marker only fades in where it is.
        let other = Self.tabs(1, Namespace().wrappedValue)
        let fresh = LayoutAnimator()
        fresh.setTarget(first, animation: nil, at: 0)
        fresh.setTarget(other, animation: .linear(duration: 1), at: 1)
        let start = fresh.presentation(at: 1)
        #expect(start.frames[to] == other.frames[to] && start.opacities[to] == 0)
    }

    @Test func changedTextCrossFadesWhileItsFrameMoves() throws {
        func label(_ on: Bool) -> LayoutResult {
            LayoutHost(Text(on ? "Hide all the details" : "Show").padding(8).background(Color.blue).transition(.scale))
                .layout(in: CGSize(width: 300, height: 100))
        }
        let before = label(false), after = label(true)
        let text = try #require(after.views.first { $0.kind == "Text" }?.index)
        let a = before.frames[text], b = after.frames[text]
        #expect(b.width > a.width)
        let animator = LayoutAnimator()
        animator.setTarget(before, animation: nil, at: 0)
        animator.setTarget(after, animation: .linear(duration: 1), at: 1)
        #expect(animator.statistics.inserted == 1 && animator.statistics.removed == 1)
        let mid = animator.presentation(at: 1.5)
        #expect(mid.frames.count == mid.targetViewCount + 1)
        let old = mid.targetViewCount
        let half = CGRect(x: (a.minX + b.minX) / 2, y: (a.minY + b.minY) / 2, width: (a.width + b.width) / 2, height: (a.height + b.height) / 2)
        #expect(mid.frames[text] == half && mid.frames[old] == half)
        // A cross-fade, whatever the view's transition (a content change is not an insertion).
        #expect(Self.close(mid.opacities[text], 0.5) && Self.close(mid.opacities[old], 0.5))
        #expect(mid.transforms.isEmpty)
        // The old words are drawn, the new ones from their own layout's size.
        let words = mid.displayList.compactMap { item -> String? in
            if case .text(let run) = item.kind { return "\(item.view):\(run.string)" } else { return nil }
        }
        #expect(Set(words) == ["\(text):Hide all the details", "\(old):Show"])
        #expect(mid.layoutFrames[text] == b && mid.layoutFrames[old] == a)
        // The background is the same view throughout: it only moves.
        #expect(animator.statistics.matched == after.views.count - 1)
        // Without an animation, or with the same words, nothing is split.
        let jump = LayoutAnimator()
        jump.setTarget(before, animation: nil, at: 0)
        jump.setTarget(after, animation: nil, at: 1)
        #expect(jump.statistics.inserted == 0)
        let same = LayoutAnimator()
        same.setTarget(after, animation: nil, at: 0)
        same.setTarget(label(true), animation: .linear(duration: 1), at: 1)
        #expect(same.statistics.inserted == 0 && same.statistics.removed == 0)
    }

    @Test func anIdentityContentTransitionChangesTheWordsAtOnce() throws {
        func label(_ on: Bool, _ transition: ContentTransition) -> LayoutResult {
            LayoutHost(Text(on ? "Hide all the details" : "Show").contentTransition(transition).padding(8).background(Color.blue))
                .layout(in: CGSize(width: 300, height: 100))
        }
        let animator = LayoutAnimator()
        animator.setTarget(label(false, .identity), animation: nil, at: 0)
        let after = label(true, .identity)
        animator.setTarget(after, animation: .linear(duration: 1), at: 1)
        // Nothing is split: the text stays one view, drawn with its new words while its frame moves.
        #expect(animator.statistics.inserted == 0 && animator.statistics.removed == 0)
        let mid = animator.presentation(at: 1.5)
        let words = mid.displayList.compactMap { item -> String? in
            if case .text(let run) = item.kind { return run.string } else { return nil }
        }
        #expect(words == ["Hide all the details"] && mid.frames.count == mid.targetViewCount)
        let text = try #require(after.views.first { $0.kind == "Text" }?.index)
        #expect(mid.frames[text].width < after.frames[text].width && mid.opacities[text] == 1)
        // Numeric text is drawn as the cross-fade.
        let rolling = LayoutAnimator()
        rolling.setTarget(label(false, .numericText()), animation: nil, at: 0)
        rolling.setTarget(label(true, .numericText()), animation: .linear(duration: 1), at: 1)
        #expect(rolling.statistics.inserted == 1 && rolling.statistics.removed == 1)
    }

    @Test func theOutermostTransitionWins() throws {
        let r = LayoutHost(Color.red.frame(width: 10, height: 10).transition(.scale).transition(.move(edge: .bottom)))
            .layout(in: CGSize(width: 100, height: 100))
        let brackets = r.displayList.filter { if case .beginEffect(.transition) = $0.kind { return true } else { return false } }
        #expect(brackets.count == 1)
        guard case .beginEffect(.transition(let t)) = brackets.first?.kind else { Issue.record("no bracket"); return }
        #expect(t.insertion.sizeOffset == CGSize(width: 0, height: 1) && t.insertion.scale == 1)
        // At rest the display list still balances and the frames are the view's.
        #expect(r.frames[brackets[0].view] == CGRect(x: 45, y: 45, width: 10, height: 10))
    }

    @Test func aSpringCarriesTheTransformAndAnInterruptionReversesFromWhereItIs() throws {
        let animator = LayoutAnimator()
        animator.setTarget(Self.layout(false, .move(edge: .leading)), animation: nil, at: 0)
        let shown = Self.layout(true, .move(edge: .leading))
        animator.setTarget(shown, animation: .smooth, at: 1)
        let card = try #require(Self.transitioned(shown))
        let mid = animator.presentation(at: 1.1).transforms[card.view].tx
        #expect(mid > -80 && mid < 0)
        // Hidden again half-way: the card leaves from where it is, not from its resting place.
        animator.setTarget(Self.layout(false, .move(edge: .leading)), animation: .smooth, at: 1.1)
        let after = animator.presentation(at: 1.1)
        let removedCard = try #require(Self.removedTransitionedView(after))
        #expect(abs(after.transforms[removedCard].tx - mid) < 1e-6)
        #expect(!animator.presentation(at: 5).isAnimating)
    }
}
