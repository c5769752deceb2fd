import Foundation
import LayoutCore

// The collection helpers SwiftUI adds for `onDelete` and `onMove` handlers
// (`items.remove(atOffsets:)`, `items.move(fromOffsets:toOffset:)`), so list code compiles and
// behaves the same way.

extension RangeReplaceableCollection where Self: MutableCollection {
    /// Removes the elements at `offsets`, as SwiftUI's `remove(atOffsets:)`.
    ///
    /// Offsets outside the collection are ignored (SwiftUI traps; a defined outcome here).
    public mutating func remove(atOffsets offsets: IndexSet) {
        var kept: [Element] = []
        kept.reserveCapacity(count)
        for (offset, element) in enumerated() where !offsets.contains(offset) { kept.append(element) }
        self = Self(kept)
    }
}

extension MutableCollection where Self: RangeReplaceableCollection {
    /// Moves the elements at `source` so that they come before the element that was at
    /// `destination`, keeping their order, as SwiftUI's `move(fromOffsets:toOffset:)`.
    ///
    /// Offsets outside the collection are ignored and `destination` is clamped to the end.
    public mutating func move(fromOffsets source: IndexSet, toOffset destination: Int) {
        let all = Array(self)
        let moving = source.filter { $0 >= 0 && $0 < all.count }.map { all[$0] }
        let clamped = Swift.max(0, Swift.min(destination, all.count))
        var before: [Element] = [], after: [Element] = []
        for (offset, element) in all.enumerated() where !source.contains(offset) {
            if offset < clamped { before.append(element) } else { after.append(element) }
        }
        self = Self(before + moving + after)
    }
}

/// The edits a list allows on its rows, as SwiftUI's `EditActions` (iOS 16).
///
/// Accepted with the list's content: rows are laid out and drawn as without them; swiping to
/// delete and dragging to move are not performed in a preview.
public struct EditActions<Data>: OptionSet, Sendable {
    public let rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }
    /// Rows can be moved.
    public static var move: EditActions { EditActions(rawValue: 1) }
    /// Rows can be deleted.
    public static var delete: EditActions { EditActions(rawValue: 2) }
    /// Every edit the collection allows.
    public static var all: EditActions { EditActions(rawValue: 3) }
}

extension ForEach {
    /// Creates a row for each element of the bound collection, each given a binding to its element,
    /// allowing `editActions` (iOS 16).
    public init<C: MutableCollection & RandomAccessCollection>(
        _ data: Binding<C>, editActions: EditActions<C>,
        @ViewBuilder content: @escaping (Binding<C.Element>) -> Content
    ) where Data == Binding<C>, ID == C.Element.ID, C.Element: Identifiable, C.Index == Int {
        self.init(data, content: content)
    }
}

extension List {
    /// Creates a list of the bound collection's elements, each row given a binding to its
    /// element, allowing `editActions` (iOS 16).
    public init<C: MutableCollection & RandomAccessCollection, RowContent: View>(
        _ data: Binding<C>, editActions: EditActions<C>,
        @ViewBuilder rowContent: @escaping (Binding<C.Element>) -> RowContent
    ) where SelectionValue == Never, Content == ForEach<Binding<C>, C.Element.ID, RowContent>, C.Element: Identifiable, C.Index == Int {
        self.content = ForEach(data, content: rowContent)
    }
    /// Creates a list of the bound collection's elements with a selection (not drawn), allowing
    /// `editActions` (iOS 16).
    public init<C: MutableCollection & RandomAccessCollection, RowContent: View>(
        _ data: Binding<C>, editActions: EditActions<C>, selection: Binding<SelectionValue?>?,
        @ViewBuilder rowContent: @escaping (Binding<C.Element>) -> RowContent
    ) where Content == ForEach<Binding<C>, C.Element.ID, RowContent>, C.Element: Identifiable, C.Index == Int {
        self.content = ForEach(data, content: rowContent)
    }
    /// Creates a list of the bound collection's elements with a multiple selection (not drawn),
    /// allowing `editActions` (iOS 16).
    public init<C: MutableCollection & RandomAccessCollection, RowContent: View>(
        _ data: Binding<C>, editActions: EditActions<C>, selection: Binding<Set<SelectionValue>>?,
        @ViewBuilder rowContent: @escaping (Binding<C.Element>) -> RowContent
    ) where Content == ForEach<Binding<C>, C.Element.ID, RowContent>, C.Element: Identifiable, C.Index == Int {
        self.content = ForEach(data, content: rowContent)
    }
}
