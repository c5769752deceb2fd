import Foundation

/// The clang module cache that preview builds compile with: the preview runtime's own,
/// prepared when layoutlab is installed, so that a person's first preview does not build it.
///
/// Importing Foundation makes the compiler build clang modules (Glibc, Dispatch, the Foundation
/// shims) into a module cache: about 2.3 s on a 2-core machine, most of a first open with an
/// empty cache. A module cache can only be read at the path it was built at (each module file
/// records it), so it cannot be copied to a person's cache; it lives in the runtime folder
/// instead (`PreviewRuntime.moduleCache`), which `layoutlab prepare-previews` fills (Meson's
/// install runs it) and builds then read, even where the folder is read-only. A runtime folder
/// the person can write (a SwiftPM build folder) is filled by the first build.
///
/// A cache that cannot serve a build (its headers changed after a system update, or it was
/// prepared at another path) makes the compiler fail naming the cache's path; the build then
/// compiles again with the compiler's default cache (the person's own `~/.cache/clang`) and
/// keeps to that. `LAYOUTLAB_MODULE_CACHE` names another folder; `default` leaves the choice
/// to the compiler.
public enum PreviewModuleCache {
    /// The folder builds for `runtime` pass as `-module-cache-path`, or nil for the compiler's
    /// default: the runtime's cache when it exists or can be made.
    public static func path(for runtime: PreviewRuntime, environment: [String: String] = ProcessInfo.processInfo.environment) -> String? {
        if let named = environment["LAYOUTLAB_MODULE_CACHE"], !named.isEmpty {
            return named == "default" ? nil : named
        }
        let path = runtime.moduleCache
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) { return isDirectory.boolValue ? canonical(path) : nil }
        guard access(runtime.directory, W_OK) == 0,
              (try? FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)) != nil else { return nil }
        return canonical(path)
    }

    /// `path` with its symbolic links resolved: module files record the cache's path as text,
    /// so `.build/debug` and the folder it links to would be two caches whose modules clash.
    static func canonical(_ path: String) -> String {
        guard let resolved = realpath(path, nil) else { return path }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    /// Whether a failed compile's output says the module cache at `path` could not serve it.
    static func refused(_ output: String, path: String) -> Bool {
        output.contains(path)
    }

    private static func makeReadableByAll(_ root: String) {
        chmod(root, 0o755)
        guard let walk = FileManager.default.enumerator(atPath: root) else { return }
        while let relative = walk.nextObject() as? String {
            let path = (root as NSString).appendingPathComponent(relative)
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else { continue }
            chmod(path, isDirectory.boolValue ? 0o755 : 0o644)
        }
    }

    /// Fills `runtime`'s module cache by building a small preview with it, exactly as a
    /// person's preview is built (the same flags make the same module files). Returns the
    /// seconds it took, or why it failed.
    public static func prepare(runtime: PreviewRuntime, swiftc: String = ToolLocator.swiftc()) -> Result<TimeInterval, PreviewError> {
        let started = Date()
        do {
            try FileManager.default.createDirectory(atPath: runtime.moduleCache, withIntermediateDirectories: true)
        } catch {
            return .failure(PreviewError("cannot create \(runtime.moduleCache): \(error.localizedDescription)"))
        }
        let cache = canonical(runtime.moduleCache)
        guard access(cache, W_OK) == 0 else { return .failure(PreviewError("\(cache) is not writable")) }
        let work = (NSTemporaryDirectory() as NSString).appendingPathComponent("layoutlab-prepare-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(atPath: work) }
        let file = (work as NSString).appendingPathComponent("Prepare.swift")
        do {
            try FileManager.default.createDirectory(atPath: work, withIntermediateDirectories: true)
            // What people's previews import: Foundation through SwiftUI, and Observation.
            try """
                import Foundation
                import Observation
                import SwiftUI

                struct Prepared: View {
                    @State private var on = false
                    var body: some View { Toggle("Prepared", isOn: $on).padding() }
                }

                #Preview { Prepared() }

                """.write(toFile: file, atomically: true, encoding: .utf8)
        } catch {
            return .failure(PreviewError("cannot write \(file): \(error.localizedDescription)"))
        }
        let project: PreviewProject
        do { project = try PreviewProject.load(path: file) } catch { return .failure(error) }
        let builder = PreviewBuilder(project: project, runtime: runtime,
                                     cacheDirectory: (work as NSString).appendingPathComponent("build"), swiftc: swiftc)
        builder.moduleCache = cache
        switch builder.build() {
        case .built:
            guard builder.moduleCache == cache else {
                return .failure(PreviewError("the compiler could not use the module cache at \(cache)"))
            }
            // The compiler makes its folders readable by their owner only; everyone's previews read them.
            makeReadableByAll(cache)
            return .success(Date().timeIntervalSince(started))
        case .failed(_, let log):
            return .failure(PreviewError("the preparing build failed:\n\(log)"))
        }
    }
}
