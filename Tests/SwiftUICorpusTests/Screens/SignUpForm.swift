import SwiftUI

struct SignUpForm: View {
    @State private var name = ""
    @State private var email = "not-an-email"
    @State private var agreed = false
    @State private var showAlert = false

    private var emailIsValid: Bool { email.contains("@") && email.contains(".") }

    var body: some View {
        Form {
            Section("Account") {
                TextField("Full name", text: $name)
                VStack(alignment: .leading, spacing: 4) {
                    TextField("Email", text: $email)
                    if !emailIsValid {
                        Text("Enter a valid email address.")
                            .font(.caption)
                            .foregroundStyle(.red)
                    }
                }
            }
            Section {
                Toggle(isOn: $agreed) {
                    Text("I agree to the terms")
                }
            }
            Section {
                Button("Create account") { showAlert = true }
                    .frame(maxWidth: .infinity)
                    .disabled(!emailIsValid || !agreed || name.isEmpty)
            }
        }
        .alert("Account created", isPresented: $showAlert) {
            Button("OK", role: .cancel) {}
        } message: {
            Text("Check your inbox to confirm.")
        }
    }
}

#Preview {
    SignUpForm()
}
