import Foundation
import SwiftIfConfig
import SwiftSyntax

/// What `#if` conditions mean where previews are compiled: Linux, this machine's architecture,
/// `DEBUG` defined, the modules the compiler can find. The source scanner evaluates a file's
/// `#if`s with it, so it finds only the `#Preview`s, providers and layouts the compiler
/// compiles: a `#Preview` inside `#if os(iOS)` is left out, as the compiler leaves it out,
/// instead of being called from the agent's `main` and failing the link.
public struct PreviewBuildConfiguration: BuildConfiguration, Sendable {
    /// `-D` conditions (`DEBUG`).
    public var customConditions: Set<String> = ["DEBUG"]
    /// Modules `canImport` finds (`SwiftUI` — this project's — `Foundation`, the toolchain's, the
    /// runtime's, the project's own); `UIKit` and `AppKit` are not among them.
    public var importableModules: Set<String>
    /// The language mode's version: 5.10 in Swift 5 mode (as a Swift 6 compiler reports it),
    /// else the compiler's.
    public var languageVersion: VersionTuple
    public var compilerVersion: VersionTuple

    /// The modules every preview build can import, whatever the toolchain's folders hold.
    public static let alwaysImportable: Set<String> = [
        "Swift", "SwiftUI", "LayoutCore", "LayoutGallery", "Foundation", "FoundationEssentials",
        "FoundationInternationalization", "Dispatch", "Glibc", "SwiftGlibc", "_Concurrency", "Observation", "Synchronization",
    ]

    /// The configuration for a module in `swiftVersion` mode ("5" or "6"), importing from the
    /// runtime's module folder, the toolchain's (`swiftc`'s) and the project's `modules`.
    public init(swiftVersion: String = "5", runtimeModules: String? = nil, swiftc: String? = nil, projectModules: [String] = []) {
        var modules = Self.alwaysImportable.union(projectModules)
        var folders: [String] = []
        if let runtimeModules { folders.append(runtimeModules) }
        if let swiftc {
            let toolchain = ((swiftc as NSString).deletingLastPathComponent as NSString).deletingLastPathComponent
            folders.append((toolchain as NSString).appendingPathComponent("lib/swift/linux"))
        }
        for folder in folders {
            for name in (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? [] where name.hasSuffix(".swiftmodule") {
                modules.insert(String(name.dropLast(".swiftmodule".count)))
            }
        }
        importableModules = modules
        compilerVersion = Self.hostCompiler
        languageVersion = swiftVersion == "5" ? VersionTuple(5, 10) : Self.hostCompiler
    }

    /// The compiler that built this program, which is the one previews are compiled with (the
    /// runtime's module files can be read only by the compiler that wrote them).
    static let hostCompiler: VersionTuple = {
        #if compiler(>=6.6)
        return VersionTuple(6, 6)
        #elseif compiler(>=6.5)
        return VersionTuple(6, 5)
        #elseif compiler(>=6.4)
        return VersionTuple(6, 4)
        #elseif compiler(>=6.3)
        return VersionTuple(6, 3)
        #else
        return VersionTuple(6, 2)
        #endif
    }()

    /// Attributes `hasAttribute` reports: those of the Swift 6 compilers that code tests for.
    static let attributes: Set<String> = [
        "available", "backDeployed", "discardableResult", "dynamicCallable", "dynamicMemberLookup", "escaping",
        "autoclosure", "frozen", "globalActor", "inlinable", "main", "nonobjc", "objc", "objcMembers", "preconcurrency",
        "propertyWrapper", "resultBuilder", "retroactive", "Sendable", "testable", "unchecked", "usableFromInline",
        "warn_unqualified_access", "freestanding", "attached", "convention", "isolated", "nonisolated",
    ]

    public func isCustomConditionSet(name: String) throws -> Bool { customConditions.contains(name) }
    public func hasFeature(name: String) throws -> Bool { false }
    public func hasAttribute(name: String) throws -> Bool { Self.attributes.contains(name) }
    public func canImport(importPath: [(TokenSyntax, String)], version: CanImportVersion) throws -> Bool {
        importPath.first.map { importableModules.contains($0.1) } ?? false
    }
    public func isActiveTargetOS(name: String) throws -> Bool { name == "Linux" }
    public func isActiveTargetArchitecture(name: String) throws -> Bool {
        #if arch(x86_64)
        return name == "x86_64"
        #elseif arch(arm64)
        return name == "arm64" || name == "aarch64"
        #else
        return false
        #endif
    }
    public func isActiveTargetEnvironment(name: String) throws -> Bool { false }
    public func isActiveTargetRuntime(name: String) throws -> Bool { name == "_Native" || name == "_multithreaded" }
    public func isActiveTargetPointerAuthentication(name: String) throws -> Bool { false }
    public var targetPointerBitWidth: Int { Int.bitWidth }
    public var targetAtomicBitWidths: [Int] { [8, 16, 32, 64] }
    public var endianness: Endianness { .little }
}
