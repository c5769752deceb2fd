import SwiftUI

struct ComposerBar: View {
    @State private var comment = ""
    let comments = (1...12).map { "Comment number \($0)" }

    var body: some View {
        List(comments, id: \.self) { comment in
            Text(comment)
        }
        .safeAreaInset(edge: .bottom, spacing: 0) {
            HStack(spacing: 8) {
                TextField("Add a comment", text: $comment)
                    .textFieldStyle(.roundedBorder)
                Button("Post") { comment = "" }
                    .disabled(comment.isEmpty)
            }
            .padding()
            .background(.bar)
        }
    }
}

#Preview {
    ComposerBar()
}
