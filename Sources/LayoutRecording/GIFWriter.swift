import CGif
import Foundation

/// Writes an animated GIF (GIF89a, looping forever) with giflib.
///
/// Each frame is written as the rectangle that changed since the previous one (the rest stays:
/// disposal "do not dispose"), with a local palette made for that rectangle: its exact colours
/// when there are 256 or fewer (flat fills), else giflib's median-cut quantizer
/// (`GifQuantizeBuffer`). Frame delays are whole hundredths of a second, rounded so that frame
/// `i` shows at `i / framesPerSecond`; the last frame is held for `lastFrameHold` seconds.
public final class GIFWriter: RecordingWriter {
    public let width: Int
    public let height: Int
    public let framesPerSecond: Int
    /// How long the last frame stays before the loop starts again (seconds).
    public let lastFrameHold: Double
    private let path: String
    private var file: UnsafeMutablePointer<GifFileType>?
    /// The previous frame as packed RGB (what is on the GIF's screen now).
    private var previous: [UInt8]?
    /// The last frame, quantized, waiting for its delay (known when the next one comes).
    private var pending: PendingImage?
    private var count = 0

    private struct PendingImage {
        var left: Int, top: Int, width: Int, height: Int
        var palette: [GifColorType]
        var indices: [UInt8]
        var index: Int
    }

    /// Opens `url` for writing; throws `unwritable` when giflib cannot create it.
    public init(url: URL, width: Int, height: Int, framesPerSecond: Int, lastFrameHold: Double = 1) throws {
        self.width = width
        self.height = height
        self.framesPerSecond = max(framesPerSecond, 1)
        self.lastFrameHold = lastFrameHold.isFinite ? min(max(lastFrameHold, 0), 600) : 1
        path = url.path
        var error: Int32 = 0
        guard let f = EGifOpenFileName(path, false, &error) else {
            throw RecordingError.unwritable(path: path, reason: Self.message(error))
        }
        file = f
        EGifSetGifVersion(f, true)
        guard EGifPutScreenDesc(f, Int32(width), Int32(height), 8, 0, nil) == GIF_OK else { throw failure("screen descriptor") }
        // NETSCAPE2.0: loop forever.
        let ok = EGifPutExtensionLeader(f, APPLICATION_EXT_FUNC_CODE) == GIF_OK
            && Array("NETSCAPE2.0".utf8).withUnsafeBytes { EGifPutExtensionBlock(f, 11, $0.baseAddress) } == GIF_OK
            && [UInt8]([1, 0, 0]).withUnsafeBytes { EGifPutExtensionBlock(f, 3, $0.baseAddress) } == GIF_OK
            && EGifPutExtensionTrailer(f) == GIF_OK
        guard ok else { throw failure("loop extension") }
    }

    deinit {
        if let file { var error: Int32 = 0; EGifCloseFile(file, &error) }
    }

    public func append(_ frame: RecordingFrame) throws {
        guard file != nil else { throw RecordingError.unwritable(path: path, reason: "the GIF is already finished") }
        guard frame.width == width, frame.height == height else {
            throw RecordingError.badFrame("frame \(count) is \(frame.width)×\(frame.height), the recording \(width)×\(height)")
        }
        let rgb = frame.packedRGB()
        let rect = previous.map { changedRect(from: $0, to: rgb) } ?? (0, 0, width, height)
        let image = quantize(rgb, left: rect.0, top: rect.1, width: rect.2, height: rect.3, index: count)
        if let pending { try write(pending, delay: Recording.centiseconds(frame: pending.index + 1, framesPerSecond: framesPerSecond)
                                       - Recording.centiseconds(frame: pending.index, framesPerSecond: framesPerSecond)) }
        pending = image
        previous = rgb
        count += 1
    }

    public func finish() throws {
        guard let f = file else { return }
        if let pending { try write(pending, delay: Int((lastFrameHold * 100).rounded())) }
        pending = nil
        file = nil
        var error: Int32 = 0
        guard EGifCloseFile(f, &error) == GIF_OK else { throw RecordingError.unwritable(path: path, reason: Self.message(error)) }
    }

    // MARK: Frames

    /// The smallest rectangle holding every pixel that changed; a 1×1 rectangle when none did
    /// (every frame is written, so the frame count is the frames appended).
    private func changedRect(from a: [UInt8], to b: [UInt8]) -> (Int, Int, Int, Int) {
        var minX = width, minY = height, maxX = -1, maxY = -1
        a.withUnsafeBufferPointer { pa in
            b.withUnsafeBufferPointer { pb in
                for y in 0..<height {
                    let row = y * width * 3
                    var x = 0
                    while x < width {
                        let o = row + x * 3
                        if pa[o] != pb[o] || pa[o + 1] != pb[o + 1] || pa[o + 2] != pb[o + 2] {
                            minX = min(minX, x); maxX = max(maxX, x); minY = min(minY, y); maxY = y
                        }
                        x += 1
                    }
                }
            }
        }
        guard maxX >= 0 else { return (0, 0, 1, 1) }
        return (minX, minY, maxX - minX + 1, maxY - minY + 1)
    }

    /// A palette and indices for the rectangle of `rgb`.
    private func quantize(_ rgb: [UInt8], left: Int, top: Int, width w: Int, height h: Int, index: Int) -> PendingImage {
        var palette: [GifColorType] = []
        var lookup: [UInt32: UInt8] = [:]
        var indices = [UInt8](repeating: 0, count: w * h)
        var exact = true
        rgb.withUnsafeBufferPointer { src in
            outer: for y in 0..<h {
                for x in 0..<w {
                    let o = ((top + y) * width + left + x) * 3
                    let key = UInt32(src[o]) << 16 | UInt32(src[o + 1]) << 8 | UInt32(src[o + 2])
                    if let i = lookup[key] { indices[y * w + x] = i; continue }
                    guard palette.count < 256 else { exact = false; break outer }
                    lookup[key] = UInt8(palette.count)
                    indices[y * w + x] = UInt8(palette.count)
                    palette.append(GifColorType(Red: src[o], Green: src[o + 1], Blue: src[o + 2]))
                }
            }
        }
        if !exact {
            var red = [UInt8](repeating: 0, count: w * h), green = red, blue = red
            for y in 0..<h {
                for x in 0..<w {
                    let o = ((top + y) * width + left + x) * 3, d = y * w + x
                    red[d] = rgb[o]; green[d] = rgb[o + 1]; blue[d] = rgb[o + 2]
                }
            }
            var size: Int32 = 256
            palette = [GifColorType](repeating: GifColorType(), count: 256)
            let status = GifQuantizeBuffer(UInt32(w), UInt32(h), &size, &red, &green, &blue, &indices, &palette)
            if status == GIF_OK {
                palette.removeLast(256 - Int(max(min(size, 256), 1)))
                refine(&palette, indices: indices, red: red, green: green, blue: blue)
            } else {
                // Cannot happen for valid sizes; fall back to 3-3-2 bits per channel.
                palette = (0..<256).map { (i: Int) -> GifColorType in
                    let r = (i >> 5) * 255 / 7, g = ((i >> 2) & 7) * 255 / 7, b = (i & 3) * 255 / 3
                    return GifColorType(Red: UInt8(r), Green: UInt8(g), Blue: UInt8(b))
                }
                for d in 0..<(w * h) { indices[d] = (red[d] & 0xe0) | ((green[d] >> 3) & 0x1c) | (blue[d] >> 6) }
            }
        }
        return PendingImage(left: left, top: top, width: w, height: h, palette: palette, indices: indices, index: index)
    }

    /// Moves each palette entry to the mean of the pixels given it: the quantizer works on
    /// 5 bits per channel, which would shift every flat fill (the background) by a few levels.
    private func refine(_ palette: inout [GifColorType], indices: [UInt8], red: [UInt8], green: [UInt8], blue: [UInt8]) {
        var sums = [(r: Int, g: Int, b: Int, n: Int)](repeating: (0, 0, 0, 0), count: palette.count)
        for d in indices.indices {
            let i = Int(indices[d])
            guard i < sums.count else { continue }
            sums[i].r += Int(red[d]); sums[i].g += Int(green[d]); sums[i].b += Int(blue[d]); sums[i].n += 1
        }
        for i in palette.indices where sums[i].n > 0 {
            let n = sums[i].n
            palette[i] = GifColorType(Red: UInt8((sums[i].r + n / 2) / n), Green: UInt8((sums[i].g + n / 2) / n), Blue: UInt8((sums[i].b + n / 2) / n))
        }
    }

    private func write(_ image: PendingImage, delay: Int) throws {
        guard let f = file else { return }
        var gcb = GraphicsControlBlock(DisposalMode: DISPOSE_DO_NOT, UserInputFlag: false,
                                       DelayTime: Int32(min(max(delay, 0), 65_535)), TransparentColor: NO_TRANSPARENT_COLOR)
        var extensionBytes = [UInt8](repeating: 0, count: 4)
        _ = EGifGCBToExtension(&gcb, &extensionBytes)
        guard EGifPutExtension(f, GRAPHICS_EXT_FUNC_CODE, 4, extensionBytes) == GIF_OK else { throw failure("frame delay") }
        // Palettes are powers of two (at least 2 entries); the unused entries repeat black.
        let bits = max(1, Int(ceil(log2(Double(max(image.palette.count, 2))))))
        var colors = image.palette
        colors += [GifColorType](repeating: GifColorType(), count: (1 << bits) - colors.count)
        guard let map = GifMakeMapObject(Int32(1 << bits), &colors) else { throw failure("palette") }
        defer { GifFreeMapObject(map) }
        guard EGifPutImageDesc(f, Int32(image.left), Int32(image.top), Int32(image.width), Int32(image.height), false, map) == GIF_OK else {
            throw failure("image descriptor")
        }
        var indices = image.indices
        try indices.withUnsafeMutableBufferPointer { buffer in
            for y in 0..<image.height {
                guard EGifPutLine(f, buffer.baseAddress! + y * image.width, Int32(image.width)) == GIF_OK else { throw failure("pixels") }
            }
        }
    }

    private func failure(_ what: String) -> RecordingError {
        RecordingError.unwritable(path: path, reason: "\(what): " + Self.message(file?.pointee.Error ?? 0))
    }

    static func message(_ code: Int32) -> String {
        GifErrorString(code).map { String(cString: $0) } ?? "giflib error \(code)"
    }
}
