import Foundation

/// Runs a command to completion with a time limit, collecting its output.
///
/// The command starts in a process group of its own. When the time runs out, the group and
/// every process descended from the command are killed; when the command ends, what it left in
/// its group is. Killing only `swift-package` left the manifest it ran looping at 100 % CPU and
/// holding the output pipe, and waiting for that pipe's end hung `layoutlab` forever. After
/// the end or a kill the pipes are read for at most `grace` seconds more.
enum ProcessRunner {
    struct Outcome {
        var status: Int32
        var stdout: Data
        var stderr: Data
        var timedOut: Bool
    }

    /// How long output is still read after the command ended or was killed: a process that left
    /// the group (`setsid`) may hold the pipes open for ever.
    static let grace: Double = 2

    static func run(_ executable: String, _ arguments: [String], directory: String? = nil,
                    environment: [String: String]? = nil, timeout: Double) -> Outcome {
        func failure(_ message: String) -> Outcome {
            Outcome(status: -1, stdout: Data(), stderr: Data(message.utf8), timedOut: false)
        }
        var outPipe: [Int32] = [0, 0], errPipe: [Int32] = [0, 0]
        guard pipe(&outPipe) == 0 else { return failure("cannot run \(executable): no pipe (\(String(cString: strerror(errno))))") }
        guard pipe(&errPipe) == 0 else {
            close(outPipe[0]); close(outPipe[1])
            return failure("cannot run \(executable): no pipe (\(String(cString: strerror(errno))))")
        }
        // Only the command's copies (made by dup2 in the child) stay open across exec.
        for fd in outPipe + errPipe { _ = fcntl(fd, F_SETFD, FD_CLOEXEC) }
        let spawned = spawn(executable, arguments, directory: directory, environment: environment, stdout: outPipe[1], stderr: errPipe[1])
        close(outPipe[1]); close(errPipe[1])
        guard case .success(let pid) = spawned else {
            close(outPipe[0]); close(errPipe[0])
            if case .failure(let message) = spawned { return failure("cannot run \(executable): \(message)") }
            return failure("cannot run \(executable)")
        }

        var out = Data(), err = Data()
        var open: [(fd: Int32, isError: Bool)] = [(outPipe[0], false), (errPipe[0], true)]
        let deadline = now() + timeout
        var timedOut = false
        var endedAt: Double?  // the command ended, or was killed
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            var fds = open.map { pollfd(fd: $0.fd, events: Int16(POLLIN), revents: 0) }
            // Short waits: the command's end is noticed by looking, not by a signal.
            if !fds.isEmpty, poll(&fds, nfds_t(fds.count), 50) > 0 {
                for (i, p) in fds.enumerated().reversed() where p.revents != 0 {
                    let n = read(p.fd, &chunk, chunk.count)
                    if n > 0 {
                        if open[i].isError { err.append(contentsOf: chunk[0..<n]) } else { out.append(contentsOf: chunk[0..<n]) }
                    } else if n == 0 || (errno != EINTR && errno != EAGAIN) {
                        close(p.fd)
                        open.remove(at: i)
                    }
                }
            } else if fds.isEmpty {
                usleep(50_000)
            }
            let t = now()
            if endedAt == nil, hasEnded(pid) {
                // Whatever it started and left running (in its group) goes with it. The group
                // leader is not reaped yet, so its id cannot name another group.
                kill(-pid, SIGKILL)
                endedAt = t
            }
            if endedAt == nil, t >= deadline {
                timedOut = true
                killTree(pid)
                endedAt = t
            }
            if let endedAt, open.isEmpty || t - endedAt > grace { break }
        }
        for o in open { close(o.fd) }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) == -1 && errno == EINTR {}
        // The wait status: the exit code, or 128 + the signal that ended it, as shells say.
        let code = status & 0x7f == 0 ? (status >> 8) & 0xff : 128 + (status & 0x7f)
        return Outcome(status: timedOut ? -1 : code, stdout: out, stderr: err, timedOut: timedOut)
    }

    private enum Spawned { case success(pid_t), failure(String) }

    /// Starts the command in a new process group, with `/dev/null` as its input and the pipes
    /// as its output, and no other descriptor of this process.
    private static func spawn(_ executable: String, _ arguments: [String], directory: String?, environment: [String: String]?,
                              stdout: Int32, stderr: Int32) -> Spawned {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_adddup2(&actions, stdout, 1)
        posix_spawn_file_actions_adddup2(&actions, stderr, 2)
        // Descriptors this process opened without close-on-exec (an agent's pipes) must not
        // reach the command: a held write end keeps the other side from seeing its end.
        if let closeFrom = GNUSpawn.addCloseFrom { _ = closeFrom(&actions, 3) }
        if let directory {
            guard let chdir = GNUSpawn.addChdir else { return .failure("this C library cannot start a command in \(directory)") }
            _ = chdir(&actions, directory)
        }
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        posix_spawnattr_setpgroup(&attributes, 0)
        // This process ignores SIGPIPE (for its agents); the command gets the usual signals.
        var defaults = sigset_t(), empty = sigset_t()
        sigemptyset(&defaults)
        sigaddset(&defaults, SIGPIPE)
        sigemptyset(&empty)
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        posix_spawnattr_setsigmask(&attributes, &empty)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETPGROUP | POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK))

        let argv = ([executable] + arguments).map { strdup($0) } + [nil]
        let env = environment.map { $0.map { strdup("\($0.key)=\($0.value)") } + [nil] }
        defer {
            for p in argv { free(p) }
            for p in env ?? [] { free(p) }
        }
        var pid: pid_t = 0
        let result = env.map { env in posix_spawn(&pid, executable, &actions, &attributes, argv, env) }
            ?? posix_spawn(&pid, executable, &actions, &attributes, argv, environ)
        guard result == 0 else { return .failure(String(cString: strerror(result))) }
        return .success(pid)
    }

    /// Kills the command, its process group and every process it started, wherever they are:
    /// `swift package` runs a manifest in a process group of its own, which killing the
    /// command's group leaves running. Everything is stopped first, so nothing can start more
    /// between looking and killing.
    static func killTree(_ pid: pid_t) {
        kill(-pid, SIGSTOP)
        var found: Set<pid_t> = []
        for _ in 0..<8 {
            let new = descendants(of: pid).subtracting(found)
            if new.isEmpty { break }
            for p in new { kill(p, SIGSTOP) }
            found.formUnion(new)
        }
        for p in found { kill(p, SIGKILL) }
        kill(-pid, SIGKILL)
    }

    /// The processes descended from `root`, from each process's parent in `/proc/PID/stat`.
    static func descendants(of root: pid_t) -> Set<pid_t> {
        var children: [pid_t: [pid_t]] = [:]
        for entry in (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? [] {
            guard let pid = pid_t(entry), let stat = try? String(contentsOfFile: "/proc/\(entry)/stat", encoding: .utf8),
                  let close = stat.lastIndex(of: ")") else { continue }
            // After the name: state, then the parent's id.
            let fields = stat[stat.index(after: close)...].split(separator: " ")
            if fields.count > 1, let parent = pid_t(fields[1]) { children[parent, default: []].append(pid) }
        }
        var out: Set<pid_t> = []
        var queue = children[root] ?? []
        while let p = queue.popLast() {
            guard out.insert(p).inserted else { continue }
            queue += children[p] ?? []
        }
        return out
    }

    /// Whether `pid` (a child not yet reaped) has ended: a zombie in `/proc`, or gone.
    private static func hasEnded(_ pid: pid_t) -> Bool {
        guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
              let close = stat.lastIndex(of: ")") else { return true }
        return stat[close...].dropFirst(2).first == "Z"
    }

    private static func now() -> Double {
        var ts = timespec()
        clock_gettime(CLOCK_MONOTONIC, &ts)
        return Double(ts.tv_sec) + Double(ts.tv_nsec) / 1e9
    }
}

/// glibc's `posix_spawn` extensions, which the C headers declare only for `_GNU_SOURCE`
/// (so Swift does not see them): looked up by name instead.
private enum GNUSpawn {
    typealias AddChdir = @convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, UnsafePointer<CChar>) -> Int32
    typealias AddCloseFrom = @convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, Int32) -> Int32
    static let addChdir: AddChdir? = dlsym(nil, "posix_spawn_file_actions_addchdir_np").map { unsafeBitCast($0, to: AddChdir.self) }
    static let addCloseFrom: AddCloseFrom? = dlsym(nil, "posix_spawn_file_actions_addclosefrom_np").map { unsafeBitCast($0, to: AddCloseFrom.self) }
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
    /// The clang module cache prepared for preview builds (`PreviewModuleCache`).
    public var moduleCache: String { (directory as NSString).appendingPathComponent("ModuleCache") }

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
