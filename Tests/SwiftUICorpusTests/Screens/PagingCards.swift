import SwiftUI

struct PagingCards: View {
    let titles = ["Plan", "Build", "Ship", "Learn"]

    var body: some View {
        ScrollView(.horizontal) {
            LazyHStack(spacing: 12) {
                ForEach(titles, id: \.self) { title in
                    RoundedRectangle(cornerRadius: 20)
                        .fill(Color.blue.opacity(0.2))
                        .overlay(Text(title).font(.title.bold()))
                        .containerRelativeFrame(.horizontal, count: 1, spacing: 12)
                }
            }
            .scrollTargetLayout()
        }
        .scrollTargetBehavior(.paging)
        .contentMargins(.horizontal, 20, for: .scrollContent)
        .frame(height: 180)
    }
}

#Preview {
    PagingCards()
}
