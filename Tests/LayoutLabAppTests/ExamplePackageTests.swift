import Foundation
import LayoutTestSupport
import Testing

/// The "Your own layouts in the window" example (the LayoutLabApp catalog's `YourOwnLayouts.md`),
/// checked as a person's package against this checkout and run: the documented one-call API must
/// keep working exactly as written.
@Suite("Documented example package", .timeLimit(.minutes(5)))
struct ExamplePackageTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// The article that shows the example.
    static let article = "Sources/LayoutLabApp/LayoutLabApp.docc/YourOwnLayouts.md"

    /// The article's code blocks marked `<!-- example-package: PATH -->`, by path.
    static func exampleFiles() throws -> [String: String] {
        let text = try String(contentsOf: root.appendingPathComponent(article), encoding: .utf8)
        var files: [String: String] = [:]
        let marker = "<!-- example-package: "
        var rest = text[...]
        while let m = rest.range(of: marker) {
            let afterMarker = rest[m.upperBound...]
            guard let close = afterMarker.range(of: " -->"),
                  let open = afterMarker.range(of: "```swift\n"),
                  let end = afterMarker[open.upperBound...].range(of: "\n```") else { break }
            files[String(afterMarker[..<close.lowerBound])] = String(afterMarker[open.upperBound..<end.lowerBound]) + "\n"
            rest = afterMarker[end.upperBound...]
        }
        return files
    }

    /// Runs a command, output to a log file (so a chatty build cannot fill a pipe), within a deadline.
    static func run(_ executable: String, _ arguments: [String], in directory: URL, log: URL, seconds: Double,
                    environment: [String: String] = [:]) throws -> Int32 {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        process.currentDirectoryURL = directory
        var env = ProcessInfo.processInfo.environment
        env["PATH"] = (env["PATH"].map { $0 + ":" } ?? "") + "/opt/swift/usr/bin"
        for (k, v) in environment { env[k] = v }
        process.environment = env
        FileManager.default.createFile(atPath: log.path, contents: nil)
        let handle = try FileHandle(forWritingTo: log)
        process.standardOutput = handle
        process.standardError = handle
        try process.run()
        let deadline = Date().addingTimeInterval(seconds)
        while process.isRunning && Date() < deadline { Thread.sleep(forTimeInterval: 0.2) }
        if process.isRunning { process.terminate(); Issue.record("\(arguments.first ?? executable) did not finish in \(Int(seconds)) s") }
        process.waitUntilExit()
        try handle.close()
        return process.terminationStatus
    }

    /// The package's own manifest, or the example's, as `swift package dump-package` reads it.
    /// (With a scratch directory of its own: `swift test` may hold the checkout's `.build`.)
    static func dumpedManifest(of package: URL, log: URL) throws -> [String: Any] {
        let json = log.deletingLastPathComponent().appendingPathComponent(log.lastPathComponent + ".json")
        let scratch = log.deletingLastPathComponent().appendingPathComponent(log.lastPathComponent + ".scratch")
        let status = try run("/bin/sh", ["-c", "swift package --package-path \"$0\" --scratch-path \"$1\" dump-package > \"$2\"",
                                         package.path, scratch.path, json.path],
                             in: package, log: log, seconds: 240)
        let text = (try? String(contentsOf: log, encoding: .utf8)) ?? ""
        try #require(status == 0, "swift package dump-package failed for \(package.path):\n\(text.suffix(3000))")
        return try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: json)) as? [String: Any])
    }

    /// The example as a person writes it: its manifest loads and asks this checkout (by path) for
    /// library products it has; its code, verbatim, is the package's `LayoutLabDocumentedExample`
    /// target, which the package's build compiled against those products (a package of its own
    /// would build the engine, the app and swift-syntax a second time, the longest step of the
    /// suite); and that executable opens the window on the example's layout and scene.
    @Test func documentedExampleBuildsAgainstThisCheckoutAndOpensTheWindow() throws {
        let files = try Self.exampleFiles()
        let manifest = try #require(files["Package.swift"], "\(Self.article) lacks the example's Package.swift")
        let main = try #require(files["Sources/MyLayoutLab/main.swift"], "\(Self.article) lacks the example's main.swift")
        #expect(manifest.contains(".package(path: \"../layoutlab\")"))
        #expect(main.contains("LayoutLab.run("))

        // The code is the target's, byte for byte.
        let target = Self.root.appendingPathComponent("Tests/DocumentedExample/main.swift")
        let built = try String(contentsOf: target, encoding: .utf8)
        #expect(built == main, "Tests/DocumentedExample/main.swift must be the article's main.swift verbatim (copy it from \(Self.article))")

        // The manifest, as written next to this checkout, loads; each product it uses is a
        // library product of this package.
        let work = URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent("layoutlab-example-\(UUID().uuidString)")
        let package = work.appendingPathComponent("MyLayoutLab")
        try FileManager.default.createDirectory(at: package.appendingPathComponent("Sources/MyLayoutLab"), withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: work) }
        try FileManager.default.createSymbolicLink(at: work.appendingPathComponent("layoutlab"), withDestinationURL: Self.root)
        try manifest.write(to: package.appendingPathComponent("Package.swift"), atomically: true, encoding: .utf8)
        try main.write(to: package.appendingPathComponent("Sources/MyLayoutLab/main.swift"), atomically: true, encoding: .utf8)
        let example = try Self.dumpedManifest(of: package, log: work.appendingPathComponent("example.log"))
        let ours = try Self.dumpedManifest(of: Self.root, log: work.appendingPathComponent("ours.log"))
        let libraries = Set(((ours["products"] as? [[String: Any]]) ?? []).compactMap { product -> String? in
            guard let type = product["type"] as? [String: Any], type["library"] != nil else { return nil }
            return product["name"] as? String
        })
        let dependencies = (example["dependencies"] as? [[String: Any]]) ?? []
        let paths = dependencies.compactMap { ($0["fileSystem"] as? [[String: Any]])?.first?["path"] as? String }
        #expect(paths.count == 1 && paths.allSatisfy { URL(fileURLWithPath: $0).lastPathComponent == "layoutlab" }, "\(dependencies)")
        let used = ((example["targets"] as? [[String: Any]]) ?? []).flatMap { ($0["dependencies"] as? [[String: Any]]) ?? [] }
            .compactMap { ($0["product"] as? [Any])?.first as? String }
        #expect(!used.isEmpty && used.allSatisfy(libraries.contains), "the example uses \(used); the library products are \(libraries.sorted())")
        #expect(Set(used) == ["LayoutLabApp", "SwiftUI"], "the target LayoutLabDocumentedExample depends on LayoutLabApp and SwiftUI: keep them in step")

        // Open the window on the example's layout and scene, then quit. Without an X server the
        // checks above are all that ran: the test ends cancelled ("was cancelled" and this reason
        // in the output, like a skipped test), not passed, so a run without a display does not
        // count the window as seen.
        guard hasDisplay else {
            try Test.cancel("the README example built; opening its window needs an X server (DISPLAY is unset: run under xvfb-run -a)")
        }
        let executable = try #require(layoutlabExecutable().map { $0.deletingLastPathComponent().appendingPathComponent("LayoutLabDocumentedExample") },
                                      "build the package first (swift build)")
        try #require(FileManager.default.isExecutableFile(atPath: executable.path), "\(executable.path) is not built (swift build)")
        let script = work.appendingPathComponent("script.txt")
        try "wait 400\nframes shown\nquit\n".write(to: script, atomically: true, encoding: .utf8)
        let runLog = work.appendingPathComponent("run.log")
        let ran = try Self.run(executable.path, ["--automation", script.path, "--screenshot-dir", work.path], in: work, log: runLog,
                               seconds: 90, environment: ["GSK_RENDERER": "cairo", "XDG_CONFIG_HOME": work.appendingPathComponent("config").path])
        let output = (try? String(contentsOf: runLog, encoding: .utf8)) ?? ""
        #expect(ran == 0, "\(output)")
        let shown = try loadFrames(work.appendingPathComponent("shown.json"))
        #expect(shown.layout == "Diagonal")
        #expect(shown.items.count == 5)
        // Corner to corner: each square starts where the previous one ends.
        for (a, b) in zip(shown.items, shown.items.dropFirst()) {
            #expect(abs(b.x - (a.x + a.width)) < 0.5 && abs(b.y - (a.y + a.height)) < 0.5, "\(a) → \(b)")
        }
    }
}
