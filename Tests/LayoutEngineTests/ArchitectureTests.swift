import Foundation
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

    // MARK: - Parsing helpers

    /// Removes `//` and `/* */` comments and the contents of string literals, keeping line breaks,
    /// so that words inside comments or strings are never taken for code.
    static func stripCommentsAndStrings(_ source: String) -> String {
        var out = ""
        out.reserveCapacity(source.count)
        let chars = Array(source)
        var i = 0
        var blockDepth = 0
        var inLineComment = false
        var inString = false
        var inMultilineString = false
        func at(_ offset: Int) -> Character? { i + offset < chars.count ? chars[i + offset] : nil }
        while i < chars.count {
            let c = chars[i]
            if c == "\n" {
                inLineComment = false
                out.append(c)
                if inString && !inMultilineString { inString = false }
                i += 1
                continue
            }
            if inLineComment { i += 1; continue }
            if blockDepth > 0 {
                if c == "*" && at(1) == "/" { blockDepth -= 1; i += 2; continue }
                if c == "/" && at(1) == "*" { blockDepth += 1; i += 2; continue }
                i += 1
                continue
            }
            if inString {
                if c == "\\" {
                    // Keep the line break of a line-continuation backslash.
                    if at(1) == "\n" { out.append("\n") }
                    i += 2
                    continue
                }
                if inMultilineString {
                    if c == "\"" && at(1) == "\"" && at(2) == "\"" {
                        inString = false; inMultilineString = false
                        out.append("\"\"\"")
                        i += 3
                        continue
                    }
                } else if c == "\"" {
                    inString = false
                    out.append(c)
                    i += 1
                    continue
                }
                i += 1
                continue
            }
            if c == "/" && at(1) == "/" { inLineComment = true; i += 2; continue }
            if c == "/" && at(1) == "*" { blockDepth = 1; i += 2; continue }
            if c == "\"" {
                inString = true
                if at(1) == "\"" && at(2) == "\"" {
                    inMultilineString = true
                    out.append("\"\"\"")
                    i += 3
                } else {
                    out.append(c)
                    i += 1
                }
                continue
            }
            out.append(c)
            i += 1
        }
        return out
    }

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

    /// The import declarations of a source file (attributes such as `@testable`, access levels
    /// such as `public import`, and kinds such as `import struct M.T` are understood).
    static func imports(in source: String, file: String) -> [ImportDecl] {
        let code = stripCommentsAndStrings(source)
        let pattern = #"^\s*((?:@[A-Za-z_]+(?:\([^)]*\))?\s+)*)(?:(?:public|package|internal|fileprivate|private)\s+)?import\s+(?:(?:typealias|struct|class|enum|protocol|let|var|func)\s+)?([A-Za-z_][A-Za-z0-9_]*)"#
        let regex = try! NSRegularExpression(pattern: pattern)
        var result: [ImportDecl] = []
        for (index, line) in code.components(separatedBy: "\n").enumerated() {
            let range = NSRange(line.startIndex..., in: line)
            guard let match = regex.firstMatch(in: line, range: range),
                  let attrsRange = Range(match.range(at: 1), in: line),
                  let moduleRange = Range(match.range(at: 2), in: line)
            else { continue }
            let attributes = line[attrsRange]
                .split(whereSeparator: { $0 == " " || $0 == "\t" })
                .map(String.init)
            result.append(ImportDecl(
                file: file, line: index + 1, module: String(line[moduleRange]),
                attributes: attributes, text: line.trimmingCharacters(in: .whitespaces)))
        }
        return result
    }

    /// The text of the first `.target(name: "<name>" ...)` call in a manifest, parentheses balanced.
    static func targetDeclaration(named name: String, in manifest: String) -> String? {
        let text = stripCommentsAndStringsKeepingLiterals(manifest)
        let pattern = #"\.target\(\s*name:\s*"\#(NSRegularExpression.escapedPattern(for: name))""#
        let regex = try! NSRegularExpression(pattern: pattern)
        guard let match = regex.firstMatch(in: text, range: NSRange(text.startIndex..., in: text)),
              let start = Range(match.range, in: text)?.lowerBound
        else { return nil }
        var depth = 0
        var index = start
        while index < text.endIndex {
            let c = text[index]
            if c == "(" { depth += 1 }
            if c == ")" {
                depth -= 1
                if depth == 0 { return String(text[start...index]) }
            }
            index = text.index(after: index)
        }
        return nil
    }

    /// Like `stripCommentsAndStrings` but keeps string contents (target names are strings).
    static func stripCommentsAndStringsKeepingLiterals(_ source: String) -> String {
        source.components(separatedBy: "\n").map { line -> String in
            // Package.swift has no "//" inside its string literals except URLs; cut at a "//"
            // that is not part of "://".
            var result = ""
            var previous: Character = " "
            var inString = false
            for c in line {
                if c == "\"" { inString.toggle() }
                if !inString && c == "/" && previous == "/" {
                    result.removeLast()
                    break
                }
                result.append(c)
                previous = c
            }
            return result
        }.joined(separator: "\n")
    }

    // MARK: - The helpers themselves

    @Test func importParserUnderstandsDeclarationForms() {
        let source = """
            import Foundation
            @preconcurrency import Dispatch
            @testable import LayoutEngine
            public import struct CGtk.GtkWidget
            // import Commented
            /* import Blocked
               import AlsoBlocked */
            let s = "import InString"
              import Indented
            """
        let found = Self.imports(in: source, file: "x.swift")
        #expect(found.map(\.module) == ["Foundation", "Dispatch", "LayoutEngine", "CGtk", "Indented"])
        #expect(found[2].attributes == ["@testable"])
        #expect(found[3].line == 4)
    }

    @Test func targetDeclarationParserBalancesParentheses() {
        let manifest = """
            targets: [
                .target(name: "A"), // .target(name: "B", dependencies: ["X"])
                .target(name: "B", dependencies: [.product(name: "P", package: "p")]),
            ]
            """
        #expect(Self.targetDeclaration(named: "A", in: manifest) == #".target(name: "A")"#)
        #expect(Self.targetDeclaration(named: "B", in: manifest)
            == #".target(name: "B", dependencies: [.product(name: "P", package: "p")])"#)
        #expect(Self.targetDeclaration(named: "C", in: manifest) == nil)
    }

    // MARK: - The package

    /// The engine target depends on nothing: no other target, no package, no system library.
    @Test func layoutEngineTargetHasNoDependencies() throws {
        let manifest = try Self.read(Self.repoRoot.appendingPathComponent("Package.swift"))
        let declaration = try #require(
            Self.targetDeclaration(named: "LayoutEngine", in: manifest),
            "Package.swift declares no .target(name: \"LayoutEngine\")")
        let compact = declaration.filter { !$0.isWhitespace }
        let allowed = [
            #".target(name:"LayoutEngine")"#,
            #".target(name:"LayoutEngine",dependencies:[])"#,
        ]
        // Settings (path, resources, swiftSettings, …) are fine; dependencies are not.
        let dependencyList = compact.range(of: "dependencies:[").map { range -> String in
            let rest = compact[range.upperBound...]
            return String(rest.prefix { $0 != "]" })
        }
        #expect(
            allowed.contains(compact) || dependencyList == nil || dependencyList == "",
            "LayoutEngine must not depend on anything, found: \(declaration)")
    }

    /// The engine's sources import Foundation (and Dispatch) only: no C modules, no Glibc, no UI.
    @Test func layoutEngineImportsOnlyFoundation() throws {
        let files = try Self.swiftFiles(under: "Sources/LayoutEngine")
        #expect(!files.isEmpty, "no Swift files found under Sources/LayoutEngine")
        let allowed: Set<String> = ["Foundation", "Dispatch"]
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
