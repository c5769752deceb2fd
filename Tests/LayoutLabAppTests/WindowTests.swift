import Foundation
import Testing
import LayoutTestSupport

struct ItemFrame: Equatable {
    let id: Int
    let x: Double, y: Double, width: Double, height: Double
    var midX: Double { x + width / 2 }
    var midY: Double { y + height / 2 }
}

func loadFrames(_ url: URL) throws -> (layout: String, animating: Bool, items: [ItemFrame]) {
    let object = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: url)) as? [String: Any])
    let items = (object["items"] as? [[String: Any]] ?? []).map { d in
        ItemFrame(id: d["id"] as? Int ?? -1, x: d["x"] as? Double ?? .nan, y: d["y"] as? Double ?? .nan,
                  width: d["width"] as? Double ?? .nan, height: d["height"] as? Double ?? .nan)
    }
    return (object["layout"] as? String ?? "", object["animating"] as? Bool ?? false, items)
}

let hasDisplay = ProcessInfo.processInfo.environment["DISPLAY"].map { !$0.isEmpty } ?? false

@Suite("Window under X", .enabled(if: hasDisplay, "DISPLAY is unset: the window tests need an X server (run under xvfb-run -a)"))
struct WindowTests {
    static let script = """
        # Five layouts, settled, with a fixed proposal.
        curve linear
        follow off
        width 420
        height 360
        layout hstack
        settle
        screenshot hstack
        layout vstack
        settle
        screenshot vstack
        layout zstack
        settle
        screenshot zstack
        layout flow
        settle
        screenshot flow
        layout radial
        settle
        screenshot radial
        # A transition caught in the middle (slow motion: robust on a loaded machine).
        slowmo on
        layout hstack
        wait 250
        frames mid
        settle
        frames end
        slowmo off
        # Subviews come and go.
        count 5
        settle
        frames five
        add
        settle
        frames six
        remove
        remove
        settle
        frames four
        # Radial rotation re-runs the layout each frame: subviews move along the circle.
        layout radial
        settle
        frames rot0
        slowmo on
        rotation 90
        wait 300
        frames rotmid
        settle
        frames rot90
        slowmo off
        # Keyboard shortcuts pick layouts.
        shortcut <Control>2
        frames ctrl2
        shortcut <Control>9
        frames ctrl9
        # The window follows its size.
        follow on
        resize 1100 720
        settle
        window-screenshot window
        quit
        """

    /// Runs `layoutlab` on `script` in a fresh directory (the screenshots' and the settings');
    /// expects it to finish the script and exit 0.
    /// Runs `script` in the window; `limit` bounds a hung window (a 10,000-view script in a debug
    /// build, beside the rest of the suite on 2 cores, needs more than the usual 90 s).
    static func run(limit: TimeInterval = 90, script: String) throws -> (dir: URL, stdout: String, stderr: String) {
        let exe = try #require(layoutlabExecutable(), "build the app first: swift build --product layoutlab")
        let dir = URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent("layoutlab-window-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        let scriptURL = dir.appendingPathComponent("script.txt")
        try script.write(to: scriptURL, atomically: true, encoding: .utf8)

        let process = Process()
        process.executableURL = exe
        process.arguments = ["--automation", scriptURL.path, "--screenshot-dir", dir.path]
        var env = ProcessInfo.processInfo.environment
        env["GSK_RENDERER"] = "cairo"
        env["XDG_CONFIG_HOME"] = dir.appendingPathComponent("config").path
        process.environment = env
        let errPipe = Pipe(), outPipe = Pipe()
        process.standardError = errPipe
        process.standardOutput = outPipe
        try process.run()
        let deadline = Date().addingTimeInterval(limit)
        while process.isRunning && Date() < deadline { Thread.sleep(forTimeInterval: 0.1) }
        if process.isRunning { process.terminate(); Issue.record("layoutlab did not finish its script in \(Int(limit)) s") }
        process.waitUntilExit()
        let stderr = String(decoding: errPipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        let stdout = String(decoding: outPipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        #expect(process.terminationStatus == 0, "stderr: \(stderr)")
        #expect(stdout.contains("automation: done"))
        return (dir, stdout, stderr)
    }

    @Test func largeNumbersInAScriptDoNotTrap() throws {
        // Issue 17, item 5: each of these trapped (the inspector's number formatting, or an
        // Int/Int32 conversion of the argument).
        let (dir, _, _) = try Self.run(limit: 240, script: """
            follow off
            width 1e300
            height 1e21
            spacing 1e308
            layout radial
            rotation 1e308
            count 1e300
            rank 1e300 1
            rank 3 1e300
            select-item 3
            wait 100
            frames big
            count 1e-300
            quit
            """)
        let big = try loadFrames(dir.appendingPathComponent("big.json"))
        #expect(big.items.count == 10_000)
        #expect(big.items.allSatisfy { $0.x.isFinite && $0.y.isFinite && $0.width.isFinite && $0.height.isFinite })
    }

    @Test func scriptedSessionRendersEveryLayoutAndAnimates() throws {
        let (dir, _, stderr) = try Self.run(script: Self.script)

        // No GTK criticals or warnings, except the missing session bus under Xvfb.
        let complaints = stderr.split(separator: "\n").filter {
            ($0.contains("Gtk-CRITICAL") || $0.contains("Gtk-WARNING") || $0.contains("GLib-GObject-CRITICAL"))
                && !$0.contains("session bus")
        }
        #expect(complaints.isEmpty, "\(complaints)")

        // Every layout rendered, and differently.
        let names = ["hstack", "vstack", "zstack", "flow", "radial"]
        var frames: [String: [ItemFrame]] = [:]
        for n in names {
            let png = dir.appendingPathComponent("\(n).png")
            #expect(FileManager.default.fileExists(atPath: png.path), "\(n).png")
            let f = try loadFrames(dir.appendingPathComponent("\(n).json"))
            #expect(!f.animating, "\(n) settled")
            #expect(f.items.count == 20, "\(n) has the 20 capsules")
            frames[n] = f.items
        }
        for (i, a) in names.enumerated() {
            for b in names[(i + 1)...] { #expect(frames[a] != frames[b], "\(a) and \(b) differ") }
        }
        let tol = 0.75
        if let h = frames["hstack"], h.count > 1 {
            #expect(h.allSatisfy { abs($0.midY - h[0].midY) < tol }, "HStack: one row, centred")
            #expect(zip(h, h.dropFirst()).allSatisfy { $1.x > $0.x }, "HStack: x increases")
        }
        if let v = frames["vstack"], v.count > 1 {
            #expect(v.allSatisfy { abs($0.midX - v[0].midX) < tol }, "VStack: one column, centred")
            #expect(zip(v, v.dropFirst()).allSatisfy { $1.y > $0.y }, "VStack: y increases")
        }
        if let z = frames["zstack"], z.count > 1 {
            #expect(z.allSatisfy { abs($0.midX - z[0].midX) < tol && abs($0.midY - z[0].midY) < tol }, "ZStack: common centre")
        }
        if let f = frames["flow"], f.count > 1 {
            let rows = Set(f.map { ($0.y * 2).rounded() })
            #expect(rows.count > 1, "Flow wraps into several lines at width 420")
            #expect(f.allSatisfy { $0.x >= -tol && $0.x + $0.width <= 420 + tol }, "Flow: lines fit the width")
        }
        if let r = frames["radial"], r.count > 2 {
            let cx = r.map(\.midX).reduce(0, +) / Double(r.count), cy = r.map(\.midY).reduce(0, +) / Double(r.count)
            let radii = r.map { hypot($0.midX - cx, $0.midY - cy) }
            #expect(radii.max()! - radii.min()! < 2, "Radial: on a circle (radii \(radii))")
            #expect(radii.min()! > 10)
        }

        // Mid-transition frames lie between start (radial) and end (hstack).
        let mid = try loadFrames(dir.appendingPathComponent("mid.json"))
        let end = try loadFrames(dir.appendingPathComponent("end.json"))
        #expect(mid.animating, "caught mid-transition")
        let start = frames["radial"] ?? []
        var moving = 0
        for m in mid.items {
            guard let s = start.first(where: { $0.id == m.id }), let e = end.items.first(where: { $0.id == m.id }) else {
                Issue.record("item \(m.id) missing"); continue
            }
            #expect(m.x >= min(s.x, e.x) - tol && m.x <= max(s.x, e.x) + tol, "item \(m.id) x between")
            #expect(m.y >= min(s.y, e.y) - tol && m.y <= max(s.y, e.y) + tol, "item \(m.id) y between")
            if abs(m.x - e.x) > 1 || abs(m.y - e.y) > 1 { moving += 1 }
        }
        #expect(moving > 0, "something was still on its way")
        #expect(end.items == frames["hstack"], "the transition ends at the HStack layout")

        // Count, add, remove.
        #expect(try loadFrames(dir.appendingPathComponent("five.json")).items.count == 5)
        #expect(try loadFrames(dir.appendingPathComponent("six.json")).items.count == 6)
        #expect(try loadFrames(dir.appendingPathComponent("four.json")).items.count == 4)

        // Mid-rotation, the subviews are on the circle (an arc, not a straight cut across).
        let rot0 = try loadFrames(dir.appendingPathComponent("rot0.json")).items
        let rotMid = try loadFrames(dir.appendingPathComponent("rotmid.json"))
        let rot90 = try loadFrames(dir.appendingPathComponent("rot90.json")).items
        #expect(rotMid.animating, "caught mid-rotation")
        func radii(_ items: [ItemFrame]) -> [Double] {
            let cx = items.map(\.midX).reduce(0, +) / Double(items.count), cy = items.map(\.midY).reduce(0, +) / Double(items.count)
            return items.map { hypot($0.midX - cx, $0.midY - cy) }
        }
        if rot0.count == 4, rotMid.items.count == 4, rot90.count == 4 {
            let r0 = radii(rot0), rm = radii(rotMid.items)
            for (a, b) in zip(r0, rm) { #expect(abs(a - b) < 2, "on the circle mid-rotation: \(r0) vs \(rm)") }
            #expect(rotMid.items != rot0 && rotMid.items != rot90, "moved, and not yet arrived")
        } else {
            Issue.record("rotation frames: \(rot0.count) \(rotMid.items.count) \(rot90.count)")
        }
        #expect(try loadFrames(dir.appendingPathComponent("ctrl2.json")).layout == "VStack")
        #expect(try loadFrames(dir.appendingPathComponent("ctrl9.json")).layout == "ViewThatFits")

        let window = dir.appendingPathComponent("window.png")
        #expect(FileManager.default.fileExists(atPath: window.path))
    }
}
