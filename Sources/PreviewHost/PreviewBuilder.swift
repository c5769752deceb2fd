import Foundation
import PreviewNaming
import SwiftUI

/// A compiler message about a person's code.
public struct CompileDiagnostic: Sendable, Equatable, CustomStringConvertible {
    public var file: String
    public var line: Int
    public var column: Int
    public var severity: String
    public var message: String
    /// The lines around `line` (number, text), for showing where the problem is.
    public var context: [(Int, String)] = []

    public init(file: String, line: Int, column: Int, severity: String, message: String, context: [(Int, String)] = []) {
        self.file = file; self.line = line; self.column = column; self.severity = severity; self.message = message
        self.context = context
    }

    public static func == (a: Self, b: Self) -> Bool {
        a.file == b.file && a.line == b.line && a.column == b.column && a.severity == b.severity && a.message == b.message
    }
    /// `file:line:column: severity: message`, as compilers print it.
    public var description: String { "\(file):\(line):\(column): \(severity): \(message)" }
    /// `file:line`, what a person pastes into an editor.
    public var location: String { "\(file):\(line)" }
}

/// What a build produced.
public enum BuildOutcome: Sendable {
    /// The agent executable, what was found in the code, and whether anything was compiled.
    case built(agent: String, files: [ScannedFile], compiledModules: [String])
    /// The code did not compile: the errors, and the compiler's whole output.
    case failed(errors: [CompileDiagnostic], log: String)
}

/// Compiles a person's code with a generated `main` into a preview agent.
///
/// Each module is compiled on its own (whole-module, one `swiftc` call) into an object and a
/// module file, against the preview runtime's modules and with the `#Preview` macro's plugin;
/// a module whose sources, flags and dependencies did not change is not compiled again. The
/// agent's `main.swift` is generated from what `SourceScanner` found and linked with the
/// objects and the runtime library.
public final class PreviewBuilder: @unchecked Sendable {
    public let project: PreviewProject
    public let runtime: PreviewRuntime
    public let directory: String
    let swiftc: String
    /// Told what a slow step of a build is doing (a large file being read or compiled), for a
    /// person waiting; called on the building thread.
    public var progress: (@Sendable (String) -> Void)?
    /// Fingerprints of the last successful compile of each module.
    private var fingerprints: [String: UInt64] = [:]
    /// Whether builds compile literals as reads from the agent's table (the literal fast path;
    /// see `DesignTimeRewriter`). Off (or with `LAYOUTLAB_LITERAL_FAST_PATH=0`), every file is
    /// compiled as it is, for comparing the two or ruling the rewrite out.
    public var readsLiteralsFromTable = ProcessInfo.processInfo.environment["LAYOUTLAB_LITERAL_FAST_PATH"] != "0"
    /// Whether builds also mark the views each view expression makes with its place in the
    /// person's file (`DesignTimeRewriter.viewExpressions`): the canvas then says which line
    /// made a view. Needs `readsLiteralsFromTable`; `LAYOUTLAB_SOURCE_LOCATIONS=0` turns it off.
    public var marksViewSources = ProcessInfo.processInfo.environment["LAYOUTLAB_SOURCE_LOCATIONS"] != "0"
    /// Modules whose view marks did not compile (a view expression the wrapper changed the
    /// type of), by the fingerprint of their texts: their literals are still read from the
    /// table and their views are not marked until the text changes.
    private var viewMarksFailed: [String: UInt64] = [:]
    /// The literals of each file as the last successful build compiled them, by path.
    public private(set) var literalSnapshots: [String: LiteralSnapshot] = [:]
    /// Modules whose rewritten sources did not compile when the person's did, by the
    /// fingerprint of their skeletons (`LiteralSnapshot.skeleton`): compiled as they are until
    /// they change in more than literal values.
    private var rewriteFailed: [String: UInt64] = [:]
    /// How many times `swiftc` ran (compiles and links), for tests and benchmarks: the literal
    /// fast path runs it none.
    public private(set) var compilerRuns = 0
    private var generation = 0
    /// The module cache compiles pass as `-module-cache-path` (`PreviewModuleCache`); nil once
    /// it could not serve a compile, for the compiler's default.
    var moduleCache: String?

    public init(project: PreviewProject, runtime: PreviewRuntime, cacheDirectory: String? = nil, swiftc: String = ToolLocator.swiftc()) {
        self.project = project
        self.runtime = runtime
        self.swiftc = swiftc
        let base = cacheDirectory ?? Self.defaultCacheDirectory()
        var h = FNV1a()
        h.add(project.path)
        h.add(runtime.directory)
        directory = (base as NSString).appendingPathComponent(String(h.value, radix: 16))
        moduleCache = PreviewModuleCache.path(for: runtime)
    }

    static func defaultCacheDirectory() -> String {
        let env = ProcessInfo.processInfo.environment
        let cache = env["XDG_CACHE_HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? ((env["HOME"] ?? NSTemporaryDirectory()) + "/.cache")
        return (cache as NSString).appendingPathComponent("layoutlab/previews")
    }

    /// Scans and compiles; the agent of the last successful build is kept until a new one links.
    ///
    /// Builds of the same code in other processes (renders CI runs in parallel, a window and a
    /// render) share the folder: one builds at a time, holding `build.lock`, and the others then
    /// find its objects (by the fingerprints it wrote) and its agent, and use them.
    public func build() -> BuildOutcome {
        do {
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        } catch {
            return .failed(errors: [], log: "cannot create \(directory): \(error)")
        }
        let lockPath = (directory as NSString).appendingPathComponent("build.lock")
        let lock = open(lockPath, O_RDWR | O_CREAT | O_CLOEXEC, 0o644)
        guard lock >= 0 else { return .failed(errors: [], log: "cannot open \(lockPath): \(String(cString: strerror(errno)))") }
        defer { close(lock) }
        while flock(lock, LOCK_EX) != 0 {
            guard errno == EINTR else { return .failed(errors: [], log: "cannot lock \(lockPath): \(String(cString: strerror(errno)))") }
        }
        return buildLocked()
    }

    private func buildLocked() -> BuildOutcome {
        var scanned: [ScannedFile] = []
        var sources: [String: String] = [:]
        for module in project.modules {
            for file in module.files {
                let text: String
                switch Self.read(file) {
                case .success(let t): text = t
                case .failure(let problem):
                    // Said where an editor looks: the file's first line.
                    return .failed(errors: [CompileDiagnostic(file: file, line: 1, column: 1, severity: "error", message: problem.message)],
                                   log: "\(file): \(problem.message)\n")
                }
                sources[file] = text
                if text.utf8.count >= Self.largeSource {
                    progress?("reading \((file as NSString).lastPathComponent) (\(Self.megabytes(text.utf8.count)) of Swift; a file this large takes a while)")
                }
                scanned.append(SourceScanner.scan(source: text, path: file, configuration: configuration(for: module)))
            }
        }
        var snapshots: [String: LiteralSnapshot] = [:]
        let runtimeStamp = Self.stamp(runtime.library) &+ Self.stamp(runtime.plugin)
        let assetSymbols = Self.assetSymbols(catalogs: project.assetCatalogs)
        var compiled: [String] = []
        var log = ""
        for module in project.modules {
            var f = FNV1a()
            f.add(runtimeStamp)
            f.add(module.swiftVersion)
            for file in module.files { f.add(file); f.add(sources[file] ?? "") }
            for d in module.dependencies { f.add(fingerprints[d] ?? 0) }
            let needsMain = scanned.contains { module.files.contains($0.path) && $0.hasMainAttribute }
            f.add(needsMain ? "main" : "")
            f.add(assetSymbols)
            let unrewritten = f
            // The literal fast path: literals compiled as table reads, unless the rewritten
            // sources failed to compile where the person's did.
            var skeletons = FNV1a()
            for file in module.files { skeletons.add(file); skeletons.add(sources[file] ?? "") }
            var marksViews = marksViewSources && viewMarksFailed[module.name] != skeletons.value
            var rewrites = designTimeRewrites(module, sources: sources, marksViews: marksViews)
            skeletons = FNV1a()
            for file in module.files { skeletons.add(file); skeletons.add(rewrites[file]?.rewrite.snapshot.skeleton ?? "") }
            if rewriteFailed[module.name] == skeletons.value { rewrites = [:] }
            marksViews = marksViews && rewrites.values.contains { $0.rewrite.viewCount > 0 }
            f.add(rewrites.isEmpty ? "" : DesignTimeRewriter.version + (marksViews ? "+views" : ""))
            let object = objectPath(module.name)
            let stored = fingerprintPath(module.name)
            // What is on disk, which another process (or an earlier run) may have compiled since.
            fingerprints[module.name] = (try? String(contentsOfFile: stored, encoding: .utf8)).flatMap { UInt64($0, radix: 16) }
            if fingerprints[module.name] == f.value, FileManager.default.fileExists(atPath: object) {
                adoptRewrites(rewrites, of: module, sources: sources, scanned: &scanned, snapshots: &snapshots)
                continue
            }
            // Until it compiles again the objects on disk belong to no known source.
            try? FileManager.default.removeItem(atPath: stored)
            var args = ["-parse-as-library", "-module-name", module.name, "-swift-version", module.swiftVersion,
                        "-emit-module", "-emit-module-path", (directory as NSString).appendingPathComponent("\(module.name).swiftmodule"),
                        "-emit-object", "-wmo", "-o", object, "-enable-testing", "-Onone", "-D", "DEBUG",
                        "-I", runtime.modules, "-I", directory,
                        "-load-plugin-executable", "\(runtime.plugin)#LayoutLabMacros",
                        "-diagnostic-style", "llvm", "-j", "2"]
            if needsMain {
                // A file with `@main` (an App): its entry point must not clash with the agent's.
                args += ["-Xfrontend", "-entry-point-function-name", "-Xfrontend", "\(module.name)_userMain"]
            }
            let baseArgs = args
            args += module.files.map { rewrites[$0]?.path ?? $0 }
            if !assetSymbols.isEmpty {
                let generated = (directory as NSString).appendingPathComponent("\(module.name)+AssetSymbols.swift")
                if (try? String(contentsOfFile: generated, encoding: .utf8)) != assetSymbols {
                    try? assetSymbols.write(toFile: generated, atomically: true, encoding: .utf8)
                }
                args.append(generated)
            }
            let size = module.files.reduce(0) { $0 + (sources[$1]?.utf8.count ?? 0) }
            if size >= Self.largeSource { progress?("compiling \(module.name) (\(Self.megabytes(size)) of Swift)") }
            var run = runCompiler(args)
            if run.status != 0, marksViews, !run.timedOut,
               String(decoding: run.stderr + run.stdout, as: UTF8.self).contains("_SourceLocatedView") {
                // A view mark changed an expression's type where the code needs the view's own
                // (the wrapper's message names it): the literals without the marks.
                viewMarksFailed[module.name] = skeletons0(module, sources)
                let plain = designTimeRewrites(module, sources: sources, marksViews: false)
                args = baseArgs + module.files.map { plain[$0]?.path ?? $0 } + args.dropFirst(baseArgs.count + module.files.count)
                rewrites = plain
                f = unrewritten
                f.add(plain.isEmpty ? "" : DesignTimeRewriter.version)
                run = runCompiler(args)
            }
            if run.status != 0, !rewrites.isEmpty, !run.timedOut {
                // The rewrite must never cost the person a build: compile their text as it is,
                // whose messages are theirs, and keep doing so until it changes.
                args = baseArgs + module.files + args.dropFirst(baseArgs.count + module.files.count)
                run = runCompiler(args)
                rewrites = [:]
                if run.status == 0 {
                    rewriteFailed[module.name] = skeletons.value
                    f = unrewritten
                    f.add("")
                }
            }
            let output = String(decoding: run.stderr + run.stdout, as: UTF8.self)
            log += output
            guard run.status == 0 else {
                fingerprints[module.name] = nil
                var errors = Self.parseDiagnostics(output, sources: sources)
                if run.timedOut { errors.append(CompileDiagnostic(file: module.files[0], line: 1, column: 1, severity: "error", message: "the compiler did not finish within 300 s")) }
                return .failed(errors: errors, log: log)
            }
            fingerprints[module.name] = f.value
            try? String(f.value, radix: 16).write(toFile: stored, atomically: true, encoding: .utf8)
            compiled.append(module.name)
            adoptRewrites(rewrites, of: module, sources: sources, scanned: &scanned, snapshots: &snapshots)
        }
        let main = Self.generateMain(project: project, files: scanned)
        let mainPath = (directory as NSString).appendingPathComponent("main.swift")
        var f = FNV1a()
        f.add(main)
        f.add(runtimeStamp)
        for m in project.modules { f.add(fingerprints[m.name] ?? 0) }
        let agent = (directory as NSString).appendingPathComponent("agent-\(String(f.value, radix: 16))")
        if !FileManager.default.isExecutableFile(atPath: agent) {
            do { try main.write(toFile: mainPath, atomically: true, encoding: .utf8) } catch {
                return .failed(errors: [], log: "cannot write \(mainPath): \(error)")
            }
            generation += 1
            let partial = agent + ".partial-\(getpid())"
            let args = ["-module-name", "LayoutLabPreviewMain", "-swift-version", "5", "-Onone",
                        "-I", runtime.modules, "-I", directory, "-L", runtime.directory,
                        "-l\(PreviewRuntime.libraryName)", "-Xlinker", "-rpath", "-Xlinker", runtime.directory,
                        "-diagnostic-style", "llvm", mainPath] + project.modules.map { objectPath($0.name) } + ["-o", partial]
            let run = runCompiler(args)
            let output = String(decoding: run.stderr + run.stdout, as: UTF8.self)
            log += output
            guard run.status == 0 else {
                try? FileManager.default.removeItem(atPath: partial)
                return .failed(errors: Self.parseDiagnostics(output, sources: sources), log: log)
            }
            // rename(2) replaces atomically: an agent being started is never half there.
            guard rename(partial, agent) == 0 else {
                let reason = String(cString: strerror(errno))
                try? FileManager.default.removeItem(atPath: partial)
                return .failed(errors: [], log: "cannot move the agent into place (\(agent)): \(reason)")
            }
            removeOldAgents(keeping: agent)
        }
        literalSnapshots = snapshots
        return .built(agent: agent, files: scanned, compiledModules: compiled)
    }

    private func runCompiler(_ args: [String]) -> ProcessRunner.Outcome {
        compilerRuns += 1
        guard let cache = moduleCache else { return ProcessRunner.run(swiftc, args, timeout: 300) }
        let run = ProcessRunner.run(swiftc, args + ["-module-cache-path", cache], timeout: 300)
        guard run.status != 0, !run.timedOut,
              PreviewModuleCache.refused(String(decoding: run.stderr + run.stdout, as: UTF8.self), path: cache) else { return run }
        // The prepared cache cannot serve this compile: the compiler's default from now on.
        moduleCache = nil
        compilerRuns += 1
        return ProcessRunner.run(swiftc, args, timeout: 300)
    }

    /// The rewritten sources of `module`'s files (by the person's path), written to the build
    /// folder: those that import SwiftUI (where the table's functions are) and parse; none
    /// when the builder does not read literals from the table.
    func designTimeRewrites(_ module: PreviewProject.Module, sources: [String: String], marksViews: Bool = false)
        -> [String: (path: String, rewrite: DesignTimeRewrite)] {
        guard readsLiteralsFromTable else { return [:] }
        var out: [String: (path: String, rewrite: DesignTimeRewrite)] = [:]
        for file in module.files {
            guard let text = sources[file], text.contains("import SwiftUI"), text.utf8.count < Self.largeSource else { continue }
            let rewrite = DesignTimeRewriter.rewrite(source: text, path: file, marksViews: marksViews)
            guard !rewrite.snapshot.keys.isEmpty || rewrite.viewCount > 0, !rewrite.hasSyntaxErrors else { continue }
            // The file keeps its name (`#fileID` is the person's) in a folder of its own; a
            // text with view marks in another folder than one without (both may be kept).
            var h = FNV1a()
            h.add(file)
            if rewrite.viewCount > 0 { h.add("views") }
            let folder = (directory as NSString).appendingPathComponent("literals/\(module.name)/\(String(h.value, radix: 16))")
            let path = (folder as NSString).appendingPathComponent((file as NSString).lastPathComponent)
            if (try? String(contentsOfFile: path, encoding: .utf8)) != rewrite.text {
                try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
                guard (try? rewrite.text.write(toFile: path, atomically: true, encoding: .utf8)) != nil else { continue }
            }
            out[file] = (path, rewrite)
        }
        return out
    }

    /// The fingerprint of `module`'s texts, by which a failed view marking is remembered.
    private func skeletons0(_ module: PreviewProject.Module, _ sources: [String: String]) -> UInt64 {
        var h = FNV1a()
        for file in module.files { h.add(file); h.add(sources[file] ?? "") }
        return h.value
    }

    /// Notes what a compile of `module` read from the table: each file's snapshot, and the
    /// `#Preview` symbols of rewritten files (the macro names them by the compiled file's path
    /// and line, which a rewritten file's `#sourceLocation` line moves).
    private func adoptRewrites(_ rewrites: [String: (path: String, rewrite: DesignTimeRewrite)], of module: PreviewProject.Module,
                               sources: [String: String], scanned: inout [ScannedFile], snapshots: inout [String: LiteralSnapshot]) {
        for file in module.files {
            guard let (path, rewrite) = rewrites[file] else {
                snapshots[file] = .verbatim(sources[file] ?? "")
                continue
            }
            snapshots[file] = rewrite.snapshot
            guard let i = scanned.firstIndex(where: { $0.path == file }), !scanned[i].previews.isEmpty else { continue }
            let compiled = SourceScanner.scan(source: rewrite.text, path: path, configuration: configuration(for: module))
            for (k, preview) in compiled.previews.enumerated() where scanned[i].previews.indices.contains(k) {
                scanned[i].previews[k].symbol = preview.symbol
            }
        }
    }

    /// How the module's `#if`s are evaluated: as the compiler will, with the runtime's and the
    /// toolchain's modules importable.
    func configuration(for module: PreviewProject.Module) -> PreviewBuildConfiguration {
        PreviewBuildConfiguration(swiftVersion: module.swiftVersion, runtimeModules: runtime.modules, swiftc: swiftc,
                                  projectModules: project.modules.map(\.name))
    }

    /// Sources at least this large (bytes) take seconds to parse and compile: `progress` says so.
    static let largeSource = 1_000_000

    /// The source Xcode 15 generates for asset catalogs' sets: a `ColorResource` for each colour
    /// set and an `ImageResource` for each image set, named by `AssetCatalog.symbolName`, so
    /// `Color(.brand)` and `Image(.logo)` compile; empty without catalogs (or sets).
    static func assetSymbols(catalogs: [String]) -> String {
        var colors: [String: String] = [:], images: [String: String] = [:]
        for catalog in catalogs {
            let names = AssetCatalog.setNames(inCatalogAt: catalog)
            for n in names.colors { if let s = AssetCatalog.symbolName(for: n, droppingSuffix: "Color") { colors[s] = n } }
            for n in names.images { if let s = AssetCatalog.symbolName(for: n, droppingSuffix: "Image") { images[s] = n } }
        }
        guard !colors.isEmpty || !images.isEmpty else { return "" }
        var out = "// Generated by LayoutLab's preview build from the asset catalogs, as Xcode 15 generates them.\nimport SwiftUI\n\n"
        if !colors.isEmpty {
            out += "extension ColorResource {\n"
            for (symbol, name) in colors.sorted(by: { $0.key < $1.key }) { out += "    static let `\(symbol)` = ColorResource(name: \(literal(name)))\n" }
            out += "}\n"
        }
        if !images.isEmpty {
            out += "extension ImageResource {\n"
            for (symbol, name) in images.sorted(by: { $0.key < $1.key }) { out += "    static let `\(symbol)` = ImageResource(name: \(literal(name)))\n" }
            out += "}\n"
        }
        return out
    }

    static func megabytes(_ bytes: Int) -> String { String(format: "%.1f MB", Double(bytes) / 1_000_000) }

    /// The text of a source file, or why it cannot be compiled, for a person.
    static func read(_ file: String) -> Result<String, PreviewError> {
        let data: Data
        do { data = try Data(contentsOf: URL(fileURLWithPath: file)) } catch {
            let reason = ((error as NSError).userInfo[NSUnderlyingErrorKey] as? NSError).map { String(cString: strerror(Int32($0.code))) }
            return .failure(PreviewError("cannot read this file: \(reason ?? error.localizedDescription)"))
        }
        guard let text = String(data: data, encoding: .utf8) else {
            return .failure(PreviewError("cannot read this file: it is not UTF-8 text (is it a Swift source file?)"))
        }
        return .success(text)
    }

    func objectPath(_ module: String) -> String { (directory as NSString).appendingPathComponent("\(module).o") }
    /// Where the fingerprint of a module's compiled object is kept, for the next process.
    func fingerprintPath(_ module: String) -> String { (directory as NSString).appendingPathComponent("\(module).fingerprint") }

    /// Keeps the folder from filling up with agents of earlier builds (the running one stays).
    private func removeOldAgents(keeping agent: String) {
        let fm = FileManager.default
        guard let names = try? fm.contentsOfDirectory(atPath: directory) else { return }
        let agents = names.filter { $0.hasPrefix("agent-") && !$0.contains(".partial") }
            .map { (directory as NSString).appendingPathComponent($0) }
            .filter { $0 != agent }
            .sorted { (Self.modified($0) ?? .distantPast) > (Self.modified($1) ?? .distantPast) }
        for old in agents.dropFirst(2) { try? fm.removeItem(atPath: old) }
    }

    static func modified(_ path: String) -> Date? {
        (try? FileManager.default.attributesOfItem(atPath: path))?[.modificationDate] as? Date
    }

    static func stamp(_ path: String) -> UInt64 {
        let attributes = try? FileManager.default.attributesOfItem(atPath: path)
        let size = (attributes?[.size] as? NSNumber)?.uint64Value ?? 0
        let time = (attributes?[.modificationDate] as? Date)?.timeIntervalSince1970 ?? 0
        return size &* 31 &+ UInt64(time * 1000)
    }

    /// The agent's `main.swift`: calls every preview's registration by its symbol, lists the
    /// preview providers and the layouts, and runs the agent.
    static func generateMain(project: PreviewProject, files: [ScannedFile]) -> String {
        var out = """
            // Generated by layoutlab preview: the preview agent's entry point.
            import LayoutLabPreviewAgent
            import SwiftUI

            """
        for m in project.modules { out += "@testable import \(m.name)\n" }
        out += "\n"
        var sources: [String] = []
        var layouts: [String] = []
        var seenLayouts: Set<String> = []
        var k = 0
        for module in project.modules {
            for file in files where module.files.contains(file.path) {
                for p in file.previews {
                    out += "@_silgen_name(\(literal(p.symbol))) func _preview\(k)() -> PreviewRegistration\n"
                    // Where the person wrote it (a rewritten file is compiled from elsewhere).
                    sources.append(".registration({ _preview\(k)().located(file: \(literal(file.path)), line: \(p.line), column: \(p.column)) })")
                    k += 1
                }
                for provider in file.providers {
                    let qualified = "\(module.name).\(provider.name)"
                    sources.append(".provider(name: \(literal(provider.name)), file: \(literal(file.path)), line: \(provider.line), previews: { PreviewRegistration.previews(of: \(qualified).self, file: \(literal(file.path)), line: \(provider.line)) })")
                }
                for layout in file.layouts where seenLayouts.insert("\(module.name).\(layout.name)").inserted {
                    layouts.append(".init(\(literal(layout.name))) { \(module.name).\(layout.name)() }")
                }
            }
        }
        out += "\nMainActor.assumeIsolated {\n    PreviewAgent.run(\n        sources: ["
        out += sources.isEmpty ? "" : "\n            " + sources.joined(separator: ",\n            ") + ",\n        "
        out += "],\n        layouts: ["
        out += layouts.isEmpty ? "" : "\n            " + layouts.joined(separator: ",\n            ") + ",\n        "
        out += "])\n}\n"
        return out
    }

    static func literal(_ s: String) -> String {
        "\"" + s.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"") + "\""
    }

    /// The `file:line:column: error: message` lines of compiler output, with the source around them.
    public static func parseDiagnostics(_ output: String, sources: [String: String] = [:]) -> [CompileDiagnostic] {
        var result: [CompileDiagnostic] = []
        for line in output.split(separator: "\n", omittingEmptySubsequences: true) {
            // path:line:col: severity: message
            let parts = line.split(separator: ":", maxSplits: 4, omittingEmptySubsequences: false)
            guard parts.count == 5, let l = Int(parts[1]), let c = Int(parts[2]) else { continue }
            let severity = parts[3].trimmingCharacters(in: .whitespaces)
            guard severity == "error" else { continue }
            var d = CompileDiagnostic(file: String(parts[0]), line: l, column: c, severity: severity,
                                      message: parts[4].trimmingCharacters(in: .whitespaces))
            if let text = sources[d.file] ?? (try? String(contentsOfFile: d.file, encoding: .utf8)) {
                var lines = text.split(separator: "\n", omittingEmptySubsequences: false)
                if text.hasSuffix("\n") { lines.removeLast() }  // no line after the last newline
                let range = max(1, l - 2)...max(1, min(lines.count, l + 2))
                d.context = range.compactMap { n in lines.indices.contains(n - 1) ? (n, String(lines[n - 1])) : nil }
            }
            if !result.contains(d) { result.append(d) }
        }
        return result
    }
}

