import Foundation
import LayoutCore

/// A gesture attached to a view in a live build (`gesture`, `simultaneousGesture`,
/// `highPriorityGesture`, `onLongPressGesture`): how to make its recognizer for a sequence.
struct GestureAttachment {
    enum Priority { case normal, high, simultaneous }
    let make: () -> _GestureRecognizerBase
    let priority: Priority
    let mask: GestureMask
}

/// One press of the pointer (or one pinch) in progress on a live preview, and the gestures
/// competing for it, as SwiftUI arbitrates a touch sequence:
///
/// - The candidates are the gestures attached to the view under the press and its ancestors,
///   and the built-in interactions there (a control's tap, a Slider's or a scroll view's drag).
/// - Precedence: high-priority gestures first (outermost first), then the others innermost
///   first, a view's built-in interaction before the gestures attached around it. A candidate
///   is recognized (wins the sequence) only when every candidate before it has failed; the
///   others then fail. So a Button's tap wins over a tap gesture around it, a
///   `highPriorityGesture` around it wins over the Button, and a DragGesture inside a scroll view
///   wins over the scroll (the drag is before the scroll; a press on a Button there scrolls
///   once it has moved 10 points, when the Button's tap fails).
/// - Simultaneous gestures run beside the others, whoever wins.
/// - A gesture that reports before it wins (a long press while held) is told; if it loses, its
///   `@GestureState` goes back and its pressing ends.
///
/// The built-in interactions: a tap, when the press comes up within 10 points of where it went
/// down (on the innermost view that takes taps of the click count, or single taps); a drag,
/// once the press has moved 4 points, on the innermost Slider-like control or on the scroll
/// view that scrolls that way.
final class PointerSequence {
    final class Candidate {
        let recognizer: _GestureRecognizerBase
        let frame: CGRect
        var lost = false
        init(_ recognizer: _GestureRecognizerBase, frame: CGRect) { self.recognizer = recognizer; self.frame = frame }
        var failed: Bool { lost || recognizer.phase == .failed }
    }
    enum Slot { case gesture(Candidate), tap, drag }

    static let tapSlop: CGFloat = 10
    static let dragThreshold: CGFloat = 4

    let isTransform: Bool
    let start: CGPoint
    let count: Int
    var location: CGPoint
    var time: TimeInterval
    /// The preview's clock minus the sender's, from the first input (nil: inputs carry no time).
    var offset: TimeInterval?
    /// Exclusive candidates in precedence order; simultaneous ones.
    var order: [Slot] = []
    var simultaneous: [Candidate] = []
    /// The index in `order` of the candidate that won.
    var winner: Int?
    var tapFailed = false, dragFailed = false
    /// The views that can be dragged by the built-in interaction, innermost first.
    var dragHandlers: [InteractionHit] = []
    var dragTarget: InteractionHit?
    /// Where the built-in drag was last applied (a scroll that did not move keeps it).
    var dragApplied: CGPoint
    /// Whether anything took the sequence (a winner or a simultaneous gesture recognized).
    var handled = false

    init(isTransform: Bool, start: CGPoint, count: Int, time: TimeInterval) {
        self.isTransform = isTransform; self.start = start; self.count = count
        location = start; self.time = time; dragApplied = start
    }

    var candidates: [Candidate] {
        var all = simultaneous
        for slot in order { if case .gesture(let c) = slot { all.append(c) } }
        return all
    }
    var hasGestures: Bool { !simultaneous.isEmpty || order.contains { if case .gesture = $0 { true } else { false } } }

    /// When the clock must be read again for a gesture of the sequence, or nil.
    var deadline: TimeInterval? {
        candidates.filter { !$0.failed }.compactMap(\.recognizer.deadline).min()
    }
}

/// The phase of a pointer event from the window (or a script).
public enum PointerPhase: String, Sendable, Equatable, CaseIterable {
    /// The primary button (a finger) went down.
    case down
    /// It moved while down.
    case move
    /// It came up.
    case up
    /// The sequence was abandoned (the window lost the pointer): nothing it started finishes.
    case cancel
}

/// The phase of a pinch (a touchpad's two-finger zoom or rotation, or Ctrl+wheel).
public enum TransformPhase: String, Sendable, Equatable, CaseIterable {
    case began, changed, ended
}

extension LivePreview {
    /// The preview's clock now, in seconds (`clock`).
    var now: TimeInterval { clock() }

    /// Seconds until a gesture of the press in progress needs the clock (a long press reaching
    /// its minimum duration), or nil: the window lets that much time pass, then sends a wait.
    public var secondsUntilGestureDeadline: TimeInterval? {
        guard let deadline = pointerSequence?.deadline else { return nil }
        return max(0, deadline - now)
    }

    /// Whether a press or a pinch is in progress.
    public var isTrackingPointer: Bool { pointerSequence != nil }

    /// Starts a sequence at `point`: its candidates, from the views there up.
    func beginSequence(at point: CGPoint, count: Int, time: TimeInterval?, transform: Bool) -> PointerSequence? {
        guard let result = lastResult,
              let found = graph.hitChain(at: point, in: result, info: hitInfo, isInstalled: host.isInstalled) else { return nil }
        let clockNow = now
        let sequence = PointerSequence(isTransform: transform, start: point, count: count, time: time.map { max($0, clockNow) } ?? clockNow)
        if let time { sequence.offset = clockNow - time; sequence.time = clockNow }
        let views = result.views
        var high: [PointerSequence.Candidate] = []
        var normal: [PointerSequence.Slot] = []
        var simultaneous: [PointerSequence.Candidate] = []
        var tapSeen = transform, dragSeen = transform
        for i in found.chain {
            if !transform, let handler = found.handlers[i] {
                let hit = InteractionHit(interaction: handler, frame: views[i].frame, identity: views[i].identity)
                switch handler {
                case .located:
                    // A Slider's track: a drag follows it, a tap sets it.
                    if !dragSeen { normal.append(.drag); dragSeen = true }
                    if !tapSeen { normal.append(.tap); tapSeen = true }
                    sequence.dragHandlers.append(hit)
                case .scroll:
                    if !dragSeen { normal.append(.drag); dragSeen = true }
                    sequence.dragHandlers.append(hit)
                case .tap, .textInput:
                    if !tapSeen { normal.append(.tap); tapSeen = true }
                }
            }
            for attachment in found.gestures[i] ?? [] {
                if !attachment.mask.contains(.subviews) {
                    // The gestures of the views inside do not run (the built-in ones neither).
                    high.removeAll(); normal.removeAll(); simultaneous.removeAll()
                    sequence.dragHandlers.removeAll()
                }
                guard attachment.mask.contains(.gesture) else { continue }
                let candidate = PointerSequence.Candidate(attachment.make(), frame: views[i].frame)
                if transform, !candidate.recognizer.takesTransforms { continue }
                switch attachment.priority {
                case .high: high.insert(candidate, at: 0)
                case .normal: normal.append(.gesture(candidate))
                case .simultaneous: simultaneous.append(candidate)
                }
            }
        }
        sequence.order = high.map { PointerSequence.Slot.gesture($0) } + normal
        sequence.simultaneous = simultaneous
        return sequence
    }

    /// Feeds one input to the sequence's candidates, decides the winner, and runs what the
    /// input made happen.
    func feed(_ sequence: PointerSequence, _ kind: GestureInput.Kind, at point: CGPoint, time: TimeInterval?,
              scale: CGFloat = 1, rotation: Double = 0) {
        if let time, let offset = sequence.offset { sequence.time = max(sequence.time, time + offset) } else if time == nil || kind == .tick {
            sequence.time = max(sequence.time, now)
        }
        sequence.location = point
        let input = GestureInput(kind: kind, location: point, time: sequence.time, count: sequence.count, scale: scale, rotation: rotation)
        for candidate in sequence.candidates where !candidate.lost && !candidate.recognizer.isFinished {
            var own = input
            own.frame = candidate.frame
            candidate.recognizer.handle(own)
        }
        let distance = hypot(point.x - sequence.start.x, point.y - sequence.start.y)
        let ended = kind == .up || kind == .transformEnded
        if distance >= PointerSequence.tapSlop { sequence.tapFailed = true }
        resolve(sequence, ended: ended, distance: distance)
        // Callbacks: the winner's; before there is one, those of gestures reporting while held;
        // a gesture that failed undoes what it set while held (its state, its pressing).
        for (k, slot) in sequence.order.enumerated() {
            guard case .gesture(let c) = slot, !c.lost else { continue }
            if k == sequence.winner || (sequence.winner == nil && c.recognizer.phase == .tracking) {
                c.recognizer.dispatch()
            } else if c.recognizer.phase == .failed {
                c.lost = true
                c.recognizer.dispatch()
            }
        }
        if let w = sequence.winner, case .drag = sequence.order[w] { applyDrag(sequence, at: point) }
        if ended, let w = sequence.winner, case .tap = sequence.order[w] { runTap(sequence) }
        for c in sequence.simultaneous where !c.lost {
            c.recognizer.dispatch()
            if c.recognizer.claims { sequence.handled = true }
            if c.recognizer.isFinished { c.lost = true }
        }
        if ended { finish(sequence) }
    }

    /// Decides the winner: the first candidate in precedence that is recognized while every one
    /// before it has failed.
    private func resolve(_ sequence: PointerSequence, ended: Bool, distance: CGFloat) {
        guard sequence.winner == nil else { return }
        for (k, slot) in sequence.order.enumerated() {
            let failed: Bool, wins: Bool
            switch slot {
            case .gesture(let c):
                failed = c.failed
                wins = c.recognizer.claims
            case .tap:
                if ended, !sequence.tapFailed, tapTarget(sequence) == nil { sequence.tapFailed = true }
                failed = sequence.tapFailed
                wins = ended && !failed
            case .drag:
                if !sequence.dragFailed, distance >= PointerSequence.dragThreshold, sequence.dragTarget == nil {
                    sequence.dragTarget = chooseDragTarget(sequence)
                    if sequence.dragTarget == nil, ended { sequence.dragFailed = true }
                }
                if ended, sequence.dragTarget == nil { sequence.dragFailed = true }
                failed = sequence.dragFailed
                wins = sequence.dragTarget != nil
            }
            if failed { continue }
            guard wins else { return }
            sequence.winner = k
            sequence.handled = true
            for (j, other) in sequence.order.enumerated() where j != k {
                switch other {
                case .gesture(let c) where !c.lost:
                    c.lost = true
                    c.recognizer.cancel()
                case .tap: sequence.tapFailed = true
                case .drag: sequence.dragFailed = true
                default: break
                }
            }
            return
        }
    }

    /// The built-in drag's target: a Slider-like control, or the innermost scroll view that
    /// scrolls the way the press moved.
    private func chooseDragTarget(_ sequence: PointerSequence) -> InteractionHit? {
        let moved = CGSize(width: sequence.location.x - sequence.start.x, height: sequence.location.y - sequence.start.y)
        return sequence.dragHandlers.first { hit in
            switch hit.interaction {
            case .located: return true
            case .scroll(let axes, _): return scrolls(axes, moved)
            default: return false
            }
        }
    }

    private func applyDrag(_ sequence: PointerSequence, at point: CGPoint) {
        guard let target = sequence.dragTarget, let result = lastResult else { return }
        switch target.interaction {
        case .located(let action):
            action(CGPoint(x: point.x - target.frame.minX, y: point.y - target.frame.minY), target.frame.size)
        case .scroll(_, let apply):
            let delta = CGSize(width: point.x - sequence.dragApplied.x, height: point.y - sequence.dragApplied.y)
            guard delta != .zero else { return }
            // Dragging content up scrolls it down, as a finger does; a step that moved nothing
            // (a page turns only past a distance) adds to the next.
            if apply(CGSize(width: -delta.width, height: -delta.height), overflow(of: target, in: result)) { sequence.dragApplied = point }
        default:
            break
        }
    }

    /// What a tap of the sequence lands on: the innermost view taking taps of its click count,
    /// else single taps (a double click where nothing takes double taps is a second tap).
    private func tapTarget(_ sequence: PointerSequence) -> InteractionHit? {
        guard let result = lastResult else { return nil }
        func taking(_ count: Int) -> InteractionHit? {
            graph.hit(at: sequence.start, in: result, info: hitInfo, isInstalled: host.isInstalled, accepts: { interaction in
                if case .tap(let c, _) = interaction { return c == count }
                return true
            })
        }
        return taking(sequence.count) ?? (sequence.count > 1 ? taking(1) : nil)
    }

    private func runTap(_ sequence: PointerSequence) {
        guard let hit = tapTarget(sequence) else { return }
        run(hit, at: sequence.start)
    }

    /// Ends the sequence: gestures that did not finish (or did without winning) fail, undoing
    /// what they set.
    func finish(_ sequence: PointerSequence) {
        var winner: PointerSequence.Candidate?
        if let w = sequence.winner, case .gesture(let c) = sequence.order[w] { winner = c }
        for c in sequence.candidates where !c.lost && !(c === winner && c.recognizer.isFinished) {
            c.lost = true
            c.recognizer.cancel()
        }
        if pointerSequence === sequence { pointerSequence = nil }
    }

    /// Lets the clock reach the sequence's gestures (a long press held long enough).
    func tickSequence() {
        guard let sequence = pointerSequence else { return }
        feed(sequence, .tick, at: sequence.location, time: nil)
    }

    /// A pointer event from the window (or a script): the press, its motion, its release.
    /// Returns whether anything took it (a release that reached nothing does nothing).
    @discardableResult
    func sendPointer(_ phase: PointerPhase, at point: CGPoint, count: Int, time: TimeInterval?) -> Bool {
        switch phase {
        case .down:
            if let previous = pointerSequence { finish(previous) }
            guard let sequence = beginSequence(at: point, count: count, time: time, transform: false) else { return false }
            pointerSequence = sequence
            feed(sequence, .down, at: point, time: time)
            return sequence.handled
        case .move, .up:
            guard let sequence = pointerSequence, !sequence.isTransform else { return false }
            feed(sequence, phase == .up ? .up : .move, at: point, time: time)
            return sequence.handled
        case .cancel:
            if let sequence = pointerSequence { finish(sequence) }
            return false
        }
    }

    /// A pinch from the window: began, changed (scale and rotation since it began), ended.
    func sendTransform(_ phase: TransformPhase, at point: CGPoint, scale: CGFloat, rotation: Angle, time: TimeInterval?) throws(LiveEventError) {
        switch phase {
        case .began:
            if let previous = pointerSequence { finish(previous) }
            guard let sequence = beginSequence(at: point, count: 1, time: time, transform: true), sequence.hasGestures else {
                throw LiveEventError(message: "the pinch at (\(format(point.x)), \(format(point.y))) reached no magnify or rotate gesture")
            }
            pointerSequence = sequence
            feed(sequence, .transformBegan, at: point, time: time)
        case .changed, .ended:
            guard let sequence = pointerSequence, sequence.isTransform else {
                throw LiveEventError(message: "the pinch at (\(format(point.x)), \(format(point.y))) had not begun")
            }
            feed(sequence, phase == .ended ? .transformEnded : .transformChanged, at: sequence.start, time: time,
                 scale: scale, rotation: rotation.radians)
        }
    }

    /// A whole tap as a press and a release (the preview has gestures): throws when nothing took it.
    func sendTapSequence(at point: CGPoint, count: Int) throws(LiveEventError) {
        let t = now
        sendPointer(.down, at: point, count: count, time: t)
        guard sendPointer(.up, at: point, count: count, time: t) else {
            throw LiveEventError(message: "the tap at (\(format(point.x)), \(format(point.y))) hit nothing that handles taps")
        }
    }

    /// The steps of a drag made by a script: the press, `dragSteps` moves a sixtieth of a second
    /// apart along a straight line, and the release where the last move ended.
    static let dragSteps = 8

    /// A whole drag as a press, motion over time and a release: throws when nothing took it.
    func sendDragSequence(from start: CGPoint, by translation: CGSize) throws(LiveEventError) {
        let t0 = now
        sendPointer(.down, at: start, count: 1, time: t0)
        let n = Self.dragSteps
        var taken = false
        for k in 1...n {
            let f = CGFloat(k) / CGFloat(n)
            taken = sendPointer(.move, at: CGPoint(x: start.x + translation.width * f, y: start.y + translation.height * f),
                                count: 1, time: t0 + Double(k) / 60) || taken
        }
        let end = CGPoint(x: start.x + translation.width, y: start.y + translation.height)
        taken = sendPointer(.up, at: end, count: 1, time: t0 + Double(n) / 60) || taken
        if !taken {
            throw LiveEventError(message: "the drag from (\(format(start.x)), \(format(start.y))) hit nothing that can be dragged")
        }
    }

    /// A press held `duration` seconds of the preview's clock, then released where it went down.
    func sendPress(at point: CGPoint, duration: TimeInterval) throws(LiveEventError) {
        sendPointer(.down, at: point, count: 1, time: nil)
        // A press too short for the long press it reached is no error: it reached something.
        let reached = pointerSequence.map { !$0.order.isEmpty || !$0.simultaneous.isEmpty } ?? false
        wait(duration)
        tickSequence()
        let taken = sendPointer(.up, at: point, count: 1, time: nil)
        if !taken && !reached {
            throw LiveEventError(message: "the press at (\(format(point.x)), \(format(point.y))) hit nothing that handles presses")
        }
    }

    /// A whole pinch: began, `dragSteps` changes a sixtieth of a second apart (the scale
    /// geometric, the rotation even), ended.
    func sendPinch(at point: CGPoint, scale: CGFloat, rotation: Angle) throws(LiveEventError) {
        let t0 = now
        try sendTransform(.began, at: point, scale: 1, rotation: .zero, time: t0)
        let n = Self.dragSteps
        let safeScale = scale.isFinite && scale > 0 ? scale : 1
        for k in 1...n {
            let f = Double(k) / Double(n)
            try sendTransform(k == n ? .ended : .changed, at: point, scale: CGFloat(pow(Double(safeScale), f)),
                              rotation: .radians(rotation.radians * f), time: t0 + Double(k) / 60)
        }
    }
}
