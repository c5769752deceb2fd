#include <string.h>
#include <gst/gst.h>
#include <gst/app/gstappsrc.h>
#include <gst/app/gstappsink.h>

/* Swift cannot use GStreamer's cast and accessor macros; these inline helpers do. */

static inline GstBin *lab_gst_bin(gpointer p) { return GST_BIN(p); }
static inline GstAppSrc *lab_gst_app_src(gpointer p) { return GST_APP_SRC(p); }
static inline GstAppSink *lab_gst_app_sink(gpointer p) { return GST_APP_SINK(p); }
static inline GstMessageType lab_gst_message_type(GstMessage *m) { return GST_MESSAGE_TYPE(m); }
static inline const char *lab_gst_message_source_name(GstMessage *m) {
    return GST_MESSAGE_SRC(m) ? GST_OBJECT_NAME(GST_MESSAGE_SRC(m)) : "";
}
static inline GstClockTime lab_gst_clock_time_none(void) { return GST_CLOCK_TIME_NONE; }

/** A buffer holding a copy of `size` bytes, stamped with its presentation time and duration (ns). */
static inline GstBuffer *lab_gst_buffer_new_copy(const void *data, gsize size, GstClockTime pts, GstClockTime duration) {
    GstBuffer *buffer = gst_buffer_new_memdup(data, size);
    GST_BUFFER_PTS(buffer) = pts;
    GST_BUFFER_DTS(buffer) = GST_CLOCK_TIME_NONE;
    GST_BUFFER_DURATION(buffer) = duration;
    return buffer;
}

/** Copies a sample's frame (packed 4 bytes per pixel) into `out` (`width * height * 4` bytes,
    rows without padding): the sample's buffer rows are `stride` bytes apart. Returns FALSE when
    the buffer cannot be read or is too small. */
static inline gboolean lab_gst_sample_copy_packed(GstSample *sample, int width, int height, int stride, guint8 *out) {
    GstBuffer *buffer = gst_sample_get_buffer(sample);
    if (!buffer) return FALSE;
    GstMapInfo map;
    if (!gst_buffer_map(buffer, &map, GST_MAP_READ)) return FALSE;
    gboolean ok = map.size >= (gsize)stride * (gsize)(height - 1) + (gsize)width * 4;
    if (ok) for (int y = 0; y < height; y++) memcpy(out + (gsize)y * width * 4, map.data + (gsize)y * stride, (gsize)width * 4);
    gst_buffer_unmap(buffer, &map);
    return ok;
}

/** The width and height a sample's caps announce (0 when missing). */
static inline void lab_gst_sample_size(GstSample *sample, int *width, int *height) {
    *width = 0; *height = 0;
    GstCaps *caps = gst_sample_get_caps(sample);
    if (!caps || gst_caps_get_size(caps) == 0) return;
    GstStructure *s = gst_caps_get_structure(caps, 0);
    gst_structure_get_int(s, "width", width);
    gst_structure_get_int(s, "height", height);
}

/** The first error (or NULL) on the bus, as "element: message"; free with g_free. */
static inline char *lab_gst_bus_pop_error(GstBus *bus, GstClockTime timeout) {
    GstMessage *msg = gst_bus_timed_pop_filtered(bus, timeout, GST_MESSAGE_ERROR);
    if (!msg) return NULL;
    GError *err = NULL;
    gchar *debug = NULL;
    gst_message_parse_error(msg, &err, &debug);
    char *text = g_strdup_printf("%s: %s", GST_OBJECT_NAME(GST_MESSAGE_SRC(msg)), err ? err->message : "unknown error");
    if (err) g_error_free(err);
    g_free(debug);
    gst_message_unref(msg);
    return text;
}

/** Waits for the end of the stream or an error. Returns NULL at the end of the stream, else the
    error as "element: message" (free with g_free). */
static inline char *lab_gst_bus_wait_eos(GstBus *bus, GstClockTime timeout) {
    GstMessage *msg = gst_bus_timed_pop_filtered(bus, timeout, GST_MESSAGE_EOS | GST_MESSAGE_ERROR);
    if (!msg) return g_strdup("timed out waiting for the end of the stream");
    char *text = NULL;
    if (GST_MESSAGE_TYPE(msg) == GST_MESSAGE_ERROR) {
        GError *err = NULL;
        gchar *debug = NULL;
        gst_message_parse_error(msg, &err, &debug);
        text = g_strdup_printf("%s: %s", GST_OBJECT_NAME(GST_MESSAGE_SRC(msg)), err ? err->message : "unknown error");
        if (err) g_error_free(err);
        g_free(debug);
    }
    gst_message_unref(msg);
    return text;
}
