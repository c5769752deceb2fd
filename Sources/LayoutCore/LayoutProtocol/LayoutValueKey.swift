import Foundation

/// A key for accessing a layout value of a layout container's subviews, as in SwiftUI.
///
/// Set a value with `View.layoutValue(key:value:)` and read it in a layout with
/// `subview[Key.self]`; a subview without a value reads `defaultValue`. Values are view traits:
/// they stay visible through modifiers applied after them (`.layoutValue(…).padding()`).
public protocol LayoutValueKey {
    associatedtype Value
    /// The value a subview reads when none is set.
    static var defaultValue: Value { get }
}

/// Properties of a layout container, as in SwiftUI.
public struct LayoutProperties: Sendable {
    /// The orientation of the container, if it is one-dimensional: it decides which way Spacers
    /// expand and Dividers draw inside it (nil: Spacers expand both ways, Dividers are horizontal).
    public var stackOrientation: Axis?
    /// Creates properties with no stack orientation, SwiftUI's default.
    public init() { stackOrientation = nil }
    init(stackOrientation: Axis?) { self.stackOrientation = stackOrientation }
}
