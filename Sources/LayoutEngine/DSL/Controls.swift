import Foundation

enum ButtonStyleKind: Sendable { case automatic, bordered, borderedProminent, plain, borderless }

/// A button style, as SwiftUI's `PrimitiveButtonStyle` values (`.bordered`, `.borderedProminent`,
/// `.plain`, `.borderless`, `.automatic`).
public struct PrimitiveButtonStyleConfiguration: Sendable {
    let kind: ButtonStyleKind
    /// The platform default; drawn like `borderless` (the label in the tint color).
    public static let automatic = PrimitiveButtonStyleConfiguration(kind: .automatic)
    /// The label in the tint color, padded 12×7 on a light gray rounded rectangle.
    public static let bordered = PrimitiveButtonStyleConfiguration(kind: .bordered)
    /// The label in white, padded 12×7 on a tint-colored rounded rectangle.
    public static let borderedProminent = PrimitiveButtonStyleConfiguration(kind: .borderedProminent)
    /// The label as is, with no styling.
    public static let plain = PrimitiveButtonStyleConfiguration(kind: .plain)
    /// The label in the tint color, with no background.
    public static let borderless = PrimitiveButtonStyleConfiguration(kind: .borderless)
}

/// A control that initiates an action, as in SwiftUI. It is laid out and drawn like SwiftUI's
/// iOS styles (the bordered styles pad the label by 12×7 on a rounded background); the preview
/// does not run actions.
public struct Button<Label: View>: View {
    let label: Label
    let action: () -> Void
    /// Creates a button with a custom label. The preview never calls `action`.
    public init(action: @escaping () -> Void, @ViewBuilder label: () -> Label) {
        self.action = action; self.label = label()
    }
    /// The label, styled by the environment's button style.
    public var body: some View { _ButtonBody(label: label) }
}

extension Button where Label == Text {
    /// Creates a button whose label is a `Text` of `title`.
    public init<S: StringProtocol>(_ title: S, action: @escaping () -> Void) {
        self.init(action: action) { Text(title) }
    }
}

struct _ButtonBody<Label: View>: PrimitiveView {
    let label: Label
    static func _makeView(_ view: Self, inputs: _ViewInputs, outputs: inout _ViewOutputs) {
        var env = inputs
        switch inputs.environment.buttonStyle {
        case .bordered:
            env.environment.foregroundStyle = inputs.environment.resolvedTint
            let styled = view.label.padding(.horizontal, 12).padding(.vertical, 7)
                .background(RoundedRectangle(cornerRadius: 8).fill(AnyShapeStyle(Color.gray.opacity(0.18))))
            buildView(styled, env, &outputs)
        case .borderedProminent:
            env.environment.foregroundStyle = .color(.white)
            let styled = view.label.padding(.horizontal, 12).padding(.vertical, 7)
                .background(RoundedRectangle(cornerRadius: 8).fill(PaintStyle(paint: inputs.environment.resolvedTint)))
            buildView(styled, env, &outputs)
        case .plain:
            buildView(view.label, env, &outputs)
        case .automatic, .borderless:
            env.environment.foregroundStyle = inputs.environment.resolvedTint
            buildView(view.label, env, &outputs)
        }
    }
}

/// A shape style from a resolved paint.
struct PaintStyle: ShapeStyle { let paint: Paint; var _paint: Paint { paint } }

/// A control for selecting from a set of values, as in SwiftUI. Laid out like the segmented
/// style: the options side by side, each padded, on a rounded background.
public struct Picker<Label: View, SelectionValue: Hashable, Content: View>: View {
    let content: Content
    let selection: Binding<SelectionValue>
    /// Creates a picker over the options in `content`; the label is not drawn.
    public init(selection: Binding<SelectionValue>, @ViewBuilder content: () -> Content, @ViewBuilder label: () -> Label) {
        self.selection = selection; self.content = content()
    }
    /// The options in a spacing-0 `HStack`, each padded 10×6, on a gray rounded background.
    public var body: some View {
        HStack(spacing: 0) {
            content.padding(.horizontal, 10).padding(.vertical, 6)
        }
        .background(RoundedRectangle(cornerRadius: 8).fill(AnyShapeStyle(Color.gray.opacity(0.15))))
    }
}

extension Picker where Label == Text {
    /// Creates a picker with a `Text` label of `title` (not drawn).
    public init<S: StringProtocol>(_ title: S, selection: Binding<SelectionValue>, @ViewBuilder content: () -> Content) {
        self.init(selection: selection, content: content, label: { Text(title) })
    }
}

/// Picker styles (accepted for source compatibility; the preview draws every picker segmented).
public struct PickerStyleConfiguration: Sendable {
    /// The segmented style (how every picker is drawn).
    public static let segmented = PickerStyleConfiguration()
    /// The menu style; drawn segmented.
    public static let menu = PickerStyleConfiguration()
    /// The inline style; drawn segmented.
    public static let inline = PickerStyleConfiguration()
    /// The platform default style; drawn segmented.
    public static let automatic = PickerStyleConfiguration()
    /// The wheel style; drawn segmented.
    public static let wheel = PickerStyleConfiguration()
}

/// A property wrapper type that can read and write a value, as SwiftUI's `State`.
///
/// The value lives in a box shared by copies of the view, so `$state` bindings write through.
/// The preview does not re-render on changes; a host re-lays out when it is given a new root.
@propertyWrapper
public struct State<Value> {
    final class Box { var value: Value; init(_ v: Value) { value = v } }
    let box: Box
    /// Creates state with an initial value.
    public init(wrappedValue value: Value) { box = Box(value) }
    /// Creates state with an initial value (the older SwiftUI spelling).
    public init(initialValue value: Value) { box = Box(value) }
    /// The current value; setting it writes the shared box.
    public var wrappedValue: Value {
        get { box.value }
        nonmutating set { box.value = newValue }
    }
    /// A binding to the value (`$state`).
    public var projectedValue: Binding<Value> {
        let box = self.box
        return Binding(get: { box.value }, set: { box.value = $0 })
    }
}

extension State where Value: ExpressibleByNilLiteral {
    /// Creates optional state with an initial value of `nil`.
    public init() { self.init(wrappedValue: nil) }
}

/// A property wrapper type that can read and write a value owned by a source of truth, as
/// SwiftUI's `Binding`.
@propertyWrapper @dynamicMemberLookup
public struct Binding<Value> {
    let get: () -> Value
    let set: (Value) -> Void
    /// Creates a binding from a getter and a setter.
    public init(get: @escaping () -> Value, set: @escaping (Value) -> Void) { self.get = get; self.set = set }
    /// Creates a binding from another binding (`$binding` in a property wrapper).
    public init(projectedValue: Binding<Value>) { self = projectedValue }
    /// A binding that always reads `value` and ignores writes.
    public static func constant(_ value: Value) -> Binding<Value> { Binding(get: { value }, set: { _ in }) }
    /// The referenced value; setting it calls the setter.
    public var wrappedValue: Value {
        get { get() }
        nonmutating set { set(newValue) }
    }
    /// The binding itself (`$binding`).
    public var projectedValue: Binding<Value> { self }
    /// A binding to a property of the value, read and written through this binding.
    public subscript<Subject>(dynamicMember keyPath: WritableKeyPath<Value, Subject>) -> Binding<Subject> {
        let get = self.get, set = self.set
        return Binding<Subject>(get: { get()[keyPath: keyPath] }, set: { v in var whole = get(); whole[keyPath: keyPath] = v; set(whole) })
    }
}

extension Binding: Identifiable where Value: Identifiable {
    /// The identity of the bound value.
    public var id: Value.ID { wrappedValue.id }
}

extension Binding: Sequence where Value: MutableCollection & RandomAccessCollection, Value.Index == Int {
    /// A binding to one element of the collection.
    public typealias Element = Binding<Value.Element>
    /// Iterates the element bindings in order.
    public typealias Iterator = IndexingIterator<Binding<Value>>
    /// An iterator over bindings to each element.
    public func makeIterator() -> IndexingIterator<Binding<Value>> { IndexingIterator(_elements: self) }
}

extension Binding: Collection, BidirectionalCollection, RandomAccessCollection where Value: MutableCollection & RandomAccessCollection, Value.Index == Int {
    /// The collection's integer index.
    public typealias Index = Int
    /// A slice of element bindings.
    public typealias SubSequence = Slice<Binding<Value>>
    /// The range of valid indices.
    public typealias Indices = Range<Int>
    /// The bound collection's start index.
    public var startIndex: Int { wrappedValue.startIndex }
    /// The bound collection's end index.
    public var endIndex: Int { wrappedValue.endIndex }
    /// The valid indices, `startIndex..<endIndex`.
    public var indices: Range<Int> { startIndex..<endIndex }
    /// The index after `i`.
    public func index(after i: Int) -> Int { i + 1 }
    /// The index before `i`.
    public func index(before i: Int) -> Int { i - 1 }
    /// A binding to the element at `position`.
    public subscript(position: Int) -> Binding<Value.Element> {
        let get = self.get, set = self.set
        return Binding<Value.Element>(get: { get()[position] }, set: { v in var whole = get(); whole[position] = v; set(whole) })
    }
}
