import Foundation
import Testing

/// A person's file as real SwiftUI code looks: two `#Preview`s, a `PreviewProvider`, a custom
/// `Layout` and a preview that uses it.
let sampleSource = """
    import SwiftUI

    /// Places its subviews corner to corner down a diagonal, each at its ideal size.
    struct Diagonal: Layout {
        func sizeThatFits(proposal: ProposedViewSize, subviews: Subviews, cache: inout ()) -> CGSize {
            subviews.reduce(CGSize.zero) { size, subview in
                let ideal = subview.sizeThatFits(.unspecified)
                return CGSize(width: size.width + ideal.width, height: size.height + ideal.height)
            }
        }
        func placeSubviews(in bounds: CGRect, proposal: ProposedViewSize, subviews: Subviews, cache: inout ()) {
            var point = bounds.origin
            for subview in subviews {
                let ideal = subview.sizeThatFits(.unspecified)
                subview.place(at: point, proposal: .unspecified)
                point.x += ideal.width
                point.y += ideal.height
            }
        }
    }

    struct Row: View {
        var spacing: CGFloat = 10
        var body: some View {
            HStack(spacing: spacing) {
                Color.red.frame(width: 50, height: 40).id("a")
                Color.blue.frame(width: 30).id("b")
            }
            .padding(20)
            .id("row")
        }
    }

    #Preview("Row", traits: .fixedLayout(width: 300, height: 200)) {
        Row()
    }

    #Preview("Fit", traits: .sizeThatFitsLayout) {
        VStack(spacing: 0) {
            Color.green.frame(width: 80, height: 20).id("g")
            Color.gray.frame(width: 40, height: 30).id("h")
        }
    }

    #Preview("Diagonal", traits: .fixedLayout(width: 200, height: 200)) {
        Diagonal {
            Color.red.frame(width: 20, height: 10).id("d1")
            Color.blue.frame(width: 30, height: 20).id("d2")
        }
    }

    struct Dot_Previews: PreviewProvider {
        static var previews: some View {
            Color.orange.frame(width: 10, height: 10).id("dot")
                .previewLayout(.fixed(width: 100, height: 100))
                .previewDisplayName("Dot")
        }
    }
    """

@Suite("layoutlab render --source")
struct RenderSourceTests {
    @Test func listsPreviewsAsSwiftUINamesThemAndTheLayouts() throws {
        let ws = try Workspace("list")
        let file = try ws.write("Sample.swift", sampleSource)
        let out = try runLayoutlab(["render", "--source", file.path, "--list"], in: ws)
        #expect(out.status == 0, "\(out.stderr)")
        let names = out.stdout.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
        #expect(names.contains { $0.hasPrefix("Row\tSample.swift:34\tfixed 300×200") })
        #expect(names.contains { $0.hasPrefix("Fit\tSample.swift:38\tsize that fits") })
        #expect(names.contains { $0.hasPrefix("Dot\tSample.swift:52\tfixed 100×100") })
        #expect(names.contains("Diagonal"))
    }

    /// Frames by SwiftUI's rules: the root is proposed the trait's 300×200 and centred; padding
    /// proposes 260×160 to the HStack; the fixed frame is 50×40, the width-only frame takes the
    /// stack's full height; children are centred vertically; spacing 10.
    @Test func rendersAPreviewsFramesByItsIDs() throws {
        let ws = try Workspace("frames")
        let file = try ws.write("Sample.swift", sampleSource)
        let json = ws.url("row.json"), png = ws.url("row.png"), svg = ws.url("row.svg")
        let out = try runLayoutlab(["render", "--source", file.path, "--preview", "Row", "--width", "999", "--height", "999",
                                    "--json", json.path, "--png", png.path, "--svg", svg.path], in: ws)
        #expect(out.status == 0, "\(out.stderr)")
        let f = try framesByID(json)
        #expect(f["row"] == CGRect(x: 85, y: 0, width: 130, height: 200))
        #expect(f["a"] == CGRect(x: 105, y: 80, width: 50, height: 40))
        #expect(f["b"] == CGRect(x: 165, y: 20, width: 30, height: 160))
        #expect(FileManager.default.fileExists(atPath: png.path) && FileManager.default.fileExists(atPath: svg.path))
    }

    /// `.sizeThatFitsLayout`: the root is proposed nil×nil and the canvas is its ideal size.
    @Test func sizeThatFitsUsesTheIdealSize() throws {
        let ws = try Workspace("fit")
        let file = try ws.write("Sample.swift", sampleSource)
        let json = ws.url("fit.json")
        let out = try runLayoutlab(["render", "--source", file.path, "--preview", "fit", "--width", "500", "--height", "500", "--json", json.path], in: ws)
        #expect(out.status == 0, "\(out.stderr)")
        let f = try framesByID(json)
        #expect(f["g"] == CGRect(x: 0, y: 0, width: 80, height: 20))
        #expect(f["h"] == CGRect(x: 20, y: 20, width: 40, height: 30))
        let object = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: json)) as? [String: Any])
        let canvas = object["canvasSize"] as? [String: Double]
        #expect(canvas?["width"] == 80 && canvas?["height"] == 50)
    }

    /// A custom layout in a preview, and a provider's `.previewLayout(.fixed)`.
    @Test func customLayoutsAndProvidersLayOutAsInSwiftUI() throws {
        let ws = try Workspace("custom")
        let file = try ws.write("Sample.swift", sampleSource)
        let diagonal = ws.url("d.json"), dot = ws.url("dot.json")
        var out = try runLayoutlab(["render", "--source", file.path, "--preview", "Diagonal", "--json", diagonal.path], in: ws)
        #expect(out.status == 0, "\(out.stderr)")
        let d = try framesByID(diagonal)
        #expect(d["d1"] == CGRect(x: 75, y: 85, width: 20, height: 10))
        #expect(d["d2"] == CGRect(x: 95, y: 95, width: 30, height: 20))
        out = try runLayoutlab(["render", "--source", file.path, "--preview", "Dot", "--json", dot.path], in: ws)
        #expect(out.status == 0, "\(out.stderr)")
        #expect(try framesByID(dot)["dot"] == CGRect(x: 45, y: 45, width: 10, height: 10))
    }

    /// The person's layout on a built-in scene: each capsule starts where the previous ends.
    @Test func aPersonsLayoutArrangesABuiltInScene() throws {
        let ws = try Workspace("scene")
        let file = try ws.write("Sample.swift", sampleSource)
        let json = ws.url("scene.json")
        let out = try runLayoutlab(["render", "--source", file.path, "--scene", "capsules", "--layout", "diagonal",
                                    "--width", "800", "--height", "800", "--count", "4", "--json", json.path], in: ws)
        #expect(out.status == 0, "\(out.stderr)")
        let f = try framesByID(json)
        let items = try (0..<4).map { try #require(f[String($0)], "item \($0)") }
        for k in 1..<4 {
            #expect(abs(items[k].minX - items[k - 1].maxX) < 0.001)
            #expect(abs(items[k].minY - items[k - 1].maxY) < 0.001)
        }
    }

    @Test func aCompileErrorExitsNonZeroWithTheCompilersLines() throws {
        let ws = try Workspace("error")
        let file = try ws.write("Broken.swift", "import SwiftUI\n\n#Preview {\n    Text(\"x\").padding(\n}\n")
        let out = try runLayoutlab(["render", "--source", file.path, "--json", ws.url("x.json").path], in: ws)
        #expect(out.status != 0)
        #expect(out.stderr.contains("\(file.path):5:1: error:"), "\(out.stderr)")
        #expect(!FileManager.default.fileExists(atPath: ws.url("x.json").path))
    }

    @Test func aCrashingPreviewIsReportedNotFatal() throws {
        let ws = try Workspace("crash")
        let file = try ws.write("Crash.swift", """
            import SwiftUI
            struct Boom: Layout {
                func sizeThatFits(proposal: ProposedViewSize, subviews: Subviews, cache: inout ()) -> CGSize { fatalError("no size today") }
                func placeSubviews(in bounds: CGRect, proposal: ProposedViewSize, subviews: Subviews, cache: inout ()) {}
            }
            #Preview("Boom") { Boom { Text("x") } }
            """)
        let out = try runLayoutlab(["render", "--source", file.path, "--preview", "Boom", "--json", ws.url("x.json").path], in: ws)
        #expect(out.status == 1)
        #expect(out.stderr.contains("The preview crashed"))
        #expect(out.stderr.contains("Fatal error: no size today"), "\(out.stderr)")
    }

    @Test func anUnknownPreviewNamesTheOnesThereAre() throws {
        let ws = try Workspace("unknown")
        let file = try ws.write("Sample.swift", sampleSource)
        let out = try runLayoutlab(["render", "--source", file.path, "--preview", "Nope", "--json", ws.url("x.json").path], in: ws)
        #expect(out.status == 2)
        #expect(out.stderr.contains("'Row', 'Fit', 'Diagonal', 'Dot'"), "\(out.stderr)")
    }

    /// A package: a library target whose previews use another target of the package.
    @Test func aPackagesTargetsArePreviewed() throws {
        let ws = try Workspace("package")
        let checkout = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        try ws.write("Package.swift", """
            // swift-tools-version: 6.0
            import PackageDescription
            let package = Package(
                name: "Cards",
                dependencies: [.package(path: "\(checkout.path)")],
                targets: [
                    .target(name: "Metrics"),
                    .target(name: "Cards", dependencies: ["Metrics", .product(name: "SwiftUI", package: "\(checkout.lastPathComponent)")]),
                ]
            )
            """)
        try ws.write("Sources/Metrics/Metrics.swift", "public enum Metrics { public static let inset: Double = 12 }\n")
        try ws.write("Sources/Cards/Card.swift", """
            import SwiftUI
            import Metrics
            struct Card: View {
                var body: some View { Color.red.frame(width: 40, height: 40).id("card").padding(Metrics.inset) }
            }
            #Preview("Card", traits: .sizeThatFitsLayout) { Card() }
            """)
        try ws.write("Sources/Cards/Stack.swift", "import SwiftUI\nstruct Pile: Layout {\n    var gap: CGFloat = 2\n    func sizeThatFits(proposal: ProposedViewSize, subviews: Subviews, cache: inout ()) -> CGSize { .zero }\n    func placeSubviews(in bounds: CGRect, proposal: ProposedViewSize, subviews: Subviews, cache: inout ()) {}\n}\n")
        let list = try runLayoutlab(["render", "--source", ws.root.path, "--list"], in: ws)
        #expect(list.status == 0, "\(list.stderr)")
        #expect(list.stdout.contains("Card\tCard.swift:6"))
        #expect(list.stdout.contains("  Pile"))
        let json = ws.url("card.json")
        let out = try runLayoutlab(["render", "--source", ws.root.path, "--preview", "Card", "--json", json.path], in: ws)
        #expect(out.status == 0, "\(out.stderr)")
        #expect(try framesByID(json)["card"] == CGRect(x: 12, y: 12, width: 40, height: 40))
    }
}
