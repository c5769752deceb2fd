// Helpers for the gallery tests.

import Testing
import SwiftUI
import LayoutGallery

/// A rectangle rounded to 1/1000 pt, so expectations with irrational coordinates compare exactly.
func rounded(_ r: CGRect) -> CGRect {
    func q(_ v: CGFloat) -> CGFloat { (v * 1000).rounded() / 1000 }
    return CGRect(x: q(r.minX), y: q(r.minY), width: q(r.width), height: q(r.height))
}

func expectFrame(_ actual: CGRect?, _ expected: CGRect, _ comment: Comment? = nil,
                 sourceLocation: SourceLocation = #_sourceLocation) {
    #expect(actual.map(rounded) == rounded(expected), comment, sourceLocation: sourceLocation)
}

func rect(_ x: CGFloat, _ y: CGFloat, _ w: CGFloat, _ h: CGFloat) -> CGRect {
    CGRect(x: x, y: y, width: w, height: h)
}

/// Lays out `view` in a window of `width`×`height` (root proposed that size and centred in it).
func layout<V: View>(_ view: V, _ width: CGFloat, _ height: CGFloat) -> LayoutResult {
    LayoutHost.layout(view, in: CGSize(width: width, height: height))
}

/// A `w`×`h` block identified by `id` (a Color has no spacing preference: 8 to its neighbours).
func block(_ id: Int, _ w: CGFloat, _ h: CGFloat) -> some View {
    Color.blue.frame(width: w, height: h).id(id)
}

/// A container that asks for no space around itself (`ViewSpacing.zero`) and shows its single
/// subview at its ideal size.
struct ZeroSpacing: Layout {
    func sizeThatFits(proposal: ProposedViewSize, subviews: Subviews, cache: inout ()) -> CGSize {
        subviews.first?.sizeThatFits(.unspecified) ?? .zero
    }
    func placeSubviews(in bounds: CGRect, proposal: ProposedViewSize, subviews: Subviews, cache: inout ()) {
        subviews.first?.place(at: bounds.origin, proposal: .unspecified)
    }
    func spacing(subviews: Subviews, cache: inout ()) -> ViewSpacing { .zero }
}
