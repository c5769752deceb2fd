import SwiftUI

struct BarChart: View {
    let values: [Double]
    let labels: [String]
    var maxBarHeight: CGFloat = 160

    var body: some View {
        let maximum = values.max() ?? 1
        HStack(alignment: .bottom, spacing: 8) {
            ForEach(values.indices, id: \.self) { index in
                VStack(spacing: 4) {
                    Text("\(Int(values[index]))")
                        .font(.caption2)
                        .foregroundStyle(.secondary)
                    RoundedRectangle(cornerRadius: 4)
                        .fill(.blue.gradient)
                        .frame(height: maxBarHeight * values[index] / maximum)
                    Text(labels[index])
                        .font(.caption)
                }
            }
        }
        .padding()
    }
}

#Preview {
    BarChart(values: [3, 7, 5, 10, 6], labels: ["Mon", "Tue", "Wed", "Thu", "Fri"])
}
