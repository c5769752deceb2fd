import Foundation
import SwiftUI

/// The version `layoutlab --version` prints.
public let layoutLabVersion = "0.1.0"

/// The application id: the desktop entry's, the icon's and the GtkApplication's name.
public let layoutLabApplicationID = "io.github.layoutlab.LayoutLab"

/// A command-line error: printed with the usage hint, exit status 2.
public struct CommandLineError: Error, Equatable, CustomStringConvertible {
    public let message: String
    public init(_ message: String) { self.message = message }
    public var description: String { message }
}

/// Options of `layoutlab render`.
public struct RenderOptions: Equatable, Sendable {
    public var scene = "capsules"
    public var layout = "flow"
    public var width: Double = 400
    public var height: Double = 300
    /// `--width nil|inf`: an unspecified or infinite width instead of `width`.
    public var widthMode = DimensionMode.fixed
    /// `--height nil|inf`.
    public var heightMode = DimensionMode.fixed
    public var png: String?
    public var svg: String?
    public var json: String?
    /// `--record FILE.gif|FILE.webm`: record the switch from `layout` to `recordTo`.
    public var record: String?
    /// `--to LAYOUT`: the layout the recorded transition switches to (default: the next one).
    public var recordTo: String?
    /// `--fps N`: frames per second of the recording.
    public var framesPerSecond = 30
    public var scale: Double = 1
    public var dark = false
    /// The number of subviews (scenes with a variable count).
    public var count: Int?
    /// A person's `.swift` file or package to render from (`--source`).
    public var source: String?
    /// The preview to render (`--preview`, by the name the window shows).
    public var preview: String?
    /// Print the previews and layouts found in `source` instead of rendering (`--list`).
    public var list = false
    /// Whether `--scene` or `--layout` was given.
    public var choseSceneOrLayout = false
    public init() {}
}

/// Options of the window.
public struct WindowOptions: Equatable, Sendable {
    /// Show per-frame timings in the UI and print them to stderr.
    public var stats = false
    /// A script of automation commands to run (see `Automation`).
    public var automationScript: String?
    /// Where automation screenshots and frame dumps go.
    public var screenshotDirectory: String?
    /// Do not read or write the settings file (automation, tests).
    public var ignoresSettings = false
    public var dark: Bool?
    /// `layoutlab preview PATH`: the person's `.swift` file or package to preview.
    public var previewPath: String?
    public init() {}
}

/// What the command line asks for.
public enum LabCommand: Equatable, Sendable {
    case window(WindowOptions)
    case render(RenderOptions)
    case version
    case help
}

/// `layoutlab --help`.
public let layoutLabUsage = """
    Usage:
      layoutlab [--stats] [--dark|--light] [--automation SCRIPT] [--screenshot-dir DIR] [--no-settings|--settings]
          Open the LayoutLab window. Automation runs ignore the settings file unless --settings.
      layoutlab render [--scene NAME] [--layout NAME] [--width W|nil|inf] [--height H|nil|inf]
                       [--png FILE] [--svg FILE] [--json FILE] [--scale S] [--count N] [--dark]
          Lay out a scene without a display and export it (at least one of --png/--svg/--json/--record).
      layoutlab render [--scene NAME] [--layout NAME] [--width W] [--height H] [--scale S] [--dark]
                       --record FILE.gif|FILE.webm [--to LAYOUT] [--fps N]
          Record the animated switch from --layout to --to (default: the next layout) as an
          animated GIF (giflib) or a WebM video (GStreamer, VP8), at width×height × scale.
      layoutlab render --source PATH [--preview NAME | --scene NAME --layout NAME] [--width W|nil|inf] [--height H|nil|inf]
                       [--png FILE] [--svg FILE] [--json FILE] [--scale S] [--dark] [--list]
          Build your own .swift file or package and render one of its #Previews (or one of
          your Layouts on a scene) without a display; --list prints what was found. On a
          compile error, prints the compiler's messages and exits with status 1.
      layoutlab preview PATH [window options]
          Open the window on your own .swift file or package: its #Previews and PreviewProviders
          in the scene picker, its Layouts in the layout picker; saving a file reloads.
      layoutlab --version
      layoutlab --help

    Scenes: capsules, spacing, pets, mixed.
    Layouts: hstack, vstack, zstack, flow, radial, grid, equal-width-hstack, equal-width-vstack, viewthatfits.

    Automation scripts hold one command per line: layout NAME, scene NAME, width N|nil|inf,
    height N|nil|inf, follow on|off, preset DEVICE, spacing N|nil, alignment NAME (center,
    leading, topTrailing, firstTextBaseline, …), count N, add, remove, shuffle, rotation DEG,
    rotate-by DEG, rank ITEM RANK, curve NAME, slowmo on|off, stats on|off, dark on|off,
    overlays proposal,size,ranges, resize W H, select X Y, select-item N, click-item N,
    click-id ID, drag-proposal right|bottom|corner DX DY, compare on|off, compare-layout NAME,
    compare-proposal W H|same, compare-frames NAME, undo, redo, reset, about, tab
    selection|outline|trace, outline-select ROW, trace-filter TEXT, trace-line N,
    zoom N|fit|1:1, pan DX DY, activate WIDGET, pointer wheel|type|click|hover|drag-proposal|
    ctrl-scroll|middle-drag WIDGET … (real X input
    through xdotool), wait MS, settle, screenshot NAME, frames NAME, window-screenshot NAME,
    dialog-screenshot NAME, widget-screenshot WIDGET NAME, state NAME, shortcut TRIGGER, export PATH, record PATH [LAYOUT] [FPS], wait-recording,
    cancel-recording, quit, close.
    """

extension RenderOptions {
    /// The root proposal: `width`×`height`, or nil / ∞ where `--width nil|inf` said so.
    public var proposal: ProposedViewSize {
        func dim(_ mode: DimensionMode, _ v: Double) -> CGFloat? {
            switch mode { case .fixed: CGFloat(v); case .unspecified: nil; case .infinity: .infinity }
        }
        return ProposedViewSize(width: dim(widthMode, width), height: dim(heightMode, height))
    }
}

/// Parses the arguments after the program name (with swift-argument-parser; see `Commands.swift`).
public func parseCommandLine(_ arguments: [String]) throws(CommandLineError) -> LabCommand {
    if arguments == ["-V"] { return .version }
    do {
        return try LayoutLabCommandLine.labCommand(for: LayoutLabCommandLine.parseAsRoot(arguments))
    } catch let error as CommandLineError {
        throw error
    } catch {
        if LayoutLabCommandLine.exitCode(for: error) == .success {
            return arguments.contains("--version") ? .version : .help
        }
        throw CommandLineError(LayoutLabCommandLine.message(for: error))
    }
}
