import Foundation
import SwiftUI
import Testing

// The examples of the DocC catalog (Sources/LayoutCore/LayoutCore.docc), compiled here
// verbatim. `examplesAreVerbatim` checks that each article's Swift blocks appear in this file,
// so an article cannot show code that does not compile or lays out differently.

// MARK: LayoutCore.md

struct Badge: View {
    var body: some View {
        HStack(spacing: 8) {
            Circle().frame(width: 24, height: 24).id("dot")
            Text("Online")
        }
        .padding()
    }
}

// MARK: GettingStarted.md

struct Row: View {
    var body: some View {
        HStack {
            Color.red.frame(width: 100).id("swatch")
            Text("Hello, layout")
        }
        .padding()
    }
}

@Test func swatchFillsThePaddedHeight() {
    let result = LayoutHost.layout(Row(), in: CGSize(width: 400, height: 300))
    #expect(result.frame(of: "swatch")?.height == 268)   // 300 minus 16 above and below
}

// MARK: WritingLayouts.md

struct DiagonalLayout: Layout {
    var step: CGFloat = 8

    func sizeThatFits(proposal: ProposedViewSize, subviews: Subviews, cache: inout ()) -> CGSize {
        var size = CGSize.zero
        for (i, subview) in subviews.enumerated() {
            let s = subview.sizeThatFits(.unspecified)
            size.width = max(size.width, CGFloat(i) * step + s.width)
            size.height = max(size.height, CGFloat(i) * step + s.height)
        }
        return size
    }

    func placeSubviews(in bounds: CGRect, proposal: ProposedViewSize, subviews: Subviews, cache: inout ()) {
        for (i, subview) in subviews.enumerated() {
            subview.place(at: CGPoint(x: bounds.minX + CGFloat(i) * step, y: bounds.minY + CGFloat(i) * step),
                          proposal: .unspecified)
        }
    }
}

struct Cards: View {
    var body: some View {
        DiagonalLayout(step: 12) {
            ForEach(0..<3) { i in
                RoundedRectangle(cornerRadius: 8).frame(width: 60, height: 40).id(i)
            }
        }
    }
}

// MARK: IncrementalLayout.md

@Test func incrementalLayoutExampleReusesEveryAnswer() {
let host = LayoutHost(VStack { Text("Title"); Color.red.frame(width: 40, height: 40) })
_ = host.layout(in: CGSize(width: 300, height: 200))
let again = host.layout(in: CGSize(width: 300, height: 200))
    #expect(again.counters.sizeComputations == 0)
    #expect(again.counters.reusedSizes > 0)
    #expect(again.counters.reusedSizes + again.counters.directAnswers == again.counters.sizeQueries)
}

@Test func incrementalLayoutExampleReplacesOneRowInPlace() throws {
let host = LayoutHost(VStack { ForEach(0..<1000) { i in Text("Row \(i)").id(i) } })
_ = host.layout(in: CGSize(width: 390, height: 844))
try host.replaceView(id: 500, with: Text("Row 500, edited"))   // .patchedInPlace
let after = host.layout(in: CGSize(width: 390, height: 844))
    // The row and the stack are measured again (with their min/ideal/max probes); nothing else.
    #expect(after.counters.sizeComputations == 11)
    #expect(after.frame(of: 500)?.width ?? 0 > after.frame(of: 499)?.width ?? 0)
}

@Suite("Documentation examples")
struct DocumentationExampleTests {
    /// The badge: a 24-point circle, 8 points, the text, all padded by 16 and centred.
    @Test func badgeLaysOutByTheStackAndPaddingRules() throws {
        let canvas = CGSize(width: 390, height: 844)
        let result = LayoutHost.layout(Badge(), in: canvas)
        let dot = try #require(result.frame(of: "dot"))
        let text = try #require(result.views.first { $0.kind == "Text" }?.frame)
        #expect(dot.size == CGSize(width: 24, height: 24))
        #expect(text.minX - dot.maxX == 8)
        let content = dot.union(text)
        let badgeWidth = content.width + 32, badgeHeight = content.height + 32
        #expect(dot.minX == (canvas.width - badgeWidth) / 2 + 16)
        #expect(content.minY == (canvas.height - badgeHeight) / 2 + 16)
        #expect(abs(dot.midY - text.midY) < 0.001)        // centre alignment across the stack
    }

    /// The diagonal layout: each card one step right of and below the previous, sized 84×64.
    @Test func diagonalLayoutPlacesEachCardOneStepFurther() throws {
        let result = LayoutHost.layout(Cards(), in: CGSize(width: 300, height: 300))
        let frames = try (0..<3).map { try #require(result.frame(of: $0)) }
        #expect(frames.allSatisfy { $0.size == CGSize(width: 60, height: 40) })
        #expect(frames[1].minX - frames[0].minX == 12 && frames[2].minY - frames[1].minY == 12)
        // The layout is 84×64 (two steps plus a card), centred in the canvas.
        #expect(frames[0].minX == (300 - 84) / 2 && frames[0].minY == (300 - 64) / 2)
    }

    /// Every Swift block of the articles that show whole examples is in this file, verbatim.
    @Test(arguments: ["LayoutCore.md", "GettingStarted.md", "WritingLayouts.md", "IncrementalLayout.md"])
    func examplesAreVerbatim(article: String) throws {
        let here = URL(fileURLWithPath: #filePath)
        let root = here.deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let catalog = root.appendingPathComponent("Sources/LayoutCore/LayoutCore.docc")
        let text = try String(contentsOf: catalog.appendingPathComponent(article), encoding: .utf8)
        let mine = try String(contentsOf: here, encoding: .utf8)
        let blocks = text.components(separatedBy: "```swift\n").dropFirst()
            .map { $0.components(separatedBy: "```")[0] }
            .filter { !$0.contains("PackageDescription") }
        #expect(!blocks.isEmpty)
        for block in blocks {
            // The block without its usage lines (this file checks the results instead) and imports.
            let usage = ["let result", "print(", "result.", "import "]
            let code = block.split(separator: "\n", omittingEmptySubsequences: false)
                .filter { line in !usage.contains { line.hasPrefix($0) } }
                .joined(separator: "\n")
            let declarations = code.components(separatedBy: "\n\n")
                .filter { !$0.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty }
            for declaration in declarations {
                #expect(mine.contains(declaration), "\(article) shows code this file does not compile:\n\(declaration)")
            }
        }
    }
}
