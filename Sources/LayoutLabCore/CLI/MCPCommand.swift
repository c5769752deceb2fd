import ArgumentParser
import Foundation
import PreviewHost

/// `layoutlab mcp`: the preview system as a Model Context Protocol server on stdio.
struct MCPCommandLine: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "mcp",
        abstract: "Serve the preview system over the Model Context Protocol on stdio, for coding agents: list previews, render them as PNG and frames, operate them live, verify snapshots.",
        discussion: """
            Reads JSON-RPC messages from standard input, one a line, and answers on standard output; \
            everything else (build progress, what previews print) goes to standard error. Ends at the end \
            of its input or on SIGTERM, and its previews with it.
            """)
    @OptionGroup(title: "Limits of your previews") var agent: AgentFlags

    func options() throws -> MCPOptions {
        MCPOptions(agentEnvironment: try agent.environment(command: "mcp"))
    }
}

/// Options of `layoutlab mcp`.
public struct MCPOptions: Equatable, Sendable {
    /// The environment variables the preview limits' options set (`AgentLimits.configured`).
    public var agentEnvironment: [String: String] = [:]
    /// Options that set these preview limits.
    public init(agentEnvironment: [String: String] = [:]) { self.agentEnvironment = agentEnvironment }
}

/// Runs the MCP server on the process's standard input and output.
enum MCPCommand {
    /// What the server tells a model it is for, in `initialize`'s `instructions`.
    static let instructions = """
        LayoutLab builds SwiftUI code on Linux and lays it out as SwiftUI does. Call list_previews with \
        the absolute path of a .swift file or Swift package to get its preview names, render_preview to \
        see one (PNG and view frames), perform to tap, type, drag or scroll in it first, verify_snapshots \
        to compare every preview with recorded baselines. Files are rebuilt \
        when they change on disk; compile errors come back as the compiler's messages.
        """

    /// Serves until standard input ends (status 0) or a signal stops the process.
    static func run(_ options: MCPOptions) -> Int32 {
        // Standard output is the protocol's alone: keep it for the answers and point descriptor 1
        // at standard error, so a stray print (or anything a child inherits) cannot corrupt it.
        let protocolOutput = dup(STDOUT_FILENO)
        guard protocolOutput >= 0, dup2(STDERR_FILENO, STDOUT_FILENO) >= 0 else {
            Diagnostics.report("mcp: cannot set up standard output: \(String(cString: strerror(errno)))")
            return Diagnostics.ExitStatus.failure.rawValue
        }
        stopOnSignals()
        let sessions = PreviewSessions(limits: .configured(overriding: options.agentEnvironment))
        let toolbox = PreviewToolbox(sessions: sessions, agentEnvironment: options.agentEnvironment)
        let server = MCPServer(toolbox: toolbox, name: "layoutlab", version: layoutLabVersion, instructions: instructions)
        defer { toolbox.stop() }
        Diagnostics.report("mcp: serving LayoutLab \(layoutLabVersion) on stdio")
        while let line = readLine(strippingNewline: true) {
            guard let answer = server.respond(to: line) else { continue }
            guard write(answer + "\n", to: protocolOutput) else {
                // The client went away: nobody is left to answer.
                break
            }
        }
        return Diagnostics.ExitStatus.success.rawValue
    }

    private static func write(_ text: String, to fd: Int32) -> Bool {
        var bytes = Array(text.utf8)[...]
        while !bytes.isEmpty {
            let written = bytes.withUnsafeBytes { Foundation.write(fd, $0.baseAddress, $0.count) }
            if written < 0 {
                if errno == EINTR { continue }
                return false
            }
            bytes = bytes.dropFirst(written)
        }
        return true
    }

    /// SIGTERM, SIGINT and SIGHUP end the server at once, even in the middle of a build or a
    /// render: the previews' agents die with it (they are started with parent-death signals).
    private static func stopOnSignals() {
        for signalNumber in [SIGTERM, SIGINT, SIGHUP] {
            signal(signalNumber, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: signalNumber, queue: .global(qos: .userInitiated))
            source.setEventHandler {
                Diagnostics.report("mcp: stopped by signal \(signalNumber)")
                _exit(Diagnostics.ExitStatus.success.rawValue)
            }
            source.resume()
            signalSources.append(source)
        }
    }

    /// The signal sources, kept for the process's life.
    nonisolated(unsafe) private static var signalSources: [any DispatchSourceSignal] = []
}
