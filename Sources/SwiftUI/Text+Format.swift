import Foundation
import LayoutCore

extension Text {
    /// Creates text that shows `input` formatted by `format`, as in SwiftUI (iOS 15): the text
    /// is Foundation's formatted string, measured and drawn like any other text.
    public init<F: FormatStyle>(_ input: F.FormatInput, format: F) where F.FormatInput: Equatable, F.FormatOutput == String {
        self.init(verbatim: format.format(input))
    }

    /// Creates text that shows a date in a style, as in SwiftUI, formatted by Foundation in the
    /// current locale.
    ///
    /// `.date` is the long date ("June 3, 2019" in US English) and `.time` the short time
    /// ("11:23 PM"), SwiftUI's formats. `.relative` ("2 hours, 23 minutes"), `.offset`
    /// ("+2 hours") and `.timer` ("2:32") count from the moment the view is built: the text
    /// does not update itself afterwards (a layout is a snapshot).
    public init(_ date: Date, style: DateStyle) {
        self.init(verbatim: style.format(date, now: Date()))
    }

    /// A predefined style for showing a date, as SwiftUI's `Text.DateStyle`.
    public struct DateStyle: Hashable, Sendable {
        enum Kind: Hashable, Sendable { case time, date, relative, offset, timer }
        let kind: Kind
        /// The time of day, short ("11:23 PM").
        public static let time = DateStyle(kind: .time)
        /// The date, long ("June 3, 2019").
        public static let date = DateStyle(kind: .date)
        /// The time from now to the date, two units at most ("2 hours, 23 minutes").
        public static let relative = DateStyle(kind: .relative)
        /// The signed offset from now, one unit ("+2 hours", "-3 days").
        public static let offset = DateStyle(kind: .offset)
        /// A counting timer from now ("2:32", "36:59:01").
        public static let timer = DateStyle(kind: .timer)

        /// The text for `date` seen at `now`.
        func format(_ date: Date, now: Date) -> String {
            let interval = date.timeIntervalSince(now)
            let magnitude = Duration.seconds(Int64(abs(interval).rounded(.down)))
            let units: Set<Duration.UnitsFormatStyle.Unit> = [.weeks, .days, .hours, .minutes, .seconds]
            switch kind {
            case .date: return date.formatted(date: .long, time: .omitted)
            case .time: return date.formatted(date: .omitted, time: .shortened)
            case .relative:
                return magnitude.formatted(.units(allowed: units, width: .wide, maximumUnitCount: 2))
            case .offset:
                let text = magnitude.formatted(.units(allowed: units, width: .wide, maximumUnitCount: 1))
                return (interval < 0 ? "-" : "+") + text
            case .timer:
                return magnitude.formatted(.time(pattern: abs(interval) >= 3600 ? .hourMinuteSecond : .minuteSecond))
            }
        }
    }
}
