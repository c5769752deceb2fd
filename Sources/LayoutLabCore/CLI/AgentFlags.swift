import ArgumentParser
import Foundation
import PreviewHost

/// The limits a person's preview runs under, shared by `render --source` and `preview`.
///
/// Each option becomes the environment variable `AgentLimits.configured` reads, so the window
/// (a process of its own, parsing the same arguments) and headless renders agree, and a
/// variable set in a CI job works without changing the command.
struct AgentFlags: ParsableArguments {
    @Option(name: .customLong("stuck-limit"),
            help: ArgumentHelp("Stop a preview that builds no new view for this long (an endless loop). Default 5.", valueName: "seconds"))
    var stuckLimit: Double?
    @Option(name: .customLong("time-limit"),
            help: ArgumentHelp("Stop a layout or event still building views after this long. Default 60.", valueName: "seconds"))
    var timeLimit: Double?
    @Option(name: .customLong("memory-limit"),
            help: ArgumentHelp("The memory (address space) a preview may use: 4G, 512M, or none. Default: half the machine's memory, at least 2G.", valueName: "size"))
    var memoryLimit: String?
    @Option(name: .customLong("cpu-limit"),
            help: ArgumentHelp("The processor time a preview agent may use over its life (0: none). Default 1800.", valueName: "seconds"))
    var cpuLimit: Int?
    @Option(name: .customLong("process-limit"),
            help: ArgumentHelp("The processes a preview may run at once, itself excluded (0: none). Default 32.", valueName: "count"))
    var processLimit: Int?
    @Flag(name: .customLong("no-sandbox"),
          help: "Run previews without the sandbox (network, your files, your home directory): only for code you trust.")
    var noSandbox = false

    /// The environment variables the options set (checked).
    func environment(command: String) throws -> [String: String] {
        var env: [String: String] = [:]
        if let stuckLimit {
            guard stuckLimit.isFinite, stuckLimit > 0, stuckLimit <= 86_400 else { throw CommandLineError("\(command): --stuck-limit needs seconds above 0 (got \(stuckLimit))") }
            env[AgentLimits.Variable.stuck.rawValue] = "\(stuckLimit)"
        }
        if let timeLimit {
            guard timeLimit.isFinite, timeLimit > 0, timeLimit <= 86_400 else { throw CommandLineError("\(command): --time-limit needs seconds above 0 (got \(timeLimit))") }
            env[AgentLimits.Variable.time.rawValue] = "\(timeLimit)"
        }
        if let memoryLimit {
            guard let bytes = AgentLimits.parseBytes(memoryLimit), bytes == 0 || bytes >= 256 << 20 else {
                throw CommandLineError("\(command): --memory-limit needs a size of at least 256M, such as 4G or 512M, or none (got '\(memoryLimit)')")
            }
            env[AgentLimits.Variable.memory.rawValue] = "\(bytes)"
        }
        if let cpuLimit {
            guard cpuLimit >= 0 else { throw CommandLineError("\(command): --cpu-limit needs whole seconds, 0 for none (got \(cpuLimit))") }
            env[AgentLimits.Variable.cpu.rawValue] = "\(cpuLimit)"
        }
        if let processLimit {
            guard processLimit >= 0 else { throw CommandLineError("\(command): --process-limit needs a count, 0 for none (got \(processLimit))") }
            env[AgentLimits.Variable.processes.rawValue] = "\(processLimit)"
        }
        if noSandbox { env[AgentLimits.Variable.noSandbox.rawValue] = "1" }
        return env
    }
}

extension AgentLimits {
    /// The limits of this process's environment with `overrides` (the command line's) on top.
    public static func configured(overriding overrides: [String: String]) -> AgentLimits {
        configured(ProcessInfo.processInfo.environment.merging(overrides) { $1 })
    }
}
