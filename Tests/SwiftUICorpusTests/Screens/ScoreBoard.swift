import SwiftUI

struct ScoreBoard: View {
    let players = [("Ana", 12, 3), ("Bo", 9, 5), ("Chidi", 15, 1)]

    var body: some View {
        Grid(alignment: .leading, horizontalSpacing: 16, verticalSpacing: 10) {
            GridRow {
                Text("Player")
                Text("Wins").gridColumnAlignment(.trailing)
                Text("Losses").gridColumnAlignment(.trailing)
            }
            .font(.caption.weight(.semibold))
            .foregroundStyle(.secondary)
            Divider()
            ForEach(players, id: \.0) { player in
                GridRow {
                    Text(player.0)
                    Text("\(player.1)").monospacedDigit()
                    Text("\(player.2)").monospacedDigit()
                }
            }
        }
        .padding()
    }
}

#Preview {
    ScoreBoard()
}
