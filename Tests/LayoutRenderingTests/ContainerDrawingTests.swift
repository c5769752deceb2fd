import Foundation
import SwiftUI
import LayoutRendering
import Testing

/// The containers of issue 9 draw as SwiftUI's do: a list's grouped background, white rounded
/// section cards and hairline separators; a scroll view clips its content.
@Suite("Containers are drawn")
struct ContainerDrawingTests {
    @Test func listDrawsGroupedBackgroundAndCards() throws {
        let view = List {
            Section { Color.clear.frame(height: 10); Color.clear.frame(height: 10) }
        }
        let (_, image) = try renderSaving("list-inset-grouped", view, in: CGSize(width: 200, height: 200), scale: 1)
        let gray = Color(red: 242 / 255, green: 242 / 255, blue: 247 / 255).resolve(in: .light)
        let white = Color.white.resolve(in: .light)
        // The background outside the card (the 20-point margin, and below the section).
        #expect(near(image.pixel(x: 8, y: 60), gray))
        #expect(near(image.pixel(x: 100, y: 160), gray))
        // Inside the card: rows from y 20 to 108, x 20 to 180.
        #expect(near(image.pixel(x: 100, y: 40), white))
        #expect(near(image.pixel(x: 170, y: 100), white))
        // The card's rounded corner (radius 10) leaves the background at its very corner.
        #expect(near(image.pixel(x: 20, y: 20), gray))
        // A separator under the first row (y 64), from the row inset (x 40) on: darker than the card.
        let separator = image.pixel(x: 100, y: 63)
        #expect(!near(separator, white))
        #expect(near(image.pixel(x: 30, y: 63), white))
    }

    @Test func scrollViewClipsItsContent() throws {
        let view = VStack(spacing: 0) {
            ScrollView { Color.red.frame(width: 60, height: 300) }.frame(height: 50)
            Color.clear.frame(height: 50)
        }
        let (_, image) = try renderSaving("scroll-clip", view, in: CGSize(width: 100, height: 100), scale: 1)
        #expect(near(image.pixel(x: 50, y: 25), lightRed))
        // Below the scroll view the content (300 tall) is clipped away.
        #expect(near(image.pixel(x: 50, y: 75), lightBackground))
    }
}
