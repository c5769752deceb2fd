import SwiftUI

struct LoginScreen: View {
    @State private var email = ""
    @State private var password = ""
    @State private var isSigningIn = false
    @FocusState private var focusedField: Field?

    enum Field: Hashable { case email, password }

    private var canSubmit: Bool { !email.isEmpty && password.count >= 8 }

    var body: some View {
        VStack(spacing: 20) {
            Spacer()
            Text("Welcome back")
                .font(.largeTitle)
                .bold()
            VStack(spacing: 12) {
                TextField("Email", text: $email)
                    .textContentType(.emailAddress)
                    .keyboardType(.emailAddress)
                    .textInputAutocapitalization(.never)
                    .autocorrectionDisabled()
                    .focused($focusedField, equals: .email)
                    .submitLabel(.next)
                    .onSubmit { focusedField = .password }
                SecureField("Password", text: $password)
                    .focused($focusedField, equals: .password)
                    .submitLabel(.go)
            }
            .textFieldStyle(.roundedBorder)

            Button {
                isSigningIn = true
            } label: {
                Text("Sign In")
                    .frame(maxWidth: .infinity)
            }
            .buttonStyle(.borderedProminent)
            .controlSize(.large)
            .disabled(!canSubmit)

            Button("Forgot password?") {}
                .font(.footnote)
            Spacer()
        }
        .padding(.horizontal, 24)
        .onAppear { focusedField = .email }
    }
}

#Preview {
    LoginScreen()
}
