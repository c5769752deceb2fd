import SwiftUI

/// A container that puts a divider between whatever views it is given (iOS 18's subview API).
struct DividedStack<Content: View>: View {
    @ViewBuilder var content: Content

    var body: some View {
        VStack(alignment: .leading, spacing: 8) {
            Group(subviews: content) { subviews in
                ForEach(subviews.indices, id: \.self) { index in
                    subviews[index]
                    if index < subviews.count - 1 {
                        Divider()
                    }
                }
            }
        }
        .padding()
        .background(RoundedRectangle(cornerRadius: 12).stroke(.gray.opacity(0.4)))
    }
}

struct SubviewCards: View {
    var body: some View {
        DividedStack {
            Text("Wake up")
            Text("Stretch")
            Text("Coffee")
        }
        .padding()
    }
}

#Preview {
    SubviewCards()
}
