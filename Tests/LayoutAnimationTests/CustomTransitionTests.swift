import Foundation
import Testing
@testable import LayoutCore
@testable import SwiftUI
@testable import LayoutAnimation

/// Custom transitions: `AnyTransition.modifier(active:identity:)` and iOS 17's `Transition`
/// protocol. The view is drawn in the identity state; its opacity, scale and offset in the
/// active states animate on insertion and removal.
@Suite("Custom transitions")
struct CustomTransitionTests {
    /// Lifts, shrinks about the bottom edge and fades as `amount` goes from 0 to 1.
    struct Lift: ViewModifier {
        var amount: Double
        func body(content: Content) -> some View {
            content
                .opacity(1 - amount * 0.75)
                .scaleEffect(1 - amount * 0.5, anchor: .bottom)
                .offset(y: amount * 30)
        }
    }

    /// Comes in from above and leaves downwards (`phase.value`), fading, as iOS 17 code writes it.
    struct Drop: Transition {
        func body(content: Content, phase: TransitionPhase) -> some View {
            content
                .opacity(phase.isIdentity ? 1 : 0)
                .offset(y: phase.value * 50)
        }
    }

    /// Dims the view to `level`.
    struct Dim: ViewModifier {
        var level: Double
        func body(content: Content) -> some View { content.opacity(level) }
    }

    static func layout(_ show: Bool, _ transition: AnyTransition) -> LayoutResult {
        TransitionTests.layout(show, transition)
    }

    static func insert(_ transition: AnyTransition) -> (LayoutAnimator, LayoutResult) { TransitionTests.insert(transition) }
    static func remove(_ transition: AnyTransition) -> (LayoutAnimator, LayoutResult) { TransitionTests.remove(transition) }
    static func close(_ a: Double, _ b: Double) -> Bool { abs(a - b) < 1e-6 }

    @Test func aModifierTransitionStartsFromItsActiveState() throws {
        let (animator, shown) = Self.insert(.modifier(active: Lift(amount: 1), identity: Lift(amount: 0)))
        let card = try #require(TransitionTests.transitioned(shown))
        let f = shown.frames[card.view]
        #expect(f.width == 80 && f.height == 40)
        let start = animator.presentation(at: 1)
        // A quarter opaque, half size about the bottom edge's centre, 30 points down.
        for v in card.subtree { #expect(Self.close(start.opacities[v], 0.25), "view \(v)") }
        let t = start.transforms[card.view]
        #expect(Self.close(t.scale, 0.5))
        #expect(Self.close(Double(f.midX) * t.scale + t.tx, Double(f.midX)))
        #expect(Self.close(Double(f.maxY) * t.scale + t.ty, Double(f.maxY) + 30))
        let mid = animator.presentation(at: 1.5)
        #expect(Self.close(mid.opacities[card.view], 0.625))
        #expect(Self.close(mid.transforms[card.view].scale, 0.75))
        let end = animator.presentation(at: 2.01)
        #expect(!end.isAnimating && end.opacities[card.view] == 1)
    }

    @Test func theIdentityStateIsWhatTheScreenShows() throws {
        // On screen the view is drawn with the identity modifier (dimmed to 0.8); inserted, it
        // starts at the active one's 0.2: a quarter of what it shows.
        let transition = AnyTransition.modifier(active: Dim(level: 0.2), identity: Dim(level: 0.8))
        let shown = Self.layout(true, transition)
        let card = try #require(TransitionTests.transitioned(shown))
        let opacities = shown.displayList.compactMap { item -> Double? in
            if case .beginOpacity(let o) = item.kind, card.subtree.contains(item.view) { return o }
            return nil
        }
        #expect(opacities == [0.8])
        let (animator, _) = Self.insert(transition)
        #expect(Self.close(animator.presentation(at: 1).opacities[card.view], 0.25))
    }

    @Test func aTransitionTypeComesInFromOnePhaseAndLeavesToTheOther() throws {
        let (inserting, shown) = Self.insert(AnyTransition(Drop()))
        let card = try #require(TransitionTests.transitioned(shown))
        let start = inserting.presentation(at: 1)
        #expect(start.opacities[card.view] == 0)
        #expect(start.transforms[card.view].scale == 1 && Self.close(start.transforms[card.view].ty, -50))

        // Removed, the card (after the target's views) moves down as it fades.
        let (removing, _) = Self.remove(AnyTransition(Drop()))
        let late = removing.presentation(at: 1.9)
        #expect(late.frames.count > late.targetViewCount)
        #expect(late.transforms[late.targetViewCount...].contains { Self.close($0.ty, 45) })
        #expect(late.opacities[late.targetViewCount...].allSatisfy { Self.close($0, 0.1) })
    }

    @Test func asymmetricMixesACustomInsertionWithABuiltInRemoval() throws {
        let transition = AnyTransition.asymmetric(insertion: .modifier(active: Lift(amount: 1), identity: Lift(amount: 0)),
                                                  removal: .move(edge: .leading))
        let (inserting, shown) = Self.insert(transition)
        let card = try #require(TransitionTests.transitioned(shown))
        #expect(Self.close(inserting.presentation(at: 1).opacities[card.view], 0.25))
        let (removing, _) = Self.remove(transition)
        let late = removing.presentation(at: 2 - 1e-9)
        // Leaving: no fade (the removal is a move), moved a whole width to the leading side.
        #expect(late.opacities[late.targetViewCount...].allSatisfy { $0 == 1 })
        #expect(late.transforms[late.targetViewCount...].contains { abs($0.tx + 80) < 1e-3 })
    }

    @Test func builtInTransitionValuesMatchTheirAnyTransitions() {
        #expect(AnyTransition(OpacityTransition()).insertion == AnyTransition.opacity.insertion)
        #expect(AnyTransition(MoveTransition(edge: .top)).removal == AnyTransition.move(edge: .top).removal)
        #expect(AnyTransition(PushTransition(edge: .bottom)).insertion == AnyTransition.push(from: .bottom).insertion)
        let blur = AnyTransition(BlurReplaceTransition())
        #expect(blur.insertion.fades && blur.insertion.scale == 0.8 && blur.custom.isEmpty)
        let pair = AnyTransition(AsymmetricTransition(insertion: .scale, removal: .opacity))
        #expect(pair.insertion.scale == 0 && !pair.insertion.fades && pair.removal.fades && pair.removal.scale == 1)
        let both = AnyTransition(OpacityTransition().combined(with: .offset(x: 10)))
        #expect(both.insertion.fades && both.insertion.offset == CGSize(width: 10, height: 0))
        #expect(TransitionPhase.willAppear.value == -1 && TransitionPhase.didDisappear.value == 1 && TransitionPhase.identity.isIdentity)
    }

    /// SwiftUI code as written for iOS 17: `.transition(CustomType())` and `.transition(.blurReplace)`
    /// next to `.transition(.opacity)`, which stays the `AnyTransition`.
    struct Written: View {
        var show: Bool
        var body: some View {
            VStack {
                if show {
                    Text("a").transition(Drop())
                    Text("b").transition(.blurReplace)
                    Text("c").transition(.opacity)
                    Text("d").transition(.modifier(active: Dim(level: 0), identity: Dim(level: 1)))
                    Text("e").transition(.scale.combined(with: .opacity))
                }
            }
        }
    }

    @Test func iOS17TransitionsCompileAndEachViewGetsItsOwn() throws {
        let result = LayoutHost(Written(show: true)).layout(in: CGSize(width: 200, height: 300))
        var transitions: [ViewTransition] = []
        for item in result.displayList { if case .beginEffect(.transition(let t)) = item.kind { transitions.append(t) } }
        try #require(transitions.count == 5)
        #expect(transitions[0].insertion.offset == CGSize(width: 0, height: -50) && transitions[0].removal.offset == CGSize(width: 0, height: 50))
        #expect(transitions[1].insertion.scale == 0.8 && transitions[1].insertion.fades)
        #expect(transitions[2] == ViewTransition.opacity)
        #expect(transitions[3].insertion.fades && transitions[3].insertion.opacity == 0 && !transitions[3].insertion.transforms)
        #expect(transitions[4].insertion.scale == 0 && transitions[4].insertion.fades)
    }

    @Test func aPartialFadeRoundTripsAndCombinesByMultiplying() throws {
        let half = TransitionState(fades: true, scale: 1, anchor: CGPoint(x: 0.5, y: 0.5), offset: .zero, sizeOffset: .zero, opacity: 0.5)
        let data = try JSONEncoder().encode(half)
        #expect(try JSONDecoder().decode(TransitionState.self, from: data) == half)
        #expect(half.combined(with: half).opacity == 0.25)
        #expect(half.combined(with: .identity).opacity == 0.5)
        // Fading to full opacity is no fade; NaN counts as 0.
        #expect(!TransitionState(fades: true, scale: 1, anchor: .zero, offset: .zero, sizeOffset: .zero, opacity: 1).fades)
        #expect(TransitionState(fades: true, scale: 1, anchor: .zero, offset: .zero, sizeOffset: .zero, opacity: .nan).opacity == 0)
    }

    /// Turns and blurs the view in and out, as iOS 17 code writes it.
    struct Spin: Transition {
        func body(content: Content, phase: TransitionPhase) -> some View {
            content
                .rotationEffect(.degrees(phase.isIdentity ? 0 : 90))
                .blur(radius: phase.isIdentity ? 0 : 10)
        }
    }

    /// The view's first rotation and blur effects in `f`, among views `views`.
    static func spin(_ f: AnimationFrame, views: Range<Int>) -> (rotation: Double?, blur: Double?) {
        var rotation: Double? = nil, blur: Double? = nil
        for item in f.displayList where views.contains(item.view) {
            if case .beginEffect(.rotation(let r, _)) = item.kind, rotation == nil { rotation = r }
            if case .beginEffect(.blur(let b, _)) = item.kind, blur == nil { blur = Double(b) }
        }
        return (rotation, blur)
    }

    @Test func aTransitionsRotationAndBlurAnimateOnInsertion() throws {
        let (animator, shown) = Self.insert(AnyTransition(Spin()))
        let card = try #require(TransitionTests.transitioned(shown))
        let views = card.view..<(card.subtree.last! + 1)
        let start = Self.spin(animator.presentation(at: 1), views: views)
        #expect(Self.close(start.rotation ?? .nan, .pi / 2) && Self.close(start.blur ?? .nan, 10))
        let mid = Self.spin(animator.presentation(at: 1.5), views: views)
        #expect(Self.close(mid.rotation ?? .nan, .pi / 4) && Self.close(mid.blur ?? .nan, 5))
        let end = animator.presentation(at: 2.01)
        let rest = Self.spin(end, views: views)
        #expect(rest.rotation == 0 && rest.blur == 0 && !end.isAnimating)
    }

    @Test func aTransitionsRotationAndBlurAnimateOnRemoval() throws {
        let (animator, _) = Self.remove(AnyTransition(Spin()))
        let mid = animator.presentation(at: 1.5)
        let removed = try #require(TransitionTests.removedTransitionedView(mid))
        let spun = Self.spin(mid, views: removed..<mid.frames.count)
        #expect(Self.close(spun.rotation ?? .nan, .pi / 4) && Self.close(spun.blur ?? .nan, 5))
        #expect(animator.presentation(at: 1.9).frames.count > animator.presentation(at: 1.9).targetViewCount)
        let end = animator.presentation(at: 2.01)
        #expect(end.frames.count == end.targetViewCount && !end.isAnimating)
    }
}
