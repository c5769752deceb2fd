import Foundation
import Testing

/// A folder of a person's code written by a test, removed when the test is done (kept with
/// `LAYOUTLAB_KEEP_TEST_FILES=1`, to look at the screenshots).
final class Workspace {
    let root: URL

    init(_ name: String) throws {
        root = URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent("layoutlab-\(name)-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
    }

    deinit {
        if ProcessInfo.processInfo.environment["LAYOUTLAB_KEEP_TEST_FILES"] == nil { try? FileManager.default.removeItem(at: root) }
    }

    @discardableResult
    func write(_ relativePath: String, _ text: String) throws -> URL {
        let url = root.appendingPathComponent(relativePath)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try text.write(to: url, atomically: true, encoding: .utf8)
        return url
    }

    func url(_ relativePath: String) -> URL { root.appendingPathComponent(relativePath) }

    /// A private build cache, so tests never share (or reuse) another run's agents.
    var environment: [String: String] {
        var env = ProcessInfo.processInfo.environment
        env["XDG_CACHE_HOME"] = root.appendingPathComponent(".cache").path
        env["XDG_CONFIG_HOME"] = root.appendingPathComponent(".config").path
        return env
    }
}

/// The `layoutlab` built next to this test bundle (the preview runtime is in the same folder).
func layoutlabBinary() throws -> URL {
    let dir = URL(fileURLWithPath: CommandLine.arguments.first ?? "").deletingLastPathComponent()
    let candidates = [dir.appendingPathComponent("layoutlab"),
                      URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
                        .deletingLastPathComponent().appendingPathComponent(".build/debug/layoutlab")]
    return try #require(candidates.first { FileManager.default.isExecutableFile(atPath: $0.path) },
                        "build layoutlab first (swift build)")
}

struct CommandOutput {
    var status: Int32
    var stdout: String
    var stderr: String
}

/// Runs `layoutlab` with `arguments` and waits (at most `timeout` seconds).
func runLayoutlab(_ arguments: [String], in workspace: Workspace, timeout: Double = 240) throws -> CommandOutput {
    let process = Process()
    process.executableURL = try layoutlabBinary()
    process.arguments = arguments
    process.environment = workspace.environment
    let out = workspace.url("stdout-\(UUID().uuidString).txt"), err = workspace.url("stderr-\(UUID().uuidString).txt")
    FileManager.default.createFile(atPath: out.path, contents: nil)
    FileManager.default.createFile(atPath: err.path, contents: nil)
    process.standardOutput = try FileHandle(forWritingTo: out)
    process.standardError = try FileHandle(forWritingTo: err)
    try process.run()
    let deadline = Date().addingTimeInterval(timeout)
    while process.isRunning && Date() < deadline { usleep(20_000) }
    if process.isRunning { process.terminate() }
    process.waitUntilExit()
    return CommandOutput(status: process.terminationStatus,
                         stdout: (try? String(contentsOf: out, encoding: .utf8)) ?? "",
                         stderr: (try? String(contentsOf: err, encoding: .utf8)) ?? "")
}

/// The frames by id in `layoutlab render --json` output.
func framesByID(_ url: URL) throws -> [String: CGRect] {
    let object = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: url)) as? [String: Any])
    var out: [String: CGRect] = [:]
    for v in object["views"] as? [[String: Any]] ?? [] {
        guard let id = v["id"] as? String, out[id] == nil else { continue }
        out[id] = CGRect(x: v["x"] as? Double ?? .nan, y: v["y"] as? Double ?? .nan,
                         width: v["width"] as? Double ?? .nan, height: v["height"] as? Double ?? .nan)
    }
    return out
}
