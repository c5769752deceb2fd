import Foundation
import SwiftUI
import LayoutRendering

/// Checks of `layoutlab render`'s outputs made before the work, and writes that fail with a
/// sentence naming the file and what to change, not a Foundation or cairo error.
extension RenderOptions {
    /// The smallest `--scale`: below it cairo cannot invert the drawing's matrix.
    public static let minimumScale = 0.1
    /// The largest PNG side in pixels, and the most pixels in all (1 GiB of memory at 4 bytes a
    /// pixel): a larger image fails inside cairo with "out of memory".
    public static let maximumPixelSide = 16_384
    public static let maximumPixels = 1 << 28

    /// The files asked for, with their options.
    var outputs: [(option: String, path: String)] {
        [("--png", png), ("--svg", svg), ("--json", json), ("--record", record)].compactMap { o, p in p.map { (o, $0) } }
    }

    /// Fails when an output cannot be written where it is asked for (a missing or unwritable
    /// folder), before anything is built or laid out; status 1, as any failed write.
    func checkOutputsWritable() throws {
        let fm = FileManager.default
        for (option, path) in outputs {
            let folder = URL(fileURLWithPath: path).deletingLastPathComponent().path
            var isDirectory: ObjCBool = false
            guard fm.fileExists(atPath: folder, isDirectory: &isDirectory) else {
                throw LabError("render: cannot write \(option) \(path): the folder \(folder) does not exist; create it or choose another path")
            }
            guard isDirectory.boolValue else {
                throw LabError("render: cannot write \(option) \(path): \(folder) is not a folder; choose another path")
            }
            var isFolder: ObjCBool = false
            if fm.fileExists(atPath: path, isDirectory: &isFolder), isFolder.boolValue {
                throw LabError("render: cannot write \(option) \(path): it is a folder; give a file name")
            }
            guard access(folder, W_OK) == 0 else {
                throw LabError("render: cannot write \(option) \(path): the folder \(folder) is not writable; choose another path")
            }
        }
    }

    /// Fails when the PNG of a `width`×`height`-point image at `scale` would be larger than
    /// `maximumPixelSide` a side or `maximumPixels` in all, saying which scale would fit.
    static func checkPixelSize(width: Double, height: Double, scale: Double, what: String) throws {
        let w = (width * scale).rounded(.up), h = (height * scale).rounded(.up)
        let side = Double(maximumPixelSide)
        guard w.isFinite, h.isFinite, w > side || h > side || w * h > Double(maximumPixels) else { return }
        // The largest scale that fits both limits, rounded down to two places.
        let fitting = min(side / max(width, 1), side / max(height, 1), (Double(maximumPixels) / max(width * height, 1)).squareRoot())
        let suggestion = (fitting * 100).rounded(.down) / 100
        let hint = suggestion >= minimumScale ? "lower --scale to \(String(format: "%.2f", suggestion)) or less, or make" : "make"
        throw LabError("render: \(what) at --scale \(fmt(scale)) would be a \(Int(w))×\(Int(h))-pixel PNG, larger than the "
                       + "\(maximumPixelSide)×\(maximumPixelSide) pixels (\(maximumPixels >> 20) M in all) a PNG may be; "
                       + "\(hint) --width/--height smaller", status: .usage)
    }

    /// Before the layout: a fixed canvas's PNG.
    func checkPixelSizeOfProposal() throws {
        guard png != nil, widthMode == .fixed, heightMode == .fixed else { return }
        try Self.checkPixelSize(width: width, height: height, scale: scale, what: "a \(fmt(width))×\(fmt(height))-point canvas")
    }

    /// After the layout: the area the PNG covers (the canvas, grown to views that overflow it).
    func checkPixelSize(of result: LayoutResult) throws {
        guard png != nil else { return }
        let area = ImageExporter.exportArea(for: result)
        try Self.checkPixelSize(width: Double(area.width), height: Double(area.height), scale: scale,
                                what: "the laid-out \(fmt(Double(area.width)))×\(fmt(Double(area.height)))-point area")
    }

    /// Fails when the engine left views out because they are nested too deeply (a view whose
    /// body contains itself, 100,000 levels down): the export would be a part of the preview,
    /// or nothing, so none is written.
    static func checkComplete(_ result: LayoutResult) throws {
        // The engine's `hugeTree` diagnostic; its kind is not in the result, its words are.
        guard let cut = result.diagnostics.first(where: { $0.message.contains("levels deep; the deeper ones were left out") }) else { return }
        throw LabError("render: \(cut.message) (is a view's body recursive without end?); nothing was written, as the export would be incomplete")
    }

    /// Writes the files asked for; a failure names the file and why, in words.
    func writeOutputs(png writePNG: (URL) throws -> Void, svg writeSVG: (URL) throws -> Void, json data: () throws -> Data) throws {
        func attempt(_ option: String, _ path: String, _ write: () throws -> Void) throws {
            do { try write() } catch {
                throw LabError("render: cannot write \(option) \(path): \(Self.reason(error))")
            }
        }
        if let png { try attempt("--png", png) { try Self.replace(png, writePNG) } }
        if let svg { try attempt("--svg", svg) { try Self.replace(svg, writeSVG) } }
        if let json { try attempt("--json", json) { try Self.replace(json) { try data().write(to: $0) } } }
    }

    /// Writes `path` whole or not at all: into a file beside it, then renamed over it, so that an
    /// image viewer or a script reading it (`--watch` rewrites it on every save) never sees half.
    static func replace(_ path: String, _ write: (URL) throws -> Void) throws {
        let url = URL(fileURLWithPath: path)
        let temporary = url.deletingLastPathComponent()
            .appendingPathComponent(".\(url.lastPathComponent).\(getpid()).partial.\(url.pathExtension)")
        do {
            try write(temporary)
            guard rename(temporary.path, url.path) == 0 else { throw NSError(domain: NSPOSIXErrorDomain, code: Int(errno)) }
        } catch {
            try? FileManager.default.removeItem(at: temporary)
            throw error
        }
    }

    /// An error as a person reads it: the system's reason (errno) when there is one.
    static func reason(_ error: any Error) -> String {
        let ns = error as NSError
        if let underlying = ns.userInfo[NSUnderlyingErrorKey] as? NSError, underlying.domain == NSPOSIXErrorDomain {
            return String(cString: strerror(Int32(underlying.code)))
        }
        if ns.domain == NSPOSIXErrorDomain { return String(cString: strerror(Int32(ns.code))) }
        if let render = error as? RenderError { return render.description }
        if let lab = error as? LabError { return lab.message }
        return ns.localizedDescription
    }
}
