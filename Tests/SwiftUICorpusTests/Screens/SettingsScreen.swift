import SwiftUI

struct SettingsScreen: View {
    @State private var notificationsEnabled = true
    @State private var soundEnabled = false
    @State private var refreshInterval = 15
    @State private var theme = Theme.system

    enum Theme: String, CaseIterable, Identifiable {
        case system, light, dark
        var id: String { rawValue }
    }

    var body: some View {
        NavigationStack {
            Form {
                Section {
                    Toggle("Notifications", isOn: $notificationsEnabled)
                    Toggle("Sounds", isOn: $soundEnabled)
                        .disabled(!notificationsEnabled)
                } header: {
                    Text("Alerts")
                } footer: {
                    Text("Sounds play only while notifications are on.")
                }

                Section("Appearance") {
                    Picker("Theme", selection: $theme) {
                        ForEach(Theme.allCases) { theme in
                            Text(theme.rawValue.capitalized).tag(theme)
                        }
                    }
                    Stepper("Refresh every \(refreshInterval) min", value: $refreshInterval, in: 5...60, step: 5)
                }

                Section {
                    Button("Sign Out", role: .destructive) {}
                }
            }
            .navigationTitle("Settings")
        }
    }
}

#Preview {
    SettingsScreen()
}
