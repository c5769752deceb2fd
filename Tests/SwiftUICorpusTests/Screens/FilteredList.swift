import SwiftUI

struct FilteredList: View {
    enum Filter: String, CaseIterable, Identifiable {
        case all = "All", unread = "Unread", flagged = "Flagged"
        var id: Self { self }
    }

    @State private var filter = Filter.all
    let items = ["Quarterly report", "Team lunch", "Design review", "Travel plans"]

    var body: some View {
        VStack(spacing: 0) {
            Picker("Filter", selection: $filter) {
                ForEach(Filter.allCases) { filter in
                    Text(filter.rawValue).tag(filter)
                }
            }
            .pickerStyle(.segmented)
            .padding()

            List(items, id: \.self) { item in
                Text(item)
            }
            .listStyle(.plain)
        }
        .onChange(of: filter) { oldValue, newValue in
            print("filter changed from \(oldValue) to \(newValue)")
        }
    }
}

#Preview {
    FilteredList()
}
