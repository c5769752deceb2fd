import Foundation
import LayoutCore

// TextField, SecureField and TextEditor: the text (or the placeholder) laid out as `Text`, so
// their heights follow the font's line height, as SwiftUI's do.

/// A text field style, as SwiftUI's `TextFieldStyle`: `.automatic` / `.plain` (no border) and
/// `.roundedBorder` (padded 7×6 in a rounded border: a 34-point field with a 22-point line,
/// UIKit's UITextField height).
public protocol TextFieldStyle { var _isRounded: Bool { get } }
/// The default style (no border on iOS).
public struct DefaultTextFieldStyle: TextFieldStyle {
    /// Creates the style.
    public init() {}
    /// Whether fields are drawn with a border (engine-internal).
    public var _isRounded: Bool { false }
}
/// The plain style (no border).
public struct PlainTextFieldStyle: TextFieldStyle {
    /// Creates the style.
    public init() {}
    /// Whether fields are drawn with a border (engine-internal).
    public var _isRounded: Bool { false }
}
/// The rounded border style.
public struct RoundedBorderTextFieldStyle: TextFieldStyle {
    /// Creates the style.
    public init() {}
    /// Whether fields are drawn with a border (engine-internal).
    public var _isRounded: Bool { true }
}
extension TextFieldStyle where Self == DefaultTextFieldStyle {
    /// No border on iOS.
    public static var automatic: DefaultTextFieldStyle { DefaultTextFieldStyle() }
}
extension TextFieldStyle where Self == PlainTextFieldStyle {
    /// No border.
    public static var plain: PlainTextFieldStyle { PlainTextFieldStyle() }
}
extension TextFieldStyle where Self == RoundedBorderTextFieldStyle {
    /// A rounded border, padded 7×6.
    public static var roundedBorder: RoundedBorderTextFieldStyle { RoundedBorderTextFieldStyle() }
}
private enum RoundedFieldKey: EnvironmentKey { static var defaultValue: Bool { false } }
extension View {
    /// Sets the style of text fields in the view, as in SwiftUI.
    public func textFieldStyle<S: TextFieldStyle>(_ style: S) -> some View { withEnvironment { $0[RoundedFieldKey.self] = style._isRounded } }
}

/// A control that displays an editable text, as in SwiftUI.
///
/// Laid out as iOS 17 does: it takes the proposed width (flexible: `frame(maxWidth: .infinity)`
/// around the text) and is one line of the font tall; with `axis: .vertical` the text wraps and
/// `lineLimit` applies. It shows its text, or the prompt (else the title) as a placeholder when
/// the text is empty. `.roundedBorder` pads it 7×6 in a rounded border.
public struct TextField<Label: View>: View {
    let text: String
    let placeholder: String
    let isSecure: Bool
    let axis: Axis
    let label: Label
    /// What typing edits in a live preview (nil: a formatted-value field, not editable yet).
    var binding: Binding<String>? = nil
    /// The older `onCommit:` action, run on Return before the environment's `onSubmit`s.
    var onCommit: (() -> Void)? = nil

    init(text: String, placeholder: String, isSecure: Bool = false, axis: Axis = .horizontal, label: Label,
         binding: Binding<String>? = nil, onCommit: (() -> Void)? = nil) {
        self.text = text; self.placeholder = placeholder; self.isSecure = isSecure; self.axis = axis; self.label = label
        self.binding = binding; self.onCommit = onCommit
    }

    /// Creates a field with a label view (iOS 15) and an optional prompt.
    public init(text: Binding<String>, prompt: Text? = nil, @ViewBuilder label: () -> Label) {
        self.init(text: text.wrappedValue, placeholder: prompt?.string ?? "", label: label(), binding: text)
    }
    /// Creates a field with a label view that grows along `axis` (iOS 16).
    public init(text: Binding<String>, prompt: Text? = nil, axis: Axis, @ViewBuilder label: () -> Label) {
        self.init(text: text.wrappedValue, placeholder: prompt?.string ?? "", axis: axis, label: label(), binding: text)
    }

    /// The text or placeholder, in the environment's text field style.
    public var body: some View {
        _TextFieldBody(text: isSecure ? String(repeating: "•", count: text.count) : text, placeholder: placeholder, axis: axis,
                       binding: binding, onCommit: onCommit)
    }
}

extension TextField where Label == Text {
    /// Creates a field whose placeholder is `title`.
    public init<S: StringProtocol>(_ title: S, text: Binding<String>) {
        self.init(text: text.wrappedValue, placeholder: String(title), label: Text(verbatim: String(title)), binding: text)
    }
    /// Creates a field with a prompt shown when empty (iOS 15).
    public init<S: StringProtocol>(_ title: S, text: Binding<String>, prompt: Text?) {
        self.init(text: text.wrappedValue, placeholder: prompt?.string ?? String(title), label: Text(verbatim: String(title)), binding: text)
    }
    /// Creates a field that grows along `axis` (iOS 16): vertical fields wrap their text.
    public init<S: StringProtocol>(_ title: S, text: Binding<String>, axis: Axis) {
        self.init(text: text.wrappedValue, placeholder: String(title), axis: axis, label: Text(verbatim: String(title)), binding: text)
    }
    /// Creates a field with a prompt that grows along `axis` (iOS 16).
    public init<S: StringProtocol>(_ title: S, text: Binding<String>, prompt: Text?, axis: Axis) {
        self.init(text: text.wrappedValue, placeholder: prompt?.string ?? String(title), axis: axis, label: Text(verbatim: String(title)), binding: text)
    }
    /// Creates a field with editing callbacks (the older spelling; `onCommit` runs on Return in a live preview).
    public init<S: StringProtocol>(_ title: S, text: Binding<String>, onEditingChanged: @escaping (Bool) -> Void, onCommit: @escaping () -> Void = {}) {
        self.init(text: text.wrappedValue, placeholder: String(title), label: Text(verbatim: String(title)), binding: text, onCommit: onCommit)
    }
    /// Creates a field with a commit callback (the older spelling; it runs on Return in a live preview).
    public init<S: StringProtocol>(_ title: S, text: Binding<String>, onCommit: @escaping () -> Void) {
        self.init(text: text.wrappedValue, placeholder: String(title), label: Text(verbatim: String(title)), binding: text, onCommit: onCommit)
    }
    /// Creates a field over a formatted value (iOS 15): it shows `format`'s string of the value.
    public init<S: StringProtocol, F: ParseableFormatStyle>(_ title: S, value: Binding<F.FormatInput>, format: F, prompt: Text? = nil)
        where F.FormatOutput == String {
        self.init(text: format.format(value.wrappedValue), placeholder: prompt?.string ?? String(title), label: Text(verbatim: String(title)))
    }
    /// Creates a field over an optional formatted value (iOS 15): empty when nil.
    public init<S: StringProtocol, F: ParseableFormatStyle>(_ title: S, value: Binding<F.FormatInput?>, format: F, prompt: Text? = nil)
        where F.FormatOutput == String {
        self.init(text: value.wrappedValue.map { format.format($0) } ?? "", placeholder: prompt?.string ?? String(title),
                  label: Text(verbatim: String(title)))
    }
    /// Creates a field over a value shown with a `Formatter`.
    public init<S: StringProtocol, V>(_ title: S, value: Binding<V>, formatter: Formatter) {
        self.init(text: formatter.string(for: value.wrappedValue) ?? "", placeholder: String(title), label: Text(verbatim: String(title)))
    }
}

/// A field for private text, as SwiftUI's `SecureField`: laid out like a `TextField`, the text
/// drawn as one bullet per character.
public struct SecureField<Label: View>: View {
    let field: TextField<Label>
    /// Creates a secure field with a label view and an optional prompt (iOS 15).
    public init(text: Binding<String>, prompt: Text? = nil, @ViewBuilder label: () -> Label) {
        field = TextField(text: text.wrappedValue, placeholder: prompt?.string ?? "", isSecure: true, label: label(), binding: text)
    }
    /// The field.
    public var body: some View { field }
}

extension SecureField where Label == Text {
    /// Creates a secure field whose placeholder is `title`.
    public init<S: StringProtocol>(_ title: S, text: Binding<String>) {
        field = TextField(text: text.wrappedValue, placeholder: String(title), isSecure: true, label: Text(verbatim: String(title)), binding: text)
    }
    /// Creates a secure field with a prompt (iOS 15).
    public init<S: StringProtocol>(_ title: S, text: Binding<String>, prompt: Text?) {
        field = TextField(text: text.wrappedValue, placeholder: prompt?.string ?? String(title), isSecure: true, label: Text(verbatim: String(title)), binding: text)
    }
    /// Creates a secure field with a commit callback (the older spelling; it runs on Return in a live preview).
    public init<S: StringProtocol>(_ title: S, text: Binding<String>, onCommit: @escaping () -> Void) {
        field = TextField(text: text.wrappedValue, placeholder: String(title), isSecure: true, label: Text(verbatim: String(title)), binding: text, onCommit: onCommit)
    }
}

struct _TextFieldBody: PrimitiveView {
    let text: String
    let placeholder: String
    let axis: Axis
    var binding: Binding<String>? = nil
    var onCommit: (() -> Void)? = nil
    /// The colour of the placeholder (a search field's prompt is secondary).
    var placeholderPaint: Paint = ControlPaint.placeholder
    static func _makeView(_ view: Self, inputs: _ViewInputs, outputs: inout _ViewOutputs) {
        var i = inputs
        let empty = view.text.isEmpty
        if empty { i.environment.foregroundStyle = view.placeholderPaint }
        if view.axis == .horizontal { i.environment.lineLimit = 1 }
        let start = outputs.nodes.count
        defer { registerTextInput(view.binding, onCommit: view.onCommit, inputs: inputs, nodes: outputs.nodes[start...]) }
        // The focused field of a live preview shows a caret after its text (before the
        // placeholder), drawn over the text so that it never changes the field's size.
        let focused = inputs.state.graph.map { $0.readsFocus(of: inputs.identity) } ?? false
        let tint = inputs.environment.resolvedTint
        let field = Text(verbatim: empty ? view.placeholder : view.text)
            .overlay(alignment: empty ? .leading : .trailing) {
                if focused { TextCaret(tint: tint, after: !empty) }
            }
            .frame(maxWidth: .infinity, alignment: .leading)
        if inputs.environment[RoundedFieldKey.self] {
            let pad = ControlMetrics.roundedFieldPadding
            buildView(field.padding(.horizontal, pad.h).padding(.vertical, pad.v)
                .background(RoundedRectangle(cornerRadius: 5).fill(Color.white))
                .overlay(RoundedRectangle(cornerRadius: 5).strokeBorder(PaintStyle(paint: ControlPaint.separator), lineWidth: 0.5)), i, &outputs)
        } else {
            buildView(field, i, &outputs)
        }
    }
}

/// A view that displays and edits long text, as SwiftUI's `TextEditor`.
///
/// It takes the whole proposal on both axes (`frame(maxWidth: .infinity, maxHeight: .infinity)`),
/// its text inset 8 at the top and bottom and 5 at the sides (UIKit's UITextView defaults).
public struct TextEditor: View {
    let text: String
    let binding: Binding<String>
    /// Creates an editor over `text` (typed into in a live preview).
    public init(text: Binding<String>) { self.text = text.wrappedValue; binding = text }
    /// The text, inset, filling the proposal.
    public var body: some View { _TextEditorBody(text: text, binding: binding) }
}

/// A text editor's text, editable in a live preview (Return types a new line).
struct _TextEditorBody: PrimitiveView {
    let text: String
    let binding: Binding<String>
    static func _makeView(_ view: Self, inputs: _ViewInputs, outputs: inout _ViewOutputs) {
        let start = outputs.nodes.count
        let focused = inputs.state.graph.map { $0.readsFocus(of: inputs.identity) } ?? false
        let tint = inputs.environment.resolvedTint
        buildView(Text(verbatim: view.text)
            .overlay(alignment: .bottomTrailing) { if focused { TextCaret(tint: tint, after: true) } }
            .padding(ControlMetrics.editorInsets)
            .frame(maxWidth: .infinity, maxHeight: .infinity, alignment: .topLeading), inputs, &outputs)
        registerTextInput(view.binding, onCommit: nil, multiline: true, inputs: inputs, nodes: outputs.nodes[start...])
    }
}

/// The insertion point of a focused text input: a 2-point bar in the tint colour, the text's
/// height, just after the text (or at the start of an empty field).
struct TextCaret: View {
    let tint: Paint
    let after: Bool
    var body: some View {
        Rectangle().fill(PaintStyle(paint: tint)).frame(width: 2).offset(x: after ? 2 : 0)
    }
}

/// Registers a text input's nodes with a live build (nothing for a field without a text
/// binding, or a disabled one). A multi-line input types Return as a new line, so it submits nothing.
func registerTextInput(_ binding: Binding<String>?, onCommit: (() -> Void)?, multiline: Bool = false,
                       inputs: _ViewInputs, nodes: ArraySlice<LayoutNode>) {
    guard let graph = inputs.state.graph, let binding, inputs.environment.isEnabled else { return }
    let submits = multiline ? [] : inputs.environment.submitActions
    let onSubmit: (() -> Void)? = onCommit == nil && submits.isEmpty ? nil : {
        onCommit?()
        for action in submits.reversed() { action() }
    }
    for node in nodes {
        graph.register(.textInput(text: binding, onSubmit: onSubmit, identity: inputs.identity, multiline: multiline), on: node)
    }
}

private enum SubmitActionsKey: EnvironmentKey { static var defaultValue: [() -> Void] { [] } }
extension EnvironmentValues {
    /// The `onSubmit` actions around the text fields inside, outermost first.
    var submitActions: [() -> Void] {
        get { self[SubmitActionsKey.self] }
        set { self[SubmitActionsKey.self] = newValue }
    }
}
