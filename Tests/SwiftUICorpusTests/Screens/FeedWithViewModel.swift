import SwiftUI

final class FeedViewModel: ObservableObject {
    @Published var posts: [String] = ["First post", "Second post", "Third post"]
    @Published var isLoading = false

    func refresh() {
        isLoading = true
        posts.insert("New post", at: 0)
        isLoading = false
    }
}

struct FeedRow: View {
    let text: String
    @EnvironmentObject var model: FeedViewModel

    var body: some View {
        HStack {
            Text(text)
            Spacer()
            Text("#\((model.posts.firstIndex(of: text) ?? 0) + 1)")
                .foregroundStyle(.secondary)
        }
    }
}

struct FeedWithViewModel: View {
    @StateObject private var model = FeedViewModel()

    var body: some View {
        VStack(alignment: .leading) {
            if model.isLoading {
                ProgressView()
            }
            ForEach(model.posts, id: \.self) { post in
                FeedRow(text: post)
                Divider()
            }
            Button("Refresh") { model.refresh() }
        }
        .padding()
        .environmentObject(model)
    }
}

struct FeedFooter: View {
    @ObservedObject var model: FeedViewModel

    var body: some View {
        Text("\(model.posts.count) posts")
    }
}

#Preview {
    FeedWithViewModel()
}
