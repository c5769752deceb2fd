import Foundation
import Synchronization

// State kept across builds of a preview: when a save changes a preview's code, the window
// compiles it again and starts a new agent, and the new views start from the state the person
// had clicked into wherever the views are still the same views. Xcode resets a preview on every
// build; Flutter's hot reload keeps state, and so do we.
//
// What is kept: each `@State` (and `@AppStorage`/`@SceneStorage`) value whose type is `Codable`,
// by its view's identity (structural position, explicit `.id`, `ForEach` element id: the agent
// hashes deterministically, so the same code gives the same identities in every process) and
// its place among the view's stored properties; and the `@State` values a `#Preview` body
// declares (`@Previewable`), by the order they are made in. A value comes back only to a
// property of the same type at the same identity; everything else starts from its initial
// value, as a new view does. Values that are not `Codable` (a model object, a closure) start over.

/// A kept value: its type's name and its JSON.
struct KeptValue: Codable, Hashable, Sendable {
    var type: String
    var json: String
}

/// The state of a live preview, written out (`LivePreview.keptState()`).
struct KeptStateArchive: Codable, Sendable {
    /// A view's stored property: the storage key of its view (a decimal `UInt64`: JSON numbers
    /// are doubles) and its slot among the view's state properties.
    struct ViewValue: Codable, Sendable {
        var view: String
        var slot: Int
        var value: KeptValue
    }
    var views: [ViewValue] = []
    /// `@AppStorage` / `@SceneStorage` values, by key.
    var keyed: [String: KeptValue] = [:]
    /// The `#Preview` body's own state (`@Previewable`), in the order it is made.
    var root: [KeptValue?] = []
}

/// A box whose value can be written out and read back by a later build.
protocol KeptStateBox: AnyObject {
    /// The value as JSON, when its type is `Encodable`.
    func keptValue() -> KeptValue?
    /// Takes `kept` when it was written from a value of this box's type; false otherwise.
    func restore(_ kept: KeptValue) -> Bool
}

extension ValueBox: KeptStateBox {
    func keptValue() -> KeptValue? {
        guard let encodable = stored as? any Encodable,
              let data = try? JSONEncoder().encode(encodable) else { return nil }
        return KeptValue(type: String(reflecting: Value.self), json: String(decoding: data, as: UTF8.self))
    }

    func restore(_ kept: KeptValue) -> Bool {
        guard kept.type == String(reflecting: Value.self),
              let decodable = Value.self as? any Decodable.Type,
              let value = Self.decode(decodable, from: Data(kept.json.utf8)) as? Value else { return false }
        // Written directly: a restore happens before or inside a build and is not a change.
        stored = value
        return true
    }

    private static func decode<D: Decodable>(_ type: D.Type, from data: Data) -> Any? {
        try? JSONDecoder().decode(D.self, from: data)
    }
}

/// Collects the state boxes made while a preview's root view is made: the state a `#Preview`
/// body declares (`@Previewable`), which no view's storage keeps.
enum RootStateCollector {
    /// Collections in progress on any thread: box creation checks this one word first.
    private static let active = Atomic<Int>(0)
    private static let key = "LayoutLab.RootStateCollector"

    /// Runs `make`, returning what it made and the boxes made meanwhile on this thread, in order.
    static func collecting<T>(_ make: () -> T) -> (T, [any KeptStateBox]) {
        let list = BoxList()
        let dictionary = Thread.current.threadDictionary
        let outer = dictionary[key]
        dictionary[key] = list
        active.add(1, ordering: .relaxed)
        defer {
            active.subtract(1, ordering: .relaxed)
            dictionary[key] = outer
        }
        return (make(), list.boxes)
    }

    /// Notes a box just made (called by every `ValueBox` initialiser).
    @inline(__always) static func note(_ box: any KeptStateBox) {
        guard active.load(ordering: .relaxed) > 0 else { return }
        (Thread.current.threadDictionary[key] as? BoxList)?.boxes.append(box)
    }

    private final class BoxList {
        var boxes: [any KeptStateBox] = []
    }
}

extension ViewGraph {
    /// The views' state, written out (see the notes at the top of this file).
    func keptState(root: [any KeptStateBox]) -> KeptStateArchive {
        var archive = KeptStateArchive()
        for (view, kept) in storage {
            for (slot, box) in kept.slots.enumerated() {
                guard let value = (box as? any KeptStateBox)?.keptValue() else { continue }
                archive.views.append(.init(view: String(view), slot: slot, value: value))
            }
        }
        // Storage order is a dictionary's: sorted, so the same state writes the same archive.
        archive.views.sort { ($0.view, $0.slot) < ($1.view, $1.slot) }
        for (key, box) in keyedStorage {
            if let value = (box as? any KeptStateBox)?.keptValue() { archive.keyed[key] = value }
        }
        archive.root = root.map { $0.keptValue() }
        return archive
    }

    /// Makes the views that build next start from `archive`'s values where their identities and
    /// types match; returns how many values are waiting for their views.
    @discardableResult
    func restore(_ archive: KeptStateArchive) -> Int {
        var pending: [UInt64: [(slot: Int, value: KeptValue)]] = [:]
        for entry in archive.views {
            guard let view = UInt64(entry.view) else { continue }
            pending[view, default: []].append((entry.slot, entry.value))
        }
        var keyed = archive.keyed
        var count = 0
        // Views built already take their values now; the others when they are first built.
        for (key, values) in pending {
            guard let kept = storage[key] else { continue }
            for (slot, value) in values where slot < kept.slots.count {
                if (kept.slots[slot] as? any KeptStateBox)?.restore(value) == true { count += 1 }
            }
            pending[key] = nil
        }
        for (key, value) in keyed {
            guard let box = keyedStorage[key] as? any KeptStateBox else { continue }
            if box.restore(value) { count += 1 }
            keyed[key] = nil
        }
        restoredViewState = pending
        restoredKeyedState = keyed
        invalidateAllBodies(nil)
        return count + pending.values.reduce(0) { $0 + $1.count } + keyed.count
    }

    /// Gives a view's newly made storage the values kept for it (called from `link` while
    /// `restoredViewState` is not empty).
    func restoreKept(into storage: ViewStorage, key: UInt64) {
        guard let values = restoredViewState.removeValue(forKey: key) else { return }
        for (slot, value) in values where slot < storage.slots.count {
            _ = (storage.slots[slot] as? any KeptStateBox)?.restore(value)
        }
    }

    /// Gives a keyed box (`@AppStorage`) the value kept for its key.
    func restoreKept(into box: AnyObject, key: String) {
        guard let value = restoredKeyedState.removeValue(forKey: key) else { return }
        _ = (box as? any KeptStateBox)?.restore(value)
    }
}

extension LivePreview {
    /// The preview's state, written out: what a later build of the same code starts from
    /// (`restoreState(_:)`). JSON; see `KeptState.swift` for what is kept.
    public func keptState() -> Data {
        (try? JSONEncoder().encode(graph.keptState(root: rootStateBoxes))) ?? Data()
    }

    /// Starts from state an earlier build of this preview wrote (`keptState()`): each value
    /// goes back to the property of the same type at the same view identity, the `#Preview`
    /// body's own state by the order it is made in; the rest keep their initial values. Returns
    /// the number of values restored to the root now or waiting for their views (0 for an
    /// archive that does not parse).
    @discardableResult
    public func restoreState(_ data: Data) -> Int {
        guard let archive = try? JSONDecoder().decode(KeptStateArchive.self, from: data) else { return 0 }
        var restored = 0
        for (box, value) in zip(rootStateBoxes, archive.root) {
            if let value, box.restore(value) { restored += 1 }
        }
        return restored + graph.restore(archive)
    }
}
