import SwiftUI

struct ArticleRow: View {
    let title: String
    let source: String
    let minutesAgo: Int

    var body: some View {
        HStack(alignment: .top, spacing: 12) {
            VStack(alignment: .leading, spacing: 6) {
                Text(source.uppercased())
                    .font(.caption2.weight(.semibold))
                    .foregroundStyle(.secondary)
                Text(title)
                    .font(.headline)
                    .lineLimit(3)
                    .multilineTextAlignment(.leading)
                Text("\(minutesAgo) min ago")
                    .font(.caption)
                    .foregroundStyle(.tertiary)
            }
            Spacer(minLength: 0)
            RoundedRectangle(cornerRadius: 8)
                .fill(Color.teal.opacity(0.4))
                .frame(width: 72, height: 72)
        }
        .padding(.vertical, 8)
    }
}

#Preview {
    List {
        ArticleRow(title: "Layout engines compared: how stacks share space", source: "Dev Weekly", minutesAgo: 12)
        ArticleRow(title: "Short news", source: "Wire", minutesAgo: 40)
    }
}
