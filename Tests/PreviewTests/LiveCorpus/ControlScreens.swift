import SwiftUI

// A tabbed app with a menu picker: `layoutlab render --perform` switches tabs and chooses from
// the menu in PerformTests.

enum Roast: String, CaseIterable, Identifiable { case light, medium, dark; var id: Self { self } }

struct CoffeeTabs: View {
    @State private var tab = "order"
    @State private var roast = Roast.medium
    @State private var cups = 0

    var body: some View {
        TabView(selection: $tab) {
            Form {
                Picker("Roast", selection: $roast) {
                    ForEach(Roast.allCases) { Text($0.rawValue.capitalized).tag($0) }
                }
                .id("roast")
                Text("\(roast.rawValue) roast").id("summary")
            }
            .tabItem { Label("Order", systemImage: "cup.and.saucer") }
            .tag("order")
            VStack {
                Text("\(cups) cups").id("cups")
                Button("Drink") { cups += 1 }.id("drink")
            }
            .tabItem { Label("History", systemImage: "clock") }
            .badge(cups)
            .tag("history")
        }
    }
}

#Preview("Coffee", traits: .fixedLayout(width: 390, height: 700)) {
    CoffeeTabs()
}
