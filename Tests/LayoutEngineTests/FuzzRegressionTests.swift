import Testing
import Foundation
@testable import LayoutCore
@testable import SwiftUI

// Regression tests for the crashes and wrong frames a fuzzer found (issue 17). Each test failed
// (or crashed the test process) before its fix.

/// Every frame has a finite origin and a finite, non-negative size.
private func allFinite(_ r: LayoutResult) -> Bool {
    r.frames.allSatisfy { $0.origin.x.isFinite && $0.origin.y.isFinite && $0.width.isFinite && $0.height.isFinite && $0.width >= 0 && $0.height >= 0 }
        && r.rootSize.width.isFinite && r.rootSize.height.isFinite && r.canvasSize.width.isFinite && r.canvasSize.height.isFinite
}

/// Proposes `proposal` to its only subview and places it at the bounds' origin with it.
private struct ProposingLayout: Layout {
    var proposal: ProposedViewSize
    func sizeThatFits(proposal: ProposedViewSize, subviews: Subviews, cache: inout ()) -> CGSize {
        subviews.first.map { $0.sizeThatFits(self.proposal) } ?? .zero
    }
    func placeSubviews(in bounds: CGRect, proposal: ProposedViewSize, subviews: Subviews, cache: inout ()) {
        for s in subviews { s.place(at: bounds.origin, proposal: self.proposal) }
    }
}

/// A chain of `depth` stacks, alternating HStack and VStack, around a 10×10 leaf with the id "leaf".
/// The view value is one integer: only building the tree recurses.
struct StackChain: View {
    let depth: Int
    var body: some View {
        if depth == 0 {
            AnyView(Color.red.frame(width: 10, height: 10).id("leaf"))
        } else if depth % 2 == 0 {
            AnyView(HStack { StackChain(depth: depth - 1) })
        } else {
            AnyView(VStack { StackChain(depth: depth - 1) })
        }
    }
}

/// Runs `body` on a new thread with a stack of `stackSize` bytes and waits for it.
private func onThread<T>(stackSize: Int, _ body: @escaping () -> T) -> T {
    let box = UncheckedSendableBox<T?>(nil)
    let work = UncheckedSendableBox(body)
    let done = DispatchSemaphore(value: 0)
    let thread = Thread { box.value = work.value(); done.signal() }
    thread.stackSize = stackSize
    thread.start()
    done.wait()
    return box.value!
}

/// True when the tests run under ThreadSanitizer (`swift test --sanitize=thread`, as
/// `meson-helpers/run-sanitizers thread` does): its runtime, linked into the test binary, exports
/// `__tsan_init`.
private let runsUnderThreadSanitizer = dlsym(dlopen(nil, RTLD_NOW), "__tsan_init") != nil
private let runsUnderSanitizer = runsUnderThreadSanitizer || dlsym(dlopen(nil, RTLD_NOW), "__asan_init") != nil

/// Why the deep-chain tests do not run under ThreadSanitizer. TSan records every instrumented
/// call on a shadow call stack of a fixed 65,536 entries per thread (`kShadowStackSize`) and, in
/// its release runtime, does not check the bound: a deeper call chain writes past the end into
/// TSan's other memory, and the run then crashes in TSan (a SEGV in `FuncEntry` or
/// `TraceSwitchPartImpl`) or hangs (TSan's deadly-signal handler waits for a lock the crashed
/// thread holds). Building a chain of stacks takes about 22 calls per level in a debug build,
/// laying it out about 8 (counted with backtrace(3)), so chains deeper than about 2,900 levels
/// overflow it. These tests run in the ordinary suite and under AddressSanitizer; the TSan run
/// lays out 1,000-level chains on several threads at once instead (`ConcurrentHostsTests`).
private let deepChainUnderThreadSanitizer: Comment = "the chain is deeper than ThreadSanitizer's 65,536-entry shadow call stack"

@Suite("Fuzzer findings: crashes")
struct FuzzCrashRegressionTests {
    // 1. Text proposed a huge finite length.
    @Test func textProposedAHugeHeight() {
        let r = LayoutHost.layout(Text("Hello").id("t"), in: CGSize(width: 100, height: 1e300))
        #expect(r.frame(of: "t")?.size == CGSize(width: 85, height: 17))
        #expect(allFinite(r))
    }

    @Test func textProposedGreatestFiniteMagnitude() {
        // The common "unbounded" idiom of custom layouts, on either axis.
        for p in [ProposedViewSize(width: 40, height: .greatestFiniteMagnitude),
                  ProposedViewSize(width: .greatestFiniteMagnitude, height: nil),
                  ProposedViewSize(width: .greatestFiniteMagnitude, height: .greatestFiniteMagnitude)] {
            let r = LayoutHost.layout(ProposingLayout(proposal: p) { Text("Hello world").id("t") }, in: CGSize(width: 100, height: 100))
            #expect(allFinite(r), "\(p)")
        }
        // A font under 1 pt: greatestFiniteMagnitude / size overflows to infinity.
        let m = DeterministicTextMeasurer().measure("Hello world", font: .system(size: 0.5), width: .greatestFiniteMagnitude)
        #expect(m == DeterministicTextMeasurer().measure("Hello world", font: .system(size: 0.5), width: nil))
        let huge = DeterministicTextMeasurer().measure("Hello world", font: .system(size: 10), width: 1e300)
        #expect(huge.lineCount == 1 && huge.size.width == 110)
    }

    // 2. Grid spans that overflow or exhaust memory.
    @Test func gridSpanOfIntMax() {
        let r = LayoutHost.layout(Grid { GridRow { Color.red.gridCellColumns(Int.max).id("a"); Color.blue.id("b") } },
                                  in: CGSize(width: 100, height: 100))
        #expect(allFinite(r))
        #expect(r.diagnostics.contains { $0.message.contains("gridCellColumns") })
        let wide = LayoutHost.layout(Grid { GridRow { Color.red.gridCellColumns(10_000_000); Color.blue.id("b") } },
                                     in: CGSize(width: 100, height: 100))
        #expect(allFinite(wide))
        #expect(wide.diagnostics.contains { $0.message.contains("gridCellColumns") })
        // A span within the limit is kept.
        let legal = LayoutHost.layout(Grid(horizontalSpacing: 0) {
            GridRow { Color.red.gridCellColumns(2).id("a") }
            GridRow { Color.blue; Color.green.id("c") }
        }, in: CGSize(width: 100, height: 100))
        #expect(legal.frame(of: "a")?.width == 100)
        #expect(legal.diagnostics.isEmpty)
    }

    // 3. A last-text-baseline guide of text whose height overflows.
    @Test func lastTextBaselineOfAHugeFont() {
        let r = LayoutHost.layout(HStack(alignment: .lastTextBaseline) {
            Text("a\nb").font(.system(size: 1e308))
            Color.red
        }, in: CGSize(width: 100, height: 100))
        #expect(allFinite(r))
        let first = LayoutHost.layout(HStack(alignment: .firstTextBaseline) {
            Text("a b c").font(.system(size: 1e308))
            Color.red
        }, in: CGSize(width: 100, height: 100))
        #expect(allFinite(first))
    }

    // 4. Deep trees: built without a recursion tied to the caller's stack.
    @Test(.disabled(if: runsUnderThreadSanitizer, deepChainUnderThreadSanitizer)) func deepChainBuiltOnASmallStack() {
        // 500 levels crashed a 512 KiB thread while the tree was built; 9,990 (just within
        // LayoutHost.maximumDepth) are laid out.
        let (r, drawn) = onThread(stackSize: 512 << 10) {
            let r = LayoutHost.layout(StackChain(depth: 9_990), in: CGSize(width: 100, height: 100), options: .fastest)
            // The display list is made on demand, here, without a recursion as deep as the tree.
            return (r, r.displayList.map(\.view))
        }
        #expect(r.frame(of: "leaf") == CGRect(x: 45, y: 45, width: 10, height: 10))
        #expect(r.diagnostics.isEmpty)
        #expect(drawn == [r.views.count - 1])
    }

    @Test(.disabled(if: runsUnderSanitizer, "sanitizers' stack frames are several times larger"))
    func aTreeAtTheCallersThreadDepthLimitFitsASmallStack() {
        // Trees up to `deepTreeThreshold` levels deep are laid out on the caller's thread: a
        // chain exactly at the limit fits Swift's smallest default thread stack (512 KiB) in a
        // debug build (a chain of 60 did not; 128 was the limit before).
        #expect(LayoutHost.deepTreeThreshold == 32)
        let r = onThread(stackSize: 512 << 10) {
            LayoutHost.layout(StackChain(depth: LayoutHost.deepTreeThreshold - 1), in: CGSize(width: 100, height: 100), options: .fastest)
        }
        #expect(r.frame(of: "leaf") == CGRect(x: 45, y: 45, width: 10, height: 10))
        #expect(r.diagnostics.isEmpty)
    }

    @Test(.disabled(if: runsUnderThreadSanitizer, deepChainUnderThreadSanitizer)) func deepChainOnTheMainThreadSizedStack() {
        // 8,000 levels crashed the main thread (8 MiB).
        let r = onThread(stackSize: 8 << 20) {
            LayoutHost.layout(StackChain(depth: 8_000), in: CGSize(width: 100, height: 100), options: .fastest)
        }
        #expect(r.frame(of: "leaf") == CGRect(x: 45, y: 45, width: 10, height: 10))
    }

    @Test(.disabled(if: runsUnderThreadSanitizer, deepChainUnderThreadSanitizer)) func treesDeeperThanTheLimitAreCutWithADiagnostic() {
        let depth = LayoutHost.maximumDepth + 500
        let r = onThread(stackSize: 1 << 20) {
            LayoutHost.layout(StackChain(depth: depth), in: CGSize(width: 100, height: 100), options: .fastest)
        }
        #expect(r.frame(of: "leaf") == nil)
        #expect(r.views.count <= LayoutHost.maximumDepth + 1)
        #expect(r.diagnostics.contains { $0.message.contains("nested more than") })
        #expect(allFinite(r))
        // Far deeper: the cut-off part is released without a recursion as deep as itself.
        let far = onThread(stackSize: 1 << 20) {
            LayoutHost.layout(StackChain(depth: 50_000), in: CGSize(width: 100, height: 100), options: .fastest)
        }
        #expect(far.views.count <= LayoutHost.maximumDepth + 1)
        #expect(far.diagnostics.contains { $0.message.contains("nested more than") })
    }

    @Test(.disabled(if: runsUnderThreadSanitizer, deepChainUnderThreadSanitizer)) func hundredThousandDeepChainEndsWithADiagnostic() {
        // Issue 12's scale: ten times `LayoutHost.maximumDepth`, from a 512 KiB thread.
        let r = onThread(stackSize: 512 << 10) {
            LayoutHost.layout(StackChain(depth: 100_000), in: CGSize(width: 100, height: 100), options: .fastest)
        }
        #expect(r.views.count > 0 && r.views.count <= LayoutHost.maximumDepth + 1)
        #expect(r.frame(of: "leaf") == nil)
        #expect(r.diagnostics.contains { $0.message.contains("nested more than") })
        #expect(allFinite(r))
    }
}

@Suite("Fuzzer findings: wrong frames")
struct FuzzFrameRegressionTests {
    // 6. aspectRatio(.fill) under a proposal unspecified on one axis.
    @Test func aspectRatioFillWithOneUnspecifiedAxis() {
        // SwiftUI's rule: the unspecified axis scales by ∞, so .fill proposes ∞×∞; a Color takes
        // it, and an infinite size is placed with 0 on that axis — centred, at a finite origin.
        let r = LayoutHost.layout(VStack {
            Color.red.aspectRatio(1.5, contentMode: .fill).id("c")
            Text("caption").id("t")
        }.fixedSize(horizontal: false, vertical: true), in: CGSize(width: 390, height: 844))
        #expect(allFinite(r))
        // The aspectRatio view (id "c") is proposed (390, nil); its content, ∞×∞.
        let c = r.view(id: "c")!
        #expect(c.proposal == ProposedViewSize(width: 390, height: nil))
        #expect(r.views[c.index + 1].proposal == ProposedViewSize(width: .infinity, height: .infinity))
        #expect(r.diagnostics.contains { $0.message.contains("infinite size") })
        ImageAssets.register("fuzz-photo", size: CGSize(width: 30, height: 20))
        let image = LayoutHost.layout(ScrollView {
            Image("fuzz-photo").resizable().aspectRatio(contentMode: .fill).id("i")
            Text("caption").id("t")
        }, in: CGSize(width: 390, height: 844))
        #expect(allFinite(image))
        let scroll = LayoutHost.layout(ScrollView { Color.red.aspectRatio(1.5, contentMode: .fill) }, in: CGSize(width: 390, height: 844))
        #expect(allFinite(scroll))
        let custom = LayoutHost.layout(ProposingLayout(proposal: ProposedViewSize(width: 100, height: nil)) {
            Color.red.aspectRatio(2, contentMode: .fill).id("c")
        }, in: CGSize(width: 390, height: 844))
        #expect(allFinite(custom))
        // .fit with one unspecified axis scales by the other: 100 wide, 50 tall.
        let fit = LayoutHost.layout(ProposingLayout(proposal: ProposedViewSize(width: 100, height: nil)) {
            Color.red.aspectRatio(2, contentMode: .fit).id("c")
        }, in: CGSize(width: 390, height: 844))
        #expect(fit.frame(of: "c")?.size == CGSize(width: 100, height: 50))
    }

    @Test func aspectRatioFillInAGridCell() {
        let r = LayoutHost.layout(Grid { GridRow { Color.red.aspectRatio(1, contentMode: .fill); Color.blue } },
                                  in: CGSize(width: 100, height: 100))
        #expect(allFinite(r))
    }

    @Test func aspectRatioOfAViewWithAZeroIdealLength() {
        // The ratio 0:10 scaled to fill 100×100: 0 × ∞ is 0, never NaN.
        let r = LayoutHost.layout(Color.red.frame(idealWidth: 0, idealHeight: 10).aspectRatio(contentMode: .fill).id("a"),
                                  in: CGSize(width: 100, height: 100))
        #expect(allFinite(r))
        #expect(!r.diagnostics.contains { $0.message.contains("NaN") })
        let p = r.views[1].proposal
        #expect(p.width.map { !$0.isNaN } ?? true)
        #expect(p.height.map { !$0.isNaN } ?? true)
    }

    // 7. Non-finite guides, offsets and positions.
    @Test func nanGuideInAnOverlayIsCentred() {
        let r = LayoutHost.layout(Color.red.frame(width: 100, height: 100).overlay(
            Color.blue.frame(width: 20, height: 20).alignmentGuide(HorizontalAlignment.center) { _ in .nan }.id("b")),
            in: CGSize(width: 100, height: 100))
        #expect(r.frame(of: "b") == CGRect(x: 40, y: 40, width: 20, height: 20))
        #expect(r.diagnostics.contains { $0.message.contains("non-finite position") })
    }

    @Test func nonFiniteGuideInAFrameIsCentred() {
        let r = LayoutHost.layout(Color.blue.frame(width: 20, height: 20)
            .alignmentGuide(.leading) { _ in .infinity }
            .alignmentGuide(.top) { _ in -.infinity }.id("b")
            .frame(width: 100, height: 100, alignment: .topLeading), in: CGSize(width: 100, height: 100))
        #expect(r.frame(of: "b")?.origin == CGPoint(x: 40, y: 40))
        #expect(allFinite(r))
        #expect(r.diagnostics.contains { $0.message.contains("non-finite position") })
    }

    @Test func nonFiniteOffsetAndPosition() {
        let offset = LayoutHost.layout(Color.red.frame(width: 20, height: 20).id("c").offset(x: .nan, y: .infinity),
                                       in: CGSize(width: 100, height: 100))
        #expect(offset.frame(of: "c") == CGRect(x: 40, y: 40, width: 20, height: 20))
        #expect(offset.diagnostics.contains { $0.message.contains("non-finite position") })
        let position = LayoutHost.layout(Color.red.frame(width: 20, height: 20).id("c").position(x: .nan, y: -.infinity),
                                         in: CGSize(width: 100, height: 100))
        #expect(position.frame(of: "c") == CGRect(x: 40, y: 40, width: 20, height: 20))
        #expect(allFinite(position))
        // Finite ones are unchanged.
        let fine = LayoutHost.layout(Color.red.frame(width: 20, height: 20).id("c").offset(x: 5, y: -5), in: CGSize(width: 100, height: 100))
        #expect(fine.frame(of: "c") == CGRect(x: 45, y: 35, width: 20, height: 20))
        #expect(fine.diagnostics.isEmpty)
    }

    @Test func infinitePlacementIsCentred() {
        let r = LayoutHost.layout(ProposingLayout(proposal: .unspecified) { Color.red.id("c") }
            .frame(width: 100, height: 100), in: CGSize(width: 100, height: 100))
        #expect(allFinite(r))
        let far = LayoutHost.layout(FarPlacingLayout { Color.red.frame(width: 10, height: 10).id("c") }, in: CGSize(width: 100, height: 100))
        #expect(far.frame(of: "c") == CGRect(x: 45, y: 45, width: 10, height: 10))
        #expect(far.diagnostics.contains { $0.message.contains("non-finite position") })
    }

    // 8. Missing diagnostics.
    @Test func nanStackSpacingIsDiagnosed() {
        let r = LayoutHost.layout(HStack(spacing: .nan) { Color.red; Color.blue }, in: CGSize(width: 100, height: 10))
        #expect(r.diagnostics.contains { $0.message.contains("spacing") })
        let v = LayoutHost.layout(VStack(spacing: .infinity) { Color.red; Color.blue }, in: CGSize(width: 100, height: 10))
        #expect(v.diagnostics.contains { $0.message.contains("spacing") })
        let g = LayoutHost.layout(Grid(horizontalSpacing: .nan) { GridRow { Color.red; Color.blue } }, in: CGSize(width: 100, height: 10))
        #expect(g.diagnostics.contains { $0.message.contains("spacing") })
    }

    @Test func emptyRootWithABadProposal() {
        let r = LayoutHost(EmptyView()).layout(proposal: ProposedViewSize(width: .nan, height: -1))
        #expect(r.canvasSize == .zero)
        #expect(r.diagnostics.contains { $0.message.contains("NaN and negative") })
    }
}

/// Places every subview at (∞, −∞).
private struct FarPlacingLayout: Layout {
    func sizeThatFits(proposal: ProposedViewSize, subviews: Subviews, cache: inout ()) -> CGSize { CGSize(width: 100, height: 100) }
    func placeSubviews(in bounds: CGRect, proposal: ProposedViewSize, subviews: Subviews, cache: inout ()) {
        for s in subviews { s.place(at: CGPoint(x: CGFloat.infinity, y: -CGFloat.infinity), proposal: .unspecified) }
    }
}

@Suite("One host, several threads")
struct HostThreadingTests {
    @Test func concurrentUseOfOneHostIsSerialised() async {
        let host = LayoutHost(HStack(spacing: 0) { ForEach(0..<200, id: \.self) { i in Color.red.id(i) } })
        let shared = UncheckedSendableBox(host)
        await withTaskGroup(of: Bool.self) { group in
            for t in 0..<4 {
                group.addTask {
                    var ok = true
                    for k in 0..<50 {
                        let w = CGFloat(200 + 10 * ((t + k) % 5))
                        let r = shared.value.layout(in: CGSize(width: w, height: 10), options: .fastest)
                        let f = r.frame(of: 199) ?? .zero
                        ok = ok && abs(f.minX - (w - w / 200)) < 0.001 && abs(f.width - w / 200) < 0.001 && r.diagnostics.isEmpty
                    }
                    return ok
                }
            }
            for await ok in group { #expect(ok) }
        }
    }

    @Test func reenteringAHostFromItsOwnLayoutIsAnError() {
        let holder = UncheckedSendableBox<LayoutHost?>(nil)
        let inner = UncheckedSendableBox<LayoutResult?>(nil)
        let host = LayoutHost(CallbackLayout(callback: { inner.value = holder.value?.layout(in: CGSize(width: 10, height: 10)) }) { Color.red })
        holder.value = host
        let r = host.layout(in: CGSize(width: 100, height: 100))
        #expect(r.views.count == 2)
        #expect(inner.value?.diagnostics.contains { $0.severity == .error && $0.message.contains("re-entered") } == true)
        #expect(inner.value?.views.isEmpty == true)
        holder.value = nil
    }

    @Test func separateHostsRunConcurrently() async {
        await withTaskGroup(of: Bool.self) { group in
            for _ in 0..<8 {
                group.addTask {
                    (0..<20).allSatisfy { _ in
                        LayoutHost.layout(HStack { Color.red.id("a"); Text("Hi") }, in: CGSize(width: 100, height: 20)).frame(of: "a") != nil
                    }
                }
            }
            for await ok in group { #expect(ok) }
        }
    }
}

/// Runs `callback` from `sizeThatFits`.
private struct CallbackLayout: Layout {
    let callback: () -> Void
    func sizeThatFits(proposal: ProposedViewSize, subviews: Subviews, cache: inout ()) -> CGSize {
        callback()
        return proposal.replacingUnspecifiedDimensions()
    }
    func placeSubviews(in bounds: CGRect, proposal: ProposedViewSize, subviews: Subviews, cache: inout ()) {}
}

// Findings of `layoutlab-fuzz` (issue 12). Each test failed before its fix.
@Suite("Fuzzer findings: missing diagnostics (issue 12)")
struct FuzzDiagnosticRegressionTests {
    // 1. A built-in stack wrapped in AnyLayout: NaN or infinite spacing was laid out as 0 silently.
    @Test func nonFiniteSpacingOfAWrappedStackIsDiagnosed() {
        for spacing in [CGFloat.nan, .infinity, -.infinity] {
            let r = LayoutHost.layout(AnyLayout(HStackLayout(spacing: spacing)) { Color.red.id("a"); Color.blue.id("b") },
                                      in: CGSize(width: 100, height: 10))
            #expect(r.diagnostics.contains { $0.message.contains("HStackLayout") && $0.message.contains("spacing") }, "\(spacing): \(r.diagnostics)")
            #expect(r.frame(of: "b") == CGRect(x: 50, y: 0, width: 50, height: 10))
        }
        let grid = LayoutHost.layout(AnyLayout(GridLayout(horizontalSpacing: .nan)) { Color.red }, in: CGSize(width: 10, height: 10))
        #expect(grid.diagnostics.contains { $0.message.contains("horizontal spacing") })
        // Finite spacing says nothing.
        #expect(LayoutHost.layout(AnyLayout(VStackLayout(spacing: 3)) { Color.red }, in: CGSize(width: 10, height: 10)).diagnostics.isEmpty)
    }

    // 2. A NaN length of a flexible frame was ignored without a diagnostic.
    @Test func nanLengthOfAFlexibleFrameIsDiagnosed() {
        let r = LayoutHost.layout(Color.red.frame(minWidth: 14, maxWidth: .nan).id("a"), in: CGSize(width: 100, height: 10))
        #expect(r.diagnostics.map(\.message) == ["frame max on the horizontal axis is NaN and is ignored"])
        // Ignored: as if maxWidth were nil, the frame follows its child (which takes 100).
        #expect(r.frame(of: "a") == CGRect(x: 0, y: 0, width: 100, height: 10))
        let h = LayoutHost.layout(Color.red.frame(minHeight: .nan, idealHeight: 198, maxHeight: 262), in: CGSize(width: 10, height: 10))
        #expect(h.diagnostics.map(\.message) == ["frame min on the vertical axis is NaN and is ignored"])
        // maxWidth: .infinity is the common idiom, not bad input.
        #expect(LayoutHost.layout(Color.red.frame(maxWidth: .infinity), in: CGSize(width: 10, height: 10)).diagnostics.isEmpty)
    }
}

@Suite("Fuzzer findings: negative sizes (issue 12)")
struct FuzzNegativeSizeRegressionTests {
    // 3. A Spacer with a negative minimum as the root, proposed nil: the root size was −10.
    @Test func negativeRootIsReportedAsZero() {
        let r = LayoutHost(Spacer(minLength: -10).id("s")).layout(proposal: ProposedViewSize(width: nil, height: 100))
        #expect(r.rootSize == CGSize(width: 0, height: 100))
        #expect(r.canvasSize == CGSize(width: 0, height: 100))
        #expect(r.frame(of: "s")?.size == CGSize(width: 0, height: 100))
    }

    // 4. A Spacer with a negative minimum proposed nil in a container: its frame had a negative
    // size (CGRect's standardised width hid it). It still shortens its stack, as in SwiftUI.
    @Test func negativeSpacerFrameIsZeroLong() {
        let r = LayoutHost(ScrollView(.horizontal) { Spacer(minLength: -10).id("s") }).layout(in: CGSize(width: 100, height: 100))
        let s = try! #require(r.frame(of: "s"))
        #expect(s.size.width == 0 && s.size.height >= 0)
        // The stack still adds the negative length: 20 + (−30) + 20 = 10 (native probe P5).
        let stack = LayoutHost(HStack(spacing: 0) {
            Rectangle().frame(width: 20, height: 20).id("a"); Spacer(minLength: -30).id("gap"); Rectangle().frame(width: 20, height: 20).id("b")
        }.fixedSize().id("row")).layout(in: CGSize(width: 100, height: 100))
        #expect(stack.frame(of: "row")?.size == CGSize(width: 10, height: 20))
        #expect(stack.frame(of: "b")!.minX - stack.frame(of: "a")!.minX == -10)
        #expect(stack.frame(of: "gap")?.size.width == 0)
    }
}
