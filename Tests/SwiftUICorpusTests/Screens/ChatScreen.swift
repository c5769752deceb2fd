import SwiftUI

struct ChatMessage: Identifiable {
    let id: Int
    let text: String
    let isMine: Bool
}

struct MessageBubble: View {
    let message: ChatMessage

    var body: some View {
        HStack {
            if message.isMine { Spacer(minLength: 60) }
            Text(message.text)
                .padding(.horizontal, 14)
                .padding(.vertical, 10)
                .foregroundStyle(message.isMine ? .white : .primary)
                .background(message.isMine ? Color.blue : Color.gray.opacity(0.2),
                            in: RoundedRectangle(cornerRadius: 18, style: .continuous))
            if !message.isMine { Spacer(minLength: 60) }
        }
    }
}

struct ChatScreen: View {
    @State private var draft = ""
    let messages: [ChatMessage]

    var body: some View {
        VStack(spacing: 0) {
            ScrollView {
                LazyVStack(spacing: 8) {
                    ForEach(messages) { message in
                        MessageBubble(message: message)
                            .id(message.id)
                    }
                }
                .padding()
            }
            Divider()
            HStack {
                TextField("Message", text: $draft, axis: .vertical)
                    .lineLimit(1...4)
                Button {
                    draft = ""
                } label: {
                    Image(systemName: "arrow.up.circle.fill")
                        .font(.title)
                }
                .disabled(draft.isEmpty)
            }
            .padding(.horizontal)
            .padding(.vertical, 8)
        }
    }
}

#Preview {
    ChatScreen(messages: [
        ChatMessage(id: 1, text: "Hi!", isMine: false),
        ChatMessage(id: 2, text: "Hello there", isMine: true),
        ChatMessage(id: 3, text: "Lunch today?", isMine: false),
    ])
}
