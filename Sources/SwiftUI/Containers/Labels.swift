import Foundation
import LayoutCore

/// How labels show their parts.
enum LabelStyleKind: Hashable, Sendable {
    case automatic, titleAndIcon, titleOnly, iconOnly
    /// A tab bar item's: the symbol (`TabBarMetrics.iconSide`) above the title.
    case tabItem
    /// A menu row's: the title, then the symbol at the trailing edge.
    case menuItem
}

// Label styles (`.labelStyle(.iconOnly)`, `IconOnlyLabelStyle()`) are the `LabelStyle` types of
// InertModifiers+Lists.swift, which set `containers.labelStyle`.

/// The metrics of the decorated containers (iOS 17), with their sources.
///
/// - `labelSpacing` 8: the icon–title gap of `Label`'s default style (the platform's default
///   spacing, `ViewSpacing.defaultDistance`; a choice: SwiftUI's label style is not documented).
/// - `groupBoxPadding` 16, `groupBoxCornerRadius` 8, `groupBoxSpacing` 8: iOS's GroupBox (the
///   default padding and spacing of SwiftUI, and the radius of iOS's secondary-background boxes;
///   a choice, as SwiftUI does not document them).
/// - `controlGroupPadding` 12×7, `controlGroupCornerRadius` 8: the bordered button's metrics
///   (`Button`), which iOS's control groups share.
/// - `disclosureIndent` 20: the indentation of a disclosure group's content (the list row inset).
enum DecoratedMetrics {
    static let labelSpacing: CGFloat = ViewSpacing.defaultDistance
    static let groupBoxPadding: CGFloat = 16
    static let groupBoxCornerRadius: CGFloat = 8
    static let groupBoxSpacing: CGFloat = 8
    static let controlGroupPadding = EdgeInsets(top: 7, leading: 12, bottom: 7, trailing: 12)
    static let controlGroupCornerRadius: CGFloat = 8
    static let disclosureIndent: CGFloat = 20
    /// UIKit's secondarySystemBackground (242, 242, 247; dark 28, 28, 30), as the grouped card colours.
    static let boxBackground = Color(storage: .system(.secondaryBackground))
}

/// A title with an icon, as SwiftUI's `Label`.
///
/// Layout: the default (title and icon) style is `HStack(spacing: 8) { icon; title }`, centred
/// vertically; `.titleOnly` and `.iconOnly` show one part. `Image(systemName:)` icons are squares
/// of the font's size (see `Image`).
public struct Label<Title: View, Icon: View>: PrimitiveView {
    let title: Title
    let icon: Icon
    /// Creates a label from a title and an icon view.
    public init(@ViewBuilder title: () -> Title, @ViewBuilder icon: () -> Icon) {
        self.title = title(); self.icon = icon()
    }
    /// Builds the parts the environment's label style shows (engine-internal).
    public static func _makeView(_ view: Self, inputs: _ViewInputs, outputs: inout _ViewOutputs) {
        switch inputs.environment.containers.labelStyle {
        case .titleOnly: buildView(view.title, inputs, &outputs)
        case .iconOnly: buildView(view.icon, inputs, &outputs)
        case .tabItem:
            buildView(VStack(spacing: TabBarMetrics.itemSpacing) {
                // iOS draws tab bar symbols in their .fill variant.
                view.icon.font(.system(size: TabBarMetrics.iconSide)).symbolVariant(.fill)
                view.title
            }, inputs, &outputs)
        case .menuItem:
            buildView(HStack { view.title; Spacer(minLength: 8); view.icon }, inputs, &outputs)
        case .automatic, .titleAndIcon:
            buildView(LayoutContainer(layout: HStackLayout(spacing: DecoratedMetrics.labelSpacing), kindName: "Label",
                                      content: TupleView2(first: view.icon, second: view.title, third: EmptyView())), inputs, &outputs)
        }
    }
}

extension Label where Title == Text, Icon == Image {
    /// Creates a label with a `Text` title and a system symbol icon.
    public init<S: StringProtocol>(_ title: S, systemImage name: String) {
        self.init(title: { Text(title) }, icon: { Image(systemName: name) })
    }
    /// Creates a label with a `Text` title and a named image icon.
    public init<S: StringProtocol>(_ title: S, image name: String) {
        self.init(title: { Text(title) }, icon: { Image(name) })
    }
}

extension View {
}

/// A label and a value side by side, as SwiftUI's `LabeledContent` (iOS 16).
///
/// Layout (iOS's form row): `HStack { label; Spacer(); content }`, the content in the
/// secondary style — the label at the leading edge and the value at the trailing edge of the
/// space it is offered.
public struct LabeledContent<Label: View, Content: View>: View {
    let label: Label
    let content: Content
    /// Creates labeled content from a content and a label view.
    public init(@ViewBuilder content: () -> Content, @ViewBuilder label: () -> Label) {
        self.content = content(); self.label = label()
    }
    /// The label, a spacer and the content in an HStack.
    public var body: some View {
        HStack {
            label
            Spacer()
            content.foregroundStyle(HierarchicalShapeStyle.secondary)
        }
    }
}

extension LabeledContent where Label == Text {
    /// Creates labeled content with a `Text` label.
    public init<S: StringProtocol>(_ title: S, @ViewBuilder content: () -> Content) {
        self.init(content: content, label: { Text(title) })
    }
}

extension LabeledContent where Label == Text, Content == Text {
    /// Creates a label and a value, both text.
    public init<S: StringProtocol, V: StringProtocol>(_ title: S, value: V) {
        self.init(content: { Text(value) }, label: { Text(title) })
    }
}

/// A box around content with an optional label, as SwiftUI's `GroupBox`.
///
/// Layout: `VStack(alignment: .leading, spacing: 8) { label (headline); content }`, padded by
/// 16 on a rounded (8) light gray background (`DecoratedMetrics`).
public struct GroupBox<Label: View, Content: View>: View {
    let label: Label
    let content: Content
    /// Creates a box with a label.
    public init(@ViewBuilder content: () -> Content, @ViewBuilder label: () -> Label) {
        self.content = content(); self.label = label()
    }
    /// The label and content, padded on a rounded background.
    public var body: some View {
        VStack(alignment: .leading, spacing: DecoratedMetrics.groupBoxSpacing) {
            label.font(.headline)
            content
        }
        .padding(DecoratedMetrics.groupBoxPadding)
        .background(RoundedRectangle(cornerRadius: DecoratedMetrics.groupBoxCornerRadius).fill(DecoratedMetrics.boxBackground))
    }
}

extension GroupBox {
    /// Creates a box with a label view (the older spelling).
    public init(label: Label, @ViewBuilder content: () -> Content) { self.init(content: content, label: { label }) }
}

extension GroupBox where Label == EmptyView {
    /// Creates a box without a label.
    public init(@ViewBuilder content: () -> Content) { self.init(content: content, label: { EmptyView() }) }
}

extension GroupBox where Label == Text {
    /// Creates a box with a `Text` label.
    public init<S: StringProtocol>(_ title: S, @ViewBuilder content: () -> Content) {
        self.init(content: content, label: { Text(title) })
    }
}

/// A view that shows or hides content behind a label, as SwiftUI's `DisclosureGroup`.
///
/// Layout: collapsed (the default), `HStack { label; Spacer(); chevron }`; expanded, that row
/// above the content, the content indented by 20 (`DecoratedMetrics`). The chevron is a
/// system-symbol placeholder (a square of the font's size).
public struct DisclosureGroup<Label: View, Content: View>: View {
    let label: Label
    let content: Content
    let isExpanded: Bool
    /// The expansion a tap on the label row toggles in a live preview (nil: the group's own).
    var expansion: Binding<Bool>? = nil
    /// The group's own expansion, when no binding is given.
    @State private var ownExpansion = false
    /// Creates a collapsed disclosure group.
    public init(@ViewBuilder content: () -> Content, @ViewBuilder label: () -> Label) {
        self.content = content(); self.label = label(); isExpanded = false
    }
    /// Creates a disclosure group expanded as `isExpanded` says (read once).
    public init(isExpanded: Binding<Bool>, @ViewBuilder content: () -> Content, @ViewBuilder label: () -> Label) {
        self.content = content(); self.label = label(); self.isExpanded = isExpanded.wrappedValue; expansion = isExpanded
    }
    /// The label row, and the content when expanded.
    public var body: some View {
        let expanded = expansion?.wrappedValue ?? (isExpanded || ownExpansion)
        let toggle = expansion ?? $ownExpansion
        return VStack(alignment: .leading) {
            HStack {
                label
                Spacer()
                Image(systemName: expanded ? "chevron.down" : "chevron.right")
            }
            .interactive(.tap(count: 1, action: { withAnimation { toggle.wrappedValue.toggle() } }))
            if expanded {
                VStack(alignment: .leading) { content }.padding(.leading, DecoratedMetrics.disclosureIndent)
            }
        }
    }
}

extension DisclosureGroup where Label == Text {
    /// Creates a collapsed disclosure group with a `Text` label.
    public init<S: StringProtocol>(_ title: S, @ViewBuilder content: () -> Content) {
        self.init(content: content, label: { Text(title) })
    }
    /// Creates a disclosure group with a `Text` label, expanded as `isExpanded` says.
    public init<S: StringProtocol>(_ title: S, isExpanded: Binding<Bool>, @ViewBuilder content: () -> Content) {
        self.init(isExpanded: isExpanded, content: content, label: { Text(title) })
    }
}

/// Controls grouped side by side, as SwiftUI's `ControlGroup` (iOS 15).
///
/// Layout: `HStack(spacing: 0)` of the controls, each padded 12×7 (the bordered button's
/// metrics), on one rounded (8) gray background.
public struct ControlGroup<Content: View>: View {
    let content: Content
    /// Creates a group of the controls in `content`.
    public init(@ViewBuilder content: () -> Content) { self.content = content() }
    /// The controls side by side on a rounded background.
    public var body: some View {
        HStack(spacing: 0) { content.padding(DecoratedMetrics.controlGroupPadding) }
            .background(RoundedRectangle(cornerRadius: DecoratedMetrics.controlGroupCornerRadius).fill(Color.gray.opacity(0.18)))
    }
}

extension ControlGroup {
    /// Creates a group of controls with a label (not drawn: iOS shows the controls inline).
    public init<L: View>(@ViewBuilder content: () -> Content, @ViewBuilder label: () -> L) { self.init(content: content) }
}

/// Control group styles (accepted for source compatibility: every group is laid out inline).
public struct ControlGroupStyleConfiguration: Sendable {
    /// The platform default.
    public static let automatic = ControlGroupStyleConfiguration()
    /// Side by side.
    public static let navigation = ControlGroupStyleConfiguration()
    /// In a menu; laid out side by side.
    public static let menu = ControlGroupStyleConfiguration()
    /// Compact menu; laid out side by side.
    public static let compactMenu = ControlGroupStyleConfiguration()
    /// Side by side.
    public static let palette = ControlGroupStyleConfiguration()
}

extension View {
    /// Accepted for source compatibility: every control group is laid out side by side.
    public func controlGroupStyle(_ style: ControlGroupStyleConfiguration) -> some View { self }
    /// Accepted for source compatibility: every group box has the default style.
    public func groupBoxStyle(_ style: GroupBoxStyleConfiguration) -> some View { self }
}

/// Group box styles (accepted for source compatibility).
public struct GroupBoxStyleConfiguration: Sendable {
    /// The platform default.
    public static let automatic = GroupBoxStyleConfiguration()
}
