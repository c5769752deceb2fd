import Foundation
import LayoutTestSupport
import LayoutRecording
import SwiftUI
import Testing

/// The screens `--perform` operates: a person's files, compiled by the agent, not by this target.
let liveCorpus = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("LiveCorpus")

/// What `layoutlab render --source FILE --preview NAME --perform … --json` wrote.
struct PerformedRender {
    let output: ProcessOutput
    /// The exported views (empty when nothing was written).
    let views: [[String: Any]]
    /// The `live` entry: what the steps did.
    let live: [String: Any]

    /// Copies `file` from the corpus into `workspace`, renders `preview` after `steps` and reads the JSON.
    init(_ file: String, preview: String, steps: [String], in workspace: Workspace) throws {
        let source = workspace.url(file)
        if !FileManager.default.fileExists(atPath: source.path) {
            try FileManager.default.copyItem(at: liveCorpus.appendingPathComponent(file), to: source)
        }
        let json = workspace.url("\(preview)-\(UUID().uuidString).json")
        output = try runLayoutlab(["render", "--source", source.path, "--preview", preview, "--json", json.path]
                                  + steps.flatMap { ["--perform", $0] }, in: workspace)
        if let data = try? Data(contentsOf: json),
           let object = try JSONSerialization.jsonObject(with: data) as? [String: Any] {
            views = object["views"] as? [[String: Any]] ?? []
            live = object["live"] as? [String: Any] ?? [:]
        } else {
            views = []
            live = [:]
        }
    }

    /// The first view with the explicit id `id` that is on screen.
    private func view(_ id: String) -> [String: Any]? {
        views.first { $0["id"] as? String == id && $0["visible"] as? Bool != false }
    }

    func hasView(_ id: String) -> Bool { view(id) != nil }

    /// The frame of the view with the id `id`, in the preview's coordinates.
    func frame(_ id: String, sourceLocation: SourceLocation = #_sourceLocation) throws -> CGRect {
        let v = try #require(view(id), "no view has the id '\(id)'", sourceLocation: sourceLocation)
        return CGRect(x: v["x"] as? Double ?? .nan, y: v["y"] as? Double ?? .nan,
                      width: v["width"] as? Double ?? .nan, height: v["height"] as? Double ?? .nan)
    }

    /// What the first Text at or inside the view with the id `id` shows.
    func text(_ id: String, sourceLocation: SourceLocation = #_sourceLocation) throws -> String {
        let root = try #require(view(id)?["index"] as? Int, "no view has the id '\(id)'", sourceLocation: sourceLocation)
        var inside: Set<Int> = [root]
        for v in views {
            guard let index = v["index"] as? Int else { continue }
            if let parent = v["parent"] as? Int, inside.contains(parent) { inside.insert(index) }
            if inside.contains(index), v["kind"] as? String == "Text", let detail = v["detail"] as? String {
                return String(detail.dropFirst().dropLast())  // the detail quotes the text
            }
        }
        Issue.record("no Text at or inside '\(id)'", sourceLocation: sourceLocation)
        return ""
    }

    /// Each step's entry in `live.steps`.
    var steps: [[String: Any]] { live["steps"] as? [[String: Any]] ?? [] }
}

/// `layoutlab render --perform`: the corpus's screens operated headlessly, checked against what
/// SwiftUI shows after the same taps. Each test builds its file once (the agent compiles it).
@Suite("layoutlab render --perform")
struct PerformTests {
    /// The switch reveals the paragraph below its row; Follow changes inside `withAnimation`;
    /// waiting changes nothing.
    @Test func theProfileCardsSwitchRevealsTheBioAndFollowAnimates() throws {
        let ws = try Workspace("perform-profile")
        let r = try PerformedRender("StateScreens.swift", preview: "Profile", steps: ["tap:about", "tap:follow", "wait:1"], in: ws)
        #expect(r.output.status == 0, "\(r.output.stderr)")
        // VStack(alignment: .leading, spacing: 12) inside the default 16-point padding: the bio
        // comes 12 below the switch's row, at the leading edge, and pushes the next row down.
        let row = try r.frame("about-row"), bio = try r.frame("bio"), notifications = try r.frame("notifications")
        #expect(bio.minY == row.maxY + 12)
        #expect(bio.minX == 16 && bio.width <= 390 - 32)
        #expect(notifications.minY == bio.maxY + 12)
        #expect(try r.text("follow") == "Following")
        #expect(try r.text("followers") == "1205 followers")

        let steps = r.steps
        try #require(steps.count == 3)
        #expect(steps.map { $0["step"] as? String } == ["tap:about", "tap:follow", "wait:1"])
        #expect(steps[0]["changed"] as? Bool == true)
        #expect(steps[0]["animation"] is NSNull, "a switch without withAnimation jumps")
        let spring = try #require(steps[1]["animation"] as? [String: Any])
        #expect(spring["kind"] as? String == "spring")
        #expect(spring["response"] as? Double == 0.3 && spring["dampingFraction"] as? Double == 0.7)
        #expect(steps[1]["changed"] as? Bool == true)
        #expect((steps[1]["bodyEvaluations"] as? Int ?? 0) >= 1)
        #expect(steps[2]["changed"] as? Bool == false)
        #expect(steps[2]["bodyEvaluations"] as? Int == 0)
        #expect(r.live["changed"] as? Bool == true)
        #expect(r.live["runtimeIssues"] as? [String] == [])
    }

    /// `--record` animates the steps as the window would: a step inside `withAnimation` moves
    /// through frames between its two states, one without an animation jumps; each state is
    /// held half a second.
    @Test func recordAnimatesTheStepsAsTheWindowWould() throws {
        let ws = try Workspace("perform-record")
        let source = ws.url("StateScreens.swift")
        try FileManager.default.copyItem(at: liveCorpus.appendingPathComponent("StateScreens.swift"), to: source)
        func record(_ steps: [String], _ name: String) throws -> (ProcessOutput, DecodedRecording?) {
            let gif = ws.url(name)
            let run = try runLayoutlab(["render", "--source", source.path, "--preview", "Profile", "--record", gif.path, "--fps", "20"]
                                       + steps.flatMap { ["--perform", $0] }, in: ws)
            return (run, try? RecordingDecoder.decode(gif))
        }
        func distinct(_ r: DecodedRecording) -> Int {
            var count = 0
            var last: [UInt8]? = nil
            for f in r.frames where f.rgba != last { count += 1; last = f.rgba }
            return count
        }
        // The switch without withAnimation: the first state held, then the second, at once.
        let (jumpRun, jump) = try record(["tap:about"], "jump.gif")
        #expect(jumpRun.status == 0, "\(jumpRun.stderr)")
        #expect(jumpRun.stdout.contains("recorded 1 step of Profile"), "\(jumpRun.stdout)")
        let jumped = try #require(jump)
        #expect(jumped.frames.count == 20, "two states held 0.5 s each at 20 fps")
        #expect(distinct(jumped) == 2)
        // Follow inside withAnimation (a spring): frames in between.
        let (springRun, spring) = try record(["tap:follow"], "spring.gif")
        #expect(springRun.status == 0, "\(springRun.stderr)")
        let sprung = try #require(spring)
        #expect(sprung.frames.count > 20 && distinct(sprung) > 3, "\(sprung.frames.count) frames, \(distinct(sprung)) distinct")
        // Without steps there is nothing to record.
        let none = try runLayoutlab(["render", "--source", source.path, "--preview", "Profile", "--record", ws.url("none.gif").path], in: ws)
        #expect(none.status == 2)
        #expect(none.stderr.contains("--record records what the --perform steps do"), "\(none.stderr)")
    }

    /// Three taps on plus and one on minus leave 2; minus is enabled once the count is above zero.
    @Test func theCounterCountsTaps() throws {
        let ws = try Workspace("perform-counter")
        let r = try PerformedRender("StateScreens.swift", preview: "Counter",
                                    steps: ["tap:increment", "tap:increment", "tap:increment", "tap:decrement"], in: ws)
        #expect(r.output.status == 0, "\(r.output.stderr)")
        #expect(try r.text("count") == "2")
        // Centred in the 300-point-wide fixed layout.
        #expect(abs(try r.frame("count").midX - 150) < 0.001)
        #expect(r.steps.allSatisfy { $0["changed"] as? Bool == true })
    }

    /// A `#Preview` body's `@Previewable` state read by the body itself (not only through a
    /// binding): the toggle turns the text over, and a button the text shows writes the other property.
    @Test func aPreviewBodysOwnStateRedrawsWhatItReads() throws {
        let ws = try Workspace("perform-previewable")
        var r = try PerformedRender("StateScreens.swift", preview: "Wi-Fi", steps: ["tap:wifi"], in: ws)
        #expect(r.output.status == 0, "\(r.output.stderr)")
        #expect(try r.text("status") == "Connected to Home")
        r = try PerformedRender("StateScreens.swift", preview: "Wi-Fi", steps: ["tap:wifi", "tap:switch", "tap:wifi", "tap:wifi"], in: ws)
        #expect(r.output.status == 0, "\(r.output.stderr)")
        #expect(try r.text("status") == "Connected to Office")
    }

    /// `onTapGesture` on a swatch: the ring moves onto the tapped swatch (an HStack of 60-point
    /// squares, 12 apart, inside 16 points of padding) and the label follows.
    @Test func tappingASwatchSelectsIt() throws {
        let ws = try Workspace("perform-swatches")
        let r = try PerformedRender("StateScreens.swift", preview: "Swatches", steps: ["tap:Green"], in: ws)
        #expect(r.output.status == 0, "\(r.output.stderr)")
        #expect(try r.frame("Green") == CGRect(x: 88, y: 16, width: 60, height: 60))
        #expect(try r.frame("ring") == CGRect(x: 88, y: 16, width: 60, height: 60))
        #expect(try r.text("selection") == "Selected: Green")
    }

    /// WWDC22's pets: each button writes `pet.votes += 1` through a binding into the parent's
    /// array, and the ranking re-orders: Dog (2), Goldfish (1), Cat (0), 8 points apart.
    @Test func votesThroughABindingReorderTheRanking() throws {
        let ws = try Workspace("perform-pets")
        let r = try PerformedRender("ModelScreens.swift", preview: "Pets", steps: ["tap:vote-Dog", "tap:vote-Goldfish", "tap:vote-Dog"], in: ws)
        #expect(r.output.status == 0, "\(r.output.stderr)")
        #expect(try r.text("votes-Dog") == "2")
        #expect(try r.text("votes-Goldfish") == "1")
        #expect(try r.text("votes-Cat") == "0")
        let dog = try r.frame("row-Dog"), goldfish = try r.frame("row-Goldfish"), cat = try r.frame("row-Cat")
        #expect(dog.minX == 16 && dog.width == 390 - 32)
        #expect(goldfish.minY == dog.maxY + 8)
        #expect(cat.minY == goldfish.maxY + 8)
    }

    /// An `@Observable` model: marking a book read updates the count; the `@Bindable` switch
    /// filters the read book out and the rows below move up.
    @Test func anObservableModelUpdatesTheScreen() throws {
        let ws = try Workspace("perform-observable")
        let r = try PerformedRender("ModelScreens.swift", preview: "Reading list", steps: ["tap:mark-2", "tap:unread-only"], in: ws)
        #expect(r.output.status == 0, "\(r.output.stderr)")
        #expect(try r.text("unread") == "2 unread")
        #expect(!r.hasView("book-2"))
        let first = try r.frame("book-1"), third = try r.frame("book-3")
        #expect(third.minY == first.maxY + 12)
        #expect(r.steps.allSatisfy { $0["changed"] as? Bool == true })
    }

    /// An `ObservableObject` in a `@StateObject`, observed by its rows: adding, clearing (the
    /// Clear button leaves with the last item) and adding again.
    @Test func anObservableObjectUpdatesTheScreen() throws {
        let ws = try Workspace("perform-order")
        let r = try PerformedRender("ModelScreens.swift", preview: "Order",
                                    steps: ["tap:add-Espresso", "tap:add-Espresso", "tap:clear", "tap:add-Croissant"], in: ws)
        #expect(r.output.status == 0, "\(r.output.stderr)")
        #expect(try r.text("quantity-Espresso") == "×0")
        #expect(try r.text("quantity-Croissant") == "×1")
        #expect(try r.text("total") == "3.00 €")
        #expect(r.hasView("clear"))
        #expect(r.steps.allSatisfy { $0["changed"] as? Bool == true })
    }

    /// The filter capsule (`matchedGeometryEffect(isSource: false)`) follows the tapped filter:
    /// it takes that filter's frame, as SwiftUI draws the selection behind it.
    @Test func theSelectionCapsuleFollowsTheTappedFilter() throws {
        let ws = try Workspace("perform-filters")
        let r = try PerformedRender("StateScreens.swift", preview: "Filters", steps: ["tap:filter-2"], in: ws)
        #expect(r.output.status == 0, "\(r.output.stderr)")
        let pill = try r.frame("pill"), flagged = try r.frame("filter-2"), all = try r.frame("filter-0")
        #expect(pill == flagged)
        #expect(pill != all)
        #expect(flagged.minX > all.maxX)
        #expect(try r.text("title") == "Flagged")
        let step = try #require(r.steps.first)
        #expect(step["changed"] as? Bool == true)
        #expect((step["animation"] as? [String: Any])?["kind"] as? String == "spring")
    }

    /// A tab bar and a menu picker: the history tab counts a drink (its badge follows), the
    /// order tab kept its state while hidden, and the roast is chosen from the picker's menu,
    /// which closes.
    @Test func tabsSwitchAndAMenuPickerChooses() throws {
        let ws = try Workspace("perform-tabs")
        let r = try PerformedRender("ControlScreens.swift", preview: "Coffee",
                                    steps: ["tap:roast", "tap:menu-item-2", "tap:tab-1", "tap:drink", "tap:tab-0"], in: ws)
        #expect(r.output.status == 0, "\(r.output.stderr)")
        #expect(try r.text("summary") == "dark roast")
        #expect(!r.hasView("menu"), "choosing closed the menu")
        #expect(!r.hasView("cups"), "the history tab is hidden again")
        #expect(try r.frame("tab-bar") == CGRect(x: 0, y: 700 - 49, width: 390, height: 49))
        #expect(try r.text("tab-1") == "History")
        #expect(r.views.contains { $0["kind"] as? String == "Text" && $0["detail"] as? String == "\"1\"" }, "the badge counts the drink")
        #expect(r.steps.allSatisfy { $0["changed"] as? Bool == true })
    }

    /// State written during `body` on the third tap: that step, and only it, reports the issue
    /// (also on standard error), and the run goes on.
    @Test func aRuntimeIssueIsReportedOnTheStepThatCausedIt() throws {
        let ws = try Workspace("perform-issue")
        let r = try PerformedRender("StateScreens.swift", preview: "Capped", steps: ["tap:add", "tap:add", "tap:add"], in: ws)
        #expect(r.output.status == 0, "\(r.output.stderr)")
        #expect(try r.text("capped") == "2 of 2")
        let issue = "Modifying state during view update, this will cause undefined behavior."
        #expect(r.steps.map { $0["runtimeIssues"] as? [String] } == [[], [], [issue]])
        #expect(r.live["runtimeIssues"] as? [String] == [issue])
        #expect(r.output.stderr.contains("layoutlab: warning: step 3 (tap:add): \(issue)"), "\(r.output.stderr)")
    }

    // MARK: - Steps that reach nothing

    /// An id no view has: status 2, the step named, the ids there are listed, nothing written.
    @Test func anUnknownIDNamesTheStepAndTheIDs() throws {
        let ws = try Workspace("perform-unknown")
        let r = try PerformedRender("StateScreens.swift", preview: "Counter", steps: ["tap:increment", "tap:save"], in: ws)
        #expect(r.output.status == 2)
        #expect(r.output.stderr.contains("layoutlab: render: step 2 (tap:save): no view has the id 'save' (ids: count, decrement, increment)"),
                "\(r.output.stderr)")
        #expect(r.views.isEmpty, "a failed run writes no JSON")
    }

    /// A tap on a view that handles no taps (a plain Text): status 2, the step and the point named.
    @Test func aTapThatHitsNothingIsAnError() throws {
        let ws = try Workspace("perform-nothing")
        let r = try PerformedRender("StateScreens.swift", preview: "Profile", steps: ["tap:followers"], in: ws)
        #expect(r.output.status == 2)
        #expect(r.output.stderr.contains("layoutlab: render: step 1 (tap:followers): the tap at ("), "\(r.output.stderr)")
        #expect(r.output.stderr.contains("hit nothing that handles taps"), "\(r.output.stderr)")
        #expect(r.views.isEmpty)
    }

    // MARK: - The command line (nothing is built)

    @Test(arguments: [
        ("tap", "no ':' after the kind"),
        ("tap:", "the id is empty"),
        ("hold:ok", "unknown kind 'hold'"),
        ("type:field", "type needs an id and the text"),
        ("type:field:", "there is no text to type"),
        ("drag:slider:10", "the distance must be two finite numbers"),
        ("drag:slider:10,nan", "the distance must be two finite numbers"),
        ("scroll:list:0,inf", "the distance must be two finite numbers"),
        ("scroll:list", "scroll needs an id and a distance"),
        ("key:space", "unknown key 'space' (one of: return, backspace, escape, tab)"),
        ("wait:-1", "wait needs a finite number of seconds"),
        ("wait:soon", "wait needs a finite number of seconds"),
    ])
    func aMalformedStepIsAUsageErrorNamingIt(step: String, reason: String) throws {
        let ws = try Workspace("perform-malformed")
        let out = try runLayoutlab(["render", "--source", liveCorpus.appendingPathComponent("StateScreens.swift").path,
                                    "--json", ws.url("x.json").path, "--perform", "wait:0", "--perform", step], in: ws, timeout: 30)
        #expect(out.status == 2)
        #expect(out.stderr.contains("layoutlab: render: step 2 (\(step)): \(reason)"), "\(out.stderr)")
    }

    @Test func performNeedsAPersonsPreview() throws {
        let ws = try Workspace("perform-scene")
        var out = try runLayoutlab(["render", "--json", ws.url("x.json").path, "--perform", "tap:a"], in: ws, timeout: 30)
        #expect(out.status == 2)
        #expect(out.stderr.contains("--perform operates one of your previews; give --source FILE"), "\(out.stderr)")
        out = try runLayoutlab(["render", "--source", liveCorpus.appendingPathComponent("StateScreens.swift").path, "--scene", "capsules",
                                "--json", ws.url("x.json").path, "--perform", "tap:a"], in: ws, timeout: 30)
        #expect(out.status == 2)
        #expect(out.stderr.contains("--perform operates a preview; give --preview NAME, not --scene/--layout"), "\(out.stderr)")
    }
}
