import SwiftUI

struct SplitWithGeometry: View {
    var ratio: CGFloat = 0.3

    var body: some View {
        GeometryReader { proxy in
            HStack(spacing: 0) {
                Color.indigo
                    .frame(width: proxy.size.width * ratio)
                    .overlay(Text("Sidebar").foregroundStyle(.white))
                Color.gray.opacity(0.1)
                    .overlay(Text("\(Int(proxy.size.width)) × \(Int(proxy.size.height))"))
            }
        }
    }
}

#Preview {
    SplitWithGeometry()
        .frame(height: 200)
}
