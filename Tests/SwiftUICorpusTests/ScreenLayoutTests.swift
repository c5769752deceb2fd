import Foundation
import LayoutTestSupport
import SwiftUI
import Testing

// Each screen of the corpus (Screens/, written in the style of public SwiftUI sample code and
// compiled unchanged through `import SwiftUI`) laid out on a phone-sized canvas, with frames
// worked out by hand from SwiftUI's rules (the engine's DocC rule articles). Text is measured
// deterministically (see CorpusSupport.swift), so every number below can be derived on paper.

@Suite("Corpus screens: layout by SwiftUI's rules")
struct ScreenLayoutTests {
    /// Bubbles: outgoing ones end at the trailing padding, incoming ones start at the leading
    /// padding; the scroll view's content starts at its top (unspecified height proposal).
    @Test func chatBubblesHugTheirSide() throws {
        let messages = [ChatMessage(id: 1, text: "Hi!", isMine: false),
                        ChatMessage(id: 2, text: "Hello there", isMine: true)]
        let r = layout(ChatScreen(messages: messages))
        let hi = try r.text("Hi!"), hello = try r.text("Hello there")
        // 16 (list padding) + 14 (bubble padding); the bubble is 10 + 17 + 10 tall.
        #expect(close(hi, CGRect(x: 30, y: 26, width: 51, height: 17)))
        // The row is 361 wide; the Spacer (priority −∞, minimum 60) leaves the bubble its ideal
        // width, so the text ends 14 + 16 before the trailing edge; 8 below the first bubble.
        #expect(close(hello, CGRect(x: 393 - 30 - 187, y: 16 + 37 + 8 + 10, width: 187, height: 17)))
    }

    /// An adaptive column of minimum 150 in 361 points with spacing 16 fits twice:
    /// ⌊(361 + 16) / (150 + 16)⌋ = 2 columns of (361 − 16) / 2 = 172.5.
    @Test func adaptiveCardGridMakesTwoColumns() throws {
        let places = ["Lisbon", "Kyoto", "Oslo"].map {
            Destination(name: $0, country: "Somewhere", color: .orange)
        }
        let r = layout(CardGrid(destinations: places))
        let images = r.all(kind: "RoundedRectangle").map(\.frame)
        try #require(images.count == 3)
        #expect(close(images[0], CGRect(x: 16, y: 16, width: 172.5, height: 120)))
        #expect(close(images[1], CGRect(x: 16 + 172.5 + 16, y: 16, width: 172.5, height: 120)))
        // A card is 120 + 8 + 17 + 8 + 15 = 168 tall; rows are 20 apart.
        #expect(close(images[2], CGRect(x: 16, y: 16 + 168 + 20, width: 172.5, height: 120)))
        #expect(close(try r.text("Lisbon").minY, 16 + 128))
    }

    /// The hand-written flow layout wraps tags 16 pt per glyph + 24 wide into three lines within
    /// 361 points: [Swift, SwiftUI] 248, [Layout, Linux, GTK] 312, [Open source, Design] 328.
    @Test func tagCloudWrapsIntoThreeLines() throws {
        let tags = ["Swift", "SwiftUI", "Layout", "Linux", "GTK", "Open source", "Design"]
        let r = layout(TagCloud(tags: tags))
        // The layout is 328 × (3 × 28 + 2 × 8) = 100; padded 360 × 132, centred in the phone.
        let origin = CGPoint(x: CGFloat(393 - 360) / 2 + 16, y: CGFloat(852 - 132) / 2 + 16)
        #expect(close(try r.text("Swift"), CGRect(x: origin.x + 12, y: origin.y + 6, width: 80, height: 16)))
        #expect(close(try r.text("Linux").origin.y, origin.y + 36 + 6))
        #expect(close(try r.text("Linux").origin.x, origin.x + 120 + 8 + 12))
        #expect(close(try r.text("Design").origin.x, origin.x + 200 + 8 + 12))
        #expect(close(try r.text("Design").origin.y, origin.y + 72 + 6))
    }

    /// Flexible tiles share the grid's width equally; the spanning row takes both columns.
    @Test func dashboardTilesShareColumns() throws {
        let r = layout(Dashboard())
        let steps = try r.text("8,204"), heart = try r.text("72"), sleep = try r.text("7h 12m")
        let column = (361 - 12) / 2.0
        // Tiles are leading-aligned inside their 16-point padding.
        #expect(close(steps.minX, 16 + 16))
        #expect(close(heart.minX, 16 + column + 12 + 16))
        #expect(close(sleep.minX, 16 + 16))
        let tiles = r.all(kind: "RoundedRectangle").map(\.frame)
        try #require(tiles.count == 5)
        #expect(close(tiles[0].width, column) && close(tiles[1].width, column))
        #expect(close(tiles[2].width, 361))
        #expect(close(tiles[0].minY, tiles[1].minY) && close(tiles[0].height, tiles[1].height))
    }

    /// A 240-high ZStack aligned top-leading over a gradient; four flexible days share the row.
    @Test func weatherCardForecastColumns() throws {
        let days = ["Mon", "Tue", "Wed", "Thu"].map { Forecast(id: $0, symbol: "sun.max.fill", high: 20) }
        let r = layout(WeatherCard(city: "Lisbon", temperature: 21, forecast: days))
        let top = (852 - 240) / 2.0
        #expect(close(try r.text("Lisbon").origin, CGPoint(x: 20, y: top + 20)))
        let dayWidth = (353 - 3 * 8) / 4.0
        #expect(close(try r.text("Mon").minX, 20 + (dayWidth - 36) / 2))
        #expect(close(try r.text("Thu").minX, 20 + 3 * (dayWidth + 8) + (dayWidth - 36) / 2))
        // A gradient as a view is a rectangle filled with it.
        let gradient = try #require(r.first(kind: "Rectangle"))
        #expect(close(gradient.frame, CGRect(x: 0, y: top, width: 393, height: 240)))
    }

    /// Nested rings in a ZStack are centred on each other; the legend column is centred beside.
    @Test func activityRingsAreConcentric() throws {
        let r = layout(ActivityRings())
        // HStack: 140 + 24 + 96 ("Exercise" at 12 pt) = 260 wide, 140 high; padded 292 × 172.
        let origin = CGPoint(x: CGFloat(393 - 292) / 2 + 16, y: CGFloat(852 - 172) / 2 + 16)
        let circles = r.all(kind: "Circle").map(\.frame)
        // The tracks (the progress arcs are trimmed circles of the same frames).
        try #require(circles.count == 3)
        #expect(close(circles[0], CGRect(origin: origin, size: CGSize(width: 140, height: 140))))
        #expect(close(circles[1], CGRect(x: origin.x + 18, y: origin.y + 18, width: 104, height: 104)))
        #expect(close(circles[2], CGRect(x: origin.x + 36, y: origin.y + 36, width: 68, height: 68)))
        // Legends: 3 × (12 + 8 + 20) + 2 × 8 = 136 high, centred on the rings' 140.
        #expect(close(try r.text("Move").origin, CGPoint(x: origin.x + 164, y: origin.y + 2)))
    }

    /// `.fixedSize(horizontal: false, vertical: true)` on the row of cards: the row is sized at
    /// the taller card's ideal height, then both cards are proposed it (the equal-height idiom).
    @Test func pricingCardsHaveEqualHeights() throws {
        let r = layout(PricingPlans())
        let borders = r.views.filter { $0.kind.contains("RoundedRectangle") }.map(\.frame)
        try #require(borders.count == 2)
        let width = (361 - 12) / 2.0
        #expect(close(borders[0].width, width) && close(borders[1].width, width))
        #expect(close(borders[1].minX, borders[0].maxX + 12))
        #expect(close(borders[0].height, borders[1].height))
        #expect(close(borders[0].minY, borders[1].minY))
        // The free plan's card is taller than its own content: its Spacer took the difference.
        let free = try r.text("1 project")
        #expect(free.maxY + 16 < borders[0].maxY)
    }

    /// A grid of 72-point keys with 16 spacing: 248 wide, four rows of 72, centred under a
    /// 280-wide title ("Enter code", 10 glyphs at 28 pt).
    @Test func keypadGrid() throws {
        let r = layout(Keypad())
        // VStack: 44 + 24 + (4 × 72 + 3 × 16 = 336) = 404 high, 280 wide; padded 312 × 436.
        let x0: CGFloat = (393 - 312) / 2 + 16 + (280 - 248) / 2
        let y0: CGFloat = (852 - 436) / 2 + 16 + 44 + 24
        #expect(close(try r.text("1"), CGRect(x: x0 + 22, y: y0 + 22, width: 28, height: 28)))
        #expect(close(try r.text("5"), CGRect(x: x0 + 88 + 22, y: y0 + 88 + 22, width: 28, height: 28)))
        #expect(close(try r.text("0"), CGRect(x: x0 + 88 + 22, y: y0 + 3 * 88 + 22, width: 28, height: 28)))
    }

    /// The rails are flexible in height, so the two rows with a rail share what the last row
    /// leaves: (820 − 49) / 2 = 385.5 each, as SwiftUI stretches them.
    @Test func timelineRowsStretchWithTheirRails() throws {
        let events = [TimelineEvent(id: 1, title: "Ordered", detail: "Mon 09:12", isComplete: true),
                      TimelineEvent(id: 2, title: "Shipped", detail: "Tue 16:40", isComplete: true),
                      TimelineEvent(id: 3, title: "Delivered", detail: "Expected Thu", isComplete: false)]
        let r = layout(OrderTimeline(events: events))
        // The column is as wide as its widest row: 14 + 12 + 144 ("Expected Thu" at 12 pt).
        let x0 = (393 - (170 + 32)) / 2.0 + 16
        #expect(close(try r.text("Ordered").origin, CGPoint(x: x0 + 26, y: 16)))
        #expect(close(try r.text("Shipped").minY, 16 + 385.5))
        #expect(close(try r.text("Delivered").minY, 16 + 2 * 385.5))
        let rails = r.all(kind: "Rectangle").map(\.frame)
        try #require(rails.count == 2)
        #expect(close(rails[0], CGRect(x: x0 + 6, y: 16 + 14, width: 2, height: 385.5 - 14)))
    }

    /// Bottom-aligned bars of heights 160 × value / 10 over equal flexible columns.
    @Test func barChartAlignsBarsAtTheBottom() throws {
        let r = layout(BarChart(values: [3, 7, 5, 10, 6], labels: ["Mon", "Tue", "Wed", "Thu", "Fri"]))
        let bars = r.all(kind: "RoundedRectangle").map(\.frame)
        try #require(bars.count == 5)
        let column: CGFloat = (361 - 4 * 8) / 5
        // Tallest column: 11 + 4 + 160 + 4 + 12 = 191; padded 223, centred.
        let bottom: CGFloat = (852 - 223) / 2 + 16 + 191 - 12 - 4
        let heights: [CGFloat] = [48, 112, 80, 160, 96]
        for (i, height) in heights.enumerated() {
            let x: CGFloat = 16 + CGFloat(i) * (column + 8)
            #expect(close(bars[i], CGRect(x: x, y: bottom - height, width: column, height: height)))
        }
    }

    /// GeometryReader takes the whole proposal and gives its size to the closure.
    @Test func geometryReaderSplitsByRatio() throws {
        let r = layout(SplitWithGeometry(ratio: 0.3))
        let colors = r.all(kind: "Color").map(\.frame)
        try #require(colors.count >= 2)
        #expect(close(colors[0], CGRect(x: 0, y: 0, width: 393 * 0.3, height: 852)))
        #expect(close(colors[1], CGRect(x: 393 * 0.3, y: 0, width: 393 * 0.7, height: 852)))
        #expect((try? r.text("393 × 852")) != nil)
    }

    /// The badge's guides put its top 4 above the icon's frame and its trailing edge 13 past the
    /// frame's trailing edge minus the badge width (guide = width − 8).
    @Test func badgeOverlayFollowsItsGuides() throws {
        let r = layout(IconWithBadge(systemImage: "bell", count: 3))
        let frame = CGRect(x: CGFloat(393 - 44) / 2, y: CGFloat(852 - 44) / 2, width: 44, height: 44)
        // "3" at 11 pt bold: 11 × 11, padded 5 and 2: a 21 × 15 capsule.
        let capsule = try #require(r.views.first { $0.kind == "Capsule" }).frame
        #expect(close(capsule, CGRect(x: frame.maxX - 13, y: frame.minY - 4, width: 21, height: 15)))
        #expect(close(try r.text("3").origin, CGPoint(x: capsule.minX + 5, y: capsule.minY + 2)))
    }

    /// A row with a Spacer fills the proposal: the thumbnail ends at the trailing edge.
    @Test func articleRowPushesTheThumbnailToTheEdge() throws {
        let r = layout(ArticleRow(title: "Layout engines compared: how stacks share space", source: "Dev Weekly",
                                  minutesAgo: 12))
        let thumbnail = try #require(r.views.first { $0.kind == "RoundedRectangle" }).frame
        #expect(close(thumbnail.maxX, 393) && close(thumbnail.width, 72))
        let source = try r.text("DEV WEEKLY")
        #expect(close(source.minX, 0))
        #expect(close(thumbnail.minY, source.minY))           // top alignment
        // The title is proposed 393 − 24 − 72 = 297 and keeps at most 3 lines of 17.
        let title = try #require(r.views.first { $0.kind == "Text" && $0.detail.hasPrefix("\"Layout engines") }).frame
        #expect(title.width <= 297 && close(title.height, 3 * 17))
    }

    /// The action row fits at 700 wide and becomes a column at 200 (ViewThatFits, horizontal).
    @Test func adaptiveActionsSwitchToAColumn() throws {
        // ViewThatFits keeps the candidate it did not choose, hidden: look at the visible texts.
        func shown(_ r: LayoutResult, _ s: String) throws -> CGRect {
            try #require(r.texts(s).first { $0.isVisible }).frame
        }
        let wide = layout(AdaptiveActions(), in: CGSize(width: 700, height: 400))   // the row needs 194 + 143 + 211 + 2 × 12 = 572 (bordered: 12 each side)
        let narrow = layout(AdaptiveActions(), in: CGSize(width: 200, height: 400))
        let w1 = try shown(wide, "Save draft"), w2 = try shown(wide, "Publish now")
        #expect(close(w1.midY, w2.midY) && w2.minX > w1.maxX)
        let n1 = try shown(narrow, "Save draft"), n2 = try shown(narrow, "Publish now")
        #expect(n2.minY > n1.maxY)
    }

    /// A custom environment key set on one card changes its spacing and padding only.
    @Test func customEnvironmentKeyReachesTheCard() throws {
        let r = layout(ThemedCards())
        let standard = try r.text("Default spacing"), roomy = try r.text("Roomy")
        let capsules = r.all(kind: "Capsule").map(\.frame)
        try #require(capsules.count == 2)
        #expect(close(capsules[0].minY - standard.maxY, 12))
        #expect(close(capsules[1].minY - roomy.maxY, 24))
    }
}

/// Every screen of the corpus builds and lays out at three sizes (phone, small, wide) with
/// finite frames and no error diagnostics.
@Suite("Corpus screens: every screen lays out")
struct EveryScreenLaysOutTests {
    static let sizes = [phone, CGSize(width: 320, height: 480), CGSize(width: 1024, height: 768)]

    @Test(arguments: CorpusScreens.all)
    func laysOutCleanly(screen: CorpusScreen) {
        for size in Self.sizes {
            let result = screen.layout(size)
            #expect(result.views.count > 1, "\(screen.name) built no views")
            #expect(result.errors.isEmpty, "\(screen.name) at \(size): \(result.errors)")
            for view in result.views {
                let f = view.frame
                #expect(f.minX.isFinite && f.minY.isFinite && f.width.isFinite && f.height.isFinite
                        && f.width >= 0 && f.height >= 0,
                        "\(screen.name) at \(size): \(view.kind) has frame \(f)")
            }
        }
    }
}
