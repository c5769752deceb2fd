import Foundation

/// A type whose implicit-member arguments (`.leading`, `.bold`) a preview build may read from
/// the design-time table: the agent makes the member the window sends by its name, without the
/// compiler.
///
/// Only types whose static members are plain constants conform: a member with arguments
/// (`.system(size: 20)`) is not named here, so a change to it is not applied and the preview
/// compiles again, as for any edit the fast path cannot take.
public protocol _DesignTimeMemberResolvable {
    /// The static member named `name` (as written after the dot), or nil when it is not a
    /// plain constant of this type.
    static func _designTimeMember(named name: String) -> Self?
}

/// An implicit-member argument of a preview build: `value`, or the member the window sent for
/// `key`, made by name when the argument's type can (`_DesignTimeMemberResolvable`).
///
/// Generic over the argument's type, so `.leading` still means `HorizontalAlignment.leading`
/// in a `VStack` and `Alignment.leading` in a `frame` wherever the compiler inferred one. One
/// unconstrained function rather than a constrained one and a fallback: the compiler infers
/// it as it infers the bare member, without weighing overloads (a pair cost a quarter more type
/// checking of a screen full of members). Whether the type makes members is asked at run time,
/// and only when the window sent a name; for a type that cannot (`.infinity`, a person's own
/// enum, a button style) the name is reported as not applied and the preview compiles again.
public func __designTimeMember<T>(_ key: String, _ value: T) -> T {
    DesignTimeValues.read(key, value) { name in
        guard let type = T.self as? any _DesignTimeMemberResolvable.Type else { return nil }
        return type._designTimeMember(named: name) as? T
    }
}

/// An enumeration without payloads makes its cases by name.
extension _DesignTimeMemberResolvable where Self: CaseIterable {
    public static func _designTimeMember(named name: String) -> Self? {
        allCases.first { String(describing: $0) == name }
    }
}

/// `.font(.title)` and `.fontWeight(.bold)` take optionals: the wrapped type's members.
extension Optional: _DesignTimeMemberResolvable where Wrapped: _DesignTimeMemberResolvable {
    public static func _designTimeMember(named name: String) -> Wrapped?? {
        Wrapped._designTimeMember(named: name).map { .some($0) }
    }
}

extension HorizontalAlignment: _DesignTimeMemberResolvable {
    public static func _designTimeMember(named name: String) -> HorizontalAlignment? {
        switch name {
        case "leading": .leading
        case "center": .center
        case "trailing": .trailing
        default: nil
        }
    }
}

extension VerticalAlignment: _DesignTimeMemberResolvable {
    public static func _designTimeMember(named name: String) -> VerticalAlignment? {
        switch name {
        case "top": .top
        case "center": .center
        case "bottom": .bottom
        case "firstTextBaseline": .firstTextBaseline
        case "lastTextBaseline": .lastTextBaseline
        default: nil
        }
    }
}

extension Alignment: _DesignTimeMemberResolvable {
    public static func _designTimeMember(named name: String) -> Alignment? {
        switch name {
        case "center": .center
        case "leading": .leading
        case "trailing": .trailing
        case "top": .top
        case "bottom": .bottom
        case "topLeading": .topLeading
        case "topTrailing": .topTrailing
        case "bottomLeading": .bottomLeading
        case "bottomTrailing": .bottomTrailing
        case "centerFirstTextBaseline": .centerFirstTextBaseline
        case "centerLastTextBaseline": .centerLastTextBaseline
        case "leadingFirstTextBaseline": .leadingFirstTextBaseline
        case "leadingLastTextBaseline": .leadingLastTextBaseline
        case "trailingFirstTextBaseline": .trailingFirstTextBaseline
        case "trailingLastTextBaseline": .trailingLastTextBaseline
        default: nil
        }
    }
}

extension Font.Weight: _DesignTimeMemberResolvable {
    public static func _designTimeMember(named name: String) -> Font.Weight? {
        switch name {
        case "ultraLight": .ultraLight
        case "thin": .thin
        case "light": .light
        case "regular": .regular
        case "medium": .medium
        case "semibold": .semibold
        case "bold": .bold
        case "heavy": .heavy
        case "black": .black
        default: nil
        }
    }
}

extension TextAlignment: _DesignTimeMemberResolvable {
    public static func _designTimeMember(named name: String) -> TextAlignment? {
        switch name {
        case "leading": .leading
        case "center": .center
        case "trailing": .trailing
        default: nil
        }
    }
}

extension Font: _DesignTimeMemberResolvable {
    public static func _designTimeMember(named name: String) -> Font? {
        Font.TextStyle(rawValue: name).map { Font.system($0) }
    }
}

extension Font.Design: _DesignTimeMemberResolvable {
    public static func _designTimeMember(named name: String) -> Font.Design? {
        switch name {
        case "default": .default
        case "serif": .serif
        case "rounded": .rounded
        case "monospaced": .monospaced
        default: nil
        }
    }
}

extension Font.TextStyle: _DesignTimeMemberResolvable {}

extension Color: _DesignTimeMemberResolvable {
    /// The colours that are also `ShapeStyle` members of type `Color`. `.primary`,
    /// `.secondary` and `.accentColor` are left out: in a shape-style argument
    /// (`foregroundStyle(.secondary)`) the compiler makes a `HierarchicalShapeStyle` of them, so
    /// only a compile can tell which one a new name means.
    public static func _designTimeMember(named name: String) -> Color? {
        switch name {
        case "red": .red
        case "orange": .orange
        case "yellow": .yellow
        case "green": .green
        case "mint": .mint
        case "teal": .teal
        case "cyan": .cyan
        case "blue": .blue
        case "indigo": .indigo
        case "purple": .purple
        case "pink": .pink
        case "brown": .brown
        case "gray": .gray
        case "white": .white
        case "black": .black
        case "clear": .clear
        default: nil
        }
    }
}

extension TextCase: _DesignTimeMemberResolvable {
    public static func _designTimeMember(named name: String) -> TextCase? {
        switch name {
        case "uppercase": .uppercase
        case "lowercase": .lowercase
        default: nil
        }
    }
}

extension TextTruncationMode: _DesignTimeMemberResolvable {
    public static func _designTimeMember(named name: String) -> TextTruncationMode? {
        switch name {
        case "head": .head
        case "middle": .middle
        case "tail": .tail
        default: nil
        }
    }
}

extension Edge.Set: _DesignTimeMemberResolvable {
    public static func _designTimeMember(named name: String) -> Edge.Set? {
        switch name {
        case "top": .top
        case "leading": .leading
        case "bottom": .bottom
        case "trailing": .trailing
        case "all": .all
        case "horizontal": .horizontal
        case "vertical": .vertical
        default: nil
        }
    }
}

extension Axis.Set: _DesignTimeMemberResolvable {
    public static func _designTimeMember(named name: String) -> Axis.Set? {
        switch name {
        case "horizontal": .horizontal
        case "vertical": .vertical
        default: nil
        }
    }
}

extension Edge: _DesignTimeMemberResolvable {}
extension HorizontalEdge: _DesignTimeMemberResolvable {}
extension VerticalEdge: _DesignTimeMemberResolvable {}
extension Axis: _DesignTimeMemberResolvable {}
extension ContentMode: _DesignTimeMemberResolvable {}
extension Visibility: _DesignTimeMemberResolvable {}
extension ControlSize: _DesignTimeMemberResolvable {}
extension ColorScheme: _DesignTimeMemberResolvable {}
extension DynamicTypeSize: _DesignTimeMemberResolvable {}
extension LayoutDirection: _DesignTimeMemberResolvable {}
