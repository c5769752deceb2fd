import Foundation
import Testing
import LayoutTestSupport
@testable import LayoutLabApp
@testable import LayoutLabCore
import CPangoCairo

/// One run of the window on an automation script: its exit status, output and the files it wrote.
struct WindowRun {
    let status: Int32
    let stdout: String
    let stderr: String
    let directory: URL

    /// The JSON object a `state NAME` / `frames NAME` command wrote.
    func json(_ name: String) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: directory.appendingPathComponent(name + ".json"))) as? [String: Any])
    }

    /// GTK's complaints on stderr (criticals and warnings), less the missing session bus under Xvfb.
    var complaints: [Substring] {
        stderr.split(separator: "\n").filter {
            ($0.contains("CRITICAL") || $0.contains("Gtk-WARNING")) && !$0.contains("session bus")
        }
    }

    /// Runs `layoutlab [arguments] --automation SCRIPT --screenshot-dir DIR`.
    /// `isolated`: on an X server of its own (`xvfb-run -a`), so that real pointer input from
    /// xdotool reaches this window and no other test's.
    static func run(_ script: String, arguments: [String] = [], environment: [String: String] = [:], isolated: Bool = false,
                    configure: ((URL) throws -> Void)? = nil) throws -> WindowRun {
        let exe = try #require(layoutlabExecutable(), "build the app first: swift build --product layoutlab")
        let dir = URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent("layoutlab-defects-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        try configure?(dir)
        let scriptURL = dir.appendingPathComponent("script.txt")
        try script.replacingOccurrences(of: "$DIR", with: dir.path).write(to: scriptURL, atomically: true, encoding: .utf8)
        let appArguments = arguments + ["--automation", scriptURL.path, "--screenshot-dir", dir.path]
        var env = ProcessInfo.processInfo.environment
        env["GSK_RENDERER"] = "cairo"
        env["XDG_CONFIG_HOME"] = dir.appendingPathComponent("config").path
        env["GTK_THEME"] = nil
        for (k, v) in environment { env[k] = v }
        let output = isolated
            ? try runProcess(URL(fileURLWithPath: "/usr/bin/xvfb-run"),
                             ["-a", "-s", "-screen 0 1600x1000x24", exe.path] + appArguments,
                             environment: env, timeout: 120, outputDirectory: dir)
            : try runProcess(exe, appArguments, environment: env, timeout: 120, outputDirectory: dir)
        if output.timedOut { Issue.record("layoutlab did not finish its script in 120 s") }
        return WindowRun(status: output.status, stdout: output.stdout, stderr: output.stderr, directory: dir)
    }
}

func number(_ object: [String: Any], _ path: String...) -> Double {
    var current: Any? = object
    for key in path { current = (current as? [String: Any])?[key] }
    return (current as? Double) ?? (current as? Int).map(Double.init) ?? .nan
}
func value(_ object: [String: Any], _ path: String...) -> Any? {
    var current: Any? = object
    for key in path { current = (current as? [String: Any])?[key] }
    return current
}

let xdotoolAvailable = FileManager.default.isExecutableFile(atPath: "/usr/bin/xdotool")

/// The defects found by trying the window as a new user would; each test reproduces the
/// steps of the report and fails on the old behaviour.
@Suite("Window defects", .enabled(if: hasDisplay, "DISPLAY is unset: run under xvfb-run -a"))
struct WindowDefectTests {
    /// 1. Six wheel notches over the Subviews field and one over the Width slider, while
    /// scrolling the inspector, changed the count and turned "Follow the window" off. Once
    /// the field has the focus the wheel does change it (so the wheel really reached it).
    @Test(.enabled(if: xdotoolAvailable, "needs xdotool (run-tests installs it)"))
    func wheelOverTheInspectorNeverEditsAValue() throws {
        let run = try WindowRun.run("""
            resize 1280 800
            settle
            state before
            pointer wheel count down 6
            pointer wheel width-scale down 1
            pointer wheel spacing-scale up 2
            wait 300
            state after
            pointer click count
            wait 200
            pointer wheel count up 1
            wait 300
            state focused
            """, isolated: true)
        #expect(run.status == 0, "\(run.stderr)")
        let before = try run.json("before"), after = try run.json("after"), focused = try run.json("focused")
        #expect(number(before, "count") == 20)
        #expect(number(after, "count") == 20, "the wheel changed Subviews")
        #expect(value(after, "followsWindow") as? Bool == true, "the wheel turned Follow off")
        #expect(number(after, "proposal", "width") == number(before, "proposal", "width"))
        #expect(number(after, "proposal", "height") == number(before, "proposal", "height"))
        #expect(number(after, "spacing") == number(before, "spacing"))
        #expect(number(focused, "count") == 21, "a focused field takes the wheel")
        #expect(run.complaints.isEmpty, "\(run.complaints)")
    }

    /// 2. Ctrl+S's message widened a 700×500 window (and so the proposal under "Follow").
    @Test func exportNeverResizesTheWindow() throws {
        let run = try WindowRun.run("""
            resize 700 500
            settle
            state before
            export $DIR/out/scene.png
            wait 400
            state after
            """) { dir in try FileManager.default.createDirectory(at: dir.appendingPathComponent("out"), withIntermediateDirectories: true) }
        #expect(run.status == 0, "\(run.stderr)")
        let before = try run.json("before"), after = try run.json("after")
        #expect(number(after, "window", "width") == number(before, "window", "width"))
        #expect(number(after, "window", "height") == number(before, "window", "height"))
        #expect(number(after, "proposal", "width") == number(before, "proposal", "width"))
        #expect((value(after, "toast") as? String)?.hasPrefix("Saved scene.png") == true)
        #expect(value(after, "widgets", "toast", "visible") as? Bool == true)
        #expect(FileManager.default.fileExists(atPath: run.directory.appendingPathComponent("out/scene.svg").path))
    }

    /// 3. Touching Width turned "Follow" off and Height jumped to a stale 360; so did nil/∞.
    @Test func leavingFollowKeepsBothDimensions() throws {
        let run = try WindowRun.run("""
            resize 1000 760
            settle
            state following
            width 300
            settle
            state width
            follow on
            settle
            activate height-nil
            settle
            state heightNil
            follow on
            settle
            activate width-inf
            settle
            state widthInf
            """)
        #expect(run.status == 0, "\(run.stderr)")
        let following = try run.json("following")
        let canvasW = number(following, "canvas", "width"), canvasH = number(following, "canvas", "height")
        #expect(canvasH > 400 && canvasH != 360)
        let width = try run.json("width")
        #expect(value(width, "followsWindow") as? Bool == false)
        #expect(number(width, "proposal", "width") == 300)
        #expect(number(width, "proposal", "height") == canvasH, "height kept the window's value")
        let heightNil = try run.json("heightNil")
        #expect(number(heightNil, "proposal", "width") == canvasW, "width kept the window's value")
        #expect(number(heightNil, "proposal", "height") == -1, "height is nil")
        let widthInf = try run.json("widthInf")
        #expect(value(widthInf, "proposal", "width") as? String == "inf")
        #expect(number(widthInf, "proposal", "height") == canvasH)
    }

    /// 4. "+90°" from 270° animated back the short way by 270° instead of on by 90°.
    @Test func plusNinetyKeepsTurningForward() throws {
        let run = try WindowRun.run("""
            follow off
            width 420
            height 420
            layout radial
            count 4
            curve linear
            rotation 270
            settle
            frames start
            slowmo on
            activate rotate-90
            wait 500
            frames mid
            settle
            frames end
            state rotated
            """)
        #expect(run.status == 0, "\(run.stderr)")
        func angles(_ name: String) throws -> [Int: Double] {
            let f = try loadFrames(run.directory.appendingPathComponent(name + ".json"))
            let cx = f.items.map(\.midX).reduce(0, +) / Double(f.items.count), cy = f.items.map(\.midY).reduce(0, +) / Double(f.items.count)
            return Dictionary(uniqueKeysWithValues: f.items.map { ($0.id, atan2($0.midY - cy, $0.midX - cx) * 180 / .pi) })
        }
        func turn(_ from: Double, _ to: Double) -> Double {
            var d = (to - from).truncatingRemainder(dividingBy: 360)
            if d > 180 { d -= 360 }
            if d <= -180 { d += 360 }
            return d
        }
        let start = try angles("start"), mid = try angles("mid"), end = try angles("end")
        #expect(try loadFrames(run.directory.appendingPathComponent("mid.json")).animating)
        for (id, a0) in start {
            let total = turn(a0, end[id] ?? .nan), part = turn(a0, mid[id] ?? .nan)
            #expect(abs(abs(total) - 90) < 3, "item \(id) turned \(total)° in all")
            #expect(part * total > 0 && abs(part) < abs(total), "item \(id) went \(part)° of \(total)° by mid-way (backwards?)")
        }
        #expect(number(try run.json("rotated"), "rotation") == 360)
    }

    /// 5. The Mixed scene's "Priority 1: I keep my width" wrapped to three lines at width 500:
    /// its priority sat inside padding and border, where the stack cannot see it.
    @MainActor @Test func mixedScenePriorityLabelKeepsItsWidth() throws {
        let session = LabSession(layouts: LabLayout.builtIn, scenes: LabScene.builtIn)
        session.perform(.selectScene(try #require(session.sceneIndex(named: "Mixed"))), at: 0)
        session.perform(.selectLayout(try #require(session.layoutIndex(named: "HStack"))), at: 0)
        session.perform(.setProposal(width: 500, height: 300, animated: false), at: 0)
        let label = try #require(session.result.views.first { $0.kind == "Text" && $0.detail.contains("Priority 1") })
        let ideal = try #require(label.idealSize)
        #expect(abs(label.frame.width - ideal.width) < 0.5, "the label keeps its one-line width: \(label.frame) vs ideal \(ideal)")
        #expect(abs(label.frame.height - ideal.height) < 0.5, "one line")
    }

    /// 6. "abc" typed into Subviews, then Tab, set the count to 0 and deleted every view.
    @Test(.enabled(if: xdotoolAvailable, "needs xdotool (run-tests installs it)"))
    func invalidNumbersAreRejected() throws {
        let run = try WindowRun.run("""
            settle
            pointer type count abc
            wait 300
            state typed
            pointer type width-entry 1500
            wait 300
            state width
            """, isolated: true)
        #expect(run.status == 0, "\(run.stderr)")
        let typed = try run.json("typed")
        #expect(number(typed, "count") == 20, "the count was kept")
        #expect(value(typed, "widgets", "count", "text") as? String == "20", "the field shows the kept value")
        // 10. An exact width beyond the old 1,200 maximum, typed.
        let width = try run.json("width")
        #expect(number(width, "proposal", "width") == 1500)
        #expect(value(width, "followsWindow") as? Bool == false)
    }

    /// The keyboard shortcuts are application accelerators of GActions: real keys (xdotool)
    /// reach them wherever the focus is, except Ctrl+Z in a text field, which undoes the typing
    /// there (the field's own undo); Escape and the arrows act only while presenting.
    @Test(.enabled(if: xdotoolAvailable, "needs xdotool (run-tests installs it)"))
    func realKeysActivateTheActions() throws {
        let run = try WindowRun.run("""
            resize 1280 800
            settle
            pointer press canvas ctrl+3
            settle
            state layout3
            pointer press canvas F9
            wait 300
            state noinspector
            pointer press canvas F9
            wait 300
            follow off
            width 300
            settle
            pointer type width-entry 420
            settle
            pointer click width-entry
            pointer press canvas End
            pointer press canvas BackSpace
            pointer press canvas 7
            wait 200
            pointer press canvas ctrl+z
            settle
            state textundo
            pointer press canvas Escape
            pointer press canvas Right
            settle
            state notpresenting
            pointer press canvas F5
            wait 500
            pointer press canvas Right
            settle
            state presenting
            pointer press canvas Escape
            wait 500
            state stopped
            """, isolated: true)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(value(try run.json("layout3"), "layout") as? String == "ZStack", "Ctrl+3")
        #expect(value(try run.json("noinspector"), "widgets", "inspector", "visible") as? Bool == false, "F9")
        let textUndo = try run.json("textundo")
        #expect(number(textUndo, "proposal", "width") == 420, "Ctrl+Z in the width field undid its typing, not the width")
        #expect(value(try run.json("notpresenting"), "layout") as? String == "ZStack", "→ is the focused control's unless presenting")
        let presenting = try run.json("presenting")
        #expect(value(presenting, "presenting") as? Bool == true)
        #expect(value(presenting, "layout") as? String == "Flow", "→ while presenting")
        #expect(value(try run.json("stopped"), "presenting") as? Bool == false, "Escape stops presenting")
    }

    /// The main menu (Resources/menu.ui in the app's GResource) shows its items, and they are the
    /// window's actions: "Compare side by side" turns comparing on and shows it.
    @Test func mainMenuItemsAreActions() throws {
        let run = try WindowRun.run("""
            resize 1280 800
            settle
            activate main-menu
            wait 300
            widget-screenshot main-menu-popover menu
            state open
            activate compare
            wait 300
            compare-frames compared
            """)
        #expect(run.status == 0, "\(run.stderr)")
        let open = try run.json("open")
        #expect(value(open, "widgets", "record-button", "visible") as? Bool == true, "the menu is open")
        #expect(value(open, "widgets", "record-button", "sensitive") as? Bool == true)
        #expect(FileManager.default.fileExists(atPath: run.directory.appendingPathComponent("menu.png").path))
        #expect((try? run.json("compared")) != nil, "comparing is on")
    }

    /// 7. The canvas stayed white under a dark theme; each way of asking for dark is followed.
    @Test(arguments: ["GTK_THEME", "settings.ini", "--dark"])
    func canvasFollowsTheDarkStyle(_ how: String) throws {
        var env: [String: String] = [:], args: [String] = []
        switch how {
        case "GTK_THEME": env["GTK_THEME"] = "Adwaita:dark"
        case "--dark": args = ["--dark"]
        default: break
        }
        let run = try WindowRun.run("""
            settle
            state s
            screenshot canvas
            """, arguments: args, environment: env) { dir in
            if how == "settings.ini" {
                let gtk = dir.appendingPathComponent("config/gtk-4.0")
                try FileManager.default.createDirectory(at: gtk, withIntermediateDirectories: true)
                try "[Settings]\ngtk-application-prefer-dark-theme=1\n".write(to: gtk.appendingPathComponent("settings.ini"), atomically: true, encoding: .utf8)
            }
        }
        #expect(run.status == 0, "\(run.stderr)")
        #expect(value(try run.json("s"), "colorScheme") as? String == "dark")
        let corner = try pixel(run.directory.appendingPathComponent("canvas.png"), x: 4, y: 4)
        #expect(corner.red + corner.green + corner.blue < 3 * 80, "the canvas background is dark: \(corner)")
    }

    /// 7. The desktop's preference (the settings portal) and the theme name map as GNOME's do.
    @Test func colorSchemeSources() {
        #expect(Appearance.scheme(prefersDark: false, themeName: "Adwaita", themeEnvironment: nil) == .light)
        #expect(Appearance.scheme(prefersDark: true, themeName: "Adwaita", themeEnvironment: nil) == .dark)
        #expect(Appearance.scheme(prefersDark: false, themeName: "Adwaita", themeEnvironment: "Adwaita:dark") == .dark)
        #expect(Appearance.scheme(prefersDark: false, themeName: "Adwaita-dark", themeEnvironment: nil) == .dark)
        #expect(Appearance.prefersDark(portalScheme: 1) == true)
        #expect(Appearance.prefersDark(portalScheme: 2) == false)
        #expect(Appearance.prefersDark(portalScheme: 0) == nil)
        #expect(Appearance.prefersDark(portalScheme: -1) == nil)
    }

    /// 8. Captions stay on the canvas; with many subviews only the container's proposal is
    /// drawn; min/ideal/max have a legend.
    @MainActor @Test func overlaysAreReadable() throws {
        let visible = CGRect(x: 0, y: 0, width: 400, height: 300)
        // A stack child's proposal box reaching far past the canvas: the caption stays inside.
        let r = Overlays.captionRect(width: 120, at: CGRect(x: -2000, y: -1500, width: 4400, height: 3300), above: true, slot: 0, visible: visible)
        #expect(visible.contains(r), "\(r)")
        let below = Overlays.captionRect(width: 80, at: CGRect(x: 390, y: 290, width: 30, height: 30), above: false, slot: 1, visible: visible)
        #expect(visible.contains(below), "\(below)")
        let session = LabSession(layouts: LabLayout.builtIn, scenes: LabScene.builtIn)
        session.perform(.setProposal(width: 480, height: 360, animated: false), at: 0)
        session.perform(.setCount(12), at: 0)
        #expect(session.itemViews.count == 12)
        #expect(Overlays.targets(session).proposals == [0], "one proposal box (the container's), not 12")
        session.perform(.setCount(4), at: 0)
        #expect(Overlays.targets(session).proposals.count == 4)
        session.perform(.select(session.result.views[session.itemViews[1]].identity))
        #expect(Overlays.targets(session).proposals == [session.itemViews[1]])

        let run = try WindowRun.run("""
            follow off
            width 420
            height 300
            overlays proposal,size,ranges
            settle
            screenshot legend
            overlays
            settle
            screenshot plain
            """)
        #expect(run.status == 0, "\(run.stderr)")
        // The legend's corner differs from the plain canvas's.
        let legend = try pixel(run.directory.appendingPathComponent("legend.png"), x: 40, y: -20)
        let plain = try pixel(run.directory.appendingPathComponent("plain.png"), x: 40, y: -20)
        #expect(legend != plain, "a legend is drawn in the bottom-left corner")
    }

    /// 9, 11. At 1280×800 the animation controls are in view (with a scrollbar when they are
    /// not); controls that do not apply are disabled and say why.
    @Test func inspectorFitsAndDisablesWhatDoesNotApply() throws {
        let run = try WindowRun.run("""
            resize 1280 800
            settle
            stats on
            wait 600
            state big
            layout radial
            settle
            state radial
            layout hstack
            settle
            state hstack
            layout zstack
            settle
            state zstack
            layout equal-width-hstack
            settle
            state equal
            """)
        #expect(run.status == 0, "\(run.stderr)")
        let big = try run.json("big")
        for name in ["curve", "slow-motion", "stats"] {
            #expect(value(big, "widgets", name, "inView") as? Bool == true, "\(name) is in view at 1280×800")
        }
        // The statistics show over the canvas, whole (not cut off by the inspector's divider).
        let stats = try #require(value(big, "widgets", "stats-label", "bounds") as? [String: Any])
        let canvas = try #require(value(big, "widgets", "canvas", "bounds") as? [String: Any])
        #expect(number(stats, "x") >= number(canvas, "x") && number(stats, "x") + number(stats, "width") <= number(canvas, "x") + number(canvas, "width"))
        #expect(number(stats, "height") > 0)
        #expect((value(big, "widgets", "stats-label", "text") as? String)?.contains("fps") == true)
        func control(_ s: [String: Any], _ name: String) -> (Bool, String) {
            (value(s, "controls", name, "sensitive") as? Bool ?? true, value(s, "controls", name, "tooltip") as? String ?? "")
        }
        let radial = try run.json("radial")
        #expect(control(radial, "spacing").0 == false && control(radial, "spacing").1.contains("Radial"))
        #expect(control(radial, "alignment").0 == false)
        #expect(control(radial, "rotation").0 == true)
        #expect(control(radial, "rank").0 == false && control(radial, "rank").1.contains("Select"), "no selection: no rank")
        #expect(value(radial, "widgets", "rank", "text") as? String == "", "no stale rank")
        let hstack = try run.json("hstack")
        #expect(control(hstack, "rotation").0 == false && control(hstack, "rotation").1.contains("Radial"))
        #expect(control(hstack, "rank").0 == false)
        #expect(control(hstack, "spacing").0 == true && control(hstack, "alignment").0 == true)
        let zstack = try run.json("zstack")
        #expect(control(zstack, "spacing").0 == false)
        #expect(control(zstack, "alignment").0 == true)
        let equal = try run.json("equal")
        #expect(control(equal, "alignment").0 == false && control(equal, "spacing").0 == true)
        #expect(run.complaints.isEmpty, "\(run.complaints)")
    }

    /// 10. A saved proposal above the sliders' range is shown truly.
    @Test func largeSavedProposalIsShownTruly() throws {
        let run = try WindowRun.run("""
            settle
            state s
            """, arguments: ["--settings"]) { dir in
            let folder = dir.appendingPathComponent("config/layoutlab")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            try #"{"proposalWidth": 5000, "proposalHeight": 300, "followsWindow": false, "widthMode": "fixed", "heightMode": "fixed"}"#
                .write(to: folder.appendingPathComponent("settings.json"), atomically: true, encoding: .utf8)
        }
        #expect(run.status == 0, "\(run.stderr)")
        let s = try run.json("s")
        #expect(number(s, "proposal", "width") == 5000)
        #expect(value(s, "widgets", "width-entry", "text") as? String == "5000")
    }

    /// 12. Repeated clicks walk out from the view under the pointer to its containers, and the
    /// breadcrumb shows the path.
    @Test func clicksWalkOutToTheContainer() throws {
        var script = "follow off\nwidth 420\nheight 300\nlayout hstack\ncount 3\nsettle\n"
        for k in 0..<8 { script += "select 0 0\nclick-item 1\nstate click\(k)\n" }
        let run = try WindowRun.run(script.replacingOccurrences(of: "select 0 0\n", with: ""))
        #expect(run.status == 0, "\(run.stderr)")
        var names: [String] = []
        for k in 0..<8 { names.append(value(try run.json("click\(k)"), "selection") as? String ?? "") }
        #expect(names.first?.hasPrefix("Text") == true, "the first click selects the deepest view: \(names)")
        #expect(names.contains("AnyLayout(HStackLayout)"), "clicks reach the stack: \(names)")
        let rootIndex = try #require(names.firstIndex(of: "AnyLayout(HStackLayout)"))
        #expect(names[rootIndex + 1] == names[0], "then start again at the deepest view: \(names)")
        let crumbs = value(try run.json("click1"), "breadcrumb") as? [String] ?? []
        #expect(crumbs.first == "AnyLayout(HStackLayout)" && crumbs.count >= 2, "\(crumbs)")
    }

    /// 14. A script that does not exist is an error.
    @Test func missingAutomationScriptFails() throws {
        let exe = try #require(layoutlabExecutable())
        let process = Process()
        process.executableURL = exe
        process.arguments = ["--automation", "/nonexistent/script.txt"]
        var env = ProcessInfo.processInfo.environment
        env["GSK_RENDERER"] = "cairo"
        process.environment = env
        process.standardError = FileHandle.nullDevice
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        #expect(process.terminationStatus != 0)
    }

    /// 15. A stats update arriving after the window was destroyed gave a Gtk-CRITICAL.
    @Test func noCriticalWhenStatsOutliveTheWindow() throws {
        let run = try WindowRun.run("""
            stats on
            settle
            window-screenshot x
            quit
            """)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.complaints.isEmpty, "\(run.complaints)")
    }

    /// 16. A corrupt settings file was only warned about on stderr and then overwritten on
    /// exit: now the window says so and the bad file is kept.
    @Test func corruptSettingsAreReportedAndKept() throws {
        let bad = "{ \"layout\": \"Flow\", oops"
        let run = try WindowRun.run("""
            settle
            state s
            close
            """, arguments: ["--settings"]) { dir in
            let folder = dir.appendingPathComponent("config/layoutlab")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            try bad.write(to: folder.appendingPathComponent("settings.json"), atomically: true, encoding: .utf8)
        }
        #expect(run.status == 0, "\(run.stderr)")
        #expect((value(try run.json("s"), "toast") as? String)?.contains("could not be read") == true)
        let kept = run.directory.appendingPathComponent("config/layoutlab/settings.json.unreadable")
        #expect(try String(contentsOf: kept, encoding: .utf8) == bad, "the bad file is kept as it was")
        let saved = run.directory.appendingPathComponent("config/layoutlab/settings.json")
        #expect(FileManager.default.fileExists(atPath: saved.path), "good settings were saved on exit")
    }

    /// 17. First launch: Flow wraps, a hint says what to do, the pickers show shortcuts and
    /// descriptions, there is an About window and an icon.
    @Test func firstLaunchExplainsItself() throws {
        let run = try WindowRun.run("""
            settle
            frames flow
            state first
            about
            wait 300
            state about
            """, arguments: ["--settings"])
        #expect(run.status == 0, "\(run.stderr)")
        let first = try run.json("first")
        #expect(value(first, "hint") as? Bool == true)
        let flow = try loadFrames(run.directory.appendingPathComponent("flow.json"))
        #expect(flow.layout == "Flow")
        #expect(Set(flow.items.map { ($0.y * 2).rounded() }).count > 1, "Flow wraps in the first window")
        let layouts = value(first, "layoutPickerItems") as? [String] ?? []
        #expect(layouts.first == "HStack\u{1F}Ctrl+1" && layouts.contains("Flow\u{1F}Ctrl+4"), "\(layouts)")
        let scenes = value(first, "scenePickerItems") as? [String] ?? []
        #expect(scenes.allSatisfy { $0.split(separator: "\u{1F}").count == 2 }, "every scene has a description: \(scenes)")
        #expect(value(first, "iconName") as? String == "io.github.layoutlab.LayoutLab")
        #expect((value(first, "iconFile") as? String)?.hasSuffix("/io.github.layoutlab.LayoutLab.svg") == true, "the icon is found, not a fallback")
        #expect(value(try run.json("about"), "about") as? Bool == true)
    }
}

/// The inspector features people expect: compare side by side, drag the proposal's edges,
/// device presets, the outline, the trace's filter, baseline and nine-way alignments.
@Suite("Inspector features", .enabled(if: hasDisplay, "DISPLAY is unset: run under xvfb-run -a"))
struct InspectorFeatureTests {
    /// Two layouts side by side follow every change to the scene; the second can have a
    /// proposal of its own.
    @Test func compareTwoLayoutsSideBySide() throws {
        let run = try WindowRun.run("""
            resize 1400 800
            layout hstack
            count 5
            compare on
            compare-layout vstack
            settle
            frames a
            compare-frames b
            count 3
            settle
            frames a3
            compare-frames b3
            compare-proposal 200 300
            settle
            compare-frames own
            state comparing
            window-screenshot compare
            compare off
            settle
            state off
            """)
        #expect(run.status == 0, "\(run.stderr)")
        let a = try loadFrames(run.directory.appendingPathComponent("a.json")), b = try loadFrames(run.directory.appendingPathComponent("b.json"))
        #expect(a.layout == "HStack" && b.layout == "VStack")
        #expect(a.items.count == 5 && b.items.count == 5)
        #expect(Set(a.items.map { ($0.midY * 2).rounded() }).count == 1, "left: one row")
        #expect(Set(b.items.map { ($0.midX * 2).rounded() }).count == 1, "right: one column")
        #expect(try loadFrames(run.directory.appendingPathComponent("b3.json")).items.count == 3, "the right canvas follows the count")
        let own = try run.json("own")
        #expect(number(own, "proposal", "width") == 200 && number(own, "proposal", "height") == 300)
        #expect(value(try run.json("comparing"), "widgets", "compare", "sensitive") as? Bool == true)
        let canvasOn = number(try run.json("comparing"), "canvas", "width"), canvasOff = number(try run.json("off"), "canvas", "width")
        #expect(canvasOn < canvasOff * 0.6, "the main canvas shares the row while comparing: \(canvasOn) vs \(canvasOff)")
        #expect(run.complaints.isEmpty, "\(run.complaints)")
    }

    /// The canvas always wins: a phone-sized window shows the canvas alone with nothing in the
    /// header bar cut off, and F9 there shows the inspector over it; in a wide window F9 hides
    /// and shows the inspector beside it, and the choice is remembered.
    @Test func smallWindowsShowTheCanvasAlone() throws {
        let run = try WindowRun.run("""
            resize 360 480
            settle
            state small
            window-screenshot small
            shortcut F9
            settle
            state floating
            window-screenshot floating
            shortcut F9
            settle
            state closed
            shortcut F9
            settle
            resize 1280 800
            settle
            state wide
            shortcut F9
            settle
            state hidden
            close
            """, arguments: ["--settings"])
        #expect(run.status == 0, "\(run.stderr)")
        let small = try run.json("small")
        let windowWidth = number(small, "window", "width")
        #expect(windowWidth <= 362, "the window reaches phone width: \(windowWidth)")
        #expect(number(small, "canvas", "width") >= windowWidth - 4 - 18, "the canvas fills it (beside the 18-pt ruler)")
        #expect(value(small, "widgets", "inspector", "visible") as? Bool == false)
        #expect(value(small, "widgets", "title", "visible") as? Bool == false, "no half title")
        for name in ["layout-picker", "scene-picker", "inspector-toggle"] {
            let b = try #require(value(small, "widgets", name, "bounds") as? [String: Any], "\(name)")
            #expect(number(b, "x") >= 0 && number(b, "x") + number(b, "width") <= windowWidth, "\(name) is whole: \(b)")
        }
        #expect(number(small, "proposal", "width") == number(small, "canvas", "width"), "Follow: the canvas is the proposal")
        // F9 there: the inspector over the canvas, whole, the canvas (and so the proposal) as it was.
        let floating = try run.json("floating")
        #expect(value(floating, "widgets", "inspector", "visible") as? Bool == true, "F9 shows it over the canvas")
        let panel = try #require(value(floating, "widgets", "inspector", "bounds") as? [String: Any])
        #expect(number(panel, "x") >= 0 && number(panel, "x") + number(panel, "width") <= windowWidth + 0.5, "inside the window: \(panel)")
        #expect(number(panel, "width") >= 200, "wide enough to use: \(panel)")
        #expect(number(floating, "canvas", "width") == number(small, "canvas", "width"))
        #expect(number(floating, "proposal", "width") == number(small, "proposal", "width"))
        #expect(value(try run.json("closed"), "widgets", "inspector", "visible") as? Bool == false, "F9 again closes it")
        let wide = try run.json("wide")
        #expect(value(wide, "widgets", "inspector", "visible") as? Bool == true, "back when there is room")
        // Widened while it floated: docked beside the canvas at its own width (its controls'
        // rows are about 500 wide), the canvas the rest.
        let docked = try #require(value(wide, "widgets", "inspector", "bounds") as? [String: Any])
        let windowWidth2 = number(wide, "window", "width")
        #expect(abs(number(docked, "x") + number(docked, "width") - windowWidth2) < 12 && number(docked, "width") <= 560, "\(docked)")
        #expect(number(wide, "canvas", "width") >= windowWidth2 - 560)
        #expect(value(try run.json("hidden"), "widgets", "inspector", "visible") as? Bool == false, "F9 hides it")
        let settings = try String(contentsOf: run.directory.appendingPathComponent("config/layoutlab/settings.json"), encoding: .utf8)
        #expect(settings.contains("\"inspectorVisible\" : false"), "remembered: \(settings)")
    }

    /// Pause stops the clock: a layout switch started while paused holds at its start however
    /// long the window waits, each Step moves it a thirtieth of a second on, and running again
    /// finishes it where it would have ended.
    @Test func pauseHoldsAnimationsAndStepMovesThemOn() throws {
        let run = try WindowRun.run("""
            follow off
            width 500
            height 400
            layout hstack
            count 4
            curve linear
            settle
            frames start
            pause-time on
            layout vstack
            wait 500
            frames held
            state paused
            step-time 3
            frames stepped
            step-time 3
            frames stepped-more
            pause-time off
            settle
            frames end
            state running
            """)
        #expect(run.status == 0, "\(run.stderr)")
        func xs(_ name: String) throws -> [Double] {
            let items = try #require(try run.json(name)["items"] as? [[String: Any]])
            return items.map { number($0, "x") }
        }
        func targets(_ name: String) throws -> [Double] {
            let items = try #require(try run.json(name)["items"] as? [[String: Any]])
            return items.map { number(($0["target"] as? [String: Any]) ?? [:], "x") }
        }
        let start = try xs("start"), held = try xs("held"), stepped = try xs("stepped"), more = try xs("stepped-more"), end = try xs("end")
        try #require(start.count == 4 && end.count == 4)
        #expect(held == start, "nothing moves while paused: \(start) → \(held)")
        #expect(value(try run.json("paused"), "timePaused") as? Bool == true)
        #expect(value(try run.json("paused"), "widgets", "paused-label", "visible") as? Bool == true)
        #expect(value(try run.json("paused"), "widgets", "step-time", "sensitive") as? Bool == true)
        // The last item travels furthest (HStack → VStack): each step moves it part of the way.
        let target = try targets("end")
        #expect(end == target, "running again finishes the switch")
        let a = start[3], b = stepped[3], c = more[3], z = end[3]
        #expect(abs(b - a) > 0.5 && abs(c - a) > abs(b - a) && abs(z - a) > abs(c - a), "\(a) → \(b) → \(c) → \(z)")
        #expect(value(try run.json("running"), "timePaused") as? Bool == false)
        #expect(value(try run.json("running"), "widgets", "paused-label", "visible") as? Bool == false)
    }

    /// Ctrl+Z / Ctrl+Shift+Z undo and redo every change, a slider drag as one step; Ctrl+R
    /// resets the scene (undoably); Ctrl+? shows the shortcuts window.
    @Test func undoRedoAndReset() throws {
        let run = try WindowRun.run("""
            follow off
            width 500
            height 400
            layout hstack
            count 5
            spacing 12
            settle
            state edited
            shortcut <Control>z
            settle
            state undo1
            shortcut <Control>z
            settle
            state undo2
            shortcut <Control>z
            settle
            state undo3
            shortcut <Control><Shift>z
            settle
            state redo1
            shortcut <Control>r
            settle
            state reset
            shortcut <Control>z
            settle
            state unreset
            shortcut <Control>question
            wait 300
            state help
            """)
        #expect(run.status == 0, "\(run.stderr)")
        let edited = try run.json("edited")
        #expect(number(edited, "count") == 5 && number(edited, "spacing") == 12 && value(edited, "layout") as? String == "HStack")
        let undo1 = try run.json("undo1")
        #expect(value(undo1, "spacingIsDefault") as? Bool == true, "spacing undone")
        #expect(number(undo1, "count") == 5)
        #expect(number(try run.json("undo2"), "count") == 20, "count undone")
        #expect(value(try run.json("undo3"), "layout") as? String == "Flow", "layout undone")
        #expect(value(try run.json("redo1"), "layout") as? String == "HStack", "redone")
        let reset = try run.json("reset")
        #expect(number(reset, "count") == 20 && value(reset, "followsWindow") as? Bool == true && value(reset, "layout") as? String == "HStack")
        let unreset = try run.json("unreset")
        #expect(value(unreset, "followsWindow") as? Bool == false && number(unreset, "proposal", "width") == 500)
        let help = try run.json("help")
        #expect(value(help, "shortcutsWindow") as? Bool == true)
        // The shortcuts window (Resources/shortcuts.ui) names actions; the keys it shows are the
        // accelerators the window's action table set for them, and the layouts' names are filled in.
        let keys = try #require(value(help, "shortcutKeys") as? [String: String], "\(help)")
        #expect(keys["Undo"]?.hasSuffix("z") == true && keys["Undo"]?.contains("Control") == true, "\(keys)")
        #expect(keys["Redo"]?.contains("<Control>y") == true, "both of redo's keys: \(keys)")
        #expect(keys["Zoom in"]?.contains("plus") == true, "\(keys)")
        #expect(keys["HStack"] == "<Control>1" && keys["Flow"] == "<Control>4", "\(keys)")
        #expect(keys["Quit"] == "<Control>q", "\(keys)")
        #expect(keys.values.allSatisfy { !$0.isEmpty }, "a shortcut without keys: \(keys)")
        #expect(run.complaints.isEmpty, "\(run.complaints)")
    }

    /// The selected container shows its anatomy as devtools show a flexbox: gaps between the
    /// subviews with their lengths, a padding's insets; hovering shows a view's size and proposal.
    @Test(.enabled(if: xdotoolAvailable, "needs xdotool (run-tests installs it)"))
    func containerAnatomyAndHoverBadge() throws {
        let run = try WindowRun.run("""
            resize 1100 700
            follow off
            width 600
            height 300
            layout hstack
            count 4
            spacing 14
            settle
            click-item 0
            click-item 0
            state padding
            click-item 0
            click-item 0
            click-item 0
            state root
            window-screenshot anatomy
            pointer hover canvas 205 150
            wait 300
            state hover
            """, isolated: true)
        #expect(run.status == 0, "\(run.stderr)")
        let padding = try run.json("padding")
        #expect(value(padding, "anatomy", "container") as? String == "padding(16)")
        #expect(value(padding, "anatomy", "insets") as? [Double] == [16, 16, 16, 16])
        let root = try run.json("root")
        #expect(value(root, "anatomy", "children") as? Int == 4)
        #expect(value(root, "anatomy", "gaps") as? [Double] == [14, 14, 14])
        #expect(value(root, "anatomy", "gapAxes") as? [String] == ["h", "h", "h"])
        #expect(value(root, "anatomy", "guides") as? [String] == ["center"], "the HStack's centre guide is drawn")
        let hover = value(try run.json("hover"), "hover") as? String ?? ""
        #expect(hover.contains("proposal ("), "a badge with the hovered view's proposal: \(hover)")
    }

    /// Zoom and pan: Ctrl+scroll and the keyboard zoom, the middle button pans, clicks still hit
    /// the right view, and a 4× zoom is drawn as vectors (a shape's edge stays sharp).
    @Test(.enabled(if: xdotoolAvailable, "needs xdotool (run-tests installs it)"))
    func zoomAndPanTheCanvas() throws {
        let run = try WindowRun.run("""
            resize 1200 800
            follow off
            width 300
            height 200
            layout hstack
            count 3
            settle
            pointer ctrl-scroll canvas up 3
            wait 300
            state scrolled
            shortcut <Control>0
            state actual
            shortcut <Control>plus
            state plus
            pointer middle-drag canvas 120 -60
            wait 300
            state panned
            zoom 4
            pan 0 0
            settle
            click-item 0
            state clicked
            screenshot crisp
            frames crispframes
            zoom fit
            state fit
            """, isolated: true)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(number(try run.json("scrolled"), "zoom") > 1.2, "Ctrl+scroll up zooms in")
        #expect(number(try run.json("actual"), "zoom") == 1)
        #expect(abs(number(try run.json("plus"), "zoom") - 1.25) < 1e-9)
        let panned = try run.json("panned")
        #expect(abs(number(panned, "pan", "x") - 120) <= 2 && abs(number(panned, "pan", "y") + 60) <= 2, "the middle button pans")
        let clicked = try run.json("clicked")
        #expect((value(clicked, "selection") as? String)?.hasPrefix("Text") == true, "clicks hit through the zoom")
        #expect(number(try run.json("fit"), "zoom") > 1, "Fit enlarges a small proposal")
        // Crisp: across the first capsule's left edge, background to fill within 3 pixels at 4×.
        let items = try loadFrames(run.directory.appendingPathComponent("crispframes.json")).items
        let first = try #require(items.first)
        let ox = number(clicked, "origin", "x"), oy = number(clicked, "origin", "y"), z = number(clicked, "zoom")
        let edge = Int((ox + first.x * z).rounded()), y = Int((oy + first.midY * z).rounded())
        let image = try #require(PNGPixels(url: run.directory.appendingPathComponent("crisp.png")))
        let outside = image.rgb(edge - 4, y), inside = image.rgb(edge + 4, y)
        #expect(outside != inside, "a visible edge at x \(edge)")
        var changes = 0
        var previous = image.rgb(edge - 4, y)
        for x in (edge - 3)...(edge + 4) {
            let p = image.rgb(x, y)
            if p != previous { changes += 1 }
            previous = p
        }
        #expect(changes <= 3, "the edge is sharp, not a scaled bitmap's blur: \(changes) steps")
    }

    /// The Code tab's source compiles against the package and lays out to what the canvas
    /// shows: rendered with `layoutlab render --source`, every subview's frame matches.
    @Test func codeViewCompilesToTheCanvasFrames() throws {
        let combos: [(scene: String, layout: String, extra: String)] = [
            ("capsules", "flow", "spacing 6"), ("capsules", "hstack", "alignment top\nspacing 12\nshuffle"),
            ("capsules", "grid", "spacing 4"), ("capsules", "radial", "rotation 30"), ("capsules", "viewthatfits", ""),
            ("capsules", "zstack", "alignment bottomTrailing"), ("capsules", "equal-width-hstack", "spacing 3"),
            ("spacing", "vstack", "alignment leading"), ("mixed", "hstack", ""),
        ]
        var script = "follow off\nwidth 420\nheight 300\ncurve none\ntab code\n"
        for (k, c) in combos.enumerated() {
            script += "scene \(c.scene)\nlayout \(c.layout)\nspacing nil\nalignment center\nrotation 0\n"
            if c.scene == "capsules" { script += "count 9\n" }
            script += c.extra.isEmpty ? "" : c.extra + "\n"
            script += "settle\ncode code\(k)\nframes frames\(k)\n"
        }
        script += "window-screenshot codetab\n"
        let run = try WindowRun.run(script)
        #expect(run.status == 0, "\(run.stderr)")
        let exe = try #require(layoutlabExecutable())
        for (k, c) in combos.enumerated() {
            let source = run.directory.appendingPathComponent("code\(k).swift")
            let json = run.directory.appendingPathComponent("rendered\(k).json")
            let process = Process()
            process.executableURL = exe
            process.arguments = ["render", "--source", source.path, "--preview", "Canvas", "--width", "420", "--height", "300", "--json", json.path]
            process.environment = ProcessInfo.processInfo.environment.merging(["XDG_CACHE_HOME": run.directory.appendingPathComponent("cache").path]) { $1 }
            let err = Pipe()
            process.standardError = err
            process.standardOutput = FileHandle.nullDevice
            try process.run()
            process.waitUntilExit()
            let message = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            try #require(process.terminationStatus == 0, "\(c.scene) in \(c.layout): \(message)")
            let rendered = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: json)) as? [String: Any])
            var byID: [String: CGRect] = [:]
            for v in rendered["views"] as? [[String: Any]] ?? [] {
                // ViewThatFits holds every candidate: only the chosen one is visible.
                guard let id = v["id"] as? String, byID[id] == nil, v["visible"] as? Bool != false else { continue }
                byID[id] = CGRect(x: v["x"] as? Double ?? .nan, y: v["y"] as? Double ?? .nan, width: v["width"] as? Double ?? .nan, height: v["height"] as? Double ?? .nan)
            }
            let shown = try loadFrames(run.directory.appendingPathComponent("frames\(k).json"))
            let targets = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: run.directory.appendingPathComponent("frames\(k).json"))) as? [String: Any])
            let items = targets["items"] as? [[String: Any]] ?? []
            #expect(!items.isEmpty && items.count == shown.items.count)
            for item in items {
                let id = String(item["id"] as? Int ?? -1)
                let t = item["target"] as? [String: Any] ?? [:]
                let canvas = CGRect(x: t["x"] as? Double ?? .nan, y: t["y"] as? Double ?? .nan, width: t["width"] as? Double ?? .nan, height: t["height"] as? Double ?? .nan)
                let code = try #require(byID[id], "\(c.scene) in \(c.layout): no view \(id) in the rendered code")
                #expect(abs(code.minX - canvas.minX) < 0.01 && abs(code.minY - canvas.minY) < 0.01
                        && abs(code.width - canvas.width) < 0.01 && abs(code.height - canvas.height) < 0.01,
                        "\(c.scene) in \(c.layout), view \(id): code \(code) vs canvas \(canvas)")
            }
        }
    }

    /// Presenting: full screen, the canvas alone, the layout's name in big type, layouts cycling
    /// on a timer and with the arrow keys; Escape comes back with the inspector.
    @Test func presentationModeCyclesLayouts() throws {
        let run = try WindowRun.run("""
            layout hstack
            settle
            present on 0.6
            wait 200
            state start
            window-screenshot presenting
            wait 1400
            state timed
            present on 0
            shortcut Right
            state right
            shortcut Left
            shortcut Left
            state left
            shortcut Escape
            wait 300
            state done
            """)
        #expect(run.status == 0, "\(run.stderr)")
        let start = try run.json("start")
        #expect(value(start, "presenting") as? Bool == true)
        #expect(value(start, "presentationCaption") as? String == "HStack")
        #expect(value(start, "widgets", "inspector", "visible") as? Bool == false)
        #expect(value(start, "widgets", "breadcrumb", "visible") as? Bool == false)
        let timed = try run.json("timed")
        #expect(value(timed, "layout") as? String != "HStack", "the timer switched layouts")
        let afterTimer = value(timed, "layout") as? String ?? ""
        let right = try run.json("right")
        #expect(value(right, "presentationCaption") as? String == value(right, "layout") as? String)
        #expect(value(right, "layout") as? String != afterTimer, "→ switches")
        let left = try run.json("left")
        #expect(value(left, "layout") as? String != value(right, "layout") as? String, "← switches back")
        let done = try run.json("done")
        #expect(value(done, "presenting") as? Bool == false)
        #expect(value(done, "widgets", "inspector", "visible") as? Bool == true, "the inspector comes back")
        #expect(run.complaints.isEmpty, "\(run.complaints)")
    }

    /// Every inspector control is reachable with Tab from the canvas (GNOME's keyboard rule);
    /// disabled ones (Radial has no spacing; no selection, no rank) are skipped, as GTK does.
    @Test(.enabled(if: xdotoolAvailable, "needs xdotool (run-tests installs it)"))
    func everyControlIsReachableWithTab() throws {
        var script = "resize 1280 900\nlayout radial\nsettle\nselect-item 0\npointer click canvas\nwait 200\n"
        for _ in 0..<60 { script += "pointer press canvas Tab\nwait 40\nnote-focus\n" }
        script += "state tabbed\n"
        let run = try WindowRun.run(script, isolated: true)
        #expect(run.status == 0, "\(run.stderr)")
        let visited = Set(value(try run.json("tabbed"), "focusLog") as? [String] ?? [])
        for name in ["follow", "presets", "width-entry", "height-entry", "width-nil", "width-inf", "count", "rotate-90", "rotation-scale", "curve", "slow-motion", "stats"] {
            #expect(visited.contains(name), "Tab reaches \(name); visited \(visited.sorted())")
        }
    }

    /// Dragging the proposal box's corner with the mouse changes the proposal; presets set it.
    @Test(.enabled(if: xdotoolAvailable, "needs xdotool (run-tests installs it)"))
    func dragTheProposalAndPickADevice() throws {
        let run = try WindowRun.run("""
            resize 1200 800
            follow off
            width 400
            height 300
            settle
            pointer drag-proposal canvas 80 -40
            wait 300
            settle
            state dragged
            preset iPhone 15
            settle
            state phone
            """, isolated: true)
        #expect(run.status == 0, "\(run.stderr)")
        let dragged = try run.json("dragged")
        #expect(abs(number(dragged, "proposal", "width") - 480) <= 2, "\(number(dragged, "proposal", "width"))")
        #expect(abs(number(dragged, "proposal", "height") - 260) <= 2, "\(number(dragged, "proposal", "height"))")
        let phone = try run.json("phone")
        #expect(number(phone, "proposal", "width") == 393 && number(phone, "proposal", "height") == 852)
    }

    /// The outline lists the views and selects them; the trace names views as people do and
    /// filters; the alignment menu offers what the layout uses, baselines included.
    @Test func outlineTraceAndAlignments() throws {
        let run = try WindowRun.run("""
            follow off
            width 420
            height 300
            layout hstack
            count 3
            settle
            tab outline
            wait 200
            outline-select 0
            state outlined
            trace-filter Text
            state filtered
            trace-line 9
            state traced
            alignment firstTextBaseline
            settle
            state baseline
            layout zstack
            settle
            alignment bottomTrailing
            settle
            state zstack
            frames zframes
            """)
        #expect(run.status == 0, "\(run.stderr)")
        let outlined = try run.json("outlined")
        #expect(number(outlined, "outlineRows") > 3)
        #expect(value(outlined, "selection") as? String == "AnyLayout(HStackLayout)", "row 0 is the root")
        let trace = value(try run.json("filtered"), "trace") as? String ?? ""
        #expect(trace.contains("Text(") && trace.contains("1. Sizing") && trace.contains("2. Placement"))
        #expect(!trace.contains("size   padding"), "the filter keeps only matching events")
        // A click on a trace line selects its view (linked with the canvas and the outline).
        let lineViews = value(try run.json("filtered"), "traceLineViews") as? [Int] ?? []
        let traced = try run.json("traced")
        #expect(lineViews.count > 9 && lineViews[9] >= 0, "line 9 is an event: \(lineViews)")
        #expect((value(traced, "selection") as? String)?.hasPrefix("Text") == true, "\(String(describing: value(traced, "selection")))")
        #expect(value(try run.json("baseline"), "alignment") as? String == "center,firstTextBaseline")
        let z = try run.json("zstack")
        #expect(value(z, "alignment") as? String == "trailing,bottom")
        let zf = try loadFrames(run.directory.appendingPathComponent("zframes.json"))
        let maxX = zf.items.map { $0.x + $0.width }.max() ?? 0
        #expect(zf.items.allSatisfy { abs($0.x + $0.width - maxX) < 0.75 }, "bottom-trailing: common trailing edge")
    }
}

/// The RGB of a pixel of a PNG (negative coordinates count from the right/bottom edge).
func pixel(_ url: URL, x: Int, y: Int) throws -> (red: Int, green: Int, blue: Int) {
    let image = try #require(PNGPixels(url: url))
    let px = x < 0 ? image.width + x : x, py = y < 0 ? image.height + y : y
    return image.rgb(px, py)
}

/// A PNG's pixels, decoded with cairo.
struct PNGPixels {
    let width: Int, height: Int
    private let stride: Int
    private let bytes: [UInt8]

    init?(url: URL) {
        guard let surface = cairo_image_surface_create_from_png(url.path) else { return nil }
        defer { cairo_surface_destroy(surface) }
        guard cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS, let data = cairo_image_surface_get_data(surface) else { return nil }
        width = Int(cairo_image_surface_get_width(surface))
        height = Int(cairo_image_surface_get_height(surface))
        stride = Int(cairo_image_surface_get_stride(surface))
        bytes = Array(UnsafeBufferPointer(start: data, count: stride * height))
    }

    /// Cairo's ARGB32 is native-endian (BGRA in memory on x86), premultiplied.
    func rgb(_ x: Int, _ y: Int) -> (red: Int, green: Int, blue: Int) {
        let i = y * stride + x * 4
        return (Int(bytes[i + 2]), Int(bytes[i + 1]), Int(bytes[i]))
    }
}
