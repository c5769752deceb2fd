import Foundation
import LayoutCore

// TabView, Tab, tabItem and the tab bar, as on an iPhone with iOS 17/18.

/// The metrics of the tab bar (iPhone, portrait), with their sources.
///
/// - `barHeight` 49: UITabBar's height on an iPhone above the home indicator's safe area (34
///   points on Face ID phones, "Supporting iPhone X", useyourloaf.com); the bar's material is a
///   `background` that extends into that safe area, as UIKit's bar background does.
/// - `iconSide` 24, `titleSize` 10 (medium): the symbol and title of a tab item (UIKit draws the
///   title in the 10-point system font, medium weight; the symbol's box is about 24-25 points).
/// - `itemTop` 5, `itemSpacing` 1: where the icon starts and the icon-title gap (measured from
///   screenshots: the title's baseline is about 10 points above the bar's bottom).
/// - `badgeSide` 18: the red badge's minimum diameter, its text 13 points (UIKit's badge).
enum TabBarMetrics {
    static let barHeight: CGFloat = 49
    static let iconSide: CGFloat = 24
    static let titleSize: CGFloat = 10
    static let itemTop: CGFloat = 5
    static let itemSpacing: CGFloat = 1
    static let badgeSide: CGFloat = 18
    /// A tab item that is not selected: UIKit's systemGray (#8E8E93).
    static let unselected = Color.gray
    /// The page dots of `.tabViewStyle(.page)`: UIPageControl's 7-point dots, 9 apart, 10 from
    /// the bottom.
    static let dotSide: CGFloat = 7
    static let dotSpacing: CGFloat = 9
    /// How far a drag or a scroll must move across a paging tab view to turn the page.
    static let pageTurnDistance: CGFloat = 30
}

/// A view that switches between child views, as SwiftUI's `TabView` on an iPhone.
///
/// The selected tab's content fills the space above a 49-point tab bar (`TabBarMetrics`): one
/// item per tab, equally wide, each its `tabItem` label (or a `Tab`'s title and symbol) with
/// the symbol above the title, the selected one in the tint colour and the others in
/// systemGray, with the tab's `badge` at the symbol's top-trailing corner. The bar is drawn in
/// its standard appearance (the bar material and a hairline on top); iOS draws it transparent
/// while a scroll view under it is scrolled to its bottom edge, which is not tracked here.
///
/// The selection is the tab whose tag (`tag(_:)`, a `Tab`'s `value`, or its `ForEach` id)
/// equals `selection`, the first when none does; without a binding the tab view keeps its
/// own, starting at the first tab. In a live preview a tap on an item selects its tab (writing
/// its tag to the binding; a tab whose tag is not of the selection's type cannot be selected,
/// as in SwiftUI), and every tab's views are built on every update, so the tabs that are not
/// shown keep their `@State` as SwiftUI keeps it; they register no interactions, `onAppear` or
/// presentations until shown (the `onAppear` of tabs declared without `tabItem` or `Tab`, such
/// as pages, may run early: see `buildTabView`).
///
/// `toolbar(.hidden, for: .tabBar)` in the shown tab's content removes the bar, and the tab
/// takes its place (as on iOS 16 and later).
///
/// With `.tabViewStyle(.page)` there is no bar: the selected page fills the tab view, with the
/// page dots (white, as UIPageControl's, so unseen on a white page as on iOS) at the bottom, and
/// a horizontal drag or scroll of at least 30 points turns the page.
public struct TabView<SelectionValue: Hashable, Content: View>: PrimitiveView {
    let content: Content
    let selection: Binding<SelectionValue>?
    /// Creates a tab view of the tabs in `content`, which keeps its own selection.
    public init(@ViewBuilder content: () -> Content) where SelectionValue == Never { self.content = content(); selection = nil }
    /// Creates a tab view whose selected tab is the one tagged with `selection`'s value.
    public init(selection: Binding<SelectionValue>?, @ViewBuilder content: () -> Content) {
        self.content = content(); self.selection = selection
    }
    /// Builds every tab, shows the selected one with the tab bar (engine-internal).
    public static func _makeView(_ view: Self, inputs: _ViewInputs, outputs: inout _ViewOutputs) {
        let binding = view.selection.map { b in
            TabSelectionBinding(get: { AnyHashable(b.wrappedValue) }, set: { tag in
                guard let value = tag.base as? SelectionValue else { return false }
                b.wrappedValue = value
                return true
            })
        }
        buildTabView(view.content, binding: binding, inputs: inputs, outputs: &outputs)
    }
}

/// A tab of a `TabView` (iOS 18): its content, with its title and symbol in the tab bar.
public struct Tab<Value: Hashable, Content: View>: PrimitiveView {
    let title: String
    let systemImage: String?
    let value: Value?
    let content: Content
    /// Creates a tab with a title and a system image.
    public init<S: StringProtocol>(_ title: S, systemImage: String, @ViewBuilder content: () -> Content) where Value == Never {
        self.title = String(title); self.systemImage = systemImage; value = nil; self.content = content()
    }
    /// Creates a tab with a title, a system image and the value that selects it.
    public init<S: StringProtocol>(_ title: S, systemImage: String, value: Value, @ViewBuilder content: () -> Content) {
        self.title = String(title); self.systemImage = systemImage; self.value = value; self.content = content()
    }
    /// Creates a tab with a title and the value that selects it (no symbol).
    public init<S: StringProtocol>(_ title: S, value: Value, @ViewBuilder content: () -> Content) {
        self.title = String(title); systemImage = nil; self.value = value; self.content = content()
    }
    /// Builds the content as a tab of the enclosing tab view (engine-internal).
    public static func _makeView(_ view: Self, inputs: _ViewInputs, outputs: inout _ViewOutputs) {
        let label: AnyView
        if let symbol = view.systemImage { label = AnyView(Label(view.title, systemImage: symbol)) } else { label = AnyView(Text(verbatim: view.title)) }
        deferTab(view.content, label: label, value: view.value.map { AnyHashable($0) }, inputs: inputs, outputs: &outputs)
    }
}

/// A tab view's style, as SwiftUI's `.automatic` (the tab bar) and `.page` (swiped pages).
public struct TabViewStyleConfiguration: Sendable {
    let isPage: Bool
    let showsIndex: Bool
    /// The platform default: the tab bar.
    public static let automatic = TabViewStyleConfiguration(isPage: false, showsIndex: false)
    /// Pages turned by swiping, with page dots.
    public static let page = TabViewStyleConfiguration(isPage: true, showsIndex: true)
    /// Pages turned by swiping; `.never` hides the dots.
    public static func page(indexDisplayMode: PageTabViewStyle.IndexDisplayMode) -> TabViewStyleConfiguration {
        TabViewStyleConfiguration(isPage: true, showsIndex: indexDisplayMode != .never)
    }
}

/// The paging tab view style, as SwiftUI's `PageTabViewStyle` (`TabViewStyleConfiguration.page`).
public struct PageTabViewStyle: Sendable {
    /// When the page dots show, as SwiftUI's `PageTabViewStyle.IndexDisplayMode`.
    public struct IndexDisplayMode: Hashable, Sendable {
        let kind: Int
        /// Shown when there is more than one page.
        public static let automatic = IndexDisplayMode(kind: 0)
        /// Always shown.
        public static let always = IndexDisplayMode(kind: 1)
        /// Never shown.
        public static let never = IndexDisplayMode(kind: 2)
    }
    let indexDisplayMode: IndexDisplayMode
    /// Creates the style.
    public init(indexDisplayMode: IndexDisplayMode = .automatic) { self.indexDisplayMode = indexDisplayMode }
}

private enum TabViewStyleKey: EnvironmentKey { static var defaultValue: TabViewStyleConfiguration { .automatic } }

extension View {
    /// Shows the view as a tab of the enclosing `TabView`, with `label` as its item in the tab
    /// bar (a `Label`, or an `Image` and a `Text`); outside a tab view it changes nothing.
    public func tabItem<V: View>(@ViewBuilder _ label: () -> V) -> some View {
        let label = AnyView(label())
        return _ModifiedView(content: self) { inputs, outputs, content in
            deferTab(content, label: label, value: nil, inputs: inputs, outputs: &outputs)
        }
    }
    /// Sets the style of tab views inside: `.automatic` (the tab bar) or `.page`.
    public func tabViewStyle(_ style: TabViewStyleConfiguration) -> some View { withEnvironment { $0[TabViewStyleKey.self] = style } }
    /// Sets the paging style of tab views inside (the older spelling, `PageTabViewStyle()`).
    public func tabViewStyle(_ style: PageTabViewStyle) -> some View {
        tabViewStyle(.page(indexDisplayMode: style.indexDisplayMode))
    }
}

// MARK: - Building

/// Reads and writes a tab view's selection binding by tag (`set` returns false for a tag of
/// another type, which selects nothing).
struct TabSelectionBinding {
    let get: () -> AnyHashable
    let set: (AnyHashable) -> Bool
}

/// The tabs a tab view's content declares, while it is built: each tab (a `tabItem` or a `Tab`)
/// leaves a placeholder node (which the modifiers around it, `tag` and `badge`, mark) and how
/// to build its content, which the tab view builds once it knows which tab is shown.
final class TabCollector {
    struct Tab {
        let label: AnyView
        let value: AnyHashable?
        let build: () -> [LayoutNode]
    }
    var tabs: [ObjectIdentifier: Tab] = [:]
}
private enum TabCollectorKey: EnvironmentKey { static var defaultValue: TabCollector? { nil } }

/// The index of the tab a tab view without a binding shows, kept by the tab view's identity.
private final class OwnTabSelection { var index = 0 }

/// Builds `content` as a tab: inside a tab view, a placeholder the tab view replaces with the
/// content; elsewhere the content itself.
func deferTab<C: View>(_ content: C, label: AnyView, value: AnyHashable?, inputs: _ViewInputs, outputs: inout _ViewOutputs) {
    guard let collector = inputs.environment[TabCollectorKey.self] else {
        buildView(content, inputs, &outputs)
        return
    }
    var contentInputs = inputs
    contentInputs.environment[TabCollectorKey.self] = nil
    let placeholder = LayoutNode(kind: .shape(.rectangle), kindName: "Tab")
    placeholder.structuralKey = inputs.key
    collector.tabs[ObjectIdentifier(placeholder)] = TabCollector.Tab(label: label, value: value, build: { buildNodes(content, contentInputs) })
    outputs.nodes.append(placeholder)
}

/// One tab as the tab view found it: the node its content declared (with the modifiers around
/// the tab), the tab's placeholder in it, and what the bar shows.
private struct FoundTab {
    let node: LayoutNode
    let placeholder: LayoutNode?
    let tab: TabCollector.Tab?
    let tag: AnyHashable?
    let badge: String?
}

/// Finds the placeholder of a tab in `node`: the node itself or the innermost content of the
/// modifiers around it.
private func placeholder(in node: LayoutNode, _ collector: TabCollector) -> LayoutNode? {
    var current: LayoutNode? = node
    while let n = current {
        if collector.tabs[ObjectIdentifier(n)] != nil { return n }
        // Modifiers around a tab wrap it: their one child leads to it.
        let children = n.children
        current = children.count == 1 ? children[0] : nil
    }
    return nil
}

/// Replaces `placeholder` (in `node`, or `node` itself) with the tab's content.
private func substitute(_ placeholder: LayoutNode, with content: [LayoutNode], in node: LayoutNode, inputs: _ViewInputs) -> [LayoutNode] {
    if node === placeholder { return content }
    let single = content.count == 1 ? content[0] : buildNodes(ZStack { _PrebuiltNodes(nodes: content) }, inputs)[0]
    var parent = node
    while parent.children.count == 1 {
        let child = parent.children[0]
        if child === placeholder {
            parent.children = [single]
            break
        }
        parent = child
    }
    return [node]
}

func buildTabView<Content: View>(_ content: Content, binding: TabSelectionBinding?, inputs: _ViewInputs, outputs: inout _ViewOutputs) {
    let graph = inputs.state.graph
    let collector = TabCollector()
    var collecting = inputs.containerContent()
    collecting.environment[TabCollectorKey.self] = collector
    let barVisibility = TabBarVisibility()
    collecting.environment.tabBarVisibility = barVisibility
    // The tabs are declared with registration off: a tab without a tabItem (built here as is)
    // and the modifiers around a tab's placeholder are not shown until their tab is.
    graph?.suppressedRegistrationDepth += 1
    let declared = buildNodes(content, collecting)
    graph?.suppressedRegistrationDepth -= 1

    let tabs: [FoundTab] = declared.map { node in
        let found = placeholder(in: node, collector)
        let tab = found.flatMap { collector.tabs[ObjectIdentifier($0)] }
        let tag = optionTag(of: node) ?? tab?.value
        return FoundTab(node: node, placeholder: found, tab: tab, tag: tag, badge: node.traits.layoutValue(BadgeKey.self))
    }
    guard !tabs.isEmpty else { return }

    let own: OwnTabSelection?
    if binding == nil, let graph {
        let storage = graph.builtInStorage(mixKey(inputs.identity, 0x7461_6273), slotCount: 1)
        if let kept = storage.slots[0] as? OwnTabSelection { own = kept } else {
            own = OwnTabSelection()
            storage.slots[0] = own
        }
    } else {
        own = nil
    }
    let selected: Int
    if let binding {
        let value = binding.get()
        selected = tabs.firstIndex { $0.tag == value } ?? 0
    } else {
        selected = min(own?.index ?? 0, tabs.count - 1)
    }
    weak let weakGraph = graph
    let select: (Int) -> Void = { index in
        guard index >= 0, index < tabs.count else { return }
        if let binding {
            // A tab switch does not animate on iOS.
            if let tag = tabs[index].tag { _ = binding.set(tag) }
        } else if let own, own.index != index {
            own.index = index
            weakGraph?.invalidate()
        }
    }

    // A tab declared without `tabItem` or `Tab` (a page of a paging tab view) was built with
    // the others, with registration off: when it is the selected one, the tabs are declared
    // again with registration on and its views are shown. The hidden pages' views are not
    // installed, so they take no taps, but their `onAppear` may run (iOS, too, makes the pages
    // next to the shown one appear early).
    func plainTab(at index: Int, declaredAs node: LayoutNode) -> [LayoutNode] {
        guard graph != nil else { return [node] }
        var again = inputs.containerContent()
        again.environment[TabCollectorKey.self] = TabCollector()
        let redeclared = buildNodes(content, again)
        return redeclared.count == tabs.count ? [redeclared[index]] : [node]
    }

    // Every tab's content is built (the hidden ones with registration off) so that its state
    // is kept; only the selected one is shown.
    var shown: [LayoutNode] = []
    var shownBarVisibility: Visibility?
    for (i, tab) in tabs.enumerated() {
        let isSelected = i == selected
        guard let placeholder = tab.placeholder, let declaration = tab.tab else {
            if isSelected { shown = plainTab(at: i, declaredAs: tab.node) }
            continue
        }
        if !isSelected { graph?.suppressedRegistrationDepth += 1 }
        barVisibility.visibility = nil
        let built = declaration.build()
        if isSelected { shownBarVisibility = barVisibility.visibility }
        if !isSelected { graph?.suppressedRegistrationDepth -= 1 }
        if isSelected { shown = substitute(placeholder, with: built, in: tab.node, inputs: inputs) }
    }

    let style = inputs.environment[TabViewStyleKey.self]
    let page = _PrebuiltNodes(nodes: shown).frame(maxWidth: .infinity, maxHeight: .infinity)
    let built: [LayoutNode]
    if style.isPage {
        let dots = PageDots(count: tabs.count, selected: selected).opacity(style.showsIndex && tabs.count > 1 ? 1 : 0)
        let pager = page.overlay(alignment: .bottom) { dots }
            .interactive(.scroll(axes: .horizontal, apply: { delta, _ in
                guard abs(delta.width) >= TabBarMetrics.pageTurnDistance else { return false }
                let target = selected + (delta.width > 0 ? 1 : -1)
                guard target >= 0, target < tabs.count else { return false }
                select(target)
                // The page slides in (UIPageViewController's scroll takes about this long).
                weakGraph?.invalidate(Transaction(animation: .easeInOut(duration: 0.3)))
                return true
            }))
        built = buildNodes(pager, inputs)
    } else {
        let items = tabs.map { TabBarItem(label: $0.tab?.label ?? AnyView(EmptyView()), badge: $0.badge) }
        built = buildNodes(VStack(spacing: 0) {
            page
            if shownBarVisibility != .hidden {
                TabBar(items: items, selected: selected, tint: inputs.environment.resolvedTint, select: select)
            }
        }, inputs)
    }
    for n in built {
        n.kindName = "TabView"
        n.detail = "\(tabs.count) tab\(tabs.count == 1 ? "" : "s"), showing \(selected + 1)"
    }
    outputs.nodes.append(contentsOf: built)
}

// MARK: - The bar

/// What the shown tab asks of the tab bar (`toolbar(.hidden, for: .tabBar)` hides it), written
/// while the tab is built.
final class TabBarVisibility { var visibility: Visibility? }
private enum TabBarVisibilityKey: EnvironmentKey { static var defaultValue: TabBarVisibility? { nil } }
extension EnvironmentValues {
    /// The tab bar visibility of the tab being built (nil outside a tab view).
    var tabBarVisibility: TabBarVisibility? {
        get { self[TabBarVisibilityKey.self] }
        set { self[TabBarVisibilityKey.self] = newValue }
    }
}

/// A tab's item: its label and badge.
struct TabBarItem {
    let label: AnyView
    let badge: String?
}

/// The tab bar: the items side by side, equally wide, on the bar material under a hairline.
struct TabBar: View {
    let items: [TabBarItem]
    let selected: Int
    let tint: Paint
    let select: (Int) -> Void
    var body: some View {
        HStack(spacing: 0) {
            ForEach(0..<items.count, id: \.self) { i in
                Button { select(i) } label: {
                    _TabItemLabel(label: items[i].label, badge: items[i].badge)
                        .frame(maxWidth: .infinity, maxHeight: .infinity, alignment: .top)
                        .padding(.top, TabBarMetrics.itemTop)
                }
                .buttonStyle(.plain)
                .foregroundStyle(i == selected ? PaintStyle(paint: tint) : PaintStyle(paint: .color(TabBarMetrics.unselected)))
                .id("tab-\(i)")
            }
        }
        .frame(maxWidth: .infinity)
        .frame(height: TabBarMetrics.barHeight)
        .background(Material.bar)
        .overlay(alignment: .top) { Rectangle().fill(Color(storage: .system(.separator))).frame(height: 0.33) }
        .id("tab-bar")
    }
}

/// A tab item's label: the symbol above the title. A `Label` lays out so (`LabelStyleKind.tabItem`);
/// an `Image` and a `Text` side by side are stacked, the image at the symbol's size.
struct _TabItemLabel: PrimitiveView {
    let label: AnyView
    let badge: String?
    static func _makeView(_ view: Self, inputs: _ViewInputs, outputs: inout _ViewOutputs) {
        var titled = inputs
        titled.environment.font = .system(size: TabBarMetrics.titleSize, weight: .medium)
        titled.environment.containers.labelStyle = .tabItem
        var parts = buildNodes(view.label, titled)
        if parts.count > 1 {
            var symbols = titled
            symbols.environment.font = .system(size: TabBarMetrics.iconSide)
            let large = buildNodes(view.label, symbols)
            if large.count == parts.count {
                for i in parts.indices where parts[i].kindName == "Image" { parts[i] = large[i] }
            }
        }
        let badge = view.badge.map { text in
            Text(verbatim: text).font(.system(size: 13)).foregroundStyle(Color.white).lineLimit(1)
                .padding(.horizontal, 5)
                .frame(minWidth: TabBarMetrics.badgeSide, minHeight: TabBarMetrics.badgeSide)
                .background(Capsule().fill(Color.red))
                .fixedSize()
        }
        buildView(VStack(spacing: TabBarMetrics.itemSpacing) { _PrebuiltNodes(nodes: parts) }
            .overlay(alignment: .top) {
                if let badge { badge.offset(x: TabBarMetrics.iconSide / 2 + 4, y: -3) }
            }, inputs, &outputs)
    }
}

/// The dots of a paging tab view: the current page's opaque, the others faint.
struct PageDots: View {
    let count: Int
    let selected: Int
    var body: some View {
        HStack(spacing: TabBarMetrics.dotSpacing) {
            ForEach(0..<count, id: \.self) { i in
                Circle().fill(Color.white.opacity(i == selected ? 1 : 0.35)).frame(width: TabBarMetrics.dotSide, height: TabBarMetrics.dotSide)
            }
        }
        .padding(.bottom, 10)
        .id("page-dots")
    }
}

// MARK: - Badges

/// A badge's text (`badge(_:)`), recorded on the view for the tab bar.
struct BadgeKey: LayoutValueKey { static var defaultValue: String? { nil } }

extension View {
    /// A badge: on a tab, a red count at its item's symbol; on a list row, the count at the
    /// row's trailing edge in the secondary style. 0 shows none, as on iOS.
    public func badge(_ count: Int) -> some View { layoutValue(key: BadgeKey.self, value: count == 0 ? nil : String(count)) }
    /// A badge of text (nil shows none).
    public func badge<S: StringProtocol>(_ label: S?) -> some View { layoutValue(key: BadgeKey.self, value: label.map { String($0) }) }
    /// A badge of text (nil shows none).
    public func badge(_ label: Text?) -> some View { layoutValue(key: BadgeKey.self, value: label?.string) }
}
