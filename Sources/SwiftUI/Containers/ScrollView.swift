import Foundation
import LayoutCore

/// A scrollable view, as in SwiftUI.
///
/// Layout (SwiftUI Field Guide, "Scroll View"; semantics spec §3): the scroll view proposes its
/// content nil (unspecified) along its scroll axes and its own proposal across them, so the
/// content takes its ideal length along the axes it scrolls. Along its scroll axes it takes the
/// whole proposal ("a vertical scroll view always becomes exactly as tall as proposed"; the
/// content's length where none is given, as in `fixedSize()`); across them it is as long as its
/// content ("it only becomes as wide as the width of its contents", the Field Guide's
/// gotcha, which people counter with `.frame(maxWidth: .infinity)` on the content). Several
/// views in the content are stacked like a `VStack` (an `HStack` for `.horizontal` alone) with
/// default spacing, as SwiftUI stacks them.
///
/// Placement: the content starts at the scroll origin (top, leading) along the scroll axes.
///
/// Drawing: the content is clipped to the scroll view; an indicator (a 3-point gray capsule
/// inset by 3 points from the trailing or bottom edge, as long as the visible fraction of the
/// content and at least 36 points — UIKit's scroll indicator, measured on iOS screenshots)
/// shows along each scroll axis where the content overflows, unless `showsIndicators` is false
/// or `.scrollIndicators(.hidden)` applies. The preview shows the scroll origin and never scrolls.
public struct ScrollView<Content: View>: PrimitiveView {
    /// The scroll axes.
    public var axes: Axis.Set
    /// Whether indicators are drawn where the content overflows.
    public var showsIndicators: Bool
    let content: Content
    /// Creates a scroll view along `axes`.
    public init(_ axes: Axis.Set = .vertical, showsIndicators: Bool = true, @ViewBuilder content: () -> Content) {
        self.axes = axes; self.showsIndicators = showsIndicators; self.content = content()
    }

    /// Builds the scroll node around a stack of the content, plus its indicators (engine-internal).
    public static func _makeView(_ view: Self, inputs: _ViewInputs, outputs: inout _ViewOutputs) {
        let env = inputs.environment.containers
        var contentInputs = inputs.containerContent()
        // Margins, list context and a position binding apply to this scroll view, not to scroll views inside it.
        contentInputs.environment.containers.scrollContentMargins = EdgeInsets()
        contentInputs.environment.scrollPosition = nil
        let margins = env.scrollContentMargins
        let built: [LayoutNode]
        if view.axes == .horizontal {
            built = buildNodes(LayoutContainer(layout: HStackLayout(), kindName: "HStack", content: view.content).padding(margins), contentInputs)
        } else {
            built = buildNodes(LayoutContainer(layout: VStackLayout(), kindName: "VStack", content: view.content).padding(margins), contentInputs)
        }
        guard var stack = built.first else { return }  // the stack ran short (a tree too deep to build)
        if margins == EdgeInsets(), case .padding = stack.kind { stack = stack.children[0] }
        let node = liveScrollNode(axes: view.axes, content: stack, showsIndicators: view.showsIndicators && env.scrollIndicators.shows != false, inputs: inputs)
        outputs.nodes.append(node)
    }

    /// The scroll node over `content`: clipped, with a vertical and a horizontal indicator.
    static func scrollNode(axes: Axis.Set, content: LayoutNode, showsIndicators: Bool, key: UInt64, offset: CGPoint = .zero) -> LayoutNode {
        var children = [content]
        if showsIndicators {
            for axis in [Axis.vertical, .horizontal] where axes.contains(axis == .vertical ? .vertical : .horizontal) {
                let indicator = LayoutNode(kind: .shape(.capsule), kindName: "scroll indicator")
                indicator.detail = axis == .vertical ? "vertical" : "horizontal"
                indicator.preItems = [.fill(.capsule, .color(Color.gray.opacity(0.55)))]
                children.append(indicator)
            }
        }
        let node = LayoutNode(kind: .scrollView(ScrollViewLayout(axes: axes, contentOffset: offset)), children: children, kindName: "ScrollView")
        node.structuralKey = key
        node.detail = axes == [.horizontal, .vertical] ? "both axes" : axes == .horizontal ? "horizontal" : "vertical"
        node.preItems = [.beginClip(.rectangle)]
        node.postItems = [.endClip]
        // As in SwiftUI, a scroll view (and so a list or a form) that reaches the safe area's
        // edge fills the band outside it and insets its content instead.
        node.safeAreaBehavior = .scrollView
        return node
    }
}

/// A view whose content can scroll programmatically to a view, as SwiftUI's `ScrollViewReader`.
///
/// Layout: the content as is (the reader adds no view of its own). In a live preview the
/// proxy's `scrollTo` scrolls the scroll view around the view with that id; a static render
/// shows the scroll origin.
public struct ScrollViewReader<Content: View>: PrimitiveView {
    let content: (ScrollViewProxy) -> Content
    /// Creates a reader whose content gets a proxy.
    public init(@ViewBuilder content: @escaping (ScrollViewProxy) -> Content) { self.content = content }
    /// Builds the content, given a proxy for the live graph building it (none: a static build).
    public static func _makeView(_ view: Self, inputs: _ViewInputs, outputs: inout _ViewOutputs) {
        buildView(view.content(ScrollViewProxy(graph: inputs.state.graph)), inputs, &outputs)
    }
}

/// Scrolls a scroll view to a view, as SwiftUI's `ScrollViewProxy`.
public struct ScrollViewProxy: Sendable {
    private let target: WeakGraphReference?

    init(graph: ViewGraph?) { target = graph.map(WeakGraphReference.init) }

    /// Scrolls the scroll view that contains the view with `id` (an explicit `.id` or a
    /// `ForEach` element's id) so that the view shows.
    ///
    /// SwiftUI's rule: with an `anchor`, the view's anchor point goes to the same anchor point of
    /// the scroll view (`.top`: its top edge at the top); without one, the scroll view moves as
    /// little as makes the view visible. Either way the content stays within its bounds. Inside
    /// `withAnimation` the scroll animates. Carried out at the next layout of the live preview;
    /// an id no view has does nothing, as in SwiftUI.
    public func scrollTo<ID: Hashable>(_ id: ID, anchor: UnitPoint? = nil) {
        guard let graph = target?.graph else { return }
        graph.scrollRequests.append(ScrollRequest(id: AnyHashable(id), anchor: anchor))
        graph.invalidate(BuildEnvironment.currentTransaction)
    }
}

/// A scroll node (`ScrollView.scrollNode`); in a live build, scrolled by the offset kept for the
/// view's identity and registered to take scrolls and drags (a `ScrollView`'s, a `List`'s).
func liveScrollNode(axes: Axis.Set, content: LayoutNode, showsIndicators: Bool, inputs: _ViewInputs) -> LayoutNode {
    guard let graph = inputs.state.graph else {
        return ScrollView<EmptyView>.scrollNode(axes: axes, content: content, showsIndicators: showsIndicators, key: inputs.key)
    }
    let storage = graph.builtInStorage(mixKey(inputs.identity, 0x7363_726f), slotCount: 1)
    let scrolled: ScrollOffset
    if let kept = storage.slots[0] as? ScrollOffset { scrolled = kept } else {
        scrolled = ScrollOffset()
        storage.slots[0] = scrolled
    }
    let node = ScrollView<EmptyView>.scrollNode(axes: axes, content: content, showsIndicators: showsIndicators, key: inputs.key,
                                                offset: scrolled.offset)
    weak var weakGraph = graph
    graph.register(.scroll(axes: axes, apply: { delta, overflow in
        let old = scrolled.offset
        scrolled.offset = CGPoint(x: axes.contains(.horizontal) ? min(max(old.x + delta.width, 0), max(overflow.width, 0)) : 0,
                                  y: axes.contains(.vertical) ? min(max(old.y + delta.height, 0), max(overflow.height, 0)) : 0)
        guard scrolled.offset != old else { return false }
        weakGraph?.invalidate()
        return true
    }), on: node)
    if let position = inputs.environment.scrollPosition, !graph.isSuppressingRegistration {
        graph.scrollPositions.append(ScrollPositionLink(node: node, binding: position, scrolled: scrolled, axes: axes))
    }
    return node
}

/// How far a live scroll view is scrolled, kept by its identity between updates.
final class ScrollOffset {
    var offset: CGPoint = .zero
    /// The id its `scrollPosition(id:)` binding and its scrolling last agreed on.
    var position: AnyHashable?
    /// Whether `position` was ever agreed (the first layout scrolls to the binding's id).
    var positionAgreed = false
    /// The offset when `position` was agreed (nil: a scroll to a set id is under way).
    var offsetAtPosition: CGPoint?
}
