import Foundation
import Testing
import PreviewHost
import LayoutTestSupport

/// `render --watch`: every save renders again (one line each, with what moved), a save that
/// does not compile keeps the last outputs, and SIGTERM ends it cleanly.
@Suite("render --watch")
struct RenderWatchTests {
    private static func card(padding: Int, extra: String = "", broken: Bool = false) -> String {
        """
        import SwiftUI

        struct Card: View {
            var body: some View {
                VStack(spacing: 8) {
                    Color.orange.frame(width: 60, height: 40).id("box")
                    \(extra)
                }
                .padding(.leading, \(padding))\(broken ? " {" : "")
            }
        }

        #Preview("Card") { Card() }
        """
    }

    /// The agents linked in the workspace's build cache.
    private func agentFiles(_ ws: Workspace) throws -> Set<String> {
        let cache = ws.root.appendingPathComponent(".cache/layoutlab/previews")
        var out: Set<String> = []
        for folder in try FileManager.default.contentsOfDirectory(atPath: cache.path) {
            for name in try FileManager.default.contentsOfDirectory(atPath: cache.appendingPathComponent(folder).path) where name.hasPrefix("agent-") {
                out.insert(folder + "/" + name)
            }
        }
        return out
    }

    /// The lines written so far to `url`.
    private func lines(_ url: URL) -> [String] {
        ((try? String(contentsOf: url, encoding: .utf8)) ?? "").split(separator: "\n").map(String.init)
    }

    /// Waits until `url` has more than `count` lines; returns the new last one.
    private func nextLine(after count: Int, in url: URL, timeout: Double = 180) throws -> String {
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline {
            let all = lines(url)
            if all.count > count { return all[count] }
            Thread.sleep(forTimeInterval: 0.1)
        }
        throw WatchTimeout(lines: lines(url))
    }
    struct WatchTimeout: Error { var lines: [String] }

    /// Starts `render --source file --preview P --watch` at 300×200 writing `outputs`, its
    /// stdout and stderr to files of the workspace.
    private func startWatch(_ file: URL, preview: String, outputs: [String], in ws: Workspace) throws -> (Process, out: URL, err: URL) {
        let out = ws.url("watch-stdout.txt"), err = ws.url("watch-stderr.txt")
        FileManager.default.createFile(atPath: out.path, contents: nil)
        FileManager.default.createFile(atPath: err.path, contents: nil)
        let process = Process()
        process.executableURL = try layoutlabBinary()
        process.arguments = ["render", "--source", file.path, "--preview", preview, "--watch", "--width", "300", "--height", "200"] + outputs
        process.environment = ws.environment
        process.currentDirectoryURL = ws.root
        process.standardOutput = try FileHandle(forWritingTo: out)
        process.standardError = try FileHandle(forWritingTo: err)
        try process.run()
        return (process, out, err)
    }

    @Test func everySaveRendersAgainAndABrokenSaveKeepsTheLastOutputs() throws {
        let ws = try Workspace("render-watch")
        let file = try ws.write("Card.swift", Self.card(padding: 10))
        let json = ws.url("card.json"), png = ws.url("card.png")
        let (process, out, err) = try startWatch(file, preview: "Card", outputs: ["--json", json.path, "--png", png.path], in: ws)
        defer { if process.isRunning { process.terminate() } }

        func stderrText() -> String { (try? String(contentsOf: err, encoding: .utf8)) ?? "" }
        let first = try nextLine(after: 0, in: out)
        #expect(first.contains("rendered \"Card\" 300×200"), "\(first)\n\(stderrText())")
        #expect(first.contains("first render"))
        let box0 = try #require(try framesByID(json)["box"])

        // A literal edit: the literal fast path (no compiler, no new agent); the padding grows,
        // the box moves.
        let agents = try agentFiles(ws)
        Thread.sleep(forTimeInterval: 1.1)
        try Self.card(padding: 30).write(to: file, atomically: true, encoding: .utf8)
        let second = try nextLine(after: 1, in: out)
        #expect(second.contains("literals: 1 changed"), "\(second)\n\(stderrText())")
        #expect(second.contains("(\"Card\", no build)"), "\(second)")
        #expect(second.contains("moved"), "\(second)")
        #expect(!second.contains("build "), "\(second)")
        let box1 = try #require(try framesByID(json)["box"])
        #expect(box1.minX == box0.minX + 10)  // 20 more points of padding, centred
        #expect(try agentFiles(ws) == agents, "an agent was linked for a literal edit")

        // A structural edit: a view is added.
        Thread.sleep(forTimeInterval: 1.1)
        try Self.card(padding: 30, extra: "Text(\"Two\").id(\"two\")").write(to: file, atomically: true, encoding: .utf8)
        let third = try nextLine(after: 2, in: out)
        #expect(third.contains("added"), "\(third)\n\(stderrText())")
        #expect(try framesByID(json)["two"] != nil)
        let kept = try Data(contentsOf: json)

        // A syntax error: its messages on stderr, the last outputs kept.
        Thread.sleep(forTimeInterval: 1.1)
        try Self.card(padding: 30, extra: "Text(\"Two\").id(\"two\")", broken: true).write(to: file, atomically: true, encoding: .utf8)
        let fourth = try nextLine(after: 3, in: out)
        #expect(fourth.contains("did not compile; the last outputs are kept"), "\(fourth)")
        #expect(stderrText().contains("Card.swift:"), "\(stderrText())")
        #expect(try Data(contentsOf: json) == kept)

        // Its fix renders again: a build, as the view is gone.
        Thread.sleep(forTimeInterval: 1.1)
        try Self.card(padding: 12).write(to: file, atomically: true, encoding: .utf8)
        let fifth = try nextLine(after: 4, in: out)
        #expect(fifth.contains("rendered \"Card\""), "\(fifth)\n\(stderrText())")
        #expect(fifth.contains("build "), "\(fifth)")
        #expect(try framesByID(json)["two"] == nil)

        // A syntax error, then a fix that differs from the running code only in a literal: the
        // fast path again.
        Thread.sleep(forTimeInterval: 1.1)
        try Self.card(padding: 12, broken: true).write(to: file, atomically: true, encoding: .utf8)
        let sixth = try nextLine(after: 5, in: out)
        #expect(sixth.contains("did not compile"), "\(sixth)")
        Thread.sleep(forTimeInterval: 1.1)
        try Self.card(padding: 16).write(to: file, atomically: true, encoding: .utf8)
        let seventh = try nextLine(after: 6, in: out)
        #expect(seventh.contains("literals: 1 changed"), "\(seventh)\n\(stderrText())")
        #expect(try framesByID(json)["box"]?.minX == box0.minX + 3)

        // SIGTERM: the agent stops, the command ends with status 0.
        process.terminate()
        let deadline = Date().addingTimeInterval(20)
        while process.isRunning && Date() < deadline { Thread.sleep(forTimeInterval: 0.1) }
        #expect(!process.isRunning)
        if !process.isRunning { #expect(process.terminationStatus == 0, "\(stderrText())") }
        #expect(stderrText().contains("stopped watching"))
        // Nothing half written was left beside the outputs.
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: ws.root.path).filter { $0.contains(".partial.") }
        #expect(leftovers.isEmpty, "\(leftovers)")
    }

    private static func tiles(alignment: String, size: String) -> String {
        """
        import SwiftUI

        enum TileSize { case small, large }

        struct Tile: View {
            var size: TileSize
            var body: some View { Color.orange.frame(width: size == .small ? 40 : 80, height: 20).id("tile") }
        }

        struct Tiles: View {
            var body: some View {
                VStack(alignment: .\(alignment)) {
                    Tile(size: .\(size))
                    Color.blue.frame(width: 160, height: 20).id("bar")
                }
            }
        }

        #Preview("Tiles") { Tiles() }
        """
    }

    /// An implicit member changed: through the fast path where the argument's type makes the
    /// new member by name (an alignment), compiled again where it cannot (the person's enum).
    @Test func anEnumLikeEditTakesTheFastPathWhereTheTypeMakesTheMember() throws {
        let ws = try Workspace("render-watch-members")
        let file = try ws.write("Tiles.swift", Self.tiles(alignment: "leading", size: "small"))
        let json = ws.url("tiles.json")
        let (process, out, err) = try startWatch(file, preview: "Tiles", outputs: ["--json", json.path], in: ws)
        defer { if process.isRunning { process.terminate() } }
        func stderrText() -> String { (try? String(contentsOf: err, encoding: .utf8)) ?? "" }

        let first = try nextLine(after: 0, in: out)
        #expect(first.contains("first render"), "\(first)\n\(stderrText())")
        let bar = try #require(try framesByID(json)["bar"])
        #expect(try framesByID(json)["tile"]?.minX == bar.minX)

        Thread.sleep(forTimeInterval: 1.1)
        try Self.tiles(alignment: "trailing", size: "small").write(to: file, atomically: true, encoding: .utf8)
        let second = try nextLine(after: 1, in: out)
        #expect(second.contains("literals: 1 changed") && second.contains("no build"), "\(second)\n\(stderrText())")
        #expect(try framesByID(json)["tile"]?.maxX == bar.maxX)

        // `TileSize` makes no members by name: the agent says so and the code compiles again.
        Thread.sleep(forTimeInterval: 1.1)
        try Self.tiles(alignment: "trailing", size: "large").write(to: file, atomically: true, encoding: .utf8)
        let third = try nextLine(after: 2, in: out)
        #expect(third.contains("rendered \"Tiles\"") && third.contains("build "), "\(third)\n\(stderrText())")
        let tile = try #require(try framesByID(json)["tile"])
        #expect(tile.width == 80 && tile.maxX == bar.maxX, "\(tile)")
        process.terminate()
    }

    @Test func watchNeedsASourceAndRenders() throws {
        let ws = try Workspace("render-watch-usage")
        let run = try runLayoutlab(["render", "--watch", "--png", ws.url("a.png").path], in: ws)
        #expect(run.status == 2)
        #expect(run.stderr.contains("--watch renders your code again as you save it; give --source FILE"), "\(run.stderr)")
    }
}
