import Foundation
import Testing
import LayoutTestSupport

private let hasDisplay = ProcessInfo.processInfo.environment["DISPLAY"].map { !$0.isEmpty } ?? false
private let xdotoolAvailable = FileManager.default.isExecutableFile(atPath: "/usr/bin/xdotool")

/// A save that compiles again keeps the state the person clicked into: the new build's agent
/// starts from the old one's state wherever the views are the same.
@Suite("State kept across builds in the window", .enabled(if: hasDisplay, "needs an X server (run under xvfb-run -a)"))
struct KeptStateWindowTests {
    static func counter(subtitle: Bool) -> String {
        """
        import SwiftUI

        struct Counter: View {
            @State private var count = 0
            var body: some View {
                VStack(spacing: 16) {
                    Text("Count: \\(count)").id("count")
                    Button("Add one") { count += 1 }.id("add")\(subtitle ? "\n                Text(\"Taps are kept across saves\").id(\"subtitle\")" : "")
                }
                .padding(20)
            }
        }

        #Preview("Counter", traits: .sizeThatFitsLayout) { Counter() }
        """
    }

    /// What the window showed after two real clicks on the view `add` (`tapped`), then after
    /// `edited` was copied over `file` and built (`after`), with the preview's status at each.
    private struct TappedThenSaved {
        let tapped: IdentifiedFrames, after: IdentifiedFrames
        let tappedStatus: [String: Any], afterStatus: [String: Any]
    }

    private func tapTwiceThenSave(_ name: String, _ source: String, edited editedSource: String) throws -> TappedThenSaved {
        let ws = try Workspace("kept-state-\(name)")
        let file = try ws.write("\(name).swift", source)
        let edited = try ws.write("\(name)-edited.swift", editedSource)
        let shots = ws.url("shots")
        let script = try ws.write("script.txt", tapThenSaveScript(tapping: "add", times: 2, edited: edited, over: file))
        let out = try runWindow(file, script: script, shots: shots, in: ws)
        #expect(!out.timedOut && out.status == 0, "\(out.stderr)")
        return TappedThenSaved(tapped: try IdentifiedFrames(shots.appendingPathComponent("tapped.json")),
                               after: try IdentifiedFrames(shots.appendingPathComponent("after.json")),
                               tappedStatus: try status(shots.appendingPathComponent("tapped-status.json")),
                               afterStatus: try status(shots.appendingPathComponent("after-status.json")))
    }

    @Test(.enabled(if: xdotoolAvailable, "needs xdotool (run-tests installs it)"))
    func aStructuralEditKeepsTheState() throws {
        let run = try tapTwiceThenSave("Counter", Self.counter(subtitle: false), edited: Self.counter(subtitle: true))
        let tapped = run.tapped
        #expect(tapped.detail["count"]?.contains("Count: 2") == true, "the taps did not count: \(tapped.detail)")
        let after = run.after
        // The new code is on screen (it was compiled), with the count and the toggle kept.
        #expect(after.detail["subtitle"] != nil, "the edit is not on screen: \(after.detail)")
        #expect(after.detail["count"]?.contains("Count: 2") == true, "the view's state was lost: \(after.detail)")
        let first = run.tappedStatus, last = run.afterStatus
        #expect((last["compilerRuns"] as? Int ?? 0) > (first["compilerRuns"] as? Int ?? 0), "the edit did not compile: \(last)")
        #expect(last["stateCarryOvers"] as? Int == 1, "\(last)")
    }

    static func previewable(helper: Bool) -> String {
        """
        import SwiftUI
        \(helper ? "\nstruct Badge: View {\n    var body: some View { Text(\"New\").id(\"badge\") }\n}\n" : "")
        #Preview("Tally", traits: .sizeThatFitsLayout) {
            @Previewable @State var tally = 0
            VStack(spacing: 16) {
                Text("Tally: \\(tally)").id("tally")
                Button("Add one") { tally += 1 }.id("add")\(helper ? "\n            Badge()" : "")
            }
            .padding(20)
        }
        """
    }

    /// A `#Preview` body's own `@Previewable` state is on screen when it changes, and is kept
    /// by a build whose edit moves the preview down the file.
    @Test(.enabled(if: xdotoolAvailable, "needs xdotool (run-tests installs it)"))
    func aPreviewBodysOwnStateIsLiveAndKept() throws {
        let run = try tapTwiceThenSave("Tally", Self.previewable(helper: false), edited: Self.previewable(helper: true))
        let tapped = run.tapped
        #expect(tapped.detail["tally"]?.contains("Tally: 2") == true, "the body did not read its new state: \(tapped.detail)")
        let after = run.after
        #expect(after.detail["badge"] != nil, "the edit is not on screen: \(after.detail)")
        #expect(after.detail["tally"]?.contains("Tally: 2") == true, "the preview's state was lost: \(after.detail)")
    }
}
