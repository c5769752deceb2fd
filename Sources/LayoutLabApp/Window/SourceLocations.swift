import CGtk
import Foundation
import SwiftUI
import LayoutLabCore
import PreviewHost

/// Where a view of a person's preview was made: the view expression of their file that made
/// it, found in the file's current text (the preview build marks views with the expression's
/// ordinal, which stays when a literal edit moves lines and columns).
struct ViewSourceLocation: Equatable {
    /// The file, as the build was given it (an absolute path).
    var file: String
    /// Where the expression starts: a 1-based line and a 1-based column in UTF-8 bytes, as
    /// compilers count.
    var line: Int
    var column: Int
    /// The expression's last line.
    var endLine: Int
    /// The expression's ordinal in the file (`ViewSourceMark.index`).
    var index: Int
    /// The UTF-8 offsets of the whole expression (its modifier chain included) in the file's
    /// current text.
    var range: Range<Int>

    /// `Profile.swift:42:9`.
    var label: String { "\((file as NSString).lastPathComponent):\(line):\(column)" }
}

/// Maps views' source marks to places in the files as they are now, reading and parsing each
/// file again only when its text changed.
@MainActor
final class SourceLocator {
    private var parsed: [String: (text: String, expressions: [ViewExpression])] = [:]

    /// The view expressions of `file` as it is on disk now (nil when it cannot be read).
    func expressions(in file: String) -> [ViewExpression]? {
        guard let text = try? String(contentsOfFile: file, encoding: .utf8) else { return nil }
        if let known = parsed[file], known.text == text { return known.expressions }
        let expressions = DesignTimeRewriter.viewExpressions(in: text)
        parsed[file] = (text, expressions)
        return expressions
    }

    /// The place of `mark` in its file's current text.
    func location(of mark: ViewSourceMark) -> ViewSourceLocation? {
        guard let expressions = expressions(in: mark.file), expressions.indices.contains(mark.index) else { return nil }
        let e = expressions[mark.index]
        return ViewSourceLocation(file: mark.file, line: e.line, column: e.column, endLine: e.endLine, index: e.index, range: e.start..<e.end)
    }

    /// The nearest view, from `index` up to the root, that a view expression marked, with its mark.
    static func markedView(from index: Int, in result: LayoutResult) -> (view: Int, mark: ViewSourceMark)? {
        guard result.views.indices.contains(index) else { return nil }
        var i: Int? = index
        while let k = i {
            let v = result.views[k]
            if let mark = v.sourceMark { return (k, mark) }
            i = v.parent
        }
        return nil
    }

    /// Where view `index` of `result` was made: its own mark's, or its nearest marked ancestor's.
    func location(ofView index: Int, in result: LayoutResult) -> ViewSourceLocation? {
        Self.markedView(from: index, in: result).flatMap { location(of: $0.mark) }
    }

    /// The view expression of `file` that a click on `line` (at `column`, when known) means:
    /// the innermost one around the column among those starting on the line, else the first
    /// starting on the line, else the innermost spanning it (a `.padding()` line of a chain).
    func expression(atLine line: Int, column: Int?, in file: String) -> ViewExpression? {
        guard let all = expressions(in: file) else { return nil }
        let starting = all.filter { $0.line == line }
        if let column, let text = parsed[file]?.text {
            let offset = Self.offset(line: line, column: column, in: text)
            if let inner = starting.filter({ $0.start <= offset && offset < $0.end }).min(by: { $0.end - $0.start < $1.end - $1.start }) {
                return inner
            }
        }
        if let first = starting.min(by: { $0.start < $1.start }) { return first }
        return all.filter { $0.line <= line && line <= $0.endLine }.min { $0.end - $0.start < $1.end - $1.start }
    }

    /// The views of `result` that the expression `index` of `file` made, in pre-order (the first
    /// is the outermost, what a selection picks).
    static func views(madeBy index: Int, file: String, in result: LayoutResult) -> [Int] {
        let wanted = ViewSourceMark(file: file, index: index)
        return result.views.indices.filter { result.views[$0].sourceMark == wanted }
    }

    /// The UTF-8 offset of a 1-based line and column of `text`.
    static func offset(line: Int, column: Int, in text: String) -> Int {
        var current = 1, offset = 0
        for byte in text.utf8 {
            if current == line { break }
            offset += 1
            if byte == UInt8(ascii: "\n") { current += 1 }
        }
        return offset + max(column - 1, 0)
    }
}

extension PreviewController {
    /// Where view `index` of `result` was made in the person's code (nil: not their code, or
    /// a build without marks). See /tmp/coord/source-location.md for the other panels' use.
    func sourceLocation(ofView index: Int, in result: LayoutResult) -> ViewSourceLocation? {
        sourceLocator.location(ofView: index, in: result)
    }

    /// The views of `result` made on `line` of `file` (at `column` when known): the views of
    /// the one view expression a click there means (`SourceLocator.expression(atLine:column:in:)`).
    func views(madeOnLine line: Int, column: Int? = nil, file: String, in result: LayoutResult) -> [Int] {
        guard let e = sourceLocator.expression(atLine: line, column: column, in: file) else { return [] }
        return SourceLocator.views(madeBy: e.index, file: file, in: result)
    }
}

// MARK: - The Code tab

extension Inspector {
    /// The highlighted line's tag (a band behind the line, readable in light and dark).
    static let sourceLineTag = "selected-source-line"

    /// Installs the highlight's tag in the Code tab's buffer.
    func installSourceLineTag() {
        let tag = gtk_text_tag_new(Self.sourceLineTag)!
        lab_object_set_string(tag.raw, "paragraph-background", "rgba(53,132,228,0.28)")
        gtk_text_tag_table_add(gtk_text_buffer_get_tag_table(codeBuffer), tag)
        g_object_unref(tag.raw)
    }

    /// Where the selected view was made (preview mode), from the current layout.
    func locateSelection() -> ViewSourceLocation? {
        guard let i = session.selectedIndex else { return nil }
        return preview?.sourceLocation(ofView: i, in: session.result)
    }

    /// Highlights the lines of `selectedSource` in the Code tab (when it shows that file) and
    /// scrolls them into view; removes the highlight without one.
    func highlightSelectedSourceLine() {
        guard let codeBuffer else { return }
        var start = GtkTextIter(), end = GtkTextIter()
        gtk_text_buffer_get_bounds(codeBuffer, &start, &end)
        gtk_text_buffer_remove_tag_by_name(codeBuffer, Self.sourceLineTag, &start, &end)
        // Scrolled to only when it moves: a refresh leaves the person's scrolling alone.
        let previous = highlightedCodeLine
        highlightedCodeLine = nil
        guard let source = selectedSource, source.file == codeFile else { return }
        // The tab's first line names the file: the file's line N is the buffer's line N (0-based).
        var from = GtkTextIter(), to = GtkTextIter()
        guard gtk_text_buffer_get_iter_at_line(codeBuffer, &from, Int32(source.line)) != 0 else { return }
        gtk_text_buffer_get_iter_at_line(codeBuffer, &to, Int32(source.line))
        gtk_text_iter_forward_line(&to)
        gtk_text_buffer_apply_tag_by_name(codeBuffer, Self.sourceLineTag, &from, &to)
        highlightedCodeLine = source.line
        guard previous != source.line || scrollsToHighlight else { return }
        scrollsToHighlight = false
        // A mark that stays: the view scrolls to it once it has laid the text out, which may be
        // after this returns (a mark deleted at once would be scrolled to nowhere).
        let mark: UnsafeMutablePointer<GtkTextMark>
        if let kept = gtk_text_buffer_get_mark(codeBuffer, Self.sourceLineTag) {
            mark = kept
            gtk_text_buffer_move_mark(codeBuffer, mark, &from)
        } else {
            mark = gtk_text_buffer_create_mark(codeBuffer, Self.sourceLineTag, &from, 1)
        }
        gtk_text_view_scroll_to_mark(lab_text_view(codeView), mark, 0.05, 1, 0, 0.3)
    }

    /// The point of the Code tab's text view (its own coordinates) at the first character of
    /// the file's line `line` that is not a space, scrolled into view; nil when it is not shown.
    func codeLinePoint(_ line: Int) -> (Double, Double)? {
        guard let codeBuffer else { return nil }
        var iter = GtkTextIter()
        guard gtk_text_buffer_get_iter_at_line(codeBuffer, &iter, Int32(line)) != 0 else { return nil }
        while gtk_text_iter_get_char(&iter) == 0x20 || gtk_text_iter_get_char(&iter) == 0x09 { gtk_text_iter_forward_char(&iter) }
        let mark = gtk_text_buffer_create_mark(codeBuffer, nil, &iter, 1)
        gtk_text_view_scroll_mark_onscreen(lab_text_view(codeView), mark)
        gtk_text_buffer_delete_mark(codeBuffer, mark)
        var rect = GdkRectangle()
        gtk_text_view_get_iter_location(lab_text_view(codeView), &iter, &rect)
        var wx: Int32 = 0, wy: Int32 = 0
        gtk_text_view_buffer_to_window_coords(lab_text_view(codeView), GTK_TEXT_WINDOW_WIDGET, rect.x, rect.y + rect.height / 2, &wx, &wy)
        guard wy >= 0, wy < gtk_widget_get_height(codeView) else { return nil }
        return (Double(wx) + 3, Double(wy))
    }

    /// Selects the views made at widget point (x, y) of the Code tab.
    func codeClicked(x: Double, y: Double) {
        var bx: Int32 = 0, by: Int32 = 0
        gtk_text_view_window_to_buffer_coords(lab_text_view(codeView), GTK_TEXT_WINDOW_WIDGET, Int32(x), Int32(y), &bx, &by)
        var iter = GtkTextIter()
        guard gtk_text_view_get_iter_at_location(lab_text_view(codeView), &iter, bx, by) != 0 else { return }
        // Columns as compilers count them: UTF-8 bytes from the line's start.
        var lineStart = iter
        gtk_text_iter_set_line_offset(&lineStart, 0)
        let piece = gtk_text_iter_get_text(&lineStart, &iter).map { p in defer { g_free(p) }; return String(cString: p) } ?? ""
        selectCodeLine(Int(gtk_text_iter_get_line(&iter)), column: piece.utf8.count + 1)
    }

    /// Selects the first view made on `line` of the file the Code tab shows (automation:
    /// `code-line N`); says so when none is, unless `quietly` (the caret passing a line).
    func selectCodeLine(_ line: Int, column: Int? = nil, quietly: Bool = false) {
        guard let preview, let file = codeFile, line >= 1 else { return }
        let views = preview.views(madeOnLine: line, column: column, file: file, in: session.result)
        guard let first = views.first else {
            if !quietly { host.showToast("No view of this preview is made on line \(line)", folder: nil, seconds: 3) }
            return
        }
        guard session.selectedIndex != first else { return }
        session.selectView(at: first)
    }

    /// The caret of the Code tab moved: when the person moved it (the tab has the focus) to
    /// another line, the views made on that line are selected, as a click there selects them.
    /// Lines that make no view are passed without a word (arrow keys cross many of them).
    func codeCaretMoved() {
        guard !settingCode, codeFile != nil, let codeView, gtk_widget_has_focus(codeView) != 0 else { return }
        var iter = GtkTextIter()
        gtk_text_buffer_get_iter_at_mark(codeBuffer, &iter, gtk_text_buffer_get_insert(codeBuffer))
        let line = Int(gtk_text_iter_get_line(&iter))
        guard line != caretCodeLine else { return }
        caretCodeLine = line
        var lineStart = iter
        gtk_text_iter_set_line_offset(&lineStart, 0)
        let piece = gtk_text_iter_get_text(&lineStart, &iter).map { p in defer { g_free(p) }; return String(cString: p) } ?? ""
        selectCodeLine(line, column: piece.utf8.count + 1, quietly: true)
    }

    /// The selection panel's line for the selected view's source, and the Code tab's highlight.
    func showSelectionSource() {
        selectedSource = locateSelection()
        if let source = selectedSource {
            let key = WindowAction.keyLabel(of: "win.open-in-editor").map { " (\($0) opens it)" } ?? ""
            // Second, after what the view is: where it was made is what a person looks for.
            var lines = session.selectionDescription().components(separatedBy: "\n")
            lines.insert("source: \(source.label)\(key)", at: min(1, lines.count))
            UI.setText(selectionLabel, lines.joined(separator: "\n"))
        }
        if gtk_notebook_get_current_page(lab_notebook(notebook)) == 3 { showCode() } else { highlightSelectedSourceLine() }
    }

    /// The Code tab's Open in Editor button and the editor command's field (empty: found from
    /// the environment, as its placeholder says).
    func makeEditorRow() -> (open: Widget, entry: Widget) {
        let open = UI.button("Open in Editor", action: "win.open-in-editor")
        gtk_widget_set_tooltip_text(open, "Open the selected view's line (else the preview's) in your editor (\(WindowAction.keyLabel(of: "win.open-in-editor") ?? "Ctrl+E"))")
        let entry = gtk_entry_new()!
        let automatic = EditorCommand.launch(file: "FILE", line: 1, column: 1, setting: nil, environment: ProcessInfo.processInfo.environment,
                                             isExecutable: { EditorCommand.isExecutable($0) })
        gtk_entry_set_placeholder_text(lab_entry(entry), automatic.map { "editor: \($0.arguments.first ?? "")" } ?? "editor command")
        gtk_editable_set_text(lab_editable(entry), host.editorCommand ?? "")
        gtk_editable_set_width_chars(lab_editable(entry), 10)
        gtk_widget_set_hexpand(entry, 1)
        gtk_widget_set_tooltip_text(entry, "The command Open in Editor runs: “code”, “gnome-text-editor”, “vim” (in a terminal), or a template with {file}, {line} and {column}. Empty: LAYOUTLAB_EDITOR, VISUAL, EDITOR, VS Code, GNOME Text Editor, then the desktop's default. Enter keeps it.")
        connect(entry, "activate") { [unowned self] in
            let text = String(cString: gtk_editable_get_text(lab_editable(entry))).trimmingCharacters(in: .whitespaces)
            self.host.editorCommand = text.isEmpty ? nil : text
        }
        return (open, entry)
    }
}

extension LabWindow {
    /// Ctrl+E: opens the selected view's line (else the shown preview's `#Preview`) in the
    /// person's editor (`EditorCommand`), detached; says what went wrong in a toast.
    func openInEditor() {
        guard let preview else {
            showToast("Open in Editor opens your own code: layoutlab preview FILE", folder: nil, seconds: 4)
            return
        }
        let place: (file: String, line: Int, column: Int)
        if let source = inspector.locateSelection() {
            place = (source.file, source.line, source.column)
        } else if let shown = preview.previewSource(session) {
            place = (shown.file, shown.line, 1)
        } else {
            showToast("Select a view of your preview to open its line in your editor", folder: nil, seconds: 4)
            return
        }
        guard let launch = EditorCommand.launch(file: place.file, line: place.line, column: place.column, setting: editorCommand,
                                                environment: ProcessInfo.processInfo.environment,
                                                isExecutable: { EditorCommand.isExecutable($0) }) else {
            showToast("No editor found: set one in the Code tab, or LAYOUTLAB_EDITOR, VISUAL or EDITOR", folder: nil, seconds: 6)
            return
        }
        lastEditorLaunch = launch.arguments
        do {
            try EditorCommand.spawnDetached(launch.arguments)
            showToast("Opened \((place.file as NSString).lastPathComponent):\(place.line) with \(launch.arguments.first ?? "") (\(launch.source))",
                      folder: nil, seconds: 4)
        } catch {
            showToast("Could not start \(launch.arguments.first ?? "the editor"): \(error)", folder: nil, seconds: 6)
        }
    }
}
