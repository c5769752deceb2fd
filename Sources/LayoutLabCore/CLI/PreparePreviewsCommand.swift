import ArgumentParser
import Foundation
import PreviewHost

/// `layoutlab prepare-previews`: fills the preview runtime's module cache (`PreviewModuleCache`).
struct PreparePreviewsCommandLine: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "prepare-previews",
        abstract: "Prepare the preview runtime's compiler module cache, so that a first preview opens without building it.",
        discussion: """
            Builds a small preview with the runtime's modules, which leaves the clang modules every \
            preview imports (Glibc, Dispatch, Foundation's) in the runtime folder's ModuleCache. \
            Meson's install runs it; a runtime in a SwiftPM build folder is prepared by its first build. \
            Needs write access to the runtime folder; previews only read the cache.
            """)
    @Option(help: ArgumentHelp("The preview runtime folder (default: the one this layoutlab uses).", valueName: "dir"))
    var runtime: String?
}

/// Runs `layoutlab prepare-previews`.
enum PreparePreviewsCommand {
    static func run(runtime directory: String?) -> Int32 {
        let runtime: PreviewRuntime
        if let directory {
            runtime = PreviewRuntime(directory: URL(fileURLWithPath: directory).standardizedFileURL.path)
            guard runtime.isComplete else {
                Diagnostics.report("\(directory) is not a preview runtime (it lacks lib\(PreviewRuntime.libraryName).so, Modules/SwiftUI.swiftmodule or \(PreviewRuntime.pluginName))")
                return Diagnostics.ExitStatus.failure.rawValue
            }
        } else {
            do { runtime = try PreviewRuntime.locate() } catch {
                Diagnostics.report(error.message)
                return Diagnostics.ExitStatus.failure.rawValue
            }
        }
        switch PreviewModuleCache.prepare(runtime: runtime) {
        case .success(let seconds):
            print("prepared \(runtime.moduleCache) in \(String(format: "%.1f", seconds)) s")
            return 0
        case .failure(let error):
            Diagnostics.report("cannot prepare \(runtime.moduleCache): \(error.message)")
            return Diagnostics.ExitStatus.failure.rawValue
        }
    }
}
