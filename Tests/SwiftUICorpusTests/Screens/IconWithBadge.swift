import SwiftUI

struct IconWithBadge: View {
    let systemImage: String
    let count: Int

    var body: some View {
        Image(systemName: systemImage)
            .font(.title)
            .frame(width: 44, height: 44)
            .overlay(alignment: .topTrailing) {
                if count > 0 {
                    Text(count > 99 ? "99+" : "\(count)")
                        .font(.caption2.bold())
                        .foregroundStyle(.white)
                        .padding(.horizontal, 5)
                        .padding(.vertical, 2)
                        .background(Capsule().fill(.red))
                        .alignmentGuide(.top) { $0[.top] + 4 }
                        .alignmentGuide(.trailing) { $0[.trailing] - 8 }
                }
            }
            .accessibilityLabel("\(systemImage), \(count) new")
    }
}

#Preview {
    HStack(spacing: 24) {
        IconWithBadge(systemImage: "bell", count: 3)
        IconWithBadge(systemImage: "envelope", count: 120)
        IconWithBadge(systemImage: "cart", count: 0)
    }
}
