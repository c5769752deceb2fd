import Foundation
import Testing
import LayoutTestSupport

private let hasDisplay = ProcessInfo.processInfo.environment["DISPLAY"].map { !$0.isEmpty } ?? false
private let xdotoolAvailable = FileManager.default.isExecutableFile(atPath: "/usr/bin/xdotool")

/// The literal fast path in the window: a padding edited from outside, as an editor saves it,
/// is on screen without the compiler, and the state the person clicked into is kept.
@Suite("The literal fast path in the window", .enabled(if: hasDisplay, "needs an X server (run under xvfb-run -a)"))
struct LiteralFastPathWindowTests {
    static func counter(padding: Int) -> String {
        """
        import SwiftUI

        struct Counter: View {
            @State private var count = 0
            var body: some View {
                VStack(spacing: 16) {
                    Text("Count: \\(count)").id("count")
                    Button("Add one") { count += 1 }.id("add")
                }
                .padding(.leading, \(padding))
            }
        }

        #Preview("Counter", traits: .sizeThatFitsLayout) { Counter() }
        """
    }

    @Test(.enabled(if: xdotoolAvailable, "needs xdotool (run-tests installs it)"))
    func aPaddingEditedOutsideShowsWithTheStateKept() throws {
        let ws = try Workspace("literal-window")
        let file = try ws.write("Counter.swift", Self.counter(padding: 10))
        let edited = try ws.write("Counter-edited.swift", Self.counter(padding: 50))
        let shots = ws.url("shots")
        let script = try ws.write("script.txt", """
            resize 900 640
            settle
            frames before
            pointer click-view canvas add center
            wait-live
            settle
            frames tapped
            preview-status tapped-status
            wait 1100
            copy-file \(edited.path) \(file.path)
            wait-reload 1
            settle
            frames after
            preview-status after-status
            """)
        let out = try runWindow(file, script: script, shots: shots, in: ws)
        #expect(!out.timedOut && out.status == 0, "\(out.stderr)")
        let tapped = try IdentifiedFrames(shots.appendingPathComponent("tapped.json"))
        #expect(tapped.detail["count"] != nil, "no frames: \(out.stderr)")
        #expect(tapped.detail["count"]?.contains("Count: 1") == true, "the tap did not count: \(tapped.detail)")
        let after = try IdentifiedFrames(shots.appendingPathComponent("after.json"))
        // The new padding is on screen, and the count the tap made is kept.
        let before = try #require(tapped.target["count"]), now = try #require(after.target["count"])
        #expect(abs(now.minX - before.minX - 40) < 0.5, "\(before) → \(now)")
        #expect(after.detail["count"]?.contains("Count: 1") == true, "the state was lost: \(after.detail)")
        // No compiler ran for it: the fast path.
        let first = try status(shots.appendingPathComponent("tapped-status.json"))
        let last = try status(shots.appendingPathComponent("after-status.json"))
        #expect(last["literalUpdates"] as? Int == 1, "\(last)")
        #expect(last["compilerRuns"] as? Int == first["compilerRuns"] as? Int, "\(first["compilerRuns"] ?? "-") → \(last["compilerRuns"] ?? "-")")
        let ms = try #require(last["saveToPixelsMs"] as? Double)
        // The target is 100 ms (release build); a debug build on a loaded machine gets slack.
        #expect(ms < 1_000, "save to pixels took \(ms) ms")
    }
}
