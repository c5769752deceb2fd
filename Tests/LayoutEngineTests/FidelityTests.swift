import Testing
import Foundation
@testable import LayoutCore
@testable import SwiftUI

/// Columns of equal width: the kind of custom layout people write, which subtracts its spacing
/// from the proposal without guarding against a 0 proposal.
private struct NaiveColumns: Layout {
    var spacing: CGFloat = 10
    func sizeThatFits(proposal: ProposedViewSize, subviews: Subviews, cache: inout ()) -> CGSize {
        let width = proposal.replacingUnspecifiedDimensions().width
        return CGSize(width: width - spacing * CGFloat(subviews.count - 1), height: 20)
    }
    func placeSubviews(in bounds: CGRect, proposal: ProposedViewSize, subviews: Subviews, cache: inout ()) {
        let w = (bounds.width - spacing * CGFloat(subviews.count - 1)) / CGFloat(max(subviews.count, 1))
        for (i, s) in subviews.enumerated() {
            s.place(at: CGPoint(x: bounds.minX + CGFloat(i) * (w + spacing), y: bounds.minY),
                    proposal: ProposedViewSize(width: w, height: bounds.height))
        }
    }
}

@Suite("Issue 15: ZStack growth from alignment guides, probe diagnostics")
struct FidelityTests {
    /// The reproduction, through the Swift API: the stack is the union of its aligned children.
    @Test func zstackGrowsWithAlignmentGuides() {
        let view = ZStack {
            Color.red.frame(width: 100, height: 50).id("red")
            Color.green.frame(width: 40, height: 40).alignmentGuide(HorizontalAlignment.center) { _ in 100 }.id("green")
        }.id("z")
        let r = LayoutHost.layout(view, in: CGSize(width: 400, height: 400))
        #expect(r.frame(of: "z") == CGRect(x: 125, y: 175, width: 150, height: 50))
        #expect(r.frame(of: "red") == CGRect(x: 175, y: 175, width: 100, height: 50))
        #expect(r.frame(of: "green") == CGRect(x: 125, y: 180, width: 40, height: 40))
        // Every child lies inside the stack's frame.
        let z = r.frame(of: "z")!
        #expect(z.contains(r.frame(of: "red")!) && z.contains(r.frame(of: "green")!))
    }

    /// `ZStackLayout` through `AnyLayout` follows the same rule.
    @Test func zstackLayoutThroughAnyLayoutGrows() {
        let view = AnyLayout(ZStackLayout(alignment: .topLeading)) {
            Color.red.frame(width: 30, height: 30)
            Color.blue.frame(width: 10, height: 10).alignmentGuide(.top) { _ in -40 }
        }.id("z")
        let r = LayoutHost.layout(view, in: CGSize(width: 100, height: 100))
        #expect(r.frame(of: "z")?.size == CGSize(width: 30, height: 50))
    }

    /// An overlay's guides move it, but the modified view keeps the primary's size.
    @Test func overlayGuidesDoNotGrowTheModifiedView() {
        let view = Color.red.frame(width: 40, height: 40)
            .overlay(Color.blue.frame(width: 10, height: 10).alignmentGuide(.trailing) { _ in -30 }.id("o"), alignment: .trailing)
            .id("v")
        let r = LayoutHost.layout(view, in: CGSize(width: 100, height: 100))
        #expect(r.frame(of: "v") == CGRect(x: 30, y: 30, width: 40, height: 40))
        #expect(r.frame(of: "o") == CGRect(x: 100, y: 45, width: 10, height: 10))
    }

    /// The min/ideal/max probes' findings are reported apart from the pass's.
    @Test func probeDiagnosticsAreKeptApart() {
        let view = NaiveColumns { Color.red; Color.green; Color.blue }.id("c")
        let r = LayoutHost.layout(view, in: CGSize(width: 300, height: 100))
        #expect(r.frame(of: "c") == CGRect(x: 10, y: 40, width: 280, height: 20))
        #expect(r.diagnostics.isEmpty, "the pass did nothing wrong: \(r.diagnostics)")
        // The .zero probe made the layout answer −20 wide.
        #expect(r.probeDiagnostics.contains { $0.message.contains("NaiveColumns") && $0.message.contains("-20") })
        #expect(r.views[0].minSize == CGSize(width: 0, height: 20))

        // Without the probes there is nothing to report at all.
        let fast = LayoutHost.layout(view, in: CGSize(width: 300, height: 100), options: .fastest)
        #expect(fast.diagnostics.isEmpty && fast.probeDiagnostics.isEmpty)

        // A real problem of the pass is still reported in `diagnostics`.
        let bad = LayoutHost.layout(view, in: CGSize(width: 10, height: 100))
        #expect(bad.diagnostics.contains { $0.message.contains("NaiveColumns") })
    }

    /// Probe diagnostics survive the trip through JSON (the preview agent's results).
    @Test func probeDiagnosticsEncode() throws {
        let r = LayoutHost.layout(NaiveColumns { Color.red; Color.green }, in: CGSize(width: 300, height: 100))
        let encoder = JSONEncoder(), decoder = JSONDecoder()
        encoder.nonConformingFloatEncodingStrategy = .convertToString(positiveInfinity: "inf", negativeInfinity: "-inf", nan: "nan")
        decoder.nonConformingFloatDecodingStrategy = .convertFromString(positiveInfinity: "inf", negativeInfinity: "-inf", nan: "nan")
        let back = try decoder.decode(LayoutResult.self, from: encoder.encode(r))
        #expect(back.probeDiagnostics == r.probeDiagnostics)
        #expect(!back.probeDiagnostics.isEmpty)
        #expect(back.diagnostics == r.diagnostics)
    }

    /// The font a text was built with, from the display list.
    private func textFont(_ view: some View) -> Font? {
        for item in LayoutHost.layout(view, in: CGSize(width: 400, height: 400)).displayList {
            if case .text(let run) = item.kind { return run.font }
        }
        return nil
    }

    @Test func textModifiersApplyOverTheResolvedFont() {
        // `bold()` keeps the environment's font (a bold title, not a bold body).
        let boldTitle = textFont(Text("a").bold().font(.title))
        #expect(boldTitle?.size == 28 && boldTitle?.weight == .bold)
        let inherited = textFont(VStack { Text("a").bold() }.font(.title))
        #expect(inherited?.size == 28 && inherited?.weight == .bold)
        // View-level modifiers reach texts that have their own font.
        let env = textFont(VStack { Text("a").font(.caption) }.fontWeight(.heavy).italic().fontDesign(.rounded).monospacedDigit())
        #expect(env?.size == 12 && env?.weight == .heavy && env?.isItalic == true && env?.design == .rounded && env?.usesMonospacedDigits == true)
        // The text's own modifier wins over the environment's.
        #expect(textFont(VStack { Text("a").fontWeight(.light) }.bold())?.weight == .light)
        #expect(textFont(Text("a").bold(false))?.weight == .regular)
        #expect(textFont(Text("a").monospaced())?.design == .monospaced)
    }

    @Test func formattedTextUsesFoundation() {
        let number = 1234.5
        let style = FloatingPointFormatStyle<Double>.number.precision(.fractionLength(2))
        let r = LayoutHost.layout(Text(number, format: style).font(.system(size: 10)).id("t"), in: CGSize(width: 400, height: 100))
        let expected = number.formatted(style)
        #expect(r.frame(of: "t")?.width == CGFloat(expected.count) * 10)
        let date = Date(timeIntervalSince1970: 1_559_600_000)
        let d = LayoutHost.layout(Text(date, style: .date).font(.system(size: 10)).id("d"), in: CGSize(width: 400, height: 100))
        #expect(d.frame(of: "d")?.width == CGFloat(date.formatted(date: .long, time: .omitted).count) * 10)
        let now = Date()
        #expect(Text.DateStyle.relative.format(now.addingTimeInterval(8580), now: now) == Duration.seconds(8580).formatted(
            .units(allowed: [.weeks, .days, .hours, .minutes, .seconds], width: .wide, maximumUnitCount: 2)))
        #expect(Text.DateStyle.offset.format(now.addingTimeInterval(-7200), now: now).hasPrefix("-"))
        #expect(Text.DateStyle.timer.format(now.addingTimeInterval(152), now: now) == "2:32")
        #expect(Text.DateStyle.timer.format(now.addingTimeInterval(3 * 3600 + 61), now: now) == "3:01:01")
    }

    @Test func ignoresSafeAreaIsAcceptedWithoutEffect() {
        let plain = LayoutHost.layout(Color.red.frame(maxWidth: 50).id("c"), in: CGSize(width: 100, height: 100))
        let ignoring = LayoutHost.layout(Color.red.frame(maxWidth: 50).ignoresSafeArea().edgesIgnoringSafeArea(.all)
            .ignoresSafeArea(.keyboard, edges: .bottom).id("c"), in: CGSize(width: 100, height: 100))
        #expect(plain.frame(of: "c") == ignoring.frame(of: "c"))
    }

    @Test func listRowSeparatorGuidesAreOrdinaryGuides() {
        // Defaults: leading and trailing edges.
        let view = VStack(alignment: .listRowSeparatorLeading, spacing: 0) {
            Color.red.frame(width: 40, height: 10).id("a")
            Color.blue.frame(width: 20, height: 10).alignmentGuide(.listRowSeparatorLeading) { d in d[.leading] + 10 }.id("b")
        }
        let r = LayoutHost.layout(view, in: CGSize(width: 100, height: 100))
        // Lines: a at 0, b at 10 → b starts 10 left of a; the stack is 10 + 40 = 50 wide at x 25.
        #expect(r.frame(of: "a")?.minX == 35 && r.frame(of: "b")?.minX == 25)
        let t = LayoutHost.layout(VStack(alignment: .listRowSeparatorTrailing, spacing: 0) {
            Color.red.frame(width: 40, height: 10).id("a")
            Color.blue.frame(width: 20, height: 10).id("b")
        }, in: CGSize(width: 100, height: 100))
        #expect(t.frame(of: "a")?.maxX == t.frame(of: "b")?.maxX)
    }
}
