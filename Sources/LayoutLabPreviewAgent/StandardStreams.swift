// `stdout` is a C global that Swift 6 sees as shared mutable state; this file only hands it to
// `setvbuf` once, before any other thread runs.
@preconcurrency import Glibc

/// Makes C's standard output line-buffered: it is a pipe to the window's console, and a
/// `print` should show when it happens and not be lost when the agent is stopped.
func makeStandardOutputLineBuffered() {
    setvbuf(stdout, nil, _IOLBF, 0)
}
