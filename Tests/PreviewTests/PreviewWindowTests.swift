import Foundation
import Testing

private let hasDisplay = ProcessInfo.processInfo.environment["DISPLAY"].map { !$0.isEmpty } ?? false

@Suite("layoutlab preview, in a window", .enabled(if: hasDisplay, "needs an X server (run under xvfb-run -a)"))
struct PreviewWindowTests {
    /// Open a file, edit and save it, break it, crash it, hang it, fix it: the window follows
    /// every save, animates the change, and survives everything.
    @Test func editSaveBreakCrashHangAndFix() throws {
        let ws = try Workspace("window")
        let file = try ws.write("Sample.swift", sampleSource)
        let wider = sampleSource.replacingOccurrences(of: "var spacing: CGFloat = 10", with: "var spacing: CGFloat = 40")
        #expect(wider != sampleSource)
        try ws.write("v2.swift", wider)
        try ws.write("bad.swift", wider.replacingOccurrences(of: ".padding(20)", with: ".padding(20"))
        try ws.write("crash.swift", wider.replacingOccurrences(of: "subviews.reduce(CGSize.zero)", with: "fatalError(\"diagonal gave up\"); return subviews.reduce(CGSize.zero)")
            .replacingOccurrences(of: "Row()\n", with: "Diagonal { Row() }\n"))
        try ws.write("hang.swift", wider.replacingOccurrences(of: "subviews.reduce(CGSize.zero)", with: "{ while true {} }(); return subviews.reduce(CGSize.zero)")
            .replacingOccurrences(of: "Row()\n", with: "Diagonal { Row() }\n"))
        let shots = ws.url("shots")
        let script = try ws.write("script.txt", """
            resize 900 640
            settle
            preview-status open
            state open-state
            frames before
            window-screenshot open
            code opencode
            slowmo on
            copy-file \(ws.url("v2.swift").path) \(file.path)
            wait-reload 1
            wait 120
            frames mid
            settle
            frames after
            window-screenshot reloaded
            slowmo off
            copy-file \(ws.url("bad.swift").path) \(file.path)
            wait-reload 2
            frames bad-frames
            preview-status bad
            window-screenshot bad
            copy-file \(ws.url("crash.swift").path) \(file.path)
            wait-reload 3
            settle
            preview-status crash
            frames crash-frames
            window-screenshot crash-window
            copy-file \(ws.url("hang.swift").path) \(file.path)
            wait-reload 4
            preview-status hang
            frames hang-frames
            copy-file \(ws.url("v2.swift").path) \(file.path)
            wait-reload 5
            settle
            preview-status fixed
            frames fixed-frames
            scene capsules
            layout diagonal
            settle
            frames builtin
            state builtin-state
            window-screenshot builtin
            """)
        let out = try runLayoutlab(["preview", file.path, "--automation", script.path, "--screenshot-dir", shots.path], in: ws, timeout: 180)
        #expect(out.status == 0, "\(out.stderr)")
        #expect(!out.stderr.contains("CRITICAL"), "\(out.stderr)")

        // Opened on the first preview, named as SwiftUI names them, with the person's layout.
        let open = try status(shots.appendingPathComponent("open.json"))
        #expect(open["status"] as? String == "ready")
        #expect(open["previews"] as? [String] == ["Row", "Fit", "Diagonal", "Dot"])
        #expect(open["layouts"] as? [String] == ["Diagonal"])
        #expect(open["title"] as? String == "Sample.swift — LayoutLab")
        #expect((open["subtitle"] as? String)?.hasSuffix("/Sample.swift") == true)
        // The Code tab shows the person's own file for a preview.
        let code = try String(contentsOf: shots.appendingPathComponent("opencode.swift"), encoding: .utf8)
        #expect(code.hasPrefix("// \(file.path), line "))
        #expect(code.contains(sampleSource))
        // The person's preview is laid out by their code: the container controls are off, and say why.
        func control(_ name: String, in state: String) throws -> (sensitive: Bool, tooltip: String) {
            let object = try status(shots.appendingPathComponent(state + ".json"))
            let controls = try #require((object["controls"] as? [String: Any])?[name] as? [String: Any])
            return (controls["sensitive"] as? Bool ?? true, controls["tooltip"] as? String ?? "")
        }
        for name in ["spacing", "alignment", "rotation", "rank"] {
            let c = try control(name, in: "open-state")
            #expect(!c.sensitive && c.tooltip.contains("preview"), "\(name) in a preview: \(c)")
        }
        let before = try IdentifiedFrames(shots.appendingPathComponent("before.json"))
        #expect(before.presented["b"] == CGRect(x: 165, y: 20, width: 30, height: 160))

        // Saved with spacing 40: b glides from x 165 to 180 (a mid-reload frame lies between).
        let after = try IdentifiedFrames(shots.appendingPathComponent("after.json"))
        #expect(after.presented["b"] == CGRect(x: 180, y: 20, width: 30, height: 160))
        #expect(after.presented["a"] == CGRect(x: 90, y: 80, width: 50, height: 40))
        let mid = try IdentifiedFrames(shots.appendingPathComponent("mid.json"))
        #expect(mid.animating)
        let midX = try #require(mid.presented["b"]?.minX)
        #expect(midX > 165 && midX < 180, "mid-reload x \(midX)")

        // A syntax error: the message with its location, the old preview stays.
        let bad = try status(shots.appendingPathComponent("bad.json"))
        #expect(bad["status"] as? String == "compileFailed")
        #expect(bad["panelShown"] as? Bool == true)
        let errors = bad["errors"] as? [[String: Any]] ?? []
        #expect(errors.first?["file"] as? String == file.path)
        #expect(errors.first?["line"] as? Int != nil)
        #expect(try IdentifiedFrames(shots.appendingPathComponent("bad-frames.json")).presented["b"] == after.presented["b"])

        // A layout that calls fatalError: the window survives and says so; the last layout stays.
        let crash = try status(shots.appendingPathComponent("crash.json"))
        #expect(crash["status"] as? String == "crashed")
        #expect((crash["message"] as? String)?.contains("Fatal error: diagonal gave up") == true)
        #expect(try IdentifiedFrames(shots.appendingPathComponent("crash-frames.json")).presented["b"] == after.presented["b"])

        // A layout that never returns: stopped after the time limit, the window survives.
        let hang = try status(shots.appendingPathComponent("hang.json"))
        #expect(hang["status"] as? String == "timedOut")
        #expect(try IdentifiedFrames(shots.appendingPathComponent("hang-frames.json")).presented["b"] == after.presented["b"])

        // Fixed: the preview is back.
        let fixed = try status(shots.appendingPathComponent("fixed.json"))
        #expect(fixed["status"] as? String == "ready")
        #expect(fixed["panelShown"] as? Bool == false)
        #expect(try IdentifiedFrames(shots.appendingPathComponent("fixed-frames.json")).presented["b"] == after.presented["b"])

        // The person's layout on a built-in scene: capsules corner to corner.
        let builtin = try IdentifiedFrames(shots.appendingPathComponent("builtin.json"))
        let items = (0..<20).compactMap { builtin.presented[String($0)] }
        #expect(items.count == 20)
        for k in 1..<items.count {
            #expect(abs(items[k].minX - items[k - 1].maxX) < 0.01 && abs(items[k].minY - items[k - 1].maxY) < 0.01)
        }
        // On a built-in scene the controls follow the layout again, not the preview rule.
        for name in ["spacing", "alignment", "rotation", "rank"] {
            #expect(try !control(name, in: "builtin-state").tooltip.contains("preview"), "\(name) on a built-in scene")
        }
    }
}
