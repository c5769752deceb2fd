import Foundation
import LayoutLabApp

// The command is thin: all logic lives in LayoutLabApp (LayoutLab.main).
let status = MainActor.assumeIsolated { LayoutLab.main() }
exit(status)
