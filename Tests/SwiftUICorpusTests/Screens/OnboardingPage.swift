import SwiftUI

struct OnboardingPage: View {
    let systemImage: String
    let title: String
    let message: String
    var onContinue: () -> Void = {}

    var body: some View {
        VStack(spacing: 24) {
            Spacer()
            Image(systemName: systemImage)
                .font(.system(size: 72))
                .foregroundStyle(.tint)
            Text(title)
                .font(.title.bold())
                .multilineTextAlignment(.center)
            Text(message)
                .font(.body)
                .foregroundStyle(.secondary)
                .multilineTextAlignment(.center)
                .fixedSize(horizontal: false, vertical: true)
            Spacer()
            Button(action: onContinue) {
                Text("Continue")
                    .font(.headline)
                    .frame(maxWidth: .infinity)
                    .padding()
                    .background(Color.accentColor, in: RoundedRectangle(cornerRadius: 14))
                    .foregroundStyle(.white)
            }
        }
        .padding(32)
    }
}

#Preview("First page") {
    OnboardingPage(systemImage: "sparkles", title: "Layouts on Linux",
                   message: "Preview your SwiftUI layouts without a Mac, and watch every change animate in.")
}
