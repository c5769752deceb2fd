import Foundation
import LayoutTestSupport
import SwiftUI
import Testing

private let hasDisplay = ProcessInfo.processInfo.environment["DISPLAY"].map { !$0.isEmpty } ?? false

/// Gestures operated headlessly (`layoutlab render --perform drag:… press:… pinch:… rotate:…`)
/// on the corpus's gesture screens (LiveCorpus/GestureScreens.swift), checked against what
/// SwiftUI shows after the same gestures.
@Suite("layoutlab render --perform: gestures")
struct GesturePerformTests {
    /// The frame of the first view of `kind` at or inside the view with the id `id`.
    private func frame(_ r: PerformedRender, _ id: String, kind: String) throws -> CGRect {
        let root = try #require(r.views.first { $0["id"] as? String == id && $0["visible"] as? Bool != false }?["index"] as? Int)
        var inside: Set<Int> = [root]
        for v in r.views {
            guard let index = v["index"] as? Int else { continue }
            if let parent = v["parent"] as? Int, inside.contains(parent) { inside.insert(index) }
            if inside.contains(index), v["kind"] as? String == kind {
                return CGRect(x: v["x"] as? Double ?? .nan, y: v["y"] as? Double ?? .nan,
                              width: v["width"] as? Double ?? .nan, height: v["height"] as? Double ?? .nan)
            }
        }
        Issue.record("no \(kind) at or inside '\(id)'")
        return .null
    }

    /// `drag:card:120,0` moves a card written with `.offset(dragOffset)` and `@GestureState`:
    /// it is dropped 120 points right (onEnded keeps the translation), as on iOS.
    @Test func aDraggedCardStaysWhereItIsDropped() throws {
        let ws = try Workspace("perform-gesture-card")
        let still = try PerformedRender("GestureScreens.swift", preview: "Movable card", steps: [], in: ws)
        #expect(still.output.status == 0, "\(still.output.stderr)")
        let moved = try PerformedRender("GestureScreens.swift", preview: "Movable card", steps: ["drag:card:120,0"], in: ws)
        #expect(moved.output.status == 0, "\(moved.output.stderr)")
        let before = try frame(still, "card", kind: "RoundedRectangle"), after = try frame(moved, "card", kind: "RoundedRectangle")
        #expect(after.minX == before.minX + 120)
        #expect(after.minY == before.minY)
        #expect(after.size == CGSize(width: 160, height: 100))
        #expect(moved.steps.first?["changed"] as? Bool == true)
        // Twice, and down: the second drag starts where the card is now.
        let twice = try PerformedRender("GestureScreens.swift", preview: "Movable card",
                                        steps: ["drag:card:120,0", "drag:card:-40,30"], in: ws)
        let end = try frame(twice, "card", kind: "RoundedRectangle")
        #expect(end.minX == before.minX + 80)
        #expect(end.minY == before.minY + 30)
    }

    /// The swipe cards: a 60-point drag springs back (the gesture state resets), a 120-point
    /// one throws the card away to the right (liked) with the spring the code asks for.
    @Test func aSwipedCardIsThrownAwayPastItsDistance() throws {
        let ws = try Workspace("perform-gesture-swipe")
        let back = try PerformedRender("GestureScreens.swift", preview: "Swipe cards", steps: ["drag:card:60,0"], in: ws)
        #expect(back.output.status == 0, "\(back.output.stderr)")
        #expect(try back.text("remaining") == "4 left")
        #expect(try back.text("liked") == "No likes yet")
        let still = try PerformedRender("GestureScreens.swift", preview: "Swipe cards", steps: [], in: ws)
        #expect(try back.frame("card") == still.frame("card"))
        let swiped = try PerformedRender("GestureScreens.swift", preview: "Swipe cards", steps: ["drag:card:120,0", "drag:card:-150,0"], in: ws)
        #expect(swiped.output.status == 0, "\(swiped.output.stderr)")
        #expect(try swiped.text("remaining") == "2 left")
        #expect(try swiped.text("liked") == "Liked: Lisbon")
        let animation = swiped.steps.first?["animation"] as? [String: Any]
        #expect(animation?["kind"] as? String == "spring")
        #expect(animation?["response"] as? Double == 0.35)
    }

    /// The sheet's grabber: dragged up 200 points it settles expanded (420 high), down again collapsed.
    @Test func theSheetsGrabberExpandsAndCollapsesIt() throws {
        let ws = try Workspace("perform-gesture-sheet")
        let up = try PerformedRender("GestureScreens.swift", preview: "Sheet", steps: ["drag:grabber:0,-200"], in: ws)
        #expect(up.output.status == 0, "\(up.output.stderr)")
        #expect(try up.text("sheet-state") == "Expanded")
        #expect(try up.frame("sheet").height == 420)
        let down = try PerformedRender("GestureScreens.swift", preview: "Sheet", steps: ["drag:grabber:0,-200", "drag:grabber:0,250"], in: ws)
        #expect(try down.text("sheet-state") == "Collapsed")
        #expect(try down.frame("sheet").height == 120)
    }

    /// `press:heart:0.6` is a long press held past its half second: the heart fills. A shorter
    /// press does nothing (and is no error: it reached the gesture).
    @Test func aHeldPressLikes() throws {
        let ws = try Workspace("perform-gesture-press")
        let held = try PerformedRender("GestureScreens.swift", preview: "Hold to like", steps: ["press:heart:0.6"], in: ws)
        #expect(held.output.status == 0, "\(held.output.stderr)")
        #expect(try held.text("like-state") == "Liked")
        let short = try PerformedRender("GestureScreens.swift", preview: "Hold to like", steps: ["press:heart:0.2"], in: ws)
        #expect(short.output.status == 0, "\(short.output.stderr)")
        #expect(try short.text("like-state") == "Hold to like")
    }

    /// `pinch:` and `rotate:` drive the photo's MagnifyGesture and RotateGesture; a pinch on a
    /// view with no such gesture is an error naming the step.
    @Test func aPinchAndATwistZoomAndTurnThePhoto() throws {
        let ws = try Workspace("perform-gesture-pinch")
        let r = try PerformedRender("GestureScreens.swift", preview: "Pinch photo", steps: ["pinch:photo:2", "rotate:photo:45"], in: ws)
        #expect(r.output.status == 0, "\(r.output.stderr)")
        #expect(try r.text("zoom") == "Zoom 200% · 45°")
        let missed = try PerformedRender("GestureScreens.swift", preview: "Pinch photo", steps: ["pinch:zoom:2"], in: ws)
        #expect(missed.output.status == 2)
        #expect(missed.output.stderr.contains("step 1 (pinch:zoom:2)"), "\(missed.output.stderr)")
        #expect(missed.output.stderr.contains("reached no magnify or rotate gesture"), "\(missed.output.stderr)")
    }

    @Test(arguments: [("press:heart", "press needs an id and a number"), ("pinch:photo:0", "pinch needs a scale above 0"),
                      ("rotate:photo:nan", "rotate needs a finite number")])
    func aMalformedGestureStepIsAUsageError(step: String, reason: String) throws {
        let ws = try Workspace("perform-gesture-malformed")
        let r = try PerformedRender("GestureScreens.swift", preview: "Hold to like", steps: [step], in: ws)
        #expect(r.output.status == 2)
        #expect(r.output.stderr.contains(reason), "\(r.output.stderr)")
    }
}

/// Gestures in the window with real X input: a press, moves and a release through xdotool.
@Suite("Gestures in the window", .enabled(if: hasDisplay, "needs an X server (run under xvfb-run -a)"))
struct GestureWindowTests {
    /// A card follows a real drag while the button is held (the screenshot mid-drag shows it
    /// moved) and stays where it is dropped.
    @Test func aCardFollowsARealDragAndStaysWhereItIsDropped() throws {
        let ws = try Workspace("window-gesture-drag")
        let file = ws.url("GestureScreens.swift")
        try FileManager.default.copyItem(at: liveCorpus.appendingPathComponent("GestureScreens.swift"), to: file)
        let shots = ws.url("shots")
        let script = try ws.write("script.txt", """
            resize 900 800
            scene Movable card
            settle
            wait-live
            frames before
            pointer live-down canvas card
            pointer live-move canvas 60 20
            wait 400
            wait-live
            screenshot mid
            pointer live-move canvas 100 30
            pointer live-up canvas
            wait 300
            wait-live
            settle
            screenshot after
            preview-status status
            """)
        let out = try runWindow(file, script: script, shots: shots, in: ws)
        #expect(!out.timedOut && out.status == 0, "\(out.stderr)")
        let before = try #require(try IdentifiedFrames(shots.appendingPathComponent("before.json")).target["card"])
        let mid = try #require(try IdentifiedFrames(shots.appendingPathComponent("mid.json")).target["card"])
        let after = try #require(try IdentifiedFrames(shots.appendingPathComponent("after.json")).target["card"])
        // Mid-drag the card is about 60 points right and 20 down (the pointer's motion; pixels
        // round), held by @GestureState; after the release it stays 100 right and 30 down.
        #expect(abs(mid.midX - before.midX - 60) <= 2, "mid \(mid) before \(before)")
        #expect(abs(mid.midY - before.midY - 20) <= 2, "mid \(mid) before \(before)")
        #expect(abs(after.midX - before.midX - 100) <= 2, "after \(after) before \(before)")
        #expect(abs(after.midY - before.midY - 30) <= 2, "after \(after) before \(before)")
        let live = try #require(try status(shots.appendingPathComponent("status.json"))["live"] as? [String: Any])
        #expect((live["lastFailure"] as? String ?? "").isEmpty, "\(live)")
    }

    /// Ctrl+wheel over the photo pinches it (three notches: ×1.1³, ending when the wheel rests);
    /// the canvas's zoom stays.
    @Test func ctrlWheelPinchesAMagnifyGesture() throws {
        let ws = try Workspace("window-gesture-pinch")
        let file = ws.url("GestureScreens.swift")
        try FileManager.default.copyItem(at: liveCorpus.appendingPathComponent("GestureScreens.swift"), to: file)
        let shots = ws.url("shots")
        let script = try ws.write("script.txt", """
            resize 900 800
            scene Pinch photo
            settle
            wait-live
            state before
            pointer ctrl-scroll canvas up 3
            wait 800
            wait-live
            settle
            state after-state
            screenshot pinched
            """)
        let out = try runWindow(file, script: script, shots: shots, in: ws)
        #expect(!out.timedOut && out.status == 0, "\(out.stderr)")
        let zoom = try IdentifiedFrames(shots.appendingPathComponent("pinched.json")).detail["zoom"] ?? ""
        #expect(zoom.contains("Zoom 133%"), "\(zoom)")
        let before = try status(shots.appendingPathComponent("before.json"))["zoom"] as? Double
        let after = try status(shots.appendingPathComponent("after-state.json"))["zoom"] as? Double
        #expect(before != nil && before == after, "the canvas zoomed: \(String(describing: before)) → \(String(describing: after))")
    }
}
