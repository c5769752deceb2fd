import SwiftUI

struct SearchScreen: View {
    @State private var query = ""
    let fruits = ["Apple", "Apricot", "Banana", "Blueberry", "Cherry", "Date", "Fig", "Grape"]

    private var results: [String] {
        query.isEmpty ? fruits : fruits.filter { $0.localizedCaseInsensitiveContains(query) }
    }

    var body: some View {
        NavigationStack {
            List(results, id: \.self) { fruit in
                NavigationLink(value: fruit) {
                    Text(fruit)
                }
            }
            .overlay {
                if results.isEmpty {
                    ContentUnavailableView.search(text: query)
                }
            }
            .navigationDestination(for: String.self) { fruit in
                Text(fruit).font(.largeTitle)
            }
            .searchable(text: $query, prompt: "Fruits")
            .navigationTitle("Fruits")
        }
    }
}

#Preview {
    SearchScreen()
}
