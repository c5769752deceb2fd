import Foundation
import Testing
@testable import PreviewHost

/// The runtime's prepared module cache: where builds find it, that a prepared one serves a
/// build, and that one that cannot serve it costs a second compile, never a failed build.
@Suite("Preview builds: the runtime's prepared compiler module cache")
struct PreviewModuleCacheTests {
    /// A runtime folder of its own whose files are the built runtime's (linked), so that its
    /// module cache is the test's.
    private func privateRuntime(in ws: Workspace) throws -> PreviewRuntime {
        let built = PreviewRuntime(directory: try layoutlabBinary().deletingLastPathComponent().path)
        let folder = ws.url("runtime")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        for name in ["lib\(PreviewRuntime.libraryName).so", "Modules", PreviewRuntime.pluginName] {
            try FileManager.default.createSymbolicLink(atPath: folder.appendingPathComponent(name).path,
                                                       withDestinationPath: (built.directory as NSString).appendingPathComponent(name))
        }
        let runtime = PreviewRuntime(directory: folder.path)
        try #require(runtime.isComplete)
        return runtime
    }

    private static let card = """
        import SwiftUI

        struct Card: View {
            var body: some View { HStack(spacing: 12) { Circle().frame(width: 40, height: 40); Text("Title") }.padding() }
        }

        #Preview("Card") { Card() }
        """

    @Test func theCacheIsTheRuntimesUnlessTheEnvironmentNamesAnother() throws {
        let ws = try Workspace("module-cache-path")
        let runtime = try privateRuntime(in: ws)
        #expect(PreviewModuleCache.path(for: runtime, environment: [:]) == PreviewModuleCache.canonical(runtime.moduleCache))
        #expect(FileManager.default.fileExists(atPath: runtime.moduleCache), "a writable runtime folder gets one")
        #expect(PreviewModuleCache.path(for: runtime, environment: ["LAYOUTLAB_MODULE_CACHE": "/somewhere/else"]) == "/somewhere/else")
        #expect(PreviewModuleCache.path(for: runtime, environment: ["LAYOUTLAB_MODULE_CACHE": "default"]) == nil)
        // A file where the folder should be: the compiler's default.
        try FileManager.default.removeItem(atPath: runtime.moduleCache)
        try "not a folder".write(toFile: runtime.moduleCache, atomically: true, encoding: .utf8)
        #expect(PreviewModuleCache.path(for: runtime, environment: [:]) == nil)
    }

    @Test func aPreparedCacheServesAPersonsBuildWithoutBuildingClangModules() throws {
        let ws = try Workspace("module-cache-prepared")
        let runtime = try privateRuntime(in: ws)
        guard case .success = PreviewModuleCache.prepare(runtime: runtime) else {
            Issue.record("prepare failed: \(PreviewModuleCache.prepare(runtime: runtime))")
            return
        }
        let modules = try FileManager.default.subpathsOfDirectory(atPath: runtime.moduleCache).filter { $0.hasSuffix(".pcm") }
        #expect(modules.contains { $0.contains("SwiftGlibc") }, "\(modules)")
        let prepared = Set(modules)

        let file = try ws.write("Card.swift", Self.card)
        let builder = PreviewBuilder(project: try PreviewProject.load(path: file.path), runtime: runtime, cacheDirectory: ws.url("cache").path)
        guard case .built = builder.build() else { Issue.record("the card did not build"); return }
        #expect(builder.moduleCache == PreviewModuleCache.canonical(runtime.moduleCache))
        #expect(builder.compilerRuns == 2, "compiled once and linked once, with the prepared cache")
        let after = Set(try FileManager.default.subpathsOfDirectory(atPath: runtime.moduleCache).filter { $0.hasSuffix(".pcm") })
        #expect(after == prepared, "the build needed clang modules that preparing did not make: \(after.subtracting(prepared))")
        // Everyone's previews read an installed cache: its folders are readable by all.
        for path in [runtime.moduleCache] + prepared.map({ (runtime.moduleCache as NSString).appendingPathComponent($0) }) {
            let mode = try #require(try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int)
            #expect(mode & 0o004 != 0, "\(path) is not readable by others (\(String(mode, radix: 8)))")
        }
    }

    @Test func aCacheThatCannotServeTheBuildIsLeftForTheCompilersDefault() throws {
        let ws = try Workspace("module-cache-refused")
        let first = try privateRuntime(in: ws)
        guard case .success = PreviewModuleCache.prepare(runtime: first) else { Issue.record("prepare failed"); return }
        // Module files moved to another path no longer serve a build (they record their path).
        let moved = ws.url("moved").path
        try FileManager.default.copyItem(atPath: first.moduleCache, toPath: moved)
        let file = try ws.write("Card.swift", Self.card)
        let builder = PreviewBuilder(project: try PreviewProject.load(path: file.path), runtime: first, cacheDirectory: ws.url("cache").path)
        builder.moduleCache = moved
        guard case .built = builder.build() else { Issue.record("the build failed instead of leaving the cache"); return }
        #expect(builder.moduleCache == nil)
        #expect(builder.compilerRuns == 3, "the compile again with the default cache, then the link")
    }
}
