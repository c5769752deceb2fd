// Helpers for the gallery tests.

import Testing
import SwiftUI
import LayoutGallery
import LayoutTestSupport

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
