import SwiftUI

private struct CardSpacingKey: EnvironmentKey {
    static let defaultValue: CGFloat = 12
}

extension EnvironmentValues {
    var cardSpacing: CGFloat {
        get { self[CardSpacingKey.self] }
        set { self[CardSpacingKey.self] = newValue }
    }
}

extension View {
    func cardSpacing(_ spacing: CGFloat) -> some View {
        environment(\.cardSpacing, spacing)
    }
}

struct ThemedCard: View {
    @Environment(\.cardSpacing) private var spacing
    @Environment(\.colorScheme) private var colorScheme
    let title: String

    var body: some View {
        VStack(alignment: .leading, spacing: spacing) {
            Text(title).font(.headline)
            Capsule().fill(colorScheme == .dark ? Color.white : Color.black).frame(height: 4)
        }
        .padding(spacing)
        .background(RoundedRectangle(cornerRadius: 10).fill(Color.yellow.opacity(0.3)))
    }
}

struct ThemedCards: View {
    var body: some View {
        VStack(spacing: 16) {
            ThemedCard(title: "Default spacing")
            ThemedCard(title: "Roomy")
                .cardSpacing(24)
        }
        .padding()
    }
}

#Preview {
    ThemedCards()
}
