import Foundation
import SwiftUI
import LayoutRendering
import Testing

@Suite struct PangoTextMeasurerTests {
    let measurer = PangoTextMeasurer()

    @Test func helloIsWiderThanTall() {
        let m = measurer.measure("Hello", font: .body, width: nil)
        #expect(m.lineCount == 1)
        #expect(m.size.width > m.size.height)
        #expect(m.size.height > 10 && m.size.height < 40)
        #expect(m.lineHeight == m.size.height)
        #expect(m.firstBaseline > 0 && m.firstBaseline < m.size.height)
    }

    @Test func hugeFiniteProposalsAreUnbounded() {
        // Issue 17, item 1: a height of 1e300 trapped in the engine's line count with Pango too.
        let ideal = measurer.measure("Hello", font: .body, width: nil)
        for size in [CGSize(width: 100, height: 1e300), CGSize(width: CGFloat.greatestFiniteMagnitude, height: .greatestFiniteMagnitude)] {
            let r = LayoutHost.layout(Text("Hello").id("t"), in: size, textMeasurer: measurer)
            #expect(r.frame(of: "t")?.size == ideal.size)
        }
        let tiny = measurer.measure("Hello", font: .system(size: 0.5), width: .greatestFiniteMagnitude)
        #expect(tiny.lineCount == 1)
    }

    @Test func biggerFontsMeasureBigger() {
        let small = measurer.measure("Hello", font: .system(size: 10), width: nil)
        let big = measurer.measure("Hello", font: .system(size: 40), width: nil)
        #expect(big.size.width > small.size.width * 3)
        #expect(big.size.height > small.size.height * 3)
        let bold = measurer.measure("Hello world", font: .system(size: 17, weight: .bold), width: nil)
        let regular = measurer.measure("Hello world", font: .system(size: 17), width: nil)
        #expect(bold.size.width > regular.size.width)
    }

    @Test func wrappingAtANarrowWidth() {
        let text = "The quick brown fox jumps over the lazy dog"
        let ideal = measurer.measure(text, font: .body, width: nil)
        let limit = ideal.size.width / 3
        let wrapped = measurer.measure(text, font: .body, width: limit)
        #expect(wrapped.lineCount >= 3)
        #expect(wrapped.size.width <= limit)
        #expect(wrapped.size.height > ideal.size.height * 2.5)
        #expect(abs(wrapped.lineHeight - ideal.lineHeight) < 0.01)
        #expect(abs(wrapped.firstBaseline - ideal.firstBaseline) < 0.01)
        // Measuring at the wrapped width again gives the same lines (what the renderer does).
        let again = measurer.measure(text, font: .body, width: wrapped.size.width + 0.5)
        #expect(again.lineCount == wrapped.lineCount)
        // Enough width: one line, the ideal size.
        let wide = measurer.measure(text, font: .body, width: ideal.size.width + 1)
        #expect(wide.lineCount == 1)
        #expect(wide.size == ideal.size)
    }

    @Test func longWordsBreakInsideWhenAlone() {
        let word = "Supercalifragilisticexpialidocious"
        let ideal = measurer.measure(word, font: .body, width: nil)
        let m = measurer.measure(word, font: .body, width: ideal.size.width / 2)
        #expect(m.lineCount >= 2)
        #expect(m.size.width <= ideal.size.width / 2)
    }

    @Test func hardLineBreaksCountLines() {
        let m = measurer.measure("one\ntwo\nthree", font: .body, width: nil)
        #expect(m.lineCount == 3)
        let one = measurer.measure("one", font: .body, width: nil)
        #expect(abs(m.size.height - 3 * one.size.height) < 0.01)
        #expect(abs(m.lineHeight - one.lineHeight) < 0.01)
    }

    @Test func emptyAndOddInputsDoNotCrash() {
        let empty = measurer.measure("", font: .body, width: nil)
        #expect(empty.size.width == 0)
        #expect(empty.lineCount == 1)
        #expect(empty.size.height > 0)
        for w: CGFloat? in [0, -5, .nan, .infinity, 1] {
            let m = measurer.measure("Hello world", font: .body, width: w)
            #expect(m.size.width.isFinite && m.size.height.isFinite)
            #expect(m.lineCount >= 1)
        }
        let emoji = measurer.measure("héllo 👋🏽 世界", font: .body, width: nil)
        #expect(emoji.size.width > 0 && emoji.lineCount == 1)
    }

    @Test func memoAnswersRepeatedQuestions() {
        let m = PangoTextMeasurer(memoLimit: 2)
        let a = m.measure("memo", font: .body, width: nil)
        let b = m.measure("memo", font: .body, width: nil)
        #expect(a == b)
        #expect(m.memoHits == 1)
        #expect(m.measurements == 1)
        _ = m.measure("x", font: .body, width: nil)
        _ = m.measure("y", font: .body, width: nil)  // evicts
        _ = m.measure("memo", font: .body, width: nil)
        #expect(m.measurements == 4)
        // Different fonts and widths are different questions.
        _ = m.measure("memo", font: .title, width: nil)
        _ = m.measure("memo", font: .body, width: 10)
        #expect(m.measurements == 6)
    }

    @Test func designsMapToFamilies() {
        let families = FontFamilies(default: "DejaVu Sans", monospaced: "DejaVu Sans Mono")
        #expect(families.family(for: .monospaced) == "DejaVu Sans Mono")
        let m = PangoTextMeasurer(families: families)
        let mono1 = m.measure("iiii", font: .system(size: 17, design: .monospaced), width: nil)
        let mono2 = m.measure("MMMM", font: .system(size: 17, design: .monospaced), width: nil)
        #expect(abs(mono1.size.width - mono2.size.width) < 0.01)
        let sans1 = m.measure("iiii", font: .system(size: 17), width: nil)
        let sans2 = m.measure("MMMM", font: .system(size: 17), width: nil)
        #expect(sans2.size.width > sans1.size.width * 1.5)
    }
}
