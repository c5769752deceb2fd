import Foundation
import PreviewNaming
import LabScenes
import SwiftUI

/// An automation script (`layoutlab --automation FILE`) as read, without a window: its
/// commands with their line numbers, how their arguments read, and the commands that are only
/// a change to the session (`sessionActions(for:in:)`). The window runs the script, and the
/// commands that need widgets (see `Automation` in LayoutLabApp).
public struct AutomationScript: Sendable {
    /// A script error: the window prints it with the line number and exits with status 1.
    public struct ScriptError: Error, CustomStringConvertible, Equatable {
        public let description: String
        public init(description: String) { self.description = description }
    }

    /// One command: the line's first word, lowercased, and the words after it.
    public struct Command: Sendable, Equatable {
        public let name: String
        public let arguments: [String]

        /// Splits a line at spaces.
        public init(_ line: String) {
            let parts = line.split(separator: " ").map(String.init)
            name = parts.first?.lowercased() ?? ""
            arguments = Array(parts.dropFirst())
        }

        /// The arguments joined again (names with spaces: `layout Equal Width HStack`).
        public var joinedArguments: String { arguments.joined(separator: " ") }

        /// Argument `i`, or an error saying how many the command needs.
        public func argument(_ i: Int) throws(ScriptError) -> String {
            guard i < arguments.count else { throw ScriptError(description: "'\(name)' needs \(i + 1) argument(s)") }
            return arguments[i]
        }

        /// Argument `i` as a finite number.
        public func number(_ i: Int) throws(ScriptError) -> Double {
            let s = try argument(i)
            guard let v = Double(s), v.isFinite else { throw ScriptError(description: "'\(s)' is not a number") }
            return v
        }

        /// Argument `i` as an integer clamped to `range` (a script may say `count 1e300`).
        public func integer(_ i: Int, _ range: ClosedRange<Int>) throws(ScriptError) -> Int {
            clampedInteger(try number(i), range)
        }

        /// Argument `i` as on/off.
        public func flag(_ i: Int) throws(ScriptError) -> Bool {
            switch try argument(i).lowercased() {
            case "on", "true", "yes", "1": return true
            case "off", "false", "no", "0": return false
            case let s: throw ScriptError(description: "'\(s)' is not on/off")
            }
        }
    }

    /// The commands a script may hold, for `layoutlab --help` (the window runs them: see
    /// `Automation` in LayoutLabApp).
    public static let commandSummary = """
        Automation scripts hold one command per line: layout NAME, scene NAME, width N|nil|inf, \
        height N|nil|inf, follow on|off, preset DEVICE, spacing N|nil, alignment NAME (center, \
        leading, topTrailing, firstTextBaseline, …), count N, add, remove, shuffle, rotation DEG, \
        rotate-by DEG, rank ITEM RANK, curve NAME, slowmo on|off, stats on|off, dark on|off, \
        overlays proposal,size,ranges, resize W H, select X Y, select-item N, click-item N, \
        click-id ID, drag-proposal right|bottom|corner DX DY, compare on|off, compare-layout NAME, \
        compare-proposal W H|same, compare-frames NAME, undo, redo, reset, about, tab \
        selection|outline|trace|code|console, outline-select ROW, trace-filter TEXT, trace-line N, \
        zoom N|fit|1:1, pan DX DY, activate WIDGET, pointer wheel|type|click|hover|drag-proposal|\
        ctrl-scroll|middle-drag WIDGET … (real X input \
        through xdotool), wait MS, settle, screenshot NAME, frames NAME, window-screenshot NAME, \
        dialog-screenshot NAME, widget-screenshot WIDGET NAME, state NAME, shortcut TRIGGER, export PATH, \
        record PATH [LAYOUT] [FPS], wait-recording, cancel-recording, quit, close.
        """

    /// The commands, with their 1-based line numbers; blank lines and `#` comments are skipped.
    public let lines: [(number: Int, text: String)]

    /// Reads a script's text.
    public init(text: String) {
        lines = text.split(separator: "\n", omittingEmptySubsequences: false).enumerated().compactMap { i, line in
            let t = line.trimmingCharacters(in: .whitespaces)
            return t.isEmpty || t.hasPrefix("#") ? nil : (i + 1, t)
        }
    }

    /// Reads the script at `path`.
    public init(path: String) throws(ScriptError) {
        guard let text = try? String(contentsOfFile: path, encoding: .utf8) else {
            throw ScriptError(description: "cannot read script \(path)")
        }
        self.init(text: text)
    }

    /// The index of the item `name` picks among `names` (`NameMatch`: exactly, else ignoring
    /// case, else punctuation too), or numbered `name` (1-based) when no name is `name`.
    public static func index(_ name: String, in names: [String]) throws(ScriptError) -> Int {
        // A preview may be called "2": its name wins over the number.
        if let exact = names.firstIndex(of: name) { return exact }
        if let n = Int(name), n >= 1, n <= names.count { return n - 1 }
        switch NameMatch.resolve(name, among: names) {
        case .found(let i): return i
        case .ambiguous(let matches):
            throw ScriptError(description: "'\(name)' matches more than one name (\(matches.map { names[$0] }.joined(separator: ", "))); give the exact name")
        case .none:
            throw ScriptError(description: "unknown name '\(name)' (one of: \(names.joined(separator: ", ")))")
        }
    }

    /// The commands that change the state as an inspector control would, and so make an undo
    /// step each (layout and scene record their own step).
    public static let undoableCommands: Set<String> = ["width", "height", "follow", "preset", "spacing", "alignment", "count", "add",
                                                       "remove", "shuffle", "rotation", "rotate-by", "rank", "overlays", "drag-proposal"]

    /// The changes a command makes to `session`, when it is a change to the session alone
    /// (`width 320`, `add`, `curve linear`, …); nil for the commands that need the window.
    @MainActor
    public static func sessionActions(for command: Command, in session: LabSession) throws(ScriptError) -> [LabAction]? {
        switch command.name {
        case "width", "height":
            let isWidth = command.name == "width"
            switch try command.argument(0).lowercased() {
            case "nil": return [.setDimension(isWidth: isWidth, mode: .unspecified, value: nil)]
            case "inf", "infinity": return [.setDimension(isWidth: isWidth, mode: .infinity, value: nil)]
            default: return [.setDimension(isWidth: isWidth, mode: .fixed, value: try command.number(0))]
            }
        case "follow":
            return [.setFollowsWindow(try command.flag(0))]
        case "preset":
            let name = command.joinedArguments
            guard let p = ProposalPreset.all.first(where: { normalizedName($0.name) == normalizedName(name) }) else {
                throw ScriptError(description: "unknown preset '\(name)' (one of: \(ProposalPreset.all.map(\.name).joined(separator: ", ")))")
            }
            return [.setProposal(width: p.width, height: p.height, animated: true)]
        case "spacing":
            let spacing: Double? = try command.argument(0).lowercased() == "nil" ? nil : command.number(0)
            return [.setSpacing(spacing)]
        case "alignment":
            guard let a = LabAlignment(rawValue: try command.argument(0)) else {
                throw ScriptError(description: "unknown alignment '\(try command.argument(0))'")
            }
            return [.setAlignment(a)]
        case "count": return [.setCount(try command.integer(0, 0...LabState.maximumItemCount))]
        case "add": return [.addItem]
        case "remove": return [.removeItem]
        case "shuffle": return [.shuffle]
        case "rotation": return [.setRotation(try command.number(0), animated: true)]
        case "rotate-by": return [.rotate(by: try command.number(0))]
        case "rank":
            return [.setRank(try command.integer(1, -1_000_000_000...1_000_000_000),
                             ofItemAt: try command.integer(0, -1...LabState.maximumItemCount))]
        case "curve":
            let name = try command.argument(0)
            guard let c = CurveChoice.allCases.first(where: { normalizedName($0.rawValue) == normalizedName(name) || normalizedName($0.title) == normalizedName(name) }) else {
                throw ScriptError(description: "unknown curve '\(name)'")
            }
            return [.setCurve(c)]
        case "slowmo": return [.setSlowMotion(try command.flag(0))]
        case "stats": return [.setShowsStats(try command.flag(0))]
        case "overlays":
            let set = Set((command.arguments.first ?? "").lowercased().split(separator: ",").map(String.init))
            return [.setOverlay(.proposal, set.contains("proposal")), .setOverlay(.sizes, set.contains("size")),
                    .setOverlay(.ranges, set.contains("ranges"))]
        default:
            return nil
        }
    }

    // MARK: Output

    /// The frames of `session`'s subviews as presented at `t` (and where they are going), with
    /// every view that has an explicit id: what `screenshot`, `frames` and `compare-frames` write.
    @MainActor
    public static func framesJSON(of session: LabSession, at t: Double) -> [String: Any] {
        let p = session.presentation(at: t)
        let r = session.result
        var items: [[String: Any]] = []
        for i in session.itemViews where i < p.frames.count {
            let f = p.frames[i]
            var entry: [String: Any] = ["index": i, "kind": r.views[i].kind,
                                        "x": Double(f.minX), "y": Double(f.minY), "width": Double(f.width), "height": Double(f.height)]
            if let id = r.views[i].explicitID?.base as? Int { entry["id"] = id }
            let target = r.views[i].frame
            entry["target"] = ["x": Double(target.minX), "y": Double(target.minY), "width": Double(target.width), "height": Double(target.height)]
            items.append(entry)
        }
        // Every view with an explicit id (a person's preview names its views with `.id`).
        var identified: [[String: Any]] = []
        for v in r.views where v.isVisible && v.index < p.frames.count {
            guard let id = v.explicitID else { continue }
            if let parent = v.parent, r.views[parent].explicitID == id { continue }
            let f = p.frames[v.index], target = v.frame
            var entry: [String: Any] = [
                "id": String(describing: id.base), "kind": v.kind, "detail": v.detail,
                "x": Double(f.minX), "y": Double(f.minY), "width": Double(f.width), "height": Double(f.height),
                "target": ["x": Double(target.minX), "y": Double(target.minY), "width": Double(target.width), "height": Double(target.height)]]
            // Mid-transition: the view's own presented opacity and transition transform.
            if let opacities = p.opacities, v.index < opacities.count { entry["opacity"] = opacities[v.index] }
            if v.index < p.transforms.count {
                let t = p.transforms[v.index]
                entry["transform"] = ["scale": t.scale, "tx": t.tx, "ty": t.ty]
            }
            identified.append(entry)
        }
        return [
            // Views drawn: the result's, and removed views still leaving.
            "identified": identified, "viewCount": r.views.count, "presentedViewCount": p.frames.count,
            "layout": session.layout.name, "scene": session.scene.name, "time": t, "animating": p.isAnimating,
            "canvas": ["width": Double(session.canvasSize.width), "height": Double(session.canvasSize.height)],
            "proposal": ["width": session.result.proposal.width.map { Double($0) } ?? -1,
                         "height": session.result.proposal.height.map { Double($0) } ?? -1],
            "items": items,
            "selection": session.selectedIndex.map { r.views[$0].kind } ?? "",
        ]
    }

    /// JSON cannot hold infinities: write them as strings.
    static func sanitize(_ value: Any) -> Any {
        switch value {
        case let d as Double: return d.isFinite ? d : (d.isNaN ? "nan" : (d > 0 ? "inf" : "-inf"))
        case let dict as [String: Any]: return dict.mapValues { sanitize($0) }
        case let array as [Any]: return array.map { sanitize($0) }
        default: return value
        }
    }

    /// Writes `value` as pretty, sorted JSON (infinities as strings) to `url`.
    public static func writeJSON(_ value: Any, to url: URL) throws {
        try JSONSerialization.data(withJSONObject: sanitize(value), options: [.prettyPrinted, .sortedKeys]).write(to: url)
    }
}

/// `value` rounded towards zero and clamped to `range`: integer arguments of scripts never trap,
/// whatever their size (`count 1e300` is the largest count).
public func clampedInteger(_ value: Double, _ range: ClosedRange<Int>) -> Int {
    guard !value.isNaN else { return range.lowerBound }
    if value <= Double(range.lowerBound) { return range.lowerBound }
    if value >= Double(range.upperBound) { return range.upperBound }
    return Int(value.rounded(.towardZero))
}
