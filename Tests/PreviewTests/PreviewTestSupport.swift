import Foundation
import Testing
import LayoutTestSupport

/// A folder of a person's code written by a test, removed when the test is done (kept with
/// `LAYOUTLAB_KEEP_TEST_FILES=1`, to look at the screenshots).
final class Workspace {
    let root: URL

    init(_ name: String) throws {
        root = URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent("layoutlab-\(name)-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
    }

    deinit {
        if ProcessInfo.processInfo.environment["LAYOUTLAB_KEEP_TEST_FILES"] == nil { try? FileManager.default.removeItem(at: root) }
    }

    @discardableResult
    func write(_ relativePath: String, _ text: String) throws -> URL {
        let url = root.appendingPathComponent(relativePath)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try text.write(to: url, atomically: true, encoding: .utf8)
        return url
    }

    func url(_ relativePath: String) -> URL { root.appendingPathComponent(relativePath) }

    /// A private build cache, so tests never share (or reuse) another run's agents.
    var environment: [String: String] {
        var env = ProcessInfo.processInfo.environment
        env["XDG_CACHE_HOME"] = root.appendingPathComponent(".cache").path
        env["XDG_CONFIG_HOME"] = root.appendingPathComponent(".config").path
        return env
    }
}

/// The `layoutlab` built next to this test bundle (the preview runtime is in the same folder).
func layoutlabBinary() throws -> URL {
    try #require(layoutlabExecutable(), "build layoutlab first (swift build)")
}

/// Runs `layoutlab` with `arguments` and waits (at most `timeout` seconds).
func runLayoutlab(_ arguments: [String], in workspace: Workspace, timeout: Double = 240) throws -> ProcessOutput {
    try runProcess(try layoutlabBinary(), arguments, environment: workspace.environment, timeout: timeout,
                   outputDirectory: workspace.root)
}

/// The frames by id in `layoutlab render --json` output.
func framesByID(_ url: URL) throws -> [String: CGRect] {
    let object = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: url)) as? [String: Any])
    var out: [String: CGRect] = [:]
    for v in object["views"] as? [[String: Any]] ?? [] {
        guard let id = v["id"] as? String, out[id] == nil else { continue }
        out[id] = CGRect(x: v["x"] as? Double ?? .nan, y: v["y"] as? Double ?? .nan,
                         width: v["width"] as? Double ?? .nan, height: v["height"] as? Double ?? .nan)
    }
    return out
}

/// The presented frames (and targets) of views with explicit ids, from the automation's
/// `frames` output, with each view's detail (a Text's string) and the selection.
struct IdentifiedFrames {
    var presented: [String: CGRect] = [:]
    var target: [String: CGRect] = [:]
    var detail: [String: String] = [:]
    /// Mid-transition: each view's own presented opacity and transition transform (scale, tx, ty).
    var opacity: [String: Double] = [:]
    var transform: [String: (scale: Double, tx: Double, ty: Double)] = [:]
    var animating = false
    /// The result's views, and the views drawn (more while removed views are leaving).
    var viewCount = 0, presentedViewCount = 0
    /// The kind of the selected view ("" when none).
    var selection = ""

    init(_ url: URL) throws {
        let object = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: url)) as? [String: Any])
        animating = object["animating"] as? Bool ?? false
        viewCount = object["viewCount"] as? Int ?? 0
        presentedViewCount = object["presentedViewCount"] as? Int ?? 0
        selection = object["selection"] as? String ?? ""
        for entry in object["identified"] as? [[String: Any]] ?? [] {
            guard let id = entry["id"] as? String else { continue }
            func rect(_ d: [String: Any]) -> CGRect {
                CGRect(x: d["x"] as? Double ?? .nan, y: d["y"] as? Double ?? .nan, width: d["width"] as? Double ?? .nan, height: d["height"] as? Double ?? .nan)
            }
            presented[id] = rect(entry)
            target[id] = rect(entry["target"] as? [String: Any] ?? [:])
            detail[id] = entry["detail"] as? String
            opacity[id] = entry["opacity"] as? Double
            if let t = entry["transform"] as? [String: Any] {
                transform[id] = (t["scale"] as? Double ?? .nan, t["tx"] as? Double ?? .nan, t["ty"] as? Double ?? .nan)
            }
        }
    }
}

/// A JSON object the automation wrote (`preview-status`, `state`).
func status(_ url: URL) throws -> [String: Any] {
    try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: url)) as? [String: Any])
}

/// Runs `layoutlab preview file` with an automation script, on an X server of its own: real
/// pointer input must reach this window, never another test's window on top of it.
func runWindow(_ file: URL, script: URL, shots: URL, in ws: Workspace) throws -> ProcessOutput {
    var env = ws.environment
    env["GSK_RENDERER"] = "cairo"
    env["NO_AT_BRIDGE"] = "1"
    return try runProcess(URL(fileURLWithPath: "/usr/bin/xvfb-run"),
                          ["-a", "-s", "-screen 0 1600x1000x24", try layoutlabBinary().path,
                           "preview", file.path, "--automation", script.path, "--screenshot-dir", shots.path],
                          environment: env, timeout: 240, outputDirectory: ws.root)
}

/// An automation script's lines: the window at `width`×`height`, `times` real clicks on the
/// view `id` (frames `tapped`, status `tapped-status`), then `edited` copied over `file` as an
/// editor saves it and, once that reload is shown, frames `after` and status `after-status`.
func tapThenSaveScript(width: Int = 900, height: Int = 640, tapping id: String, times: Int = 1, edited: URL, over file: URL) -> String {
    var lines = ["resize \(width) \(height)", "settle"]
    for _ in 0..<times { lines += ["pointer click-view canvas \(id) center", "wait-live"] }
    lines += ["settle", "frames tapped", "preview-status tapped-status", "wait 1100", "copy-file \(edited.path) \(file.path)",
              "wait-reload 1", "settle", "frames after", "preview-status after-status"]
    return lines.joined(separator: "\n")
}
