import Foundation
import LayoutCore

/// The list styles the engine lays out.
enum ListStyleKind: Hashable, Sendable { case insetGrouped, grouped, plain, inset }

// The list styles people write (`.listStyle(.plain)`, `PlainListStyle()`) are the `ListStyle`
// types of InertModifiers+Lists.swift, which set `containers.listStyle`.

/// Form styles (`.formStyle`); every form is laid out grouped, iOS's only form style.
public struct FormStyleConfiguration: Sendable {
    /// The platform default (grouped on iOS).
    public static let automatic = FormStyleConfiguration()
    /// Grouped sections.
    public static let grouped = FormStyleConfiguration()
    /// Label and control in columns (macOS); laid out grouped.
    public static let columns = FormStyleConfiguration()
}

/// The metrics of lists and forms (iOS 17, inset grouped unless said), with their sources.
///
/// - `minimumRowHeight` 44: `EnvironmentValues.defaultMinListRowHeight` on iOS (Apple's
///   documentation of the key; the HIG's 44-point minimum hit target).
/// - `rowInsets` 11/20/11/20: the leading inset 20 is SwiftUI's default row inset on iPhone,
///   as Flutter's `CupertinoListTile` measured it (padding start 20); trailing 20 is a choice
///   (symmetric); 11 above and below centres a body line (22 points on iOS) in a 44-point row,
///   UIKit's default cell margins.
/// - `cardMargin` 20, `cardCornerRadius` 10, `sectionTop` 20 (a section without header),
///   `sectionBottom` 10: Flutter's `CupertinoListSection.insetGrouped`
///   (`list_section.dart`: rows margin 20/20/20/10 "determined from SwiftUI's Forms in iOS 14.2
///   SDK", border radius 10 "estimated from SwiftUI's Forms").
/// - `headerTop` 16, `headerBottom` 6: the same file's inset-grouped header margin
///   (20, 16, 20, 6, "determined from iOS 14.4 Simulator"); `textInset` 40: its inset-grouped
///   footer margin (40 from the edges), which puts header and footer text in line with the
///   rows' text (20 + 20); the header uses the same inset (a choice). `footerTop` 6 is a choice
///   (the header's gap, mirrored). Header and footer text are footnote (13 points), secondary;
///   headers are uppercased in the grouped styles (iOS 17 still does; iOS 26 stopped).
/// - Separators: 0.5 points (a hairline on a 2× screen), inset by the row's leading inset,
///   none under a section's last row; drawn over the row, so they take no space (as UIKit's).
/// - Colours: UIKit's systemGroupedBackground (242, 242, 247; dark black),
///   secondarySystemGroupedBackground (white; dark 28, 28, 30), separator (60, 60, 67 at 29 %;
///   dark 84, 84, 88 at 60 %), systemBackground for plain lists (white; dark black).
enum ListMetrics {
    static let minimumRowHeight: CGFloat = 44
    static let rowInsets = EdgeInsets(top: 11, leading: 20, bottom: 11, trailing: 20)
    static let cardMargin: CGFloat = 20
    static let cardCornerRadius: CGFloat = 10
    static let sectionTop: CGFloat = 20
    static let sectionBottom: CGFloat = 10
    static let headerTop: CGFloat = 16
    static let headerBottom: CGFloat = 6
    static let footerTop: CGFloat = 6
    static let textInset: CGFloat = 40
    static let separatorThickness: CGFloat = 0.5
    static let groupedBackground = Color(storage: .system(.groupedBackground))
    static let cardBackground = Color(storage: .system(.secondaryGroupedBackground))
    static let plainBackground = Color(storage: .system(.background))
    static let separator = Color(storage: .system(.separator))

    /// The horizontal margin of section cards in `style`.
    static func margin(_ style: ListStyleKind) -> CGFloat { style == .insetGrouped || style == .inset ? cardMargin : 0 }
    /// The corner radius of section cards in `style`.
    static func cornerRadius(_ style: ListStyleKind) -> CGFloat { style == .insetGrouped || style == .inset ? cardCornerRadius : 0 }
    /// Whether `style` draws on the grouped (gray) background.
    static func isGrouped(_ style: ListStyleKind) -> Bool { style == .insetGrouped || style == .grouped }
}

/// Marks the node of a list section, so the list does not wrap it in an implicit section.
struct _ListSectionKey: LayoutValueKey { static let defaultValue = false }
/// A row's own insets (`.listRowInsets`).
struct _ListRowInsetsKey: LayoutValueKey { static var defaultValue: EdgeInsets? { nil } }
/// A row whose separator is hidden (`.listRowSeparator(.hidden)`).
struct _ListRowSeparatorHiddenKey: LayoutValueKey { static let defaultValue = false }

/// A container that presents rows of data in sections, as SwiftUI's `List`.
///
/// Layout: a list scrolls vertically (it takes the whole proposal, its content proposed nil
/// height, as `ScrollView`) and stacks its sections with no spacing. Views that are not in a
/// `Section` form implicit sections (each run of them one section, as SwiftUI groups them).
/// Each section is a header, a card of rows and a footer, with the metrics of `ListMetrics`
/// (iOS 17's inset grouped style by default; `.listStyle` chooses plain, grouped or inset).
/// Every view of the content (`ForEach` elements, the views of a block) is a row: proposed the
/// card's width minus the row insets, placed at the leading edge, centred in a row at least 44
/// points tall. Selection is accepted and not drawn. In a live preview a list is lazy, as
/// SwiftUI's: its `ForEach` rows are made as they scroll into view (`LazyElements`).
public struct List<SelectionValue: Hashable, Content: View>: PrimitiveView {
    let content: Content
    /// Creates a list of the rows and sections in `content`.
    public init(@ViewBuilder content: () -> Content) where SelectionValue == Never { self.content = content() }
    /// Creates a list with a single selection (not drawn).
    public init(selection: Binding<SelectionValue?>?, @ViewBuilder content: () -> Content) { self.content = content() }
    /// Creates a list with a multiple selection (not drawn).
    public init(selection: Binding<Set<SelectionValue>>?, @ViewBuilder content: () -> Content) { self.content = content() }

    /// Builds the list (engine-internal).
    public static func _makeView(_ view: Self, inputs: _ViewInputs, outputs: inout _ViewOutputs) {
        let style = inputs.environment.containers.listStyle ?? .insetGrouped
        buildList(view.content, style: style, kindName: "List", inputs: inputs, outputs: &outputs)
    }
}

extension List {
    /// Creates a list with a row for each element of `data`.
    public init<Data: RandomAccessCollection, RowContent: View>(_ data: Data, @ViewBuilder rowContent: @escaping (Data.Element) -> RowContent)
    where SelectionValue == Never, Content == ForEach<Data, Data.Element.ID, RowContent>, Data.Element: Identifiable {
        self.content = ForEach(data, content: rowContent)
    }
    /// Creates a list with a row for each element of `data`, identified by `id`.
    public init<Data: RandomAccessCollection, ID: Hashable, RowContent: View>(_ data: Data, id: KeyPath<Data.Element, ID>, @ViewBuilder rowContent: @escaping (Data.Element) -> RowContent)
    where SelectionValue == Never, Content == ForEach<Data, ID, RowContent> {
        self.content = ForEach(data, id: id, content: rowContent)
    }
    /// Creates a list with a row for each integer of `data`.
    public init<RowContent: View>(_ data: Range<Int>, @ViewBuilder rowContent: @escaping (Int) -> RowContent)
    where SelectionValue == Never, Content == ForEach<Range<Int>, Int, RowContent> {
        self.content = ForEach(data, content: rowContent)
    }
    /// Creates a list with a row for each element of `data` and a selection (not drawn).
    public init<Data: RandomAccessCollection, RowContent: View>(_ data: Data, selection: Binding<SelectionValue?>?, @ViewBuilder rowContent: @escaping (Data.Element) -> RowContent)
    where Content == ForEach<Data, Data.Element.ID, RowContent>, Data.Element: Identifiable {
        self.content = ForEach(data, content: rowContent)
    }
}

/// A container for grouping controls used for data entry, as SwiftUI's `Form`: laid out as a
/// `List` in the inset grouped style (iOS's grouped form style), whatever `.listStyle` says.
public struct Form<Content: View>: PrimitiveView {
    let content: Content
    /// Creates a form of the rows and sections in `content`.
    public init(@ViewBuilder content: () -> Content) { self.content = content() }
    /// Builds the form (engine-internal).
    public static func _makeView(_ view: Self, inputs: _ViewInputs, outputs: inout _ViewOutputs) {
        buildList(view.content, style: .insetGrouped, kindName: "Form", inputs: inputs, outputs: &outputs)
    }
}

/// Builds a list of `style` over `content`: sections (implicit ones around loose rows) stacked
/// in a vertical scroll node on the style's background.
func buildList<Content: View>(_ content: Content, style: ListStyleKind, kindName: String, inputs: _ViewInputs, outputs: inout _ViewOutputs) {
    var contentInputs = inputs.containerContent()
    // A list is lazy, as SwiftUI's: in a live preview its `ForEach` rows are made as they
    // scroll into view (`LazyElements`).
    contentInputs.lazyContent = LazyContainerKey(identity: inputs.identity, axis: .vertical)
    contentInputs.environment.containers.listContext = style
    contentInputs.environment.containers.isInListRow = true
    contentInputs.environment.containers.scrollContentMargins = EdgeInsets()
    let built = buildNodes(content, contentInputs)
    // Runs of loose rows become implicit sections.
    var sections: [LayoutNode] = []
    var loose: [LayoutNode] = []
    func flush() {
        guard !loose.isEmpty else { return }
        var rowInputs = contentInputs.child(UInt64(sections.count) &+ 0x6c73)
        rowInputs.environment.containers.listContext = nil
        sections.append(contentsOf: buildNodes(ListSectionBody(header: [], rows: loose, footer: [], style: style), rowInputs))
        loose = []
    }
    for node in built {
        if node.traits.layoutValue(_ListSectionKey.self) { flush(); sections.append(node) } else { loose.append(node) }
    }
    flush()
    // The sections take the list's whole width, even when there are none (a list fills its proposal).
    let stack = buildNodes(LayoutContainer(layout: VStackLayout(spacing: 0), kindName: "VStack", content: _PrebuiltNodes(nodes: sections))
                            .frame(maxWidth: .infinity), contentInputs.child(0x7374))
    guard let content = stack.first else { return }
    let env = inputs.environment.containers
    let node = liveScrollNode(axes: .vertical, content: content, showsIndicators: env.scrollIndicators.shows != false, inputs: inputs)
    node.kindName = kindName
    node.detail = "\(sections.count) section\(sections.count == 1 ? "" : "s")"
    let background = ListMetrics.isGrouped(style) ? ListMetrics.groupedBackground : ListMetrics.plainBackground
    node.preItems.insert(.fill(.rectangle, .color(background)), at: 0)
    outputs.nodes.append(node)
}

/// A container for views in a list, form or lazy stack, with an optional header and footer,
/// as SwiftUI's `Section`.
///
/// In a `List` or `Form` it is a list section (see `List` and `ListMetrics`). Elsewhere its
/// header, content and footer are views of the enclosing container in that order, as in
/// SwiftUI; in a `LazyVGrid`/`LazyHGrid` the header and footer each take a whole line.
public struct Section<Parent: View, Content: View, Footer: View>: PrimitiveView {
    let header: Parent
    let content: Content
    let footer: Footer
    /// Creates a section with a header and a footer.
    public init(@ViewBuilder content: () -> Content, @ViewBuilder header: () -> Parent, @ViewBuilder footer: () -> Footer) {
        self.content = content(); self.header = header(); self.footer = footer()
    }
    /// Creates a section with a header and a footer (the older spelling).
    public init(header: Parent, footer: Footer, @ViewBuilder content: () -> Content) {
        self.content = content(); self.header = header; self.footer = footer
    }

    /// Builds a list section inside a list, or the header, content and footer in place elsewhere (engine-internal).
    public static func _makeView(_ view: Self, inputs: _ViewInputs, outputs: inout _ViewOutputs) {
        var inner = inputs
        let style = inputs.environment.containers.listContext
        inner.environment.containers.listContext = nil
        var textInputs = inner
        if style != nil {
            textInputs.environment.font = textInputs.environment.font ?? .footnote
            textInputs.environment.foregroundStyle = textInputs.environment.foregroundStyle ?? .hierarchical(1)
        }
        let header = buildNodes(view.header, textInputs.child(0x6864))
        let rows = buildNodes(view.content, inner.child(0x6374))
        let footer = buildNodes(view.footer, textInputs.child(0x6674))
        guard let style else {
            for n in header + footer { n.traits.setLayoutValue(_LazyGridFullLineKey.self, true) }
            outputs.nodes.append(contentsOf: header + rows + footer)
            return
        }
        if style != .plain { uppercaseText(header) }
        let start = outputs.nodes.count
        buildView(ListSectionBody(header: header, rows: rows, footer: footer, style: style), inner, &outputs)
        for n in outputs.nodes[start...] {
            n.traits.setLayoutValue(_ListSectionKey.self, true)
            n.kindName = "Section"
        }
    }
}

extension Section where Footer == EmptyView {
    /// Creates a section with a header.
    public init(@ViewBuilder content: () -> Content, @ViewBuilder header: () -> Parent) {
        self.init(content: content, header: header, footer: { EmptyView() })
    }
    /// Creates a section with a header (the older spelling).
    public init(header: Parent, @ViewBuilder content: () -> Content) {
        self.init(header: header, footer: EmptyView(), content: content)
    }
}

extension Section where Parent == EmptyView {
    /// Creates a section with a footer.
    public init(@ViewBuilder content: () -> Content, @ViewBuilder footer: () -> Footer) {
        self.init(content: content, header: { EmptyView() }, footer: footer)
    }
    /// Creates a section with a footer (the older spelling).
    public init(footer: Footer, @ViewBuilder content: () -> Content) {
        self.init(header: EmptyView(), footer: footer, content: content)
    }
}

extension Section where Parent == EmptyView, Footer == EmptyView {
    /// Creates a section without header or footer.
    public init(@ViewBuilder content: () -> Content) {
        self.init(content: content, header: { EmptyView() }, footer: { EmptyView() })
    }
}

extension Section where Parent == Text, Footer == EmptyView {
    /// Creates a section whose header is a `Text` of `title`.
    public init<S: StringProtocol>(_ title: S, @ViewBuilder content: () -> Content) {
        self.init(content: content, header: { Text(title) }, footer: { EmptyView() })
    }
    /// Creates a section whose header is a `Text` of `title`; `isExpanded` is accepted (sections are shown expanded).
    public init<S: StringProtocol>(_ title: S, isExpanded: Binding<Bool>, @ViewBuilder content: () -> Content) {
        self.init(title, content: content)
    }
}

/// Uppercases the text in `nodes`, as grouped lists show section headers up to iOS 18 (iOS 26
/// switched to title case: "Pre-X26 the system flipped your header to all-caps", a public summary
/// of the Xcode 26 list changes, github.com/fluhartyml/Claudes-X26-Swift6-Bible, Book 08); the
/// text is measured uppercased.
private func uppercaseText(_ nodes: [LayoutNode]) {
    var pending = nodes
    while let node = pending.popLast() {
        if case .text(var content) = node.kind {
            content.string = content.string.uppercased()
            node.kind = .text(content)
            node.detail = node.detail.uppercased()
            node.preItems = node.preItems.map { item in
                guard case .text(var run) = item else { return item }
                run.string = run.string.uppercased()
                return .text(run)
            }
        }
        pending.append(contentsOf: node.children)
    }
}

/// The body of a list section: header, card of rows, footer (see `ListMetrics`).
struct ListSectionBody: View {
    let header: [LayoutNode]
    let rows: [LayoutNode]
    let footer: [LayoutNode]
    let style: ListStyleKind

    var body: some View {
        let margin = ListMetrics.margin(style)
        let grouped = ListMetrics.isGrouped(style)
        let textInset = grouped || style == .inset ? ListMetrics.textInset : ListMetrics.rowInsets.leading
        return LayoutContainer(layout: VStackLayout(alignment: .leading, spacing: 0), kindName: "VStack", content: TupleView2(
            first: HeaderFooterBlock(nodes: header, inset: textInset,
                                     top: header.isEmpty ? (grouped ? ListMetrics.sectionTop : 0) : ListMetrics.headerTop,
                                     bottom: header.isEmpty ? 0 : ListMetrics.headerBottom),
            second: SectionCard(rows: rows, style: style)
                .padding(.horizontal, margin),
            third: HeaderFooterBlock(nodes: footer, inset: textInset, top: footer.isEmpty ? 0 : ListMetrics.footerTop,
                                     bottom: grouped ? ListMetrics.sectionBottom : 0)))
    }
}

/// Three views in a row of a builder, without a result builder (the section parts are values).
struct TupleView2<A: View, B: View, C: View>: PrimitiveView {
    let first: A, second: B, third: C
    static func _makeView(_ view: Self, inputs: _ViewInputs, outputs: inout _ViewOutputs) {
        buildView(view.first, inputs.child(1), &outputs)
        buildView(view.second, inputs.child(2), &outputs)
        buildView(view.third, inputs.child(3), &outputs)
    }
}

/// A section's header or footer: its views stacked, inset to line up with the rows' text; with
/// no views, an empty spacer of `top + bottom` (nothing when that is 0).
struct HeaderFooterBlock: PrimitiveView {
    let nodes: [LayoutNode]
    let inset: CGFloat
    let top: CGFloat
    let bottom: CGFloat
    static func _makeView(_ view: Self, inputs: _ViewInputs, outputs: inout _ViewOutputs) {
        if view.nodes.isEmpty {
            guard view.top + view.bottom > 0 else { return }
            buildView(Color.clear.frame(height: view.top + view.bottom), inputs, &outputs)
            return
        }
        let block = LayoutContainer(layout: VStackLayout(alignment: .leading, spacing: 0), kindName: "VStack", content: _PrebuiltNodes(nodes: view.nodes))
            .frame(maxWidth: .infinity, alignment: .leading)
            .padding(EdgeInsets(top: view.top, leading: view.inset, bottom: view.bottom, trailing: view.inset))
        buildView(block, inputs, &outputs)
    }
}

/// A row's content at the leading edge and, with a `.badge`, the badge's text at the trailing
/// edge in the secondary style, as iOS lists show a row's count (Mail's unread mail).
struct RowWithBadge: View {
    let row: LayoutNode
    let badge: String
    var body: some View {
        HStack(spacing: 8) {
            _PrebuiltNodes(nodes: [row]).frame(maxWidth: .infinity, alignment: .leading)
            Text(verbatim: badge).foregroundStyle(.secondary).lineLimit(1).layoutPriority(1)
        }
    }
}

/// A section's rows on its card, with separators between them.
struct SectionCard: PrimitiveView {
    let rows: [LayoutNode]
    let style: ListStyleKind
    static func _makeView(_ view: Self, inputs: _ViewInputs, outputs: inout _ViewOutputs) {
        guard !view.rows.isEmpty else { return }
        var wrapped: [LayoutNode] = []
        for (i, row) in view.rows.enumerated() {
            let insets = row.traits.layoutValue(_ListRowInsetsKey.self) ?? ListMetrics.rowInsets
            let showsSeparator = i < view.rows.count - 1 && !row.traits.layoutValue(_ListRowSeparatorHiddenKey.self)
            func framed(_ content: some View) -> some View {
                content
                    .padding(insets)
                    .frame(minHeight: ListMetrics.minimumRowHeight)
                    .overlay(alignment: .bottom) {
                        if showsSeparator {
                            Rectangle().fill(ListMetrics.separator).frame(height: ListMetrics.separatorThickness)
                                .padding(.leading, insets.leading)
                        }
                    }
            }
            let rowInputs = inputs.child(UInt64(i) &+ 1)
            if let badge = row.traits.layoutValue(BadgeKey.self) {
                wrapped.append(contentsOf: buildNodes(framed(RowWithBadge(row: row, badge: badge)), rowInputs))
            } else {
                wrapped.append(contentsOf: buildNodes(framed(_PrebuiltNodes(nodes: [row]).frame(maxWidth: .infinity, alignment: .leading)), rowInputs))
            }
        }
        let radius = ListMetrics.cornerRadius(view.style)
        let card = LayoutContainer(layout: VStackLayout(spacing: 0), kindName: "VStack", content: _PrebuiltNodes(nodes: wrapped))
            .background(RoundedRectangle(cornerRadius: radius).fill(ListMetrics.isGrouped(view.style) ? ListMetrics.cardBackground : ListMetrics.plainBackground))
            .clipShape(RoundedRectangle(cornerRadius: radius))
        buildView(card, inputs, &outputs)
    }
}

extension View {
    /// Accepted for source compatibility: every form is laid out grouped, iOS's form style.
    public func formStyle(_ style: FormStyleConfiguration) -> some View { self }
    /// Sets this row's insets in a list, as in SwiftUI (nil: the style's, 11/20/11/20).
    public func listRowInsets(_ insets: EdgeInsets?) -> some View {
        changeEach { n, _ in n.traits.setLayoutValue(_ListRowInsetsKey.self, insets) }
    }
    /// Shows or hides this row's separator in a list, as in SwiftUI.
    public func listRowSeparator(_ visibility: Visibility, edges: VerticalEdge.Set = .all) -> some View {
        changeEach { n, _ in n.traits.setLayoutValue(_ListRowSeparatorHiddenKey.self, visibility == .hidden) }
    }
    /// Accepted for source compatibility: row backgrounds are the card's.
    public func listRowBackground<V: View>(_ view: V?) -> some View { self }
    /// Accepted for source compatibility.
    public func listSectionSeparator(_ visibility: Visibility, edges: VerticalEdge.Set = .all) -> some View { self }
    /// Accepted for source compatibility (iOS 17): sections keep the style's spacing.
    public func listSectionSpacing(_ spacing: CGFloat) -> some View { self }
    /// Accepted for source compatibility (iOS 15): rows keep no extra spacing.
    public func listRowSpacing(_ spacing: CGFloat?) -> some View { self }
    /// Accepted for source compatibility (iOS 16): the list keeps its background.
    public func scrollContentBackground(_ visibility: Visibility) -> some View { self }
    /// Accepted for source compatibility: separators keep the separator colour.
    public func listRowSeparatorTint(_ color: Color?, edges: VerticalEdge.Set = .all) -> some View { self }
    /// Accepted for source compatibility: rows keep their own tint.
    public func listItemTint(_ tint: Color?) -> some View { self }
    /// Accepted for source compatibility (iOS 15): headers keep the style's prominence.
    public func headerProminence(_ prominence: Prominence) -> some View { self }
    /// Accepted for source compatibility: the preview does not edit lists.
    public func deleteDisabled(_ isDisabled: Bool) -> some View { self }
    /// Accepted for source compatibility: the preview does not edit lists.
    public func moveDisabled(_ isDisabled: Bool) -> some View { self }
}


extension VerticalEdge {
    /// A set of vertical edges, as SwiftUI's `VerticalEdge.Set`.
    public struct Set: OptionSet, Hashable, Sendable {
        /// The raw bits.
        public let rawValue: Int8
        /// Creates a set from raw bits.
        public init(rawValue: Int8) { self.rawValue = rawValue }
        /// The top edge.
        public static let top = Set(rawValue: 1)
        /// The bottom edge.
        public static let bottom = Set(rawValue: 2)
        /// Both edges.
        public static let all: Set = [.top, .bottom]
    }
}

extension ForEach {
    /// Accepted for source compatibility: the preview does not edit lists (SwiftUI's
    /// `DynamicViewContent.onDelete`).
    public func onDelete(perform action: ((IndexSet) -> Void)?) -> ForEach { self }
    /// Accepted for source compatibility: the preview does not reorder lists (SwiftUI's
    /// `DynamicViewContent.onMove`).
    public func onMove(perform action: ((IndexSet, Int) -> Void)?) -> ForEach { self }
}

/// The prominence of a section header, as SwiftUI's `Prominence` (accepted for source compatibility).
public enum Prominence: Hashable, Sendable {
    /// The standard prominence.
    case standard
    /// An increased prominence.
    case increased
}
