import Foundation
import LayoutCore

/// A result builder that composes views from closures, as SwiftUI's `ViewBuilder`:
/// any number of views, `if`/`else`, `if let`, `switch` and optional views.
@resultBuilder
public enum ViewBuilder {
    /// An empty closure builds an `EmptyView`.
    public static func buildBlock() -> EmptyView { EmptyView() }
    /// A single view builds as itself.
    public static func buildBlock<Content: View>(_ content: Content) -> Content { content }
    /// Several views build a `TupleView`; each becomes a separate subview of the container.
    @inlinable public static func buildBlock<each Content: View>(_ content: repeat each Content) -> TupleView<(repeat each Content)> {
        TupleView(value: (repeat each content), builder: _PartsBuilder { address, inputs, outputs in
            var component: UInt64 = 0
            var partInputs = inputs
            for view in repeat each address.assumingMemoryBound(to: TupleView<(repeat each Content)>.self).pointee.value {
                component &+= 1
                _buildPart(view, inputs, component: component, reusing: &partInputs, &outputs)
            }
        })
    }
    /// Passes each view expression through unchanged.
    public static func buildExpression<Content: View>(_ content: Content) -> Content { content }
    /// An `if` without `else` builds an optional view (no subview when nil).
    public static func buildIf<Content: View>(_ content: Content?) -> Content? { content }
    /// The `if` branch of an `if`/`else`, with its own identity.
    @inlinable public static func buildEither<T: View, F: View>(first: T) -> _ConditionalContent<T, F> {
        _ConditionalContent(storage: .trueContent(first))
    }
    /// The `else` branch of an `if`/`else`, with its own identity.
    @inlinable public static func buildEither<T: View, F: View>(second: F) -> _ConditionalContent<T, F> {
        _ConditionalContent(storage: .falseContent(second))
    }
    /// An `if #available` branch, type-erased to `AnyView`.
    public static func buildLimitedAvailability<Content: View>(_ content: Content) -> AnyView { AnyView(content) }
}

/// A view created from a tuple of views, as in SwiftUI.
public struct TupleView<T>: PrimitiveView {
    /// Builds the tuple's views, given this value's address (`_PartsBuilder`). First, so that
    /// it is found without this type's metadata.
    @usableFromInline let builder: _PartsBuilder
    /// The tuple of views.
    public var value: T
    @inlinable init(value: T, builder: _PartsBuilder) { self.builder = builder; self.value = value }
    /// Builds each view of the tuple in order, each with its own structural identity (engine-internal).
    @inline(__always) public static func _makeView(_ view: Self, inputs: _ViewInputs, outputs: inout _ViewOutputs) {
        withUnsafePointer(to: view) { view.builder.build(UnsafeRawPointer($0), inputs, &outputs) }
    }
}

/// The result of an `if`/`else` in a view builder; each branch has its own identity.
public struct _ConditionalContent<TrueContent: View, FalseContent: View>: PrimitiveView {
    @usableFromInline enum Storage { case trueContent(TrueContent), falseContent(FalseContent) }
    /// Builds the branch taken, given the address of this value (`_PartsBuilder`): unspecialised,
    /// switching over `Storage` looked its metadata up (a search of the runtime's table of
    /// generic types) for every view built, twice, when made and when built. First, so that it
    /// is found without this type's metadata either.
    @usableFromInline let buildTaken: _PartsBuilder
    @usableFromInline let storage: Storage
    @inlinable init(storage: Storage) {
        self.storage = storage
        buildTaken = _PartsBuilder { address, inputs, outputs in
            switch address.assumingMemoryBound(to: _ConditionalContent<TrueContent, FalseContent>.self).pointee.storage {
            case .trueContent(let v): _buildPart(v, inputs, component: 0x7472_7565, &outputs)
            case .falseContent(let v): _buildPart(v, inputs, component: 0x6661_6c73, &outputs)
            }
        }
    }
    /// Builds the active branch under that branch's identity (engine-internal).
    // (Inlined into the conformance's witness, which is given this type's metadata.)
    @inline(__always) public static func _makeView(_ view: Self, inputs: _ViewInputs, outputs: inout _ViewOutputs) {
        withUnsafePointer(to: view) { view.buildTaken.build(UnsafeRawPointer($0), inputs, &outputs) }
    }
}

/// How a view made of others (a conditional's branch, a tuple's views) builds them, given the
/// address of the view: a function made where the view is made, by the view builder's
/// inlinable functions, so in the caller's module with the parts' types known (a function with
/// no context, where a tuple's views were a closure each, in an array). It follows from the
/// view's type alone: two views of one type build alike whatever its bytes (unspecialised, the
/// function holds the parts' metadata in a context of its own), so a view that holds one is the
/// same input to its body when the parts are (`DynamicPropertyFields.sameInput` leaves these
/// bytes out).
@usableFromInline struct _PartsBuilder {
    @usableFromInline let build: (UnsafeRawPointer, _ViewInputs, inout _ViewOutputs) -> Void
    @inlinable init(_ build: @escaping (UnsafeRawPointer, _ViewInputs, inout _ViewOutputs) -> Void) { self.build = build }
}

/// Builds `view` as the part `component` of the views being built (a conditional's branch).
@usableFromInline func _buildPart<V: View>(_ view: V, _ inputs: _ViewInputs, component: UInt64, _ outputs: inout _ViewOutputs) {
    buildView(view, inputs.child(component), &outputs)
}

/// `_buildPart` for one of several parts built in turn (a block's views), reusing
/// `partInputs`, a copy of `inputs` (`_ViewInputs.becomePart`).
@usableFromInline func _buildPart<V: View>(_ view: V, _ inputs: _ViewInputs, component: UInt64, reusing partInputs: inout _ViewInputs,
                                           _ outputs: inout _ViewOutputs) {
    partInputs.becomePart(component, of: inputs)
    buildView(view, partInputs, &outputs)
}

extension Optional: View where Wrapped: View {
    /// An optional view has no body.
    public typealias Body = Never
    /// Traps: an optional view has no body.
    public var body: Never { fatalError("Optional has no body") }
    /// Builds the wrapped view if there is one (engine-internal).
    // (Inlined into the conformance's witness, which is given this type's metadata: not
    // inlined, it looked the metadata of `Optional<Wrapped>` up for every view built.)
    @inline(__always) public static func _makeView(_ view: Self, inputs: _ViewInputs, outputs: inout _ViewOutputs) {
        if let v = view { buildView(v, inputs.child(0x736f_6d65), &outputs) }
    }
}

/// A view that doesn't contain any content, as in SwiftUI. It produces no subview.
public struct EmptyView: PrimitiveView {
    /// Creates an empty view.
    public init() {}
    /// Builds nothing.
    public static func _makeView(_ view: Self, inputs: _ViewInputs, outputs: inout _ViewOutputs) {}
}

/// A type that collects multiple views into one without affecting layout, as in SwiftUI.
/// Its views become separate subviews of the enclosing container; modifiers on the group apply
/// to each of them.
public struct Group<Content: View>: PrimitiveView {
    let content: Content
    /// Creates a group of the views in `content`.
    public init(@ViewBuilder content: () -> Content) { self.content = content() }
    /// Builds the content's views in place, as the enclosing container's subviews (engine-internal).
    public static func _makeView(_ view: Self, inputs: _ViewInputs, outputs: inout _ViewOutputs) {
        buildView(view.content, inputs, &outputs)
    }
}

/// A type-erased view, as in SwiftUI.
public struct AnyView: PrimitiveView {
    let builder: (_ViewInputs, inout _ViewOutputs) -> Void
    let typeKey: UInt64
    /// Wraps `view`, erasing its type.
    public init<V: View>(_ view: V) {
        builder = { i, o in buildView(view, i, &o) }
        typeKey = TypeKeys.key(of: V.self)
    }
    /// Wraps `view`, erasing its type.
    public init<V: View>(erasing view: V) { self.init(view) }
    /// Builds the wrapped view; a different wrapped type is a different view, as in SwiftUI (engine-internal).
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
    /// The collection views are created from.
    public var data: Data
    /// Creates the views of one element.
    public var content: (Data.Element) -> Content
    let idOf: (Data.Element) -> ID

    /// Creates views for each element of `data`, identified by the element's `id` key path.
    public init(_ data: Data, id: KeyPath<Data.Element, ID>, @ViewBuilder content: @escaping (Data.Element) -> Content) {
        self.data = data; self.content = content; self.idOf = { $0[keyPath: id] }
    }

    /// Builds each element's views under the element's id (engine-internal).
    public static func _makeView(_ view: Self, inputs: _ViewInputs, outputs: inout _ViewOutputs) {
        // One copy of the inputs serves every element (`_ViewInputs.becomePart`).
        var elementInputs = inputs
        if Data.self == Range<Int>.self {
            // `ForEach(0..<n)`, the commonest: counted with an Int, not through the generic
            // collection's index witnesses (a few hundred instructions an element unspecialised).
            for i in unsafeBitCast(view.data, to: Range<Int>.self) {
                buildElement(of: view, unsafeBitCast(i, to: Data.Element.self), inputs, &elementInputs, &outputs)
            }
            return
        }
        if let deferred = view.data as? any _BuildTimeData { deferred.resolve(inputs) }  // ForEach(subviews:)
        for element in view.data { buildElement(of: view, element, inputs, &elementInputs, &outputs) }
    }

    /// Builds one element's views under the element's id, with `elementInputs` (a copy of
    /// `inputs`, left as it was found but for its key and identity).
    @inline(__always) private static func buildElement(of view: Self, _ element: Data.Element, _ inputs: _ViewInputs,
                                                       _ elementInputs: inout _ViewInputs, _ outputs: inout _ViewOutputs) {
        let id = view.idOf(element)
        let start = outputs.nodes.count
        elementInputs.becomePart(hashKey(id), of: inputs)
        // In a live preview's lazy stack or grid, each element is made once it is on screen and
        // then appears when it is; until made, a placeholder stands for it (`LazyElements`).
        var item: LazyItem? = nil
        if inputs.isLazyContent, let graph = inputs.state.graph {
            // It follows the layout: the view around it is never reused.
            graph.volatileBuilds &+= 1
            guard graph.lazyElements.isMade(elementInputs.identity) else {
                let placeholder = graph.lazyElements.placeholder(for: elementInputs.identity, key: elementInputs.key, in: inputs.lazyContent)
                placeholder.traits.setExplicitID(id)
                outputs.nodes.append(placeholder)
                return
            }
            item = LazyItem()
            elementInputs.lazyContent = .none
            elementInputs.lazyItem = item
        }
        buildView(view.content(element), elementInputs, &outputs)
        if item != nil {
            elementInputs.lazyContent = inputs.lazyContent
            elementInputs.lazyItem = inputs.lazyItem
        }
        if let item, outputs.nodes.count > start {
            item.node = outputs.nodes[start]
            inputs.state.graph?.lazyElements.noteBuilt(first: outputs.nodes[start], last: outputs.nodes[outputs.nodes.count - 1],
                                                       in: inputs.lazyContent)
        }
        // The element's id names its view when the content is one view; content of several
        // views (a GridRow and a Divider) is identified structurally under the element.
        if outputs.nodes.count == start + 1 { outputs.nodes[start].setExplicitIDUnlessSet(id) }
    }
}

extension ForEach where Data.Element: Identifiable, ID == Data.Element.ID {
    /// Creates views for each element of `data`, identified by the elements' `id`.
    public init(_ data: Data, @ViewBuilder content: @escaping (Data.Element) -> Content) {
        self.data = data; self.content = content; self.idOf = { $0.id }
    }
}

extension ForEach where Data == Range<Int>, ID == Int {
    /// Creates views for each integer in `data`, identified by the integer.
    public init(_ data: Range<Int>, @ViewBuilder content: @escaping (Int) -> Content) {
        self.data = data; self.content = content; self.idOf = { $0 }
    }
}

/// Stable keys for view types: a hash of the type's name, the same in every process.
///
/// `AnyView`'s identity includes the wrapped type (as in SwiftUI). Hashing the name rather than
/// the type's address keeps identities equal across processes and rebuilds, so a preview that
/// is reloaded from a new build of a person's code animates instead of fading. The names are
/// hashed once per type and kept.
enum TypeKeys {
    private static let keys = Locked<[ObjectIdentifier: UInt64]>([:])

    static func key(of type: Any.Type) -> UInt64 {
        let id = ObjectIdentifier(type)
        return keys.withLock { keys in
            if let k = keys[id] { return k }
            var hash: UInt64 = 0xcbf2_9ce4_8422_2325
            for byte in unmarkedName(withoutAddresses(String(reflecting: type))).utf8 {
                hash ^= UInt64(byte)
                hash = hash &* 0x0000_0100_0000_01b3
            }
            keys[id] = hash
            return hash
        }
    }

    /// `name` with the addresses of local contexts left out: a type declared in a function (such
    /// as the view `#Preview` makes of a body with `@Previewable` properties) reads as
    /// `M.(unknown context at $55d1…).V`, whose address changes with every process.
    static func withoutAddresses(_ name: String) -> String {
        let marker = "(unknown context at $"
        guard name.contains(marker) else { return name }
        var out = ""
        var rest = Substring(name)
        while let range = rest.range(of: marker) {
            out += rest[..<range.lowerBound]
            out += "(local)"
            rest = rest[range.upperBound...]
            if let close = rest.firstIndex(of: ")") { rest = rest[rest.index(after: close)...] }
        }
        return out + rest
    }

    /// `name` without the source marks a preview build wraps views in (`_SourceLocatedView<T>`
    /// reads as `T`): a view has the same identity whether its build marks it or not, so
    /// snapshots recorded by one match the other and state carries over between them.
    static func unmarkedName(_ name: String) -> String {
        let marker = "SwiftUI._SourceLocatedView<"
        guard name.contains(marker) else { return name }
        var out = ""
        var closers: [Bool] = []  // for each open "<": whether its ">" belongs to a mark
        var rest = Substring(name)
        while !rest.isEmpty {
            if rest.hasPrefix(marker) {
                closers.append(true)
                rest = rest.dropFirst(marker.count)
                continue
            }
            let c = rest.removeFirst()
            if c == "<" {
                closers.append(false)
            } else if c == ">", let isMark = closers.popLast(), isMark {
                continue
            }
            out.append(c)
        }
        return out
    }
}
