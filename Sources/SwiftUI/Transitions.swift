import Foundation
import LayoutCore

/// How a view enters and leaves, as SwiftUI's `AnyTransition`.
///
/// SwiftUI rules: a view inserted or removed inside an animated change runs its transition
/// (the default is `.opacity`); the transaction's animation drives it. Transitions are the
/// built-in ones (opacity, a uniform scale about an anchor, offsets and moves by the view's own
/// size), custom ones (`modifier(active:identity:)`, a `Transition`) and their combinations.
/// A transition given its own animation (`animation(_:)`) runs with it instead of the change's,
/// even in an unanimated change.
public struct AnyTransition: Sendable {
    /// The insertion and removal ends of the built-in parts, with `move` edges still in
    /// leading/trailing terms.
    let insertion: TransitionState
    let removal: TransitionState
    /// The custom parts (`modifier(active:identity:)`, `Transition`s), innermost first: each
    /// wraps the view in its identity state and adds its active states to the ends.
    let custom: [CustomTransitionPart]
    /// The animations given with `animation(_:)`, per end (nil: the change's).
    var insertionAnimation: TransitionAnimation? = nil
    var removalAnimation: TransitionAnimation? = nil

    init(insertion: TransitionState, removal: TransitionState, custom: [CustomTransitionPart] = [],
         insertionAnimation: TransitionAnimation? = nil, removalAnimation: TransitionAnimation? = nil) {
        self.insertion = insertion
        self.removal = removal
        self.custom = custom
        self.insertionAnimation = insertionAnimation
        self.removalAnimation = removalAnimation
    }

    init(both state: TransitionState) { self.init(insertion: state, removal: state) }

    /// Fades in and out.
    public static let opacity = AnyTransition(both: TransitionState(fades: true, scale: 1, anchor: CGPoint(x: 0.5, y: 0.5),
                                                                   offset: .zero, sizeOffset: .zero))
    /// Scales in from nothing and out to nothing, about the centre.
    public static let scale = AnyTransition.scale(scale: 0)
    /// Scales from `scale` about `anchor`.
    public static func scale(scale: CGFloat, anchor: UnitPoint = .center) -> AnyTransition {
        AnyTransition(both: TransitionState(fades: false, scale: Double(scale), anchor: CGPoint(x: anchor.x, y: anchor.y),
                                            offset: .zero, sizeOffset: .zero))
    }
    /// Slides in from the leading edge and out towards the trailing edge.
    public static let slide = AnyTransition(insertion: moveState(.leading), removal: moveState(.trailing))
    /// No transition: the view appears and goes at once.
    public static let identity = AnyTransition(both: .identity)
    /// Moves in from `edge` and out towards it, by the view's own size.
    public static func move(edge: Edge) -> AnyTransition { AnyTransition(both: moveState(edge)) }
    /// Moves in from `edge` while fading in, and out towards the opposite edge while fading out.
    public static func push(from edge: Edge) -> AnyTransition {
        AnyTransition(insertion: moveState(edge).combined(with: opacity.insertion),
                      removal: moveState(edge.opposite).combined(with: opacity.removal))
    }
    /// Offsets in from and out to `offset`.
    public static func offset(_ offset: CGSize) -> AnyTransition {
        AnyTransition(both: TransitionState(fades: false, scale: 1, anchor: CGPoint(x: 0.5, y: 0.5), offset: offset, sizeOffset: .zero))
    }
    /// Offsets in from and out to (`x`, `y`).
    public static func offset(x: CGFloat = 0, y: CGFloat = 0) -> AnyTransition { offset(CGSize(width: x, height: y)) }
    /// `insertion` when the view is inserted and `removal` when it is removed.
    public static func asymmetric(insertion: AnyTransition, removal: AnyTransition) -> AnyTransition {
        AnyTransition(insertion: insertion.insertion, removal: removal.removal,
                      custom: insertion.custom.map { $0.only(insertion: true, removal: false) }
                        + removal.custom.map { $0.only(insertion: false, removal: true) },
                      insertionAnimation: insertion.insertionAnimation, removalAnimation: removal.removalAnimation)
    }
    /// Both transitions at once (with this one's animation, or else `other`'s).
    public func combined(with other: AnyTransition) -> AnyTransition {
        AnyTransition(insertion: insertion.combined(with: other.insertion), removal: removal.combined(with: other.removal),
                      custom: custom + other.custom,
                      insertionAnimation: insertionAnimation ?? other.insertionAnimation,
                      removalAnimation: removalAnimation ?? other.removalAnimation)
    }
    /// The transition with its own animation, as in SwiftUI: the view's insertion and removal
    /// run with `animation` instead of the change's, also when the change is not animated;
    /// `nil` makes the view appear and go at once.
    public func animation(_ animation: Animation?) -> AnyTransition {
        var t = self
        let own = animation.map { TransitionAnimation.animated($0) } ?? .instant
        t.insertionAnimation = own
        t.removalAnimation = own
        return t
    }

    /// A move by the view's size towards `edge`, leading/trailing in leading terms (x < 0 is leading).
    private static func moveState(_ edge: Edge) -> TransitionState {
        let offset: CGSize
        switch edge {
        case .leading: offset = CGSize(width: -1, height: 0)
        case .trailing: offset = CGSize(width: 1, height: 0)
        case .top: offset = CGSize(width: 0, height: -1)
        case .bottom: offset = CGSize(width: 0, height: 1)
        }
        return TransitionState(fades: false, scale: 1, anchor: CGPoint(x: 0.5, y: 0.5), offset: .zero, sizeOffset: offset)
    }

    /// The transition for a view laid out in `direction`: leading and trailing moves become left
    /// or right.
    func resolved(in direction: LayoutDirection) -> ViewTransition {
        guard direction == .rightToLeft else {
            return ViewTransition(insertion: insertion, removal: removal,
                                  insertionAnimation: insertionAnimation, removalAnimation: removalAnimation)
        }
        func flip(_ s: TransitionState) -> TransitionState {
            var s = s
            s.sizeOffset.width = -s.sizeOffset.width
            return s
        }
        return ViewTransition(insertion: flip(insertion), removal: flip(removal),
                              insertionAnimation: insertionAnimation, removalAnimation: removalAnimation)
    }
}

extension Edge {
    /// The edge across from this one.
    var opposite: Edge {
        switch self {
        case .leading: return .trailing
        case .trailing: return .leading
        case .top: return .bottom
        case .bottom: return .top
        }
    }
}

extension View {
    /// Puts the view in the geometry group `id` of `namespace`, as in SwiftUI.
    ///
    /// SwiftUI rules: a source view (`isSource: true`, the default) lends its geometry to the
    /// group. When a change removes one source of the group and inserts another, the inserted
    /// view starts at the removed one's frame (or only its position or size, as `properties`
    /// says, the views' `anchor` points lying on each other) and the removed one goes to the
    /// inserted one's, each running its transition (a cross-fade by default); a source's own
    /// layout doesn't change. A view with `isSource: false` takes the geometry of the group's
    /// source on screen: it is proposed the source's size and moved so that its anchor lies on
    /// the source's (the selection capsule that follows the selected tab); with no source on
    /// screen it is laid out as itself.
    public func matchedGeometryEffect<ID: Hashable>(id: ID, in namespace: Namespace.ID, properties: MatchedGeometryProperties = .frame,
                                                    anchor: UnitPoint = .center, isSource: Bool = true) -> some View {
        var hasher = Hasher()
        hasher.combine(namespace)
        hasher.combine(id)
        let key = hasher.finalize()
        let position = properties.contains(.position), size = properties.contains(.size)
        return _ModifiedView(content: self) { inputs, outputs, content in
            if isSource {
                let group = MatchedGeometry(key: key, position: position, size: size,
                                            anchor: anchor == .center ? nil : CGPoint(x: anchor.x, y: anchor.y))
                let start = outputs.nodes.count
                buildView(content, inputs, &outputs)
                for n in outputs.nodes[start...] { Self.editTransition(of: n) { $0.matchedGeometry = group } }
            } else {
                for n in buildNodes(content, inputs) {
                    let follower = LayoutNode.wrapping(MatchedGeometryFollower.wrappers(around: n),
                                                       kind: .frame(FixedFrame(width: nil, height: nil, alignment: .center)),
                                                       kindName: "matchedGeometryEffect", detail: "isSource: false")
                    follower.postLayoutAttachment = MatchedGeometryFollower(key: key, matchesPosition: position, matchesSize: size,
                                                                            anchor: anchor)
                    outputs.nodes.append(follower)
                }
            }
        }
    }

    /// Edits the view's one transition bracket (which also carries its matched geometry),
    /// opening one with the default `.opacity` when the view has none.
    fileprivate static func editTransition(of n: LayoutNode, _ edit: (inout ViewTransition) -> Void) {
        for k in n.preItems.indices {
            guard case .beginEffect(.transition(var t)) = n.preItems[k] else { continue }
            edit(&t)
            n.preItems[k] = .beginEffect(.transition(t))
            return
        }
        var t = ViewTransition.opacity
        edit(&t)
        n.preItems.insert(.beginEffect(.transition(t)), at: 0)
        n.postItems.append(.endEffect)
    }

    /// How the view enters and leaves when it is inserted or removed in an animated change, as
    /// in SwiftUI. It doesn't change the layout.
    ///
    /// SwiftUI rule: the transition applies to the view and everything inside it; a view with
    /// no transition fades (`.opacity`). Views inserted with an ancestor that has a transition
    /// move with it (and fade only if that transition fades).
    public func transition(_ t: AnyTransition) -> some View {
        _ModifiedView(content: self) { inputs, outputs, content in
            let start = outputs.nodes.count
            var resolved = t.resolved(in: inputs.environment.layoutDirection)
            if t.custom.isEmpty {
                buildView(content, inputs, &outputs)
            } else {
                // A custom transition shows the view in its identity state, and its active
                // states are found by building them around a stand-in for the view.
                CustomTransitionPart.build(content, in: t.custom, inputs, &outputs)
                for part in t.custom {
                    let ends = part.ends(inputs)
                    // The parts so far are inside this one: the view draws their shadows and
                    // clips after this part's own.
                    resolved.insertion = resolved.insertion.drawnItemsShifted(by: ends.drawnCount)
                    resolved.removal = resolved.removal.drawnItemsShifted(by: ends.drawnCount)
                    if part.appliesToInsertion { resolved.insertion = resolved.insertion.combined(with: ends.insertion) }
                    if part.appliesToRemoval { resolved.removal = resolved.removal.combined(with: ends.removal) }
                }
            }
            for n in outputs.nodes[start...] {
                // One transition per view: the outermost `.transition` wins, as a trait written
                // outside overrides the one inside; a matched geometry group on the view stays.
                Self.editTransition(of: n) {
                    $0.insertion = resolved.insertion
                    $0.removal = resolved.removal
                    $0.insertionAnimation = resolved.insertionAnimation
                    $0.removalAnimation = resolved.removalAnimation
                }
            }
        }
    }
}
