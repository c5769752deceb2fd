import Foundation
import Testing
import SwiftUI
@testable import LayoutLabApp
@testable import LayoutLabCore
import LayoutTestSupport

@Suite("Command line")
struct CommandLineTests {
    @Test func noArgumentsOpensTheWindow() throws {
        #expect(try LabCommand(parsing: []) == .window(WindowOptions()))
    }

    @Test func versionAndHelp() throws {
        #expect(try LabCommand(parsing: ["--version"]) == .version)
        #expect(try LabCommand(parsing: ["-V"]) == .version)
        // The help is the parser's, written from the commands' declarations (and the script
        // commands after them).
        guard case .help(let help) = try LabCommand(parsing: ["--help"]) else { Issue.record("--help is not help"); return }
        #expect(help.contains("SUBCOMMANDS") && help.contains("render") && help.contains("preview"))
        #expect(help.contains("Automation scripts hold one command per line"))
        #expect(try LabCommand(parsing: ["-h"]) == .help(help))
        guard case .help(let renderHelp) = try LabCommand(parsing: ["render", "--help"]) else { Issue.record("render --help"); return }
        #expect(renderHelp.contains("--width <w|nil|inf>") && !renderHelp.contains("SUBCOMMANDS"))
        guard case .help(let script) = try LabCommand(parsing: ["--generate-completion-script", "bash"]) else {
            Issue.record("the completion script is text to print"); return
        }
        #expect(script.contains("layoutlab") && script != help)
    }

    @Test func windowOptions() throws {
        guard case .window(let o) = try LabCommand(parsing: ["--stats", "--automation", "s.txt", "--screenshot-dir", "/tmp/x"]) else {
            Issue.record("expected window"); return
        }
        #expect(o.stats)
        #expect(o.automationScript == "s.txt")
        #expect(o.screenshotDirectory == "/tmp/x")
        #expect(o.ignoresSettings, "automation never touches the user's settings")
    }

    @Test func renderOptions() throws {
        let cmd = try LabCommand(parsing: ["render", "--scene", "capsules", "--layout", "flow", "--width", "400", "--height", "300",
                                        "--png", "out.png", "--svg", "out.svg", "--json", "out.json", "--scale", "2", "--dark"])
        var expected = RenderOptions()
        expected.scene = "capsules"; expected.layout = "flow"; expected.width = 400; expected.height = 300
        expected.png = "out.png"; expected.svg = "out.svg"; expected.json = "out.json"; expected.scale = 2; expected.dark = true
        expected.environment.colorScheme = "dark"
        expected.choseSceneOrLayout = true
        expected.choseSize = true
        #expect(cmd == .render(expected))
    }

    @Test func previewAndRenderSourceOptions() throws {
        guard case .window(let w) = try LabCommand(parsing: ["preview", "Sources/App", "--stats"]) else {
            Issue.record("preview opens the window"); return
        }
        #expect(w.previewPath == "Sources/App")
        #expect(w.stats)
        #expect(throws: CommandLineError.self) { try LabCommand(parsing: ["preview"]) }
        #expect(throws: CommandLineError.self) { try LabCommand(parsing: ["preview", "--stats"]) }
        guard case .render(let r) = try LabCommand(parsing: ["render", "--source", "A.swift", "--preview", "Card", "--json", "a.json"]) else {
            Issue.record("render"); return
        }
        #expect(r.source == "A.swift" && r.preview == "Card" && !r.list && !r.choseSceneOrLayout)
        guard case .render(let l) = try LabCommand(parsing: ["render", "--source", "A.swift", "--list"]) else {
            Issue.record("render --list"); return
        }
        #expect(l.list)
        #expect(throws: CommandLineError.self) { try LabCommand(parsing: ["render", "--preview", "Card", "--json", "a.json"]) }
        #expect(throws: CommandLineError.self) {
            try LabCommand(parsing: ["render", "--source", "A.swift", "--preview", "Card", "--scene", "pets", "--json", "a.json"])
        }
    }

    @Test(arguments: [
        ["--bogus"], ["frobnicate"], ["--automation"],
        ["render"], ["render", "--png"], ["render", "--width", "abc", "--png", "x.png"],
        ["render", "--width", "-5", "--png", "x.png"], ["render", "--scale", "0", "--png", "x.png"],
        ["render", "--height", "-inf", "--png", "x.png"], ["render", "--what", "--png", "x.png"],
        ["render", "--count", "2.5", "--png", "x.png"],
        // The file name must say the format written (`--png out.jpg` used to write PNG silently).
        ["render", "--png", "out.jpg"], ["render", "--svg", "out.png"], ["render", "--json", "out.txt"],
    ])
    func badArgumentsAreErrors(args: [String]) {
        #expect(throws: CommandLineError.self) { try LabCommand(parsing: args) }
    }

    /// What `render` says about a scale, a size or an output it cannot use: a sentence naming the
    /// option to change (these printed cairo's "invalid matrix (not invertible)", "out of
    /// memory" and a raw NSCocoaErrorDomain error).
    @Test func renderSaysWhatToChange() throws {
        let exe = try #require(layoutlabExecutable())
        let dir = URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent("render-says-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let png = dir.appendingPathComponent("out.png").path
        // A wrong option exits 2, an output that cannot be written 1, as any failed write.
        let cases: [([String], Int32, String)] = [
            (["--scale", "1e-300", "--png", png], 2,
             "layoutlab: render: --scale is pixels per point and must be from 0.1 to 16 (got 1e-300); 1 is the default, 2 a high-density screen"),
            (["--width", "20000", "--height", "20000", "--scale", "1.6", "--png", png], 2,
             "layoutlab: render: a 20000×20000-point canvas at --scale 1.6 would be a 32000×32000-pixel PNG, larger than the 16384×16384 pixels (256 M in all) a PNG may be; lower --scale to 0.81 or less, or make --width/--height smaller"),
            (["--json", "/nonexistent-\(UUID().uuidString)/out.json"], 1, "the folder /nonexistent-"),
            (["--png", dir.appendingPathComponent("folder.png").path], 1,
             "layoutlab: render: cannot write --png \(dir.path)/folder.png: it is a folder; give a file name"),
        ]
        try FileManager.default.createDirectory(at: dir.appendingPathComponent("folder.png"), withIntermediateDirectories: true)
        for (arguments, status, message) in cases {
            let out = try runProcess(exe, ["render"] + arguments, timeout: 60)
            #expect(out.status == status, "\(arguments): \(out.stderr)")
            #expect(out.stderr.contains(message), "\(arguments): \(out.stderr)")
            #expect(!out.stderr.contains("cairo") && !out.stderr.contains("NSCocoaErrorDomain"), "\(out.stderr)")
        }
        let missing = try runProcess(exe, ["render", "--json", "/nonexistent-dir/out.json"], timeout: 60)
        #expect(missing.stderr.contains("layoutlab: render: cannot write --json /nonexistent-dir/out.json: the folder /nonexistent-dir does not exist; create it or choose another path"),
                "\(missing.stderr)")
        #expect(!FileManager.default.fileExists(atPath: png))
    }

    /// `--width nil|inf` and `--height nil|inf` propose nil or ∞ on that axis.
    @Test func renderTakesNilAndInfiniteProposals() throws {
        guard case .render(let o) = try LabCommand(parsing: ["render", "--width", "nil", "--height", "inf", "--png", "x.png"]) else {
            Issue.record("not a render command"); return
        }
        #expect(o.proposal.width == nil)
        #expect(o.proposal.height == .infinity)
        guard case .render(let fixed) = try LabCommand(parsing: ["render", "--width", "320", "--png", "x.PNG"]) else {
            Issue.record("`render --width 320 --png x.PNG` is not a render command"); return
        }
        #expect(fixed.proposal == ProposedViewSize(width: 320, height: 300))
    }

    /// A render with a nil width lays the scene out at its ideal width: the export is the root's size.
    @Test @MainActor func renderWithANilWidthExportsTheIdealWidth() throws {
        let dir = URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent("render-nil-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let json = dir.appendingPathComponent("hstack.json").path
        #expect(LayoutLab.main(arguments: ["render", "--layout", "hstack", "--count", "3", "--width", "nil", "--height", "200", "--json", json]) == 0)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: json))) as? [String: Any])
        let proposal = object["proposal"] as? [String: Any]
        #expect(proposal?["width"] == nil || proposal?["width"] is NSNull, "\(String(describing: proposal))")
        let canvas = try #require(object["canvasSize"] as? [String: Any])
        let width = (canvas["width"] as? Double) ?? 0
        #expect(width > 50 && width < 400, "the canvas is the stack's ideal width: \(width)")
    }

    /// swift-argument-parser: generated help for each command, and shell completion scripts.
    @Test func generatedHelpAndCompletion() throws {
        let exe = try #require(layoutlabExecutable())
        func output(_ args: [String]) throws -> (Int32, String) {
            let p = Process()
            p.executableURL = exe
            p.arguments = args
            let out = Pipe()
            p.standardOutput = out
            p.standardError = FileHandle.nullDevice
            try p.run()
            let data = out.fileHandleForReading.readDataToEndOfFile()
            p.waitUntilExit()
            return (p.terminationStatus, String(decoding: data, as: UTF8.self))
        }
        let (helpStatus, help) = try output(["--help"])
        #expect(helpStatus == 0 && help.contains("SUBCOMMANDS") && help.contains("render") && help.contains("preview"))
        let (renderStatus, renderHelp) = try output(["render", "--help"])
        #expect(renderStatus == 0 && renderHelp.contains("--width <w|nil|inf>"))
        for shell in ["bash", "zsh", "fish"] {
            let (status, script) = try output(["--generate-completion-script", shell])
            #expect(status == 0 && script.contains("layoutlab"), "\(shell) completion")
        }
        let (versionStatus, version) = try output(["--version"])
        #expect(versionStatus == 0 && version.contains("layoutlab \(layoutLabVersion)"))
    }

    @Test @MainActor func badArgumentsExitWithStatus2() {
        #expect(LayoutLab.main(arguments: ["--no-such-option"]) == 2)
        #expect(LayoutLab.main(arguments: ["render", "--layout", "nope", "--png", "/tmp/x.png"]) == 2)
    }

    @Test @MainActor func versionExitsZero() {
        #expect(LayoutLab.main(arguments: ["--version"]) == 0)
    }
}
