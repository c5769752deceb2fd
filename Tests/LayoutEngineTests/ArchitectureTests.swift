import Foundation
import SwiftParser
import SwiftSyntax
import Testing

/// Checks on the shape of the package itself, read from the real files in the repository:
/// the engine stays pure Swift on Foundation, and the gallery uses only the public API.
@Suite("Architecture")
struct ArchitectureTests {

    // MARK: - Locating the repository

    /// The repository root: this file is `<root>/Tests/LayoutEngineTests/ArchitectureTests.swift`.
    static let repoRoot: URL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent()  // LayoutEngineTests
        .deletingLastPathComponent()  // Tests
        .deletingLastPathComponent()  // root

    static func read(_ url: URL) throws -> String {
        try String(contentsOf: url, encoding: .utf8)
    }

    /// Every `.swift` file under `relativePath`, sorted, as (path relative to the root, contents).
    static func swiftFiles(under relativePath: String) throws -> [(path: String, text: String)] {
        let dir = repoRoot.appendingPathComponent(relativePath)
        guard let enumerator = FileManager.default.enumerator(
            at: dir, includingPropertiesForKeys: [.isRegularFileKey])
        else { return [] }
        var files: [(String, String)] = []
        let rootPath = repoRoot.standardizedFileURL.path
        for case let url as URL in enumerator where url.pathExtension == "swift" {
            let isFile = (try? url.resourceValues(forKeys: [.isRegularFileKey]).isRegularFile) ?? false
            guard isFile else { continue }
            var path = url.standardizedFileURL.path
            if path.hasPrefix(rootPath + "/") { path.removeFirst(rootPath.count + 1) }
            files.append((path, try read(url)))
        }
        return files.sorted { $0.0 < $1.0 }
    }

    // MARK: - Reading sources with the Swift parser

    /// An import declaration found in a source file.
    struct ImportDecl: CustomStringConvertible {
        var file: String
        var line: Int
        /// The top-level module (`Foundation` for `import struct Foundation.URL`).
        var module: String
        var attributes: [String]
        var text: String
        var description: String { "\(file):\(line): \(text)" }
    }

    /// The import declarations of a source file, as SwiftParser reads them (attributes such as
    /// `@testable`, access levels such as `public import`, kinds such as `import struct M.T`, and
    /// imports inside `#if` blocks; never words in comments or strings).
    static func imports(in source: String, file: String) -> [ImportDecl] {
        let tree = Parser.parse(source: source)
        let converter = SourceLocationConverter(fileName: file, tree: tree)
        final class Collector: SyntaxVisitor {
            var found: [ImportDeclSyntax] = []
            override func visit(_ node: ImportDeclSyntax) -> SyntaxVisitorContinueKind {
                found.append(node)
                return .skipChildren
            }
        }
        let collector = Collector(viewMode: .sourceAccurate)
        collector.walk(tree)
        return collector.found.map { decl in
            let attributes = decl.attributes.compactMap { element -> String? in
                guard case .attribute(let attribute) = element else { return nil }
                return "@" + attribute.attributeName.trimmedDescription
            }
            return ImportDecl(file: file, line: converter.location(for: decl.positionAfterSkippingLeadingTrivia).line,
                              module: decl.path.first?.name.text ?? "", attributes: attributes,
                              text: decl.trimmedDescription)
        }
    }

    /// The `.target(name: "<name>", …)` call of a manifest, as SwiftParser reads it.
    static func targetDeclaration(named name: String, in manifest: String) -> FunctionCallExprSyntax? {
        final class Finder: SyntaxVisitor {
            let name: String
            var found: FunctionCallExprSyntax?
            init(name: String) { self.name = name; super.init(viewMode: .sourceAccurate) }
            override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
                guard found == nil,
                      let member = node.calledExpression.as(MemberAccessExprSyntax.self),
                      member.declName.baseName.text == "target",
                      let first = node.arguments.first, first.label?.text == "name",
                      let literal = first.expression.as(StringLiteralExprSyntax.self),
                      literal.representedLiteralValue == name
                else { return .visitChildren }
                found = node
                return .skipChildren
            }
        }
        let finder = Finder(name: name)
        finder.walk(Parser.parse(source: manifest))
        return finder.found
    }

    // MARK: - The readers themselves

    @Test func importReaderUnderstandsDeclarationForms() {
        let source = """
            import Foundation
            @preconcurrency import Dispatch
            @testable import LayoutEngine
            public import struct CGtk.GtkWidget
            // import Commented
            /* import Blocked
               import AlsoBlocked */
            let s = "import InString"
            #if canImport(Glibc)
              import Glibc
            #endif
            """
        let found = Self.imports(in: source, file: "x.swift")
        #expect(found.map(\.module) == ["Foundation", "Dispatch", "LayoutEngine", "CGtk", "Glibc"])
        #expect(found[2].attributes == ["@testable"])
        #expect(found[3].line == 4)
    }

    @Test func targetReaderFindsTheCallAndItsArguments() {
        let manifest = """
            let package = Package(name: "P", targets: [
                .target(name: "A"), // .target(name: "B", dependencies: ["X"])
                .target(name: "B", dependencies: [.product(name: "P", package: "p")]),
            ])
            """
        #expect(Self.targetDeclaration(named: "A", in: manifest)?.trimmedDescription == #".target(name: "A")"#)
        #expect(Self.targetDeclaration(named: "B", in: manifest)?.arguments.map { $0.label?.text } == ["name", "dependencies"])
        #expect(Self.targetDeclaration(named: "C", in: manifest) == nil)
    }

    // MARK: - The package

    /// The engine target depends on nothing: no other target, no package, no system library.
    @Test func layoutEngineTargetHasNoDependencies() throws {
        let manifest = try Self.read(Self.repoRoot.appendingPathComponent("Package.swift"))
        let declaration = try #require(
            Self.targetDeclaration(named: "LayoutEngine", in: manifest),
            "Package.swift declares no .target(name: \"LayoutEngine\")")
        // Settings (path, resources, swiftSettings, …) are fine; dependencies are not.
        let dependencies = declaration.arguments.first { $0.label?.text == "dependencies" }
        let isEmpty = dependencies.map { $0.expression.as(ArrayExprSyntax.self)?.elements.isEmpty == true } ?? true
        #expect(isEmpty, "LayoutEngine must not depend on anything, found: \(declaration.trimmedDescription)")
    }

    /// The engine's sources import Foundation (and Dispatch) only: no C modules, no Glibc, no UI.
    @Test func layoutEngineImportsOnlyFoundation() throws {
        let files = try Self.swiftFiles(under: "Sources/LayoutEngine")
        #expect(!files.isEmpty, "no Swift files found under Sources/LayoutEngine")
        let allowed: Set<String> = ["Foundation", "Dispatch", "Synchronization"]
        let offending = files.flatMap { Self.imports(in: $0.text, file: $0.path) }
            .filter { !allowed.contains($0.module) }
        #expect(offending.isEmpty, "Sources/LayoutEngine may import only Foundation and Dispatch:\n\(offending.map(\.description).joined(separator: "\n"))")
    }

    /// The gallery is written against the public API, the way a user's package would be.
    @Test func layoutGalleryUsesOnlyThePublicAPI() throws {
        let files = try Self.swiftFiles(under: "Sources/LayoutGallery")
        #expect(!files.isEmpty, "no Swift files found under Sources/LayoutGallery")
        let allowed: Set<String> = ["SwiftUI", "LayoutEngine", "Foundation"]
        let imports = files.flatMap { Self.imports(in: $0.text, file: $0.path) }
        let offending = imports.filter { !allowed.contains($0.module) }
        #expect(offending.isEmpty, "Sources/LayoutGallery may import only SwiftUI, LayoutEngine and Foundation:\n\(offending.map(\.description).joined(separator: "\n"))")
        let testable = files.filter { $0.text.contains("@testable") }.map(\.path)
        #expect(testable.isEmpty, "Sources/LayoutGallery must not use @testable: \(testable)")
        let spi = imports.filter { $0.attributes.contains { $0.hasPrefix("@_spi") } }
        #expect(spi.isEmpty, "Sources/LayoutGallery must not import SPI:\n\(spi.map(\.description).joined(separator: "\n"))")
    }

    /// No GTK, cairo or Pango calls (or mentions) in the engine.
    @Test func layoutEngineMentionsNoToolkit() throws {
        let files = try Self.swiftFiles(under: "Sources/LayoutEngine")
        #expect(!files.isEmpty, "no Swift files found under Sources/LayoutEngine")
        let forbidden = ["gtk_", "cairo_", "pango_"]
        var hits: [String] = []
        for file in files {
            for (index, line) in file.text.components(separatedBy: "\n").enumerated() {
                let lower = line.lowercased()
                for word in forbidden where lower.contains(word) {
                    hits.append("\(file.path):\(index + 1): \(line.trimmingCharacters(in: .whitespaces))")
                }
            }
        }
        #expect(hits.isEmpty, "Sources/LayoutEngine must not mention gtk_, cairo_ or pango_:\n\(hits.joined(separator: "\n"))")
    }
}
