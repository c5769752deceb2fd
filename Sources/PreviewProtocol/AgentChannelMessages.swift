import Foundation

/// The agent's report, while it answers a request, that it is still making views.
///
/// A line of its own on the channel, `{"progress":N}`, between replies: the window's watchdog
/// resets its clock for being stuck when `N` (the views built so far in the agent) moves.
public enum AgentProgress {
    static let prefix = Array(#"{"progress":"#.utf8)

    /// The line reporting `viewsBuilt`, newline included.
    public static func line(viewsBuilt: Int) -> Data { Data(#"{"progress":\#(viewsBuilt)}"#.utf8 + [0x0A]) }

    /// The number a progress line reports; nil for any other line (a reply).
    public static func viewsBuilt(in line: some BidirectionalCollection<UInt8>) -> Int? {
        guard line.starts(with: prefix), line.last == UInt8(ascii: "}") else { return nil }
        let digits = line.dropFirst(prefix.count).dropLast()
        guard !digits.isEmpty, digits.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }), digits.count < 19 else { return nil }
        return digits.reduce(0) { $0 * 10 + Int($1 - 0x30) }
    }
}

/// The resources a preview agent may use, set by the window and applied by the agent to itself
/// (as resource limits) before the person's code runs.
///
/// On the wire it is the environment variable `LAYOUTLAB_AGENT_LIMITS`, `memory=BYTES,cpu=SECONDS`.
public struct AgentResourceLimits: Hashable, Sendable {
    /// The most address space the agent may map, in bytes (`RLIMIT_AS`); 0: no limit.
    public var memoryBytes: UInt64
    /// The most processor time the agent may use, in seconds (`RLIMIT_CPU`); 0: no limit.
    public var cpuSeconds: UInt64

    public init(memoryBytes: UInt64, cpuSeconds: UInt64) {
        self.memoryBytes = memoryBytes
        self.cpuSeconds = cpuSeconds
    }

    public static let environmentVariable = "LAYOUTLAB_AGENT_LIMITS"

    /// The value of `LAYOUTLAB_AGENT_LIMITS`.
    public var environmentValue: String { "memory=\(memoryBytes),cpu=\(cpuSeconds)" }

    /// Parses `LAYOUTLAB_AGENT_LIMITS`; nil when malformed.
    public init?(environmentValue: String) {
        var memory: UInt64 = 0, cpu: UInt64 = 0
        for part in environmentValue.split(separator: ",") {
            let pair = part.split(separator: "=", maxSplits: 1)
            guard pair.count == 2, let n = UInt64(pair[1]) else { return nil }
            switch pair[0] {
            case "memory": memory = n
            case "cpu": cpu = n
            default: return nil
            }
        }
        self.init(memoryBytes: memory, cpuSeconds: cpu)
    }
}
