import Foundation
import LayoutCore

// The recognizers behind the gestures of `Gestures.swift`. A recognizer lives for one pointer
// sequence (a press, its motion and its release; or a pinch): it is fed the sequence's inputs
// (`handle`), says what it recognized (`phase`, `value`), and runs its callbacks only when the
// arbitration of `GestureArbiter` lets it (`dispatch`), as SwiftUI runs only the gestures that
// won. `cancel` undoes what a gesture that will not finish set (its `@GestureState`, a press
// highlight).

/// One input of a pointer sequence, in the preview's coordinates.
struct GestureInput {
    enum Kind { case down, move, up, tick, transformBegan, transformChanged, transformEnded }
    var kind: Kind
    var location: CGPoint
    /// Seconds on the preview's clock.
    var time: TimeInterval
    /// The click count of the press (2: the second press of a double click).
    var count = 1
    /// A pinch's scale and rotation (radians) since it began.
    var scale: CGFloat = 1
    var rotation: Double = 0
    /// The frame of the view the gesture is attached to (its local space).
    var frame: CGRect = .zero

    var isTransform: Bool { kind == .transformBegan || kind == .transformChanged || kind == .transformEnded }

    /// `location` in `space` (named spaces are measured as the preview's, see the live-previews article).
    func location(in space: CoordinateSpace) -> CGPoint {
        if case .local = space { return CGPoint(x: location.x - frame.minX, y: location.y - frame.minY) }
        return location
    }
}

/// A recognizer of one gesture for one sequence (engine-internal; SwiftUI's are private too).
public class _GestureRecognizerBase {
    enum Phase { case possible, tracking, active, ended, failed }
    /// `tracking`: the gesture reports a value without having won (a long press while held);
    /// `active` and `ended`: it is recognized and takes the sequence from the others.
    var phase = Phase.possible
    init() {}
    func handle(_ input: GestureInput) {}
    /// Runs the callbacks for what changed since the last dispatch.
    func dispatch() {}
    /// The gesture will not finish: it fails, and undoes what it set while it ran.
    func cancel() { phase = .failed }
    /// When the clock must be read again (a long press's minimum duration), or nil.
    var deadline: TimeInterval? { nil }
    /// Whether a pinch (rather than a press) can make it.
    var takesTransforms: Bool { false }
    var isFinished: Bool { phase == .ended || phase == .failed }
    var claims: Bool { phase == .active || phase == .ended }
    var reportsValue: Bool { phase == .tracking || phase == .active || phase == .ended }
}

/// A recognizer with a value.
public class _GestureRecognizer<Value>: _GestureRecognizerBase {
    var value: Value?
    /// The same recognizer with its value transformed.
    func map<T>(_ transform: @escaping (Value) -> T) -> _GestureRecognizer<T> { WrappingRecognizer(self, transform) }
}

// MARK: - Primitive recognizers

/// `TapGesture` / `SpatialTapGesture`: the value is where the press came up.
final class TapRecognizer: _GestureRecognizer<CGPoint> {
    static let slop: CGFloat = 10
    let count: Int
    let space: CoordinateSpace
    var start: CGPoint?
    init(count: Int, space: CoordinateSpace) { self.count = count; self.space = space }
    override func handle(_ input: GestureInput) {
        guard !isFinished else { return }
        switch input.kind {
        case .down:
            // A single tap takes any press (the second click of a double click too).
            if count == 1 || input.count == count { start = input.location } else { phase = .failed }
        case .move:
            if let s = start, hypot(input.location.x - s.x, input.location.y - s.y) >= Self.slop { phase = .failed }
        case .up:
            guard let s = start, hypot(input.location.x - s.x, input.location.y - s.y) < Self.slop else { phase = .failed; return }
            value = input.location(in: space)
            phase = .ended
        case .tick: break
        case .transformBegan, .transformChanged, .transformEnded: phase = .failed
        }
    }
}

/// `LongPressGesture`: `true` from the press, ended once held long enough.
final class LongPressRecognizer: _GestureRecognizer<Bool> {
    let minimumDuration: Double
    let maximumDistance: CGFloat
    var start: CGPoint?
    var startTime: TimeInterval = 0
    init(minimumDuration: Double, maximumDistance: CGFloat) {
        self.minimumDuration = minimumDuration.isFinite ? max(0, minimumDuration) : 0.5
        self.maximumDistance = maximumDistance
    }
    override var deadline: TimeInterval? { phase == .tracking ? startTime + minimumDuration : nil }
    override func handle(_ input: GestureInput) {
        guard !isFinished else { return }
        if input.isTransform { phase = .failed; return }
        if input.kind == .down {
            start = input.location
            startTime = input.time
            value = true
            phase = minimumDuration == 0 ? .ended : .tracking
            return
        }
        guard let s = start else { return }
        // Held long enough before this input: recognized, whatever the input.
        if input.time >= startTime + minimumDuration { phase = .ended; return }
        switch input.kind {
        case .move: if hypot(input.location.x - s.x, input.location.y - s.y) > maximumDistance { phase = .failed }
        case .up: phase = .failed
        default: break
        }
    }
}

/// `DragGesture`.
final class DragRecognizer: _GestureRecognizer<DragGesture.Value> {
    /// How far back motion counts for the velocity.
    static let velocityWindow: TimeInterval = 0.1
    /// How far ahead the predicted end looks: a quarter second of the velocity, as SwiftUI's.
    static let projection: Double = 0.25
    let minimumDistance: CGFloat
    let space: CoordinateSpace
    var start: CGPoint?
    var samples: [(location: CGPoint, time: TimeInterval)] = []
    var velocity = CGSize.zero
    init(minimumDistance: CGFloat, space: CoordinateSpace) {
        self.minimumDistance = minimumDistance.isFinite ? max(0, minimumDistance) : 10
        self.space = space
    }
    override func handle(_ input: GestureInput) {
        guard !isFinished else { return }
        switch input.kind {
        case .down:
            start = input.location(in: space)
            samples = [(input.location, input.time)]
            if minimumDistance == 0 { phase = .active; value = makeValue(input) }
        case .move, .up:
            guard let s = start else { phase = .failed; return }
            note(input)
            if phase == .possible {
                let p = input.location(in: space)
                if hypot(p.x - s.x, p.y - s.y) >= minimumDistance, input.kind == .move { phase = .active }
            }
            if phase == .active { value = makeValue(input) }
            if input.kind == .up { phase = phase == .active ? .ended : .failed }
        case .tick: break
        case .transformBegan, .transformChanged, .transformEnded: phase = .failed
        }
    }

    /// Keeps the motion of the last tenth of a second and the velocity over it.
    private func note(_ input: GestureInput) {
        samples.append((input.location, input.time))
        let horizon = input.time - Self.velocityWindow
        while samples.count > 2, samples[1].time <= horizon { samples.removeFirst() }
        if samples.count >= 2, samples[0].time < horizon { samples.removeFirst() }
        guard let first = samples.first, let last = samples.last else { return }
        let dt = last.time - first.time
        // A pointer that rested before its release has no velocity left.
        velocity = dt > 0.001 ? CGSize(width: (last.location.x - first.location.x) / dt, height: (last.location.y - first.location.y) / dt) : .zero
    }

    private func makeValue(_ input: GestureInput) -> DragGesture.Value {
        let location = input.location(in: space), start = self.start ?? location
        let predicted = CGPoint(x: location.x + velocity.width * Self.projection, y: location.y + velocity.height * Self.projection)
        return DragGesture.Value(time: Date(timeIntervalSinceNow: input.time - ProcessInfo.processInfo.systemUptime),
                                 location: location, startLocation: start,
                                 translation: CGSize(width: location.x - start.x, height: location.y - start.y),
                                 velocity: velocity, predictedEndLocation: predicted,
                                 predictedEndTranslation: CGSize(width: predicted.x - start.x, height: predicted.y - start.y))
    }
}

/// The values of a pinch, for both magnify and rotate gestures.
struct TransformValue {
    var magnify: MagnifyGesture.Value
    var rotate: RotateGesture.Value
}

/// `MagnifyGesture` / `RotateGesture` (and the older spellings).
final class TransformRecognizer: _GestureRecognizer<TransformValue> {
    let minimum: Double
    let rotates: Bool
    var startLocation = CGPoint.zero
    var anchor = UnitPoint.center
    var last: (scale: CGFloat, rotation: Double, time: TimeInterval)?
    init(minimum: Double, rotates: Bool) { self.minimum = minimum.isFinite ? abs(minimum) : 0.01; self.rotates = rotates }
    override var takesTransforms: Bool { true }
    override func handle(_ input: GestureInput) {
        guard !isFinished else { return }
        switch input.kind {
        case .transformBegan:
            startLocation = input.location(in: .local)
            let f = input.frame
            anchor = UnitPoint(x: f.width > 0 ? startLocation.x / f.width : 0.5, y: f.height > 0 ? startLocation.y / f.height : 0.5)
            last = (1, 0, input.time)
        case .transformChanged, .transformEnded:
            guard let previous = last else { phase = .failed; return }
            let dt = input.time - previous.time
            let scaleVelocity = dt > 0.001 ? (input.scale - previous.scale) / dt : 0
            let angleVelocity = dt > 0.001 ? (input.rotation - previous.rotation) / dt : 0
            last = (input.scale, input.rotation, input.time)
            if phase == .possible, (rotates ? abs(input.rotation) : abs(Double(input.scale) - 1)) >= minimum { phase = .active }
            let time = Date(timeIntervalSinceNow: input.time - ProcessInfo.processInfo.systemUptime)
            value = TransformValue(magnify: MagnifyGesture.Value(time: time, magnification: input.scale, velocity: scaleVelocity,
                                                                 startAnchor: anchor, startLocation: startLocation),
                                   rotate: RotateGesture.Value(time: time, rotation: .radians(input.rotation), velocity: .radians(angleVelocity),
                                                               startAnchor: anchor, startLocation: startLocation))
            if input.kind == .transformEnded { phase = phase == .active ? .ended : .failed }
        case .tick: break
        case .down, .move, .up: phase = .failed
        }
    }
}

// MARK: - Wrappers

/// A recognizer reporting another's value, transformed; the base of the callback wrappers.
class WrappingRecognizer<Inner, Value>: _GestureRecognizer<Value> {
    let inner: _GestureRecognizer<Inner>
    let transform: (Inner) -> Value
    init(_ inner: _GestureRecognizer<Inner>, _ transform: @escaping (Inner) -> Value) {
        self.inner = inner; self.transform = transform
    }
    override func handle(_ input: GestureInput) { inner.handle(input); sync() }
    func sync() {
        phase = inner.phase
        value = inner.value.map(transform)
    }
    override func dispatch() { inner.dispatch() }
    override func cancel() { inner.cancel(); sync() }
    override var deadline: TimeInterval? { inner.deadline }
    override var takesTransforms: Bool { inner.takesTransforms }
}

/// `onChanged`: the action runs for each new value while the gesture runs.
final class ChangedRecognizer<Value: Equatable>: WrappingRecognizer<Value, Value> {
    let action: (Value) -> Void
    var last: Value?
    init(_ inner: _GestureRecognizer<Value>, _ action: @escaping (Value) -> Void) { self.action = action; super.init(inner, { $0 }) }
    override func dispatch() {
        super.dispatch()
        guard phase == .tracking || phase == .active, let v = value, v != last else { return }
        last = v
        action(v)
    }
}

/// `onEnded`: the action runs once, when the gesture ends.
final class EndedRecognizer<Value>: WrappingRecognizer<Value, Value> {
    let action: (Value) -> Void
    var fired = false
    init(_ inner: _GestureRecognizer<Value>, _ action: @escaping (Value) -> Void) { self.action = action; super.init(inner, { $0 }) }
    override func dispatch() {
        super.dispatch()
        guard phase == .ended, !fired, let v = value else { return }
        fired = true
        action(v)
    }
}

/// `updating(_:body:)`: the gesture state follows each value and goes back when the gesture stops.
final class UpdatingRecognizer<Value, State>: WrappingRecognizer<Value, Value> {
    let state: GestureState<State>
    let body: (Value, inout State, inout Transaction) -> Void
    /// Whether the state holds a value of this gesture (and must be reset).
    var updated = false
    /// Whether the value changed since the last dispatch (a tick changes nothing).
    var fresh = false
    init(_ inner: _GestureRecognizer<Value>, state: GestureState<State>, body: @escaping (Value, inout State, inout Transaction) -> Void) {
        self.state = state; self.body = body
        super.init(inner, { $0 })
    }
    override func handle(_ input: GestureInput) {
        let before = phase
        super.handle(input)
        if input.kind != .tick || phase != before { fresh = true }
    }
    override func dispatch() {
        super.dispatch()
        switch phase {
        case .tracking, .active:
            guard fresh, let v = value else { return }
            fresh = false
            var s = state.box.value
            var transaction = Transaction()
            body(v, &s, &transaction)
            state.write(s, transaction)
            updated = true
        case .ended, .failed:
            if updated { updated = false; state.reset() }
        case .possible:
            break
        }
    }
    override func cancel() {
        super.cancel()
        if updated { updated = false; state.reset() }
    }
}

/// `onLongPressGesture`'s: pressing `true` from the press, `false` when it ends, then the action.
final class PressingRecognizer: WrappingRecognizer<Bool, Bool> {
    let action: () -> Void
    let pressing: ((Bool) -> Void)?
    var reported = false, fired = false
    init(_ inner: _GestureRecognizer<Bool>, action: @escaping () -> Void, pressing: ((Bool) -> Void)?) {
        self.action = action; self.pressing = pressing
        super.init(inner, { $0 })
    }
    override func dispatch() {
        super.dispatch()
        switch phase {
        case .tracking:
            if !reported { reported = true; pressing?(true) }
        case .ended:
            if !reported { reported = true; pressing?(true) }
            if !fired {
                fired = true
                pressing?(false)
                action()
            }
        case .failed:
            if reported, !fired { fired = true; pressing?(false) }
        default:
            break
        }
    }
    override func cancel() {
        super.cancel()
        if reported, !fired { fired = true; pressing?(false) }
    }
}

// MARK: - Composition

/// `simultaneously(with:)`: both run; the composite runs while either does.
final class SimultaneousRecognizer<A, B, Value>: _GestureRecognizer<Value> {
    let a: _GestureRecognizer<A>, b: _GestureRecognizer<B>
    let make: (A?, B?) -> Value
    init(_ a: _GestureRecognizer<A>, _ b: _GestureRecognizer<B>, make: @escaping (A?, B?) -> Value) { self.a = a; self.b = b; self.make = make }
    override func handle(_ input: GestureInput) {
        if !a.isFinished { a.handle(input) }
        if !b.isFinished { b.handle(input) }
        sync()
    }
    private func sync() {
        if a.isFinished && b.isFinished {
            phase = a.phase == .ended || b.phase == .ended ? .ended : .failed
        } else if a.claims || b.claims {
            phase = .active
        } else if a.phase == .tracking || b.phase == .tracking {
            phase = .tracking
        } else {
            phase = .possible
        }
        value = reportsValue ? make(a.reportsValue ? a.value : nil, b.reportsValue ? b.value : nil) : nil
    }
    override func dispatch() { a.dispatch(); b.dispatch() }
    override func cancel() { a.cancel(); b.cancel(); phase = .failed }
    override var deadline: TimeInterval? { [a.deadline, b.deadline].compactMap { $0 }.min() }
    override var takesTransforms: Bool { a.takesTransforms || b.takesTransforms }
}

/// `sequenced(before:)`: the second starts where the first ended.
final class SequenceRecognizer<A, B, Value>: _GestureRecognizer<Value> {
    let a: _GestureRecognizer<A>
    let makeSecond: () -> _GestureRecognizer<B>
    var b: _GestureRecognizer<B>?
    let first: (A) -> Value, second: (A, B?) -> Value
    init(_ a: _GestureRecognizer<A>, makeSecond: @escaping () -> _GestureRecognizer<B>, first: @escaping (A) -> Value, second: @escaping (A, B?) -> Value) {
        self.a = a; self.makeSecond = makeSecond; self.first = first; self.second = second
    }
    override func handle(_ input: GestureInput) {
        guard !isFinished else { return }
        if let b {
            if !b.isFinished { b.handle(input) }
        } else {
            a.handle(input)
            if a.phase == .ended {
                // The second begins where the first ended, as a press going down there.
                let made = makeSecond()
                b = made
                var begin = input
                begin.kind = input.isTransform ? .transformBegan : .down
                made.handle(begin)
                if input.kind == .up || input.kind == .transformEnded { made.handle(input) }
            }
        }
        sync()
    }
    private func sync() {
        guard let b, let v1 = a.value else {
            phase = a.phase == .ended ? .active : a.phase
            value = a.reportsValue ? a.value.map(first) : nil
            return
        }
        switch b.phase {
        case .possible: phase = .active; value = second(v1, nil)
        case .tracking, .active: phase = .active; value = second(v1, b.value)
        case .ended: phase = .ended; value = second(v1, b.value)
        // The second never began (released without moving): the sequence ends with the first's value.
        case .failed: phase = .ended; value = second(v1, nil)
        }
    }
    override func dispatch() { a.dispatch(); b?.dispatch() }
    override func cancel() { a.cancel(); b?.cancel(); phase = .failed }
    override var deadline: TimeInterval? { b?.deadline ?? a.deadline }
    override var takesTransforms: Bool { a.takesTransforms }
}

/// `exclusively(before:)`: the second can win only once the first has failed.
final class ExclusiveRecognizer<A, B, Value>: _GestureRecognizer<Value> {
    let a: _GestureRecognizer<A>, b: _GestureRecognizer<B>
    let first: (A) -> Value, second: (B) -> Value
    init(_ a: _GestureRecognizer<A>, _ b: _GestureRecognizer<B>, first: @escaping (A) -> Value, second: @escaping (B) -> Value) {
        self.a = a; self.b = b; self.first = first; self.second = second
    }
    override func handle(_ input: GestureInput) {
        if !a.isFinished { a.handle(input) }
        if !b.isFinished { b.handle(input) }
        if a.claims, !b.isFinished { b.cancel() }
        if a.phase == .failed {
            phase = b.phase
            value = b.reportsValue ? b.value.map(second) : nil
        } else {
            phase = a.phase
            value = a.reportsValue ? a.value.map(first) : nil
        }
    }
    override func dispatch() {
        a.dispatch()
        if a.phase == .failed { b.dispatch() }
    }
    override func cancel() { a.cancel(); b.cancel(); phase = .failed }
    override var deadline: TimeInterval? { [a.deadline, b.deadline].compactMap { $0 }.min() }
    override var takesTransforms: Bool { a.takesTransforms || b.takesTransforms }
}
