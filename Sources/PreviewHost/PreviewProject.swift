import Foundation

/// A person's code to preview: a single `.swift` file, or a Swift package's targets.
public struct PreviewProject: Sendable {
    /// One Swift module to compile: a package target, or the single file.
    public struct Module: Sendable, Equatable {
        public var name: String
        /// Absolute paths of its Swift files.
        public var files: [String]
        /// Modules of the same project it imports (compiled before it).
        public var dependencies: [String]
        /// "5" or "6": the language mode it is compiled in.
        public var swiftVersion: String
    }

    /// What was opened (a file or a package directory), absolute and standardized.
    public let path: String
    /// What the window's title shows: the file's name, or the package's.
    public let displayName: String
    /// The modules, dependencies first.
    public let modules: [Module]
    /// Targets left out, and why (shown with the build's messages).
    public let notes: [String]
    /// Every file whose change triggers a rebuild (sources and, for a package, its manifest).
    public var watchedFiles: [String] {
        modules.flatMap(\.files) + (isPackage ? [(path as NSString).appendingPathComponent("Package.swift")] : [])
    }
    public var isPackage: Bool { modules.count != 1 || modules.first?.name != PreviewProject.singleFileModule }

    /// Every folder and file inside `catalogs` (the catalogs included), for watching: a folder's
    /// time changes when a set is added or removed, a file's when it is edited.
    public static func files(inCatalogs catalogs: [String]) -> [String] {
        var out: [String] = []
        for catalog in catalogs {
            out.append(catalog)
            guard let enumerator = FileManager.default.enumerator(atPath: catalog) else { continue }
            while let relative = enumerator.nextObject() as? String {
                out.append((catalog as NSString).appendingPathComponent(relative))
            }
        }
        return out
    }

    /// The asset catalogs (`*.xcassets`) the preview loads: a single file's siblings, or those
    /// inside each package target's directory (the folder holding its sources, searched four
    /// levels deep, hidden folders and `.build` skipped), as Xcode compiles a target's catalogs.
    public var assetCatalogs: [String] {
        var found: [String] = []
        func search(_ directory: String, depth: Int) {
            guard let entries = try? FileManager.default.contentsOfDirectory(atPath: directory) else { return }
            for entry in entries.sorted() where !entry.hasPrefix(".") {
                let full = (directory as NSString).appendingPathComponent(entry)
                var isDirectory: ObjCBool = false
                guard FileManager.default.fileExists(atPath: full, isDirectory: &isDirectory), isDirectory.boolValue else { continue }
                if entry.hasSuffix(".xcassets") {
                    if !found.contains(full) { found.append(full) }
                } else if depth > 0 {
                    search(full, depth: depth - 1)
                }
            }
        }
        guard isPackage else {
            search((path as NSString).deletingLastPathComponent, depth: 0)
            return found
        }
        for module in modules {
            // The target's directory: the longest folder every source file is in.
            var common = module.files.first.map { ($0 as NSString).deletingLastPathComponent } ?? path
            for file in module.files.dropFirst() {
                while !(file.hasPrefix(common + "/")) && common.count > path.count {
                    common = (common as NSString).deletingLastPathComponent
                }
            }
            guard common.hasPrefix(path) else { continue }
            search(common, depth: 4)
        }
        return found
    }

    /// The module a single file is compiled as.
    public static let singleFileModule = "PreviewedCode"
    /// The products of this project a previewed package may depend on (what the runtime links).
    public static let runtimeProducts: Set<String> = ["SwiftUI", "LayoutCore", "LayoutGallery"]

    /// How long reading a package's manifest (`swift package describe`) may take, in seconds:
    /// `$LAYOUTLAB_MANIFEST_TIMEOUT`, else 120.
    public static var defaultManifestTimeout: Double {
        ProcessInfo.processInfo.environment["LAYOUTLAB_MANIFEST_TIMEOUT"].flatMap(Double.init).flatMap { $0 > 0 && $0.isFinite ? $0 : nil } ?? 120
    }

    /// Opens `path`: a `.swift` file or a directory holding `Package.swift`, whose manifest may
    /// run for at most `manifestTimeout` seconds (then it is stopped, with whatever it started).
    public static func load(path rawPath: String, swift: String = ToolLocator.swift(),
                            manifestTimeout: Double = defaultManifestTimeout) throws(PreviewError) -> PreviewProject {
        let path = URL(fileURLWithPath: rawPath).standardizedFileURL.resolvingSymlinksInPath().path
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
            throw PreviewError("\(rawPath): no such file or directory")
        }
        if !isDirectory.boolValue {
            guard path.hasSuffix(".swift") else { throw PreviewError("\(rawPath): not a .swift file or a package directory") }
            let name = (path as NSString).lastPathComponent
            return PreviewProject(path: path, displayName: name,
                                  modules: [Module(name: singleFileModule, files: [path], dependencies: [], swiftVersion: "5")],
                                  notes: [])
        }
        let manifest = (path as NSString).appendingPathComponent("Package.swift")
        guard FileManager.default.fileExists(atPath: manifest) else {
            throw PreviewError("\(rawPath): a directory without Package.swift (open a .swift file or a Swift package)")
        }
        return try loadPackage(at: path, swift: swift, timeout: manifestTimeout)
    }

    private struct Description: Decodable {
        struct Target: Decodable {
            var name: String
            var c99name: String
            var type: String
            var module_type: String?
            var path: String
            var sources: [String]?
            var target_dependencies: [String]?
            var product_dependencies: [String]?
        }
        var name: String
        var targets: [Target]
        var tools_version: String?
    }

    private static func loadPackage(at path: String, swift: String, timeout: Double) throws(PreviewError) -> PreviewProject {
        let run = ProcessRunner.run(swift, ["package", "describe", "--type", "json"], directory: path, timeout: timeout)
        if run.timedOut {
            throw PreviewError("\(path): reading Package.swift did not finish within \(Int(timeout.rounded())) s and was stopped "
                               + "(does the manifest loop?); set LAYOUTLAB_MANIFEST_TIMEOUT=SECONDS to allow longer")
        }
        guard run.status == 0, let description = try? JSONDecoder().decode(Description.self, from: run.stdout) else {
            let message = String(decoding: run.stderr, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
            throw PreviewError("\(path): 'swift package describe' failed\(message.isEmpty ? "" : ":\n" + message)")
        }
        let swiftVersion = (description.tools_version.flatMap { Int($0.prefix { $0 != "." }) } ?? 5) >= 6 ? "6" : "5"
        var notes: [String] = []
        var included: [String: Module] = [:]
        var order: [String] = []
        let byName = Dictionary(description.targets.map { ($0.name, $0) }, uniquingKeysWith: { a, _ in a })
        // Dependencies first; a target is left out when it is not Swift code for the app, or
        // depends on a product the preview runtime does not have, or on a left-out target.
        var visiting: Set<String> = []
        func include(_ name: String) -> Bool {
            if included[name] != nil { return true }
            guard let t = byName[name], !visiting.contains(name) else { return false }
            guard t.type == "library" || t.type == "executable", t.module_type == nil || t.module_type == "SwiftTarget" else {
                return false
            }
            let foreign = (t.product_dependencies ?? []).filter { !runtimeProducts.contains($0) }
            if !foreign.isEmpty {
                notes.append("target \(t.name) is not previewed: it depends on \(foreign.joined(separator: ", ")), which the preview runtime does not link")
                return false
            }
            visiting.insert(name)
            defer { visiting.remove(name) }
            for d in t.target_dependencies ?? [] where !include(d) {
                notes.append("target \(t.name) is not previewed: it depends on target \(d), which is not previewed")
                return false
            }
            let base = (path as NSString).appendingPathComponent(t.path)
            var files = (t.sources ?? []).filter { $0.hasSuffix(".swift") }.map { (base as NSString).appendingPathComponent($0) }
            if t.type == "executable", files.contains(where: { ($0 as NSString).lastPathComponent == "main.swift" }) {
                notes.append("target \(t.name) is not previewed: its main.swift runs code at the top level")
                return false
            }
            files.sort()
            guard !files.isEmpty else { return false }
            included[name] = Module(name: t.c99name, files: files, dependencies: t.target_dependencies ?? [], swiftVersion: swiftVersion)
            order.append(name)
            return true
        }
        for t in description.targets { _ = include(t.name) }
        let modules = order.compactMap { included[$0] }.map { m -> Module in
            var m = m
            m.dependencies = m.dependencies.compactMap { included[$0]?.name }
            return m
        }
        guard !modules.isEmpty else {
            throw PreviewError("\(path): no target to preview\(notes.isEmpty ? "" : " (" + notes.joined(separator: "; ") + ")")")
        }
        return PreviewProject(path: path, displayName: description.name, modules: modules, notes: notes)
    }
}

/// A preview could not be built or run; the message says why, for a person.
public struct PreviewError: Error, CustomStringConvertible, Sendable, Equatable {
    public let message: String
    public init(_ message: String) { self.message = message }
    public var description: String { message }
}
