import Foundation
import Testing
import PreviewHost
import LayoutTestSupport

private let hasDisplay = ProcessInfo.processInfo.environment["DISPLAY"].map { !$0.isEmpty } ?? false
private let xdotoolAvailable = FileManager.default.isExecutableFile(atPath: "/usr/bin/xdotool")

/// A person's file with previews that do something when clicked: a Toggle that reveals a
/// paragraph (animated by the binding), a counter, and a view that writes its state in `body`.
private let liveSource = """
    import SwiftUI

    struct Settings: View {
        @State private var showsDetails = false
        var body: some View {
            VStack(alignment: .leading, spacing: 12) {
                Toggle("Show details", isOn: $showsDetails.animation(.easeInOut(duration: 0.8)))
                    .id("toggle")
                if showsDetails {
                    Text("The details: every subview is proposed the width that is left.")
                        .id("paragraph")
                }
                Color.orange.frame(height: 40).id("swatch")
            }
            .padding(20)
        }
    }

    struct Counter: View {
        @State private var count = 0
        var body: some View {
            VStack(spacing: 16) {
                Text("Count: \\(count)").id("count")
                Button("Add one") { count += 1 }.id("add")
            }
            .padding(20)
        }
    }

    struct Writer: View {
        @State private var tapped = false
        @State private var renders = 0
        var body: some View {
            let _ = tapped ? (renders += 1) : ()
            Button("Write state in body") { tapped = true }.id("write")
        }
    }

    #Preview("Settings") { Settings() }
    #Preview("Counter") { Counter() }
    #Preview("Writer") { Writer() }
    """

@Suite("Live previews in the window", .enabled(if: hasDisplay, "needs an X server (run under xvfb-run -a)"))
struct LivePreviewWindowTests {
    /// A `task` that loads on appear shows its result with no event: the window lets time pass
    /// in the agent while the preview's tasks run, and not while its clock is paused.
    @Test func aTaskShowsWhatItLoadedWithoutAnEvent() throws {
        let ws = try Workspace("live-task")
        let file = try ws.write("Loader.swift", """
            import SwiftUI

            struct Loader: View {
                @State private var status = "loading"
                var body: some View {
                    Text(status)
                        .id("status")
                        .task {
                            try? await Task.sleep(nanoseconds: 2_000_000_000)
                            status = "loaded"
                        }
                }
            }

            #Preview("Loader") { Loader() }
            """)
        let shots = ws.url("shots")
        let script = try ws.write("script.txt", """
            resize 600 400
            settle
            frames first
            pause-time on
            wait 3000
            frames paused
            pause-time off
            wait 4000
            wait-live
            settle
            frames later
            preview-status status
            """)
        let out = try runWindow(file, script: script, shots: shots, in: ws)
        #expect(!out.timedOut && out.status == 0, "\(out.stderr)")
        #expect(try IdentifiedFrames(shots.appendingPathComponent("first.json")).detail["status"]?.contains("loading") == true)
        // The window's Pause: the task is not run while time is stopped (its two seconds passed).
        #expect(try IdentifiedFrames(shots.appendingPathComponent("paused.json")).detail["status"]?.contains("loading") == true)
        let later = try IdentifiedFrames(shots.appendingPathComponent("later.json")).detail["status"] ?? ""
        #expect(later.contains("loaded"), "the task's result never showed: \(later)")
        let live = try #require(try status(shots.appendingPathComponent("status.json"))["live"] as? [String: Any])
        #expect((live["batchesSent"] as? Int ?? 0) >= 1, "no time was let pass: \(live)")
    }

    /// Real X input: a Toggle reveals a card that slides in from the leading edge and a badge
    /// that scales up, driven by the binding's animation; held mid-way by Pause, the card is
    /// half its width out and the badge half its size; switched off, both leave the same way.
    /// Screenshots at 360×480 and large, light and dark. (The real click reaches the app through
    /// the X server: a loaded machine may deliver it after the first `wait-live` has found
    /// nothing to wait for, so the script waits for the live preview again before it steps the
    /// paused time, or the reply could come after the step and nothing would have moved.)
    @Test(.enabled(if: xdotoolAvailable, "needs xdotool (run-tests installs it)"))
    func aToggleRevealsItsContentWithItsTransition() throws {
        let ws = try Workspace("live-transition")
        let file = try ws.write("Reveal.swift", """
            import SwiftUI

            struct Reveal: View {
                @State private var more = false
                var body: some View {
                    VStack(alignment: .leading, spacing: 12) {
                        Toggle("More", isOn: $more.animation(.linear(duration: 1)))
                            .id("toggle")
                        if more {
                            Text("Slides in from the leading edge")
                                .padding(12)
                                .background(.blue.opacity(0.2), in: RoundedRectangle(cornerRadius: 10))
                                .transition(.move(edge: .leading))
                                .id("card")
                            Text("New")
                                .padding(8)
                                .background(.orange, in: Capsule())
                                .transition(.scale)
                                .id("badge")
                        }
                        Spacer()
                    }
                    .padding(20)
                }
            }

            #Preview("Reveal") { Reveal() }
            """)
        let shots = ws.url("shots")
        let script = try ws.write("script.txt", """
            resize 900 640
            settle
            pause-time on
            pointer click-view canvas toggle trailing
            wait-live
            wait 300
            wait-live
            step-time 15
            wait 200
            frames mid
            window-screenshot mid-large
            pause-time off
            wait 1500
            settle
            frames shown
            resize 360 480
            settle
            pause-time on
            pointer click-view canvas toggle trailing
            wait-live
            wait 300
            wait-live
            step-time 15
            wait 200
            frames leaving
            window-screenshot leaving-small
            pause-time off
            wait 1500
            settle
            frames hidden
            """)
        let out = try runWindow(file, script: script, shots: shots, in: ws)
        #expect(!out.timedOut && out.status == 0, "\(out.stderr)")
        let mid = try IdentifiedFrames(shots.appendingPathComponent("mid.json"))
        let card = try #require(mid.target["card"]), badge = try #require(mid.target["badge"])
        // Half-way through a linear second: the card is half its width towards the leading edge,
        // opaque; the badge is half its size about its centre.
        let cardT = try #require(mid.transform["card"])
        #expect(abs(cardT.tx + Double(card.width) / 2) < 2 && cardT.ty == 0 && cardT.scale == 1, "\(cardT)")
        #expect(mid.opacity["card"] == 1)
        let badgeT = try #require(mid.transform["badge"])
        #expect(abs(badgeT.scale - 0.5) < 0.04, "\(badgeT)")
        #expect(abs(Double(badge.midX) * badgeT.scale + badgeT.tx - Double(badge.midX)) < 0.5)
        let shown = try IdentifiedFrames(shots.appendingPathComponent("shown.json"))
        #expect(shown.transform["card"] == nil && !shown.animating)
        // Switched off: the card and the badge are no longer in the result, but still drawn
        // leaving (held by Pause), and gone once time runs again.
        let leaving = try IdentifiedFrames(shots.appendingPathComponent("leaving.json"))
        #expect(leaving.target["card"] == nil && leaving.presentedViewCount > leaving.viewCount,
                "\(leaving.presentedViewCount) drawn; the app said: \(out.stderr.suffix(3000))")
        let hidden = try IdentifiedFrames(shots.appendingPathComponent("hidden.json"))
        #expect(hidden.target["card"] == nil && hidden.presentedViewCount == hidden.viewCount && !hidden.animating)
        for shot in ["mid-large", "leaving-small"] {
            #expect(FileManager.default.fileExists(atPath: shots.appendingPathComponent("\(shot).png").path))
        }
    }

    /// What a running preview prints reaches the Console tab, in order, and never its replies:
    /// the taps still count.
    @Test func theConsoleShowsWhatARunningPreviewPrints() throws {
        let ws = try Workspace("live-console")
        let file = try ws.write("Chatty.swift", """
            import SwiftUI

            struct Chatty: View {
                @State private var taps = 0
                var body: some View {
                    let _ = print("body with taps = \\(taps)")
                    VStack {
                        Text("Taps: \\(taps)").id("count")
                        Button("Tap me") { taps += 1; print("tapped, now \\(taps)") }.id("tap")
                    }
                }
            }

            #Preview("Chatty") { Chatty() }
            """)
        let shots = ws.url("shots")
        let script = try ws.write("script.txt", """
            resize 900 700
            settle
            pointer click-view canvas tap center
            wait-live
            pointer click-view canvas tap center
            wait-live
            wait 300
            tab console
            settle
            frames after
            preview-status status
            window-screenshot console
            """)
        let out = try runWindow(file, script: script, shots: shots, in: ws)
        #expect(!out.timedOut && out.status == 0, "\(out.stderr)")
        #expect(try IdentifiedFrames(shots.appendingPathComponent("after.json")).detail["count"]?.contains("Taps: 2") == true)
        let console = try status(shots.appendingPathComponent("status.json"))["console"] as? String ?? ""
        #expect(console.contains("body with taps = 0\ntapped, now 1\nbody with taps = 1\ntapped, now 2\nbody with taps = 2\n"), "\(console)")
        // How the preview is confined is said in its console when it is not.
        switch AgentSandbox.available {
        case .success: #expect(!console.contains("without a sandbox"))
        case .failure(let why): #expect(console.contains("The preview runs without a sandbox: \(why.message)"))
        }
    }

    /// Real X input (xdotool) on a live preview: the Toggle's switch reveals the paragraph,
    /// animated with the binding's animation; Ctrl+click inspects without toggling; Ctrl+R
    /// starts the preview over; Select mode selects instead of running; a counter Button
    /// clicked twice, then double-clicked, counts every click.
    @Test(.enabled(if: xdotoolAvailable, "needs xdotool (run-tests installs it)"))
    func clicksRunTheShownPreview() throws {
        let ws = try Workspace("live-window")
        let file = try ws.write("Live.swift", liveSource)
        let shots = ws.url("shots")
        let script = try ws.write("script.txt", """
            resize 900 640
            settle
            preview-status open
            state open-state
            frames off
            pointer click-view canvas toggle trailing
            wait-live
            wait 250
            frames mid
            settle
            frames on
            preview-status toggled
            pointer ctrl-click-view canvas paragraph
            wait 150
            frames inspected
            preview-status inspected-status
            shortcut <Control>r
            wait-live
            settle
            frames reset
            live off
            pointer click-view canvas toggle trailing
            wait 150
            frames select-mode
            state select-state
            live on
            scene Counter
            settle
            frames counter0
            pointer click-view canvas add
            wait-live
            pointer click-view canvas add
            wait-live
            settle
            frames counter2
            pointer click-view canvas add center 2
            wait-live
            settle
            frames counter4
            preview-status counter-status
            zoom 2
            pan 40 -30
            pointer click-view canvas add
            wait-live
            settle
            frames zoomed
            zoom 1:1
            live-click 1 1
            wait-live
            preview-status missed
            pointer live-drag canvas 30 40 60 0
            wait-live
            preview-status dragged
            pointer live-type canvas hi
            wait-live
            preview-status typed
            state before-scroll
            pointer wheel canvas down 2
            wait-live
            preview-status scrolled
            state scrolled-state
            scene Writer
            settle
            preview-status writer-before
            pointer click-view canvas write
            wait-live
            preview-status writer-issues
            shortcut <Control>r
            wait-live
            preview-status writer-reset
            scene capsules
            settle
            state builtin
            reset
            """)
        let out = try runWindow(file, script: script, shots: shots, in: ws)
        #expect(!out.timedOut, "the window did not finish its script in 240 s")
        #expect(out.status == 0, "\(out.stderr)")
        #expect(!out.stderr.contains("CRITICAL"), "\(out.stderr)")
        #expect(!out.stderr.contains("preview: "), "the window sent the agent something it refused: \(out.stderr)")

        // Opened in Live mode, the switch in the header.
        let open = try status(shots.appendingPathComponent("open.json"))
        #expect(open["previews"] as? [String] == ["Settings", "Counter", "Writer"])
        let openLive = try #require(open["live"] as? [String: Any])
        #expect(openLive["mode"] as? String == "live")
        #expect(openLive["running"] as? Bool == true)
        let widgets = try #require(try status(shots.appendingPathComponent("open-state.json"))["widgets"] as? [String: Any])
        let liveButton = try #require(widgets["live-button"] as? [String: Any])
        #expect(liveButton["visible"] as? Bool == true && liveButton["sensitive"] as? Bool == true)

        // The switch, clicked for real: the paragraph appears, and the swatch below it moves
        // down animated (the binding's 0.8 s ease-in-out), not in a jump.
        let off = try IdentifiedFrames(shots.appendingPathComponent("off.json"))
        #expect(off.presented["paragraph"] == nil)
        let on = try IdentifiedFrames(shots.appendingPathComponent("on.json"))
        let paragraph = try #require(on.presented["paragraph"], "the paragraph did not appear: \(on.presented.keys.sorted())")
        #expect(paragraph.width > 0 && paragraph.height > 0)
        let swatchOff = try #require(off.presented["swatch"]?.minY), swatchOn = try #require(on.presented["swatch"]?.minY)
        #expect(swatchOn > swatchOff + 10)
        let mid = try IdentifiedFrames(shots.appendingPathComponent("mid.json"))
        #expect(mid.animating)
        let swatchMid = try #require(mid.presented["swatch"]?.minY)
        #expect(swatchMid > swatchOff && swatchMid < swatchOn, "mid-animation swatch y \(swatchMid), from \(swatchOff) to \(swatchOn)")
        let toggled = try #require(try status(shots.appendingPathComponent("toggled.json"))["live"] as? [String: Any])
        let animation = try #require(toggled["lastAnimation"] as? [String: Any])
        #expect(animation["kind"] as? String == "timingCurve" && animation["duration"] as? Double == 0.8)

        // Ctrl+click inspects: the paragraph is selected and stays (nothing was sent).
        let inspected = try IdentifiedFrames(shots.appendingPathComponent("inspected.json"))
        #expect(inspected.selection == "Text", "selection: \(inspected.selection)")
        #expect(inspected.presented["paragraph"] != nil)

        // Ctrl+R: the preview starts over, the switch off again.
        #expect(try IdentifiedFrames(shots.appendingPathComponent("reset.json")).presented["paragraph"] == nil)

        // Select mode: the same click selects a view and runs nothing.
        let selectMode = try IdentifiedFrames(shots.appendingPathComponent("select-mode.json"))
        #expect(selectMode.presented["paragraph"] == nil)
        #expect(!selectMode.selection.isEmpty, "Select mode: the click selected nothing")

        // The counter: two clicks count two; a double click (too quick for two single clicks
        // to GTK) counts two more, since nothing in the preview takes double taps.
        #expect(try IdentifiedFrames(shots.appendingPathComponent("counter0.json")).detail["count"]?.contains("Count: 0") == true)
        let two = try IdentifiedFrames(shots.appendingPathComponent("counter2.json")).detail["count"] ?? ""
        #expect(two.contains("Count: 2"), "after two clicks: \(two)")
        let four = try IdentifiedFrames(shots.appendingPathComponent("counter4.json")).detail["count"] ?? ""
        #expect(four.contains("Count: 4"), "after a double click: \(four)")
        // A change without withAnimation jumps.
        let counterLive = try #require(try status(shots.appendingPathComponent("counter-status.json"))["live"] as? [String: Any])
        #expect(counterLive["lastAnimation"] == nil)
        // After the first reply, clicks came back as patches of the layout the window held (and
        // the counts above are right, so they applied).
        #expect((counterLive["patches"] as? Int ?? 0) >= 1, "no reply came as a patch: \(counterLive)")

        // A click on nothing: no error in the window, nothing changed.
        let missed = try status(shots.appendingPathComponent("missed.json"))
        #expect(missed["status"] as? String == "ready")
        #expect(missed["panelShown"] as? Bool == false)
        let missedLive = try #require(missed["live"] as? [String: Any])
        #expect((missedLive["lastFailure"] as? String)?.contains("hit nothing") == true)

        // Through the canvas's zoom and pan, a click still lands on the button.
        let zoomed = try IdentifiedFrames(shots.appendingPathComponent("zoomed.json")).detail["count"] ?? ""
        #expect(zoomed.contains("Count: 5"), "zoomed 2× and panned: \(zoomed)")

        // Real drags, typing and the wheel reach the preview, in its coordinates (this preview
        // has nothing to drag, type into or scroll: the agent says where they arrived).
        func lastFailure(_ name: String) throws -> String {
            let live = try #require(try status(shots.appendingPathComponent(name + ".json"))["live"] as? [String: Any])
            return live["lastFailure"] as? String ?? ""
        }
        func point(in message: String) -> (Double, Double)? {
            guard let open = message.firstIndex(of: "("), let close = message.firstIndex(of: ")") else { return nil }
            let parts = message[message.index(after: open)..<close].split(separator: ",").compactMap { Double($0.trimmingCharacters(in: .whitespaces)) }
            return parts.count == 2 ? (parts[0], parts[1]) : nil
        }
        let dragged = try lastFailure("dragged")
        #expect(dragged.contains("drag from"), "\(dragged)")
        let from = try #require(point(in: dragged), "\(dragged)")
        #expect(abs(from.0 - 30) <= 1.5 && abs(from.1 - 40) <= 1.5, "the drag started at \(from), pressed at (30, 40)")
        #expect(try lastFailure("typed").contains("typing needs a focused text field"))
        #expect(try lastFailure("scrolled").contains("reached no scroll view"))
        // …and a scroll nothing in the preview took pans the canvas, as the wheel does in Select.
        func panY(_ name: String) throws -> Double {
            try #require((try status(shots.appendingPathComponent(name + ".json"))["pan"] as? [String: Any])?["y"] as? Double)
        }
        #expect(try panY("scrolled-state") < panY("before-scroll") - 20, "two notches down pan the canvas up")

        // State written in body: the runtime issues show in the panel, as a warning; Ctrl+R
        // starts the preview over and clears them.
        #expect(try status(shots.appendingPathComponent("writer-before.json"))["panelShown"] as? Bool == false)
        let issues = try status(shots.appendingPathComponent("writer-issues.json"))
        #expect(issues["panelShown"] as? Bool == true)
        #expect((issues["panelTitle"] as? String)?.contains("runtime issue") == true, "\(issues["panelTitle"] ?? "")")
        let listed = (issues["live"] as? [String: Any])?["runtimeIssues"] as? [String] ?? []
        #expect(listed.contains { $0.contains("Modifying state during view update") }, "\(listed)")
        #expect(try status(shots.appendingPathComponent("writer-reset.json"))["panelShown"] as? Bool == false)

        // A built-in scene is not anyone's code: the switch is off there.
        let builtinWidgets = try #require(try status(shots.appendingPathComponent("builtin.json"))["widgets"] as? [String: Any])
        #expect((builtinWidgets["live-button"] as? [String: Any])?["sensitive"] as? Bool == false)
    }
}
