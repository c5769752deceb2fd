import CGtk
import Foundation
import LayoutLabCore
import PreviewHost
import SwiftUI

/// The inspector's edits of a person's code (preview mode): the selected view's expression in
/// its file, value changes that reach the running preview through the literal fast path while
/// a control moves, and atomic writes with one undo step per change.
///
/// A value change (a slider's every step) is sent to the agent from memory at once, without the
/// compiler when only literal values changed; the file is written once the control has been
/// still for `writeDelay` (the end of a drag, a typed number), which is one undo step. An edit
/// that is not a literal value (an added argument or modifier, a removed one) is written at
/// once and compiles as any save does. Before writing, the file on disk is compared with the
/// text last read or written: when the person's editor saved it meanwhile, nothing is written,
/// the view is found again in their text and the inspector says so.
@MainActor
final class SourceEditing {
    unowned let preview: PreviewController
    /// The files edited so far, each with its undo steps.
    private var files: [String: EditedSourceFile] = [:]
    /// A value change not written yet: the file's new text.
    private(set) var pending: (file: String, text: String)?
    /// The view (index in the layout) last located, and the one the pending change is to.
    private var locatedView: Int?
    private var pendingView: Int?
    private var writeTimer: guint = 0
    /// How long a control must be still before its value is written (ms).
    static let writeDelay: UInt32 = 350
    /// What the inspector says about the last edit (a conflict, a failed write), with the time
    /// it was said; nil when all went well.
    private(set) var message: String?
    /// Whether a slider that edits the code is being dragged (its drag gesture began and has
    /// not ended): its end writes the change.
    private(set) var isDragging = false

    /// Follows the drags of `slider` (a GtkRange's own drag gesture), so that a drag is one
    /// write and one undo step however long it pauses.
    func follow(slider: Widget) {
        guard let controllers = gtk_widget_observe_controllers(slider) else { return }
        defer { g_object_unref(UnsafeMutableRawPointer(controllers)) }
        for i in 0..<g_list_model_get_n_items(controllers) {
            guard let item = g_list_model_get_item(controllers, i) else { continue }
            defer { g_object_unref(item) }
            guard g_type_check_instance_is_a(item.assumingMemoryBound(to: GTypeInstance.self), gtk_gesture_drag_get_type()) != 0 else { continue }
            connectPoint(item, "drag-begin") { [weak self] _, _ in self?.isDragging = true }
            connectPoint(item, "drag-end") { [weak self] _, _ in
                self?.isDragging = false
                if self?.pending != nil { self?.flush() }
            }
        }
    }

    /// A widget of the window (whose surface tells whether the pointer's button is held).
    var pointerWidget: Widget?
    /// Called when the file's text or the message changed: the inspector shows the view again.
    var onChange: @MainActor () -> Void = {}
    /// Which files were written by each step, newest last (undo takes the last).
    private var undoOrder: [String] = []
    private var redoOrder: [String] = []
    /// Edits written (automation reports it).
    private(set) var writes = 0
    /// When the last change was made (monotonic seconds): the window's undo takes the newer of
    /// this history and the session's.
    private(set) var lastEdit = -Double.infinity

    init(preview: PreviewController) {
        self.preview = preview
    }

    /// A selected view as its source writes it.
    struct Located {
        var file: String
        var view: ViewSource
        /// The file's text it was read from (pending edits included).
        var text: String
    }

    /// The text of `path` as the inspector edits it: a pending change, else what was last read
    /// or written (read again when the disk changed).
    func currentText(_ path: String) -> String? {
        if let pending, pending.file == path { return pending.text }
        guard let file = document(path) else { return nil }
        file.refresh()
        return file.text
    }

    private func document(_ path: String) -> EditedSourceFile? {
        if let f = files[path] { return f }
        guard let f = try? EditedSourceFile(path: path) else { return nil }
        files[path] = f
        return f
    }

    /// The selected view of `session` in its file, when the canvas shows a person's preview.
    func locate(_ session: LabSession) -> Located? {
        guard preview.showsPreview(session), let index = session.selectedIndex else { return nil }
        // Another view's change is written first: the build's places are the disk's text.
        if pending != nil, pendingView != index { flush(notify: false) }
        locatedView = index
        guard let (file, start) = preview.sourceStart(ofView: index, session: session),
              let text = currentText(file) else { return nil }
        let editor = ViewSourceEditor(text: text)
        guard editor.parses, let view = editor.view(atOffset: start) else { return nil }
        return Located(file: file, view: view, text: text)
    }

    // MARK: Edits

    /// Sets `argument` of the view to `value` (Swift source). The running preview follows at
    /// once when only a literal value changed; the file is written when the control is still.
    func set(_ argument: SourceArgument, to value: String, in located: Located) {
        guard argument.text != value else { return }
        let text = ViewSourceEditor(text: located.text).setting(argument, to: value)
        change(located.file, to: text)
    }

    /// Writes a structural edit (`edit` makes the new text from the view), as one step.
    func edit(_ located: Located, _ edit: (ViewSourceEditor, ViewSource) -> String?) {
        guard let text = edit(ViewSourceEditor(text: located.text), located.view) else { return }
        change(located.file, to: text)
        flush()
    }

    private func change(_ file: String, to text: String) {
        if let p = pending, p.file != file { flush() }
        if pending == nil, let edited = document(file), edited.refresh() {
            // Their editor saved since the inspector read it: their text wins.
            conflict(file)
            return
        }
        pending = (file, text)
        pendingView = locatedView
        lastEdit = monotonicSeconds()
        message = nil
        // From memory to the agent: no compiler when only literal values changed.
        _ = preview.sendLiterals(texts: [file: text])
        if writeTimer != 0 { g_source_remove(writeTimer) }
        writeTimer = addTimeout(milliseconds: Self.writeDelay) { [weak self] in
            // A slider still held is a drag going on: one step, written when it is let go.
            if self?.isDragging == true || self?.primaryButtonIsDown() == true { return true }
            self?.writeTimer = 0
            self?.flush()
            return false
        }
    }

    /// Whether the pointer's primary button is held (a drag is going on).
    /// (Asked of the window's surface: the device's own modifier state does not carry the
    /// buttons on X11.)
    func primaryButtonIsDown() -> Bool {
        guard let widget = pointerWidget, let native = gtk_widget_get_native(widget), let surface = gtk_native_get_surface(native),
              let display = gdk_display_get_default(), let seat = gdk_display_get_default_seat(display),
              let pointer = gdk_seat_get_pointer(seat) else { return false }
        var x = 0.0, y = 0.0
        var mask = GdkModifierType(rawValue: 0)
        gdk_surface_get_device_position(surface, pointer, &x, &y, &mask)
        return mask.rawValue & GDK_BUTTON1_MASK.rawValue != 0
    }

    /// Writes the pending change now (a drag ended, the selection changed, undo was asked).
    func flush(notify: Bool = true) {
        if writeTimer != 0 { g_source_remove(writeTimer); writeTimer = 0 }
        guard let p = pending, let edited = document(p.file) else { pending = nil; return }
        pending = nil
        switch edited.write(p.text) {
        case .written:
            undoOrder.append(p.file)
            redoOrder = []
            writes += 1
        case .changedOnDisk:
            conflict(p.file, notify: notify)
        case .failed(let why):
            message = "Could not write \((p.file as NSString).lastPathComponent): \(why)"
        }
        if notify { onChange() }
    }

    private func conflict(_ file: String, notify: Bool = true) {
        pending = nil
        message = "\((file as NSString).lastPathComponent) changed on disk (your editor saved it): the inspector shows that version now; nothing was overwritten."
        if notify { onChange() }
    }

    var canUndo: Bool { pending != nil || !undoOrder.isEmpty }
    var canRedo: Bool { pending == nil && !redoOrder.isEmpty }

    /// Writes the file as it was before the last step (the preview follows the write as it
    /// follows any save: through the fast path when only literal values changed).
    func undo() {
        flush()
        guard let path = undoOrder.last, let file = document(path) else { return }
        report(file.undo(), path) { undoOrder.removeLast(); redoOrder.append(path) }
    }

    func redo() {
        guard pending == nil, let path = redoOrder.last, let file = document(path) else { return }
        report(file.redo(), path) { redoOrder.removeLast(); undoOrder.append(path) }
    }

    private func report(_ outcome: EditedSourceFile.WriteOutcome?, _ path: String, done: () -> Void) {
        switch outcome {
        case .written?:
            done()
            writes += 1
            message = nil
            // At once, not at the watcher's next look: undo feels immediate.
            _ = preview.sendLiterals(texts: [path: document(path)?.text ?? ""])
        case .changedOnDisk?: conflict(path)
        case .failed(let why)?: message = "Could not write \((path as NSString).lastPathComponent): \(why)"
        case nil: break
        }
        onChange()
    }

    /// For automation and tests.
    func stateJSON() -> [String: Any] {
        ["writes": writes, "canUndo": canUndo, "canRedo": canRedo, "pending": pending != nil, "message": message ?? ""]
    }
}

extension PreviewController {
    /// Sends the literal values of files' new texts (not written yet) to the running agent:
    /// the inspector's fast path while a control moves. False when they differ from what the
    /// agent runs in more than literal values (the write will compile them).
    func sendLiterals(texts: [String: String]) -> Bool {
        guard !isBuilding, let host, showsPreview(host.session), let update = service.literalUpdate(texts: texts) else { return false }
        if update.values.isEmpty { return true }
        literalUpdatesSent.append(update)
        sendLive(update.event, session: host.session)
        return true
    }

    /// Where the expression of view `index` of the shown preview starts: its file and UTF-8
    /// offset.
    func sourceStart(ofView index: Int, session: LabSession) -> (file: String, start: Int)? {
        let result = session.result
        // The preview build's mark of the view: its expression in the file as it is now.
        if let location = sourceLocation(ofView: index, in: result) { return (location.file, location.range.lowerBound) }
        // A build without marks: the k-th view of its type in the layout is taken for the k-th
        // expression of that type in the preview's file.
        guard result.views.indices.contains(index), let file = previewSource(session)?.file,
              let text = sourceEditing.currentText(file) else { return nil }
        let kind = result.views[index].kind
        let rank = (0..<index).filter { result.views[$0].kind == kind }.count
        let candidates = ViewSourceEditor(text: text).views().filter { $0.typeName == kind }
        guard candidates.indices.contains(rank) else { return nil }
        return (file, candidates[rank].span.start)
    }
}
