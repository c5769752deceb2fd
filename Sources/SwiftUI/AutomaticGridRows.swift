import Foundation
import LayoutCore

/// Puts the subviews its content produces into Grid rows of `columns` cells (⌈√n⌉ when nil),
/// without adding GridRow containers: the subviews keep the identities they have in any other
/// layout, so a preview can animate a switch between, say, a flow layout and a grid.
///
/// Not SwiftUI API (SwiftUI puts each plain subview of a `GridLayout` on a row of its own, and
/// this engine does too): an SPI for LayoutLab's preview app, `@_spi(LayoutLab) import SwiftUI`.
@_spi(LayoutLab)
public struct _AutomaticGridRows<Content: View>: PrimitiveView {
    let columns: Int?
    let content: Content

    public init(columns: Int? = nil, @ViewBuilder content: () -> Content) {
        self.columns = columns.map { max(1, $0) }
        self.content = content()
    }

    public static func _makeView(_ view: Self, inputs: _ViewInputs, outputs: inout _ViewOutputs) {
        let start = outputs.nodes.count
        buildView(view.content, inputs, &outputs)
        let count = outputs.nodes.count - start
        guard count > 0 else { return }
        let columns = view.columns ?? Int(Double(count).squareRoot().rounded(.up))
        // Negative row ids never collide with GridRow's (which count up from 1).
        for (k, node) in outputs.nodes[start...].enumerated() {
            node.traits.gridRowID = -(k / columns) - 1
        }
    }
}
