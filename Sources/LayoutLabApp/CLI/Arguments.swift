import Foundation

/// The version `layoutlab --version` prints.
public let layoutLabVersion = "0.1.0"

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
    public var png: String?
    public var svg: String?
    public var json: String?
    public var scale: Double = 1
    public var dark = false
    /// The number of subviews (scenes with a variable count).
    public var count: Int?
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
      layoutlab render [--scene NAME] [--layout NAME] [--width W] [--height H]
                       [--png FILE] [--svg FILE] [--json FILE] [--scale S] [--count N] [--dark]
          Lay out a scene without a display and export it (at least one of --png/--svg/--json).
      layoutlab --version
      layoutlab --help

    Scenes: capsules, spacing, pets, mixed.
    Layouts: hstack, vstack, zstack, flow, radial, grid, equal-width-hstack, equal-width-vstack, viewthatfits.

    Automation scripts hold one command per line: layout NAME, scene NAME, width N|nil|inf,
    height N|nil|inf, follow on|off, spacing N|nil, alignment leading|center|trailing, count N,
    add, remove, shuffle, rotation DEG, rank ITEM RANK, curve NAME, slowmo on|off, stats on|off,
    dark on|off, overlays proposal,size,ranges, resize W H, select X Y, select-item N, click-id ID, wait MS,
    settle, screenshot NAME, frames NAME, window-screenshot NAME, shortcut TRIGGER, export PATH,
    quit, close.
    """

/// Parses the arguments after the program name.
public func parseCommandLine(_ arguments: [String]) throws(CommandLineError) -> LabCommand {
    var args = arguments[...]
    if args.first == "render" {
        args = args.dropFirst()
        return .render(try parseRender(args))
    }
    var options = WindowOptions()
    var forceSettings = false
    while let arg = args.popFirst() {
        switch arg {
        case "--version", "-V": return .version
        case "--help", "-h": return .help
        case "--stats": options.stats = true
        case "--dark": options.dark = true
        case "--light": options.dark = false
        case "--no-settings": options.ignoresSettings = true
        case "--settings": forceSettings = true
        case "--automation": options.automationScript = try value(for: arg, &args)
        case "--screenshot-dir": options.screenshotDirectory = try value(for: arg, &args)
        default:
            if arg.hasPrefix("-") { throw CommandLineError("unknown option '\(arg)'") }
            throw CommandLineError("unknown command '\(arg)'")
        }
    }
    if options.automationScript != nil { options.ignoresSettings = !forceSettings }
    return .window(options)
}

private func value(for option: String, _ args: inout ArraySlice<String>) throws(CommandLineError) -> String {
    guard let v = args.popFirst(), !v.hasPrefix("--") else { throw CommandLineError("option '\(option)' needs a value") }
    return v
}

private func number(for option: String, _ args: inout ArraySlice<String>, positive: Bool = true) throws(CommandLineError) -> Double {
    let text = try value(for: option, &args)
    guard let v = Double(text), v.isFinite, !positive || v > 0 else {
        throw CommandLineError("option '\(option)' needs a \(positive ? "positive " : "")number, got '\(text)'")
    }
    return v
}

private func parseRender(_ arguments: ArraySlice<String>) throws(CommandLineError) -> RenderOptions {
    var args = arguments
    var o = RenderOptions()
    while let arg = args.popFirst() {
        switch arg {
        case "--scene": o.scene = try value(for: arg, &args)
        case "--layout": o.layout = try value(for: arg, &args)
        case "--width": o.width = try number(for: arg, &args)
        case "--height": o.height = try number(for: arg, &args)
        case "--png": o.png = try value(for: arg, &args)
        case "--svg": o.svg = try value(for: arg, &args)
        case "--json": o.json = try value(for: arg, &args)
        case "--scale":
            o.scale = try number(for: arg, &args)
            guard o.scale <= 16 else { throw CommandLineError("option '--scale' must be at most 16") }
        case "--count":
            let n = try number(for: arg, &args, positive: false)
            guard n >= 0, n <= Double(LabState.maximumItemCount), n == n.rounded() else {
                throw CommandLineError("option '--count' needs a whole number 0…\(LabState.maximumItemCount)")
            }
            o.count = Int(n)
        case "--dark": o.dark = true
        case "--light": o.dark = false
        case "--help", "-h": throw CommandLineError("render: see 'layoutlab --help'")
        default: throw CommandLineError("render: unknown option '\(arg)'")
        }
    }
    guard o.width <= 20_000, o.height <= 20_000 else { throw CommandLineError("render: width and height must be at most 20000") }
    if o.png == nil && o.svg == nil && o.json == nil { throw CommandLineError("render: give at least one of --png, --svg, --json") }
    return o
}
