// Running the package's executables from tests: `layoutlab` in a window, `layoutlab render`, …

import Foundation
import Testing

/// What a process printed and how it ended.
public struct ProcessOutput: Sendable {
    public var status: Int32
    public var stdout: String
    public var stderr: String
    /// True when the process was stopped at the time limit.
    public var timedOut: Bool
}

/// Runs `executable` with `arguments` and `environment` and waits at most `timeout` seconds
/// (then terminates it). Output goes through files, so a chatty process never blocks on a pipe.
public func runProcess(_ executable: URL, _ arguments: [String], environment: [String: String]? = nil,
                       timeout: TimeInterval, outputDirectory: URL? = nil) throws -> ProcessOutput {
    let dir = outputDirectory ?? URL(fileURLWithPath: NSTemporaryDirectory())
    let tag = UUID().uuidString
    let out = dir.appendingPathComponent("stdout-\(tag).txt"), err = dir.appendingPathComponent("stderr-\(tag).txt")
    FileManager.default.createFile(atPath: out.path, contents: nil)
    FileManager.default.createFile(atPath: err.path, contents: nil)
    defer {
        if outputDirectory == nil {
            try? FileManager.default.removeItem(at: out)
            try? FileManager.default.removeItem(at: err)
        }
    }
    let process = Process()
    process.executableURL = executable
    process.arguments = arguments
    if let environment { process.environment = environment }
    process.standardOutput = try FileHandle(forWritingTo: out)
    process.standardError = try FileHandle(forWritingTo: err)
    try process.run()
    let deadline = Date().addingTimeInterval(timeout)
    while process.isRunning && Date() < deadline { usleep(20_000) }
    let timedOut = process.isRunning
    if timedOut { process.terminate() }
    process.waitUntilExit()
    return ProcessOutput(status: process.terminationStatus,
                         stdout: (try? String(contentsOf: out, encoding: .utf8)) ?? "",
                         stderr: (try? String(contentsOf: err, encoding: .utf8)) ?? "",
                         timedOut: timedOut)
}

/// The `layoutlab` executable built next to the running test bundle, or in the checkout's
/// `.build-app` / `.build` folders (debug, then release).
public func layoutlabExecutable(filePath: String = #filePath) -> URL? {
    var candidates: [URL] = []
    if let first = CommandLine.arguments.first {
        candidates.append(URL(fileURLWithPath: first).deletingLastPathComponent().appendingPathComponent("layoutlab"))
    }
    let root = URL(fileURLWithPath: filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    for scratch in [".build-app", ".build"] {
        candidates.append(root.appendingPathComponent("\(scratch)/debug/layoutlab"))
        candidates.append(root.appendingPathComponent("\(scratch)/release/layoutlab"))
    }
    return candidates.first { FileManager.default.isExecutableFile(atPath: $0.path) }
}
