import Foundation

/// The `layoutlab` command, free of GTK: parses the arguments, then renders headlessly, prints
/// the version or help, or hands the window's options to `openWindow`.
///
/// The `layoutlab` executable passes a `openWindow` that starts `layoutlab-window` in its
/// place (`WindowLauncher`), so that `layoutlab render` never loads GTK; `LayoutLab.main` in
/// LayoutLabApp passes one that opens the window in the same process.
public enum LayoutLabCLI {
    /// Runs the command for `arguments` (without the program name). Returns the exit status
    /// (2 for bad arguments).
    @MainActor
    public static func main(arguments: [String], openWindow: (WindowOptions) -> Int32) -> Int32 {
        let command: LabCommand
        do {
            command = try LabCommand(parsing: arguments)
        } catch {
            Diagnostics.report("\(error.message)\nTry 'layoutlab --help'.")
            return Diagnostics.exitStatus(for: error).rawValue
        }
        switch command {
        case .version:
            print("layoutlab \(layoutLabVersion)")
            return 0
        case .help(let text):
            print(text)
            return 0
        case .render(let options):
            return options.source != nil ? RenderSourceCommand.run(options) : RenderCommand.run(options)
        case .mcp(let options):
            return MCPCommand.run(options)
        case .snapshot(let snapshot):
            return snapshot.run()
        case .preparePreviews(let runtime):
            return PreparePreviewsCommand.run(runtime: runtime)
        case .window(let options):
            return openWindow(options)
        }
    }
}

/// Starts the GTK window, `layoutlab-window`, in place of the running `layoutlab`.
///
/// The window is a separate executable so that `layoutlab` itself links no GTK: `render`
/// runs on machines (and in containers) without GTK's libraries or a display. `execv` keeps
/// the process (its id, standard streams, exit status and signals), so scripts and tests that
/// start `layoutlab` see the window's process as before.
public enum WindowLauncher {
    /// The window executable's name; it is built and installed next to `layoutlab`.
    public static let executableName = "layoutlab-window"

    /// `layoutlab-window` next to the running executable, if it is there.
    public static func windowExecutable() -> URL? {
        let own = (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments[0]
        let candidate = URL(fileURLWithPath: own).deletingLastPathComponent().appendingPathComponent(executableName)
        return FileManager.default.isExecutableFile(atPath: candidate.path) ? candidate : nil
    }

    /// Replaces this process with `layoutlab-window ARGUMENTS`; returns (status 1) only when
    /// that is impossible.
    public static func replaceProcess(arguments: [String]) -> Int32 {
        guard let window = windowExecutable() else {
            Diagnostics.report("the window (\(executableName)) is not installed next to layoutlab; 'layoutlab render' works without it")
            return Diagnostics.ExitStatus.failure.rawValue
        }
        // Whatever this process buffered must not be lost (or printed twice) by exec.
        fflush(nil)
        // argv[0] stays what this process was called (`layoutlab`): GLib takes the program name,
        // which names the window to the desktop (WM_CLASS) and prefixes GTK's messages, from it.
        let name = CommandLine.arguments.first ?? window.path
        let argv = ([name] + arguments).map { strdup($0) } + [nil]
        execv(window.path, argv)
        let reason = String(cString: strerror(errno))
        Diagnostics.report("cannot start \(window.path): \(reason)")
        return Diagnostics.ExitStatus.failure.rawValue
    }
}
