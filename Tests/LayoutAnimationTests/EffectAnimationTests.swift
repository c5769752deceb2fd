import Foundation
import Testing
@testable import LayoutCore
@testable import SwiftUI
@testable import LayoutAnimation

/// A view's drawing values — opacity, scale, rotation, blur, shadow, a progress fraction —
/// interpolate with the change's animation, from what is shown; an unanimated change jumps.
@Suite("Effect animations")
struct EffectAnimationTests {
    /// A chevron that turns, a badge that dims and grows, a bar that fills, and (when `extra`) a
    /// label above them that a change can remove.
    struct Card: View {
        var angle: Double = 0
        var dim: Double = 1
        var scale: CGFloat = 1
        var progress: Double = 0.2
        var extra = false
        var tint: Color = .red
        var body: some View {
            VStack(spacing: 8) {
                if extra { Text("Extra").frame(width: 60, height: 20) }
                Color.blue.frame(width: 20, height: 20).rotationEffect(.degrees(angle))
                tint.frame(width: 30, height: 30).opacity(dim).scaleEffect(scale)
                Text("Label").foregroundStyle(tint)
                ProgressView(value: progress).frame(width: 100)
            }
            .frame(width: 200, height: 200)
        }
    }

    static func layout(_ card: Card) -> LayoutResult { LayoutHost(card).layout(in: CGSize(width: 200, height: 200)) }

    static func rotation(_ f: AnimationFrame) -> Double? {
        for item in f.displayList { if case .beginEffect(.rotation(let r, _)) = item.kind { return r } }
        return nil
    }
    static func opacity(_ f: AnimationFrame) -> Double? {
        for item in f.displayList { if case .beginOpacity(let o) = item.kind { return o } }
        return nil
    }
    static func scale(_ f: AnimationFrame) -> CGFloat? {
        for item in f.displayList { if case .beginEffect(.scale(let x, let y, _)) = item.kind, x == y { return x } }
        return nil
    }
    static func progress(_ f: AnimationFrame) -> Double? {
        for item in f.displayList { if case .progress(let fraction, _, _) = item.kind { return fraction } }
        return nil
    }
    /// The square's fill and the label's colour, resolved in light mode.
    static func colors(_ f: AnimationFrame) -> (fill: RGBA?, text: RGBA?) {
        var fill: RGBA? = nil, text: RGBA? = nil
        for item in f.displayList {
            if case .fill(.rectangle, .color(let c)) = item.kind, f.frames[item.view].width == 30 { fill = c.resolve(in: .light) }
            if case .text(let run) = item.kind, case .color(let c) = run.paint { text = c.resolve(in: .light) }
        }
        return (fill, text)
    }
    static func close(_ a: RGBA?, _ b: RGBA) -> Bool {
        guard let a else { return false }
        return abs(a.red - b.red) < 1e-9 && abs(a.green - b.green) < 1e-9 && abs(a.blue - b.blue) < 1e-9 && abs(a.alpha - b.alpha) < 1e-9
    }
    static func close(_ a: Double?, _ b: Double) -> Bool { a.map { abs($0 - b) < 1e-9 } ?? false }

    /// From `from` to `to` at t = 1 with a 1 s linear animation.
    static func animate(_ from: Card, _ to: Card) -> LayoutAnimator {
        let animator = LayoutAnimator()
        animator.setTarget(layout(from), animation: nil, at: 0)
        animator.setTarget(layout(to), animation: .linear(duration: 1), at: 1)
        return animator
    }

    @Test func aRotationTurnsWithTheChangesAnimation() {
        let animator = Self.animate(Card(angle: 0), Card(angle: 90))
        #expect(Self.close(Self.rotation(animator.presentation(at: 1)), 0))
        #expect(Self.close(Self.rotation(animator.presentation(at: 1.5)), .pi / 4))
        #expect(animator.presentation(at: 1.5).isAnimating)
        let end = animator.presentation(at: 2.01)
        #expect(Self.close(Self.rotation(end), .pi / 2) && !end.isAnimating)
    }

    @Test func opacityScaleAndProgressMoveTogether() {
        let animator = Self.animate(Card(dim: 0.2, scale: 1, progress: 0.2), Card(dim: 1, scale: 2, progress: 1))
        let mid = animator.presentation(at: 1.5)
        #expect(Self.close(Self.opacity(mid), 0.6))
        #expect(Self.close(Self.scale(mid).map(Double.init), 1.5))
        #expect(Self.close(Self.progress(mid), 0.6))
    }

    @Test func anUnanimatedChangeJumps() {
        let animator = LayoutAnimator()
        animator.setTarget(Self.layout(Card(angle: 0)), animation: nil, at: 0)
        animator.updateTarget(Self.layout(Card(angle: 90)), at: 1)
        let now = animator.presentation(at: 1)
        #expect(Self.close(Self.rotation(now), .pi / 2) && !now.isAnimating)
    }

    @Test func anInterruptedRotationTurnsBackFromWhereItIs() {
        let animator = Self.animate(Card(angle: 0), Card(angle: 90))
        animator.setTarget(Self.layout(Card(angle: 0)), animation: .linear(duration: 1), at: 1.5)
        #expect(Self.close(Self.rotation(animator.presentation(at: 1.5)), .pi / 4))
        #expect(Self.close(Self.rotation(animator.presentation(at: 2)), .pi / 8))
        #expect(Self.close(Self.rotation(animator.presentation(at: 2.51)), 0))
    }

    @Test func aSpringThatInterruptsASpringKeepsItsVelocity() throws {
        let spring = Animation.spring(response: 0.5, dampingFraction: 1)
        let animator = LayoutAnimator()
        animator.setTarget(Self.layout(Card(angle: 0)), animation: nil, at: 0)
        animator.setTarget(Self.layout(Card(angle: 90)), animation: spring, at: 1)
        // A tenth of a second in, the chevron turns fast; sent back with another spring, it
        // goes on turning the way it was for a moment before it turns back, as a frame does.
        let shown = try #require(Self.rotation(animator.presentation(at: 1.1)))
        animator.setTarget(Self.layout(Card(angle: 0)), animation: spring, at: 1.1)
        #expect(try #require(Self.rotation(animator.presentation(at: 1.12))) > shown)
        #expect(Self.close(Self.rotation(animator.presentation(at: 4)), 0))
        // A timing curve starts from rest: it turns back at once.
        let curve = Self.animate(Card(angle: 0), Card(angle: 90))
        let before = try #require(Self.rotation(curve.presentation(at: 1.1)))
        curve.setTarget(Self.layout(Card(angle: 0)), animation: .easeInOut(duration: 1), at: 1.1)
        #expect(try #require(Self.rotation(curve.presentation(at: 1.12))) < before)
    }

    @Test func anUnrelatedUnanimatedChangeLetsARunningOneGoOn() {
        let animator = Self.animate(Card(angle: 0, progress: 0.2), Card(angle: 90, progress: 0.2))
        // Halfway, the progress jumps; the rotation keeps turning.
        animator.updateTarget(Self.layout(Card(angle: 90, progress: 0.9)), at: 1.5)
        let f = animator.presentation(at: 1.75)
        #expect(Self.close(Self.progress(f), 0.9))
        #expect(Self.close(Self.rotation(f), .pi / 2 * 0.75))
    }

    @Test func whileARemovedViewFadesTheOthersEffectsStillMove() throws {
        let animator = Self.animate(Card(angle: 0, extra: true), Card(angle: 90, extra: false))
        let mid = animator.presentation(at: 1.5)
        #expect(mid.frames.count > mid.targetViewCount)  // the label is still fading out
        #expect(Self.close(Self.rotation(mid), .pi / 4))
    }

    @Test func fillAndTextColoursMix() {
        let red = Color.red.resolve(in: .light), blue = Color.blue.resolve(in: .light)
        let animator = Self.animate(Card(tint: .red), Card(tint: .blue))
        let mid = Self.colors(animator.presentation(at: 1.5))
        #expect(Self.close(mid.fill, red.mixed(with: blue, by: 0.5)))
        #expect(Self.close(mid.text, red.mixed(with: blue, by: 0.5)))
        // Interrupted halfway back to red: it turns back from the mix it shows.
        animator.setTarget(Self.layout(Card(tint: .red)), animation: .linear(duration: 1), at: 1.5)
        let back = Self.colors(animator.presentation(at: 2))
        #expect(Self.close(back.fill, red.mixed(with: blue, by: 0.25)))
        let end = animator.presentation(at: 2.51)
        #expect(Self.close(Self.colors(end).fill, red) && !end.isAnimating)
    }

    @Test func aMixedColourResolvesInTheSchemeItIsDrawnIn() {
        let mix = Color.mix(.primary, .blue, fraction: 0.5)
        #expect(Self.close(mix.resolve(in: .dark), Color.primary.resolve(in: .dark).mixed(with: Color.blue.resolve(in: .dark), by: 0.5)))
        #expect(Color.mix(.red, .blue, fraction: 0) == .red && Color.mix(.red, .blue, fraction: 1) == .blue)
    }

    /// A mixed colour is a value: equal to another mixed the same way (and hashed alike), kept
    /// through its opacity and through encoding, as the preview agent sends it.
    @Test func aMixedColourIsAValueThroughOpacityAndEncoding() throws {
        let mix = Color.mix(.primary, Color.mix(.red, .green, fraction: 0.25), fraction: 0.5)
        let same = Color.mix(.primary, Color.mix(.red, .green, fraction: 0.25), fraction: 0.5)
        #expect(mix == same && mix.hashValue == same.hashValue)
        #expect(mix != Color.mix(.primary, Color.mix(.red, .green, fraction: 0.75), fraction: 0.5))
        #expect(mix != Color.mix(.primary, Color.mix(.red, .green, fraction: 0.25), fraction: 0.4))
        let faded = mix.opacity(0.5)
        #expect(Self.close(faded.resolve(in: .dark), mix.resolve(in: .dark).multiplyingAlpha(0.5)))
        let decoded = try JSONDecoder().decode(Color.self, from: JSONEncoder().encode(faded))
        #expect(decoded == faded)
        #expect(Self.close(decoded.resolve(in: .light), faded.resolve(in: .light)))
        // The encoded form names its storage and opacity, as before a colour kept them apart.
        let keys = try #require(try JSONSerialization.jsonObject(with: JSONEncoder().encode(Color.red.opacity(0.5))) as? [String: Any])
        #expect(Set(keys.keys) == ["storage", "opacityFactor"] && keys["opacityFactor"] as? Double == 0.5)
    }
}
