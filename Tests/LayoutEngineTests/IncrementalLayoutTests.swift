import Testing
import Foundation
@testable import LayoutCore
@testable import SwiftUI
import LayoutTestSupport

/// A wrapping row layout written against the public API, as a user writes one: each subview at
/// its ideal size, wrapped at the proposed width.
private struct WrappingRows: Layout {
    var spacing: CGFloat = 4

    func sizeThatFits(proposal: ProposedViewSize, subviews: Subviews, cache: inout ()) -> CGSize {
        rows(proposal.width ?? .infinity, subviews).size
    }

    func placeSubviews(in bounds: CGRect, proposal: ProposedViewSize, subviews: Subviews, cache: inout ()) {
        for (i, origin) in rows(bounds.width, subviews).origins.enumerated() {
            subviews[i].place(at: CGPoint(x: bounds.minX + origin.x, y: bounds.minY + origin.y), proposal: .unspecified)
        }
    }

    private func rows(_ width: CGFloat, _ subviews: Subviews) -> (size: CGSize, origins: [CGPoint]) {
        var origins: [CGPoint] = [], x: CGFloat = 0, y: CGFloat = 0, rowHeight: CGFloat = 0, widest: CGFloat = 0
        for subview in subviews {
            let s = subview.sizeThatFits(.unspecified)
            if x > 0 && x + s.width > width { x = 0; y += rowHeight + spacing; rowHeight = 0 }
            origins.append(CGPoint(x: x, y: y))
            x += s.width + spacing
            rowHeight = max(rowHeight, s.height)
            widest = max(widest, x - spacing)
        }
        return (CGSize(width: widest, height: y + rowHeight), origins)
    }
}

private func rows(changing changed: Int? = nil) -> some View {
    VStack(spacing: 2) {
        ForEach(0..<50, id: \.self) { i in
            // The edit keeps the text's length, so its size and the other rows' proposals stay.
            Text(i == changed ? "wor \(i)" : "row \(i)")
        }
    }
}

/// The views whose size was computed (not answered from a memo) in a pass, by kind.
private func computedKinds(_ r: LayoutResult) -> [String] {
    r.trace.events.filter { $0.kind == .sizeThatFits }.map { r.views[$0.view].kind }
}

@Suite("Incremental relayout: sizes reused across passes")
struct IncrementalLayoutTests {
    @Test func theSameProposalAgainComputesNoSize() {
        let host = LayoutHost(VStack { Text("Title").font(.title); HStack { Color.red; Text("detail text that wraps") }.padding() })
        let first = host.layout(in: CGSize(width: 200, height: 300))
        let second = host.layout(in: CGSize(width: 200, height: 300))
        #expect(first.counters.reusedSizes == 0)
        #expect(second.counters.sizeComputations == 0)
        // Every question is answered by a size the first pass chose, or directly by a view (the colour)
        // whose size is its proposal.
        #expect(second.counters.reusedSizes > 0 && second.counters.directAnswers > 0)
        #expect(second.counters.reusedSizes + second.counters.directAnswers == second.counters.sizeQueries)
        #expect(second.frames == first.frames)
        #expect(second.trace.events.contains { $0.kind == .reusedSize })
    }

    @Test func aNewWidthRemeasuresOnlyTheLayoutWhenItsItemsAskForIdealSizes() {
        let host = LayoutHost(WrappingRows { ForEach(0..<200, id: \.self) { i in Text(String(repeating: "w", count: i % 7 + 1)) } })
        let options = LayoutOptions.fastest
        _ = host.layout(proposal: ProposedViewSize(width: 300, height: nil), options: options)
        for width in [299, 300, 180, 181] as [CGFloat] {
            let r = host.layout(proposal: ProposedViewSize(width: width, height: nil), options: options)
            // The layout itself for its new proposal (width 300 is still in its memo); every
            // item's ideal size is reused, in sizing and placement.
            #expect(r.counters.sizeComputations == (width == 300 ? 0 : 1), "width \(width)")
            #expect(r.counters.reusedSizes >= 200, "width \(width)")
            let fresh = LayoutHost(WrappingRows { ForEach(0..<200, id: \.self) { i in Text(String(repeating: "w", count: i % 7 + 1)) } })
                .layout(proposal: ProposedViewSize(width: width, height: nil), options: options)
            #expect(r.frames == fresh.frames, "width \(width)")
        }
    }

    @Test func aNewWidthReusesFixedItemsInAStack() {
        let view = VStack(spacing: 0) { ForEach(0..<100, id: \.self) { _ in Color.red.frame(width: 50, height: 20) } }
        let host = LayoutHost(view)
        _ = host.layout(in: CGSize(width: 300, height: 3000), options: .fastest)
        let r = host.layout(in: CGSize(width: 301, height: 3000), options: .tracedWithoutRanges)
        // Nothing is measured again: a frame of fixed size answers every proposal alike (directly,
        // without a memo: it never asks its child), and a stack of such frames is as large
        // whatever it is proposed (its size follows its subviews'), so the root's last answer holds.
        #expect(r.counters.sizeComputations == 0)
        #expect(r.counters.reusedSizes == 1)
        #expect(r.counters.reusedSizes + r.counters.directAnswers == r.counters.sizeQueries)
        // The colours are not even asked (each frame's placement is copied).
        #expect(r.trace.events.allSatisfy { $0.kind != .directSize || r.views[$0.view].kind == "frame" })
        #expect(r.counters.reusedPlacements == 200)
        #expect(r.frames == LayoutHost(view).layout(in: CGSize(width: 301, height: 3000), options: .fastest).frames)
    }

    @Test func viewsThatIgnoreAProposalAxisAnswerEveryLengthOnItWithoutMeasuring() {
        let view = HStack(spacing: 0) {
            Color.red.frame(width: 30, height: 20)
            Text("fixed").fixedSize().padding(4)
            Color.green.frame(width: 40).layoutPriority(1)  // its width is fixed, its height is not
            Color.blue
        }
        var options = LayoutOptions()
        options.measuresSizeRanges = false
        let host = LayoutHost(view)
        _ = host.layout(in: CGSize(width: 300, height: 100), options: options)
        // A new width: the stack proposes every subview new widths (its 0 / ∞ probes and each
        // share); only the stack depends on them among the views that measure (the colours are
        // leaves, answered from their proposals without a memo).
        let narrower = host.layout(in: CGSize(width: 299, height: 100), options: options)
        #expect(computedKinds(narrower) == ["HStack"], "\(computedKinds(narrower))")
        #expect(Set(narrower.trace.events.filter { $0.kind == .directSize }.map { narrower.views[$0.view].kind }) == ["Color", "frame"])
        #expect(narrower.frames == LayoutHost(view).layout(in: CGSize(width: 299, height: 100), options: options).frames)
        // A new height reaches the width-fixed frame (and its colour); the fixed-size text still
        // answers from its memo, and the fully fixed frame directly (it never asks its colour).
        let shorter = host.layout(in: CGSize(width: 299, height: 90), options: options)
        let green = shorter.views.first { $0.kind.hasPrefix("frame") && $0.frame.width == 40 }!.index
        #expect(shorter.trace.events.contains { $0.kind == .sizeThatFits && $0.view == green })
        #expect(!computedKinds(shorter).contains("Text"))
        #expect(shorter.frames == LayoutHost(view).layout(in: CGSize(width: 299, height: 90), options: options).frames)
        #expect(shorter.views.filter { $0.kind == "Color" }.map(\.frame.height) == [20, 90, 90])
    }

    @Test func stacksOfViewsThatIgnoreAnAxisIgnoreItToo() {
        // A thousand nested stacks around a fixed frame: every level is as large whatever its
        // proposal, so a new window size measures nothing.
        var chain = AnyView(Color.gray.frame(width: 10, height: 10))
        for d in 0..<1000 { chain = d % 2 == 0 ? AnyView(HStack(spacing: 0) { chain }) : AnyView(VStack(spacing: 0) { chain }) }
        let view = chain
        let host = LayoutHost(view)
        _ = host.layout(in: CGSize(width: 1000, height: 1000), options: .fastest)
        let r = host.layout(in: CGSize(width: 999, height: 1000), options: .fastest)
        // (The innermost frame, fixed on both axes, answers directly, at most once: when the
        // stacks place again.)
        #expect(r.counters.sizeComputations == 0 && r.counters.directAnswers <= 1)
        #expect(r.counters.reusedSizes + r.counters.directAnswers == r.counters.sizeQueries)
        #expect(r.frames == LayoutHost(view).layout(in: CGSize(width: 999, height: 1000), options: .fastest).frames)
        // One flexible subview makes its stack, and every stack around it, depend on the width
        // again (a ZStack too); the fixed sibling is still not measured again.
        let mixed = VStack { ZStack { HStack { Color.red.frame(width: 20, height: 20); Color.blue }.padding(4) } }
        var options = LayoutOptions()
        options.measuresSizeRanges = false
        let mixedHost = LayoutHost(mixed)
        _ = mixedHost.layout(in: CGSize(width: 300, height: 100), options: options)
        let narrower = mixedHost.layout(in: CGSize(width: 299, height: 100), options: options)
        #expect(computedKinds(narrower).sorted() == ["HStack", "VStack", "ZStack", "padding"], "\(computedKinds(narrower))")
        // The flexible colour is asked again (answered directly from its proposal), and so is the
        // fixed frame (directly: it never asks its colour, which is not asked).
        let blue = narrower.views.first { $0.kind == "Color" && $0.frame.width > 20 }!.index
        let fixed = narrower.views.first { $0.kind == "frame" }!.index
        #expect(narrower.trace.events.filter { $0.kind == .directSize }.allSatisfy { $0.view == blue || $0.view == fixed })
        #expect(narrower.trace.events.contains { $0.kind == .directSize && $0.view == blue })
        #expect(narrower.frames == LayoutHost(mixed).layout(in: CGSize(width: 299, height: 100), options: options).frames)
    }

    @Test func aPassThatChangesNothingDoesNoWorkPerView() {
        let view = VStack(spacing: 4) {
            ForEach(0..<200, id: \.self) { i in HStack { Text("row \(i)"); Spacer(); Color.blue.frame(width: 20 + CGFloat(i % 5)) } }
        }.padding()
        let host = LayoutHost(view)
        let first = host.layout(in: CGSize(width: 320, height: 5000), options: .fastest)
        let again = host.layout(in: CGSize(width: 320, height: 5000), options: .fastest)
        // The root is asked once and answers from its memo; it is placed as before, so the whole
        // previous geometry is taken as it is.
        #expect(again.counters.sizeQueries == 1 && again.counters.sizeComputations == 0)
        #expect(again.counters.placeSubviewsCalls == 0)
        #expect(again.counters.reusedPlacements == again.counters.viewCount)
        #expect(again.frames == first.frames)
        #expect(again.views.map(\.proposal) == first.views.map(\.proposal))
        // Another proposal places afresh, and the frames are a fresh host's.
        let wider = host.layout(in: CGSize(width: 330, height: 5000), options: .fastest)
        #expect(wider.counters.placeSubviewsCalls > 0)
        #expect(wider.frames == LayoutHost(view).layout(in: CGSize(width: 330, height: 5000), options: .fastest).frames)
    }

    @Test func editingOneViewRemeasuresItAndItsContainersOnly() {
        let host = LayoutHost(rows())
        var options = LayoutOptions()
        options.measuresSizeRanges = false
        _ = host.layout(in: CGSize(width: 200, height: 2000), options: options)
        host.setRoot(rows(changing: 7))
        let r = host.layout(in: CGSize(width: 200, height: 2000), options: options)
        let computed = r.trace.events.filter { $0.kind == .sizeThatFits }
        // Only the edited text and the stack around it are measured: the other 49 rows keep
        // their sizes, as SwiftUI keeps the sizes of views whose inputs did not change.
        #expect(Set(computed.map { r.views[$0.view].kind }) == ["VStack", "Text"])
        #expect(Set(computed.filter { r.views[$0.view].kind == "Text" }.map(\.view)) == [r.texts("wor 7")[0].index])
        #expect(r.counters.reusedSizes >= 49)
        #expect(r.frames == LayoutHost(rows(changing: 7)).layout(in: CGSize(width: 200, height: 2000), options: options).frames)
    }

    @Test func viewsPlacedAsBeforeKeepTheirSubtreesPlacement() {
        // A leading-aligned column in a top-leading frame: a narrower window moves nothing.
        let view = VStack(alignment: .leading, spacing: 0) {
            ForEach(0..<40, id: \.self) { i in HStack { Color.red.frame(width: 20, height: 20); Text("item \(i)") }.frame(width: 200) }
        }.frame(maxWidth: .infinity, maxHeight: .infinity, alignment: .topLeading)
        let host = LayoutHost(view)
        _ = host.layout(in: CGSize(width: 400, height: 1000), options: .fastest)
        let r = host.layout(in: CGSize(width: 390, height: 1000), options: .fastest)
        // The outer frame, the column and each row's 200-wide frame are proposed a new width and
        // placed again; each row's HStack is where it was, as large, proposed 200 as before: its
        // subtree (HStack, frame, colour, text) is copied, not placed.
        #expect(r.counters.reusedPlacements == 40 * 4, "\(r.counters)")
        #expect(r.counters.placeSubviewsCalls == 1)
        #expect(r.frames == LayoutHost(view).layout(in: CGSize(width: 390, height: 1000), options: .fastest).frames)
        // An equal tree keeps every size and every placement: the root's inputs are unchanged,
        // so its whole subtree is copied from the old tree's last pass.
        host.setRoot(view)
        let rebuilt = host.layout(in: CGSize(width: 390, height: 1000), options: .fastest)
        #expect(rebuilt.counters.reusedPlacements == rebuilt.counters.viewCount && rebuilt.counters.sizeComputations == 0)
        #expect(rebuilt.frames == r.frames)
    }

    @Test func anEditedTreePlacesOnlyWhatTheEditMoved() {
        // A live reload that edits one row of 50 (same length, so the same size): the column
        // around it is placed again, every other row is copied from the old tree's last pass,
        // where the new tree numbers its views differently (a view inserted above them).
        func column(edit: Int?, extraRowAt extra: Int?) -> some View {
            VStack(spacing: 0) {
                if let extra { Text("inserted \(extra)").frame(width: 10, height: 0) }
                ForEach(0..<50, id: \.self) { i in
                    HStack { Color.red.frame(width: 12, height: 12); Text(i == edit ? "wor \(i)" : "row \(i)") }
                }
            }
            .padding(3)
        }
        let size = CGSize(width: 240, height: 1400)
        let host = LayoutHost(column(edit: nil, extraRowAt: nil))
        _ = host.layout(in: size, options: .fastest)
        host.setRoot(column(edit: 7, extraRowAt: nil))
        let edited = host.layout(in: size, options: .fastest)
        let fresh = LayoutHost(column(edit: 7, extraRowAt: nil)).layout(in: size, options: .fastest)
        #expect(edited.frames.map(\.bits) == fresh.frames.map(\.bits))
        // Placed again: the padding, the VStack, the edited row's HStack and its text; the
        // row's frame and colour are copied (their inputs did not change).
        #expect(edited.counters.reusedPlacements == edited.counters.viewCount - 4, "\(edited.counters)")
        // A narrow, empty view inserted above the rows: every row's index moves by two, none
        // moves on screen, so all are copied; the padding, the column and the new view (a
        // frame and its text) are placed.
        host.setRoot(column(edit: 7, extraRowAt: 1))
        let grown = host.layout(in: size, options: .fastest)
        let freshGrown = LayoutHost(column(edit: 7, extraRowAt: 1)).layout(in: size, options: .fastest)
        #expect(grown.frames.map(\.bits) == freshGrown.frames.map(\.bits))
        #expect(grown.counters.reusedPlacements == grown.counters.viewCount - 4, "\(grown.counters)")
    }

    @Test func twoTreesInstalledBeforeALayoutArePlacedAsNew() throws {
        // A live update that builds twice before it lays out (Return appends a message, then an
        // `onChange` writes state): the second tree must not be placed from rows numbered for
        // the first, whose own geometry it never had.
        struct Chat: View {
            @State private var messages = Array(1...12)
            @State private var draft = ""
            @State private var sent = 0
            var body: some View {
                VStack(spacing: 0) {
                    ScrollView {
                        LazyVStack(alignment: .leading, spacing: 8) {
                            ForEach(messages, id: \.self) { m in
                                Text("Message \(m)").padding(10)
                                    .background(Color.gray, in: RoundedRectangle(cornerRadius: 12))
                                    .frame(maxWidth: .infinity, alignment: m % 3 == 0 ? .trailing : .leading)
                            }
                        }
                        .padding()
                    }
                    TextField("Message", text: $draft).onSubmit { messages.append(messages.count + 1); draft = "" }.id("draft")
                    Text("sent \(sent)")
                }
                .onChange(of: messages.count) { sent += 1 }
            }
        }
        let live = LivePreview(Chat())
        // Tall enough to show every message: a lazy stack makes only the rows it shows.
        let proposal = ProposedViewSize(width: 360, height: 900)
        _ = live.layout(proposal: proposal)
        _ = try live.send(.tap(live.centre(ofViewWithID: "draft")))
        _ = try live.send(.type("Hi"))
        _ = try live.send(.key(.return))
        let updated = try #require(live.lastResult)
        // Every row spans the column, and the new message sits below the one before it.
        let rows = updated.views.filter { $0.kind.hasPrefix("frame") }.map(\.frame.width)
        #expect(rows.count >= 13 && rows.allSatisfy { $0 > 300 }, "rows placed from another tree's geometry: \(rows)")
        let texts = updated.views.filter { $0.kind == "Text" && $0.detail.hasPrefix("\"Message ") }
        #expect(texts.count == 13)
        if texts.count == 13 { #expect(texts[12].frame.minY > texts[11].frame.maxY, "\(texts[11].frame) then \(texts[12].frame)") }
    }

    @Test func subtreesThatMovedWithTheirAncestorsAreReused() {
        // A centred column: every narrower window moves the whole column (by a fraction of a
        // point here), but each row's HStack keeps its place in its 200-wide frame, so its
        // subtree is copied, and its frames are the ones a fresh layout gives, bit for bit.
        let view = VStack(spacing: 0) {
            ForEach(0..<40, id: \.self) { i in
                HStack { Color.red.frame(width: 20, height: 20); Text("item \(i)") }.frame(width: 200)
            }
            ViewThatFits { Text("a line too long for the column, it does not fit in it at all"); Text("fits") }
                .frame(width: 100)
        }
        let host = LayoutHost(view)
        var last: LayoutResult? = nil
        for width in [400.0, 399.3, 371.0 / 3, 255.25] as [CGFloat] {
            let r = host.layout(in: CGSize(width: width, height: 1000), options: .fastest)
            let fresh = LayoutHost(view).layout(in: CGSize(width: width, height: 1000), options: .fastest)
            #expect(r.frames.map(\.bits) == fresh.frames.map(\.bits), "width \(width)")
            #expect(r.views.map(\.isVisible) == fresh.views.map(\.isVisible))
            if last != nil {
                // The column and each row's frame are proposed the new width and placed again;
                // the rows' subtrees (HStack, frame, colour, text) and the ViewThatFits inside
                // its frame (it and both texts) only moved with the column.
                #expect(r.counters.reusedPlacements == 40 * 4 + 3, "width \(width): \(r.counters)")
                #expect(r.frames[0].minX != last!.frames[0].minX)
            }
            last = r
        }
    }

    @Test func hiddenViewsOfAViewThatFitsStayHiddenWhenItsPlacementIsReused() {
        let view = ViewThatFits { Text("a long line that does not fit"); Text("short") }
        let host = LayoutHost(view)
        let a = host.layout(in: CGSize(width: 80, height: 100))
        let b = host.layout(in: CGSize(width: 80, height: 100))
        #expect(b.counters.reusedPlacements == b.counters.viewCount)
        #expect(b.views.map(\.isVisible) == a.views.map(\.isVisible))
        #expect(a.views.map(\.isVisible).contains(false))
    }

    @Test func aFirstTreeIsFingerprintedOnlyOnceALaterTreeIsComparedWithIt() {
        let view = VStack(spacing: 2) { ForEach(0..<30) { i in Color.red.frame(width: 10, height: CGFloat(i + 1)) } }
        let host = LayoutHost(view)
        // Nothing was installed before: nothing to compare the new views with, so no fingerprints.
        #expect(host.tree.nodes.allSatisfy { $0.fingerprint == 0 })
        let first = host.layout(in: CGSize(width: 100, height: 1000), options: .fastest)
        // The same views again: the first tree is fingerprinted now, and every size is kept.
        host.setRoot(view)
        #expect(host.tree.nodes.allSatisfy { $0.fingerprint != 0 })
        let again = host.layout(in: CGSize(width: 100, height: 1000), options: .fastest)
        #expect(again.counters.sizeComputations == 0)
        #expect(again.frames == first.frames)
        // One view changed: it and its container are measured again, nothing else.
        host.setRoot(VStack(spacing: 2) { ForEach(0..<30) { i in Color.red.frame(width: 10, height: CGFloat(i == 7 ? 50 : i + 1)) } })
        let edited = host.layout(in: CGSize(width: 100, height: 1000), options: .fastest)
        #expect(edited.counters.sizeComputations > 0 && edited.counters.sizeComputations <= 4, "\(edited.counters)")
        #expect(edited.rootSize.height == first.rootSize.height + 42)
    }

    @Test func aDeepFirstTreeIsFingerprintedWithoutARecursionAsDeepAsIt() {
        // 3,000 nested frames: fingerprinting the first tree when the second is compared with it
        // must not recurse once per level (a thread's default stack would not hold it).
        func chain(_ leafWidth: CGFloat) -> AnyView {
            var v = AnyView(Color.blue.frame(width: leafWidth, height: 10))
            for _ in 0..<3000 { v = AnyView(v.padding(0)) }
            return v
        }
        let host = LayoutHost(chain(10))
        let first = host.layout(in: CGSize(width: 100, height: 100), options: .fastest)
        host.setRoot(chain(10))
        let again = host.layout(in: CGSize(width: 100, height: 100), options: .fastest)
        #expect(again.frames == first.frames)
        host.setRoot(chain(20))
        #expect(host.layout(in: CGSize(width: 100, height: 100), options: .fastest).rootSize.width == 20)
    }

    @Test func recolouringReusesEverySize() {
        func view(_ color: Color) -> some View { HStack { color.frame(width: 30, height: 30); Text("label") }.padding(8).background(color) }
        let host = LayoutHost(view(.red))
        _ = host.layout(in: CGSize(width: 200, height: 100), options: .fastest)
        host.setRoot(view(.blue))
        let r = host.layout(in: CGSize(width: 200, height: 100), options: .fastest)
        #expect(r.counters.sizeComputations == 0)
    }

    @Test func aChangedLayoutValueOrLayoutParameterRemeasures() {
        let host = LayoutHost(HStack(spacing: 4) { Color.red.frame(width: 10, height: 10); Color.blue.frame(width: 10, height: 10) })
        let a = host.layout(in: CGSize(width: 100, height: 100), options: .fastest)
        host.setRoot(HStack(spacing: 20) { Color.red.frame(width: 10, height: 10); Color.blue.frame(width: 10, height: 10) })
        let b = host.layout(in: CGSize(width: 100, height: 100), options: .fastest)
        #expect(b.counters.sizeComputations > 0)
        #expect(b.rootSize.width == a.rootSize.width + 16)
        let c = LayoutHost(WrappingRows(spacing: 4) { Color.red.frame(width: 60, height: 10); Color.blue.frame(width: 60, height: 10) })
        _ = c.layout(proposal: ProposedViewSize(width: 100, height: nil), options: .fastest)
        c.setRoot(WrappingRows(spacing: 40) { Color.red.frame(width: 60, height: 10); Color.blue.frame(width: 60, height: 10) })
        let d = c.layout(proposal: ProposedViewSize(width: 200, height: nil), options: .fastest)
        #expect(d.rootSize == CGSize(width: 160, height: 10))
    }

    @Test func containerRelativeFramesFollowTheWindowBetweenPasses() {
        let view = HStack(spacing: 0) { Color.red.containerRelativeFrame(.horizontal) { length, _ in length / 4 }; Color.blue.frame(width: 10) }
        let host = LayoutHost(view)
        for width in [400, 200, 400, 320] as [CGFloat] {
            let r = host.layout(in: CGSize(width: width, height: 100))
            let fresh = LayoutHost(view).layout(in: CGSize(width: width, height: 100))
            #expect(r.frames == fresh.frames, "width \(width)")
            #expect(r.all(kind: "Color").first.map { close($0.frame.width, width / 4) } == true, "width \(width)")
        }
    }

    @Test func badInputIsReportedByEveryPass() {
        let host = LayoutHost(HStack { Color.red.frame(width: -5, height: 10); Text("x").offset(x: .nan) })
        let first = host.layout(in: CGSize(width: 100, height: 100))
        let second = host.layout(in: CGSize(width: 100, height: 100))
        #expect(!first.diagnostics.isEmpty)
        #expect(second.diagnostics.map(\.message) == first.diagnostics.map(\.message))
    }

    @Test func forgettingLayoutCachesMeasuresEverythingAgain() {
        let host = LayoutHost(rows())
        let first = host.layout(in: CGSize(width: 200, height: 2000), options: .fastest)
        host.invalidateLayoutCaches()
        let second = host.layout(in: CGSize(width: 200, height: 2000), options: .fastest)
        #expect(second.counters.reusedSizes == 0)
        #expect(second.counters.sizeComputations == first.counters.sizeComputations)
    }

    @Test func geometryReaderContentRebuiltWithItsGeometryIsMeasuredAgain() {
        let view = GeometryReader { proxy in
            Text(proxy.size.width > 150 ? "wide layout here" : "narrow").frame(width: proxy.size.width / 2)
        }
        let host = LayoutHost(view)
        for width in [300, 100, 300] as [CGFloat] {
            let r = host.layout(in: CGSize(width: width, height: 100))
            let fresh = LayoutHost(view).layout(in: CGSize(width: width, height: 100))
            #expect(r.frames == fresh.frames, "width \(width)")
            #expect(r.texts(width > 150 ? "wide layout here" : "narrow").count == 1, "width \(width)")
        }
    }

    @Test func theCountersSurviveJSON() throws {
        let host = LayoutHost(rows())
        _ = host.layout(in: CGSize(width: 200, height: 2000), options: .fastest)
        let r = host.layout(in: CGSize(width: 200, height: 2000), options: .fastest)
        let decoded = try JSONDecoder().decode(LayoutResult.self, from: JSONEncoder().encode(r))
        #expect(decoded.counters.reusedSizes == r.counters.reusedSizes)
        #expect(r.counters.reusedSizes > 0)
    }
}

extension CGRect {
    /// The bit patterns of the four lengths, for exact comparisons.
    fileprivate var bits: [UInt64] { [origin.x, origin.y, width, height].map { Double($0).bitPattern } }
}
