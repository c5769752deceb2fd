import Foundation
import LayoutCore

/// A type that represents part of your app's user interface, as in SwiftUI.
///
/// Compose views in `body`; the engine turns the composed value into a layout tree. Primitive
/// views (Text, Color, shapes, stacks, …) have `Body == Never`.
public protocol View {
    associatedtype Body: View
    @ViewBuilder var body: Body { get }
    /// Builds the layout nodes of `view` (engine-internal; custom views use the default).
    static func _makeView(_ view: Self, inputs: _ViewInputs, outputs: inout _ViewOutputs)
}

extension View {
    /// Builds the view's `body` (engine-internal).
    /// The body is evaluated and built with the view's environment as the current build
    /// environment, which `@Environment` properties read (see `BuildEnvironment`).
    /// In a live build (a `ViewGraph`), the view's state is linked to what the graph keeps for
    /// its identity first (`makeBodyInGraph`).
    public static func _makeView(_ view: Self, inputs: _ViewInputs, outputs: inout _ViewOutputs) {
        if let graph = inputs.state.graph {
            makeBodyInGraph(view, graph: graph, inputs: inputs, outputs: &outputs)
            return
        }
        BuildEnvironment.with(inputs.environment) {
            Body._makeView(view.body, inputs: inputs, outputs: &outputs)
        }
    }
}

extension Never: View {
    /// `Never` has no body.
    public typealias Body = Never
    /// Traps: `Never` has no body.
    public var body: Never { fatalError("Never has no body") }
    /// Builds nothing.
    public static func _makeView(_ view: Never, inputs: _ViewInputs, outputs: inout _ViewOutputs) {}
}

/// A view with no body of its own: it builds its layout nodes directly.
protocol PrimitiveView: View where Body == Never {}
extension PrimitiveView {
    /// Traps: primitive views have no body.
    public var body: Never { fatalError("\(Self.self) is a primitive view and has no body") }
}

/// What a view sees while the tree is built: the environment and its structural position.
public struct _ViewInputs {
    var environment: EnvironmentValues
    /// The structural key of the views being built, relative to the enclosing container.
    var key: UInt64 = 0
    /// The identity of the views being built: every structural component (and explicit `.id`)
    /// from the root down, mixed. State is kept by it (`ViewGraph`).
    var identity: UInt64 = 0
    /// The content of the `ViewModifier`s being built, innermost last.
    var modifierContents: [ModifierContentBuilder] = []
    /// True for the direct content of a Grid (GridRows become rows there).
    var isGridContent = false
    /// Set for the direct content of a lazy stack or grid (its identity and axis): its `ForEach`
    /// marks each element's views as a lazy item (`lazyItem`), whose appearance follows whether
    /// it is on screen, and in a live preview stands a placeholder for an element not shown yet
    /// (`LazyElements`).
    var lazyContent = LazyContainerKey.none
    /// Whether this is the direct content of a lazy stack or grid.
    var isLazyContent: Bool { lazyContent.isLazy }
    /// The lazy stack's or grid's element the views being built belong to, if any.
    var lazyItem: LazyItem?
    let state: BuildState

    /// The inputs for the `index`th part of a composite view.
    func child(_ component: UInt64) -> _ViewInputs {
        var c = self
        c.becomePart(component, of: self)
        return c
    }

    /// Gives these inputs, a copy of `parent`'s, the key and identity of `parent`'s part
    /// `component`: several parts built in turn reuse one copy (a copy per part retained and
    /// released each of the inputs' references).
    @usableFromInline mutating func becomePart(_ component: UInt64, of parent: _ViewInputs) {
        key = mixKey(parent.key, component)
        identity = mixKey(parent.identity, component)
    }

    /// The inputs for a container's content: keys restart at the container.
    func containerContent() -> _ViewInputs {
        var c = self
        c.key = 0
        c.identity = mixKey(identity, 0x636f_6e74)
        c.isGridContent = false
        c.lazyContent = .none
        return c
    }
}

/// The layout nodes a view produced.
public struct _ViewOutputs {
    var nodes: [LayoutNode] = []
    init() {}
}

/// Builds the content of a `ViewModifier` (the view it modifies).
struct ModifierContentBuilder {
    let build: (_ViewInputs, inout _ViewOutputs) -> Void
    /// The modifier contents outside this one (restored while building this content).
    let outer: [ModifierContentBuilder]
}

/// State shared by one tree build.
final class BuildState {
    var nextGridRowID = 1
    /// The views built so far (the host makes room for about as many in the installed tree).
    @exclusivity(unchecked) private(set) var viewsBuilt = 0

    /// Counts a view built, in this build and in the process (`BuildProgress`).
    @inline(__always) func noteView() {
        viewsBuilt &+= 1
        BuildProgress.noteView()
    }
    var diagnostics: [(message: String, view: LayoutNode?)] = []
    /// The lowest stack address the build may reach (`stackLimit(budget:)`; 0: unchecked).
    let stackLimit: UInt
    /// Set when a view was left out because the stack ran short: the build is then redone on a
    /// thread with a large stack.
    var ranOutOfStack = false
    /// The live graph this build links state to and registers interactions with (nil: a
    /// one-off layout, built with initial state).
    let graph: ViewGraph?
    /// Whether a view observes preferences (`onPreferenceChange`): a one-off host then builds
    /// with a graph of its own, so that the state its actions set is kept (`LayoutHost.setRoot`).
    var observesPreferences = false
    init(stackLimit: UInt = 0, graph: ViewGraph? = nil) { self.stackLimit = stackLimit; self.graph = graph }

    /// Drawing lists already made in this build, by value: views that draw the same thing (a
    /// `ForEach` of one colour) share one array instead of an allocation each (72 bytes a view).
    private var drawingLists: [[DisplayItem.Kind]: [DisplayItem.Kind]] = [:]
    /// The most distinct lists kept: a tree of many different colours shares what it can and
    /// does not grow the table without bound.
    static let sharedDrawingLimit = 256

    /// The number of distinct lists kept (for tests).
    var sharedDrawingCount: Int { drawingLists.count }

    /// The last few colours `fill` was asked for and their drawings (replaced in turn): a
    /// `ForEach` of one colour asks for the same fill once per view, rows that alternate colours
    /// (a striped list, a palette) for a few, and comparing colours costs less than hashing a
    /// list. Two lists, so a lookup compares colours in place rather than copying entries out.
    // (Unchecked: read and written only by `fill`, which calls nothing that reaches them; a
    // dynamic exclusivity check per access was a third of a colour's build.)
    @exclusivity(unchecked) private var recentColors: [Color] = []
    @exclusivity(unchecked) private var recentFills: [[DisplayItem.Kind]] = []
    @exclusivity(unchecked) private var nextFillSlot = 0
    @exclusivity(unchecked) private var lastFillSlot = 0
    private static let recentFillCount = 4

    /// The drawing of a `Color` view: its rectangle filled with `color`, shared as
    /// `sharedDrawing` shares lists.
    func fill(_ color: Color) -> [DisplayItem.Kind] {
        let found: Int? = recentColors.withUnsafeBufferPointer { colors in
            if lastFillSlot < colors.count, colors[lastFillSlot] == color { return lastFillSlot }
            for k in colors.indices where colors[k] == color { return k }
            return nil
        }
        if let found {
            lastFillSlot = found
            return recentFills[found]
        }
        let items = sharedDrawing([.fill(.rectangle, .color(color))])
        if recentColors.count < BuildState.recentFillCount {
            lastFillSlot = recentColors.count
            recentColors.append(color)
            recentFills.append(items)
        } else {
            lastFillSlot = nextFillSlot
            recentColors[nextFillSlot] = color
            recentFills[nextFillSlot] = items
            nextFillSlot = (nextFillSlot + 1) % BuildState.recentFillCount
        }
        return items
    }

    /// `items`, or an equal list made earlier in this build (the same storage).
    func sharedDrawing(_ items: [DisplayItem.Kind]) -> [DisplayItem.Kind] {
        if let shared = drawingLists[items] { return shared }
        if drawingLists.count < BuildState.sharedDrawingLimit { drawingLists[items] = items }
        return items
    }

    /// Whether the build may go one level deeper on this thread's stack (a cheap address test).
    @inline(__always) func hasStackLeft() -> Bool {
        var marker: UInt8 = 0
        let address = withUnsafeMutablePointer(to: &marker) { UInt(bitPattern: $0) }
        if address > stackLimit { return true }
        ranOutOfStack = true
        return false
    }
}


/// A 64-bit key for an id. An `Int` (a `ForEach(0..<n)` element, the commonest id) is mixed
/// directly: a few instructions instead of a `Hasher`'s hundreds, and the same key in every
/// process (a `Hasher` is seeded anew per process).
@inline(__always) func hashKey<H: Hashable>(_ value: H) -> UInt64 {
    if H.self == Int.self { return mixKey(UInt64(bitPattern: Int64(unsafeBitCast(value, to: Int.self))), 0x4964_4b65_79) }
    var h = Hasher()
    h.combine(value)
    return UInt64(bitPattern: Int64(h.finalize()))
}

/// Builds `view` into `outputs`.
/// (Nothing is built once the stack runs short: see `BuildState.hasStackLeft`.)
@inline(__always) func buildView<V: View>(_ view: V, _ inputs: _ViewInputs, _ outputs: inout _ViewOutputs) {
    guard inputs.state.hasStackLeft() else { return }
    inputs.state.noteView()
    if inputs.environment.layoutDirection == .rightToLeft {
        let start = outputs.nodes.count
        V._makeView(view, inputs: inputs, outputs: &outputs)
        decideLayoutDirection(of: outputs.nodes[start...], rightToLeft: true)
    } else {
        V._makeView(view, inputs: inputs, outputs: &outputs)
    }
}

/// Gives nodes the layout direction of the environment they were built in, unless a builder
/// further in already did (an `environment(\.layoutDirection, …)` inside).
func decideLayoutDirection(of nodes: ArraySlice<LayoutNode>, rightToLeft: Bool) {
    for n in nodes where !n.layoutDirectionIsDecided {
        n.mirrorsChildren = rightToLeft
        n.layoutDirectionIsDecided = true
    }
}

/// Builds `view` into `outputs` and replaces each node it added with `wrap(node)`: what a
/// unary modifier does to its content, without a node list of its own per view.
@inline(__always) func buildWrapping<V: View>(_ view: V, _ inputs: _ViewInputs, _ outputs: inout _ViewOutputs,
                                              _ wrap: (LayoutNode) -> LayoutNode) {
    let start = outputs.nodes.count
    buildView(view, inputs, &outputs)
    for k in start..<outputs.nodes.count { outputs.nodes[k] = wrap(outputs.nodes[k]) }
}

/// Builds `view` into a fresh node list (empty once the stack runs short).
func buildNodes<V: View>(_ view: V, _ inputs: _ViewInputs) -> [LayoutNode] {
    guard inputs.state.hasStackLeft() else { return [] }
    inputs.state.noteView()
    var o = _ViewOutputs()
    V._makeView(view, inputs: inputs, outputs: &o)
    if inputs.environment.layoutDirection == .rightToLeft { decideLayoutDirection(of: o.nodes[...], rightToLeft: true) }
    return o.nodes
}

/// Values that flow down the view tree, as SwiftUI's `EnvironmentValues` (the subset that
/// affects layout and drawing).
public struct EnvironmentValues: @unchecked Sendable {
    /// The values themselves. They live in a box that copies share until one of them changes
    /// (copy on write): every view's build inputs carry an environment, and a box is one
    /// pointer to copy and keep on the stack where the values were a dozen fields, several of
    /// them reference-counted.
    struct Fields {
        var font: Font? = nil
        var foregroundStyle: Paint? = nil
        var tint: Paint? = nil
        var multilineTextAlignment: TextAlignment = .leading
        var lineLimit: Int? = nil
        var layoutDirection: LayoutDirection = .leftToRight
        var colorScheme: ColorScheme = .light
        var textStyling = TextStyling()
        var buttonStyle: ButtonStyleKind = .automatic
        var imageScale: Image.Scale = .medium
        var storage = EnvironmentStorage()
        var containers = ContainerEnvironment()
    }
    final class Box: @unchecked Sendable {
        // (Written only through a box no other environment holds: `writable`.)
        @exclusivity(unchecked) var fields: Fields
        init(_ fields: Fields) { self.fields = fields }
    }
    private var box: Box
    /// The default environment's box, shared by every environment made and not changed.
    private static let defaults = Box(Fields())

    /// The box to write to: this environment's own, copied first when another shares it.
    private mutating func writable() -> Box {
        if !isKnownUniquelyReferenced(&box) { box = Box(box.fields) }
        return box
    }
    /// Whether `other` holds the very same values (the same box): true for the environments of
    /// views that no modifier between them changed.
    func sharesValues(with other: EnvironmentValues) -> Bool { box === other.box }

    /// The default font of text; nil means `.body`.
    public var font: Font? {
        get { box.fields.font }
        set { writable().fields.font = newValue }
    }
    /// The style of text and shapes without their own fill.
    public var foregroundStyle: Paint? {
        get { box.fields.foregroundStyle }
        set { writable().fields.foregroundStyle = newValue }
    }
    /// The accent color of controls; nil means the app's tint (system blue).
    public var tint: Paint? {
        get { box.fields.tint }
        set { writable().fields.tint = newValue }
    }
    /// How lines of multi-line text align (default leading).
    public var multilineTextAlignment: TextAlignment {
        get { box.fields.multilineTextAlignment }
        set { writable().fields.multilineTextAlignment = newValue }
    }
    /// The maximum number of lines of text; nil means no limit.
    public var lineLimit: Int? {
        get { box.fields.lineLimit }
        set { writable().fields.lineLimit = newValue }
    }
    /// The layout direction (default left to right).
    public var layoutDirection: LayoutDirection {
        get { box.fields.layoutDirection }
        set { writable().fields.layoutDirection = newValue }
    }
    /// The color scheme colors resolve in (default light).
    public var colorScheme: ColorScheme {
        get { box.fields.colorScheme }
        set { writable().fields.colorScheme = newValue }
    }
    /// Weight, italics, design and digit changes to text (`bold()`, `fontWeight`, … on a view).
    var textStyling: TextStyling {
        get { box.fields.textStyling }
        set { writable().fields.textStyling = newValue }
    }
    var buttonStyle: ButtonStyleKind {
        get { box.fields.buttonStyle }
        set { writable().fields.buttonStyle = newValue }
    }
    var imageScale: Image.Scale {
        get { box.fields.imageScale }
        set { writable().fields.imageScale = newValue }
    }
    /// Custom keys and supplied objects (see `Environment.swift`).
    var storage: EnvironmentStorage {
        get { box.fields.storage }
        set { writable().fields.storage = newValue }
    }
    /// Styles and context of containers (list and label styles, scroll settings): `Containers/`.
    var containers: ContainerEnvironment {
        get { box.fields.containers }
        set { writable().fields.containers = newValue }
    }
    /// Creates the default environment.
    public init() { box = EnvironmentValues.defaults }

    var resolvedForeground: Paint { foregroundStyle ?? .hierarchical(0) }
    /// Whether a shape with `behavior` is drawn mirrored here.
    func mirrors(_ behavior: LayoutDirectionBehavior) -> Bool {
        switch behavior {
        case .fixed: false
        case .mirrors: layoutDirection == .rightToLeft
        case .mirrorsIn(let direction): layoutDirection == direction
        }
    }
    /// Where lines of multi-line text sit as drawn: `.leading` is the right edge right to left.
    var drawnTextAlignment: TextAlignment {
        guard layoutDirection == .rightToLeft else { return multilineTextAlignment }
        switch multilineTextAlignment {
        case .leading: return .trailing
        case .trailing: return .leading
        case .center: return .center
        }
    }
    var resolvedTint: Paint { tint ?? .tint }
}
