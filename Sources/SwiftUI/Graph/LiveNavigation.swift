import Foundation
import LayoutCore

/// What a `NavigationLink` pushes.
enum NavigationTarget {
    case none
    /// A destination view.
    case view(AnyView)
    /// A value for the stack's path (shown by `navigationDestination(for:)`).
    case value(AnyHashable)
}

/// The screens of one live `NavigationStack`, kept by the stack's identity between builds.
final class NavigationStackState {
    /// Screens pushed by view links (after the path's screens), each with a key of its own.
    var pushedViews: [(key: UInt64, view: AnyView)] = []
    /// The values pushed by value links on a stack without a path binding.
    var ownPath: [AnyHashable] = []
    private var nextKey: UInt64 = 1
    /// The screens for values, by the value's type: registered by `navigationDestination(for:)`
    /// as the screens are built (kept from earlier builds: a screen registers while it is built).
    private var destinations: [ObjectIdentifier: (AnyHashable) -> AnyView?] = [:]
    /// `navigationDestination(isPresented:)` screens of this build, in order.
    var presented: [(view: AnyView, dismiss: () -> Void)] = []
    /// The title each level set in this build (`navigationTitle`).
    var titles: [Int: String] = [:]

    func registerDestination<D>(for type: D.Type, _ make: @escaping (AnyHashable) -> AnyView?) {
        destinations[ObjectIdentifier(type)] = make
    }
    func destination(for value: AnyHashable) -> AnyView? {
        destinations[ObjectIdentifier(type(of: value.base))]?(value)
    }
    func present(_ view: AnyView, dismiss: @escaping () -> Void) { presented.append((view, dismiss)) }
    func makeKey() -> UInt64 {
        defer { nextKey += 1 }
        return nextKey
    }
}

/// The stack and level a view is built in (the environment carries it to links and titles).
struct NavigationContext {
    let state: NavigationStackState
    let level: Int
    let push: (NavigationTarget) -> Void
}

private enum NavigationContextKey: EnvironmentKey { static var defaultValue: NavigationContext? { nil } }
extension EnvironmentValues {
    var navigation: NavigationContext? {
        get { self[NavigationContextKey.self] }
        set { self[NavigationContextKey.self] = newValue }
    }
}

/// The animation of a push or a pop (UIKit's navigation transition is about this long).
let navigationTransition = Animation.easeInOut(duration: 0.35)

/// A NavigationLink's label: in a live stack, a tap pushes its target.
struct _NavigationLinkBody<Label: View>: PrimitiveView {
    let label: Label
    let target: NavigationTarget
    static func _makeView(_ view: Self, inputs: _ViewInputs, outputs: inout _ViewOutputs) {
            if let navigation = inputs.environment.navigation {
            if case .none = view.target {
                buildView(view.label, inputs, &outputs)
            } else {
                let target = view.target
                buildView(view.label.interactive(.tap(count: 1, action: { navigation.push(target) })), inputs, &outputs)
            }
        } else {
            buildView(view.label, inputs, &outputs)
        }
    }
}

/// Builds a live `NavigationStack`: every screen (so that the ones underneath keep their
/// state and register their destinations), showing only the top one, under a bar with a back
/// button once something is pushed.
func buildLiveStack<Root: View>(_ root: Root, path: (get: () -> [AnyHashable], set: ([AnyHashable]) -> Void)?,
                                graph: ViewGraph, inputs: _ViewInputs, outputs: inout _ViewOutputs) {
    let storage = graph.builtInStorage(mixKey(inputs.identity, 0x6e61_7673), slotCount: 1)
    let state: NavigationStackState
    if let kept = storage.slots[0] as? NavigationStackState { state = kept } else {
        state = NavigationStackState()
        storage.slots[0] = state
    }
    state.presented.removeAll()
    state.titles.removeAll()
    weak var weakGraph = graph
    let readPath = { path?.get() ?? state.ownPath }
    let writePath: ([AnyHashable]) -> Void = { values in
        if let path { path.set(values) } else { state.ownPath = values }
    }
    func context(level: Int) -> NavigationContext {
        NavigationContext(state: state, level: level, push: { target in
            switch target {
            case .none: return
            case .view(let view): state.pushedViews.append((state.makeKey(), view))
            case .value(let value): writePath(readPath() + [value])
            }
            weakGraph?.invalidate(Transaction(animation: navigationTransition))
        })
    }

    // The screens, bottom to top: the root, the path's values, views pushed by links, then
    // `navigationDestination(isPresented:)` screens (known once the others are built).
    var screens: [(key: UInt64, build: (_ViewInputs, inout _ViewOutputs) -> Void)] = [(0, { i, o in buildView(root, i, &o) })]
    for (n, value) in readPath().enumerated() {
        screens.append((mixKey(UInt64(n) &+ 0x7061, hashKey(value)), { i, o in
            if let screen = state.destination(for: value) { buildView(screen, i, &o) }
        }))
    }
    for pushed in state.pushedViews { screens.append((mixKey(0x7669, pushed.key), { i, o in buildView(pushed.view, i, &o) })) }

    var shown: [LayoutNode] = []
    var shownChrome = NavigationChrome()
    var level = 0
    var pops: [() -> Void] = []
    func buildScreen(_ build: (_ViewInputs, inout _ViewOutputs) -> Void, key: UInt64, isTop: Bool, pop: (() -> Void)?) {
        var screenInputs = level == 0 ? inputs : inputs.child(key)
        screenInputs.environment.navigation = context(level: level)
        if let pop {
            // `dismiss` in a pushed screen pops it, as in SwiftUI.
            screenInputs.environment.dismiss = DismissAction {
                pop()
                weakGraph?.invalidate(Transaction(animation: navigationTransition))
            }
        }
        let chrome = NavigationChrome()
        screenInputs.environment.navigationChrome = chrome
        var screenOutputs = _ViewOutputs()
        if !isTop { graph.suppressedRegistrationDepth += 1 }
        build(screenInputs, &screenOutputs)
        if !isTop { graph.suppressedRegistrationDepth -= 1 }
        state.titles[level] = chrome.title
        if isTop {
            shown = screenOutputs.nodes
            shownChrome = chrome
        }
    }
    // Which screen is on top depends on the isPresented screens the others register, so the
    // stack's own screens are built first, the last as the top; a screen presented over it
    // then replaces it (its registrations name views that are not installed, which hit
    // testing ignores).
    let pathCount = readPath().count
    for (i, screen) in screens.enumerated() {
        level = i
        let pop: (() -> Void)?
        if i == 0 {
            pop = nil
        } else if i <= pathCount {
            pop = { writePath(Array(readPath().prefix(i - 1))) }
        } else {
            let key = state.pushedViews[i - pathCount - 1].key
            pop = { state.pushedViews.removeAll { $0.key == key } }
        }
        if let pop { pops.append(pop) }
        buildScreen(screen.build, key: screen.key, isTop: i == screens.count - 1, pop: pop)
    }
    var presentedIndex = 0
    while presentedIndex < state.presented.count, presentedIndex < LivePreview.maximumUpdatesPerChange {
        let item = state.presented[presentedIndex]
        level = screens.count + presentedIndex
        let isTop = presentedIndex == state.presented.count - 1
        buildScreen({ i, o in buildView(item.view, i, &o) }, key: mixKey(0x7072, UInt64(presentedIndex)), isTop: isTop, pop: item.dismiss)
        pops.append(item.dismiss)
        presentedIndex += 1
    }

    let depth = screens.count - 1 + state.presented.count
    var back: NavigationBack?
    if depth > 0, let pop = pops.last {
        back = NavigationBack(title: state.titles[depth - 1].flatMap { $0.isEmpty ? nil : $0 } ?? "Back", action: {
            pop()
            weakGraph?.invalidate(Transaction(animation: navigationTransition))
        })
    }
    buildNavigationScreen(shown, chrome: shownChrome, isRoot: depth == 0, back: back,
                          inputs: inputs.child(mixKey(0x6261_72, UInt64(depth))), outputs: &outputs)
}
