import Foundation
import LayoutCore

/// A container view laid out by a `Layout` (what `MyLayout { … }` produces).
public struct LayoutContainer<L: Layout, Content: View>: PrimitiveView {
    let layout: L
    let kindName: String
    let content: Content
    /// For a lazy stack or grid, the axis it grows along: its `ForEach` elements are made and
    /// appear when they are on screen (`LazyElements`).
    let lazyAxis: Axis?

    init(layout: L, kindName: String, content: Content, lazyAxis: Axis? = nil) {
        self.layout = layout; self.kindName = kindName; self.content = content; self.lazyAxis = lazyAxis
    }

    /// Builds one layout node for the container, with the content's views as its subviews (engine-internal).
    public static func _makeView(_ view: Self, inputs: _ViewInputs, outputs: inout _ViewOutputs) {
        buildContainer(view.layout, kindName: view.kindName, content: view.content, lazyAxis: view.lazyAxis, inputs, &outputs)
    }
}

/// Builds a container laid out by `layout` around `content`'s views.
///
/// A deep tree's build recurses through this function at every level, so it holds only what the
/// recursion needs (the content's inputs); the container's node is made out of line, after.
/// A grid's content (`isGridContent`) makes its `GridRow`s rows.
@inline(__always) func buildContainer<L: Layout, Content: View>(_ layout: L, kindName: String, content: Content, lazyAxis: Axis?,
                                                               isGridContent: Bool = false,
                                                               _ inputs: _ViewInputs, _ outputs: inout _ViewOutputs) {
    let children: [LayoutNode]
    do {
        var contentInputs = inputs.containerContent()
        contentInputs.isGridContent = isGridContent
        if let axis = lazyAxis { contentInputs.lazyContent = LazyContainerKey(identity: inputs.identity, axis: axis) }
        children = buildNodes(content, contentInputs)
    }
    outputs.nodes.append(containerNode(layout, kindName: kindName, children: children, inputs))
}

/// The node of a container laid out by `layout`, with `children` as its subviews.
@inline(never) func containerNode<L: Layout>(_ layout: L, kindName: String, children: [LayoutNode], _ inputs: _ViewInputs) -> LayoutNode {
    let storage: LayoutStorage
    var kindName = kindName
    if let any = layout as? AnyLayout {
        // The wrapped layout runs directly; the inspector shows both names.
        storage = any.box.makeStorage()
        kindName = "AnyLayout(\(any.box.typeName))"
    } else {
        storage = makeLayoutStorage(layout, typeName: kindName)
    }
    let node = LayoutNode(kind: .layout(storage), children: children, kindName: kindName)
    node.structuralKey = inputs.key
    // NaN or infinite spacing is reported, of a built-in layout wrapped in AnyLayout too.
    let checked = (layout as? AnyLayout).map { $0.box.spacingChecked } ?? layout as? SpacingChecked
    checked?.checkSpacing(kindName) { inputs.state.diagnostics.append(($0, node)) }
    return node
}

/// A view that arranges its subviews in a horizontal line, as in SwiftUI.
public struct HStack<Content: View>: PrimitiveView {
    let alignment: VerticalAlignment
    let spacing: CGFloat?
    let content: Content
    /// Creates a horizontal stack. A nil `spacing` uses each adjacent pair's preferred spacing, as SwiftUI does.
    public init(alignment: VerticalAlignment = .center, spacing: CGFloat? = nil, @ViewBuilder content: () -> Content) {
        self.alignment = alignment; self.spacing = spacing; self.content = content()
    }
    /// Builds one `HStackLayout` container node over the content (engine-internal). Primitive, as
    /// SwiftUI's stacks are (their `Body` is `Never`): no body to evaluate on the way down.
    public static func _makeView(_ view: Self, inputs: _ViewInputs, outputs: inout _ViewOutputs) {
        buildContainer(HStackLayout(alignment: view.alignment, spacing: view.spacing), kindName: "HStack", content: view.content, lazyAxis: nil, inputs, &outputs)
    }
}

/// A view that arranges its subviews in a vertical line, as in SwiftUI.
public struct VStack<Content: View>: PrimitiveView {
    let alignment: HorizontalAlignment
    let spacing: CGFloat?
    let content: Content
    /// Creates a vertical stack. A nil `spacing` uses each adjacent pair's preferred spacing, as SwiftUI does.
    public init(alignment: HorizontalAlignment = .center, spacing: CGFloat? = nil, @ViewBuilder content: () -> Content) {
        self.alignment = alignment; self.spacing = spacing; self.content = content()
    }
    /// Builds one `VStackLayout` container node over the content (engine-internal). Primitive, as
    /// SwiftUI's stacks are (their `Body` is `Never`): no body to evaluate on the way down.
    public static func _makeView(_ view: Self, inputs: _ViewInputs, outputs: inout _ViewOutputs) {
        buildContainer(VStackLayout(alignment: view.alignment, spacing: view.spacing), kindName: "VStack", content: view.content, lazyAxis: nil, inputs, &outputs)
    }
}

/// A view that overlays its subviews, aligning them in both axes, as in SwiftUI.
public struct ZStack<Content: View>: PrimitiveView {
    let alignment: Alignment
    let content: Content
    /// Creates an overlaying stack; every subview is aligned by `alignment` in both axes.
    public init(alignment: Alignment = .center, @ViewBuilder content: () -> Content) {
        self.alignment = alignment; self.content = content()
    }
    /// Builds one `ZStackLayout` container node over the content (engine-internal). Primitive, as
    /// SwiftUI's stacks are (their `Body` is `Never`): no body to evaluate on the way down.
    public static func _makeView(_ view: Self, inputs: _ViewInputs, outputs: inout _ViewOutputs) {
        buildContainer(ZStackLayout(alignment: view.alignment), kindName: "ZStack", content: view.content, lazyAxis: nil, inputs, &outputs)
    }
}

/// A container view that arranges other views in a two-dimensional layout, as in SwiftUI.
public struct Grid<Content: View>: PrimitiveView {
    let layout: GridLayout
    let content: Content
    /// Creates a grid. Nil spacings use the subviews' preferred spacing between columns and rows, as SwiftUI does.
    public init(alignment: Alignment = .center, horizontalSpacing: CGFloat? = nil, verticalSpacing: CGFloat? = nil,
                @ViewBuilder content: () -> Content) {
        layout = GridLayout(alignment: alignment, horizontalSpacing: horizontalSpacing, verticalSpacing: verticalSpacing)
        self.content = content()
    }
    /// Builds the grid node; `GridRow`s in the content become its rows, other views full-width rows (engine-internal).
    public static func _makeView(_ view: Self, inputs: _ViewInputs, outputs: inout _ViewOutputs) {
        buildContainer(view.layout, kindName: "Grid", content: view.content, lazyAxis: nil, isGridContent: true, inputs, &outputs)
    }
}

/// A horizontal row in a Grid, as in SwiftUI. Outside a grid it behaves like a Group.
public struct GridRow<Content: View>: PrimitiveView {
    let alignment: VerticalAlignment?
    let content: Content
    /// Creates a grid row; a non-nil `alignment` overrides the grid's vertical alignment for this row.
    public init(alignment: VerticalAlignment? = nil, @ViewBuilder content: () -> Content) {
        self.alignment = alignment; self.content = content()
    }
    /// Tags the row's views with the row's identity inside a grid; outside one, builds the content as a group (engine-internal).
    public static func _makeView(_ view: Self, inputs: _ViewInputs, outputs: inout _ViewOutputs) {
        guard inputs.isGridContent else { buildView(view.content, inputs, &outputs); return }
        var rowInputs = inputs
        rowInputs.isGridContent = false
        let start = outputs.nodes.count
        buildView(view.content, rowInputs, &outputs)
        let rowID = inputs.state.nextGridRowID
        inputs.state.nextGridRowID += 1
        ViewTraits.markGridRow(outputs.nodes[start...], rowID: rowID, alignment: view.alignment)
    }
}

/// A view that adapts to the available space by showing the first child that fits, as in SwiftUI.
///
/// Children are tried in order; the first whose ideal size on the constrained axes fits the
/// proposal is shown (sized with the real proposal); if none fits, the last one is shown.
/// Choices for the open questions (<doc:OpenQuestions>): the ideal size is measured with the
/// unconstrained axis keeping the parent's proposal, and a nil proposal on a constrained axis
/// always fits.
public struct ViewThatFits<Content: View>: PrimitiveView {
    let axes: Axis.Set
    let content: Content
    /// Creates a view that shows the first child that fits the proposal on `axes`.
    public init(in axes: Axis.Set = [.horizontal, .vertical], @ViewBuilder content: () -> Content) {
        self.axes = axes; self.content = content()
    }
    /// Builds one node choosing among the content's views; empty content builds nothing (engine-internal).
    public static func _makeView(_ view: Self, inputs: _ViewInputs, outputs: inout _ViewOutputs) {
        let children = buildNodes(view.content, inputs.containerContent())
        guard !children.isEmpty else { return }
        let node = LayoutNode(kind: .viewThatFits(ViewThatFitsLayout(axes: view.axes)), children: children, kindName: "ViewThatFits")
        node.structuralKey = inputs.key
        outputs.nodes.append(node)
    }
}


extension Layout {
    /// Uses the layout as a container view for `content`, as in SwiftUI (`MyLayout { … }`).
    public func callAsFunction<V: View>(@ViewBuilder _ content: () -> V) -> some View {
        LayoutContainer(layout: self, kindName: String(describing: Self.self), content: content())
    }
}