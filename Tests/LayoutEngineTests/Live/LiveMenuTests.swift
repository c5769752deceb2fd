import Foundation
import Testing
@testable import LayoutCore
@testable import SwiftUI

@Suite("Live previews: menus, menu and inline pickers, links and date pickers")
struct LiveMenuTests {

    private enum Flavor: String, CaseIterable, Identifiable { case vanilla, chocolate, mint; var id: Self { self } }

    @Test func aMenuPickerOpensItsOptionsNextToItAndATapSelects() throws {
        struct Order: View {
            @State var flavor = Flavor.vanilla
            var body: some View {
                Form {
                    Picker("Flavor", selection: $flavor) {
                        ForEach(Flavor.allCases) { Text($0.rawValue.capitalized).tag($0) }
                    }
                    .id("picker")
                    Text("chose \(flavor.rawValue)")
                }
            }
        }
        let live = LivePreview(Order())
        _ = live.layout(proposal: ProposedViewSize(width: 390, height: 700))
        let row = try live.lastResult!.frame(ofShown: "picker")
        #expect(!live.lastResult!.shows(id: "menu"))
        let open = try live.send(.tap(CGPoint(x: row.midX, y: row.midY)))
        #expect(open.changed)
        let menu = try open.result.frame(ofShown: "menu")
        // Below the row, its trailing edge at the row's (the row is wider than half the screen).
        #expect(menu.minY == row.maxY + MenuMetrics.gap)
        #expect(abs(menu.maxX - row.maxX) < 0.01 && menu.width == MenuMetrics.width)
        #expect(try open.result.frame(ofShown: "menu-item-0").height == MenuMetrics.rowHeight)
        #expect(open.result.shownTexts.filter { $0 == "\"Chocolate\"" }.count == 1, "the options are listed")
        // Escape closes it without choosing; a tap opens it again.
        let escaped = try live.send(.key(.escape))
        #expect(!escaped.result.shows(id: "menu"))
        #expect(escaped.result.shownTexts.contains("\"chose vanilla\""))
        _ = try live.send(.tap(CGPoint(x: row.midX, y: row.midY)))
        _ = try live.send(.tap(live.centre(ofViewWithID: "menu-item-1")))
        #expect(live.lastResult!.shownTexts.contains("\"chose chocolate\""))
        #expect(!live.lastResult!.shows(id: "menu"), "choosing closes the menu")
        #expect(live.lastResult!.shownTexts.contains("\"Chocolate\""), "the row shows the selection")
    }

    @Test func aTapOutsideAMenuClosesItAndReachesNothingElse() throws {
        struct Screen: View {
            @State var taps = 0
            @State var size = 1
            var body: some View {
                VStack {
                    Button("Count \(taps)") { taps += 1 }.id("count")
                    Picker("Size", selection: $size) { Text("Small").tag(1); Text("Large").tag(2) }.id("picker")
                    Spacer()
                }
            }
        }
        let live = LivePreview(Screen())
        _ = live.layout(proposal: ProposedViewSize(width: 390, height: 600))
        let picker = try live.lastResult!.frame(ofShown: "picker")
        _ = try live.send(.tap(CGPoint(x: picker.midX, y: picker.midY)))
        let menu = try live.lastResult!.frame(ofShown: "menu")
        // A picker in the middle of the screen opens with its leading edge at the picker's,
        // moved left to stay 8 points inside the screen.
        #expect(menu.minX == min(picker.minX, 390 - MenuMetrics.margin - MenuMetrics.width))
        #expect(menu.minY == picker.maxY + MenuMetrics.gap)
        _ = try live.send(.tap(live.centre(ofViewWithID: "count")))
        #expect(!live.lastResult!.shows(id: "menu"))
        #expect(live.lastResult!.shownTexts.contains("\"Count 0\""), "the tap only closed the menu")
        _ = try live.send(.tap(live.centre(ofViewWithID: "count")))
        #expect(live.lastResult!.shownTexts.contains("\"Count 1\""))
    }

    @Test func aMenuRunsTheTappedButtonAndCloses() throws {
        struct Actions: View {
            @State var log: [String] = []
            var body: some View {
                VStack {
                    Menu("Actions") {
                        Button("Duplicate") { log.append("duplicate") }
                        Button("Rename") { log.append("rename") }
                        Button("Delete", role: .destructive) { log.append("delete") }
                    }
                    .id("menu-button")
                    Text(log.joined(separator: ","))
                }
            }
        }
        let live = LivePreview(Actions())
        _ = live.layout(proposal: ProposedViewSize(width: 390, height: 600))
        _ = try live.send(.tap(live.centre(ofViewWithID: "menu-button")))
        let shown = live.lastResult!.shownTexts
        #expect(shown.contains("\"Duplicate\"") && shown.contains("\"Delete\""))
        // Three rows between two hairlines.
        let first = try live.lastResult!.frame(ofShown: "menu-item-0"), third = try live.lastResult!.frame(ofShown: "menu-item-2")
        #expect(abs(third.minY - first.minY - 2 * (MenuMetrics.rowHeight + 0.33)) < 0.01, "\(first) \(third)")
        _ = try live.send(.tap(live.centre(ofViewWithID: "menu-item-1")))
        #expect(live.lastResult!.shownTexts.contains("\"rename\""))
        #expect(!live.lastResult!.shows(id: "menu"))
    }

    @Test func aDividerInAMenuSeparatesGroups() throws {
        struct Screen: View {
            var body: some View {
                Menu("Edit") {
                    Button("Copy") {}
                    Button("Paste") {}
                    Divider()
                    Button("Delete", role: .destructive) {}
                }
                .id("edit")
            }
        }
        let live = LivePreview(Screen())
        _ = live.layout(proposal: ProposedViewSize(width: 390, height: 600))
        _ = try live.send(.tap(live.centre(ofViewWithID: "edit")))
        let result = try #require(live.lastResult)
        let copy = try result.frame(ofShown: "menu-item-0"), paste = try result.frame(ofShown: "menu-item-1")
        let delete = try result.frame(ofShown: "menu-item-2")
        #expect(abs(paste.minY - copy.maxY - 0.33) < 0.01, "a hairline between the rows of a group")
        #expect(abs(delete.minY - paste.maxY - MenuMetrics.groupGap) < 0.01, "the divider is a gap, not a row")
        #expect(!result.views.contains { $0.kind == "Divider" })
    }

    @Test func aMenuWithAPrimaryActionRunsItOnATap() throws {
        struct Screen: View {
            @State var primary = 0
            var body: some View {
                Menu("Add") { Button("Other") {} } primaryAction: { primary += 1 }
                    .id("add")
                    .overlay(alignment: .bottom) { Text("\(primary)").offset(y: 30) }
            }
        }
        let live = LivePreview(Screen())
        _ = live.layout(proposal: ProposedViewSize(width: 300, height: 300))
        _ = try live.send(.tap(live.centre(ofViewWithID: "add")))
        #expect(live.lastResult!.shownTexts.contains("\"1\""))
        #expect(!live.lastResult!.shows(id: "menu"))
    }

    @Test func anInlinePickerInAFormSelectsTheTappedRow() throws {
        struct Settings: View {
            @State var mode = 0
            var body: some View {
                Form {
                    Picker("Mode", selection: $mode) {
                        Text("Light").tag(0).id("light")
                        Text("Dark").tag(1).id("dark")
                    }
                    .pickerStyle(.inline)
                    Text("mode \(mode)")
                }
            }
        }
        let live = LivePreview(Settings())
        _ = live.layout(proposal: ProposedViewSize(width: 390, height: 600))
        let light = try live.lastResult!.frame(ofShown: "light"), dark = try live.lastResult!.frame(ofShown: "dark")
        #expect(dark.minY > light.maxY, "each option is a row")
        let marks = { live.lastResult!.views.filter { $0.kind == "Checkmark" } }
        #expect(marks().count == 2)
        _ = try live.send(.tap(CGPoint(x: dark.minX + 2, y: dark.midY)))
        #expect(live.lastResult!.shownTexts.contains("\"mode 1\""))
    }

    @Test func aWheelSelectsTheNeighbourAboveOrBelowItsBand() throws {
        struct Wheel: View {
            @State var n = 2
            var body: some View {
                VStack {
                    Picker("N", selection: $n) { ForEach(0..<5, id: \.self) { Text("Item \($0)") } }
                        .pickerStyle(.wheel).id("wheel")
                    Text("n = \(n)")
                }
            }
        }
        let live = LivePreview(Wheel())
        _ = live.layout(proposal: ProposedViewSize(width: 300, height: 400))
        let wheel = try live.lastResult!.frame(ofShown: "wheel")
        _ = try live.send(.tap(CGPoint(x: wheel.midX, y: wheel.midY + 50)))
        #expect(live.lastResult!.shownTexts.contains("\"n = 3\""))
        _ = try live.send(.tap(CGPoint(x: wheel.midX, y: wheel.midY - 50)))
        _ = try live.send(.tap(CGPoint(x: wheel.midX, y: wheel.midY - 50)))
        #expect(live.lastResult!.shownTexts.contains("\"n = 1\""))
        // A tap on the band changes nothing.
        #expect(try !live.send(.tap(CGPoint(x: wheel.midX, y: wheel.midY))).changed)
    }

    @Test func aLinkShowsTheURLItWouldOpenUnlessOpenURLHandlesIt() throws {
        struct About: View {
            var body: some View {
                Link("Website", destination: URL(string: "https://example.com/about")!).id("link")
            }
        }
        let live = LivePreview(About())
        _ = live.layout(proposal: ProposedViewSize(width: 390, height: 600))
        _ = try live.send(.tap(live.centre(ofViewWithID: "link")))
        #expect(live.lastResult!.shownTexts.contains("\"https://example.com/about\""))
        _ = try live.send(.tap(live.centre(ofViewWithID: "link-notice")))
        #expect(!live.lastResult!.shows(id: "link-notice"))

        final class Opened: @unchecked Sendable { var urls: [URL] = [] }
        let opened = Opened()
        let handled = LivePreview(About().environment(\.openURL, OpenURLAction { url in opened.urls.append(url); return .handled }))
        _ = handled.layout(proposal: ProposedViewSize(width: 390, height: 600))
        _ = try handled.send(.tap(handled.centre(ofViewWithID: "link")))
        #expect(opened.urls == [URL(string: "https://example.com/about")!])
        #expect(!handled.lastResult!.shows(id: "link-notice"))
    }

    @Test func aCompactDatePickerOpensAMonthAndATapOnADaySelectsIt() throws {
        struct Booking: View {
            @State var date: Date
            var body: some View {
                VStack {
                    DatePicker("Check-in", selection: $date, displayedComponents: .date).labelsHidden().id("picker")
                    Text("day \(Calendar.current.component(.day, from: date)) hour \(Calendar.current.component(.hour, from: date))")
                }
            }
        }
        let start = Calendar.current.date(from: DateComponents(year: 2026, month: 3, day: 5, hour: 14))!
        let live = LivePreview(Booking(date: start))
        _ = live.layout(proposal: ProposedViewSize(width: 390, height: 700))
        _ = try live.send(.tap(live.centre(ofViewWithID: "picker")))
        #expect(live.lastResult!.shows(id: "calendar"))
        #expect(live.lastResult!.shownTexts.contains("\"March 2026\""))
        _ = try live.send(.tap(live.centre(ofViewWithID: "day-12")))
        #expect(live.lastResult!.shownTexts.contains("\"day 12 hour 14\""), "the day changes, the time stays")
        _ = try live.send(.tap(live.centre(ofViewWithID: "calendar-next")))
        #expect(live.lastResult!.shownTexts.contains("\"April 2026\""))
        _ = try live.send(.tap(live.centre(ofViewWithID: "day-1")))
        #expect(live.lastResult!.shownTexts.contains("\"day 1 hour 14\""))
        // A tap outside closes the popover.
        _ = try live.send(.tap(CGPoint(x: 5, y: 695)))
        #expect(!live.lastResult!.shows(id: "calendar"))
    }
}
