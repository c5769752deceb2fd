import Foundation
import LayoutCore

// MARK: - The Transition protocol (iOS 17)

/// Where a view is in its transition, as SwiftUI's `TransitionPhase`.
public enum TransitionPhase: Hashable, Sendable {
    /// The view is about to be inserted: the state an insertion starts from.
    case willAppear
    /// The view is on screen.
    case identity
    /// The view has been removed: the state a removal ends at.
    case didDisappear

    /// Whether the view is on screen (`.identity`).
    public var isIdentity: Bool { self == .identity }

    /// −1 before the view appears, 0 on screen, 1 after it disappears, as in SwiftUI: a
    /// transition can move in from one side and out to the other with one expression.
    public var value: Double {
        switch self {
        case .willAppear: return -1
        case .identity: return 0
        case .didDisappear: return 1
        }
    }
}

/// What a transition says about itself, as SwiftUI's `TransitionProperties`.
public struct TransitionProperties: Sendable {
    /// Whether the transition moves the view (Reduce Motion may replace such transitions).
    public var hasMotion: Bool
    /// Creates the properties.
    public init(hasMotion: Bool = true) { self.hasMotion = hasMotion }
}

/// How a view enters and leaves, written as a view of its phase, as SwiftUI's `Transition`
/// (iOS 17).
///
/// SwiftUI rule: the view is drawn with `body(content:phase: .identity)` while on screen; an
/// insertion animates from the `.willAppear` body to it and a removal to the `.didDisappear` one.
/// Here the phases' differences in opacity, scale (`scaleEffect`, uniform: a non-uniform one
/// scales by the mean of its factors), offset (`offset`), rotation and blur (on the identity
/// phase's own rotation and blur effects), shadows and clip shapes (each phase drawing the same
/// shadows and clips in the same order) animate (see the Animation rules).
public protocol Transition {
    /// The view of a phase.
    associatedtype Body: View
    /// The view being transitioned, standing for it in `body`.
    typealias Content = PlaceholderContentView<Self>
    /// The view in `phase`.
    @ViewBuilder func body(content: Content, phase: TransitionPhase) -> Body
    /// What the transition says about itself.
    static var properties: TransitionProperties { get }
}

extension Transition {
    /// A transition that moves the view.
    public static var properties: TransitionProperties { TransitionProperties() }

    /// `content` in `phase`.
    public func apply<V: View>(content: V, phase: TransitionPhase) -> some View {
        _TransitionPhaseView(transition: self, phase: phase, build: { inputs, outputs in buildView(content, inputs, &outputs) })
    }

    /// This transition and `other` at once.
    public func combined<T: Transition>(with other: T) -> some Transition { _CombinedTransition(first: self, second: other) }

    /// The transition with its own animation, as in SwiftUI: the view's insertion and removal
    /// run with `animation` instead of the change's, also when the change is not animated.
    public func animation(_ animation: Animation?) -> some Transition { _AnimatedTransition(base: self, animation: animation) }
}

/// A transition with its own animation (`Transition.animation(_:)`).
struct _AnimatedTransition<Base: Transition>: Transition, _TransitionPair {
    let base: Base
    let animation: Animation?
    func body(content: Content, phase: TransitionPhase) -> some View {
        base.apply(content: content, phase: phase)
    }
    static var properties: TransitionProperties { Base.properties }
    var _anyTransition: AnyTransition { AnyTransition(base).animation(animation) }
}

/// The view a `Transition` or a `ViewModifier` body wraps, as SwiftUI's `PlaceholderContentView`.
public struct PlaceholderContentView<Value>: PrimitiveView {
    /// Builds the view being transitioned (engine-internal).
    public static func _makeView(_ view: Self, inputs: _ViewInputs, outputs: inout _ViewOutputs) {
        buildModifierContent(inputs, &outputs)
    }
}

/// A view built by a closure: the content a custom transition wraps.
struct _BuiltView: PrimitiveView {
    let build: (_ViewInputs, inout _ViewOutputs) -> Void
    static func _makeView(_ view: Self, inputs: _ViewInputs, outputs: inout _ViewOutputs) { view.build(inputs, &outputs) }
}

/// A transition's body in one phase around the content `build` makes.
struct _TransitionPhaseView<T: Transition>: PrimitiveView {
    let transition: T
    let phase: TransitionPhase
    let build: (_ViewInputs, inout _ViewOutputs) -> Void
    static func _makeView(_ view: Self, inputs: _ViewInputs, outputs: inout _ViewOutputs) {
        var i = inputs
        i.modifierContents.append(ModifierContentBuilder(build: view.build, outer: inputs.modifierContents))
        BuildEnvironment.with(inputs.environment) {
            buildView(view.transition.body(content: PlaceholderContentView<T>(), phase: view.phase), i, &outputs)
        }
    }
}

extension View {
    /// How the view enters and leaves, as a `Transition` (iOS 17): on screen it is drawn in the
    /// transition's identity phase; inserted or removed in an animated change it animates from
    /// or to the other phases. It doesn't change the layout unless the identity phase does.
    @_disfavoredOverload
    public func transition<T: Transition>(_ t: T) -> some View { transition(AnyTransition(t)) }
}

extension AnyTransition {
    /// A `Transition` as an `AnyTransition`, as in SwiftUI.
    public init<T: Transition>(_ transition: T) {
        if let builtIn = transition as? any _BuiltInTransition {
            self = builtIn._anyTransition
        } else if let pair = transition as? any _TransitionPair {
            self = pair._anyTransition
        } else {
            self.init(insertion: .identity, removal: .identity, custom: [CustomTransitionPart(transition)])
        }
    }

    /// A transition between two states of a modifier, as in SwiftUI: the view is drawn with
    /// `identity` while on screen, and animates from `active` when inserted and to it when
    /// removed. Opacity, scale and offset animate (see `Transition`).
    public static func modifier<E: ViewModifier>(active: E, identity: E) -> AnyTransition {
        AnyTransition(insertion: .identity, removal: .identity, custom: [CustomTransitionPart(active: active, identity: identity)])
    }
}

// MARK: - Built-in transitions as `Transition` values

/// A built-in transition, whose ends the animator draws exactly (moves by the view's own size
/// included).
protocol _BuiltInTransition {
    var _anyTransition: AnyTransition { get }
}

/// A pair of transitions (`combined`, `AsymmetricTransition`), each resolved on its own.
protocol _TransitionPair {
    var _anyTransition: AnyTransition { get }
}

/// Fades in and out, as SwiftUI's `OpacityTransition`.
public struct OpacityTransition: Transition, _BuiltInTransition {
    /// Creates the transition.
    public init() {}
    /// The content, transparent away from the identity phase.
    public func body(content: Content, phase: TransitionPhase) -> some View { content.opacity(phase.isIdentity ? 1 : 0) }
    /// A fade does not move the view.
    public static var properties: TransitionProperties { TransitionProperties(hasMotion: false) }
    var _anyTransition: AnyTransition { .opacity }
}

/// No transition, as SwiftUI's `IdentityTransition`.
public struct IdentityTransition: Transition, _BuiltInTransition {
    /// Creates the transition.
    public init() {}
    /// The content as it is.
    public func body(content: Content, phase: TransitionPhase) -> some View { content }
    /// Nothing moves.
    public static var properties: TransitionProperties { TransitionProperties(hasMotion: false) }
    var _anyTransition: AnyTransition { .identity }
}

/// Scales in and out about an anchor, as SwiftUI's `ScaleTransition`.
public struct ScaleTransition: Transition, _BuiltInTransition {
    /// The scale away from the identity phase.
    public var scale: Double
    /// The unit point the scale is about.
    public var anchor: UnitPoint
    /// Creates the transition.
    public init(_ scale: Double, anchor: UnitPoint = .center) { self.scale = scale; self.anchor = anchor }
    /// The content, scaled away from the identity phase.
    public func body(content: Content, phase: TransitionPhase) -> some View {
        content.scaleEffect(phase.isIdentity ? 1 : CGFloat(scale), anchor: anchor)
    }
    var _anyTransition: AnyTransition { .scale(scale: CGFloat(scale), anchor: anchor) }
}

/// Offsets in and out, as SwiftUI's `OffsetTransition`.
public struct OffsetTransition: Transition, _BuiltInTransition {
    /// The offset away from the identity phase.
    public var offset: CGSize
    /// Creates the transition.
    public init(_ offset: CGSize) { self.offset = offset }
    /// The content, offset away from the identity phase.
    public func body(content: Content, phase: TransitionPhase) -> some View { content.offset(phase.isIdentity ? .zero : offset) }
    var _anyTransition: AnyTransition { .offset(offset) }
}

/// Moves in from and out to an edge by the view's own size, as SwiftUI's `MoveTransition`.
///
/// Its `body`, called directly, cannot know the view's size and draws the content in place; as a
/// view's transition it moves by the view's size, as in SwiftUI.
public struct MoveTransition: Transition, _BuiltInTransition {
    /// The edge.
    public var edge: Edge
    /// Creates the transition.
    public init(edge: Edge) { self.edge = edge }
    /// The content (see the type's note).
    public func body(content: Content, phase: TransitionPhase) -> some View { content }
    var _anyTransition: AnyTransition { .move(edge: edge) }
}

/// Moves in from an edge and out to the opposite one while fading, as SwiftUI's `PushTransition`.
///
/// Its `body`, called directly, draws only the fade (see `MoveTransition`).
public struct PushTransition: Transition, _BuiltInTransition {
    /// The edge the view comes in from.
    public var edge: Edge
    /// Creates the transition.
    public init(edge: Edge) { self.edge = edge }
    /// The content, transparent away from the identity phase.
    public func body(content: Content, phase: TransitionPhase) -> some View { content.opacity(phase.isIdentity ? 1 : 0) }
    var _anyTransition: AnyTransition { .push(from: edge) }
}

/// Slides in from the leading edge and out to the trailing one, as SwiftUI's `SlideTransition`.
///
/// Its `body`, called directly, draws the content in place (see `MoveTransition`).
public struct SlideTransition: Transition, _BuiltInTransition {
    /// Creates the transition.
    public init() {}
    /// The content (see the type's note).
    public func body(content: Content, phase: TransitionPhase) -> some View { content }
    var _anyTransition: AnyTransition { .slide }
}

/// Blurs and fades the view in and out, as SwiftUI's `BlurReplaceTransition`.
///
/// The view fades while its blur goes from a radius of 20 to none and, in the `.downUp`
/// configuration, scales from 0.8. Apple does not document the radius or the scale; these are
/// this project's choice, close to how the transition looks on iOS 17.
public struct BlurReplaceTransition: Transition, _BuiltInTransition {
    /// How the view scales as it is blurred.
    public struct Configuration: Hashable, Sendable {
        let scales: Bool
        /// The view scales down as it goes and up as it comes.
        public static let downUp = Configuration(scales: true)
        /// The view only blurs.
        public static let upUp = Configuration(scales: false)
    }
    /// The configuration.
    public var configuration: Configuration
    /// Creates the transition.
    public init(configuration: Configuration = .downUp) { self.configuration = configuration }
    /// The content, blurred and transparent away from the identity phase.
    public func body(content: Content, phase: TransitionPhase) -> some View {
        content.blur(radius: phase.isIdentity ? 0 : 20).opacity(phase.isIdentity ? 1 : 0)
            .scaleEffect(phase.isIdentity || !configuration.scales ? 1 : 0.8)
    }
    var _anyTransition: AnyTransition {
        let blur = AnyTransition.modifier(active: _TransitionBlur(radius: 20), identity: _TransitionBlur(radius: 0))
        return (configuration.scales ? AnyTransition.opacity.combined(with: .scale(scale: 0.8)) : .opacity).combined(with: blur)
    }
}

/// The blur of `BlurReplaceTransition`: none on screen, so the animator has the view's blur to
/// move (a blur of radius 0 draws the view as it is).
struct _TransitionBlur: ViewModifier {
    let radius: CGFloat
    func body(content: Content) -> some View { content.blur(radius: radius) }
}

/// One transition for insertion and another for removal, as SwiftUI's `AsymmetricTransition`.
public struct AsymmetricTransition<Insertion: Transition, Removal: Transition>: Transition, _TransitionPair {
    /// The insertion's transition.
    public var insertion: Insertion
    /// The removal's transition.
    public var removal: Removal
    /// Creates the transition.
    public init(insertion: Insertion, removal: Removal) { self.insertion = insertion; self.removal = removal }
    /// The insertion's body before the view appears, the removal's after it goes, both on screen.
    public func body(content: Content, phase: TransitionPhase) -> some View {
        switch phase {
        case .willAppear: return AnyView(insertion.apply(content: content, phase: phase))
        case .didDisappear: return AnyView(removal.apply(content: content, phase: phase))
        case .identity: return AnyView(removal.apply(content: insertion.apply(content: content, phase: .identity), phase: .identity))
        }
    }
    var _anyTransition: AnyTransition { .asymmetric(insertion: AnyTransition(insertion), removal: AnyTransition(removal)) }
}

/// Two transitions at once (`Transition.combined(with:)`).
struct _CombinedTransition<First: Transition, Second: Transition>: Transition, _TransitionPair {
    let first: First
    let second: Second
    func body(content: Content, phase: TransitionPhase) -> some View {
        second.apply(content: first.apply(content: content, phase: phase), phase: phase)
    }
    var _anyTransition: AnyTransition { AnyTransition(first).combined(with: AnyTransition(second)) }
}

extension Transition where Self == OpacityTransition {
    /// Fades in and out.
    public static var opacity: OpacityTransition { OpacityTransition() }
}
extension Transition where Self == IdentityTransition {
    /// No transition.
    public static var identity: IdentityTransition { IdentityTransition() }
}
extension Transition where Self == ScaleTransition {
    /// Scales in from nothing and out to nothing.
    public static var scale: ScaleTransition { ScaleTransition(0) }
    /// Scales from `scale` about `anchor`.
    public static func scale(_ scale: Double, anchor: UnitPoint = .center) -> ScaleTransition { ScaleTransition(scale, anchor: anchor) }
}
extension Transition where Self == OffsetTransition {
    /// Offsets in from and out to `offset`.
    public static func offset(_ offset: CGSize) -> OffsetTransition { OffsetTransition(offset) }
    /// Offsets in from and out to (`x`, `y`).
    public static func offset(x: CGFloat = 0, y: CGFloat = 0) -> OffsetTransition { OffsetTransition(CGSize(width: x, height: y)) }
}
extension Transition where Self == MoveTransition {
    /// Moves in from and out to `edge`.
    public static func move(edge: Edge) -> MoveTransition { MoveTransition(edge: edge) }
}
extension Transition where Self == PushTransition {
    /// Moves in from `edge` and out to the opposite one while fading.
    public static func push(from edge: Edge) -> PushTransition { PushTransition(edge: edge) }
}
extension Transition where Self == SlideTransition {
    /// Slides in from the leading edge and out to the trailing one.
    public static var slide: SlideTransition { SlideTransition() }
}
extension Transition where Self == BlurReplaceTransition {
    /// Blurs and scales the view in and out.
    public static var blurReplace: BlurReplaceTransition { BlurReplaceTransition() }
    /// Blurs the view in and out with `configuration`.
    public static func blurReplace(_ configuration: BlurReplaceTransition.Configuration = .downUp) -> BlurReplaceTransition {
        BlurReplaceTransition(configuration: configuration)
    }
}

// MARK: - Resolving custom transitions

/// A custom part of an `AnyTransition`: how it draws the view on screen, and the states its
/// active phases leave the view in.
final class CustomTransitionPart: @unchecked Sendable {
    // @unchecked: the modifier or transition values are only read, on the thread that builds.

    /// Builds the content (`build`) in the identity state.
    let buildIdentity: (_ inputs: _ViewInputs, _ outputs: inout _ViewOutputs,
                        _ content: @escaping (_ViewInputs, inout _ViewOutputs) -> Void) -> Void
    /// Builds the content in the insertion's or the removal's active state.
    let buildActive: (_ removal: Bool, _ inputs: _ViewInputs, _ outputs: inout _ViewOutputs,
                      _ content: @escaping (_ViewInputs, inout _ViewOutputs) -> Void) -> Void
    let appliesToInsertion: Bool
    let appliesToRemoval: Bool

    private init(buildIdentity: @escaping (_ViewInputs, inout _ViewOutputs, @escaping (_ViewInputs, inout _ViewOutputs) -> Void) -> Void,
                 buildActive: @escaping (Bool, _ViewInputs, inout _ViewOutputs, @escaping (_ViewInputs, inout _ViewOutputs) -> Void) -> Void,
                 appliesToInsertion: Bool = true, appliesToRemoval: Bool = true) {
        self.buildIdentity = buildIdentity
        self.buildActive = buildActive
        self.appliesToInsertion = appliesToInsertion
        self.appliesToRemoval = appliesToRemoval
    }

    /// A `modifier(active:identity:)` transition.
    convenience init<E: ViewModifier>(active: E, identity: E) {
        self.init(
            buildIdentity: { inputs, outputs, content in buildView(ModifiedContent(content: _BuiltView(build: content), modifier: identity), inputs, &outputs) },
            buildActive: { _, inputs, outputs, content in buildView(ModifiedContent(content: _BuiltView(build: content), modifier: active), inputs, &outputs) })
    }

    /// A `Transition`.
    convenience init<T: Transition>(_ transition: T) {
        self.init(
            buildIdentity: { inputs, outputs, content in
                buildView(_TransitionPhaseView(transition: transition, phase: .identity, build: content), inputs, &outputs)
            },
            buildActive: { removal, inputs, outputs, content in
                buildView(_TransitionPhaseView(transition: transition, phase: removal ? .didDisappear : .willAppear, build: content),
                          inputs, &outputs)
            })
    }

    /// The part for only one of the ends (`asymmetric`).
    func only(insertion: Bool, removal: Bool) -> CustomTransitionPart {
        CustomTransitionPart(buildIdentity: buildIdentity, buildActive: buildActive,
                             appliesToInsertion: appliesToInsertion && insertion, appliesToRemoval: appliesToRemoval && removal)
    }

    /// Builds `content` inside every part's identity state, the first part innermost.
    static func build<V: View>(_ content: V, in parts: [CustomTransitionPart], _ inputs: _ViewInputs, _ outputs: inout _ViewOutputs) {
        var build: (_ViewInputs, inout _ViewOutputs) -> Void = { i, o in buildView(content, i, &o) }
        for part in parts {
            let inner = build
            build = { i, o in part.buildIdentity(i, &o, inner) }
        }
        build(inputs, &outputs)
    }

    /// The insertion's and the removal's states relative to the identity state: the opacity, the
    /// scale and the offset the active phases add on the way to the view, found by building each
    /// phase around a stand-in and reading its modifiers.
    /// `drawnCount` is how many shadows and clips the identity state draws on the view, which
    /// come before those of the parts inside this one.
    func ends(_ inputs: _ViewInputs) -> (insertion: TransitionState, removal: TransitionState, drawnCount: Int) {
        var i = inputs
        // Built apart from the view: at an identity of their own, registering nothing.
        i.identity = mixKey(inputs.identity, 0x7472_616e_7369_7469)
        i.key = mixKey(inputs.key, 0x7472_616e_7369_7469)
        let graph = inputs.state.graph
        graph?.suppressedRegistrationDepth += 1
        defer { graph?.suppressedRegistrationDepth -= 1 }
        let identity = Self.effects { o, stand in buildIdentity(i, &o, stand) }
        let insertion = appliesToInsertion ? Self.effects { o, stand in buildActive(false, i, &o, stand) } : identity
        let removal = appliesToRemoval ? Self.effects { o, stand in buildActive(true, i, &o, stand) } : identity
        return (insertion.relative(to: identity), removal.relative(to: identity), identity.drawn.count)
    }

    /// The opacity, scale and offset applied on the way from a phase's root to the stand-in.
    struct PhaseEffects {
        var opacity = 1.0
        var scale = 1.0
        var anchor = CGPoint(x: 0.5, y: 0.5)
        var offset = CGSize.zero
        var rotation = 0.0
        var blur = 0.0
        /// The shadows and clips the phase draws around the view, in drawing order.
        var drawn: [DisplayItem.Kind] = []

        /// This phase as a transition end, next to the identity phase.
        func relative(to identity: PhaseEffects) -> TransitionState {
            let opacity = identity.opacity > 0 ? self.opacity / identity.opacity : self.opacity
            let scale = identity.scale > 0 ? self.scale / identity.scale : self.scale
            return TransitionState(fades: opacity < 1, scale: scale, anchor: self.scale != 1 ? self.anchor : identity.anchor,
                                   offset: CGSize(width: offset.width - identity.offset.width, height: offset.height - identity.offset.height),
                                   sizeOffset: .zero, opacity: opacity,
                                   rotation: rotation - identity.rotation, blur: blur - identity.blur,
                                   drawnItems: drawnItems(relativeTo: identity.drawn))
        }

        /// The shadows and clips this phase draws in place of the identity phase's. They pair by
        /// their order, so both phases must draw the same kinds in the same order; a shadow or a
        /// clip only one phase has is not drawn on the way (the view shows the identity's).
        private func drawnItems(relativeTo identity: [DisplayItem.Kind]) -> [TransitionDrawnItem] {
            guard drawn.count == identity.count else { return [] }
            var items: [TransitionDrawnItem] = []
            for (k, (mine, theirs)) in zip(drawn, identity).enumerated() where mine != theirs {
                switch (mine, theirs) {
                case (.beginEffect(.shadow), .beginEffect(.shadow)), (.beginClip, .beginClip):
                    items.append(TransitionDrawnItem(ordinal: k, kind: mine))
                default: return []
                }
            }
            return items
        }
    }

    /// Builds a phase around a stand-in leaf and reads the effects between the root and it.
    static func effects(_ build: (inout _ViewOutputs, @escaping (_ViewInputs, inout _ViewOutputs) -> Void) -> Void) -> PhaseEffects {
        let stand = LayoutNode(kind: .shape(.rectangle), kindName: "TransitionContent")
        var outputs = _ViewOutputs()
        build(&outputs) { _, o in o.nodes.append(stand) }
        var effects = PhaseEffects()
        for root in outputs.nodes where collect(root, stand, &effects) {
            _ = drawnBefore(stand, in: root, into: &effects.drawn)
            return effects
        }
        return PhaseEffects()
    }

    /// Adds the shadows and clips drawn in `node`'s subtree up to `stand`'s own, in drawing
    /// order: those the phase draws around the view (the view's own come after them). Returns
    /// whether `stand` was reached.
    private static func drawnBefore(_ stand: LayoutNode, in node: LayoutNode, into drawn: inout [DisplayItem.Kind]) -> Bool {
        for item in node.preItems where TransitionDrawnItem.counts(item) { drawn.append(item) }
        if node === stand { return true }
        for child in node.children where drawnBefore(stand, in: child, into: &drawn) { return true }
        return false
    }

    /// Adds the effects of `node` and of its descendants down to `stand`, if it is among them.
    private static func collect(_ node: LayoutNode, _ stand: LayoutNode, _ effects: inout PhaseEffects) -> Bool {
        var mine = PhaseEffects()
        for item in node.preItems {
            switch item {
            case .beginOpacity(let o): mine.opacity *= o
            case .beginEffect(.scale(let x, let y, let anchor)):
                let s = (Double(x) + Double(y)) / 2
                if mine.scale == 1 && s != 1 { mine.anchor = anchor }
                mine.scale *= s
            case .beginEffect(.rotation(let radians, _)): mine.rotation += radians
            case .beginEffect(.blur(let radius, _)): mine.blur += Double(radius)
            default: break
            }
        }
        if case .offset(let layout) = node.kind { mine.offset = layout.offset }
        let found = node === stand || node.children.contains { collect($0, stand, &effects) }
        guard found else { return false }
        effects.opacity *= mine.opacity
        if effects.scale == 1 && mine.scale != 1 { effects.anchor = mine.anchor }
        effects.scale *= mine.scale
        effects.offset.width += mine.offset.width
        effects.offset.height += mine.offset.height
        effects.rotation += mine.rotation
        effects.blur += mine.blur
        return true
    }
}
