import Foundation
import Testing
@testable import LayoutCore
@testable import SwiftUI

@Suite("Live previews: TabView switches tabs with its tab bar")
struct LiveTabViewTests {

    private struct Counter: View {
        let name: String
        @State var count = 0
        var body: some View {
            VStack {
                Text("\(name) \(count)")
                Button("Add") { count += 1 }.id("add-\(name)")
            }
        }
    }

    @Test func aTapOnAnItemSelectsItsTagAndHiddenTabsKeepTheirState() throws {
        struct App: View {
            @State var tab = "home"
            var body: some View {
                VStack(spacing: 0) {
                    TabView(selection: $tab) {
                        Counter(name: "Home").tabItem { Label("Home", systemImage: "house") }.tag("home")
                        Counter(name: "Search").tabItem { Label("Search", systemImage: "magnifyingglass") }.tag("search")
                        Counter(name: "Profile").tabItem { Label("Profile", systemImage: "person") }.badge(3).tag("profile")
                    }
                    Text("tab: \(tab)")
                }
            }
        }
        let live = LivePreview(App())
        var result = live.layout(proposal: ProposedViewSize(width: 390, height: 844))
        #expect(result.shownTexts.contains("\"Home 0\""))
        #expect(!result.shownTexts.contains("\"Search 0\""), "only the selected tab is shown")
        #expect(result.shownTexts.contains("\"3\""), "the badge is drawn")
        _ = try live.send(.tap(live.centre(ofViewWithID: "add-Home")))
        _ = try live.send(.tap(live.centre(ofViewWithID: "add-Home")))
        let switched = try live.send(.tap(live.centre(ofViewWithID: "tab-1")))
        #expect(switched.transaction.animation == nil, "a tab switch does not animate")
        result = switched.result
        #expect(result.shownTexts.contains("\"tab: search\""), "the binding got the item's tag")
        #expect(result.shownTexts.contains("\"Search 0\""))
        #expect(!result.shownTexts.contains("\"Home 2\""))
        // The hidden tab's button is not hit-testable: its id is not on screen.
        #expect(throws: LiveEventError.self) { try live.centre(ofViewWithID: "add-Home") }
        _ = try live.send(.tap(live.centre(ofViewWithID: "tab-0")))
        #expect(live.lastResult!.shownTexts.contains("\"Home 2\""), "the home tab kept its state while hidden")
    }

    @Test func theBarIs49PointsAtTheBottomAndTintsTheSelectedItem() throws {
        struct App: View {
            var body: some View {
                TabView {
                    Color.red.id("first").tabItem { Label("One", systemImage: "1.circle") }
                    Color.blue.id("second").tabItem { Image(systemName: "2.circle"); Text("Two") }
                }
                .tint(.purple)
            }
        }
        let live = LivePreview(App())
        let result = live.layout(proposal: ProposedViewSize(width: 390, height: 844))
        #expect(try result.frame(ofShown: "tab-bar") == CGRect(x: 0, y: 795, width: 390, height: 49))
        #expect(try result.frame(ofShown: "first") == CGRect(x: 0, y: 0, width: 390, height: 795))
        #expect(try result.frame(ofShown: "tab-0").width == 195)
        // The selected item's title is drawn in the tint, the other in systemGray.
        func paint(of title: String) -> Paint? {
            for item in result.displayList { if case .text(let run) = item.kind, run.string == title { return run.paint } }
            return nil
        }
        #expect(paint(of: "One") == .color(.purple))
        #expect(paint(of: "Two") == .color(.gray))
        // An Image and a Text item: the symbol at the bar's symbol size, above the title.
        let symbols = result.views.filter { $0.kind == "Image" && $0.frame.minY >= 795 }
        #expect(symbols.count == 2 && symbols.allSatisfy { $0.frame.width == TabBarMetrics.iconSide })
        _ = try live.send(.tap(live.centre(ofViewWithID: "tab-1")))
        #expect(try live.lastResult!.frame(ofShown: "second").height == 795)
    }

    @Test func hiddenTabsRunNoAppearActionsUntilShown() throws {
        final class Log: @unchecked Sendable { var lines: [String] = [] }
        let log = Log()
        struct App: View {
            let log: Log
            var body: some View {
                TabView {
                    Text("A").onAppear { log.lines.append("A") }.tabItem { Text("A") }
                    Text("B").onAppear { log.lines.append("B") }.tabItem { Text("B") }
                }
            }
        }
        let live = LivePreview(App(log: log))
        _ = live.layout(proposal: ProposedViewSize(width: 390, height: 600))
        #expect(log.lines == ["A"])
        _ = try live.send(.tap(live.centre(ofViewWithID: "tab-1")))
        #expect(log.lines == ["A", "B"])
    }

    @Test func tabsDeclaredWithTabAndValuesSelectByValue() throws {
        struct App: View {
            @State var selection = 1
            var body: some View {
                TabView(selection: $selection) {
                    Tab("Inbox", systemImage: "tray", value: 1) { Text("Inbox list") }
                    Tab("Sent", systemImage: "paperplane", value: 2) { Text("Sent list") }
                }
            }
        }
        let live = LivePreview(App())
        _ = live.layout(proposal: ProposedViewSize(width: 390, height: 600))
        #expect(live.lastResult!.shownTexts.contains("\"Inbox list\""))
        _ = try live.send(.tap(live.centre(ofViewWithID: "tab-1")))
        #expect(live.lastResult!.shownTexts.contains("\"Sent list\""))
        #expect(!live.lastResult!.shownTexts.contains("\"Inbox list\""))
    }

    @Test func aPagingTabViewTurnsPagesOnAHorizontalDrag() throws {
        struct Pages: View {
            var body: some View {
                TabView {
                    ForEach(0..<3, id: \.self) { i in Text("Page \(i)") }
                }
                .tabViewStyle(.page)
                .id("pager")
            }
        }
        let live = LivePreview(Pages())
        _ = live.layout(proposal: ProposedViewSize(width: 390, height: 600))
        #expect(live.lastResult!.shownTexts.contains("\"Page 0\""))
        #expect(live.lastResult!.views.first { $0.explicitID.map(LivePreview.describe) == "tab-bar" } == nil, "no tab bar")
        let centre = try live.centre(ofViewWithID: "pager")
        let turn = try live.send(.drag(from: centre, by: CGSize(width: -120, height: 0)))
        #expect(turn.transaction.animation != nil)
        #expect(live.lastResult!.shownTexts.contains("\"Page 1\""))
        _ = try live.send(.drag(from: centre, by: CGSize(width: -120, height: 0)))
        let past = try live.send(.drag(from: centre, by: CGSize(width: -120, height: 0)))
        #expect(!past.changed)
        #expect(live.lastResult!.shownTexts.contains("\"Page 2\""), "the last page stays")
        // A short drag turns no page.
        #expect(try !live.send(.drag(from: centre, by: CGSize(width: 20, height: 0))).changed)
        _ = try live.send(.drag(from: centre, by: CGSize(width: 200, height: 0)))
        #expect(live.lastResult!.shownTexts.contains("\"Page 1\""))
    }

    @Test func aPageWithoutATabItemTakesTaps() throws {
        struct Onboarding: View {
            @State var page = 0
            @State var started = false
            var body: some View {
                TabView(selection: $page) {
                    Text("Welcome").tag(0)
                    Button(started ? "Started" : "Get started") { started = true }.id("start").tag(1)
                }
                .tabViewStyle(.page(indexDisplayMode: .never))
                .id("pager")
            }
        }
        let live = LivePreview(Onboarding())
        _ = live.layout(proposal: ProposedViewSize(width: 390, height: 600))
        _ = try live.send(.drag(from: live.centre(ofViewWithID: "pager"), by: CGSize(width: -100, height: 0)))
        _ = try live.send(.tap(live.centre(ofViewWithID: "start")))
        #expect(live.lastResult!.shownTexts.contains("\"Started\""))
    }

    @Test func eachTabKeepsItsNavigationStack() throws {
        struct App: View {
            var body: some View {
                TabView {
                    NavigationStack {
                        NavigationLink("Open recipe") { Text("Pancakes") }.id("open")
                            .navigationTitle("Recipes")
                    }
                    .tabItem { Label("Recipes", systemImage: "book") }
                    NavigationStack { Text("Settings screen") }
                        .tabItem { Label("Settings", systemImage: "gear") }
                }
            }
        }
        let live = LivePreview(App())
        _ = live.layout(proposal: ProposedViewSize(width: 390, height: 700))
        _ = try live.send(.tap(live.centre(ofViewWithID: "open")))
        #expect(live.lastResult!.shownTexts.contains("\"Pancakes\""))
        _ = try live.send(.tap(live.centre(ofViewWithID: "tab-1")))
        #expect(live.lastResult!.shownTexts.contains("\"Settings screen\""))
        #expect(!live.lastResult!.shows(id: "navigation-back"), "the other tab has its own stack")
        _ = try live.send(.tap(live.centre(ofViewWithID: "tab-0")))
        #expect(live.lastResult!.shownTexts.contains("\"Pancakes\""), "the pushed screen is still there")
        _ = try live.send(.tap(live.centre(ofViewWithID: "navigation-back")))
        #expect(live.lastResult!.shows(id: "open"))
    }

    @Test func aOneOffLayoutDrawsTheBarToo() throws {
        let r = LayoutHost.layout(TabView {
            Color.red.id("content").tabItem { Label("Home", systemImage: "house") }
            Color.blue.tabItem { Label("More", systemImage: "ellipsis") }
        }, in: CGSize(width: 320, height: 480))
        #expect(r.frame(of: "content") == CGRect(x: 0, y: 0, width: 320, height: 431))
        #expect(r.views.contains { $0.kind == "Text" && $0.detail == "\"More\"" })
    }
}
