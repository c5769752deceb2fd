import Foundation
import PreviewProtocol
import SwiftUI

/// One `--perform` step of `layoutlab render --source`: something a person does to a live
/// preview, aimed at a view by the text of its explicit `.id(…)`.
///
/// Pointer steps land at the centre of the innermost view with that id in the layout before the
/// step, and are hit-tested there as a finger would be: the frontmost view under the point that
/// draws or handles events gets it, so a step aimed at a Toggle's whole row lands on its label
/// (which, as on iOS, does nothing) rather than on the switch.
public struct PerformStep: Equatable, Sendable, CustomStringConvertible {
    /// What the step does.
    public enum Action: Equatable, Sendable {
        /// `tap:ID`: a tap at the view's centre.
        case tap(id: String)
        /// `type:ID:TEXT`: a tap on the view (a text field, to focus it), then `text` typed.
        case type(id: String, text: String)
        /// `drag:ID:DX,DY`: a drag from the view's centre by (dx, dy) points: a press, eight moves
        /// a sixtieth of a second apart, and a release (gestures see a real sequence).
        case drag(id: String, dx: Double, dy: Double)
        /// `press:ID:SECONDS`: a press held at the view's centre for that long, then released (a long press).
        case press(id: String, seconds: Double)
        /// `pinch:ID:SCALE`: a pinch over the view's centre to that scale (Ctrl+wheel or a touchpad in the window).
        case pinch(id: String, scale: Double)
        /// `rotate:ID:DEGREES`: a two-finger rotation over the view's centre, clockwise.
        case rotate(id: String, degrees: Double)
        /// `scroll:ID:DX,DY`: a scroll over the view's centre by (dx, dy) points.
        case scroll(id: String, dx: Double, dy: Double)
        /// `key:NAME`: a key pressed in the focused text field.
        case key(LiveKey)
        /// `wait:SECONDS`: time passing.
        case wait(seconds: Double)
    }

    /// The step as written on the command line.
    public let text: String
    /// What it does.
    public let action: Action

    /// The step as written (`tap:save`).
    public var description: String { text }

    /// The forms a step takes, for help and error messages.
    public static let forms = "tap:ID, type:ID:TEXT, drag:ID:DX,DY, press:ID:SECONDS, pinch:ID:SCALE, rotate:ID:DEGREES, scroll:ID:DX,DY, key:NAME, wait:SECONDS"

    /// Parses a step strictly: a known kind, a non-empty id, finite numbers.
    ///
    /// The id runs to the end for `tap`, to the next colon for `type` (a colon in the text is
    /// kept) and to the last colon for `drag`, `press`, `pinch`, `rotate` and `scroll` (the numbers
    /// never hold one), so an id with a colon in it can be tapped, dragged and scrolled.
    public init(parsing text: String) throws(CommandLineError) {
        self.text = text
        guard let colon = text.firstIndex(of: ":") else {
            throw Self.malformed("no ':' after the kind; write one of \(Self.forms)")
        }
        let kind = String(text[..<colon])
        let rest = String(text[text.index(after: colon)...])
        switch kind {
        case "tap":
            action = .tap(id: try Self.id(rest))
        case "type":
            guard let second = rest.firstIndex(of: ":") else {
                throw Self.malformed("type needs an id and the text: type:ID:TEXT")
            }
            let typed = String(rest[rest.index(after: second)...])
            guard !typed.isEmpty else { throw Self.malformed("there is no text to type after 'type:ID:' (to focus a field only, use tap:ID)") }
            action = .type(id: try Self.id(String(rest[..<second])), text: typed)
        case "drag", "scroll":
            guard let last = rest.lastIndex(of: ":") else {
                throw Self.malformed("\(kind) needs an id and a distance: \(kind):ID:DX,DY")
            }
            let id = try Self.id(String(rest[..<last]))
            let (dx, dy) = try Self.distance(String(rest[rest.index(after: last)...]))
            action = kind == "drag" ? .drag(id: id, dx: dx, dy: dy) : .scroll(id: id, dx: dx, dy: dy)
        case "press", "pinch", "rotate":
            let form = kind == "press" ? "press:ID:SECONDS" : kind == "pinch" ? "pinch:ID:SCALE" : "rotate:ID:DEGREES"
            guard let last = rest.lastIndex(of: ":") else {
                throw Self.malformed("\(kind) needs an id and a number: \(form)")
            }
            let id = try Self.id(String(rest[..<last]))
            let text = String(rest[rest.index(after: last)...])
            guard let number = Double(text), number.isFinite else {
                throw Self.malformed("\(kind) needs a finite number after the id: \(form) (got '\(text)')")
            }
            switch kind {
            case "press":
                guard number >= 0 else { throw Self.malformed("press needs 0 seconds or more (got '\(text)')") }
                action = .press(id: id, seconds: number)
            case "pinch":
                guard number > 0 else { throw Self.malformed("pinch needs a scale above 0 (got '\(text)'; 2 doubles the size, 0.5 halves it)") }
                action = .pinch(id: id, scale: number)
            default:
                action = .rotate(id: id, degrees: number)
            }
        case "key":
            guard let key = LiveKey(rawValue: rest.lowercased()) else {
                throw Self.malformed("unknown key '\(rest)' (one of: \(LiveKey.allCases.map(\.rawValue).joined(separator: ", ")))")
            }
            action = .key(key)
        case "wait":
            guard let seconds = Double(rest), seconds.isFinite, seconds >= 0 else {
                throw Self.malformed("wait needs a finite number of seconds, 0 or more (got '\(rest)')")
            }
            action = .wait(seconds: seconds)
        default:
            throw Self.malformed("unknown kind '\(kind)'; write one of \(Self.forms)")
        }
    }

    /// The wire events the agent runs for the step, in order.
    public var events: [WireEvent] {
        switch action {
        case let .tap(id): [.tapView(id: id)]
        case let .type(id, text): [.tapView(id: id), .type(text: text)]
        case let .drag(id, dx, dy): [.dragView(id: id, dx: dx, dy: dy)]
        case let .press(id, seconds): [.pressView(id: id, seconds: seconds)]
        case let .pinch(id, scale): [.pinchView(id: id, scale: scale, degrees: 0)]
        case let .rotate(id, degrees): [.pinchView(id: id, scale: 1, degrees: degrees)]
        case let .scroll(id, dx, dy): [.scrollView(id: id, dx: dx, dy: dy)]
        case let .key(key): [.key(name: key.rawValue)]
        case let .wait(seconds): [.wait(seconds: seconds)]
        }
    }

    /// Why the step as written is wrong; `parse(_:)` puts the step's number and text before it.
    private static func malformed(_ reason: String) -> CommandLineError { CommandLineError(reason) }

    private static func id(_ id: String) throws(CommandLineError) -> String {
        guard !id.isEmpty else { throw malformed("the id is empty; give the text of a view's .id(…)") }
        return id
    }

    /// `DX,DY`: two finite numbers of points.
    private static func distance(_ text: String) throws(CommandLineError) -> (Double, Double) {
        let parts = text.split(separator: ",", omittingEmptySubsequences: false)
        guard parts.count == 2, let dx = Double(parts[0]), let dy = Double(parts[1]), dx.isFinite, dy.isFinite else {
            throw malformed("the distance must be two finite numbers of points, DX,DY (got '\(text)')")
        }
        return (dx, dy)
    }

    /// Parses the steps in order; an error names the step by its number (from 1) and text.
    public static func parse(_ texts: [String]) throws(CommandLineError) -> [PerformStep] {
        var steps: [PerformStep] = []
        for (i, text) in texts.enumerated() {
            do {
                steps.append(try PerformStep(parsing: text))
            } catch {
                throw CommandLineError("render: \(label(i, text)): \(error.message)")
            }
        }
        return steps
    }

    /// `step N (TEXT)`: how messages name the step at `index` (from 0).
    public static func label(_ index: Int, _ text: String) -> String {
        "step \(index + 1) (\(text))"
    }
}
