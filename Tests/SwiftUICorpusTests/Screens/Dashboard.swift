import SwiftUI

struct StatTile: View {
    let title: String
    let value: String
    let systemImage: String
    let tint: Color

    var body: some View {
        VStack(alignment: .leading, spacing: 6) {
            Label(title, systemImage: systemImage)
                .font(.caption)
                .foregroundStyle(tint)
            Text(value)
                .font(.title.bold())
                .monospacedDigit()
        }
        .frame(maxWidth: .infinity, alignment: .leading)
        .padding()
        .background(RoundedRectangle(cornerRadius: 12).fill(tint.opacity(0.12)))
    }
}

struct Dashboard: View {
    var body: some View {
        Grid(horizontalSpacing: 12, verticalSpacing: 12) {
            GridRow {
                StatTile(title: "Steps", value: "8,204", systemImage: "figure.walk", tint: .green)
                StatTile(title: "Heart", value: "72", systemImage: "heart.fill", tint: .red)
            }
            GridRow {
                StatTile(title: "Sleep", value: "7h 12m", systemImage: "bed.double.fill", tint: .indigo)
                    .gridCellColumns(2)
            }
            GridRow {
                StatTile(title: "Water", value: "1.6 L", systemImage: "drop.fill", tint: .blue)
                StatTile(title: "Stand", value: "9/12", systemImage: "figure.stand", tint: .orange)
            }
        }
        .padding()
    }
}

#Preview {
    Dashboard()
}
