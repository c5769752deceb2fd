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
/// `key`, made by name through the type's `_designTimeMember(named:)`.
///
/// Generic over the argument's type, so `.leading` still means `HorizontalAlignment.leading`
/// in a `VStack` and `Alignment.leading` in a `frame` wherever the compiler inferred one.
public func __designTimeMember<T: _DesignTimeMemberResolvable>(_ key: String, _ value: T) -> T {
    DesignTimeValues.read(key, value) { T._designTimeMember(named: $0) }
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
