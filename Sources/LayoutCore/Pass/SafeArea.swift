import Foundation

/// What a view does with the safe area: the edges on which it reaches into the regions outside
/// it, and the safe-area padding it adds for its content. Rare, so it lives in the view's extras.
///
/// SwiftUI's rule (the `ignoresSafeArea(_:edges:)` documentation, WWDC20 "What's new in SwiftUI"
/// and the semantics spec, §safe area): a view that ignores the safe area on an edge is laid out
/// as if the safe area were not there *when its frame reaches the safe area's edge*: its frame
/// grows to the edge of the region it may reach (the screen for the container region, the top
/// of the keyboard for the container region alone while a keyboard shows), and its content is
/// proposed and placed in the grown frame. Its parent's layout is not affected: the view took
/// part in it with the size it chose. A view that does not reach the edge (say, a `Color` above a
/// `Text` at the bottom of a `VStack`) grows only on the edges it reaches.
package struct SafeAreaBehavior: Equatable, Sendable {
    /// The edges on which the view reaches into the container region (status bar, sensor
    /// housing, home indicator, bars): SafeAreaRegions `.container`.
    package var ignoredContainerEdges: Edge.Set
    /// The edges on which it reaches into the keyboard's region: SafeAreaRegions `.keyboard`.
    package var ignoredKeyboardEdges: Edge.Set
    /// The safe-area padding the view adds for its content (`safeAreaPadding`): nil for none.
    /// The view is a padding whose content is inset by it, and the padded band becomes part of
    /// the region outside the safe area for its content, which may reach into it.
    package var addedInsets: EdgeInsets?
    /// Whether the view is a scroll view that fills the safe area's band and insets its content
    /// by what it grew instead (SwiftUI's scroll views and lists: their background reaches the
    /// screen's edges, their content starts below the status bar and scrolls under it).
    package var insetsScrollContent: Bool
    /// The edges on which such a scroll view's content is not inset, because the code asked
    /// the scroll view itself to ignore the safe area there (`ScrollView { … }.ignoresSafeArea(edges: .top)`
    /// puts a header under the status bar, as in SwiftUI, where the scroll view then has no
    /// safe area on that edge to inset its content by).
    package var contentIgnoredEdges: Edge.Set = []

    /// Creates a behaviour from its parts.
    package init(ignoredContainerEdges: Edge.Set = [], ignoredKeyboardEdges: Edge.Set = [], addedInsets: EdgeInsets? = nil,
                 insetsScrollContent: Bool = false) {
        self.ignoredContainerEdges = ignoredContainerEdges
        self.ignoredKeyboardEdges = ignoredKeyboardEdges
        self.addedInsets = addedInsets
        self.insetsScrollContent = insetsScrollContent
    }

    /// A scroll view's: it reaches into the container region on every edge it reaches, and
    /// insets its content by what it grew (the keyboard's region still shortens it).
    package static let scrollView = SafeAreaBehavior(ignoredContainerEdges: .all, insetsScrollContent: true)

    /// This behaviour with `other`'s ignored edges added (nested `ignoresSafeArea` modifiers on
    /// one view add up).
    package func adding(containerEdges: Edge.Set, keyboardEdges: Edge.Set) -> SafeAreaBehavior {
        var b = self
        b.ignoredContainerEdges.formUnion(containerEdges)
        b.ignoredKeyboardEdges.formUnion(keyboardEdges)
        if insetsScrollContent { b.contentIgnoredEdges.formUnion(containerEdges) }
        return b
    }
}

/// The safe area at some point of a pass, as rectangles in root coordinates.
///
/// `outer` is how far a view that ignores every region may reach; `keyboardSafe` is `outer`
/// without the keyboard (how far a view that ignores only the container region may reach);
/// `containerSafe` is `outer` without the container insets (how far a view that ignores only the
/// keyboard may reach). The safe area proper is where both hold.
struct SafeAreaRegion: Equatable {
    var outer: CGRect
    var containerSafe: CGRect
    var keyboardSafe: CGRect

    /// The root's region: the screen (the canvas) and its insets.
    init(screen: CGRect, container: EdgeInsets, keyboard: EdgeInsets) {
        outer = screen
        containerSafe = SafeAreaRegion.inset(screen, container)
        keyboardSafe = SafeAreaRegion.inset(screen, keyboard)
    }

    /// The safe area proper: inside both the container and the keyboard insets.
    var safe: CGRect {
        let minX = Swift.max(containerSafe.minX, keyboardSafe.minX), minY = Swift.max(containerSafe.minY, keyboardSafe.minY)
        let maxX = Swift.min(containerSafe.maxX, keyboardSafe.maxX), maxY = Swift.min(containerSafe.maxY, keyboardSafe.maxY)
        return CGRect(x: minX, y: minY, width: Swift.max(0, maxX - minX), height: Swift.max(0, maxY - minY))
    }

    /// A view within this distance of the safe area's edge reaches it: layout arithmetic on
    /// fractional lengths need not land on the edge bit for bit.
    static let touchTolerance: CGFloat = 0.01

    /// `frame` grown on the edges `behavior` ignores where it reaches the safe area's edge, to
    /// the edge of the region it may reach (see `SafeAreaBehavior`).
    func extending(_ frame: CGRect, by behavior: SafeAreaBehavior) -> CGRect {
        let edges = behavior.ignoredContainerEdges.union(behavior.ignoredKeyboardEdges)
        if edges.isEmpty { return frame }
        let safe = self.safe
        var f = frame
        for edge in Edge.allCases where edges.contains(Edge.Set(edge)) {
            let container = behavior.ignoredContainerEdges.contains(Edge.Set(edge))
            let keyboard = behavior.ignoredKeyboardEdges.contains(Edge.Set(edge))
            let limit = container && keyboard ? outer : (container ? keyboardSafe : containerSafe)
            let e = SafeAreaRegion.value(of: f, edge), s = SafeAreaRegion.value(of: safe, edge), l = SafeAreaRegion.value(of: limit, edge)
            let outward = SafeAreaRegion.outwardSign(edge)
            // Reaches the safe edge (or beyond it), and the limit is further out than the frame.
            guard (s - e) * outward <= SafeAreaRegion.touchTolerance, (l - e) * outward > 0 else { continue }
            f = SafeAreaRegion.moving(f, edge, to: l)
        }
        return f
    }

    /// The region inside a `safeAreaPadding` view of `frame` that adds `insets`: on each padded
    /// edge the safe area moves in by the padding from where it was (or from the view's edge,
    /// when the safe area's edge is outside the view), and a view inside may reach no further
    /// than the padding view's edge unless the padding view itself reaches the safe edge.
    func padded(_ frame: CGRect, by insets: EdgeInsets) -> SafeAreaRegion {
        var r = self
        let safe = self.safe
        for edge in Edge.allCases {
            let amount = SafeAreaRegion.amount(insets, edge)
            guard amount.isFinite, amount > 0 else { continue }
            let outward = SafeAreaRegion.outwardSign(edge)
            let e = SafeAreaRegion.value(of: frame, edge), s = SafeAreaRegion.value(of: safe, edge)
            let reachesSafeEdge = (s - e) * outward <= SafeAreaRegion.touchTolerance
            // The safe edge, or the view's edge when that is further in, moved in by the padding.
            let start = (s - e) * outward < 0 ? s : e
            let inner = start - outward * amount
            if !reachesSafeEdge {
                r.outer = SafeAreaRegion.moving(r.outer, edge, to: e)
                r.keyboardSafe = SafeAreaRegion.moving(r.keyboardSafe, edge, to: e)
            }
            r.containerSafe = SafeAreaRegion.moving(r.containerSafe, edge, to: inner)
        }
        return r
    }

    /// The insets of `frame` into the region outside the safe area: how much of the view the
    /// status bar, home indicator, bars or keyboard cover (`GeometryProxy.safeAreaInsets`).
    func insets(of frame: CGRect) -> EdgeInsets {
        let safe = self.safe
        func clamp(_ v: CGFloat, _ length: CGFloat) -> CGFloat { Swift.min(Swift.max(0, v), Swift.max(0, length)) }
        return EdgeInsets(top: clamp(safe.minY - frame.minY, frame.height), leading: clamp(safe.minX - frame.minX, frame.width),
                          bottom: clamp(frame.maxY - safe.maxY, frame.height), trailing: clamp(frame.maxX - safe.maxX, frame.width))
    }

    // The pass lays out left to right (right to left is a mirror of the result), so leading is
    // the minimum x and trailing the maximum.
    private static func value(of r: CGRect, _ edge: Edge) -> CGFloat {
        switch edge {
        case .top: return r.minY
        case .bottom: return r.maxY
        case .leading: return r.minX
        case .trailing: return r.maxX
        }
    }

    /// −1 where outward is towards smaller coordinates (top, leading), +1 otherwise.
    private static func outwardSign(_ edge: Edge) -> CGFloat { edge == .top || edge == .leading ? -1 : 1 }

    private static func amount(_ insets: EdgeInsets, _ edge: Edge) -> CGFloat {
        switch edge {
        case .top: return insets.top
        case .bottom: return insets.bottom
        case .leading: return insets.leading
        case .trailing: return insets.trailing
        }
    }

    /// `r` with its `edge` moved to `v` (the opposite edge stays; a length never goes negative).
    private static func moving(_ r: CGRect, _ edge: Edge, to v: CGFloat) -> CGRect {
        switch edge {
        case .top: return CGRect(x: r.minX, y: v, width: r.width, height: Swift.max(0, r.maxY - v))
        case .bottom: return CGRect(x: r.minX, y: r.minY, width: r.width, height: Swift.max(0, v - r.minY))
        case .leading: return CGRect(x: v, y: r.minY, width: Swift.max(0, r.maxX - v), height: r.height)
        case .trailing: return CGRect(x: r.minX, y: r.minY, width: Swift.max(0, v - r.minX), height: r.height)
        }
    }

    /// The insets of the safe area proper: on each edge the larger of the container's and the
    /// keyboard's (negative, NaN and infinite insets count as 0).
    static func combined(_ container: EdgeInsets, _ keyboard: EdgeInsets) -> EdgeInsets {
        func clean(_ v: CGFloat) -> CGFloat { v.isFinite && v > 0 ? v : 0 }
        return EdgeInsets(top: Swift.max(clean(container.top), clean(keyboard.top)), leading: Swift.max(clean(container.leading), clean(keyboard.leading)),
                          bottom: Swift.max(clean(container.bottom), clean(keyboard.bottom)), trailing: Swift.max(clean(container.trailing), clean(keyboard.trailing)))
    }

    private static func inset(_ r: CGRect, _ i: EdgeInsets) -> CGRect {
        func clean(_ v: CGFloat) -> CGFloat { v.isFinite && v > 0 ? v : 0 }
        let top = clean(i.top), leading = clean(i.leading), bottom = clean(i.bottom), trailing = clean(i.trailing)
        return CGRect(x: r.minX + leading, y: r.minY + top,
                      width: Swift.max(0, r.width - leading - trailing), height: Swift.max(0, r.height - top - bottom))
    }

    /// The region in which `node` was placed: the root's, narrowed by every `safeAreaPadding`
    /// view above it (for geometry proxies, computed after the pass from its frames).
    static func region(around node: LayoutNode, root: SafeAreaRegion, frames: [CGRect]) -> SafeAreaRegion {
        region(around: node, root: root) { $0 < frames.count ? frames[$0] : nil }
    }

    /// `region(around:root:frames:)` with the frames read by index (nil: not laid out).
    static func region(around node: LayoutNode, root: SafeAreaRegion, frame: (Int) -> CGRect?) -> SafeAreaRegion {
        var padders: [LayoutNode] = []
        var n = node.installedParent
        while let current = n {
            if current.safeAreaBehavior?.addedInsets != nil { padders.append(current) }
            n = current.installedParent
        }
        var region = root
        for padder in padders.reversed() {
            guard var frame = frame(padder.index) else { continue }
            if let b = padder.safeAreaBehavior { frame = region.extending(frame, by: b) }
            if let insets = padder.safeAreaBehavior?.addedInsets { region = region.padded(frame, by: insets) }
        }
        return region
    }
}

extension LayoutPass {
    /// Grows the views that reach into the safe area (SwiftUI's placement-time expansion; see
    /// `SafeAreaBehavior`), once the tree is placed: each such view, outermost first, is
    /// committed again with its grown frame, so its content is proposed and placed in it (a
    /// scroll view's with its content inset by the growth). A view inside a grown one is looked
    /// at after it, in its new place. Done after the pass rather than in every commit, so that
    /// trees without safe-area views pay nothing for it.
    func growIntoSafeArea() {
        guard let root = safeArea, let buffers = placed else { return }
        for node in safeAreaViews {
            guard let behavior = node.safeAreaBehavior else { continue }
            let index = node.index
            guard index < viewCount, visibility.map({ $0[index] }) ?? true else { continue }
            let local = buffers.localOrigins[index]
            guard !local.x.isNaN, !local.y.isNaN else { continue }
            let frame = buffers.frames[index]
            let region = SafeAreaRegion.region(around: node, root: root) { buffers.frames[$0] }
            let grown = region.extending(frame, by: behavior)
            guard grown != frame else { continue }
            if behavior.insetsScrollContent {
                var insets = LayoutPass.growth(from: frame, to: grown)
                let ignored = behavior.contentIgnoredEdges
                if ignored.contains(.top) { insets.top = 0 }
                if ignored.contains(.leading) { insets.leading = 0 }
                if ignored.contains(.bottom) { insets.bottom = 0 }
                if ignored.contains(.trailing) { insets.trailing = 0 }
                scrollContentInsets = insets
            }
            // A `ViewThatFits` inside may choose another child for the new size: its subtree's
            // views start visible again, as in a first placement.
            if visibility != nil {
                for i in index..<Int(store.subtreeEnd[index]) { visibility![i] = true }
            }
            commit(node, origin: CGPoint(x: local.x + grown.minX - frame.minX, y: local.y + grown.minY - frame.minY),
                   size: grown.size, proposal: ProposedViewSize(grown.size))
            scrollContentInsets = nil
        }
    }

    /// What a view grew by on each edge: a scroll view's content insets.
    static func growth(from frame: CGRect, to grown: CGRect) -> EdgeInsets {
        EdgeInsets(top: Swift.max(0, frame.minY - grown.minY), leading: Swift.max(0, frame.minX - grown.minX),
                   bottom: Swift.max(0, grown.maxY - frame.maxY), trailing: Swift.max(0, grown.maxX - frame.maxX))
    }
}
