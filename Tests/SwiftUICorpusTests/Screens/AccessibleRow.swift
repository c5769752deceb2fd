import SwiftUI

struct AccessibleRow: View {
    let title: String
    let subtitle: String
    @State private var isOn = false

    var body: some View {
        HStack {
            Image(systemName: "wifi")
                .imageScale(.large)
                .frame(width: 32)
                .accessibilityHidden(true)
            VStack(alignment: .leading) {
                Text(title)
                Text(subtitle)
                    .font(.footnote)
                    .foregroundStyle(.secondary)
            }
            Spacer()
            Toggle("", isOn: $isOn)
                .labelsHidden()
        }
        .padding()
        .accessibilityElement(children: .combine)
        .accessibilityLabel("\(title), \(subtitle)")
        .accessibilityHint("Double-tap to toggle")
        .accessibilityAddTraits(.isButton)
        .accessibilityValue(isOn ? "On" : "Off")
        .onTapGesture { isOn.toggle() }
        .onLongPressGesture { }
        .help("Wi-Fi settings")
    }
}

#Preview {
    AccessibleRow(title: "Wi-Fi", subtitle: "Home network")
}
