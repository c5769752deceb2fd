import SwiftUI

struct Keypad: View {
    @State private var entered = ""
    private let rows = [["1", "2", "3"], ["4", "5", "6"], ["7", "8", "9"], ["", "0", "⌫"]]

    var body: some View {
        VStack(spacing: 24) {
            Text(entered.isEmpty ? "Enter code" : entered)
                .font(.title.monospaced())
                .frame(height: 44)
            Grid(horizontalSpacing: 16, verticalSpacing: 16) {
                ForEach(rows, id: \.self) { row in
                    GridRow {
                        ForEach(row, id: \.self) { key in
                            if key.isEmpty {
                                Color.clear
                                    .gridCellUnsizedAxes([.horizontal, .vertical])
                            } else {
                                Button {
                                    if key == "⌫" { entered = String(entered.dropLast()) } else { entered += key }
                                } label: {
                                    Text(key)
                                        .font(.title)
                                        .frame(width: 72, height: 72)
                                        .background(Circle().fill(Color.gray.opacity(0.2)))
                                }
                                .buttonStyle(.plain)
                            }
                        }
                    }
                }
            }
        }
        .padding()
    }
}

#Preview {
    Keypad()
}
