import Foundation

// List, label and scroll modifiers accepted without effect here (the list containers are laid
// out elsewhere; if they read a style, they read it from these environment values).

/// A list style, as SwiftUI's `ListStyle` (recorded in the environment: `listStyleName`).
public protocol ListStyle { var _name: String { get } }
/// The platform's list style.
public struct DefaultListStyle: ListStyle {
    /// Creates the style.
    public init() {}
    /// The style's name (engine-internal).
    public var _name: String { "automatic" }
}
/// The plain list style.
public struct PlainListStyle: ListStyle {
    /// Creates the style.
    public init() {}
    /// The style's name (engine-internal).
    public var _name: String { "plain" }
}
/// The grouped list style.
public struct GroupedListStyle: ListStyle {
    /// Creates the style.
    public init() {}
    /// The style's name (engine-internal).
    public var _name: String { "grouped" }
}
/// The inset grouped list style.
public struct InsetGroupedListStyle: ListStyle {
    /// Creates the style.
    public init() {}
    /// The style's name (engine-internal).
    public var _name: String { "insetGrouped" }
}
/// The inset list style.
public struct InsetListStyle: ListStyle {
    /// Creates the style.
    public init() {}
    /// The style's name (engine-internal).
    public var _name: String { "inset" }
}
/// The sidebar list style.
public struct SidebarListStyle: ListStyle {
    /// Creates the style.
    public init() {}
    /// The style's name (engine-internal).
    public var _name: String { "sidebar" }
}
extension ListStyle where Self == DefaultListStyle {
    /// The platform's style.
    public static var automatic: DefaultListStyle { DefaultListStyle() }
}
extension ListStyle where Self == PlainListStyle {
    /// Plain.
    public static var plain: PlainListStyle { PlainListStyle() }
}
extension ListStyle where Self == GroupedListStyle {
    /// Grouped.
    public static var grouped: GroupedListStyle { GroupedListStyle() }
}
extension ListStyle where Self == InsetGroupedListStyle {
    /// Inset grouped.
    public static var insetGrouped: InsetGroupedListStyle { InsetGroupedListStyle() }
}
extension ListStyle where Self == InsetListStyle {
    /// Inset.
    public static var inset: InsetListStyle { InsetListStyle() }
}
extension ListStyle where Self == SidebarListStyle {
    /// Sidebar.
    public static var sidebar: SidebarListStyle { SidebarListStyle() }
}

/// A label style, as SwiftUI's `LabelStyle` (recorded in the environment: `labelStyleName`).
public protocol LabelStyle { var _name: String { get } }
/// The platform's label style.
public struct DefaultLabelStyle: LabelStyle {
    /// Creates the style.
    public init() {}
    /// The style's name (engine-internal).
    public var _name: String { "automatic" }
}
/// Only the icon.
public struct IconOnlyLabelStyle: LabelStyle {
    /// Creates the style.
    public init() {}
    /// The style's name (engine-internal).
    public var _name: String { "iconOnly" }
}
/// Only the title.
public struct TitleOnlyLabelStyle: LabelStyle {
    /// Creates the style.
    public init() {}
    /// The style's name (engine-internal).
    public var _name: String { "titleOnly" }
}
/// The title and the icon.
public struct TitleAndIconLabelStyle: LabelStyle {
    /// Creates the style.
    public init() {}
    /// The style's name (engine-internal).
    public var _name: String { "titleAndIcon" }
}
extension LabelStyle where Self == DefaultLabelStyle {
    /// The platform's style.
    public static var automatic: DefaultLabelStyle { DefaultLabelStyle() }
}
extension LabelStyle where Self == IconOnlyLabelStyle {
    /// Only the icon.
    public static var iconOnly: IconOnlyLabelStyle { IconOnlyLabelStyle() }
}
extension LabelStyle where Self == TitleOnlyLabelStyle {
    /// Only the title.
    public static var titleOnly: TitleOnlyLabelStyle { TitleOnlyLabelStyle() }
}
extension LabelStyle where Self == TitleAndIconLabelStyle {
    /// The title and the icon.
    public static var titleAndIcon: TitleAndIconLabelStyle { TitleAndIconLabelStyle() }
}

private enum ListStyleNameKey: EnvironmentKey { static var defaultValue: String { "automatic" } }
private enum LabelStyleNameKey: EnvironmentKey { static var defaultValue: String { "automatic" } }

extension EnvironmentValues {
    /// The list style set by `listStyle` ("automatic", "plain", "grouped", "insetGrouped", "inset", "sidebar").
    public var listStyleName: String {
        get { self[ListStyleNameKey.self] }
        set { self[ListStyleNameKey.self] = newValue }
    }
    /// The label style set by `labelStyle` ("automatic", "iconOnly", "titleOnly", "titleAndIcon").
    public var labelStyleName: String {
        get { self[LabelStyleNameKey.self] }
        set { self[LabelStyleNameKey.self] = newValue }
    }
}

extension View {
    /// Sets the list style (recorded in the environment as `listStyleName`).
    public func listStyle<S: ListStyle>(_ style: S) -> some View { withEnvironment { $0.listStyleName = style._name } }
    /// Sets the label style (recorded in the environment as `labelStyleName`).
    public func labelStyle<S: LabelStyle>(_ style: S) -> some View { withEnvironment { $0.labelStyleName = style._name } }
    /// A list row's background (accepted without effect).
    public func listRowBackground<V: View>(_ view: V?) -> some View { self }
    /// A list row's insets (accepted without effect).
    public func listRowInsets(_ insets: EdgeInsets?) -> some View { self }
    /// A list row's separator visibility (accepted without effect).
    public func listRowSeparator(_ visibility: Visibility, edges: VerticalEdge.Set = .all) -> some View { self }
    /// A list row's separator tint (accepted without effect).
    public func listRowSeparatorTint(_ color: Color?, edges: VerticalEdge.Set = .all) -> some View { self }
    /// A section's separator visibility (accepted without effect).
    public func listSectionSeparator(_ visibility: Visibility, edges: VerticalEdge.Set = .all) -> some View { self }
    /// The spacing between list sections (accepted without effect).
    public func listSectionSpacing(_ spacing: CGFloat) -> some View { self }
    /// The scroll view's background visibility (accepted without effect).
    public func scrollContentBackground(_ visibility: Visibility) -> some View { self }
    /// The scroll indicators' visibility (accepted without effect).
    public func scrollIndicators(_ visibility: ScrollIndicatorVisibility, axes: Axis.Set = [.vertical, .horizontal]) -> some View { self }
    /// Whether scrolling is off (accepted without effect).
    public func scrollDisabled(_ disabled: Bool) -> some View { self }
    /// Deletes rows (accepted without effect).
    public func onDelete(perform action: ((IndexSet) -> Void)?) -> some View { self }
    /// Moves rows (accepted without effect).
    public func onMove(perform action: ((IndexSet, Int) -> Void)?) -> some View { self }
}

extension VerticalEdge {
    /// A set of vertical edges.
    public struct Set: OptionSet, Sendable {
        /// The raw bits.
        public let rawValue: Int8
        /// Creates a set.
        public init(rawValue: Int8) { self.rawValue = rawValue }
        /// The top edge.
        public static let top = Set(rawValue: 1)
        /// The bottom edge.
        public static let bottom = Set(rawValue: 2)
        /// Both edges.
        public static let all: Set = [.top, .bottom]
    }
}

/// The visibility of scroll indicators, as SwiftUI's `ScrollIndicatorVisibility`.
public struct ScrollIndicatorVisibility: Sendable {
    /// The platform's choice.
    public static let automatic = ScrollIndicatorVisibility()
    /// Visible.
    public static let visible = ScrollIndicatorVisibility()
    /// Hidden.
    public static let hidden = ScrollIndicatorVisibility()
    /// Never shown.
    public static let never = ScrollIndicatorVisibility()
}
