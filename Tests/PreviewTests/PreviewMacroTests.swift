import Foundation
import LayoutLabMacroExpansions
import PreviewHost
import PreviewNaming
import SwiftParser
import SwiftSyntax
import SwiftSyntaxMacroExpansion
import SwiftSyntaxMacros
import Testing

/// The contract between the `#Preview` macro and the preview builder: the macro registers each
/// preview under the symbol the builder computes from the source alone.
@Suite("#Preview macro")
struct PreviewMacroTests {
    static let path = "/work/Sources/App/ContentView.swift"

    func expand(_ source: String) throws -> (String, ScannedFile) {
        let tree = Parser.parse(source: source)
        let context = BasicMacroExpansionContext(sourceFiles: [tree: .init(moduleName: "App", fullFilePath: Self.path)])
        var expansions: [String] = []
        for item in tree.statements {
            let node: any FreestandingMacroExpansionSyntax
            if let decl = item.item.as(MacroExpansionDeclSyntax.self) { node = decl }
            else if let expr = item.item.as(ExpressionStmtSyntax.self)?.expression.as(MacroExpansionExprSyntax.self) { node = expr }
            else if let expr = item.item.as(MacroExpansionExprSyntax.self) { node = expr }
            else { continue }
            expansions += try PreviewMacro.expansion(of: node, in: context).map(\.description)
        }
        return (expansions.joined(separator: "\n"), SourceScanner.scan(source: source, path: Self.path))
    }

    @Test func registersUnderTheSymbolTheBuilderComputes() throws {
        let source = """
            import SwiftUI

            #Preview("Card", traits: .sizeThatFitsLayout) {
                Text("a")
            }

              #Preview { Text("b") }
            """
        let (expansion, scanned) = try expand(source)
        #expect(scanned.previews.map(\.line) == [3, 7])
        #expect(scanned.previews.map(\.column) == [1, 3])
        #expect(scanned.previews.map(\.name) == ["Card", nil])
        for p in scanned.previews {
            #expect(p.symbol == PreviewSymbol.name(filePath: Self.path, line: p.line, column: p.column))
            #expect(expansion.contains("@_silgen_name(\"\(p.symbol)\")"))
        }
        #expect(expansion.contains("name: \"Card\", traits: [.sizeThatFitsLayout]"))
        #expect(expansion.contains("name: nil, traits: []"))
        #expect(expansion.contains("SwiftUI.PreviewRegistration.makeView"))
    }

    @Test func variadicTraitsAndAnExplicitBodyLabel() throws {
        let (expansion, _) = try expand("#Preview(\"X\", traits: .fixedLayout(width: 10, height: 20), .landscapeLeft, body: { Text(\"x\") })")
        #expect(expansion.contains("traits: [.fixedLayout(width: 10, height: 20), .landscapeLeft]"))
        #expect(expansion.contains("Text(\"x\")"))
    }

    /// As SwiftUI's: `@Previewable` properties make the body a view of its own, so that the
    /// body is evaluated again when they change.
    @Test func previewablePropertiesBecomeAViewsState() throws {
        let (expansion, _) = try expand("""
            #Preview("Toggle") {
                @Previewable @State var on = false
                let title = "Wi-Fi"
                Toggle(title, isOn: $on)
            }
            """)
        let flat = expansion.split(whereSeparator: \.isNewline).map { $0.trimmingCharacters(in: .whitespaces) }
        #expect(flat.contains { $0.hasPrefix("struct ") && $0.hasSuffix(": SwiftUI.View {") }, "\(expansion)")
        #expect(flat.contains("@State var on = false"), "\(expansion)")
        #expect(!expansion.contains("@Previewable"))
        #expect(flat.contains("var body: some SwiftUI.View {"))
        #expect(flat.contains("let title = \"Wi-Fi\""))
        // Without `@Previewable` the body stays a view builder closure.
        let (plain, _) = try expand("#Preview { @State var on = false; Toggle(\"x\", isOn: $on) }")
        #expect(plain.contains("SwiftUI.PreviewRegistration.makeView"))
        #expect(!plain.contains("struct "))
    }

    @Test func aPreviewWithoutABodyIsAnError() {
        #expect(throws: (any Error).self) { try expand("#Preview(\"X\")") }
    }

    @Test func symbolsDifferByFileLineAndColumn() {
        let a = PreviewSymbol.name(filePath: "/a/X.swift", line: 1, column: 1)
        #expect(a != PreviewSymbol.name(filePath: "/b/X.swift", line: 1, column: 1))
        #expect(a != PreviewSymbol.name(filePath: "/a/X.swift", line: 2, column: 1))
        #expect(a != PreviewSymbol.name(filePath: "/a/X.swift", line: 1, column: 2))
        #expect(a.hasPrefix(PreviewSymbol.prefix))
    }
}

@Suite("Source scanner")
struct SourceScannerTests {
    @Test func findsProvidersAndLayoutsThatCanBeMadeWithNoArguments() {
        let source = """
            import SwiftUI
            struct Content_Previews: PreviewProvider { static var previews: some View { Text("x") } }
            private struct Hidden_Previews: PreviewProvider { static var previews: some View { Text("x") } }
            enum Catalog { struct Inner_Previews: SwiftUI.PreviewProvider { static var previews: some View { Text("x") } } }
            struct Plain: Layout { var spacing: CGFloat = 8; var gap: CGFloat? }
            struct NeedsValue: Layout { var spacing: CGFloat }
            struct WithInit: Layout { var spacing: CGFloat; init(spacing: CGFloat = 4) { self.spacing = spacing } }
            struct OnlyArgs: Layout { var s: CGFloat; init(s: CGFloat) { self.s = s } }
            struct Generic<T>: Layout { }
            fileprivate struct Private: Layout { }
            struct Computed: Layout { var twice: CGFloat { 2 }; static var shared = 1 }
            struct Wrapped: Layout { @State var x: Int }
            struct Later { var a = 1 }
            extension Later: Layout { }
            final class Boxed: Layout { var n = 0 }
            func f() { struct Local: Layout {} }
            @main struct App { static func main() {} }
            """
        let s = SourceScanner.scan(source: source, path: "/x/A.swift")
        #expect(s.providers.map(\.name) == ["Content_Previews", "Catalog.Inner_Previews"])
        #expect(s.layouts.map(\.name) == ["Plain", "WithInit", "Computed", "Boxed", "Later"])
        #expect(Set(s.skippedLayouts.map(\.name)) == ["NeedsValue", "OnlyArgs", "Generic", "Private", "Wrapped", "Local"])
        #expect(s.skippedLayouts.first { $0.name == "Generic" }?.reason == "it is generic")
        #expect(s.hasMainAttribute)
        #expect(s.previews.isEmpty)
    }

    @Test func previewsInsideTypesOrFunctionsAreNotTopLevel() {
        let source = """
            #if DEBUG
            #Preview("In if") { Text("x") }
            #endif
            func f() { _ = 1 }
            """
        let s = SourceScanner.scan(source: source, path: "/x/B.swift")
        #expect(s.previews.map(\.name) == ["In if"])
        #expect(s.previews.first?.line == 2)
    }

    @Test func compilerMessagesAreParsedWithTheirSource() {
        let output = """
            /x/A.swift:2:5: error: cannot find 'Foo' in scope
            /x/A.swift:2:5: error: cannot find 'Foo' in scope
            /x/A.swift:1:1: warning: unused
            not a message
            """
        let errors = PreviewBuilder.parseDiagnostics(output, sources: ["/x/A.swift": "let a = 1\n    Foo()\nlet c = 3\n"])
        #expect(errors.count == 1)
        #expect(errors.first?.description == "/x/A.swift:2:5: error: cannot find 'Foo' in scope")
        #expect(errors.first?.location == "/x/A.swift:2")
        #expect(errors.first?.context.map(\.0) == [1, 2, 3])
    }
}
