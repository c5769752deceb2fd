// Controls as leaves with iOS 17's default sizes (`ControlMetrics`): each expectation is derived
// from SwiftUI's rule for the control and the documented number (deterministic measurer:
// glyph = font size, line = font size; body 17). The window proposes its size to the root and
// centres it.

import Testing
import SwiftUI
import LayoutTestSupport

@Suite("Controls with iOS 17 metrics")
struct ControlTests {
    /// Toggle = HStack { label, Spacer, 51×31 switch }: fills the 300 width, 31 tall
    /// (y = (100 − 31) / 2 = 34.5); the switch at the trailing edge, the label centred vertically.
    @Test func toggleFillsTheWidthWithASwitchAtTheTrailingEdge() {
        let r = layout(Toggle("Wi-Fi", isOn: .constant(true)), 300, 100)
        expectFrame(r.first(kind: "Switch")?.frame, rect(249, 34.5, 51, 31))
        expectFrame(r.textFrame("Wi-Fi"), rect(0, 41.5, 85, 17))
        #expect(r.first(kind: "Switch")?.detail == "on")
    }

    /// `labelsHidden()`: only the switch, centred.
    @Test func toggleWithHiddenLabelIsTheSwitch() {
        let r = layout(Toggle("Wi-Fi", isOn: .constant(false)).labelsHidden(), 300, 100)
        expectFrame(r.first(kind: "Switch")?.frame, rect(124.5, 34.5, 51, 31))
        #expect(r.textFrame("Wi-Fi") == nil)
    }

    /// Two toggles in a VStack: rows of 31 at the default spacing 8.
    @Test func togglesInAVStack() {
        let r = layout(VStack { Toggle("A", isOn: .constant(true)); Toggle("B", isOn: .constant(false)) }, 300, 200)
        let switches = r.views.filter { $0.kind == "Switch" }
        #expect(switches.count == 2)
        expectFrame(switches.first?.frame, rect(249, 65, 51, 31))
        expectFrame(switches.last?.frame, rect(249, 104, 51, 31))
    }

    @Test func buttonToggleStyleDrawsAButton() {
        let r = layout(Toggle("Bold", isOn: .constant(true)).toggleStyle(.button), 300, 100)
        // bordered prominent: 4 glyphs × 17 = 68 + 24 wide, 17 + 14 tall.
        #expect(r.views.first?.frame.size == CGSize(width: 92, height: 31))
        #expect(r.first(kind: "Switch") == nil)
    }

    /// Slider: the proposed width × 30; with value labels, an HStack of label, track, label.
    @Test func sliderTakesTheWidthAndIs30Tall() {
        let r = layout(Slider(value: .constant(0.25)), 300, 100)
        expectFrame(r.first(kind: "Slider")?.frame, rect(0, 35, 300, 30))
        #expect(r.first(kind: "Slider")?.detail == "25%")
        let labelled = layout(Slider(value: .constant(5.0), in: 0...10) { Text("Volume") } minimumValueLabel: { Text("0") } maximumValueLabel: { Text("10") }, 300, 100)
        // 300 − 17 − 34 − 2 × 8 = 233 for the track.
        expectFrame(labelled.first(kind: "Slider")?.frame, rect(25, 35, 233, 30))
        #expect(labelled.textFrame("Volume") == nil)
    }

    /// Stepper = HStack { label, Spacer, 94×32 box }.
    @Test func stepperHasAFixedBoxAtTheTrailingEdge() {
        let r = layout(Stepper("Guests: 3", value: .constant(3), in: 0...10), 300, 100)
        expectFrame(r.first(kind: "Stepper")?.frame, rect(206, 34, 94, 32))
        expectFrame(r.textFrame("Guests: 3"), rect(0, 41.5, 153, 17))
    }

    /// Segmented: 3 equal segments of 100 × 32 across 300; the tagged selection is raised.
    @Test func segmentedPickerSplitsTheWidth() {
        let r = layout(Picker("Size", selection: .constant(1)) {
            Text("S").tag(0); Text("M").tag(1); Text("L").tag(2)
        }.pickerStyle(.segmented), 300, 100)
        let segments = r.views.filter { $0.kind == "Segment" }
        #expect(segments.map(\.frame) == [rect(0, 34, 100, 32), rect(100, 34, 100, 32), rect(200, 34, 100, 32)])
        #expect(segments.map(\.detail) == ["", "selected", ""])
        // Segment labels are 13 points.
        #expect(r.textFrame("M")?.size == CGSize(width: 13, height: 13))
    }

    /// Menu (the default): the selected option and small chevrons, HStack spacing 4:
    /// 3 × 17 + 4 + 17 × 0.75 = 67.75 wide, 17 tall.
    @Test func menuPickerShowsTheSelection() {
        let r = layout(Picker("Flavor", selection: .constant("b")) {
            Text("One").tag("a"); Text("Two").tag("b")
        }, 300, 100)
        #expect(r.textFrame("Two") != nil)
        #expect(r.textFrame("One") == nil)
        #expect(r.views.first?.frame.size == CGSize(width: 67.75, height: 17))
    }

    /// Wheel: the proposed width × 216.
    @Test func wheelPickerIs216Tall() {
        let r = layout(Picker("N", selection: .constant(2)) { ForEach(0..<5, id: \.self) { Text("\($0)") } }.pickerStyle(.wheel), 300, 300)
        #expect(r.views.first?.frame == rect(0, 42, 300, 216))
        #expect(r.textFrame("2") != nil && r.textFrame("3") == nil)
    }

    /// TextField: the width, one line tall; rounded border adds 7×6 of padding on each side.
    @Test func textFieldsTakeTheWidthAndOneLine() {
        let plain = layout(TextField("Email", text: .constant("")), 300, 100)
        expectFrame(plain.views.first?.frame, rect(0, 41.5, 300, 17))
        #expect(plain.textFrame("Email") != nil)
        let rounded = layout(TextField("Email", text: .constant("a@b.c")).textFieldStyle(.roundedBorder), 300, 100)
        #expect(rounded.views.first?.frame.size == CGSize(width: 300, height: 29))
        let secure = layout(SecureField("Password", text: .constant("abc")), 300, 100)
        #expect(secure.textFrame("•••") != nil)
    }

    /// A vertical field wraps its text and honours a line-limit range.
    @Test func verticalTextFieldWraps() {
        let r = layout(TextField("Bio", text: .constant("aaaa bbbb cccc"), axis: .vertical).lineLimit(2...4).frame(width: 85), 300, 200)
        #expect(r.textFrame("aaaa bbbb cccc")?.height == 51)
        let empty = layout(TextField("Bio", text: .constant(""), axis: .vertical).lineLimit(3, reservesSpace: true), 300, 200)
        #expect(empty.textFrame("Bio")?.height == 51)
    }

    /// TextEditor fills the proposal.
    @Test func textEditorFillsTheProposal() {
        let r = layout(TextEditor(text: .constant("Notes")), 300, 200)
        #expect(r.views.first?.frame == rect(0, 0, 300, 200))
        expectFrame(r.textFrame("Notes"), rect(5, 8, 85, 17))
    }

    /// Bordered buttons: 12×7 padding at the regular size, 20×14 at large.
    @Test func buttonStylesAndControlSizes() {
        let regular = layout(Button("Go") {}.buttonStyle(.bordered), 300, 100)
        #expect(regular.views.first?.frame.size == CGSize(width: 58, height: 31))
        let large = layout(Button("Go") {}.buttonStyle(.borderedProminent).controlSize(.large), 300, 100)
        #expect(large.views.first?.frame.size == CGSize(width: 74, height: 45))
        let plain = layout(Button("Go") {}.buttonStyle(PlainButtonStyle()), 300, 100)
        #expect(plain.views.first?.frame.size == CGSize(width: 34, height: 17))
    }

    /// The border shape changes the drawing only: a capsule button keeps its 58×31 size.
    @Test func buttonBorderShapeKeepsTheSize() {
        let r = layout(Button("Go") {}.buttonStyle(.bordered).buttonBorderShape(.capsule), 300, 100)
        #expect(r.views.first?.frame.size == CGSize(width: 58, height: 31))
        let disabled = layout(Button("Go") {}.buttonStyle(.borderedProminent).disabled(true), 300, 100)
        #expect(disabled.views.first?.frame.size == CGSize(width: 58, height: 31))
    }

    struct Pressable: ButtonStyle {
        func makeBody(configuration: Configuration) -> some View {
            configuration.label.padding(10).scaleEffect(configuration.isPressed ? 0.9 : 1)
        }
    }

    @Test func customButtonStyleDrawsTheBody() {
        let r = layout(Button("Go") {}.buttonStyle(Pressable()), 300, 100)
        #expect(r.views.first?.frame.size == CGSize(width: 54, height: 37))
    }

    /// ProgressView: the spinner is 20×20; a value makes a 4-tall bar as wide as proposed.
    @Test func progressViews() {
        let spinner = layout(ProgressView(), 300, 100)
        expectFrame(spinner.first(kind: "ProgressView")?.frame, rect(140, 40, 20, 20))
        let bar = layout(ProgressView(value: 0.5), 300, 100)
        expectFrame(bar.first(kind: "ProgressView")?.frame, rect(0, 48, 300, 4))
        // Label above the bar, spacing 4: 17 + 4 + 4 = 25 tall.
        let labelled = layout(ProgressView("Downloading", value: 0.5), 300, 100)
        #expect(labelled.views.first?.frame.size == CGSize(width: 300, height: 25))
        let circular = layout(ProgressView(value: 0.5).progressViewStyle(.circular), 300, 100)
        #expect(circular.first(kind: "ProgressView")?.frame.size == CGSize(width: 20, height: 20))
    }

    /// DatePicker compact: label row with pills 17 + 2 × 6 = 29 tall, filling the width.
    @Test func compactDatePicker() {
        let date = Date(timeIntervalSince1970: 0)
        let r = layout(DatePicker("Start", selection: .constant(date), displayedComponents: .date), 300, 100)
        #expect(r.views.first?.frame == rect(0, 35.5, 300, 29))
        let wheel = layout(DatePicker("Start", selection: .constant(date)).datePickerStyle(.wheel), 300, 300)
        #expect(wheel.views.first?.frame.height == 216)
    }

    @Test func colorPickerLinkMenuShareLinkAndGauge() {
        let color = layout(ColorPicker("Tint", selection: .constant(.blue)), 300, 100)
        expectFrame(color.first(kind: "ColorWell")?.frame, rect(272, 36, 28, 28))
        let link = layout(Link("Docs", destination: URL(string: "https://example.com")!), 300, 100)
        #expect(link.textFrame("Docs")?.size == CGSize(width: 68, height: 17))
        let menu = layout(Menu("More") { Button("A") {} ; Button("B") {} }, 300, 100)
        #expect(menu.textFrame("More") != nil && menu.textFrame("A") == nil)
        let share = layout(ShareLink(item: URL(string: "https://example.com")!), 300, 100)
        #expect(share.textFrame("Share") != nil)
        let gauge = layout(Gauge(value: 0.3) { Text("Battery") }, 300, 100)
        #expect(gauge.first(kind: "Gauge")?.frame.size == CGSize(width: 300, height: 4))
    }

    /// Disabled controls keep their size.
    @Test func disabledKeepsLayout() {
        let r = layout(Toggle("A", isOn: .constant(true)).disabled(true), 300, 100)
        expectFrame(r.first(kind: "Switch")?.frame, rect(249, 34.5, 51, 31))
    }
}
