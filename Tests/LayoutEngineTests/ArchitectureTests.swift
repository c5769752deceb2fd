import Foundation
import SwiftParser
import SwiftSyntax
import Synchronization
import Testing

/// Checks on the shape of the package itself, read from the real files in the repository with
/// the Swift parser (never as text): the module graph from Package.swift, and each module's
/// import declarations from its sources. The rules are tables (`moduleRules`), by module name,
/// so that splitting or renaming a module is an edit of the table; a rule may name a module by
/// several names (before and after a rename) and applies to those Package.swift declares.
@Suite("Architecture")
struct ArchitectureTests {

    // MARK: - The rules

    /// What a module may import and depend on.
    struct ModuleRule: Sendable, CustomTestStringConvertible {
        /// The names the module goes by (a module being renamed lists both): the rule applies to
        /// each of them that Package.swift declares, and at least one must be declared.
        var names: [String]
        /// The modules its sources may import (`import M`, `import struct M.T`, `@testable`, …).
        var mayImport: Set<String>
        /// The targets and products it may depend on in Package.swift (nil: not checked).
        var mayDependOn: Set<String>? = nil
        /// Whether it must use other modules' public API only: no `@testable`, no `@_spi` import.
        var publicAPIOnly = false
        /// Whether it must reach C code only through its imports: no `@_silgen_name` or
        /// `@_extern` declaration, no `dlopen`/`dlsym` call (which would bypass `mayImport`).
        var noForeignCalls = false
        var why: String
        var testDescription: String { names.joined(separator: "/") }
    }

    /// The standard library's modules every Swift module may use: Foundation, Dispatch, and
    /// Synchronization (`Mutex`, `Atomic`) and Observation, both shipped with the compiler, and
    /// the standard library itself (imported by name for its reflection SPI: a view's stored
    /// state properties are found by their field offsets, once per type).
    static let standardModules: Set<String> = ["Foundation", "Dispatch", "Synchronization", "Observation", "Swift"]
    /// The layout core.
    static let coreNames = ["LayoutCore"]

    /// The rules, by module. Update the names here when modules are split or renamed.
    static let moduleRules: [ModuleRule] = [
        ModuleRule(names: coreNames, mayImport: standardModules, mayDependOn: [], noForeignCalls: true,
                   why: "the layout core is pure Swift on Foundation: no other target, no package, no C module, no Glibc, no UI"),
        ModuleRule(names: ["SwiftUI"], mayImport: standardModules.union(coreNames),
                   mayDependOn: Set(coreNames).union(["LayoutLabMacros"]), noForeignCalls: true,
                   why: "`import SwiftUI` is the core and its view surface (with the `#Preview` macro), nothing from the app"),
        ModuleRule(names: ["LayoutGallery"], mayImport: Set(["SwiftUI", "Foundation"] + coreNames), publicAPIOnly: true,
                   why: "the gallery is written against the public API, the way a person's package would be"),
    ]

    // MARK: - Locating the repository

    /// The repository root: this file is `<root>/Tests/LayoutEngineTests/ArchitectureTests.swift`.
    static let repoRoot: URL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent()  // LayoutEngineTests
        .deletingLastPathComponent()  // Tests
        .deletingLastPathComponent()  // root

    static func read(_ url: URL) throws -> String {
        try String(contentsOf: url, encoding: .utf8)
    }

    /// Every `.swift` file under `relativePath`, sorted, as (path relative to the root, contents),
    /// leaving out files under `excluding` (paths relative to `relativePath`, as a target's
    /// `exclude:`). Throws when the folder cannot be read.
    static func swiftFiles(under relativePath: String, excluding: [String] = []) throws -> [(path: String, text: String)] {
        let dir = repoRoot.appendingPathComponent(relativePath)
        guard let enumerator = FileManager.default.enumerator(
            at: dir, includingPropertiesForKeys: [.isRegularFileKey])
        else { throw CocoaError(.fileReadNoSuchFile, userInfo: [NSFilePathErrorKey: dir.path]) }
        var files: [(String, String)] = []
        let rootPath = repoRoot.standardizedFileURL.path
        let excluded = excluding.map { relativePath + "/" + $0 }
        for case let url as URL in enumerator where url.pathExtension == "swift" {
            let isFile = (try? url.resourceValues(forKeys: [.isRegularFileKey]).isRegularFile) ?? false
            guard isFile else { continue }
            var path = url.standardizedFileURL.path
            if path.hasPrefix(rootPath + "/") { path.removeFirst(rootPath.count + 1) }
            if excluded.contains(where: { path == $0 || path.hasPrefix($0 + "/") }) { continue }
            files.append((path, try read(url)))
        }
        return files.sorted { $0.0 < $1.0 }
    }

    // MARK: - Reading sources with the Swift parser

    /// An import declaration found in a source file.
    struct ImportDecl: Sendable, CustomStringConvertible {
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
        imports(in: Parser.parse(source: source), file: file)
    }

    static func imports(in tree: SourceFileSyntax, file: String) -> [ImportDecl] {
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

    /// Ways a source file could call C code without importing its module: `@_silgen_name` and
    /// `@_extern` declarations, and calls of `dlopen` or `dlsym` (as file:line: text).
    static func foreignCalls(in source: String, file: String) -> [String] {
        foreignCalls(in: Parser.parse(source: source), file: file)
    }

    static func foreignCalls(in tree: SourceFileSyntax, file: String) -> [String] {
        let converter = SourceLocationConverter(fileName: file, tree: tree)
        final class Collector: SyntaxVisitor {
            var found: [Syntax] = []
            override func visit(_ node: AttributeSyntax) -> SyntaxVisitorContinueKind {
                if ["_silgen_name", "_extern"].contains(node.attributeName.trimmedDescription) { found.append(Syntax(node)) }
                return .visitChildren
            }
            override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
                if let callee = node.calledExpression.as(DeclReferenceExprSyntax.self),
                   ["dlopen", "dlsym"].contains(callee.baseName.text) { found.append(Syntax(node)) }
                return .visitChildren
            }
        }
        let collector = Collector(viewMode: .sourceAccurate)
        collector.walk(tree)
        return collector.found.map { "\(file):\(converter.location(for: $0.positionAfterSkippingLeadingTrivia).line): \($0.trimmedDescription)" }
    }

    /// What the checks read from one source file, from one parse (a debug build of the parser
    /// takes about a second for a large file; several checks read the same files).
    struct SourceFacts: Sendable {
        var imports: [ImportDecl]
        var foreignCalls: [String]
        var silentReturns: [String]
    }
    private static let factsCache = Mutex<[String: SourceFacts]>([:])

    /// Every Swift file of Sources/, Tests/ and Plugins/, parsed once, on every core, the first
    /// time a check asks (the checks then read the cache instead of parsing the same files
    /// each, at the same time).
    private static let allParsed: Bool = {
        let files = ["Sources", "Tests", "Plugins"].flatMap { (try? swiftFiles(under: $0)) ?? [] }
        DispatchQueue.concurrentPerform(iterations: files.count) { i in
            _ = parse(files[i])
        }
        return true
    }()

    private static func parse(_ file: (path: String, text: String)) -> SourceFacts {
        let tree = Parser.parse(source: file.text)
        let facts = SourceFacts(imports: imports(in: tree, file: file.path),
                                foreignCalls: foreignCalls(in: tree, file: file.path),
                                silentReturns: SilentTestTests.silentReturns(in: tree, file: file.path))
        factsCache.withLock { $0[file.path] = facts }
        return facts
    }

    /// The facts of a file (path relative to the root, contents), parsed once per test run.
    static func facts(of file: (path: String, text: String)) -> SourceFacts {
        _ = allParsed
        return factsCache.withLock({ $0[file.path] }) ?? parse(file)
    }

    // MARK: - Reading the manifest with the Swift parser

    /// A target as Package.swift declares it.
    struct ManifestTarget {
        var name: String
        /// `target`, `executableTarget`, `testTarget`, `systemLibrary`, `macro`, `plugin`, `binaryTarget`.
        var kind: String
        /// Its dependencies as written: plain strings (a target of this package, else a product
        /// of the same name), `.target(name:)`, `.product(name:package:)`.
        var dependencies: [Dependency]
        struct Dependency {
            var name: String
            /// Whether it is written `.product(name:package:)` (a plain string may name either).
            var isProduct: Bool
        }
        /// Its `path:` argument, if any.
        var path: String?
        var exclude: [String]

        /// Where SwiftPM looks for its sources: `path:`, else `Tests/<name>` for a test target,
        /// `Plugins/<name>` for a plugin and `Sources/<name>` for the others.
        var sourcePath: String {
            if let path { return path }
            switch kind {
            case "testTarget": return "Tests/\(name)"
            case "plugin": return "Plugins/\(name)"
            default: return "Sources/\(name)"
            }
        }
        /// Whether the target has Swift sources of its own (not a system library or binary).
        var hasSwiftSources: Bool { !["systemLibrary", "binaryTarget"].contains(kind) }
    }

    /// A package's targets and the targets its products are made of, as read from its manifest.
    struct Manifest {
        var targets: [String: ManifestTarget]
        /// The targets each product lists (`.library(name:targets:)`, `.executable(…)`).
        var productTargets: [String: [String]]

        /// The targets of this package a target depends on directly (a plain string names a
        /// target when one has that name).
        func targetDependencies(of name: String) -> [String] {
            (targets[name]?.dependencies ?? []).filter { !$0.isProduct && targets[$0.name] != nil }.map(\.name)
        }

        /// The graph of target dependencies, by target.
        var graph: [String: [String]] {
            Dictionary(uniqueKeysWithValues: targets.keys.map { ($0, targetDependencies(of: $0)) })
        }

        /// The first of `names` the manifest declares.
        func declared(_ names: [String]) -> ManifestTarget? {
            names.lazy.compactMap { targets[$0] }.first
        }
    }

    static let targetKinds: Set<String> = ["target", "executableTarget", "testTarget", "systemLibrary", "macro", "plugin", "binaryTarget"]
    static let productKinds: Set<String> = ["library", "executable", "plugin"]

    /// The targets and products of a manifest. A target call's arguments are read as literals;
    /// calls nested in a target (its dependencies, its plugins) are not declarations.
    static func manifest(_ source: String) -> Manifest {
        final class Collector: SyntaxVisitor {
            var targets: [String: ManifestTarget] = [:]
            var products: [String: [String]] = [:]
            static func strings(_ expression: ExprSyntax?) -> [String] {
                (expression?.as(ArrayExprSyntax.self)?.elements ?? []).compactMap {
                    $0.expression.as(StringLiteralExprSyntax.self)?.representedLiteralValue
                }
            }
            override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
                guard let member = node.calledExpression.as(MemberAccessExprSyntax.self), member.base == nil,
                      let first = node.arguments.first, first.label?.text == "name",
                      let name = first.expression.as(StringLiteralExprSyntax.self)?.representedLiteralValue
                else { return .visitChildren }
                func argument(_ label: String) -> ExprSyntax? { node.arguments.first { $0.label?.text == label }?.expression }
                let kind = member.declName.baseName.text
                // A plugin is a product when it lists targets, a target when it has a capability.
                if ArchitectureTests.productKinds.contains(kind), let targets = argument("targets") {
                    products[name] = Self.strings(targets)
                    return .skipChildren
                }
                guard ArchitectureTests.targetKinds.contains(kind) else { return .visitChildren }
                let list = argument("dependencies")?.as(ArrayExprSyntax.self)?.elements ?? []
                let dependencies = list.compactMap { element -> ManifestTarget.Dependency? in
                    if let literal = element.expression.as(StringLiteralExprSyntax.self) {
                        return literal.representedLiteralValue.map { .init(name: $0, isProduct: false) }
                    }
                    guard let call = element.expression.as(FunctionCallExprSyntax.self),
                          let callee = call.calledExpression.as(MemberAccessExprSyntax.self)?.declName.baseName.text,
                          let named = call.arguments.first?.expression.as(StringLiteralExprSyntax.self)?.representedLiteralValue
                    else { return nil }
                    return .init(name: named, isProduct: callee == "product")
                }
                targets[name] = ManifestTarget(
                    name: name, kind: kind, dependencies: dependencies,
                    path: argument("path")?.as(StringLiteralExprSyntax.self)?.representedLiteralValue,
                    exclude: Self.strings(argument("exclude")))
                return .skipChildren
            }
        }
        let collector = Collector(viewMode: .sourceAccurate)
        collector.walk(Parser.parse(source: source))
        return Manifest(targets: collector.targets, productTargets: collector.products)
    }

    /// This package's manifest.
    static func packageManifest() throws -> Manifest {
        manifest(try read(repoRoot.appendingPathComponent("Package.swift")))
    }

    /// The import declarations of a target's Swift sources; fails the test when it has none.
    static func imports(of target: ManifestTarget, sourceLocation: Testing.SourceLocation = #_sourceLocation) throws -> [ImportDecl] {
        let files = try swiftFiles(under: target.sourcePath, excluding: target.exclude)
        try #require(!files.isEmpty, "no Swift files found under \(target.sourcePath) (target \(target.name))", sourceLocation: sourceLocation)
        return files.flatMap { facts(of: $0).imports }
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

    @Test func foreignCallReaderFindsDeclarationsAndCalls() {
        let source = """
            @_silgen_name("gtk_init") func initialise()
            let handle = dlopen("libgtk-4.so.1", RTLD_NOW)
            let f = dlsym(handle, "gtk_init")
            // dlopen in a comment
            let s = "dlsym(nil, name)"
            func dlopenish() {}
            """
        #expect(Self.foreignCalls(in: source, file: "x.swift").map { $0.prefix(9) } == ["x.swift:1", "x.swift:2", "x.swift:3"])
    }

    @Test func manifestReaderFindsTargetsDependenciesAndPaths() {
        let source = """
            let package = Package(name: "P",
                products: [.library(name: "L", targets: ["A"]), .plugin(name: "G", targets: ["Gen"])],
                targets: [
                    .target(name: "A", dependencies: ["B", .product(name: "X", package: "x"), "Yams"]), // .target(name: "C")
                    .executableTarget(name: "a", dependencies: [.target(name: "A")], path: "Sources/Tool", exclude: ["peers"]),
                    .target(name: "B", dependencies: ["CGtk"]),
                    .systemLibrary(name: "CGtk", pkgConfig: "gtk4"),
                    .testTarget(name: "T", dependencies: ["A"], plugins: [.plugin(name: "Gen")]),
                    .plugin(name: "Gen", capability: .buildTool()),
                ])
            """
        let m = Self.manifest(source)
        #expect(m.targets.keys.sorted() == ["A", "B", "CGtk", "Gen", "T", "a"])
        #expect(m.productTargets == ["L": ["A"], "G": ["Gen"]])
        #expect(m.targetDependencies(of: "A") == ["B"], "Yams names no target here: a product")
        #expect(m.targets["A"]?.dependencies.filter(\.isProduct).map(\.name) == ["X"])
        #expect(m.targetDependencies(of: "a") == ["A"])
        #expect(m.targets["a"]?.sourcePath == "Sources/Tool" && m.targets["a"]?.exclude == ["peers"])
        #expect(m.targets["T"]?.sourcePath == "Tests/T" && m.targets["Gen"]?.sourcePath == "Plugins/Gen")
        #expect(m.targets["CGtk"]?.hasSwiftSources == false)
        #expect(m.declared(["LayoutCore", "B"])?.name == "B")
    }

    /// The reader sees this package as SwiftPM does: every product's targets and every target a
    /// dependency names are declared, and each rule names a declared module.
    @Test func manifestReaderReadsThisPackage() throws {
        let m = try Self.packageManifest()
        #expect(m.targets.count > 10 && m.productTargets.count > 5)
        for (product, targets) in m.productTargets {
            for target in targets { #expect(m.targets[target] != nil, "product \(product) lists \(target), which the reader did not find") }
        }
        for rule in Self.moduleRules {
            #expect(m.declared(rule.names) != nil, "Package.swift declares none of \(rule.names): update ArchitectureTests.moduleRules")
        }
    }

    // MARK: - The package

    /// Each module imports only what its rule allows.
    @Test(arguments: moduleRules)
    func moduleImportsOnlyWhatItsRuleAllows(rule: ModuleRule) throws {
        let m = try Self.packageManifest()
        let targets = rule.names.compactMap { m.targets[$0] }
        try #require(!targets.isEmpty, "Package.swift declares none of \(rule.names)")
        for target in targets {
            let offending = try Self.imports(of: target).filter { !rule.mayImport.contains($0.module) }
            #expect(offending.isEmpty, "\(target.name) may import only \(rule.mayImport.sorted()) (\(rule.why)):\n\(offending.map(\.description).joined(separator: "\n"))")
        }
    }

    /// Each module depends only on what its rule allows.
    @Test(arguments: moduleRules.filter { $0.mayDependOn != nil })
    func moduleDependsOnlyOnWhatItsRuleAllows(rule: ModuleRule) throws {
        let m = try Self.packageManifest()
        let allowed = try #require(rule.mayDependOn)
        for target in rule.names.compactMap({ m.targets[$0] }) {
            let offending = target.dependencies.map(\.name).filter { !allowed.contains($0) }
            #expect(offending.isEmpty, "\(target.name) may depend only on \(allowed.sorted()) (\(rule.why)), found \(offending)")
        }
    }

    /// The modules written against the public API use no `@testable` or `@_spi` import.
    @Test(arguments: moduleRules.filter(\.publicAPIOnly))
    func moduleUsesOnlyThePublicAPI(rule: ModuleRule) throws {
        let m = try Self.packageManifest()
        for target in rule.names.compactMap({ m.targets[$0] }) {
            let privileged = try Self.imports(of: target).filter { $0.attributes.contains { $0 == "@testable" || $0.hasPrefix("@_spi") } }
            #expect(privileged.isEmpty, "\(target.name) must use the public API only (\(rule.why)):\n\(privileged.map(\.description).joined(separator: "\n"))")
        }
    }

    /// No GTK, cairo or Pango in the core by a back door: with only the standard modules
    /// imported, a C function could still be reached by `@_silgen_name` or `dlsym`.
    @Test(arguments: moduleRules.filter(\.noForeignCalls))
    func moduleCallsNoCFunctionsBehindItsImports(rule: ModuleRule) throws {
        let m = try Self.packageManifest()
        for target in rule.names.compactMap({ m.targets[$0] }) {
            let files = try Self.swiftFiles(under: target.sourcePath, excluding: target.exclude)
            #expect(!files.isEmpty, "no Swift files found under \(target.sourcePath)")
            let found = files.flatMap { Self.facts(of: $0).foreignCalls }
            #expect(found.isEmpty, "\(target.name) must reach C code only through its imports:\n\(found.joined(separator: "\n"))")
        }
    }

    /// Dependencies a target declares without importing them, and why each is needed.
    static let usedWithoutImport: [String: Set<String>] = [:]

    /// Every dependency a target declares is imported by its sources (a dependency declared and
    /// never imported builds and links for nothing, and hides the real module graph). A macro
    /// target is used through `#externalMacro`, never imported; other exceptions are listed,
    /// with the reason, in `usedWithoutImport`.
    @Test func everyDeclaredDependencyIsImported() throws {
        let m = try Self.packageManifest()
        var checked = 0
        for target in m.targets.values.sorted(by: { $0.name < $1.name }) where target.hasSwiftSources && target.kind != "plugin" {
            // A C target (gtk-layout-bench) reaches its dependencies through headers.
            let files = try Self.swiftFiles(under: target.sourcePath, excluding: target.exclude)
            guard !files.isEmpty else { continue }
            checked += 1
            let imported = Set(files.flatMap { Self.facts(of: $0).imports }.map(\.module))
            let unused = target.dependencies.map(\.name).filter { dependency in
                !imported.contains(dependency) && m.targets[dependency]?.kind != "macro"
                    && !(Self.usedWithoutImport[target.name] ?? []).contains(dependency)
            }
            #expect(unused.isEmpty, "\(target.name) declares dependencies its sources never import: \(unused)")
        }
        #expect(checked > 10, "only \(checked) targets with Swift sources found")
    }
}

// MARK: - Tests that pass without checking

/// No test passes without checking: a `@Test` function that leaves early (`guard … else {
/// return }`, `if … { return }`) records why (`Issue.record`, `#expect`, `#require`), throws,
/// or cancels itself (`Test.cancel`, reported as skipped); a precondition known before the
/// test runs is a trait instead (`.enabled(if:)`, `.disabled(if:)`, with the reason).
@Suite("Silent tests")
struct SilentTestTests {
    /// The early returns of `@Test` functions that record nothing, as file:line: text. Closures
    /// and nested functions are not the test's own body (their `return` does not end the test).
    static func silentReturns(in source: String, file: String) -> [String] {
        silentReturns(in: Parser.parse(source: source), file: file)
    }

    static func silentReturns(in tree: SourceFileSyntax, file: String) -> [String] {
        let converter = SourceLocationConverter(fileName: file, tree: tree)

        /// Whether a block says why it leaves: an issue, an expectation, a throw, a cancellation.
        final class Records: SyntaxVisitor {
            var found = false
            override func visit(_ node: MacroExpansionExprSyntax) -> SyntaxVisitorContinueKind {
                if ["expect", "require"].contains(node.macroName.text) { found = true }
                return .visitChildren
            }
            // `#expect(…)` as a statement may be read as a declaration.
            override func visit(_ node: MacroExpansionDeclSyntax) -> SyntaxVisitorContinueKind {
                if ["expect", "require"].contains(node.macroName.text) { found = true }
                return .visitChildren
            }
            override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
                let callee = node.calledExpression.trimmedDescription
                if ["Issue.record", "Test.cancel", "fatalError", "preconditionFailure"].contains(callee) { found = true }
                return .visitChildren
            }
            override func visit(_ node: ThrowStmtSyntax) -> SyntaxVisitorContinueKind {
                found = true
                return .skipChildren
            }
            static func check(_ block: CodeBlockSyntax) -> Bool {
                let r = Records(viewMode: .sourceAccurate)
                r.walk(block)
                return r.found
            }
        }

        /// A test's own body: guards and ifs whose block returns without recording.
        final class Body: SyntaxVisitor {
            var found: [Syntax] = []
            static func returns(_ block: CodeBlockSyntax) -> Bool {
                block.statements.contains { $0.item.is(ReturnStmtSyntax.self) }
            }
            override func visit(_ node: GuardStmtSyntax) -> SyntaxVisitorContinueKind {
                if Self.returns(node.body) && !Records.check(node.body) { found.append(Syntax(node)) }
                return .visitChildren
            }
            override func visit(_ node: IfExprSyntax) -> SyntaxVisitorContinueKind {
                if Self.returns(node.body) && !Records.check(node.body) { found.append(Syntax(node)) }
                return .visitChildren
            }
            override func visit(_ node: ClosureExprSyntax) -> SyntaxVisitorContinueKind { .skipChildren }
            override func visit(_ node: FunctionDeclSyntax) -> SyntaxVisitorContinueKind { .skipChildren }
        }

        final class Tests: SyntaxVisitor {
            var found: [Syntax] = []
            override func visit(_ node: FunctionDeclSyntax) -> SyntaxVisitorContinueKind {
                let isTest = node.attributes.contains {
                    if case .attribute(let a) = $0 { return a.attributeName.trimmedDescription == "Test" }
                    return false
                }
                guard isTest, let body = node.body else { return .visitChildren }
                let scanner = Body(viewMode: .sourceAccurate)
                scanner.walk(body)
                found += scanner.found
                return .skipChildren
            }
        }
        let tests = Tests(viewMode: .sourceAccurate)
        tests.walk(tree)
        return tests.found.map { node in
            let line = converter.location(for: node.positionAfterSkippingLeadingTrivia).line
            let first = node.trimmedDescription.split(separator: "\n").first.map(String.init) ?? ""
            return "\(file):\(line): \(first)"
        }
    }

    @Test func readerFindsSilentReturnsOnly() {
        let source = """
            @Test func a() throws {
                guard let x = value() else { return }
                guard case .render(let o) = parse() else {
                    Issue.record("not a render command"); return
                }
                guard hasDisplay else { try Test.cancel("needs X") }
                let r = try #require(x)
                if r.isEmpty { return }
                if r.count > 3 { #expect(r.count == 4); return }
                let f: (Int) -> Int = { n in guard n > 0 else { return 0 }; return n }
                func helper() { guard true else { return } }
                for i in 0..<3 { guard i != 1 else { continue } }
            }
            func notATest() { guard false else { return } }
            """
        #expect(Self.silentReturns(in: source, file: "x.swift") == [
            "x.swift:2: guard let x = value() else { return }",
            "x.swift:8: if r.isEmpty { return }",
        ])
    }

    /// Every test target's `@Test` functions, read with the Swift parser.
    @Test func noTestLeavesWithoutRecordingWhy() throws {
        let manifest = try ArchitectureTests.packageManifest()
        let testTargets = manifest.targets.values.filter { $0.kind == "testTarget" }.sorted { $0.name < $1.name }
        #expect(testTargets.count > 5, "test targets found: \(testTargets.map(\.name))")
        var silent: [String] = []
        for target in testTargets {
            let files = try ArchitectureTests.swiftFiles(under: target.sourcePath, excluding: target.exclude)
            silent += files.flatMap { ArchitectureTests.facts(of: $0).silentReturns }
        }
        #expect(silent.isEmpty, "tests that return early without recording an issue (use Issue.record, #require, or a trait such as .enabled(if:) with the reason):\n\(silent.joined(separator: "\n"))")
    }
}
