import Foundation
import SwiftUI
import LayoutRecording
import LayoutRendering

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
        var state = LabState()
        state.followsWindow = true
        let probe = LabSession.names(layouts: layouts, scenes: scenes)
        guard let li = probe.layout(o.layout) else {
            throw CommandLineError("render: unknown layout '\(o.layout)' (one of: \(layouts.map { normalizedName($0.name) }.joined(separator: ", ")))")
        }
        guard let si = probe.scene(o.scene) else {
            throw CommandLineError("render: unknown scene '\(o.scene)' (one of: \(scenes.map { normalizedName($0.name) }.joined(separator: ", ")))")
        }
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
        session.perform(.setCanvasSize(CGSize(width: o.width, height: o.height)), at: 0)
        session.update(animated: false, now: 0)
        let result = session.result
        let scheme: ColorScheme = o.dark ? .dark : .light
        if let png = o.png { try ImageExporter.png(result: result, scale: o.scale, scheme: scheme, to: URL(fileURLWithPath: png)) }
        if let svg = o.svg { try ImageExporter.svg(result: result, scheme: scheme, background: true, to: URL(fileURLWithPath: svg)) }
        if let json = o.json { try ImageExporter.json(result: result).write(to: URL(fileURLWithPath: json)) }
        if let record = o.record { try recordTransition(o, session: session, to: record) }
    }

    /// `--record`: the switch from the session's layout to `--to` (or the next layout).
    package static func recordTransition(_ o: RenderOptions, session: LabSession, to path: String) throws {
        let url = URL(fileURLWithPath: path)
        guard let format = RecordingFormat(path: path) else { throw RecordingError.unknownFormat(path: path) }
        let target: Int
        if let name = o.recordTo {
            guard let i = session.layoutIndex(named: name) else {
                throw CommandLineError("render: unknown layout '\(name)' for --to (one of: \(session.layouts.map { normalizedName($0.name) }.joined(separator: ", ")))")
            }
            target = i
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

extension LabSession {
    /// Name lookup without building a session.
    package struct NameLookup {
        let layouts: [String], scenes: [String]
        func layout(_ name: String) -> Int? { let n = normalizedName(name); return layouts.firstIndex(of: n) }
        func scene(_ name: String) -> Int? { let n = normalizedName(name); return scenes.firstIndex(of: n) }
    }
    package nonisolated static func names(layouts: [LabLayout], scenes: [LabScene]) -> NameLookup {
        NameLookup(layouts: layouts.map { normalizedName($0.name) }, scenes: scenes.map { normalizedName($0.name) })
    }
}
