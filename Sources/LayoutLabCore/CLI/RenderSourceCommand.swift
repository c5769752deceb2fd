import Foundation
import SwiftUI
import LayoutRendering
import PreviewHost
import PreviewProtocol

/// `layoutlab render --source PATH`: builds a person's code and renders one of its previews
/// (or one of its layouts on a scene) without a display.
package enum RenderSourceCommand {
    package static func run(_ o: RenderOptions) -> Int32 {
        guard let path = o.source else { return 2 }
        let service: PreviewService
        do { service = try PreviewService(path: path) } catch {
            FileHandle.standardError.write(Data("layoutlab: \(error.message)\n".utf8))
            return 1
        }
        for note in service.project.notes { FileHandle.standardError.write(Data("layoutlab: note: \(note)\n".utf8)) }
        switch service.reload() {
        case .compileFailed(let errors, let log):
            // The compiler's own lines, as an editor or CI log expects them.
            let text = errors.isEmpty ? log : errors.map(\.description).joined(separator: "\n") + "\n"
            FileHandle.standardError.write(Data(text.utf8))
            FileHandle.standardError.write(Data("layoutlab: \(service.project.displayName) did not compile\n".utf8))
            return 1
        case .agentFailed(let failure):
            FileHandle.standardError.write(Data("layoutlab: \(failure)\n".utf8))
            return 1
        case .ready(let catalog):
            if o.list {
                print("Previews:")
                for p in catalog.previews { print("  \(p.name)\t\((p.file as NSString).lastPathComponent):\(p.line)\t\(describe(p.sizing))") }
                print("Layouts:")
                for l in catalog.layouts { print("  \(l)") }
                return 0
            }
            let target: PreviewTarget
            if let name = o.preview {
                guard let i = service.previewIndex(named: name) else {
                    let known = catalog.previews.map { "'\($0.name)'" }.joined(separator: ", ")
                    FileHandle.standardError.write(Data("layoutlab: render: no preview '\(name)' (previews: \(known.isEmpty ? "none" : known))\n".utf8))
                    return 2
                }
                target = .preview(i)
            } else if o.choseSceneOrLayout {
                target = .scene(scene: o.scene, layout: o.layout)
            } else if !catalog.previews.isEmpty {
                target = .preview(0)
            } else {
                FileHandle.standardError.write(Data("layoutlab: render: \(service.project.displayName) has no preview; give --scene and --layout\n".utf8))
                return 2
            }
            do {
                var parameters: WireParameters?
                if case .scene(let scene, _) = target {
                    let count = o.count ?? LabScene.builtIn.first { normalizedName($0.name) == normalizedName(scene) }?.defaultCount ?? 6
                    parameters = WireParameters(spacing: nil, alignment: "center", rotationDegrees: 0,
                                                itemIDs: Array(0..<count), itemRanks: Array(1...max(count, 1)).prefix(count).map { $0 }, taps: [:])
                }
                let result = try service.layout(target, proposal: o.proposal, parameters: parameters)
                let scheme: ColorScheme = o.dark ? .dark : .light
                if let png = o.png { try ImageExporter.png(result: result, scale: o.scale, scheme: scheme, to: URL(fileURLWithPath: png)) }
                if let svg = o.svg { try ImageExporter.svg(result: result, scheme: scheme, background: true, to: URL(fileURLWithPath: svg)) }
                if let json = o.json { try ImageExporter.json(result: result).write(to: URL(fileURLWithPath: json)) }
                for d in result.diagnostics { FileHandle.standardError.write(Data("layoutlab: \(d)\n".utf8)) }
                return 0
            } catch let failure as AgentFailure {
                FileHandle.standardError.write(Data("layoutlab: \(failure)\n".utf8))
                return 1
            } catch {
                FileHandle.standardError.write(Data("layoutlab: render failed: \(error)\n".utf8))
                return 1
            }
        }
    }

    package static func describe(_ s: WireSizing) -> String {
        switch s {
        case .window: "proposed the window"
        case .sizeThatFits: "size that fits"
        case .fixed(let w, let h): "fixed \(fmt(w))×\(fmt(h))"
        }
    }
}
