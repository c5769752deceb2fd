import Foundation
import SwiftUI

/// One subview of a scene: a stable id (its identity across layout switches, adds, removes and
/// shuffles) and its rank in a `RadialLayout`.
public struct LabItem: Hashable, Sendable, Identifiable {
    public let id: Int
    public var rank: Int
    public init(id: Int, rank: Int) { self.id = id; self.rank = rank }
}

/// The alignment chosen in the inspector: a horizontal and a vertical part. A container uses
/// the part it aligns along (vertical for HStack and Flow lines, horizontal for VStack and Flow
/// rows, both for ZStack and Grid), so switching layouts keeps what was chosen for each axis.
public struct LabAlignment: Hashable, Sendable, RawRepresentable {
    /// The horizontal part (VStack, Flow, ZStack, Grid).
    public enum Horizontal: String, CaseIterable, Sendable {
        case leading, center, trailing
        public var title: String { switch self { case .leading: "Leading"; case .center: "Center"; case .trailing: "Trailing" } }
        public var alignment: HorizontalAlignment {
            switch self { case .leading: .leading; case .center: .center; case .trailing: .trailing }
        }
    }
    /// The vertical part (HStack, ZStack, Grid), baselines included.
    public enum Vertical: String, CaseIterable, Sendable {
        case top, center, bottom, firstTextBaseline, lastTextBaseline
        public var title: String {
            switch self {
            case .top: "Top"; case .center: "Center"; case .bottom: "Bottom"
            case .firstTextBaseline: "First text baseline"; case .lastTextBaseline: "Last text baseline"
            }
        }
        public var alignment: VerticalAlignment {
            switch self {
            case .top: .top; case .center: .center; case .bottom: .bottom
            case .firstTextBaseline: .firstTextBaseline; case .lastTextBaseline: .lastTextBaseline
            }
        }
    }

    public var horizontalPart: Horizontal
    public var verticalPart: Vertical

    public init(_ horizontal: Horizontal, _ vertical: Vertical) {
        horizontalPart = horizontal
        verticalPart = vertical
    }

    public static let center = LabAlignment(.center, .center)
    /// Top for rows, leading for columns, top-leading for both (the old "Leading / Top").
    public static let leading = LabAlignment(.leading, .top)
    /// Bottom for rows, trailing for columns, bottom-trailing for both.
    public static let trailing = LabAlignment(.trailing, .bottom)

    /// "HORIZONTAL,VERTICAL" (`"leading,firstTextBaseline"`); also reads SwiftUI's names
    /// (`topLeading`, `bottom`, `leadingFirstTextBaseline`, …) and the old one-word values
    /// `leading` (top-leading) and `trailing` (bottom-trailing).
    public var rawValue: String { "\(horizontalPart.rawValue),\(verticalPart.rawValue)" }

    public init?(rawValue: String) {
        let raw = rawValue.trimmingCharacters(in: .whitespaces)
        let parts = raw.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
        if parts.count == 2, let h = Horizontal(rawValue: parts[0]), let v = Vertical(rawValue: parts[1]) {
            self.init(h, v)
            return
        }
        let key = raw.lowercased().replacingOccurrences(of: "-", with: "").replacingOccurrences(of: " ", with: "")
        switch key {
        case "leading": self = .leading
        case "trailing": self = .trailing
        case "center": self = .center
        default:
            var h = Horizontal.center, v = Vertical.center, rest = Substring(key)
            for candidate in Horizontal.allCases where candidate != .center && rest.hasPrefix(candidate.rawValue.lowercased()) {
                h = candidate; rest = rest.dropFirst(candidate.rawValue.count)
            }
            for candidate in Vertical.allCases where candidate != .center && rest.hasPrefix(candidate.rawValue.lowercased()) {
                v = candidate; rest = rest.dropFirst(candidate.rawValue.count)
            }
            // SwiftUI writes "topLeading": vertical first.
            if rest.hasPrefix("leading") { h = .leading; rest = rest.dropFirst(7) }
            else if rest.hasPrefix("trailing") { h = .trailing; rest = rest.dropFirst(8) }
            guard rest.isEmpty, key != "" else { return nil }
            self.init(h, v)
        }
    }

    /// As a horizontal alignment (VStack, Flow rows).
    public var horizontal: HorizontalAlignment { horizontalPart.alignment }
    /// As a vertical alignment (HStack, Flow lines).
    public var vertical: VerticalAlignment { verticalPart.alignment }
    /// As a two-dimensional alignment (ZStack, Grid).
    public var both: Alignment { Alignment(horizontal: horizontal, vertical: vertical) }

    /// The name shown for the axes a container uses (SwiftUI's names: "Top leading",
    /// "Leading first text baseline", …).
    public func title(for axes: LabAlignmentAxes) -> String {
        switch axes {
        case .horizontal: return horizontalPart.title
        case .vertical: return verticalPart.title
        case .none, .both:
            if horizontalPart == .center { return verticalPart.title }
            if verticalPart == .center { return horizontalPart.title }
            switch verticalPart {
            case .top, .bottom: return "\(verticalPart.title) \(horizontalPart.title.lowercased())"
            default: return "\(horizontalPart.title) \(verticalPart.title.lowercased())"
            }
        }
    }

    /// The choices the alignment menu offers for a container aligning along `axes`.
    public static func choices(for axes: LabAlignmentAxes) -> [LabAlignment] {
        switch axes {
        case .none: return []
        case .horizontal: return Horizontal.allCases.map { LabAlignment($0, .center) }
        case .vertical: return Vertical.allCases.map { LabAlignment(.center, $0) }
        case .both:
            return Vertical.allCases.flatMap { v in Horizontal.allCases.map { h in LabAlignment(h, v) } }
        }
    }

    /// This alignment with only the parts that `axes` uses replaced by `other`'s.
    public func replacing(_ axes: LabAlignmentAxes, with other: LabAlignment) -> LabAlignment {
        switch axes {
        case .none: return self
        case .horizontal: return LabAlignment(other.horizontalPart, verticalPart)
        case .vertical: return LabAlignment(horizontalPart, other.verticalPart)
        case .both: return other
        }
    }

    /// Whether `self` and `other` agree on the parts that `axes` uses.
    public func matches(_ other: LabAlignment, on axes: LabAlignmentAxes) -> Bool {
        switch axes {
        case .none: return true
        case .horizontal: return horizontalPart == other.horizontalPart
        case .vertical: return verticalPart == other.verticalPart
        case .both: return self == other
        }
    }
}

/// Which parts of the alignment a container uses.
public enum LabAlignmentAxes: Sendable {
    /// None (Radial, the equal-width stacks).
    case none
    /// Across a column: leading, center, trailing (VStack).
    case horizontal
    /// Across a row: top, center, bottom and the text baselines (HStack).
    case vertical
    /// Both (ZStack, Grid, Flow: rows aligned horizontally, lines vertically).
    case both
}

/// What the inspector lets you change, handed to layouts and scenes when the view tree is built.
public struct LabParameters: Sendable {
    /// The container spacing, or nil for the default (spacing from the subviews' preferences).
    public var spacing: CGFloat?
    public var alignment: LabAlignment
    /// The rotation of a `RadialLayout` (animatable).
    public var rotation: Angle
    /// The subviews, in order.
    public var items: [LabItem]
    /// The number of subviews.
    public var count: Int { items.count }
    /// How many times each tappable view was clicked in the canvas. A view becomes tappable
    /// with an id `"tap:NAME"` (or `"tap:NAME#suffix"`, to tag several views alike);
    /// clicking it (or anything inside it) counts one for NAME and rebuilds the scene, animated.
    public var taps: [String: Int] = [:]

    /// The clicks counted for tappable views named `name`.
    public func tapCount(_ name: String) -> Int { taps[name] ?? 0 }

    public init(spacing: CGFloat? = nil, alignment: LabAlignment = .center, rotation: Angle = .zero, items: [LabItem] = []) {
        self.spacing = spacing; self.alignment = alignment; self.rotation = rotation; self.items = items
    }

    /// `count` items with ids 0..<count and ranks 1…count.
    public static func items(count: Int) -> [LabItem] { (0..<max(count, 0)).map { LabItem(id: $0, rank: $0 + 1) } }
}
