import Foundation

/// A coordinate space to measure frames in, as SwiftUI's `CoordinateSpace`.
public enum CoordinateSpace: Hashable, @unchecked Sendable {
    /// The window's (here the layout's root) coordinate space.
    case global
    /// The view's own coordinate space: its frame starts at (0, 0).
    case local
    /// The space of the nearest enclosing view given this name with `coordinateSpace(name:)`.
    /// (`.named("x")` is also SwiftUI's iOS 17 spelling.)
    case named(AnyHashable)
}

/// The name a `coordinateSpace(name:)` gives a view, read by geometry proxies inside it.
struct _CoordinateSpaceNameKey: LayoutValueKey {
    static var defaultValue: AnyHashable? { nil }
}

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

/// A proxy for the size and coordinates of a `GeometryReader`, as SwiftUI's `GeometryProxy`.
///
/// When the reader's closure runs, the proxy holds the reader's real laid-out geometry (see
/// `GeometryReader` for how). The desktop has no safe area: `safeAreaInsets` is zero.
public struct GeometryProxy: Equatable, @unchecked Sendable {
    /// The reader's size: the size it was proposed.
    public let size: CGSize
    /// The reader's frame in root coordinates.
    let globalFrame: CGRect
    /// The named spaces around the reader, nearest first, with their origins in root coordinates.
    let spaces: [(name: AnyHashable, origin: CGPoint)]

    init(size: CGSize, globalFrame: CGRect, spaces: [(name: AnyHashable, origin: CGPoint)]) {
        self.size = size; self.globalFrame = globalFrame; self.spaces = spaces
    }

    /// The reader's frame in `space`. An unknown name measures in the global space, as SwiftUI
    /// falls back to it.
    public func frame(in space: CoordinateSpace) -> CGRect {
        switch space {
        case .local: return CGRect(origin: .zero, size: size)
        case .global: return globalFrame
        case .named(let name):
            guard let s = spaces.first(where: { $0.name == name }) else { return globalFrame }
            return globalFrame.offsetBy(dx: -s.origin.x, dy: -s.origin.y)
        }
    }

    /// The bounds of the named space `space` in the reader's own coordinates (iOS 17), or nil when no view has that name.
    public func bounds(of space: CoordinateSpace) -> CGRect? {
        guard case .named(let name) = space, let s = spaces.first(where: { $0.name == name }) else { return nil }
        return CGRect(x: s.origin.x - globalFrame.minX, y: s.origin.y - globalFrame.minY, width: 0, height: 0)
    }

    /// The safe area insets of the reader: none on the desktop.
    public var safeAreaInsets: EdgeInsets { EdgeInsets() }

    public static func == (l: GeometryProxy, r: GeometryProxy) -> Bool {
        l.size == r.size && l.globalFrame == r.globalFrame && l.spaces.count == r.spaces.count
            && zip(l.spaces, r.spaces).allSatisfy { $0.name == $1.name && $0.origin == $1.origin }
    }

    /// What the closure sees before the first pass: zero everywhere.
    static let unlaidOut = GeometryProxy(size: .zero, globalFrame: .zero, spaces: [])
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
        let make = view.content
        let record = GeometryReaderRecord { proxy in buildNodes(make(proxy), contentInputs) }
        let node = LayoutNode(kind: .layout(ConcreteLayoutStorage(GeometryReaderLayout(record: record), typeName: "GeometryReader")),
                              children: record.build(.unlaidOut), kindName: "GeometryReader")
        node.structuralKey = inputs.key
        outputs.nodes.append(node)
    }
}

/// What a reader's content was built with, and how to build it again.
final class GeometryReaderRecord {
    let make: (GeometryProxy) -> [LayoutNode]
    private(set) var builtWith = GeometryProxy.unlaidOut
    init(make: @escaping (GeometryProxy) -> [LayoutNode]) { self.make = make }
    func build(_ proxy: GeometryProxy) -> [LayoutNode] {
        builtWith = proxy
        return make(proxy)
    }
}

/// The layout of a `GeometryReader`: the whole proposal (10 where unspecified); content proposed
/// that size at the top-leading corner.
struct GeometryReaderLayout: Layout {
    let record: GeometryReaderRecord
    func sizeThatFits(proposal: ProposedViewSize, subviews: Subviews, cache: inout ()) -> CGSize {
        proposal.replacingUnspecifiedDimensions()
    }
    func placeSubviews(in bounds: CGRect, proposal: ProposedViewSize, subviews: Subviews, cache: inout ()) {
        for s in subviews { s.place(at: bounds.origin, anchor: .topLeading, proposal: ProposedViewSize(bounds.size)) }
    }
    /// A reader's spacing does not depend on its content (a leaf's default spacing).
    func spacing(subviews: Subviews, cache: inout ()) -> ViewSpacing { ViewSpacing() }
}

extension LayoutNode {
    /// The record of a GeometryReader node, or nil.
    var geometryReaderRecord: GeometryReaderRecord? {
        guard case .layout(let storage) = kind, let s = storage as? ConcreteLayoutStorage<GeometryReaderLayout> else { return nil }
        return s.layout.record
    }
}

extension LayoutHost {
    /// The proxy of the reader `node` after a pass: its frame and the named spaces around it.
    static func geometryProxy(of node: LayoutNode, frames: [CGRect]) -> GeometryProxy {
        let frame = frames[node.index]
        var spaces: [(name: AnyHashable, origin: CGPoint)] = []
        var n: LayoutNode? = node
        while let current = n {
            if let name = current.traits.layoutValue(_CoordinateSpaceNameKey.self), !spaces.contains(where: { $0.name == name }) {
                spaces.append((name, frames[current.index].origin))
            }
            n = current.parent
        }
        return GeometryProxy(size: frame.size, globalFrame: frame, spaces: spaces)
    }

    /// Runs the closures of the readers (pre-order) whose geometry changed; true when any did.
    static func updateGeometryReaders(_ readers: [LayoutNode], frames: [CGRect], beforeChange: () -> Void = {}) -> Bool {
        var changed = false
        var replaced = Set<ObjectIdentifier>()
        for reader in readers {
            // A reader inside one rebuilt in this round is gone from the new tree.
            var p = reader.parent, stale = false
            while let q = p { if replaced.contains(ObjectIdentifier(q)) { stale = true; break }; p = q.parent }
            guard !stale, let record = reader.geometryReaderRecord else { continue }
            let proxy = geometryProxy(of: reader, frames: frames)
            if proxy == record.builtWith { continue }
            if !changed { beforeChange() }
            reader.children = record.build(proxy)
            replaced.insert(ObjectIdentifier(reader))
            changed = true
        }
        return changed
    }
}
