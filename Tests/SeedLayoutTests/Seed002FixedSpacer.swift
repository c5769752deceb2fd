// Seed 002 — "Creating custom layouts with SwiftUI": FixedSpacer.
//
// The seed's Swift code, verbatim. The seed shows `FixedSpacer` first as a stub ("Basic
// structure", bodies `// Implementation coming next...`), then the two methods on their own.
// The stub is kept as `FixedSpacerStub` (only renamed; its `sizeThatFits` needs a `return`,
// supplied and marked); the final `FixedSpacer` is the stub's header (`let spacing: CGFloat = 30`)
// with the two methods, verbatim, in an extension. Note: the prose says "exactly 20 points
// between each view" but the code says 30 — the code is followed.
// `ContentView` is renamed `ContentView002` (other seeds have a ContentView too).

import SwiftUI

// MARK: - Seed code (verbatim)

struct FixedSpacerStub: Layout {
    let spacing: CGFloat = 30
    
    // Calculate the total size needed for our layout
    func sizeThatFits(
        proposal: ProposedViewSize,
        subviews: Subviews,
        cache: inout ()
    ) -> CGSize { 
         // Implementation coming next... 
         return .zero // ← supplied by the tests: the seed's stub has no body yet (does not compile without it)
    }
    
    // Position each subview within our bounds
    func placeSubviews(
        in bounds: CGRect,
        proposal: ProposedViewSize,
        subviews: Subviews,
        cache: inout ()
    ) { 
         // Implementation coming next... 
    }
}

// The final FixedSpacer: the stub's header…
struct FixedSpacer: Layout {
    let spacing: CGFloat = 30
}

// …and the two methods the seed shows next, verbatim.
extension FixedSpacer {
func sizeThatFits(
    proposal: ProposedViewSize,
    subviews: Subviews,
    cache: inout ()
) -> CGSize {
    // 1. Ask each subview for its preferred size
    let subviewSizes = subviews.map { subview in
        subview.sizeThatFits(.unspecified)
    }
    
    // 2. Calculate total width needed: all widths + spacing between views
    let totalWidth = subviewSizes.map(\.width).reduce(0, +) + 
                    spacing * CGFloat(subviews.count - 1)
    
    // 3. Find the tallest view for our height
    let maxHeight = subviewSizes.map(\.height).max() ?? 0
    
    return CGSize(width: totalWidth, height: maxHeight)
}

func placeSubviews(
    in bounds: CGRect,
    proposal: ProposedViewSize,
    subviews: Subviews,
    cache: inout ()
) {
    // Start positioning from the left edge
    var currentX = bounds.minX

    // Place each subview
    for subview in subviews {
        // Find out how big this subview wants to be
        let subviewSize = subview.sizeThatFits(.unspecified)
        
        // Position the subview
        subview.place(
            at: CGPoint(x: currentX, y: bounds.midY),
            anchor: .leading,  // Anchor to the leading edge
            proposal: .unspecified
        )
        
        // Move to the next position (width + spacing)
        currentX += subviewSize.width + spacing
    }
}
}

struct ContentView002: View {
    var body: some View {
        FixedSpacer {
            Text("Short")
                .padding()
                .background(.blue)
            
            Text("Much Longer Text")
                .padding()
                .background(.green)
            
            Text("Medium")
                .padding()
                .background(.orange)
        }
        .padding()
    }
}
