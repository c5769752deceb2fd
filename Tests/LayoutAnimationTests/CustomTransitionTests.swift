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
        #expect(blur.insertion.fades && blur.insertion.scale == 0.8 && blur.custom.count == 1)
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

    /// Lifts the card off the page: a shadow that grows as it rises, as iOS 17 code writes it
    /// (the offset puts the shadowed view inside the view that has the transition).
    struct Lifted: Transition {
        func body(content: Content, phase: TransitionPhase) -> some View {
            content.shadow(color: .black.opacity(phase.isIdentity ? 0.4 : 0), radius: phase.isIdentity ? 12 : 0,
                           y: phase.isIdentity ? 8 : 0)
                .offset(y: phase.isIdentity ? 0 : 20)
        }
    }

    /// Reveals the card through a growing circle (a circular reveal).
    struct Reveal: Transition {
        func body(content: Content, phase: TransitionPhase) -> some View {
            content.clipShape(Circle().scale(phase.isIdentity ? 1 : 0))
        }
    }

    /// The shadows and clip shapes drawn on views `views` of `f`, in order.
    static func drawn(_ f: AnimationFrame, views: Range<Int>) -> (shadows: [(Color, CGFloat, CGFloat)], clips: [ShapeKind]) {
        var shadows: [(Color, CGFloat, CGFloat)] = [], clips: [ShapeKind] = []
        for item in f.displayList where views.contains(item.view) {
            if case .beginEffect(.shadow(let c, let r, _, let y)) = item.kind { shadows.append((c, r, y)) }
            if case .beginClip(let shape) = item.kind { clips.append(shape) }
        }
        return (shadows, clips)
    }

    @Test func aTransitionsShadowGrowsWithTheInsertionAndShrinksWithTheRemoval() throws {
        let (animator, shown) = Self.insert(AnyTransition(Lifted()))
        let card = try #require(TransitionTests.transitioned(shown))
        let views = card.view..<(card.subtree.last! + 1)
        let start = try #require(Self.drawn(animator.presentation(at: 1), views: views).shadows.first)
        #expect(start.1 == 0 && start.2 == 0 && start.0.resolve(in: .light).alpha == 0)
        let mid = try #require(Self.drawn(animator.presentation(at: 1.5), views: views).shadows.first)
        #expect(abs(mid.1 - 6) < 1e-6 && abs(mid.2 - 4) < 1e-6 && abs(mid.0.resolve(in: .light).alpha - 0.2) < 0.01)
        let end = animator.presentation(at: 2.01)
        let rest = try #require(Self.drawn(end, views: views).shadows.first)
        #expect(rest.1 == 12 && rest.2 == 8 && !end.isAnimating)

        // Removed, the shadow sinks back as the card goes, and the card stays until it has.
        let (removing, _) = Self.remove(AnyTransition(Lifted()))
        let late = removing.presentation(at: 1.75)
        let removed = try #require(TransitionTests.removedTransitionedView(late))
        let sinking = try #require(Self.drawn(late, views: removed..<late.frames.count).shadows.first)
        #expect(abs(sinking.1 - 3) < 1e-6 && abs(sinking.2 - 2) < 1e-6)
        #expect(removing.presentation(at: 2.01).frames.count == removing.presentation(at: 2.01).targetViewCount)
    }

    @Test func aCircularRevealGrowsItsClipShape() throws {
        let (animator, shown) = Self.insert(AnyTransition(Reveal()))
        let card = try #require(TransitionTests.transitioned(shown))
        let views = card.view..<(card.subtree.last! + 1)
        let frame = shown.frames[card.view]
        let rect = CGRect(origin: .zero, size: frame.size)
        /// The width of the clip's path in the card's frame.
        func clipWidth(at time: Double) throws -> CGFloat {
            let clip = try #require(Self.drawn(animator.presentation(at: time), views: views).clips.first)
            guard case .custom(let resolver) = clip else { Issue.record("the reveal's clip is \(clip)"); return .nan }
            return resolver.path(in: rect).boundingRect.width
        }
        // The circle is as tall as the 40-point card: it grows from nothing to 40 wide.
        #expect(try clipWidth(at: 1) < 1e-6)
        #expect(abs(try clipWidth(at: 1.5) - 20) < 1e-3)
        #expect(abs(try clipWidth(at: 2.01) - 40) < 1e-3)
    }

    @Test func transitionsNestedAroundEachOtherKeepTheirOwnShadows() throws {
        // Reveal is the outer part, so the view draws its clip before Lifted's shadow: each
        // part's items are found in that order.
        let both = AnyTransition(Lifted()).combined(with: AnyTransition(Reveal()))
        let (animator, shown) = Self.insert(both)
        let card = try #require(TransitionTests.transitioned(shown))
        let views = card.view..<(card.subtree.last! + 1)
        let mid = Self.drawn(animator.presentation(at: 1.5), views: views)
        try #require(mid.shadows.count == 1 && mid.clips.count == 1)
        #expect(abs(mid.shadows[0].1 - 6) < 1e-6)
        guard case .custom(let resolver) = mid.clips[0] else { Issue.record("the reveal's clip is \(mid.clips[0])"); return }
        #expect(abs(resolver.path(in: CGRect(origin: .zero, size: shown.frames[card.view].size)).boundingRect.width - 20) < 1e-3)
    }

    @Test func blurReplaceBlursTheViewInAndDrawsNoBlurAtRest() throws {
        let (animator, shown) = Self.insert(AnyTransition(BlurReplaceTransition()))
        let card = try #require(TransitionTests.transitioned(shown))
        let views = card.view..<(card.subtree.last! + 1)
        #expect(Self.close(Self.spin(animator.presentation(at: 1), views: views).blur ?? .nan, 20))
        let mid = animator.presentation(at: 1.5)
        #expect(Self.close(Self.spin(mid, views: views).blur ?? .nan, 10))
        #expect(Self.close(mid.opacities[card.view], 0.5) && Self.close(mid.transforms[card.view].scale, 0.9))
        #expect(Self.spin(animator.presentation(at: 2.01), views: views).blur == 0)
        // `.upUp` blurs and fades without scaling.
        let (upUp, _) = Self.insert(AnyTransition(BlurReplaceTransition(configuration: .upUp)))
        let f = upUp.presentation(at: 1.5)
        #expect(Self.close(Self.spin(f, views: views).blur ?? .nan, 10) && (f.transforms.isEmpty || f.transforms[card.view].scale == 1))
    }

    /// In the window the reveal's circle arrives as paths (the transition's end too), and the
    /// points mix: the same growing circle.
    @Test func aRevealSentAsTheProtocolSendsItStillGrows() throws {
        let encoder = JSONEncoder(), decoder = JSONDecoder()
        encoder.nonConformingFloatEncodingStrategy = .convertToString(positiveInfinity: "inf", negativeInfinity: "-inf", nan: "nan")
        decoder.nonConformingFloatDecodingStrategy = .convertFromString(positiveInfinity: "inf", negativeInfinity: "-inf", nan: "nan")
        let transition = AnyTransition(Reveal())
        let hidden = try decoder.decode(LayoutResult.self, from: encoder.encode(Self.layout(false, transition)))
        let shown = try decoder.decode(LayoutResult.self, from: encoder.encode(Self.layout(true, transition)))
        let card = try #require(TransitionTests.transitioned(shown))
        let views = card.view..<(card.subtree.last! + 1)
        let animator = LayoutAnimator()
        animator.setTarget(hidden, animation: nil, at: 0)
        animator.setTarget(shown, animation: .linear(duration: 1), at: 1)
        let clip = try #require(Self.drawn(animator.presentation(at: 1.5), views: views).clips.first)
        guard case .animatablePath(let path, _) = clip else { Issue.record("the sent clip is \(clip)"); return }
        #expect(abs(path.boundingRect.width - 20) < 1e-3)
    }
}
