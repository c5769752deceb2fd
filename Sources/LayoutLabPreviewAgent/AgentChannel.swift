import Foundation
import PreviewProtocol
import SwiftUI

/// The agent's end of its conversation with the window: a socket of its own, set up before the
/// person's code runs.
///
/// The window hands the socket over as descriptor `LAYOUTLAB_AGENT_CHANNEL` (3); the agent
/// moves it to a high, close-on-exec descriptor and forgets the variable, so the person's code
/// neither inherits it through its standard streams (standard input is `/dev/null`, standard
/// output and error go to the window's console) nor passes it to a program it starts. A
/// `readLine()` in a preview reads end-of-file; a `print` is console output, never a reply.
final class AgentChannel: @unchecked Sendable {
    /// The descriptor the window passes the socket as.
    static let inheritedDescriptor: Int32 = 3
    /// Where the socket is moved: above the descriptors a program opens in its first thousand files.
    static let privateDescriptorFloor: Int32 = 1000

    private let input: Int32
    private let output: Int32
    private let reader: LineReader
    private let writing = NSLock()

    private init(input: Int32, output: Int32) {
        self.input = input
        self.output = output
        reader = LineReader(fd: input)
    }

    /// The channel the window gave this process, after closing every other inherited descriptor
    /// above standard error. Without `LAYOUTLAB_AGENT_CHANNEL` (an agent started by hand) it is
    /// standard input and output, with the person's output moved to standard error.
    static func open() -> AgentChannel {
        let environment = ProcessInfo.processInfo.environment
        guard let value = environment["LAYOUTLAB_AGENT_CHANNEL"], let inherited = Int32(value) else {
            let input = dup(STDIN_FILENO), output = dup(STDOUT_FILENO)
            dup2(STDERR_FILENO, STDOUT_FILENO)
            let devNull = Glibc.open("/dev/null", O_RDONLY)
            if devNull >= 0 { dup2(devNull, STDIN_FILENO); close(devNull) }
            return AgentChannel(input: input, output: output)
        }
        unsetenv("LAYOUTLAB_AGENT_CHANNEL")
        makeStandardOutputLineBuffered()
        let moved = fcntl(inherited, F_DUPFD_CLOEXEC, privateDescriptorFloor)
        close(inherited)
        closeInheritedDescriptors(keeping: moved)
        return AgentChannel(input: moved, output: moved)
    }

    /// Closes what the window's process had open without close-on-exec (its files, GTK's
    /// sockets): the person's code gets standard streams and nothing else.
    private static func closeInheritedDescriptors(keeping kept: Int32) {
        guard let entries = try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd") else { return }
        for entry in entries {
            guard let fd = Int32(entry), fd > STDERR_FILENO, fd != kept else { continue }
            // The directory listing's own descriptor is among them; closing it after the listing is harmless.
            close(fd)
        }
    }

    /// The next request line (without its newline); nil when the window closed the channel.
    func readLine() -> Data? {
        while true {
            if let line = reader.takeLine() { return line }
            if reader.fill(waitingMilliseconds: -1) == .closed { return nil }
        }
    }

    /// Sends one line (the reply or a progress report), whole: the reporter thread and the
    /// main thread never interleave their bytes.
    func send(_ line: Data) {
        writing.lock()
        defer { writing.unlock() }
        line.withUnsafeBytes { raw in
            var offset = 0
            while offset < raw.count {
                let n = write(output, raw.baseAddress! + offset, raw.count - offset)
                if n < 0 && errno == EINTR { continue }
                // The window went away: nothing is left to answer.
                if n <= 0 { exit(0) }
                offset += n
            }
        }
    }

    /// Runs `answer` as the answer to one request, while a reporter thread tells the window, every
    /// quarter of a second, how many views have been built if that number moved: the window's
    /// watchdog lets a preview that is still making views continue, and stops one that is not.
    func answering<T>(_ answer: () -> T) -> T {
        phase.set(.answering)
        defer { phase.set(.idle) }
        return answer()
    }

    /// Runs `work`, the agent's own (encoding a reply of thousands of views takes seconds in a
    /// debug build), reporting progress all along: no person's code runs in it.
    func replying<T>(_ work: () throws -> T) rethrows -> T {
        phase.set(.replying)
        defer { phase.set(.idle) }
        return try work()
    }

    /// Starts the progress reporter (once). What it reports counts views built plus the quarter
    /// seconds the agent spent on its own work: the window only watches the number move.
    func startProgressReports() {
        Thread.detachNewThread { [self] in
            var ownWork = 0
            var last = BuildProgress.viewsBuilt
            while true {
                usleep(250_000)
                switch phase.value {
                case .idle: continue
                case .replying: ownWork += 1
                case .answering: break
                }
                let now = BuildProgress.viewsBuilt + ownWork
                guard now != last else { continue }
                last = now
                send(AgentProgress.line(viewsBuilt: now))
            }
        }
    }

    private let phase = Phase()
}

/// What the agent's main thread is doing, for the progress reporter.
private final class Phase: @unchecked Sendable {
    enum Value { case idle, answering, replying }
    private let lock = NSLock()
    private var current = Value.idle
    func set(_ value: Value) { lock.lock(); current = value; lock.unlock() }
    var value: Value { lock.lock(); defer { lock.unlock() }; return current }
}

/// What the agent does to itself before the person's code runs.
enum AgentConfinement {
    /// Applies the window's resource limits (`LAYOUTLAB_AGENT_LIMITS`) and asks the kernel to
    /// end the agent when the window ends (a stuck preview never outlives it).
    static func apply() {
        let environment = ProcessInfo.processInfo.environment
        if let value = environment[AgentResourceLimits.environmentVariable],
           let limits = AgentResourceLimits(environmentValue: value) {
            if limits.memoryBytes > 0 { setLimit(RLIMIT_AS, limits.memoryBytes) }
            // The soft limit sends SIGXCPU, which the window reports as the CPU limit; the hard
            // limit a second later is SIGKILL, for code that catches SIGXCPU.
            if limits.cpuSeconds > 0 { setLimit(RLIMIT_CPU, limits.cpuSeconds, hard: limits.cpuSeconds + 1) }
        }
        unsetenv(AgentResourceLimits.environmentVariable)
        endWithParent()
    }

    private static func setLimit(_ resource: __rlimit_resource, _ soft: UInt64, hard: UInt64? = nil) {
        let which = __rlimit_resource_t(resource.rawValue)
        var current = rlimit()
        getrlimit(which, &current)
        // Never above what the agent was given: an unprivileged process cannot raise its hard limit.
        let hardLimit = min(rlim_t(hard ?? soft), current.rlim_max)
        var wanted = rlimit(rlim_cur: min(rlim_t(soft), hardLimit), rlim_max: hardLimit)
        setrlimit(which, &wanted)
    }

    /// `prctl(PR_SET_PDEATHSIG, SIGKILL)`. `prctl` is variadic, which Swift cannot call; its
    /// integer arguments pass the same way through a fixed signature.
    private static func endWithParent() {
        typealias Prctl = @convention(c) (Int32, UInt, UInt, UInt, UInt) -> Int32
        guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "prctl") else { return }
        let prctl = unsafeBitCast(symbol, to: Prctl.self)
        _ = prctl(1 /* PR_SET_PDEATHSIG */, UInt(SIGKILL), 0, 0, 0)
    }
}
