import CGStreamer
import Foundation

/// GStreamer, initialized once per process.
enum GStreamer {
    /// nil once initialized; else why it could not be.
    private static let initError: String? = {
        var error: UnsafeMutablePointer<GError>?
        if gst_init_check(nil, nil, &error) != 0 { return nil }
        defer { if let error { g_error_free(error) } }
        return error.map { String(cString: $0.pointee.message) } ?? "gst_init failed"
    }()

    /// The Debian package that ships each element used here.
    static let packages: [String: String] = [
        "appsrc": "gstreamer1.0-plugins-base", "appsink": "gstreamer1.0-plugins-base",
        "videoconvert": "gstreamer1.0-plugins-base", "decodebin": "gstreamer1.0-plugins-base",
        "vp8enc": "gstreamer1.0-plugins-good", "vp8dec": "gstreamer1.0-plugins-good",
        "webmmux": "gstreamer1.0-plugins-good", "matroskademux": "gstreamer1.0-plugins-good",
        "filesrc": "libgstreamer1.0-0", "filesink": "libgstreamer1.0-0",
    ]

    /// Initializes GStreamer and checks that every element in `elements` is installed.
    static func require(_ elements: [String]) throws {
        if let initError { throw RecordingError.gstreamer("cannot initialize: \(initError)") }
        for name in elements {
            guard let factory = gst_element_factory_find(name) else {
                throw RecordingError.missingPlugin(element: name, package: packages[name] ?? "the GStreamer plugin that has it")
            }
            gst_object_unref(UnsafeMutableRawPointer(factory))
        }
    }

    /// Builds a pipeline from a `gst-launch` description.
    static func pipeline(_ description: String) throws -> UnsafeMutablePointer<GstElement> {
        var error: UnsafeMutablePointer<GError>?
        let pipeline = gst_parse_launch(description, &error)
        if let error {
            defer { g_error_free(error) }
            if let pipeline { gst_object_unref(UnsafeMutableRawPointer(pipeline)) }
            throw RecordingError.gstreamer(String(cString: error.pointee.message))
        }
        guard let pipeline else { throw RecordingError.gstreamer("cannot build \(description)") }
        return pipeline
    }

    /// The element named `name` in `pipeline` (a new reference).
    static func element(_ name: String, in pipeline: UnsafeMutablePointer<GstElement>) throws -> UnsafeMutablePointer<GstElement> {
        guard let e = gst_bin_get_by_name(lab_gst_bin(pipeline), name) else { throw RecordingError.gstreamer("no element \(name)") }
        return e
    }

    /// Sets the pipeline's state; throws the bus's error when the change fails.
    static func setState(_ pipeline: UnsafeMutablePointer<GstElement>, _ state: GstState) throws {
        if gst_element_set_state(pipeline, state) == GST_STATE_CHANGE_FAILURE {
            throw RecordingError.gstreamer(busError(pipeline, wait: 1_000_000_000) ?? "cannot start the pipeline")
        }
    }

    /// The first error message on the pipeline's bus, waiting up to `wait` nanoseconds.
    static func busError(_ pipeline: UnsafeMutablePointer<GstElement>, wait: GstClockTime = 0) -> String? {
        guard let bus = gst_element_get_bus(pipeline) else { return nil }
        defer { gst_object_unref(UnsafeMutableRawPointer(bus)) }
        guard let text = lab_gst_bus_pop_error(bus, wait) else { return nil }
        defer { g_free(text) }
        return String(cString: text)
    }

    /// Waits for the end of the stream; throws the bus's error if one comes first.
    static func waitForEndOfStream(_ pipeline: UnsafeMutablePointer<GstElement>, seconds: Double) throws {
        guard let bus = gst_element_get_bus(pipeline) else { return }
        defer { gst_object_unref(UnsafeMutableRawPointer(bus)) }
        if let text = lab_gst_bus_wait_eos(bus, GstClockTime(seconds * 1e9)) {
            defer { g_free(text) }
            throw RecordingError.gstreamer(String(cString: text))
        }
    }

    /// Stops and releases a pipeline.
    static func dispose(_ pipeline: UnsafeMutablePointer<GstElement>) {
        gst_element_set_state(pipeline, GST_STATE_NULL)
        gst_object_unref(UnsafeMutableRawPointer(pipeline))
    }

    /// Packed frames are `BGRx` in memory on little-endian machines (cairo's ARGB32 words).
    static var cairoFormat: String {
        #if _endian(little)
        return "BGRx"
        #else
        return "xRGB"
        #endif
    }
}

/// Writes a WebM video (VP8) through GStreamer:
/// `appsrc ! videoconvert ! vp8enc ! webmmux ! filesink`, as GNOME's screen recorders do.
///
/// Frames are time-stamped `i / framesPerSecond` (not the wall clock), so the video plays the
/// transition at its true speed however long encoding takes. VP8 is tuned for sharp flat
/// colours: a low quantizer range and a bit rate high enough not to cap it.
public final class WebMWriter: RecordingWriter {
    public let width: Int
    public let height: Int
    public let framesPerSecond: Int
    private let path: String
    private var pipeline: UnsafeMutablePointer<GstElement>?
    private var source: UnsafeMutablePointer<GstElement>?
    private var count: GstClockTime = 0
    private var packed: [UInt8]

    /// Starts the pipeline writing to `url`; throws for a missing plugin or an unwritable path.
    public init(url: URL, width: Int, height: Int, framesPerSecond: Int) throws {
        self.width = width
        self.height = height
        self.framesPerSecond = max(framesPerSecond, 1)
        path = url.path
        packed = [UInt8](repeating: 0, count: width * height * 4)
        try GStreamer.require(["appsrc", "videoconvert", "vp8enc", "webmmux", "filesink"])
        let bitrate = min(max(width * height * self.framesPerSecond / 4, 2_000_000), 200_000_000)
        let p = try GStreamer.pipeline("""
            appsrc name=src format=time is-live=false block=true max-bytes=\(max(width * height * 4 * 4, 1 << 20)) \
            ! videoconvert ! video/x-raw,format=I420 \
            ! vp8enc deadline=1 cpu-used=4 threads=2 end-usage=vbr target-bitrate=\(bitrate) min-quantizer=0 max-quantizer=12 \
              keyframe-max-dist=\(self.framesPerSecond * 10) \
            ! webmmux ! filesink name=sink
            """)
        pipeline = p
        do {
            let src = try GStreamer.element("src", in: p)
            source = src
            let caps = gst_caps_from_string("video/x-raw,format=\(GStreamer.cairoFormat),width=\(width),height=\(height),framerate=\(self.framesPerSecond)/1,pixel-aspect-ratio=1/1")
            gst_app_src_set_caps(lab_gst_app_src(src), caps)
            gst_caps_unref(caps)
            let sink = try GStreamer.element("sink", in: p)
            gst_util_set_object_arg(UnsafeMutablePointer<GObject>(OpaquePointer(sink)), "location", path)
            gst_object_unref(UnsafeMutableRawPointer(sink))
            try GStreamer.setState(p, GST_STATE_PLAYING)
        } catch {
            close()
            if case .gstreamer(let message) = error as? RecordingError, message.contains("sink") {
                throw RecordingError.unwritable(path: path, reason: message)
            }
            throw error
        }
    }

    deinit { close() }

    private func close() {
        if let source { gst_object_unref(UnsafeMutableRawPointer(source)) }
        source = nil
        if let pipeline { GStreamer.dispose(pipeline) }
        pipeline = nil
    }

    public func append(_ frame: RecordingFrame) throws {
        guard let source, let pipeline else { throw RecordingError.unwritable(path: path, reason: "the video is already finished") }
        // A failure downstream (a full disk) stops the encoder; with a blocking source, pushing
        // on would wait for ever, so the bus is checked first.
        if let message = GStreamer.busError(pipeline) {
            close()
            throw RecordingError.gstreamer(message)
        }
        guard frame.width == width, frame.height == height else {
            throw RecordingError.badFrame("frame \(count) is \(frame.width)×\(frame.height), the video \(width)×\(height)")
        }
        let rowBytes = width * 4
        let fps = GstClockTime(framesPerSecond)
        let size = gsize(rowBytes * height)
        let pts = count * 1_000_000_000 / fps, next = (count + 1) * 1_000_000_000 / fps
        let buffer: UnsafeMutablePointer<GstBuffer>
        if frame.stride == rowBytes {
            buffer = frame.pixels.withUnsafeBytes { lab_gst_buffer_new_copy($0.baseAddress, size, pts, next - pts) }
        } else {
            frame.pixels.withUnsafeBytes { src in
                packed.withUnsafeMutableBytes { dst in
                    for y in 0..<height {
                        dst.baseAddress!.advanced(by: y * rowBytes).copyMemory(from: src.baseAddress!.advanced(by: y * frame.stride), byteCount: rowBytes)
                    }
                }
            }
            buffer = packed.withUnsafeBytes { lab_gst_buffer_new_copy($0.baseAddress, size, pts, next - pts) }
        }
        let flow = gst_app_src_push_buffer(lab_gst_app_src(source), buffer)
        guard flow == GST_FLOW_OK else {
            let message = GStreamer.busError(pipeline, wait: 500_000_000) ?? "the encoder stopped (flow \(flow.rawValue))"
            close()
            throw RecordingError.gstreamer(message)
        }
        count += 1
    }

    public func finish() throws {
        guard let source, let pipeline else { return }
        gst_app_src_end_of_stream(lab_gst_app_src(source))
        defer { close() }
        try GStreamer.waitForEndOfStream(pipeline, seconds: 600)
    }
}
