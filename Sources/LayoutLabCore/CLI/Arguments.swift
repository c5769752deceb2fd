import Foundation
import SwiftUI
import PreviewProtocol

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
    /// `--watch`: render again after every save of a watched file, until interrupted.
    public var watch = false
    /// The environment to lay out in: colour scheme, Dynamic Type size, direction, locale
    /// (`--dark`, `--dynamic-type`, `--layout-direction`, `--locale`).
    public var environment = WireEnvironment()
    /// The number of subviews (scenes with a variable count).
    public var count: Int?
    /// A person's `.swift` file or package to render from (`--source`).
    public var source: String?
    /// The preview to render (`--preview`, by the name the window shows).
    public var preview: String?
    /// Print the previews and layouts found in `source` instead of rendering (`--list`).
    public var list = false
    /// What to do to the live preview before exporting it (`--perform`, in order).
    public var steps: [PerformStep] = []
    /// The environment variables `--stuck-limit`, `--time-limit`, `--memory-limit`,
    /// `--cpu-limit`, `--process-limit` and `--no-sandbox` set (`AgentLimits.configured`).
    public var agentEnvironment: [String: String] = [:]
    /// Whether `--scene` or `--layout` was given.
    public var choseSceneOrLayout = false
    /// Whether `--width`, `--height` or `--device` was given: a preview's own device (its
    /// `.previewDevice`, an orientation trait) is used only when none was.
    public var choseSize = false
    public init() {}
}

/// Options of the window.
public struct WindowOptions: Equatable, Sendable {
    /// The environment variables the preview limits' options set (`AgentLimits.configured`).
    public var agentEnvironment: [String: String] = [:]
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

/// What the command line asks for (see `LabCommand.init(parsing:)`).
public enum LabCommand: Equatable, Sendable {
    case window(WindowOptions)
    case render(RenderOptions)
    /// `layoutlab mcp`: the Model Context Protocol server on stdio.
    case mcp(MCPOptions)
    /// `layoutlab snapshot record|verify`.
    case snapshot(SnapshotCommand)
    /// `layoutlab prepare-previews`: fill the preview runtime's module cache.
    case preparePreviews(runtime: String?)
    case version
    /// Text the parser wrote to be printed as it is, exit status 0: `--help` for any command,
    /// `help COMMAND`, `--generate-completion-script SHELL`.
    case help(String)
}

extension RenderOptions {
    /// The environment as a request carries it: nil for SwiftUI's defaults.
    public var wireEnvironment: WireEnvironment? { environment.isDefault ? nil : environment }

    /// The root proposal: `width`×`height`, or nil / ∞ where `--width nil|inf` said so.
    public var proposal: ProposedViewSize {
        func dim(_ mode: DimensionMode, _ v: Double) -> CGFloat? {
            switch mode { case .fixed: CGFloat(v); case .unspecified: nil; case .infinity: .infinity }
        }
        return ProposedViewSize(width: dim(widthMode, width), height: dim(heightMode, height))
    }
}
