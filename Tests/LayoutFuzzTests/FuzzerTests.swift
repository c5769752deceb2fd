import Testing
import Foundation
import SwiftUI
import LayoutGallery
@testable import LayoutFuzzing

/// The fuzzer of issue 12, run in the test command: a few thousand random trees (with bad values
/// 15 % of the time, and without) must keep every invariant of `FuzzChecker`.
/// `LAYOUTLAB_RANDOM_TREES=N[:SEED]` runs N trees of each kind (or another seed); a long run is
/// `meson-helpers/run-fuzz`.
@Suite("Fuzzer")
struct FuzzerTests {
    @Test(arguments: [15, 0] as [UInt64]) func randomTreesKeepTheInvariants(badPercent: UInt64) {
        let setting = ProcessInfo.processInfo.environment["LAYOUTLAB_RANDOM_TREES"]?.split(separator: ":").compactMap { UInt64($0) } ?? []
        let count = setting.first.map(Int.init) ?? 1_500
        let report = Fuzzer.run(trees: count, seed: setting.count > 1 ? setting[1] : 2026_11_23, badPercent: badPercent)
        #expect(report.passed + report.failed == count)
        #expect(report.failed == 0, "\(report.summary)\n\(report.findings.prefix(3).map(\.report).joined(separator: "\n\n"))")
    }

    /// The generator reaches every container, leaf and modifier within a few hundred trees.
    @Test func generatorCoversEveryKind() {
        var seen = Set<String>()
        func visit(_ v: FuzzView) {
            switch v {
            case .container(let c, _): seen.insert("\(c)".prefix { $0 != "(" }.description)
            case .modified(_, let m): seen.insert("\(m)".prefix { $0 != "(" }.description)
            default: seen.insert("\(v)".prefix { $0 != "(" }.description)
            }
            v.children.forEach(visit)
        }
        for i in 0..<400 { visit(Fuzzer.cases(seed: 7, index: i)[0].view) }
        let expected = ["text", "color", "shape", "spacer", "divider", "image", "grid", "gridRow", "layered",
                        "hStack", "vStack", "zStack", "viewThatFits", "scrollView", "anyLayout", "flow", "radial", "equalWidth", "misbehaving",
                        "frame", "flexibleFrame", "padding", "offset", "position", "aspectRatio", "fixedSize", "layoutPriority",
                        "horizontalGuide", "verticalGuide", "gridCellColumns", "id", "zIndex", "radialRank", "font"]
        #expect(Set(expected).subtracting(seen).isEmpty, "never generated: \(Set(expected).subtracting(seen).sorted())")
    }

    /// Every tree of a run can be made again on its own, and the same seed gives the same trees.
    @Test func treesAreReproducible() {
        #expect(Fuzzer.cases(seed: 3, index: 41).map { $0.json() } == Fuzzer.cases(seed: 3, index: 41).map { $0.json() })
        #expect(Fuzzer.cases(seed: 3, index: 41)[0].json() != Fuzzer.cases(seed: 3, index: 42)[0].json())
        #expect(Fuzzer.cases(seed: 3, index: 41)[0].json() != Fuzzer.cases(seed: 4, index: 41)[0].json())
    }

    /// A case survives the JSON round trip the child processes use, NaN and infinities included.
    @Test func casesRoundTripThroughJSON() throws {
        for i in 0..<50 {
            for c in Fuzzer.cases(seed: 11, index: i) {
                let back = try FuzzCase.from(json: Data(c.json().utf8))
                #expect(back.json() == c.json())
            }
        }
        let c = FuzzCase(view: .modified(.color(0), .offset(x: .nan, y: -.infinity)), width: .nan, height: nil)
        #expect(try FuzzCase.from(json: Data(c.json().utf8)).json() == c.json())
    }

    /// The views of a container are its subviews, as a `@ViewBuilder` closure's are.
    @Test func containerChildrenAreSubviews() {
        let tree = FuzzView.container(.hStack(alignment: 1, spacing: 0), [.modified(.color(0), .id(1)), .modified(.color(1), .id(2)), .modified(.color(2), .id(3))])
        let r = LayoutHost.layout(tree.makeView(), in: CGSize(width: 300, height: 100))
        #expect(r.frame(of: "v1") == CGRect(x: 0, y: 0, width: 100, height: 100))
        #expect(r.frame(of: "v3") == CGRect(x: 200, y: 0, width: 100, height: 100))
        #expect(r.diagnostics.isEmpty, "\(r.diagnostics)")
    }

    /// The minimiser keeps what makes a case fail and drops the rest.
    @Test func minimiserFindsTheSmallestFailingTree() {
        // "Fails" while the tree has a layout that places nothing, with a subview.
        func hasCulprit(_ v: FuzzView) -> Bool {
            if case .container(.misbehaving(.placesNothing), let kids) = v, !kids.isEmpty { return true }
            return v.children.contains(where: hasCulprit)
        }
        let culprit = FuzzView.container(.misbehaving(.placesNothing), [.text("Hello", repeats: 3, fontSize: 12), .divider])
        let big = FuzzView.container(.vStack(alignment: 0, spacing: 4), [
            .modified(.color(1), .padding(edges: 0, length: 3)),
            .layered(.container(.hStack(alignment: 0, spacing: nil), [.divider, culprit]), .color(2), overlay: true, alignment: 0),
            .grid(horizontalSpacing: nil, verticalSpacing: 1, rows: [.gridRow(alignment: nil, [.color(0), .spacer(minLength: nil)])]),
        ])
        let minimal = FuzzShrinker.minimise(FuzzCase(view: big, width: .nan, height: 300)) { hasCulprit($0.view) }
        // The culprit with one plain subview (the divider, tried before the text) and nothing around it.
        #expect(minimal.view == .container(.misbehaving(.placesNothing), [.divider]))
        #expect(minimal.width == 100 && minimal.height == 100)
        #expect(minimal.swiftUICode.contains("MisbehavingLayout(.placesNothing) {\n    Divider()\n}"), "\(minimal.swiftUICode)")
    }

    /// The printed reproducer is SwiftUI code for the same tree (bad numbers spelled as Swift).
    @Test func reproducerIsSwiftUICode() {
        let c = FuzzCase(view: .modified(.container(.hStack(alignment: 0, spacing: .nan), [.text("a\nb", repeats: 1, fontSize: nil), .spacer(minLength: -.infinity)]),
                                         .frame(width: .infinity, height: nil, alignment: 1)), width: 1e308, height: nil)
        #expect(c.swiftUICode == """
            let view = HStack(alignment: .top, spacing: .nan) {
                Text("a\\nb")
                Spacer(minLength: -.infinity)
            }
            .frame(width: .infinity, height: nil, alignment: .topLeading)
            let result = LayoutHost(view).layout(proposal: ProposedViewSize(width: 1e+308, height: nil))
            """)
    }

    /// The checker's invariants can fail: a missing diagnostic, a missing id.
    @Test func checkerReportsBrokenInvariants() {
        // The reporter only trusts what is certain: a NaN frame width is diagnosed by the engine.
        #expect(FuzzChecker.check(FuzzCase(view: .modified(.color(0), .frame(width: .nan, height: nil, alignment: 0)), width: 10, height: 10)) == nil)
        #expect(FuzzChecker.expectedDiagnostics(FuzzCase(view: .modified(.color(0), .frame(width: .nan, height: nil, alignment: 0)), width: 10, height: 10)).count == 1)
        #expect(FuzzChecker.expectedDiagnostics(FuzzCase(view: .color(0), width: -1, height: .nan)).count == 2)
        // A view inside ViewThatFits may never be placed: its bad offset is not required to be reported.
        #expect(FuzzChecker.expectedDiagnostics(FuzzCase(view: .container(.viewThatFits(axes: 2), [.modified(.color(0), .offset(x: .nan, y: 0))]), width: 10, height: 10)).isEmpty)
        let a = LayoutHost.layout(Color.red.frame(width: 10), in: CGSize(width: 50, height: 50))
        let b = LayoutHost.layout(Color.red.frame(width: 11), in: CGSize(width: 50, height: 50))
        #expect(FuzzChecker.difference(a, a) == nil)
        #expect(FuzzChecker.difference(a, b) != nil)
    }
}
