import CGStreamer
import CGif
import Foundation

/// A recording decoded back: every frame as packed 8-bit RGBA.
public struct DecodedRecording: Sendable {
    /// One frame: `width × height × 4` bytes of RGBA, row by row, and how long it shows.
    public struct Frame: Sendable {
        public let rgba: [UInt8]
        /// Seconds this frame shows (GIF: its delay; video: its buffer's duration), if known.
        public let duration: Double?

        /// The colour of a pixel.
        public func pixel(x: Int, y: Int, width: Int) -> (r: UInt8, g: UInt8, b: UInt8, a: UInt8) {
            let o = (y * width + x) * 4
            return (rgba[o], rgba[o + 1], rgba[o + 2], rgba[o + 3])
        }
    }
    public let width: Int
    public let height: Int
    public let frames: [Frame]

    /// How far frame `index` is from `reference` (a frame of the same size), over the colour
    /// channels: the mean absolute difference (0…255) and the share of pixels differing by more
    /// than `threshold` in any channel.
    public func difference(frame index: Int, from reference: RecordingFrame, threshold: Int = 48) -> (mean: Double, outliers: Double) {
        guard frames.indices.contains(index), reference.width == width, reference.height == height else { return (255, 1) }
        let rgb = reference.packedRGB()
        let f = frames[index].rgba
        var total = 0, outliers = 0
        for p in 0..<(width * height) {
            var worst = 0
            for c in 0..<3 {
                let d = abs(Int(f[p * 4 + c]) - Int(rgb[p * 3 + c]))
                total += d
                worst = max(worst, d)
            }
            if worst > threshold { outliers += 1 }
        }
        let n = Double(max(width * height, 1))
        return (Double(total) / (n * 3), Double(outliers) / n)
    }
}

/// Reads recordings back, with the libraries that wrote them: giflib for GIF (`DGifSlurp`),
/// GStreamer for video (`filesrc ! decodebin ! videoconvert ! appsink`).
public enum RecordingDecoder {
    /// Decodes a `.gif` or `.webm` file (by its extension).
    public static func decode(_ url: URL) throws -> DecodedRecording {
        switch RecordingFormat(path: url.path) {
        case .gif: return try gif(url)
        case .webm: return try video(url)
        case nil: throw RecordingError.unknownFormat(path: url.path)
        }
    }

    /// Decodes an animated GIF, compositing each frame onto the screen as a viewer does
    /// (disposal methods, transparency, interlacing).
    public static func gif(_ url: URL) throws -> DecodedRecording {
        var error: Int32 = 0
        guard let file = DGifOpenFileName(url.path, &error) else {
            throw RecordingError.unreadable(path: url.path, reason: GIFWriter.message(error))
        }
        defer { DGifCloseFile(file, &error) }
        guard DGifSlurp(file) == GIF_OK else {
            throw RecordingError.unreadable(path: url.path, reason: GIFWriter.message(file.pointee.Error))
        }
        let g = file.pointee
        let width = Int(g.SWidth), height = Int(g.SHeight)
        guard width > 0, height > 0 else { throw RecordingError.unreadable(path: url.path, reason: "empty screen") }
        var screen = [UInt8](repeating: 0, count: width * height * 4)
        var frames: [DecodedRecording.Frame] = []
        for i in 0..<Int(g.ImageCount) {
            let image = g.SavedImages[i]
            let d = image.ImageDesc
            var gcb = GraphicsControlBlock(DisposalMode: DISPOSAL_UNSPECIFIED, UserInputFlag: false, DelayTime: 0, TransparentColor: NO_TRANSPARENT_COLOR)
            let hasGCB = DGifSavedExtensionToGCB(file, Int32(i), &gcb) == GIF_OK
            guard let map = d.ColorMap ?? g.SColorMap, let raster = image.RasterBits else {
                throw RecordingError.unreadable(path: url.path, reason: "frame \(i) has no palette or pixels")
            }
            let saved = gcb.DisposalMode == DISPOSE_PREVIOUS ? screen : nil
            let w = Int(d.Width), h = Int(d.Height), left = Int(d.Left), top = Int(d.Top)
            // Interlaced rows come in four passes: every 8th from 0, every 8th from 4, every 4th from 2, every 2nd from 1.
            var rows: [Int] = Array(0..<h)
            if d.Interlace {
                rows = Array(stride(from: 0, to: h, by: 8)) + Array(stride(from: 4, to: h, by: 8))
                    + Array(stride(from: 2, to: h, by: 4)) + Array(stride(from: 1, to: h, by: 2))
            }
            for (k, y) in rows.enumerated() {
                let sy = top + y
                guard sy >= 0, sy < height else { continue }
                for x in 0..<w {
                    let sx = left + x
                    guard sx >= 0, sx < width else { continue }
                    let index = Int(raster[k * w + x])
                    if index == Int(gcb.TransparentColor) || index >= Int(map.pointee.ColorCount) { continue }
                    let c = map.pointee.Colors[index]
                    let o = (sy * width + sx) * 4
                    screen[o] = c.Red; screen[o + 1] = c.Green; screen[o + 2] = c.Blue; screen[o + 3] = 255
                }
            }
            frames.append(.init(rgba: screen, duration: hasGCB ? Double(gcb.DelayTime) / 100 : nil))
            switch gcb.DisposalMode {
            case DISPOSE_BACKGROUND:
                for y in max(top, 0)..<min(top + h, height) {
                    for x in max(left, 0)..<min(left + w, width) { for c in 0..<4 { screen[(y * width + x) * 4 + c] = 0 } }
                }
            case DISPOSE_PREVIOUS: if let saved { screen = saved }
            default: break
            }
        }
        return DecodedRecording(width: width, height: height, frames: frames)
    }

    /// Decodes a video GStreamer can play (WebM here) into RGBA frames.
    public static func video(_ url: URL) throws -> DecodedRecording {
        guard FileManager.default.isReadableFile(atPath: url.path) else {
            throw RecordingError.unreadable(path: url.path, reason: "no such file, or not readable")
        }
        try GStreamer.require(["filesrc", "decodebin", "videoconvert", "appsink"])
        let p = try GStreamer.pipeline("filesrc name=src ! decodebin ! videoconvert ! video/x-raw,format=RGBA ! appsink name=sink sync=false")
        defer { GStreamer.dispose(p) }
        let src = try GStreamer.element("src", in: p)
        gst_util_set_object_arg(UnsafeMutablePointer<GObject>(OpaquePointer(src)), "location", url.path)
        gst_object_unref(UnsafeMutableRawPointer(src))
        let sink = try GStreamer.element("sink", in: p)
        defer { gst_object_unref(UnsafeMutableRawPointer(sink)) }
        try GStreamer.setState(p, GST_STATE_PLAYING)
        var width = 0, height = 0
        var frames: [DecodedRecording.Frame] = []
        while let sample = gst_app_sink_try_pull_sample(lab_gst_app_sink(sink), 30_000_000_000) {
            defer { gst_sample_unref(sample) }
            var w: Int32 = 0, h: Int32 = 0
            lab_gst_sample_size(sample, &w, &h)
            guard w > 0, h > 0 else { throw RecordingError.unreadable(path: url.path, reason: "a frame without a size") }
            if frames.isEmpty { width = Int(w); height = Int(h) }
            guard Int(w) == width, Int(h) == height else {
                throw RecordingError.unreadable(path: url.path, reason: "frame \(frames.count) is \(w)×\(h), not \(width)×\(height)")
            }
            var rgba = [UInt8](repeating: 0, count: width * height * 4)
            // RGBA rows are 4-byte aligned already: the stride is width × 4.
            guard lab_gst_sample_copy_packed(sample, w, h, w * 4, &rgba) != 0 else {
                throw RecordingError.unreadable(path: url.path, reason: "frame \(frames.count) cannot be read")
            }
            let buffer = gst_sample_get_buffer(sample)
            let duration = buffer.map { $0.pointee.duration }.flatMap { $0 == lab_gst_clock_time_none() ? nil : Double($0) / 1e9 }
            frames.append(.init(rgba: rgba, duration: duration))
        }
        if gst_app_sink_is_eos(lab_gst_app_sink(sink)) == 0 {
            throw RecordingError.unreadable(path: url.path, reason: GStreamer.busError(p, wait: 1_000_000_000) ?? "decoding stopped early")
        }
        if let error = GStreamer.busError(p) { throw RecordingError.unreadable(path: url.path, reason: error) }
        guard !frames.isEmpty else { throw RecordingError.unreadable(path: url.path, reason: "no video frames") }
        return DecodedRecording(width: width, height: height, frames: frames)
    }
}
