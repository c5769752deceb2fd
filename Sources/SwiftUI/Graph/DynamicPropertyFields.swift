@_spi(Reflection) import Swift
import Foundation
import LayoutCore

/// A property wrapper whose storage the view graph keeps between builds (`@State`,
/// `@StateObject`, `@AppStorage`, `@SceneStorage`, `@FocusState`, `@GestureState`).
protocol _GraphStoredProperty {
    /// Links the property at `pointer` to `slot` of its view's storage: adopts the kept storage
    /// if there is one, else keeps this property's (made from its initial value).
    static func _link(at pointer: UnsafeMutableRawPointer, slot: inout AnyObject?, graph: ViewGraph)
}

/// Where a view type keeps its graph-stored properties: byte offsets into the view value, found
/// once per type from the type's field metadata (as SwiftUI finds a view's dynamic properties),
/// and nested `DynamicProperty` structs searched too.
struct DynamicPropertyFields {
    struct Field {
        let offset: Int
        let type: any _GraphStoredProperty.Type
    }
    let fields: [Field]
    /// The environment-reading properties (`@Environment`, `@EnvironmentObject`).
    let environmentFields: [(offset: Int, type: any _EnvironmentCapturing.Type)]
    /// The bindings (`@Binding` properties, `Binding` values), compared by where they read and
    /// write rather than by their closures' bytes.
    let bindingFields: [(offset: Int, type: any _LocatedBinding.Type)]
    /// The type's stable key: the same view type at the same position is the same view.
    let typeKey: UInt64
    /// Whether the graph remembers the type's bodies and skips evaluations whose inputs did not
    /// change (`BodyRecords.swift`): the person's types; this module's views always evaluate.
    let memoizesBody: Bool
    /// The bytes of a value compared to decide whether its body's input changed: all but the
    /// environment-reading properties, whose read values are compared instead, and the bindings.
    let comparedRanges: [Range<Int>]

    static func of<T>(_ type: T.Type) -> DynamicPropertyFields {
        var fields: [Field] = []
        var environmentFields: [(offset: Int, type: any _EnvironmentCapturing.Type)] = []
        var bindingFields: [(offset: Int, type: any _LocatedBinding.Type)] = []
        collect(type, base: 0, into: &fields, &environmentFields, &bindingFields, depth: 0)
        let excluded = Set(environmentFields.map(\.offset) + bindingFields.map(\.offset))
        return DynamicPropertyFields(fields: fields, environmentFields: environmentFields, bindingFields: bindingFields,
                                     typeKey: TypeKeys.key(of: type),
                                     memoizesBody: !String(reflecting: type).hasPrefix("SwiftUI."),
                                     comparedRanges: ranges(of: type, excluding: excluded))
    }

    private static func collect(_ type: Any.Type, base: Int, into fields: inout [Field],
                                _ environmentFields: inout [(offset: Int, type: any _EnvironmentCapturing.Type)],
                                _ bindingFields: inout [(offset: Int, type: any _LocatedBinding.Type)], depth: Int) {
        guard depth < 8 else { return }
        _ = _forEachField(of: type, options: []) { _, offset, fieldType, kind in
            if let stored = fieldType as? any _GraphStoredProperty.Type {
                fields.append(Field(offset: base + offset, type: stored))
            } else if let reading = fieldType as? any _EnvironmentCapturing.Type {
                environmentFields.append((base + offset, reading))
            } else if let binding = fieldType as? any _LocatedBinding.Type {
                bindingFields.append((base + offset, binding))
            } else if kind == .struct, fieldType is any DynamicProperty.Type {
                // A custom DynamicProperty holding state of its own (`@State` inside it).
                collect(fieldType, base: base + offset, into: &fields, &environmentFields, &bindingFields, depth: depth + 1)
            }
            return true
        }
    }
}

extension ViewGraph {
    /// Links the state properties of `view` (a copy of a view or a modifier about to have its
    /// body evaluated) to the storage kept for it at `identity`; returns where the type keeps them.
    @inline(__always) @discardableResult
    func link<V>(_ view: inout V, identity: UInt64, environment: EnvironmentValues) -> DynamicPropertyFields {
        let id = ObjectIdentifier(V.self)
        let layout: DynamicPropertyFields
        if let cached = fieldCache[id] { layout = cached } else {
            layout = DynamicPropertyFields.of(V.self)
            fieldCache[id] = layout
        }
        guard !layout.fields.isEmpty || !layout.environmentFields.isEmpty else { return layout }
        let storageKey = mixKey(identity, layout.typeKey)
        let storage = layout.fields.isEmpty ? nil : viewStorage(storageKey, slotCount: layout.fields.count)
        withUnsafeMutableBytes(of: &view) { bytes in
            guard let base = bytes.baseAddress else { return }
            if let storage {
                for (i, field) in layout.fields.enumerated() {
                    field.type._link(at: base + field.offset, slot: &storage.slots[i], graph: self)
                }
                if !restoredViewState.isEmpty { restoreKept(into: storage, key: storageKey) }
            }
            for field in layout.environmentFields { field.type._capture(at: base + field.offset, environment) }
        }
        return layout
    }
}

/// Builds a view's body in a live build, its state linked: a person's view through its record
/// (evaluated only when its inputs changed, `BodyRecords.swift`), a built-in one evaluated.
@inline(__always) func makeBodyInGraph<V: View>(_ view: V, graph: ViewGraph, inputs: _ViewInputs, outputs: inout _ViewOutputs) {
    var linked = view
    let fields = graph.link(&linked, identity: inputs.identity, environment: inputs.environment)
    if fields.memoizesBody {
        graph.buildBody(of: linked, fields: fields, inputs: inputs, outputs: &outputs)
        return
    }
    BuildEnvironment.with(inputs.environment) {
        V.Body._makeView(linked.body, inputs: inputs, outputs: &outputs)
    }
}
