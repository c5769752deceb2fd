import SwiftUI

struct ProductCard: View {
    let name: String
    let price: Double
    let rating: Double
    var isOnSale = false
    @State private var isFavorite = false

    var body: some View {
        VStack(alignment: .leading, spacing: 8) {
            RoundedRectangle(cornerRadius: 12)
                .fill(Color.gray.opacity(0.15))
                .aspectRatio(4 / 3, contentMode: .fit)
                .overlay(alignment: .topTrailing) {
                    Button {
                        isFavorite.toggle()
                    } label: {
                        Image(systemName: isFavorite ? "heart.fill" : "heart")
                            .padding(8)
                            .background(.white, in: Circle())
                    }
                    .padding(8)
                }
                .overlay(alignment: .topLeading) {
                    if isOnSale {
                        Text("SALE")
                            .font(.caption2.bold())
                            .padding(.horizontal, 6)
                            .padding(.vertical, 3)
                            .background(.red, in: Capsule())
                            .foregroundStyle(.white)
                            .padding(8)
                    }
                }
            Text(name)
                .font(.subheadline)
                .lineLimit(2)
            HStack {
                Text(price, format: .currency(code: "USD"))
                    .font(.headline)
                Spacer()
                Label(String(format: "%.1f", rating), systemImage: "star.fill")
                    .font(.caption)
                    .foregroundStyle(.orange)
            }
        }
        .frame(width: 180)
    }
}

#Preview {
    ProductCard(name: "Wireless headphones with noise cancelling", price: 129, rating: 4.6, isOnSale: true)
        .padding()
}
