import Foundation
import Testing
import PreviewHost
import LayoutTestSupport

/// Canvas ↔ code: which expressions a preview build marks with their place in the person's
/// file, that marking keeps lines and literal keys, and that a marked build compiles tricky code
/// and tells each view where it was made (`render --json`'s `source`).
@Suite("Views marked with where they were made")
struct ViewSourceMarkTests {
    static let row = """
        import SwiftUI

        struct Row: View {
            let names: [String]
            var body: some View {
                HStack(spacing: 8) {
                    Text("Name").id("name")
                    Spacer()
                    Color.red.frame(width: 10, height: 10)
                    ForEach(names, id: \\.self) { n in Text(n) }
                }
                .padding(4)
            }
        }

        #Preview("Row") { Row(names: ["a"]) }
        """

    /// The 1-based line and UTF-8 column of the `occurrence`th (0-based) `needle` in `text`.
    static func place(of needle: String, in text: String, occurrence: Int = 0) -> (line: Int, column: Int) {
        var searchStart = text.startIndex
        var found = text.range(of: needle)!
        for _ in 0..<occurrence {
            searchStart = found.upperBound
            found = text.range(of: needle, range: searchStart..<text.endIndex)!
        }
        let before = text[..<found.lowerBound]
        let line = before.filter { $0 == "\n" }.count + 1
        let lineStart = before.lastIndex(of: "\n").map { text.index(after: $0) } ?? text.startIndex
        return (line, text[lineStart..<found.lowerBound].utf8.count + 1)
    }

    @Test func viewExpressionsAreNumberedInSourceOrderWithTheirLines() {
        let found = DesignTimeRewriter.viewExpressions(in: Self.row)
        let lines = found.map(\.line), columns = found.map(\.column)
        #expect(found.map(\.index) == Array(0..<found.count))
        // HStack (and its chain to `.padding(4)`), Text, Spacer, Color, ForEach, the ForEach's
        // Text, the preview's Row.
        let expected = [Self.place(of: "HStack", in: Self.row), Self.place(of: "Text(\"Name", in: Self.row),
                        Self.place(of: "Spacer", in: Self.row), Self.place(of: "Color.red", in: Self.row),
                        Self.place(of: "ForEach", in: Self.row), Self.place(of: "Text(n)", in: Self.row),
                        Self.place(of: "Row(names", in: Self.row)]
        #expect(lines == expected.map(\.line))
        #expect(columns == expected.map(\.column))
        #expect(lines == [6, 7, 8, 9, 10, 10, 16])
        #expect(found[0].endLine == 12)
        // The range is the whole chain, as written.
        let bytes = Array(Self.row.utf8)
        let first = String(decoding: bytes[found[0].start..<found[0].end], as: UTF8.self)
        #expect(first.hasPrefix("HStack(spacing: 8) {") && first.hasSuffix(".padding(4)"))
    }

    @Test func markingWrapsViewsKeepsLinesAndLiteralKeys() {
        let plain = DesignTimeRewriter.rewrite(source: Self.row, path: "/p/Row.swift")
        let marked = DesignTimeRewriter.rewrite(source: Self.row, path: "/p/Row.swift", marksViews: true)
        #expect(marked.viewCount == 7)
        #expect(plain.viewCount == 0)
        #expect(marked.snapshot == plain.snapshot)
        // Literals still read from the table, inside the marks.
        #expect(marked.text.contains("__designTimeView(0, HStack(spacing: __designTimeInteger(\""))
        #expect(marked.text.contains("__designTimeView(1, Text(__designTimeString(\""))
        #expect(marked.text.contains("__designTimeView(5, Text(n))"))
        #expect(marked.text.contains(".padding(__designTimeInteger(\"") && marked.text.contains(", 4)))\n"))
        #expect(!marked.text.contains("__designTimeView(7"))
        // No line added or removed.
        let source = Self.row.split(separator: "\n", omittingEmptySubsequences: false)
        let out = marked.text.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(out.count == source.count + 3)  // #sourceLocation before, an empty line and #sourceLocation() after
        for (k, line) in source.enumerated() {
            #expect(out[k + 1].filter { !$0.isWhitespace }.count >= line.filter { !$0.isWhitespace }.count)
        }
        #expect(out[8] == "            __designTimeView(2, Spacer())")
    }

    @Test func whatIsNotAViewStaysAsWritten() {
        let source = """
            import SwiftUI
            Text("top level")
            struct V: View {
                let names = ["a"]
                var count = 0
                func t() -> Text { Text("t") }
                var body: some View {
                    let texts = names.map { Text($0) }
                    VStack {
                        texts.first
                        Self.helper()
                        t().bold()
                        Text("a") + Text("b")
                        try? Loader.load()
                        Group { Text("g") }.previewDisplayName("named")
                        names.count > 0 ? Text("x") : Text("y")
                    }
                }
                static func helper() -> some View { EmptyView() }
            }
            """
        let marked = DesignTimeRewriter.rewrite(source: source, path: "/p/V.swift", marksViews: true)
        let wrapped = DesignTimeRewriter.viewExpressions(in: source)
        // The single-expression function's Text (where the other overload keeps its type), the
        // VStack, the Text inside the preview-modified Group and the static function's view.
        #expect(wrapped.map(\.line) == [6, 9, 15, 19], "\(wrapped)")
        for kept in ["\nText(__designTimeString(", "names.map { Text($0) }", "Self.helper()", "t().bold()", "try? Loader.load()",
                     "Group { __designTimeView(2, Text(\"g\")) }.previewDisplayName("] {
            #expect(marked.text.contains(kept), "\(kept)")
        }
    }

    @Test func aLiteralEditKeepsTheOrdinalsAndMovesTheColumns() {
        let edited = Self.row.replacingOccurrences(of: "Text(\"Name\").id(\"name\")", with: "Text(\"A longer name\").id(\"name\")")
            .replacingOccurrences(of: "HStack(spacing: 8)", with: "HStack(spacing: 12)")
        let before = DesignTimeRewriter.viewExpressions(in: Self.row), after = DesignTimeRewriter.viewExpressions(in: edited)
        #expect(before.count == after.count)
        #expect(before.map(\.line) == after.map(\.line))
        #expect(DesignTimeRewriter.changedValues(from: DesignTimeRewriter.snapshot(source: Self.row, path: "/p"),
                                                 to: DesignTimeRewriter.snapshot(source: edited, path: "/p")) != nil)
    }

    /// Code where a marked statement is not a view, or is a view where its own type is needed.
    static let tricky = """
        import SwiftUI

        enum Formatter {
            static func reset() -> Int { 1 }
            static func log() {}
        }

        struct Badge: View {
            var body: some View {
                Text("badge").padding(2)
            }
        }

        struct Tricky: View {
            @State private var names = ["a", "b"]
            init() { Formatter.log() }
            func label() -> Text { Text("label").bold() }
            var title: Text { Text("t") + Text("u") }
            var body: some View {
                VStack(spacing: 6) {
                    label().id("label")
                    Text("Hello").padding(4).id("hello")
                    HStack { Text("A").id("a"); Text("B").id("b") }.id("pair")
                    ForEach(names, id: \\.self) { n in Text(n).id("n-" + n) }
                    Button("Tap") { Formatter.log(); _ = Formatter.reset() }.id("tap")
                    Color.red.frame(width: 10, height: 10).id("dot")
                    Badge().id("badge")
                    if names.isEmpty { EmptyView() } else { title.id("title") }
                }
            }
        }

        #Preview("Tricky") { Tricky().padding(8) }
        """

    @Test func aMarkedBuildCompilesTrickyCodeAndSaysWhereEachViewWasMade() throws {
        let ws = try Workspace("view-marks")
        let file = try ws.write("Tricky.swift", Self.tricky)
        let runtime = PreviewRuntime(directory: try layoutlabBinary().deletingLastPathComponent().path)
        let builder = PreviewBuilder(project: try PreviewProject.load(path: file.path), runtime: runtime,
                                     cacheDirectory: ws.url("cache").path)
        guard case .built = builder.build() else { Issue.record("the marked code did not build"); return }
        // One compile (the marks compiled, no fallback) and the link.
        #expect(builder.compilerRuns == 2)

        let json = ws.url("tricky.json")
        let out = try runLayoutlab(["render", "--source", file.path, "--preview", "Tricky", "--json", json.path], in: ws)
        #expect(out.status == 0, "\(out.stderr)")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: json)) as? [String: Any])
        var sources: [String: String] = [:]
        for v in object["views"] as? [[String: Any]] ?? [] {
            if let id = v["id"] as? String, let source = v["source"] as? String { sources[id] = source }
        }
        func at(_ needle: String, _ occurrence: Int = 0) -> String {
            let p = Self.place(of: needle, in: Self.tricky, occurrence: occurrence)
            return "Tricky.swift:\(p.line):\(p.column)"
        }
        #expect(sources["hello"] == at("Text(\"Hello"), "\(sources)")
        #expect(sources["pair"] == at("HStack {"))
        #expect(sources["a"] == at("Text(\"A\")"))
        #expect(sources["b"] == at("Text(\"B\")"))
        #expect(sources["n-a"] == at("Text(n)"))
        #expect(sources["n-b"] == at("Text(n)"))
        #expect(sources["dot"] == at("Color.red"))
        // Not marked itself (a call of a lowercase function, a property): the enclosing VStack's.
        #expect(sources["label"] == at("VStack"))
        #expect(sources["title"] == at("VStack"))
        // A custom view: the innermost mark wins, so the views of Badge's body (the padding
        // that carries the id given outside, its Text) say where Badge's body makes them.
        #expect(sources["badge"] == at("Text(\"badge"))
        let texts = (object["views"] as? [[String: Any]] ?? []).filter { ($0["detail"] as? String) == "\"badge\"" }
        #expect(texts.first?["source"] as? String == at("Text(\"badge"))
    }
}
