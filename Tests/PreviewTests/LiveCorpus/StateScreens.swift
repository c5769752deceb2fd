import SwiftUI

// Screens whose state is their own: `@State`, a `withAnimation` button, a switch that reveals
// a paragraph, `onTapGesture`, and state written in `body`. `layoutlab render --perform` operates
// them in PerformTests.

/// A profile card: Follow animates with a spring; the About switch reveals the biography.
struct ProfileCard: View {
    var name: String
    var handle: String
    var bio: String
    @State private var isFollowing = false
    @State private var followers = 1_204
    @State private var showsBio = false

    var body: some View {
        VStack(alignment: .leading, spacing: 12) {
            HStack(spacing: 12) {
                Circle()
                    .fill(.orange)
                    .frame(width: 56, height: 56)
                VStack(alignment: .leading, spacing: 2) {
                    Text(name).font(.headline)
                    Text(handle).font(.subheadline).foregroundStyle(.secondary)
                }
                Spacer()
                Button(isFollowing ? "Following" : "Follow") {
                    withAnimation(.spring(response: 0.3, dampingFraction: 0.7)) {
                        isFollowing.toggle()
                        followers += isFollowing ? 1 : -1
                    }
                }
                .buttonStyle(.borderedProminent)
                .id("follow")
            }
            Text("\(followers) followers")
                .font(.footnote)
                .id("followers")
            HStack {
                Text("About").font(.subheadline)
                Spacer()
                Toggle("About", isOn: $showsBio)
                    .labelsHidden()
                    .id("about")
            }
            .id("about-row")
            if showsBio {
                Text(bio)
                    .font(.body)
                    .id("bio")
            }
            Toggle("Notifications", isOn: .constant(true))
                .id("notifications")
        }
        .padding()
    }
}

#Preview("Profile", traits: .fixedLayout(width: 390, height: 600)) {
    ProfileCard(name: "Ada Lovelace", handle: "@ada",
                bio: "Wrote the first program for the Analytical Engine, and saw that it could do more than arithmetic.")
}

/// A counter: minus is disabled at zero, as steppers are.
struct CounterView: View {
    @State private var count = 0

    var body: some View {
        VStack(spacing: 20) {
            Text("\(count)")
                .font(.largeTitle)
                .monospacedDigit()
                .id("count")
            HStack(spacing: 16) {
                Button {
                    count -= 1
                } label: {
                    Image(systemName: "minus")
                }
                .disabled(count == 0)
                .id("decrement")
                Button {
                    count += 1
                } label: {
                    Image(systemName: "plus")
                }
                .id("increment")
            }
            .buttonStyle(.bordered)
        }
    }
}

#Preview("Counter", traits: .fixedLayout(width: 300, height: 300)) {
    CounterView()
}

/// A colour picker made of tappable swatches (`onTapGesture`); a ring marks the chosen one.
struct SwatchPicker: View {
    struct Swatch: Identifiable {
        var name: String
        var color: Color
        var id: String { name }
    }
    let swatches = [Swatch(name: "Red", color: .red), Swatch(name: "Green", color: .green), Swatch(name: "Blue", color: .blue)]
    @State private var selected = "Red"

    var body: some View {
        VStack(spacing: 16) {
            HStack(spacing: 12) {
                ForEach(swatches) { swatch in
                    RoundedRectangle(cornerRadius: 8)
                        .fill(swatch.color)
                        .frame(width: 60, height: 60)
                        .overlay {
                            if selected == swatch.name {
                                RoundedRectangle(cornerRadius: 8)
                                    .stroke(.primary, lineWidth: 3)
                                    .id("ring")
                            }
                        }
                        .onTapGesture { selected = swatch.name }
                        .id(swatch.name)
                }
            }
            Text("Selected: \(selected)")
                .id("selection")
        }
        .padding()
    }
}

#Preview("Swatches", traits: .sizeThatFitsLayout) {
    SwatchPicker()
}

/// A counter that caps itself in `body`, a common mistake: the write is a runtime issue
/// ("Modifying state during view update"), reported once, on the tap that causes it.
struct CappedCounter: View {
    @State private var count = 0
    let cap = 2

    private var shown: Int {
        if count > cap { count = cap }
        return count
    }

    var body: some View {
        HStack {
            Text("\(shown) of \(cap)").id("capped")
            Button("Add") { count += 1 }.id("add")
        }
    }
}

#Preview("Capped", traits: .fixedLayout(width: 300, height: 100)) {
    CappedCounter()
}

// A `#Preview` body that keeps its own state and reads it itself, as Xcode's templates do.
#Preview("Wi-Fi", traits: .fixedLayout(width: 300, height: 160)) {
    @Previewable @State var isOn = false
    @Previewable @State var network = "Home"
    VStack(spacing: 12) {
        Toggle("Wi-Fi", isOn: $isOn).labelsHidden().id("wifi")
        Text(isOn ? "Connected to \(network)" : "Wi-Fi is off").id("status")
        if isOn {
            Button("Switch network") { network = network == "Home" ? "Office" : "Home" }.id("switch")
        }
    }
}

/// A segmented filter: a capsule marked `isSource: false` sits behind the selected filter (each
/// filter the source of its group) and slides to the one tapped.
struct FilterBar: View {
    @State private var selection = 0
    @Namespace private var bar
    let filters = ["All", "Unread", "Flagged"]

    var body: some View {
        VStack(alignment: .leading, spacing: 16) {
            HStack(spacing: 0) {
                ForEach(filters.indices, id: \.self) { i in
                    Text(filters[i])
                        .padding(.horizontal, 12)
                        .padding(.vertical, 6)
                        .matchedGeometryEffect(id: i, in: bar)
                        .onTapGesture { withAnimation(.snappy) { selection = i } }
                        .id("filter-\(i)")
                }
            }
            .background {
                Capsule()
                    .fill(.blue.opacity(0.2))
                    .id("pill")
                    .matchedGeometryEffect(id: selection, in: bar, isSource: false)
            }
            Text(filters[selection])
                .font(.headline)
                .id("title")
        }
        .padding()
    }
}

#Preview("Filters", traits: .fixedLayout(width: 390, height: 200)) {
    FilterBar()
}
