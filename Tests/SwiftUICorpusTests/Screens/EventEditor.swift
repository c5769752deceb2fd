import SwiftUI

struct EventEditor: View {
    @State private var title = "Design review"
    @State private var start = Date(timeIntervalSince1970: 1_800_000_000)
    @State private var allDay = false
    @State private var color = Color.blue
    @State private var notes = "Bring the layout benchmarks."
    @State private var reminder = 15
    @Environment(\.dismiss) private var dismiss

    var body: some View {
        NavigationStack {
            Form {
                TextField("Title", text: $title)
                Toggle("All day", isOn: $allDay)
                DatePicker("Starts", selection: $start, displayedComponents: allDay ? [.date] : [.date, .hourAndMinute])
                ColorPicker("Color", selection: $color)
                Picker("Reminder", selection: $reminder) {
                    Text("None").tag(0)
                    Text("15 minutes before").tag(15)
                    Text("1 hour before").tag(60)
                }
                .pickerStyle(.menu)
                Section("Notes") {
                    TextEditor(text: $notes)
                        .frame(minHeight: 100)
                }
            }
            .navigationTitle("New Event")
            .toolbar {
                ToolbarItem(placement: .cancellationAction) { Button("Cancel") { dismiss() } }
                ToolbarItem(placement: .confirmationAction) { Button("Add") { dismiss() } }
            }
        }
    }
}

#Preview {
    EventEditor()
}
