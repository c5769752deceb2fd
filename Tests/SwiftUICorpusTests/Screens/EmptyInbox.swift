import SwiftUI

struct EmptyInbox: View {
    var onCompose: () -> Void = {}

    var body: some View {
        VStack(spacing: 16) {
            Spacer()
            Image(systemName: "tray")
                .font(.system(size: 56))
                .foregroundStyle(.tertiary)
            Text("No messages")
                .font(.title2.weight(.semibold))
            Text("Messages you receive appear here.")
                .font(.callout)
                .foregroundStyle(.secondary)
            Button("Compose", systemImage: "square.and.pencil", action: onCompose)
                .buttonStyle(.bordered)
            Spacer()
            Spacer()
        }
        .frame(maxWidth: .infinity)
        .padding()
    }
}

#Preview {
    EmptyInbox()
}
