import Foundation
import SwiftParser
import SwiftSyntax
import Testing

/// The app's modules match its architecture (issue 13): a GTK-free core (the session and its
/// actions, settings, export, `layoutlab render`, the command line, automation scripts) apart
/// from the GTK window; `layoutlab` itself and the preview agent use the core only.
@Suite("App architecture")
struct AppArchitectureTests {
    /// Targets that must neither import GTK nor depend on it, directly or through another target:
    /// the core, the `layoutlab` command (whose `render` runs without a display), the window's
    /// content, and the preview agent and host (linked with, and driving, a person's code). Each
    /// by its names before and after a rename: the rule applies to those Package.swift declares.
    static let gtkFreeTargets: [[String]] = [["LayoutLabCore"], ["layoutlab"], ["LabScenes"],
                                             ["LayoutLabPreviewAgent"], ["PreviewHost"], ["PreviewProtocol"]]
    /// What "GTK" is: the system library and the module of the window.
    static let gtkModules: Set<String> = ["CGtk", "LayoutLabApp"]
    /// The module that holds the session.
    static let sessionModule = "LayoutLabCore"

    /// `target` and everything it depends on through other targets, with the path to each.
    static func closure(of target: String, in graph: [String: [String]]) -> [String: [String]] {
        var paths: [String: [String]] = [target: [target]]
        var queue = [target]
        while let next = queue.first {
            queue.removeFirst()
            for dependency in graph[next] ?? [] where paths[dependency] == nil {
                paths[dependency] = paths[next]! + [dependency]
                queue.append(dependency)
            }
        }
        return paths
    }

    /// The GTK-free targets Package.swift declares; fails the test for a rule naming none.
    static func declaredGtkFreeTargets(in manifest: ArchitectureTests.Manifest) -> [ArchitectureTests.ManifestTarget] {
        gtkFreeTargets.compactMap { names in
            let target = manifest.declared(names)
            if target == nil { Issue.record("Package.swift declares none of \(names): update AppArchitectureTests.gtkFreeTargets") }
            return target
        }
    }

    @Test func dependencyClosureFollowsTargets() {
        let manifest = ArchitectureTests.manifest("""
            let package = Package(name: "P", targets: [
                .target(name: "A", dependencies: ["B", .product(name: "X", package: "x")]),
                .executableTarget(name: "a", dependencies: [.target(name: "A")]),
                .target(name: "B", dependencies: ["CGtk"]),
                .systemLibrary(name: "CGtk", pkgConfig: "gtk4"),
            ])
            """)
        let graph = manifest.graph
        #expect(graph["A"] == ["B"])
        #expect(graph["a"] == ["A"])
        #expect(graph["CGtk"] == [])
        #expect(Self.closure(of: "a", in: graph)["CGtk"] == ["a", "A", "B", "CGtk"])
    }

    /// The GTK-free targets depend on no GTK module, not even through another target (SwiftPM
    /// links a system library into every product that reaches it).
    @Test func coreAndRenderPathDoNotDependOnGtk() throws {
        let manifest = try ArchitectureTests.packageManifest()
        let graph = manifest.graph
        for target in Self.declaredGtkFreeTargets(in: manifest) {
            let reached = Self.closure(of: target.name, in: graph)
            for module in Self.gtkModules {
                if let path = reached[module] {
                    Issue.record("\(target.name) must not depend on \(module), but does: \(path.joined(separator: " → "))")
                }
            }
        }
        // The window is where GTK is.
        #expect(Self.closure(of: "layoutlab-window", in: graph)["CGtk"] != nil)
    }

    /// Their sources import no GTK module either (an import would fail to build anyway without
    /// the dependency; this names the file and line).
    @Test func coreAndRenderPathDoNotImportGtk() throws {
        let manifest = try ArchitectureTests.packageManifest()
        for target in Self.declaredGtkFreeTargets(in: manifest) {
            let offending = try ArchitectureTests.imports(of: target).filter { Self.gtkModules.contains($0.module) }
            #expect(offending.isEmpty, "\(target.sourcePath) must not import GTK:\n\(offending.map(\.description).joined(separator: "\n"))")
        }
    }

    /// What the session declares, read with the Swift parser: its `state` properties' modifiers
    /// (as "public private(set) var") and its `perform` methods' first parameter types, from
    /// the class and its extensions.
    static func sessionDeclarations(in sources: [String]) -> (state: [String], perform: [String]) {
        final class Collector: SyntaxVisitor {
            var state: [String] = []
            var perform: [String] = []
            func collect(_ members: MemberBlockItemListSyntax) {
                for member in members {
                    if let variable = member.decl.as(VariableDeclSyntax.self),
                       variable.bindings.contains(where: { $0.pattern.trimmedDescription == "state" }) {
                        state.append((variable.modifiers.map(\.trimmedDescription) + [variable.bindingSpecifier.text]).joined(separator: " "))
                    }
                    if let function = member.decl.as(FunctionDeclSyntax.self), function.name.text == "perform" {
                        let modifiers = function.modifiers.map(\.trimmedDescription).joined(separator: " ")
                        let first = function.signature.parameterClause.parameters.first?.type.trimmedDescription ?? ""
                        perform.append("\(modifiers) \(first)")
                    }
                }
            }
            override func visit(_ node: ClassDeclSyntax) -> SyntaxVisitorContinueKind {
                if node.name.text == "LabSession" { collect(node.memberBlock.members) }
                return .skipChildren
            }
            override func visit(_ node: ExtensionDeclSyntax) -> SyntaxVisitorContinueKind {
                if node.extendedType.trimmedDescription == "LabSession" { collect(node.memberBlock.members) }
                return .skipChildren
            }
        }
        let collector = Collector(viewMode: .sourceAccurate)
        for source in sources { collector.walk(Parser.parse(source: source)) }
        return (collector.state, collector.perform)
    }

    @Test func sessionReaderFindsStateAndPerform() {
        let found = Self.sessionDeclarations(in: ["""
            public final class LabSession {
                // public var state: LabState
                public private(set) var state: LabState
                public func perform(_ action: LabAction, at now: Double? = nil) {}
                struct Inner { var state = 0 }
            }
            extension LabSession { func perform(_ other: Int) {} }
            final class Other { var state = 1 }
            """])
        #expect(found.state == ["public private(set) var"])
        #expect(found.perform == ["public LabAction", " Int"])
    }

    /// The session's state changes only through `perform`: its one `state` property has a
    /// setter private to the session (so the compiler finds any other write), and it has a
    /// public `perform(_:)` taking a `LabAction`.
    @Test func sessionStateIsWrittenOnlyByTheSession() throws {
        let manifest = try ArchitectureTests.packageManifest()
        let core = try #require(manifest.targets[Self.sessionModule], "Package.swift declares no \(Self.sessionModule)")
        let files = try ArchitectureTests.swiftFiles(under: core.sourcePath, excluding: core.exclude)
        let found = Self.sessionDeclarations(in: files.map(\.text))
        #expect(found.state == ["public private(set) var"], "LabSession.state: \(found.state)")
        #expect(found.perform.contains("public LabAction"), "LabSession.perform: \(found.perform)")
    }
}
