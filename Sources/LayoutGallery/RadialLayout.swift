import SwiftUI

/// A layout that arranges its subviews on a circle — the radial layout of the WWDC22 seed,
/// polished.
///
/// - It takes the space offered (for unspecified or infinite dimensions: a square whose circle
///   holds the subviews side by side) and places each subview,
///   at its ideal size, centred on a circle of radius one third of the shorter side.
/// - Subviews are spread evenly, clockwise from the top. The best-ranked subviews (lowest
///   `radialRank`) are turned to the top: the circle rotates so that their mean direction points
///   up (a three-way tie, or equal ranks everywhere, leaves the order as declared).
/// - `rotation` turns the whole arrangement and is the layout's `animatableData`, so an animated
///   change re-runs the layout each frame and subviews travel along the arc.
/// Written against the public `Layout` API only.
public struct RadialLayout: Layout {
    /// How far the whole arrangement is turned, clockwise.
    public var rotation: Angle
    /// The circle's radius as a fraction of the bounds' shorter side (one third by default).
    public var radiusFraction: CGFloat

    /// Creates a radial layout.
    public init(rotation: Angle = .zero, radiusFraction: CGFloat = 1.0 / 3.0) {
        self.rotation = rotation; self.radiusFraction = radiusFraction
    }

    /// The rotation in radians, so an animated rotation moves subviews along the arc.
    public var animatableData: Double {
        get { rotation.radians }
        set { rotation = .radians(newValue) }
    }

    /// The proposed size; an unspecified or infinite dimension takes the side of a square whose circle fits the subviews side by side.
    public func sizeThatFits(proposal: ProposedViewSize, subviews: Subviews, cache: inout ()) -> CGSize {
        // Take the space offered. An unspecified or infinite dimension takes the natural size:
        // a circle on which the subviews, at their ideal sizes, sit side by side without touching.
        // Measured only when a dimension needs it: a window proposes both, and asking every
        // subview for its ideal size then would be wasted (a tenth of a re-layout's work).
        var natural: CGFloat? = nil
        func length(_ p: CGFloat?) -> CGFloat {
            if let p, p.isFinite { return max(p, 0) }
            let side = natural ?? naturalSide(subviews)
            natural = side
            return side
        }
        return CGSize(width: length(proposal.width), height: length(proposal.height))
    }

    /// The side of the square whose circle fits the subviews side by side (10 when empty).
    func naturalSide(_ subviews: Subviews) -> CGFloat {
        guard !subviews.isEmpty else { return 10 }
        let largest = subviews.reduce(CGFloat(0)) { m, s in
            let size = s.sizeThatFits(.unspecified)
            return max(m, size.width, size.height)
        }
        // The circumference holds every subview plus a gap of a quarter of the largest one.
        let radius = max(largest * 1.25 * CGFloat(subviews.count) / (2 * .pi), largest)
        return (radius / max(radiusFraction, 0.01) + largest).rounded(.up)
    }

    /// Centres each subview, at its ideal size, on the circle, evenly spaced clockwise from the top, with the best-ranked ones turned to the top.
    public func placeSubviews(in bounds: CGRect, proposal: ProposedViewSize, subviews: Subviews, cache: inout ()) {
        guard !subviews.isEmpty else { return }
        let radius = min(bounds.width, bounds.height) * radiusFraction
        let step = 2 * Double.pi / Double(subviews.count)
        let offset = rankOffset(subviews.map { $0[RadialRank.self] }, step: step) + rotation.radians
        for (index, subview) in subviews.enumerated() {
            var point = CGPoint(x: 0, y: -radius).applying(CGAffineTransform(rotationAngle: step * Double(index) + offset))
            point.x += bounds.midX
            point.y += bounds.midY
            subview.place(at: point, anchor: .center, proposal: .unspecified)
        }
    }

    /// The rotation that turns the best-ranked subviews' mean direction to the top.
    func rankOffset(_ ranks: [Int], step: Double) -> Double {
        guard let best = ranks.min(), !ranks.allSatisfy({ $0 == best }) else { return 0 }
        var x = 0.0, y = 0.0
        for (i, r) in ranks.enumerated() where r == best {
            x += sin(step * Double(i))
            y += cos(step * Double(i))
        }
        if abs(x) < 1e-9 && abs(y) < 1e-9 { return 0 }
        return -atan2(x, y)
    }
}

/// The rank of a subview in a `RadialLayout` (1 is best); the default is 1.
public struct RadialRank: LayoutValueKey {
    /// Rank 1, the best.
    public static let defaultValue: Int = 1
}

extension View {
    /// Sets the subview's rank in a `RadialLayout`.
    public func radialRank(_ value: Int) -> some View {
        layoutValue(key: RadialRank.self, value: value)
    }
}
