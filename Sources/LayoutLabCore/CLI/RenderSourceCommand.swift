import Foundation
import SwiftUI
import LayoutRendering
import LayoutRecording
import PreviewHost
import PreviewProtocol
import PreviewNaming

/// `layoutlab render --source PATH`: builds a person's code and renders one of its previews
/// (or one of its layouts on a scene) without a display.
package enum RenderSourceCommand {
    package static func run(_ o: RenderOptions) -> Int32 {
        do {
            try render(o)
            return Diagnostics.ExitStatus.success.rawValue
        } catch {
            return Diagnostics.report(error, during: "render")
        }
    }

    /// Builds the code, then lists what it found or renders the chosen target.
    private static func render(_ o: RenderOptions) throws {
        guard let path = o.source else { throw LabError("render: --source is missing", status: .usage) }
        // Before the build, which takes seconds: a path that cannot be written fails at once.
        try o.checkOutputsWritable()
        try o.checkPixelSizeOfProposal()
        let service: PreviewService
        do { service = try PreviewService(path: path, limits: .configured(overriding: o.agentEnvironment)) } catch { throw LabError(error.message) }
        for note in service.project.notes { Diagnostics.report("note: \(note)") }
        // What the preview prints goes to standard error, never into the outputs.
        service.consoleHandler = { FileHandle.standardError.write($0) }
        // A large file takes many seconds to read and compile: say so rather than sit silent.
        service.builder.progress = { step in Diagnostics.report("\(step)…") }
        let outcome = service.reload()
        if let warning = service.sandboxWarning { Diagnostics.report("warning: \(warning)") }
        if o.watch {
            RenderWatch.run(o, service: service, first: outcome)
            return
        }
        switch outcome {
        case .compileFailed(let errors, let log):
            // The compiler's own lines, as an editor or CI log expects them, each on its line.
            Diagnostics.writeLine(errors.isEmpty ? log : errors.map(\.description).joined(separator: "\n"))
            throw LabError("\(service.project.displayName) did not compile")
        case .agentFailed(let failure):
            throw LabError("\(failure)")
        case .ready(let catalog):
            if o.list {
                list(catalog)
            } else {
                let target = try target(o, service: service, catalog: catalog)
                try render(onPreviewsDevice(o, target: target, catalog: catalog), target: target, service: service)
            }
        }
    }

    private static func list(_ catalog: PreviewCatalog) {
        print("Previews:")
        for p in catalog.previews { print("  \(p.name)\t\((p.file as NSString).lastPathComponent):\(p.line)\t\(describe(p.sizing))") }
        print("Layouts:")
        for l in catalog.layouts { print("  \(l)") }
        // One of the same name as a person's is listed as "NAME (built-in)".
        print("Built-in layouts (for --layout with --scene):")
        for l in catalog.allLayouts where !catalog.layouts.contains(l) { print("  \(l)") }
    }

    /// What `--preview`, `--scene`/`--layout` or, without them, the first preview names.
    static func target(_ o: RenderOptions, service: PreviewService, catalog: PreviewCatalog) throws -> PreviewTarget {
        if let name = o.preview {
            let names = catalog.previews.map(\.name)
            switch NameMatch.resolve(name, among: names) {
            case .found(let i): return .preview(i)
            case .ambiguous(let matches):
                throw LabError("render: --preview '\(name)' matches more than one preview (\(matches.map { "'\(names[$0])'" }.joined(separator: ", "))); give the exact name", status: .usage)
            case .none:
                let known = names.map { "'\($0)'" }.joined(separator: ", ")
                throw LabError("render: no preview '\(name)' (previews: \(known.isEmpty ? "none" : known))", status: .usage)
            }
        } else if o.choseSceneOrLayout {
            // Picked here, by the names the agent lists (a person's layout keeps its name, a
            // built-in of the same name is "NAME (built-in)"), and sent exactly.
            let scene = try pickByName(o.scene, kind: "scene", option: "--scene", among: catalog.scenes)
            let layout = try pickByName(o.layout, kind: "layout", option: "--layout", among: catalog.allLayouts)
            return .scene(scene: catalog.scenes[scene], layout: catalog.allLayouts[layout])
        } else if !catalog.previews.isEmpty {
            return .preview(0)
        }
        throw LabError("render: \(service.project.displayName) has no preview; give --scene and --layout", status: .usage)
    }

    /// Lays `target` out in the agent and writes the files asked for.
    @discardableResult
    /// `o` on the device the preview names, when the command names no size or device: its
    /// `.previewDevice("iPhone 15")` (Xcode's simulator names, `DeviceProfile.named`), turned by
    /// an orientation trait (`#Preview(traits: .landscapeLeft)`; the iPhone 15 when it names only
    /// that). A device name the catalog lacks is ignored.
    static func onPreviewsDevice(_ o: RenderOptions, target: PreviewTarget, catalog: PreviewCatalog) -> RenderOptions {
        guard !o.choseSize, case .preview(let index) = target, catalog.previews.indices.contains(index) else { return o }
        let info = catalog.previews[index]
        let named = info.device.flatMap(DeviceProfile.named)
        guard info.sizing == .window, named != nil || info.orientation != nil else { return o }
        let device = named ?? SnapshotVariant.defaultDevice
        guard !device.followsWindow else { return o }
        let orientation = info.orientation.flatMap(DeviceOrientation.init(name:)) ?? .portrait
        var o = o
        let screen = device.screen(orientation)
        (o.width, o.height) = (Double(screen.width), Double(screen.height))
        o.environment.device = device.wire(orientation)
        return o
    }

    static func render(_ o: RenderOptions, target: PreviewTarget, service: PreviewService) throws -> LayoutResult {
        var parameters: WireParameters?
        if case .scene(let scene, _) = target {
            let count = o.count ?? LabScene.builtIn.first { normalizedName($0.name) == normalizedName(scene) }?.defaultCount ?? 6
            parameters = WireParameters(spacing: nil, alignment: "center", rotationDegrees: 0,
                                        itemIDs: Array(0..<count), itemRanks: Array(1...max(count, 1)).prefix(count).map { $0 }, taps: [:])
        }
        let result: LayoutResult
        var run: PerformedSteps? = nil
        if case .preview(let index) = target, !o.steps.isEmpty {
            let performed = try perform(o.steps, preview: index, proposal: o.proposal, environment: o.wireEnvironment, service: service)
            result = performed.result
            run = performed.run
            if let record = o.record { try recordSteps(performed.states, o, to: record) }
        } else {
            do {
                result = try service.layout(target, proposal: o.proposal, parameters: parameters, environment: o.wireEnvironment)
            } catch {
                throw LabError("\(error)")
            }
        }
        try write(o, result: result, run: run)
        return result
    }

    /// Writes the files asked for from a preview's layout (and what `--perform` did).
    static func write(_ o: RenderOptions, result: LayoutResult, run: PerformedSteps? = nil) throws {
        let scheme: ColorScheme = o.dark ? .dark : .light
        try RenderOptions.checkComplete(result)
        try o.checkPixelSize(of: result)
        try o.writeOutputs(png: { try ImageExporter.png(result: result, scale: o.scale, scheme: scheme, to: $0) },
                           svg: { try ImageExporter.svg(result: result, scheme: scheme, background: true, to: $0) },
                           json: {
                               let sources = sourceLocations()
                               return try run.map { try LiveRenderExport(layout: LayoutExport(result, sourceLocation: sources), live: $0).encoded() }
                                   ?? ImageExporter.json(result: result, sourceLocation: sources)
                           })
        for d in result.diagnostics { Diagnostics.report("\(d)") }
    }

    /// Names a view mark's place in its file as it is on disk now: `File.swift:LINE:COLUMN`
    /// (`DesignTimeRewriter.viewExpressions`, each file read and parsed once).
    static func sourceLocations() -> (ViewSourceMark) -> String? {
        var files: [String: [ViewExpression]] = [:]
        return { mark in
            if files[mark.file] == nil {
                let text = (try? String(contentsOfFile: mark.file, encoding: .utf8)) ?? ""
                files[mark.file] = DesignTimeRewriter.viewExpressions(in: text)
            }
            guard let e = files[mark.file], e.indices.contains(mark.index) else { return nil }
            return "\((mark.file as NSString).lastPathComponent):\(e[mark.index].line):\(e[mark.index].column)"
        }
    }

    /// Sends the steps to the live preview one request each, so that each step's effect is
    /// known, and returns the layout after the last.
    ///
    /// The layout the agent answers is the state's final one (what the screen shows once the
    /// step's animation has finished): the agent lays out the new state, and only the window
    /// animates towards it. The first step that reaches nothing stops the run with status 2,
    /// naming the step and what it missed.
    private static func perform(_ steps: [PerformStep], preview index: Int, proposal: ProposedViewSize,
                                environment: WireEnvironment?, service: PreviewService)
        throws -> (result: LayoutResult, run: PerformedSteps, states: [(result: LayoutResult, animation: Animation?)]) {
        func send(_ events: [WireEvent], detailed: Bool, step: String) throws -> (result: LayoutResult, live: LiveReply) {
            do {
                return try service.perform(events, preview: index, proposal: proposal, detailed: detailed, environment: environment)
            } catch {
                throw LabError("render: \(step): \(error)")
            }
        }
        // The preview as it starts, before any step: its own runtime issues are not a step's.
        let start = try send([], detailed: false, step: "starting the live preview")
        // The state before the steps and after each, with the animation each step asked for
        // (what `--record` animates between, as the window would).
        var states: [(result: LayoutResult, animation: Animation?)] = [(start.result, nil)]
        for issue in start.live.runtimeIssues { Diagnostics.warn(issue) }
        var issuesSoFar = start.live.runtimeIssues
        var performed: [PerformedSteps.Step] = []
        var result: LayoutResult? = nil
        for (i, step) in steps.enumerated() {
            let label = PerformStep.label(i, step.text)
            // Only the last layout is exported; the ones between need no measurements.
            let reply = try send(step.events, detailed: i == steps.count - 1, step: label)
            if reply.live.failedEvent != nil {
                throw LabError("render: \(label): \(reply.live.failure ?? "the step reached nothing")", status: .usage)
            }
            // The agent lists every issue the preview caused so far, each once: a step's own are the new ones.
            let new = reply.live.runtimeIssues.filter { !issuesSoFar.contains($0) }
            for issue in new { Diagnostics.warn("\(label): \(issue)") }
            issuesSoFar = reply.live.runtimeIssues
            performed.append(PerformedSteps.Step(step: step.text, changed: reply.live.changed, animation: reply.live.animation,
                                                 bodyEvaluations: reply.live.bodyEvaluations, runtimeIssues: new))
            result = reply.result
            states.append((reply.result, reply.live.changed ? reply.live.animation?.animation : nil))
        }
        guard let result else { throw LabError("render: --perform was given no steps", status: .usage) }
        return (result, PerformedSteps(steps: performed, runtimeIssues: issuesSoFar), states)
    }

    /// `--record` with `--perform`: the preview before the steps, then each step animated as the
    /// window animates it (the step's own animation; none: the change shows at once), each
    /// state held a moment so it can be seen.
    private static func recordSteps(_ states: [(result: LayoutResult, animation: Animation?)], _ o: RenderOptions, to path: String) throws {
        guard let format = RecordingFormat(path: path) else { throw RecordingError.unknownFormat(path: path) }
        let transition: SampledTransition
        do {
            transition = try TransitionRecorder.sample(states: states, framesPerSecond: o.framesPerSecond,
                                                       scheme: o.dark ? .dark : .light, from: o.preview ?? "the preview")
        } catch let failure as TransitionRecorder.Failure {
            throw LabError("render: \(failure.description)")
        }
        let summary = try TransitionRecorder.encode(transition, format: format, scale: o.scale, to: URL(fileURLWithPath: path))
        print("recorded \(states.count - 1) step\(states.count == 2 ? "" : "s") of \(transition.from): \(summary.frameCount) frames, "
              + "\(summary.pixelWidth)×\(summary.pixelHeight) px, " + String(format: "%.2f s", summary.duration) + " → \(path)")
    }

    package static func describe(_ s: WireSizing) -> String {
        switch s {
        case .window: "proposed the window"
        case .sizeThatFits: "size that fits"
        case .fixed(let w, let h): "fixed \(fmt(w))×\(fmt(h))"
        }
    }
}
