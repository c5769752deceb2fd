import Foundation
import Testing
import LayoutTestSupport

private let hasDisplay = ProcessInfo.processInfo.environment["DISPLAY"].map { !$0.isEmpty } ?? false
private let xdotoolAvailable = FileManager.default.isExecutableFile(atPath: "/usr/bin/xdotool")

/// Canvas ↔ code in the window, with real input: a click on a view in Select mode highlights
/// the line that made it in the Code tab and names it in the selection panel; a click on a line
/// of the Code tab selects the view made there; Ctrl+E opens that line in the person's editor.
@Suite("Canvas and code in the window", .enabled(if: hasDisplay, "needs an X server (run under xvfb-run -a)"))
struct ViewSourceWindowTests {
    static let profile = """
        import SwiftUI

        struct Profile: View {
            var body: some View {
                VStack(spacing: 12) {
                    Text("Ada Lovelace").font(.title).id("name")
                    HStack {
                        Text("Followers").id("followers")
                        Spacer()
                        Text("1,815").id("count")
                    }
                    .padding(8)
                }
                .padding(20)
            }
        }

        #Preview("Profile", traits: .fixedLayout(width: 320, height: 200)) { Profile() }
        """

    @Test(.enabled(if: xdotoolAvailable, "needs xdotool (run-tests installs it)"))
    func aClickedViewShowsItsLineAndAClickedLineSelectsItsView() throws {
        let ws = try Workspace("view-source-window")
        let file = try ws.write("Profile.swift", Self.profile)
        let opened = ws.url("opened.txt")
        let editor = try ws.write("fake-editor.sh", "#!/bin/sh\necho \"$@\" > \(opened.path)\n")
        chmod(editor.path, 0o755)
        let shots = ws.url("shots")
        let script = try ws.write("script.txt", """
            resize 1200 800
            settle
            pointer click select-button
            tab code
            pointer click-view canvas followers center
            settle
            state clicked
            window-screenshot clicked
            wait 800
            settle
            code-line 10
            settle
            state line
            pointer keys canvas ctrl+e
            wait 1000
            state opened
            pointer click-code-line code 6
            settle
            state line6
            pointer keys canvas Down Down
            settle
            state down2
            pointer keys canvas Up Up Up Up
            settle
            state up4
            """)
        var env = ws.environment
        env["GSK_RENDERER"] = "cairo"
        env["NO_AT_BRIDGE"] = "1"
        env["LAYOUTLAB_EDITOR"] = "\(editor.path) {file} {line} {column}"
        let out = try runProcess(URL(fileURLWithPath: "/usr/bin/xvfb-run"),
                                 ["-a", "-s", "-screen 0 1600x1000x24", try layoutlabBinary().path,
                                  "preview", file.path, "--automation", script.path, "--screenshot-dir", shots.path],
                                 environment: env, timeout: 240, outputDirectory: ws.root)
        #expect(!out.timedOut && out.status == 0, "\(out.stderr)")

        func at(_ needle: String) -> (line: Int, column: Int) { ViewSourceMarkTests.place(of: needle, in: Self.profile) }
        let followers = at("Text(\"Followers\")"), count = at("Text(\"1,815\")")
        // The click on the view: its line named and highlighted in the Code tab, which stays shown.
        let clicked = try status(shots.appendingPathComponent("clicked.json"))
        #expect(clicked["selectionSource"] as? String == "Profile.swift:\(followers.line):\(followers.column)", "\(clicked["selection"] ?? "")")
        #expect(clicked["codeHighlightLine"] as? Int == followers.line)
        #expect(clicked["codeFile"] as? String == file.path)
        let widgets = clicked["widgets"] as? [String: Any] ?? [:]
        #expect((widgets["code"] as? [String: Any])?["visible"] as? Bool == true, "the Code tab is not shown")
        // The click on a line: the view made there is selected.
        let line = try status(shots.appendingPathComponent("line.json"))
        #expect(count.line == 10)
        #expect(line["selectionSource"] as? String == "Profile.swift:\(count.line):\(count.column)")
        #expect((line["selection"] as? String)?.contains("1,815") == true, "\(line["selection"] ?? "")")
        #expect(line["codeHighlightLine"] as? Int == count.line)
        // Ctrl+E: the person's editor, at that line and column.
        let launched = try status(shots.appendingPathComponent("opened.json"))
        #expect(launched["editorLaunch"] as? [String] == [editor.path, file.path, String(count.line), String(count.column)])
        let written = try String(contentsOf: opened, encoding: .utf8)
        #expect(written == "\(file.path) \(count.line) \(count.column)\n")

        // The Code tab in front takes at least half of the inspector's height.
        let inspector = try #require((widgets["inspector"] as? [String: Any])?["bounds"] as? [String: Any])
        let code = try #require((widgets["code"] as? [String: Any])?["bounds"] as? [String: Any])
        let inspectorHeight = try #require(inspector["height"] as? Double), codeHeight = try #require(code["height"] as? Double)
        #expect(codeHeight >= inspectorHeight * 0.35, "the code is \(codeHeight) of \(inspectorHeight)")
        // The keyboard: a click on line 6, then the arrow keys move the caret and select what
        // each line makes; a line that makes nothing (`var body`) leaves the selection be.
        let name = at("Text(\"Ada Lovelace\")")
        #expect(name.line == 6)
        let line6 = try status(shots.appendingPathComponent("line6.json"))
        #expect(line6["selectionSource"] as? String == "Profile.swift:\(name.line):\(name.column)", "\(line6["selection"] ?? "")")
        let down2 = try status(shots.appendingPathComponent("down2.json"))
        #expect(down2["selectionSource"] as? String == "Profile.swift:\(followers.line):\(followers.column)", "\(down2["selection"] ?? "")")
        #expect(down2["codeHighlightLine"] as? Int == followers.line)
        // Up four: lines 7 (the HStack), 6, 5 (the VStack), then 4, which makes nothing.
        let stack = at("VStack(spacing: 12)")
        let up4 = try status(shots.appendingPathComponent("up4.json"))
        #expect(up4["selectionSource"] as? String == "Profile.swift:\(stack.line):\(stack.column)", "\(up4["selection"] ?? "")")
    }
}
