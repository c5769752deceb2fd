import SwiftUI

struct Story: Identifiable {
    let id: Int
    let name: String
    let color: Color
}

struct StoriesCarousel: View {
    let stories: [Story]

    var body: some View {
        ScrollView(.horizontal, showsIndicators: false) {
            LazyHStack(spacing: 14) {
                ForEach(stories) { story in
                    VStack(spacing: 6) {
                        Circle()
                            .fill(story.color.gradient)
                            .frame(width: 64, height: 64)
                            .overlay(Circle().strokeBorder(.pink, lineWidth: 3))
                        Text(story.name)
                            .font(.caption)
                            .lineLimit(1)
                            .frame(width: 70)
                    }
                }
            }
            .padding(.horizontal)
        }
        .frame(height: 100)
        .scrollTargetBehavior(.viewAligned)
    }
}

#Preview {
    StoriesCarousel(stories: (1...8).map { Story(id: $0, name: "Friend \($0)", color: [.orange, .purple, .mint][$0 % 3]) })
}
