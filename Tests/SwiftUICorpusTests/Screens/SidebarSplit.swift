import SwiftUI

struct Mailbox: Identifiable, Hashable {
    let id: String
    let systemImage: String
    let unread: Int
}

struct SidebarSplit: View {
    let mailboxes = [
        Mailbox(id: "Inbox", systemImage: "tray", unread: 4),
        Mailbox(id: "Sent", systemImage: "paperplane", unread: 0),
        Mailbox(id: "Archive", systemImage: "archivebox", unread: 0),
    ]
    @State private var selection: Mailbox?

    var body: some View {
        NavigationSplitView {
            List(mailboxes, selection: $selection) { mailbox in
                Label(mailbox.id, systemImage: mailbox.systemImage)
                    .badge(mailbox.unread)
                    .tag(mailbox)
            }
            .navigationTitle("Mail")
        } detail: {
            if let selection {
                Text(selection.id).font(.largeTitle)
            } else {
                Text("Select a mailbox")
                    .foregroundStyle(.secondary)
            }
        }
    }
}

#Preview {
    SidebarSplit()
}
