import Foundation
import SwiftUI
import LayoutRendering

/// Writes the current layout as PNG, SVG and JSON.
package enum Exporter {
    /// Writes `result` to `base` + `.png`/`.svg`/`.json` (an extension on `base` is replaced).
    /// Returns the paths written.
    package static func exportAll(_ result: LayoutResult, scheme: ColorScheme, scale: Double, base: URL) throws -> [URL] {
        let stem = base.pathExtension.isEmpty ? base : base.deletingPathExtension()
        let png = stem.appendingPathExtension("png"), svg = stem.appendingPathExtension("svg"), json = stem.appendingPathExtension("json")
        try ImageExporter.png(result: result, scale: scale, scheme: scheme, to: png)
        try ImageExporter.svg(result: result, scheme: scheme, background: true, to: svg)
        try ImageExporter.json(result: result).write(to: json)
        return [png, svg, json]
    }

    /// `$XDG_PICTURES_DIR` (or ~/Pictures, or the working directory).
    package static func defaultDirectory() -> URL {
        let env = ProcessInfo.processInfo.environment
        if let p = env["XDG_PICTURES_DIR"], !p.isEmpty { return URL(fileURLWithPath: p, isDirectory: true) }
        let pictures = URL(fileURLWithPath: NSHomeDirectory()).appendingPathComponent("Pictures", isDirectory: true)
        var isDir: ObjCBool = false
        if FileManager.default.fileExists(atPath: pictures.path, isDirectory: &isDir), isDir.boolValue { return pictures }
        return URL(fileURLWithPath: FileManager.default.currentDirectoryPath, isDirectory: true)
    }
}

