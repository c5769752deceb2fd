import Foundation
import Testing

/// The "Your own layouts in the window" example (the LayoutLabApp catalog's `YourOwnLayouts.md`),
/// built as a separate package against this checkout and run: the documented one-call API must
/// keep working exactly as written.
@Suite("Documented example package", .timeLimit(.minutes(20)))
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

    @Test func documentedExampleBuildsAgainstThisCheckoutAndOpensTheWindow() throws {
        let files = try Self.exampleFiles()
        let manifest = try #require(files["Package.swift"], "\(Self.article) lacks the example's Package.swift")
        let main = try #require(files["Sources/MyLayoutLab/main.swift"], "\(Self.article) lacks the example's main.swift")

        // The package as written, with "../layoutlab" pointing at this checkout.
        let work = URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent("layoutlab-example-\(UUID().uuidString)")
        let package = work.appendingPathComponent("MyLayoutLab")
        try FileManager.default.createDirectory(at: package.appendingPathComponent("Sources/MyLayoutLab"), withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(at: work.appendingPathComponent("layoutlab"), withDestinationURL: Self.root)
        try manifest.write(to: package.appendingPathComponent("Package.swift"), atomically: true, encoding: .utf8)
        try main.write(to: package.appendingPathComponent("Sources/MyLayoutLab/main.swift"), atomically: true, encoding: .utf8)
        #expect(manifest.contains(".package(path: \"../layoutlab\")"))
        #expect(main.contains("LayoutLab.run("))

        let buildLog = work.appendingPathComponent("build.log")
        // Without debug info (`-gnone`): the sources are built as written, and this build, the
        // longest of the suite (the whole engine and swift-syntax again), compiles and links faster.
        let status = try Self.run("/usr/bin/env", ["swift", "build", "--package-path", package.path, "-Xswiftc", "-gnone"],
                                  in: package, log: buildLog, seconds: 900)
        let log = (try? String(contentsOf: buildLog, encoding: .utf8)) ?? ""
        try #require(status == 0, "the documented example did not build:\n\(log.suffix(4000))")

        // Open the window on the example's layout and scene, then quit. Without an X server the
        // build above is all that was checked: the test ends cancelled ("was cancelled" and this
        // reason in the output, like a skipped test), not passed, so a run without a display does
        // not count the window as seen.
        guard hasDisplay else {
            try? FileManager.default.removeItem(at: work)
            try Test.cancel("the README example built; opening its window needs an X server (DISPLAY is unset: run under xvfb-run -a)")
        }
        let executable = package.appendingPathComponent(".build/debug/MyLayoutLab")
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
        try? FileManager.default.removeItem(at: work)
    }
}
