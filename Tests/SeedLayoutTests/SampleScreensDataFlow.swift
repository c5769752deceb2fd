// Whole screens in the style of public SwiftUI sample code (written for this project), compiled
// unchanged through `import SwiftUI` and laid out; frames checked by SwiftUI's rules below.

import Testing
import SwiftUI
import LayoutTestSupport

// MARK: A settings screen

enum Appearance: String, CaseIterable, Identifiable {
    case system, light, dark
    var id: Self { self }
}

struct SettingsScreen: View {
    @AppStorage("notifications") private var notifications = true
    @AppStorage("appearance") private var appearance: Appearance = .system
    @State private var volume = 0.6
    @State private var fontSize = 14
    @Environment(\.dismiss) private var dismiss

    var body: some View {
        VStack(alignment: .leading, spacing: 16) {
            Text("Settings")
                .font(.largeTitle)
                .bold()
            Toggle("Notifications", isOn: $notifications)
            Picker("Appearance", selection: $appearance) {
                ForEach(Appearance.allCases) { mode in
                    Text(mode.rawValue.capitalized).tag(mode)
                }
            }
            .pickerStyle(.segmented)
            Slider(value: $volume, in: 0...1)
            Stepper("Font size: \(fontSize)", value: $fontSize, in: 10...24)
            Button("Done") { dismiss() }
                .buttonStyle(.borderedProminent)
                .frame(maxWidth: .infinity, alignment: .trailing)
        }
        .padding()
        .onChange(of: notifications) { _, newValue in print(newValue) }
    }
}

#Preview("Settings") {
    SettingsScreen()
}

// MARK: A login screen

struct LoginScreen: View {
    @State private var email = ""
    @State private var password = ""
    @State private var isLoading = false
    @FocusState private var focusedField: Field?

    enum Field { case email, password }

    var body: some View {
        VStack(spacing: 12) {
            Image(systemName: "lock.shield")
                .font(.largeTitle)
                .foregroundStyle(.tint)
            Text("Welcome back")
                .font(.title2)
                .fontWeight(.semibold)
            TextField("Email", text: $email)
                .textFieldStyle(.roundedBorder)
                .keyboardType(.emailAddress)
                .textInputAutocapitalization(.never)
                .focused($focusedField, equals: .email)
                .submitLabel(.next)
            SecureField("Password", text: $password)
                .textFieldStyle(.roundedBorder)
                .focused($focusedField, equals: .password)
            Button {
                isLoading = true
            } label: {
                if isLoading {
                    ProgressView()
                } else {
                    Text("Sign In")
                        .frame(maxWidth: .infinity)
                }
            }
            .buttonStyle(.borderedProminent)
            .controlSize(.large)
            .disabled(email.isEmpty || password.isEmpty)
            Link("Forgot password?", destination: URL(string: "https://example.com/reset")!)
                .font(.footnote)
        }
        .padding(24)
    }
}

#Preview("Login") {
    LoginScreen()
}

// MARK: A profile editor with Observation

@Observable
final class EditableProfile {
    var displayName = "Taylor"
    var bio = ""
    var birthday = Date(timeIntervalSince1970: 0)
    var favoriteColor = Color.purple
}

struct ProfileEditorScreen: View {
    @Environment(EditableProfile.self) private var profile

    var body: some View {
        @Bindable var profile = profile
        VStack(alignment: .leading, spacing: 8) {
            Text("Profile").font(.headline)
            TextField("Display name", text: $profile.displayName)
            TextField("Bio", text: $profile.bio, axis: .vertical)
                .lineLimit(3, reservesSpace: true)
            DatePicker("Birthday", selection: $profile.birthday, displayedComponents: .date)
            ColorPicker("Favorite color", selection: $profile.favoriteColor)
            ProgressView("Profile complete", value: 0.75)
        }
        .padding()
    }
}

#Preview("Profile") {
    ProfileEditorScreen()
        .environment(EditableProfile())
}

@Suite("Sample screens: data flow and controls")
struct SampleScreensDataFlowTests {
    /// Window 390×844 (an iPhone 15's points). The VStack is padded 16 → 358 wide.
    /// Rows: title 34, toggle 31, segmented 32, slider 30, stepper 32, button 31 (17 + 14),
    /// spacing 16 × 5 = 80 → 270 tall + 32 padding = 302; centred: y0 = (844 − 302) / 2 = 271.
    @Test func settingsScreen() {
        let r = layout(SettingsScreen(), 390, 844)
        let y0: CGFloat = 271 + 16
        expectFrame(r.textFrame("Settings"), rect(16, y0, 8 * 34, 34))
        expectFrame(r.first(kind: "Switch")?.frame, rect(16 + 358 - 51, y0 + 34 + 16, 51, 31))
        let segments = r.views.filter { $0.kind == "Segment" }
        #expect(segments.count == 3)
        expectFrame(segments.first?.frame, rect(16, y0 + 34 + 16 + 31 + 16, 358 / 3, 32))
        #expect(segments.first?.detail == "selected")
        expectFrame(r.first(kind: "Slider")?.frame, rect(16, y0 + 129 + 16, 358, 30))
        expectFrame(r.first(kind: "Stepper")?.frame, rect(16 + 358 - 94, y0 + 175 + 16, 94, 32))
        // "Done" (68) padded 12×7 → 92×31, at the trailing edge.
        expectFrame(r.textFrame("Done"), rect(16 + 358 - 12 - 68, y0 + 223 + 16 + 7, 68, 17))
    }

    /// Padding 24 → 342 wide; a field's text sits at its leading edge (its own width). Symbol 34×34 (largeTitle), title 22, fields 29 each (17 + 12),
    /// button 45 (17 + 28, large), link 13 (footnote); spacing 12 × 5 = 60 → 232 + 48 = 280.
    @Test func loginScreen() {
        let r = layout(LoginScreen(), 390, 844)
        let y0: CGFloat = (844 - 280) / 2 + 24
        expectFrame(r.first(kind: "Image")?.frame, rect((390 - 34) / 2, y0, 34, 34))
        expectFrame(r.textFrame("Welcome back"), rect((390 - 12 * 22) / 2, y0 + 46, 12 * 22, 22))
        expectFrame(r.textFrame("Email"), rect(24 + 7, y0 + 80 + 6, 5 * 17, 17))
        expectFrame(r.textFrame("Password"), rect(24 + 7, y0 + 121 + 6, 8 * 17, 17))
        // The label's frame(maxWidth: .infinity) inside 20-point padding: 302 wide.
        expectFrame(r.textFrame("Sign In"), rect(24 + 20 + (302 - 119) / 2, y0 + 162 + 14, 119, 17))
        expectFrame(r.textFrame("Forgot password?"), rect((390 - 16 * 13) / 2, y0 + 219, 16 * 13, 13))
    }

    /// Padding 16 → 358. Headline 17, name field 17, bio 3 reserved lines 51, date row 29,
    /// color row 28, progress 25 (17 + 4 + 4); spacing 8 × 5 = 40 → 207 + 32 = 239.
    @Test func profileEditor() {
        let r = layout(ProfileEditorScreen().environment(EditableProfile()), 390, 844)
        let y0: CGFloat = (844 - 239) / 2 + 16
        expectFrame(r.textFrame("Profile"), rect(16, y0, 119, 17))
        expectFrame(r.textFrame("Taylor"), rect(16, y0 + 25, 6 * 17, 17))
        expectFrame(r.textFrame("Bio"), rect(16, y0 + 50, 3 * 17, 51))
        expectFrame(r.textFrame("Birthday"), rect(16, y0 + 109 + 6, 136, 17))
        expectFrame(r.first(kind: "ColorWell")?.frame, rect(16 + 358 - 28, y0 + 146, 28, 28))
        expectFrame(r.first(kind: "ProgressView")?.frame, rect(16, y0 + 182 + 21, 358, 4))
    }
}
