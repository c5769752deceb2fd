import SwiftUI

struct Ring: View {
    let progress: Double
    let color: Color
    var lineWidth: CGFloat = 14

    var body: some View {
        ZStack {
            Circle()
                .stroke(color.opacity(0.2), lineWidth: lineWidth)
            Circle()
                .trim(from: 0, to: progress)
                .stroke(color, style: StrokeStyle(lineWidth: lineWidth, lineCap: .round))
                .rotationEffect(.degrees(-90))
        }
    }
}

struct ActivityRings: View {
    var move = 0.75
    var exercise = 0.5
    var stand = 0.9

    var body: some View {
        HStack(spacing: 24) {
            ZStack {
                Ring(progress: move, color: .red)
                    .frame(width: 140, height: 140)
                Ring(progress: exercise, color: .green)
                    .frame(width: 104, height: 104)
                Ring(progress: stand, color: .cyan)
                    .frame(width: 68, height: 68)
            }
            VStack(alignment: .leading, spacing: 8) {
                legend("Move", "\(Int(move * 100))%", .red)
                legend("Exercise", "\(Int(exercise * 100))%", .green)
                legend("Stand", "\(Int(stand * 100))%", .cyan)
            }
        }
        .padding()
    }

    private func legend(_ title: String, _ value: String, _ color: Color) -> some View {
        VStack(alignment: .leading) {
            Text(title).font(.caption).foregroundStyle(.secondary)
            Text(value).font(.title3.bold()).foregroundStyle(color)
        }
    }
}

#Preview {
    ActivityRings()
}
