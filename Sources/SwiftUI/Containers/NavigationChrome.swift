import Foundation
import LayoutCore

// The navigation bar, the bottom toolbar and the search field of a navigation stack's screen,
// as an iPhone with iOS 17 draws them; the modifiers that fill them (`navigationTitle`,
// `toolbar`, `searchable`, …) record into the screen's `NavigationChrome`.

/// The metrics of navigation chrome on an iPhone in portrait, with their sources.
///
/// - `barHeight` 44: UINavigationBar's height on iPhone in portrait since iOS 7, under the status
///   bar ("the navigation bar and toolbar are 44 points tall", G. Hackworth, *iPad Navigation
///   Bar and Toolbar Height Changes in iOS 12*, hacknicity.medium.com, 2018; "a status bar
///   (20 points) and navigation bar (44 points)", *Supporting iPhone X*, useyourloaf.com).
/// - `largeTitleHeight` 52: "iOS 11's large titles add 52 points to the navigation bar height,
///   giving a total of 96 points without a status bar" (Hackworth, same article).
/// - `largeTitleSize` 34 bold: the `largeTitle` text style (34 pt) in bold, as UIKit's large
///   title. `largeTitleBottom` 8: the gap under the large title's line in its 52-point row
///   (a choice read from screenshots, not a published number).
/// - `margin` 16: the bar's layout margins on iPhone (UIKit's default system minimum layout
///   margins: 16 on compact-width screens); the large title and bar items start 16 from the
///   edges. `backMargin` 8: the back chevron sits 8 from the leading edge (its 44-point touch
///   area starts at the edge).
/// - `itemSpacing` 16: between bar items (a choice: Apple publishes no number; iOS 17's
///   text and symbol items look about this far apart in screenshots).
/// - `searchRowHeight` 52, `searchFieldHeight` 36, `searchCornerRadius` 10: the search field of
///   `searchable` under the title: UISearchBar's text field is 36 points tall (its standard
///   height, as in simplenote-ios PR #941, "the expected standard 36pt"), in a 52-point row;
///   the field is centred in the row (a choice).
/// - `bottomBarHeight` 49: UIToolbar at the bottom of a Face ID iPhone is as tall as the tab bar
///   ("the difference between toolbar and tab bar heights disappeared", usagimaru, *iPhone X
///   のセーフエリアやマージン幅について*, qiita.com, from the 2017 HIG's iPhone X page).
enum NavigationBarMetrics {
    static let barHeight: CGFloat = 44
    static let largeTitleHeight: CGFloat = 52
    static let largeTitleSize: CGFloat = 34
    static let largeTitleBottom: CGFloat = 8
    static let margin: CGFloat = 16
    static let backMargin: CGFloat = 8
    static let itemSpacing: CGFloat = 16
    static let searchRowHeight: CGFloat = 52
    static let searchFieldHeight: CGFloat = 36
    static let searchCornerRadius: CGFloat = 10
    static let bottomBarHeight: CGFloat = 49
    /// The search field's fill: UIKit's tertiarySystemFill (118, 118, 128 at 12 %; 24 % in dark).
    static func searchFill(_ scheme: ColorScheme) -> Color {
        Color(red: 118 / 255, green: 118 / 255, blue: 128 / 255).opacity(scheme == .dark ? 0.24 : 0.12)
    }
}

/// What the modifiers of one navigation screen ask of its bars, gathered while the screen is
/// built (the environment carries it from the stack to `navigationTitle`, `toolbar`, …).
///
/// SwiftUI passes these up as preferences: an outer modifier replaces what the views inside it
/// set, and among siblings the first in view order is kept (see `recordChrome`). Toolbar
/// content is collected, outer modifiers first.
final class NavigationChrome {
    var title: String?
    var displayMode: NavigationBarItem.TitleDisplayMode?
    var toolbars: [AnyView] = []
    var search: SearchFieldRequest?
    var navigationBarVisibility: Visibility?
    var bottomBarVisibility: Visibility?
    var barBackground: AnyShapeStyleBox?
    var barBackgroundVisibility: Visibility?
    var backButtonHidden: Bool?
}

/// A `searchable` field: its text and prompt.
struct SearchFieldRequest {
    let text: Binding<String>
    let prompt: String
}

/// A bar background style (`toolbarBackground`), kept as its paint.
struct AnyShapeStyleBox {
    let paint: Paint
}

private enum NavigationChromeKey: EnvironmentKey { static var defaultValue: NavigationChrome? { nil } }
extension EnvironmentValues {
    /// The chrome of the navigation screen being built (nil outside a navigation stack).
    var navigationChrome: NavigationChrome? {
        get { self[NavigationChromeKey.self] }
        set { self[NavigationChromeKey.self] = newValue }
    }
}

extension View {
    /// Records `value` in the screen's chrome at `field` with SwiftUI's preference order: the
    /// value of a sibling built earlier is kept, else this modifier's value replaces what the
    /// views inside it set.
    func recordChrome<T>(_ field: ReferenceWritableKeyPath<NavigationChrome, T?>, _ value: T?) -> _ModifiedView<Self> {
        recordPreference(in: { $0.navigationChrome }, field, value)
    }
    /// Records the tab bar's visibility for the enclosing tab view, in the same order.
    func recordTabBarVisibility(_ value: Visibility?) -> _ModifiedView<Self> {
        recordPreference(in: { $0.tabBarVisibility }, \.visibility, value)
    }
    /// Records `value` at `field` of the object the environment holds (nothing without one), in
    /// the preference order described at `recordChrome`.
    private func recordPreference<Box: AnyObject, T>(in box: @escaping (EnvironmentValues) -> Box?,
                                                     _ field: ReferenceWritableKeyPath<Box, T?>, _ value: T?) -> _ModifiedView<Self> {
        _ModifiedView(content: self) { inputs, outputs, content in
            guard let target = box(inputs.environment) else {
                buildView(content, inputs, &outputs)
                return
            }
            let earlier = target[keyPath: field]
            buildView(content, inputs, &outputs)
            if let earlier { target[keyPath: field] = earlier } else if let value { target[keyPath: field] = value }
        }
    }
    /// Adds toolbar content to the screen's chrome (before the content's own toolbars).
    func recordToolbar(_ toolbar: AnyView) -> _ModifiedView<Self> {
        _ModifiedView(content: self) { inputs, outputs, content in
            inputs.environment.navigationChrome?.toolbars.append(toolbar)
            buildView(content, inputs, &outputs)
        }
    }
}

// MARK: - Toolbar items

/// Where a toolbar item goes, as SwiftUI's `ToolbarItemPlacement`; on an iPhone (see
/// `ToolbarItemPlacement.bar`): `automatic`, `primaryAction`, `topBarTrailing` /
/// `navigationBarTrailing`, `confirmationAction`, `destructiveAction` and `secondaryAction`
/// at the trailing end of the navigation bar; `topBarLeading` / `navigationBarLeading` and
/// `cancellationAction` at its leading end; `principal` in the title's place; `bottomBar` and
/// `status` in the bottom toolbar; `keyboard` above the keyboard (never shown: a preview has
/// no keyboard).
public struct ToolbarItemPlacement: Sendable {
    let code: Int
    /// The platform's choice: the navigation bar's trailing end on iOS.
    public static let automatic = ToolbarItemPlacement(code: 0)
    /// The leading edge of the navigation bar.
    public static let topBarLeading = ToolbarItemPlacement(code: 1)
    /// The trailing edge of the navigation bar.
    public static let topBarTrailing = ToolbarItemPlacement(code: 2)
    /// The older name of `topBarLeading`.
    public static let navigationBarLeading = ToolbarItemPlacement(code: 1)
    /// The older name of `topBarTrailing`.
    public static let navigationBarTrailing = ToolbarItemPlacement(code: 2)
    /// The bottom toolbar.
    public static let bottomBar = ToolbarItemPlacement(code: 3)
    /// The title's place (it replaces the inline title).
    public static let principal = ToolbarItemPlacement(code: 4)
    /// The primary action: trailing.
    public static let primaryAction = ToolbarItemPlacement(code: 5)
    /// The confirmation action of a sheet: trailing, semibold.
    public static let confirmationAction = ToolbarItemPlacement(code: 6)
    /// The cancellation action of a sheet: leading.
    public static let cancellationAction = ToolbarItemPlacement(code: 7)
    /// The destructive action of a sheet: trailing.
    public static let destructiveAction = ToolbarItemPlacement(code: 8)
    /// Above the keyboard (not shown: a preview has no keyboard).
    public static let keyboard = ToolbarItemPlacement(code: 9)
    /// The status area: the middle of the bottom toolbar.
    public static let status = ToolbarItemPlacement(code: 10)
    /// Secondary actions: trailing.
    public static let secondaryAction = ToolbarItemPlacement(code: 11)

    /// The bar slot of this placement on an iPhone (nil: not shown).
    var bar: ToolbarSlot? {
        switch code {
        case 1, 7: return .leading
        case 3, 10: return .bottom
        case 4: return .principal
        case 9: return nil
        default: return .trailing
        }
    }
}

/// The slots of a screen's bars.
enum ToolbarSlot: Int, CaseIterable { case leading, principal, trailing, bottom }

/// The toolbar items of a screen, built, by slot.
final class ToolbarItemCollector {
    var items: [ToolbarSlot: [LayoutNode]] = [:]
    func add(_ nodes: [LayoutNode], to slot: ToolbarSlot) { items[slot, default: []].append(contentsOf: nodes) }
}
private enum ToolbarItemCollectorKey: EnvironmentKey { static var defaultValue: ToolbarItemCollector? { nil } }

/// Builds a toolbar item's content into its slot as a bar item: body text (17 pt, regular; a
/// confirmation action semibold), as UIBarButtonItem's plain and done styles. Outside a
/// toolbar the content is built in place.
func buildToolbarItem<C: View>(_ content: C, placement: ToolbarItemPlacement, inputs: _ViewInputs, outputs: inout _ViewOutputs) {
    guard let collector = inputs.environment[ToolbarItemCollectorKey.self] else {
        buildView(content, inputs, &outputs)
        return
    }
    guard let slot = placement.bar else { return }
    var itemInputs = inputs
    itemInputs.environment[ToolbarItemCollectorKey.self] = nil
    let nodes = placement.code == ToolbarItemPlacement.confirmationAction.code
        ? buildNodes(content.fontWeight(.semibold), itemInputs) : buildNodes(content, itemInputs)
    collector.add(nodes, to: slot)
}

/// A toolbar item, as SwiftUI's `ToolbarItem`: its content goes in the bar slot of its
/// placement (see `ToolbarItemPlacement`).
public struct ToolbarItem<ID, Content: View>: PrimitiveView {
    let content: Content
    let placement: ToolbarItemPlacement
    /// Creates an item.
    public init(placement: ToolbarItemPlacement = .automatic, @ViewBuilder content: () -> Content) where ID == () {
        self.content = content(); self.placement = placement
    }
    /// Creates an item with an id.
    public init(id: String, placement: ToolbarItemPlacement = .automatic, @ViewBuilder content: () -> Content) where ID == String {
        self.content = content(); self.placement = placement
    }
    /// Builds the content into its bar slot (engine-internal).
    public static func _makeView(_ view: Self, inputs: _ViewInputs, outputs: inout _ViewOutputs) {
        buildToolbarItem(view.content, placement: view.placement, inputs: inputs, outputs: &outputs)
    }
}

/// A group of toolbar items, as SwiftUI's `ToolbarItemGroup`: every view of its content is an
/// item in the bar slot of its placement.
public struct ToolbarItemGroup<Content: View>: PrimitiveView {
    let content: Content
    let placement: ToolbarItemPlacement
    /// Creates a group.
    public init(placement: ToolbarItemPlacement = .automatic, @ViewBuilder content: () -> Content) {
        self.content = content(); self.placement = placement
    }
    /// Builds the content into its bar slot (engine-internal).
    public static func _makeView(_ view: Self, inputs: _ViewInputs, outputs: inout _ViewOutputs) {
        buildToolbarItem(view.content, placement: view.placement, inputs: inputs, outputs: &outputs)
    }
}

/// Builds a screen's toolbar content into bar slots: `ToolbarItem`s and groups go to their
/// placement's slot; bare views (`toolbar { Button(…) }`) are `automatic`, i.e. trailing.
/// Items are in the body font (17 pt); symbols at the large image scale, as iOS draws bar
/// button symbols larger than the text beside them (UIKit's bar items use a large symbol
/// configuration; the scale is a choice matching iOS 17 screenshots, not a published number).
func buildToolbarItems(_ toolbars: [AnyView], inputs: _ViewInputs) -> [ToolbarSlot: [LayoutNode]] {
    let collector = ToolbarItemCollector()
    for (i, toolbar) in toolbars.enumerated() {
        var barInputs = inputs.child(mixKey(0x746f_6f6c, UInt64(i)))
        barInputs.environment[ToolbarItemCollectorKey.self] = collector
        barInputs.environment.font = .body
        barInputs.environment.imageScale = .large
        let bare = buildNodes(toolbar, barInputs)
        collector.add(bare, to: .trailing)
    }
    return collector.items
}

// MARK: - The screen

/// How a screen's navigation bar shows its title.
enum NavigationTitleStyle { case large, inline }

/// The back button of a pushed screen: the previous screen's title and how to pop.
struct NavigationBack {
    let title: String
    let action: () -> Void
}

/// Lays out one navigation screen as iOS does: its navigation bar on top, the content in what
/// remains (centred in it, as a hosting controller centres its root), and the bottom toolbar
/// when the screen has `bottomBar` items.
///
/// The bar is drawn for every screen of a stack (iOS keeps a navigation controller's bar even
/// when it is empty: an untitled root still has its 44-point bar), unless hidden with
/// `toolbar(.hidden, for: .navigationBar)` or `navigationBarHidden(true)`. With a title, the
/// title is large on the root screen (`.automatic` and `.large`) and inline on pushed ones
/// (`.automatic`) and with `.inline`; a root without a title shows the 44-point bar alone.
///
/// Backgrounds (iOS 15 and later): a bar at its scroll edge (the content scrolled to the top,
/// which is what a preview shows) has no background of its own; what shows through it is the
/// content's background, so the bar is backed by the screen's list or form background when
/// the screen is one (a `List` or `Form` scrolls under the bar on iOS). `toolbarBackground(
/// .visible, for: .navigationBar)` draws the bar's background (its `toolbarBackground` style,
/// else the bar material) with a hairline under it. Backgrounds extend into the top safe area
/// (`background(_:ignoresSafeAreaEdges: .top)`), the bottom toolbar's into the bottom one.
func buildNavigationScreen(_ nodes: [LayoutNode], chrome: NavigationChrome, isRoot: Bool, back: NavigationBack?,
                           inputs: _ViewInputs, outputs: inout _ViewOutputs) {
    var barInputs = inputs.child(0x6e62_6172)
    barInputs.environment.navigationChrome = nil
    let slots = buildToolbarItems(chrome.toolbars, inputs: barInputs)
    let mode = chrome.displayMode ?? .automatic
    let title = chrome.title.flatMap { $0.isEmpty ? nil : $0 }
    let style: NavigationTitleStyle = mode == .large || (mode == .automatic && isRoot) ? .large : .inline
    let backdrop = scrollEdgeBackdrop(of: nodes)
    let barBackground: Paint? = chrome.barBackgroundVisibility == .visible
        ? (chrome.barBackground?.paint ?? Material.bar._paint) : nil
    let showsBar = chrome.navigationBarVisibility != .hidden
    let bottomItems = chrome.bottomBarVisibility == .hidden ? [] : (slots[.bottom] ?? [])
    let bar = NavigationBarView(
        title: title, style: style,
        leading: slots[.leading] ?? [], principal: slots[.principal] ?? [], trailing: slots[.trailing] ?? [],
        back: chrome.backButtonHidden == true ? nil : back, search: chrome.search,
        background: barBackground ?? backdrop, showsHairline: barBackground != nil)
    buildView(VStack(spacing: 0) {
        if showsBar { bar }
        _PrebuiltNodes(nodes: nodes).frame(maxWidth: .infinity, maxHeight: .infinity)
        if !bottomItems.isEmpty { BottomToolbarView(items: bottomItems, background: backdrop) }
    }, barInputs.child(1), &outputs)
}

/// The background a bar at its scroll edge shows: the screen's list or form background, when
/// the screen is a `List` or a `Form` (through the modifiers around it).
private func scrollEdgeBackdrop(of nodes: [LayoutNode]) -> Paint? {
    guard nodes.count == 1 else { return nil }
    var node: LayoutNode? = nodes[0]
    while let n = node {
        if n.kindName == "List" || n.kindName == "Form" {
            if case .fill(_, let paint)? = n.preItems.first { return paint }
            return nil
        }
        node = n.children.count == 1 ? n.children[0] : nil
    }
    return nil
}

/// A screen's navigation bar: the 44-point row (back button and leading items, the inline
/// title or `principal` item, trailing items), the large title's 52-point row, and the search
/// field's 52-point row (see `NavigationBarMetrics`).
struct NavigationBarView: View {
    let title: String?
    let style: NavigationTitleStyle
    let leading: [LayoutNode]
    let principal: [LayoutNode]
    let trailing: [LayoutNode]
    let back: NavigationBack?
    let search: SearchFieldRequest?
    let background: Paint?
    let showsHairline: Bool

    var body: some View {
        VStack(spacing: 0) {
            LayoutContainer(layout: NavigationBarRowLayout(), kindName: "NavigationBarRow", content: TupleView2(
                first: HStack(spacing: NavigationBarMetrics.itemSpacing) {
                    if let back { NavigationBackButton(back: back) }
                    _PrebuiltNodes(nodes: leading)
                }.padding(.leading, back == nil ? NavigationBarMetrics.margin : NavigationBarMetrics.backMargin),
                second: ZStack {
                    if !principal.isEmpty {
                        _PrebuiltNodes(nodes: principal)
                    } else if style == .inline, let title {
                        Text(verbatim: title).font(.headline).lineLimit(1).id("navigation-title")
                    }
                },
                third: HStack(spacing: NavigationBarMetrics.itemSpacing) { _PrebuiltNodes(nodes: trailing) }
                    .padding(.trailing, NavigationBarMetrics.margin)))
            .frame(height: NavigationBarMetrics.barHeight)
            if style == .large, let title {
                Text(verbatim: title).font(.system(size: NavigationBarMetrics.largeTitleSize, weight: .bold)).lineLimit(1)
                    .id("navigation-large-title")
                    .padding(.horizontal, NavigationBarMetrics.margin)
                    .padding(.bottom, NavigationBarMetrics.largeTitleBottom)
                    .frame(maxWidth: .infinity, alignment: .leading)
                    .frame(height: NavigationBarMetrics.largeTitleHeight, alignment: .bottom)
            }
            if let search { SearchFieldRow(request: search) }
        }
        .frame(maxWidth: .infinity)
        .background(PaintStyle(paint: background ?? .color(.clear)), ignoresSafeAreaEdges: .top)
        .overlay(alignment: .bottom) {
            if showsHairline { Rectangle().fill(Color(storage: .system(.separator))).frame(height: 0.33) }
        }
        .id("navigation-bar")
    }
}

/// A pushed screen's back button: a chevron and the previous screen's title, in the tint.
struct NavigationBackButton: View {
    let back: NavigationBack
    var body: some View {
        Button(action: back.action) {
            HStack(spacing: 3) {
                Image(systemName: "chevron.left").fontWeight(.semibold)
                Text(verbatim: back.title).lineLimit(1)
            }
        }
        .id("navigation-back")
    }
}

/// The row of a navigation bar: subview 0 the leading items, 1 the title, 2 the trailing items.
///
/// UINavigationBar's rule: the leading items start at the leading edge and the trailing ones
/// end at the trailing edge, at their ideal widths; the title is centred on the bar when it
/// fits between them, else moved towards the side with more room, and truncated to the room
/// left between them. Every part is centred vertically in the row.
struct NavigationBarRowLayout: Layout {
    func sizeThatFits(proposal: ProposedViewSize, subviews: Subviews, cache: inout ()) -> CGSize {
        let height = proposal.height ?? NavigationBarMetrics.barHeight
        let ideal = subviews.reduce(CGFloat(0)) { $0 + $1.sizeThatFits(ProposedViewSize(width: nil, height: height)).width }
        return CGSize(width: proposal.width ?? ideal, height: height)
    }

    func placeSubviews(in bounds: CGRect, proposal: ProposedViewSize, subviews: Subviews, cache: inout ()) {
        guard subviews.count == 3 else { return }
        let h = bounds.height
        let leading = subviews[0].sizeThatFits(ProposedViewSize(width: nil, height: h))
        let trailing = subviews[2].sizeThatFits(ProposedViewSize(width: nil, height: h))
        let room = Swift.max(0, bounds.width - leading.width - trailing.width)
        let title = subviews[1].sizeThatFits(ProposedViewSize(width: room, height: h))
        let left = bounds.minX + leading.width, right = bounds.maxX - trailing.width
        let centred = bounds.midX - title.width / 2
        let x = Swift.min(Swift.max(centred, left), Swift.max(left, right - title.width))
        subviews[0].place(at: CGPoint(x: bounds.minX, y: bounds.midY), anchor: .leading, proposal: ProposedViewSize(leading))
        subviews[1].place(at: CGPoint(x: x, y: bounds.midY), anchor: .leading, proposal: ProposedViewSize(width: room, height: h))
        subviews[2].place(at: CGPoint(x: bounds.maxX, y: bounds.midY), anchor: .trailing, proposal: ProposedViewSize(trailing))
    }
}

/// The search field of `searchable`: a 36-point rounded field with the magnifying glass and
/// the prompt (secondary) or the text, 16 from the edges, in a 52-point row. In a live preview
/// it types into the `text` binding as a `TextField` does.
struct SearchFieldRow: PrimitiveView {
    let request: SearchFieldRequest
    static func _makeView(_ view: Self, inputs: _ViewInputs, outputs: inout _ViewOutputs) {
        let fill = NavigationBarMetrics.searchFill(inputs.environment.colorScheme)
        buildView(HStack(spacing: 6) {
            Image(systemName: "magnifyingglass").foregroundStyle(.secondary)
            _TextFieldBody(text: view.request.text.wrappedValue, placeholder: view.request.prompt, axis: .horizontal,
                           binding: view.request.text, placeholderPaint: .color(Color(storage: .system(.secondary))))
        }
        .font(.body)
        .padding(.horizontal, 8)
        .frame(height: NavigationBarMetrics.searchFieldHeight)
        .background(RoundedRectangle(cornerRadius: NavigationBarMetrics.searchCornerRadius).fill(fill))
        .id("search-field")
        .padding(.horizontal, NavigationBarMetrics.margin)
        .frame(height: NavigationBarMetrics.searchRowHeight), inputs, &outputs)
    }
}

/// The bottom toolbar (`bottomBar` items): 49 points, the items side by side from the leading
/// margin, `itemSpacing` apart (a `Spacer` in a `ToolbarItemGroup` spreads them, as on iOS),
/// backed like the navigation bar at its scroll edge; its background extends into the bottom
/// safe area.
struct BottomToolbarView: View {
    let items: [LayoutNode]
    let background: Paint?
    var body: some View {
        HStack(spacing: NavigationBarMetrics.itemSpacing) { _PrebuiltNodes(nodes: items) }
            .padding(.horizontal, NavigationBarMetrics.margin)
            .frame(maxWidth: .infinity, alignment: .leading)
            .frame(height: NavigationBarMetrics.bottomBarHeight)
            .background(PaintStyle(paint: background ?? .color(.clear)), ignoresSafeAreaEdges: .bottom)
            .id("bottom-toolbar")
    }
}

// MARK: - Modifiers

extension View {
    /// The navigation title of the screen: large on a stack's root screen, inline on pushed
    /// ones (see `buildNavigationScreen`), and the next screen's back button title.
    public func navigationTitle<S: StringProtocol>(_ title: S) -> some View { recordChrome(\.title, String(title)) }
    /// The navigation title as text.
    public func navigationTitle(_ title: Text) -> some View { recordChrome(\.title, title.string) }
    /// The navigation title as a view (iOS draws it as the title; here it is the `principal` item).
    public func navigationTitle<V: View>(@ViewBuilder _ title: () -> V) -> some View {
        recordToolbar(AnyView(ToolbarItem(placement: .principal) { title() }))
    }
    /// The navigation title, older spelling.
    public func navigationBarTitle<S: StringProtocol>(_ title: S) -> some View { recordChrome(\.title, String(title)) }
    /// The navigation title and display mode, older spelling.
    public func navigationBarTitle<S: StringProtocol>(_ title: S, displayMode: NavigationBarItem.TitleDisplayMode) -> some View {
        recordChrome(\.title, String(title)).recordChrome(\.displayMode, displayMode)
    }
    /// How the navigation title is shown: `.large` under the bar, `.inline` centred in it,
    /// `.automatic` large on a root screen and inline on pushed ones.
    public func navigationBarTitleDisplayMode(_ displayMode: NavigationBarItem.TitleDisplayMode) -> some View {
        recordChrome(\.displayMode, displayMode)
    }
    /// Hides the back button of a pushed screen.
    public func navigationBarBackButtonHidden(_ hidesBackButton: Bool = true) -> some View {
        recordChrome(\.backButtonHidden, hidesBackButton)
    }
    /// Hides the navigation bar (older spelling of `toolbar(.hidden, for: .navigationBar)`).
    public func navigationBarHidden(_ hidden: Bool) -> some View {
        recordChrome(\.navigationBarVisibility, hidden ? Visibility.hidden : .visible)
    }
    /// Toolbar content: `ToolbarItem`s and `ToolbarItemGroup`s in their placements, bare views
    /// at the trailing end of the navigation bar (iOS's `automatic` placement).
    public func toolbar<Content: View>(@ViewBuilder content: () -> Content) -> some View { recordToolbar(AnyView(content())) }
    /// The menu of the navigation title (iOS 16; accepted for source compatibility: the title
    /// is drawn without the menu's chevron).
    public func toolbarTitleMenu<Content: View>(@ViewBuilder content: () -> Content) -> some View { self }
    /// Shows or hides bars: `.navigationBar` (or `.automatic`) the navigation bar,
    /// `.bottomBar` the bottom toolbar, `.tabBar` the enclosing tab view's tab bar (the content
    /// then takes its place, as on iOS 16 and later).
    public func toolbar(_ visibility: Visibility, for bars: ToolbarPlacement...) -> some View {
        let top = bars.isEmpty || bars.contains { $0.code == 0 || $0.code == 1 }
        let bottom = bars.contains { $0.code == 3 }
        let tabs = bars.contains { $0.code == 2 }
        return recordChrome(\.navigationBarVisibility, top ? visibility : nil)
            .recordChrome(\.bottomBarVisibility, bottom ? visibility : nil)
            .recordTabBarVisibility(tabs ? visibility : nil)
    }
    /// A bar's background style: drawn when the background is `.visible` (iOS 16: at the
    /// scroll edge the bar is transparent unless `toolbarBackground(.visible, for:)` is set).
    public func toolbarBackground<S: ShapeStyle>(_ style: S, for bars: ToolbarPlacement...) -> some View {
        let top = bars.isEmpty || bars.contains { $0.code == 0 || $0.code == 1 }
        return recordChrome(\.barBackground, top ? AnyShapeStyleBox(paint: style._paint) : nil)
    }
    /// A bar's background visibility: `.visible` draws the navigation bar's background.
    public func toolbarBackground(_ visibility: Visibility, for bars: ToolbarPlacement...) -> some View {
        let top = bars.isEmpty || bars.contains { $0.code == 0 || $0.code == 1 }
        return recordChrome(\.barBackgroundVisibility, top ? visibility : nil)
    }
    /// A bar's color scheme (accepted without effect: bars follow the environment's scheme).
    public func toolbarColorScheme(_ colorScheme: ColorScheme?, for bars: ToolbarPlacement...) -> some View { self }
    /// A search field bound to `text`, under the navigation title ("Search" as its prompt).
    public func searchable(text: Binding<String>, placement: SearchFieldPlacement = .automatic) -> some View {
        recordChrome(\.search, SearchFieldRequest(text: text, prompt: "Search"))
    }
    /// A search field with a prompt.
    public func searchable<S: StringProtocol>(text: Binding<String>, placement: SearchFieldPlacement = .automatic, prompt: S) -> some View {
        recordChrome(\.search, SearchFieldRequest(text: text, prompt: String(prompt)))
    }
    /// A search field with a prompt as text.
    public func searchable(text: Binding<String>, placement: SearchFieldPlacement = .automatic, prompt: Text?) -> some View {
        recordChrome(\.search, SearchFieldRequest(text: text, prompt: prompt?.string ?? "Search"))
    }
}
