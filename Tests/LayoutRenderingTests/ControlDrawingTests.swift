import Foundation
import SwiftUI
import LayoutRendering
import Testing

// Controls are drawn plausibly (not interactively): the switch's track and knob, the slider's
// filled track and thumb, the raised segment. Pixels are sampled where each part must be.

private let switchGreen = Color(red: 0.2, green: 0.78, blue: 0.35).resolve(in: .light)
private let white = Color.white.resolve(in: .light)

@Suite("Controls are drawn")
struct ControlDrawingTests {
    private func frame(_ r: LayoutResult, _ kind: String, _ index: Int = 0) throws -> CGRect {
        try #require(r.views.filter { $0.kind == kind }.dropFirst(index).first?.frame)
    }

    @Test func switchesShowTheirState() throws {
        let view = VStack { Toggle("On", isOn: .constant(true)); Toggle("Off", isOn: .constant(false)) }
        let (r, image) = try renderSaving("controls-toggles", view, in: CGSize(width: 200, height: 100), scale: 1)
        let on = try frame(r, "Switch", 0), off = try frame(r, "Switch", 1)
        // On: green track at the leading end, the white knob at the trailing end.
        #expect(near(image.pixel(x: Int(on.minX) + 6, y: Int(on.midY)), switchGreen, 0.05))
        #expect(near(image.pixel(x: Int(on.maxX) - 15, y: Int(on.midY)), white, 0.05))
        // Off: the knob at the leading end, no green anywhere on the track.
        #expect(near(image.pixel(x: Int(off.minX) + 15, y: Int(off.midY)), white, 0.05))
        #expect(!near(image.pixel(x: Int(off.maxX) - 6, y: Int(off.midY)), switchGreen, 0.2))
    }

    /// An on switch takes the environment's tint (`.tint(.orange)`); an off one stays grey.
    @Test func anOnSwitchIsFilledWithTheTint() throws {
        let view = VStack { Toggle("On", isOn: .constant(true)); Toggle("Off", isOn: .constant(false)) }.tint(.orange)
        let (r, image) = try renderSaving("controls-toggles-tinted", view, in: CGSize(width: 200, height: 100), scale: 1)
        let on = try frame(r, "Switch", 0), off = try frame(r, "Switch", 1)
        let orange = Color.orange.resolve(in: .light)
        #expect(near(image.pixel(x: Int(on.minX) + 6, y: Int(on.midY)), orange, 0.05))
        #expect(!near(image.pixel(x: Int(on.minX) + 6, y: Int(on.midY)), switchGreen, 0.2))
        #expect(!near(image.pixel(x: Int(off.maxX) - 6, y: Int(off.midY)), orange, 0.2))
    }

    @Test func sliderFillsUpToItsThumb() throws {
        let (r, image) = try renderSaving("controls-slider", Slider(value: .constant(0.5)).frame(width: 200), in: CGSize(width: 240, height: 60), scale: 1)
        let s = try frame(r, "Slider")
        // The thumb (28 wide) is centred at minX + 14 + (200 − 28) × 0.5 = minX + 100.
        #expect(near(image.pixel(x: Int(s.minX) + 100, y: Int(s.midY)), white, 0.05))
        // Tinted left of the thumb, not right of it.
        let left = image.pixel(x: Int(s.minX) + 40, y: Int(s.midY))
        let right = image.pixel(x: Int(s.maxX) - 40, y: Int(s.midY))
        #expect(left.blue > left.red + 0.3)
        #expect(!(right.blue > right.red + 0.3))
    }

    @Test func selectedSegmentIsRaised() throws {
        let view = Picker("P", selection: .constant(2)) { Text("a").tag(1); Text("b").tag(2) }.pickerStyle(.segmented).frame(width: 200)
        let (r, image) = try renderSaving("controls-segmented", view, in: CGSize(width: 240, height: 60), scale: 1)
        let first = try frame(r, "Segment", 0), second = try frame(r, "Segment", 1)
        // Near the top of each segment, clear of its label: white on the selected one only.
        #expect(near(image.pixel(x: Int(second.minX) + 12, y: Int(second.minY) + 5), white, 0.03))
        #expect(!near(image.pixel(x: Int(first.minX) + 12, y: Int(first.minY) + 5), white, 0.03))
    }

    /// A circular gauge: the track shows past the value, the tint up to it.
    @Test func circularGaugeDrawsTrackAndValue() throws {
        let (r, image) = try renderSaving("controls-gauge", Gauge(value: 0.5) { Text("G") }.gaugeStyle(.accessoryCircular),
                                          in: CGSize(width: 100, height: 100), scale: 1)
        let g = try frame(r, "Gauge")
        func sample(_ degrees: Double) -> RGBA {
            let a = degrees * .pi / 180, radius = g.width / 2 - 3
            return image.pixel(x: Int(g.midX + radius * cos(a)), y: Int(g.midY + radius * sin(a)))
        }
        // 0.5 of 270° from 135°: tinted at 180° (left), track at 20° (lower right).
        let left = sample(180), lowerRight = sample(20)
        #expect(left.blue > left.red + 0.3)
        #expect(!near(lowerRight, lightBackground, 0.03))
        #expect(!(lowerRight.blue > lowerRight.red + 0.3))
    }
}
