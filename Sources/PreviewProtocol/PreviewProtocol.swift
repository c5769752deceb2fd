import Foundation
import LayoutCore

// The messages between the window (or `layoutlab render --source`) and the preview agent, the
// process that runs a person's code. One JSON object per line each way: the agent reads
// requests on its standard input and answers each, in order, on its standard output. A person's
// own `print`s go to the agent's standard error, never into the replies.

/// What to lay out.
public enum PreviewTarget: Codable, Hashable, Sendable {
    /// The preview at this index of the catalog.
    case preview(Int)
    /// A built-in (or the person's) scene in a layout, by name, as the window's pickers offer them.
    case scene(scene: String, layout: String)
}

/// The window's parameters for scenes: spacing, alignment, rotation and items.
public struct WireParameters: Codable, Hashable, Sendable {
    public var spacing: Double?
    /// "leading", "center" or "trailing" (`LabAlignment`'s raw values).
    public var alignment: String
    public var rotationDegrees: Double
    /// Item ids and radial ranks, in order.
    public var itemIDs: [Int]
    public var itemRanks: [Int]
    public var taps: [String: Int]
    public init(spacing: Double?, alignment: String, rotationDegrees: Double, itemIDs: [Int], itemRanks: [Int], taps: [String: Int]) {
        self.spacing = spacing; self.alignment = alignment; self.rotationDegrees = rotationDegrees
        self.itemIDs = itemIDs; self.itemRanks = itemRanks; self.taps = taps
    }
}

/// A request to the agent.
public struct AgentRequest: Codable, Sendable {
    /// What the agent is asked to do.
    public enum Operation: String, Codable, Sendable {
        /// Reply with the catalog: previews, layouts, scenes.
        case catalog
        /// Lay out `target` for `proposal` and reply with the result.
        case layout
        /// Send `events` to the live preview `target` (a `.preview`), in order, then reply with
        /// the layout after the last and what changed (`LiveReply`). Pointer events are
        /// hit-tested against the preview's last layout at `proposal`.
        case event
        /// Forget the live preview's state (Ctrl+R) and reply with its initial layout.
        case reset
        /// Reply with the live preview's state written out (`AgentReply.keptState`), for the
        /// agent of the next build to start from (`AgentRequest.keptState`).
        case keptState
    }
    public var operation: Operation
    /// Echoed in the reply.
    public var id: Int
    public var target: PreviewTarget?
    /// The window's proposal; previews with a fixed or size-that-fits trait use theirs.
    public var proposal: ProposedViewSize?
    public var parameters: WireParameters?
    /// Record the trace and measure min/ideal/max (the window's inspector shows them).
    public var detailed: Bool
    /// For `.event`: what the person did, in order.
    public var events: [WireEvent]?
    /// For `.event`: the number (`AgentReply.resultNumber`) of the live layout of `target` the
    /// sender holds. When it is the agent's last, the reply carries only what changed since
    /// (`AgentReply.patch`).
    public var heldResult: UInt64?
    /// The environment to lay out in (colour scheme, type size, direction, locale); nil is
    /// SwiftUI's default. A live preview keeps its state when it changes.
    public var environment: WireEnvironment?
    /// For a preview's first `.layout` or `.event` in this agent: the state an earlier build's
    /// agent wrote (`AgentReply.keptState`), which the preview starts from where its views are
    /// the same (the state survives a save that compiles again). Ignored once the preview runs.
    public var keptState: String?
    public init(operation: Operation, id: Int, target: PreviewTarget? = nil, proposal: ProposedViewSize? = nil,
                parameters: WireParameters? = nil, detailed: Bool = true, events: [WireEvent]? = nil, heldResult: UInt64? = nil,
                environment: WireEnvironment? = nil) {
        self.operation = operation; self.id = id; self.target = target; self.proposal = proposal
        self.parameters = parameters; self.detailed = detailed; self.events = events; self.heldResult = heldResult
        self.environment = environment
    }
}

/// How a preview is proposed a size.
public enum WireSizing: Codable, Hashable, Sendable {
    /// The window's (or the command's) proposal.
    case window
    /// Its ideal size (nil × nil).
    case sizeThatFits
    /// Exactly width × height.
    case fixed(width: Double, height: Double)
}

/// One preview in the catalog.
public struct PreviewInfo: Codable, Hashable, Sendable {
    /// The name the window shows, as Xcode names the preview.
    public var name: String
    /// The file and line of the `#Preview` (or the `PreviewProvider`).
    public var file: String
    public var line: Int
    public var sizing: WireSizing
    /// The device the preview names (`.previewDevice("iPhone 15")`), as written; nil: none.
    public var device: String?
    /// `portrait` or `landscape` when the preview names an orientation (`traits: .landscapeLeft`,
    /// `.previewInterfaceOrientation`); nil: none.
    public var orientation: String?
    public init(name: String, file: String, line: Int, sizing: WireSizing, device: String? = nil, orientation: String? = nil) {
        self.name = name; self.file = file; self.line = line; self.sizing = sizing
        self.device = device; self.orientation = orientation
    }
}

/// What a person's code offers.
public struct PreviewCatalog: Codable, Hashable, Sendable {
    public var previews: [PreviewInfo]
    /// The person's `Layout` types that can be made with no arguments.
    public var layouts: [String]
    /// Every scene and every layout the agent can lay out (built-in ones included), in picker order.
    public var scenes: [String]
    public var allLayouts: [String]
    public init(previews: [PreviewInfo], layouts: [String], scenes: [String], allLayouts: [String]) {
        self.previews = previews; self.layouts = layouts; self.scenes = scenes; self.allLayouts = allLayouts
    }
}

/// The agent's answer to one request.
public struct AgentReply: Codable, Sendable {
    public var id: Int
    public var catalog: PreviewCatalog?
    public var result: LayoutResult?
    /// What went wrong (an unknown target, a bad request); the agent keeps running.
    public var error: String?
    /// For `.event` and `.reset`: what the events did.
    public var live: LiveReply?
    /// For `.event` and `.reset`: the number of the layout this reply gives (in `result`, or
    /// as `patch`); a later event request names it in `heldResult`.
    public var resultNumber: UInt64?
    /// For `.event`: the layout as what changed from the one the request held (`heldResult`),
    /// instead of `result`. A tap in a long list changes a few views: the whole layout of
    /// thousands costs a hundred times more to send than the change.
    public var patch: LayoutResultPatch?
    /// For `.keptState`: the live preview's state, written out (nil: the preview is not running).
    public var keptState: String?
    public init(id: Int, catalog: PreviewCatalog? = nil, result: LayoutResult? = nil, error: String? = nil, live: LiveReply? = nil,
                resultNumber: UInt64? = nil, patch: LayoutResultPatch? = nil) {
        self.id = id; self.catalog = catalog; self.result = result; self.error = error; self.live = live
        self.resultNumber = resultNumber; self.patch = patch
    }

    /// The layout the reply gives: `result`, or `patch` applied to `held` (the layout the
    /// request held). Nil when it gives none; throws when the patch does not fit `held`.
    public func layout(applyingTo held: LayoutResult?) throws -> LayoutResult? {
        if let result { return result }
        guard let patch else { return nil }
        guard let held else { throw PatchError.noBase }
        return try held.applying(patch)
    }
}

/// Something the person did to a live preview, as the window (or `--perform`) sends it.
/// Points are in the preview's coordinates (its layout's, top-left origin).
public enum WireEvent: Codable, Hashable, Sendable {
    /// A tap (a click) of `count` clicks at a point.
    case tap(x: Double, y: Double, count: Int)
    /// A tap at the centre of the innermost view whose explicit `.id(…)` reads `id`.
    case tapView(id: String)
    /// A drag from a point by a translation.
    case drag(x: Double, y: Double, dx: Double, dy: Double)
    /// A drag from the centre of the view with the explicit id `id`: a press, motion over time
    /// and a release when the preview has gestures.
    case dragView(id: String, dx: Double, dy: Double)
    /// A pointer event as it happens: `phase` is "down", "move", "up" or "cancel" (`PointerPhase`);
    /// `count` the click count of a press (2: the second press of a double click); `time` the
    /// sender's clock in seconds (a drag's velocity is measured with it; nil: when it arrives).
    /// The window sends a press, its motion (merged while a request is out) and its release:
    /// gestures and controls compete for them as on iOS, and a release near the press is a tap.
    case pointer(phase: String, x: Double, y: Double, count: Int, time: Double?)
    /// A press held `seconds` at the centre of the view with the explicit id `id`, then released.
    case pressView(id: String, seconds: Double)
    /// A pinch as it happens (a touchpad's, or Ctrl+wheel): `phase` is "began", "changed" or
    /// "ended" (`TransformPhase`); the scale and rotation (degrees, clockwise) since it began.
    case transform(phase: String, x: Double, y: Double, scale: Double, degrees: Double, time: Double?)
    /// A whole pinch over the centre of the view with the explicit id `id`: to `scale`, turned by `degrees`.
    case pinchView(id: String, scale: Double, degrees: Double)
    /// A scroll (a wheel, a touchpad) at a point by a distance in points.
    case scroll(x: Double, y: Double, dx: Double, dy: Double)
    /// A scroll over the centre of the view with the explicit id `id`.
    case scrollView(id: String, dx: Double, dy: Double)
    /// Text typed into the focused text field.
    case type(text: String)
    /// A key pressed: "return", "backspace", "escape" or "tab" (`LiveKey`).
    case key(name: String)
    /// Time passing (animations finish; tasks and timelines run), in seconds.
    case wait(seconds: Double)
    /// New values for the preview build's literals, by key (the literal fast path: a save that
    /// changed only literals). Every live preview evaluates its bodies again with its state
    /// kept; `remakesRoot`: a literal read when a view is made changed (in a `#Preview` body, a
    /// property's initial value), so the roots are made again. A value the code cannot take
    /// fails the event (`LiveReply.failure`): compile again.
    case literals(values: [String: String], remakesRoot: Bool)
}

/// What a batch of events did to a live preview.
public struct LiveReply: Codable, Hashable, Sendable {
    /// Whether the preview's state changed (its views were built again).
    public var changed: Bool
    /// The animation the change asked for (`withAnimation`, `.animation(_:value:)`); nil: the
    /// change jumps.
    public var animation: WireAnimation?
    /// Problems the code caused while running (state written in `body`, updates that never
    /// settled), each once.
    public var runtimeIssues: [String]
    /// Bodies evaluated by the events.
    public var bodyEvaluations: Int
    /// The index of the event that reached nothing, and why (the events after it were not sent).
    public var failedEvent: Int?
    public var failure: String?
    /// The preview's tasks still running (`task`, a `Task.sleep` in one), plus one while a
    /// `TimelineView` waits for its next entry: the window lets time pass for them in steps, so
    /// what they change shows without another event.
    public var runningTasks: Int?
    /// The height of the on-screen keyboard that is up (a text input has focus on a device with
    /// one, `WireDevice.keyboardHeight`): the window draws a placeholder there. Nil: none.
    public var keyboardHeight: Double?
    /// Seconds until a gesture of the press in progress needs time to have passed (a long press
    /// reaching its minimum duration): the window sends a wait then. Nil: none waits.
    public var gestureDeadline: Double?
    public init(changed: Bool, animation: WireAnimation?, runtimeIssues: [String], bodyEvaluations: Int,
                failedEvent: Int? = nil, failure: String? = nil, runningTasks: Int? = nil, keyboardHeight: Double? = nil,
                gestureDeadline: Double? = nil) {
        self.changed = changed; self.animation = animation; self.runtimeIssues = runtimeIssues
        self.bodyEvaluations = bodyEvaluations; self.failedEvent = failedEvent; self.failure = failure
        self.runningTasks = runningTasks; self.keyboardHeight = keyboardHeight; self.gestureDeadline = gestureDeadline
    }
}

/// An `Animation` on the wire.
public struct WireAnimation: Codable, Hashable, Sendable {
    /// "timingCurve" or "spring".
    public var kind: String
    /// Timing curves: the duration and the control points (nil: linear).
    public var duration: Double?
    public var curve: [Double]?
    /// Springs: SwiftUI's parameters.
    public var response: Double?
    public var dampingFraction: Double?
    public var blendDuration: Double?
    public var speed: Double
    public var delay: Double

    public init(_ animation: Animation) {
        switch animation.kind {
        case let .timingCurve(curve, duration):
            kind = "timingCurve"; self.duration = duration
            self.curve = curve.map { [$0.c0x, $0.c0y, $0.c1x, $0.c1y] }
        case let .spring(response, damping, blend):
            kind = "spring"; self.response = response; dampingFraction = damping; blendDuration = blend
        }
        speed = animation.speed; delay = animation.delay
    }

    /// The animation (a malformed one reads as `.default`).
    public var animation: Animation {
        switch kind {
        case "timingCurve":
            let c = curve.flatMap { $0.count == 4 ? UnitBezier($0[0], $0[1], $0[2], $0[3]) : nil }
            return Animation(.timingCurve(c, duration: duration ?? 0.35), speed: speed, delay: delay)
        case "spring":
            return Animation(.spring(response: response ?? 0.55, dampingFraction: dampingFraction ?? 1, blendDuration: blendDuration ?? 0),
                             speed: speed, delay: delay)
        default:
            return .default
        }
    }
}

/// JSON coding of the messages: one line each, non-finite numbers as strings.
public enum PreviewWire {
    public static func encoder() -> JSONEncoder {
        let e = JSONEncoder()
        e.nonConformingFloatEncodingStrategy = .convertToString(positiveInfinity: "inf", negativeInfinity: "-inf", nan: "nan")
        return e
    }
    public static func decoder() -> JSONDecoder {
        let d = JSONDecoder()
        d.nonConformingFloatDecodingStrategy = .convertFromString(positiveInfinity: "inf", negativeInfinity: "-inf", nan: "nan")
        return d
    }
    /// `value` as one line of JSON, newline included.
    public static func line<T: Encodable>(_ value: T) throws -> Data {
        var data = try encoder().encode(value)
        data.append(0x0A)
        return data
    }
}
