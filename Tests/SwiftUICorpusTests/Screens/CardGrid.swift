import SwiftUI

struct Destination: Identifiable {
    let id = UUID()
    let name: String
    let country: String
    let color: Color
}

struct DestinationCard: View {
    let destination: Destination

    var body: some View {
        VStack(alignment: .leading, spacing: 8) {
            RoundedRectangle(cornerRadius: 12)
                .fill(destination.color.gradient)
                .frame(height: 120)
            Text(destination.name)
                .font(.headline)
                .lineLimit(1)
            Text(destination.country)
                .font(.subheadline)
                .foregroundStyle(.secondary)
        }
    }
}

struct CardGrid: View {
    let destinations: [Destination]
    private let columns = [GridItem(.adaptive(minimum: 150), spacing: 16)]

    var body: some View {
        ScrollView {
            LazyVGrid(columns: columns, spacing: 20) {
                ForEach(destinations) { destination in
                    DestinationCard(destination: destination)
                }
            }
            .padding()
        }
        .navigationTitle("Explore")
    }
}

#Preview {
    NavigationStack {
        CardGrid(destinations: [
            Destination(name: "Lisbon", country: "Portugal", color: .orange),
            Destination(name: "Kyoto", country: "Japan", color: .pink),
            Destination(name: "Oslo", country: "Norway", color: .blue),
            Destination(name: "Cusco", country: "Peru", color: .green),
            Destination(name: "Hanoi", country: "Vietnam", color: .red),
        ])
    }
}
