import Foundation

/// Runs a piece of a person's code first in a child process (a `fork` of the agent), so that
/// code which traps, exits or never returns is found out without taking the agent down.
///
/// The agent lists a `PreviewProvider`'s previews by evaluating its `previews`; one provider
/// that traps there used to end the agent before it answered its catalog, and so failed every
/// preview of the file, `--list` included. Tried first, a provider that fails is listed as one
/// broken preview that says why, and the others work.
enum TrialRun {
    enum Outcome: Equatable {
        /// The code returned (or could not be tried: `fork` refused, as under a process limit).
        case completed
        /// The code did not return: what it printed as it crashed, or how it ended.
        case failed(String)
    }

    /// The longest a trial may take: listing a provider's previews only makes view values.
    static let timeLimit = 1.5

    /// Runs `body` in a child process and says whether it returned. The child's output is read
    /// for its crash message and otherwise dropped: the agent runs `body` again itself.
    @MainActor
    static func attempt(timeLimit: Double = TrialRun.timeLimit, _ body: @MainActor () -> Void) -> Outcome {
        var fds: [Int32] = [0, 0]
        guard pipe(&fds) == 0 else { return .completed }
        let pid = fork()
        if pid == 0 {
            close(fds[0])
            dup2(fds[1], STDERR_FILENO)
            let null = open("/dev/null", O_WRONLY)
            if null >= 0 { dup2(null, STDOUT_FILENO) }
            body()
            // No exit handlers or buffered output of the agent's: they belong to the parent.
            _exit(0)
        }
        close(fds[1])
        guard pid > 0 else {
            close(fds[0])
            return .completed
        }
        defer { close(fds[0]) }
        var output = Data()
        var chunk = [UInt8](repeating: 0, count: 4096)
        var status: Int32 = 0
        var ended = false
        let deadline = now() + timeLimit
        var open = true
        while !ended {
            if open {
                var p = pollfd(fd: fds[0], events: Int16(POLLIN), revents: 0)
                if poll(&p, 1, 20) > 0 {
                    let n = read(fds[0], &chunk, chunk.count)
                    if n > 0 {
                        output.append(contentsOf: chunk[0..<n])
                        // Only the end matters: the crash message is the last thing printed.
                        if output.count > 65_536 { output.removeFirst(output.count - 32_768) }
                    } else if n == 0 { open = false }
                }
            } else {
                usleep(5_000)
            }
            if waitpid(pid, &status, WNOHANG) == pid { ended = true; break }
            if now() > deadline {
                kill(pid, SIGKILL)
                while waitpid(pid, &status, 0) == -1 && errno == EINTR {}
                return .failed("it did not finish within \(timeLimit) s (an endless loop?)")
            }
        }
        // The last of what it printed as it ended.
        var p = pollfd(fd: fds[0], events: Int16(POLLIN), revents: 0)
        while open, poll(&p, 1, 0) > 0 {
            let n = read(fds[0], &chunk, chunk.count)
            if n <= 0 { break }
            output.append(contentsOf: chunk[0..<n])
        }
        let signal = status & 0x7f, code = (status >> 8) & 0xff
        if signal == 0 && code == 0 { return .completed }
        return .failed(describe(output: String(decoding: output, as: UTF8.self), signal: signal, code: code))
    }

    /// "Fatal error: … (file:line)" when the Swift runtime printed it, else how the child ended.
    static func describe(output: String, signal: Int32, code: Int32) -> String {
        let lines = output.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
        let markers = ["Fatal error", "fatal error", "Precondition failed", "Assertion failed"]
        if let fatal = lines.last(where: { line in markers.contains { line.contains($0) } }) { return fatal }
        if signal != 0 {
            let name = signal == SIGSEGV ? "SIGSEGV (a stack overflow or a bad memory access)"
                : signal == SIGILL || signal == SIGTRAP ? "a trap" : "signal \(signal)"
            return "it was stopped by \(name)"
        }
        return "it called exit(\(code))"
    }

    private static func now() -> Double {
        var ts = timespec()
        clock_gettime(CLOCK_MONOTONIC, &ts)
        return Double(ts.tv_sec) + Double(ts.tv_nsec) / 1e9
    }
}
