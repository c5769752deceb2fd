import Foundation
import LayoutCore

enum ButtonStyleKind: Sendable { case automatic, bordered, borderedProminent, plain, borderless }

/// The role of a button, as SwiftUI's `ButtonRole`: a destructive button's label is red.
public struct ButtonRole: Hashable, Sendable {
    let kind: Int
    /// A button that deletes something (drawn red).
    public static let destructive = ButtonRole(kind: 1)
    /// A button that cancels.
    public static let cancel = ButtonRole(kind: 2)
}

/// The style of buttons whose body is built around a trigger, as SwiftUI's `PrimitiveButtonStyle`;
/// the built-in styles `.automatic`, `.bordered`, `.borderedProminent`, `.plain`, `.borderless` are ones.
public protocol PrimitiveButtonStyle {
    /// The view of a styled button.
    associatedtype Body: View
    /// The button's view.
    @ViewBuilder func makeBody(configuration: Configuration) -> Body
    /// What a style is given.
    typealias Configuration = PrimitiveButtonStyleConfiguration
}

/// The style of buttons, as SwiftUI's `ButtonStyle`: `makeBody` gets the label and whether the
/// button is pressed (never, in a layout).
public protocol ButtonStyle {
    /// The view of a styled button.
    associatedtype Body: View
    /// The button's view.
    @ViewBuilder func makeBody(configuration: Configuration) -> Body
    /// What a style is given.
    typealias Configuration = ButtonStyleConfiguration
}

/// The label of a button as a style sees it (engine-internal view).
public struct _StyledLabel: PrimitiveView {
    let content: AnyView
    /// Builds the button's label (engine-internal).
    public static func _makeView(_ view: Self, inputs: _ViewInputs, outputs: inout _ViewOutputs) {
        buildView(view.content, inputs, &outputs)
    }
}

/// What a `ButtonStyle` is given, as in SwiftUI.
public struct ButtonStyleConfiguration {
    /// The button's label.
    public typealias Label = _StyledLabel
    /// The button's role, if any.
    public let role: ButtonRole?
    /// The button's label.
    public let label: Label
    /// Whether the button is pressed: never, in a layout.
    public let isPressed: Bool
}

/// What a `PrimitiveButtonStyle` is given, as in SwiftUI.
public struct PrimitiveButtonStyleConfiguration {
    /// The button's label.
    public typealias Label = _StyledLabel
    /// The button's role, if any.
    public let role: ButtonRole?
    /// The button's label.
    public let label: Label
    let action: () -> Void
    /// Runs the button's action.
    public func trigger() { action() }
}

/// A built-in button style (engine-internal).
protocol BuiltInButtonStyle: PrimitiveButtonStyle {
    var kind: ButtonStyleKind { get }
}


/// The platform's default button style: the label in the tint color (like `borderless`).
public struct DefaultButtonStyle: BuiltInButtonStyle {
    var kind: ButtonStyleKind { .automatic }
    /// Creates the style.
    public init() {}
    /// The label drawn in the style.
    public func makeBody(configuration: Configuration) -> some View {
        _BuiltInButton(kind: kind, label: configuration.label, role: configuration.role)
    }
}
/// The bordered style: the label in the tint color, padded (12×7 at the regular control size)
/// on a light gray rounded rectangle.
public struct BorderedButtonStyle: BuiltInButtonStyle {
    var kind: ButtonStyleKind { .bordered }
    /// Creates the style.
    public init() {}
    /// The label drawn in the style.
    public func makeBody(configuration: Configuration) -> some View {
        _BuiltInButton(kind: kind, label: configuration.label, role: configuration.role)
    }
}
/// The bordered prominent style: the label in white, padded like `bordered`, on a tint-colored
/// rounded rectangle.
public struct BorderedProminentButtonStyle: BuiltInButtonStyle {
    var kind: ButtonStyleKind { .borderedProminent }
    /// Creates the style.
    public init() {}
    /// The label drawn in the style.
    public func makeBody(configuration: Configuration) -> some View {
        _BuiltInButton(kind: kind, label: configuration.label, role: configuration.role)
    }
}
/// The borderless style: the label in the tint color, with no background.
public struct BorderlessButtonStyle: BuiltInButtonStyle {
    var kind: ButtonStyleKind { .borderless }
    /// Creates the style.
    public init() {}
    /// The label drawn in the style.
    public func makeBody(configuration: Configuration) -> some View {
        _BuiltInButton(kind: kind, label: configuration.label, role: configuration.role)
    }
}
/// The plain style: the label as is.
public struct PlainButtonStyle: BuiltInButtonStyle {
    var kind: ButtonStyleKind { .plain }
    /// Creates the style.
    public init() {}
    /// The label drawn in the style.
    public func makeBody(configuration: Configuration) -> some View {
        _BuiltInButton(kind: kind, label: configuration.label, role: configuration.role)
    }
}

extension PrimitiveButtonStyle where Self == DefaultButtonStyle {
    /// The platform default; drawn like `borderless` (the label in the tint color).
    public static var automatic: DefaultButtonStyle { DefaultButtonStyle() }
}
extension PrimitiveButtonStyle where Self == BorderedButtonStyle {
    /// The label in the tint color, padded (12×7 at the regular control size) on a light gray rounded rectangle.
    public static var bordered: BorderedButtonStyle { BorderedButtonStyle() }
}
extension PrimitiveButtonStyle where Self == BorderedProminentButtonStyle {
    /// The label in white, padded like `bordered`, on a tint-colored rounded rectangle.
    public static var borderedProminent: BorderedProminentButtonStyle { BorderedProminentButtonStyle() }
}
extension PrimitiveButtonStyle where Self == PlainButtonStyle {
    /// The label as is, with no styling.
    public static var plain: PlainButtonStyle { PlainButtonStyle() }
}
extension PrimitiveButtonStyle where Self == BorderlessButtonStyle {
    /// The label in the tint color, with no background.
    public static var borderless: BorderlessButtonStyle { BorderlessButtonStyle() }
}

/// The shape of bordered buttons, as SwiftUI's `ButtonBorderShape`: `.automatic` (a rounded
/// rectangle of the control size's radius), `.capsule`, `.roundedRectangle`,
/// `.roundedRectangle(radius:)` and `.circle`.
public struct ButtonBorderShape: Hashable, Sendable {
    enum Kind: Hashable, Sendable { case automatic, capsule, rounded(CGFloat?), circle }
    let kind: Kind
    /// The control size's rounded rectangle.
    public static let automatic = ButtonBorderShape(kind: .automatic)
    /// A capsule.
    public static let capsule = ButtonBorderShape(kind: .capsule)
    /// A rounded rectangle of the control size's radius.
    public static let roundedRectangle = ButtonBorderShape(kind: .rounded(nil))
    /// A rounded rectangle of `radius`.
    public static func roundedRectangle(radius: CGFloat) -> ButtonBorderShape { ButtonBorderShape(kind: .rounded(radius)) }
    /// A circle.
    public static let circle = ButtonBorderShape(kind: .circle)

    func shapeKind(radius: CGFloat) -> ShapeKind {
        switch kind {
        case .automatic, .rounded(nil): return .roundedRectangle(cornerRadius: radius)
        case .rounded(let r?): return .roundedRectangle(cornerRadius: r)
        case .capsule: return .capsule
        case .circle: return .circle
        }
    }
}
private enum ButtonBorderShapeKey: EnvironmentKey { static var defaultValue: ButtonBorderShape { .automatic } }

extension View {
    /// Sets the shape of bordered buttons inside, as in SwiftUI (iOS 15): it changes their drawing, not their size.
    public func buttonBorderShape(_ shape: ButtonBorderShape) -> some View { withEnvironment { $0[ButtonBorderShapeKey.self] = shape } }
}

/// A custom button style, type-erased, kept in the environment.
struct AnyButtonStyle {
    let body: (AnyView, ButtonRole?, @escaping () -> Void) -> AnyView
}
private enum CustomButtonStyleKey: EnvironmentKey { static var defaultValue: AnyButtonStyle? { nil } }

extension EnvironmentValues {
    var customButtonStyle: AnyButtonStyle? {
        get { self[CustomButtonStyleKey.self] }
        set { self[CustomButtonStyleKey.self] = newValue }
    }
}

extension View {
    /// Sets the style of buttons in the view, as in SwiftUI (the built-in `.bordered`, … or your own).
    public func buttonStyle<S: PrimitiveButtonStyle>(_ style: S) -> some View {
        withEnvironment { env in
            if let builtIn = style as? any BuiltInButtonStyle {
                env.buttonStyle = builtIn.kind
                env.customButtonStyle = nil
            } else {
                env.customButtonStyle = AnyButtonStyle { label, role, action in
                    AnyView(style.makeBody(configuration: PrimitiveButtonStyleConfiguration(role: role, label: _StyledLabel(content: label), action: action)))
                }
            }
        }
    }
    /// Sets a `ButtonStyle` for buttons in the view, as in SwiftUI: its `makeBody` draws each button.
    public func buttonStyle<S: ButtonStyle>(_ style: S) -> some View {
        withEnvironment { env in
            env.customButtonStyle = AnyButtonStyle { label, role, _ in
                AnyView(style.makeBody(configuration: ButtonStyleConfiguration(role: role, label: _StyledLabel(content: label), isPressed: false)))
            }
        }
    }
}

/// A control that initiates an action, as in SwiftUI. It is laid out and drawn like SwiftUI's
/// iOS styles (the bordered styles pad the label by `ControlMetrics.buttonPadding` for the
/// control size on a rounded background). In a live preview a tap runs `action`.
public struct Button<Label: View>: View {
    let label: Label
    let role: ButtonRole?
    let action: () -> Void
    /// Creates a button with a custom label; a tap in a live preview runs `action`.
    public init(action: @escaping () -> Void, @ViewBuilder label: () -> Label) {
        self.action = action; self.label = label(); role = nil
    }
    /// Creates a button with a role and a custom label (iOS 15).
    public init(role: ButtonRole?, action: @escaping () -> Void, @ViewBuilder label: () -> Label) {
        self.action = action; self.label = label(); self.role = role
    }
    /// The label, styled by the environment's button style.
    public var body: some View { _ButtonBody(label: label, role: role, action: action) }
}

extension Button where Label == Text {
    /// Creates a button whose label is a `Text` of `title`.
    public init<S: StringProtocol>(_ title: S, action: @escaping () -> Void) {
        self.init(action: action) { Text(title) }
    }
    /// Creates a button with a role whose label is a `Text` of `title` (iOS 15).
    public init<S: StringProtocol>(_ title: S, role: ButtonRole?, action: @escaping () -> Void) {
        self.init(role: role, action: action) { Text(title) }
    }
}

extension Button where Label == _TitleAndIcon {
    /// Creates a button whose label is a symbol and a title (iOS 17), laid out as an `HStack`
    /// of the symbol and the text.
    public init<S: StringProtocol>(_ title: S, systemImage: String, action: @escaping () -> Void) {
        self.init(action: action) { _TitleAndIcon(title: String(title), systemImage: systemImage) }
    }
    /// Creates a button with a role whose label is a symbol and a title (iOS 17).
    public init<S: StringProtocol>(_ title: S, systemImage: String, role: ButtonRole?, action: @escaping () -> Void) {
        self.init(role: role, action: action) { _TitleAndIcon(title: String(title), systemImage: systemImage) }
    }
}

extension Button where Label == _StyledLabel {
    /// Creates a button from a primitive style's configuration (inside `makeBody`), as in SwiftUI.
    public init(_ configuration: PrimitiveButtonStyleConfiguration) {
        self.init(role: configuration.role, action: configuration.action) { configuration.label }
    }
}

/// A symbol and a title side by side (the label of the `systemImage:` initialisers of controls):
/// an `HStack` at the default spacing of the symbol placeholder and the text.
public struct _TitleAndIcon: View {
    let title: String
    let systemImage: String
    /// The symbol, then the title.
    public var body: some View { HStack { Image(systemName: systemImage); Text(verbatim: title) } }
}

struct _ButtonBody<Label: View>: PrimitiveView {
    let label: Label
    var role: ButtonRole? = nil
    var action: () -> Void = {}
    static func _makeView(_ view: Self, inputs: _ViewInputs, outputs: inout _ViewOutputs) {
        if let collector = inputs.environment.buttonCollector {
            // An alert's or a dialog's actions: the button is handed over, not built.
            collector.collect(AnyView(view.label), view.role, view.action)
            return
        }
        let start = outputs.nodes.count
        if let custom = inputs.environment.customButtonStyle {
            var inner = inputs
            inner.environment.customButtonStyle = nil
            buildView(custom.body(AnyView(view.label), view.role, view.action), inner, &outputs)
        } else {
            buildView(_BuiltInButton(kind: inputs.environment.buttonStyle, label: view.label, role: view.role), inputs, &outputs)
        }
        // Live, a tap on the button runs its action (a disabled button ignores it, as in SwiftUI).
        if let graph = inputs.state.graph, inputs.environment.isEnabled {
            for node in outputs.nodes[start...] { graph.register(.tap(count: 1, action: view.action), on: node) }
        }
    }
}

/// A button drawn in a built-in style (engine-internal).
struct _BuiltInButton<Label: View>: PrimitiveView {
    let kind: ButtonStyleKind
    let label: Label
    let role: ButtonRole?
    static func _makeView(_ view: Self, inputs: _ViewInputs, outputs: inout _ViewOutputs) {
        var env = inputs
        // A disabled button (`disabled(true)`) is drawn gray, as SwiftUI's: its label in the
        // tertiary style and a prominent button's fill like a bordered one's.
        let enabled = inputs.environment.isEnabled
        let accent: Paint = !enabled ? .hierarchical(2) : view.role == .destructive ? .color(.red) : inputs.environment.resolvedTint
        let metrics = ControlMetrics.buttonPadding(inputs.environment.controlSize)
        switch view.kind {
        case .bordered, .borderedProminent:
            let prominent = view.kind == .borderedProminent && enabled
            env.environment.foregroundStyle = prominent ? .color(.white) : accent
            let shape = inputs.environment[ButtonBorderShapeKey.self].shapeKind(radius: metrics.radius)
            let fill: Paint = prominent ? accent : .color(Color.gray.opacity(0.18))
            let styled = view.label.padding(.horizontal, metrics.h).padding(.vertical, metrics.v)
                .background(_KindShape(kind: shape).fill(PaintStyle(paint: fill)))
            buildView(styled, env, &outputs)
        case .plain:
            buildView(view.label, env, &outputs)
        case .automatic, .borderless:
            env.environment.foregroundStyle = accent
            buildView(view.label, env, &outputs)
        }
    }
}

/// A shape style from a resolved paint.
struct PaintStyle: ShapeStyle { let paint: Paint; var _paint: Paint { paint } }

/// A shape of a given kind (engine-internal): how a button draws its border shape.
struct _KindShape: Shape {
    let kind: ShapeKind
    func path(in rect: CGRect) -> Path { kind.path(in: rect) }
    var _shapeKind: ShapeKind { kind }
}
