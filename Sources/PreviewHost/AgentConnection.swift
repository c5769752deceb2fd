import Foundation
import Synchronization
import SwiftUI
import PreviewProtocol

/// How a preview agent stopped, for a person.
public enum AgentFailure: Error, Sendable, Equatable, CustomStringConvertible {
    /// The agent process ended: the person's code crashed (a `fatalError`, a trap, a stack
    /// overflow). `detail` is what it printed last (Swift's "Fatal error: …" line).
    case crashed(detail: String)
    /// A request took longer than the time limit (an infinite loop); the agent was stopped.
    case timedOut(seconds: Double)
    /// The agent answered something that is not a reply, or could not be started.
    case broken(String)

    public var description: String {
        switch self {
        case .crashed(let detail): "The preview crashed: \(detail)"
        case .timedOut(let s): "The preview did not finish laying out within \(Self.seconds(s)) and was stopped (an infinite loop in sizeThatFits or placeSubviews?)"
        case .broken(let m): "The preview agent failed: \(m)"
        }
    }

    static func seconds(_ s: Double) -> String { s == s.rounded() ? "\(Int(s)) s" : String(format: "%.1f s", s) }
}

/// A running preview agent: requests go to its standard input, replies come from its
/// standard output, one JSON line each; its standard error is kept (the last 64 KiB) to say
/// why it crashed.
///
/// Requests may be answered at once (`request(_:wait:)` waits up to `wait` seconds) or later
/// (`poll()`), so a slow layout never blocks the window for long; a request older than
/// `timeLimit` stops the agent.
public final class AgentConnection: @unchecked Sendable {
    /// The longest a layout request may take before the agent is stopped.
    public static let defaultTimeLimit: Double = 5

    public let executable: String
    public let timeLimit: Double
    private let process = Process()
    private let input: FileHandle
    private let outputFD: Int32
    private var buffer = Data()
    private let stderrLog = StderrLog()
    private var nextID = 1
    /// The request waiting for its reply, and when it was sent.
    private var pending: (id: Int, sent: Double)?
    public private(set) var failure: AgentFailure?

    /// Starts `executable` (a built preview agent).
    public init(executable: String, timeLimit: Double = AgentConnection.defaultTimeLimit) throws(AgentFailure) {
        self.executable = executable
        self.timeLimit = timeLimit
        process.executableURL = URL(fileURLWithPath: executable)
        var env = ProcessInfo.processInfo.environment
        // Identities hash explicit ids: the same in every agent, so a reload animates.
        env["SWIFT_DETERMINISTIC_HASHING"] = "1"
        // A crash report in a second instead of a symbolicated backtrace taking many.
        env["SWIFT_BACKTRACE"] = "enable=no"
        process.environment = env
        let inPipe = Pipe(), outPipe = Pipe(), errPipe = Pipe()
        process.standardInput = inPipe
        process.standardOutput = outPipe
        process.standardError = errPipe
        do { try process.run() } catch { throw .broken("cannot start \(executable): \(error)") }
        input = inPipe.fileHandleForWriting
        outputFD = outPipe.fileHandleForReading.fileDescriptor
        let errHandle = errPipe.fileHandleForReading
        let log = stderrLog
        Thread.detachNewThread {
            while true {
                let data = errHandle.availableData
                if data.isEmpty { break }
                log.append(data)
            }
        }
        // Writing to an agent that died must fail with EPIPE, not kill the window.
        signal(SIGPIPE, SIG_IGN)
    }

    deinit { stop() }

    /// Stops the agent.
    public func stop() {
        if process.isRunning { kill(process.processIdentifier, SIGKILL) }
        try? input.close()
    }

    public var isRunning: Bool { failure == nil && process.isRunning }
    /// Whether a request is waiting for its reply.
    public var isBusy: Bool { pending != nil }

    /// Sends `request` (its id is assigned here) and waits up to `wait` seconds for the reply.
    /// Returns nil when the reply has not come yet: `poll()` delivers it later.
    public func request(_ request: AgentRequest, wait: Double) throws(AgentFailure) -> AgentReply? {
        if let failure { throw failure }
        precondition(pending == nil, "one request at a time")
        var r = request
        r.id = nextID
        nextID += 1
        let line: Data
        do { line = try PreviewWire.line(r) } catch { throw .broken("cannot encode the request: \(error)") }
        do { try input.write(contentsOf: line) } catch { throw fail(with: nil) }
        pending = (r.id, Self.now())
        return try poll(wait: wait)
    }

    /// The reply to the pending request if it has come within `wait` seconds; throws when the
    /// agent died or the request is older than the time limit.
    public func poll(wait: Double = 0) throws(AgentFailure) -> AgentReply? {
        if let failure { throw failure }
        guard let (id, sent) = pending else { return nil }
        let deadline = Self.now() + max(0, wait)
        while true {
            if let line = takeLine() {
                let reply: AgentReply
                do { reply = try PreviewWire.decoder().decode(AgentReply.self, from: line) } catch {
                    throw fail(with: .broken("an unreadable reply: \(error)"))
                }
                guard reply.id == id || reply.id == -1 else { continue }
                pending = nil
                return reply
            }
            let now = Self.now()
            if now - sent > timeLimit { throw fail(with: .timedOut(seconds: timeLimit)) }
            // Past the deadline (always, for `wait: 0`) the output is still read if it is
            // there, without blocking: returning before reading left a reply that had arrived
            // unread until the time limit stopped the agent.
            var fds = pollfd(fd: outputFD, events: Int16(POLLIN), revents: 0)
            let ms = now >= deadline ? 0 : Int32(max(1, min(deadline - now, timeLimit - (now - sent)) * 1000))
            let n = Glibc.poll(&fds, 1, ms)
            if n > 0 {
                var chunk = [UInt8](repeating: 0, count: 1 << 16)
                let count = read(outputFD, &chunk, chunk.count)
                if count <= 0 { throw fail(with: nil) }
                buffer.append(contentsOf: chunk[0..<count])
            } else if now >= deadline {
                return nil
            }
        }
    }

    /// Asks and waits for the answer (up to the time limit): for the catalog and for headless renders.
    public func requestAndWait(_ request: AgentRequest) throws(AgentFailure) -> AgentReply {
        if let reply = try self.request(request, wait: timeLimit + 1) { return reply }
        throw fail(with: .timedOut(seconds: timeLimit))
    }

    private func takeLine() -> Data? {
        guard let newline = buffer.firstIndex(of: 0x0A) else { return nil }
        let line = buffer[buffer.startIndex..<newline]
        buffer.removeSubrange(buffer.startIndex...newline)
        return Data(line)
    }

    /// Records the failure (a crash when `reason` is nil), stops the agent and returns it.
    private func fail(with reason: AgentFailure?) -> AgentFailure {
        let f: AgentFailure
        if let reason {
            f = reason
        } else {
            // The agent closed its output: wait for it to end, then say how.
            let deadline = Self.now() + 2
            while process.isRunning && Self.now() < deadline { usleep(5_000) }
            Thread.sleep(forTimeInterval: 0.05)  // the last of standard error
            f = .crashed(detail: crashDetail())
        }
        failure = f
        pending = nil
        stop()
        return f
    }

    /// "Fatal error: … (file:line)" when the Swift runtime printed it, else the signal.
    func crashDetail() -> String {
        let text = stderrLog.text
        let lines = text.split(separator: "\n").map(String.init)
        if let fatal = lines.last(where: { $0.contains("Fatal error") || $0.contains("fatal error") || $0.contains("Precondition failed") || $0.contains("Assertion failed") }) {
            return fatal.trimmingCharacters(in: .whitespaces)
        }
        if process.isRunning { return "it stopped answering" }
        if process.terminationReason == .uncaughtSignal {
            let s = process.terminationStatus
            let name = s == SIGSEGV ? "SIGSEGV (a stack overflow or a bad memory access)" : s == SIGILL || s == SIGTRAP ? "a trap" : "signal \(s)"
            return "it was stopped by \(name)" + (lines.last.map { "; last output: \($0)" } ?? "")
        }
        return "it exited with status \(process.terminationStatus)" + (lines.last.map { "; last output: \($0)" } ?? "")
    }

    /// What the agent printed on standard error (the person's `print`s and crash reports).
    public var standardError: String { stderrLog.text }

    static func now() -> Double {
        var ts = timespec()
        clock_gettime(CLOCK_MONOTONIC, &ts)
        return Double(ts.tv_sec) + Double(ts.tv_nsec) / 1e9
    }
}

/// The tail of an agent's standard error, written by a reader thread.
private final class StderrLog: Sendable {
    private let data = Mutex(Data())
    func append(_ d: Data) {
        data.withLock { data in
            data.append(d)
            if data.count > 65_536 { data.removeFirst(data.count - 65_536) }
        }
    }
    var text: String { data.withLock { String(decoding: $0, as: UTF8.self) } }
}
