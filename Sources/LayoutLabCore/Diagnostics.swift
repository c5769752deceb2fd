import Foundation

/// The one place where LayoutLab tells a person what went wrong and decides the exit status:
/// the command line (`layoutlab render`, bad arguments) and the window (automation, preview,
/// export, recording) all write to standard error through it, so every message reads
/// `layoutlab: …` and an error means the same status wherever it is met.
public enum Diagnostics {
    /// The exit statuses of `layoutlab` and `layoutlab-window`.
    public enum ExitStatus: Int32, Sendable {
        case success = 0
        /// Something could not be done (a render, a script, a build of a person's code).
        case failure = 1
        /// The command line was wrong (an unknown option, an unknown layout name).
        case usage = 2
    }

    /// The status an error ends the process with: 2 for the command line's own errors
    /// (`CommandLineError`, a `LabError` of kind usage), 1 for everything else.
    public static func exitStatus(for error: any Error) -> ExitStatus {
        switch error {
        case is CommandLineError: .usage
        case let e as LabError: e.status
        default: .failure
        }
    }

    /// The message for `error`: errors LayoutLab raises say what happened themselves; any other
    /// is said as "`activity` failed: …" (`render failed: …`) when an activity is given.
    public static func message(for error: any Error, during activity: String? = nil) -> String {
        switch error {
        case let e as CommandLineError: e.message
        case let e as LabError: e.message
        default: activity.map { "\($0) failed: \(error)" } ?? "\(error)"
        }
    }

    /// Writes `layoutlab: MESSAGE` to standard error.
    public static func report(_ message: String) {
        writeLine("layoutlab: \(message)")
    }

    /// Writes `layoutlab: warning: MESSAGE` to standard error.
    public static func warn(_ message: String) {
        report("warning: \(message)")
    }

    /// Reports `error` (see `message(for:during:)`) and returns the status it ends the process with.
    @discardableResult
    public static func report(_ error: any Error, during activity: String? = nil) -> Int32 {
        report(message(for: error, during: activity))
        return exitStatus(for: error).rawValue
    }

    /// Writes a line as it is (the compiler's own messages, `--stats` timings).
    public static func writeLine(_ line: String) {
        write(line.hasSuffix("\n") ? line : line + "\n")
    }

    /// Writes text as it is to standard error.
    public static func write(_ text: String) {
        FileHandle.standardError.write(Data(text.utf8))
    }
}

/// An error LayoutLab raises with the message a person reads and the exit status it means.
public struct LabError: Error, Equatable, CustomStringConvertible, Sendable {
    public let message: String
    public let status: Diagnostics.ExitStatus
    public init(_ message: String, status: Diagnostics.ExitStatus = .failure) {
        self.message = message
        self.status = status
    }
    public var description: String { message }
}
