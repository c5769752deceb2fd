import Foundation
import SwiftUI

// The fuzzer's view trees as data: generated from a seed, turned into engine views, printed as
// SwiftUI code, shrunk, and passed between the fuzzer and the processes that check a tree in
// isolation (as JSON). Numbers are `Double`s that may be NaN, ±∞, negative or huge on purpose.

/// A view tree the fuzzer made: a leaf, a container of subviews, or a view with a modifier.
public indirect enum FuzzView: Codable, Hashable, Sendable {
    /// `Text(string)`, the string repeated `repeats` times, with `.font(.system(size:))` when a size is given.
    case text(String, repeats: Int, fontSize: Double?)
    /// A `Color` from a small palette.
    case color(Int)
    /// A shape: `Rectangle`, `Circle`, `Capsule`, `RoundedRectangle(cornerRadius:)`, `Ellipse`.
    case shape(Int, cornerRadius: Double)
    /// `Spacer(minLength:)`.
    case spacer(minLength: Double?)
    /// `Divider()`.
    case divider
    /// `Image(systemName:)`, an unregistered `Image(name)`, or a resizable system image.
    case image(Int)
    /// A container of subviews.
    case container(FuzzContainer, [FuzzView])
    /// `Grid(horizontalSpacing:verticalSpacing:)` of rows (each a `.gridRow` or any view).
    case grid(horizontalSpacing: Double?, verticalSpacing: Double?, rows: [FuzzView])
    /// `GridRow(alignment:)`: alignment index, or nil.
    case gridRow(alignment: Int?, [FuzzView])
    /// `primary.overlay(secondary, alignment:)` or `.background(…)`.
    case layered(FuzzView, FuzzView, overlay: Bool, alignment: Int)
    /// A view with a modifier.
    case modified(FuzzView, FuzzModifier)
}

/// The containers the fuzzer uses (besides Grid).
public enum FuzzContainer: Codable, Hashable, Sendable {
    case hStack(alignment: Int, spacing: Double?)
    case vStack(alignment: Int, spacing: Double?)
    case zStack(alignment: Int)
    /// `ViewThatFits(in:)`: 0 horizontal, 1 vertical, 2 both.
    case viewThatFits(axes: Int)
    /// `ScrollView(_:)`: 0 horizontal, 1 vertical, 2 both.
    case scrollView(axes: Int)
    /// `AnyLayout(…)` of `HStackLayout`, `VStackLayout`, `ZStackLayout`, `GridLayout` (0–3).
    case anyLayout(kind: Int, spacing: Double?)
    /// The gallery's `FlowLayout`.
    case flow(alignment: Int, spacing: Double?, lineSpacing: Double?)
    /// The gallery's `RadialLayout` (rotation in degrees).
    case radial(rotation: Double, radiusFraction: Double)
    /// The gallery's `EqualWidthHStack` (true) or `EqualWidthVStack`.
    case equalWidth(horizontal: Bool, spacing: Double?)
    /// A custom `Layout` that misbehaves (`MisbehavingLayout`).
    case misbehaving(MisbehavingLayout.Behaviour)
}

/// The modifiers the fuzzer uses.
public enum FuzzModifier: Codable, Hashable, Sendable {
    case frame(width: Double?, height: Double?, alignment: Int)
    case flexibleFrame(minWidth: Double?, idealWidth: Double?, maxWidth: Double?,
                       minHeight: Double?, idealHeight: Double?, maxHeight: Double?, alignment: Int)
    /// `padding(edges, length)`: edges index (all, horizontal, vertical, top, leading).
    case padding(edges: Int, length: Double?)
    case offset(x: Double, y: Double)
    case position(x: Double, y: Double)
    case aspectRatio(Double?, fill: Bool)
    case fixedSize(horizontal: Bool, vertical: Bool)
    case layoutPriority(Double)
    /// `alignmentGuide(HorizontalAlignment…)` returning `value` (or `d.width * value` when relative).
    case horizontalGuide(alignment: Int, value: Double, relative: Bool)
    /// `alignmentGuide(VerticalAlignment…)` returning `value` (or `d.height * value` when relative).
    case verticalGuide(alignment: Int, value: Double, relative: Bool)
    case gridCellColumns(Int)
    /// `.id("vN")`: the fuzzer checks that every id given has a frame.
    case id(Int)
    case zIndex(Double)
    case radialRank(Int)
    /// `.font(.system(size:))` on any view (the environment).
    case font(Double)
}

/// One check: a tree and the proposal it is laid out for.
public struct FuzzCase: Codable, Hashable, Sendable {
    /// The tree.
    public var view: FuzzView
    /// The root's proposal: nil is unspecified on that axis.
    public var width: Double?
    /// The root's proposal: nil is unspecified on that axis.
    public var height: Double?
    /// Creates a case.
    public init(view: FuzzView, width: Double?, height: Double?) {
        self.view = view; self.width = width; self.height = height
    }

    /// The case as JSON (NaN and infinities as strings).
    public func json() -> String { FuzzJSON.encode(self) }

    /// A case read from `json()`'s output.
    public static func from(json: Data) throws -> FuzzCase { try FuzzJSON.decode(json) }
}

/// The JSON of cases passed to child processes: sorted keys, NaN and infinities as strings.
enum FuzzJSON {
    static func encode<T: Encodable>(_ value: T) -> String {
        let e = JSONEncoder()
        e.nonConformingFloatEncodingStrategy = .convertToString(positiveInfinity: "inf", negativeInfinity: "-inf", nan: "nan")
        e.outputFormatting = [.sortedKeys]
        return String(decoding: (try? e.encode(value)) ?? Data(), as: UTF8.self)
    }

    static func decode<T: Decodable>(_ json: Data) throws -> T {
        let d = JSONDecoder()
        d.nonConformingFloatDecodingStrategy = .convertFromString(positiveInfinity: "inf", negativeInfinity: "-inf", nan: "nan")
        return try d.decode(T.self, from: json)
    }
}

// MARK: - Choices by index (shared by the view builder and the code printer)

enum Choices {
    static let verticalAlignments: [(VerticalAlignment, String)] = [
        (.top, ".top"), (.center, ".center"), (.bottom, ".bottom"),
        (.firstTextBaseline, ".firstTextBaseline"), (.lastTextBaseline, ".lastTextBaseline"),
    ]
    static let horizontalAlignments: [(HorizontalAlignment, String)] = [
        (.leading, ".leading"), (.center, ".center"), (.trailing, ".trailing"),
    ]
    static let alignments: [(Alignment, String)] = [
        (.center, ".center"), (.topLeading, ".topLeading"), (.bottomTrailing, ".bottomTrailing"),
        (.leading, ".leading"), (.top, ".top"), (.bottom, ".bottom"),
    ]
    static let axes: [(Axis.Set, String)] = [(.horizontal, ".horizontal"), (.vertical, ".vertical"), ([.horizontal, .vertical], "[.horizontal, .vertical]")]
    static let edges: [(Edge.Set, String)] = [(.all, ".all"), (.horizontal, ".horizontal"), (.vertical, ".vertical"), (.top, ".top"), (.leading, ".leading")]
    static let colors: [(Color, String)] = [(.red, ".red"), (.blue, ".blue"), (.green, ".green"), (.orange, ".orange")]
    static let systemImages = ["star.fill", "heart", "globe"]

    static func pick<T>(_ list: [T], _ i: Int) -> T { list[((i % list.count) + list.count) % list.count] }
}

extension FuzzView {
    /// The views directly inside this one.
    public var children: [FuzzView] {
        switch self {
        case .container(_, let c), .gridRow(_, let c): return c
        case .grid(_, _, let rows): return rows
        case .layered(let a, let b, _, _): return [a, b]
        case .modified(let v, _): return [v]
        default: return []
        }
    }

    /// The number of views in the tree (modifiers count as views, as in the engine).
    public var size: Int { 1 + children.reduce(0) { $0 + $1.size } }

    /// The ids that name a view: an id inside another id on the same view (`.id("v1").id("v2")`,
    /// through modifiers that make no view of their own) is replaced by the outer one, as in SwiftUI.
    public var effectiveIDs: [Int] { collectIDs(overridden: false) }

    /// Whether the view builds no view at all: an empty `ViewThatFits` (the engine's documented
    /// choice), and any modifier or overlay of one — their ids and contents are left out too.
    public var buildsNothing: Bool {
        switch self {
        case .container(.viewThatFits, let kids): return kids.allSatisfy(\.buildsNothing)
        case .modified(let inner, _): return inner.buildsNothing
        case .layered(let primary, _, _, _): return primary.buildsNothing
        default: return false
        }
    }

    func collectIDs(overridden: Bool) -> [Int] {
        if buildsNothing { return [] }
        guard case .modified(let inner, let m) = self else { return children.flatMap { $0.collectIDs(overridden: false) } }
        switch m {
        case .id(let n): return (overridden ? [] : [n]) + inner.collectIDs(overridden: true)
        case .zIndex, .gridCellColumns, .layoutPriority, .radialRank, .font: return inner.collectIDs(overridden: overridden)
        default: return inner.collectIDs(overridden: false)
        }
    }

    /// The ids (`.id("vN")`) given in the tree.
    public var ids: [Int] {
        var out: [Int] = []
        if case .modified(_, .id(let n)) = self { out.append(n) }
        for c in children { out += c.ids }
        return out
    }
}
