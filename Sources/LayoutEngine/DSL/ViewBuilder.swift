import Foundation

/// A result builder that composes views from closures, as SwiftUI's `ViewBuilder`:
/// any number of views, `if`/`else`, `if let`, `switch` and optional views.
@resultBuilder
public enum ViewBuilder {
    public static func buildBlock() -> EmptyView { EmptyView() }
    public static func buildBlock<Content: View>(_ content: Content) -> Content { content }
    public static func buildBlock<each Content: View>(_ content: repeat each Content) -> TupleView<(repeat each Content)> {
        var builders: [(_ViewInputs, inout _ViewOutputs) -> Void] = []
        for view in repeat each content {
            builders.append { i, o in buildView(view, i, &o) }
        }
        return TupleView(value: (repeat each content), builders: builders)
    }
    public static func buildExpression<Content: View>(_ content: Content) -> Content { content }
    public static func buildIf<Content: View>(_ content: Content?) -> Content? { content }
    public static func buildEither<T: View, F: View>(first: T) -> _ConditionalContent<T, F> { _ConditionalContent(storage: .trueContent(first)) }
    public static func buildEither<T: View, F: View>(second: F) -> _ConditionalContent<T, F> { _ConditionalContent(storage: .falseContent(second)) }
    public static func buildLimitedAvailability<Content: View>(_ content: Content) -> AnyView { AnyView(content) }
}

/// A view created from a tuple of views, as in SwiftUI.
public struct TupleView<T>: PrimitiveView {
    public var value: T
    let builders: [(_ViewInputs, inout _ViewOutputs) -> Void]
    init(value: T, builders: [(_ViewInputs, inout _ViewOutputs) -> Void]) { self.value = value; self.builders = builders }
    public static func _makeView(_ view: Self, inputs: _ViewInputs, outputs: inout _ViewOutputs) {
        for (i, b) in view.builders.enumerated() { b(inputs.child(UInt64(i) &+ 1), &outputs) }
    }
}

/// The result of an `if`/`else` in a view builder; each branch has its own identity.
public struct _ConditionalContent<TrueContent: View, FalseContent: View>: PrimitiveView {
    enum Storage { case trueContent(TrueContent), falseContent(FalseContent) }
    let storage: Storage
    public static func _makeView(_ view: Self, inputs: _ViewInputs, outputs: inout _ViewOutputs) {
        switch view.storage {
        case .trueContent(let v): buildView(v, inputs.child(0x7472_7565), &outputs)
        case .falseContent(let v): buildView(v, inputs.child(0x6661_6c73), &outputs)
        }
    }
}

extension Optional: View where Wrapped: View {
    public typealias Body = Never
    public var body: Never { fatalError("Optional has no body") }
    public static func _makeView(_ view: Self, inputs: _ViewInputs, outputs: inout _ViewOutputs) {
        if let v = view { buildView(v, inputs.child(0x736f_6d65), &outputs) }
    }
}

/// A view that doesn't contain any content, as in SwiftUI. It produces no subview.
public struct EmptyView: PrimitiveView {
    public init() {}
    public static func _makeView(_ view: Self, inputs: _ViewInputs, outputs: inout _ViewOutputs) {}
}

/// A type that collects multiple views into one without affecting layout, as in SwiftUI.
/// Its views become separate subviews of the enclosing container; modifiers on the group apply
/// to each of them.
public struct Group<Content: View>: PrimitiveView {
    let content: Content
    public init(@ViewBuilder content: () -> Content) { self.content = content() }
    public static func _makeView(_ view: Self, inputs: _ViewInputs, outputs: inout _ViewOutputs) {
        buildView(view.content, inputs, &outputs)
    }
}

/// A type-erased view, as in SwiftUI.
public struct AnyView: PrimitiveView {
    let builder: (_ViewInputs, inout _ViewOutputs) -> Void
    let typeKey: UInt64
    public init<V: View>(_ view: V) {
        builder = { i, o in buildView(view, i, &o) }
        typeKey = hashKey(ObjectIdentifier(V.self))
    }
    public init<V: View>(erasing view: V) { self.init(view) }
    public static func _makeView(_ view: Self, inputs: _ViewInputs, outputs: inout _ViewOutputs) {
        // Like SwiftUI, a different wrapped type is a different view.
        view.builder(inputs.child(view.typeKey), &outputs)
    }
}

/// A structure that computes views on demand from a collection of identified data, as in SwiftUI.
///
/// Each element's views are identified by the element's id, so reordering the data moves views
/// instead of recreating them; when an element's content is a single view, the id is also its
/// explicit identifier in layout results (`LayoutResult.frame(of:)`).
public struct ForEach<Data: RandomAccessCollection, ID: Hashable, Content: View>: PrimitiveView {
    public var data: Data
    public var content: (Data.Element) -> Content
    let idOf: (Data.Element) -> ID

    public init(_ data: Data, id: KeyPath<Data.Element, ID>, @ViewBuilder content: @escaping (Data.Element) -> Content) {
        self.data = data; self.content = content; self.idOf = { $0[keyPath: id] }
    }

    public static func _makeView(_ view: Self, inputs: _ViewInputs, outputs: inout _ViewOutputs) {
        for element in view.data {
            let id = view.idOf(element)
            let start = outputs.nodes.count
            buildView(view.content(element), inputs.child(hashKey(id)), &outputs)
            // The element's id names its view when the content is one view; content of several
            // views (a GridRow and a Divider) is identified structurally under the element.
            if outputs.nodes.count == start + 1, outputs.nodes[start].traits.explicitID == nil {
                outputs.nodes[start].traits.explicitID = AnyHashable(id)
            }
        }
    }
}

extension ForEach where Data.Element: Identifiable, ID == Data.Element.ID {
    public init(_ data: Data, @ViewBuilder content: @escaping (Data.Element) -> Content) {
        self.data = data; self.content = content; self.idOf = { $0.id }
    }
}

extension ForEach where Data == Range<Int>, ID == Int {
    public init(_ data: Range<Int>, @ViewBuilder content: @escaping (Int) -> Content) {
        self.data = data; self.content = content; self.idOf = { $0 }
    }
}
