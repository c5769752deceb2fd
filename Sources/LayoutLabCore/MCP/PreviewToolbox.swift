import Foundation
import LayoutRendering
import PreviewHost
import PreviewNaming
import PreviewProtocol
import SwiftUI

/// The preview system as MCP tools: list a file's previews, render one as PNG and frames, operate
/// a live preview, verify snapshots, so a coding agent can look at the SwiftUI it writes.
///
/// Each file or package is built once and kept running (`PreviewSessions`); a tool call on a
/// file that changed on disk builds it again first.
final class PreviewToolbox: MCPToolbox {
    private let sessions: PreviewSessions
    /// The preview limits' environment variables, for the snapshot runs (which start agents of their own).
    private let agentEnvironment: [String: String]

    init(sessions: PreviewSessions, agentEnvironment: [String: String] = [:]) {
        self.sessions = sessions
        self.agentEnvironment = agentEnvironment
    }

    /// Stops every preview agent the tools started.
    func stop() { sessions.stopAll() }

    // MARK: The tools

    let tools: [MCPTool] = [
        MCPTool(
            name: "list_previews", title: "List SwiftUI previews",
            description: """
                Builds a SwiftUI .swift file or Swift package on Linux with LayoutLab and lists its #Preview \
                and PreviewProvider previews (name, file:line, sizing) and the custom Layout types it defines. \
                Use it first to learn the preview names render_preview and perform take. A file that does not \
                compile gives the compiler's messages (file:line:column: error: …).
                """,
            inputSchema: schema(["path": pathProperty], required: ["path"])),
        MCPTool(
            name: "render_preview", title: "Render a SwiftUI preview",
            description: """
                Lays out and draws one SwiftUI preview of a file or package, as Xcode's canvas would: returns a \
                PNG image and/or the frames as JSON (every view's kind, detail such as a Text's string, explicit \
                .id, depth in the view tree and frame [x, y, width, height] in points, origin at the top left). \
                The preview keeps its live state between calls (after perform, its state shows); saving the \
                file rebuilds it. Width and height are the proposed size in points (default 390×844, an \
                iPhone's screen); previews with .previewLayout(.sizeThatFits) or a fixed layout keep their own.
                """,
            inputSchema: schema(renderProperties, required: ["path"])),
        MCPTool(
            name: "perform", title: "Operate a live SwiftUI preview",
            description: """
                Runs a preview live and performs steps on it as a person would (taps, typing, drags, scrolls, \
                keys, time passing), then renders the result. Steps aim at views by the text of their .id(…): \
                "tap:ID", "type:ID:TEXT" (taps the field, then types), "drag:ID:DX,DY", "press:ID:SECONDS" (a long \
                press), "pinch:ID:SCALE", "rotate:ID:DEGREES", "scroll:ID:DX,DY", \
                "key:return|backspace|escape|tab", "wait:SECONDS". Returns what each step did (whether state \
                changed, the animation, body evaluations, runtime issues) and the final PNG and/or frames. \
                Starts from the preview's initial state unless continue is true. A step that reaches nothing \
                is an error naming the step.
                """,
            inputSchema: schema(renderProperties.merging([
                "steps": ["type": "array", "items": ["type": "string"], "minItems": 1,
                          "description": "The steps, in order, e.g. [\"tap:increment\", \"type:name:Ada\", \"wait:0.5\"]."],
                "continue": ["type": "boolean", "default": false,
                             "description": "Keep the state earlier perform calls left instead of starting the preview over."],
            ]) { $1 }, required: ["path", "steps"])),
        MCPTool(
            name: "verify_snapshots", title: "Verify snapshot baselines",
            description: """
                Lays out every preview of a file or package again and compares it with the baselines \
                `layoutlab snapshot record` wrote into dir (NAME.png and NAME.json, with variants as \
                NAME@VARIANT): frames must match within 0.01 pt and pixels within the standard tolerance. \
                Returns whether it passed, a count of each outcome and, for each snapshot that differs or \
                failed, why and which views moved (id or kind, old frame → new frame), with the new image \
                of the first three that differ. Previews without a baseline fail only with strict.
                """,
            inputSchema: schema([
                "path": pathProperty,
                "dir": ["type": "string", "description": "The folder of baselines (absolute, or relative to the server's folder)."],
                "strict": ["type": "boolean", "default": false,
                           "description": "Fail on previews without a baseline and baselines without a preview too."],
                "report": ["type": "string", "description": "A folder to write the HTML report (index.html) and JUnit XML into."],
            ], required: ["path", "dir"])),
    ]

    func call(_ name: String, arguments: [String: JSONValue]) throws(JSONRPCError) -> MCPToolResult {
        let args = Arguments(arguments)
        // A misspelt argument would otherwise be ignored, and its default used without a word.
        if let known = tools.first(where: { $0.name == name })?.inputSchema["properties"]?.objectValue,
           let unknown = arguments.keys.sorted().first(where: { known[$0] == nil }) {
            throw .invalidParams("Invalid params: \(name) has no argument \"\(unknown)\" (its arguments: \(known.keys.sorted().joined(separator: ", ")))")
        }
        do {
            switch name {
            case "list_previews": return try listPreviews(args)
            case "render_preview": return try render(args, steps: nil)
            case "perform":
                let texts = try args.strings("steps")
                guard !texts.isEmpty else { throw JSONRPCError.invalidParams("Invalid params: \"steps\" needs at least one step") }
                let steps: [PerformStep]
                do { steps = try PerformStep.parse(texts) } catch {
                    // Said as the step language: which step, and what a step looks like.
                    return .failure(error.message.replacingOccurrences(of: "render: ", with: ""))
                }
                return try render(args, steps: steps)
            case "verify_snapshots": return try verifySnapshots(args)
            default:
                throw JSONRPCError.invalidParams("Unknown tool: \(name)")
            }
        } catch let error as JSONRPCError {
            throw error
        } catch let failure as ToolFailure {
            return .failure(failure.message)
        } catch {
            return .failure("\(name) failed: \(Diagnostics.message(for: error))")
        }
    }

    private func listPreviews(_ args: Arguments) throws -> MCPToolResult {
        let (session, catalog) = try sessions.open(try args.requiredString("path"))
        let previews: [JSONValue] = catalog.previews.map { p in
            ["name": .string(p.name), "file": .string(p.file), "line": .integer(p.line),
             "location": .string("\((p.file as NSString).lastPathComponent):\(p.line)"),
             "sizing": .string(RenderSourceCommand.describe(p.sizing))]
        }
        let listing: JSONValue = [
            "project": .string(session.service.project.displayName),
            "previews": .array(previews),
            "layouts": .array(catalog.layouts.map(JSONValue.string)),
        ]
        return MCPToolResult(content: [MCPToolResult.text(Self.lines(listing, listKey: "previews"))])
    }

    /// Runs `SnapshotRunner.verify` (`layoutlab snapshot verify`) and says what differs.
    private func verifySnapshots(_ args: Arguments) throws -> MCPToolResult {
        let path = PreviewSessions.absolute(try args.requiredString("path"))
        var options = SnapshotOptions(directory: PreviewSessions.absolute(try args.requiredString("dir")))
        options.strict = try args.bool("strict") ?? false
        options.reportDirectory = try args.string("report").map(PreviewSessions.absolute)
        options.agentEnvironment = agentEnvironment
        options.showsProgress = false
        let report: SnapshotReport
        do { report = try SnapshotRunner.verify(path: path, options: options) } catch {
            throw ToolFailure(Diagnostics.message(for: error))
        }
        func rect(_ r: LayoutExport.Rect?) -> JSONValue {
            guard let r else { return .null }
            return [.number(of: r.x), .number(of: r.y), .number(of: r.width), .number(of: r.height)]
        }
        let entries: [JSONValue] = report.entries.filter { $0.outcome != .matched }.map { entry in
            var fields: [String: JSONValue] = ["name": .string(entry.name), "outcome": .string(entry.outcome.rawValue),
                                               "fails": .bool(report.fails(entry)), "reasons": .array(entry.reasons.map(JSONValue.string))]
            if !entry.movedViews.isEmpty {
                fields["movedViews"] = .array(entry.movedViews.map { v in
                    ["view": .string(v.id ?? "\(v.kind) \(v.detail)".trimmingCharacters(in: .whitespaces)), "old": rect(v.old), "new": rect(v.new)]
                })
            }
            return .object(fields)
        }
        var summary: [String: JSONValue] = ["project": .string(report.project), "passed": .bool(report.passed),
                                            "summary": .string(report.summary), "entries": .array(entries)]
        if let folder = report.reportDirectory { summary["report"] = .string((folder as NSString).appendingPathComponent("index.html")) }
        var content = [MCPToolResult.text(Self.lines(.object(summary), listKey: "entries"))]
        for entry in report.entries(.differs).prefix(3) {
            guard let png = entry.newPNG else { continue }
            content.append(MCPToolResult.text("\(entry.name), as it is now:"))
            content.append(MCPToolResult.image(png, mimeType: "image/png"))
        }
        return MCPToolResult(content: content, isError: false)
    }

    /// Renders a preview, after `steps` when given (the `perform` tool).
    private func render(_ args: Arguments, steps: [PerformStep]?) throws -> MCPToolResult {
        let path = try args.requiredString("path")
        let width = try args.length("width") ?? 390
        let height = try args.length("height") ?? 844
        let scale = try args.number("scale") ?? 1
        guard scale.isFinite, scale >= RenderOptions.minimumScale, scale <= 4 else {
            throw JSONRPCError.invalidParams("Invalid params: \"scale\" is pixels per point, from \(RenderOptions.minimumScale) to 4 (got \(scale))")
        }
        let format = try args.choice("format", among: ["png", "json", "both"]) ?? "both"
        let environment: WireEnvironment
        do {
            environment = try WireEnvironment(colorScheme: try args.string("colorScheme"), dynamicTypeSize: try args.string("dynamicTypeSize"),
                                              layoutDirection: try args.string("layoutDirection"), locale: try args.string("locale")).validated()
        } catch let error as WireEnvironmentError {
            throw JSONRPCError.invalidParams("Invalid params: \(error.message)")
        }
        let keepState = try args.bool("continue") ?? false
        let (session, catalog) = try sessions.open(path)
        let index = try Self.previewIndex(try args.string("preview"), in: catalog, project: session.service.project.displayName)
        let service = session.service
        let proposal = ProposedViewSize(width: CGFloat(width), height: CGFloat(height))
        let wire = environment.isDefault ? nil : environment
        var content: [JSONValue] = []
        let result: LayoutResult
        if let steps {
            let run = try Self.perform(steps, preview: index, fromStart: !keepState, proposal: proposal, environment: wire, service: service)
            result = run.result
            content.append(MCPToolResult.text(Self.lines(try Self.json(run.performed), listKey: "steps")))
        } else {
            do { result = try service.layout(.preview(index), proposal: proposal, environment: wire) } catch {
                throw ToolFailure("\(catalog.previews[index].name): \(error)")
            }
        }
        do { try RenderOptions.checkComplete(result) } catch let error as LabError {
            throw ToolFailure(error.message.replacingOccurrences(of: "render: ", with: ""))
        }
        if format != "json" {
            let area = ImageExporter.exportArea(for: result)
            let pixels = (Double(area.width) * scale).rounded(.up) * (Double(area.height) * scale).rounded(.up)
            let side = Double(max(area.width, area.height)) * scale
            guard side <= Double(RenderOptions.maximumPixelSide), pixels <= Double(RenderOptions.maximumPixels) else {
                throw ToolFailure("the laid-out area is \(fmt(Double(area.width)))×\(fmt(Double(area.height))) points; at scale \(fmt(scale)) "
                                  + "that is more than a PNG may hold (\(RenderOptions.maximumPixelSide) pixels a side); lower scale, width or height")
            }
            let scheme: ColorScheme = environment.colorScheme == "dark" ? .dark : .light
            content.append(MCPToolResult.image(try ImageExporter.pngData(result: result, scale: scale, scheme: scheme), mimeType: "image/png"))
        }
        if format != "png" {
            content.append(MCPToolResult.text(Self.lines(Self.frames(result, preview: catalog.previews[index].name), listKey: "views")))
        }
        return MCPToolResult(content: content)
    }

    /// The catalog index `name` picks (the first preview without a name); a name that picks none
    /// or several fails with the names there are.
    static func previewIndex(_ name: String?, in catalog: PreviewCatalog, project: String) throws(ToolFailure) -> Int {
        let names = catalog.previews.map(\.name)
        let known = names.map { "'\($0)'" }.joined(separator: ", ")
        guard let name else {
            guard !names.isEmpty else { throw ToolFailure("\(project) has no #Preview or PreviewProvider") }
            return 0
        }
        switch NameMatch.resolve(name, among: names) {
        case .found(let i): return i
        case .ambiguous(let matches):
            throw ToolFailure("'\(name)' matches more than one preview of \(project) (\(matches.map { "'\(names[$0])'" }.joined(separator: ", "))); give the exact name")
        case .none:
            throw ToolFailure("no preview '\(name)' in \(project); its previews are: \(known.isEmpty ? "none" : known)")
        }
    }

    /// Sends each step in a request of its own, so each step's effect is known (as
    /// `render --perform` does), after starting the preview over unless asked not to.
    private static func perform(_ steps: [PerformStep], preview index: Int, fromStart: Bool, proposal: ProposedViewSize,
                                environment: WireEnvironment?, service: PreviewService) throws -> (result: LayoutResult, performed: PerformedSteps) {
        func send(_ events: [WireEvent], reset: Bool, detailed: Bool, step: String) throws -> (result: LayoutResult, live: LiveReply) {
            do {
                return try service.perform(events, preview: index, proposal: proposal, reset: reset, detailed: detailed, environment: environment)
            } catch {
                throw ToolFailure("\(step): \(error)")
            }
        }
        let start = try send([], reset: fromStart, detailed: false, step: "starting the live preview")
        var issuesSoFar = start.live.runtimeIssues
        var performed: [PerformedSteps.Step] = []
        var last = start.result
        for (i, step) in steps.enumerated() {
            let label = PerformStep.label(i, step.text)
            let reply = try send(step.events, reset: false, detailed: i == steps.count - 1, step: label)
            if reply.live.failedEvent != nil {
                throw ToolFailure("\(label): \(reply.live.failure ?? "the step reached nothing")")
            }
            let new = reply.live.runtimeIssues.filter { !issuesSoFar.contains($0) }
            issuesSoFar = reply.live.runtimeIssues
            performed.append(PerformedSteps.Step(step: step.text, changed: reply.live.changed, animation: reply.live.animation,
                                                 bodyEvaluations: reply.live.bodyEvaluations, runtimeIssues: new))
            last = reply.result
        }
        return (last, PerformedSteps(steps: performed, runtimeIssues: issuesSoFar))
    }

    // MARK: Output

    /// The frames as a model reads them: each view's kind, detail, id, depth and frame, and
    /// nothing of the measurements `render --json` adds (sizes, proposals, priorities).
    static func frames(_ result: LayoutResult, preview: String) -> JSONValue {
        let export = LayoutExport(result)
        func rounded(_ v: Double) -> JSONValue { .number(of: (v * 100).rounded() / 100) }
        let views: [JSONValue] = export.views.map { v in
            var entry: [String: JSONValue] = ["kind": .string(v.kind), "depth": .integer(v.depth),
                                              "frame": [rounded(v.x), rounded(v.y), rounded(v.width), rounded(v.height)]]
            if !v.detail.isEmpty { entry["detail"] = .string(v.detail) }
            if let id = v.id { entry["id"] = .string(id) }
            if !v.visible { entry["hidden"] = true }
            return .object(entry)
        }
        return [
            "preview": .string(preview),
            "size": [rounded(export.rootSize.width), rounded(export.rootSize.height)],
            "views": .array(views),
            "diagnostics": .array(export.diagnostics.map(JSONValue.string)),
        ]
    }

    /// `value` as JSON with each element of its `listKey` array on a line of its own: valid
    /// JSON, and short lines for a model to read.
    static func lines(_ value: JSONValue, listKey: String) -> String {
        guard case .object(var fields) = value, let list = fields.removeValue(forKey: listKey)?.arrayValue else {
            return value.compactText()
        }
        var parts = fields.keys.sorted().map { "\(JSONValue.string($0).compactText()):\(fields[$0]!.compactText())" }
        let items = list.map { $0.compactText() }.joined(separator: ",\n")
        parts.append("\(JSONValue.string(listKey).compactText()):[\(list.isEmpty ? "" : "\n\(items)\n")]")
        return "{" + parts.joined(separator: ",\n") + "}"
    }

    /// An encodable value as JSON (`PerformedSteps`, as `render --json` writes its `live` entry).
    static func json<T: Encodable>(_ value: T) throws -> JSONValue {
        try JSONDecoder().decode(JSONValue.self, from: JSONEncoder().encode(value))
    }
}

// MARK: Schemas and arguments

private let pathProperty: JSONValue = [
    "type": "string",
    "description": "An absolute path to a .swift file (import SwiftUI) or to a Swift package's folder (every target that uses the SwiftUI product).",
]

private let renderProperties: [String: JSONValue] = [
    "path": pathProperty,
    "preview": ["type": "string", "description": "The preview's name as list_previews gives it (exact, or equal ignoring case); default: the first preview."],
    "width": ["type": "number", "exclusiveMinimum": 0, "maximum": 20000, "default": 390, "description": "The proposed width in points."],
    "height": ["type": "number", "exclusiveMinimum": 0, "maximum": 20000, "default": 844, "description": "The proposed height in points."],
    "colorScheme": ["type": "string", "enum": ["light", "dark"], "description": "The colour scheme (default light)."],
    "dynamicTypeSize": ["type": "string", "enum": .array(WireEnvironment.dynamicTypeSizes.map(JSONValue.string)),
                        "description": "The Dynamic Type size text is measured at (default large)."],
    "layoutDirection": ["type": "string", "enum": ["ltr", "rtl"], "description": "ltr (default) or rtl, as in Arabic or Hebrew."],
    "locale": ["type": "string", "description": "The locale the views see (\\.locale), such as de_DE or ar."],
    "format": ["type": "string", "enum": ["png", "json", "both"], "default": "both",
               "description": "png: the image; json: the frames; both: the image, then the frames."],
    "scale": ["type": "number", "minimum": .number(RenderOptions.minimumScale), "maximum": 4, "default": 1,
              "description": "Pixels per point in the PNG (2 for a high-density screen's sharpness)."],
]

private func schema(_ properties: [String: JSONValue], required: [String]) -> JSONValue {
    ["type": "object", "properties": .object(properties), "required": .array(required.map(JSONValue.string)), "additionalProperties": false]
}

/// A tool call's arguments, checked against what the schema says: a wrong type is the client's
/// mistake (`invalidParams`), never quietly a default.
private struct Arguments {
    let values: [String: JSONValue]
    init(_ values: [String: JSONValue]) { self.values = values }

    private func present(_ key: String) -> JSONValue? {
        guard let v = values[key], v != .null else { return nil }
        return v
    }

    func string(_ key: String) throws(JSONRPCError) -> String? {
        guard let v = present(key) else { return nil }
        guard let s = v.stringValue else { throw .invalidParams("Invalid params: \"\(key)\" must be a string") }
        return s
    }

    func requiredString(_ key: String) throws(JSONRPCError) -> String {
        guard let s = try string(key), !s.isEmpty else { throw .invalidParams("Invalid params: \"\(key)\" is required") }
        return s
    }

    func number(_ key: String) throws(JSONRPCError) -> Double? {
        guard let v = present(key) else { return nil }
        guard let d = v.doubleValue else { throw .invalidParams("Invalid params: \"\(key)\" must be a number") }
        return d
    }

    /// A proposed length: points above 0, at most 20,000.
    func length(_ key: String) throws(JSONRPCError) -> Double? {
        guard let d = try number(key) else { return nil }
        guard d.isFinite, d > 0, d <= 20_000 else { throw .invalidParams("Invalid params: \"\(key)\" is points above 0, at most 20000 (got \(d))") }
        return d
    }

    func bool(_ key: String) throws(JSONRPCError) -> Bool? {
        guard let v = present(key) else { return nil }
        guard let b = v.boolValue else { throw .invalidParams("Invalid params: \"\(key)\" must be true or false") }
        return b
    }

    func choice(_ key: String, among choices: [String]) throws(JSONRPCError) -> String? {
        guard let s = try string(key) else { return nil }
        guard choices.contains(s) else { throw .invalidParams("Invalid params: \"\(key)\" is one of \(choices.joined(separator: ", ")) (got '\(s)')") }
        return s
    }

    func strings(_ key: String) throws(JSONRPCError) -> [String] {
        guard let v = present(key) else { throw .invalidParams("Invalid params: \"\(key)\" is required") }
        guard let items = v.arrayValue, items.allSatisfy({ $0.stringValue != nil }) else {
            throw .invalidParams("Invalid params: \"\(key)\" must be an array of strings")
        }
        return items.compactMap(\.stringValue)
    }
}
