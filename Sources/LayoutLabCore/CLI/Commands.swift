import ArgumentParser
import Foundation
import LayoutRecording
import PreviewProtocol
import SwiftUI

/// `layoutlab`'s command line, parsed by swift-argument-parser: the window (the default
/// command), `preview PATH`, `render` and `mcp`, with generated `--help` and shell completion
/// (`layoutlab --generate-completion-script bash|zsh|fish`).
struct LayoutLabCommandLine: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "layoutlab",
        abstract: "SwiftUI's layout system on Linux: see layouts answer proposals, preview your own SwiftUI code.",
        discussion: AutomationScript.commandSummary,
        version: "layoutlab \(layoutLabVersion)",
        subcommands: [WindowCommand.self, PreviewCommand.self, RenderCommandLine.self, MCPCommandLine.self, SnapshotCommandLine.self,
                      PreparePreviewsCommandLine.self],
        defaultSubcommand: WindowCommand.self)

    /// The command a parsed command line asks for.
    static func labCommand(for parsed: ParsableCommand) throws -> LabCommand {
        switch parsed {
        case let w as WindowCommand: return .window(w.window.options(previewPath: nil))
        case let p as PreviewCommand: return .window(p.window.options(previewPath: p.path))
        case let r as RenderCommandLine: return .render(try r.renderOptions())
        case let s as SnapshotRecordCommand: return .snapshot(try s.command())
        case let s as SnapshotVerifyCommand: return .snapshot(try s.command())
        case is SnapshotCommandLine: return .help(helpMessage(for: SnapshotCommandLine.self))
        case let m as MCPCommandLine: return .mcp(try m.options())
        case let p as PreparePreviewsCommandLine: return .preparePreviews(runtime: p.runtime)
        default: return .help(helpMessage())
        }
    }

    /// Whether `parsed` is one of layoutlab's commands (not the parser's `help`).
    static func isOurs(_ parsed: ParsableCommand) -> Bool {
        parsed is WindowCommand || parsed is PreviewCommand || parsed is RenderCommandLine || parsed is MCPCommandLine
            || parsed is LayoutLabCommandLine
            || parsed is SnapshotCommandLine || parsed is SnapshotRecordCommand || parsed is SnapshotVerifyCommand
            || parsed is PreparePreviewsCommandLine
    }
}

extension LabCommand {
    /// Parses the arguments after the program name with `LayoutLabCommandLine`: the one
    /// description of the command line, which also writes `--help` and the completion scripts.
    public init(parsing arguments: [String]) throws(CommandLineError) {
        // `-V`, as many tools take it, is not an option the parser knows.
        if arguments == ["-V"] { self = .version; return }
        do {
            var parsed = try LayoutLabCommandLine.parseAsRoot(arguments)
            if !LayoutLabCommandLine.isOurs(parsed) {
                // The parser's own `help` command: it throws its text as a clean exit.
                try parsed.run()
                self = .help(LayoutLabCommandLine.helpMessage())
                return
            }
            self = try LayoutLabCommandLine.labCommand(for: parsed)
        } catch let error as CommandLineError {
            throw error
        } catch {
            // --help, --version and --generate-completion-script end parsing with text to print.
            guard LayoutLabCommandLine.exitCode(for: error) == .success else {
                throw CommandLineError(LayoutLabCommandLine.message(for: error))
            }
            self = arguments.contains("--version") ? .version : .help(LayoutLabCommandLine.fullMessage(for: error))
        }
    }
}

/// The window's options, shared by the window and `preview`.
struct WindowFlags: ParsableArguments {
    @Flag(help: "Show per-frame timings over the canvas and print them to stderr.") package var stats = false
    @Flag(help: "Dark style, whatever the desktop prefers.") package var dark = false
    @Flag(help: "Light style, whatever the desktop prefers.") package var light = false
    @Option(help: ArgumentHelp("Run an automation script (see below).", valueName: "script")) var automation: String?
    @Option(name: .customLong("screenshot-dir"), help: ArgumentHelp("Where automation screenshots and dumps go.", valueName: "dir"))
    var screenshotDir: String?
    @Flag(name: .customLong("no-settings"), help: "Neither read nor write the settings file.") var noSettings = false
    @Flag(name: .customLong("settings"), help: "Use the settings file even with --automation.") var settings = false
    @OptionGroup(title: "Limits of your previews") var agent: AgentFlags

    func options(previewPath: String?) -> WindowOptions {
        var o = WindowOptions()
        o.stats = stats
        o.dark = dark ? true : light ? false : nil
        o.automationScript = automation
        o.screenshotDirectory = screenshotDir
        o.ignoresSettings = noSettings
        o.previewPath = previewPath
        o.agentEnvironment = (try? agent.environment(command: "preview")) ?? [:]
        // Automation never touches a person's settings unless asked to.
        if automation != nil { o.ignoresSettings = !settings }
        return o
    }
}

/// `layoutlab` (or `layoutlab window`): the GTK window.
struct WindowCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "window", abstract: "Open the LayoutLab window (the default command).")
    @OptionGroup package var window: WindowFlags
}

/// `layoutlab preview PATH`.
struct PreviewCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "preview",
        abstract: "Open the window on your own .swift file or package: its #Previews, PreviewProviders and Layouts; saving reloads.")
    @Argument(help: ArgumentHelp("A .swift file or a Swift package directory.", valueName: "path")) var path: String
    @OptionGroup package var window: WindowFlags
}

/// A proposal dimension on the command line: a positive number, `nil` or `inf`.
struct DimensionArgument: ExpressibleByArgument {
    var value: Double
    var mode: DimensionMode
    init?(argument: String) {
        switch argument.lowercased() {
        case "nil": self.init(value: 0, mode: .unspecified)
        case "inf", "infinity", "∞": self.init(value: 0, mode: .infinity)
        default:
            guard let v = Double(argument), v.isFinite, v > 0, v <= 20_000 else { return nil }
            self.init(value: v, mode: .fixed)
        }
    }
    init(value: Double, mode: DimensionMode) { self.value = value; self.mode = mode }
}

/// `layoutlab render`: a scene, or your own preview, exported without a display.
struct RenderCommandLine: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "render",
        abstract: "Lay out a scene (or, with --source, one of your #Previews) without a display and export it.")
    @Option(help: "A built-in scene: capsules, spacing, pets, mixed.") package var scene: String?
    @Option(help: "A layout: hstack, vstack, zstack, flow, radial, grid, equal-width-hstack, equal-width-vstack, viewthatfits.")
    var layout: String?
    @Option(help: ArgumentHelp("Your own .swift file or package.", valueName: "path")) var source: String?
    @Option(help: "The preview to render (with --source), by the name the window shows: exactly, else the one name equal ignoring case (several or none: exit 2).") var preview: String?
    @Flag(help: "Print the previews and layouts found in --source.") package var list = false
    @Option(name: .customLong("perform"),
            help: ArgumentHelp("Operate the live preview before exporting it, one step per option, in order: tap:ID, type:ID:TEXT, drag:ID:DX,DY (a press, eight moves over 8/60 s, a release), press:ID:SECONDS (a long press), pinch:ID:SCALE, rotate:ID:DEGREES, scroll:ID:DX,DY, key:return|backspace|escape|tab, wait:SECONDS. ID is the text of a view's .id(…); the event lands at its centre. A step that reaches nothing exits 2. --json adds what each step did.",
                               valueName: "step"))
    var perform: [String] = []
    @Option(help: ArgumentHelp("The proposed width: points (at most 20000), nil or inf.", valueName: "w|nil|inf")) var width: DimensionArgument?
    @Option(help: ArgumentHelp("The proposed height: points (at most 20000), nil or inf.", valueName: "h|nil|inf")) var height: DimensionArgument?
    @Option(help: ArgumentHelp("Write a PNG (the name must end in .png).", valueName: "file")) var png: String?
    @Option(help: ArgumentHelp("Write an SVG (.svg).", valueName: "file")) var svg: String?
    @Option(help: ArgumentHelp("Write the frames as JSON (.json).", valueName: "file")) var json: String?
    @Option(help: ArgumentHelp("Record the switch from --layout to --to (with --source: the --perform steps, animated) as an animated GIF (.gif) or a WebM video (.webm).", valueName: "file"))
    var record: String?
    @Option(help: ArgumentHelp("The layout the recorded transition switches to (default: the next one).", valueName: "layout"))
    var to: String?
    @Option(help: "Frames per second of the recording (1…120).") var fps: Double = 30
    @Option(help: "Pixels per point in the PNG and the recording (0.1 ≤ scale ≤ 16; a PNG is at most 16384 pixels a side).") var scale: Double = 1
    @Option(help: "The number of subviews (scenes with a variable count).") var count: Double?
    @Flag(help: "Dark style.") package var dark = false
    @Flag(help: "Light style.") package var light = false
    @Option(name: .customLong("dynamic-type"),
            help: ArgumentHelp("The Dynamic Type size text styles are measured at: xSmall … large (the default) … xxxLarge, accessibility1 … accessibility5.", valueName: "size"))
    var dynamicType: String?
    @Option(name: .customLong("layout-direction"), help: ArgumentHelp("ltr (the default) or rtl: right to left, as in Arabic or Hebrew.", valueName: "ltr|rtl"))
    var layoutDirection: String?
    @Flag(help: "With --source: keep running, and render again (same outputs) after every save of your files, one line per render; Ctrl+C ends it.")
    var watch = false
    @Option(help: ArgumentHelp("The locale the views see (\\.locale), such as de_DE or ar.", valueName: "identifier")) var locale: String?
    @Option(help: ArgumentHelp("Propose a device's screen with its safe area, size classes and display scale, by the device menu's name in lower case with hyphens: \(DeviceProfile.choices.map(\.id).joined(separator: ", ")).", valueName: "name"))
    var device: String?
    @Option(help: ArgumentHelp("With --device: portrait (the default) or landscape.", valueName: "portrait|landscape"))
    var orientation: String?
    @OptionGroup(title: "Limits of your previews (with --source)") var agent: AgentFlags

    func validate() throws {
        _ = try renderOptions()
    }

    /// `--device NAME [--orientation O]`: the device's screen as the proposal, its insets and
    /// environment in `o.environment.device`.
    func applyDevice(to o: inout RenderOptions) throws {
        guard let device else {
            if orientation != nil { throw CommandLineError("render: --orientation turns a device; give --device NAME too") }
            return
        }
        guard let profile = DeviceProfile.named(device) else {
            throw CommandLineError("render: unknown device '\(device)'; the devices are: \(DeviceProfile.choices.map(\.id).joined(separator: ", "))")
        }
        var turned = DeviceOrientation.portrait
        if let orientation {
            guard let o = DeviceOrientation(name: orientation) else {
                throw CommandLineError("render: unknown orientation '\(orientation)' (portrait or landscape)")
            }
            turned = o
        }
        guard !profile.followsWindow else {
            if orientation != nil { throw CommandLineError("render: --orientation turns a device's screen; follow-the-window has none") }
            return
        }
        guard width == nil && height == nil else {
            throw CommandLineError("render: --device proposes the device's screen; give --device or --width/--height, not both")
        }
        let screen = profile.screen(turned)
        (o.width, o.height) = (Double(screen.width), Double(screen.height))
        o.environment.device = profile.wire(turned)
    }

    /// The options, checked: outputs named by their format, at least one output, a sane scale and count.
    func renderOptions() throws -> RenderOptions {
        var o = RenderOptions()
        if let scene { o.scene = scene; o.choseSceneOrLayout = true }
        if let layout { o.layout = layout; o.choseSceneOrLayout = true }
        o.source = source
        o.agentEnvironment = try agent.environment(command: "render")
        o.preview = preview
        o.list = list
        if let width { (o.width, o.widthMode) = (width.mode == .fixed ? width.value : o.width, width.mode) }
        if let height { (o.height, o.heightMode) = (height.mode == .fixed ? height.value : o.height, height.mode) }
        for (option, path, ext, format) in [("--png", png, "png", "PNG"), ("--svg", svg, "svg", "SVG"), ("--json", json, "json", "JSON")] {
            // `--png out.jpg` would silently write PNG.
            if let path, (path as NSString).pathExtension.lowercased() != ext {
                throw CommandLineError("render: \(option) writes \(format); give a file name ending in .\(ext) (got '\(path)')")
            }
        }
        o.png = png
        o.svg = svg
        o.json = json
        if let record {
            guard RecordingFormat(path: record) != nil else {
                throw CommandLineError("render: --record writes an animated GIF or a WebM video; give a file name ending in .gif or .webm (got '\(record)')")
            }
            guard source == nil || !perform.isEmpty else {
                throw CommandLineError("render: with --source, --record records what the --perform steps do; give at least one --perform STEP")
            }
            guard source == nil || to == nil else { throw CommandLineError("render: --to is for the built-in layouts; with --source, --record records the --perform steps") }
        }
        if to != nil && record == nil { throw CommandLineError("render: --to names the layout a recording switches to; give --record FILE too") }
        guard fps.isFinite, fps == fps.rounded(), (1...120).contains(fps) else { throw CommandLineError("render: --fps needs a whole number 1…120") }
        o.record = record
        o.recordTo = to
        o.framesPerSecond = Int(fps)
        guard scale.isFinite, scale >= RenderOptions.minimumScale, scale <= 16 else {
            throw CommandLineError("render: --scale is pixels per point and must be from \(fmt(RenderOptions.minimumScale)) to 16 (got \(scale)); 1 is the default, 2 a high-density screen")
        }
        o.scale = scale
        if let count {
            guard count >= 0, count <= Double(LabState.maximumItemCount), count == count.rounded() else {
                throw CommandLineError("render: --count needs a whole number 0…\(LabState.maximumItemCount)")
            }
            o.count = Int(count)
        }
        o.dark = dark && !light
        do {
            o.environment = try WireEnvironment(colorScheme: o.dark ? "dark" : nil, dynamicTypeSize: dynamicType,
                                                layoutDirection: layoutDirection, locale: locale).validated()
        } catch {
            throw CommandLineError("render: \(error.message)")
        }
        try applyDevice(to: &o)
        o.choseSize = width != nil || height != nil || device != nil
        if watch {
            guard o.source != nil else { throw CommandLineError("render: --watch renders your code again as you save it; give --source FILE") }
            guard !o.list else { throw CommandLineError("render: --watch renders; it does not go with --list") }
            guard o.record == nil else { throw CommandLineError("render: --watch does not go with --record") }
            o.watch = true
        }
        if o.source == nil && (o.preview != nil || o.list) { throw CommandLineError("render: --preview and --list need --source FILE") }
        o.steps = try PerformStep.parse(perform)
        if !o.steps.isEmpty {
            // Only a person's previews run; the built-in scenes are laid out, never operated.
            guard o.source != nil else { throw CommandLineError("render: --perform operates one of your previews; give --source FILE (and --preview NAME)") }
            guard !o.choseSceneOrLayout else { throw CommandLineError("render: --perform operates a preview; give --preview NAME, not --scene/--layout") }
            guard !o.list else { throw CommandLineError("render: --perform renders; it does not go with --list") }
        }
        if o.preview != nil && o.choseSceneOrLayout { throw CommandLineError("render: give --preview or --scene/--layout, not both") }
        if !o.list && o.png == nil && o.svg == nil && o.json == nil && o.record == nil {
            throw CommandLineError("render: give at least one of --png, --svg, --json, --record")
        }
        return o
    }
}
