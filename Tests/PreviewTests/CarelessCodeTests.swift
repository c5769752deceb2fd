import Foundation
import Testing
import LayoutTestSupport
@testable import PreviewHost
import PreviewNaming

/// Issue 37's careless and hostile code, headless: each case fails alone, with the message it
/// must give, or renders what was asked for — never something else, silently.
@Suite("Careless code: names, #if, traps, depth, parallel builds, manifests")
struct CarelessCodeTests {
    /// Two previews of one name, one named as the first's made-up second name, one that differs
    /// only in case, and a layout named as a built-in one.
    static let names = """
        import SwiftUI

        struct Radial: Layout {
            func sizeThatFits(proposal: ProposedViewSize, subviews: Subviews, cache: inout ()) -> CGSize { CGSize(width: 10, height: 10) }
            func placeSubviews(in bounds: CGRect, proposal: ProposedViewSize, subviews: Subviews, cache: inout ()) {
                for s in subviews { s.place(at: bounds.origin, proposal: .unspecified) }
            }
        }

        #Preview("Same") { Color.red.frame(width: 10, height: 10).id("first") }
        #Preview("Same") { Color.red.frame(width: 20, height: 20).id("second") }
        #Preview("Same (2)") { Color.red.frame(width: 30, height: 30).id("own") }
        #Preview("Rocket") { Color.red.frame(width: 40, height: 40).id("rocket") }
        #Preview("Case") { Color.red.frame(width: 50, height: 50).id("case") }
        #Preview("CASE") { Color.red.frame(width: 60, height: 60).id("CASE") }
        #Preview("Preview 2") { Color.red.frame(width: 70, height: 70).id("named") }
        #Preview { Color.red.frame(width: 80, height: 80).id("unnamed1") }
        #Preview { Color.red.frame(width: 90, height: 90).id("unnamed2") }
        #Preview("🌙") { Color.red.frame(width: 15, height: 15).id("moon") }
        """

    @Test func namesResolveExactlyOrFailListingTheChoices() throws {
        let ws = try Workspace("names")
        let file = try ws.write("Names.swift", Self.names)
        let list = try runLayoutlab(["render", "--source", file.path, "--list"], in: ws)
        #expect(list.status == 0, "\(list.stderr)")
        // The second "Same" skips "Same (2)", which is the person's own; so does the second
        // unnamed preview skip "Preview 2".
        let previews = list.stdout.split(separator: "\n").compactMap { $0.split(separator: "\t").first?.trimmingCharacters(in: .whitespaces) }
        #expect(Array(previews.dropFirst().prefix(10)) == ["Same", "Same (3)", "Same (2)", "Rocket", "Case", "CASE", "Preview 2", "Preview", "Preview 3", "🌙"],
                "\(list.stdout)")

        func render(_ preview: String) throws -> (ProcessOutput, [String: CGRect]) {
            let json = ws.url("out-\(UUID().uuidString).json")
            let out = try runLayoutlab(["render", "--source", file.path, "--preview", preview, "--json", json.path], in: ws)
            return (out, out.status == 0 ? try framesByID(json) : [:])
        }
        let choices = "(previews: 'Same', 'Same (3)', 'Same (2)', 'Rocket', 'Case', 'CASE', 'Preview 2', 'Preview', 'Preview 3', '🌙')"
        // Names with no letter or digit used to match the first such preview (here 🌙).
        for name in ["🚀", ""] {
            let (out, _) = try render(name)
            #expect(out.status == 2, "'\(name)': \(out.stderr)")
            #expect(out.stderr.contains("layoutlab: render: no preview '\(name)' \(choices)"), "\(out.stderr)")
        }
        #expect(try render("🌙").1["moon"] != nil)
        #expect(try render("Same (2)").1["own"] != nil)
        #expect(try render("Same (3)").1["second"] != nil)
        #expect(try render("Preview 2").1["named"] != nil)
        #expect(try render("Preview 3").1["unnamed2"] != nil)
        // Ignoring case picks a name only when one name matches.
        #expect(try render("rocket").1["rocket"] != nil)
        #expect(try render("CASE").1["CASE"] != nil)
        let (ambiguous, _) = try render("case")
        #expect(ambiguous.status == 2)
        #expect(ambiguous.stderr.contains("layoutlab: render: --preview 'case' matches more than one preview ('Case', 'CASE'); give the exact name"),
                "\(ambiguous.stderr)")
    }

    @Test func aPersonsLayoutIsNeverShadowedByABuiltInOne() throws {
        let ws = try Workspace("shadow")
        let file = try ws.write("Names.swift", Self.names)
        let list = try runLayoutlab(["render", "--source", file.path, "--list"], in: ws)
        #expect(list.stdout.contains("Layouts:\n  Radial\n"), "\(list.stdout)")
        #expect(list.stdout.contains("  Radial (built-in)\n"), "\(list.stdout)")
        func rootSize(_ layout: String) throws -> (ProcessOutput, Double?) {
            let json = ws.url("out-\(UUID().uuidString).json")
            let out = try runLayoutlab(["render", "--source", file.path, "--scene", "capsules", "--layout", layout, "--json", json.path], in: ws)
            guard out.status == 0 else { return (out, nil) }
            let object = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: json)) as? [String: Any])
            return (out, (object["rootSize"] as? [String: Any])?["width"] as? Double)
        }
        // The person's Radial is 10 points wide whatever it holds; the built-in is much wider.
        #expect(try rootSize("Radial").1 == 10)
        #expect(try rootSize("radial").1 == 10)
        let builtIn = try #require(try rootSize("Radial (built-in)").1)
        #expect(builtIn > 100)
        let (unknown, _) = try rootSize("Spiral")
        #expect(unknown.status == 2)
        #expect(unknown.stderr.contains("layoutlab: render: unknown layout 'Spiral' (one of: 'HStack', 'VStack', 'ZStack', 'Flow', 'Radial (built-in)', "),
                "\(unknown.stderr)")
    }

    @Test func codeThatIfLeavesOutIsLeftOut() throws {
        let ws = try Workspace("ifconfig")
        let file = try ws.write("Platforms.swift", """
            import SwiftUI

            #if os(iOS)
            #Preview("Phone") { Color.red }
            #elseif os(Linux)
            #Preview("Linux") { Color.green.frame(width: 10, height: 10).id("linux") }
            #endif

            #if canImport(UIKit)
            import UIKit
            struct Phone_Previews: PreviewProvider {
                static var previews: some View { Color.blue }
            }
            #endif

            #if canImport(SwiftUI) && DEBUG
            #Preview("Everywhere") { Color.gray }
            #endif

            #if os(macOS)
            struct Mac: Layout {
                func sizeThatFits(proposal: ProposedViewSize, subviews: Subviews, cache: inout ()) -> CGSize { .zero }
                func placeSubviews(in bounds: CGRect, proposal: ProposedViewSize, subviews: Subviews, cache: inout ()) {}
            }
            #endif
            """)
        let list = try runLayoutlab(["render", "--source", file.path, "--list"], in: ws)
        #expect(list.status == 0, "\(list.stderr)")
        #expect(!list.stderr.contains("undefined reference"), "\(list.stderr)")
        let lines = list.stdout.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
        #expect(lines.contains { $0.hasPrefix("Linux\t") } && lines.contains { $0.hasPrefix("Everywhere\t") }, "\(list.stdout)")
        #expect(!lines.contains { $0.hasPrefix("Phone") || $0 == "Mac" }, "\(list.stdout)")
    }

    @Test func aTrappingProviderOrLayoutFailsAlone() throws {
        let ws = try Workspace("traps")
        let file = try ws.write("Traps.swift", """
            import SwiftUI

            struct Trapping: Layout {
                init() { fatalError("Trapping.init gave up") }
                func sizeThatFits(proposal: ProposedViewSize, subviews: Subviews, cache: inout ()) -> CGSize { .zero }
                func placeSubviews(in bounds: CGRect, proposal: ProposedViewSize, subviews: Subviews, cache: inout ()) {}
            }

            struct Boom_Previews: PreviewProvider {
                static var previews: some View {
                    let missing: Int? = nil
                    return Color.blue.frame(width: CGFloat(missing!))
                }
            }

            struct Fine_Previews: PreviewProvider {
                static var previews: some View { Color.green.frame(width: 10, height: 10).id("fine") }
            }

            #Preview("Good") { Color.red.frame(width: 20, height: 20).id("good") }
            """)
        let list = try runLayoutlab(["render", "--source", file.path, "--list"], in: ws)
        #expect(list.status == 0, "\(list.stderr)")
        for name in ["Boom_Previews", "Fine_Previews", "Good", "Trapping"] {
            #expect(list.stdout.contains("  \(name)"), "\(name): \(list.stdout)")
        }
        for (preview, id) in [("Good", "good"), ("Fine_Previews", "fine")] {
            let json = ws.url("\(id).json")
            let out = try runLayoutlab(["render", "--source", file.path, "--preview", preview, "--json", json.path], in: ws)
            #expect(out.status == 0, "\(out.stderr)")
            #expect(try framesByID(json)[id] != nil)
        }
        let boom = try runLayoutlab(["render", "--source", file.path, "--preview", "Boom_Previews", "--json", ws.url("boom.json").path], in: ws)
        #expect(boom.status == 1)
        #expect(boom.stderr.contains("PreviewProvider Boom_Previews could not make its previews: ")
                && boom.stderr.contains("Fatal error: Unexpectedly found nil while unwrapping an Optional value"), "\(boom.stderr)")
        let layout = try runLayoutlab(["render", "--source", file.path, "--scene", "capsules", "--layout", "Trapping", "--json", ws.url("t.json").path], in: ws)
        #expect(layout.status == 1)
        #expect(layout.stderr.contains("layoutlab: The preview crashed: ") && layout.stderr.contains("Fatal error: Trapping.init gave up"),
                "\(layout.stderr)")
    }

    /// A million bodies nested: more than a build's stack holds (a hundred thousand fit), as a
    /// body that recurses without end is.
    @Test func viewsNestedTooDeeplyAreAnErrorNotAnEmptyExport() throws {
        let ws = try Workspace("deep")
        let file = try ws.write("Deep.swift", """
            import SwiftUI

            struct Nest: View {
                let n: Int
                var body: some View {
                    if n == 0 { Color.red.frame(width: 10, height: 10).id("leaf") } else { Nest(n: n - 1) }
                }
            }

            #Preview("Deep") { Nest(n: 1_000_000) }
            """)
        let json = ws.url("deep.json")
        let out = try runLayoutlab(["render", "--source", file.path, "--json", json.path], in: ws)
        #expect(out.status == 1)
        #expect(out.stderr.contains("layoutlab: render: views are nested more than 10000 levels deep; the deeper ones were left out "
                                    + "(is a view's body recursive without end?); nothing was written, as the export would be incomplete"),
                "\(out.stderr)")
        #expect(!FileManager.default.fileExists(atPath: json.path))
    }

    /// CI renders in parallel: three cold renders of one file share one build folder.
    @Test func parallelColdRendersOfOneFileAllSucceed() throws {
        let ws = try Workspace("parallel")
        let file = try ws.write("Sample.swift", sampleSource)
        let outcomes = Outcomes()
        let binary = try layoutlabBinary(), environment = ws.environment, root = ws.root
        DispatchQueue.concurrentPerform(iterations: 3) { k in
            let json = root.appendingPathComponent("row-\(k).json")
            let out = Result {
                try runProcess(binary, ["render", "--source", file.path, "--preview", "Row", "--json", json.path],
                               environment: environment, timeout: 240, outputDirectory: root)
            }
            outcomes.add(k, out.map { ($0.status, $0.stderr, (try? framesByID(json))?["row"] != nil) })
        }
        for (k, outcome) in outcomes.all {
            let (status, stderr, rendered) = try outcome.get()
            #expect(status == 0 && rendered, "render \(k): \(stderr)")
        }
    }

    @Test func aFileThatCannotBeReadSaysSoOnItsOwnLine() throws {
        let ws = try Workspace("unreadable")
        let file = ws.url("garbage.swift")
        try Data([0x69, 0x6d, 0xff, 0xfe, 0x00, 0xc3, 0x28]).write(to: file)
        let out = try runLayoutlab(["render", "--source", file.path, "--list"], in: ws)
        #expect(out.status == 1)
        let lines = out.stderr.split(separator: "\n").map(String.init)
        #expect(lines.contains("\(file.path):1:1: error: cannot read this file: it is not UTF-8 text (is it a Swift source file?)"), "\(out.stderr)")
        #expect(lines.contains("layoutlab: garbage.swift did not compile"), "\(out.stderr)")
    }

    @Test func aLargeFileSaysWhatIsTakingTime() throws {
        let ws = try Workspace("large")
        // 1.2 MB, most of it a comment: quick to compile, as large as files that take seconds.
        let padding = String(repeating: "// A generated line of text that only makes the file large.\n", count: 20_000)
        let file = try ws.write("Big.swift", "import SwiftUI\n" + padding + "#Preview(\"Big\") { Color.red.frame(width: 10, height: 10) }\n")
        let out = try runLayoutlab(["render", "--source", file.path, "--list"], in: ws)
        #expect(out.status == 0, "\(out.stderr)")
        #expect(out.stderr.contains("layoutlab: reading Big.swift (1.2 MB of Swift; a file this large takes a while)…"), "\(out.stderr)")
        #expect(out.stderr.contains("layoutlab: compiling PreviewedCode (1.2 MB of Swift)…"), "\(out.stderr)")
    }
}

/// Results written by concurrent renders.
private final class Outcomes: @unchecked Sendable {
    private let lock = NSLock()
    private var values: [Int: Result<(Int32, String, Bool), any Error>] = [:]
    func add(_ k: Int, _ r: Result<(Int32, String, Bool), any Error>) { lock.withLock { values[k] = r } }
    var all: [(Int, Result<(Int32, String, Bool), any Error>)] { lock.withLock { values.sorted { $0.key < $1.key } } }
}

@Suite("Commands with a time limit")
struct ProcessRunnerTests {
    /// What a command started and left running (a manifest's process) dies with it, and the
    /// output pipe it holds is not waited on for ever.
    // Without a limit of its own, a runner that waits for the pipes would hang the test run.
    @Test(.timeLimit(.minutes(1))) func aTimeoutKillsTheWholeProcessGroup() throws {
        let start = Date()
        let run = ProcessRunner.run("/bin/sh", ["-c", "sleep 1000 & echo $!; wait"], timeout: 1)
        #expect(run.timedOut)
        #expect(Date().timeIntervalSince(start) < 1 + ProcessRunner.grace + 2)
        let pid = try #require(Int32(String(decoding: run.stdout, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)))
        #expect(!Self.isRunning(pid), "the background sleep outlived the command")
    }

    /// A process left behind by a command that ended is stopped too.
    @Test(.timeLimit(.minutes(1))) func whatACommandLeavesRunningIsStopped() throws {
        let run = ProcessRunner.run("/bin/sh", ["-c", "(sleep 1000 > /dev/null 2>&1 &) ; sleep 1000 & echo $!"], timeout: 30)
        #expect(!run.timedOut && run.status == 0)
        let pid = try #require(Int32(String(decoding: run.stdout, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)))
        #expect(!Self.isRunning(pid))
    }

    @Test(.timeLimit(.minutes(2))) func aLoopingManifestIsStoppedWithAMessage() throws {
        let ws = try Workspace("manifest-loop")
        let pidFile = ws.url("manifest.pid")
        try ws.write("Package.swift", """
            // swift-tools-version: 5.9
            import PackageDescription
            import Foundation
            try! "\\(getpid())".write(toFile: "\(pidFile.path)", atomically: true, encoding: .utf8)
            while true {}
            let package = Package(name: "Loop", targets: [.target(name: "Loop")])
            """)
        try ws.write("Sources/Loop/Loop.swift", "import SwiftUI\n")
        let start = Date()
        var message = ""
        do {
            _ = try PreviewProject.load(path: ws.root.path, manifestTimeout: 40)
            Issue.record("a looping manifest loaded")
        } catch {
            message = error.message
        }
        // Stopped at the timeout, not left to the test's two-minute limit. The margin is wide: on a
        // loaded 2-core machine (CI runs suites side by side) stopping `swift package` and its
        // children took 28 s past the grace once.
        #expect(Date().timeIntervalSince(start) < 40 + ProcessRunner.grace + 60)
        #expect(message == "\(ws.root.path): reading Package.swift did not finish within 40 s and was stopped (does the manifest loop?); "
                + "set LAYOUTLAB_MANIFEST_TIMEOUT=SECONDS to allow longer", "\(message)")
        // The manifest ran (it wrote its process id) and does not run any more.
        let pid = try #require(Int32((try? String(contentsOf: pidFile, encoding: .utf8)) ?? ""), "the manifest never ran")
        #expect(!Self.isRunning(pid), "the manifest process \(pid) outlived the load")
    }

    /// Gone, or a zombie no one waited for (this container's init does not reap).
    static func isRunning(_ pid: Int32) -> Bool {
        usleep(200_000)
        guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8), let close = stat.lastIndex(of: ")") else { return false }
        return stat[close...].dropFirst(2).first != "Z"
    }
}

private let hasDisplay = ProcessInfo.processInfo.environment["DISPLAY"].map { !$0.isEmpty } ?? false

@Suite("A broken file in the window", .enabled(if: hasDisplay, "needs an X server (run under xvfb-run -a)"))
struct BrokenFileWindowTests {
    /// Opened on a file that does not compile, the window showed the scene it laid out for
    /// itself (an 800×600 capsules layout) under a panel speaking of a "last" preview.
    @Test func opensOnNothingAndSaysSo() throws {
        let ws = try Workspace("broken-window")
        let file = try ws.write("Broken.swift", "import SwiftUI\n#Preview(\"X\") { Color.red.frame(width: 10\n")
        let shots = ws.url("shots")
        let script = try ws.write("script.txt", "settle\npreview-status status\nframes frames\n")
        let out = try runLayoutlab(["preview", file.path, "--automation", script.path, "--screenshot-dir", shots.path], in: ws, timeout: 180)
        #expect(out.status == 0, "\(out.stderr)")
        let panel = try status(shots.appendingPathComponent("status.json"))
        #expect(panel["status"] as? String == "compileFailed")
        #expect(panel["panelTitle"] as? String == "Broken.swift does not compile — nothing to show yet. Fix it and save.")
        let frames = try status(shots.appendingPathComponent("frames.json"))
        #expect(frames["viewCount"] as? Int == 0, "\(frames)")
        #expect((frames["items"] as? [Any])?.isEmpty == true)
    }
}

@Suite("Picking by name")
struct NameMatchTests {
    @Test func exactThenOneIgnoringCaseThenOneIgnoringPunctuation() {
        let names = ["Same", "SAME", "Rocket", "Equal-width HStack", "🚀"]
        #expect(NameMatch.resolve("SAME", among: names) == .found(1))
        #expect(NameMatch.resolve("same", among: names) == .ambiguous([0, 1]))
        #expect(NameMatch.resolve("rocket", among: names) == .found(2))
        #expect(NameMatch.resolve("equal-width-hstack", among: names) == .found(3))
        #expect(NameMatch.resolve("🚀", among: names) == .found(4))
        // No letter or digit: only an exact name matches (these picked the first name).
        #expect(NameMatch.resolve("🌙", among: names) == NameMatch.none)
        #expect(NameMatch.resolve("", among: names) == NameMatch.none)
    }

    @Test func madeUpNamesNeverTakeARealOne() {
        #expect(NameMatch.unique(["Same", "Same", "Same (2)"]) == ["Same", "Same (3)", "Same (2)"])
        #expect(NameMatch.unique(["A", "A", "A"]) == ["A", "A (2)", "A (3)"])
        #expect(NameMatch.unique(["Preview", "Preview 2", "Preview 2"]) == ["Preview", "Preview 2", "Preview 2 (2)"])
    }
}
