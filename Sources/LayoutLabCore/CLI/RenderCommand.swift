import Foundation
import SwiftUI
import LayoutRecording
import LayoutRendering
import PreviewNaming
import PreviewProtocol

/// `layoutlab render`: lays out a scene and exports it without a display (no GTK).
@MainActor
package enum RenderCommand {
    package static func run(_ o: RenderOptions, layouts: [LabLayout] = LabLayout.builtIn, scenes: [LabScene] = LabScene.builtIn) -> Int32 {
        do {
            try render(o, layouts: layouts, scenes: scenes)
            return Diagnostics.ExitStatus.success.rawValue
        } catch {
            return Diagnostics.report(error, during: "render")
        }
    }

    /// Lays out and writes the requested files.
    package static func render(_ o: RenderOptions, layouts: [LabLayout], scenes: [LabScene]) throws {
        try o.checkOutputsWritable()
        try o.checkPixelSizeOfProposal()
        var state = LabState()
        state.followsWindow = true
        let li = try pickByName(o.layout, kind: "layout", option: "--layout", among: layouts.map(\.name))
        let si = try pickByName(o.scene, kind: "scene", option: "--scene", among: scenes.map(\.name))
        state.layoutIndex = li
        state.sceneIndex = si
        state.resetItems(count: o.count ?? scenes[si].defaultCount)
        state.colorScheme = o.dark ? .dark : .light
        if o.widthMode != .fixed || o.heightMode != .fixed {
            // nil or ∞ on an axis: that proposal exactly; the export is the root's size there.
            state.followsWindow = false
            (state.width, state.widthMode) = (o.width, o.widthMode)
            (state.height, state.heightMode) = (o.height, o.heightMode)
        }
        let session = LabSession(layouts: layouts, scenes: scenes, state: state)
        let e = o.environment
        session.host.environment = EnvironmentValues._canvas(colorScheme: e.colorScheme, dynamicTypeSize: e.dynamicTypeSize,
                                                             layoutDirection: e.layoutDirection, locale: e.locale,
                                                             horizontalSizeClass: e.device?.horizontalSizeClass,
                                                             verticalSizeClass: e.device?.verticalSizeClass, displayScale: e.device?.displayScale)
        session.host.safeAreaInsets = e.device?.safeAreaInsets.edgeInsets ?? EdgeInsets()
        if !e.isDefault { session.rebuild() }
        session.perform(.setCanvasSize(CGSize(width: o.width, height: o.height)), at: 0)
        session.update(animated: false, now: 0)
        let result = session.result
        let scheme: ColorScheme = o.dark ? .dark : .light
        try o.checkPixelSize(of: result)
        try o.writeOutputs(png: { try ImageExporter.png(result: result, scale: o.scale, scheme: scheme, to: $0) },
                           svg: { try ImageExporter.svg(result: result, scheme: scheme, background: true, to: $0) },
                           json: { try ImageExporter.json(result: result) })
        if let record = o.record { try recordTransition(o, session: session, to: record) }
    }

    /// `--record`: the switch from the session's layout to `--to` (or the next layout).
    package static func recordTransition(_ o: RenderOptions, session: LabSession, to path: String) throws {
        let url = URL(fileURLWithPath: path)
        guard let format = RecordingFormat(path: path) else { throw RecordingError.unknownFormat(path: path) }
        let target: Int
        if let name = o.recordTo {
            target = try pickByName(name, kind: "layout", option: "--to", among: session.layouts.map(\.name))
        } else {
            target = (session.state.layoutIndex + 1) % session.layouts.count
        }
        let transition: SampledTransition
        do {
            transition = try TransitionRecorder.sample(layouts: session.layouts, scenes: session.scenes, state: session.state, to: target,
                                                       canvasSize: session.canvasSize, framesPerSecond: o.framesPerSecond)
        } catch let failure as TransitionRecorder.Failure {
            throw CommandLineError("render: \(failure.description)")
        }
        let summary = try TransitionRecorder.encode(transition, format: format, scale: o.scale, to: url)
        print("recorded \(transition.from) → \(transition.to): \(summary.frameCount) frames, \(summary.pixelWidth)×\(summary.pixelHeight) px, "
              + String(format: "%.2f s", summary.duration) + " → \(path)")
    }
}

/// The index of the name `name` picks among `names` (`NameMatch`), or a usage error (exit 2)
/// that lists the names: `kind` ("layout") and `option` ("--layout") say what was asked for.
package func pickByName(_ name: String, kind: String, option: String, among names: [String]) throws(CommandLineError) -> Int {
    let listed = names.map { "'\($0)'" }.joined(separator: ", ")
    switch NameMatch.resolve(name, among: names) {
    case .found(let i): return i
    case .ambiguous(let matches):
        throw CommandLineError("render: \(option) '\(name)' matches more than one \(kind) (\(matches.map { "'\(names[$0])'" }.joined(separator: ", "))); give the exact name")
    case .none:
        throw CommandLineError("render: unknown \(kind) '\(name)' (one of: \(listed))")
    }
}
