import SwiftUI

struct TodoItem: Identifiable, Hashable {
    let id: Int
    var title: String
    var isDone = false
}

struct TodoList: View {
    @State private var items = [
        TodoItem(id: 1, title: "Buy milk"),
        TodoItem(id: 2, title: "Write the layout tests", isDone: true),
        TodoItem(id: 3, title: "Call the plumber"),
    ]
    @State private var newTitle = ""

    var body: some View {
        NavigationStack {
            List {
                Section {
                    ForEach($items) { $item in
                        HStack {
                            Image(systemName: item.isDone ? "checkmark.circle.fill" : "circle")
                                .foregroundStyle(item.isDone ? .green : .secondary)
                            Text(item.title)
                                .strikethrough(item.isDone)
                        }
                        .contentShape(Rectangle())
                        .onTapGesture { item.isDone.toggle() }
                        .swipeActions {
                            Button("Delete", role: .destructive) {
                                items.removeAll { $0.id == item.id }
                            }
                        }
                    }
                    .onDelete { offsets in items.remove(atOffsets: offsets) }
                    .onMove { from, to in items.move(fromOffsets: from, toOffset: to) }
                }
                Section {
                    HStack {
                        TextField("New item", text: $newTitle)
                        Button("Add") {
                            items.append(TodoItem(id: items.count + 1, title: newTitle))
                            newTitle = ""
                        }
                        .disabled(newTitle.isEmpty)
                    }
                }
            }
            .listStyle(.insetGrouped)
            .navigationTitle("To Do")
            .toolbar { EditButton() }
        }
    }
}

#Preview {
    TodoList()
}
