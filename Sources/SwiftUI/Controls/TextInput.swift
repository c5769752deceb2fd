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

    init(text: String, placeholder: String, isSecure: Bool = false, axis: Axis = .horizontal, label: Label) {
        self.text = text; self.placeholder = placeholder; self.isSecure = isSecure; self.axis = axis; self.label = label
    }

    /// Creates a field with a label view (iOS 15) and an optional prompt.
    public init(text: Binding<String>, prompt: Text? = nil, @ViewBuilder label: () -> Label) {
        self.init(text: text.wrappedValue, placeholder: prompt?.string ?? "", label: label())
    }
    /// Creates a field with a label view that grows along `axis` (iOS 16).
    public init(text: Binding<String>, prompt: Text? = nil, axis: Axis, @ViewBuilder label: () -> Label) {
        self.init(text: text.wrappedValue, placeholder: prompt?.string ?? "", axis: axis, label: label())
    }

    /// The text or placeholder, in the environment's text field style.
    public var body: some View {
        _TextFieldBody(text: isSecure ? String(repeating: "•", count: text.count) : text, placeholder: placeholder, axis: axis)
    }
}

extension TextField where Label == Text {
    /// Creates a field whose placeholder is `title`.
    public init<S: StringProtocol>(_ title: S, text: Binding<String>) {
        self.init(text: text.wrappedValue, placeholder: String(title), label: Text(verbatim: String(title)))
    }
    /// Creates a field with a prompt shown when empty (iOS 15).
    public init<S: StringProtocol>(_ title: S, text: Binding<String>, prompt: Text?) {
        self.init(text: text.wrappedValue, placeholder: prompt?.string ?? String(title), label: Text(verbatim: String(title)))
    }
    /// Creates a field that grows along `axis` (iOS 16): vertical fields wrap their text.
    public init<S: StringProtocol>(_ title: S, text: Binding<String>, axis: Axis) {
        self.init(text: text.wrappedValue, placeholder: String(title), axis: axis, label: Text(verbatim: String(title)))
    }
    /// Creates a field with a prompt that grows along `axis` (iOS 16).
    public init<S: StringProtocol>(_ title: S, text: Binding<String>, prompt: Text?, axis: Axis) {
        self.init(text: text.wrappedValue, placeholder: prompt?.string ?? String(title), axis: axis, label: Text(verbatim: String(title)))
    }
    /// Creates a field with editing callbacks (the older spelling; never called here).
    public init<S: StringProtocol>(_ title: S, text: Binding<String>, onEditingChanged: @escaping (Bool) -> Void, onCommit: @escaping () -> Void = {}) {
        self.init(title, text: text)
    }
    /// Creates a field with a commit callback (the older spelling; never called here).
    public init<S: StringProtocol>(_ title: S, text: Binding<String>, onCommit: @escaping () -> Void) {
        self.init(title, text: text)
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
        field = TextField(text: text.wrappedValue, placeholder: prompt?.string ?? "", isSecure: true, label: label())
    }
    /// The field.
    public var body: some View { field }
}

extension SecureField where Label == Text {
    /// Creates a secure field whose placeholder is `title`.
    public init<S: StringProtocol>(_ title: S, text: Binding<String>) {
        field = TextField(text: text.wrappedValue, placeholder: String(title), isSecure: true, label: Text(verbatim: String(title)))
    }
    /// Creates a secure field with a prompt (iOS 15).
    public init<S: StringProtocol>(_ title: S, text: Binding<String>, prompt: Text?) {
        field = TextField(text: text.wrappedValue, placeholder: prompt?.string ?? String(title), isSecure: true, label: Text(verbatim: String(title)))
    }
    /// Creates a secure field with a commit callback (the older spelling; never called here).
    public init<S: StringProtocol>(_ title: S, text: Binding<String>, onCommit: @escaping () -> Void) {
        self.init(title, text: text)
    }
}

struct _TextFieldBody: PrimitiveView {
    let text: String
    let placeholder: String
    let axis: Axis
    static func _makeView(_ view: Self, inputs: _ViewInputs, outputs: inout _ViewOutputs) {
        var i = inputs
        let empty = view.text.isEmpty
        if empty { i.environment.foregroundStyle = ControlPaint.placeholder }
        if view.axis == .horizontal { i.environment.lineLimit = 1 }
        let field = Text(verbatim: empty ? view.placeholder : view.text)
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
    /// Creates an editor over `text`.
    public init(text: Binding<String>) { self.text = text.wrappedValue }
    /// The text, inset, filling the proposal.
    public var body: some View {
        Text(verbatim: text)
            .padding(ControlMetrics.editorInsets)
            .frame(maxWidth: .infinity, maxHeight: .infinity, alignment: .topLeading)
    }
}
