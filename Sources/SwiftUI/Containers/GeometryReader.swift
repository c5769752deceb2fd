import Foundation
import LayoutCore

extension View {
    /// Names this view's coordinate space, as in SwiftUI: `GeometryProxy.frame(in: .named(name))`
    /// inside it measures from its top-leading corner. No layout effect.
    public func coordinateSpace<N: Hashable>(name: N) -> some View {
        let key = AnyHashable(name)
        return changeEach { n, _ in n.traits.setLayoutValue(_CoordinateSpaceNameKey.self, key) }
    }
    /// Names this view's coordinate space (SwiftUI's iOS 17 spelling, `.coordinateSpace(.named("x"))`);
    /// `.local` and `.global` name nothing.
    public func coordinateSpace(_ space: CoordinateSpace) -> some View {
        changeEach { n, _ in
            if case .named(let key) = space { n.traits.setLayoutValue(_CoordinateSpaceNameKey.self, key) }
        }
    }
}

/// A container view that defines its content as a function of its own size and coordinate
/// space, as SwiftUI's `GeometryReader`.
///
/// Layout (SwiftUI Field Guide, "GeometryReader"; semantics spec §3): the reader takes the
/// whole proposal; on an unspecified axis it takes 10, the default every view without an ideal
/// size takes (`replacingUnspecifiedDimensions()`): not documented, but reported from devices —
/// "in a scrollview … the height always returns 10 from the geometry reader" (ilamanov/SwiftPieChart
/// issue #4). Its content is proposed the reader's size and placed at its top-leading
/// corner (iOS 14 and later); several views overlap there. The reader's size never depends on
/// its content, and it reports no spacing preferences of its own content.
///
/// How the proxy gets the real values: the closure runs when the tree is built, before any
/// layout, with zero geometry; after each layout pass the host compares every reader's laid-out
/// size, global frame and named spaces with what its closure last saw, runs the closure again
/// with the real values where they differ, and lays out again (readers inside readers settle in
/// one more round each, up to four rounds). So the frames a `LayoutResult` reports are those of
/// content built with the reader's real geometry, as in SwiftUI, where the closure runs during
/// layout with the size the reader got.
public struct GeometryReader<Content: View>: PrimitiveView {
    /// Builds the content for a proxy.
    public var content: (GeometryProxy) -> Content
    /// Creates a reader whose content is a function of its geometry.
    public init(@ViewBuilder content: @escaping (GeometryProxy) -> Content) { self.content = content }

    /// Builds the reader node, its content built for a proxy with zero geometry (engine-internal).
    public static func _makeView(_ view: Self, inputs: _ViewInputs, outputs: inout _ViewOutputs) {
        let contentInputs = inputs.containerContent()
        // Its content is built again from each layout: the view around it is never reused.
        inputs.state.graph?.volatileBuilds &+= 1
        let make = view.content
        let record = GeometryReaderRecord { proxy in buildNodes(make(proxy), contentInputs) }
        let node = LayoutNode(kind: .layout(ConcreteLayoutStorage(GeometryReaderLayout(record: record), typeName: "GeometryReader")),
                              children: record.build(.unlaidOut), kindName: "GeometryReader")
        node.structuralKey = inputs.key
        outputs.nodes.append(node)
    }
}