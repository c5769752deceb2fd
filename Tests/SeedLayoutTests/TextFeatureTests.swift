// Text as SwiftUI measures it: markdown literals, concatenation, line limits (ranges and
// reserved space), minimumScaleFactor, interpolation formats, symbol placeholders.
// Deterministic measurer: glyph = font size, line = font size; body 17.

import Testing
import SwiftUI
import LayoutTestSupport

@Suite("Text features")
struct TextFeatureTests {
    /// A literal is markdown: the markup is not measured ("Bold text" = 9 glyphs).
    @Test func markdownLiteralsAreMeasuredWithoutMarkup() {
        let r = layout(Text("**Bold** text"), 400, 100)
        #expect(r.textFrame("Bold text")?.size == CGSize(width: 153, height: 17))
        let link = layout(Text("See [the docs](https://example.com) or `code`"), 600, 100)
        #expect(link.textFrame("See the docs or code") != nil)
        let escaped = layout(Text(#"2 \* 3"#), 400, 100)
        #expect(escaped.textFrame("2 * 3") != nil)
        let snake = layout(Text("snake_case_name"), 400, 100)
        #expect(snake.textFrame("snake_case_name") != nil)
    }

    /// `Text(verbatim:)` and `Text(stringVariable)` are not markdown.
    @Test func verbatimAndVariablesAreNotMarkdown() {
        let raw = "**x**"
        #expect(layout(Text(verbatim: "**x**"), 400, 100).textFrame("**x**")?.width == 85)
        #expect(layout(Text(raw), 400, 100).textFrame("**x**")?.width == 85)
    }

    /// `Text + Text` is one text of both strings.
    @Test func concatenation() {
        let r = layout(Text("Hello ") + Text("World").bold().foregroundColor(.red), 400, 100)
        #expect(r.textFrame("Hello World")?.size == CGSize(width: 187, height: 17))
    }

    @Test func interpolationFormats() {
        let r = layout(VStack {
            Text("\(3.14159, specifier: "%.2f") m")
            Text("\(42) items")
            Text("\(0.5, format: .percent)")
        }, 400, 200)
        #expect(r.textFrame("3.14 m") != nil)
        #expect(r.textFrame("42 items") != nil)
        #expect(r.textFrame("50%") != nil)
    }

    /// `lineLimit(2, reservesSpace: true)`: one line of text still takes two lines' height.
    @Test func reservedLines() {
        let r = layout(Text("Hi").lineLimit(2, reservesSpace: true), 400, 100)
        #expect(r.textFrame("Hi")?.size == CGSize(width: 34, height: 34))
        let free = layout(Text("Hi").lineLimit(2), 400, 100)
        #expect(free.textFrame("Hi")?.height == 17)
    }

    /// Ranges: at least 2 lines; at most 3 (five words of 3 glyphs at 51 wide wrap to 5 lines).
    @Test func lineLimitRanges() {
        let r = layout(Text("A").lineLimit(2...3), 400, 100)
        #expect(r.textFrame("A")?.height == 34)
        let long = layout(Text("aaa bbb ccc ddd eee").lineLimit(2...3).frame(width: 51), 400, 200)
        #expect(long.textFrame("aaa bbb ccc ddd eee")?.height == 51)
        let through = layout(Text("aaa bbb ccc ddd eee").lineLimit(...2).frame(width: 51), 400, 200)
        #expect(through.textFrame("aaa bbb ccc ddd eee")?.height == 34)
        let from = layout(Text("aaa").lineLimit(3...), 400, 200)
        #expect(from.textFrame("aaa")?.height == 51)
    }

    /// minimumScaleFactor: 10 glyphs (170) in 100 points on one line shrink to a scale of
    /// 100 / 170 ≈ 0.588 (≥ 0.5): the text fits the width and is about 10 tall.
    @Test func minimumScaleFactorShrinksToFit() {
        let r = layout(Text("ABCDEFGHIJ").lineLimit(1).minimumScaleFactor(0.5).frame(width: 100), 400, 100)
        let f = r.textFrame("ABCDEFGHIJ")
        #expect(f.map { $0.width <= 100 && $0.width > 99 } == true)
        #expect(f.map { abs($0.height - 10) < 0.05 } == true)
        // The floor stops the shrinking: at 0.8 the text (136) is still wider than 100 → 2 lines
        // are not allowed, so it is truncated to one line of the scaled font.
        let floor = layout(Text("ABCDEFGHIJ").lineLimit(1).minimumScaleFactor(0.8).frame(width: 100), 400, 100)
        #expect(floor.textFrame("ABCDEFGHIJ").map { abs($0.height - 17 * 0.8) < 0.01 } == true)
        // Text that fits is not scaled.
        let fits = layout(Text("ABC").minimumScaleFactor(0.5).frame(width: 100), 400, 100)
        #expect(fits.textFrame("ABC")?.size == CGSize(width: 51, height: 17))
    }

    /// A custom font is the system font at its size: 2 glyphs × 20.
    @Test func customFontsUseTheirSize() {
        let r = layout(Text("Hi").font(.custom("Avenir Next", size: 20)), 400, 100)
        #expect(r.textFrame("Hi")?.size == CGSize(width: 40, height: 20))
        let relative = layout(Text("Hi").font(.custom("Avenir", size: 13, relativeTo: .footnote).leading(.tight).width(.condensed)), 400, 100)
        #expect(relative.textFrame("Hi")?.size == CGSize(width: 26, height: 13))
    }

    /// Symbols are squares of the font's size.
    @Test func symbolPlaceholders() {
        let r = layout(Image(systemName: "star.fill").font(.title), 400, 100)
        #expect(r.first(kind: "Image")?.frame.size == CGSize(width: 28, height: 28))
    }

    /// `textCase` and the other text modifiers compile; case does not change a fixed-width measure.
    @Test func textModifiersCompile() {
        let r = layout(VStack {
            Text("Caps").textCase(.uppercase).kerning(1).tracking(1).underline().strikethrough().baselineOffset(2)
            Text("Tail").truncationMode(.middle).lineSpacing(4).multilineTextAlignment(.center)
            Text(AttributedString("Attributed"))
            Text(Date(timeIntervalSince1970: 0), style: .date)
        }, 400, 200)
        #expect(r.textFrame("Caps")?.width == 68)
        #expect(r.textFrame("Attributed") != nil)
    }
}

