import Foundation
import SwiftUI
import LayoutRendering
import PreviewHost
import PreviewProtocol

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
        let service: PreviewService
        do { service = try PreviewService(path: path) } catch { throw LabError(error.message) }
        for note in service.project.notes { Diagnostics.report("note: \(note)") }
        switch service.reload() {
        case .compileFailed(let errors, let log):
            // The compiler's own lines, as an editor or CI log expects them.
            Diagnostics.write(errors.isEmpty ? log : errors.map(\.description).joined(separator: "\n") + "\n")
            throw LabError("\(service.project.displayName) did not compile")
        case .agentFailed(let failure):
            throw LabError("\(failure)")
        case .ready(let catalog):
            if o.list {
                list(catalog)
            } else {
                try render(o, target: target(o, service: service, catalog: catalog), service: service)
            }
        }
    }

    private static func list(_ catalog: PreviewCatalog) {
        print("Previews:")
        for p in catalog.previews { print("  \(p.name)\t\((p.file as NSString).lastPathComponent):\(p.line)\t\(describe(p.sizing))") }
        print("Layouts:")
        for l in catalog.layouts { print("  \(l)") }
    }

    /// What `--preview`, `--scene`/`--layout` or, without them, the first preview names.
    private static func target(_ o: RenderOptions, service: PreviewService, catalog: PreviewCatalog) throws -> PreviewTarget {
        if let name = o.preview {
            guard let i = service.previewIndex(named: name) else {
                let known = catalog.previews.map { "'\($0.name)'" }.joined(separator: ", ")
                throw LabError("render: no preview '\(name)' (previews: \(known.isEmpty ? "none" : known))", status: .usage)
            }
            return .preview(i)
        } else if o.choseSceneOrLayout {
            return .scene(scene: o.scene, layout: o.layout)
        } else if !catalog.previews.isEmpty {
            return .preview(0)
        }
        throw LabError("render: \(service.project.displayName) has no preview; give --scene and --layout", status: .usage)
    }

    /// Lays `target` out in the agent and writes the files asked for.
    private static func render(_ o: RenderOptions, target: PreviewTarget, service: PreviewService) throws {
        var parameters: WireParameters?
        if case .scene(let scene, _) = target {
            let count = o.count ?? LabScene.builtIn.first { normalizedName($0.name) == normalizedName(scene) }?.defaultCount ?? 6
            parameters = WireParameters(spacing: nil, alignment: "center", rotationDegrees: 0,
                                        itemIDs: Array(0..<count), itemRanks: Array(1...max(count, 1)).prefix(count).map { $0 }, taps: [:])
        }
        let result: LayoutResult
        do {
            result = try service.layout(target, proposal: o.proposal, parameters: parameters)
        } catch {
            throw LabError("\(error)")
        }
        let scheme: ColorScheme = o.dark ? .dark : .light
        if let png = o.png { try ImageExporter.png(result: result, scale: o.scale, scheme: scheme, to: URL(fileURLWithPath: png)) }
        if let svg = o.svg { try ImageExporter.svg(result: result, scheme: scheme, background: true, to: URL(fileURLWithPath: svg)) }
        if let json = o.json { try ImageExporter.json(result: result).write(to: URL(fileURLWithPath: json)) }
        for d in result.diagnostics { Diagnostics.report("\(d)") }
    }

    package static func describe(_ s: WireSizing) -> String {
        switch s {
        case .window: "proposed the window"
        case .sizeThatFits: "size that fits"
        case .fixed(let w, let h): "fixed \(fmt(w))×\(fmt(h))"
        }
    }
}
