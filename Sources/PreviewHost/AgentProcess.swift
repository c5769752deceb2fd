import Foundation
import Synchronization

/// A started preview agent, as the operating system sees it: a process in a process group of its
/// own, a socket to talk to it, and a pipe carrying what it prints.
///
/// Started with `posix_spawn` rather than Foundation's `Process` because the agent needs what
/// `Process` cannot give: a descriptor beyond the standard three (the channel, passed as 3), a
/// process group (so `stop()` ends the children the person's code forked too), and signals
/// reset to their defaults (the window ignores `SIGPIPE`; an agent whose window is gone should
/// end, not spin).
final class AgentProcess: @unchecked Sendable {
    /// How the process ended.
    enum Termination: Equatable {
        case exited(Int32)
        case signalled(Int32)
    }

    let pid: pid_t
    /// The window's end of the channel (requests out, replies and progress in).
    let channel: Int32
    /// The read end of the agent's standard output and error (one pipe: the console's order).
    let console: Int32
    private let state = Mutex<Termination?>(nil)

    /// Starts `arguments[0]` with `arguments` and `environment` (the channel's variable added).
    init(arguments: [String], environment: [String: String]) throws(AgentFailure) {
        precondition(!arguments.isEmpty)
        var pair: [Int32] = [-1, -1]
        guard socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0, &pair) == 0 else {
            throw .broken("cannot make the agent's channel: \(String(cString: strerror(errno)))")
        }
        var outPipe: [Int32] = [-1, -1]
        // (`pipe2` is not in Swift's Glibc module: close-on-exec is set right after.)
        guard pipe(&outPipe) == 0, fcntl(outPipe[0], F_SETFD, FD_CLOEXEC) == 0, fcntl(outPipe[1], F_SETFD, FD_CLOEXEC) == 0 else {
            close(pair[0]); close(pair[1])
            throw .broken("cannot make the agent's console pipe: \(String(cString: strerror(errno)))")
        }
        // The child's ends must not already sit on the descriptors they are moved to: `dup2`
        // onto itself would keep close-on-exec set.
        let childChannel = fcntl(pair[1], F_DUPFD_CLOEXEC, 10)
        let childConsole = fcntl(outPipe[1], F_DUPFD_CLOEXEC, 10)
        close(pair[1]); close(outPipe[1])
        defer { close(childChannel); close(childConsole) }

        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, STDIN_FILENO, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_adddup2(&actions, childConsole, STDOUT_FILENO)
        posix_spawn_file_actions_adddup2(&actions, childConsole, STDERR_FILENO)
        posix_spawn_file_actions_adddup2(&actions, childChannel, 3)

        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var defaults = sigset_t()
        sigemptyset(&defaults)
        for s in [SIGPIPE, SIGINT, SIGTERM, SIGHUP, SIGXCPU, SIGCHLD] { sigaddset(&defaults, s) }
        var mask = sigset_t()
        sigemptyset(&mask)
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        posix_spawnattr_setsigmask(&attributes, &mask)
        posix_spawnattr_setpgroup(&attributes, 0)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETPGROUP | POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK))

        var env = environment
        env["LAYOUTLAB_AGENT_CHANNEL"] = "3"
        let argv = arguments.map { strdup($0) } + [nil]
        let envp = env.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { for p in argv { free(p) }; for p in envp { free(p) } }
        var child: pid_t = 0
        // On a thread that never ends: the kernel's parent-death signal (bubblewrap's
        // `--die-with-parent`, the agent's own) fires when the *thread* that started the child
        // ends, and reloads start agents from short-lived background threads.
        let status = SpawningThread.shared.perform { posix_spawn(&child, arguments[0], &actions, &attributes, argv, envp) }
        guard status == 0 else {
            close(pair[0]); close(outPipe[0])
            throw .broken("cannot start \(arguments[0]): \(String(cString: strerror(status)))")
        }
        pid = child
        channel = pair[0]
        console = outPipe[0]
    }

    deinit {
        stop()
        close(channel)
        close(console)
    }

    /// How it ended, once it has (nil while it runs).
    var termination: Termination? {
        state.withLock { ended in
            if let ended { return ended }
            var status: Int32 = 0
            guard waitpid(pid, &status, WNOHANG) == pid else { return nil }
            ended = Self.termination(status)
            return ended
        }
    }

    /// Waits up to `seconds` for it to end.
    func waitForEnd(seconds: Double) -> Termination? {
        let deadline = AgentConnection.now() + seconds
        while true {
            if let t = termination { return t }
            if AgentConnection.now() >= deadline { return nil }
            usleep(2_000)
        }
    }

    /// Ends the agent and everything in its process group (what the person's code forked), and
    /// collects it.
    func stop() {
        guard termination == nil else { return }
        kill(-pid, SIGKILL)
        kill(pid, SIGKILL)
        _ = waitForEnd(seconds: 2)
    }

    private static func termination(_ status: Int32) -> Termination {
        // WIFEXITED / WTERMSIG are macros: the low 7 bits are the signal, 0 for a normal exit.
        let signal = status & 0x7F
        return signal == 0 ? .exited((status >> 8) & 0xFF) : .signalled(signal)
    }
}

/// The thread every agent is started from, alive as long as the process.
private final class SpawningThread: @unchecked Sendable {
    static let shared = SpawningThread()
    private let condition = NSCondition()
    private var job: (() -> Void)?

    private init() {
        let thread = Thread { [self] in serve() }
        thread.name = "layoutlab agent spawner"
        thread.start()
    }

    private func serve() {
        while true {
            condition.lock()
            while job == nil { condition.wait() }
            var work = job
            condition.unlock()
            work?()
            // Released before the caller is told: `perform`'s closure must not outlive it.
            work = nil
            condition.lock()
            job = nil
            condition.broadcast()
            condition.unlock()
        }
    }

    /// Runs `work` on the spawning thread and returns its result (one job at a time).
    func perform<T>(_ work: () -> T) -> T {
        withoutActuallyEscaping(work) { work in
            var result: T?
            condition.lock()
            while job != nil { condition.wait() }
            job = { result = work() }
            condition.broadcast()
            while job != nil || result == nil { condition.wait() }
            condition.unlock()
            return result!
        }
    }
}
