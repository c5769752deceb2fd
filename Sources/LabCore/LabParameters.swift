import Foundation
import LayoutEngine

/// One subview of a scene: a stable id (its identity across layout switches, adds, removes and
/// shuffles) and its rank in a `RadialLayout`.
public struct LabItem: Hashable, Sendable, Identifiable {
    public let id: Int
    public var rank: Int
    public init(id: Int, rank: Int) { self.id = id; self.rank = rank }
}

/// The alignment chosen in the inspector, applied along the axis a container aligns on
/// (vertical for HStack/Flow, horizontal for VStack, both for ZStack/Grid).
public enum LabAlignment: String, CaseIterable, Sendable, Codable {
    case leading, center, trailing

    /// Shown in the inspector.
    public var title: String {
        switch self {
        case .leading: "Leading / Top"
        case .center: "Center"
        case .trailing: "Trailing / Bottom"
        }
    }
    /// As a horizontal alignment (VStack).
    public var horizontal: HorizontalAlignment {
        switch self { case .leading: .leading; case .center: .center; case .trailing: .trailing }
    }
    /// As a vertical alignment (HStack, Flow lines).
    public var vertical: VerticalAlignment {
        switch self { case .leading: .top; case .center: .center; case .trailing: .bottom }
    }
    /// As a two-dimensional alignment (ZStack, Grid).
    public var both: Alignment {
        switch self { case .leading: .topLeading; case .center: .center; case .trailing: .bottomTrailing }
    }
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
