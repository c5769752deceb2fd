import Foundation
import LayoutRendering
import PreviewProtocol
import SwiftUI
import Testing
@testable import LayoutLabCore

/// `--perform` steps: parsed strictly, turned into the agent's wire events, and written into
/// the JSON export.
@Suite("--perform steps")
struct PerformStepTests {
    private func events(_ text: String) throws -> [WireEvent] { try PerformStep(parsing: text).events }

    @Test func eachKindBecomesTheEventsTheAgentRuns() throws {
        #expect(try events("tap:save") == [.tapView(id: "save")])
        #expect(try events("type:name:Ada") == [.tapView(id: "name"), .type(text: "Ada")])
        #expect(try events("drag:volume:40,-2.5") == [.dragView(id: "volume", dx: 40, dy: -2.5)])
        #expect(try events("scroll:feed:0,-300") == [.scrollView(id: "feed", dx: 0, dy: -300)])
        #expect(try events("key:return") == [.key(name: "return")])
        #expect(try events("key:Backspace") == [.key(name: "backspace")])
        #expect(try events("wait:0.35") == [.wait(seconds: 0.35)])
        #expect(try events("wait:0") == [.wait(seconds: 0)])
    }

    /// A colon in typed text is kept; an id may hold colons where nothing follows it (`tap`) or
    /// only numbers do (`drag`, `scroll`).
    @Test func colonsAreKeptWhereTheFormAllowsThem() throws {
        #expect(try events("type:time:12:30") == [.tapView(id: "time"), .type(text: "12:30")])
        #expect(try events("tap:row:3") == [.tapView(id: "row:3")])
        #expect(try events("drag:row:3:10,0") == [.dragView(id: "row:3", dx: 10, dy: 0)])
        #expect(try events("type:a:: ") == [.tapView(id: "a"), .type(text: ": ")])
    }

    @Test(arguments: [
        "", "tap", "tap:", "Tap:x", "press:x", "type:x", "type::text", "type:x:",
        "drag:x", "drag:x:1", "drag:x:1,2,3", "drag:x:,1", "drag::1,1", "drag:x: 1,1", "drag:x:nan,0", "drag:x:1,inf", "drag:x:1e999,0",
        "scroll:x:abc", "key:", "key:space", "wait:", "wait:-0.5", "wait:inf", "wait:nan", "wait:1s",
    ])
    func malformedStepsAreRejected(text: String) {
        #expect(throws: CommandLineError.self) { try PerformStep(parsing: text) }
    }

    @Test func errorsNameTheStepByNumberAndText() throws {
        let error = #expect(throws: CommandLineError.self) { try PerformStep.parse(["tap:a", "wait:1", "drag:knob:1"]) }
        #expect(error?.message == "render: step 3 (drag:knob:1): the distance must be two finite numbers of points, DX,DY (got '1')")
    }

    @Test func theCommandLineKeepsTheStepsInOrder() throws {
        guard case .render(let o) = try LabCommand(parsing: ["render", "--source", "A.swift", "--preview", "Card", "--json", "a.json",
                                                            "--perform", "tap:more", "--perform", "type:name:Ada", "--perform", "wait:1"]) else {
            Issue.record("render"); return
        }
        #expect(o.steps.map(\.text) == ["tap:more", "type:name:Ada", "wait:1"])
        #expect(o.steps.map(\.action) == [.tap(id: "more"), .type(id: "name", text: "Ada"), .wait(seconds: 1)])
    }

    @Test(arguments: [
        (["render", "--json", "a.json", "--perform", "tap:x"], "--perform operates one of your previews"),
        (["render", "--source", "A.swift", "--scene", "pets", "--json", "a.json", "--perform", "tap:x"], "not --scene/--layout"),
        (["render", "--source", "A.swift", "--list", "--perform", "tap:x"], "does not go with --list"),
        (["render", "--source", "A.swift", "--json", "a.json", "--perform", "tap:x", "--perform", "hop:x"], "step 2 (hop:x): unknown kind 'hop'"),
    ])
    func stepsWithoutAPreviewOrMalformedAreUsageErrors(arguments: [String], message: String) {
        let error = #expect(throws: CommandLineError.self) { try LabCommand(parsing: arguments) }
        #expect(error?.message.contains(message) == true, "\(error?.message ?? "")")
    }

    /// The export keeps the layout's keys and adds `live`, with a jump's animation as null.
    @Test func theJSONExportAddsWhatTheStepsDid() throws {
        let result = LayoutHost.layout(Color.red.frame(width: 10, height: 20).id("box"), in: CGSize(width: 100, height: 100))
        let run = PerformedSteps(steps: [
            .init(step: "tap:box", changed: true, animation: WireAnimation(.spring(response: 0.3, dampingFraction: 0.7)),
                  bodyEvaluations: 3, runtimeIssues: []),
            .init(step: "wait:1", changed: false, animation: nil, bodyEvaluations: 0, runtimeIssues: ["state written in body"]),
        ], runtimeIssues: ["state written in body"])
        let data = try LiveRenderExport(layout: LayoutExport(result), live: run).encoded()
        let object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        let views = try #require(object["views"] as? [[String: Any]])
        let box = try #require(views.first { $0["id"] as? String == "box" })
        #expect(box["x"] as? Double == 45 && box["y"] as? Double == 40 && box["width"] as? Double == 10)
        #expect(object["canvasSize"] != nil && object["diagnostics"] != nil)
        let live = try #require(object["live"] as? [String: Any])
        #expect(live["changed"] as? Bool == true)
        #expect(live["bodyEvaluations"] as? Int == 3)
        #expect(live["runtimeIssues"] as? [String] == ["state written in body"])
        let steps = try #require(live["steps"] as? [[String: Any]])
        #expect(steps.map { $0["step"] as? String } == ["tap:box", "wait:1"])
        #expect((steps[0]["animation"] as? [String: Any])?["kind"] as? String == "spring")
        #expect(steps[1]["animation"] is NSNull)
        #expect(steps[1]["runtimeIssues"] as? [String] == ["state written in body"])
    }
}
