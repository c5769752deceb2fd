import Foundation
import Testing
import LayoutTestSupport

/// The three whole screens of `Resources/examples/Screens.swift` (a profile, a leaderboard, a
/// settings form), rendered as an iPhone 15 shows them, light and dark: bars, safe areas and
/// symbols together, from code written as people write SwiftUI.
@Suite("Whole screens on an iPhone 15")
struct ScreensExampleTests {
    static let example = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Resources/examples/Screens.swift")

    /// Renders `preview` on an iPhone 15 (light and dark): the frames by id, every view's kind
    /// and frame, and whether the two images differ.
    private func render(_ preview: String) throws -> (ids: [String: CGRect], kinds: [(String, CGRect)], schemesDiffer: Bool) {
        let ws = try Workspace("screens-\(preview)")
        let json = ws.url("light.json"), light = ws.url("light.png"), dark = ws.url("dark.png")
        var out = try runLayoutlab(["render", "--source", Self.example.path, "--preview", preview, "--device", "iphone-15",
                                    "--json", json.path, "--png", light.path], in: ws)
        #expect(out.status == 0, "\(out.stderr.suffix(2000))")
        out = try runLayoutlab(["render", "--source", Self.example.path, "--preview", preview, "--device", "iphone-15",
                                "--png", dark.path, "--dark"], in: ws)
        #expect(out.status == 0, "\(out.stderr.suffix(2000))")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: json)) as? [String: Any])
        let kinds = (object["views"] as? [[String: Any]] ?? []).map { v in
            (v["kind"] as? String ?? "", CGRect(x: v["x"] as? Double ?? .nan, y: v["y"] as? Double ?? .nan,
                                                width: v["width"] as? Double ?? .nan, height: v["height"] as? Double ?? .nan))
        }
        let differ = try Data(contentsOf: light) != Data(contentsOf: dark)
        return (try framesByID(json), kinds, differ)
    }

    @Test func theSettingsFormSitsUnderItsLargeTitleAndSearchField() throws {
        let (ids, kinds, differ) = try render("Settings")
        let bar = try #require(ids["navigation-bar"]), title = try #require(ids["navigation-large-title"])
        let search = try #require(ids["search-field"]), account = try #require(ids["account"])
        #expect(bar.minY == 59, "the bar starts below the status bar: \(bar)")
        #expect(title.minY > bar.minY + 44 && title.minX == 16, "the large title is on its own row: \(title)")
        #expect(search.minY > title.maxY && account.minY > search.maxY, "\(search) \(account)")
        // The form fills the rest of the screen, through the home indicator's band.
        let form = try #require(kinds.first { $0.0 == "Form" }?.1)
        #expect(form.maxY == 852 && form.minY == bar.maxY, "\(form)")
        #expect(differ)
    }

    @Test func theLeaderboardShowsItsToolbarButtonTitleAndRankedRows() throws {
        let (ids, _, differ) = try render("Leaderboard")
        let title = try #require(ids["navigation-large-title"]), podium = try #require(ids["podium"])
        #expect(title.minY > 59 + 44)
        #expect(podium.minY > title.maxY)
        var previous = podium.maxY
        for id in 1...6 {
            let row = try #require(ids["row-\(id)"])
            #expect(row.minY > previous, "row \(id) below the one before it: \(row)")
            previous = row.minY
        }
        #expect(differ)
    }

    @Test func theProfileHeaderReachesUnderTheStatusBar() throws {
        let (ids, _, differ) = try render("Profile")
        let header = try #require(ids["header"]), avatar = try #require(ids["avatar"]), name = try #require(ids["name"])
        // `ScrollView { … }.ignoresSafeArea(edges: .top)`: the gradient starts at the screen's top.
        #expect(header.minY == 0 && header.width == 393, "\(header)")
        #expect(avatar.midY > header.maxY - 1 && avatar.minY < header.maxY, "the avatar overlaps the header's edge: \(avatar)")
        #expect(name.minY > avatar.maxY - 1)
        #expect(differ)
    }
}
