import Foundation
import Testing
@testable import LayoutCore
@testable import SwiftUI

private struct Recipe: Hashable { let name: String }

@Suite("Live previews: NavigationStack pushes and pops")
struct LiveNavigationTests {
    private func texts(_ result: LayoutResult) -> [String] {
        result.views.filter { $0.isVisible && $0.kind == "Text" }.map(\.detail)
    }

    @Test func aLinkPushesItsDestinationAndBackPops() throws {
        struct Detail: View {
            @State var likes = 0
            var body: some View {
                VStack {
                    Text("Likes: \(likes)")
                    Button("Like") { likes += 1 }.id("like")
                }
                .navigationTitle("Pancakes")
            }
        }
        struct Home: View {
            @State var visits = 0
            var body: some View {
                NavigationStack {
                    VStack {
                        Text("Home \(visits)")
                        Button("Visit") { visits += 1 }.id("visit")
                        NavigationLink("Pancakes") { Detail() }.id("open")
                    }
                    .navigationTitle("Recipes")
                }
            }
        }
        let live = LivePreview(Home())
        _ = live.layout(proposal: ProposedViewSize(width: 390, height: 600))
        _ = try live.send(.tap(live.centre(ofViewWithID: "visit")))
        #expect(texts(live.lastResult!).contains("\"Home 1\""))
        let push = try live.send(.tap(live.centre(ofViewWithID: "open")))
        #expect(push.transaction.animation == navigationTransition)
        var shown = texts(push.result)
        #expect(shown.contains("\"Likes: 0\""))
        #expect(!shown.contains("\"Home 1\""), "the root is under the pushed screen")
        #expect(shown.contains("\"Pancakes\""), "the bar shows the screen's title")
        #expect(shown.contains("\"Recipes\""), "the back button shows the previous screen's title")
        _ = try live.send(.tap(live.centre(ofViewWithID: "like")))
        #expect(texts(live.lastResult!).contains("\"Likes: 1\""))
        _ = try live.send(.tap(live.centre(ofViewWithID: "navigation-back")))
        shown = texts(live.lastResult!)
        #expect(shown.contains("\"Home 1\""), "the root kept its state while hidden: \(shown)")
        #expect(!shown.contains("\"Likes: 1\""))
    }

    @Test func valueLinksUseTheRegisteredDestinationAndThePathBinding() throws {
        struct Book: View {
            @State var path: [Recipe] = []
            var body: some View {
                NavigationStack(path: $path) {
                    VStack {
                        Text("Depth \(path.count)")
                        NavigationLink("Waffles", value: Recipe(name: "Waffles")).id("waffles")
                    }
                    .navigationDestination(for: Recipe.self) { recipe in
                        VStack {
                            Text("Recipe: \(recipe.name)")
                            Button("Home") { path.removeAll() }.id("home")
                            NavigationLink("More", value: Recipe(name: "More \(recipe.name)")).id("more")
                        }
                    }
                }
            }
        }
        let live = LivePreview(Book())
        _ = live.layout(proposal: ProposedViewSize(width: 390, height: 600))
        _ = try live.send(.tap(live.centre(ofViewWithID: "waffles")))
        #expect(texts(live.lastResult!).contains("\"Recipe: Waffles\""))
        _ = try live.send(.tap(live.centre(ofViewWithID: "more")))
        #expect(texts(live.lastResult!).contains("\"Recipe: More Waffles\""))
        _ = try live.send(.tap(live.centre(ofViewWithID: "navigation-back")))
        #expect(texts(live.lastResult!).contains("\"Recipe: Waffles\""))
        _ = try live.send(.tap(live.centre(ofViewWithID: "home")))
        #expect(texts(live.lastResult!).contains("\"Depth 0\""), "writing the path pops to the root")
    }

    @Test func isPresentedDestinationsPushWhileTrue() throws {
        struct Settings: View {
            @State var showAbout = false
            var body: some View {
                NavigationStack {
                    Button("About") { showAbout = true }.id("about")
                        .navigationDestination(isPresented: $showAbout) { Text("Version 1.0") }
                }
            }
        }
        let live = LivePreview(Settings())
        _ = live.layout(proposal: ProposedViewSize(width: 390, height: 600))
        _ = try live.send(.tap(live.centre(ofViewWithID: "about")))
        #expect(texts(live.lastResult!).contains("\"Version 1.0\""))
        // The hidden root's button is not hit through the pushed screen.
        _ = try live.send(.tap(live.centre(ofViewWithID: "navigation-back")))
        #expect(!texts(live.lastResult!).contains("\"Version 1.0\""))
    }

    @Test func dismissInAPushedScreenPopsIt() throws {
        struct Editor: View {
            @Environment(\.dismiss) var dismiss
            var body: some View { Button("Save") { dismiss() }.id("save") }
        }
        struct Home: View {
            var body: some View {
                NavigationStack {
                    NavigationLink("Edit") { Editor() }.id("edit")
                }
            }
        }
        let live = LivePreview(Home())
        _ = live.layout(proposal: ProposedViewSize(width: 390, height: 600))
        _ = try live.send(.tap(live.centre(ofViewWithID: "edit")))
        #expect(texts(live.lastResult!).contains("\"Save\""))
        let pop = try live.send(.tap(live.centre(ofViewWithID: "save")))
        #expect(texts(pop.result) == ["\"Edit\""])
        #expect(pop.transaction.animation == navigationTransition)
    }

    @Test func aOneOffLayoutShowsTheRootUnderItsBar() {
        let result = LayoutHost.layout(NavigationStack { Text("Root").navigationTitle("Title") }, in: CGSize(width: 390, height: 600))
        #expect(texts(result) == ["\"Title\"", "\"Root\""])
    }

    @Test func aToolbarButtonRunsItsActionInTheBar() throws {
        struct Notes: View {
            @State var count = 0
            var body: some View {
                NavigationStack {
                    Text("Notes: \(count)")
                        .navigationTitle("Notes")
                        .toolbar {
                            ToolbarItem(placement: .topBarTrailing) {
                                Button { count += 1 } label: { Image(systemName: "plus") }.id("add")
                            }
                        }
                }
            }
        }
        let live = LivePreview(Notes())
        _ = live.layout(proposal: ProposedViewSize(width: 390, height: 600))
        let add = try live.centre(ofViewWithID: "add")
        #expect(add.y < 44, "the button is in the 44-point bar row: \(add)")
        _ = try live.send(.tap(add))
        #expect(texts(live.lastResult!).contains("\"Notes: 1\""))
    }

    @Test func theSearchFieldTypesIntoItsBinding() throws {
        struct Fruit: View {
            @State var query = ""
            var body: some View {
                NavigationStack {
                    Text("Query: \(query)")
                        .navigationTitle("Fruit")
                        .searchable(text: $query, prompt: "Search fruit")
                }
            }
        }
        let live = LivePreview(Fruit())
        _ = live.layout(proposal: ProposedViewSize(width: 390, height: 600))
        _ = try live.send(.tap(live.centre(ofViewWithID: "search-field")))
        _ = try live.send(.type("kiwi"))
        #expect(texts(live.lastResult!).contains("\"Query: kiwi\""))
    }
}
