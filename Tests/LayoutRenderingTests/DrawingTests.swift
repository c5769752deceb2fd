import Foundation
import SwiftUI
import LayoutRendering
import Testing

/// A triangle pointing up, corners at the frame's top centre and bottom corners.
struct Triangle: Shape {
    func path(in rect: CGRect) -> Path {
        var p = Path()
        p.move(to: CGPoint(x: rect.midX, y: rect.minY))
        p.addLine(to: CGPoint(x: rect.maxX, y: rect.maxY))
        p.addLine(to: CGPoint(x: rect.minX, y: rect.maxY))
        p.closeSubpath()
        return p
    }
}

/// A shape with a size of its own (iOS 16's `Shape.sizeThatFits`): as wide as proposed, half as tall.
struct HalfHeightBar: Shape {
    func path(in rect: CGRect) -> Path { Path(roundedRect: rect, cornerRadius: rect.height / 2) }
    func sizeThatFits(_ proposal: ProposedViewSize) -> CGSize {
        let w = proposal.width ?? 40
        return CGSize(width: w, height: w / 2)
    }
}

/// An insettable custom shape: a diamond touching the frame's edge midpoints.
struct Diamond: InsettableShape {
    var insetAmount: CGFloat = 0
    func path(in rect: CGRect) -> Path {
        let r = rect.insetBy(dx: insetAmount, dy: insetAmount)
        return Path { p in
            p.addLines([CGPoint(x: r.midX, y: r.minY), CGPoint(x: r.maxX, y: r.midY),
                        CGPoint(x: r.midX, y: r.maxY), CGPoint(x: r.minX, y: r.midY)])
            p.closeSubpath()
        }
    }
    func inset(by amount: CGFloat) -> Diamond { Diamond(insetAmount: insetAmount + amount) }
}

/// Renders and, with `LAYOUTLAB_SAVE_PNGS=dir`, writes the image as `dir/name.png` to look at.
func renderSaving(_ name: String, _ view: some View, in size: CGSize, scale: Double = 2,
                  background: Bool = true) throws -> (LayoutResult, RenderedImage) {
    let result = LayoutHost.layout(view, in: size, textMeasurer: PangoTextMeasurer())
    let image = try ImageExporter.renderImage(result: result, scale: scale, scheme: .light, background: background)
    if let dir = ProcessInfo.processInfo.environment["LAYOUTLAB_SAVE_PNGS"] {
        try? FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        try ImageExporter.png(result: result, scale: scale, scheme: .light, to: URL(fileURLWithPath: dir).appendingPathComponent("\(name).png"))
    }
    return (result, image)
}

let lightGreen = Color.green.resolve(in: .light)
let lightOrange = Color.orange.resolve(in: .light)

@Suite("Shapes, paths, strokes, gradients and effects are drawn")
struct DrawingTests {
    @Test func customShapeIsDrawnFromItsPath() throws {
        let view = HStack(spacing: 10) {
            Triangle().fill(Color.red).frame(width: 80, height: 80).id("t")
            Triangle().frame(width: 40, height: 80).foregroundStyle(Color.blue)
        }
        let (r, image) = try renderSaving("custom-shape", view, in: CGSize(width: 160, height: 100), scale: 1)
        let t = try #require(r.frame(of: "t"))
        // Inside the triangle near its base; outside near its top corners.
        #expect(near(image.pixel(x: Int(t.midX), y: Int(t.maxY) - 4), lightRed))
        #expect(near(image.pixel(x: Int(t.minX) + 4, y: Int(t.minY) + 4), lightBackground))
        #expect(near(image.pixel(x: Int(t.maxX) - 4, y: Int(t.minY) + 4), lightBackground))
        #expect(near(image.pixel(x: Int(t.maxX) + 30, y: Int(t.maxY) - 4), lightBlue))
    }

    @Test func pathViewDrawsArcsAndCurvesWhereTheyAre() throws {
        let view = Path { p in
            p.move(to: CGPoint(x: 50, y: 50))
            p.addArc(center: CGPoint(x: 50, y: 50), radius: 40, startAngle: .degrees(0), endAngle: .degrees(90), clockwise: false)
            p.closeSubpath()
            p.move(to: CGPoint(x: 110, y: 90))
            p.addQuadCurve(to: CGPoint(x: 190, y: 90), control: CGPoint(x: 150, y: 10))
            p.closeSubpath()
        }.fill(Color.green)
        let (_, image) = try renderSaving("path-arcs-curves", view, in: CGSize(width: 200, height: 100), scale: 1)
        // clockwise: false sweeps from 0° to 90° through the bottom-right quadrant (y down).
        #expect(near(image.pixel(x: 70, y: 70), lightGreen))
        #expect(near(image.pixel(x: 30, y: 70), lightBackground))
        #expect(near(image.pixel(x: 70, y: 30), lightBackground))
        #expect(near(image.pixel(x: 150, y: 70), lightGreen))
        #expect(near(image.pixel(x: 115, y: 60), lightBackground))
    }

    @Test func pathGeometry() {
        var p = Path()
        p.addArc(center: .zero, radius: 10, startAngle: .zero, endAngle: .degrees(180), clockwise: false)
        let b = p.boundingRect
        // The lower half circle (y down): x −10…10, y 0…10.
        #expect(abs(b.minX + 10) < 0.01 && abs(b.maxX - 10) < 0.01 && abs(b.minY) < 0.01 && abs(b.maxY - 10) < 0.05)
        #expect(Path(CGRect(x: 1, y: 2, width: 3, height: 4)).boundingRect == CGRect(x: 1, y: 2, width: 3, height: 4))
        let moved = Path(ellipseIn: CGRect(x: 0, y: 0, width: 10, height: 20)).offsetBy(dx: 5, dy: 5)
        #expect(abs(moved.boundingRect.minX - 5) < 0.01 && abs(moved.boundingRect.maxY - 25) < 0.05)
        #expect(Path().isEmpty && !moved.isEmpty)
        var tangent = Path()
        tangent.move(to: CGPoint(x: 0, y: 0))
        tangent.addArc(tangent1End: CGPoint(x: 20, y: 0), tangent2End: CGPoint(x: 20, y: 20), radius: 5)
        #expect(tangent.currentPoint.map { abs($0.x - 20) < 0.01 && abs($0.y - 5) < 0.01 } == true)
    }

    @Test func shapeSizeThatFitsSizesTheView() {
        let r = LayoutHost.layout(VStack(spacing: 0) { HalfHeightBar().id("bar"); Color.red.frame(height: 10) },
                                  in: CGSize(width: 100, height: 200))
        #expect(r.frame(of: "bar")?.size == CGSize(width: 100, height: 50))
        // The default rule: the proposal, nil → 10.
        let t = LayoutHost.layout(Triangle().id("t").fixedSize(), in: CGSize(width: 100, height: 100))
        #expect(t.frame(of: "t")?.size == CGSize(width: 10, height: 10))
    }

    @Test func strokeIsCentredAndStrokeBorderIsInside() throws {
        let view = HStack(spacing: 20) {
            Rectangle().stroke(Color.red, lineWidth: 10).frame(width: 60, height: 60).id("s")
            Rectangle().strokeBorder(Color.blue, lineWidth: 10).frame(width: 60, height: 60).id("b")
        }
        let (r, image) = try renderSaving("stroke-vs-strokeBorder", view, in: CGSize(width: 180, height: 100), scale: 1)
        let s = try #require(r.frame(of: "s")), b = try #require(r.frame(of: "b"))
        // stroke: half the line outside the frame.
        #expect(near(image.pixel(x: Int(s.minX) - 3, y: Int(s.midY)), lightRed))
        #expect(near(image.pixel(x: Int(s.minX) + 3, y: Int(s.midY)), lightRed))
        #expect(near(image.pixel(x: Int(s.minX) + 8, y: Int(s.midY)), lightBackground))
        // strokeBorder: all of it inside.
        #expect(near(image.pixel(x: Int(b.minX) - 3, y: Int(b.midY)), lightBackground))
        #expect(near(image.pixel(x: Int(b.minX) + 8, y: Int(b.midY)), lightBlue))
        #expect(near(image.pixel(x: Int(b.midX), y: Int(b.midY)), lightBackground))
    }

    @Test func strokeStylesDashesCapsAndInsettableCustomShapes() throws {
        let view = VStack(spacing: 20) {
            Capsule().stroke(Color.red, style: StrokeStyle(lineWidth: 6, lineCap: .round, dash: [12, 10])).frame(width: 160, height: 40)
            Diamond().strokeBorder(Color.blue, style: StrokeStyle(lineWidth: 8, lineJoin: .round)).frame(width: 80, height: 80).id("d")
            Circle().inset(by: 10).strokeBorder(Color.green, lineWidth: 4).frame(width: 60, height: 60).id("c")
        }
        let (r, image) = try renderSaving("stroke-styles", view, in: CGSize(width: 200, height: 260), scale: 2)
        let d = try #require(r.frame(of: "d"))
        // The diamond's border stays inside its frame: the top vertex's stroke starts below the frame's top.
        #expect(near(image.pixel(at: CGPoint(x: d.midX, y: d.minY + 5)), lightBlue, 0.1))
        #expect(near(image.pixel(at: CGPoint(x: d.midX, y: d.minY - 1)), lightBackground))
        let c = try #require(r.frame(of: "c"))
        // Inset by 10, then a 4-point border: the ring spans 10…14 points in from the frame's edge.
        #expect(near(image.pixel(at: CGPoint(x: c.minX + 12, y: c.midY)), lightGreen, 0.1))
        #expect(near(image.pixel(at: CGPoint(x: c.minX + 5, y: c.midY)), lightBackground))
    }

    @Test func linearRadialAngularAndColorGradients() throws {
        let view = HStack(spacing: 10) {
            Rectangle().fill(LinearGradient(colors: [.red, .blue], startPoint: .leading, endPoint: .trailing))
                .frame(width: 100, height: 60).id("l")
            Circle().fill(RadialGradient(colors: [.yellow, .green], center: .center, startRadius: 0, endRadius: 30))
                .frame(width: 60, height: 60).id("r")
            Circle().fill(AngularGradient(colors: [.red, .yellow, .green, .blue, .red], center: .center))
                .frame(width: 60, height: 60).id("a")
            RoundedRectangle(cornerRadius: 8).fill(Color.orange.gradient).frame(width: 60, height: 60).id("g")
        }
        let (r, image) = try renderSaving("gradients", view, in: CGSize(width: 340, height: 80), scale: 1)
        let l = try #require(r.frame(of: "l"))
        #expect(near(image.pixel(x: Int(l.minX) + 1, y: Int(l.midY)), lightRed, 0.05))
        #expect(near(image.pixel(x: Int(l.maxX) - 1, y: Int(l.midY)), lightBlue, 0.05))
        let mid = image.pixel(x: Int(l.midX), y: Int(l.midY))
        #expect(near(mid, lightRed.mixed(with: lightBlue, by: 0.5), 0.05))
        let rr = try #require(r.frame(of: "r"))
        #expect(near(image.pixel(x: Int(rr.midX), y: Int(rr.midY)), Color.yellow.resolve(in: .light), 0.06))
        #expect(near(image.pixel(x: Int(rr.midX), y: Int(rr.minY) + 1), lightGreen, 0.1))
        let a = try #require(r.frame(of: "a"))
        // 0° (right) is red; a quarter turn clockwise (bottom) is yellow; half a turn (left) green.
        #expect(near(image.pixel(x: Int(a.maxX) - 4, y: Int(a.midY) + 1), lightRed, 0.12))
        #expect(near(image.pixel(x: Int(a.midX) - 1, y: Int(a.maxY) - 4), Color.yellow.resolve(in: .light), 0.12))
        #expect(near(image.pixel(x: Int(a.minX) + 4, y: Int(a.midY) - 1), lightGreen, 0.12))
        let g = try #require(r.frame(of: "g"))
        let top = image.pixel(x: Int(g.midX), y: Int(g.minY) + 2), bottom = image.pixel(x: Int(g.midX), y: Int(g.maxY) - 2)
        // Lighter at the top than at the bottom, both orange-ish.
        #expect(top.green > bottom.green && top.red >= bottom.red - 0.01)
    }

    @Test func shadowIsDrawnBehindAndOffset() throws {
        let view = RoundedRectangle(cornerRadius: 10).fill(Color.white)
            .frame(width: 80, height: 60)
            .shadow(color: .black.opacity(0.5), radius: 8, x: 10, y: 10)
            .id("v")
        let (r, image) = try renderSaving("shadow", view, in: CGSize(width: 160, height: 140), scale: 2)
        let v = try #require(r.frame(of: "v"))
        #expect(v == CGRect(x: 40, y: 40, width: 80, height: 60))  // no layout change
        // The view itself stays white; below-right of it is darkened by the shadow; above-left is not.
        #expect(near(image.pixel(at: CGPoint(x: v.midX, y: v.midY)), RGBA(1, 1, 1)))
        let below = image.pixel(at: CGPoint(x: v.midX + 10, y: v.maxY + 4))
        #expect(below.red < lightBackground.red - 0.1)
        let above = image.pixel(at: CGPoint(x: v.midX, y: v.minY - 6))
        #expect(near(above, lightBackground, 0.03))
    }

    @Test func scaleAndRotationEffectsMoveTheDrawingNotTheLayout() throws {
        let view = HStack(spacing: 40) {
            Color.red.frame(width: 40, height: 40).scaleEffect(1.5).id("s")
            Color.blue.frame(width: 40, height: 40).rotationEffect(.degrees(45)).id("r")
            Color.green.frame(width: 40, height: 40).scaleEffect(x: 2, y: 0.5, anchor: .topLeading).id("a")
        }
        let (r, image) = try renderSaving("scale-rotation", view, in: CGSize(width: 300, height: 100), scale: 1)
        let s = try #require(r.frame(of: "s")), rot = try #require(r.frame(of: "r")), a = try #require(r.frame(of: "a"))
        #expect(s.size == CGSize(width: 40, height: 40) && a.size == CGSize(width: 40, height: 40))
        // Scaled 1.5× about the centre: 10 points beyond the frame on every side.
        #expect(near(image.pixel(x: Int(s.minX) - 7, y: Int(s.midY)), lightRed))
        #expect(near(image.pixel(x: Int(s.minX) - 13, y: Int(s.midY)), lightBackground))
        // Rotated 45°: the corners are empty, the diagonal reaches beyond the frame's side.
        #expect(near(image.pixel(x: Int(rot.minX) + 2, y: Int(rot.minY) + 2), lightBackground))
        #expect(near(image.pixel(x: Int(rot.minX) - 5, y: Int(rot.midY)), lightBlue))
        // Scaled from the top-leading corner: twice as wide, half as tall.
        #expect(near(image.pixel(x: Int(a.minX) + 70, y: Int(a.minY) + 5), lightGreen))
        #expect(near(image.pixel(x: Int(a.minX) + 10, y: Int(a.minY) + 30), lightBackground))
    }

    @Test func blurSoftensEdges() throws {
        let view = Color.red.frame(width: 60, height: 60).blur(radius: 10).id("b")
        let (r, image) = try renderSaving("blur", view, in: CGSize(width: 120, height: 120), scale: 1)
        let b = try #require(r.frame(of: "b"))
        #expect(near(image.pixel(x: Int(b.midX), y: Int(b.midY)), lightRed, 0.03))
        // At the edge, half blended; a few points outside, still tinted.
        let edge = image.pixel(x: Int(b.minX), y: Int(b.midY))
        #expect(edge.green > lightRed.green + 0.15 && edge.green < lightBackground.green - 0.15)
        #expect(image.pixel(x: Int(b.minX) - 4, y: Int(b.midY)).green < lightBackground.green - 0.02)
    }

    @Test func maskShowsTheViewWhereTheMaskIsOpaque() throws {
        let view = Color.blue.frame(width: 80, height: 80)
            .mask { Circle() }
            .id("m")
        let (r, image) = try renderSaving("mask", view, in: CGSize(width: 100, height: 100), scale: 1)
        let m = try #require(r.frame(of: "m"))
        #expect(m == CGRect(x: 10, y: 10, width: 80, height: 80))
        #expect(near(image.pixel(x: 50, y: 50), lightBlue))
        #expect(near(image.pixel(x: 13, y: 13), lightBackground))
        // A gradient mask fades the view.
        let fade = Color.red.frame(width: 80, height: 40)
            .mask(LinearGradient(colors: [.black, .clear], startPoint: .leading, endPoint: .trailing))
        let (_, faded) = try renderSaving("mask-gradient", fade, in: CGSize(width: 100, height: 60), scale: 1)
        #expect(near(faded.pixel(x: 12, y: 30), lightRed, 0.06))
        #expect(near(faded.pixel(x: 88, y: 30), lightBackground, 0.06))
    }

    @Test func compositingGroupFlattensBeforeOpacity() throws {
        // Two overlapping opaque squares at 50%: grouped, the overlap is no darker than the rest.
        let squares = ZStack(alignment: .topLeading) {
            Color.blue.frame(width: 40, height: 40)
            Color.blue.frame(width: 40, height: 40).offset(x: 20, y: 20)
        }
        let (_, ungrouped) = try renderSaving("opacity-ungrouped", squares.opacity(0.5), in: CGSize(width: 80, height: 80), scale: 1)
        let (_, grouped) = try renderSaving("opacity-grouped", squares.compositingGroup().opacity(0.5), in: CGSize(width: 80, height: 80), scale: 1)
        // The stack is 40×40 (offset doesn't change layout) at (20, 20); the second square is drawn
        // at (40, 40): the overlap is 40…60, the first square alone at (25, 25).
        let overlapU = ungrouped.pixel(x: 50, y: 50), singleU = ungrouped.pixel(x: 25, y: 25)
        let overlapG = grouped.pixel(x: 50, y: 50), singleG = grouped.pixel(x: 25, y: 25)
        #expect(overlapU.red < singleU.red - 0.05)
        #expect(near(overlapG, singleG, 0.02))
    }

    @Test func drawingModifiersDoNotChangeLayout() {
        func frames(_ v: some View) -> [CGRect] { LayoutHost.layout(v, in: CGSize(width: 200, height: 200)).frames }
        let plain = HStack { Color.red.frame(width: 30, height: 30); Color.blue.frame(width: 20, height: 50) }
        let decorated = HStack {
            Color.red.frame(width: 30, height: 30).shadow(radius: 5).scaleEffect(2).rotationEffect(.degrees(30)).blur(radius: 3)
            Color.blue.frame(width: 20, height: 50).opacity(0.5).compositingGroup()
        }
        let a = frames(plain), b = frames(decorated)
        #expect(a.count == b.count && a == b)
        let masked = frames(HStack { Color.red.frame(width: 30, height: 30).mask { Circle().frame(width: 100, height: 100) }; Color.blue.frame(width: 20, height: 50) })
        #expect(masked.first == a.first)
    }

    @Test func customShapesCrossTheProcessBoundaryAsPaths() throws {
        let result = LayoutHost.layout(Triangle().fill(Color.red).frame(width: 40, height: 30), in: CGSize(width: 100, height: 100))
        let encoder = JSONEncoder(), decoder = JSONDecoder()
        encoder.nonConformingFloatEncodingStrategy = .convertToString(positiveInfinity: "inf", negativeInfinity: "-inf", nan: "nan")
        decoder.nonConformingFloatDecodingStrategy = .convertFromString(positiveInfinity: "inf", negativeInfinity: "-inf", nan: "nan")
        let back = try decoder.decode(LayoutResult.self, from: encoder.encode(result))
        let fills = back.displayList.compactMap { item -> Path? in
            if case .fill(.path(let p, let size), _) = item.kind, size == CGSize(width: 40, height: 30) { return p }
            return nil
        }
        #expect(fills.count == 1)
        #expect(fills.first?.boundingRect == CGRect(x: 0, y: 0, width: 40, height: 30))
        // And it draws the same.
        let a = try ImageExporter.renderImage(result: result, scale: 1), b = try ImageExporter.renderImage(result: back, scale: 1)
        #expect(a.pixel(x: 50, y: 60) == b.pixel(x: 50, y: 60) && near(a.pixel(x: 50, y: 60), lightRed))
        #expect(a.pixel(x: 32, y: 37) == b.pixel(x: 32, y: 37))
    }

    @Test func textModifiersChangePangoMeasurement() {
        let m = PangoTextMeasurer()
        func width(_ v: some View) -> CGFloat {
            LayoutHost.layout(v.id("t").fixedSize(), in: CGSize(width: 1000, height: 200), textMeasurer: m).frame(of: "t")!.width
        }
        let regular = width(Text("Layout fidelity"))
        #expect(width(Text("Layout fidelity").bold()) > regular)
        #expect(width(Text("Layout fidelity").fontWeight(.black)) > regular)
        #expect(width(Text("Layout fidelity").fontDesign(.monospaced)) != regular)
        #expect(width(VStack { Text("Layout fidelity") }.bold()) == width(Text("Layout fidelity").bold()))
        // Tabular digits: every digit the same width.
        let ones = width(Text("1111111111").monospacedDigit()), eights = width(Text("8888888888").monospacedDigit())
        #expect(abs(ones - eights) < 0.5)
        let (_, image) = try! renderSaving("text-modifiers", VStack(alignment: .leading, spacing: 4) {
            Text("Regular 0123456789")
            Text("Bold 0123456789").bold()
            Text("Italic 0123456789").italic()
            Text("Rounded heavy").fontDesign(.rounded).fontWeight(.heavy)
            Text("Serif title").font(.title).fontDesign(.serif)
            Text("Monospaced digits 1111 / 8888").monospacedDigit()
            Text(1234.5, format: .number.precision(.fractionLength(2)))
            Text(Date(timeIntervalSince1970: 1_559_600_000), style: .date)
        }, in: CGSize(width: 320, height: 260), scale: 2)
        #expect(image.width == 640)
    }

    @Test func effectsOnDeviceScaledSurfacesMatchScaledExports() throws {
        // A HiDPI window's surface has a device scale and an identity matrix: shadows and blurs
        // must draw at its resolution, as an export at scale 2 does.
        let view = HStack(spacing: 20) {
            Color.blue.frame(width: 30, height: 30).shadow(color: .black, radius: 6, x: 4, y: 4)
            Color.red.frame(width: 30, height: 30).blur(radius: 4)
        }
        let result = LayoutHost.layout(view, in: CGSize(width: 120, height: 60))
        let exported = try ImageExporter.renderImage(result: result, scale: 2, background: false)
        let alphas = deviceScaledAlphas(result, width: 240, height: 120, scale: 2)
        var worst = 0.0, soft = 0
        for y in 0..<120 {
            for x in 0..<240 {
                let a = alphas[y * 240 + x]
                worst = max(worst, abs(a - exported.pixel(x: x, y: y).alpha))
                if a > 0.05 && a < 0.95 { soft += 1 }
            }
        }
        #expect(worst < 0.05)
        #expect(soft > 1000)  // shadow and blur edges are soft, not hard-edged squares
    }

    @Test func trimmedRingsAndFillThenStroke() throws {
        let view = HStack(spacing: 20) {
            Circle().trim(from: 0, to: 0.25).stroke(Color.blue, style: StrokeStyle(lineWidth: 8, lineCap: .round))
                .frame(width: 60, height: 60).id("ring")
            Circle().fill(Color.yellow).stroke(Color.red, lineWidth: 6).frame(width: 60, height: 60).id("both")
        }
        let (r, image) = try renderSaving("trim-fill-stroke", view, in: CGSize(width: 180, height: 100), scale: 2)
        let ring = try #require(r.frame(of: "ring")), both = try #require(r.frame(of: "both"))
        // A quarter from 3 o'clock clockwise: the bottom-right arc is drawn, the top-left is not.
        let d = 30 * 0.7071
        #expect(near(image.pixel(at: CGPoint(x: ring.midX + d, y: ring.midY + d)), lightBlue, 0.1))
        #expect(near(image.pixel(at: CGPoint(x: ring.midX - d, y: ring.midY - d)), lightBackground))
        #expect(near(image.pixel(at: CGPoint(x: ring.midX, y: ring.minY)), lightBackground))
        // fill, then a stroke on top of it.
        #expect(near(image.pixel(at: CGPoint(x: both.midX, y: both.midY)), Color.yellow.resolve(in: .light)))
        #expect(near(image.pixel(at: CGPoint(x: both.minX + 1, y: both.midY)), lightRed, 0.1))
        // Trimming measures the outline.
        let half = Path(CGRect(x: 0, y: 0, width: 10, height: 10)).trimmedPath(from: 0, to: 0.5)
        // Half of the 40-point outline of a 10×10 square: along the top, then down the right side.
        #expect(half.currentPoint == CGPoint(x: 10, y: 10) && half.boundingRect == CGRect(x: 0, y: 0, width: 10, height: 10))
        #expect(Path(CGRect(x: 0, y: 0, width: 10, height: 10)).trimmedPath(from: 0.5, to: 0.5).isEmpty)
    }

    @Test func rotatedAndScaledShapesAndGradientText() throws {
        let view = HStack(spacing: 20) {
            Rectangle().rotation(.degrees(45)).fill(Color.blue).frame(width: 40, height: 40).id("r")
            Rectangle().scale(0.5, anchor: .topLeading).fill(Color.red).frame(width: 40, height: 40).id("s")
            Text("Gradient").font(.system(size: 30)).bold()
                .foregroundStyle(LinearGradient(colors: [.red, .blue], startPoint: .leading, endPoint: .trailing)).id("t")
        }
        let (r, image) = try renderSaving("shape-transforms-gradient-text", view, in: CGSize(width: 300, height: 80), scale: 2)
        let rot = try #require(r.frame(of: "r")), s = try #require(r.frame(of: "s"))
        // A diamond: corners empty, the left tip reaches beyond the frame.
        #expect(near(image.pixel(at: CGPoint(x: rot.minX + 2, y: rot.minY + 2)), lightBackground))
        #expect(near(image.pixel(at: CGPoint(x: rot.minX - 4, y: rot.midY)), lightBlue))
        // Half the size, from the top-leading corner.
        #expect(near(image.pixel(at: CGPoint(x: s.minX + 10, y: s.minY + 10)), lightRed))
        #expect(near(image.pixel(at: CGPoint(x: s.maxX - 5, y: s.maxY - 5)), lightBackground))
        // The glyphs' ink is reddish on the left and bluish on the right.
        let t = try #require(r.frame(of: "t"))
        func ink(_ x0: CGFloat, _ x1: CGFloat) -> (red: Double, blue: Double) {
            var red = 0.0, blue = 0.0
            for x in stride(from: x0, to: x1, by: 0.5) {
                for y in stride(from: t.minY, to: t.maxY, by: 0.5) {
                    let p = image.pixel(at: CGPoint(x: x, y: y))
                    if p.red + p.green + p.blue < 2.4 { red += p.red; blue += p.blue }
                }
            }
            return (red, blue)
        }
        let left = ink(t.minX, t.minX + t.width / 4), right = ink(t.maxX - t.width / 4, t.maxX)
        #expect(left.red > left.blue && right.blue > right.red)
    }

    @Test func unevenRoundedRectangleRoundsOnlyItsCorners() throws {
        let view = UnevenRoundedRectangle(topLeadingRadius: 30, bottomTrailingRadius: 10)
            .fill(Color.blue)
            .overlay(UnevenRoundedRectangle(topLeadingRadius: 30, bottomTrailingRadius: 10).strokeBorder(Color.red, lineWidth: 4))
            .frame(width: 100, height: 60).id("u")
        let (r, image) = try renderSaving("uneven-rounded-rectangle", view, in: CGSize(width: 140, height: 100), scale: 2)
        let u = try #require(r.frame(of: "u"))
        #expect(near(image.pixel(at: CGPoint(x: u.minX + 3, y: u.minY + 3)), lightBackground))       // round corner
        #expect(near(image.pixel(at: CGPoint(x: u.maxX - 1, y: u.minY + 1)), lightRed, 0.1))        // square corner
        #expect(near(image.pixel(at: CGPoint(x: u.minX + 1, y: u.maxY - 1)), lightRed, 0.1))        // square corner
        #expect(near(image.pixel(at: CGPoint(x: u.maxX - 1, y: u.maxY - 1)), lightBackground, 0.05)) // small round corner
        #expect(near(image.pixel(at: CGPoint(x: u.midX, y: u.midY)), lightBlue))
    }
}
