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
    /// The type's stable key: the same view type at the same position is the same view.
    let typeKey: UInt64

    static func of(_ type: Any.Type) -> DynamicPropertyFields {
        var fields: [Field] = []
        var environmentFields: [(offset: Int, type: any _EnvironmentCapturing.Type)] = []
        collect(type, base: 0, into: &fields, &environmentFields, depth: 0)
        return DynamicPropertyFields(fields: fields, environmentFields: environmentFields, typeKey: TypeKeys.key(of: type))
    }

    private static func collect(_ type: Any.Type, base: Int, into fields: inout [Field],
                                _ environmentFields: inout [(offset: Int, type: any _EnvironmentCapturing.Type)], depth: Int) {
        guard depth < 8 else { return }
        _ = _forEachField(of: type, options: []) { _, offset, fieldType, kind in
            if let stored = fieldType as? any _GraphStoredProperty.Type {
                fields.append(Field(offset: base + offset, type: stored))
            } else if let reading = fieldType as? any _EnvironmentCapturing.Type {
                environmentFields.append((base + offset, reading))
            } else if kind == .struct, fieldType is any DynamicProperty.Type {
                // A custom DynamicProperty holding state of its own (`@State` inside it).
                collect(fieldType, base: base + offset, into: &fields, &environmentFields, depth: depth + 1)
            }
            return true
        }
    }
}

extension ViewGraph {
    /// Links the state properties of `view` (a copy of a view or a modifier about to have its
    /// body evaluated) to the storage kept for it at `identity`.
    @inline(__always) func link<V>(_ view: inout V, identity: UInt64, environment: EnvironmentValues) {
        let id = ObjectIdentifier(V.self)
        let layout: DynamicPropertyFields
        if let cached = fieldCache[id] { layout = cached } else {
            layout = DynamicPropertyFields.of(V.self)
            fieldCache[id] = layout
        }
        guard !layout.fields.isEmpty || !layout.environmentFields.isEmpty else { return }
        let storage = layout.fields.isEmpty ? nil : viewStorage(mixKey(identity, layout.typeKey), slotCount: layout.fields.count)
        withUnsafeMutableBytes(of: &view) { bytes in
            guard let base = bytes.baseAddress else { return }
            if let storage {
                for (i, field) in layout.fields.enumerated() {
                    field.type._link(at: base + field.offset, slot: &storage.slots[i], graph: self)
                }
            }
            for field in layout.environmentFields { field.type._capture(at: base + field.offset, environment) }
        }
    }
}

/// Evaluates a view's body in a live build: its state linked, the evaluation counted, and what
/// the body reads of `@Observable` models tracked by the build (`LivePreview`).
@inline(__always) func makeBodyInGraph<V: View>(_ view: V, graph: ViewGraph, inputs: _ViewInputs, outputs: inout _ViewOutputs) {
    var linked = view
    graph.link(&linked, identity: inputs.identity, environment: inputs.environment)
    graph.countBody()
    BuildEnvironment.with(inputs.environment) {
        V.Body._makeView(linked.body, inputs: inputs, outputs: &outputs)
    }
}
