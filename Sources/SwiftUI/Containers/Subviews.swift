import Foundation
import LayoutCore

/// One subview of a view, as SwiftUI's `Subview` (iOS 18): what `Group(subviews:)` and
/// `ForEach(subviews:)` hand to their closures.
///
/// It stands for one view that the base view produced, already built: it can be modified and
/// placed in any container, **once**. A subview used a second time is left out, with a
/// diagnostic (the engine's views are built once; SwiftUI allows reuse — a documented limit).
public struct Subview: PrimitiveView, Identifiable {
    final class Slot { let node: LayoutNode; var used = false; init(_ n: LayoutNode) { node = n } }
    let slot: Slot
    /// The subview's identity: opaque, made from its explicit id (else its position), so that
    /// a `ForEach(subviews:)` does not give the explicit id to a second view.
    public let id: AnyHashable
    /// The identity of a subview.
    struct Identifier: Hashable { let base: AnyHashable }
    /// Builds the subview's node (engine-internal).
    public static func _makeView(_ view: Self, inputs: _ViewInputs, outputs: inout _ViewOutputs) {
        guard !view.slot.used else {
            inputs.state.diagnostics.append(("the subview \(view.id) is used more than once; only its first use is shown", nil))
            return
        }
        view.slot.used = true
        outputs.nodes.append(view.slot.node)
    }
}

/// The subviews of a view, as SwiftUI's `SubviewsCollection` (iOS 18).
///
/// When used as the data of `ForEach(subviews:)` the base view is built with the `ForEach`'s
/// environment, at the point the `ForEach` is built.
public struct SubviewsCollection: RandomAccessCollection {
    final class Storage {
        var subviews: [Subview] = []
        let build: (_ViewInputs) -> [LayoutNode]
        init(build: @escaping (_ViewInputs) -> [LayoutNode]) { self.build = build }
        func resolve(_ inputs: _ViewInputs) {
            subviews = build(inputs).enumerated().map { i, node in
                Subview(slot: Subview.Slot(node), id: AnyHashable(Subview.Identifier(base: node.traits.explicitID ?? AnyHashable(i))))
            }
        }
    }
    let storage: Storage
    /// The first position.
    public var startIndex: Int { 0 }
    /// One past the last position.
    public var endIndex: Int { storage.subviews.count }
    /// The subview at `position`.
    public subscript(position: Int) -> Subview { storage.subviews[position] }
}

/// Data that is only known when the tree is built (`ForEach(subviews:)`).
protocol _BuildTimeData {
    func resolve(_ inputs: _ViewInputs)
}

extension SubviewsCollection: _BuildTimeData {
    func resolve(_ inputs: _ViewInputs) { storage.resolve(inputs) }
}

/// `Group(subviews:transform:)`: builds the base view, then the transform of its subviews.
public struct _GroupSubviews<Base: View, Result: View>: PrimitiveView {
    let base: Base
    let transform: (SubviewsCollection) -> Result
    /// Builds the base's subviews and the transform's result in their place (engine-internal).
    public static func _makeView(_ view: Self, inputs: _ViewInputs, outputs: inout _ViewOutputs) {
        let base = view.base
        let collection = SubviewsCollection(storage: .init { buildNodes(base, $0) })
        collection.resolve(inputs.child(0x7362))
        buildView(view.transform(collection), inputs, &outputs)
    }
}

extension Group {
    /// Gives `transform` the subviews of `view`, as SwiftUI's `Group(subviews:transform:)`
    /// (iOS 18); the result takes the group's place. Each subview may be used once (see `Subview`).
    public init<Base: View, Result: View>(subviews view: Base, @ViewBuilder transform: @escaping (SubviewsCollection) -> Result)
    where Content == _GroupSubviews<Base, Result> {
        self.init { _GroupSubviews(base: view, transform: transform) }
    }
}

extension ForEach where Data == SubviewsCollection, ID == AnyHashable {
    /// Creates views for each subview of `view`, as SwiftUI's `ForEach(subviews:content:)` (iOS 18).
    /// Each subview may be used once (see `Subview`).
    public init<Base: View>(subviews view: Base, @ViewBuilder content: @escaping (Subview) -> Content) {
        self.init(SubviewsCollection(storage: .init { buildNodes(view, $0) }), id: \.id, content: content)
    }
}
