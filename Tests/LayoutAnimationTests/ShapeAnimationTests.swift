import Foundation
import Testing
@testable import LayoutCore
@testable import SwiftUI
@testable import LayoutAnimation

/// Shapes animate through their animatable data: a trimmed ring's fractions, a rounded
/// rectangle's corner radius, a stroke's width and dash phase, a custom shape's own data; a
/// shape without animatable data changes at once.
@Suite("Shape animations")
struct ShapeAnimationTests {
    /// A triangle whose apex moves along the top edge: `animatableData` is the apex's fraction.
    struct Peak: Shape {
        var apex: CGFloat
        var animatableData: CGFloat {
            get { apex }
            set { apex = newValue }
        }
        func path(in rect: CGRect) -> Path {
            var p = Path()
            p.move(to: CGPoint(x: rect.minX + apex * rect.width, y: rect.minY))
            p.addLine(to: CGPoint(x: rect.maxX, y: rect.maxY))
            p.addLine(to: CGPoint(x: rect.minX, y: rect.maxY))
            p.closeSubpath()
            return p
        }
    }

    /// The same triangle without animatable data: SwiftUI draws its new path at once.
    struct StillPeak: Shape {
        var apex: CGFloat
        func path(in rect: CGRect) -> Path { Peak(apex: apex).path(in: rect) }
    }

    struct Gauge: View {
        var progress: CGFloat = 0.25
        var radius: CGFloat = 4
        var width: CGFloat = 2
        var phase: CGFloat = 0
        var apex: CGFloat = 0
        var tint: Color = .blue
        var body: some View {
            VStack(spacing: 4) {
                Circle().trim(from: 0, to: progress).stroke(tint, style: StrokeStyle(lineWidth: 8, lineCap: .round))
                    .frame(width: 80, height: 80)
                RoundedRectangle(cornerRadius: radius).fill(tint).frame(width: 60, height: 30)
                Rectangle().stroke(.red, style: StrokeStyle(lineWidth: width, dash: [4, 2], dashPhase: phase)).frame(width: 60, height: 20)
                Peak(apex: apex).fill(.green).frame(width: 40, height: 40)
                StillPeak(apex: apex).fill(.orange).frame(width: 40, height: 40)
            }
            .frame(width: 200, height: 300)
        }
    }

    static func layout(_ g: Gauge) -> LayoutResult { LayoutHost(g).layout(in: CGSize(width: 200, height: 300)) }

    static func animate(_ from: Gauge, _ to: Gauge, _ animation: Animation = .linear(duration: 1)) -> LayoutAnimator {
        let animator = LayoutAnimator()
        animator.setTarget(layout(from), animation: nil, at: 0)
        animator.setTarget(layout(to), animation: animation, at: 1)
        return animator
    }

    static func trimEnd(_ f: AnimationFrame) -> CGFloat? {
        for item in f.displayList { if case .strokePath(.trimmed(.circle, _, let to), _, _) = item.kind { return to } }
        return nil
    }
    static func cornerRadius(_ f: AnimationFrame) -> CGFloat? {
        for item in f.displayList { if case .fill(.roundedRectangle(let r), _) = item.kind { return r } }
        return nil
    }
    static func dashedStroke(_ f: AnimationFrame) -> StrokeStyle? {
        for item in f.displayList { if case .strokePath(.rectangle, _, let style) = item.kind { return style } }
        return nil
    }
    /// The first point of the `k`th custom shape's path in its frame (the apex).
    static func apexX(_ f: AnimationFrame, shape k: Int) -> CGFloat? {
        var seen = 0
        for item in f.displayList {
            guard case .fill(let kind, _) = item.kind, kind.customResolver != nil || isResolved(kind) else { continue }
            defer { seen += 1 }
            guard seen == k else { continue }
            let frame = f.frames[item.view]
            guard case .move(let p)? = kind.path(in: CGRect(origin: .zero, size: frame.size)).elements.first else { return nil }
            return p.x
        }
        return nil
    }
    static func isResolved(_ kind: ShapeKind) -> Bool {
        switch kind {
        case .path, .animatablePath: return true
        default: return false
        }
    }
    static func close(_ a: CGFloat?, _ b: CGFloat) -> Bool { a.map { abs($0 - b) < 1e-9 } ?? false }

    @Test func aTrimmedRingGrowsAlongItsOutline() {
        let animator = Self.animate(Gauge(progress: 0.25), Gauge(progress: 0.75))
        #expect(Self.close(Self.trimEnd(animator.presentation(at: 1)), 0.25))
        #expect(Self.close(Self.trimEnd(animator.presentation(at: 1.5)), 0.5))
        let end = animator.presentation(at: 2.01)
        #expect(Self.close(Self.trimEnd(end), 0.75) && !end.isAnimating)
        // The ring is drawn as the circle's outline from its rightmost point, half of it at 0.5.
        let half = ShapeKind.trimmed(.circle, from: 0, to: 0.5).path(in: CGRect(x: 0, y: 0, width: 80, height: 80))
        let box = half.boundingRect
        #expect(abs(box.minY - 40) < 0.5 && abs(box.maxY - 80) < 0.5 && abs(box.width - 80) < 0.5)
    }

    @Test func cornerRadiusStrokeWidthAndDashPhaseMove() throws {
        let animator = Self.animate(Gauge(radius: 4, width: 2, phase: 0), Gauge(radius: 14, width: 6, phase: 12))
        let mid = animator.presentation(at: 1.5)
        #expect(Self.close(Self.cornerRadius(mid), 9))
        let style = try #require(Self.dashedStroke(mid))
        #expect(Self.close(style.lineWidth, 4) && Self.close(style.dashPhase, 6) && style.dash == [4, 2])
    }

    @Test func aCustomShapeAnimatesThroughItsData() {
        let animator = Self.animate(Gauge(apex: 0), Gauge(apex: 1))
        let mid = animator.presentation(at: 1.25)
        // Peak (animatable): its path asked at apex 0.25 of its 40-point width.
        #expect(Self.close(Self.apexX(mid, shape: 0), 10))
        // StillPeak (no animatable data): already at its new path.
        #expect(Self.close(Self.apexX(mid, shape: 1), 40))
        #expect(Self.close(Self.apexX(animator.presentation(at: 2.01), shape: 0), 40))
    }

    @Test func anInterruptedTrimTurnsBackFromWhereItIs() {
        let animator = Self.animate(Gauge(progress: 0), Gauge(progress: 1))
        animator.setTarget(Self.layout(Gauge(progress: 0)), animation: .linear(duration: 1), at: 1.5)
        #expect(Self.close(Self.trimEnd(animator.presentation(at: 1.5)), 0.5))
        #expect(Self.close(Self.trimEnd(animator.presentation(at: 2)), 0.25))
    }

    @Test func anUnanimatedChangeDrawsTheNewShapeAtOnce() {
        let animator = LayoutAnimator()
        animator.setTarget(Self.layout(Gauge(progress: 0.2, radius: 2, apex: 0)), animation: nil, at: 0)
        animator.updateTarget(Self.layout(Gauge(progress: 0.9, radius: 12, apex: 1)), at: 1)
        let now = animator.presentation(at: 1)
        #expect(Self.close(Self.trimEnd(now), 0.9) && Self.close(Self.cornerRadius(now), 12))
        #expect(Self.close(Self.apexX(now, shape: 0), 40) && !now.isAnimating)
    }

    @Test func aColourAndAShapeMoveTogether() throws {
        let animator = Self.animate(Gauge(radius: 0, tint: .red), Gauge(radius: 10, tint: .blue))
        let mid = animator.presentation(at: 1.5)
        let fill = try #require(mid.displayList.first { if case .fill(.roundedRectangle, _) = $0.kind { return true }; return false })
        guard case .fill(.roundedRectangle(let r), .color(let c)) = fill.kind else { Issue.record("not a rounded fill"); return }
        #expect(Self.close(r, 5))
        let red = Color.red.resolve(in: .light), blue = Color.blue.resolve(in: .light)
        let got = c.resolve(in: .light), want = red.mixed(with: blue, by: 0.5)
        #expect(abs(got.red - want.red) < 1e-9 && abs(got.blue - want.blue) < 1e-9)
    }

    /// In the window the custom shapes arrive as paths (a custom shape is code): an animatable
    /// one's points mix, one without animatable data changes at once.
    @Test func resolvedPathsMixPointWiseOnlyForAnimatableShapes() throws {
        // As the preview protocol sends results: custom shapes resolved, non-finite numbers as text.
        let encoder = JSONEncoder(), decoder = JSONDecoder()
        encoder.nonConformingFloatEncodingStrategy = .convertToString(positiveInfinity: "inf", negativeInfinity: "-inf", nan: "nan")
        decoder.nonConformingFloatDecodingStrategy = .convertFromString(positiveInfinity: "inf", negativeInfinity: "-inf", nan: "nan")
        let from = try decoder.decode(LayoutResult.self, from: encoder.encode(Self.layout(Gauge(apex: 0))))
        let to = try decoder.decode(LayoutResult.self, from: encoder.encode(Self.layout(Gauge(apex: 1))))
        let kinds = from.displayList.compactMap { item -> ShapeKind? in
            if case .fill(let k, _) = item.kind, Self.isResolved(k) { return k }
            return nil
        }
        #expect(kinds.count == 2)
        if case .animatablePath = kinds.first {} else { Issue.record("the animatable shape is not an animatable path: \(String(describing: kinds.first))") }
        if case .path = kinds.last {} else { Issue.record("the still shape is not a plain path") }
        let animator = LayoutAnimator()
        animator.setTarget(from, animation: nil, at: 0)
        animator.setTarget(to, animation: .linear(duration: 1), at: 1)
        let mid = animator.presentation(at: 1.5)
        #expect(Self.close(Self.apexX(mid, shape: 0), 20))
        #expect(Self.close(Self.apexX(mid, shape: 1), 40))
    }

    @Test func trimmedShapesExposeTheirFractionsAsAnimatableData() {
        var ring = Circle().trim(from: 0.1, to: 0.4)
        #expect(ring.animatableData.second.first == 0.1 && ring.animatableData.second.second == 0.4)
        ring.animatableData = AnimatablePair(EmptyAnimatableData(), AnimatablePair(0.2, 0.9))
        guard case .trimmed(.circle, let f, let t) = ring._shapeKind else { Issue.record("not trimmed"); return }
        #expect(f == 0.2 && t == 0.9)
    }
}
