import Foundation
import Testing
@testable import LayoutLabCore

/// Automation scripts read and run against a session without a window.
@Suite("Automation scripts")
@MainActor
struct AutomationScriptTests {
    @Test func linesSkipBlanksAndComments() {
        let script = AutomationScript(text: "# setup\nlayout Flow\n\n   count 3  \nquit\n")
        #expect(script.lines.map(\.number) == [2, 4, 5])
        #expect(script.lines.map(\.text) == ["layout Flow", "count 3", "quit"])
    }

    @Test func argumentsReadAndFailClearly() throws {
        let c = AutomationScript.Command("Count 1e300 on x")
        #expect(c.name == "count")
        #expect(try c.integer(0, 0...10) == 10)
        #expect(try c.flag(1))
        #expect(throws: AutomationScript.ScriptError(description: "'x' is not a number")) { try c.number(2) }
        #expect(throws: AutomationScript.ScriptError(description: "'count' needs 5 argument(s)")) { try c.argument(4) }
        #expect(try AutomationScript.index("equal width hstack", in: LabLayout.builtIn.map(\.name)) == 6)
        #expect(try AutomationScript.index("2", in: ["a", "b"]) == 1)
    }

    @Test func sessionCommandsBecomeActions() throws {
        let s = LabSession(layouts: LabLayout.builtIn, scenes: LabScene.builtIn)
        s.perform(.setCanvasSize(CGSize(width: 500, height: 500)), at: 0)
        for line in ["width 320", "height inf", "spacing 4", "alignment leading", "count 2", "add", "curve linear",
                     "slowmo on", "overlays proposal,ranges"] {
            let actions = try #require(try AutomationScript.sessionActions(for: .init(line), in: s), "\(line)")
            for a in actions { s.perform(a, at: 1) }
        }
        #expect(s.state.width == 320 && s.state.heightMode == .infinity)
        #expect(s.state.spacing == 4 && s.state.alignment == LabAlignment(rawValue: "leading") && s.state.items.count == 3)
        #expect(s.state.curve == .linear && s.state.slowMotion)
        #expect(s.state.showsProposal && s.state.showsRanges && !s.state.showsSizes)
        // Commands that need the window are not the session's.
        #expect(try AutomationScript.sessionActions(for: .init("window-screenshot x"), in: s) == nil)
        #expect(throws: AutomationScript.ScriptError.self) { try AutomationScript.sessionActions(for: .init("curve bouncy"), in: s) }
    }

    @Test func framesAreWrittenAsJSONWithInfinitiesAsStrings() throws {
        let s = LabSession(layouts: LabLayout.builtIn, scenes: LabScene.builtIn)
        s.perform(.setCount(3), at: 0)
        s.perform(.setDimension(isWidth: true, mode: .infinity, value: nil), at: 0)
        s.update(animated: false, now: 0)
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("frames-\(UUID().uuidString).json")
        defer { try? FileManager.default.removeItem(at: url) }
        try AutomationScript.writeJSON(AutomationScript.framesJSON(of: s, at: 1), to: url)
        let json = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: url)) as? [String: Any])
        #expect((json["items"] as? [Any])?.count == 3)
        #expect((json["proposal"] as? [String: Any])?["width"] as? String == "inf")
        #expect(json["layout"] as? String == "Flow")
    }
}
