import SwiftUI

struct Contact {
    var name: String
    var phone: String
    var email: String
    var birthday: Date
    var isFavorite: Bool
}

struct ContactDetail: View {
    @Binding var contact: Contact

    var body: some View {
        Form {
            Section {
                HStack(spacing: 16) {
                    Circle()
                        .fill(.blue.gradient)
                        .frame(width: 56, height: 56)
                        .overlay(Text(String(contact.name.prefix(1))).font(.title2).foregroundStyle(.white))
                    VStack(alignment: .leading) {
                        Text(contact.name).font(.headline)
                        Text("Mobile").font(.caption).foregroundStyle(.secondary)
                    }
                }
            }
            Section("Details") {
                LabeledContent("Phone", value: contact.phone)
                LabeledContent("Email") {
                    Text(contact.email)
                        .lineLimit(1)
                        .truncationMode(.middle)
                }
                DatePicker("Birthday", selection: $contact.birthday, displayedComponents: .date)
                Toggle("Favorite", isOn: $contact.isFavorite)
            }
        }
        .navigationTitle(contact.name)
        .navigationBarTitleDisplayMode(.inline)
    }
}

#Preview {
    @Previewable @State var contact = Contact(name: "Grace Hopper", phone: "+1 555 0100",
                                              email: "grace.hopper@example.com",
                                              birthday: Date(timeIntervalSince1970: 0), isFavorite: true)
    NavigationStack {
        ContactDetail(contact: $contact)
    }
}
