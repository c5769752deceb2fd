import Foundation
import LayoutCore

/// A view that displays a root view and views pushed on it, as SwiftUI's `NavigationStack`
/// (iOS 16).
///
/// Every screen is shown under its navigation bar, as an iPhone draws it (see
/// `buildNavigationScreen` and `NavigationBarMetrics`): the title (large on the root, inline
/// on pushed screens), the toolbar items, the `searchable` field; the content takes what
/// remains. A one-off layout shows the root screen. In a live preview a `NavigationLink`
/// pushes its destination (a view, or a value shown by the `navigationDestination(for:)`
/// registered for its type; a `path` binding is the list of values, as in SwiftUI): the top
/// screen is shown with a back button (`.id("navigation-back")`, titled with the previous
/// screen's `navigationTitle`, else "Back"). The screens underneath keep their state while hidden.
public struct NavigationStack<Root: View>: PrimitiveView {
    let root: Root
    /// The path binding's values, and how to write them (nil: the stack keeps its own).
    let path: (get: () -> [AnyHashable], set: ([AnyHashable]) -> Void)?
    /// Creates a stack showing `root`.
    public init(@ViewBuilder root: () -> Root) { self.root = root(); path = nil }
    /// Creates a stack whose pushed screens are the values of `path` (a `NavigationPath` or an
    /// array of hashable values); other data reads as an empty path.
    public init<Data>(path: Binding<Data>, @ViewBuilder root: () -> Root) {
        self.root = root()
        self.path = (get: { (path.wrappedValue as? any _NavigationPathData)?._values ?? [] },
                     set: { values in
                         guard var data = path.wrappedValue as? any _NavigationPathData else { return }
                         data._values = values
                         if let written = data as? Data { path.wrappedValue = written }
                     })
    }
    /// Builds the root, and in a live preview the pushed screens (engine-internal).
    public static func _makeView(_ view: Self, inputs: _ViewInputs, outputs: inout _ViewOutputs) {
        guard let graph = inputs.state.graph else {
            let chrome = NavigationChrome()
            var rootInputs = inputs
            rootInputs.environment.navigationChrome = chrome
            let nodes = buildNodes(view.root, rootInputs)
            buildNavigationScreen(nodes, chrome: chrome, isRoot: true, back: nil, inputs: inputs, outputs: &outputs)
            return
        }
        buildLiveStack(view.root, path: view.path, graph: graph, inputs: inputs, outputs: &outputs)
    }
}

/// A collection a `NavigationStack`'s path can be: `NavigationPath`, or an array of values.
protocol _NavigationPathData {
    var _values: [AnyHashable] { get set }
}

extension Array: _NavigationPathData where Element: Hashable {
    var _values: [AnyHashable] {
        get { map(AnyHashable.init) }
        set { self = newValue.compactMap { $0.base as? Element } }
    }
}

/// A type-erased list of navigation values, as SwiftUI's `NavigationPath`.
public struct NavigationPath: Equatable, _NavigationPathData {
    var values: [AnyHashable] = []
    /// The number of values on the path.
    public var count: Int { values.count }
    /// Whether the path is empty.
    public var isEmpty: Bool { values.isEmpty }
    /// Creates an empty path.
    public init() {}
    /// Creates a path of `elements`.
    public init<S: Sequence>(_ elements: S) where S.Element: Hashable { values = elements.map(AnyHashable.init) }
    /// Appends a value.
    public mutating func append<V: Hashable>(_ value: V) { values.append(AnyHashable(value)) }
    /// Removes the last `k` values (all of them when there are fewer).
    public mutating func removeLast(_ k: Int = 1) { values.removeLast(Swift.min(Swift.max(0, k), values.count)) }
    var _values: [AnyHashable] {
        get { values }
        set { values = newValue }
    }
}

/// A view for presenting a stack of views, as SwiftUI's (deprecated) `NavigationView`: on an
/// iPhone a `NavigationStack` of its content (the stack style), with its bars.
public struct NavigationView<Content: View>: View {
    let content: Content
    /// Creates a navigation view.
    public init(@ViewBuilder content: () -> Content) { self.content = content() }
    /// The content, as the root of a navigation stack.
    public var body: some View { NavigationStack { content } }
}

/// A two- or three-column navigation view, as SwiftUI's `NavigationSplitView` (iOS 16). On an
/// iPhone it collapses to its sidebar, so it is laid out as a `NavigationStack` whose root is
/// the sidebar, with its bars (the other columns are not shown).
public struct NavigationSplitView<Sidebar: View, Detail: View>: View {
    let sidebar: Sidebar
    /// Creates a two-column split view.
    public init(@ViewBuilder sidebar: () -> Sidebar, @ViewBuilder detail: () -> Detail) { self.sidebar = sidebar() }
    /// Creates a three-column split view.
    public init<Content: View>(@ViewBuilder sidebar: () -> Sidebar, @ViewBuilder content: () -> Content, @ViewBuilder detail: () -> Detail) {
        self.sidebar = sidebar()
    }
    /// Creates a two-column split view with a column visibility (ignored).
    public init(columnVisibility: Binding<NavigationSplitViewVisibility>, @ViewBuilder sidebar: () -> Sidebar, @ViewBuilder detail: () -> Detail) {
        self.sidebar = sidebar()
    }
    /// The sidebar, as the root of a navigation stack.
    public var body: some View { NavigationStack { sidebar } }
}

/// Which columns of a split view show (accepted for source compatibility).
public struct NavigationSplitViewVisibility: Hashable, Sendable {
    let raw: Int
    /// The platform's choice.
    public static let automatic = NavigationSplitViewVisibility(raw: 0)
    /// Every column.
    public static let all = NavigationSplitViewVisibility(raw: 1)
    /// Content and detail.
    public static let doubleColumn = NavigationSplitViewVisibility(raw: 2)
    /// The detail alone.
    public static let detailOnly = NavigationSplitViewVisibility(raw: 3)
}

/// A view that navigates to a destination when tapped, as SwiftUI's `NavigationLink`. Laid out
/// as its label (the preview does not navigate; no disclosure chevron is drawn).
public struct NavigationLink<Label: View, Destination: View>: View {
    let label: Label
    /// What a tap pushes in a live preview.
    var target: NavigationTarget = .none
    /// Creates a link to `destination`: a tap pushes it in a live preview.
    public init(@ViewBuilder destination: () -> Destination, @ViewBuilder label: () -> Label) {
        self.label = label(); target = .view(AnyView(destination()))
    }
    /// Creates a link to `destination` (the older spelling).
    public init(destination: Destination, @ViewBuilder label: () -> Label) {
        self.label = label(); target = .view(AnyView(destination))
    }
    /// The label; in a live preview inside a `NavigationStack`, a tap on it pushes the destination.
    public var body: some View {
        _NavigationLinkBody(label: label, target: target)
    }
}

extension NavigationLink where Destination == Never {
    /// Creates a link that presents the destination for `value` (iOS 16): a tap appends `value`
    /// to the stack's path; `navigationDestination(for:)` makes its screen. A nil value does nothing.
    public init<P: Hashable>(value: P?, @ViewBuilder label: () -> Label) {
        self.label = label(); target = value.map { .value(AnyHashable($0)) } ?? .none
    }
}

extension NavigationLink where Label == Text {
    /// Creates a link with a `Text` label.
    public init<S: StringProtocol>(_ title: S, @ViewBuilder destination: () -> Destination) {
        self.init(destination: destination, label: { Text(title) })
    }
    /// Creates a link with a `Text` label (the older spelling).
    public init<S: StringProtocol>(_ title: S, destination: Destination) {
        self.init(destination: destination, label: { Text(title) })
    }
}

extension NavigationLink where Label == Text, Destination == Never {
    /// Creates a link with a `Text` label that presents the destination for `value` (iOS 16).
    public init<S: StringProtocol, P: Hashable>(_ title: S, value: P?) {
        self.label = Text(title); target = value.map { .value(AnyHashable($0)) } ?? .none
    }
}

extension View {
    /// Registers the screen for values of `data` pushed on the enclosing `NavigationStack`, as in
    /// SwiftUI (live previews; a one-off layout shows the root).
    public func navigationDestination<D: Hashable, C: View>(for data: D.Type, @ViewBuilder destination: @escaping (D) -> C) -> some View {
        _ModifiedView(content: self) { inputs, outputs, content in
            inputs.environment.navigation?.state.registerDestination(for: D.self) { value in
                (value.base as? D).map { AnyView(destination($0)) }
            }
            buildView(content, inputs, &outputs)
        }
    }
    /// Pushes `destination` on the enclosing `NavigationStack` while `isPresented` is true, as in
    /// SwiftUI (live previews); its back button sets it to false.
    public func navigationDestination<V: View>(isPresented: Binding<Bool>, @ViewBuilder destination: () -> V) -> some View {
        let screen = isPresented.wrappedValue ? AnyView(destination()) : nil
        return _ModifiedView(content: self) { inputs, outputs, content in
            if let screen { inputs.environment.navigation?.state.present(screen, dismiss: { isPresented.wrappedValue = false }) }
            buildView(content, inputs, &outputs)
        }
    }
    /// Accepted for source compatibility: every navigation view is a pass-through.
    public func navigationViewStyle<S>(_ style: S) -> some View { self }
    /// Accepted for source compatibility: split views show their sidebar.
    public func navigationSplitViewStyle<S>(_ style: S) -> some View { self }
}

// MARK: - Safe area insets

/// The layout of `safeAreaInset(edge:alignment:spacing:content:)`: subview 0 is the content,
/// subview 1 the inset view.
///
/// SwiftUI's rule (documented: "the content is inset by the height/width of the inset view plus
/// spacing"): the inset view is sized first (proposed the full length along the edge and nil
/// across it), the content is proposed what remains, and the whole is content plus inset plus
/// spacing along the edge's axis, the larger of the two across it. The inset view sits at the
/// edge, aligned by `alignment` along it; the content fills the rest. `spacing` nil is 0 (a
/// choice: SwiftUI's default spacing here is not documented).
struct SafeAreaInsetLayout: Layout {
    let edge: Edge
    let alignment: Alignment
    let spacing: CGFloat

    private var axis: Axis { edge == .top || edge == .bottom ? .vertical : .horizontal }

    private func parts(_ p: ProposedViewSize, _ subviews: Subviews) -> (inset: CGSize, content: CGSize, contentProposal: ProposedViewSize) {
        var ip = p
        ip[axis] = nil
        let inset = subviews[1].sizeThatFits(ip)
        var cp = p
        cp[axis] = p[axis].map { Swift.max(0, $0 - inset[axis] - spacing) }
        return (inset, subviews[0].sizeThatFits(cp), cp)
    }

    func sizeThatFits(proposal: ProposedViewSize, subviews: Subviews, cache: inout ()) -> CGSize {
        guard subviews.count == 2 else { return subviews.first?.sizeThatFits(proposal) ?? .zero }
        let (inset, content, _) = parts(proposal, subviews)
        var size = CGSize.zero
        size[axis] = content[axis] + inset[axis] + spacing
        size[axis.other] = Swift.max(content[axis.other], inset[axis.other])
        return size
    }

    func placeSubviews(in bounds: CGRect, proposal: ProposedViewSize, subviews: Subviews, cache: inout ()) {
        guard subviews.count == 2 else {
            subviews.first?.place(at: bounds.origin, proposal: proposal)
            return
        }
        var p = proposal
        p[axis] = bounds.size[axis]
        let (inset, _, cp) = parts(p, subviews)
        let insetLength = inset[axis]
        var contentOrigin = bounds.origin
        var insetOrigin = bounds.origin
        switch edge {
        case .top: contentOrigin.y += insetLength + spacing
        case .bottom: insetOrigin.y = bounds.maxY - insetLength
        case .leading: contentOrigin.x += insetLength + spacing
        case .trailing: insetOrigin.x = bounds.maxX - insetLength
        }
        // Along the edge, the inset view is aligned in the whole length.
        if axis == .vertical {
            insetOrigin.x = bounds.minX + (bounds.width - inset.width) * alignment.horizontal.fraction
        } else {
            insetOrigin.y = bounds.minY + (bounds.height - inset.height) * alignment.vertical.fraction
        }
        var cpp = cp
        cpp[axis.other] = bounds.size[axis.other]
        subviews[0].place(at: contentOrigin, anchor: .topLeading, proposal: cpp)
        var ip = ProposedViewSize(bounds.size)
        ip[axis] = nil
        subviews[1].place(at: insetOrigin, anchor: .topLeading, proposal: ip)
    }
}

extension View {
    /// Shows `content` along a horizontal edge, insetting this view by its height plus
    /// `spacing`, as SwiftUI's `safeAreaInset(edge:alignment:spacing:content:)` (see `SafeAreaInsetLayout`).
    public func safeAreaInset<V: View>(edge: VerticalEdge, alignment: HorizontalAlignment = .center, spacing: CGFloat? = nil,
                                       @ViewBuilder content: () -> V) -> some View {
        LayoutContainer(layout: SafeAreaInsetLayout(edge: edge == .top ? .top : .bottom, alignment: Alignment(horizontal: alignment, vertical: .center),
                                                    spacing: spacing ?? 0),
                        kindName: "safeAreaInset", content: TupleView2(first: self, second: ZStack { content() }, third: EmptyView()))
    }
    /// Shows `content` along a vertical edge, insetting this view by its width plus `spacing`.
    public func safeAreaInset<V: View>(edge: HorizontalEdge, alignment: VerticalAlignment = .center, spacing: CGFloat? = nil,
                                       @ViewBuilder content: () -> V) -> some View {
        LayoutContainer(layout: SafeAreaInsetLayout(edge: edge == .leading ? .leading : .trailing, alignment: Alignment(horizontal: .center, vertical: alignment),
                                                    spacing: spacing ?? 0),
                        kindName: "safeAreaInset", content: TupleView2(first: self, second: ZStack { content() }, third: EmptyView()))
    }
}

// MARK: - containerRelativeFrame

/// The layout of `containerRelativeFrame` (iOS 17): on its axes the view is `length(container,
/// axis)` long, where `container` is its container's length on that axis; on the other axes it
/// is its content's size. The content is proposed that size and aligned by `alignment`.
///
/// The container is the nearest enclosing scroll view (its proposal: the visible size) or else
/// the window (the root proposal), as SwiftUI documents; an unspecified container length leaves
/// that axis to the content. Choice: the container's size is what it was proposed in the
/// current sizing query, so a view inside a scroll view that is probed with several proposals
/// keeps the answer of the first one for the same proposal of its own (the size memo).
struct ContainerRelativeLayout: Layout, ContainerProposalReading {
    let axes: Axis.Set
    let alignment: Alignment
    let length: (CGFloat, Axis) -> CGFloat

    /// SwiftUI's documented formula for `count`, `span` and `spacing`:
    /// `(length − (count − 1)·spacing) / count · span + (span − 1)·spacing`.
    init(axes: Axis.Set, count: Int, span: Int, spacing: CGFloat, alignment: Alignment) {
        let n = CGFloat(Swift.max(count, 1)), s = CGFloat(Swift.min(Swift.max(span, 1), Swift.max(count, 1)))
        self.init(axes: axes, alignment: alignment) { length, _ in (length - (n - 1) * spacing) / n * s + (s - 1) * spacing }
    }
    init(axes: Axis.Set, alignment: Alignment, length: @escaping (CGFloat, Axis) -> CGFloat) {
        self.axes = axes; self.alignment = alignment; self.length = length
    }

    private func lengths(_ p: ProposedViewSize, _ subviews: Subviews) -> ProposedViewSize {
        let container = subviews.pass.containerProposals.last ?? p
        var result = p
        for axis in [Axis.horizontal, .vertical] where axes.contains(axis == .horizontal ? .horizontal : .vertical) {
            guard let c = container[axis], c.isFinite else { continue }
            let v = length(c, axis)
            result[axis] = v.isFinite ? Swift.max(0, v) : 0
        }
        return result
    }

    func sizeThatFits(proposal: ProposedViewSize, subviews: Subviews, cache: inout ()) -> CGSize {
        guard let child = subviews.first else { return .zero }
        let p = lengths(proposal, subviews)
        let s = child.sizeThatFits(p)
        return CGSize(width: axes.contains(.horizontal) ? (p.width ?? s.width) : s.width,
                      height: axes.contains(.vertical) ? (p.height ?? s.height) : s.height)
    }

    func placeSubviews(in bounds: CGRect, proposal: ProposedViewSize, subviews: Subviews, cache: inout ()) {
        guard let child = subviews.first else { return }
        let p = ProposedViewSize(bounds.size)
        let d = child.dimensions(in: p)
        let c = ViewDimensions(width: bounds.width, height: bounds.height)
        let x = bounds.minX + alignment.horizontal.key.defaultValue(in: c) - d[alignment.horizontal]
        let y = bounds.minY + alignment.vertical.key.defaultValue(in: c) - d[alignment.vertical]
        child.place(at: CGPoint(x: x, y: y), anchor: .topLeading, proposal: p)
    }
}

extension View {
    /// Sizes the view to its container on `axes`, as SwiftUI's `containerRelativeFrame` (iOS 17)
    /// (see `ContainerRelativeLayout`).
    public func containerRelativeFrame(_ axes: Axis.Set, alignment: Alignment = .center) -> some View {
        containerRelativeFrame(axes, count: 1, span: 1, spacing: 0, alignment: alignment)
    }
    /// Sizes the view to `span` of `count` equal parts of its container on `axes`, `spacing` apart (iOS 17).
    public func containerRelativeFrame(_ axes: Axis.Set, count: Int, span: Int = 1, spacing: CGFloat, alignment: Alignment = .center) -> some View {
        LayoutContainer(layout: ContainerRelativeLayout(axes: axes, count: count, span: span, spacing: spacing.isFinite ? spacing : 0, alignment: alignment),
                        kindName: "containerRelativeFrame", content: self)
    }
    /// Sizes the view on `axes` with `length(containerLength, axis)` (iOS 17).
    public func containerRelativeFrame(_ axes: Axis.Set, alignment: Alignment = .center,
                                       _ length: @escaping (CGFloat, Axis) -> CGFloat) -> some View {
        LayoutContainer(layout: ContainerRelativeLayout(axes: axes, alignment: alignment, length: length),
                        kindName: "containerRelativeFrame", content: self)
    }
}


extension SafeAreaInsetLayout: LayoutInputsFingerprinting {
    func fingerprint(into f: inout FingerprintBuilder) { f.combine(edge); f.combine(alignment); f.combine(spacing) }
}