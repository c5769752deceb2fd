import Foundation
import LayoutCore

/// A `scrollPosition(id:anchor:)` binding, as the modifier hands it to the scroll view inside.
struct ScrollPositionBinding {
    /// The binding's id (nil: none).
    let get: () -> AnyHashable?
    /// Writes an id to the binding (one of another type than the binding's is not written).
    let set: (AnyHashable?) -> Void
    /// Whether an id is of the binding's type (only such views are positions).
    let accepts: (AnyHashable) -> Bool
    let anchor: UnitPoint?
}

/// A live scroll view with a `scrollPosition(id:)` binding, found by the build in progress.
struct ScrollPositionLink {
    let node: LayoutNode
    let binding: ScrollPositionBinding
    /// The scroll view's kept offset and the position it last agreed with its binding.
    let scrolled: ScrollOffset
    let axes: Axis.Set
}

private enum ScrollPositionKey: EnvironmentKey { static var defaultValue: ScrollPositionBinding? { nil } }
extension EnvironmentValues {
    /// The binding of the `scrollPosition(id:)` around the next scroll view inside.
    var scrollPosition: ScrollPositionBinding? {
        get { self[ScrollPositionKey.self] }
        set { self[ScrollPositionKey.self] = newValue }
    }
}

extension View {
    /// Binds the id of the view at the scroll view's top (leading, scrolling sideways) to `id`,
    /// as SwiftUI's `scrollPosition(id:anchor:)` (iOS 17).
    ///
    /// SwiftUI's rule: applied to a scroll view, the binding follows scrolling (the first of the
    /// content's views with an id, an explicit `.id` or a `ForEach` element's, that reaches the
    /// top edge) and setting it scrolls that view into place. Where SwiftUI leaves a nil
    /// `anchor` to the scroll's own settling, this puts the view's top at the top (leading,
    /// sideways), so that a set id reads back as itself; an `anchor` puts that point of the view
    /// at the same point of the scroll view. Live previews only: a static render shows the
    /// scroll origin. Views with ids count whether or not `scrollTargetLayout()` marks them.
    public func scrollPosition<ID: Hashable>(id: Binding<ID?>, anchor: UnitPoint? = nil) -> some View {
        transformEnvironment(\.scrollPosition) { position in
            position = ScrollPositionBinding(get: { id.wrappedValue.map { AnyHashable($0) } },
                                             set: { value in
                                                 if let value { if let typed = value.base as? ID { id.wrappedValue = typed } }
                                                 else { id.wrappedValue = nil }
                                             },
                                             accepts: { $0.base is ID },
                                             anchor: anchor)
        }
    }
}

extension LivePreview {
    /// Brings scroll views and their `scrollPosition(id:)` bindings in step after a layout:
    /// an id the code set becomes a scroll request; a scroll the person made writes the id now
    /// at the top. Returns whether a binding was written (its readers must be built again).
    func synchronizeScrollPositions(in result: LayoutResult) -> Bool {
        var wrote = false
        for link in graph.scrollPositions where host.isInstalled(link.node) && link.node.resultIndex < result.views.count {
            let bound = link.binding.get()
            if !link.scrolled.positionAgreed || bound != link.scrolled.position {
                // The code set the binding (or this is the first layout): scroll to it.
                link.scrolled.position = bound
                link.scrolled.positionAgreed = true
                // Nil asks for no scroll: agreed where the scroll view is.
                link.scrolled.offsetAtPosition = bound == nil ? link.scrolled.offset : nil
                if let bound {
                    let anchor = link.binding.anchor ?? (link.axes == .horizontal ? .leading : .top)
                    graph.scrollRequests.append(ScrollRequest(id: bound, anchor: anchor))
                }
                continue
            }
            // Scrolled since the binding was last agreed: the view now at the top is the position.
            guard link.scrolled.offsetAtPosition != link.scrolled.offset else { continue }
            let wasSet = link.scrolled.offsetAtPosition == nil
            link.scrolled.offsetAtPosition = link.scrolled.offset
            // The scroll a set id asked for is where the code put it: nothing to report.
            guard !wasSet else { continue }
            // Nothing with an id at the top (empty content): the binding keeps what it had.
            guard let top = Self.firstIdentifiedView(in: link.node.resultIndex, of: result, axes: link.axes, accepting: link.binding.accepts),
                  top != bound else { continue }
            link.scrolled.position = top
            link.binding.set(top)
            wrote = true
        }
        return wrote
    }

    /// The id of the first view with an id `accepts` (shallowest first, in order) inside scroll
    /// view `scroll` whose far edge is past the scroll view's top (leading) edge.
    static func firstIdentifiedView(in scroll: Int, of result: LayoutResult, axes: Axis.Set,
                                    accepting accepts: (AnyHashable) -> Bool) -> AnyHashable? {
        let viewport = result.views[scroll].frame
        let horizontal = axes == .horizontal
        let end = subtreeEnd(of: scroll, result)
        var i = scroll + 1
        while i < end {
            let view = result.views[i]
            if let id = view.explicitID, view.isVisible, accepts(id) {
                let far = horizontal ? view.frame.maxX : view.frame.maxY
                if far > (horizontal ? viewport.minX : viewport.minY) + 0.5 { return id }
                // Its subtree lies above the edge too.
                i = subtreeEnd(of: i, result)
                continue
            }
            i += 1
        }
        return nil
    }

    /// One past the last view of `index`'s subtree: in pre-order, the views after it whose
    /// parent is it or after it.
    private static func subtreeEnd(of index: Int, _ result: LayoutResult) -> Int {
        var j = index + 1
        while j < result.views.count, let parent = result.views[j].parent, parent >= index { j += 1 }
        return j
    }
}
