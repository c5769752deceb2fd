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
package struct _CoordinateSpaceNameKey: LayoutValueKey {
    /// Creates the value from its parts (the memberwise initializer, for the SwiftUI surface).
    package init() {
    }
    package static var defaultValue: AnyHashable? { nil }
}


/// A proxy for the size and coordinates of a `GeometryReader`, as SwiftUI's `GeometryProxy`.
///
/// When the reader's closure runs, the proxy holds the reader's real laid-out geometry (see
/// `GeometryReader` for how), and how much of it lies outside the safe area (`safeAreaInsets`).
public struct GeometryProxy: Equatable, @unchecked Sendable {
    /// The reader's size: the size it was proposed.
    public let size: CGSize
    /// The reader's frame in root coordinates.
    let globalFrame: CGRect
    /// The named spaces around the reader, nearest first, with their origins in root coordinates.
    let spaces: [(name: AnyHashable, origin: CGPoint)]
    /// How far into the reader the regions outside the safe area reach, as SwiftUI's
    /// `GeometryProxy.safeAreaInsets`: zero for a reader inside the safe area; a reader that
    /// ignores the safe area and covers the screen gets the screen's insets.
    public let safeAreaInsets: EdgeInsets

    init(size: CGSize, globalFrame: CGRect, spaces: [(name: AnyHashable, origin: CGPoint)], safeAreaInsets: EdgeInsets = EdgeInsets()) {
        self.size = size; self.globalFrame = globalFrame; self.spaces = spaces; self.safeAreaInsets = safeAreaInsets
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

    public static func == (l: GeometryProxy, r: GeometryProxy) -> Bool {
        l.size == r.size && l.globalFrame == r.globalFrame && l.safeAreaInsets == r.safeAreaInsets && l.spaces.count == r.spaces.count
            && zip(l.spaces, r.spaces).allSatisfy { $0.name == $1.name && $0.origin == $1.origin }
    }

    /// What the closure sees before the first pass: zero everywhere.
    package static let unlaidOut = GeometryProxy(size: .zero, globalFrame: .zero, spaces: [])
}


/// What a reader's content was built with, and how to build it again.
package final class GeometryReaderRecord {
    let make: (GeometryProxy) -> [LayoutNode]
    private(set) var builtWith = GeometryProxy.unlaidOut
    package init(make: @escaping (GeometryProxy) -> [LayoutNode]) { self.make = make }
    package func build(_ proxy: GeometryProxy) -> [LayoutNode] {
        builtWith = proxy
        return make(proxy)
    }
}

/// The layout of a `GeometryReader`: the whole proposal (10 where unspecified); content proposed
/// that size at the top-leading corner.
package struct GeometryReaderLayout: Layout {
    /// Creates the value from its parts (the memberwise initializer, for the SwiftUI surface).
    package init(record: GeometryReaderRecord) {
        self.record = record
    }
    let record: GeometryReaderRecord
    package func sizeThatFits(proposal: ProposedViewSize, subviews: Subviews, cache: inout ()) -> CGSize {
        proposal.replacingUnspecifiedDimensions()
    }
    package func placeSubviews(in bounds: CGRect, proposal: ProposedViewSize, subviews: Subviews, cache: inout ()) {
        for s in subviews { s.place(at: bounds.origin, anchor: .topLeading, proposal: ProposedViewSize(bounds.size)) }
    }
    /// A reader's spacing does not depend on its content (a leaf's default spacing).
    package func spacing(subviews: Subviews, cache: inout ()) -> ViewSpacing { ViewSpacing() }
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
    static func geometryProxy(of node: LayoutNode, frames: [CGRect], safeArea: SafeAreaRegion? = nil) -> GeometryProxy {
        let frame = frames[node.index]
        var spaces: [(name: AnyHashable, origin: CGPoint)] = []
        var n: LayoutNode? = node
        while let current = n {
            if let name = current.traits.layoutValue(_CoordinateSpaceNameKey.self), !spaces.contains(where: { $0.name == name }) {
                spaces.append((name, frames[current.index].origin))
            }
            n = current.parent
        }
        let insets = safeArea.map { SafeAreaRegion.region(around: node, root: $0, frames: frames).insets(of: frame) } ?? EdgeInsets()
        return GeometryProxy(size: frame.size, globalFrame: frame, spaces: spaces, safeAreaInsets: insets)
    }

    /// Runs the closures of the readers (pre-order) whose geometry changed; true when any did.
    static func updateGeometryReaders(_ readers: [LayoutNode], frames: [CGRect], safeArea: SafeAreaRegion? = nil, beforeChange: () -> Void = {}) -> Bool {
        var changed = false
        var replaced = Set<ObjectIdentifier>()
        for reader in readers {
            // A reader inside one rebuilt in this round is gone from the new tree.
            var p = reader.parent, stale = false
            while let q = p { if replaced.contains(ObjectIdentifier(q)) { stale = true; break }; p = q.parent }
            guard !stale, let record = reader.geometryReaderRecord else { continue }
            let proxy = geometryProxy(of: reader, frames: frames, safeArea: safeArea)
            if proxy == record.builtWith { continue }
            if !changed { beforeChange() }
            reader.children = record.build(proxy)
            replaced.insert(ObjectIdentifier(reader))
            changed = true
        }
        return changed
    }
}
