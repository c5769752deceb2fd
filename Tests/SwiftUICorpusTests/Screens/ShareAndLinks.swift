import SwiftUI

struct ShareAndLinks: View {
    @State private var sortOrder = "Newest"

    var body: some View {
        HStack(spacing: 16) {
            Menu {
                Button("Newest") { sortOrder = "Newest" }
                Button("Oldest") { sortOrder = "Oldest" }
                Divider()
                Button("Reset", role: .destructive) { sortOrder = "Newest" }
            } label: {
                Label("Sort: \(sortOrder)", systemImage: "arrow.up.arrow.down")
            }
            Link("Website", destination: URL(string: "https://example.com")!)
            ShareLink(item: URL(string: "https://example.com")!) {
                Image(systemName: "square.and.arrow.up")
            }
        }
        .padding()
    }
}

#Preview {
    ShareAndLinks()
}
