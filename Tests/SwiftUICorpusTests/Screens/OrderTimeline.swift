import SwiftUI

struct TimelineEvent: Identifiable {
    let id: Int
    let title: String
    let detail: String
    let isComplete: Bool
}

struct OrderTimeline: View {
    let events: [TimelineEvent]

    var body: some View {
        VStack(alignment: .leading, spacing: 0) {
            ForEach(events) { event in
                HStack(alignment: .top, spacing: 12) {
                    VStack(spacing: 0) {
                        Circle()
                            .fill(event.isComplete ? Color.green : Color.gray.opacity(0.4))
                            .frame(width: 14, height: 14)
                        if event.id != events.last?.id {
                            Rectangle()
                                .fill(Color.gray.opacity(0.3))
                                .frame(width: 2)
                        }
                    }
                    VStack(alignment: .leading, spacing: 2) {
                        Text(event.title).font(.subheadline.weight(.semibold))
                        Text(event.detail).font(.caption).foregroundStyle(.secondary)
                    }
                    .padding(.bottom, 20)
                }
            }
        }
        .padding()
    }
}

#Preview {
    OrderTimeline(events: [
        TimelineEvent(id: 1, title: "Ordered", detail: "Mon 09:12", isComplete: true),
        TimelineEvent(id: 2, title: "Shipped", detail: "Tue 16:40", isComplete: true),
        TimelineEvent(id: 3, title: "Delivered", detail: "Expected Thu", isComplete: false),
    ])
}
