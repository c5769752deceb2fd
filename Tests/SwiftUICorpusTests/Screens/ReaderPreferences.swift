import SwiftUI

struct ReaderPreferences: View {
    @AppStorage("fontSize") private var fontSize = 17.0
    @AppStorage("useSerif") private var useSerif = false
    @AppStorage("lineSpacing") private var lineSpacing = 4.0
    @SceneStorage("lastTab") private var lastTab = "general"

    var body: some View {
        Form {
            Section("Text") {
                HStack {
                    Image(systemName: "textformat.size.smaller")
                    Slider(value: $fontSize, in: 12...28, step: 1)
                    Image(systemName: "textformat.size.larger")
                }
                Toggle("Serif font", isOn: $useSerif)
                Stepper(value: $lineSpacing, in: 0...12) {
                    Text("Line spacing: \(Int(lineSpacing))")
                }
            }
            Section("Preview") {
                Text("The quick brown fox jumps over the lazy dog.")
                    .font(.system(size: fontSize, design: useSerif ? .serif : .default))
                    .lineSpacing(lineSpacing)
            }
        }
    }
}

#Preview {
    ReaderPreferences()
}
