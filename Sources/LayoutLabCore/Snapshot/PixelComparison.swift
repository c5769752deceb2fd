import Foundation
import CPangoCairo

/// How far a new image may be from its baseline and still match.
///
/// A pixel differs when one of its channels (red, green, blue or alpha, 0–255) differs by more
/// than `channel`; the images match when they are the same size and at most `share` of their
/// pixels differ. The defaults absorb what rendering the same layout on another machine changes
/// (antialiased glyph edges from another FreeType or Pango build, cairo's rounding), yet a
/// view that moves or changes colour changes far more pixels than that; and frames are compared
/// exactly anyway.
public struct PixelTolerance: Equatable, Sendable {
    /// The largest difference in one channel that is not a difference.
    public var channel: Int
    /// The fraction (0…1) of pixels that may differ.
    public var share: Double

    /// A tolerance of `channel` levels a channel and a `share` (0…1) of differing pixels.
    public init(channel: Int, share: Double) { self.channel = channel; self.share = share }

    /// 16 levels a channel (about 6 %), 0.1 % of the pixels: about 330 pixels of an iPhone 15
    /// snapshot at scale 1, the edges of a line or two of text.
    public static let standard = PixelTolerance(channel: 16, share: 0.001)

    /// Reads `--tolerance`: a percentage (`0.1%`) or a fraction (`0.001`), 0…1.
    public static func share(parsing text: String) -> Double? {
        let t = text.trimmingCharacters(in: .whitespaces)
        let percent = t.hasSuffix("%")
        guard let v = Double(percent ? String(t.dropLast()) : t), v.isFinite else { return nil }
        let share = percent ? v / 100 : v
        return (0...1).contains(share) ? share : nil
    }

    /// The tolerance as the report states it: `0.1 % of pixels, 16 levels a channel`.
    public var description: String {
        "\(Self.percent(share)) of pixels, \(channel) levels a channel"
    }

    static func percent(_ share: Double) -> String {
        let p = share * 100
        let text = p == p.rounded() ? String(Int(p)) : String(format: "%.3f", p).replacingOccurrences(of: #"0+$"#, with: "", options: .regularExpression)
        return "\(text) %"
    }
}

/// A decoded image: cairo's ARGB32 words (premultiplied alpha), row by row without padding.
public struct SnapshotImage: Sendable, Equatable {
    public var width: Int
    public var height: Int
    public var pixels: [UInt32]

    /// An image of `width`×`height` pixels, `pixels` row by row.
    public init(width: Int, height: Int, pixels: [UInt32]) {
        self.width = width; self.height = height; self.pixels = pixels
    }

    /// Decodes PNG bytes with cairo; nil when they are not a PNG cairo can read.
    public init?(png data: Data) {
        final class Reader { var data: Data; var offset = 0; init(_ d: Data) { data = d } }
        let reader = Reader(data)
        let surface = withExtendedLifetime(reader) {
            cairo_image_surface_create_from_png_stream({ closure, buffer, length in
                guard let closure, let buffer else { return CAIRO_STATUS_READ_ERROR }
                let r = Unmanaged<Reader>.fromOpaque(closure).takeUnretainedValue()
                let n = Int(length)
                guard r.offset + n <= r.data.count else { return CAIRO_STATUS_READ_ERROR }
                r.data.copyBytes(to: buffer, from: r.data.index(r.data.startIndex, offsetBy: r.offset)..<r.data.index(r.data.startIndex, offsetBy: r.offset + n))
                r.offset += n
                return CAIRO_STATUS_SUCCESS
            }, Unmanaged.passUnretained(reader).toOpaque())
        }
        guard let surface else { return nil }
        defer { cairo_surface_destroy(surface) }
        guard cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS else { return nil }
        // PNGs come back as ARGB32 or RGB24; both are 32-bit words with the colour in the low 24 bits.
        let format = cairo_image_surface_get_format(surface)
        cairo_surface_flush(surface)
        let w = Int(cairo_image_surface_get_width(surface)), h = Int(cairo_image_surface_get_height(surface))
        let stride = Int(cairo_image_surface_get_stride(surface))
        guard let bytes = cairo_image_surface_get_data(surface) else { return nil }
        var pixels = [UInt32](repeating: 0, count: w * h)
        let opaque: UInt32 = format == CAIRO_FORMAT_RGB24 ? 0xff00_0000 : 0
        for y in 0..<h {
            let row = UnsafeRawPointer(bytes + y * stride)
            for x in 0..<w { pixels[y * w + x] = row.loadUnaligned(fromByteOffset: x * 4, as: UInt32.self) | opaque }
        }
        self.init(width: w, height: h, pixels: pixels)
    }

    /// The image as PNG bytes.
    public func pngData() throws -> Data {
        let stride = Int(cairo_format_stride_for_width(CAIRO_FORMAT_ARGB32, Int32(width)))
        var bytes = [UInt8](repeating: 0, count: stride * max(height, 1))
        bytes.withUnsafeMutableBytes { raw in
            for y in 0..<height {
                for x in 0..<width { raw.storeBytes(of: pixels[y * width + x], toByteOffset: y * stride + x * 4, as: UInt32.self) }
            }
        }
        final class Sink { var data = Data() }
        let sink = Sink()
        let status: cairo_status_t = bytes.withUnsafeMutableBufferPointer { buffer in
            let surface = cairo_image_surface_create_for_data(buffer.baseAddress, CAIRO_FORMAT_ARGB32, Int32(width), Int32(height), Int32(stride))!
            defer { cairo_surface_destroy(surface) }
            return cairo_surface_write_to_png_stream(surface, { closure, data, length in
                guard let closure, let data else { return CAIRO_STATUS_WRITE_ERROR }
                Unmanaged<Sink>.fromOpaque(closure).takeUnretainedValue().data.append(data, count: Int(length))
                return CAIRO_STATUS_SUCCESS
            }, Unmanaged.passUnretained(sink).toOpaque())
        }
        guard status == CAIRO_STATUS_SUCCESS else { throw LabError("cannot encode a PNG: \(String(cString: cairo_status_to_string(status)))") }
        return sink.data
    }
}

/// The pixels of a new image against its baseline's.
public struct PixelComparison: Sendable {
    /// Pixels that differ beyond the channel tolerance (every pixel outside the smaller image,
    /// when the sizes differ).
    public var differingPixels: Int
    /// Pixels of the larger of the two images.
    public var totalPixels: Int
    /// The largest difference in one channel anywhere (0–255).
    public var largestChannelDifference: Int
    /// The two images' sizes in pixels.
    public var baselineSize: (width: Int, height: Int)
    public var newSize: (width: Int, height: Int)

    /// The share (0…1) of pixels that differ.
    public var share: Double { totalPixels == 0 ? 0 : Double(differingPixels) / Double(totalPixels) }
    /// Whether the two images are the same size (images of other sizes never match).
    public var sameSize: Bool { baselineSize == newSize }

    /// Whether the images match within `tolerance`.
    public func matches(_ tolerance: PixelTolerance) -> Bool {
        sameSize && share <= tolerance.share
    }

    /// Compares every pixel (channels apart by more than `channel` levels differ).
    public init(baseline: SnapshotImage, new: SnapshotImage, channel: Int) {
        baselineSize = (baseline.width, baseline.height)
        newSize = (new.width, new.height)
        let w = max(baseline.width, new.width), h = max(baseline.height, new.height)
        totalPixels = w * h
        var differing = 0, largest = 0
        for y in 0..<h {
            for x in 0..<w {
                guard let a = Self.pixel(baseline, x, y), let b = Self.pixel(new, x, y) else { differing += 1; largest = 255; continue }
                if a == b { continue }
                let d = Self.channelDifference(a, b)
                largest = max(largest, d)
                if d > channel { differing += 1 }
            }
        }
        differingPixels = differing
        largestChannelDifference = largest
    }

    /// An image of where the two differ, over the union of their sizes: the baseline faded to
    /// a light grey so that the layout stays recognisable, differing pixels in strong magenta,
    /// pixels that differ within the channel tolerance in pale amber.
    public static func diffImage(baseline: SnapshotImage, new: SnapshotImage, channel: Int) -> SnapshotImage {
        let w = max(baseline.width, new.width), h = max(baseline.height, new.height)
        var out = [UInt32](repeating: 0, count: w * h)
        let highlight: UInt32 = 0xffe0_1a6e, faint: UInt32 = 0xfff7_d58a
        for y in 0..<h {
            for x in 0..<w {
                let a = pixel(baseline, x, y), b = pixel(new, x, y)
                let p: UInt32
                if let a, let b {
                    if a == b {
                        // Luminance of the baseline, pulled towards white.
                        let r = Double((a >> 16) & 0xff), g = Double((a >> 8) & 0xff), bl = Double(a & 0xff)
                        let lum = 0.299 * r + 0.587 * g + 0.114 * bl
                        let v = UInt32(255 - (255 - lum) * 0.22)
                        p = 0xff00_0000 | v << 16 | v << 8 | v
                    } else {
                        p = channelDifference(a, b) > channel ? highlight : faint
                    }
                } else {
                    p = highlight
                }
                out[y * w + x] = p
            }
        }
        return SnapshotImage(width: w, height: h, pixels: out)
    }

    private static func pixel(_ image: SnapshotImage, _ x: Int, _ y: Int) -> UInt32? {
        x < image.width && y < image.height ? image.pixels[y * image.width + x] : nil
    }

    private static func channelDifference(_ a: UInt32, _ b: UInt32) -> Int {
        var largest = 0
        for shift in stride(from: 0, through: 24, by: 8) {
            largest = max(largest, abs(Int((a >> UInt32(shift)) & 0xff) - Int((b >> UInt32(shift)) & 0xff)))
        }
        return largest
    }
}
