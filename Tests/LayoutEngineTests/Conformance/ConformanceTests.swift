import Foundation
import Testing
@testable import LayoutEngine

/// The data-driven conformance suite: every case of every `Fixtures/*.yaml` file.
///
/// Run with `swift test --filter Conformance`. Set `LAYOUTLAB_RECORD=1` to print (and write to
/// `Fixtures/<file>.recorded.yaml`) the observed frames of cases marked `expect: record` or
/// whose view has ids without expectations; a person reviews them before pasting them in.
@Suite("Conformance")
struct ConformanceTests {
    @Test("fixture case", arguments: ConformanceFixtures.all)
    func fixture(_ c: ConformanceCase) throws {
        if let e = c.loadError {
            Issue.record("\(c.file): \(c.name): \(e)")
            return
        }
        if c.recordRequested {
            if !ConformanceRunner.isRecording {
                Issue.record("\(c.file): \(c.name): no expectation (`expect: record`); run with LAYOUTLAB_RECORD=1 and review the baseline")
            }
            return
        }
        let check = {
            let outcome = try ConformanceRunner.run(c)
            for p in outcome.problems {
                Issue.record("\(c.file): \(c.name) [\(c.provenance)]: \(p)")
            }
        }
        switch c.status {
        case .knownFailure:
            withKnownIssue("\(c.name): \(c.reason ?? "")") { try check() }
        case .normal, .unverified:
            try check()
        }
    }

    @Test("the fixture set is non-trivial and well-formed")
    func fixtureSet() {
        let cases = ConformanceFixtures.all
        #expect(cases.count >= 120, "only \(cases.count) conformance cases")
        for c in cases {
            if c.provenance.trimmingCharacters(in: .whitespaces).isEmpty { Issue.record("\(c.file): \(c.name) has no provenance") }
            if let e = c.loadError { Issue.record("\(c.file): \(c.name): \(e)") }
            if c.status == .knownFailure && (c.reason ?? "").isEmpty { Issue.record("\(c.file): \(c.name): known-failure without a reason") }
        }
        var seen: Set<String> = []
        for c in cases {
            if seen.contains(c.name) { Issue.record("duplicate case name \(c.name) (\(c.file))") }
            seen.insert(c.name)
        }
        // A summary for the log: cases per file and status.
        var perFile: [String: (total: Int, known: Int, unverified: Int)] = [:]
        for c in cases {
            var e = perFile[c.file] ?? (0, 0, 0)
            e.total += 1
            if c.status == .knownFailure { e.known += 1 }
            if c.status == .unverified { e.unverified += 1 }
            perFile[c.file] = e
        }
        var summary = "Conformance fixtures: \(cases.count) cases\n"
        for (f, e) in perFile.sorted(by: { $0.key < $1.key }) {
            summary += "  \(f): \(e.total) cases, \(e.known) known-failure, \(e.unverified) unverified\n"
        }
        print(summary)
    }

    @Test("every fixture view parses")
    func fixtureViewsParse() {
        for c in ConformanceFixtures.all where c.loadError == nil {
            do { _ = try ViewSyntax.parse(c.viewSource) } catch {
                Issue.record("\(c.file): \(c.name): \(error)")
            }
        }
    }

    @Test("record mode writes baselines for review", .enabled(if: ConformanceRunner.isRecording))
    func record() throws {
        var byFile: [String: [String]] = [:]
        for c in ConformanceFixtures.all where c.loadError == nil {
            var needs = c.recordRequested
            if !needs, let parsed = try? ViewSyntax.parse(c.viewSource) {
                let expected = Set(c.expect.map(\.id))
                needs = parsed.ids.contains { !expected.contains($0) } && !c.expect.isEmpty
            }
            guard needs else { continue }
            byFile[c.file, default: []].append(ConformanceRunner.recordedYAML(c))
        }
        let dir = ConformanceFixtures.sourceDirectory()
        for (file, entries) in byFile.sorted(by: { $0.key < $1.key }) {
            let text = "# Recorded by LAYOUTLAB_RECORD=1 — review every number before pasting into \(file).\ncases:\n" + entries.joined(separator: "\n") + "\n"
            print("--- \(file) ---\n\(text)")
            let url = dir.appendingPathComponent(file.replacingOccurrences(of: ".yaml", with: ".recorded.yaml"))
            try text.write(to: url, atomically: true, encoding: .utf8)
        }
    }
}

/// Tests of the view syntax parser itself.
@Suite("Conformance view syntax")
struct ConformanceViewSyntaxTests {
    func frames(_ source: String, _ size: CGSize = CGSize(width: 100, height: 100)) throws -> LayoutResult {
        let parsed = try ViewSyntax.parse(source)
        return LayoutHost.layout(parsed.view, in: size)
    }

    @Test func parsesStacksModifiersAndIds() throws {
        let r = try frames("""
            HStack(alignment: .top, spacing: 8) { Color.red.frame(width: 20, height: 30).id("a"); Rectangle().frame(width: 30, height: 20).id("b") }.frame(width: 100, height: 100)
            """)
        #expect(r.frame(of: "a") == CGRect(x: 21, y: 35, width: 20, height: 30))
        #expect(r.frame(of: "b") == CGRect(x: 49, y: 35, width: 30, height: 20))
    }

    @Test func newlinesSeparateStatementsAndLeadingDotsContinue() throws {
        let r = try frames("""
            VStack(spacing: 0) {
                Color.red
                    .frame(height: 30)
                    .id("a")
                // a comment
                Color.blue.id("b")
            }
            """)
        #expect(r.frame(of: "a") == CGRect(x: 0, y: 0, width: 100, height: 30))
        #expect(r.frame(of: "b") == CGRect(x: 0, y: 30, width: 100, height: 70))
    }

    @Test func valuesOfEveryKind() throws {
        let p = try ViewSyntax.parse("""
            ZStack(alignment: .bottomTrailing) {
                Color.red.frame(minWidth: 0, maxWidth: .infinity, alignment: Alignment(horizontal: .leading, vertical: .top)).id(1)
                Text("a \\"quoted\\" b").font(.system(size: 10)).lineLimit(nil).id("t")
                Spacer(minLength: -2.5)
                Rectangle().padding(EdgeInsets(top: 1, leading: 2, bottom: 3, trailing: 4)).padding([.top, .leading], 5)
                Capsule().offset(x: -3, y: 1.5).fixedSize(horizontal: true, vertical: false).layoutPriority(-1)
                Circle().gridCellAnchor(UnitPoint(x: 0.25, y: 0.75)).gridCellUnsizedAxes([.horizontal, .vertical])
                RoundedRectangle(cornerRadius: 4).aspectRatio(CGSize(width: 2, height: 1), contentMode: .fill)
                Color.blue.alignmentGuide(.leading) { d in d[.leading] - 10 + d.width / 2 * 3 }
                Color.green.alignmentGuide(VerticalAlignment.center) { $0[.center] }
                Color.clear.alignmentGuide(.firstTextBaseline) { _ in 25 }
            }
            """)
        #expect(p.ids == ["1", "t"])
    }

    @Test func alignmentGuideClosureIsEvaluated() throws {
        let r = try frames("""
            VStack(alignment: .leading, spacing: 0) {
                Color.red.frame(width: 20, height: 10).id("a")
                Color.red.frame(width: 20, height: 10).alignmentGuide(.leading) { d in d[.leading] - 10 }.id("b")
            }
            """)
        // The stack spans [-10, 20] relative to a's leading: 30 wide, centred at 35.
        #expect(r.frame(of: "a") == CGRect(x: 35, y: 40, width: 20, height: 10))
        #expect(r.frame(of: "b") == CGRect(x: 45, y: 50, width: 20, height: 10))
    }

    func error(_ source: String) -> ViewSyntaxError? {
        do { _ = try ViewSyntax.parse(source); return nil } catch let e as ViewSyntaxError { return e } catch { return nil }
    }

    @Test func unknownViewIsAnErrorWithPosition() {
        let e = error("HStack {\n  Color.red\n  Blob().id(\"x\")\n}")
        #expect(e?.message == "unknown view 'Blob'")
        #expect(e?.position == SourcePosition(line: 3, column: 3))
        #expect(e.map { "\($0)" } == "view syntax error at 3:3: unknown view 'Blob'")
    }

    @Test func unknownModifierLabelColorAndAlignmentAreErrors() {
        #expect(error("Color.red.wobble(3)")?.message == "unknown modifier '.wobble'")
        #expect(error("Color.red.wobble(3)")?.position == SourcePosition(line: 1, column: 10))
        #expect(error("Color.red.frame(widht: 3)")?.message == "unexpected argument 'widht:' in frame(…)")
        #expect(error("Color.red.frame(widht: 3)")?.position == SourcePosition(line: 1, column: 17))
        #expect(error("Color.mauve")?.message == "unknown color 'Color.mauve'")
        #expect(error("Colr.red.id(\"p\")")?.message == "unknown view 'Colr'")
        #expect(error("Color.red.frame")?.message == "modifier 'frame' must be called: .frame(…)")
        #expect(error("HStack(spacing: 8)")?.message.hasPrefix("HStack needs a trailing closure") == true)
        #expect(error("Color.red.padding(.sideways, 3)")?.message.hasPrefix("expected a number") == true)
        #expect(error("HStack(alignment: .leading) { Color.red }")?.message.hasPrefix("unknown vertical alignment .leading") == true)
        #expect(error("Color.red.alignmentGuide(.center) { d in 0 }")?.message.hasPrefix("ambiguous guide '.center'") == true)
        #expect(error("Color.red.alignmentGuide(.leading) { d in e.width }")?.message == "unknown name 'e'")
    }

    @Test func syntaxErrorsArePositioned() {
        #expect(error("HStack { Color.red")?.message == "missing '}'")
        #expect(error("Color.red.frame(width: 10")?.message.hasPrefix("expected ')'") == true)
        #expect(error("Text(\"abc)")?.message == "unterminated string literal")
        #expect(error("Color.red @")?.message == "unexpected character '@'")
        #expect(error("Color.red @")?.position == SourcePosition(line: 1, column: 11))
        #expect(error("HStack { Color.red Color.blue }")?.message.hasPrefix("expected ';' or a line break") == true)
        #expect(error("Rectangle")?.message == "'Rectangle' must be called: Rectangle()")
        #expect(error("")?.message == "the view source is empty")
    }

    @Test func fixtureParsingAcceptsNullAndInfinity() throws {
        let cases = try ConformanceFixtures.parse(yaml: """
            cases:
            - name: t
              provenance: test
              proposal: [null, inf]
              view: Color.red.id("a")
              expect: {a: [0, 0, 10, .inf]}
            """, file: "inline.yaml")
        #expect(cases.count == 1)
        #expect(cases[0].loadError == nil)
        #expect(cases[0].proposal[0] == nil)
        #expect(cases[0].proposal[1] == .infinity)
        #expect(cases[0].expect.first?.frame == [0, 0, 10, .infinity])
    }
}
