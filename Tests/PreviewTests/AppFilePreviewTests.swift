import Foundation
import Testing
import PreviewHost
import LayoutTestSupport

/// A file that is a whole app (`@main` App with its WindowGroup and Window scenes, window
/// actions in its views) previews like any other: its `#Preview` renders, and run as a program
/// it says how to see its views instead of pretending to run.
@Suite("An app's file")
struct AppFilePreviewTests {
    private static let source = """
        import SwiftUI

        @main
        struct JournalApp: App {
            var body: some Scene {
                WindowGroup { ContentView() }
                Window("Archive", id: "archive") { Text("Archive") }
                    .defaultSize(width: 400, height: 300)
            }
        }

        struct ContentView: View {
            @Environment(\\.openWindow) private var openWindow
            @ScaledMetric private var spacing: CGFloat = 12
            var body: some View {
                VStack(spacing: spacing) {
                    Text("Journal").font(.system(size: 20)).id("title")
                    Color.blue.frame(width: 40, height: 40).id("box")
                    Button("Open archive") { openWindow(id: "archive") }
                }
            }
        }

        #Preview { ContentView() }
        """

    @Test func itsPreviewRendersAndItsSpacingScales() throws {
        let ws = try Workspace("app-file")
        let file = try ws.write("JournalApp.swift", Self.source)
        func gap(_ extra: [String]) throws -> Double {
            let json = ws.url("out-\(extra.count).json")
            let run = try runLayoutlab(["render", "--source", file.path, "--json", json.path] + extra, in: ws)
            #expect(run.status == 0, "\(run.stderr)")
            let frames = try framesByID(json)
            let title = try #require(frames["title"]), box = try #require(frames["box"])
            return box.minY - title.maxY
        }
        #expect(abs(try gap([]) - 12) < 0.01)
        // @ScaledMetric relative to body: 12 × 28 / 17 at accessibility1.
        #expect(abs(try gap(["--dynamic-type", "accessibility1"]) - 12 * 28 / 17) < 0.01)
    }
}
