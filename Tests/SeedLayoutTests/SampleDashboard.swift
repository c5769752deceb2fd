// A dashboard in the style of public SwiftUI sample code (written for this project): an
// `ObservableObject` store from `environmentObject`, cards, a gauge, a navigation link, a toggle
// with an animated binding, and the chrome real screens carry (title, toolbar, sheet), with a
// `PreviewProvider`. Compiled unchanged through `import SwiftUI`.

import Testing
import SwiftUI
import LayoutTestSupport

final class DashboardStore: ObservableObject {
    @Published var steps = 7_500
    @Published var goal = 10_000
    @Published var sleepHours = 6.5
}

struct StatCard: View {
    let title: String
    let value: String
    let progress: Double

    var body: some View {
        VStack(alignment: .leading, spacing: 6) {
            Text(title)
                .font(.caption)
                .foregroundStyle(.secondary)
                .textCase(.uppercase)
            Text(value)
                .font(.title2)
                .bold()
                .monospacedDigit()
            ProgressView(value: progress)
                .tint(.green)
        }
        .padding(12)
        .background(RoundedRectangle(cornerRadius: 12).fill(Color.gray.opacity(0.12)))
    }
}

struct DashboardScreen: View {
    @EnvironmentObject private var store: DashboardStore
    @State private var showDetails = false

    var body: some View {
        VStack(alignment: .leading, spacing: 12) {
            Text("Today")
                .font(.largeTitle.bold())
            HStack(spacing: 12) {
                StatCard(title: "Steps", value: "\(store.steps)", progress: Double(store.steps) / Double(store.goal))
                StatCard(title: "Sleep", value: String(format: "%.1f h", store.sleepHours), progress: store.sleepHours / 8)
            }
            Gauge(value: 0.62) {
                Text("Move")
            } currentValueLabel: {
                Text("62%")
            }
            NavigationLink("See all activity") {
                Text("Details")
            }
            Toggle("Show details", isOn: $showDetails.animation(.easeInOut))
        }
        .padding()
        .navigationTitle("Dashboard")
        .toolbar {
            ToolbarItem(placement: .primaryAction) {
                Button("Edit") {}
            }
        }
        .sheet(isPresented: $showDetails) {
            Text("Details sheet")
        }
        .task {
            store.steps += 0
        }
    }
}

struct DashboardScreen_Previews: PreviewProvider {
    static var previews: some View {
        DashboardScreen()
            .environmentObject(DashboardStore())
    }
}

@Suite("Sample screens: dashboard")
struct SampleDashboardTests {
    /// Window 390×844, padding 16 → 358 wide. Rows: title 34 (largeTitle), cards 74
    /// (12 + 12 caption + 6 + 22 title2 + 6 + 4 bar + 12), gauge 25 (17 + 4 + 4), link 17,
    /// toggle 31; spacing 12 × 4 = 48 → 229 + 32 = 261, centred: top = (844 − 261) / 2 + 16.
    /// The two cards are equally flexible (their bars): (358 − 12) / 2 = 173 each.
    @Test func dashboard() {
        let r = layout(DashboardScreen_Previews.previews, 390, 844)
        let top: CGFloat = (844 - 261) / 2 + 16
        expectFrame(r.textFrame("Today"), rect(16, top, 5 * 34, 34))
        let cardsTop = top + 34 + 12
        expectFrame(r.textFrame("Steps"), rect(16 + 12, cardsTop + 12, 5 * 12, 12))
        expectFrame(r.textFrame("7500"), rect(16 + 12, cardsTop + 12 + 12 + 6, 4 * 22, 22))
        expectFrame(r.textFrame("Sleep"), rect(16 + 173 + 12 + 12, cardsTop + 12, 5 * 12, 12))
        let bars = r.views.filter { $0.kind == "ProgressView" }
        #expect(bars.map(\.frame.width) == [149, 149])
        #expect(bars.map(\.detail) == ["75%", "81%"])
        let gaugeTop = cardsTop + 74 + 12
        expectFrame(r.first(kind: "Gauge")?.frame, rect(16, gaugeTop + 17 + 4, 358, 4))
        expectFrame(r.textFrame("62%"), rect(16 + 358 - 51, gaugeTop, 51, 17))
        expectFrame(r.textFrame("See all activity"), rect(16, gaugeTop + 25 + 12, 16 * 17, 17))
        expectFrame(r.first(kind: "Switch")?.frame, rect(16 + 358 - 51, gaugeTop + 25 + 12 + 17 + 12, 51, 31))
        for hidden in ["Details", "Details sheet", "Edit", "Dashboard"] { #expect(r.textFrame(hidden) == nil, "\(hidden)") }
    }
}
