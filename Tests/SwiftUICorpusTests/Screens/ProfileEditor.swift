import SwiftUI

struct ProfileEditor: View {
    @State private var displayName = "Ada"
    @State private var bio = "Writes layout engines."
    @State private var isPublic = true
    @State private var pronouns = "she/her"

    var body: some View {
        Form {
            Section {
                HStack {
                    Spacer()
                    VStack {
                        Circle()
                            .fill(.mint)
                            .frame(width: 88, height: 88)
                            .overlay(Image(systemName: "camera.fill").foregroundStyle(.white))
                        Button("Change photo") {}
                            .font(.footnote)
                    }
                    Spacer()
                }
            }
            .listRowBackground(Color.clear)
            Section("Public profile") {
                TextField("Display name", text: $displayName)
                TextField("Pronouns", text: $pronouns)
                TextField("Bio", text: $bio, axis: .vertical)
                    .lineLimit(3, reservesSpace: true)
            }
            Section {
                Toggle("Public account", isOn: $isPublic)
            } footer: {
                Text("Anyone can see a public account's posts.")
            }
        }
        .scrollContentBackground(.hidden)
        .background(Color.mint.opacity(0.08))
    }
}

#Preview {
    ProfileEditor()
}
