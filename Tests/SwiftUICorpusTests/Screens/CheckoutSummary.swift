import SwiftUI

struct LineItem: Identifiable {
    let id = UUID()
    let name: String
    let quantity: Int
    let price: Decimal
}

struct CheckoutSummary: View {
    let items: [LineItem]
    var shipping: Decimal = 4.99

    private var subtotal: Decimal { items.reduce(0) { $0 + $1.price * Decimal($1.quantity) } }

    var body: some View {
        VStack(alignment: .leading, spacing: 12) {
            Text("Order summary")
                .font(.headline)
            ForEach(items) { item in
                HStack(alignment: .firstTextBaseline) {
                    Text("\(item.quantity)×")
                        .foregroundStyle(.secondary)
                    Text(item.name)
                    Spacer()
                    Text(item.price * Decimal(item.quantity), format: .currency(code: "EUR"))
                }
            }
            Divider()
            row("Subtotal", subtotal)
            row("Shipping", shipping)
            Divider()
            HStack {
                Text("Total").bold()
                Spacer()
                Text(subtotal + shipping, format: .currency(code: "EUR")).bold()
            }
            Button("Pay now") {}
                .buttonStyle(.borderedProminent)
                .frame(maxWidth: .infinity)
        }
        .padding()
        .background(.background, in: RoundedRectangle(cornerRadius: 16))
    }

    private func row(_ title: String, _ amount: Decimal) -> some View {
        HStack {
            Text(title).foregroundStyle(.secondary)
            Spacer()
            Text(amount, format: .currency(code: "EUR"))
        }
    }
}

#Preview {
    CheckoutSummary(items: [
        LineItem(name: "Notebook", quantity: 2, price: 3.5),
        LineItem(name: "Pen", quantity: 3, price: 1.2),
    ])
    .padding()
}
