import Foundation

/// Reads lines from a descriptor without blocking longer than asked; finding a line end scans
/// each byte once, so a reply of many megabytes read in 64 KiB pieces stays linear.
public final class LineReader {
    /// What a `fill` did.
    public enum Fill: Sendable { case read, closed, nothing }
    private let fd: Int32
    private var buffer = Data()
    private var scanned = 0
    private var chunk = [UInt8](repeating: 0, count: 1 << 16)

    /// Reads `fd` (not owned: the caller closes it).
    public init(fd: Int32) { self.fd = fd }

    /// The next whole line (without its newline), if one has arrived.
    public func takeLine() -> Data? {
        let start = buffer.startIndex + scanned
        guard let newline = buffer[start...].firstIndex(of: 0x0A) else {
            scanned = buffer.count
            return nil
        }
        let line = Data(buffer[buffer.startIndex..<newline])
        buffer = Data(buffer[(newline + 1)...])
        scanned = 0
        return line
    }

    /// Reads what is there, waiting up to `waitingMilliseconds` (-1: until something arrives).
    public func fill(waitingMilliseconds ms: Int32) -> Fill {
        var fds = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
        let n = Glibc.poll(&fds, 1, ms)
        if n < 0 { return errno == EINTR ? .nothing : .closed }
        if n == 0 { return .nothing }
        let count = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
        if count < 0 { return errno == EINTR || errno == EAGAIN ? .nothing : .closed }
        if count == 0 { return .closed }
        buffer.append(contentsOf: chunk[0..<count])
        return .read
    }
}
