import Foundation
import LayoutCore

/// A month to pick a day from, as iOS's graphical date picker (and the popover of the compact
/// one): the month and year with buttons to the previous and next month, the weekdays, and the
/// days in a 6-row grid, the selected day in the tint colour on a faint tint circle.
///
/// Metrics (iOS 17, measured from screenshots): a 44-point header, 16-point side insets,
/// 24-point weekday row, 40-point day cells in 20-point text. A tap on a day selects it
/// (keeping the time of day); the month buttons (`.id("calendar-previous")`,
/// `.id("calendar-next")`) turn the month shown, which is kept by the calendar's identity.
/// Days are `.id("day-N")`.
struct _CalendarMonth: View {
    let selection: Binding<Date>
    @State private var monthOffset = 0
    @Environment(\.calendar) private var calendar
    init(selection: Binding<Date>) { self.selection = selection }

    var body: some View {
        let selected = selection.wrappedValue
        let start = calendar.dateInterval(of: .month, for: selected)?.start ?? selected
        let month = calendar.date(byAdding: .month, value: monthOffset, to: start) ?? start
        let days = calendar.range(of: .day, in: .month, for: month)?.count ?? 30
        let lead = (calendar.component(.weekday, from: month) - calendar.firstWeekday + 7) % 7
        let isSelectedMonth = calendar.isDate(month, equalTo: selected, toGranularity: .month)
        let selectedDay = isSelectedMonth ? calendar.component(.day, from: selected) : nil
        let symbols = calendar.shortStandaloneWeekdaySymbols
        let weekdays = (0..<7).map { symbols[($0 + calendar.firstWeekday - 1) % 7].uppercased() }
        VStack(spacing: 0) {
            HStack(spacing: 4) {
                Text(verbatim: month.formatted(.dateTime.month(.wide).year())).font(.headline)
                Chevron(pointsLeft: false).stroke(.tint, lineWidth: 2).frame(width: 7, height: 12)
                Spacer()
                Button { monthOffset -= 1 } label: { Chevron(pointsLeft: true).stroke(.tint, lineWidth: 2.5).frame(width: 10, height: 18).padding(6) }
                    .buttonStyle(.plain).id("calendar-previous")
                Button { monthOffset += 1 } label: { Chevron(pointsLeft: false).stroke(.tint, lineWidth: 2.5).frame(width: 10, height: 18).padding(6) }
                    .buttonStyle(.plain).id("calendar-next").padding(.leading, 16)
            }
            .padding(.horizontal, 16)
            .frame(height: 44)
            HStack(spacing: 0) {
                ForEach(0..<7, id: \.self) { i in
                    Text(verbatim: weekdays[i]).font(.footnote).fontWeight(.semibold).foregroundStyle(.tertiary).frame(maxWidth: .infinity)
                }
            }
            .frame(height: 24)
            .padding(.horizontal, 8)
            VStack(spacing: 0) {
                ForEach(0..<6, id: \.self) { row in
                    HStack(spacing: 0) {
                        ForEach(0..<7, id: \.self) { column in
                            cell(row * 7 + column - lead + 1, days: days, selectedDay: selectedDay, month: month)
                        }
                    }
                }
            }
            .padding(.horizontal, 8)
        }
    }

    @ViewBuilder private func cell(_ day: Int, days: Int, selectedDay: Int?, month: Date) -> some View {
        if day >= 1, day <= days {
            let isSelected = day == selectedDay
            Button { select(day, in: month) } label: {
                Text(verbatim: String(day))
                    .font(.system(size: 20, weight: isSelected ? .semibold : .regular))
                    .foregroundStyle(isSelected ? AnyShapeStyle(TintShapeStyle()) : AnyShapeStyle(HierarchicalShapeStyle.primary))
                    .frame(width: 40, height: 40)
                    .background(Circle().fill(.tint).opacity(isSelected ? 0.15 : 0))
            }
            .buttonStyle(.plain)
            .frame(maxWidth: .infinity)
            .id("day-\(day)")
        } else {
            Color.clear.frame(maxWidth: .infinity).frame(height: 40)
        }
    }

    /// Selects `day` of `month` at the selection's time of day.
    private func select(_ day: Int, in month: Date) {
        var parts = calendar.dateComponents([.hour, .minute, .second, .nanosecond], from: selection.wrappedValue)
        let monthParts = calendar.dateComponents([.year, .month], from: month)
        parts.year = monthParts.year
        parts.month = monthParts.month
        parts.day = day
        if let date = calendar.date(from: parts) { selection.wrappedValue = date }
    }
}

/// A compact date picker's popover: the month on the popover's rounded surface (white; in dark
/// mode the elevated #1C1C1E, which sets it apart from the black screen), 320 points wide.
struct CalendarPopover: View {
    let selection: Binding<Date>
    var body: some View {
        _CalendarMonth(selection: selection)
            .padding(.bottom, 8)
            .frame(width: 320)
            .background(RoundedRectangle(cornerRadius: MenuMetrics.cornerRadius).fill(Color(storage: .system(.secondaryGroupedBackground))))
            .shadow(color: Color.black.opacity(0.18), radius: 24, y: 8)
            .id("calendar")
    }
}

/// A chevron, as the symbols `chevron.left` and `chevron.right` (symbols draw as placeholders).
struct Chevron: Shape {
    let pointsLeft: Bool
    func path(in rect: CGRect) -> Path {
        var p = Path()
        let tip = pointsLeft ? rect.minX : rect.maxX, back = pointsLeft ? rect.maxX : rect.minX
        p.move(to: CGPoint(x: back, y: rect.minY))
        p.addLine(to: CGPoint(x: tip, y: rect.midY))
        p.addLine(to: CGPoint(x: back, y: rect.maxY))
        return p
    }
}
