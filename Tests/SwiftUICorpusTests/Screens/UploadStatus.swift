import SwiftUI

struct UploadStatus: View {
    let fileName: String
    let fraction: Double
    var batteryLevel = 0.4

    var body: some View {
        VStack(alignment: .leading, spacing: 14) {
            HStack {
                Image(systemName: "doc")
                Text(fileName)
                    .lineLimit(1)
                    .truncationMode(.middle)
                Spacer()
                Text(fraction, format: .percent.precision(.fractionLength(0)))
                    .monospacedDigit()
            }
            ProgressView(value: fraction)
                .tint(.blue)
            ProgressView("Processing…")
            Gauge(value: batteryLevel) {
                Text("Battery")
            } currentValueLabel: {
                Text("\(Int(batteryLevel * 100))%")
            }
        }
        .padding()
    }
}

#Preview {
    UploadStatus(fileName: "quarterly-results-final-v3-reviewed.pdf", fraction: 0.62)
}
