import Foundation
import Testing

/// The fixture generator's diagnostics: a broken fixture must fail the build with a message
/// that names the file, the line and the fixture (the build runs the same tool).
@Suite("Conformance fixture generator")
struct FixtureGeneratorTests {
    /// The tool, built for the host next to the test bundle (the same folder on Linux).
    static let tool: URL? = {
        guard let first = CommandLine.arguments.first else { return nil }
        var dir = URL(fileURLWithPath: first).deletingLastPathComponent()
        for _ in 0..<3 {
            let candidate = dir.appendingPathComponent("fixture-test-generator")
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
            dir.deleteLastPathComponent()
        }
        return nil
    }()

    /// Runs the tool on one fixture file with `text`; returns its exit status and diagnostics.
    func generate(_ text: String) throws -> (status: Int32, stderr: String, output: URL) {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("fixture-generator-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        let yaml = dir.appendingPathComponent("sample.yaml")
        try text.write(to: yaml, atomically: true, encoding: .utf8)
        guard let tool = Self.tool else { throw CocoaError(.fileNoSuchFile) }
        let process = Process()
        process.executableURL = tool
        process.arguments = ["--output", dir.appendingPathComponent("out").path, yaml.path]
        let errors = dir.appendingPathComponent("stderr.txt")
        _ = FileManager.default.createFile(atPath: errors.path, contents: nil)
        process.standardError = try FileHandle(forWritingTo: errors)
        try process.run()
        process.waitUntilExit()
        return (process.terminationStatus, try String(contentsOf: errors, encoding: .utf8), dir.appendingPathComponent("out"))
    }

    @Test("fixture mistakes are build errors naming the file, line and fixture", .enabled(if: FixtureGeneratorTests.tool != nil))
    func mistakes() throws {
        let r = try generate("""
            cases:
            - name: short-frame
              provenance: test
              view: Color.red.id("a")
              expect: {a: [0, 0, 10]}
            - name: no-view
              provenance: test
              expect: {a: [0, 0, 10, 10]}
            - name: misspelt
              provenance: test
              view: Color.red.id("a")
              expct: {a: [0, 0, 10, 10]}
            """)
        #expect(r.status == 1)
        #expect(r.stderr.contains("sample.yaml:5:15: error: sample.yaml: fixture 'short-frame': an expected frame ([x, y, w, h]) must have 4 numbers, found 3"), "\(r.stderr)")
        #expect(r.stderr.contains("sample.yaml:6:3: error: sample.yaml: fixture 'no-view': missing field `view`"), "\(r.stderr)")
        #expect(r.stderr.contains("fixture 'misspelt': a fixture has an unknown key `expct`"), "\(r.stderr)")
        #expect(!FileManager.default.fileExists(atPath: r.output.appendingPathComponent("sample.fixtures.swift").path))
    }

    @Test("malformed YAML is a build error at its position", .enabled(if: FixtureGeneratorTests.tool != nil))
    func malformed() throws {
        let r = try generate("cases:\n- name: a\n  expect: {a: [0, 0, 1, 1]\n")
        #expect(r.status == 1)
        #expect(r.stderr.contains("sample.yaml:4:1: error: sample.yaml: malformed YAML"), "\(r.stderr)")
    }

    @Test("a fixture becomes a test whose view is compiled at its YAML line", .enabled(if: FixtureGeneratorTests.tool != nil))
    func generated() throws {
        let r = try generate("""
            cases:
            - name: one-box
              provenance: test
              proposal: [null, inf]
              view: |
                box(10, 20).id("a")
              expect: {a: [0, 0, 10, .inf]}
            """)
        #expect(r.status == 0, "\(r.stderr)")
        let swift = try String(contentsOf: r.output.appendingPathComponent("sample.fixtures.swift"), encoding: .utf8)
        #expect(swift.contains("struct ConformanceSample {"))
        #expect(swift.contains("@Test(\"one-box\")\n    func oneBox() {"))
        #expect(swift.contains("proposal: ProposedViewSize(width: nil, height: .infinity)"))
        #expect(swift.contains("expect: [(\"a\", [0, 0, 10, .infinity])]"))
        #expect(swift.contains("sample.yaml\", line: 6)\n    box(10, 20).id(\"a\")\n#sourceLocation()"))
    }
}
