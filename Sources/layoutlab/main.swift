import Foundation
import LayoutLabCore

// The command links no GTK: `render`, `--help` and `--version` run here, and the window is
// `layoutlab-window`, started in this process's place with the same arguments.
let arguments = Array(CommandLine.arguments.dropFirst())
let status = MainActor.assumeIsolated {
    LayoutLabCLI.main(arguments: arguments) { _ in WindowLauncher.replaceProcess(arguments: arguments) }
}
exit(status)
