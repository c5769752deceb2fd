import Testing
import SwiftUI
import LayoutTestSupport

/// The article's Image-based views, laid out with the engine's Image rules.
@Suite("Seed 001: views with images")
struct Seed001ImageTests {
    @Test func imageKeepsItsNaturalSizeInsideANarrowerFrame() {
        // "the image is 300×300 … by calling frame(width:100) the child view is only given 100pt.
        // The child view will still be drawn using 300pt, but the parent view will lay out the
        // other views as if the child view is only 100pt wide."
        ImageAssets.register("peach", size: CGSize(width: 300, height: 300))
        let r = LayoutHost.layout(ContentView001V2(), in: CGSize(width: 400, height: 400))
        let image = r.views.first { $0.kind == "Image" }!
        let frame = r.views[image.parent!]
        #expect(frame.kind == "frame" && frame.frame.width == 100)
        #expect(image.frame.size == CGSize(width: 300, height: 300))
        #expect(abs(image.frame.midX - frame.frame.midX) < 0.001)
        // The two yellow rectangles share the rest: (360 − 100) / 2 = 130 each.
        let rects = r.views.filter { $0.kind == "Rectangle" }
        #expect(rects.map(\.frame.width) == [130, 130])
    }

    @Test func symbolImagesAreSizedByTheFont() {
        let r = LayoutHost.layout(Image(systemName: "star").font(.title).imageScale(.large).id("s"), in: CGSize(width: 100, height: 100))
        #expect(r.frame(of: "s")?.size == CGSize(width: 28 * 1.35, height: 28 * 1.35))
        let plain = LayoutHost.layout(Image(systemName: "star").resizable().id("r"), in: CGSize(width: 80, height: 60))
        #expect(plain.frame(of: "r") == CGRect(x: 0, y: 0, width: 80, height: 60))
    }

    @Test func unknownNamedImagesAreEmptyWithADiagnostic() {
        let r = LayoutHost.layout(Image("no-such-image").id("i"), in: CGSize(width: 100, height: 100))
        #expect(r.frame(of: "i")?.size == .zero)
        #expect(r.diagnostics.contains { $0.message.contains("no-such-image") })
    }

    @Test func articleImageViewsCompileAndLayOut() {
        for view in [AnyView(ContentView001V3()), AnyView(ContentView001V4()), AnyView(ContentView001V5())] {
            let r = LayoutHost.layout(view, in: CGSize(width: 400, height: 300))
            #expect(!r.views.isEmpty)
            #expect(r.frames.allSatisfy { $0.width.isFinite && $0.height.isFinite })
        }
    }
}
