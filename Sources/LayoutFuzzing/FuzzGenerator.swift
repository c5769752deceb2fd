import Foundation
import SwiftUI

/// SplitMix64: a small, fast, seedable random generator (the same sequence on every machine).
public struct SplitMix: RandomNumberGenerator, Sendable {
    private var state: UInt64
    /// A generator whose sequence is fixed by `seed`.
    public init(seed: UInt64) { state = seed }
    /// The next 64 random bits.
    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

/// Random view trees from a seed: every container, leaf and layout modifier of the engine and
/// the gallery, custom layouts that misbehave, and values that are bad `badPercent` % of the
/// time (NaN, ±∞, negative, contradictory, huge, tiny).
public struct FuzzGenerator {
    /// The random source.
    public var rng: SplitMix
    /// How often a value is bad, in percent.
    public var badPercent: UInt64
    /// The deepest nesting generated.
    public var maximumDepth: Int
    private var nextID = 0

    /// A generator for the `index`-th tree of a run with `seed`: any tree of a run can be made
    /// again on its own.
    public init(seed: UInt64, index: Int = 0, badPercent: UInt64 = 15, maximumDepth: Int = 5) {
        var mixer = SplitMix(seed: seed ^ (UInt64(truncatingIfNeeded: index) &* 0xD1B5_4A32_D192_ED03))
        rng = SplitMix(seed: mixer.next())
        self.badPercent = badPercent
        self.maximumDepth = maximumDepth
    }

    mutating func int(_ n: Int) -> Int { Int(rng.next() % UInt64(max(n, 1))) }
    mutating func chance(_ percent: UInt64) -> Bool { rng.next() % 100 < percent }
    mutating func pick<T>(_ values: [T]) -> T { values[int(values.count)] }

    /// The bad lengths: NaN, infinities, negative, huge and tiny.
    static let badLengths: [Double] = [.nan, .infinity, -.infinity, -10, -0.0, 1e300, 1e308, .greatestFiniteMagnitude, 1e-300, 0]

    /// A length: usually 0–300, `badPercent` % of the time bad.
    public mutating func length() -> Double {
        if chance(badPercent) { return pick(Self.badLengths) }
        return Double(int(300))
    }
    mutating func optionalLength() -> Double? { chance(30) ? nil : length() }
    mutating func fontSize() -> Double { chance(badPercent) ? pick([1e308, 0.5, 1e-300, .nan, 0, -12, .infinity]) : pick([9, 13, 17, 34]) }

    /// One axis of a root proposal: ordinary, 0, NaN, ∞, negative, 1e308, nil or tiny.
    public mutating func proposalLength() -> Double? {
        if chance(50) { return Double(int(1000)) }
        return pick([0, .nan, .infinity, -5, 1e308, nil, 1e-300, .greatestFiniteMagnitude, -.infinity])
    }

    /// The strings text is made of: empty, ordinary, very long, unicode, emoji, right-to-left,
    /// newlines, zero-width and combining characters.
    static let strings: [(String, Int)] = [
        ("", 1), ("Hello", 1), ("The quick brown fox jumps over the lazy dog", 1), ("lorem ipsum ", 400),
        ("Straße naïve café", 1), ("日本語のテキストを折り返す", 1), ("👩‍👩‍👧‍👦🎉🇫🇷 emoji", 1),
        ("مرحبا بالعالم", 1), ("שלום עולם", 1), ("a\nb\n\nc", 1), ("\u{200B}\u{200B}", 1), ("e\u{301}\u{302}\u{303}", 1),
        ("x", 5000), ("tab\there", 1),
    ]

    mutating func leaf() -> FuzzView {
        switch int(7) {
        case 0: return .color(int(4))
        case 1:
            let (s, n) = pick(Self.strings)
            return .text(s, repeats: n, fontSize: chance(40) ? fontSize() : nil)
        case 2: return .spacer(minLength: optionalLength())
        case 3: return .shape(int(5), cornerRadius: length())
        case 4: return .divider
        case 5: return .image(int(6))
        default: return .text(pick(Self.strings).0, repeats: 1, fontSize: nil)
        }
    }

    mutating func children(_ depth: Int, max: Int = 4) -> [FuzzView] { (0..<int(max + 1)).map { _ in view(depth: depth + 1) } }

    mutating func behaviour() -> MisbehavingLayout.Behaviour {
        switch int(5) {
        case 0: return .reportsSize(width: pick([.nan, .infinity, -.infinity, -50, 1e308, 40]), height: pick([.nan, .infinity, -1, 0, 30]))
        case 1: return .placesNothing
        case 2: return .placesTwice
        case 3: return .proposes(width: pick([.nan, .infinity, -20, 1e308, nil, 0]), height: pick([.nan, -.infinity, 50, nil]))
        default: return .placesAt(x: pick([.nan, .infinity, -.infinity, -1e300, 10]), y: pick([.nan, .infinity, 20, 1e308]))
        }
    }

    mutating func modifier() -> FuzzModifier {
        switch int(16) {
        case 0: return .frame(width: optionalLength(), height: optionalLength(), alignment: int(6))
        case 1:
            return .flexibleFrame(minWidth: optionalLength(), idealWidth: optionalLength(), maxWidth: chance(20) ? .infinity : optionalLength(),
                                  minHeight: optionalLength(), idealHeight: optionalLength(), maxHeight: chance(20) ? .infinity : optionalLength(),
                                  alignment: int(6))
        case 2: return .padding(edges: int(5), length: chance(20) ? nil : length())
        case 3: return .offset(x: length(), y: length())
        case 4: return .position(x: length(), y: length())
        case 5: return .aspectRatio(chance(40) ? nil : (chance(badPercent) ? pick(Self.badLengths) : Double(int(30)) / 10), fill: chance(50))
        case 6: return .fixedSize(horizontal: chance(50), vertical: chance(50))
        case 7: return .layoutPriority(chance(badPercent) ? pick([.nan, .infinity, -.infinity, 1e308]) : Double(int(3)))
        case 8: return .horizontalGuide(alignment: int(3), value: length(), relative: chance(30))
        case 9: return .verticalGuide(alignment: int(5), value: length(), relative: chance(30))
        case 10: return .gridCellColumns(chance(badPercent) ? pick([Int.max, Int.min, 10_000_000, -5, 0]) : int(3) + 1)
        case 11: return .zIndex(chance(badPercent) ? pick([.nan, .infinity]) : Double(int(3)))
        case 12: return .radialRank(chance(badPercent) ? pick([Int.max, Int.min, -1]) : int(4) + 1)
        case 13: return .font(fontSize())
        default:
            nextID += 1
            return .id(nextID)
        }
    }

    /// A random tree; views deeper than `maximumDepth` are leaves.
    public mutating func view(depth: Int = 0) -> FuzzView {
        if depth >= maximumDepth || chance(25) {
            var v = leaf()
            if chance(40) { v = .modified(v, modifier()) }
            return v
        }
        switch int(20) {
        case 0: return .container(.hStack(alignment: int(5), spacing: optionalLength()), children(depth))
        case 1: return .container(.vStack(alignment: int(3), spacing: optionalLength()), children(depth))
        case 2: return .container(.zStack(alignment: int(6)), children(depth))
        case 3: return .container(.viewThatFits(axes: int(3)), children(depth))
        case 4: return .container(.scrollView(axes: int(3)), children(depth, max: 2))
        case 5: return .container(.anyLayout(kind: int(4), spacing: optionalLength()), children(depth))
        case 6: return .container(.flow(alignment: int(3), spacing: optionalLength(), lineSpacing: optionalLength()), children(depth, max: 6))
        case 7: return .container(.radial(rotation: chance(badPercent) ? pick([.nan, .infinity, 1e308]) : Double(int(360)),
                                          radiusFraction: chance(badPercent) ? pick([.nan, -1, .infinity, 1e300]) : 1.0 / 3), children(depth))
        case 8: return .container(.equalWidth(horizontal: chance(50), spacing: optionalLength()), children(depth))
        case 9: return .container(.misbehaving(behaviour()), children(depth))
        case 10:
            let rows = (0..<int(4)).map { _ -> FuzzView in
                chance(80) ? .gridRow(alignment: chance(50) ? nil : int(5), children(depth + 1, max: 3)) : view(depth: depth + 2)
            }
            return .grid(horizontalSpacing: optionalLength(), verticalSpacing: optionalLength(), rows: rows)
        case 11, 12: return .layered(view(depth: depth + 1), view(depth: depth + 1), overlay: chance(50), alignment: int(6))
        default: return .modified(view(depth: depth + 1), modifier())
        }
    }

    /// A case: a tree and a root proposal.
    public mutating func fuzzCase() -> FuzzCase {
        let v = view()
        return FuzzCase(view: v, width: proposalLength(), height: proposalLength())
    }
}
