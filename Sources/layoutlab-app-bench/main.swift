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
var script: String?
while let a = args.popFirst() {
    switch a {
    case "--count": count = Int(args.popFirst() ?? "") ?? count
    case "--seconds": seconds = Double(args.popFirst() ?? "") ?? seconds
    case "--child": isChild = true
    case "--script": script = args.popFirst()
    default:
        FileHandle.standardError.write(Data("usage: layoutlab-app-bench --count N [--seconds S]\n".utf8))
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
    }
    g_signal_connect_data(UnsafeMutableRawPointer(clock), "before-paint", unsafeBitCast(before, to: GCallback.self), nil, nil, GConnectFlags(rawValue: 0))
    g_signal_connect_data(UnsafeMutableRawPointer(clock), "after-paint", unsafeBitCast(after, to: GCallback.self), nil, nil, GConnectFlags(rawValue: 0))
    recorder.hooked = true
    return true
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
    ]
    let data = try! JSONSerialization.data(withJSONObject: out, options: [.sortedKeys])
    print(String(decoding: data, as: UTF8.self))
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
process.arguments = ["--child", "--count", String(count), "--script", scriptPath]
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

var result: [String: Any] = ["engine": "app", "count": count, "renderer": environment["GSK_RENDERER"] ?? "", "wall_s": monotonic() - started]
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
