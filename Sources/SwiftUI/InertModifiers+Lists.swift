import Foundation
import LayoutCore

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

extension ListStyleKind {
    /// The kind a `ListStyle` lays out as (nil: the platform's, inset grouped); the sidebar
    /// style is laid out inset grouped and the bordered style inset, as on iOS.
    init?(named name: String) {
        switch name {
        case "plain": self = .plain
        case "grouped": self = .grouped
        case "insetGrouped", "sidebar": self = .insetGrouped
        case "inset", "bordered": self = .inset
        default: return nil
        }
    }
}

extension LabelStyleKind {
    /// The kind a `LabelStyle` lays out as (custom styles: the automatic one).
    init(named name: String) {
        switch name {
        case "titleAndIcon": self = .titleAndIcon
        case "titleOnly": self = .titleOnly
        case "iconOnly": self = .iconOnly
        default: self = .automatic
        }
    }
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
    public func listStyle<S: ListStyle>(_ style: S) -> some View {
        withEnvironment {
            $0.listStyleName = style._name
            $0.containers.listStyle = ListStyleKind(named: style._name)
        }
    }
    /// Sets the label style (recorded in the environment as `labelStyleName`).
    public func labelStyle<S: LabelStyle>(_ style: S) -> some View {
        withEnvironment {
            $0.labelStyleName = style._name
            $0.containers.labelStyle = LabelStyleKind(named: style._name)
        }
    }
}

// Row, section and scroll modifiers (listRowInsets, listRowSeparator, scrollIndicators, …), onDelete/onMove
// and VerticalEdge.Set: Containers/List.swift and Containers/ContainerEnvironment.swift.
