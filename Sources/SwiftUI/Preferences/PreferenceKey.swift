import Foundation
import LayoutCore

/// A named value produced by a view, as SwiftUI's `PreferenceKey`.
///
/// SwiftUI's rule (Apple's documentation of `PreferenceKey`): "A view with multiple children
/// automatically combines its values for a given preference into a single value visible to its
/// ancestors", with `reduce(value:nextValue:)` in view order; views that set no value produce
/// `defaultValue`. Here the values are read after layout (see `Rules/PreferenceRules.md` in the
/// engine's catalog): a subtree's value is that of its first child with a value, with each later
/// child's value reduced into it; a subtree where no view sets the key has none, and a reader then
/// sees `defaultValue` (Apple: "Combining child views may remove an implicit value produced by
/// using the default").
public protocol PreferenceKey {
    /// The type of value produced by this preference.
    associatedtype Value
    /// The value of the preference where no view sets one.
    static var defaultValue: Value { get }
    /// Combines the values of a sequence of views: `value` holds those before, `nextValue`
    /// gives the next one's.
    static func reduce(value: inout Value, nextValue: () -> Value)
}

/// What a view's preference modifiers are, in the order they were applied (innermost first),
/// attached to the view's layout node: the core lists such views and lets the one that reads a
/// value (`overlayPreferenceValue`) rebuild its content after a pass.
final class PreferenceAttachment: PostLayoutAttachment {
    enum Item {
        case write(any PreferenceWriting)
        case observe(any PreferenceObserving)
    }
    /// Writers and observers, innermost modifier first.
    var items: [Item] = []
    /// Set on the view that holds an `overlayPreferenceValue` / `backgroundPreferenceValue`
    /// content: it is built from the value of its layered sibling (the modified view).
    var reader: (any PreferenceReading)?

    var rebuildsContent: Bool { reader != nil }

    func contentAfterPass(of node: LayoutNode, frames: [CGRect], firstCheck: Bool) -> [LayoutNode]? {
        reader?.content(for: node, frames: frames, firstCheck: firstCheck)
    }

    /// The attachment of `node`, made when first needed.
    static func of(_ node: LayoutNode) -> PreferenceAttachment {
        if let existing = node.postLayoutAttachment as? PreferenceAttachment { return existing }
        let made = PreferenceAttachment()
        node.postLayoutAttachment = made
        return made
    }
}

/// One `preference`, `transformPreference`, `anchorPreference` or `transformAnchorPreference`.
protocol PreferenceWriting: AnyObject {
    /// Applies the write to the value of `key` below it (nil: none) for a view laid out at
    /// `frame` (root coordinates); returns the value above it. Other keys pass through.
    func apply<K: PreferenceKey>(_ key: K.Type, to value: K.Value?, frame: CGRect) -> K.Value?
}

final class PreferenceWriter<Key: PreferenceKey>: PreferenceWriting {
    enum Operation {
        /// `preference(key:value:)`: replaces what the views inside set.
        case set(Key.Value)
        /// `transformPreference`: changes the value from inside (the default when none).
        case transform((inout Key.Value) -> Void)
        /// `anchorPreference`: replaces it with a value made from the view's frame.
        case setFromFrame((CGRect) -> Key.Value)
        /// `transformAnchorPreference`: changes it with the view's frame.
        case transformWithFrame((inout Key.Value, CGRect) -> Void)
    }
    let operation: Operation
    init(_ operation: Operation) { self.operation = operation }

    func apply<K: PreferenceKey>(_ key: K.Type, to value: K.Value?, frame: CGRect) -> K.Value? {
        guard K.self == Key.self else { return value }
        // K is Key: the casts below are identity casts.
        let inside = value.map { $0 as! Key.Value }
        let result: Key.Value
        switch operation {
        case .set(let v): result = v
        case .setFromFrame(let make): result = make(frame)
        case .transform(let change):
            var v = inside ?? Key.defaultValue
            change(&v)
            result = v
        case .transformWithFrame(let change):
            var v = inside ?? Key.defaultValue
            change(&v, frame)
            result = v
        }
        return (result as! K.Value)
    }
}

/// The value of `key` that `node`'s subtree produces after a pass (nil: no view in it sets the
/// key), counting only the first `itemLimit` of `node`'s own modifiers (an observer sees the
/// modifiers inside it, not those applied around it).
func preferenceValue<K: PreferenceKey>(_ key: K.Type, of node: LayoutNode, frames: [CGRect], itemLimit: Int = .max) -> K.Value? {
    var value: K.Value? = nil
    node.forEachChild { child in
        guard let next = preferenceValue(key, of: child, frames: frames) else { return }
        if value == nil {
            value = next
        } else {
            K.reduce(value: &value!) { next }
        }
    }
    guard let attachment = node.postLayoutAttachment as? PreferenceAttachment else { return value }
    let index = node.resultIndex
    let frame = index >= 0 && index < frames.count ? frames[index] : .zero
    for (position, item) in attachment.items.enumerated() where position < itemLimit {
        if case .write(let writer) = item { value = writer.apply(key, to: value, frame: frame) }
    }
    return value
}

/// Whether two values are equal, when their type is `Equatable` (nil: it is not).
func preferenceValuesEqual<T>(_ a: T, _ b: T) -> Bool? {
    guard let a = a as? any Equatable else { return nil }
    return a.isEqual(toAny: b)
}

extension Equatable {
    fileprivate func isEqual(toAny other: Any) -> Bool { (other as? Self) == self }
}
