import SwiftUI

struct TabsApp: View {
    @State private var selectedTab = 0

    var body: some View {
        TabView(selection: $selectedTab) {
            Text("Home feed")
                .tabItem { Label("Home", systemImage: "house") }
                .tag(0)
            Text("Search")
                .tabItem { Label("Search", systemImage: "magnifyingglass") }
                .tag(1)
            Text("Profile")
                .tabItem { Label("Profile", systemImage: "person") }
                .badge(2)
                .tag(2)
        }
        .tint(.purple)
    }
}

#Preview {
    TabsApp()
}
