// Tests for seed 001 (Seed001SimpleHStack.swift, restored from the swiftui-lab article).
// Expected frames are derived by hand from the article's code and the engine's documented
// measures (glyph = font size square, body 17; default spacing 8; root centred in the window).
// The article's own contents use SF Symbols (`Image(systemName:)`), which the engine lacks, so
// most tests use Colors and Texts instead.

import Testing
import SwiftUI
import LayoutTestSupport

/// Counts the calls SwiftUI makes to a layout (the article prints a line in each).
final class LayoutCallLog {
    var makeCache = 0, updateCache = 0, sizeThatFits = 0, placeSubviews = 0
}

/// Forwards everything to `base`, counting the calls.
struct Counting<Base: Layout>: Layout {
    var base: Base
    let log: LayoutCallLog
    typealias Cache = Base.Cache
    static var layoutProperties: LayoutProperties { Base.layoutProperties }
    func makeCache(subviews: Subviews) -> Cache { log.makeCache += 1; return base.makeCache(subviews: subviews) }
    func updateCache(_ cache: inout Cache, subviews: Subviews) { log.updateCache += 1; base.updateCache(&cache, subviews: subviews) }
    func sizeThatFits(proposal: ProposedViewSize, subviews: Subviews, cache: inout Cache) -> CGSize {
        log.sizeThatFits += 1
        return base.sizeThatFits(proposal: proposal, subviews: subviews, cache: &cache)
    }
    func placeSubviews(in bounds: CGRect, proposal: ProposedViewSize, subviews: Subviews, cache: inout Cache) {
        log.placeSubviews += 1
        base.placeSubviews(in: bounds, proposal: proposal, subviews: subviews, cache: &cache)
    }
    func spacing(subviews: Subviews, cache: inout Cache) -> ViewSpacing { base.spacing(subviews: subviews, cache: &cache) }
}

@Suite("Seed 001: the SimpleHStack variants of the Layout Protocol article")
struct Seed001Tests {

    /// "Family Dynamics", case 1, window 400×200. The HStack (spacing 0) is proposed 360×160.
    /// Flexibility: the rectangles 0…∞, the text 17…204 ("Hello World!" = 12 glyphs; at width 0
    /// one glyph per line) → the text first: offered 360/3 = 120 → 7 glyphs per line → "Hello" /
    /// "World!" → 102×34. The rectangles share 360 − 102 = 258 → 129 each, 160 tall.
    @Test func familyDynamicsCase1() {
        let r = layout(ContentView001V1(), 400, 200)
        let row = r.subviews(ofKind: "HStack")
        #expect(row.count == 3)
        expectFrame(row[0].frame, rect(20, 20, 129, 160))
        expectFrame(r.textFrame("Hello World!"), rect(149, 20 + (160 - 34) / 2, 102, 34))
        expectFrame(row[2].frame, rect(251, 20, 129, 160))
    }

    /// V1 sizes from ideal sizes: 20 + 221 ("Hello, World!", 13 glyphs) + 30 + 2×5 = 281 wide,
    /// max(10, 17, 40) = 40 tall, like HStack(spacing: 5) with the same content.
    /// Its placeSubviews is empty, so each subview is centred in the container:
    /// container (59.5, 30, 281, 40) in a 400×100 window, centre (200, 50).
    @Test func v1SizeThatFitsMatchesHStackAndUnplacedSubviewsAreCentred() {
        let simple = layout(SimpleHStackV1(spacing: 5) {
            Color.red.frame(width: 20, height: 10)
            Text("Hello, World!")
            Color.blue.frame(width: 30, height: 40)
        }, 400, 100)
        let stack = layout(HStack(spacing: 5) {
            Color.red.frame(width: 20, height: 10)
            Text("Hello, World!")
            Color.blue.frame(width: 30, height: 40)
        }, 400, 100)
        #expect(simple.rootSize == CGSize(width: 281, height: 40))
        #expect(stack.rootSize == simple.rootSize)
        let sub = simple.subviews(ofKind: "SimpleHStackV1")
        expectFrame(sub[0].frame, rect(190, 45, 20, 10))
        expectFrame(sub[2].frame, rect(185, 30, 30, 40))
    }

    /// V2 places left to right at ideal sizes, top-leading: container (59.5, 30, 281, 40);
    /// red at x 59.5; text at 59.5 + 20 + 5 = 84.5; blue at 84.5 + 221 + 5 = 310.5; all at y = 30.
    @Test func v2PlacesAtIdealSizesTopLeading() {
        let r = layout(SimpleHStackV2(spacing: 5) {
            Color.red.frame(width: 20, height: 10)
            Text("Hello, World!")
            Color.blue.frame(width: 30, height: 40)
        }, 400, 100)
        let sub = r.subviews(ofKind: "SimpleHStackV2")
        expectFrame(sub[0].frame, rect(59.5, 30, 20, 10))
        expectFrame(sub[1].frame, rect(84.5, 30, 221, 17))
        expectFrame(sub[2].frame, rect(310.5, 30, 30, 40))
    }

    /// V2 ignores the proposal: in a 100-wide window it is still 281×40 (centred: x = −90.5).
    @Test func v2IgnoresTheProposal() {
        let r = layout(SimpleHStackV2(spacing: 5) {
            Color.red.frame(width: 20, height: 10)
            Text("Hello, World!")
            Color.blue.frame(width: 30, height: 40)
        }, 100, 100)
        expectFrame(r.first(kind: "SimpleHStackV2")?.frame, rect(-90.5, 30, 281, 40))
    }

    /// V3's explicit leading guide is the first subview's width + spacing = 20 + 5 = 25.
    /// In VStack(alignment: .leading, spacing: 5) next to a 100-wide bar, the guides line up:
    /// bar spans [0, 100] from the line, SimpleHStack [−25, 30] → the VStack is 125 wide; the
    /// bar is at x = 25, the SimpleHStack (55×10) at x = 0; y: bar 0, stack 10 + 5 = 15.
    @Test func v3ContainerAlignmentLeading() {
        let r = layout(VStack(alignment: .leading, spacing: 5) {
            Color.red.frame(width: 100, height: 10)
            SimpleHStackV3(spacing: 5) {
                Color.blue.frame(width: 20, height: 10)
                Color.green.frame(width: 30, height: 10)
            }
        }, 125, 25)
        let col = r.subviews(ofKind: "VStack")
        let sub = r.subviews(ofKind: "SimpleHStackV3")
        // (Engine fix verified: LayoutPass.explicitAlignment(of:) used to return nil for every
        // edge/centre guide of a `.layout` node without asking the Layout; both children then
        // sat at x = 12.5 in a 100-wide VStack.)
        expectFrame(col[0].frame, rect(25, 0, 100, 10))
        expectFrame(col[1].frame, rect(0, 15, 55, 10))
        expectFrame(sub[0].frame, rect(0, 15, 20, 10))
        expectFrame(sub[1].frame, rect(25, 15, 30, 10))
        // Inside its bounds V3 places like V2 (blue, 5, green).
        #expect(sub[1].frame.minX - sub[0].frame.minX == 25)
    }

    /// Other guides are nil, so with `.trailing` the stacks line up on their trailing edges:
    /// width 100, the SimpleHStack at x = 100 − 55 = 45.
    @Test func v3OtherGuidesAreDefault() {
        let r = layout(VStack(alignment: .trailing, spacing: 5) {
            Color.red.frame(width: 100, height: 10)
            SimpleHStackV3(spacing: 5) {
                Color.blue.frame(width: 20, height: 10)
                Color.green.frame(width: 30, height: 10)
            }
        }, 100, 25)
        expectFrame(r.first(kind: "SimpleHStackV3")?.frame, rect(45, 15, 55, 10))
    }

    /// The three 30×30 circles, spacing 5: 3×30 + 2×5 = 100×30. The blue one (declared last)
    /// sorts first; the other two keep their order (Swift's sort is stable in practice).
    static func expectBlueFirst(_ r: LayoutResult, _ kind: String, sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(r.rootSize == CGSize(width: 100, height: 30), sourceLocation: sourceLocation)
        let sub = r.subviews(ofKind: kind)   // declaration order: yellow, green, blue
        #expect(sub.count == 3, sourceLocation: sourceLocation)
        guard sub.count == 3 else { return }
        expectFrame(sub[2].frame, rect(0, 0, 30, 30), "blue", sourceLocation: sourceLocation)
        expectFrame(sub[0].frame, rect(35, 0, 30, 30), "yellow", sourceLocation: sourceLocation)
        expectFrame(sub[1].frame, rect(70, 0, 30, 30), "green", sourceLocation: sourceLocation)
    }

    @Test func v4PriorityOrder() {
        let r = layout(PriorityExample(), 100, 30)
        Self.expectBlueFirst(r, "SimpleHStackV4")
        #expect(r.subviews(ofKind: "SimpleHStackV4").map(\.priority) == [0, 0, 1])
    }

    @Test func v5PreferredPositionViaLayoutValueKey() {
        Self.expectBlueFirst(layout(PreferredPositionKeyExample(), 100, 30), "SimpleHStackV5")
    }

    @Test func v6PreferredPositionExtension() {
        let r = layout(PreferredPositionExample(), 100, 30)
        Self.expectBlueFirst(r, "SimpleHStackV6")
        #expect(PreferredPosition.defaultValue == 0)
    }

    /// V7 with `spacing: nil`: Text–Text and Text–Color have no preference → 8 each.
    /// 17 ("A") + 8 + 34 ("BB") + 8 + 10 = 77 × 17 (tallest text); A at 0, BB at 25, red at 67.
    @Test func v7DefaultSpacing() {
        let r = layout(SimpleHStackV7 {
            Text("A")
            Text("BB")
            Color.red.frame(width: 10, height: 10)
        }, 77, 17)
        #expect(r.rootSize == CGSize(width: 77, height: 17))
        expectFrame(r.textFrame("A"), rect(0, 0, 17, 17))
        expectFrame(r.textFrame("BB"), rect(25, 0, 34, 17))
        expectFrame(r.subviews(ofKind: "SimpleHStackV7")[2].frame, rect(67, 0, 10, 10))
    }

    /// V7 with `spacing: 2`: 17 + 2 + 34 + 2 + 10 = 65; BB at 19, red at 55.
    @Test func v7ExplicitSpacing() {
        let r = layout(SimpleHStackV7(spacing: 2) {
            Text("A")
            Text("BB")
            Color.red.frame(width: 10, height: 10)
        }, 65, 17)
        #expect(r.rootSize == CGSize(width: 65, height: 17))
        expectFrame(r.textFrame("BB"), rect(19, 0, 34, 17))
        expectFrame(r.subviews(ofKind: "SimpleHStackV7")[2].frame, rect(55, 0, 10, 10))
    }

    /// A Spacer asks for no space next to it (its preference is 0; the larger of the facing
    /// values wins), so V7 puts A, the Spacer (ideal 8×8 outside a stack orientation) and B
    /// edge to edge: 17 + 8 + 17 = 42.
    @Test func v7SpacerTouchesItsNeighbours() {
        let r = layout(SimpleHStackV7 {
            Text("A")
            Spacer()
            Text("B")
        }, 42, 17)
        #expect(r.rootSize == CGSize(width: 42, height: 17))
        expectFrame(r.textFrame("B"), rect(25, 0, 17, 17))
        expectFrame(r.subviews(ofKind: "SimpleHStackV7")[1].frame, rect(17, 0, 8, 8))
    }

    /// `spacing(subviews:cache:)`: by default the container's preferences are its subviews'
    /// (Text: none → 8 to the next Text); returning `.zero` makes the neighbour touch it.
    @Test func containerSpacingPreference() {
        let defaultSpacing = layout(HStack {
            SimpleHStackV7 { Text("A") }
            Text("B")
        }, 42, 17)
        expectFrame(defaultSpacing.textFrame("B"), rect(25, 0, 17, 17))
        let zero = layout(HStack {
            SimpleHStackV7ZeroSpacing { Text("A") }
            Text("B")
        }, 34, 17)
        expectFrame(zero.textFrame("B"), rect(17, 0, 17, 17))
    }

    /// "Layout Properties and Spacer()": a Spacer's min/ideal/max sizes by stackOrientation,
    /// the article's table: .horizontal 8×0 / 8×0 / ∞×0; .vertical 0×8 / 0×8 / 0×∞;
    /// nil 8×8 / 8×8 / ∞×∞.
    @Test func layoutPropertiesStackOrientationAndSpacer() {
        #expect(MyLayout.layoutProperties.stackOrientation == .vertical)
        func spacer<L: Layout>(_ l: L) -> PlacedView? {
            layout(l { Spacer() }, 100, 100).views.first { $0.kind == "Spacer" }
        }
        let v = spacer(MyLayout())
        #expect(v?.minSize == CGSize(width: 0, height: 8))
        #expect(v?.idealSize == CGSize(width: 0, height: 8))
        #expect(v?.maxSize == CGSize(width: 0, height: CGFloat.infinity))
        let h = spacer(MyLayoutHorizontal())
        #expect(h?.minSize == CGSize(width: 8, height: 0))
        #expect(h?.idealSize == CGSize(width: 8, height: 0))
        #expect(h?.maxSize == CGSize(width: CGFloat.infinity, height: 0))
        let n = spacer(MyLayoutNoOrientation())
        #expect(n?.minSize == CGSize(width: 8, height: 8))
        #expect(n?.idealSize == CGSize(width: 8, height: 8))
        #expect(n?.maxSize == CGSize(width: CGFloat.infinity, height: CGFloat.infinity))
    }

    /// V8 (the cache): the same arithmetic from cached values: 17 + 8 + 34 = 59 wide,
    /// cache.maxHeight 17; BB at 25.
    @Test func v8CachedLayout() {
        let r = layout(SimpleHStack {
            Text("A")
            Text("BB")
        }, 59, 17)
        #expect(r.rootSize == CGSize(width: 59, height: 17))
        expectFrame(r.textFrame("BB"), rect(25, 0, 34, 17))
        let spaced = layout(SimpleHStack(spacing: 10) { Text("A"); Text("BB") }, 61, 17)
        expectFrame(spaced.textFrame("BB"), rect(27, 0, 34, 17))
    }

    /// makeCache runs once although sizeThatFits runs several times (the engine's probes), and
    /// the cache survives a second pass of the same host.
    @Test func v8MakeCacheOnce() {
        let log = LayoutCallLog()
        let host = LayoutHost(Counting(base: SimpleHStack(), log: log) {
            Text("A")
            Text("BB")
        })
        let r = host.layout(in: CGSize(width: 59, height: 17))
        expectFrame(r.textFrame("BB"), rect(25, 0, 34, 17))
        #expect(log.makeCache == 1)
        #expect(log.sizeThatFits > 1)
        #expect(log.placeSubviews >= 1)
        _ = host.layout(in: CGSize(width: 100, height: 50))
        #expect(log.makeCache == 1)
        #expect(log.updateCache == 0)
    }

    /// The article's log shows SwiftUI keeping the cache when the view is re-rendered and calling
    /// `updateCache` ("makeCache called" once, later "updateCache called"). Re-rooting a host
    /// with a view of the same structure (what a state change does) keeps the container's
    /// identity, so its cache is kept and updated. (Engine fix verified: setRoot used to rebuild
    /// every cache — makeCache ran again and updateCache never did.)
    @Test func v8UpdateCacheOnRerender() {
        let log = LayoutCallLog()
        func view(_ s: String) -> some View {
            Counting(base: SimpleHStack(), log: log) { Text("A"); Text(s) }
        }
        let host = LayoutHost(view("BB"))
        _ = host.layout(in: CGSize(width: 100, height: 50))
        host.setRoot(view("CCC"))
        let r = host.layout(in: CGSize(width: 100, height: 50))
        // 17 + 8 + 51 = 76: the new subviews are measured either way.
        #expect(r.rootSize == CGSize(width: 76, height: 17))
        #expect(log.makeCache == 1)
        #expect(log.updateCache == 1)
    }

    /// "A Good Pretender": `callAsFunction`, `(…)` and the trailing closure build the same view.
    /// "Hello World!" = 12 glyphs → 204×17; with one subview there is no spacing.
    @Test func pretenderSpellings() {
        for view in [AnyView(PretenderExamples()), AnyView(PretenderExamplesNoArguments())] {
            let r = layout(view, 300, 200)
            let stacks = r.views.filter { $0.kind == "SimpleHStack" }
            #expect(stacks.count == 3)
            #expect(stacks.allSatisfy { $0.frame.size == CGSize(width: 204, height: 17) })
        }
    }
}
