import CGtk
import Foundation
import LayoutLabCore
import PreviewHost

/// The inspector's "Your code" section (preview mode): the selected view's initializer and
/// modifiers as the person's source writes them, each literal argument editable in place, a
/// modifier added or removed, undo and redo of the file. The Container section's spacing and
/// alignment drive the source of a selected stack (see `Inspector.sourceStack`).
@MainActor
final class SourceSection {
    unowned let editing: SourceEditing
    let root: Widget
    private let title: Widget
    private let message: Widget
    private let rows: Widget
    private let addModifier: Widget
    private let undoButton: Widget, redoButton: Widget
    /// The view shown: where it is and what it has (rows are rebuilt when this changes).
    private(set) var located: SourceEditing.Located?
    private var signature = ""
    /// The value widget of each argument shown, by its key (`SourceSection.key`).
    private var valueWidgets: [String: (widget: Widget, kind: SourceArgument.Kind)] = [:]
    /// True while values are set from the source (their handlers then change nothing).
    private var syncing = false
    /// Named controls, for automation (`source-…`).
    private(set) var named: [String: Widget] = [:]

    /// The modifiers a person can add, with what is written.
    static let addable: [(title: String, code: String)] = [
        ("padding", "padding()"), ("frame", "frame(width: 100, height: 100)"), ("background", "background(.yellow)"),
    ]

    init(editing: SourceEditing) {
        self.editing = editing
        title = UI.label("", classes: ["monospace"])
        gtk_label_set_wrap(lab_label(title), 1)
        gtk_label_set_selectable(lab_label(title), 1)
        message = UI.label("", classes: ["warning"])
        gtk_label_set_wrap(lab_label(message), 1)
        rows = UI.column(spacing: 4, [])
        addModifier = UI.dropDown(["Add a modifier…"] + Self.addable.map { ".\($0.title)" }, selected: 0) { _ in }
        undoButton = UI.iconButton("edit-undo-symbolic", tooltip: "Undo the last change to your file (Ctrl+Z)") {}
        redoButton = UI.iconButton("edit-redo-symbolic", tooltip: "Redo (Ctrl+Shift+Z)") {}
        gtk_widget_set_hexpand(addModifier, 1)
        root = UI.column(spacing: 4, [title, message, rows, UI.row(spacing: 4, [addModifier, UI.linked([undoButton, redoButton])])])
        named = ["source-title": title, "source-message": message, "source-add-modifier": addModifier,
                 "source-undo": undoButton, "source-redo": redoButton]
        connectNotify(addModifier, "selected") { [unowned self] in
            let i = Int(gtk_drop_down_get_selected(lab_drop_down(self.addModifier)))
            guard !self.syncing, i > 0, let located = self.located else { return }
            let code = Self.addable[i - 1].code
            self.editing.edit(located) { editor, view in editor.addingModifier(code, to: view) }
            self.syncing = true
            UI.setDropDown(self.addModifier, 0)
            self.syncing = false
        }
        connect(undoButton, "clicked") { [unowned self] in self.editing.undo() }
        connect(redoButton, "clicked") { [unowned self] in self.editing.redo() }
    }

    /// Shows `located` (nil: nothing of the person's code is selected).
    func show(_ located: SourceEditing.Located?, placeholder: String) {
        self.located = located
        syncing = true
        defer { syncing = false }
        UI.setText(message, editing.message ?? "")
        gtk_widget_set_visible(message, editing.message == nil ? 0 : 1)
        gtk_widget_set_sensitive(undoButton, editing.canUndo ? 1 : 0)
        gtk_widget_set_sensitive(redoButton, editing.canRedo ? 1 : 0)
        gtk_widget_set_sensitive(addModifier, located == nil ? 0 : 1)
        guard let located else {
            UI.setText(title, placeholder)
            if !signature.isEmpty { clearRows() }
            signature = ""
            return
        }
        let v = located.view
        UI.setText(title, "\(v.typeName) · \((located.file as NSString).lastPathComponent):\(v.span.from.line):\(v.span.from.column)")
        let newSignature = "\(located.file)@\(v.span.start):" + v.calls.map(\.name).joined(separator: ",") + "|"
            + v.arguments.map { Self.key($0) + $0.kind.rawValue }.joined(separator: ",")
        if newSignature != signature {
            signature = newSignature
            rebuild(v)
        }
        for argument in v.arguments {
            guard let (widget, kind) = valueWidgets[Self.key(argument)], lab_widget_has_focus_within(widget) == 0 else { continue }
            setValue(widget, kind, argument)
        }
    }

    static func key(_ a: SourceArgument) -> String { "\(a.call).\(a.inner ?? "").\(a.index)" }

    private func clearRows() {
        while let child = gtk_widget_get_first_child(rows) { gtk_box_remove(lab_box(rows), child) }
        valueWidgets = [:]
        named = named.filter { !$0.key.hasPrefix("source-arg") && !$0.key.hasPrefix("source-remove") }
    }

    private func rebuild(_ view: ViewSource) {
        clearRows()
        for (k, call) in view.calls.enumerated() {
            let name = UI.label(k == 0 ? call.name : ".\(call.name)", classes: ["monospace"])
            gtk_widget_set_hexpand(name, 1)
            gtk_widget_set_tooltip_text(name, "Line \(call.span.from.line), column \(call.span.from.column)")
            var header = [name]
            if k > 0 {
                let remove = UI.iconButton("list-remove-symbolic", tooltip: "Remove .\(call.name) from your code") { [unowned self] in
                    guard let located = self.located else { return }
                    self.editing.edit(located) { editor, view in editor.removingModifier(k, of: view) }
                }
                gtk_widget_add_css_class(remove, "flat")
                header.append(remove)
                named["source-remove-\(k)"] = remove
            }
            UI.append(rows, UI.row(spacing: 4, header))
            for argument in view.arguments where argument.call == k {
                let caption = [argument.inner, argument.label].compactMap { $0 }.joined(separator: " ")
                let widget = valueWidget(argument)
                gtk_widget_set_tooltip_text(widget, "\(argument.text) — line \(argument.span.from.line), column \(argument.span.from.column)")
                let field = UI.field(caption.isEmpty ? "value" : caption, [widget], captionWidth: 110)
                gtk_widget_set_margin_start(field, 12)
                UI.append(rows, field)
                valueWidgets[Self.key(argument)] = (widget, argument.kind)
                named["source-arg-\(k)-\(argument.label ?? String(argument.index))"] = widget
            }
        }
    }

    /// The argument `like` names, in the view as it is now (a value edited before it may have
    /// moved it).
    private func current(_ like: SourceArgument) -> SourceArgument? {
        located?.view.arguments.first { Self.key($0) == Self.key(like) }
    }

    private func valueWidget(_ argument: SourceArgument) -> Widget {
        switch argument.kind {
        case .integer, .float:
            let float = argument.kind == .float
            let spin = UI.spin(min: -100_000, max: 100_000, value: argument.number ?? 0, digits: float ? 2 : 0, widthChars: 6) { [unowned self] v in
                guard !self.syncing, let located = self.located, let a = self.current(argument) else { return }
                self.editing.set(a, to: ViewSourceEditor.literal(v, replacing: a.kind), in: located)
            }
            if float { gtk_spin_button_set_increments(lab_spin_button(spin), 0.5, 5) }
            return spin
        case .boolean:
            return UI.toggleSwitch(active: argument.text == "true") { [unowned self] on in
                guard !self.syncing, let located = self.located, let a = self.current(argument) else { return }
                self.editing.set(a, to: on ? "true" : "false", in: located)
            }
        case .string, .member:
            let entry = gtk_entry_new()!
            gtk_editable_set_text(lab_editable(entry), argument.text)
            gtk_widget_set_hexpand(entry, 1)
            connect(entry, "activate") { [unowned self] in
                guard let located = self.located, let a = self.current(argument) else { return }
                let text = String(cString: gtk_editable_get_text(lab_editable(entry))).trimmingCharacters(in: .whitespaces)
                // Only a value of the same kind: a member for a member, a string literal for a string.
                guard ViewSourceEditor.kind(ofArgument: text) == a.kind else {
                    gtk_widget_add_css_class(entry, "error")
                    return
                }
                gtk_widget_remove_css_class(entry, "error")
                self.editing.set(a, to: text, in: located)
                self.editing.flush()
            }
            return entry
        case .nil, .expression:
            let label = UI.label(argument.text, classes: ["monospace", "dim-label"])
            gtk_label_set_ellipsize(lab_label(label), PANGO_ELLIPSIZE_END)
            gtk_widget_set_hexpand(label, 1)
            return label
        }
    }

    private func setValue(_ widget: Widget, _ kind: SourceArgument.Kind, _ argument: SourceArgument) {
        switch kind {
        case .integer, .float: UI.setSpinValue(widget, argument.number ?? 0)
        case .boolean: UI.setSwitch(widget, argument.text == "true")
        case .string, .member: gtk_editable_set_text(lab_editable(widget), argument.text)
        case .nil, .expression: UI.setText(widget, argument.text)
        }
    }
}

/// The stacks whose spacing and alignment the Container section edits in a person's source,
/// with the alignment members each takes.
enum SourceStacks {
    static let horizontalAlignments = [".top", ".center", ".bottom", ".firstTextBaseline", ".lastTextBaseline"]
    static let verticalAlignments = [".leading", ".center", ".trailing"]
    static let zAlignments = [".topLeading", ".top", ".topTrailing", ".leading", ".center", ".trailing",
                              ".bottomLeading", ".bottom", ".bottomTrailing"]

    /// The alignment members of a stack type; nil for other views.
    static func alignments(of typeName: String) -> [String]? {
        switch typeName {
        case "HStack", "LazyHStack", "SwiftUI.HStack": horizontalAlignments
        case "VStack", "LazyVStack", "SwiftUI.VStack": verticalAlignments
        case "ZStack", "SwiftUI.ZStack": zAlignments
        default: nil
        }
    }

    /// Whether the type takes a `spacing:` argument.
    static func hasSpacing(_ typeName: String) -> Bool {
        ["HStack", "VStack", "LazyHStack", "LazyVStack", "SwiftUI.HStack", "SwiftUI.VStack"].contains(typeName)
    }
}

// The inspector's side of editing a person's code: the "Your code" section, and the Container
// section's spacing and alignment on a selected stack of theirs.
extension Inspector {
    /// The named controls, those of "Your code" included.
    var allNamed: [String: Widget] { named.merging(sourceSection?.named ?? [:]) { a, _ in a } }

    func buildSourceSection(_ c: Widget, _ preview: any PreviewInfo) {
        UI.append(c, UI.heading("Your code"))
        let section = SourceSection(editing: preview.sourceEditing)
        sourceSection = section
        UI.append(c, section.root)
        preview.sourceEditing.onChange = { [weak self] in self?.showSelection() }
        preview.sourceEditing.pointerWidget = section.root
        preview.sourceEditing.follow(slider: spacingScale)
    }

    /// Finds the selected view in the person's source and shows it in "Your code"; notes it
    /// as `sourceStack` when the Container section can edit it.
    func syncSource() {
        guard let preview, let section = sourceSection else { return }
        let located = preview.sourceEditing.locate(session)
        let placeholder = !showsOwnPreview ? "A built-in scene: its code is in the Code tab."
            : session.selectedIndex == nil ? "Select a view (Ctrl+click while Live) to edit its code here."
            : "The selected view is not written in your file as a view expression this can edit."
        section.show(located, placeholder: placeholder)
        guard let located, SourceStacks.alignments(of: located.view.typeName) != nil else {
            sourceStack = nil
            return
        }
        sourceStack = located
    }

    func syncSourceSpacing(_ stack: SourceEditing.Located) {
        let argument = stack.view.argument(label: "spacing")
        let value = argument?.number
        let editable = argument == nil || value != nil
        gtk_widget_set_sensitive(spacingRow, editable ? 1 : 0)
        gtk_widget_set_tooltip_text(spacingRow, editable ? "The spacing: argument of your \(stack.view.typeName) (line \(stack.view.span.from.line)): changing it rewrites your file"
                                    : "Your \(stack.view.typeName)'s spacing is computed (\(argument?.text ?? "")): edit it in your editor")
        UI.setScale(spacingScale, min(max(value ?? 8, -20), 80))
        UI.setSpinValue(spacingEntry, value ?? 8)
        gtk_widget_set_sensitive(spacingEntry, value == nil ? 0 : 1)
        gtk_widget_set_sensitive(spacingScale, value == nil ? 0 : 1)
        UI.setToggle(spacingNil, argument == nil)
    }

    func syncSourceAlignment(_ stack: SourceEditing.Located, _ members: [String]) {
        if sourceAlignmentMembers != members {
            sourceAlignmentMembers = members
            alignmentAxes = nil
            UI.setDropDownItems(alignment, members)
        }
        let argument = stack.view.argument(label: "alignment")
        let editable = argument == nil || (argument?.kind == .member && members.contains(argument?.text ?? ""))
        gtk_widget_set_sensitive(alignmentRow, editable ? 1 : 0)
        gtk_widget_set_tooltip_text(alignmentRow, editable ? "The alignment: argument of your \(stack.view.typeName): changing it rewrites your file"
                                    : "Your \(stack.view.typeName)'s alignment is \(argument?.text ?? ""): edit it in your editor")
        UI.setDropDown(alignment, members.firstIndex(of: argument?.text ?? ".center") ?? 0)
    }

    /// The spacing control on a person's stack: its `spacing:` literal set (the preview follows
    /// through the fast path), added, or removed (nil). False when no stack of theirs is
    /// selected.
    func setSourceSpacing(_ value: Double?) -> Bool {
        guard let stack = sourceStack, SourceStacks.hasSpacing(stack.view.typeName), let editing = preview?.sourceEditing else { return false }
        guard !host.isSyncing, value?.isFinite ?? true else { return true }
        let argument = stack.view.argument(label: "spacing")
        switch (argument, value) {
        case (let a?, let v?):
            editing.set(a, to: ViewSourceEditor.literal(v.rounded(), replacing: a.kind), in: stack)
        case (nil, let v?):
            editing.edit(stack) { editor, view in editor.addingArgument(label: "spacing", value: ViewSourceEditor.literal(v.rounded(), replacing: .integer), of: view) }
        case (let a?, nil):
            editing.edit(stack) { editor, view in editor.removingArgument(a, of: view) }
        case (nil, nil):
            break
        }
        showSelection()
        return true
    }

    /// The alignment menu on a person's stack: its `alignment:` member set or added.
    func setSourceAlignment(_ index: Int) -> Bool {
        guard let stack = sourceStack, let members = sourceAlignmentMembers, let editing = preview?.sourceEditing else { return false }
        guard !host.isSyncing, members.indices.contains(index) else { return true }
        let chosen = members[index]
        if let a = stack.view.argument(label: "alignment") {
            editing.set(a, to: chosen, in: stack)
            editing.flush()
        } else if chosen != ".center" {
            editing.edit(stack) { editor, view in editor.addingArgument(label: "alignment", value: chosen, of: view) }
        }
        showSelection()
        return true
    }
}
