import Foundation
import Testing
@testable import LayoutCore
@testable import SwiftUI

@Suite("TimelineView: content made at each entry of its schedule")
struct LiveTimelineTests {
    /// Seconds since `start`, in tenths, as the content shows them.
    private struct Elapsed: View {
        let start: Date
        let schedule: PeriodicTimelineSchedule
        var body: some View {
            TimelineView(schedule) { context in
                Text("\(Int((context.date.timeIntervalSince(start) * 10).rounded()))").id("elapsed")
            }
        }
    }

    private func shown(_ result: LayoutResult, _ id: String) -> String? {
        result.views.first { $0.isVisible && $0.explicitID.map(LivePreview.describe) == id }?.detail
    }

    @Test func aStaticLayoutShowsTheLatestEntryAtOrBeforeNow() {
        let start = Date().addingTimeInterval(-10.5)
        let result = LayoutHost.layout(Elapsed(start: start, schedule: .periodic(from: start, by: 1)), in: CGSize(width: 200, height: 100))
        #expect(shown(result, "elapsed") == "\"100\"")
    }

    @Test func aLivePreviewUpdatesAtEachEntryWhileTimePasses() throws {
        let start = Date()
        let live = LivePreview(Elapsed(start: start, schedule: .periodic(from: start, by: 0.2)))
        _ = live.layout(proposal: ProposedViewSize(width: 200, height: 100))
        #expect(shown(live.lastResult!, "elapsed") == "\"0\"")
        #expect(live.graph.timeDependentCount == 1, "a timeline asks the window to let time pass")
        let before = live.graph.bodyEvaluations
        _ = try live.send(.wait(0.5))
        let tenths = Int(shown(live.lastResult!, "elapsed")?.dropFirst().dropLast() ?? "") ?? -1
        #expect(tenths >= 4 && tenths % 2 == 0, "an entry of the 0.2 s schedule: \(tenths)")
        #expect(live.graph.bodyEvaluations == before, "the timeline's content is rebuilt, no body runs again")
    }

    @Test func aScheduleThatEndsStopsAskingForTime() throws {
        let now = Date()
        struct Countdown: View {
            let dates: [Date]
            let start: Date
            var body: some View {
                TimelineView(.explicit(dates)) { context in
                    Text(context.date == start ? "waiting" : "entry \(dates.firstIndex(of: context.date) ?? -1)").id("state")
                }
            }
        }
        let live = LivePreview(Countdown(dates: [now.addingTimeInterval(-1), now.addingTimeInterval(0.15)], start: now))
        _ = live.layout(proposal: ProposedViewSize(width: 200, height: 100))
        #expect(shown(live.lastResult!, "state") == "\"entry 0\"")
        #expect(live.graph.timeDependentCount == 1)
        _ = try live.send(.wait(0.3))
        #expect(shown(live.lastResult!, "state") == "\"entry 1\"")
        #expect(live.graph.timeDependentCount == 0, "no entry is left to wait for")
    }

    @Test func theCurrentEntryOfEachSchedule() {
        let start = Date(timeIntervalSinceReferenceDate: 999_960)  // a whole minute (16,666 × 60)
        let now = start.addingTimeInterval(125)
        // Every minute: the start, then the top of each minute.
        let minute = TimelineEntries.current(of: EveryMinuteTimelineSchedule(), start: start.addingTimeInterval(10), now: now)
        #expect(minute.0 == start.addingTimeInterval(120))
        #expect(minute.1 == start.addingTimeInterval(180))
        // Paused animation: the start only, and nothing to wait for.
        let paused = TimelineEntries.current(of: AnimationTimelineSchedule(minimumInterval: 0.5, paused: true), start: start, now: now)
        #expect(paused.0 == start && paused.1 == nil)
        let running = TimelineEntries.current(of: AnimationTimelineSchedule(minimumInterval: 0.5), start: start, now: now)
        #expect(running.0 == now && running.1 == now.addingTimeInterval(0.5))
        // Explicit dates all in the future: the view's start until the first.
        let future = TimelineEntries.current(of: ExplicitTimelineSchedule([now.addingTimeInterval(5)]), start: start, now: now)
        #expect(future.0 == start && future.1 == now.addingTimeInterval(5))
        // A schedule that starts later shows the view's start until then.
        let later = TimelineEntries.current(of: PeriodicTimelineSchedule(from: now.addingTimeInterval(3), by: 1), start: start, now: now)
        #expect(later.0 == start && later.1 == now.addingTimeInterval(3))
        // Bad intervals have a defined outcome: one second, a sixtieth.
        let bad = TimelineEntries.current(of: PeriodicTimelineSchedule(from: start, by: .nan), start: start, now: now)
        #expect(bad.0 == now && bad.1 == now.addingTimeInterval(1))
        #expect(AnimationTimelineSchedule(minimumInterval: -1).minimumInterval == 1.0 / 60)
    }
}
