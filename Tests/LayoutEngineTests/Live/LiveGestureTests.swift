import Foundation
import Testing
@testable import LayoutCore
@testable import SwiftUI

/// A clock the tests move by hand: gestures read the preview's clock for durations and velocities.
private final class ManualClock {
    var now: TimeInterval = 1_000
}

@Suite("Live previews: gestures run as on iOS")
struct LiveGestureTests {
    private func frame(_ result: LayoutResult, id: String) throws -> CGRect {
        try #require(result.views.first { $0.isVisible && $0.explicitID.map(LivePreview.describe) == id }).frame
    }
    private func centre(_ live: LivePreview, _ id: String) throws -> CGPoint { try live.centre(ofViewWithID: id) }
    private func live<V: View>(_ view: V, clock: ManualClock, size: CGSize = CGSize(width: 400, height: 600)) -> LivePreview {
        let live = LivePreview(view)
        live.clock = { clock.now }
        _ = live.layout(proposal: ProposedViewSize(width: size.width, height: size.height))
        return live
    }

    /// The values a drag reports: translation from the press, velocity over the last tenth of a
    /// second, the predicted end a quarter second of velocity further.
    @Test func aDragReportsTranslationVelocityAndPredictedEnd() throws {
        final class Log { var changed: [DragGesture.Value] = []; var ended: [DragGesture.Value] = [] }
        let log = Log()
        struct Card: View {
            let log: Log
            var body: some View {
                Color.blue.frame(width: 100, height: 100)
                    .gesture(DragGesture().onChanged { log.changed.append($0) }.onEnded { log.ended.append($0) })
                    .id("card")
            }
        }
        let clock = ManualClock()
        let preview = live(Card(log: log), clock: clock)
        let start = try centre(preview, "card")
        let t0 = clock.now
        _ = try preview.send(.pointer(.down, at: start, time: t0))
        // 5 points: under the minimum distance (10), nothing yet.
        _ = try preview.send(.pointer(.move, at: CGPoint(x: start.x + 5, y: start.y), time: t0 + 0.05))
        #expect(log.changed.isEmpty)
        for k in 1...4 {
            _ = try preview.send(.pointer(.move, at: CGPoint(x: start.x + 20 * CGFloat(k), y: start.y + 10 * CGFloat(k)), time: t0 + 0.05 + 0.05 * Double(k)))
        }
        _ = try preview.send(.pointer(.up, at: CGPoint(x: start.x + 80, y: start.y + 40), time: t0 + 0.25))
        #expect(log.changed.count == 4)
        let last = try #require(log.ended.first)
        #expect(log.ended.count == 1)
        #expect(last.translation == CGSize(width: 80, height: 40))
        // Local space: the card's top-leading corner is (0, 0), so the press was at its centre.
        #expect(last.startLocation == CGPoint(x: 50, y: 50))
        #expect(last.location == CGPoint(x: 130, y: 90))
        // Over the last tenth of a second the pointer moved 20 points right and 10 down every
        // 0.05 s: 400 and 200 points a second (the first, slower 5 points are older).
        #expect(abs(last.velocity.width - 400) < 0.001)
        #expect(abs(last.velocity.height - 200) < 0.001)
        #expect(abs(last.predictedEndTranslation.width - (80 + 400 * 0.25)) < 0.001)
        #expect(abs(last.predictedEndLocation.y - (90 + 200 * 0.25)) < 0.001)
        // A pointer that rested before its release: no velocity left.
        log.ended = []
        _ = try preview.send(.pointer(.down, at: start, time: t0 + 1))
        _ = try preview.send(.pointer(.move, at: CGPoint(x: start.x + 30, y: start.y), time: t0 + 1.05))
        _ = try preview.send(.pointer(.up, at: CGPoint(x: start.x + 30, y: start.y), time: t0 + 1.5))
        let rested = try #require(log.ended.first)
        #expect(rested.velocity == .zero)
        #expect(rested.predictedEndTranslation == rested.translation)
    }

    /// `@GestureState` follows the drag, the view moves with it (`.offset`), and it springs back
    /// when the drag ends, in the reset transaction; `onChanged` runs before `onEnded`, each in order.
    @Test func gestureStateFollowsTheDragAndResetsWithItsTransaction() throws {
        final class Log { var events: [String] = [] }
        let log = Log()
        struct Draggable: View {
            let log: Log
            @GestureState(resetTransaction: Transaction(animation: .spring())) var offset: CGSize? = nil
            @State var drops = 0
            var body: some View {
                VStack {
                    Color.orange.frame(width: 80, height: 80)
                        .id("tile")  // inside the offset: its frame is where the tile is drawn
                        .offset(offset ?? .zero)
                        .gesture(DragGesture(minimumDistance: 0)
                            .updating($offset) { value, state, _ in state = value.translation }
                            .onChanged { log.events.append("changed \(Int($0.translation.width))") }
                            .onEnded { _ in log.events.append("ended"); drops += 1 })
                    Text("drops \(drops)").id("drops")
                }
            }
        }
        let clock = ManualClock()
        let preview = live(Draggable(log: log), clock: clock)
        let before = try frame(preview.lastResult!, id: "tile")
        let p = try centre(preview, "tile")
        _ = try preview.send(.pointer(.down, at: p, time: 0))
        _ = try preview.send(.pointer(.move, at: CGPoint(x: p.x + 30, y: p.y), time: 0.02))
        let moving = try preview.send(.pointer(.move, at: CGPoint(x: p.x + 60, y: p.y + 10), time: 0.04))
        #expect(moving.changed)
        let during = try frame(moving.result, id: "tile")
        #expect(during.minX == before.minX + 60)
        #expect(during.minY == before.minY + 10)
        let released = try preview.send(.pointer(.up, at: CGPoint(x: p.x + 60, y: p.y + 10), time: 0.06))
        #expect(try frame(released.result, id: "tile") == before)
        // The reset came in the state's reset transaction: the release springs back.
        #expect(released.transaction.animation == .spring())
        #expect(log.events == ["changed 0", "changed 30", "changed 60", "ended"])
        #expect(released.result.views.contains { $0.detail == "\"drops 1\"" })
    }

    /// A long press goes by the preview's clock: pressing at once, the action when held long
    /// enough (time passing with `wait`, the button still down); released early, nothing.
    @Test func aLongPressRunsByThePreviewsClock() throws {
        final class Log { var events: [String] = [] }
        let log = Log()
        struct Row: View {
            let log: Log
            var body: some View {
                Text("Hold me").padding()
                    .onLongPressGesture(minimumDuration: 0.5, perform: { log.events.append("action") },
                                        onPressingChanged: { log.events.append("pressing \($0)") })
                    .id("row")
            }
        }
        let clock = ManualClock()
        let preview = live(Row(log: log), clock: clock)
        let p = try centre(preview, "row")
        // Released after 0.3 s: no action.
        _ = try preview.send(.pointer(.down, at: p))
        #expect(preview.secondsUntilGestureDeadline == 0.5)
        clock.now += 0.3
        _ = try preview.send(.pointer(.up, at: p))
        #expect(log.events == ["pressing true", "pressing false"])
        log.events = []
        // Held: the action runs when the clock reaches the minimum duration, before the release.
        _ = try preview.send(.pointer(.down, at: p))
        clock.now += 0.49
        _ = try preview.send(.wait(0))
        #expect(log.events == ["pressing true"])
        clock.now += 0.02
        _ = try preview.send(.wait(0))
        #expect(log.events == ["pressing true", "pressing false", "action"])
        _ = try preview.send(.pointer(.up, at: p))
        #expect(log.events.count == 3)
        // Moved more than the maximum distance: it fails.
        log.events = []
        _ = try preview.send(.pointer(.down, at: p))
        _ = try preview.send(.pointer(.move, at: CGPoint(x: p.x + 15, y: p.y)))
        clock.now += 1
        _ = try preview.send(.wait(0))
        _ = try preview.send(.pointer(.up, at: CGPoint(x: p.x + 15, y: p.y)))
        #expect(log.events == ["pressing true", "pressing false"])
    }

    /// `press(at:duration:)`, the headless long press, with the real clock.
    @Test func aHeldPressRecognizesALongPressGesture() throws {
        struct Heart: View {
            @State var liked = false
            @GestureState var pressing = false
            var body: some View {
                VStack {
                    Image(systemName: liked ? "heart.fill" : "heart")
                        .scaleEffect(pressing ? 1.4 : 1)
                        .gesture(LongPressGesture(minimumDuration: 0.2).updating($pressing) { v, s, _ in s = v }.onEnded { _ in liked.toggle() })
                        .id("heart")
                    Text(liked ? "liked" : "not liked").id("state")
                }
            }
        }
        let preview = LivePreview(Heart())
        _ = preview.layout(proposal: ProposedViewSize(width: 200, height: 200))
        let p = try preview.centre(ofViewWithID: "heart")
        let update = try preview.send(.press(at: p, duration: 0.3))
        #expect(update.result.views.contains { $0.detail == "\"liked\"" })
        // Too short: the long press fails (it reached a gesture, so the step is no error).
        _ = try preview.send(.press(at: p, duration: 0.05))
        #expect(preview.lastResult!.views.contains { $0.detail == "\"liked\"" })
    }

    /// Composition: simultaneous gestures both run; a sequence runs its second after its first;
    /// an exclusive one falls back to its second when the first fails.
    @Test func composedGesturesRunAsSwiftUIComposesThem() throws {
        final class Log { var events: [String] = [] }
        let log = Log()
        struct Board: View {
            let log: Log
            var body: some View {
                VStack(spacing: 20) {
                    Color.red.frame(width: 100, height: 60)
                        .gesture(DragGesture().onEnded { _ in log.events.append("drag") }
                            .simultaneously(with: LongPressGesture(minimumDuration: 0.3).onEnded { _ in log.events.append("long") })
                            .onEnded { v in log.events.append("both \(v.first != nil) \(v.second != nil)") })
                        .id("simultaneous")
                    Color.green.frame(width: 100, height: 60)
                        .gesture(LongPressGesture(minimumDuration: 0.3).sequenced(before: DragGesture())
                            .onChanged { v in
                                if case .second(true, let drag?) = v { log.events.append("seq drag \(Int(drag.translation.width))") }
                            }
                            .onEnded { v in if case .second(true, let drag) = v { log.events.append("seq end \(drag != nil)") } })
                        .id("sequence")
                    Color.blue.frame(width: 100, height: 60)
                        .gesture(TapGesture(count: 2).onEnded { log.events.append("double") }
                            .exclusively(before: TapGesture().onEnded { log.events.append("single") }))
                        .id("exclusive")
                }
            }
        }
        let clock = ManualClock()
        let preview = live(Board(log: log), clock: clock)
        // Simultaneous: held 0.4 s, then dragged: both end.
        var p = try centre(preview, "simultaneous")
        _ = try preview.send(.pointer(.down, at: p))
        clock.now += 0.4
        _ = try preview.send(.wait(0))
        _ = try preview.send(.pointer(.move, at: CGPoint(x: p.x + 30, y: p.y)))
        _ = try preview.send(.pointer(.up, at: CGPoint(x: p.x + 30, y: p.y)))
        #expect(log.events == ["long", "drag", "both true true"])
        // Sequenced: a drag before the long press ended does nothing; after it, the drag runs.
        log.events = []
        p = try centre(preview, "sequence")
        _ = try preview.send(.pointer(.down, at: p))
        _ = try preview.send(.pointer(.move, at: CGPoint(x: p.x + 30, y: p.y)))
        _ = try preview.send(.pointer(.up, at: CGPoint(x: p.x + 30, y: p.y)))
        #expect(log.events.isEmpty)
        _ = try preview.send(.pointer(.down, at: p))
        clock.now += 0.35
        _ = try preview.send(.wait(0))
        _ = try preview.send(.pointer(.move, at: CGPoint(x: p.x + 40, y: p.y)))
        _ = try preview.send(.pointer(.up, at: CGPoint(x: p.x + 40, y: p.y)))
        #expect(log.events == ["seq drag 40", "seq end true"])
        // Exclusive: a single click is the single tap; a double click (a press counted 2) the double.
        log.events = []
        p = try centre(preview, "exclusive")
        _ = try preview.send(.pointer(.down, at: p, count: 1))
        _ = try preview.send(.pointer(.up, at: p))
        _ = try preview.send(.pointer(.down, at: p, count: 2))
        _ = try preview.send(.pointer(.up, at: p))
        #expect(log.events == ["single", "double"])
    }

    /// Precedence: a Button's tap wins over a tap gesture around it; a high-priority gesture
    /// around it wins over the Button; a simultaneous one runs with the Button.
    @Test func aHighPriorityGestureWinsOverAChildsTap() throws {
        final class Log { var events: [String] = [] }
        let log = Log()
        struct Panel: View {
            let log: Log
            var body: some View {
                VStack(spacing: 20) {
                    Button("Inner") { log.events.append("button 1") }.id("normal")
                        .gesture(TapGesture().onEnded { log.events.append("outer 1") })
                    Button("Inner") { log.events.append("button 2") }.id("high")
                        .highPriorityGesture(TapGesture().onEnded { log.events.append("outer 2") })
                    Button("Inner") { log.events.append("button 3") }.id("simultaneous")
                        .simultaneousGesture(TapGesture().onEnded { log.events.append("outer 3") })
                    Button("Inner") { log.events.append("button 4") }.id("masked")
                        .gesture(TapGesture().onEnded { log.events.append("outer 4") }, including: .subviews)
                }
            }
        }
        let preview = live(Panel(log: log), clock: ManualClock())
        for id in ["normal", "high", "simultaneous", "masked"] {
            _ = try preview.send(.tap(try centre(preview, id)))
        }
        #expect(log.events == ["button 1", "outer 2", "button 3", "outer 3", "button 4"])
    }

    /// Hit testing: a gesture on a view behind another takes nothing through it; with
    /// `allowsHitTesting(false)` in front it does; a disabled view's gesture does not run.
    @Test func gesturesAreHitTestedLikeTaps() throws {
        final class Log { var events: [String] = [] }
        let log = Log()
        struct Stack: View {
            let log: Log
            let coverTakesHits: Bool
            var body: some View {
                VStack {
                    ZStack {
                        Color.gray.frame(width: 100, height: 100)
                            .gesture(DragGesture().onEnded { _ in log.events.append("behind") })
                        Color.white.opacity(0.5).frame(width: 100, height: 100).allowsHitTesting(coverTakesHits)
                    }.id("stack")
                    Color.red.frame(width: 100, height: 100)
                        .gesture(DragGesture().onEnded { _ in log.events.append("disabled") })
                        .disabled(true)
                        .id("off")
                }
            }
        }
        let covered = live(Stack(log: log, coverTakesHits: true), clock: ManualClock())
        #expect(throws: LiveEventError.self) { try covered.send(.drag(from: try covered.centre(ofViewWithID: "stack"), by: CGSize(width: 40, height: 0))) }
        #expect(throws: LiveEventError.self) { try covered.send(.drag(from: try covered.centre(ofViewWithID: "off"), by: CGSize(width: 40, height: 0))) }
        let through = live(Stack(log: log, coverTakesHits: false), clock: ManualClock())
        _ = try through.send(.drag(from: try through.centre(ofViewWithID: "stack"), by: CGSize(width: 40, height: 0)))
        #expect(log.events == ["behind"])
    }

    /// In a scroll view, a view's DragGesture takes a drag that starts on it (the scroll stays);
    /// with `simultaneousGesture` both run; elsewhere the drag scrolls.
    @Test func aDragGestureInAScrollViewWinsOverTheScroll() throws {
        final class Log { var drags = 0 }
        let log = Log()
        struct Feed: View {
            let log: Log
            let simultaneous: Bool
            var body: some View {
                ScrollView {
                    VStack(spacing: 0) {
                        let drag = DragGesture().onEnded { _ in log.drags += 1 }
                        if simultaneous {
                            Color.orange.frame(height: 100).simultaneousGesture(drag).id("card")
                        } else {
                            Color.orange.frame(height: 100).gesture(drag).id("card")
                        }
                        ForEach(0..<20, id: \.self) { i in Text("Row \(i)").frame(height: 44).id("row-\(i)") }
                    }
                }
                .id("scroll")
            }
        }
        func contentTop(_ r: LayoutResult) throws -> CGFloat { try frame(r, id: "card").minY }
        let exclusive = live(Feed(log: log, simultaneous: false), clock: ManualClock(), size: CGSize(width: 300, height: 400))
        let top = try contentTop(exclusive.lastResult!)
        _ = try exclusive.send(.drag(from: try exclusive.centre(ofViewWithID: "card"), by: CGSize(width: 0, height: -60)))
        #expect(log.drags == 1)
        #expect(try contentTop(exclusive.lastResult!) == top)
        _ = try exclusive.send(.drag(from: try exclusive.centre(ofViewWithID: "row-3"), by: CGSize(width: 0, height: -60)))
        #expect(try contentTop(exclusive.lastResult!) == top - 60)
        let both = live(Feed(log: log, simultaneous: true), clock: ManualClock(), size: CGSize(width: 300, height: 400))
        _ = try both.send(.drag(from: try both.centre(ofViewWithID: "card"), by: CGSize(width: 0, height: -60)))
        #expect(log.drags == 2)
        #expect(try contentTop(both.lastResult!) == top - 60)
    }

    /// A pinch magnifies and rotates: `MagnifyGesture` and `RotateGesture` together, their
    /// state kept on the end; a pinch where nothing magnifies is an error.
    @Test func aPinchMagnifiesAndRotates() throws {
        struct Photo: View {
            @State var scale: CGFloat = 1
            @State var angle = Angle.zero
            @GestureState var pinch: CGFloat = 1
            var body: some View {
                VStack {
                    Rectangle().fill(.teal).frame(width: 100, height: 100)
                        .scaleEffect(scale * pinch)
                        .gesture(MagnifyGesture().updating($pinch) { v, s, _ in s = v.magnification }
                            .onEnded { scale *= $0.magnification }
                            .simultaneously(with: RotateGesture().onEnded { angle += $0.rotation }))
                        .id("photo")
                    Text("\(Int((scale * 100).rounded())) \(Int(angle.degrees.rounded())) \(Int((pinch * 100).rounded()))").id("readout")
                    Text("no gestures").id("plain")
                }
            }
        }
        let preview = live(Photo(), clock: ManualClock())
        let p = try centre(preview, "photo")
        _ = try preview.send(.pinch(at: p, scale: 2, rotation: .degrees(30)))
        #expect(preview.lastResult!.views.contains { $0.detail == "\"200 30 100\"" })
        // Mid-pinch the gesture state holds the pinch's scale; at its end it goes back.
        _ = try preview.send(.transform(.began, at: p))
        let mid = try preview.send(.transform(.changed, at: p, scale: 1.5))
        #expect(mid.result.views.contains { $0.detail == "\"200 30 150\"" })
        _ = try preview.send(.transform(.ended, at: p, scale: 1.5))
        #expect(preview.lastResult!.views.contains { $0.detail == "\"300 30 100\"" })
        #expect(throws: LiveEventError.self) { try preview.send(.pinch(at: try preview.centre(ofViewWithID: "plain"), scale: 2)) }
    }

    /// Views without gestures keep the plain tap path: no gesture bookkeeping in the graph.
    @Test func viewsWithoutGesturesRegisterNone() throws {
        struct Plain: View {
            @State var on = false
            var body: some View { Toggle("On", isOn: $on).id("toggle") }
        }
        let preview = live(Plain(), clock: ManualClock())
        #expect(preview.graph.gestureAttachments.isEmpty)
        _ = try preview.send(.pointer(.down, at: try centre(preview, "toggle")))
        #expect(preview.isTrackingPointer)
        // The row's centre is its label, which takes nothing (as on iOS): the release says so.
        #expect(throws: LiveEventError.self) { try preview.send(.pointer(.up, at: try centre(preview, "toggle"))) }
        #expect(!preview.isTrackingPointer)
    }
}
