import SwiftUI

struct AdaptiveActions: View {
    var body: some View {
        ViewThatFits(in: .horizontal) {
            HStack(spacing: 12) {
                actionButtons
            }
            VStack(spacing: 8) {
                actionButtons
            }
        }
        .padding()
    }

    @ViewBuilder private var actionButtons: some View {
        Button("Save draft") {}
            .buttonStyle(.bordered)
        Button("Preview") {}
            .buttonStyle(.bordered)
        Button("Publish now") {}
            .buttonStyle(.borderedProminent)
    }
}

#Preview("Wide") {
    AdaptiveActions().frame(width: 700)
}

#Preview("Narrow") {
    AdaptiveActions().frame(width: 200)
}
