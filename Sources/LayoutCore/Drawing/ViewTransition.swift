import Foundation

/// How a view looks at one end of a transition: when it is about to appear (insertion) or has
/// just gone (removal). The identity state draws the view as laid out.
///
/// SwiftUI rule: a transition is a pair of modifier states, "active" at the far end and
/// "identity" on screen; the built-in ones combine opacity, a uniform scale about an anchor
/// and an offset (absolute, or a multiple of the view's own size for `move`/`push`/`slide`).
public struct TransitionState: Hashable, Sendable, Codable {
    /// Whether the view's opacity changes at this end (`.opacity`, `.push`, a custom transition
    /// whose active state has an `opacity` below 1).
    public var fades: Bool
    /// The opacity the view has at this end when it `fades`: 0 for `.opacity`; a custom
    /// transition's active state may leave it partly visible.
    public var opacity: Double
    /// The uniform scale at this end (1: none; `.scale` is 0).
    public var scale: Double
    /// The unit point of the view's frame the scale is about.
    public var anchor: CGPoint
    /// An absolute offset, in points (`.offset(x:y:)`).
    public var offset: CGSize
    /// An offset in multiples of the view's size (`.move(edge: .leading)` is (−1, 0)), already
    /// resolved for the layout direction.
    public var sizeOffset: CGSize
    /// A custom transition's rotation at this end, in radians, added to the view's own
    /// `rotationEffect` (nil: none). It moves the view's first rotation effect.
    public var rotation: Double?
    /// A custom transition's blur radius at this end, added to the view's own `blur` (nil: none).
    public var blur: Double?
    /// A custom transition's shadows and clip shapes at this end, where they differ from how
    /// the view is drawn on screen: each replaces the view's item it names, and animates from or
    /// to it (empty: none).
    public var drawnItems: [TransitionDrawnItem]

    /// The state that draws the view as laid out.
    public static let identity = TransitionState(fades: false, scale: 1, anchor: CGPoint(x: 0.5, y: 0.5),
                                                 offset: .zero, sizeOffset: .zero)

    /// Creates a state from its parts. A state that fades to an opacity of 1 (or more) does not
    /// fade; NaN counts as 0.
    public init(fades: Bool, scale: Double, anchor: CGPoint, offset: CGSize, sizeOffset: CGSize, opacity: Double = 0,
                rotation: Double? = nil, blur: Double? = nil, drawnItems: [TransitionDrawnItem] = []) {
        let o = opacity.isNaN ? 0 : min(max(opacity, 0), 1)
        self.fades = fades && o < 1
        self.opacity = self.fades ? o : 0
        self.scale = scale.isFinite ? max(scale, 0) : 1
        self.anchor = CGPoint(x: anchor.x.isFinite ? anchor.x : 0.5, y: anchor.y.isFinite ? anchor.y : 0.5)
        self.offset = CGSize(width: offset.width.isFinite ? offset.width : 0, height: offset.height.isFinite ? offset.height : 0)
        self.sizeOffset = CGSize(width: sizeOffset.width.isFinite ? sizeOffset.width : 0,
                                 height: sizeOffset.height.isFinite ? sizeOffset.height : 0)
        self.rotation = rotation.flatMap { $0.isFinite && $0 != 0 ? $0 : nil }
        self.blur = blur.flatMap { $0.isFinite && $0 != 0 ? $0 : nil }
        self.drawnItems = drawnItems
    }

    /// Whether this end draws the view as laid out (`.identity`: the view appears or goes at once).
    public var isIdentity: Bool { !fades && scale == 1 && offset == .zero && sizeOffset == .zero && !changesEffects }

    /// Whether this end turns, blurs, shadows or clips the view differently (a custom
    /// transition's rotation, blur, shadow or clip shape).
    public var changesEffects: Bool { rotation != nil || blur != nil || !drawnItems.isEmpty }

    /// Whether the view moves or scales at this end (more than a fade).
    public var transforms: Bool { scale != 1 || offset != .zero || sizeOffset != .zero }

    /// Both states at once (`combined(with:)`): fades if either fades (the opacities multiply),
    /// the scales multiply (about the first non-unit scale's anchor) and the offsets add.
    ///
    /// SwiftUI rule: combined transitions apply both modifiers to the view.
    public func combined(with other: TransitionState) -> TransitionState {
        TransitionState(fades: fades || other.fades, scale: scale * other.scale,
                        anchor: scale != 1 ? anchor : other.anchor,
                        offset: CGSize(width: offset.width + other.offset.width, height: offset.height + other.offset.height),
                        sizeOffset: CGSize(width: sizeOffset.width + other.sizeOffset.width,
                                           height: sizeOffset.height + other.sizeOffset.height),
                        opacity: (fades ? opacity : 1) * (other.fades ? other.opacity : 1),
                        rotation: rotation == nil && other.rotation == nil ? nil : (rotation ?? 0) + (other.rotation ?? 0),
                        blur: blur == nil && other.blur == nil ? nil : (blur ?? 0) + (other.blur ?? 0),
                        drawnItems: drawnItems + other.drawnItems)
    }

    /// This end with its drawn items' places moved past `count` items drawn before them (the
    /// shadows and clips of a transition applied outside this one).
    public func drawnItemsShifted(by count: Int) -> TransitionState {
        guard count != 0, !drawnItems.isEmpty else { return self }
        var s = self
        for k in s.drawnItems.indices { s.drawnItems[k].ordinal += count }
        return s
    }

    /// The transform that draws a view whose frame is `frame` at this end, as `point·scale +
    /// translation`: the scale about the anchor, then the offsets.
    public func transform(in frame: CGRect) -> PresentedTransform {
        let w = frame.width.isFinite ? Double(frame.width) : 0, h = frame.height.isFinite ? Double(frame.height) : 0
        let x = frame.minX.isFinite ? Double(frame.minX) : 0, y = frame.minY.isFinite ? Double(frame.minY) : 0
        let ax = x + Double(anchor.x) * w, ay = y + Double(anchor.y) * h
        let dx = Double(offset.width) + Double(sizeOffset.width) * w
        let dy = Double(offset.height) + Double(sizeOffset.height) * h
        return PresentedTransform(scale: scale, tx: ax * (1 - scale) + dx, ty: ay * (1 - scale) + dy)
    }
}

/// A shadow or a clip shape a custom transition draws at one of its ends in place of the one
/// the view has on screen.
///
/// SwiftUI rule: a transition animates every animatable property its active phase differs in
/// from its identity phase, so `.shadow(radius: phase.isIdentity ? 8 : 0)` or
/// `.clipShape(Circle().scale(phase.isIdentity ? 1 : 0))` (a reveal) move with the view.
public struct TransitionDrawnItem: Hashable, Sendable, Codable {
    /// Which shadow or clip it replaces, counted in drawing order among the `shadow` effects and
    /// `beginClip` items of the view's subtree (a transition's own come first: they are drawn
    /// around the view).
    public var ordinal: Int
    /// The item at this end: a `beginEffect(.shadow)` or a `beginClip`.
    public var kind: DisplayItem.Kind
    /// Creates the item.
    public init(ordinal: Int, kind: DisplayItem.Kind) { self.ordinal = ordinal; self.kind = kind }

    /// Whether `kind` is one a transition's end may replace (a shadow effect or a clip).
    public static func counts(_ kind: DisplayItem.Kind) -> Bool {
        switch kind {
        case .beginEffect(.shadow), .beginClip: return true
        default: return false
        }
    }
}

/// A view's transition: how it looks as it is inserted and as it is removed.
///
/// SwiftUI rule: `.transition(_:)` sets the view's transition trait; the default is `.opacity`
/// (a view with no `.transition` fades in and out).
public struct ViewTransition: Hashable, Sendable, Codable {
    /// The state an inserted view starts from.
    public var insertion: TransitionState
    /// The state a removed view ends at.
    public var removal: TransitionState

    /// The `matchedGeometryEffect` group the view belongs to (its namespace and id, hashed), or
    /// nil. An inserted and a removed view of one group trade frames as they cross-fade.
    public var matchedGeometry: MatchedGeometry?

    /// The animation the transition brings to an insertion (`AnyTransition.animation(_:)`), or
    /// nil: the change's.
    public var insertionAnimation: TransitionAnimation?
    /// The animation the transition brings to a removal, or nil: the change's.
    public var removalAnimation: TransitionAnimation?

    /// Creates a transition from its two ends.
    public init(insertion: TransitionState, removal: TransitionState, matchedGeometry: MatchedGeometry? = nil,
                insertionAnimation: TransitionAnimation? = nil, removalAnimation: TransitionAnimation? = nil) {
        self.insertion = insertion
        self.removal = removal
        self.matchedGeometry = matchedGeometry
        self.insertionAnimation = insertionAnimation
        self.removalAnimation = removalAnimation
    }

    /// The default transition: a fade.
    public static let opacity = ViewTransition(
        insertion: TransitionState(fades: true, scale: 1, anchor: CGPoint(x: 0.5, y: 0.5), offset: .zero, sizeOffset: .zero),
        removal: TransitionState(fades: true, scale: 1, anchor: CGPoint(x: 0.5, y: 0.5), offset: .zero, sizeOffset: .zero))
}

/// The animation a transition brings with it (`AnyTransition.animation(_:)`).
///
/// SwiftUI rule: a transition's own animation drives the view's insertion or removal in place
/// of the change's, so `.transition(.opacity.animation(.easeIn))` fades the view even when the
/// change that inserts it is not animated; `.animation(nil)` makes it appear and go at once.
/// (Apple documents only "attaches an animation to this transition"; that an unanimated change
/// runs it too is this project's reading, tested in `TransitionAnimationTests`.)
public enum TransitionAnimation: Hashable, Sendable, Codable {
    /// The transition runs with this animation.
    case animated(Animation)
    /// The transition does not animate: the view appears or goes at once.
    case instant

    /// The animation to run with, nil when the transition is instant (an instant animation
    /// counts as none).
    public var animation: Animation? {
        if case .animated(let a) = self, !a.isInstant { return a }
        return nil
    }
}

/// A view's `matchedGeometryEffect`: which group it is in and what of its geometry it takes.
///
/// SwiftUI rule: when one view of a group is removed and another inserted in the same change,
/// the inserted one starts at the removed one's frame and the removed one goes to the inserted
/// one's, while their transitions (a fade by default) run.
public struct MatchedGeometry: Hashable, Sendable, Codable {
    /// The group: the namespace and the id, hashed together.
    public var key: Int
    /// Whether the position is matched (`.frame`, `.position`).
    public var position: Bool
    /// Whether the size is matched (`.frame`, `.size`).
    public var size: Bool
    /// The unit point of both frames that is matched when only the position is (nil: the centre).
    public var anchor: CGPoint?

    /// Creates a group membership.
    public init(key: Int, position: Bool, size: Bool, anchor: CGPoint? = nil) {
        self.key = key
        self.position = position
        self.size = size
        self.anchor = anchor
    }

    /// The frame a view laid out at `own` takes from its partner's `partner` frame: the
    /// partner's size when the size is matched, and its anchor point on the partner's when the
    /// position is.
    public func frame(_ own: CGRect, from partner: CGRect) -> CGRect {
        let size = self.size ? partner.size : own.size
        let a = anchor ?? CGPoint(x: 0.5, y: 0.5)
        let pin = position ? CGPoint(x: partner.minX + a.x * partner.width, y: partner.minY + a.y * partner.height)
                           : CGPoint(x: own.minX + a.x * own.width, y: own.minY + a.y * own.height)
        return CGRect(x: pin.x - a.x * size.width, y: pin.y - a.y * size.height, width: size.width, height: size.height)
    }
}

/// A view's presented transform during a transition: a point `p` is drawn at `p·scale + (tx, ty)`,
/// for the view and everything inside it.
///
/// Stored in this form because interpolating `scale`, `tx` and `ty` linearly is exactly a scale
/// about a fixed anchor plus an offset, each interpolated linearly.
public struct PresentedTransform: Hashable, Sendable {
    /// The uniform scale.
    public var scale: Double
    /// The horizontal translation, in points.
    public var tx: Double
    /// The vertical translation, in points.
    public var ty: Double

    /// Creates a transform.
    public init(scale: Double, tx: Double, ty: Double) {
        self.scale = scale
        self.tx = tx
        self.ty = ty
    }

    /// No transform.
    public static let identity = PresentedTransform(scale: 1, tx: 0, ty: 0)

    /// Whether the transform leaves every point where it is.
    public var isIdentity: Bool { scale == 1 && tx == 0 && ty == 0 }
}
