import Foundation
import Yams

// fixture-test-generator: the tool behind the FixtureTestGenerator build-tool plugin.
//
//     fixture-test-generator --output DIR FIXTURE.yaml…
//
// Reads every fixture file into typed values and writes DIR/<name>.fixtures.swift (one
// Swift Testing suite per file, one test per fixture) and DIR/ConformanceFixtureIndex.swift.
// A mistake in a fixture is printed as `path:line:column: error: …` (the form SwiftPM and
// editors show as a build error at that place) and the tool exits with status 1.

/// Problems found so far, printed as compiler-style diagnostics.
var problemCount = 0

@MainActor func report(_ path: String, _ line: Int?, _ column: Int?, _ message: String) {
    let place = "\(path):\(line ?? 1):\(column ?? 1)"
    FileHandle.standardError.write(Data("\(place): error: \(message)\n".utf8))
    problemCount += 1
}

/// A readable message for an error thrown while decoding a fixture.
func describe(_ error: any Error) -> (message: String, line: Int?, column: Int?) {
    switch error {
    case let p as FixtureProblem:
        return (p.message, p.line, p.column)
    case let e as YamlError:
        // libyaml's own syntax errors carry their position.
        switch e {
        case .scanner(_, let problem, let mark, _), .parser(_, let problem, let mark, _), .composer(_, let problem, let mark, _):
            return ("malformed YAML: \(problem)", mark.line, mark.column)
        default:
            return ("malformed YAML: \(e)", nil, nil)
        }
    case let e as DecodingError:
        // The path inside the fixture (the message names the fixture already): `hidden`, `sizes.a.min`.
        func path(_ c: DecodingError.Context) -> String {
            var keys = c.codingPath[...]
            if keys.first?.stringValue == "cases" { keys = keys.dropFirst(2) }
            return keys.map { $0.intValue.map { "[\($0)]" } ?? ".\($0.stringValue)" }.joined().trimmingCharacters(in: ["."])
        }
        func kind(_ type: Any.Type) -> String {
            switch "\(type)" {
            case "String": return "a string"
            case "Double", "Int", "Float": return "a number"
            case let t where t.hasPrefix("Array") || t.contains("Sequence") || t.contains("Unkeyed"): return "a list"
            case let t where t.hasPrefix("Dictionary") || t.contains("Mapping") || t.contains("Keyed"): return "a mapping"
            case let t: return t
            }
        }
        switch e {
        case .keyNotFound(let key, let c):
            let at = path(c)
            return ("missing field `\(key.stringValue)`\(at.isEmpty ? "" : " in `\(at)`")", nil, nil)
        case .typeMismatch(let type, let c):
            if let underlying = c.underlyingError { return describe(underlying) }
            return ("`\(path(c))` has the wrong type: expected \(kind(type))", nil, nil)
        case .valueNotFound(let type, let c):
            return ("`\(path(c))` is missing: expected \(kind(type))", nil, nil)
        case .dataCorrupted(let c):
            if let underlying = c.underlyingError { return describe(underlying) }
            return ("`\(path(c))`: \(c.debugDescription)", nil, nil)
        @unknown default:
            return ("\(e)", nil, nil)
        }
    default:
        return ("\(error)", nil, nil)
    }
}

/// Writes `text` to `url` unless it already holds it, so that an unchanged file is not recompiled.
func write(_ text: String, to url: URL) throws {
    if let old = try? String(contentsOf: url, encoding: .utf8), old == text { return }
    try text.write(to: url, atomically: true, encoding: .utf8)
}

/// The name of the generated file for a fixture file.
func outputName(_ file: String) -> String { String(file.dropLast(".yaml".count)) + ".fixtures.swift" }

var arguments = Array(CommandLine.arguments.dropFirst())
guard arguments.count >= 2, arguments[0] == "--output" else {
    FileHandle.standardError.write(Data("usage: fixture-test-generator --output DIR FIXTURE.yaml…\n".utf8))
    exit(2)
}
let outputDirectory = URL(fileURLWithPath: arguments[1])
let inputs = arguments.dropFirst(2).map { URL(fileURLWithPath: $0) }.sorted { $0.lastPathComponent < $1.lastPathComponent }

var generated: [(file: String, url: URL, fixtures: [Fixture])] = []
/// Where each fixture name was first seen: names are unique across all files.
var seenNames: [String: String] = [:]

for url in inputs {
    let file = url.lastPathComponent
    let text: String
    do { text = try String(contentsOf: url, encoding: .utf8) } catch {
        report(url.path, nil, nil, "\(file): cannot read the fixture file: \(error.localizedDescription)")
        continue
    }
    let slots: [FixtureSlot]
    do {
        slots = try YAMLDecoder().decode(FixtureFile.self, from: text).cases
    } catch {
        let d = describe(error)
        report(url.path, d.line, d.column, "\(file): \(d.message)")
        continue
    }
    if slots.isEmpty { report(url.path, nil, nil, "\(file): the file has no fixtures") }
    var fixtures: [Fixture] = []
    for (i, slot) in slots.enumerated() {
        let label = slot.name.map { "fixture '\($0)'" } ?? "fixture #\(i + 1) (no name)"
        switch slot.result {
        case .success(let f):
            if let first = seenNames[f.name] {
                report(url.path, f.mark?.line, f.mark?.column, "\(file): \(label): the name is already used in \(first); names are unique across all files")
            } else {
                seenNames[f.name] = file
            }
            fixtures.append(f)
        case .failure(let error):
            let d = describe(error)
            report(url.path, d.line ?? slot.mark?.line, d.line == nil ? slot.mark?.column : d.column, "\(file): \(label): \(d.message)")
        }
    }
    generated.append((file, url, fixtures))
}

if problemCount > 0 {
    FileHandle.standardError.write(Data("fixture-test-generator: \(problemCount) problem(s) in the fixtures; no tests generated\n".utf8))
    exit(1)
}

do {
    try FileManager.default.createDirectory(at: outputDirectory, withIntermediateDirectories: true)
    for (file, url, fixtures) in generated {
        let lines = ((try? String(contentsOf: url, encoding: .utf8)) ?? "").split(separator: "\n", omittingEmptySubsequences: false)
        let emitter = SwiftEmitter(file: file, path: url.path, lines: lines)
        try write(emitter.source(fixtures), to: outputDirectory.appendingPathComponent(outputName(file)))
    }
    try write(indexSource(generated.map { ($0.file, $0.fixtures) }), to: outputDirectory.appendingPathComponent("ConformanceFixtureIndex.swift"))
} catch {
    FileHandle.standardError.write(Data("fixture-test-generator: error: cannot write the generated tests: \(error)\n".utf8))
    exit(1)
}
