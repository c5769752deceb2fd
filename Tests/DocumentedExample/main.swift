import Foundation
import LayoutLabApp
import SwiftUI

/// Places its subviews corner to corner down a diagonal, each at its ideal size.
struct DiagonalLayout: Layout {
    func sizeThatFits(proposal: ProposedViewSize, subviews: Subviews, cache: inout ()) -> CGSize {
        subviews.reduce(CGSize.zero) { size, subview in
            let ideal = subview.sizeThatFits(.unspecified)
            return CGSize(width: size.width + ideal.width, height: size.height + ideal.height)
        }
    }

    func placeSubviews(in bounds: CGRect, proposal: ProposedViewSize, subviews: Subviews, cache: inout ()) {
        var point = bounds.origin
        for subview in subviews {
            let ideal = subview.sizeThatFits(.unspecified)
            subview.place(at: point, proposal: .unspecified)
            point.x += ideal.width
            point.y += ideal.height
        }
    }
}

// Window options (--automation, --stats, …) come from the command line, as for `layoutlab`.
var options = WindowOptions()
if case .window(let parsed)? = try? LabCommand(parsing: Array(CommandLine.arguments.dropFirst())) {
    options = parsed
}

exit(LayoutLab.run(
    layouts: [LabLayout("Diagonal", DiagonalLayout())],
    scene: LabScene("Squares", count: 5) { count in
        ForEach(0..<count, id: \.self) { i in
            Text("\(i)").padding().background(.blue.opacity(0.3), in: .rect(cornerRadius: 8))
        }
    },
    options: options))
