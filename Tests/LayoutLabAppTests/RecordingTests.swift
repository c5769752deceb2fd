import Foundation
import SwiftUI
import LayoutRecording
import LayoutRendering
import Testing
@testable import LayoutLabApp
@testable import LayoutLabCore
import LayoutTestSupport

/// The canvas's own rendering of a layout, as a recording frame (what the first and last frames
/// of a recording must show).
func canvasFrame(_ result: LayoutResult, size: CGSize, scale: Double, scheme: ColorScheme) throws -> RecordingFrame {
    let frame = SampledFrame(displayList: result.displayList, frames: result.frames, opacities: nil)
    return try TransitionRecorder.render(frame, size: size, scale: scale, scheme: scheme, renderer: LayoutRenderer())
}

/// Recording a layout switch, and decoding the files back with the libraries that wrote them.
@Suite("Recording transitions")
struct RecordingTests {
    let dir: URL = {
        let d = URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent("layoutlab-record-\(UUID().uuidString)", isDirectory: true)
        try? FileManager.default.createDirectory(at: d, withIntermediateDirectories: true)
        return d
    }()

    /// Flow → HStack on the capsules at 360×240 points.
    @MainActor
    static func transition(fps: Int = 30, scheme: ColorScheme = .light, to target: String = "hstack") throws -> SampledTransition {
        var state = LabState()
        state.layoutIndex = LabLayout.builtIn.firstIndex { normalizedName($0.name) == "flow" }!
        state.colorScheme = scheme
        let to = try #require(LabLayout.builtIn.firstIndex { normalizedName($0.name) == target })
        return try TransitionRecorder.sample(layouts: LabLayout.builtIn, scenes: LabScene.builtIn, state: state, to: to,
                                             canvasSize: CGSize(width: 360, height: 240), framesPerSecond: fps)
    }

    /// Checks a decoded recording against the transition: frame count, pixel size, first and
    /// last frames against the canvas's rendering, and a middle frame that is neither.
    /// `meanTolerance`: the mean colour difference allowed (0…255); at most 1 % of the pixels
    /// may differ by more than 32 in a channel (anti-aliased edges).
    func check(_ decoded: DecodedRecording, _ t: SampledTransition, scale: Double, meanTolerance: Double) throws {
        #expect(decoded.frames.count == t.frames.count)
        #expect(decoded.width == Int(t.size.width * scale) && decoded.height == Int(t.size.height * scale))
        let first = try canvasFrame(t.start, size: t.size, scale: scale, scheme: t.scheme)
        let last = try canvasFrame(t.end, size: t.size, scale: scale, scheme: t.scheme)
        let d0 = decoded.difference(frame: 0, from: first, threshold: 32)
        let dn = decoded.difference(frame: decoded.frames.count - 1, from: last, threshold: 32)
        #expect(d0.mean < meanTolerance && d0.outliers < 0.01, "first frame differs from the canvas: \(d0)")
        #expect(dn.mean < meanTolerance && dn.outliers < 0.01, "last frame differs from the canvas: \(dn)")
        // The layouts differ, so the first frame is far from the last layout, and a middle
        // frame from both: the comparison can tell frames apart.
        let cross = decoded.difference(frame: 0, from: last, threshold: 32)
        #expect(cross.outliers > 0.05, "the transition does not change the picture: \(cross)")
        // (A spring moves most in its first quarter; its tail is tiny.)
        let middle = max(decoded.frames.count / 5, 1)
        #expect(decoded.difference(frame: middle, from: first, threshold: 32).outliers > 0.02)
        #expect(decoded.difference(frame: middle, from: last, threshold: 32).outliers > 0.02)
    }

    @Test @MainActor func sampledOnAFixedClockUntilSettled() throws {
        let t = try Self.transition(fps: 30)
        // The default spring settles in well under the limit, and at least a few frames move.
        #expect(t.frames.count > 5 && Double(t.frames.count) < TransitionRecorder.maximumSeconds * 30)
        #expect(t.from == "Flow" && t.to == "HStack")
        #expect(t.size == CGSize(width: 360, height: 240))
        // The same clock gives the same frames: twice the rate, twice the frames (±1 for the end).
        let fast = try Self.transition(fps: 60)
        #expect(abs(fast.frames.count - 1 - 2 * (t.frames.count - 1)) <= 2)
        // The last sample is the end layout's frames exactly.
        let end = try #require(t.frames.last)
        for i in t.end.views.indices where t.end.views[i].isVisible { #expect(end.frames[i] == t.end.frames[i]) }
    }

    @Test @MainActor func gifDecodesBackToTheCanvas() throws {
        let t = try Self.transition(fps: 25)
        let url = dir.appendingPathComponent("flow-to-hstack.gif")
        let summary = try TransitionRecorder.encode(t, format: .gif, scale: 2, to: url)
        #expect(summary.frameCount == t.frames.count && summary.pixelWidth == 720 && summary.pixelHeight == 480)
        let decoded = try RecordingDecoder.decode(url)
        // A palette per frame: flat fills are exact, anti-aliased edges close.
        try check(decoded, t, scale: 2, meanTolerance: 1)
        // Delays: 4 cs a frame at 25 fps, the last frame held for a second.
        let delays = decoded.frames.map { $0.duration ?? -1 }
        #expect(delays.dropLast().allSatisfy { abs($0 - 0.04) < 1e-9 }, "\(delays)")
        #expect(delays.last == 1)
        // Deterministic: the same transition gives the same bytes.
        let again = dir.appendingPathComponent("again.gif")
        _ = try TransitionRecorder.encode(try Self.transition(fps: 25), format: .gif, scale: 2, to: again)
        #expect(try Data(contentsOf: url) == Data(contentsOf: again))
    }

    @Test @MainActor func webmDecodesBackToTheCanvas() throws {
        let t = try Self.transition(fps: 30, scheme: .dark)
        let url = dir.appendingPathComponent("flow-to-hstack.webm")
        let summary = try TransitionRecorder.encode(t, format: .webm, scale: 1, to: url)
        #expect(summary.format == .webm && summary.pixelWidth == 360)
        let decoded = try RecordingDecoder.decode(url)
        // VP8 is lossy, in 4:2:0 YUV (GStreamer's RGB→YUV→RGB alone shifts colours by up to 6
        // levels): close on average, few pixels far off (edges of text).
        try check(decoded, t, scale: 1, meanTolerance: 5)
        let durations = decoded.frames.compactMap(\.duration)
        #expect(durations.allSatisfy { abs($0 - 1.0 / 30) < 0.002 }, "\(durations)")
    }

    @Test func writerErrorsAreClear() throws {
        #expect(throws: RecordingError.unwritable(path: "/nonexistent-dir/x.gif", reason: "No such file or directory")) {
            _ = try Recording.writer(format: .gif, url: URL(fileURLWithPath: "/nonexistent-dir/x.gif"), width: 10, height: 10, framesPerSecond: 30)
        }
        #expect(throws: RecordingError.self) {
            _ = try Recording.writer(format: .webm, url: dir.appendingPathComponent("x.webm"), width: 0, height: 10, framesPerSecond: 30)
        }
        #expect(throws: RecordingError.unknownFormat(path: "/tmp/x.mp4")) { _ = try RecordingDecoder.decode(URL(fileURLWithPath: "/tmp/x.mp4")) }
        // A frame of the wrong size is refused, not encoded.
        let writer = try Recording.writer(format: .gif, url: dir.appendingPathComponent("y.gif"), width: 4, height: 4, framesPerSecond: 10)
        let small = try RecordingFrame(width: 2, height: 2, stride: 8, pixels: [UInt8](repeating: 255, count: 16))
        #expect(throws: RecordingError.self) { try writer.append(small) }
        #expect(throws: RecordingError.self) { _ = try RecordingFrame(width: 4, height: 4, stride: 8, pixels: []) }
        // Not a GIF: a clear error from giflib.
        let bogus = dir.appendingPathComponent("bogus.gif")
        try Data("not a gif".utf8).write(to: bogus)
        #expect(throws: RecordingError.self) { _ = try RecordingDecoder.decode(bogus) }
    }

    @Test @MainActor func sameLayoutIsRefused() throws {
        var state = LabState()
        state.layoutIndex = 0
        #expect(throws: TransitionRecorder.Failure.self) {
            _ = try TransitionRecorder.sample(layouts: LabLayout.builtIn, scenes: LabScene.builtIn, state: state, to: 0,
                                              canvasSize: CGSize(width: 100, height: 100), framesPerSecond: 30)
        }
    }

    // MARK: layoutlab render --record

    @Test @MainActor func renderRecordsTheSwitch() throws {
        let url = dir.appendingPathComponent("cli.gif")
        let status = LayoutLab.main(arguments: ["render", "--scene", "pets", "--layout", "vstack", "--to", "grid", "--width", "300",
                                                "--height", "260", "--fps", "20", "--record", url.path])
        #expect(status == 0)
        let decoded = try RecordingDecoder.decode(url)
        #expect(decoded.width == 300 && decoded.height == 260)
        #expect(decoded.frames.count > 3)
        #expect(decoded.frames.dropLast().allSatisfy { $0.duration == 0.05 })
    }

    @Test func renderRecordOptionsAreChecked() {
        for bad in [["render", "--record", "x.mp4"], ["render", "--to", "hstack", "--png", "x.png"],
                    ["render", "--record", "x.gif", "--fps", "0"], ["render", "--record", "x.gif", "--fps", "2.5"]] {
            #expect(throws: CommandLineError.self, "\(bad)") { _ = try LabCommand(parsing: bad) }
        }
        guard case .render(let o)? = try? LabCommand(parsing: ["render", "--record", "x.webm", "--to", "grid", "--fps", "24"]) else {
            Issue.record("render --record did not parse"); return
        }
        #expect(o.record == "x.webm" && o.recordTo == "grid" && o.framesPerSecond == 24)
    }

    /// Without the plugins (an empty plugin path), the error names what to install.
    @Test func missingPluginNamesThePackage() throws {
        let exe = try #require(layoutlabExecutable(), "build the app first")
        let empty = dir.appendingPathComponent("no-plugins", isDirectory: true)
        try FileManager.default.createDirectory(at: empty, withIntermediateDirectories: true)
        let process = Process()
        process.executableURL = exe
        process.arguments = ["render", "--record", dir.appendingPathComponent("m.webm").path]
        var env = ProcessInfo.processInfo.environment
        env["GST_PLUGIN_SYSTEM_PATH_1_0"] = empty.path
        env["GST_PLUGIN_PATH_1_0"] = empty.path
        env["GST_REGISTRY_1_0"] = dir.appendingPathComponent("registry.bin").path
        env["GST_REGISTRY_FORK"] = "no"
        process.environment = env
        let err = Pipe()
        process.standardError = err
        process.standardOutput = Pipe()
        try process.run()
        let text = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 1)
        #expect(text.contains("is missing: install gstreamer1.0-plugins-"), "\(text)")
        #expect(!FileManager.default.fileExists(atPath: dir.appendingPathComponent("m.webm").path) || (try? Data(contentsOf: dir.appendingPathComponent("m.webm")).isEmpty) == true)
    }
}

/// Recording from the window: the menu's action without its dialog (automation), the progress
/// banner while encoding, the outcome, and errors.
@Suite("Recording in the window", .enabled(if: hasDisplay, "DISPLAY is unset: run under xvfb-run -a"))
struct WindowRecordingTests {
    @Test func recordsAtTheCanvasSizeAndScaleWithProgress() throws {
        let run = try WindowRun.run("""
            resize 900 640
            settle
            state before
            record $DIR/switch.webm hstack 120
            wait 20
            state during
            window-screenshot during
            wait-recording
            state after
            record $DIR/cancelled.gif vstack 60
            cancel-recording
            wait-recording
            state cancelled
            record /nonexistent-dir/x.gif
            wait 100
            state failed
            window-screenshot failed
            """, environment: ["GDK_SCALE": "2"])
        #expect(run.status == 0, "\(run.stderr)")
        let before = try run.json("before"), during = try run.json("during"), after = try run.json("after")
        // Encoding runs on its own thread: the window kept drawing and showed the progress. (At
        // 120 frames per second and 20 ms in: a recording at the default rate could finish
        // within the 150 ms this test once waited, and the state then showed it done.)
        #expect(value(during, "recording", "running") as? Bool == true)
        #expect(value(during, "recording", "bannerVisible") as? Bool == true)
        #expect((value(during, "recording", "bannerText") as? String)?.hasPrefix("Recording Flow → HStack to switch.webm") == true)
        let fraction = number(during, "recording", "fraction")
        #expect(fraction >= 0 && fraction < 1)
        #expect(value(after, "recording", "running") as? Bool == false)
        #expect(value(after, "recording", "bannerVisible") as? Bool == false)
        #expect((value(after, "toast") as? String)?.hasPrefix("Recorded switch.webm") == true)
        // At the canvas's size × the window's scale (GDK_SCALE=2).
        let cw = number(before, "canvas", "width"), ch = number(before, "canvas", "height")
        #expect(number(after, "recording", "pixelWidth") == 2 * cw)
        #expect(number(after, "recording", "pixelHeight") == 2 * ch)
        let decoded = try RecordingDecoder.decode(run.directory.appendingPathComponent("switch.webm"))
        #expect(Double(decoded.frames.count) == number(after, "recording", "frames"))
        #expect(Double(decoded.width) == 2 * cw && Double(decoded.height) == 2 * ch)
        // Cancelled: no file left behind.
        let cancelled = try run.json("cancelled")
        #expect(value(cancelled, "recording", "error") as? String == "cancelled")
        #expect(!FileManager.default.fileExists(atPath: run.directory.appendingPathComponent("cancelled.gif").path))
        // An unwritable path: the banner says why, and stays.
        let failed = try run.json("failed")
        #expect(value(failed, "recording", "bannerVisible") as? Bool == true)
        #expect((value(failed, "recording", "bannerText") as? String)?.contains("cannot write /nonexistent-dir/x.gif") == true)
        #expect(run.complaints.isEmpty, "\(run.complaints)")
    }

    /// Without GStreamer's plugins, the banner names the package to install (a GIF, written with
    /// giflib, still works).
    @Test func missingPluginInTheBanner() throws {
        let run = try WindowRun.run("""
            resize 700 500
            settle
            record $DIR/x.webm
            wait-recording
            state failed
            record $DIR/still.gif
            wait-recording
            state gif
            """, environment: ["GST_PLUGIN_SYSTEM_PATH_1_0": "/nonexistent-plugins", "GST_PLUGIN_PATH_1_0": "/nonexistent-plugins",
                               "GST_REGISTRY_1_0": NSTemporaryDirectory() + "layoutlab-empty-registry-\(UUID().uuidString).bin"])
        #expect(run.status == 0, "\(run.stderr)")
        let failed = try run.json("failed")
        #expect(value(failed, "recording", "bannerVisible") as? Bool == true)
        let text = value(failed, "recording", "bannerText") as? String ?? ""
        #expect(text.hasPrefix("Recording failed: the GStreamer element") && text.contains("is missing: install gstreamer1.0-plugins-"), "\(text)")
        let gif = try run.json("gif")
        #expect((value(gif, "toast") as? String)?.hasPrefix("Recorded still.gif") == true)
        #expect(FileManager.default.fileExists(atPath: run.directory.appendingPathComponent("still.gif").path))
    }

    /// The real path: Ctrl+Shift+R opens the file chooser with the suggested name in the
    /// pictures folder; Return (real key input) records there.
    @Test(.enabled(if: xdotoolAvailable, "needs xdotool (run-tests installs it)"))
    func recordThroughTheFileChooser() throws {
        let pictures = URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent("layoutlab-pictures-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: pictures, withIntermediateDirectories: true)
        let run = try WindowRun.run("""
            resize 1000 700
            layout vstack
            settle
            shortcut <Control><Shift>r
            wait 1500
            dialog-screenshot chooser
            pointer press canvas Return
            wait 800
            wait-recording
            state after
            """, environment: ["XDG_PICTURES_DIR": pictures.path], isolated: true)
        #expect(run.status == 0, "\(run.stderr)")
        let file = pictures.appendingPathComponent("vstack-to-zstack.gif")
        let after = try run.json("after")
        #expect(value(after, "recording", "file") as? String == file.path)
        #expect((value(after, "toast") as? String)?.hasPrefix("Recorded vstack-to-zstack.gif") == true)
        let decoded = try RecordingDecoder.decode(file)
        #expect(Double(decoded.frames.count) == number(after, "recording", "frames"))
        #expect(Double(decoded.width) == number(after, "recording", "pixelWidth"))
    }
}
