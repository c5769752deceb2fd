import Foundation

/// The sandbox a preview agent runs in: bubblewrap (`bwrap`, Debian's `bubblewrap` package),
/// the tool Flatpak confines applications with.
///
/// Inside, the agent has no network (a network namespace of its own holds only a loopback
/// device), sees the file system read-only, sees an empty home directory except the paths it
/// needs (the person's sources, the preview build, the Swift runtime, the font cache), writes
/// only to a scratch directory (which is also its `HOME` and `TMPDIR`, removed when the agent
/// ends) and a private `/tmp`, sees only its own processes (a PID namespace: when the agent
/// ends, everything it started ends), and ends with the window (`--die-with-parent`).
public struct AgentSandbox: Sendable {
    /// Why there is no sandbox.
    public struct Unavailable: Error, Sendable { public let message: String }

    /// The `bwrap` program.
    public let program: String

    /// The sandbox of this machine, checked once: `bwrap` found and able to make its namespaces
    /// (containers may forbid them), or why not.
    public static let available: Result<AgentSandbox, Unavailable> = probe()

    private static func probe() -> Result<AgentSandbox, Unavailable> {
        let env = ProcessInfo.processInfo.environment
        let candidates = (env["PATH"] ?? "/usr/bin:/bin").split(separator: ":").map { "\($0)/bwrap" } + ["/usr/bin/bwrap"]
        guard let program = candidates.first(where: { FileManager.default.isExecutableFile(atPath: $0) }) else {
            return .failure(Unavailable(message: "bubblewrap is not installed (apt-get install bubblewrap)"))
        }
        let sandbox = AgentSandbox(program: program)
        let check = ProcessRunner.run(program, sandbox.isolation + ["--ro-bind", "/", "/", "--dev", "/dev", "--proc", "/proc", "/bin/true"],
                                      timeout: 10)
        guard check.status == 0 else {
            let why = String(decoding: check.stderr, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
            return .failure(Unavailable(message: "bubblewrap cannot make its namespaces here (\(why.isEmpty ? "status \(check.status)" : why))"))
        }
        return .success(sandbox)
    }

    /// The namespaces: everything bubblewrap can unshare (network, processes, IPC, host name,
    /// and the user namespace where the kernel allows it), a new session (the agent cannot type
    /// into the window's terminal), and the end of the agent with its parent.
    var isolation: [String] { ["--unshare-all", "--new-session", "--die-with-parent"] }

    /// The command that runs `executable` in the sandbox; sets `HOME` and `TMPDIR` in
    /// `environment` to `scratch`.
    func arguments(running executable: String, readable: [String], scratch: String, environment: inout [String: String]) -> [String] {
        var args = [program] + isolation + ["--ro-bind", "/", "/", "--dev", "/dev", "--proc", "/proc", "--tmpfs", "/tmp"]
        let home = environment["HOME"].flatMap { $0.isEmpty || $0 == "/" ? nil : $0 }
        if let home, FileManager.default.fileExists(atPath: home) { args += ["--tmpfs", home] }
        // What the agent must read, above the emptied home: the person's code, the build, the
        // runtime libraries it links (a toolchain or build folder may live in the home directory)
        // and fontconfig's cache (without it every agent would scan the fonts again).
        var paths = readable + Self.loadedLibraryDirectories()
        if let home { paths.append((home as NSString).appendingPathComponent(".cache/fontconfig")) }
        var bound = Set<String>()
        for path in paths {
            let resolved = URL(fileURLWithPath: path).resolvingSymlinksInPath().path
            guard !bound.contains(resolved), FileManager.default.fileExists(atPath: resolved) else { continue }
            bound.insert(resolved)
            args += ["--ro-bind", resolved, resolved]
        }
        args += ["--bind", scratch, scratch]
        environment["HOME"] = scratch
        environment["TMPDIR"] = scratch
        // The working directory stays unless the emptied home or the private /tmp hides it
        // (bubblewrap cannot start in a folder it does not see).
        let cwd = URL(fileURLWithPath: FileManager.default.currentDirectoryPath).resolvingSymlinksInPath().path
        let inside = { (dir: String) in cwd == dir || cwd.hasPrefix(dir + "/") }
        let hidden = inside("/tmp") || (home.map(inside) ?? false)
        args += ["--chdir", !hidden || bound.contains(where: inside) ? cwd : scratch]
        return args + ["--", executable]
    }

    /// A new, private directory for one agent to write in.
    static func makeScratchDirectory() -> String {
        var template = Array((NSTemporaryDirectory() as NSString).appendingPathComponent("layoutlab-agent-XXXXXX").utf8CString)
        let made = template.withUnsafeMutableBufferPointer { mkdtemp($0.baseAddress!) }
        guard made != nil else { return NSTemporaryDirectory() }
        return String(cString: template)
    }

    /// The folders of the shared libraries this process has loaded: the agent links the same
    /// Swift runtime (and, from a build folder, the same preview runtime's neighbours).
    static func loadedLibraryDirectories() -> [String] {
        guard let maps = try? String(contentsOfFile: "/proc/self/maps", encoding: .utf8) else { return [] }
        var dirs = Set<String>()
        for line in maps.split(separator: "\n") {
            guard let slash = line.firstIndex(of: "/"), line.hasSuffix(".so") || line.contains(".so.") else { continue }
            dirs.insert((String(line[slash...]) as NSString).deletingLastPathComponent)
        }
        return dirs.sorted()
    }
}
