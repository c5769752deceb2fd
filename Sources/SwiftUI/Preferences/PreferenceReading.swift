import Foundation
import LayoutCore

/// An `onPreferenceChange` on a view: what it last saw is kept by the host's updater, by the
/// view's identity, so that a build of the same view does not count as a change.
protocol PreferenceObserving: AnyObject {
    /// The key's name, for the report of a loop.
    var keyName: String { get }
    /// The value of the key at `node` (modifiers inside the observer only), and the action to run
    /// if it differs from `last`, what this observer saw before (nil: never ran).
    func check(_ node: LayoutNode, itemLimit: Int, frames: [CGRect], last: Any?) -> (seen: Any, action: () -> Void)?
}

final class PreferenceObserver<Key: PreferenceKey>: PreferenceObserving where Key.Value: Equatable {
    let action: (Key.Value) -> Void
    init(action: @escaping (Key.Value) -> Void) { self.action = action }
    var keyName: String { String(describing: Key.self) }

    func check(_ node: LayoutNode, itemLimit: Int, frames: [CGRect], last: Any?) -> (seen: Any, action: () -> Void)? {
        let produced = preferenceValue(Key.self, of: node, frames: frames, itemLimit: itemLimit)
        if let last = last as? Key.Value {
            // SwiftUI runs the action when the value changes after an update.
            let value = produced ?? Key.defaultValue
            guard value != last else { return nil }
            let action = self.action
            return (value, { action(value) })
        }
        // First sighting: SwiftUI runs the action with the first value when some view inside
        // sets the key (the observer is bound to the views' value), and never for a subtree that
        // sets none.
        guard let value = produced else { return nil }
        let action = self.action
        return (value, { action(value) })
    }
}

/// The content of an `overlayPreferenceValue` / `backgroundPreferenceValue`, built from the
/// value of the view it is layered on.
protocol PreferenceReading: AnyObject {
    func content(for node: LayoutNode, frames: [CGRect], firstCheck: Bool) -> [LayoutNode]?
}

final class PreferenceReader<Key: PreferenceKey>: PreferenceReading {
    private let make: (Key.Value) -> [LayoutNode]
    /// The value the content was last built from after a pass (nil: built with the default when
    /// the tree was built, before any pass).
    private var builtWith: Key.Value? = nil
    init(make: @escaping (Key.Value) -> [LayoutNode]) { self.make = make }

    /// The content built when the tree is built: from the default value (the real one needs the
    /// laid-out tree; the host builds it again after the first pass).
    func initialContent() -> [LayoutNode] { make(Key.defaultValue) }

    func content(for node: LayoutNode, frames: [CGRect], firstCheck: Bool) -> [LayoutNode]? {
        // The reader is the second child of the background/overlay view; the modified view is the first.
        guard let layered = node.installedParent, layered.children.count == 2, layered.children[1] === node else { return nil }
        let value = preferenceValue(Key.self, of: layered.children[0], frames: frames) ?? Key.defaultValue
        if let built = builtWith {
            // A value that can be compared is built again when it changed; one that cannot is
            // built again once per layout call (its first check), never in a loop.
            if let same = preferenceValuesEqual(built, value) {
                if same { return nil }
            } else if !firstCheck {
                return nil
            }
        }
        builtWith = value
        return make(value)
    }
}

/// The host's update after a settled layout: runs the `onPreferenceChange` actions whose values
/// changed and, when they changed state, has the views built again (`LayoutUpdateHook`).
///
/// SwiftUI runs a bound preference's action after the update that changed its value and updates
/// again; its cycle detector lets one action run twice per frame and logs "Bound preference …
/// tried to update multiple times per frame." beyond, trying again on the next frame. Headless
/// layout has one frame to show, so here the updates of one `layout` call stop after
/// `maximumUpdates` (the limit a live preview puts on one change's updates), with a warning that
/// names the keys whose actions still changed the views, and the last layout is shown.
final class PreferenceUpdater: LayoutUpdateHook {
    /// The graph whose state the actions write (a live preview's, or a host's own).
    let graph: ViewGraph
    /// Makes the builder of the next tree (the same root, built with the graph's state).
    private let rebuild: () -> (Int) -> BuiltTree
    /// What each observer last saw, by the view's identity, its modifier's position and key type.
    private var lastSeen: [ObserverID: Any] = [:]
    /// How many times the views were built again by this updater (for tests and the live preview).
    private(set) var rebuilds = 0
    /// The most builds one `layout` call makes for preferences.
    static let maximumUpdates = LivePreview.maximumUpdatesPerChange

    struct ObserverID: Hashable {
        let identity: UInt64
        let position: Int
    }

    init(graph: ViewGraph, rebuild: @escaping () -> (Int) -> BuiltTree) {
        self.graph = graph
        self.rebuild = rebuild
    }

    func afterLayout(attached: [LayoutNode], frames: [CGRect], updates: Int) -> LayoutUpdateStep {
        var pending: [(id: ObserverID, seen: Any, key: String, action: () -> Void)] = []
        var present = Set<ObserverID>()
        for node in attached {
            guard let attachment = node.postLayoutAttachment as? PreferenceAttachment else { continue }
            for (position, item) in attachment.items.enumerated() {
                guard case .observe(let observer) = item else { continue }
                let id = ObserverID(identity: node.installedIdentity, position: position)
                present.insert(id)
                if let change = observer.check(node, itemLimit: position, frames: frames, last: lastSeen[id]) {
                    pending.append((id, change.seen, observer.keyName, change.action))
                }
            }
        }
        // Observers that left the tree forget what they saw (a view that comes back starts over).
        if lastSeen.count > present.count { lastSeen = lastSeen.filter { present.contains($0.key) } }
        guard !pending.isEmpty else { return .settled }
        if updates >= PreferenceUpdater.maximumUpdates {
            var keys: [String] = []
            for p in pending where !keys.contains(p.key) { keys.append(p.key) }
            let names = keys.joined(separator: ", ")
            let message = "the preference \(names) did not settle after \(updates) updates: its onPreferenceChange action changed the views on every update (SwiftUI logs \"Bound preference \(keys[0]) tried to update multiple times per frame.\"); the last layout is shown"
            graph.report(message)
            graph.settleAfterLoop()
            return .stopped(message)
        }
        // Actions run in view order, after the layout, as SwiftUI runs them after its update.
        for p in pending {
            lastSeen[p.id] = p.seen
            p.action()
        }
        guard graph.needsUpdate else { return .settled }
        rebuilds += 1
        return .rebuild(rebuild())
    }
}
