// Three whole screens as apps have them, to preview at a phone's size with its safe area and
// bars, light and dark:
//
//     layoutlab render --source Resources/examples/Screens.swift --preview Settings \
//         --device iphone-15 --png settings.png
//
// Each is written as people write SwiftUI; nothing here is specific to LayoutLab.
import SwiftUI

// MARK: - Profile card

struct Profile {
    var name = "Ada Lovelace"
    var handle = "@ada"
    var bio = "Mathematician. Writes programs for engines that do not exist yet."
    var followers = 1_815
    var following = 42
    var posts = 128
}

/// A profile: a gradient header under the status bar, an avatar over its edge, counts, a
/// follow button and a toggle that shows more.
struct ProfileScreen: View {
    var profile = Profile()
    @State private var isFollowing = false
    @State private var showsMore = false

    var body: some View {
        ScrollView {
            VStack(spacing: 0) {
                LinearGradient(colors: [.indigo, .purple], startPoint: .topLeading, endPoint: .bottomTrailing)
                    .frame(height: 160)
                    .id("header")
                Image(systemName: "person.crop.circle.fill")
                    .resizable()
                    .scaledToFit()
                    .foregroundStyle(.white, .gray)
                    .frame(width: 96, height: 96)
                    .background(Circle().fill(.background))
                    .overlay(Circle().stroke(.background, lineWidth: 4))
                    .id("avatar")
                    .offset(y: -48)
                    .padding(.bottom, -48)
                VStack(spacing: 4) {
                    Text(profile.name).font(.title2.bold()).id("name")
                    Text(profile.handle).font(.subheadline).foregroundStyle(.secondary)
                }
                .padding(.top, 12)
                HStack(spacing: 0) {
                    count(profile.posts, "Posts")
                    count(profile.followers, "Followers")
                    count(profile.following, "Following")
                }
                .padding(.vertical, 16)
                .id("counts")
                Button {
                    withAnimation { isFollowing.toggle() }
                } label: {
                    Label(isFollowing ? "Following" : "Follow", systemImage: isFollowing ? "checkmark" : "plus")
                        .frame(maxWidth: .infinity)
                }
                .buttonStyle(.borderedProminent)
                .padding(.horizontal)
                .id("follow")
                Toggle("More", isOn: $showsMore)
                    .padding()
                    .id("more")
                if showsMore {
                    Text(profile.bio)
                        .foregroundStyle(.secondary)
                        .padding(.horizontal)
                        .transition(.opacity)
                }
            }
        }
        .ignoresSafeArea(edges: .top)
    }

    private func count(_ value: Int, _ label: String) -> some View {
        VStack(spacing: 2) {
            Text("\(value)").font(.headline)
            Text(label).font(.caption).foregroundStyle(.secondary)
        }
        .frame(maxWidth: .infinity)
    }
}

#Preview("Profile") {
    ProfileScreen()
}

// MARK: - Leaderboard

struct Player: Identifiable, Hashable {
    let id: Int
    var name: String
    var score: Int
    var symbol: String
}

/// A leaderboard: a podium that switches between side by side and stacked, and the ranked list.
struct LeaderboardScreen: View {
    @State private var players = [
        Player(id: 1, name: "Maya", score: 2_480, symbol: "hare.fill"),
        Player(id: 2, name: "Leo", score: 2_310, symbol: "tortoise.fill"),
        Player(id: 3, name: "Ines", score: 2_105, symbol: "bird.fill"),
        Player(id: 4, name: "Tom", score: 1_980, symbol: "fish.fill"),
        Player(id: 5, name: "Ana", score: 1_720, symbol: "ant.fill"),
        Player(id: 6, name: "Kai", score: 1_515, symbol: "ladybug.fill"),
    ]
    @State private var stacked = false

    var body: some View {
        NavigationStack {
            List {
                Section {
                    let layout = stacked ? AnyLayout(VStackLayout(spacing: 8)) : AnyLayout(HStackLayout(alignment: .bottom, spacing: 12))
                    layout {
                        ForEach(Array(players.prefix(3).enumerated()), id: \.element.id) { rank, player in
                            VStack(spacing: 6) {
                                Image(systemName: player.symbol).font(.title)
                                Text(player.name).font(.headline)
                                Text("\(player.score)").font(.caption.monospacedDigit()).foregroundStyle(.secondary)
                            }
                            .frame(maxWidth: .infinity)
                            .padding(.vertical, CGFloat(18 - rank * 4))
                            .background(.yellow.opacity(0.25 - Double(rank) * 0.06), in: RoundedRectangle(cornerRadius: 12))
                        }
                    }
                    .padding(.vertical, 6)
                    .id("podium")
                }
                Section("Everyone") {
                    ForEach(Array(players.enumerated()), id: \.element.id) { rank, player in
                        HStack {
                            Text("\(rank + 1)").font(.headline.monospacedDigit()).frame(width: 28)
                            Image(systemName: player.symbol).foregroundStyle(.tint)
                            Text(player.name)
                            Spacer()
                            Text("\(player.score)").monospacedDigit().foregroundStyle(.secondary)
                        }
                        .id("row-\(player.id)")
                    }
                }
            }
            .navigationTitle("Leaderboard")
            .toolbar {
                Button(stacked ? "Side by Side" : "Stacked") {
                    withAnimation { stacked.toggle() }
                }
            }
        }
    }
}

#Preview("Leaderboard") {
    LeaderboardScreen()
}

// MARK: - Settings

/// A settings form: an account row, toggles, a picker, a stepper and a destructive button.
struct SettingsFormScreen: View {
    @State private var notifications = true
    @State private var sounds = false
    @State private var theme = "System"
    @State private var fontSize = 17
    @State private var query = ""

    var body: some View {
        NavigationStack {
            Form {
                Section {
                    HStack(spacing: 14) {
                        Image(systemName: "person.crop.circle.fill")
                            .font(.system(size: 52))
                            .foregroundStyle(.gray)
                        VStack(alignment: .leading, spacing: 2) {
                            Text("Ada Lovelace").font(.title3)
                            Text("Apple Account, iCloud and more").font(.footnote).foregroundStyle(.secondary)
                        }
                    }
                    .id("account")
                }
                Section("Notifications") {
                    Toggle(isOn: $notifications) {
                        Label("Notifications", systemImage: "bell.badge.fill")
                    }
                    Toggle(isOn: $sounds) {
                        Label("Sounds", systemImage: "speaker.wave.2.fill")
                    }
                }
                Section("Display") {
                    Picker("Theme", selection: $theme) {
                        ForEach(["System", "Light", "Dark"], id: \.self) { Text($0) }
                    }
                    Stepper("Text Size: \(fontSize)", value: $fontSize, in: 12...24)
                }
                Section {
                    Button("Sign Out", role: .destructive) {}
                }
            }
            .navigationTitle("Settings")
            .searchable(text: $query)
        }
    }
}

#Preview("Settings") {
    SettingsFormScreen()
}
