import Foundation

/// A value behind a lock, for the process-wide tables (type keys, interned alignments, image
/// sizes) that hosts on different threads share.
///
/// Built on `NSLock` (a pthread mutex) rather than `Synchronization.Mutex`: on Linux the
/// standard library's mutex parks on a futex inside code the thread sanitizer does not see, so
/// every access it guards reads as a race under `--sanitize=thread`. A pthread mutex is
/// intercepted, so the sanitizer run checks the real synchronisation.
package final class Locked<State>: @unchecked Sendable {
    private let lock = NSLock()
    private var state: State

    package init(_ state: State) { self.state = state }

    /// Runs `body` with exclusive access to the state.
    package func withLock<Result>(_ body: (inout State) throws -> Result) rethrows -> Result {
        lock.lock()
        defer { lock.unlock() }
        return try body(&state)
    }
}
