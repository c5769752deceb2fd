import Foundation
import Testing
@testable import LayoutCore
@testable import SwiftUI
@testable import LayoutAnimation

/// A transition's own animation (`AnyTransition.animation(_:)`, `Transition.animation(_:)`): it
/// drives the view's insertion and removal instead of the change's, also in an unanimated
/// change; `nil` makes the view appear and go at once.
@Suite("Transition animations")
struct TransitionAnimationTests {
    typealias Screen = TransitionTests.Screen

    static func layout(_ show: Bool, _ transition: AnyTransition?) -> LayoutResult { TransitionTests.layout(show, transition) }
    static func close(_ a: Double, _ b: Double) -> Bool { abs(a - b) < 1e-6 }

    /// Shows (or hides) the card at t = 1 with `change` as the change's animation (nil: an
    /// unanimated change, as a live preview applies one: `updateTarget`).
    static func toggle(_ transition: AnyTransition, show: Bool, change: Animation?) -> (LayoutAnimator, shown: LayoutResult) {
        let animator = LayoutAnimator()
        let shown = layout(true, transition), hidden = layout(false, transition)
        animator.setTarget(show ? hidden : shown, animation: nil, at: 0)
        let next = show ? shown : hidden
        if let change { animator.setTarget(next, animation: change, at: 1) } else { animator.updateTarget(next, at: 1) }
        return (animator, shown)
    }

    @Test func anUnanimatedChangeRunsTheTransitionsOwnAnimation() throws {
        let (animator, shown) = Self.toggle(.opacity.animation(.linear(duration: 0.5)), show: true, change: nil)
        let card = try #require(TransitionTests.transitioned(shown))
        #expect(Self.close(animator.presentation(at: 1).opacities[card.view], 0))
        #expect(Self.close(animator.presentation(at: 1.25).opacities[card.view], 0.5))
        #expect(animator.presentation(at: 1.25).isAnimating)
        let end = animator.presentation(at: 1.51)
        #expect(!end.isAnimating && end.opacities[card.view] == 1)
    }

    @Test func withoutItsOwnAnimationAnUnanimatedChangeInsertsAtOnce() throws {
        let (animator, shown) = Self.toggle(.opacity, show: true, change: nil)
        let card = try #require(TransitionTests.transitioned(shown))
        let now = animator.presentation(at: 1)
        #expect(now.opacities[card.view] == 1 && !now.isAnimating)
    }

    @Test func theTransitionsAnimationReplacesTheChanges() throws {
        // The change animates for 2 s, the transition's slide for 0.5 s: halfway through the
        // slide's time the card is half way in while the bar's change would be an eighth done.
        let (animator, shown) = Self.toggle(.move(edge: .leading).animation(.linear(duration: 0.5)), show: true,
                                           change: .linear(duration: 2))
        let card = try #require(TransitionTests.transitioned(shown))
        let width = Double(shown.frames[card.view].width)
        #expect(Self.close(animator.presentation(at: 1).transforms[card.view].tx, -width))
        #expect(Self.close(animator.presentation(at: 1.25).transforms[card.view].tx, -width / 2))
        // At rest: no view carries a transform any more.
        let end = animator.presentation(at: 1.5)
        #expect(end.transforms.isEmpty || Self.close(end.transforms[card.view].tx, 0))
    }

    @Test func aNilAnimationMakesTheViewAppearAtOnceInAnAnimatedChange() throws {
        let (animator, shown) = Self.toggle(.scale.animation(nil), show: true, change: .linear(duration: 1))
        let card = try #require(TransitionTests.transitioned(shown))
        let start = animator.presentation(at: 1)
        for v in card.subtree { #expect(start.opacities[v] == 1, "view \(v)") }
        #expect(start.transforms.isEmpty || start.transforms[card.view] == .identity)
    }

    @Test func anUnanimatedRemovalRunsTheTransitionsOwnAnimation() throws {
        let (animator, shown) = Self.toggle(.opacity.animation(.linear(duration: 0.5)), show: false, change: nil)
        let card = try #require(TransitionTests.transitioned(shown))
        let mid = animator.presentation(at: 1.25)
        let removed = try #require(TransitionTests.removedTransitionedView(mid))
        #expect(mid.frames[removed] == shown.frames[card.view])
        #expect(Self.close(mid.opacities[removed], 0.5))
        let end = animator.presentation(at: 1.51)
        #expect(!end.isAnimating && end.frames.count == end.targetViewCount)
    }

    @Test func aNilAnimationRemovesTheViewAtOnceInAnAnimatedChange() throws {
        let (animator, _) = Self.toggle(.opacity.animation(nil), show: false, change: .linear(duration: 1))
        let now = animator.presentation(at: 1)
        #expect(now.frames.count == now.targetViewCount)
    }

    @Test func asymmetricTransitionsKeepEachSidesAnimation() throws {
        let transition = AnyTransition.asymmetric(insertion: .opacity.animation(.linear(duration: 0.5)), removal: .opacity)
        let (inserting, shown) = Self.toggle(transition, show: true, change: nil)
        let card = try #require(TransitionTests.transitioned(shown))
        #expect(Self.close(inserting.presentation(at: 1.25).opacities[card.view], 0.5))
        // Its removal has none: an unanimated change removes the card at once.
        let (removing, _) = Self.toggle(transition, show: false, change: nil)
        let now = removing.presentation(at: 1)
        #expect(now.frames.count == now.targetViewCount)
    }

    /// Comes in from below, fading, as iOS 17 code writes a transition type.
    struct Rise: Transition {
        func body(content: Content, phase: TransitionPhase) -> some View {
            content.opacity(phase.isIdentity ? 1 : 0).offset(y: phase.isIdentity ? 0 : 40)
        }
    }

    @Test func aTransitionTypesAnimationIsItsOwn() throws {
        let (animator, shown) = Self.toggle(AnyTransition(Rise().animation(.linear(duration: 0.5))), show: true, change: nil)
        let card = try #require(TransitionTests.transitioned(shown))
        let mid = animator.presentation(at: 1.25)
        #expect(Self.close(mid.opacities[card.view], 0.5))
        #expect(Self.close(mid.transforms[card.view].ty, 20))
        #expect(!animator.presentation(at: 1.51).isAnimating)
    }

    @Test func theAnimationTravelsWithTheLayoutResult() throws {
        let shown = Self.layout(true, .slide.animation(.easeIn(duration: 0.3)).combined(with: .opacity))
        // Size ranges hold infinities: written as strings, as the preview protocol writes them.
        let encoder = JSONEncoder(), decoder = JSONDecoder()
        encoder.nonConformingFloatEncodingStrategy = .convertToString(positiveInfinity: "inf", negativeInfinity: "-inf", nan: "nan")
        decoder.nonConformingFloatDecodingStrategy = .convertFromString(positiveInfinity: "inf", negativeInfinity: "-inf", nan: "nan")
        let decoded = try decoder.decode(LayoutResult.self, from: encoder.encode(shown))
        let transitions = decoded.displayList.compactMap { item -> ViewTransition? in
            if case .beginEffect(.transition(let t)) = item.kind { return t }
            return nil
        }
        #expect(transitions.count == 1)
        #expect(transitions.first?.insertionAnimation == .animated(.easeIn(duration: 0.3)))
        #expect(transitions.first?.removalAnimation == .animated(.easeIn(duration: 0.3)))
    }
}
