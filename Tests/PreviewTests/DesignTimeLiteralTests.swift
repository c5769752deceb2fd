import Foundation
import Testing
import PreviewHost
import LayoutTestSupport

/// The literal fast path's rewrite: which literals a preview build reads from the agent's
/// table, that code full of literal-typed contexts compiles and lays out as written, and that a
/// rewrite that does not compile never costs the person their build.
@Suite("Literals read from the agent's table")
struct DesignTimeLiteralTests {
    /// Every literal-typed context the rewrite must keep compiling, with ids to compare.
    static let contexts = """
        import SwiftUI

        enum Tier: Int { case low = 1, high = 2 }
        enum Mood: String { case calm = "calm", busy = "busy" }

        let globalInset: CGFloat = 3

        @available(iOS 17, macOS 14, *)
        struct Meter: View {
            @State private var level = 3
            var inset: CGFloat = 6
            let ratio: Double = 0.75
            let count: Int = 4
            let label = "Meter"
            static let name = "meter"
            func scaled(_ x: CGFloat = 2) -> CGFloat { x * 2 }
            var body: some View {
                VStack(alignment: .leading, spacing: 10) {
                    Text("**Bold** words").id("markdown")
                    Text(label + " of " + "levels").font(.system(size: 15)).id("sum")
                    Text(verbatim: "plain **text**").font(.title).id("verbatim")
                    Color(red: 0.2, green: 0.4, blue: 0.6).frame(width: 40, height: 20.5).id("swatch")
                    HStack(spacing: 4) { ForEach(0...3, id: \\.self) { i in Color.blue.frame(width: CGFloat(i) * 5 + 2, height: 8).id("bar\\(i)") } }
                    ForEach(Array([10, 20, 30].enumerated()), id: \\.offset) { k, w in Color.green.frame(width: CGFloat(w), height: 4).id("w\\(k)") }
                    switch level {
                    case 0: Text("none").id("level")
                    case 1...5: Text("some").id("level")
                    default: Text("lots").id("level")
                    }
                    Text(Tier(rawValue: 2) == .high ? "high" : "low").id("tier")
                    Text(Mood.calm.rawValue).id("mood")
                    Toggle("On", isOn: .constant(true)).labelsHidden().id("toggle")
                    Text(String(repeating: "ab", count: 2)).id("repeat")
                    Text(String(format: "%.1f", ratio * 2)).id("format")
                    let c: Character = "c"
                    Text(String(c)).padding(16).id("padded")
                    Text("\\(count * 2) items").padding(.horizontal, scaled()).opacity(1.0).id("items")
                    Text(Meter.name).padding(globalInset).id("static")
                }
                .padding(inset)
            }
        }

        #Preview("Meter", traits: .fixedLayout(width: 300, height: 600)) { Meter().padding(8) }
        """

    @Test func theLiteralsOfExpressionsBecomeReadsAndTheOthersStay() {
        let source = """
            import SwiftUI
            enum Tier: Int { case low = 1 }
            let global = 2
            struct V: View {
                @State private var count = 3
                static let name = "static"
                var spacing: CGFloat = 4
                @available(iOS 17, *)
                func f(x: Int = 5) -> Int { x }
                var body: some View {
                    switch count {
                    case 6: Text("six")
                    default: Text("Hi \\(count)").padding(7).opacity(0.5).disabled(false)
                    }
                    Text("c")
                }
            }
            #Preview("Name") { V().padding(8) }
            """
        let rewrite = DesignTimeRewriter.rewrite(source: source, path: "/p/V.swift")
        #expect(rewrite.snapshot.values == ["4", "six", "7", "0.5", "false", "8"])
        // A property's initial value and the `#Preview` body are read when a view is made.
        #expect(rewrite.snapshot.remakesRoot == [true, false, false, false, false, true])
        #expect(rewrite.text.contains("spacing: CGFloat = __designTimeInteger(\""))
        #expect(rewrite.text.contains(".opacity(__designTimeFloat(\""))
        #expect(rewrite.text.contains(".disabled(__designTimeBoolean(\""))
        for kept in ["case low = 1", "let global = 2", "var count = 3", "static let name = \"static\"", "@available(iOS 17, *)",
                     "x: Int = 5", "case 6:", "Text(\"Hi \\(count)\")", "Text(\"c\")", "#Preview(\"Name\")"] {
            #expect(rewrite.text.contains(kept), "\(kept)")
        }
        // No line added inside the file: the compiler's lines are the person's.
        let lines = rewrite.text.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.first == "#sourceLocation(file: \"/p/V.swift\", line: 1)")
        #expect(Array(lines.dropFirst().prefix(source.split(separator: "\n", omittingEmptySubsequences: false).count)).count
                == source.split(separator: "\n", omittingEmptySubsequences: false).count)
        #expect(lines[5] == "    @State private var count = 3")
    }

    @Test func onlyValueChangesAreLiteralUpdates() throws {
        func snapshot(_ s: String) -> LiteralSnapshot { DesignTimeRewriter.snapshot(source: s, path: "/p/V.swift") }
        let base = snapshot("Text(\"Hello\").padding(16).opacity(0.5)")
        let edited = try #require(DesignTimeRewriter.changedValues(from: base, to: snapshot("Text(\"Hello!\").padding(0x20).opacity(0.5)")))
        #expect(edited.values.count == 2)
        #expect(Set(edited.values.values) == ["Hello!", "32"])
        #expect(!edited.remakesRoot)
        // A view added, a literal's kind changed (integer to float), a comment: compile again.
        #expect(DesignTimeRewriter.changedValues(from: base, to: snapshot("Text(\"Hello\").padding(16).opacity(0.5).bold()")) == nil)
        #expect(DesignTimeRewriter.changedValues(from: base, to: snapshot("Text(\"Hello\").padding(16.5).opacity(0.5)")) == nil)
        #expect(DesignTimeRewriter.changedValues(from: base, to: snapshot("Text(\"Hello\").padding(16).opacity(0.5) // x")) == nil)
        // Unchanged: an update with nothing in it.
        #expect(DesignTimeRewriter.changedValues(from: base, to: base)?.values.isEmpty == true)
    }

    @Test func implicitMemberArgumentsAreReadByName() throws {
        let source = """
            import SwiftUI
            enum Size { case small, large }
            struct V: View {
                var isOn = false
                var body: some View {
                    VStack(alignment: .leading, spacing: 4) {
                        Text("Title").font(.title).padding(.horizontal, 12)
                        Text("Sized").font(.system(size: 20)).foregroundStyle(.red.opacity(0.5))
                        Text("Wide").frame(maxWidth: .infinity).animation(.default, value: isOn)
                        Text("Either").foregroundStyle(isOn ? .red : .blue).padding([.top, .leading])
                        Tile(size: .small)
                    }
                }
                func side(_ a: HorizontalAlignment) -> Bool {
                    switch a {
                    case .leading: return a == .leading
                    default: return false
                    }
                }
            }
            struct Tile: View {
                var size: Size
                var body: some View { Color.blue.frame(width: size == .small ? 10 : 20, height: 10) }
            }
            """
        let rewrite = DesignTimeRewriter.rewrite(source: source, path: "/p/V.swift")
        #expect(rewrite.snapshot.values == ["false", "leading", "4", "Title", "title", "horizontal", "12", "Sized", "20", "0.5",
                                            "Wide", "infinity", "default", "Either", "small", "false", "10", "20", "10"])
        for read in ["VStack(alignment: __designTimeMember(\"", ".font(__designTimeMember(\"", ".padding(__designTimeMember(\"",
                     ".frame(maxWidth: __designTimeMember(\"", ".animation(__designTimeMember(\"", "Tile(size: __designTimeMember(\""] {
            #expect(rewrite.text.contains(read), "\(read)")
        }
        // A member with arguments, one with a member or call after it, in a ternary, in an array
        // literal, in a pattern or beside an operator: code.
        for kept in [".font(.system(size: ", ".foregroundStyle(.red.opacity(", "isOn ? .red : .blue", ".padding([.top, .leading])",
                     "case .leading:", "a == .leading", "size == .small ?"] {
            #expect(rewrite.text.contains(kept), "\(kept)")
        }

        func snapshot(_ s: String) -> LiteralSnapshot { DesignTimeRewriter.snapshot(source: s, path: "/p/V.swift") }
        let base = snapshot(source)
        let trailing = try #require(DesignTimeRewriter.changedValues(
            from: base, to: snapshot(source.replacingOccurrences(of: "alignment: .leading", with: "alignment: .trailing"))))
        #expect(Array(trailing.values.values) == ["trailing"])
        // A member made into a call or a literal is not a value change.
        #expect(DesignTimeRewriter.changedValues(from: base, to: snapshot(source.replacingOccurrences(of: ".font(.title)", with: ".font(.title.bold())"))) == nil)
        #expect(DesignTimeRewriter.changedValues(from: base, to: snapshot(source.replacingOccurrences(of: "maxWidth: .infinity", with: "maxWidth: 200"))) == nil)
    }

    /// The runtime next to `layoutlab`.
    private func builder(for file: URL, in ws: Workspace) throws -> PreviewBuilder {
        let runtime = PreviewRuntime(directory: try layoutlabBinary().deletingLastPathComponent().path)
        let project = try PreviewProject.load(path: file.path)
        return PreviewBuilder(project: project, runtime: runtime, cacheDirectory: ws.url("cache").path)
    }

    @Test func literalTypedContextsCompileAndLayOutAsWritten() throws {
        let ws = try Workspace("design-time-contexts")
        let file = try ws.write("Meter.swift", Self.contexts)
        let builder = try builder(for: file, in: ws)
        guard case .built = builder.build() else { Issue.record("the rewritten code did not build"); return }
        // Compiled once and linked once: the rewrite compiled (no second compile of the person's text).
        #expect(builder.compilerRuns == 2)
        let snapshot = try #require(builder.literalSnapshots[file.path])
        #expect(snapshot.keys.count > 30, "\(snapshot.values)")

        // The same layout, and the same texts, as the file compiled as it is.
        let table = ws.url("table.json"), verbatim = ws.url("verbatim.json")
        let args = ["render", "--source", file.path, "--preview", "Meter"]
        let a = try runLayoutlab(args + ["--json", table.path], in: ws)
        #expect(a.status == 0, "\(a.stderr)")
        var env = ws.environment
        env["LAYOUTLAB_LITERAL_FAST_PATH"] = "0"
        env["XDG_CACHE_HOME"] = ws.url("verbatim-cache").path
        let b = try runProcess(try layoutlabBinary(), args + ["--json", verbatim.path], environment: env, timeout: 240, outputDirectory: ws.root)
        #expect(b.status == 0, "\(b.stderr)")
        let x = try Self.views(table), y = try Self.views(verbatim)
        #expect(x.count >= 30)
        #expect(x == y)
        let details = x.joined(separator: "\n")
        #expect(details.contains("\"Bold words\""), "markdown of a LocalizedStringKey: \(details)")
        #expect(details.contains("plain **text**"))
        #expect(details.contains("\"some\""))
        #expect(details.contains("\"high\""))
    }

    /// Each view of a `render --json` output: its id, frame and detail, as a line.
    static func views(_ url: URL) throws -> [String] {
        let object = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: url)) as? [String: Any])
        return (object["views"] as? [[String: Any]] ?? []).map { v in
            ["id", "x", "y", "width", "height", "detail"].map { "\(v[$0] ?? "-")" }.joined(separator: " ")
        }
    }

    @Test func aRewriteThatDoesNotCompileFallsBackToThePersonsText() throws {
        let ws = try Workspace("design-time-fallback")
        // The person's own value of that name hides the table's function: the rewrite cannot compile.
        let text = """
            import SwiftUI
            struct V: View {
                var body: some View {
                    let __designTimeInteger = 1
                    return Color.red.frame(width: 40, height: 40).id("box").opacity(Double(__designTimeInteger))
                }
            }
            #Preview("V") { V() }
            """
        let file = try ws.write("V.swift", text)
        let builder = try builder(for: file, in: ws)
        guard case .built = builder.build() else { Issue.record("the person's code did not build"); return }
        #expect(builder.compilerRuns == 3)  // the rewrite, the person's text, the link
        #expect(builder.literalSnapshots[file.path]?.keys.isEmpty == true)
        // Remembered: a literal edit compiles the person's text at once.
        try text.replacingOccurrences(of: "width: 40", with: "width: 50").write(to: file, atomically: true, encoding: .utf8)
        guard case .built = builder.build() else { Issue.record("the edit did not build"); return }
        #expect(builder.compilerRuns == 5)
    }

    @Test func compileErrorsPointAtThePersonsLinesAndColumns() throws {
        let ws = try Workspace("design-time-errors")
        let file = try ws.write("Bad.swift", """
            import SwiftUI
            struct Bad: View {
                var body: some View {
                    Text("Hello").padding(16).opacity(0.5)
                        .frame(width: 20, height: "tall")
                }
            }
            #Preview("Bad") { Bad() }
            """)
        let builder = try builder(for: file, in: ws)
        guard case .failed(let errors, _) = builder.build() else { Issue.record("it built"); return }
        let first = try #require(errors.first)
        #expect(first.file == file.path)
        #expect(first.line == 5)
        // `"tall"` starts at column 39 of the person's line.
        #expect(first.column == 39, "\(errors)")
    }
}
