import CGtk
import Foundation
import SwiftUI
import LayoutLabCore
import LayoutRecording

/// What recording needs of the window: where to ask for the file and where to say how it went.
@MainActor
protocol RecordingHost: AnyObject {
    /// Whether the window previews a person's code (recording is for the built-in content).
    var isPreviewing: Bool { get }
    /// Device pixels per point of the canvas: recordings are made at the screen's sharpness.
    var canvasScaleFactor: Double { get }
    func showToast(_ text: String, folder: URL?, seconds: UInt32)
    func showSaveDialog(title: String, accept: String, name: String, configure: (OpaquePointer) -> Void,
                        chosen: @escaping @MainActor (String, OpaquePointer) -> Void)
}

/// "Record transition…": the file chooser, the progress banner over the canvas while the
/// frames are drawn and encoded on their own thread, and the outcome (a toast, or the error in
/// the banner until dismissed).
@MainActor
final class RecordingController {
    let session: LabSession
    unowned let host: any RecordingHost
    /// The banner over the top of the canvas: title, progress bar, Cancel / Dismiss.
    let banner: Widget
    private let title: Widget
    private let progressBar: Widget
    private let cancelButton: Widget
    private let dismissButton: Widget
    /// The recording running now.
    private(set) var job: RecordingJob?
    private var jobURL: URL?
    private var timer: guint = 0
    private var shownProgress = -1
    /// The last recording's file and summary, or its error (for automation and tests).
    private(set) var lastSummary: RecordingSummary?
    private(set) var lastError: String?
    /// Frames per second of recordings made from the window.
    var framesPerSecond = 30

    init(session: LabSession, host: any RecordingHost) {
        self.session = session
        self.host = host
        title = UI.label("", classes: ["recording-title"], xalign: 0)
        gtk_label_set_ellipsize(lab_label(title), PANGO_ELLIPSIZE_MIDDLE)
        gtk_label_set_max_width_chars(lab_label(title), 48)
        gtk_label_set_wrap(lab_label(title), 0)
        progressBar = gtk_progress_bar_new()!
        gtk_progress_bar_set_show_text(lab_progress_bar(progressBar), 1)
        gtk_widget_set_valign(progressBar, GTK_ALIGN_CENTER)
        gtk_widget_set_hexpand(progressBar, 1)
        cancelButton = UI.button("Cancel") { }
        dismissButton = UI.iconButton("window-close-symbolic", tooltip: "Dismiss") { }
        gtk_widget_add_css_class(dismissButton, "flat")
        let column = UI.column(spacing: 4, [title, progressBar])
        gtk_widget_set_hexpand(column, 1)
        banner = UI.row(spacing: 10, [column, cancelButton, dismissButton])
        gtk_widget_add_css_class(banner, "recording-banner")
        gtk_widget_set_halign(banner, GTK_ALIGN_CENTER)
        gtk_widget_set_valign(banner, GTK_ALIGN_START)
        gtk_widget_set_margin_top(banner, 12)
        gtk_widget_set_margin_start(banner, 12)
        gtk_widget_set_margin_end(banner, 12)
        gtk_widget_set_size_request(banner, 300, -1)
        gtk_widget_set_visible(banner, 0)
        connect(cancelButton, "clicked") { [unowned self] in self.cancel() }
        connect(dismissButton, "clicked") { [unowned self] in gtk_widget_set_visible(self.banner, 0) }
    }

    /// The banner's parts by name, for automation and tests.
    var namedWidgets: [String: Widget] {
        ["recording-banner": banner, "recording-progress": progressBar, "recording-title": title, "recording-cancel": cancelButton]
    }

    var isRecording: Bool { job != nil }

    /// The layout a recording switches to by default: the next one (as presenting's →).
    var defaultTarget: Int { (session.state.layoutIndex + 1) % max(session.layouts.count, 1) }

    /// "flow-to-hstack.gif".
    func defaultName(target: Int, format: RecordingFormat) -> String {
        let s = session
        let from = normalizedName(s.layout.name), to = normalizedName(s.layouts[target].name)
        return "\(from)-to-\(to).\(format.fileExtension)"
    }

    /// The file chooser (GtkFileChooserNative): where, which format, which layout to switch to.
    func recordWithDialog() {
        guard !isRecording else { host.showToast("A recording is being encoded; wait for it or cancel it", folder: nil, seconds: 5); return }
        let s = session
        guard s.layouts.count > 1 else { host.showToast("Recording switches layouts: there is only one", folder: nil, seconds: 5); return }
        let target = defaultTarget
        // The default first: GTK 4.8's fallback chooser does not show a preset choice.
        let targets = [target] + s.layouts.indices.filter { $0 != s.state.layoutIndex && $0 != target }
        host.showSaveDialog(title: "Record Transition", accept: "_Record", name: defaultName(target: target, format: .gif), configure: { chooser in
            withCStrings(targets.map { "\($0)" }) { ids in
                withCStrings(targets.map { "\(s.layout.name) → \(s.layouts[$0].name)" }) { labels in
                    gtk_file_chooser_add_choice(chooser, "target", "Transition", ids, labels)
                }
            }
            gtk_file_chooser_set_choice(chooser, "target", "\(target)")
            withCStrings(RecordingFormat.allCases.map(\.rawValue)) { ids in
                withCStrings(["Animated GIF (giflib)", "WebM video, VP8 (GStreamer)"]) { labels in
                    gtk_file_chooser_add_choice(chooser, "format", "Format", ids, labels)
                }
            }
            gtk_file_chooser_set_choice(chooser, "format", RecordingFormat.gif.rawValue)
        }) { [unowned self] path, chooser in
            let chosenTarget = gtk_file_chooser_get_choice(chooser, "target").flatMap { Int(String(cString: $0)) } ?? target
            let format = gtk_file_chooser_get_choice(chooser, "format").flatMap { RecordingFormat(rawValue: String(cString: $0)) } ?? .gif
            // The Format choice decides: a name ending in another format's extension gets this
            // one's instead, any other name gets it added.
            var url = URL(fileURLWithPath: path)
            // The suggested name, kept, follows the Transition choice.
            let suggested = self.defaultName(target: target, format: .gif)
            if chosenTarget != target, url.deletingPathExtension().lastPathComponent == (suggested as NSString).deletingPathExtension {
                url = url.deletingLastPathComponent().appendingPathComponent(self.defaultName(target: chosenTarget, format: format))
            }
            let path = url.path
            let file = RecordingFormat(path: path) == nil ? path + "." + format.fileExtension
                : url.deletingPathExtension().appendingPathExtension(format.fileExtension).path
            self.start(to: URL(fileURLWithPath: file), target: chosenTarget)
        }
    }

    /// Samples the switch from the current layout to `target` and starts encoding it to `url`
    /// (the format from its extension). Returns false, with the error shown, when it cannot start.
    @discardableResult
    func start(to url: URL, target: Int? = nil, framesPerSecond fps: Int? = nil) -> Bool {
        guard !isRecording else { fail("a recording is already being encoded"); return false }
        let s = session
        guard !host.isPreviewing else { fail("recording is for the built-in scenes and layouts (not in preview mode)"); return false }
        guard let format = RecordingFormat(path: url.path) else { fail(RecordingError.unknownFormat(path: url.path).description); return false }
        let target = target ?? defaultTarget
        let transition: SampledTransition
        do {
            transition = try TransitionRecorder.sample(layouts: s.layouts, scenes: s.scenes, state: s.state, to: target,
                                                       canvasSize: s.canvasSize, framesPerSecond: fps ?? framesPerSecond)
        } catch {
            fail("\(error)")
            return false
        }
        let scale = host.canvasScaleFactor
        lastError = nil
        jobURL = url
        job = RecordingJob(transition, format: format, scale: scale, url: url)
        gtk_widget_remove_css_class(banner, "failed")
        gtk_label_set_wrap(lab_label(title), 0)
        gtk_label_set_ellipsize(lab_label(title), PANGO_ELLIPSIZE_MIDDLE)
        UI.setText(title, "Recording \(transition.from) → \(transition.to) to \(url.lastPathComponent)")
        gtk_widget_set_tooltip_text(title, url.path)
        shownProgress = -1
        gtk_progress_bar_set_fraction(lab_progress_bar(progressBar), 0)
        gtk_progress_bar_set_text(lab_progress_bar(progressBar), "Drawing and encoding…")
        gtk_widget_set_visible(progressBar, 1)
        gtk_widget_set_visible(cancelButton, 1)
        gtk_widget_set_visible(dismissButton, 0)
        gtk_widget_set_visible(banner, 1)
        timer = addTimeout(milliseconds: 50) { [weak self] in self?.poll() ?? false }
        return true
    }

    /// Stops the running recording after its current frame (the file is removed).
    func cancel() { job?.cancel() }

    /// Updates the banner from the encoding thread's progress; ends with the outcome.
    private func poll() -> Bool {
        guard let job else { timer = 0; return false }
        let (done, total) = job.progress
        // Only on a change: each new text lays the banner out again.
        if done != shownProgress {
            shownProgress = done
            gtk_progress_bar_set_fraction(lab_progress_bar(progressBar), total > 0 ? Double(done) / Double(total) : 0)
            gtk_progress_bar_set_text(lab_progress_bar(progressBar), "Frame \(done) of \(total)")
        }
        guard let result = job.result else { return true }
        self.job = nil
        timer = 0
        switch result {
        case .success(let summary):
            lastSummary = summary
            gtk_widget_set_visible(banner, 0)
            let seconds = String(format: "%.2f s", summary.duration)
            host.showToast("Recorded \(summary.url.lastPathComponent): \(summary.frameCount) frames, \(summary.pixelWidth)×\(summary.pixelHeight) px, \(seconds)",
                             folder: summary.url.deletingLastPathComponent(), seconds: 8)
        case .failure(let error as TransitionRecorder.Failure) where error.description == "cancelled":
            gtk_widget_set_visible(banner, 0)
            lastError = "cancelled"
            host.showToast("Recording cancelled", folder: nil, seconds: 5)
        case .failure(let error):
            fail("\(error)")
        }
        return false
    }

    /// Shows why a recording failed in the banner (it stays until dismissed) and on stderr.
    private func fail(_ message: String) {
        lastError = message
        Diagnostics.report("recording failed: \(message)")
        gtk_widget_add_css_class(banner, "failed")
        // The whole message, wrapped: the path and the reason both matter.
        gtk_label_set_ellipsize(lab_label(title), PANGO_ELLIPSIZE_NONE)
        gtk_label_set_wrap(lab_label(title), 1)
        UI.setText(title, "Recording failed: \(message)")
        gtk_widget_set_tooltip_text(title, message)
        gtk_widget_set_visible(progressBar, 0)
        gtk_widget_set_visible(cancelButton, 0)
        gtk_widget_set_visible(dismissButton, 1)
        gtk_widget_set_visible(banner, 1)
    }

    /// The recording's state (for automation).
    func stateJSON() -> [String: Any] {
        let progress = job?.progress ?? (0, 0)
        var out: [String: Any] = [
            "running": isRecording, "done": progress.0, "total": progress.1,
            "bannerVisible": gtk_widget_get_visible(banner) != 0,
            "bannerText": gtk_label_get_text(lab_label(title)).map { String(cString: $0) } ?? "",
            "fraction": gtk_progress_bar_get_fraction(lab_progress_bar(progressBar)),
            "error": lastError ?? "",
        ]
        if let s = lastSummary {
            out["file"] = s.url.path
            out["frames"] = s.frameCount
            out["pixelWidth"] = s.pixelWidth
            out["pixelHeight"] = s.pixelHeight
            out["duration"] = s.duration
            out["format"] = s.format.rawValue
        }
        return out
    }
}

/// Calls `body` with a NULL-terminated C array of `strings`.
private func withCStrings<R>(_ strings: [String], _ body: (UnsafeMutablePointer<UnsafePointer<CChar>?>) -> R) -> R {
    let copies = strings.map { strdup($0) }
    defer { copies.forEach { free($0) } }
    var pointers: [UnsafePointer<CChar>?] = copies.map { $0.map { UnsafePointer($0) } } + [nil]
    return pointers.withUnsafeMutableBufferPointer { body($0.baseAddress!) }
}
