import Foundation
import Testing
#if canImport(FoundationXML)
import FoundationXML
#endif

/// Screens as an app's code has them: a profile card whose padding a test changes, a settings
/// list, and a badge that sizes itself.
func snapshotScreens(cardPadding: Int = 16, extraPreview: String = "") -> String {
    """
    import SwiftUI

    struct ProfileCard: View {
        var body: some View {
            VStack(alignment: .leading, spacing: 12) {
                HStack(spacing: 12) {
                    Circle().fill(Color.blue).frame(width: 56, height: 56).id("avatar")
                    VStack(alignment: .leading, spacing: 4) {
                        Text("Ada Lovelace").font(.headline).id("name")
                        Text("Analyst, London").font(.subheadline).foregroundStyle(.secondary).id("role")
                    }
                    Spacer()
                }
                Text("Wrote the first algorithm meant for a machine.").id("bio")
                HStack {
                    Button("Follow") {}.buttonStyle(.borderedProminent).id("follow")
                    Button("Message") {}.buttonStyle(.bordered).id("message")
                }
            }
            .padding(\(cardPadding))
            .background(RoundedRectangle(cornerRadius: 16).fill(Color.gray.opacity(0.15)))
            .padding()
        }
    }

    struct SettingsList: View {
        @State private var wifi = true
        var body: some View {
            List {
                Section("Network") {
                    Toggle("Wi-Fi", isOn: $wifi).id("wifi")
                    HStack { Text("Bluetooth"); Spacer(); Text("On").foregroundStyle(.secondary) }.id("bluetooth")
                }
                Section("General") {
                    Text("About").id("about")
                    Text("Software Update").id("update")
                }
            }
        }
    }

    #Preview("Profile card") { ProfileCard() }
    #Preview("Settings") { SettingsList() }
    #Preview("Badge", traits: .sizeThatFitsLayout) {
        Text("New").padding(6).background(Capsule().fill(Color.red)).id("badge")
    }
    \(extraPreview)
    """
}

/// The test cases of a JUnit XML file, by name, with what each holds (`failure`, `skipped`, `error`).
final class JUnitCases: NSObject, XMLParserDelegate {
    var cases: [String: [String]] = [:]
    var suites = 0
    private var current: String?

    init(_ url: URL) throws {
        super.init()
        let parser = try #require(XMLParser(contentsOf: url))
        parser.delegate = self
        #expect(parser.parse(), "junit.xml does not parse: \(String(describing: parser.parserError))")
    }

    func parser(_ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?, attributes: [String: String] = [:]) {
        switch name {
        case "testsuite": suites += 1
        case "testcase":
            current = attributes["name"]
            if let current { cases[current] = [] }
        case "failure", "skipped", "error": if let current { cases[current, default: []].append(name) }
        default: break
        }
    }
}

@Suite("layoutlab snapshot")
struct SnapshotCommandTests {
    @Test func recordsEveryPreviewAndVerifiesThemUnchanged() throws {
        let ws = try Workspace("snapshot-record")
        let file = try ws.write("Screens.swift", snapshotScreens())
        let dir = ws.url("Baselines").path
        let record = try runLayoutlab(["snapshot", "record", file.path, "--dir", dir], in: ws)
        #expect(record.status == 0, "\(record.stderr)")
        let names = try FileManager.default.contentsOfDirectory(atPath: dir).sorted()
        #expect(names == ["Badge.json", "Badge.png", "Profile-card.json", "Profile-card.png", "Settings.json", "Settings.png"])
        // The JSON is render --json's, with the settings it was made in.
        let card = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: ws.url("Baselines/Profile-card.json"))) as? [String: Any])
        let snapshot = try #require(card["snapshot"] as? [String: Any])
        #expect(snapshot["preview"] as? String == "Profile card")
        #expect((snapshot["proposal"] as? [String: Double]) == ["width": 393, "height": 852])
        let frames = try framesByID(ws.url("Baselines/Profile-card.json"))
        #expect(frames["avatar"]?.size == CGSize(width: 56, height: 56))
        // The badge keeps its own size: it is as wide as its text and padding, not the phone.
        let badge = try framesByID(ws.url("Baselines/Badge.json"))
        #expect(try #require(badge["badge"]).width < 100)

        let verify = try runLayoutlab(["snapshot", "verify", file.path, "--dir", dir], in: ws)
        #expect(verify.status == 0, "\(verify.stdout)\(verify.stderr)")
        #expect(verify.stdout.contains("Passed: 3 matched"))
    }

    /// The README's CI recipe, as its workflow runs it: the example's committed baselines match
    /// what this checkout lays out and draws (an engine change that moves them must record them
    /// again, in the same commit).
    @Test func theExamplesCommittedBaselinesVerify() throws {
        let ws = try Workspace("snapshot-example")
        let checkout = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let example = checkout.appendingPathComponent("Resources/examples/SnapshotTesting")
        let verify = try runLayoutlab(["snapshot", "verify", example.appendingPathComponent("Settings.swift").path,
                                       "--dir", example.appendingPathComponent("Baselines").path,
                                       "--report", ws.url("report").path], in: ws)
        #expect(verify.status == 0, "\(verify.stdout)\n\(verify.stderr.suffix(2000))")
        #expect(verify.stdout.contains("Passed: 6 matched"), "\(verify.stdout)")
    }

    @Test func aChangedPaddingFailsWithAReportNamingThePreviewAndTheMovedViews() throws {
        let ws = try Workspace("snapshot-padding")
        let file = try ws.write("Screens.swift", snapshotScreens(cardPadding: 16))
        let dir = ws.url("Baselines").path
        #expect(try runLayoutlab(["snapshot", "record", file.path, "--dir", dir], in: ws).status == 0)
        try ws.write("Screens.swift", snapshotScreens(cardPadding: 24))
        let report = ws.url("Report")
        let verify = try runLayoutlab(["snapshot", "verify", file.path, "--dir", dir, "--report", report.path], in: ws)
        #expect(verify.status == 1, "\(verify.stdout)\(verify.stderr)")
        #expect(verify.stdout.contains("FAIL Profile-card: differs"))
        #expect(!verify.stdout.contains("FAIL Settings"))

        let html = try String(contentsOf: report.appendingPathComponent("index.html"), encoding: .utf8)
        #expect(html.contains("<h3>Profile card</h3>"))
        // The avatar moved 8 pt right (the padding grew from 16 to 24): old frame → new frame.
        #expect(html.contains("<code>avatar</code>"))
        #expect(html.contains("(32, 349.3) 56×56") && html.contains("(40, 349.3) 56×56"), "\(html)")
        for role in ["baseline", "new", "diff"] {
            let image = report.appendingPathComponent("images/Profile-card.\(role).png")
            #expect(FileManager.default.fileExists(atPath: image.path), "\(role)")
            #expect(html.contains("images/Profile-card.\(role).png"))
        }
        #expect(!FileManager.default.fileExists(atPath: report.appendingPathComponent("images/Settings.new.png").path))

        let junit = try JUnitCases(report.appendingPathComponent("junit.xml"))
        #expect(junit.suites == 1)
        #expect(junit.cases == ["Profile-card": ["failure"], "Settings": [], "Badge": []])
    }

    @Test func aPreviewWithoutABaselineOrABaselineWithoutAPreviewFailsOnlyWhenStrict() throws {
        let ws = try Workspace("snapshot-missing")
        let file = try ws.write("Screens.swift", snapshotScreens())
        let dir = ws.url("Baselines").path
        #expect(try runLayoutlab(["snapshot", "record", file.path, "--dir", dir], in: ws).status == 0)
        try ws.write("Screens.swift", snapshotScreens(extraPreview: #"#Preview("Welcome / Home 👋") { Text("Hello") }"#))

        let lenient = try runLayoutlab(["snapshot", "verify", file.path, "--dir", dir, "--report", ws.url("R1").path], in: ws)
        #expect(lenient.status == 0, "\(lenient.stdout)\(lenient.stderr)")
        #expect(lenient.stdout.contains("note Welcome-Home: no-baseline"))
        #expect(try JUnitCases(ws.url("R1/junit.xml")).cases["Welcome-Home"] == ["skipped"])
        // The new preview's image is in the report, to look at before recording it.
        #expect(FileManager.default.fileExists(atPath: ws.url("R1/images/Welcome-Home.new.png").path))

        let strict = try runLayoutlab(["snapshot", "verify", file.path, "--dir", dir, "--strict", "--report", ws.url("R2").path], in: ws)
        #expect(strict.status == 1)
        #expect(strict.stdout.contains("FAIL Welcome-Home: no-baseline"))
        #expect(try JUnitCases(ws.url("R2/junit.xml")).cases["Welcome-Home"] == ["failure"])

        // A preview removed from the code leaves its baseline behind: listed, failing when strict.
        let withoutBadge = snapshotScreens().replacingOccurrences(of: "#Preview(\"Badge\"", with: "#Preview(\"Unused\"")
            .replacingOccurrences(of: ".id(\"badge\")", with: ".id(\"unused\")")
        try ws.write("Screens.swift", withoutBadge)
        let gone = try runLayoutlab(["snapshot", "verify", file.path, "--dir", dir], in: ws)
        #expect(gone.status == 0, "\(gone.stdout)\(gone.stderr)")
        #expect(gone.stdout.contains("note Badge: no-preview: no preview is called 'Badge' any more"))
        #expect(try runLayoutlab(["snapshot", "verify", file.path, "--dir", dir, "--strict"], in: ws).status == 1)
    }

    @Test func usageAndCompileErrorsExitWithStatusTwo() throws {
        let ws = try Workspace("snapshot-usage")
        let file = try ws.write("Screens.swift", snapshotScreens())
        let dir = ws.url("Baselines").path
        // No baselines folder yet.
        let missing = try runLayoutlab(["snapshot", "verify", file.path, "--dir", dir], in: ws)
        #expect(missing.status == 2)
        #expect(missing.stderr.contains("record them first"))
        #expect(try runLayoutlab(["snapshot", "record", file.path, "--dir", dir, "--variants", "colour"], in: ws).status == 2)
        #expect(try runLayoutlab(["snapshot", "verify", file.path, "--dir", dir, "--tolerance", "150%"], in: ws).status == 2)
        #expect(try runLayoutlab(["snapshot", "verify", file.path], in: ws).status == 2)
        #expect(try runLayoutlab(["snapshot", "record", file.path, "--dir", dir], in: ws).status == 0)

        let broken = try ws.write("Broken.swift", "import SwiftUI\n#Preview(\"Oops\") { Text(\"x\").padding(nope) }\n")
        let compile = try runLayoutlab(["snapshot", "verify", broken.path, "--dir", dir], in: ws)
        #expect(compile.status == 2)
        #expect(compile.stderr.contains("Broken.swift:2:"), "\(compile.stderr)")
        #expect(compile.stderr.contains("did not compile"))
    }

    @Test func variantsAreWrittenOneSettingAtATimeUnderTheirNames() throws {
        let ws = try Workspace("snapshot-variants")
        let file = try ws.write("Screens.swift", snapshotScreens())
        let dir = ws.url("Baselines").path
        let record = try runLayoutlab(["snapshot", "record", file.path, "--dir", dir, "--variants", "all"], in: ws)
        #expect(record.status == 0, "\(record.stderr)")
        let names = Set(try FileManager.default.contentsOfDirectory(atPath: dir).filter { $0.hasSuffix(".png") }.map { String($0.dropLast(4)) })
        let environmentVariants = ["light", "dark", "ltr", "rtl", "xSmall", "small", "medium", "large", "xLarge", "xxLarge", "xxxLarge",
                                   "accessibility1", "accessibility2", "accessibility3", "accessibility4", "accessibility5"]
        let devices = ["iphone-se", "iphone-15", "iphone-15-pro-max", "ipad-mini", "ipad-pro-11", "laptop-window", "desktop", "watch-45-mm"]
        let sizeVariants = devices + ["portrait", "landscape"]
        for variant in environmentVariants + sizeVariants {
            #expect(names.contains("Profile-card@\(variant)"), "\(variant)")
        }
        // The badge sizes itself: devices and orientations would only repeat it.
        for variant in environmentVariants { #expect(names.contains("Badge@\(variant)"), "\(variant)") }
        for variant in sizeVariants { #expect(!names.contains("Badge@\(variant)"), "\(variant)") }
        #expect(names.count == 3 + 26 + 26 + 16)

        func data(_ name: String, _ ext: String) throws -> Data { try Data(contentsOf: ws.url("Baselines/\(name).\(ext)")) }
        func settings(_ name: String) throws -> [String: Any] {
            let object = try #require(try JSONSerialization.jsonObject(with: data(name, "json")) as? [String: Any])
            return try #require(object["snapshot"] as? [String: Any])
        }
        // Light is the default drawn again; dark is drawn in the dark scheme.
        #expect(try data("Settings@light", "png") == data("Settings", "png"))
        #expect(try data("Settings@dark", "png") != data("Settings", "png"))
        #expect(try (settings("Settings@dark")["environment"] as? [String: String]) == ["colorScheme": "dark"])
        #expect(try (settings("Settings@rtl")["environment"] as? [String: String]) == ["layoutDirection": "rtl"])
        #expect(try (settings("Settings@accessibility3")["environment"] as? [String: String]) == ["dynamicTypeSize": "accessibility3"])
        #expect(try (settings("Settings@landscape")["proposal"] as? [String: Double]) == ["width": 852, "height": 393])
        #expect(try (settings("Settings@iphone-se")["proposal"] as? [String: Double]) == ["width": 375, "height": 667])
        let landscape = try #require(try JSONSerialization.jsonObject(with: data("Settings@landscape", "json")) as? [String: Any])
        #expect((landscape["canvasSize"] as? [String: Double])?["width"] == 852)

        // Verify lays every variant out again in its recorded settings.
        let verify = try runLayoutlab(["snapshot", "verify", file.path, "--dir", dir, "--jobs", "2"], in: ws)
        #expect(verify.status == 0, "\(verify.stdout)\(verify.stderr)")
        #expect(verify.stdout.contains("Passed: 71 matched"))
    }
}
