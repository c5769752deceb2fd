import SwiftUI

struct MonthCalendar: View {
    let monthName: String
    let firstWeekday: Int      // 0 = Monday
    let dayCount: Int
    @State private var selectedDay = 14

    private let columns = Array(repeating: GridItem(.flexible(), spacing: 4), count: 7)
    private let weekdays = ["M", "T", "W", "T", "F", "S", "S"]

    var body: some View {
        VStack(spacing: 12) {
            HStack {
                Text(monthName).font(.title2.bold())
                Spacer()
                Button {} label: { Image(systemName: "chevron.left") }
                Button {} label: { Image(systemName: "chevron.right") }
            }
            LazyVGrid(columns: columns, spacing: 8) {
                ForEach(weekdays.indices, id: \.self) { i in
                    Text(weekdays[i])
                        .font(.caption)
                        .foregroundStyle(.secondary)
                }
                ForEach(0..<firstWeekday, id: \.self) { _ in
                    Color.clear.frame(height: 32)
                }
                ForEach(1...dayCount, id: \.self) { day in
                    Text("\(day)")
                        .frame(maxWidth: .infinity, minHeight: 32)
                        .background(day == selectedDay ? Circle().fill(Color.accentColor) : nil)
                        .foregroundStyle(day == selectedDay ? .white : .primary)
                        .onTapGesture { selectedDay = day }
                }
            }
        }
        .padding()
    }
}

#Preview {
    MonthCalendar(monthName: "November", firstWeekday: 6, dayCount: 30)
}
