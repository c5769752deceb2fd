import Foundation
import Synchronization
import SwiftUI
import PreviewProtocol

/// How a preview agent stopped, for a person.
public enum AgentFailure: Error, Sendable, Equatable, CustomStringConvertible {
    /// The agent process ended: the person's code crashed (a `fatalError`, a trap, a stack
    /// overflow). `detail` is what it printed last (Swift's "Fatal error: …" line).
    case crashed(detail: String)
    /// A request made no progress (no view built) for this long: an endless loop; the agent was stopped.
    case timedOut(seconds: Double)
    /// A request was still making views after this long (the longer limit); the agent was stopped.
    case tooLong(seconds: Double)
    /// The agent used more memory (address space) than its limit.
    case memoryLimit(bytes: UInt64)
    /// The agent used more processor time than its limit.
    case cpuLimit(seconds: UInt64)
    /// The agent (with what it started) ran more processes than its limit.
    case processLimit(count: Int)
    /// The agent answered something that is not a reply, or could not be started.
    case broken(String)

    public var description: String {
        switch self {
        case .crashed(let detail): "The preview crashed: \(detail)"
        case .timedOut(let s): "The preview made no progress for \(Self.seconds(s)) and was stopped (an endless loop in body, init, sizeThatFits or placeSubviews?)"
        case .tooLong(let s): "The preview was still building views after \(Self.seconds(s)) and was stopped (its time limit; raise it with --time-limit)"
        case .memoryLimit(let b): "The preview used more than \(Self.bytes(b)) of memory and was stopped (its memory limit; raise it with --memory-limit)"
        case .cpuLimit(let s): "The preview used more than \(Self.seconds(Double(s))) of processor time and was stopped (its CPU limit; raise it with --cpu-limit)"
        case .processLimit(let n): "The preview started more than \(n) processes and was stopped with them (its process limit)"
        case .broken(let m): "The preview agent failed: \(m)"
        }
    }

    /// Whether the agent was stopped for using too much (time, memory, processor, processes).
    public var isOverLimit: Bool {
        switch self {
        case .timedOut, .tooLong, .memoryLimit, .cpuLimit, .processLimit: true
        case .crashed, .broken: false
        }
    }

    static func seconds(_ s: Double) -> String { s == s.rounded() ? "\(Int(s)) s" : String(format: "%.1f s", s) }

    static func bytes(_ b: UInt64) -> String {
        let gib = Double(b) / Double(1 << 30)
        if gib >= 1 { return gib == gib.rounded() ? "\(Int(gib)) GiB" : String(format: "%.1f GiB", gib) }
        return "\(b >> 20) MiB"
    }
}

/// The limits a preview agent runs under: time without progress, time with it, memory, processor
/// time and processes, and whether it runs in the sandbox.
public struct AgentLimits: Sendable, Equatable {
    /// Seconds a request may go without building a view before the agent is stopped as stuck.
    public var stuckSeconds: Double
    /// Seconds a request may take at most, even while it keeps building views.
    public var totalSeconds: Double
    /// Bytes of address space (0: none).
    public var memoryBytes: UInt64
    /// Seconds of processor time over the agent's life (0: none).
    public var cpuSeconds: UInt64
    /// Processes the agent and what it starts may run at once (0: none).
    public var processes: Int
    /// Whether the agent runs in the sandbox (`AgentSandbox`).
    public var sandboxed: Bool

    public init(stuckSeconds: Double = 5, totalSeconds: Double = 60, memoryBytes: UInt64 = AgentLimits.defaultMemoryBytes,
                cpuSeconds: UInt64 = 1_800, processes: Int = 32, sandboxed: Bool = AgentLimits.sandboxByDefault) {
        self.stuckSeconds = stuckSeconds
        self.totalSeconds = max(totalSeconds, stuckSeconds)
        self.memoryBytes = memoryBytes
        self.cpuSeconds = cpuSeconds
        self.processes = processes
        self.sandboxed = sandboxed
    }

    /// Half of the machine's memory, and at least 2 GiB (the agent maps about 170 MB before it
    /// builds a view; a deep tree's build thread reserves a large stack).
    public static var defaultMemoryBytes: UInt64 {
        max(ProcessInfo.processInfo.physicalMemory / 2, 2 << 30)
    }

    /// True unless `LAYOUTLAB_NO_SANDBOX` is set (`--no-sandbox` sets it).
    public static var sandboxByDefault: Bool {
        let v = ProcessInfo.processInfo.environment["LAYOUTLAB_NO_SANDBOX"] ?? ""
        return v.isEmpty || v == "0"
    }

    /// The environment variables the limits are read from: `layoutlab`'s options set them, so
    /// the window (a process of its own) and headless renders use the same.
    public enum Variable: String, CaseIterable, Sendable {
        case stuck = "LAYOUTLAB_STUCK_LIMIT", time = "LAYOUTLAB_TIME_LIMIT", memory = "LAYOUTLAB_MEMORY_LIMIT"
        case cpu = "LAYOUTLAB_CPU_LIMIT", processes = "LAYOUTLAB_PROCESS_LIMIT", noSandbox = "LAYOUTLAB_NO_SANDBOX"
    }

    /// The defaults, with what `environment` sets (malformed values are ignored: the options
    /// that set them check them first).
    public static func configured(_ environment: [String: String] = ProcessInfo.processInfo.environment) -> AgentLimits {
        var l = AgentLimits()
        if let s = environment[Variable.stuck.rawValue].flatMap(Double.init), s > 0, s.isFinite { l.stuckSeconds = s }
        if let s = environment[Variable.time.rawValue].flatMap(Double.init), s > 0, s.isFinite { l.totalSeconds = s }
        l.totalSeconds = max(l.totalSeconds, l.stuckSeconds)
        if let m = environment[Variable.memory.rawValue].flatMap(parseBytes) { l.memoryBytes = m }
        if let c = environment[Variable.cpu.rawValue].flatMap(UInt64.init) { l.cpuSeconds = c }
        if let p = environment[Variable.processes.rawValue].flatMap(Int.init), p >= 0 { l.processes = p }
        let noSandbox = environment[Variable.noSandbox.rawValue] ?? ""
        l.sandboxed = noSandbox.isEmpty || noSandbox == "0"
        return l
    }

    /// `4G`, `4GiB`, `512M`, `1.5g`, a number of bytes, or `0`/`none` (no limit); nil when malformed.
    public static func parseBytes(_ text: String) -> UInt64? {
        let t = text.trimmingCharacters(in: .whitespaces).lowercased()
        if t == "none" || t == "0" { return 0 }
        let g = 1_073_741_824.0, m = 1_048_576.0, k = 1_024.0
        let units: [(String, Double)] = [("gib", g), ("gb", g), ("g", g), ("mib", m), ("mb", m), ("m", m), ("kib", k), ("kb", k), ("k", k)]
        var number = t
        var scale = 1.0
        if let unit = units.first(where: { t.hasSuffix($0.0) }) {
            number = String(t.dropLast(unit.0.count))
            scale = unit.1
        }
        guard let v = Double(number.trimmingCharacters(in: .whitespaces)), v.isFinite, v > 0, v * scale < 1e18 else { return nil }
        return UInt64(v * scale)
    }
}

/// A running preview agent. Requests go out on a channel of its own (a socket), replies and
/// progress reports come back on it, one JSON line each; what the agent prints (the person's
/// `print`s, crash reports) arrives on a separate pipe and is kept as its console.
///
/// Requests may be answered at once (`request(_:wait:)` waits up to `wait` seconds) or later
/// (`poll()`), so a slow layout never blocks the window for long. A request is stopped when it
/// builds no view for `limits.stuckSeconds` (stuck) or runs past `limits.totalSeconds`.
public final class AgentConnection: @unchecked Sendable {
    /// The longest a request may go without progress before the agent is stopped.
    public static let defaultTimeLimit: Double = 5

    public let executable: String
    /// The literals of each file as this agent's table holds them (`LiteralSnapshot`), by path:
    /// what a save is compared with to take the literal fast path.
    public var literals: [String: LiteralSnapshot] = [:]
    public let limits: AgentLimits
    /// Why the agent runs without a sandbox although one was asked for (nil: sandboxed, or not asked).
    public let sandboxUnavailable: String?
    /// The stuck limit (`limits.stuckSeconds`).
    public var timeLimit: Double { limits.stuckSeconds }
    private let process: AgentProcess
    private let reader: LineReader
    private let console = AgentConsole()
    private let scratch: String?
    private var nextID = 1
    /// The request waiting for its reply, when it was sent, and when the agent last reported progress.
    private var pending: (id: Int, sent: Double, progressed: Double, viewsBuilt: Int)?
    private var lastProcessCheck = 0.0
    public private(set) var failure: AgentFailure?

    /// Starts `executable` (a built preview agent) with `timeLimit` as its stuck limit and the
    /// default limits otherwise.
    public convenience init(executable: String, timeLimit: Double = AgentConnection.defaultTimeLimit) throws(AgentFailure) {
        try self.init(executable: executable, limits: AgentLimits(stuckSeconds: timeLimit), readablePaths: [])
    }

    /// Starts `executable` under `limits`; in the sandbox, `readablePaths` (the person's sources,
    /// the preview runtime) are readable besides the system.
    public init(executable: String, limits: AgentLimits, readablePaths: [String],
                environment extra: [String: String] = [:]) throws(AgentFailure) {
        self.executable = executable
        self.limits = limits
        var env = ProcessInfo.processInfo.environment.merging(extra) { _, new in new }
        // Identities hash explicit ids: the same in every agent, so a reload animates.
        env["SWIFT_DETERMINISTIC_HASHING"] = "1"
        // A crash report in a second instead of a symbolicated backtrace taking many.
        env["SWIFT_BACKTRACE"] = "enable=no"
        env[AgentResourceLimits.environmentVariable] =
            AgentResourceLimits(memoryBytes: limits.memoryBytes, cpuSeconds: limits.cpuSeconds).environmentValue
        env.removeValue(forKey: "LAYOUTLAB_NO_SANDBOX")
        var arguments = [executable]
        var unavailable: String? = nil
        var scratch: String? = nil
        if limits.sandboxed {
            switch AgentSandbox.available {
            case .success(let sandbox):
                let dir = AgentSandbox.makeScratchDirectory()
                scratch = dir
                arguments = sandbox.arguments(running: executable, readable: readablePaths + [(executable as NSString).deletingLastPathComponent],
                                              scratch: dir, environment: &env)
            case .failure(let reason):
                unavailable = reason.message
            }
        }
        self.scratch = scratch
        sandboxUnavailable = unavailable
        process = try AgentProcess(arguments: arguments, environment: env)
        reader = LineReader(fd: process.channel)
        console.start(reading: process.console)
        // Writing to an agent that died must fail with EPIPE, not kill the window.
        signal(SIGPIPE, SIG_IGN)
    }

    deinit {
        stop()
        if let scratch { try? FileManager.default.removeItem(atPath: scratch) }
    }

    /// Stops the agent and every process it started.
    public func stop() {
        process.stop()
    }

    public var isRunning: Bool { failure == nil && process.termination == nil }
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
        guard writeAll(line) else { throw fail(with: nil) }
        let now = Self.now()
        pending = (r.id, now, now, -1)
        return try poll(wait: wait)
    }

    /// The reply to the pending request if it has come within `wait` seconds; throws when the
    /// agent died, is stuck, ran too long or went over a limit.
    public func poll(wait: Double = 0) throws(AgentFailure) -> AgentReply? {
        if let failure { throw failure }
        guard pending != nil else { return nil }
        let deadline = Self.now() + max(0, wait)
        while true {
            while let line = reader.takeLine() {
                if let built = AgentProgress.viewsBuilt(in: line) {
                    if var p = pending, built != p.viewsBuilt {
                        p.viewsBuilt = built
                        p.progressed = Self.now()
                        pending = p
                    }
                    continue
                }
                let reply: AgentReply
                do { reply = try PreviewWire.decoder().decode(AgentReply.self, from: line) } catch {
                    throw fail(with: .broken("the channel carried something that is not a reply: \(Self.quoted(line)) (\(line.count) bytes)"))
                }
                guard let p = pending, reply.id == p.id || reply.id == -1 else { continue }
                pending = nil
                return reply
            }
            guard let p = pending else { return nil }
            let now = Self.now()
            if now - p.progressed > limits.stuckSeconds { throw fail(with: .timedOut(seconds: limits.stuckSeconds)) }
            if now - p.sent > limits.totalSeconds { throw fail(with: .tooLong(seconds: limits.totalSeconds)) }
            if limits.processes > 0, now - lastProcessCheck > 0.2 {
                lastProcessCheck = now
                if ProcessRunner.descendants(of: process.pid).count > limits.processes {
                    throw fail(with: .processLimit(count: limits.processes))
                }
            }
            // Past the deadline (always, for `wait: 0`) the channel is still read if a reply is
            // there, without blocking: returning before reading left a reply that had arrived
            // unread until the time limit stopped the agent.
            let remaining = min(p.progressed + limits.stuckSeconds, p.sent + limits.totalSeconds) - now
            let ms = now >= deadline ? 0 : Int32(max(1, min(deadline - now, remaining, 0.25) * 1000))
            switch reader.fill(waitingMilliseconds: ms) {
            case .read: continue
            case .closed: throw fail(with: nil)
            case .nothing: if Self.now() >= deadline { return nil }
            }
        }
    }

    /// Asks and waits for the answer (up to the limits): for the catalog and for headless renders.
    public func requestAndWait(_ request: AgentRequest) throws(AgentFailure) -> AgentReply {
        if let reply = try self.request(request, wait: limits.totalSeconds + 1) { return reply }
        throw fail(with: .tooLong(seconds: limits.totalSeconds))
    }

    private func writeAll(_ data: Data) -> Bool {
        data.withUnsafeBytes { raw in
            var offset = 0
            while offset < raw.count {
                let n = write(process.channel, raw.baseAddress! + offset, raw.count - offset)
                if n < 0 && errno == EINTR { continue }
                if n <= 0 { return false }
                offset += n
            }
            return true
        }
    }

    static func quoted(_ line: Data) -> String {
        let text = String(decoding: line.prefix(80), as: UTF8.self)
        let escaped = text.unicodeScalars.map { $0.value < 0x20 || $0 == "\u{7F}" ? "\\u{\(String($0.value, radix: 16))}" : String($0) }.joined()
        return "“\(escaped)\(line.count > 80 ? "…" : "")”"
    }

    /// Records the failure (a crash when `reason` is nil), stops the agent and returns it.
    private func fail(with reason: AgentFailure?) -> AgentFailure {
        let f: AgentFailure
        if let reason {
            f = reason
        } else {
            // The agent closed its channel: wait for it to end, then say how.
            _ = process.waitForEnd(seconds: 2)
            console.drain(seconds: 0.2)  // the last of its output
            f = crashFailure()
        }
        failure = f
        pending = nil
        stop()
        return f
    }

    /// Why the agent ended: a limit it went over, Swift's "Fatal error: … (file:line)", or the signal.
    func crashFailure() -> AgentFailure {
        let text = console.tail
        let lines = text.split(separator: "\n").map(String.init)
        let termination = process.termination
        if termination == .signalled(SIGXCPU) { return .cpuLimit(seconds: limits.cpuSeconds) }
        if limits.memoryBytes > 0, lines.contains(where: Self.isAllocationFailure) {
            return .memoryLimit(bytes: limits.memoryBytes)
        }
        if let fatal = lines.last(where: { $0.contains("Fatal error") || $0.contains("fatal error") || $0.contains("Precondition failed") || $0.contains("Assertion failed") }) {
            return .crashed(detail: fatal.trimmingCharacters(in: .whitespaces))
        }
        switch termination {
        case nil:
            return .crashed(detail: "it stopped answering")
        case .signalled(let s)?:
            let name = s == SIGSEGV ? "SIGSEGV (a stack overflow or a bad memory access)" : s == SIGILL || s == SIGTRAP ? "a trap" : "signal \(s)"
            return .crashed(detail: "it was stopped by \(name)" + (lines.last.map { "; last output: \($0)" } ?? ""))
        case .exited(let status)?:
            // The sandbox reports a signal that ended the agent as 128 + its number.
            if sandboxed, status > 128, status < 128 + 32 {
                let s = status - 128
                if s == SIGXCPU { return .cpuLimit(seconds: limits.cpuSeconds) }
                let name = s == SIGSEGV ? "SIGSEGV (a stack overflow or a bad memory access)" : s == SIGILL || s == SIGTRAP ? "a trap" : "signal \(s)"
                return .crashed(detail: "it was stopped by \(name)" + (lines.last.map { "; last output: \($0)" } ?? ""))
            }
            return .crashed(detail: "it exited with status \(status)" + (lines.last.map { "; last output: \($0)" } ?? ""))
        }
    }

    /// The lines the Swift runtime, Foundation and the C++ runtime print when an allocation fails.
    static func isAllocationFailure(_ line: String) -> Bool {
        line.contains("failed to allocate") || line.contains("Could not allocate memory") || line.contains("could not allocate memory")
            || line.contains("std::bad_alloc") || line.contains("out of memory") || line.contains("Out of memory")
    }

    /// Whether the agent runs in the sandbox.
    public var sandboxed: Bool { limits.sandboxed && sandboxUnavailable == nil }

    /// What the agent printed (the person's `print`s and crash reports): the last 64 KiB.
    public var standardError: String { console.tail }

    /// What the agent printed after `offset` (a count of bytes printed since it started), and
    /// the offset to ask from next: the window's console panel follows it.
    public func consoleOutput(since offset: Int) -> (text: String, next: Int) { console.output(since: offset) }

    /// Sends what the agent prints to `handler` as it arrives (headless: standard error).
    public func forwardConsole(to handler: @escaping @Sendable (Data) -> Void) { console.forward(to: handler) }

    static func now() -> Double {
        var ts = timespec()
        clock_gettime(CLOCK_MONOTONIC, &ts)
        return Double(ts.tv_sec) + Double(ts.tv_nsec) / 1e9
    }
}

/// What an agent prints, read by a thread of its own: kept (the last 64 KiB, for crash reports
/// and the console panel) and forwarded to a handler when one is set.
final class AgentConsole: Sendable {
    private struct State {
        var tail = Data()
        /// Bytes printed since the agent started (the offset `output(since:)` counts in).
        var total = 0
        var handler: (@Sendable (Data) -> Void)?
        var finished = false
    }
    private let state = Mutex(State())
    static let kept = 65_536

    func start(reading fd: Int32) {
        Thread.detachNewThread { [self] in
            var chunk = [UInt8](repeating: 0, count: 1 << 14)
            while true {
                let n = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
                if n < 0 && errno == EINTR { continue }
                if n <= 0 { break }
                append(Data(chunk[0..<n]))
            }
            state.withLock { $0.finished = true }
        }
    }

    private func append(_ d: Data) {
        let handler = state.withLock { s in
            s.tail.append(d)
            s.total += d.count
            if s.tail.count > Self.kept { s.tail = Data(s.tail.suffix(Self.kept)) }
            return s.handler
        }
        handler?(d)
    }

    func forward(to handler: @escaping @Sendable (Data) -> Void) {
        let pending = state.withLock { s in
            s.handler = handler
            return s.tail
        }
        if !pending.isEmpty { handler(pending) }
    }

    /// Waits up to `seconds` for the agent's output to end (it has exited).
    func drain(seconds: Double) {
        let deadline = AgentConnection.now() + seconds
        while !state.withLock({ $0.finished }) && AgentConnection.now() < deadline { usleep(2_000) }
    }

    var tail: String { state.withLock { String(decoding: $0.tail, as: UTF8.self) } }

    func output(since offset: Int) -> (text: String, next: Int) {
        state.withLock { s in
            let available = min(s.total - max(0, offset), s.tail.count)
            guard available > 0 else { return ("", s.total) }
            return (String(decoding: s.tail.suffix(available), as: UTF8.self), s.total)
        }
    }
}
