import Foundation
import SwiftUI

// Interaction sequences as data: a view tree with state (the layout fuzzer's containers and
// trees, plus controls that keep `@State`) and the events a person sends to its live preview.
// Like `FuzzCase`, a sequence is generated from a seed, shrunk, printed as SwiftUI code and
// passed to the processes that check it in isolation as JSON.

/// A view tree whose controls keep state.
public indirect enum LiveFuzzView: Codable, Hashable, Sendable {
    /// A tree of the layout fuzzer: no state.
    case fixed(FuzzView)
    /// A container of the layout fuzzer around views with state.
    case container(FuzzContainer, [LiveFuzzView])
    /// A view with a modifier.
    case modified(LiveFuzzView, FuzzModifier)
    /// A view of its own (`ControlN`) with `@State`: its control has the id "cN".
    case control(Int, LiveControl)
}

/// What a control view does with its state.
public enum LiveControl: Codable, Hashable, Sendable {
    /// A button that counts its taps in its title.
    case counter
    /// A button that shows and hides content (`if flag { … }`), in `withAnimation` or not.
    case reveal(animated: Bool, [LiveFuzzView])
    /// A button that switches the `AnyLayout` of its content (HStack, VStack, ZStack, Grid).
    case layoutSwitch([LiveFuzzView])
    /// A `Toggle` that shows its content when on, a text when off.
    case toggle([LiveFuzzView])
    /// A `Stepper` of a count in `lower...upper` (the count starts at 0, maybe outside).
    case stepper(lower: Int, upper: Int)
    /// A `Slider` in `lower...upper`, with a step or without.
    case slider(lower: Double, upper: Double, step: Double?)
    /// A `TextField` (one line, with `onSubmit`, or growing vertically) and a text of its length.
    case textField(multiline: Bool)
    /// A `Picker` of `options` tagged texts: 0 the default style, 1 segmented, 2 menu.
    case picker(options: Int, style: Int)
    /// A `List` (or a `ScrollView` of a `VStack`) of `rows` buttons that select their row.
    case list(rows: Int, inList: Bool)
    /// A `TabView(selection:)` of the contents.
    case tabView([LiveFuzzView])
    /// A `ForEach` over a `@State` array that buttons append to and remove from, with an
    /// `onChange(of:)` that counts the changes.
    case items(initial: Int)
}

/// One event of a sequence. Events that name a view are sent at its centre in the last layout
/// (`LivePreview.centre(ofViewWithID:)`), and reach nothing when it is not shown.
public enum LiveFuzzEvent: Codable, Hashable, Sendable {
    /// A tap of `count` clicks at a point.
    case tap(x: Double, y: Double, count: Int)
    /// A tap at the centre of the view with this id.
    case tapView(String, count: Int)
    /// A drag from a point by a translation.
    case drag(x: Double, y: Double, dx: Double, dy: Double)
    /// A drag from the centre of the view with this id.
    case dragView(String, dx: Double, dy: Double)
    /// A scroll at a point by a distance.
    case scroll(x: Double, y: Double, dx: Double, dy: Double)
    /// A scroll at the centre of the view with this id.
    case scrollView(String, dx: Double, dy: Double)
    /// Text typed into the focused field.
    case type(String)
    /// A `LiveKey` by its raw value.
    case key(String)
    /// Seconds passing.
    case wait(Double)
}

/// One interaction sequence: a tree, the proposal it is laid out for, and the events.
public struct LiveFuzzCase: Codable, Hashable, Sendable {
    /// The tree.
    public var view: LiveFuzzView
    /// The root's proposal: nil is unspecified on that axis.
    public var width: Double?
    /// The root's proposal: nil is unspecified on that axis.
    public var height: Double?
    /// The events, in order.
    public var events: [LiveFuzzEvent]
    /// Creates a sequence.
    public init(view: LiveFuzzView, width: Double?, height: Double?, events: [LiveFuzzEvent]) {
        self.view = view; self.width = width; self.height = height; self.events = events
    }

    /// The sequence as JSON (NaN and infinities as strings).
    public func json() -> String { FuzzJSON.encode(self) }

    /// A sequence read from `json()`'s output.
    public static func from(json: Data) throws -> LiveFuzzCase { try FuzzJSON.decode(json) }
}

extension LiveFuzzView {
    /// The views directly inside this one (a control's content included).
    public var children: [LiveFuzzView] {
        switch self {
        case .fixed, .control(_, .counter), .control(_, .stepper), .control(_, .slider), .control(_, .textField),
             .control(_, .picker), .control(_, .list), .control(_, .items):
            return []
        case .container(_, let kids), .control(_, .reveal(_, let kids)), .control(_, .layoutSwitch(let kids)),
             .control(_, .toggle(let kids)), .control(_, .tabView(let kids)):
            return kids
        case .modified(let inner, _): return [inner]
        }
    }

    /// The same view with other children (as many as `children` has for a modifier).
    func replacingChildren(_ kids: [LiveFuzzView]) -> LiveFuzzView {
        switch self {
        case .container(let c, _): return .container(c, kids)
        case .modified(_, let m): return .modified(kids[0], m)
        case .control(let n, .reveal(let a, _)): return .control(n, .reveal(animated: a, kids))
        case .control(let n, .layoutSwitch): return .control(n, .layoutSwitch(kids))
        case .control(let n, .toggle): return .control(n, .toggle(kids))
        case .control(let n, .tabView): return .control(n, .tabView(kids))
        default: return self
        }
    }

    /// The number of views in the tree (a fixed tree's views included).
    public var size: Int {
        if case .fixed(let f) = self { return f.size }
        return 1 + children.reduce(0) { $0 + $1.size }
    }

    /// Whether the view builds nothing at all (an empty `ViewThatFits`, and modifiers of one).
    var buildsNothing: Bool {
        switch self {
        case .fixed(let f): return f.buildsNothing
        case .container(.viewThatFits, let kids): return kids.allSatisfy(\.buildsNothing)
        case .modified(let inner, _): return inner.buildsNothing
        default: return false
        }
    }

    /// The ids that must have a frame whatever the state: ids of the layout fuzzer's rule, and
    /// each control's "cN", but nothing inside content that state may leave out (revealed or
    /// toggled content, tabs, rows).
    public var requiredIDs: [String] { requiredIDs(overridden: false) }

    private func requiredIDs(overridden: Bool) -> [String] {
        if buildsNothing { return [] }
        switch self {
        case .fixed(let f): return f.collectIDs(overridden: overridden).map { "v\($0)" }
        case .container(_, let kids): return kids.flatMap { $0.requiredIDs(overridden: false) }
        case .modified(let inner, let m):
            switch m {
            case .id(let n): return (overridden ? [] : ["v\(n)"]) + inner.requiredIDs(overridden: true)
            case .zIndex, .gridCellColumns, .layoutPriority, .radialRank, .font: return inner.requiredIDs(overridden: overridden)
            default: return inner.requiredIDs(overridden: false)
            }
        case .control(let n, .layoutSwitch(let kids)): return ["c\(n)"] + kids.flatMap { $0.requiredIDs(overridden: false) }
        case .control(let n, _): return ["c\(n)"]
        }
    }

    /// Every id a view may have (the targets of events that name a view), shown or not.
    public var targetIDs: [String] {
        var out: [String] = []
        switch self {
        case .fixed(let f): out = f.ids.map { "v\($0)" }
        case .modified(_, .id(let n)): out = ["v\(n)"]
        case .control(let n, .items): out = ["c\(n)", "c\(n)-add", "c\(n)-remove"]
        case .control(let n, .list(let rows, _)): out = ["c\(n)"] + (0..<min(rows, 3)).map { "c\(n)-row-\($0)" } + ["c\(n)-row-\(max(rows - 1, 0))"]
        case .control(let n, .tabView(let kids)): out = ["c\(n)"] + kids.indices.map { "tab-\($0)" }
        case .control(let n, _): out = ["c\(n)"]
        default: break
        }
        return out + children.flatMap(\.targetIDs)
    }
}

/// Random interaction sequences from a seed: trees of the layout fuzzer's containers around
/// controls with state, and events at random points and at the views' centres, with values bad
/// `badPercent` % of the time (NaN, ±∞, huge and negative points and distances, click counts,
/// waits, control bounds and steps).
public struct LiveFuzzGenerator {
    var g: FuzzGenerator
    private var nextControl = 0

    /// A generator for the `index`-th sequence of a run with `seed`.
    public init(seed: UInt64, index: Int = 0, badPercent: UInt64 = 15) {
        // Another stream than the layout fuzzer's tree of the same index.
        g = FuzzGenerator(seed: seed ^ 0x5EED_1A7E_0F_11FE, index: index, badPercent: badPercent, maximumDepth: 5)
    }

    private mutating func kids(_ depth: Int, max: Int = 3) -> [LiveFuzzView] { (0..<(g.int(max) + 1)).map { _ in view(depth: depth + 1) } }

    mutating func container() -> FuzzContainer {
        switch g.int(9) {
        case 0: return .hStack(alignment: g.int(5), spacing: g.optionalLength())
        case 1: return .vStack(alignment: g.int(3), spacing: g.optionalLength())
        case 2: return .zStack(alignment: g.int(6))
        case 3: return .viewThatFits(axes: g.int(3))
        case 4: return .scrollView(axes: g.int(3))
        case 5: return .anyLayout(kind: g.int(4), spacing: g.optionalLength())
        case 6: return .flow(alignment: g.int(3), spacing: g.optionalLength(), lineSpacing: g.optionalLength())
        case 7: return .equalWidth(horizontal: g.chance(50), spacing: g.optionalLength())
        default: return .misbehaving(g.behaviour())
        }
    }

    mutating func control(depth: Int) -> LiveFuzzView {
        nextControl += 1
        let n = nextControl
        let bad = g.chance(g.badPercent)
        switch g.int(11) {
        case 0: return .control(n, .counter)
        case 1: return .control(n, .reveal(animated: g.chance(50), kids(depth)))
        case 2: return .control(n, .layoutSwitch(kids(depth)))
        case 3: return .control(n, .toggle(kids(depth)))
        case 4:
            if bad {
                let (l, u) = g.pick([(Int.min, Int.max), (Int.max - 1, Int.max), (Int.min, Int.min + 1), (5, 5)])
                return .control(n, .stepper(lower: l, upper: u))
            }
            let l = g.int(3) - 1
            return .control(n, .stepper(lower: l, upper: l + g.int(5)))
        case 5:
            if bad {
                let (l, u) = g.pick([(0.0, 0.0), (-1e308, 1e308), (-Double.infinity, .infinity), (0, .infinity), (-.greatestFiniteMagnitude, .greatestFiniteMagnitude)])
                return .control(n, .slider(lower: l, upper: u, step: g.pick([nil, 0, -1, .nan, .infinity, 1e-300, 1e308])))
            }
            return .control(n, .slider(lower: 0, upper: 100, step: g.pick([nil, 1, 10, 0.5])))
        case 6: return .control(n, .textField(multiline: g.chance(30)))
        case 7: return .control(n, .picker(options: bad ? 0 : g.int(5) + 1, style: g.int(3)))
        case 8: return .control(n, .list(rows: bad ? g.pick([0, 500]) : g.int(40) + 3, inList: g.chance(50)))
        case 9: return .control(n, .tabView(kids(depth)))
        default: return .control(n, .items(initial: g.int(4)))
        }
    }

    /// A random tree: containers and modifiers around controls, with small fixed trees.
    public mutating func view(depth: Int = 0) -> LiveFuzzView {
        if depth >= 3 || g.chance(15) { return .fixed(g.view(depth: 3)) }
        switch g.int(10) {
        case 0, 1, 2, 3: return control(depth: depth)
        case 4, 5, 6: return .container(container(), kids(depth))
        case 7, 8: return .modified(view(depth: depth + 1), g.modifier())
        default: return .fixed(g.view(depth: 3))
        }
    }

    /// A root: a container with at least one control.
    public mutating func root() -> LiveFuzzView {
        var children = kids(0)
        if !children.contains(where: \.hasControl) { children.append(control(depth: 1)) }
        return .container(container(), children)
    }

    static let distances: [Double] = [.nan, .infinity, -.infinity, 1e308, -1e308, .greatestFiniteMagnitude, -1e6, 1e-300]
    static let typed: [String] = ["a", "Hello", "", "\n", "line\nbreak", "👩‍👩‍👧‍👦🇫🇷", "مرحبا", "e\u{301}\u{302}", "\u{200B}", String(repeating: "x", count: 2_000)]

    mutating func coordinate(_ range: Int) -> Double { g.chance(g.badPercent) ? g.pick(Self.distances) : Double(g.int(range)) }
    mutating func distance() -> Double { g.chance(g.badPercent) ? g.pick(Self.distances) : Double(g.int(601) - 300) }
    mutating func count() -> Int { g.chance(g.badPercent) ? g.pick([0, -1, Int.max, Int.min, 3]) : (g.chance(10) ? 2 : 1) }

    /// A random event, at a view of `targets` half the time.
    public mutating func event(targets: [String]) -> LiveFuzzEvent {
        let target = targets.isEmpty ? nil : g.pick(targets)
        switch g.int(12) {
        case 0, 1, 2, 3: return target.map { .tapView($0, count: count()) } ?? .tap(x: coordinate(400), y: coordinate(850), count: count())
        case 4: return .tap(x: coordinate(400), y: coordinate(850), count: count())
        case 5: return target.map { .dragView($0, dx: distance(), dy: distance()) } ?? .drag(x: coordinate(400), y: coordinate(850), dx: distance(), dy: distance())
        case 6: return .drag(x: coordinate(400), y: coordinate(850), dx: distance(), dy: distance())
        case 7: return target.map { .scrollView($0, dx: distance(), dy: distance()) } ?? .scroll(x: coordinate(400), y: coordinate(850), dx: distance(), dy: distance())
        case 8: return .scroll(x: coordinate(400), y: coordinate(850), dx: distance(), dy: distance())
        case 9: return .type(g.pick(Self.typed))
        case 10: return .key(g.pick(LiveKey.allCases).rawValue)
        default:
            // Short waits (a huge one is capped at ten minutes by the preview: not generated).
            return .wait(g.chance(g.badPercent) ? g.pick([.nan, -1, .infinity, -.infinity]) : Double(g.int(3)) / 1000)
        }
    }

    /// A sequence: a tree, a proposal (390×844 most of the time) and `events` events.
    public mutating func sequence(events: Int) -> LiveFuzzCase {
        let tree = root()
        let targets = tree.targetIDs
        let (w, h): (Double?, Double?) = g.chance(80) ? (390, 844) : (g.proposalLength(), g.proposalLength())
        return LiveFuzzCase(view: tree, width: w, height: h, events: (0..<events).map { _ in event(targets: targets) })
    }
}

extension LiveFuzzView {
    var hasControl: Bool {
        if case .control = self { return true }
        return children.contains(where: \.hasControl)
    }
}
