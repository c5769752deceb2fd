import CGtk
import Foundation
import Synchronization
import SwiftUI
import LayoutLabApp

// layoutlab-app-bench: the LayoutLab window animating layout switches with N subviews.
//
//   layoutlab-app-bench --count N [--seconds S]      (needs a display: run under xvfb-run)
//
// The window is the real app (`LayoutLab.run`, the library form of `layoutlab`) with one extra
// scene, "Bench": N 6×6 colours. The `layoutlab` command cannot do this itself: its `count`
// automation command (and the Count control) is clamped to 200 subviews (`LabState.setCount`),
// and `--stats` prints only the last frame's timings once a second. So this program:
// - runs the window in a child process with `--stats` and an automation script that switches
//   Flow ↔ Radial every 2 s in slow motion (the animation never settles);
// - in the child, hooks the window's GdkFrameClock ("before-paint" … "after-paint") and records
//   every frame's process CPU time (interpolation + drawing + GTK's snapshot and cairo
//   rendering) and the interval between frames; printed as JSON when the window closes;
// - in the parent, parses the child's `stats:` lines (the app's own per-frame figures: layout,
//   interpolation, draw = interpolation + drawing, once a second).
// Prints one JSON line: frame CPU p50/p95, interpolation/draw from the app's stats, fps.

func monotonic() -> Double {
    var ts = timespec()
    clock_gettime(CLOCK_MONOTONIC, &ts)
    return Double(ts.tv_sec) + Double(ts.tv_nsec) / 1e9
}
func cpuTime() -> Double {
    var ts = timespec()
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts)
    return Double(ts.tv_sec) + Double(ts.tv_nsec) / 1e9
}
func percentile(_ values: [Double], _ p: Double) -> Double {
    let s = values.sorted()
    guard !s.isEmpty else { return .nan }
    let rank = p / 100 * Double(s.count - 1)
    let lo = Int(rank.rounded(.down)), hi = Int(rank.rounded(.up))
    return s[lo] + (s[hi] - s[lo]) * (rank - Double(lo))
}

var args = Array(CommandLine.arguments.dropFirst())[...]
var count = 1000
var seconds = 8.0
var isChild = false
var isFloor = false
/// The floor's drawing area (nil: the whole window).
var floorSize: (width: Int32, height: Int32)? = nil
var script: String?
while let a = args.popFirst() {
    switch a {
    case "--count": count = Int(args.popFirst() ?? "") ?? count
    case "--seconds": seconds = Double(args.popFirst() ?? "") ?? seconds
    case "--child": isChild = true
    case "--floor": isFloor = true
    case "--floor-size":
        guard let w = Int32(args.popFirst() ?? ""), let h = Int32(args.popFirst() ?? ""), w > 0, h > 0 else { exit(2) }
        floorSize = (w, h)
    case "--script": script = args.popFirst()
    default:
        FileHandle.standardError.write(Data("usage: layoutlab-app-bench --count N [--seconds S] [--floor [--floor-size W H]]\n".utf8))
        exit(2)
    }
}

// MARK: Child: the window

/// Frame samples, written by the frame clock's signal handlers on the main thread.
final class FrameRecorder: @unchecked Sendable {
    var paintStartCPU = 0.0
    var cpu: [Double] = []
    var frameTimes: [Double] = []
    var hooked = false
    /// The canvas's size while the frames were drawn.
    var canvasWidth = 0, canvasHeight = 0
}
let recorder = FrameRecorder()

@MainActor func hookFrameClock() -> Bool {
    guard let list = gtk_window_list_toplevels() else { return false }
    defer { g_list_free(list) }
    guard let widget = list.pointee.data?.assumingMemoryBound(to: GtkWidget.self),
          let clock = gtk_widget_get_frame_clock(widget) else { return false }
    let before: @convention(c) (gpointer?, gpointer?) -> Void = { _, _ in
        recorder.paintStartCPU = cpuTime()
    }
    let after: @convention(c) (gpointer?, gpointer?) -> Void = { _, _ in
        guard recorder.paintStartCPU > 0 else { return }
        recorder.cpu.append(cpuTime() - recorder.paintStartCPU)
        recorder.frameTimes.append(monotonic())
        if recorder.cpu.count == 30 {
            let size = MainActor.assumeIsolated { largestDrawingArea() }
            (recorder.canvasWidth, recorder.canvasHeight) = (size.width, size.height)
        }
    }
    g_signal_connect_data(UnsafeMutableRawPointer(clock), "before-paint", unsafeBitCast(before, to: GCallback.self), nil, nil, GConnectFlags(rawValue: 0))
    g_signal_connect_data(UnsafeMutableRawPointer(clock), "after-paint", unsafeBitCast(after, to: GCallback.self), nil, nil, GConnectFlags(rawValue: 0))
    recorder.hooked = true
    return true
}

/// The size of the largest drawing area in the first window (the app's canvas), in points.
@MainActor func largestDrawingArea() -> (width: Int, height: Int) {
    guard let list = gtk_window_list_toplevels() else { return (0, 0) }
    defer { g_list_free(list) }
    guard let root = list.pointee.data?.assumingMemoryBound(to: GtkWidget.self) else { return (0, 0) }
    var best = (width: 0, height: 0)
    var pending = [root]
    while let widget = pending.popLast() {
        let instance = UnsafeMutableRawPointer(widget).assumingMemoryBound(to: GTypeInstance.self)
        if g_type_check_instance_is_a(instance, gtk_drawing_area_get_type()) != 0 {
            let w = Int(gtk_widget_get_width(widget)), h = Int(gtk_widget_get_height(widget))
            if w * h > best.width * best.height { best = (w, h) }
        }
        var child = gtk_widget_get_first_child(widget)
        while let c = child {
            pending.append(c)
            child = gtk_widget_get_next_sibling(c)
        }
    }
    return best
}

/// The child's frame samples as the JSON line the parent reads.
func printFrames(status: Int32) {
    var intervals: [Double] = []
    for i in recorder.frameTimes.indices.dropFirst() { intervals.append(recorder.frameTimes[i] - recorder.frameTimes[i - 1]) }
    // Frames per second while animating: intervals longer than 250 ms are idle gaps (before the
    // first switch), not slow frames.
    let animated = intervals.filter { $0 < 0.25 }
    let span = animated.reduce(0, +)
    let out: [String: Any] = [
        "frames": recorder.cpu.count,
        "frame_cpu_ms": recorder.cpu.map { $0 * 1000 },
        "fps": span > 0 ? Double(animated.count) / span : 0,
        "interval_p50_ms": percentile(intervals, 50) * 1000,
        "interval_p95_ms": percentile(intervals, 95) * 1000,
        "status": Int(status),
        "canvas": [recorder.canvasWidth, recorder.canvasHeight],
    ]
    let data = try! JSONSerialization.data(withJSONObject: out, options: [.sortedKeys])
    print(String(decoding: data, as: UTF8.self))
}

// MARK: Child: the floor

/// What GTK 4.8 with its cairo renderer costs a frame of the same animation without LayoutLab:
/// a window of the app's default size whose one drawing area fills N 6×6 squares with cairo
/// (a fill each: faster than one path of them all, measured),
/// each moving between a place in rows (as Flow puts it) and a place on a circle (as Radial
/// does) every frame. No engine, no interpolation of display lists, no other widgets: the
/// least a GTK app pays to show this animation, measured as the app is (`--floor`).
enum Floor {
    nonisolated(unsafe) static var count = 0
    nonisolated(unsafe) static var startMicroseconds = 0
    nonisolated(unsafe) static var fraction = 0.0
    nonisolated(unsafe) static var done = false
    nonisolated(unsafe) static var seconds = 8.0
}

if isChild && isFloor {
    Floor.count = count
    Floor.seconds = seconds
    gtk_init()
    let window = gtk_window_new()!
    gtk_window_set_default_size(UnsafeMutableRawPointer(window).assumingMemoryBound(to: GtkWindow.self), 1280, 800)
    let area = gtk_drawing_area_new()!
    let draw: GtkDrawingAreaDrawFunc = { _, cr, width, height, _ in
        guard let cr else { return }
        cairo_set_source_rgb(cr, 1, 1, 1)
        cairo_paint(cr)
        cairo_set_source_rgb(cr, 0, 0.478, 1)
        let n = Floor.count, w = Double(width), h = Double(height)
        let perRow = max(Int((w - 20) / 10), 1)
        let radius = min(w, h) / 2 - 20
        // Smoothstep between the two places, as an ease in and out would.
        let t = Floor.fraction, s = t * t * (3 - 2 * t)
        for i in 0..<n {
            let fx = 10 + Double(i % perRow) * 10, fy = 10 + Double(i / perRow) * 10
            let angle = Double(i) / Double(max(n, 1)) * 2 * Double.pi
            let rx = w / 2 + radius * cos(angle) - 3, ry = h / 2 + radius * sin(angle) - 3
            cairo_rectangle(cr, fx + (rx - fx) * s, fy + (ry - fy) * s, 6, 6)
            cairo_fill(cr)
        }
    }
    gtk_drawing_area_set_draw_func(UnsafeMutableRawPointer(area).assumingMemoryBound(to: GtkDrawingArea.self), draw, nil, nil)
    if let floorSize {
        // Only the area is drawn each frame, as only the app's canvas is.
        gtk_widget_set_size_request(area, floorSize.width, floorSize.height)
        gtk_widget_set_halign(area, GTK_ALIGN_CENTER)
        gtk_widget_set_valign(area, GTK_ALIGN_CENTER)
    }
    gtk_window_set_child(UnsafeMutableRawPointer(window).assumingMemoryBound(to: GtkWindow.self), area)
    // Back and forth every 2 s, redrawn every frame, as the app's layout switches animate.
    let tick: GtkTickCallback = { widget, clock, _ in
        let now = gdk_frame_clock_get_frame_time(clock)
        if Floor.startMicroseconds == 0 { Floor.startMicroseconds = now }
        let elapsed = Double(now - Floor.startMicroseconds) / 1e6
        let phase = elapsed.truncatingRemainder(dividingBy: 4) / 2
        Floor.fraction = phase <= 1 ? phase : 2 - phase
        gtk_widget_queue_draw(widget)
        if elapsed > Floor.seconds { Floor.done = true }
        return 1
    }
    gtk_widget_add_tick_callback(area, tick, nil, nil)
    gtk_window_present(UnsafeMutableRawPointer(window).assumingMemoryBound(to: GtkWindow.self))
    let poll: GSourceFunc = { _ in
        MainActor.assumeIsolated { hookFrameClock() } ? 0 : 1
    }
    g_timeout_add(100, poll, nil)
    while !Floor.done { g_main_context_iteration(nil, 1) }
    printFrames(status: 0)
    exit(0)
}

if isChild {
    guard let script else { exit(2) }
    let scene = LabScene("Bench", count: count) { n in
        ForEach(0..<n) { _ in Color.blue.frame(width: 6, height: 6) }
    }
    // Hook the frame clock once the window exists (before the automation's first switch).
    let poll: GSourceFunc = { _ in
        MainActor.assumeIsolated { hookFrameClock() } ? 0 : 1
    }
    g_timeout_add(100, poll, nil)
    var options = WindowOptions()
    options.stats = true
    options.automationScript = script
    options.ignoresSettings = true
    let status = MainActor.assumeIsolated { LayoutLab.run(scene: scene, options: options) }
    printFrames(status: status)
    exit(0)
}

// MARK: Parent

// Flow ↔ Radial every 2 s, in slow motion (timeScale 0.2), so that frames are animated throughout.
var lines = ["slowmo on", "layout flow", "wait 1500"]
let switches = max(Int((seconds / 2).rounded(.up)), 1)
for i in 0..<switches { lines += ["layout \(i % 2 == 0 ? "radial" : "flow")", "wait 2000"] }
lines.append("quit")
let scriptPath = NSTemporaryDirectory() + "layoutlab-app-bench-\(getpid()).txt"
try! (lines.joined(separator: "\n") + "\n").write(toFile: scriptPath, atomically: true, encoding: .utf8)
defer { try? FileManager.default.removeItem(atPath: scriptPath) }

let process = Process()
process.executableURL = URL(fileURLWithPath: (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments[0])
process.arguments = ["--child", "--count", String(count), "--script", scriptPath] + (isFloor ? ["--floor", "--seconds", String(seconds)] : [])
    + (floorSize.map { ["--floor-size", String($0.width), String($0.height)] } ?? [])
var environment = ProcessInfo.processInfo.environment
environment["GSK_RENDERER"] = environment["GSK_RENDERER"] ?? "cairo"
process.environment = environment
let out = Pipe(), err = Pipe()
process.standardOutput = out
process.standardError = err
// Read stderr on a thread so that neither pipe fills up.
let stderrRead = Mutex(Data())
let stderrThread = Thread {
    let data = err.fileHandleForReading.readDataToEndOfFile()
    stderrRead.withLock { $0 = data }
}
stderrThread.start()
let started = monotonic()
try! process.run()
let stdoutData = out.fileHandleForReading.readDataToEndOfFile()
process.waitUntilExit()
while !stderrThread.isFinished { usleep(10_000) }
let stderrData = stderrRead.withLock { $0 }

var result: [String: Any] = ["engine": isFloor ? "gtk-floor" : "app", "count": count, "renderer": environment["GSK_RENDERER"] ?? "", "wall_s": monotonic() - started]
let stdoutText = String(decoding: stdoutData, as: UTF8.self)
if let line = stdoutText.split(separator: "\n").last(where: { $0.hasPrefix("{") }),
   let child = try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any] {
    let cpu = child["frame_cpu_ms"] as? [Double] ?? []
    // The first frames after a switch also hold the layout pass and tree rebuild; p50/p95 are over all frames.
    result["frames"] = cpu.count
    result["frame_p50_ms"] = percentile(cpu, 50)
    result["frame_p95_ms"] = percentile(cpu, 95)
    result["fps"] = child["fps"]
    result["interval_p50_ms"] = child["interval_p50_ms"]
    result["interval_p95_ms"] = child["interval_p95_ms"]
    result["canvas"] = child["canvas"]
} else {
    result["error"] = "no frames from the window (status \(process.terminationStatus))"
}
// The app's own stats lines: "stats: layout L ms · interpolate I ms · draw D ms · F fps".
var layoutMS: [Double] = [], interpMS: [Double] = [], drawMS: [Double] = [], statsFPS: [Double] = []
for line in String(decoding: stderrData, as: UTF8.self).split(separator: "\n") where line.hasPrefix("stats:") {
    let numbers = line.split(whereSeparator: { $0 == " " }).compactMap { Double($0) }
    guard numbers.count >= 4 else { continue }
    layoutMS.append(numbers[0]); interpMS.append(numbers[1]); drawMS.append(numbers[2]); statsFPS.append(numbers[3])
}
result["stats_samples"] = drawMS.count
result["layout_ms"] = percentile(layoutMS, 50)
result["interp_p50_ms"] = percentile(interpMS, 50)
result["draw_p50_ms"] = percentile(drawMS, 50)
result["draw_p95_ms"] = percentile(drawMS, 95)
result["stats_fps_p50"] = percentile(statsFPS, 50)
for (k, v) in result { if let d = v as? Double, !d.isFinite { result[k] = NSNull() } }
let data = try! JSONSerialization.data(withJSONObject: result, options: [.sortedKeys])
print(String(decoding: data, as: UTF8.self))
