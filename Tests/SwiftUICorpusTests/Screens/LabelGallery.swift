import SwiftUI

struct LabelGallery: View {
    var body: some View {
        VStack(alignment: .leading, spacing: 16) {
            Label("Favorites", systemImage: "star")
            Label("Downloads", systemImage: "arrow.down.circle")
                .labelStyle(.titleOnly)
            Label("Settings", systemImage: "gear")
                .labelStyle(.iconOnly)
            Label {
                Text("Custom label")
                    .font(.headline)
            } icon: {
                RoundedRectangle(cornerRadius: 4)
                    .fill(.orange)
                    .frame(width: 20, height: 20)
            }
        }
        .padding()
    }
}

#Preview {
    LabelGallery()
}
