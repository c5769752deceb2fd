import Foundation
import Yams

// The typed form of a conformance fixture file (`Tests/LayoutEngineTests/Fixtures/*.yaml`,
// described in its README), decoded with Yams. Every check that the old run-time loader made
// is made here, at build time, so that a mistake in a fixture is a build error that names the
// file, the line and the fixture.

/// A mistake in a fixture file, with the line and column it was found at (1-based).
struct FixtureProblem: Error {
    var message: String
    var line: Int?
    var column: Int?

    init(_ message: String, at mark: Mark? = nil) {
        self.message = message
        self.line = mark?.line
        self.column = mark?.column
    }
}

/// A length: a number, infinity (`inf`, `.inf`) or, where allowed, null (unspecified).
struct Length: Decodable {
    var value: Double?

    init(from decoder: any Decoder) throws {
        let c = try decoder.singleValueContainer()
        if c.decodeNil() { value = nil; return }
        if let d = try? c.decode(Double.self) { value = d; return }
        // YAML's own spelling is `.inf`; the fixtures have always accepted `inf` too.
        if let s = try? c.decode(String.self) {
            switch s.trimmingCharacters(in: .whitespaces).lowercased() {
            case "null", "nil", "~": value = nil; return
            case "inf", ".inf", "infinity", "+inf", "+.inf": value = .infinity; return
            case "-inf", "-.inf", "-infinity": value = -.infinity; return
            default:
                if let d = Double(s) { value = d; return }
                throw FixtureProblem("expected a number, inf or null, found `\(s)`", at: decoder.mark)
            }
        }
        throw FixtureProblem("expected a number, inf or null", at: decoder.mark)
    }

    /// The value, which must not be null here.
    func required(_ what: String, at mark: Mark?) throws -> Double {
        guard let value else { throw FixtureProblem("\(what) must be a number, found null", at: mark) }
        guard !value.isNaN else { throw FixtureProblem("\(what) must be a number, found nan", at: mark) }
        return value
    }
}

/// `[a, b, …]` of exactly `count` lengths.
func lengths(_ decoder: any Decoder, count: Int, what: String, nullable: Bool) throws -> [Double?] {
    var c: any UnkeyedDecodingContainer
    do { c = try decoder.unkeyedContainer() } catch {
        throw FixtureProblem("\(what) must be a list of \(count) numbers", at: decoder.mark)
    }
    var values: [Double?] = []
    while !c.isAtEnd { values.append(try c.decode(Length.self).value) }
    guard values.count == count else {
        throw FixtureProblem("\(what) must have \(count) numbers, found \(values.count)", at: decoder.mark)
    }
    if !nullable, values.contains(where: { $0 == nil || $0!.isNaN }) {
        throw FixtureProblem("\(what) must not contain null", at: decoder.mark)
    }
    return values
}

/// The root proposal `[w, h]`; null is unspecified.
struct Proposal: Decodable {
    var width: Double?
    var height: Double?
    init(width: Double?, height: Double?) { self.width = width; self.height = height }
    init(from decoder: any Decoder) throws {
        let v = try lengths(decoder, count: 2, what: "`proposal` ([w, h])", nullable: true)
        width = v[0]; height = v[1]
    }
}

/// Safe-area insets `[top, leading, bottom, trailing]` from the proposal's edges.
struct Insets: Decodable {
    var values: [Double]
    init(from decoder: any Decoder) throws {
        values = try lengths(decoder, count: 4, what: "insets ([top, leading, bottom, trailing])", nullable: false).map { $0! }
    }
}

/// An expected frame `[x, y, w, h]` in root coordinates.
struct Frame: Decodable {
    var values: [Double]
    init(from decoder: any Decoder) throws {
        values = try lengths(decoder, count: 4, what: "an expected frame ([x, y, w, h])", nullable: false).map { $0! }
    }
}

/// An expected size `[w, h]`.
struct Size: Decodable {
    var values: [Double]
    init(from decoder: any Decoder) throws {
        values = try lengths(decoder, count: 2, what: "an expected size ([w, h])", nullable: false).map { $0! }
    }
}

/// The sizes of a view for the zero, unspecified and infinite proposals.
struct SizeExpectation: Decodable {
    var min: Size?
    var ideal: Size?
    var max: Size?

    private enum CodingKeys: String, CodingKey, CaseIterable { case min, ideal, max }

    init(from decoder: any Decoder) throws {
        try rejectUnknownKeys(decoder, known: CodingKeys.allCases.map(\.rawValue), what: "a sizes entry")
        let c = try decoder.container(keyedBy: CodingKeys.self)
        min = try c.decodeIfPresent(Size.self, forKey: .min)
        ideal = try c.decodeIfPresent(Size.self, forKey: .ideal)
        max = try c.decodeIfPresent(Size.self, forKey: .max)
    }
}

/// `text: {glyphWidth: r, lineHeight: r}`: the deterministic text measurer's ratios.
struct TextMetrics: Decodable {
    var glyphWidth: Double = 1
    var lineHeight: Double = 1

    private enum CodingKeys: String, CodingKey, CaseIterable { case glyphWidth, lineHeight }

    init() {}
    init(from decoder: any Decoder) throws {
        try rejectUnknownKeys(decoder, known: CodingKeys.allCases.map(\.rawValue), what: "`text`")
        let c = try decoder.container(keyedBy: CodingKeys.self)
        glyphWidth = try c.decodeIfPresent(Length.self, forKey: .glyphWidth)?.required("`text.glyphWidth`", at: decoder.mark) ?? 1
        lineHeight = try c.decodeIfPresent(Length.self, forKey: .lineHeight)?.required("`text.lineHeight`", at: decoder.mark) ?? 1
    }
}

/// The view's Swift source, with where it starts in the YAML file (so that the generated code
/// can point the compiler's diagnostics back at the fixture).
struct ViewSource: Decodable {
    var code: String
    var mark: Mark?
    init(from decoder: any Decoder) throws {
        let c = try decoder.singleValueContainer()
        guard let s = try? c.decode(String.self), !s.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty else {
            throw FixtureProblem("`view` must be the Swift code of one view", at: decoder.mark)
        }
        code = s
        mark = decoder.mark
    }
}

/// `expect:`: frames by id, or `record` (no baseline yet).
enum Expectation: Decodable {
    case frames([(id: String, frame: Frame)])
    case record

    init(from decoder: any Decoder) throws {
        if let s = try? decoder.singleValueContainer().decode(String.self) {
            guard s == "record" else {
                throw FixtureProblem("`expect` must map ids to [x, y, w, h], or be `record`; found `\(s)`", at: decoder.mark)
            }
            self = .record
            return
        }
        self = .frames(try idMap(decoder, Frame.self, what: "`expect`"))
    }
}

/// A mapping of view ids to values, sorted by id (YAML mappings have no order that matters).
func idMap<T: Decodable>(_ decoder: any Decoder, _ type: T.Type, what: String) throws -> [(id: String, frame: T)] {
    let c: KeyedDecodingContainer<AnyKey>
    do { c = try decoder.container(keyedBy: AnyKey.self) } catch {
        throw FixtureProblem("\(what) must map view ids to values", at: decoder.mark)
    }
    return try c.allKeys.map { key in (id: key.stringValue, frame: try c.decode(T.self, forKey: key)) }
        .sorted { $0.id < $1.id }
}

/// Any key of a mapping (for unknown-key checks and id maps).
struct AnyKey: CodingKey {
    var stringValue: String
    var intValue: Int? { nil }
    init(stringValue: String) { self.stringValue = stringValue }
    init?(intValue: Int) { stringValue = String(intValue) }
}

/// Fails on a key that is not one of `known`: a misspelt key would otherwise be ignored silently.
func rejectUnknownKeys(_ decoder: any Decoder, known: [String], what: String) throws {
    guard let c = try? decoder.container(keyedBy: AnyKey.self) else {
        throw FixtureProblem("\(what) must be a mapping", at: decoder.mark)
    }
    for key in c.allKeys where !known.contains(key.stringValue) {
        throw FixtureProblem("\(what) has an unknown key `\(key.stringValue)` (known: \(known.sorted().joined(separator: ", ")))",
                             at: decoder.mark)
    }
}

/// One conformance case.
struct Fixture: Decodable {
    enum Status: String, Decodable { case knownFailure = "known-failure", unverified }

    var name: String
    var provenance: String
    var note: String?
    var proposal = Proposal(width: 100, height: 100)
    var view: ViewSource
    var expect: Expectation?
    var sizes: [(id: String, frame: SizeExpectation)] = []
    var hidden: [String] = []
    var tolerance: Double = 0.01
    var status: Status?
    var reason: String?
    var text = TextMetrics()
    /// The screen's safe-area insets (`LayoutHost.safeAreaInsets`) and the keyboard's (`keyboardInsets`).
    var safeArea: Insets?
    var keyboard: Insets?
    /// Where the case starts in its file.
    var mark: Mark?

    private enum CodingKeys: String, CodingKey, CaseIterable {
        case name, provenance, note, proposal, view, expect, sizes, hidden, tolerance, status, reason, text, safeArea, keyboard
    }

    init(from decoder: any Decoder) throws {
        mark = decoder.mark
        try rejectUnknownKeys(decoder, known: CodingKeys.allCases.map(\.rawValue), what: "a fixture")
        let c = try decoder.container(keyedBy: CodingKeys.self)
        name = try c.decode(String.self, forKey: .name)
        provenance = try c.decode(String.self, forKey: .provenance)
        guard !provenance.trimmingCharacters(in: .whitespaces).isEmpty else {
            throw FixtureProblem("`provenance` is empty: say where the numbers come from", at: mark)
        }
        note = try c.decodeIfPresent(String.self, forKey: .note)
        proposal = try c.decodeIfPresent(Proposal.self, forKey: .proposal) ?? proposal
        view = try c.decode(ViewSource.self, forKey: .view)
        expect = try c.decodeIfPresent(Expectation.self, forKey: .expect)
        if c.contains(.sizes) {
            sizes = try idMap(try c.superDecoder(forKey: .sizes), SizeExpectation.self, what: "`sizes`")
        }
        hidden = try c.decodeIfPresent([String].self, forKey: .hidden) ?? []
        tolerance = try c.decodeIfPresent(Length.self, forKey: .tolerance)?.required("`tolerance`", at: mark) ?? tolerance
        if c.contains(.status) {
            let s = try c.decode(String.self, forKey: .status)
            guard let st = Status(rawValue: s) else {
                throw FixtureProblem("`status` must be known-failure or unverified, found `\(s)`", at: mark)
            }
            status = st
        }
        reason = try c.decodeIfPresent(String.self, forKey: .reason)
        text = try c.decodeIfPresent(TextMetrics.self, forKey: .text) ?? text
        safeArea = try c.decodeIfPresent(Insets.self, forKey: .safeArea)
        keyboard = try c.decodeIfPresent(Insets.self, forKey: .keyboard)
        if expect == nil && sizes.isEmpty && hidden.isEmpty {
            throw FixtureProblem("the fixture asserts nothing (no expect, sizes or hidden)", at: mark)
        }
        if status == .knownFailure && (reason ?? "").trimmingCharacters(in: .whitespaces).isEmpty {
            throw FixtureProblem("a known-failure fixture needs a `reason`", at: mark)
        }
    }
}

/// A case slot of a file: the fixture, or why it could not be read (so that one bad case does
/// not hide the problems of the others).
struct FixtureSlot: Decodable {
    var result: Result<Fixture, any Error>
    /// The case's `name`, when it could be read: error messages name the fixture.
    var name: String?
    var mark: Mark?

    private enum NameKey: String, CodingKey { case name }

    init(from decoder: any Decoder) throws {
        mark = decoder.mark
        name = try? decoder.container(keyedBy: NameKey.self).decode(String.self, forKey: .name)
        result = Result { try Fixture(from: decoder) }
    }
}

/// A fixture file: `cases:` and the list of cases (a bare list is accepted too).
struct FixtureFile: Decodable {
    var cases: [FixtureSlot]

    private enum CodingKeys: String, CodingKey { case cases }

    init(from decoder: any Decoder) throws {
        if var list = try? decoder.unkeyedContainer() {
            var cases: [FixtureSlot] = []
            while !list.isAtEnd { cases.append(try list.decode(FixtureSlot.self)) }
            self.cases = cases
            return
        }
        try rejectUnknownKeys(decoder, known: ["cases"], what: "a fixture file")
        guard let c = try? decoder.container(keyedBy: CodingKeys.self), c.contains(.cases) else {
            throw FixtureProblem("expected a top-level `cases:` list", at: decoder.mark)
        }
        cases = try c.decode([FixtureSlot].self, forKey: .cases)
    }
}
