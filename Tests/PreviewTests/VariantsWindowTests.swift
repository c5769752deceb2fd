import Foundation
import Testing
import PreviewHost
import LayoutTestSupport

private let hasDisplay = ProcessInfo.processInfo.environment["DISPLAY"].map { !$0.isEmpty } ?? false
private let xdotoolAvailable = FileManager.default.isExecutableFile(atPath: "/usr/bin/xdotool")

/// The Variants view and the inspector's Environment on a person's running preview: the tiles
/// show the preview's state in each environment, a right-to-left tile is mirrored, a larger
/// type size is taller, and clicking a tile makes its environment the canvas's, state kept.
@Suite("Variants in the window", .enabled(if: hasDisplay, "needs an X server (run under xvfb-run -a)"))
struct VariantsWindowTests {
    private static let source = """
        import SwiftUI

        struct Scoreboard: View {
            @State private var points = 0
            var body: some View {
                HStack(spacing: 16) {
                    Text("Points: \\(points)").font(.title2).id("points")
                    Button("Score") { points += 1 }.id("score")
                }
                .padding()
            }
        }

        #Preview("Scoreboard") { Scoreboard() }
        """

    private struct Tile {
        var label: String
        var laidOut: Bool
        var current: Bool
        var frames: [String: CGRect]
    }

    private func tiles(_ url: URL) throws -> [Tile] {
        let object = try status(url)
        return (object["tiles"] as? [[String: Any]] ?? []).map { t in
            var frames: [String: CGRect] = [:]
            for (id, f) in t["frames"] as? [String: [Double]] ?? [:] where f.count == 4 {
                frames[id] = CGRect(x: f[0], y: f[1], width: f[2], height: f[3])
            }
            return Tile(label: t["label"] as? String ?? "", laidOut: t["laidOut"] as? Bool ?? false,
                        current: t["current"] as? Bool ?? false, frames: frames)
        }
    }

    @Test(.enabled(if: xdotoolAvailable, "needs xdotool (run-tests installs it)"))
    func variantsShowTheRunningPreviewInEachEnvironment() throws {
        let ws = try Workspace("variants-window")
        let file = try ws.write("Scoreboard.swift", Self.source)
        let shots = ws.url("shots")
        let script = try ws.write("script.txt", """
            resize 1200 800
            settle
            pointer click-view canvas score center
            wait-live
            variants on layout-direction
            wait-variants
            variants-state directions
            variant Right to left
            wait-live
            settle
            frames rtl
            preview-status rtl-status
            variants on dynamic-type
            wait-variants
            variants-state types
            environment color-scheme dark
            wait-live
            settle
            window-screenshot dark
            variants off
            preview-status final
            """)
        let out = try runWindow(file, script: script, shots: shots, in: ws)
        #expect(!out.timedOut && out.status == 0, "\(out.stderr)")
        #expect(!out.stdout.contains("timed out") && !out.stderr.contains("timed out"), "\(out.stderr)")

        // Two directions, both laid out; left to right is the canvas's; right to left mirrors.
        let directions = try tiles(shots.appendingPathComponent("directions.json"))
        #expect(directions.map(\.label) == ["Left to right", "Right to left"])
        #expect(directions.filter { !$0.laidOut }.isEmpty)
        #expect(directions.map(\.current) == [true, false])
        if let ltr = directions.first?.frames, let rtl = directions.last?.frames,
           let a = ltr["points"], let b = ltr["score"], let c = rtl["points"], let d = rtl["score"] {
            #expect(b.minX > a.minX, "left to right: the button after the text")
            #expect(d.minX < c.minX, "right to left: the button on the left")
            #expect(abs(c.width - a.width) < 0.01 && abs(c.minY - a.minY) < 0.01)
        } else {
            Issue.record("the direction tiles lack frames: \(directions)")
        }

        // The tile clicked is the canvas's environment now, with the score kept.
        let canvas = try IdentifiedFrames(shots.appendingPathComponent("rtl.json"))
        let pointsDetail = canvas.detail["points"] ?? ""
        #expect(pointsDetail.contains("Points: 1"), "\(canvas.detail)")
        if let p = canvas.target["points"], let s = canvas.target["score"] { #expect(s.minX < p.minX) }
        let rtlStatus = try status(shots.appendingPathComponent("rtl-status.json"))
        #expect((rtlStatus["environment"] as? [String: String])?["layoutDirection"] == "rtl")

        // Twelve type sizes around the canvas's environment (right to left now): the default one
        // is current, and text grows with the size.
        let types = try tiles(shots.appendingPathComponent("types.json"))
        #expect(types.count == 12)
        #expect(types.filter { !$0.laidOut }.isEmpty)
        #expect(types.filter(\.current).map(\.label) == ["large (default)"])
        if let small = types.first?.frames["points"], let huge = types.last?.frames["points"] {
            let ratio = huge.height / small.height
            #expect(ratio > 2.5, "xSmall \(small) vs AX 5 \(huge)")
        } else {
            Issue.record("the type size tiles lack frames")
        }
        let final = try status(shots.appendingPathComponent("final.json"))
        let environment = final["environment"] as? [String: String]
        #expect(environment?["colorScheme"] == "dark")
        #expect(environment?["layoutDirection"] == "rtl")
    }

    @Test func environmentCommandsRejectWhatNobodyCanLayOutIn() throws {
        let ws = try Workspace("variants-bad-environment")
        let file = try ws.write("Scoreboard.swift", Self.source)
        let shots = ws.url("shots")
        let script = try ws.write("script.txt", """
            environment dynamic-type huge
            """)
        let out = try runWindow(file, script: script, shots: shots, in: ws)
        #expect(out.status != 0)
        #expect(out.stderr.contains("unknown Dynamic Type size 'huge'"), "\(out.stderr)")
    }
}
