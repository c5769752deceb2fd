import Foundation
import LayoutLabApp

// The window, started by `layoutlab` in its place (see `WindowLauncher`); it takes the same
// arguments, so it also runs on its own.
let status = MainActor.assumeIsolated { LayoutLab.main() }
exit(status)
