import Testing
import Foundation
@_spi(LayoutLab) @testable import SwiftUI

@Suite("Automatic grid rows (preview SPI)")
struct AutomaticGridRowsTests {
    private func items() -> some View {
        ForEach(0..<5, id: \.self) { i in Color.red.frame(width: 10 + CGFloat(i), height: 10) }
    }

    @Test func rowsOfCeilSqrtCellsAndColumnsAsWideAsTheirWidestCell() {
        let r = LayoutHost.layout(GridLayout(horizontalSpacing: 0, verticalSpacing: 0) { _AutomaticGridRows { items() } },
                                  in: CGSize(width: 100, height: 100))
        // 5 subviews → 3 columns: widths max(10, 13) = 13, max(11, 14) = 14, 12 → grid 39×20 at (30.5, 40).
        #expect(r.rootSize == CGSize(width: 39, height: 20))
        #expect(r.frame(of: 0) == CGRect(x: 30.5 + 1.5, y: 40, width: 10, height: 10))
        #expect(r.frame(of: 3) == CGRect(x: 30.5, y: 50, width: 13, height: 10))
    }

    @Test func identitiesAreThoseOfTheSameSubviewsInAnotherLayout() {
        let grid = LayoutHost.layout(AnyLayout(GridLayout()) { _AutomaticGridRows { items() } }, in: CGSize(width: 100, height: 100))
        let stack = LayoutHost.layout(AnyLayout(HStackLayout()) { items() }, in: CGSize(width: 100, height: 100))
        #expect(grid.views.identities == stack.views.identities)
    }

    @Test func plainSubviewsOfAGridLayoutStillFormARowEach() {
        // SwiftUI's rule, unchanged by the SPI's existence.
        let r = LayoutHost.layout(GridLayout(horizontalSpacing: 0, verticalSpacing: 0) { items() }, in: CGSize(width: 100, height: 100))
        #expect(r.rootSize == CGSize(width: 14, height: 50))
    }
}
