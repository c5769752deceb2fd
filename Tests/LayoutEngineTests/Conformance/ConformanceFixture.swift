import Foundation
import Synchronization
import Testing
@testable import LayoutCore
@testable import SwiftUI

/// One conformance fixture, as generated from `Fixtures/*.yaml` by the FixtureTestGenerator
/// plugin (see Fixtures/README.md): the expectations of the case, checked against the layout of
/// its view with `check(_:)`. The view itself is compiled Swift in the generated test.
struct ConformanceFixture: Sendable {
    enum Status: Sendable {
        case normal
        /// Asserted normally; the numbers rest on an unverified point of the spec.
        case unverified
        /// Run inside `withKnownIssue`: the suite stays green and a fix is reported.
        case knownFailure(String)
    }

    /// Expected sizes of a view for the zero, unspecified and infinite proposals.
    struct Sizes: Sendable {
        var id: String
        var min: [Double]?
        var ideal: [Double]?
        var max: [Double]?
    }

    /// The fixture file's name, its absolute path and the line where the case starts.
    var file: String
    var path: String
    var line: Int
    var name: String
    var provenance: String
    var proposal = ProposedViewSize(width: 100, height: 100)
    /// Expected frames `[x, y, w, h]` in root coordinates, by id.
    var expect: [(id: String, frame: [Double])] = []
    /// `expect: record`: no baseline yet; the observed frames are printed (and written in record mode).
    var recordRequested = false
    var sizes: [Sizes] = []
    /// Views that must not be shown (ViewThatFits' unchosen children).
    var hidden: [String] = []
    var tolerance = 0.01
    var text: (glyphWidth: Double, lineHeight: Double) = (1, 1)
    /// The screen's safe-area and keyboard insets, `[top, leading, bottom, trailing]` (none: empty).
    var safeArea: [Double] = []
    var keyboard: [Double] = []
    var status = Status.normal

    /// Issues are reported at the fixture in its YAML file.
    var sourceLocation: SourceLocation {
        SourceLocation(fileID: "LayoutEngineTests/\(file)", filePath: path, line: max(1, line), column: 1)
    }

    /// Lays out the view and checks every expectation, reporting each mismatch with the
    /// fixture's provenance. A view builder, as a window's content: several top-level views are
    /// stacked vertically by `LayoutHost`.
    func check<V: View>(@ViewBuilder _ view: () -> V) {
        let result = layout(view())
        if recordRequested {
            let yaml = recordedYAML(result)
            if Self.isRecording {
                Self.record(yaml, file: file, line: line, directory: URL(fileURLWithPath: path).deletingLastPathComponent())
            } else {
                Issue.record("\(file): \(name): no expectation yet (`expect: record`). Observed, to review before pasting:\n\(yaml)",
                             sourceLocation: sourceLocation)
            }
            return
        }
        if Self.isRecording && !expect.isEmpty && Self.ids(result).contains(where: { id in !expect.contains { $0.id == id } }) {
            Self.record(recordedYAML(result), file: file, line: line, directory: URL(fileURLWithPath: path).deletingLastPathComponent())
        }
        let report = {
            for p in problems(result) {
                Issue.record("\(file): \(name) [\(provenance)]: \(p)", sourceLocation: sourceLocation)
            }
        }
        switch status {
        case .knownFailure(let reason):
            withKnownIssue("\(name): \(reason)", sourceLocation: sourceLocation) { report() }
        case .normal, .unverified:
            report()
        }
    }

    func layout<V: View>(_ view: V) -> LayoutResult {
        let measurer = DeterministicTextMeasurer(glyphWidthRatio: CGFloat(text.glyphWidth), lineHeightRatio: CGFloat(text.lineHeight))
        let host = LayoutHost(view, textMeasurer: measurer)
        func insets(_ v: [Double]) -> EdgeInsets {
            v.count == 4 ? EdgeInsets(top: v[0], leading: v[1], bottom: v[2], trailing: v[3]) : EdgeInsets()
        }
        host.safeAreaInsets = insets(safeArea)
        host.keyboardInsets = insets(keyboard)
        return host.layout(proposal: proposal)
    }

    /// The `.id(_:)` values of the laid-out views, in pre-order (as the fixture writes them).
    static func ids(_ result: LayoutResult) -> [String] {
        var seen: Set<String> = []
        return result.views.compactMap { v in v.explicitID.map { "\($0.base)" } }.filter { seen.insert($0).inserted }
    }

    static func close(_ a: Double, _ b: Double, _ tolerance: Double) -> Bool {
        if a.isInfinite || b.isInfinite { return a == b }
        return abs(a - b) <= tolerance
    }

    static func format(_ v: Double) -> String {
        if v == .infinity { return "inf" }
        if v == -.infinity { return "-inf" }
        if v.isNaN { return "nan" }
        if v == v.rounded() && abs(v) < 1e15 { return String(Int(v)) }
        return String(v)
    }

    static func format(_ v: [Double]) -> String { "[" + v.map(format).joined(separator: ", ") + "]" }
    static func format(_ r: CGRect) -> String { format([r.minX, r.minY, r.width, r.height].map { Double($0) }) }
    static func format(_ s: CGSize?) -> String { s.map { format([Double($0.width), Double($0.height)]) } ?? "nil" }

    /// Every expectation the layout does not meet, as a message.
    func problems(_ result: LayoutResult) -> [String] {
        var problems: [String] = []
        for (id, e) in expect {
            guard let f = result.frame(of: id) else {
                problems.append("'\(id)': no view has this id (ids in the view: \(Self.ids(result)))")
                continue
            }
            let actual = [f.minX, f.minY, f.width, f.height].map { Double($0) }
            if !zip(e, actual).allSatisfy({ Self.close($0, $1, tolerance) }) {
                problems.append("'\(id)': expected \(Self.format(e)), actual \(Self.format(actual))")
            }
        }
        for s in sizes {
            guard let v = result.view(id: s.id) else {
                problems.append("'\(s.id)': no view has this id (sizes)")
                continue
            }
            for (label, expected, actual) in [("min", s.min, v.minSize), ("ideal", s.ideal, v.idealSize), ("max", s.max, v.maxSize)] {
                guard let expected else { continue }
                guard let actual, Self.close(expected[0], Double(actual.width), tolerance),
                      Self.close(expected[1], Double(actual.height), tolerance) else {
                    problems.append("'\(s.id)' \(label) size: expected \(Self.format(expected)), actual \(Self.format(actual))")
                    continue
                }
            }
        }
        for id in hidden {
            guard let v = result.view(id: id) else {
                problems.append("'\(id)': no view has this id (hidden)")
                continue
            }
            if v.isVisible { problems.append("'\(id)': expected hidden, but it is shown") }
        }
        // Views that are shown must be: an expected frame on a hidden view is a fixture mistake.
        for (id, _) in expect where result.view(id: id)?.isVisible == false {
            problems.append("'\(id)': has an expected frame but is not shown")
        }
        return problems
    }

    // MARK: Record mode

    /// `LAYOUTLAB_RECORD=1`: write the observed frames of fixtures without a baseline (or with ids
    /// that have no expectation) to `Fixtures/<file>.recorded.yaml`, for a person to review.
    static var isRecording: Bool { ProcessInfo.processInfo.environment["LAYOUTLAB_RECORD"] == "1" }

    /// The observed frames of every id, as the `expect:` of the fixture, to paste after review.
    func recordedYAML(_ result: LayoutResult) -> String {
        var lines = ["- name: \(name)", "  # provenance: \(provenance.isEmpty ? "recorded baseline" : provenance)", "  expect:"]
        for id in Self.ids(result) {
            guard let f = result.frame(of: id) else { continue }
            lines.append("    \"\(id)\": \(Self.format(f))")
        }
        return lines.joined(separator: "\n")
    }

    /// Recorded entries by fixture file and line; tests run in parallel, so the files are
    /// rewritten whole, in fixture order, under a lock.
    private static let recorded = Mutex<[String: [Int: String]]>([:])

    static func record(_ yaml: String, file: String, line: Int, directory: URL) {
        print("--- \(file) ---\n\(yaml)")
        recorded.withLock { recorded in
            recorded[file, default: [:]][line] = yaml
            let entries = recorded[file]!.sorted { $0.key < $1.key }.map(\.value)
            let text = "# Recorded by LAYOUTLAB_RECORD=1: review every number before pasting into \(file).\n"
                + entries.joined(separator: "\n") + "\n"
            let url = directory.appendingPathComponent(file.replacingOccurrences(of: ".yaml", with: ".recorded.yaml"))
            do { try text.write(to: url, atomically: true, encoding: .utf8) } catch {
                Issue.record("cannot write \(url.path): \(error)")
            }
        }
    }
}

/// The fixture set as a whole (each fixture is its own test, generated from the YAML files).
@Suite("Conformance")
struct ConformanceSummaryTests {
    @Test("the fixture set is non-trivial")
    func fixtureSet() {
        let total = ConformanceFixture.files.reduce(0) { $0 + $1.fixtures }
        #expect(total >= 120, "only \(total) conformance fixtures")
        var summary = "Conformance fixtures: \(total) in \(ConformanceFixture.files.count) files\n"
        for f in ConformanceFixture.files {
            summary += "  \(f.file): \(f.fixtures) fixtures, \(f.knownFailures) known-failure, \(f.unverified) unverified\n"
        }
        print(summary, terminator: "")
    }
}
