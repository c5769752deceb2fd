import Foundation
import LayoutCore

/// A `matchedGeometryEffect(…, isSource: false)` view: after a pass it takes the geometry of its
/// group's source, the view of the group with `isSource: true` that is on screen.
///
/// SwiftUI rule: a non-source view of a group is proposed the source's size (`.size`, `.frame`)
/// and moved so that its anchor point lies on the source's (`.position`, `.frame`); with no
/// source on screen it is laid out as itself. Its content sits in a frame, given the source's
/// size, inside an offset, given the way to the source's position, so the layout around it sees
/// the source's size and the move itself changes no other view's place.
/// (Whether SwiftUI's parent sees the source's size or the view's own is not documented; this
/// project reads it as a frame of that size, as reimplementations from its observed behaviour
/// do, and tests it.)
final class MatchedGeometryFollower: PostLayoutAttachment {
    let key: Int
    let matchesPosition: Bool
    let matchesSize: Bool
    let anchor: UnitPoint
    /// The size and offset the wrappers were last given.
    private var applied: (size: CGSize?, offset: CGSize) = (nil, .zero)
    /// The source found last time: checked again first (a walk up the tree), so a follower
    /// laid out again does not search the whole tree each pass.
    private weak var lastSource: LayoutNode? = nil

    init(key: Int, matchesPosition: Bool, matchesSize: Bool, anchor: UnitPoint) {
        self.key = key
        self.matchesPosition = matchesPosition
        self.matchesSize = matchesSize
        self.anchor = anchor
    }

    var rebuildsContent: Bool { true }

    func contentAfterPass(of node: LayoutNode, frames: [CGRect], firstCheck: Bool) -> [LayoutNode]? {
        guard node.index < frames.count else { return nil }
        var size: CGSize? = nil
        var offset = CGSize.zero
        if let source = findSource(around: node), source.index < frames.count,
           Self.isFinite(frames[source.index]), Self.isFinite(frames[node.index]) {
            let target = frames[source.index], own = frames[node.index]
            if matchesSize { size = target.size }
            if matchesPosition {
                // Anchor on anchor: where the source's anchor point is, less where this view's
                // will be once it has its new size (`own` is where it is laid out: the offset
                // moves only what is inside).
                let shown = size ?? own.size
                offset.width = target.minX + anchor.x * target.width - (own.minX + anchor.x * shown.width)
                offset.height = target.minY + anchor.y * target.height - (own.minY + anchor.y * shown.height)
            }
        }
        if applied.size == size, Self.close(applied.offset, offset) { return nil }
        applied = (size, offset)
        // The wrappers were built with the view (so everything inside keeps its identity
        // whatever the source); only their values change.
        for wrapper in node.children {
            guard case .offset = wrapper.kind, let framed = wrapper.children.first, case .frame = framed.kind else { continue }
            wrapper.kind = .offset(OffsetLayout(offset: offset))
            framed.kind = .frame(FixedFrame(width: size?.width, height: size?.height, alignment: .center))
        }
        return node.children
    }

    /// Wraps `content` as a follower is built: in an offset (none yet) around a frame (open on
    /// both axes yet), whose values the follower sets after each pass.
    static func wrappers(around content: LayoutNode) -> LayoutNode {
        let framed = LayoutNode.wrapping(content, kind: .frame(FixedFrame(width: nil, height: nil, alignment: .center)),
                                         kindName: "frame", detail: "matched size")
        return LayoutNode.wrapping(framed, kind: .offset(OffsetLayout(offset: .zero)), kindName: "offset", detail: "matched position")
    }

    /// The group's source in the tree `node` is in: the one found last time while it is still
    /// in that tree and still a source of the group, else the first in pre-order.
    private func findSource(around node: LayoutNode) -> LayoutNode? {
        var root = node
        while let parent = root.installedParent { root = parent }
        if let last = lastSource, Self.isSource(last, of: key) {
            // Still in the tree: each view on the way up is among its parent's children (a
            // view a patch took out may still name its old parent).
            var top = last, attached = true
            while let parent = top.installedParent {
                guard parent.children.contains(where: { $0 === top }) else { attached = false; break }
                top = parent
            }
            if attached && top === root { return last }
        }
        lastSource = Self.source(of: key, in: root)
        return lastSource
    }

    /// Whether `node` carries group `key` as a source.
    private static func isSource(_ node: LayoutNode, of key: Int) -> Bool {
        for item in node.preItems {
            if case .beginEffect(.transition(let t)) = item, t.matchedGeometry?.key == key { return true }
        }
        return false
    }

    /// The first view in pre-order under `root` that is a source of group `key`.
    private static func source(of key: Int, in root: LayoutNode) -> LayoutNode? {
        var stack = [root]
        while let n = stack.popLast() {
            if isSource(n, of: key) { return n }
            // Children pushed last-first, so the first child is visited next (pre-order).
            for i in stride(from: n.children.count - 1, through: 0, by: -1) { stack.append(n.children[i]) }
        }
        return nil
    }

    private static func isFinite(_ r: CGRect) -> Bool {
        r.minX.isFinite && r.minY.isFinite && r.width.isFinite && r.height.isFinite
    }

    private static func close(_ a: CGSize, _ b: CGSize) -> Bool {
        abs(a.width - b.width) < 1e-9 && abs(a.height - b.height) < 1e-9
    }
}
