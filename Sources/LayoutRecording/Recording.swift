import Foundation

/// One frame to record: cairo `ARGB32` pixels (premultiplied alpha, one native-endian 32-bit
/// word per pixel), rows `stride` bytes apart — what a cairo image surface holds.
public struct RecordingFrame: Sendable {
    /// Width in pixels.
    public let width: Int
    /// Height in pixels.
    public let height: Int
    /// Bytes from one row to the next (at least `width × 4`).
    public let stride: Int
    /// `stride × height` bytes.
    public let pixels: [UInt8]

    /// A frame over `pixels`; throws when the sizes do not fit together.
    public init(width: Int, height: Int, stride: Int, pixels: [UInt8]) throws {
        guard width > 0, height > 0, stride >= width * 4, pixels.count >= stride * height else {
            throw RecordingError.badFrame("a \(width)×\(height) frame needs \(max(width, 0) * 4)-byte rows and \(max(stride, 0) * max(height, 0)) bytes (got stride \(stride), \(pixels.count) bytes)")
        }
        self.width = width
        self.height = height
        self.stride = stride
        self.pixels = pixels
    }

    /// The straight-alpha color of a pixel as 8-bit red, green, blue and alpha.
    public func rgba(x: Int, y: Int) -> (r: UInt8, g: UInt8, b: UInt8, a: UInt8) {
        let word = pixels.withUnsafeBytes { $0.loadUnaligned(fromByteOffset: y * stride + x * 4, as: UInt32.self) }
        return Self.straight(word)
    }

    /// Un-premultiplies one cairo ARGB32 word.
    @inline(__always)
    static func straight(_ word: UInt32) -> (r: UInt8, g: UInt8, b: UInt8, a: UInt8) {
        let a = word >> 24, r = (word >> 16) & 0xff, g = (word >> 8) & 0xff, b = word & 0xff
        if a == 255 { return (UInt8(r), UInt8(g), UInt8(b), 255) }
        if a == 0 { return (0, 0, 0, 0) }
        func un(_ c: UInt32) -> UInt8 { UInt8(min((c * 255 + a / 2) / a, 255)) }
        return (un(r), un(g), un(b), UInt8(a))
    }

    /// The frame as packed RGB bytes (3 per pixel), composited over `background` where it is
    /// not opaque.
    func packedRGB(over background: (r: UInt8, g: UInt8, b: UInt8) = (255, 255, 255)) -> [UInt8] {
        var out = [UInt8](repeating: 0, count: width * height * 3)
        pixels.withUnsafeBytes { raw in
            out.withUnsafeMutableBufferPointer { dst in
                var o = 0
                for y in 0..<height {
                    let row = y * stride
                    for x in 0..<width {
                        let word = raw.loadUnaligned(fromByteOffset: row + x * 4, as: UInt32.self)
                        let a = word >> 24
                        if a == 255 {
                            dst[o] = UInt8((word >> 16) & 0xff); dst[o + 1] = UInt8((word >> 8) & 0xff); dst[o + 2] = UInt8(word & 0xff)
                        } else {
                            // Premultiplied: colour + background × (1 − alpha).
                            let k = 255 - a
                            dst[o] = UInt8(min(((word >> 16) & 0xff) + (UInt32(background.r) * k + 127) / 255, 255))
                            dst[o + 1] = UInt8(min(((word >> 8) & 0xff) + (UInt32(background.g) * k + 127) / 255, 255))
                            dst[o + 2] = UInt8(min((word & 0xff) + (UInt32(background.b) * k + 127) / 255, 255))
                        }
                        o += 3
                    }
                }
            }
        }
        return out
    }
}

/// The file formats a transition can be recorded to.
public enum RecordingFormat: String, CaseIterable, Sendable {
    /// An animated GIF (GIF89a, looping), written with giflib: a palette of up to 256 colours
    /// per frame, chosen for that frame (exact when it has 256 colours or fewer).
    case gif
    /// A WebM video (VP8), encoded by GStreamer (`vp8enc ! webmmux`, gst-plugins-good).
    case webm

    /// The format a path's extension names (`.gif`, `.webm`), or nil.
    public init?(path: String) {
        switch (path as NSString).pathExtension.lowercased() {
        case "gif": self = .gif
        case "webm": self = .webm
        default: return nil
        }
    }

    /// The file name extension, without the dot.
    public var fileExtension: String { rawValue }

    /// A name for people: "GIF", "WebM".
    public var displayName: String { self == .gif ? "GIF" : "WebM" }
}

/// Why a recording could not be written or read.
public enum RecordingError: Error, CustomStringConvertible, Equatable {
    /// A GStreamer element is not installed; `package` is the Debian package that has it.
    case missingPlugin(element: String, package: String)
    /// GStreamer reported an error (element name and message).
    case gstreamer(String)
    /// The file cannot be written.
    case unwritable(path: String, reason: String)
    /// The file cannot be read or decoded.
    case unreadable(path: String, reason: String)
    /// A frame is unusable (size mismatch).
    case badFrame(String)
    /// The path's extension names no format this build writes.
    case unknownFormat(path: String)

    public var description: String {
        switch self {
        case let .missingPlugin(element, package):
            return "the GStreamer element '\(element)' is missing: install \(package)"
        case let .gstreamer(message): return "GStreamer: \(message)"
        case let .unwritable(path, reason): return "cannot write \(path): \(reason)"
        case let .unreadable(path, reason): return "cannot read \(path): \(reason)"
        case let .badFrame(message): return "bad frame: \(message)"
        case let .unknownFormat(path):
            return "cannot tell the format of \(path): use the extension .gif or .webm"
        }
    }
}

/// Something frames are appended to, one after another, then finished.
public protocol RecordingWriter: AnyObject {
    /// Appends a frame (the recording's size; frames are `1 / framesPerSecond` apart).
    func append(_ frame: RecordingFrame) throws
    /// Writes what is left and closes the file.
    func finish() throws
}

/// Opening writers.
public enum Recording {
    /// A writer for `format` at `url`, `width × height` pixels, `framesPerSecond` frames a
    /// second. Fails early, with a clear error, on an unwritable path or a missing plugin.
    public static func writer(format: RecordingFormat, url: URL, width: Int, height: Int,
                              framesPerSecond: Int) throws -> any RecordingWriter {
        guard width > 0, height > 0, width <= 16_384, height <= 16_384 else {
            throw RecordingError.badFrame("a recording must be 1…16384 pixels per side (asked \(width)×\(height))")
        }
        guard (1...120).contains(framesPerSecond) else {
            throw RecordingError.badFrame("frames per second must be 1…120 (asked \(framesPerSecond))")
        }
        try checkWritable(url)
        switch format {
        case .gif: return try GIFWriter(url: url, width: width, height: height, framesPerSecond: framesPerSecond)
        case .webm: return try WebMWriter(url: url, width: width, height: height, framesPerSecond: framesPerSecond)
        }
    }

    /// Throws `unwritable` unless a file can be created at `url` (an existing one is replaced).
    public static func checkWritable(_ url: URL) throws {
        let path = url.path
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), isDirectory.boolValue {
            throw RecordingError.unwritable(path: path, reason: "it is a folder")
        }
        let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        guard fd >= 0 else { throw RecordingError.unwritable(path: path, reason: String(cString: strerror(errno))) }
        close(fd)
    }

    /// The time of frame `index` in whole hundredths of a second (GIF's unit), rounded, so that
    /// the delays add up to the true times at any frame rate.
    static func centiseconds(frame index: Int, framesPerSecond: Int) -> Int {
        (index * 100 + framesPerSecond / 2) / framesPerSecond
    }
}
