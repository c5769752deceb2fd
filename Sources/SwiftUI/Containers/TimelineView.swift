import Foundation
import LayoutCore

/// The dates a `TimelineView` updates at, as SwiftUI's `TimelineSchedule`.
public protocol TimelineSchedule {
    /// How often the schedule may update (SwiftUI lowers it on an idle device; here always normal).
    typealias Mode = TimelineScheduleMode
    /// The dates of the schedule's entries.
    associatedtype Entries: Sequence where Entries.Element == Date
    /// The entries from `startDate` on, in increasing order.
    func entries(from startDate: Date, mode: TimelineScheduleMode) -> Entries
}

/// How often a timeline schedule updates, as SwiftUI's `TimelineScheduleMode`.
public enum TimelineScheduleMode: Sendable, Hashable {
    /// Updates as the schedule asks.
    case normal
    /// Updates less often (an always-on display).
    case lowFrequency
}

/// A schedule of dates an interval apart, as SwiftUI's `PeriodicTimelineSchedule`.
public struct PeriodicTimelineSchedule: TimelineSchedule, Sendable {
    /// The dates `startDate + k × interval` for k = 0, 1, 2, … (after the view's start).
    public struct Entries: Sequence, IteratorProtocol, Sendable {
        var upcoming: Date
        let interval: TimeInterval
        /// The next date.
        public mutating func next() -> Date? {
            let date = upcoming
            upcoming = date.addingTimeInterval(interval)
            return date
        }
    }
    let start: Date
    let interval: TimeInterval
    /// Creates a schedule from `startDate` every `interval` seconds.
    ///
    /// Bad input has a defined outcome: an interval that is not a finite positive number is one second.
    public init(from startDate: Date, by interval: TimeInterval) {
        start = startDate
        self.interval = interval.isFinite && interval > 0 ? interval : 1
    }
    /// The entries from the latest at or before `startDate` (the schedule's own start when
    /// `startDate` is before it), so that the view shows the entry of its moment.
    public func entries(from startDate: Date, mode: TimelineScheduleMode) -> Entries {
        Entries(upcoming: latestEntry(atOrBefore: startDate), interval: interval)
    }
    /// `start + k × interval` for the greatest k ≥ 0 that is not after `date` (`start` before it).
    func latestEntry(atOrBefore date: Date) -> Date {
        let elapsed = date.timeIntervalSince(start)
        guard elapsed > 0, elapsed.isFinite else { return start }
        return start.addingTimeInterval((elapsed / interval).rounded(.down) * interval)
    }
}

/// A schedule at the start of every minute, as SwiftUI's `EveryMinuteTimelineSchedule`.
public struct EveryMinuteTimelineSchedule: TimelineSchedule, Sendable {
    /// The start date, then the start of every minute after it.
    public struct Entries: Sequence, IteratorProtocol, Sendable {
        var upcoming: Date?
        /// The next date.
        public mutating func next() -> Date? {
            guard let date = upcoming else { return nil }
            let minute = (date.timeIntervalSinceReferenceDate / 60).rounded(.down) * 60 + 60
            upcoming = Date(timeIntervalSinceReferenceDate: minute)
            return date
        }
    }
    /// Creates the schedule.
    public init() {}
    /// The entries from `startDate`.
    public func entries(from startDate: Date, mode: TimelineScheduleMode) -> Entries { Entries(upcoming: startDate) }
}

/// A schedule of the given dates, as SwiftUI's `ExplicitTimelineSchedule`.
public struct ExplicitTimelineSchedule<Dates: Sequence>: TimelineSchedule where Dates.Element == Date {
    let dates: Dates
    /// Creates a schedule of `dates` (in increasing order).
    public init(_ dates: Dates) { self.dates = dates }
    /// The dates themselves.
    public func entries(from startDate: Date, mode: TimelineScheduleMode) -> Dates { dates }
}

/// A schedule for animations: as often as the display draws, as SwiftUI's `AnimationTimelineSchedule`.
public struct AnimationTimelineSchedule: TimelineSchedule, Sendable {
    /// The start date, then one every `minimumInterval` (a sixtieth of a second by default); none
    /// after the start while paused.
    public struct Entries: Sequence, IteratorProtocol, Sendable {
        var upcoming: Date?
        let interval: TimeInterval
        let paused: Bool
        /// The next date.
        public mutating func next() -> Date? {
            guard let date = upcoming else { return nil }
            upcoming = paused ? nil : date.addingTimeInterval(interval)
            return date
        }
    }
    let minimumInterval: TimeInterval
    let paused: Bool
    /// Creates the schedule; a `minimumInterval` that is not a finite positive number is a sixtieth of a second.
    public init(minimumInterval: Double? = nil, paused: Bool = false) {
        let interval = minimumInterval ?? 1.0 / 60
        self.minimumInterval = interval.isFinite && interval > 0 ? interval : 1.0 / 60
        self.paused = paused
    }
    /// The entries from `startDate`.
    public func entries(from startDate: Date, mode: TimelineScheduleMode) -> Entries {
        Entries(upcoming: startDate, interval: minimumInterval, paused: paused)
    }
}

extension TimelineSchedule where Self == PeriodicTimelineSchedule {
    /// Every `interval` seconds from `startDate`.
    public static func periodic(from startDate: Date, by interval: TimeInterval) -> PeriodicTimelineSchedule {
        PeriodicTimelineSchedule(from: startDate, by: interval)
    }
}

extension TimelineSchedule where Self == EveryMinuteTimelineSchedule {
    /// At the start of every minute.
    public static var everyMinute: EveryMinuteTimelineSchedule { EveryMinuteTimelineSchedule() }
}

extension TimelineSchedule where Self == AnimationTimelineSchedule {
    /// As often as the display draws.
    public static var animation: AnimationTimelineSchedule { AnimationTimelineSchedule() }
    /// At most every `minimumInterval` seconds; never after the start while `paused`.
    public static func animation(minimumInterval: Double? = nil, paused: Bool = false) -> AnimationTimelineSchedule {
        AnimationTimelineSchedule(minimumInterval: minimumInterval, paused: paused)
    }
}

extension TimelineSchedule {
    /// At each of `dates`.
    public static func explicit<S: Sequence>(_ dates: S) -> ExplicitTimelineSchedule<S> where Self == ExplicitTimelineSchedule<S> {
        ExplicitTimelineSchedule(dates)
    }
}

/// What a `TimelineView`'s content is given, as SwiftUI's `TimelineView.Context`.
public struct TimelineViewDefaultContext {
    /// How often the view updates now, as SwiftUI's `Cadence`.
    public enum Cadence: Comparable, Sendable {
        /// As often as the schedule asks.
        case live
        /// About once a second.
        case seconds
        /// About once a minute.
        case minutes
    }
    /// The date of the schedule's entry being shown.
    public let date: Date
    /// How often the view updates (always `.live` here: previews are never on an idle display).
    public let cadence: Cadence
}

/// A view that updates on a schedule, as SwiftUI's `TimelineView`.
///
/// Layout: its content, as a view builder gives it (the timeline adds no view of its own).
/// The content is made with the date of the schedule's latest entry at or before now, counted
/// from when the view appeared (`entries(from:)` is given the appearance date); before the first
/// entry, with the appearance date. In a live preview the view updates at its next entry while
/// time passes (the window lets time pass while a timeline is shown, about ten times a second,
/// so an `.animation` schedule updates at that rate there); a static render shows now.
public struct TimelineView<Schedule: TimelineSchedule, Content: View>: PrimitiveView {
    /// What the content is given.
    public typealias Context = TimelineViewDefaultContext
    let schedule: Schedule
    let content: (Context) -> Content

    /// Creates a view that makes `content` again at each date of `schedule`.
    public init(_ schedule: Schedule, @ViewBuilder content: @escaping (Context) -> Content) {
        self.schedule = schedule
        self.content = content
    }

    /// Builds the content for the current entry (engine-internal); a live build asks to be
    /// updated at the next one.
    public static func _makeView(_ view: Self, inputs: _ViewInputs, outputs: inout _ViewOutputs) {
        let now = Date()
        var start = now
        if let graph = inputs.state.graph {
            let storage = graph.builtInStorage(mixKey(inputs.identity, 0x7469_6d65), slotCount: 1)
            if let kept = storage.slots[0] as? TimelineStart { start = kept.date } else { storage.slots[0] = TimelineStart(date: now) }
        }
        let (current, next) = TimelineEntries.current(of: view.schedule, start: start, now: now)
        if let graph = inputs.state.graph, let next { graph.noteTimelineDeadline(next) }
        buildView(view.content(Context(date: current, cadence: .live)), inputs, &outputs)
    }
}

/// When a live `TimelineView` first appeared, kept by its identity.
final class TimelineStart {
    let date: Date
    init(date: Date) { self.date = date }
}

enum TimelineEntries {
    /// How many entries are read at most to find the current one (a schedule of very close
    /// dates far in the past stops there, showing the last entry read).
    static let readLimit = 100_000

    /// The entry to show at `now` (the latest at or before it; `start` before the first) and
    /// the next one after `now`, if any.
    static func current<S: TimelineSchedule>(of schedule: S, start: Date, now: Date) -> (Date, Date?) {
        if let periodic = schedule as? PeriodicTimelineSchedule {
            // Counted, not read one by one: a one-second schedule from 2001 has 800 million entries.
            if periodic.start > now { return (start, periodic.start) }
            let shown = periodic.latestEntry(atOrBefore: now)
            return (shown, shown.addingTimeInterval(periodic.interval))
        }
        var shown = start
        var read = 0
        for date in schedule.entries(from: start, mode: .normal) {
            if date > now { return (shown, date) }
            shown = date
            read += 1
            if read == readLimit { return (shown, nil) }
        }
        return (shown, nil)
    }
}

extension ViewGraph {
    /// A `TimelineView` of the build in progress updates at `date`: the earliest such date is
    /// when time passing invalidates the graph.
    func noteTimelineDeadline(_ date: Date) {
        if let current = timelineDeadline, current <= date { return }
        timelineDeadline = date
    }

    /// Invalidates the graph when a shown `TimelineView`'s next entry has come.
    func updateTimelines(now: Date = Date()) {
        guard let deadline = timelineDeadline, deadline <= now else { return }
        timelineDeadline = nil
        invalidate()
    }
}
