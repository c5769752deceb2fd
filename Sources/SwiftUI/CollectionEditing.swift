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
