import SwiftUI

struct NotesToolbar: View {
    @State private var notes = ["Groceries", "Ideas", "Books to read"]
    @State private var isEditing = false
    @State private var showingNewNote = false

    var body: some View {
        NavigationStack {
            List {
                ForEach(notes, id: \.self) { note in
                    Text(note)
                        .contextMenu {
                            Button("Duplicate", systemImage: "plus.square.on.square") {}
                            Button("Delete", systemImage: "trash", role: .destructive) {}
                        }
                }
            }
            .navigationTitle("Notes")
            .toolbar {
                ToolbarItem(placement: .topBarTrailing) {
                    Button("New", systemImage: "square.and.pencil") { showingNewNote = true }
                }
                ToolbarItemGroup(placement: .bottomBar) {
                    Text("\(notes.count) notes")
                        .font(.caption)
                    Spacer()
                    Button(isEditing ? "Done" : "Edit") { isEditing.toggle() }
                }
            }
            .sheet(isPresented: $showingNewNote) {
                Text("New note")
                    .presentationDetents([.medium, .large])
            }
            .refreshable {}
            .task { }
        }
    }
}

#Preview {
    NotesToolbar()
}
