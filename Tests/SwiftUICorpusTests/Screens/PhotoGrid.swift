import SwiftUI

struct PhotoGrid: View {
    let colors: [Color] = [.red, .orange, .yellow, .green, .mint, .teal, .cyan, .blue, .indigo, .purple]
    private let columns = Array(repeating: GridItem(.flexible(), spacing: 2), count: 3)

    var body: some View {
        ScrollView {
            LazyVGrid(columns: columns, spacing: 2) {
                ForEach(colors.indices, id: \.self) { index in
                    colors[index]
                        .aspectRatio(1, contentMode: .fill)
                        .overlay(alignment: .bottomTrailing) {
                            Text("\(index + 1)")
                                .font(.caption2)
                                .padding(4)
                        }
                        .clipped()
                }
            }
        }
    }
}

#Preview {
    PhotoGrid()
}
