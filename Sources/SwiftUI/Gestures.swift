import Foundation
import LayoutCore

// Gestures, as SwiftUI's: values that describe what a view recognizes (`DragGesture`,
// `LongPressGesture`, …), modified with callbacks (`onChanged`, `onEnded`, `updating`) and
// composed (`simultaneously`, `sequenced`, `exclusively`). In a live preview each pointer
// sequence (a press, its motion and its release, or a pinch) makes a fresh recognizer from the
// gesture value the last build attached, as SwiftUI makes one per touch sequence
// (`Graph/GestureRecognition.swift` runs and arbitrates them). A one-off layout recognizes
// nothing: it is a snapshot.

/// An input a view recognizes, as SwiftUI's `Gesture`: a primitive gesture, a gesture with
/// callbacks, or gestures composed. A gesture of your own declares `body`, as a view does.
public protocol Gesture<Value> {
    /// What the gesture reports as it changes and when it ends.
    associatedtype Value
    /// The gesture this one is made of (`Never` for the primitive ones).
    associatedtype Body: Gesture
    /// The gesture this one is made of.
    var body: Body { get }
    /// A recognizer for one pointer sequence (engine-internal).
    func _makeRecognizer() -> _GestureRecognizer<Value>
}

extension Gesture where Body.Value == Value {
    /// A gesture made of another is recognized as that one.
    public func _makeRecognizer() -> _GestureRecognizer<Value> { body._makeRecognizer() }
}

extension Gesture where Body == Never {
    /// Traps: a primitive gesture has no body.
    public var body: Never { fatalError("\(Self.self) is a primitive gesture and has no body") }
}

extension Never: Gesture {
    /// `Never` reports nothing.
    public typealias Value = Never
    /// Traps: `Never` is never recognized.
    public func _makeRecognizer() -> _GestureRecognizer<Never> { fatalError("Never is not a gesture") }
}

// MARK: - Coordinate spaces

/// The coordinate space of a gesture's locations: `.local` (the view's own, the default),
/// `.global` (the preview's) or `.named(_:)`, as SwiftUI's `CoordinateSpaceProtocol`.
public protocol _GestureCoordinateSpace {
    /// The space.
    var _space: CoordinateSpace { get }
}
/// A coordinate space named in a gesture (engine-internal).
public struct _GestureSpace: _GestureCoordinateSpace {
    /// The space.
    public let _space: CoordinateSpace
    /// The view's own space.
    public init() { _space = .local }
    init(_ space: CoordinateSpace) { _space = space }
}
extension _GestureCoordinateSpace where Self == _GestureSpace {
    /// The view's own space: locations from its top-leading corner.
    public static var local: _GestureSpace { _GestureSpace(.local) }
    /// The preview's space.
    public static var global: _GestureSpace { _GestureSpace(.global) }
    /// The space a `coordinateSpace(name:)` names.
    public static func named<N: Hashable>(_ name: N) -> _GestureSpace { _GestureSpace(.named(AnyHashable(name))) }
}
extension CoordinateSpace: _GestureCoordinateSpace {
    /// The space itself.
    public var _space: CoordinateSpace { self }
}

// MARK: - Primitive gestures

/// A tap (or several), as SwiftUI's `TapGesture`: recognized when the press of the `count`-th
/// click comes up within 10 points of where it went down.
public struct TapGesture: Gesture {
    /// A tap reports nothing.
    public typealias Value = Void
    /// The number of clicks.
    public var count: Int
    /// Creates a tap gesture of `count` clicks.
    public init(count: Int = 1) { self.count = max(1, count) }
    public typealias Body = Never
    public func _makeRecognizer() -> _GestureRecognizer<Void> { TapRecognizer(count: count, space: .local).map { _ in () } }
}

/// A tap that reports where it landed, as SwiftUI's `SpatialTapGesture` (iOS 16).
public struct SpatialTapGesture: Gesture {
    /// Where the tap landed.
    public struct Value: Equatable, @unchecked Sendable {
        /// The location, in the gesture's coordinate space.
        public var location: CGPoint
    }
    /// The number of clicks.
    public var count: Int
    /// The space of `location`.
    public var coordinateSpace: CoordinateSpace
    /// Creates the gesture.
    public init<C: _GestureCoordinateSpace>(count: Int = 1, coordinateSpace: C = .local) {
        self.count = max(1, count); self.coordinateSpace = coordinateSpace._space
    }
    public typealias Body = Never
    public func _makeRecognizer() -> _GestureRecognizer<Value> {
        TapRecognizer(count: count, space: coordinateSpace).map { Value(location: $0) }
    }
}

/// A press held, as SwiftUI's `LongPressGesture`: its value is `true` while the press is down
/// (`updating` and `onChanged` see it at once), and it ends (`onEnded(true)`) when the press
/// has been held `minimumDuration` seconds without moving more than `maximumDistance` points.
/// A press released earlier, or moved further, fails. Time is the preview's clock.
public struct LongPressGesture: Gesture {
    /// Whether the press is down.
    public typealias Value = Bool
    /// How long the press must last, in seconds.
    public var minimumDuration: Double
    /// How far the press may move, in points.
    public var maximumDistance: CGFloat
    /// Creates a long press gesture.
    public init(minimumDuration: Double = 0.5, maximumDistance: CGFloat = 10) {
        self.minimumDuration = minimumDuration; self.maximumDistance = maximumDistance
    }
    public typealias Body = Never
    public func _makeRecognizer() -> _GestureRecognizer<Bool> {
        LongPressRecognizer(minimumDuration: minimumDuration, maximumDistance: maximumDistance)
    }
}

/// A drag, as SwiftUI's `DragGesture`: recognized once the press has moved `minimumDistance`
/// points from where it went down (at once for 0), then reports each move and the release.
public struct DragGesture: Gesture {
    /// The state of a drag, as SwiftUI's `DragGesture.Value`.
    public struct Value: Equatable, @unchecked Sendable {
        /// When the event happened.
        public var time: Date
        /// Where the pointer is, in the gesture's coordinate space.
        public var location: CGPoint
        /// Where the press went down.
        public var startLocation: CGPoint
        /// `location - startLocation`.
        public var translation: CGSize
        /// How fast the pointer moves, in points per second (over the last tenth of a second).
        public var velocity: CGSize
        /// Where the drag would end if released now: `location` plus a quarter second of `velocity`.
        public var predictedEndLocation: CGPoint
        /// `predictedEndLocation - startLocation`.
        public var predictedEndTranslation: CGSize
    }
    /// How far the press moves before the drag is recognized.
    public var minimumDistance: CGFloat
    /// The space of the locations.
    public var coordinateSpace: CoordinateSpace
    /// Creates a drag gesture with locations in the view's own space.
    public init(minimumDistance: CGFloat = 10) { self.minimumDistance = minimumDistance; coordinateSpace = .local }
    /// Creates a drag gesture with locations in `coordinateSpace`.
    public init<C: _GestureCoordinateSpace>(minimumDistance: CGFloat = 10, coordinateSpace: C) {
        self.minimumDistance = minimumDistance; self.coordinateSpace = coordinateSpace._space
    }
    public typealias Body = Never
    public func _makeRecognizer() -> _GestureRecognizer<Value> {
        DragRecognizer(minimumDistance: minimumDistance, space: coordinateSpace)
    }
}

/// A pinch, as SwiftUI's `MagnifyGesture` (iOS 17): recognized once the scale has changed by
/// `minimumScaleDelta`. On a desktop a touchpad pinch makes one; with a mouse, Ctrl+wheel over
/// the view (the canvas zooms when nothing under the pointer magnifies).
public struct MagnifyGesture: Gesture {
    /// The state of a magnification.
    public struct Value: Equatable, @unchecked Sendable {
        /// When the event happened.
        public var time: Date
        /// The scale since the pinch began (1: none).
        public var magnification: CGFloat
        /// How fast the scale changes, per second.
        public var velocity: CGFloat
        /// Where the pinch began, as a unit point of the view.
        public var startAnchor: UnitPoint
        /// Where the pinch began, in the view's space.
        public var startLocation: CGPoint
    }
    /// The least change of scale recognized.
    public var minimumScaleDelta: CGFloat
    /// Creates the gesture.
    public init(minimumScaleDelta: CGFloat = 0.01) { self.minimumScaleDelta = minimumScaleDelta }
    public typealias Body = Never
    public func _makeRecognizer() -> _GestureRecognizer<Value> { TransformRecognizer(minimum: minimumScaleDelta, rotates: false).map(\.magnify) }
}

/// A pinch reporting its scale alone, as SwiftUI's older `MagnificationGesture`.
public struct MagnificationGesture: Gesture {
    /// The scale since the pinch began.
    public typealias Value = CGFloat
    /// The least change of scale recognized.
    public var minimumScaleDelta: CGFloat
    /// Creates the gesture.
    public init(minimumScaleDelta: CGFloat = 0.01) { self.minimumScaleDelta = minimumScaleDelta }
    public typealias Body = Never
    public func _makeRecognizer() -> _GestureRecognizer<CGFloat> { TransformRecognizer(minimum: minimumScaleDelta, rotates: false).map(\.magnify.magnification) }
}

/// A two-finger rotation, as SwiftUI's `RotateGesture` (iOS 17): recognized once the angle has
/// changed by `minimumAngleDelta`. On a desktop a touchpad's rotation makes one; with a mouse,
/// Ctrl+Shift+wheel over the view, 5° a notch.
public struct RotateGesture: Gesture {
    /// The state of a rotation.
    public struct Value: Equatable, @unchecked Sendable {
        /// When the event happened.
        public var time: Date
        /// The rotation since the gesture began (clockwise on screen).
        public var rotation: Angle
        /// How fast it turns, per second.
        public var velocity: Angle
        /// Where it began, as a unit point of the view.
        public var startAnchor: UnitPoint
        /// Where it began, in the view's space.
        public var startLocation: CGPoint
    }
    /// The least rotation recognized.
    public var minimumAngleDelta: Angle
    /// Creates the gesture.
    public init(minimumAngleDelta: Angle = .degrees(1)) { self.minimumAngleDelta = minimumAngleDelta }
    public typealias Body = Never
    public func _makeRecognizer() -> _GestureRecognizer<Value> { TransformRecognizer(minimum: minimumAngleDelta.radians, rotates: true).map(\.rotate) }
}

/// A rotation reporting its angle alone, as SwiftUI's older `RotationGesture`.
public struct RotationGesture: Gesture {
    /// The rotation since the gesture began.
    public typealias Value = Angle
    /// The least rotation recognized.
    public var minimumAngleDelta: Angle
    /// Creates the gesture.
    public init(minimumAngleDelta: Angle = .degrees(1)) { self.minimumAngleDelta = minimumAngleDelta }
    public typealias Body = Never
    public func _makeRecognizer() -> _GestureRecognizer<Angle> { TransformRecognizer(minimum: minimumAngleDelta.radians, rotates: true).map(\.rotate.rotation) }
}

// MARK: - Callbacks

/// A gesture whose value changes run an action, as SwiftUI's `_ChangedGesture`.
public struct _ChangedGesture<Content: Gesture>: Gesture where Content.Value: Equatable {
    public typealias Value = Content.Value
    let content: Content
    let action: (Content.Value) -> Void
    public typealias Body = Never
    public func _makeRecognizer() -> _GestureRecognizer<Value> { ChangedRecognizer(content._makeRecognizer(), action) }
}

/// A gesture whose end runs an action, as SwiftUI's `_EndedGesture`.
public struct _EndedGesture<Content: Gesture>: Gesture {
    public typealias Value = Content.Value
    let content: Content
    let action: (Content.Value) -> Void
    public typealias Body = Never
    public func _makeRecognizer() -> _GestureRecognizer<Value> { EndedRecognizer(content._makeRecognizer(), action) }
}

/// A gesture that updates a `@GestureState` while it runs, as SwiftUI's `GestureStateGesture`.
public struct GestureStateGesture<Base: Gesture, State>: Gesture {
    public typealias Value = Base.Value
    /// The gesture.
    public var base: Base
    /// The state it updates.
    public var state: GestureState<State>
    /// What it does with each value (SwiftUI names it `body`, which here is the gesture's).
    public var update: (Base.Value, inout State, inout Transaction) -> Void
    /// A gesture updating `state` with `body`.
    public init(base: Base, state: GestureState<State>, body: @escaping (Base.Value, inout State, inout Transaction) -> Void) {
        self.base = base; self.state = state; self.update = body
    }
    /// A primitive gesture: it has no body.
    public typealias Body = Never
    public func _makeRecognizer() -> _GestureRecognizer<Value> { UpdatingRecognizer(base._makeRecognizer(), state: state, body: update) }
}

/// A gesture whose value is transformed, as SwiftUI's `_MapGesture`.
public struct _MapGesture<Content: Gesture, Value>: Gesture {
    let content: Content
    let transform: (Content.Value) -> Value
    public typealias Body = Never
    public func _makeRecognizer() -> _GestureRecognizer<Value> { content._makeRecognizer().map(transform) }
}

extension Gesture {
    /// Runs `action` each time the gesture's value changes while it runs, as in SwiftUI
    /// (not when it ends: `onEnded` sees the last value).
    public func onChanged(_ action: @escaping (Value) -> Void) -> _ChangedGesture<Self> where Value: Equatable {
        _ChangedGesture(content: self, action: action)
    }
    /// Runs `action` when the gesture ends successfully, with its last value, as in SwiftUI.
    public func onEnded(_ action: @escaping (Value) -> Void) -> _EndedGesture<Self> { _EndedGesture(content: self, action: action) }
    /// Updates `state` with each value while the gesture runs, as SwiftUI's `updating(_:body:)`;
    /// when the gesture ends, fails or is cancelled, the state goes back to its initial value
    /// (in the transaction its `GestureState` was made with).
    public func updating<State>(_ state: GestureState<State>, body: @escaping (Value, inout State, inout Transaction) -> Void) -> GestureStateGesture<Self, State> {
        GestureStateGesture(base: self, state: state, body: body)
    }
    /// The gesture with its value transformed.
    public func map<T>(_ body: @escaping (Value) -> T) -> _MapGesture<Self, T> { _MapGesture(content: self, transform: body) }
    /// Both gestures recognized at once, as SwiftUI's `simultaneously(with:)`: each runs as if
    /// alone; the composite runs while either does.
    public func simultaneously<Other: Gesture>(with other: Other) -> SimultaneousGesture<Self, Other> { SimultaneousGesture(self, other) }
    /// This gesture, then `other` once this one has ended, as SwiftUI's `sequenced(before:)`.
    public func sequenced<Other: Gesture>(before other: Other) -> SequenceGesture<Self, Other> { SequenceGesture(self, other) }
    /// This gesture, or `other` if this one fails, as SwiftUI's `exclusively(before:)`.
    public func exclusively<Other: Gesture>(before other: Other) -> ExclusiveGesture<Self, Other> { ExclusiveGesture(self, other) }
}

// MARK: - Composition

/// Two gestures recognized at the same time, as SwiftUI's `SimultaneousGesture`.
public struct SimultaneousGesture<First: Gesture, Second: Gesture>: Gesture {
    /// The values of both (nil: that one has not begun, or failed).
    public struct Value {
        /// The first gesture's value.
        public var first: First.Value?
        /// The second gesture's value.
        public var second: Second.Value?
    }
    /// The first gesture.
    public var first: First
    /// The second gesture.
    public var second: Second
    /// Both gestures.
    public init(_ first: First, _ second: Second) { self.first = first; self.second = second }
    public typealias Body = Never
    public func _makeRecognizer() -> _GestureRecognizer<Value> {
        SimultaneousRecognizer(first._makeRecognizer(), second._makeRecognizer()) { Value(first: $0, second: $1) }
    }
}
extension SimultaneousGesture.Value: Equatable where First.Value: Equatable, Second.Value: Equatable {}

/// One gesture, then another, as SwiftUI's `SequenceGesture`.
public struct SequenceGesture<First: Gesture, Second: Gesture>: Gesture {
    /// Which gesture is running: the first, or the second after the first ended (nil until it begins).
    public enum Value {
        /// The first is running.
        case first(First.Value)
        /// The first ended with its value; the second is running (nil: not begun yet).
        case second(First.Value, Second.Value?)
    }
    /// The first gesture.
    public var first: First
    /// The second gesture.
    public var second: Second
    /// The sequence.
    public init(_ first: First, _ second: Second) { self.first = first; self.second = second }
    public typealias Body = Never
    public func _makeRecognizer() -> _GestureRecognizer<Value> {
        SequenceRecognizer(first._makeRecognizer(), makeSecond: { second._makeRecognizer() },
                           first: { Value.first($0) }, second: { Value.second($0, $1) })
    }
}
extension SequenceGesture.Value: Equatable where First.Value: Equatable, Second.Value: Equatable {}

/// One of two gestures, the first preferred, as SwiftUI's `ExclusiveGesture`.
public struct ExclusiveGesture<First: Gesture, Second: Gesture>: Gesture {
    /// The gesture recognized.
    public enum Value {
        /// The first.
        case first(First.Value)
        /// The second (the first failed).
        case second(Second.Value)
    }
    /// The preferred gesture.
    public var first: First
    /// The other.
    public var second: Second
    /// The choice.
    public init(_ first: First, _ second: Second) { self.first = first; self.second = second }
    public typealias Body = Never
    public func _makeRecognizer() -> _GestureRecognizer<Value> {
        ExclusiveRecognizer(first._makeRecognizer(), second._makeRecognizer(), first: { Value.first($0) }, second: { Value.second($0) })
    }
}
extension ExclusiveGesture.Value: Equatable where First.Value: Equatable, Second.Value: Equatable {}

// MARK: - Gesture state

/// State that a gesture updates while it runs, as SwiftUI's `GestureState`: read-only to the
/// view, written by `updating(_:body:)`, and back at its initial value when the gesture ends,
/// fails or is cancelled. In a one-off layout it is its initial value.
@propertyWrapper
public struct GestureState<Value>: DynamicProperty {
    var box: ValueBox<Value>
    let initial: Value
    let resetAction: (Value, inout Transaction) -> Void
    /// Creates the state; it resets without animation.
    public init(wrappedValue: Value) { self.init(wrappedValue: wrappedValue, resetTransaction: Transaction()) }
    /// Creates the state (older spelling).
    public init(initialValue: Value) { self.init(wrappedValue: initialValue) }
    /// Creates the state; it resets in `resetTransaction` (`Transaction(animation: .spring())`
    /// springs back).
    public init(wrappedValue: Value, resetTransaction: Transaction) {
        self.init(wrappedValue: wrappedValue, reset: { _, t in t = resetTransaction })
    }
    /// Creates the state (older spelling) with a reset transaction.
    public init(initialValue: Value, resetTransaction: Transaction) { self.init(wrappedValue: initialValue, resetTransaction: resetTransaction) }
    /// Creates the state; `reset` chooses the transaction of each reset.
    public init(wrappedValue: Value, reset: @escaping (Value, inout Transaction) -> Void) {
        box = ValueBox(wrappedValue); initial = wrappedValue; resetAction = reset
    }
    /// Creates the state (older spelling); `reset` chooses the transaction of each reset.
    public init(initialValue: Value, reset: @escaping (Value, inout Transaction) -> Void) { self.init(wrappedValue: initialValue, reset: reset) }
    /// The value the running gesture gave it, or the initial one.
    public var wrappedValue: Value { box.value }
    /// The state itself, for `updating(_:body:)`.
    public var projectedValue: GestureState<Value> { self }

    /// Writes `value` in `transaction` (a gesture's update).
    func write(_ value: Value, _ transaction: Transaction) {
        if transaction.isEmpty { box.value = value } else { withTransaction(transaction) { box.value = value } }
    }
    /// Back to the initial value, in the reset transaction.
    func reset() {
        var transaction = Transaction()
        resetAction(box.value, &transaction)
        write(initial, transaction)
    }
}

extension GestureState where Value: ExpressibleByNilLiteral {
    /// Optional state starting at nil.
    public init(resetTransaction: Transaction = Transaction()) { self.init(wrappedValue: nil, resetTransaction: resetTransaction) }
}

extension GestureState: _GraphStoredProperty {
    static func _link(at pointer: UnsafeMutableRawPointer, slot: inout AnyObject?, graph: ViewGraph) {
        linkBox(&pointer.assumingMemoryBound(to: GestureState<Value>.self).pointee.box, slot: &slot, graph: graph)
    }
}

/// Which gestures a view takes part in, as SwiftUI's `GestureMask`.
public struct GestureMask: OptionSet, Sendable {
    /// The raw bits.
    public let rawValue: UInt32
    /// Creates a mask.
    public init(rawValue: UInt32) { self.rawValue = rawValue }
    /// No gestures: neither the one added nor those of the views inside.
    public static let none = GestureMask([])
    /// The gesture added (those of the views inside do not run).
    public static let gesture = GestureMask(rawValue: 1)
    /// The gestures of the views inside (the one added does not run).
    public static let subviews = GestureMask(rawValue: 2)
    /// Both.
    public static let all: GestureMask = [.gesture, .subviews]
}

// MARK: - Attaching gestures

/// Content with a gesture attached (engine-internal): the content is built as is, and each view
/// it makes carries the gesture in a live build (unless it is disabled).
struct _GestureRegion<Content: View, G: Gesture>: PrimitiveView {
    let content: Content
    let gesture: G
    let priority: GestureAttachment.Priority
    let mask: GestureMask
    static func _makeView(_ view: Self, inputs: _ViewInputs, outputs: inout _ViewOutputs) {
        let start = outputs.nodes.count
        buildView(view.content, inputs, &outputs)
        guard let graph = inputs.state.graph, inputs.environment.isEnabled else { return }
        let gesture = view.gesture
        let attachment = GestureAttachment(make: { gesture._makeRecognizer() }, priority: view.priority, mask: view.mask)
        for node in outputs.nodes[start...] { graph.register(attachment, on: node) }
    }
}

extension View {
    /// Attaches `gesture`, as SwiftUI's `gesture(_:including:)`: the views inside are preferred
    /// (a Button's tap inside wins over a tap gesture here); `mask` chooses whether this
    /// gesture, the views inside's, or both run.
    public func gesture<G: Gesture>(_ gesture: G, including mask: GestureMask = .all) -> some View {
        _GestureRegion(content: self, gesture: gesture, priority: .normal, mask: mask)
    }
    /// Attaches `gesture` to run alongside the others, as SwiftUI's `simultaneousGesture`: it
    /// neither waits for nor stops them (a drag here and the scroll view around it both run).
    public func simultaneousGesture<G: Gesture>(_ gesture: G, including mask: GestureMask = .all) -> some View {
        _GestureRegion(content: self, gesture: gesture, priority: .simultaneous, mask: mask)
    }
    /// Attaches `gesture` ahead of those of the views inside, as SwiftUI's
    /// `highPriorityGesture`: theirs run only if it fails.
    public func highPriorityGesture<G: Gesture>(_ gesture: G, including mask: GestureMask = .all) -> some View {
        _GestureRegion(content: self, gesture: gesture, priority: .high, mask: mask)
    }
    /// Runs `action` when a press has been held `minimumDuration` seconds without moving more
    /// than `maximumDistance`, as in SwiftUI; `onPressingChanged` hears `true` when the press
    /// goes down and `false` when it ends (first, then `action`, when it succeeds).
    public func onLongPressGesture(minimumDuration: Double = 0.5, maximumDistance: CGFloat = 10, perform action: @escaping () -> Void,
                                   onPressingChanged: ((Bool) -> Void)? = nil) -> some View {
        gesture(_PressingGesture(minimumDuration: minimumDuration, maximumDistance: maximumDistance, action: action, pressing: onPressingChanged))
    }
    /// The older spelling of `onLongPressGesture(minimumDuration:maximumDistance:perform:onPressingChanged:)`
    /// (disfavoured, so `onLongPressGesture { … }` is the newer one, as in SwiftUI).
    @_disfavoredOverload
    public func onLongPressGesture(minimumDuration: Double = 0.5, maximumDistance: CGFloat = 10, pressing: ((Bool) -> Void)? = nil,
                                   perform action: @escaping () -> Void) -> some View {
        gesture(_PressingGesture(minimumDuration: minimumDuration, maximumDistance: maximumDistance, action: action, pressing: pressing))
    }
}

/// The gesture of `onLongPressGesture`: a long press whose pressing changes are reported.
struct _PressingGesture: Gesture {
    typealias Value = Bool
    typealias Body = Never
    let minimumDuration: Double
    let maximumDistance: CGFloat
    let action: () -> Void
    let pressing: ((Bool) -> Void)?
    func _makeRecognizer() -> _GestureRecognizer<Bool> {
        PressingRecognizer(LongPressRecognizer(minimumDuration: minimumDuration, maximumDistance: maximumDistance), action: action, pressing: pressing)
    }
}
