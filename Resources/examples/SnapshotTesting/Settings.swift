// An example for snapshot tests: the baselines in Baselines/ were recorded with
//
//     layoutlab snapshot record Resources/examples/SnapshotTesting/Settings.swift \
//         --dir Resources/examples/SnapshotTesting/Baselines --variants color-scheme
//
// and CI checks the code still lays out and draws the same with
//
//     layoutlab snapshot verify Resources/examples/SnapshotTesting/Settings.swift \
//         --dir Resources/examples/SnapshotTesting/Baselines --report snapshot-report
//
// Change a padding below and verify again: the report shows the views that moved.
import SwiftUI

/// The signed-in person at the top of the settings screen.
struct AccountRow: View {
    var name = "Ada Lovelace"
    var email = "ada@example.com"

    var body: some View {
        HStack(spacing: 14) {
            Circle().fill(.blue)
                .overlay(Text("AL").font(.headline).foregroundStyle(.white))
                .frame(width: 52, height: 52)
                .id("avatar")
            VStack(alignment: .leading, spacing: 2) {
                Text(name).font(.headline).id("name")
                Text(email).font(.subheadline).foregroundStyle(.secondary).id("email")
            }
            Spacer(minLength: 0)
        }
        .padding(.vertical, 6)
    }
}

/// A settings screen as apps have it: the account, then grouped toggles and rows.
struct SettingsScreen: View {
    @State private var airplaneMode = false
    @State private var wifi = true
    @State private var notifications = true

    var body: some View {
        NavigationStack {
            List {
                Section { AccountRow() }
                Section("Connections") {
                    Toggle("Airplane Mode", isOn: $airplaneMode).id("airplane")
                    Toggle("Wi-Fi", isOn: $wifi).id("wifi")
                    LabeledContent("Bluetooth", value: "On").id("bluetooth")
                }
                Section("General") {
                    Toggle("Notifications", isOn: $notifications).id("notifications")
                    LabeledContent("Storage", value: "23 GB free").id("storage")
                    Text("About").id("about")
                }
            }
            .navigationTitle("Settings")
        }
    }
}

#Preview("Settings") {
    SettingsScreen()
}

#Preview("Account row", traits: .sizeThatFitsLayout) {
    AccountRow().padding()
}
