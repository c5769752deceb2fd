import SwiftUI

struct QuoteCard: View {
    let quote: String
    let author: String

    var body: some View {
        VStack(alignment: .trailing, spacing: 12) {
            Text("“") .font(.system(size: 48, weight: .black)).foregroundStyle(.orange)
                + Text(quote).font(.title3).italic()
            Text("— **\(author)**")
                .font(.subheadline)
                .foregroundStyle(.secondary)
            Text("Read more on [the blog](https://example.com).")
                .font(.footnote)
        }
        .multilineTextAlignment(.trailing)
        .padding(24)
        .background(RoundedRectangle(cornerRadius: 16).fill(.orange.opacity(0.1)))
    }
}

#Preview {
    QuoteCard(quote: "Simplicity is prerequisite for reliability.", author: "Edsger W. Dijkstra")
        .padding()
}
