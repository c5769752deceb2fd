import Foundation
import Synchronization

/// Runs a command to completion with a time limit, collecting its output.
enum ProcessRunner {
    struct Outcome {
        var status: Int32
        var stdout: Data
        var stderr: Data
        var timedOut: Bool
    }

    static func run(_ executable: String, _ arguments: [String], directory: String? = nil,
                    environment: [String: String]? = nil, timeout: Double) -> Outcome {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        if let directory { process.currentDirectoryURL = URL(fileURLWithPath: directory) }
        if let environment { process.environment = environment }
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        process.standardInput = FileHandle.nullDevice
        do { try process.run() } catch {
            return Outcome(status: -1, stdout: Data(), stderr: Data("cannot run \(executable): \(error)".utf8), timedOut: false)
        }
        // Both pipes are drained while the process runs, so a chatty compiler never blocks.
        let collected = OutputCollector()
        let group = DispatchGroup()
        for (handle, isError) in [(out.fileHandleForReading, false), (err.fileHandleForReading, true)] {
            group.enter()
            DispatchQueue.global().async {
                let data = handle.readDataToEndOfFile()
                collected.set(data, isError: isError)
                group.leave()
            }
        }
        var timedOut = false
        if group.wait(timeout: .now() + timeout) == .timedOut {
            timedOut = true
            kill(process.processIdentifier, SIGKILL)
            group.wait()
        }
        process.waitUntilExit()
        let (o, e) = collected.values
        return Outcome(status: timedOut ? -1 : process.terminationStatus, stdout: o, stderr: e, timedOut: timedOut)
    }
}

private final class OutputCollector: Sendable {
    private let outputs = Mutex((out: Data(), err: Data()))
    func set(_ data: Data, isError: Bool) { outputs.withLock { if isError { $0.err = data } else { $0.out = data } } }
    var values: (Data, Data) { outputs.withLock { ($0.out, $0.err) } }
}

/// Finds the Swift toolchain's programs.
public enum ToolLocator {
    /// `swift`: `$LAYOUTLAB_SWIFT`, else on `PATH`, else `/opt/swift/usr/bin/swift`.
    public static func swift() -> String { find("swift", override: "LAYOUTLAB_SWIFT") }
    /// `swiftc`: `$LAYOUTLAB_SWIFTC`, else beside `swift`.
    public static func swiftc() -> String {
        if let o = ProcessInfo.processInfo.environment["LAYOUTLAB_SWIFTC"], !o.isEmpty { return o }
        return ((swift() as NSString).deletingLastPathComponent as NSString).appendingPathComponent("swiftc")
    }

    private static func find(_ name: String, override: String) -> String {
        let env = ProcessInfo.processInfo.environment
        if let o = env[override], !o.isEmpty { return o }
        for dir in (env["PATH"] ?? "").split(separator: ":") {
            let candidate = (String(dir) as NSString).appendingPathComponent(name)
            // Not resolved: `swift` is a link to the driver, which acts on the name it is run as.
            if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
        }
        return "/opt/swift/usr/bin/\(name)"
    }
}

/// Where the preview runtime is: the shared library a person's code links with, the module
/// files it is compiled against, and the `#Preview` macro's compiler plugin.
///
/// In a SwiftPM build folder (`.build/debug`, next to `layoutlab`) these are
/// `libLayoutLabPreviewRuntime.so`, `Modules/` and `LayoutLabMacros-tool`; an installed
/// `layoutlab` finds the same files in `PREFIX/lib/layoutlab/preview/`.
/// `$LAYOUTLAB_PREVIEW_RUNTIME` names the folder explicitly.
public struct PreviewRuntime: Sendable, Equatable {
    public static let libraryName = "LayoutLabPreviewRuntime"
    public static let pluginName = "LayoutLabMacros-tool"
    /// The folder holding the library, `Modules/` and the plugin.
    public let directory: String

    public var library: String { (directory as NSString).appendingPathComponent("lib\(Self.libraryName).so") }
    public var modules: String { (directory as NSString).appendingPathComponent("Modules") }
    public var plugin: String { (directory as NSString).appendingPathComponent(Self.pluginName) }

    public init(directory: String) { self.directory = directory }

    /// Whether the folder holds everything a preview needs.
    public var isComplete: Bool {
        let fm = FileManager.default
        return fm.fileExists(atPath: library) && fm.fileExists(atPath: (modules as NSString).appendingPathComponent("SwiftUI.swiftmodule"))
            && fm.isExecutableFile(atPath: plugin)
    }

    /// The runtime for the running `layoutlab`.
    public static func locate(executable: String = CommandLine.arguments.first ?? "") throws(PreviewError) -> PreviewRuntime {
        if let dir = ProcessInfo.processInfo.environment["LAYOUTLAB_PREVIEW_RUNTIME"], !dir.isEmpty {
            let r = PreviewRuntime(directory: dir)
            guard r.isComplete else { throw PreviewError("LAYOUTLAB_PREVIEW_RUNTIME=\(dir) lacks lib\(libraryName).so, Modules/SwiftUI.swiftmodule or \(pluginName)") }
            return r
        }
        let exe = URL(fileURLWithPath: (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? executable)
        let binDir = exe.deletingLastPathComponent().path
        let candidates = [binDir, (binDir as NSString).appendingPathComponent("../lib/layoutlab/preview")]
        for c in candidates {
            let r = PreviewRuntime(directory: URL(fileURLWithPath: c).standardizedFileURL.path)
            if r.isComplete { return r }
        }
        throw PreviewError("the preview runtime was not found (looked in \(candidates.joined(separator: " and "))); build it with 'swift build' or install layoutlab with Meson")
    }
}
