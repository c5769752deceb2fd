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
    /// content, and the preview agent and host (linked with, and driving, a person's code).
    static let gtkFreeTargets = ["LayoutLabCore", "layoutlab", "LabCore", "LayoutLabPreviewAgent", "PreviewHost", "PreviewProtocol"]
    /// What "GTK" is: the system library and the module of the window.
    static let gtkModules: Set<String> = ["CGtk", "LayoutLabApp"]

    /// Every target of a manifest (`.target`, `.executableTarget`, `.testTarget`,
    /// `.systemLibrary`, `.macro`), by name, with the targets it depends on (package products
    /// are left out: they are not in this package).
    static func targetDependencies(in manifest: String) -> [String: [String]] {
        final class Collector: SyntaxVisitor {
            var targets: [String: [String]] = [:]
            static let kinds: Set<String> = ["target", "executableTarget", "testTarget", "systemLibrary", "macro"]
            override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
                guard let member = node.calledExpression.as(MemberAccessExprSyntax.self),
                      Self.kinds.contains(member.declName.baseName.text),
                      let first = node.arguments.first, first.label?.text == "name",
                      let name = first.expression.as(StringLiteralExprSyntax.self)?.representedLiteralValue
                else { return .visitChildren }
                let list = node.arguments.first { $0.label?.text == "dependencies" }?.expression.as(ArrayExprSyntax.self)
                targets[name] = (list?.elements ?? []).compactMap { element -> String? in
                    if let literal = element.expression.as(StringLiteralExprSyntax.self) { return literal.representedLiteralValue }
                    // .target(name: "X") names a target; .product(…) is another package's.
                    if let call = element.expression.as(FunctionCallExprSyntax.self),
                       call.calledExpression.as(MemberAccessExprSyntax.self)?.declName.baseName.text == "target" {
                        return call.arguments.first?.expression.as(StringLiteralExprSyntax.self)?.representedLiteralValue
                    }
                    return nil
                }
                return .skipChildren
            }
        }
        let collector = Collector(viewMode: .sourceAccurate)
        collector.walk(Parser.parse(source: manifest))
        return collector.targets
    }

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

    @Test func dependencyReaderFollowsTargets() {
        let manifest = """
            let package = Package(name: "P", targets: [
                .target(name: "A", dependencies: ["B", .product(name: "X", package: "x")]),
                .executableTarget(name: "a", dependencies: [.target(name: "A")]),
                .target(name: "B", dependencies: ["CGtk"]),
                .systemLibrary(name: "CGtk", pkgConfig: "gtk4"),
            ])
            """
        let graph = Self.targetDependencies(in: manifest)
        #expect(graph["A"] == ["B"])
        #expect(graph["a"] == ["A"])
        #expect(graph["CGtk"] == [])
        #expect(Self.closure(of: "a", in: graph)["CGtk"] == ["a", "A", "B", "CGtk"])
    }

    /// The GTK-free targets depend on no GTK module, not even through another target (SwiftPM
    /// links a system library into every product that reaches it).
    @Test func coreAndRenderPathDoNotDependOnGtk() throws {
        let manifest = try ArchitectureTests.read(ArchitectureTests.repoRoot.appendingPathComponent("Package.swift"))
        let graph = Self.targetDependencies(in: manifest)
        for target in Self.gtkFreeTargets {
            #expect(graph[target] != nil, "Package.swift declares no target \(target)")
            let reached = Self.closure(of: target, in: graph)
            for module in Self.gtkModules {
                if let path = reached[module] {
                    Issue.record("\(target) must not depend on \(module), but does: \(path.joined(separator: " → "))")
                }
            }
        }
        // The window is where GTK is.
        #expect(Self.closure(of: "layoutlab-window", in: graph)["CGtk"] != nil)
    }

    /// Their sources import no GTK module either (an import would fail to build anyway without
    /// the dependency; this names the file and line).
    @Test func coreAndRenderPathDoNotImportGtk() throws {
        for target in Self.gtkFreeTargets {
            let files = try ArchitectureTests.swiftFiles(under: "Sources/\(target)")
            #expect(!files.isEmpty, "no Swift files found under Sources/\(target)")
            let offending = files.flatMap { ArchitectureTests.imports(in: $0.text, file: $0.path) }
                .filter { Self.gtkModules.contains($0.module) }
            #expect(offending.isEmpty, "Sources/\(target) must not import GTK:\n\(offending.map(\.description).joined(separator: "\n"))")
        }
    }

    /// The session's state changes only through `perform`: its setter is private to the core's
    /// session (so the compiler finds any other write).
    @Test func sessionStateIsWrittenOnlyByTheSession() throws {
        let source = try ArchitectureTests.read(ArchitectureTests.repoRoot.appendingPathComponent("Sources/LayoutLabCore/Model/LabSession.swift"))
        #expect(source.contains("public private(set) var state: LabState"))
        #expect(source.contains("public func perform(_ action: LabAction"))
    }
}
