import Foundation
import Testing
import Yams
@testable import LayoutEngine

/// The expected sizes of a view for the zero, unspecified and infinite proposals.
struct ExpectedSizes: Sendable {
    var min: [Double]?
    var ideal: [Double]?
    var max: [Double]?
}

/// One conformance case from a fixture file (see Fixtures/README.md for the format).
struct ConformanceCase: Sendable, CustomTestStringConvertible {
    enum Status: String, Sendable { case normal, knownFailure = "known-failure", unverified }

    var file: String
    var index: Int
    var name: String
    var provenance: String
    var note: String?
    /// The root proposal; nil components are unspecified.
    var proposal: [Double?] = [100, 100]
    var viewSource: String = ""
    /// Expected frames in root coordinates, in fixture order.
    var expect: [(id: String, frame: [Double])] = []
    /// `expect: record`: no expectation yet; record mode prints one.
    var recordRequested = false
    var sizes: [(id: String, sizes: ExpectedSizes)] = []
    /// Views that must not be shown (ViewThatFits' unchosen children).
    var hidden: [String] = []
    var tolerance: Double = 0.01
    var status: Status = .normal
    var reason: String?
    var glyphWidthRatio: Double = 1
    var lineHeightRatio: Double = 1
    /// A problem with the case itself (bad YAML shape); reported as a failure.
    var loadError: String?

    var testDescription: String { "\(file): \(name)" }
    var proposedSize: ProposedViewSize {
        ProposedViewSize(width: proposal[0].map { CGFloat($0) }, height: proposal[1].map { CGFloat($0) })
    }
}

enum FixtureError: Error, CustomStringConvertible {
    case invalid(String)
    var description: String { if case .invalid(let s) = self { return s }; return "" }
}

enum ConformanceFixtures {
    /// The fixture directory inside the test bundle.
    static var bundledDirectory: URL? {
        Bundle.module.url(forResource: "Fixtures", withExtension: nil)
            ?? Bundle.module.resourceURL?.appendingPathComponent("Fixtures")
    }

    /// The fixture directory in the source tree (where record mode writes).
    static func sourceDirectory(filePath: String = #filePath) -> URL {
        URL(fileURLWithPath: filePath).deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Fixtures")
    }

    /// Every fixture file (`*.yaml`, except `*.recorded.yaml`), sorted by name.
    static func fixtureFiles() -> [URL] {
        guard let dir = bundledDirectory,
              let names = try? FileManager.default.contentsOfDirectory(atPath: dir.path) else { return [] }
        return names.filter { $0.hasSuffix(".yaml") && !$0.hasSuffix(".recorded.yaml") }.sorted().map { dir.appendingPathComponent($0) }
    }

    /// All cases of all fixture files, loaded once.
    static let all: [ConformanceCase] = {
        var cases: [ConformanceCase] = []
        let files = fixtureFiles()
        if files.isEmpty {
            var c = ConformanceCase(file: "(none)", index: 0, name: "fixtures-present", provenance: "runner")
            c.loadError = "no fixture files found in the test bundle (\(bundledDirectory?.path ?? "no Fixtures resource"))"
            return [c]
        }
        for url in files {
            do {
                cases += try load(url)
            } catch {
                var c = ConformanceCase(file: url.lastPathComponent, index: 0, name: "load \(url.lastPathComponent)", provenance: "runner")
                c.loadError = "cannot load \(url.lastPathComponent): \(error)"
                cases.append(c)
            }
        }
        return cases
    }()

    static func load(_ url: URL) throws -> [ConformanceCase] {
        let text = try String(contentsOf: url, encoding: .utf8)
        return try parse(yaml: text, file: url.lastPathComponent)
    }

    static func parse(yaml text: String, file: String) throws -> [ConformanceCase] {
        let root = try Yams.load(yaml: text)
        let list: [Any]
        if let l = root as? [Any] {
            list = l
        } else if let m = root as? [String: Any], let l = m["cases"] as? [Any] {
            list = l
        } else {
            throw FixtureError.invalid("\(file): expected a top-level `cases:` list")
        }
        return list.enumerated().map { i, item in
            var c = ConformanceCase(file: file, index: i, name: "case \(i + 1)", provenance: "")
            do {
                try fill(&c, from: item)
            } catch {
                c.loadError = "\(error)"
            }
            return c
        }
    }

    static let knownKeys: Set<String> = ["name", "provenance", "note", "proposal", "view", "expect", "sizes", "hidden",
                                         "tolerance", "status", "reason", "text"]

    private static func fill(_ c: inout ConformanceCase, from item: Any) throws {
        guard let m = item as? [String: Any] else { throw FixtureError.invalid("a case must be a mapping") }
        if let n = m["name"] { c.name = "\(n)" }
        for k in m.keys where !knownKeys.contains(k) {
            throw FixtureError.invalid("unknown key `\(k)` (known: \(knownKeys.sorted().joined(separator: ", ")))")
        }
        c.provenance = (m["provenance"].map { "\($0)" }) ?? ""
        c.note = m["note"].map { "\($0)" }
        if let p = m["proposal"] {
            guard let a = p as? [Any], a.count == 2 else { throw FixtureError.invalid("`proposal` must be [w, h]") }
            c.proposal = try a.map(optionalLength)
        }
        guard let v = m["view"] as? String else { throw FixtureError.invalid("`view` must be a string") }
        c.viewSource = v
        if let e = m["expect"] {
            if let s = e as? String, s == "record" {
                c.recordRequested = true
            } else if let d = e as? [AnyHashable: Any] {
                c.expect = try d.map { key, value in
                    guard let a = value as? [Any], a.count == 4 else { throw FixtureError.invalid("expect[\(key)] must be [x, y, w, h]") }
                    return (id: "\(key)", frame: try a.map(length))
                }.sorted { $0.id < $1.id }
            } else {
                throw FixtureError.invalid("`expect` must map ids to [x, y, w, h] (or be `record`)")
            }
        }
        if let s = m["sizes"] {
            guard let d = s as? [AnyHashable: Any] else { throw FixtureError.invalid("`sizes` must map ids to {min, ideal, max}") }
            c.sizes = try d.map { key, value in
                guard let sm = value as? [String: Any] else { throw FixtureError.invalid("sizes[\(key)] must be {min: [w, h], ideal: [w, h], max: [w, h]}") }
                var es = ExpectedSizes()
                for (k, v) in sm {
                    guard let a = v as? [Any], a.count == 2 else { throw FixtureError.invalid("sizes[\(key)].\(k) must be [w, h]") }
                    let pair = try a.map(length)
                    switch k {
                    case "min": es.min = pair
                    case "ideal": es.ideal = pair
                    case "max": es.max = pair
                    default: throw FixtureError.invalid("sizes[\(key)] has unknown key `\(k)`")
                    }
                }
                return (id: "\(key)", sizes: es)
            }.sorted { $0.id < $1.id }
        }
        if let h = m["hidden"] {
            guard let a = h as? [Any] else { throw FixtureError.invalid("`hidden` must be a list of ids") }
            c.hidden = a.map { "\($0)" }
        }
        if let t = m["tolerance"] { c.tolerance = try length(t) }
        if let s = m["status"] {
            guard let st = ConformanceCase.Status(rawValue: "\(s)"), st != .normal else {
                throw FixtureError.invalid("`status` must be known-failure or unverified")
            }
            c.status = st
        }
        c.reason = m["reason"].map { "\($0)" }
        if let t = m["text"] {
            guard let tm = t as? [String: Any] else { throw FixtureError.invalid("`text` must be {glyphWidth: r, lineHeight: r}") }
            if let g = tm["glyphWidth"] { c.glyphWidthRatio = try length(g) }
            if let l = tm["lineHeight"] { c.lineHeightRatio = try length(l) }
        }
        if c.expect.isEmpty && c.sizes.isEmpty && c.hidden.isEmpty && !c.recordRequested {
            throw FixtureError.invalid("the case asserts nothing (no expect, sizes or hidden)")
        }
        if c.status == .knownFailure && (c.reason ?? "").isEmpty {
            throw FixtureError.invalid("a known-failure case needs a `reason`")
        }
    }

    static func length(_ v: Any) throws -> Double {
        guard let d = try optionalLength(v) else { throw FixtureError.invalid("expected a number, found null") }
        return d
    }

    /// A number, `inf`/`.inf`/`-inf`, or null/`nil`.
    static func optionalLength(_ v: Any) throws -> Double? {
        switch v {
        case is NSNull: return nil
        case let i as Int: return Double(i)
        case let d as Double: return d
        case let s as String:
            switch s.trimmingCharacters(in: .whitespaces).lowercased() {
            case "null", "nil", "~": return nil
            case "inf", ".inf", "infinity", "+inf": return .infinity
            case "-inf", "-.inf", "-infinity": return -.infinity
            default:
                if let d = Double(s) { return d }
            }
        default: break
        }
        if let n = v as? NSNumber { return n.doubleValue }
        throw FixtureError.invalid("expected a number, inf or null, found \(v)")
    }
}

// MARK: - Running a case

struct CaseOutcome {
    var problems: [String] = []
    var observed: [(id: String, frame: CGRect)] = []
}

enum ConformanceRunner {
    static func layout(_ c: ConformanceCase, _ parsed: ParsedView) -> LayoutResult {
        let measurer = DeterministicTextMeasurer(glyphWidthRatio: CGFloat(c.glyphWidthRatio), lineHeightRatio: CGFloat(c.lineHeightRatio))
        return LayoutHost(parsed.view, textMeasurer: measurer).layout(proposal: c.proposedSize)
    }

    static func close(_ a: Double, _ b: Double, _ tol: Double) -> Bool {
        if a.isInfinite || b.isInfinite { return a == b }
        return abs(a - b) <= tol
    }

    static func fmt(_ v: [Double]) -> String { "[" + v.map(formatNumber).joined(separator: ", ") + "]" }
    static func fmt(_ r: CGRect) -> String { fmt([r.minX, r.minY, r.width, r.height].map { Double($0) }) }
    static func fmt(_ s: CGSize?) -> String { s.map { fmt([Double($0.width), Double($0.height)]) } ?? "nil" }

    /// Lays out the case and compares every expectation; returns the mismatches.
    static func run(_ c: ConformanceCase) throws -> CaseOutcome {
        var out = CaseOutcome()
        let parsed = try ViewSyntax.parse(c.viewSource)
        let result = layout(c, parsed)
        for id in parsed.ids {
            if let f = result.frame(of: id) { out.observed.append((id, f)) }
        }
        for (id, e) in c.expect {
            guard let f = result.frame(of: id) else {
                out.problems.append("'\(id)': no view has this id (ids in the view: \(parsed.ids))")
                continue
            }
            let actual = [f.minX, f.minY, f.width, f.height].map { Double($0) }
            if !zip(e, actual).allSatisfy({ close($0, $1, c.tolerance) }) {
                out.problems.append("'\(id)': expected \(fmt(e)), actual \(fmt(actual))")
            }
        }
        for (id, s) in c.sizes {
            guard let v = result.view(id: id) else {
                out.problems.append("'\(id)': no view has this id (sizes)")
                continue
            }
            for (label, expected, actual) in [("min", s.min, v.minSize), ("ideal", s.ideal, v.idealSize), ("max", s.max, v.maxSize)] {
                guard let expected else { continue }
                guard let actual, close(expected[0], Double(actual.width), c.tolerance), close(expected[1], Double(actual.height), c.tolerance) else {
                    out.problems.append("'\(id)' \(label) size: expected \(fmt(expected)), actual \(fmt(actual))")
                    continue
                }
            }
        }
        for id in c.hidden {
            guard let v = result.view(id: id) else {
                out.problems.append("'\(id)': no view has this id (hidden)")
                continue
            }
            if v.isVisible { out.problems.append("'\(id)': expected hidden, but it is shown") }
        }
        // Views that are shown must be: an expected frame on a hidden view is a fixture mistake.
        for (id, _) in c.expect where result.view(id: id)?.isVisible == false {
            out.problems.append("'\(id)': has an expected frame but is not shown")
        }
        return out
    }

    // MARK: Record mode

    static var isRecording: Bool { ProcessInfo.processInfo.environment["LAYOUTLAB_RECORD"] == "1" }

    /// The case as YAML with the observed frames of every id, for a person to review and paste.
    static func recordedYAML(_ c: ConformanceCase) -> String {
        var lines: [String] = []
        lines.append("- name: \(c.name)")
        lines.append("  provenance: \(c.provenance.isEmpty ? "recorded baseline" : c.provenance)")
        lines.append("  proposal: [\(c.proposal.map { $0.map(formatNumber) ?? "null" }.joined(separator: ", "))]")
        lines.append("  view: |")
        for l in c.viewSource.split(separator: "\n", omittingEmptySubsequences: false) where !l.isEmpty {
            lines.append("    \(l)")
        }
        do {
            let parsed = try ViewSyntax.parse(c.viewSource)
            let result = layout(c, parsed)
            lines.append("  expect:")
            for id in parsed.ids {
                guard let f = result.frame(of: id) else { continue }
                lines.append("    \"\(id)\": \(fmt(f))")
            }
        } catch {
            lines.append("  # cannot record: \(error)")
        }
        return lines.joined(separator: "\n")
    }
}
