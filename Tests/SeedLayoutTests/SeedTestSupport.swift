// Helpers shared by the seed tests (not seed code).

import Testing
import SwiftUI

/// A rectangle rounded to 1/1000 of a point, so hand-derived expectations with irrational
/// coordinates (√3 on the radial layouts) compare exactly.
func rounded(_ r: CGRect) -> CGRect {
    func q(_ v: CGFloat) -> CGFloat { (v * 1000).rounded() / 1000 }
    return CGRect(x: q(r.minX), y: q(r.minY), width: q(r.width), height: q(r.height))
}

/// Expects `actual` (from the engine) to equal the hand-derived `expected`, to 1/1000 pt.
func expectFrame(_ actual: CGRect?, _ expected: CGRect, _ comment: Comment? = nil,
                 sourceLocation: SourceLocation = #_sourceLocation) {
    #expect(actual.map(rounded) == rounded(expected), comment, sourceLocation: sourceLocation)
}

func rect(_ x: CGFloat, _ y: CGFloat, _ w: CGFloat, _ h: CGFloat) -> CGRect {
    CGRect(x: x, y: y, width: w, height: h)
}

extension LayoutResult {
    /// The first view whose kind is `kind` (a custom layout's kind is its type name).
    func first(kind: String) -> PlacedView? { views.first { $0.kind == kind } }

    /// The direct subviews, in declaration order, of the first view of kind `kind`.
    func subviews(ofKind kind: String) -> [PlacedView] {
        guard let container = first(kind: kind) else { return [] }
        return views.filter { $0.parent == container.index }
    }

    /// The Text views showing `string`, in pre-order.
    func texts(_ string: String) -> [PlacedView] {
        views.filter { $0.kind == "Text" && $0.detail == "\"\(string)\"" }
    }

    /// The frame of the first Text showing `string`.
    func textFrame(_ string: String) -> CGRect? { texts(string).first?.frame }

    /// The frame of the first *visible* view with the explicit id `id` (ViewThatFits keeps the
    /// children it did not choose, hidden).
    func visibleFrame<ID: Hashable>(of id: ID) -> CGRect? {
        views.first { $0.isVisible && $0.explicitID == AnyHashable(id) }?.frame
    }
}

/// Lays out `view` in a window of `width`×`height` (the root is proposed that size and centred).
func layout<V: View>(_ view: V, _ width: CGFloat, _ height: CGFloat) -> LayoutResult {
    LayoutHost.layout(view, in: CGSize(width: width, height: height))
}
