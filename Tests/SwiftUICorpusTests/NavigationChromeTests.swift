import Foundation
import LayoutTestSupport
import SwiftUI
import Testing

// Navigation chrome on an iPhone 15 screen (393 × 852, no safe area): screens written as
// public SwiftUI sample code writes them, laid out with the deterministic measurer (every glyph
// as wide and as tall as its font size). The numbers: NavigationBarMetrics
// (Sources/SwiftUI/Containers/NavigationChrome.swift) and Fixtures/navigation-bars.yaml, with
// their sources: a 44-point bar, a 52-point large-title row (96 in all), a 52-point search row
// holding a 36-point field, a 49-point bottom toolbar, items 16 from the edges.

private struct AccountSettings: View {
    @State private var notifications = true
    var body: some View {
        NavigationStack {
            Form {
                Section("Account") {
                    Toggle("Notifications", isOn: $notifications)
                    LabeledContent("Version", value: "1.0")
                }
            }
            .navigationTitle("Settings")
            .toolbar {
                Button("Edit") {}
            }
        }
    }
}

private struct FruitList: View {
    @State private var query = ""
    let fruit = ["Apples", "Bananas", "Cherries"]
    var filtered: [String] { query.isEmpty ? fruit : fruit.filter { $0.localizedCaseInsensitiveContains(query) } }
    var body: some View {
        NavigationStack {
            List(filtered, id: \.self) { name in
                Text(name)
            }
            .navigationTitle("Fruit")
            .searchable(text: $query, prompt: "Search fruit")
        }
    }
}

private struct NewEventSheet: View {
    @State private var title = ""
    var body: some View {
        NavigationView {
            Form {
                TextField("Title", text: $title)
            }
            .navigationBarTitle("New Event", displayMode: .inline)
            .toolbar {
                ToolbarItem(placement: .cancellationAction) {
                    Button("Cancel") {}
                }
                ToolbarItem(placement: .confirmationAction) {
                    Button("Add") {}.disabled(title.isEmpty)
                }
                ToolbarItemGroup(placement: .bottomBar) {
                    Button("Clear") {}
                    Spacer()
                    Button("Calendar") {}
                }
                ToolbarItem(placement: .keyboard) {
                    Button("Done") {}.id("keyboard-done")
                }
            }
        }
    }
}

private struct ComposeScreen: View {
    var body: some View {
        NavigationStack {
            Text("Draft")
                .toolbar {
                    ToolbarItem(placement: .principal) {
                        VStack {
                            Text("Compose").font(.headline)
                            Text("Drafts").font(.caption)
                        }
                    }
                    ToolbarItemGroup(placement: .topBarTrailing) {
                        Button("Send") {}
                        Button("More") {}
                    }
                }
        }
    }
}

private struct PhotoViewer: View {
    var body: some View {
        NavigationStack {
            Color.black
                .id("photo")
                .navigationTitle("Photo")
                .toolbar(.hidden, for: .navigationBar)
        }
    }
}

private struct MailApp: View {
    var body: some View {
        TabView {
            Tab("Inbox", systemImage: "tray") {
                NavigationStack {
                    List {
                        Text("Welcome")
                    }
                    .navigationTitle("Inbox")
                }
            }
            Tab("Sent", systemImage: "paperplane") {
                Text("Sent mail")
            }
        }
    }
}

private struct PlayerTabs: View {
    var body: some View {
        TabView {
            NavigationStack {
                Color.black
                    .id("player")
                    .navigationTitle("Now Playing")
                    .navigationBarTitleDisplayMode(.inline)
                    .toolbar(.hidden, for: .tabBar)
            }
            .tabItem { Label("Player", systemImage: "play") }
            Text("Library")
                .tabItem { Label("Library", systemImage: "books.vertical") }
        }
    }
}

private struct MailSplit: View {
    var body: some View {
        NavigationSplitView {
            List {
                Text("All Inboxes")
            }
            .navigationTitle("Mailboxes")
        } detail: {
            Text("No message selected")
        }
    }
}

@Suite("Navigation chrome: bars, titles, toolbars and search as an iPhone draws them")
struct NavigationChromeTests {
    /// A settings form: the large title at 16 in the 52-point row under the 44-point bar (the
    /// bar is 96 in all), the bare toolbar button at the bar's trailing end, the form below.
    @Test func settingsFormHasALargeTitleAndAnEditButton() throws {
        let r = layout(AccountSettings())
        let bar = try #require(r.frame(of: "navigation-bar"))
        #expect(bar == CGRect(x: 0, y: 0, width: 393, height: 96))
        // "Settings": 8 glyphs of 34, its line 8 above the bar's bottom: y 96 − 8 − 34.
        #expect(close(try r.text("Settings"), CGRect(x: 16, y: 54, width: 272, height: 34)))
        // "Edit": 4 × 17, ending 16 before the trailing edge, centred in the 44-point row.
        #expect(close(try r.text("Edit"), CGRect(x: 393 - 16 - 68, y: 13.5, width: 68, height: 17)))
        let form = try #require(r.all(kind: "Form").first)
        #expect(close(form.frame, CGRect(x: 0, y: 96, width: 393, height: 852 - 96)))
    }

    /// A searchable list: the search field's row (52) under the large title, the field 36 tall
    /// and 16 from the edges, the prompt centred in it; the list starts under the row.
    @Test func searchableListPutsTheFieldUnderTheTitle() throws {
        let r = layout(FruitList())
        #expect(r.frame(of: "navigation-bar") == CGRect(x: 0, y: 0, width: 393, height: 148))
        #expect(r.frame(of: "search-field") == CGRect(x: 16, y: 104, width: 361, height: 36))
        let prompt = try r.text("Search fruit")
        #expect(close(prompt.minY, 104 + (36 - 17) / 2))
        #expect(prompt.minX > 16 + 8, "the magnifying glass comes first")
        let list = try #require(r.all(kind: "List").first)
        #expect(close(list.frame, CGRect(x: 0, y: 148, width: 393, height: 852 - 148)))
    }

    /// A sheet-style editor: the inline title centred in the bar, Cancel leading, Add trailing
    /// (semibold, same width with the deterministic glyphs), the bottom toolbar 49 tall with
    /// its Spacer spreading the items; keyboard items are not shown without a keyboard.
    @Test func editorHasInlineTitleActionsAndABottomBar() throws {
        let r = layout(NewEventSheet())
        #expect(close(try r.text("New Event"), CGRect(x: (393 - 153) / 2, y: 13.5, width: 153, height: 17)))
        #expect(close(try r.text("Cancel"), CGRect(x: 16, y: 13.5, width: 102, height: 17)))
        #expect(close(try r.text("Add"), CGRect(x: 393 - 16 - 51, y: 13.5, width: 51, height: 17)))
        #expect(r.frame(of: "bottom-toolbar") == CGRect(x: 0, y: 852 - 49, width: 393, height: 49))
        #expect(close(try r.text("Clear"), CGRect(x: 16, y: 852 - 49 + 16, width: 85, height: 17)))
        #expect(close(try r.text("Calendar"), CGRect(x: 393 - 16 - 136, y: 852 - 49 + 16, width: 136, height: 17)))
        #expect(r.frame(of: "keyboard-done") == nil)
        let form = try #require(r.all(kind: "Form").first)
        #expect(close(form.frame, CGRect(x: 0, y: 44, width: 393, height: 852 - 44 - 49)))
    }

    /// A principal item replaces the title, centred; a trailing group keeps its order, 16 apart.
    @Test func principalItemAndTrailingGroup() throws {
        let r = layout(ComposeScreen())
        // The principal VStack: "Compose" 119 × 17 over "Drafts" 72 × 12, 8 apart: 37 tall,
        // y (44 − 37) / 2. Centred it would span 137…256, over the trailing items (Send, More:
        // 68 + 16 + 68 = 152, from 393 − 16 − 152 = 225), so it moves left to end at 225.
        let compose = try r.text("Compose")
        #expect(close(compose, CGRect(x: 225 - 119, y: 3.5, width: 119, height: 17)), "\(compose)")
        // "Send" 68 and "More" 68, 16 apart, ending at 377.
        #expect(close(try r.text("More").minX, 377 - 68))
        #expect(close(try r.text("Send").minX, 377 - 68 - 16 - 68))
        // No title: the root keeps the 44-point bar alone; the text is centred below it.
        #expect(close(try r.text("Draft").midY, 44 + (852 - 44) / 2))
    }

    /// `toolbar(.hidden, for: .navigationBar)` removes the bar: the content takes the screen.
    @Test func hiddenBarGivesTheContentTheScreen() throws {
        let r = layout(PhotoViewer())
        #expect(r.frame(of: "navigation-bar") == nil)
        #expect(r.textFrame("Photo") == nil)
        #expect(r.frame(of: "photo") == CGRect(x: 0, y: 0, width: 393, height: 852))
    }

    /// A navigation stack in an iOS 18 `Tab`: its bar on top, the list between it and the
    /// 49-point tab bar, whose titles are 10 points.
    @Test func tabWithANavigationStack() throws {
        let r = layout(MailApp())
        let list = try #require(r.all(kind: "List").first)
        #expect(close(list.frame, CGRect(x: 0, y: 96, width: 393, height: 852 - 96 - 49)))
        #expect(close(try r.text("Inbox").minY, 54), "the large title (the tab's title is in the bar below)")
        let sent = try r.text("Sent")
        #expect(sent.minY > 852 - 49 && close(sent.height, 10))
        #expect(r.frame(of: "tab-bar") == CGRect(x: 0, y: 852 - 49, width: 393, height: 49))
    }

    /// `toolbar(.hidden, for: .tabBar)` in the shown tab removes the tab bar: the stack takes
    /// the whole screen, its content everything under the 44-point inline bar.
    @Test func hiddenTabBarGivesTheTabTheScreen() throws {
        let r = layout(PlayerTabs())
        #expect(r.frame(of: "tab-bar") == nil)
        #expect(r.frame(of: "player") == CGRect(x: 0, y: 44, width: 393, height: 852 - 44))
    }

    /// A split view collapses to a navigation stack of its sidebar on an iPhone.
    @Test func splitViewShowsItsSidebarStack() throws {
        let r = layout(MailSplit())
        #expect(close(try r.text("Mailboxes"), CGRect(x: 16, y: 54, width: 9 * 34, height: 34)))
        #expect(r.textFrame("No message selected") == nil)
        let list = try #require(r.all(kind: "List").first)
        #expect(close(list.frame.minY, 96))
    }

    /// With an iPhone 15's safe area (59 on top, 34 below), the stack is laid out in the safe
    /// area and the bar's background (here the form's, showing through the bar at its scroll
    /// edge) reaches up under the status bar; a tab bar sits on the home indicator's inset, its
    /// material reaching the bottom edge.
    @Test func barsBackgroundsReachIntoTheSafeArea() throws {
        let insets = EdgeInsets(top: 59, leading: 0, bottom: 34, trailing: 0)
        let settingsHost = LayoutHost(AccountSettings(), textMeasurer: DeterministicTextMeasurer())
        settingsHost.safeAreaInsets = insets
        let settings = settingsHost.layout(proposal: ProposedViewSize(phone))
        #expect(settings.frame(of: "navigation-bar") == CGRect(x: 0, y: 59, width: 393, height: 96))
        let fills = settings.views.filter { $0.kind == "Rectangle" }.map(\.frame)
        #expect(fills.contains(CGRect(x: 0, y: 0, width: 393, height: 59 + 96)), "\(fills)")
        let form = try #require(settings.all(kind: "Form").first)
        #expect(close(form.frame.minY, 59 + 96))

        let mailHost = LayoutHost(MailApp(), textMeasurer: DeterministicTextMeasurer())
        mailHost.safeAreaInsets = insets
        let mail = mailHost.layout(proposal: ProposedViewSize(phone))
        #expect(mail.frame(of: "tab-bar") == CGRect(x: 0, y: 852 - 34 - 49, width: 393, height: 49))
    }

    /// A bar background is drawn only with `toolbarBackground(.visible, for:)` (iOS 16: at the
    /// scroll edge the bar is transparent otherwise), with a hairline under the bar.
    @Test func aVisibleToolbarBackgroundIsDrawn() throws {
        func screen(visible: Bool) -> some View {
            NavigationStack {
                Text("Orders")
                    .navigationTitle("Orders")
                    .navigationBarTitleDisplayMode(.inline)
                    .toolbarBackground(Color.indigo, for: .navigationBar)
                    .toolbarBackground(visible ? .visible : .automatic, for: .navigationBar)
            }
        }
        let shown = layout(screen(visible: true)), plain = layout(screen(visible: false))
        let shownFills = shown.views.filter { $0.kind == "Rectangle" }.map(\.frame)
        let plainFills = plain.views.filter { $0.kind == "Rectangle" }.map(\.frame)
        let bar = CGRect(x: 0, y: 0, width: 393, height: 44)
        #expect(shownFills.contains(bar), "\(shownFills)")
        #expect(shownFills.contains { close($0.maxY, 44) && $0.height < 1 }, "the hairline: \(shownFills)")
        #expect(!plainFills.contains { $0.height < 1 }, "no hairline at the scroll edge: \(plainFills)")
    }

    /// Dark mode changes colours, not frames.
    @Test func darkModeKeepsTheFrames() throws {
        let light = layout(AccountSettings())
        let dark = layout(AccountSettings().environment(\.colorScheme, .dark))
        #expect(light.frame(of: "navigation-bar") == dark.frame(of: "navigation-bar"))
        #expect(try light.text("Settings") == dark.text("Settings"))
    }
}
