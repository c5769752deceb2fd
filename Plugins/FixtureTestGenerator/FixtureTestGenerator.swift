import Foundation
import PackagePlugin

/// Turns the conformance fixtures (`Fixtures/*.yaml` of the target it is applied to) into Swift
/// Testing code: one suite per file, one `@Test` per fixture, with the fixture's view compiled
/// as Swift. The work is done by the `fixture-test-generator` tool; this only wires it into the
/// build, so that a changed fixture regenerates its tests and a broken one fails the build.
@main
struct FixtureTestGenerator: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        guard let module = target as? SourceModuleTarget else { return [] }
        // `*.recorded.yaml` are record mode's output for review, not fixtures.
        let fixtures = module.sourceFiles(withSuffix: ".yaml")
            .map(\.url)
            .filter { $0.deletingLastPathComponent().lastPathComponent == "Fixtures" && !$0.lastPathComponent.hasSuffix(".recorded.yaml") }
            .sorted { $0.lastPathComponent < $1.lastPathComponent }
        guard !fixtures.isEmpty else { return [] }
        let output = context.pluginWorkDirectoryURL.appendingPathComponent("GeneratedFixtureTests")
        // One command for all files: fixture names must be unique across files, and the index
        // counts every file. The tool rewrites only the files whose text changed.
        let generated = fixtures.map {
            output.appendingPathComponent($0.deletingPathExtension().lastPathComponent + ".fixtures.swift")
        } + [output.appendingPathComponent("ConformanceFixtureIndex.swift")]
        return [
            .buildCommand(
                displayName: "Generating conformance tests from \(fixtures.count) fixture files",
                executable: try context.tool(named: "fixture-test-generator").url,
                arguments: ["--output", output.path] + fixtures.map(\.path),
                inputFiles: fixtures,
                outputFiles: generated)
        ]
    }
}
