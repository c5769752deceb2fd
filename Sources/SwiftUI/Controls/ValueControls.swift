import Foundation
import LayoutCore

// Toggle, Slider, Stepper, ProgressView and Gauge: leaves with iOS 17's default sizes
// (`ControlMetrics`), drawn plausibly. In a live preview a Toggle's switch flips on a tap, a
// Slider's track follows taps and drags, and a Stepper's halves step its value.

// MARK: - Toggle

/// What a `ToggleStyle` is given, as in SwiftUI.
public struct ToggleStyleConfiguration {
    /// The toggle's label.
    public typealias Label = _StyledLabel
    /// The toggle's label.
    public let label: Label
    /// Whether the toggle is on.
    @Binding public var isOn: Bool
    /// Whether the toggle is in a mixed state (never, here).
    public var isMixed: Bool = false
    init(label: Label, isOn: Binding<Bool>) { self.label = label; self._isOn = isOn }
}

/// The style of toggles, as SwiftUI's `ToggleStyle`; `.switch` (the iOS default), `.button` and
/// `.checkbox` are built in, and your own styles' `makeBody` draws each toggle.
public protocol ToggleStyle {
    /// The view of a styled toggle.
    associatedtype Body: View
    /// The toggle's view.
    @ViewBuilder func makeBody(configuration: Configuration) -> Body
    /// What a style is given.
    typealias Configuration = ToggleStyleConfiguration
}

/// The switch style, iOS's default: the label leading, a 51×31 switch trailing, filling the width.
public struct SwitchToggleStyle: ToggleStyle {
    /// Creates the style.
    public init() {}
    /// The label, a spacer and the switch.
    public func makeBody(configuration: Configuration) -> some View {
        _ControlRow(label: configuration.label, control: _Switch(isOn: configuration.isOn)
            .interactive(.tap(count: 1, action: { configuration.$isOn.wrappedValue.toggle() })))
    }
}
/// The platform default toggle style (the switch).
public typealias DefaultToggleStyle = SwitchToggleStyle

/// The button style: the label drawn like a bordered button, tinted when on (choice).
public struct ButtonToggleStyle: ToggleStyle {
    /// Creates the style.
    public init() {}
    /// The label in a bordered (on: bordered prominent) button.
    public func makeBody(configuration: Configuration) -> some View {
        _BuiltInButton(kind: configuration.isOn ? .borderedProminent : .bordered, label: configuration.label, role: nil)
            .interactive(.tap(count: 1, action: { configuration.$isOn.wrappedValue.toggle() }))
    }
}

/// The checkbox style (macOS): a 14×14 box before the label at the default spacing (choice).
public struct CheckboxToggleStyle: ToggleStyle {
    /// Creates the style.
    public init() {}
    /// The box, then the label.
    public func makeBody(configuration: Configuration) -> some View {
        let on = configuration.isOn
        return HStack {
            ControlLeaf(name: "Checkbox", detail: on ? "on" : "off", sizing: { _ in CGSize(width: 14, height: 14) }, parts: [
                (path: { Path(roundedRect: $0, cornerRadius: 3) }, paint: on ? .tint : ControlPaint.separator),
                (path: { on ? Path(roundedRect: $0.insetBy(dx: 4, dy: 4), cornerRadius: 1) : Path(roundedRect: $0.insetBy(dx: 1, dy: 1), cornerRadius: 2) }, paint: .color(.white)),
            ])
            _ControlLabel(label: configuration.label)
        }
    }
}

extension ToggleStyle where Self == SwitchToggleStyle {
    /// The switch (iOS's default).
    public static var `switch`: SwitchToggleStyle { SwitchToggleStyle() }
    /// The platform default (the switch).
    public static var automatic: SwitchToggleStyle { SwitchToggleStyle() }
}
extension ToggleStyle where Self == ButtonToggleStyle {
    /// A button that shows whether it is on.
    public static var button: ButtonToggleStyle { ButtonToggleStyle() }
}
extension ToggleStyle where Self == CheckboxToggleStyle {
    /// A checkbox (macOS).
    public static var checkbox: CheckboxToggleStyle { CheckboxToggleStyle() }
}

/// A toggle style, type-erased, kept in the environment.
struct AnyToggleStyle {
    let body: (ToggleStyleConfiguration) -> AnyView
}
private enum ToggleStyleKey: EnvironmentKey { static var defaultValue: AnyToggleStyle? { nil } }
extension EnvironmentValues {
    var toggleStyle: AnyToggleStyle? {
        get { self[ToggleStyleKey.self] }
        set { self[ToggleStyleKey.self] = newValue }
    }
}

extension View {
    /// Sets the style of toggles in the view, as in SwiftUI.
    public func toggleStyle<S: ToggleStyle>(_ style: S) -> some View {
        withEnvironment { $0.toggleStyle = AnyToggleStyle { AnyView(style.makeBody(configuration: $0)) } }
    }
}

/// The switch of a toggle, tinted by the environment where it is built.
///
/// An on switch is filled with the environment's `tint` (`.tint(.orange)`), as SwiftUI does on
/// iOS; without one it is green, not the accent colour: UISwitch's default `onTintColor` is
/// green and an app's accent colour does not change it.
struct _Switch: PrimitiveView {
    let isOn: Bool
    static func _makeView(_ view: Self, inputs: _ViewInputs, outputs: inout _ViewOutputs) {
        buildView(switchLeaf(isOn: view.isOn, onPaint: inputs.environment.tint ?? ControlPaint.green), inputs, &outputs)
    }
}

/// The switch of a toggle: 51×31 (`ControlMetrics.switchSize`), a capsule (`onPaint` when on) and
/// a white knob at the trailing end when on, else at the leading end.
func switchLeaf(isOn: Bool, onPaint: Paint) -> ControlLeaf {
    let size = ControlMetrics.switchSize, inset = ControlMetrics.switchKnobInset
    return ControlLeaf(name: "Switch", detail: isOn ? "on" : "off", sizing: { _ in size }, parts: [
        (path: { Path(roundedRect: $0, cornerRadius: $0.height / 2) }, paint: isOn ? onPaint : ControlPaint.track),
        (path: { r in
            let d = r.height - 2 * inset
            return .circle(CGPoint(x: isOn ? r.maxX - inset - d / 2 : r.minX + inset + d / 2, y: r.midY), d + 1)
        }, paint: ControlPaint.knobEdge),
        (path: { r in
            let d = r.height - 2 * inset
            return .circle(CGPoint(x: isOn ? r.maxX - inset - d / 2 : r.minX + inset + d / 2, y: r.midY), d)
        }, paint: ControlPaint.knob),
    ])
}

/// A control that toggles between on and off, as in SwiftUI.
///
/// Laid out as on iOS 17: the label at the leading edge and a 51×31 switch at the trailing edge
/// (an `HStack` of the label, a `Spacer` and the switch), so it fills the proposed width; with
/// `labelsHidden()` it is only the switch. `toggleStyle` changes how it is drawn.
public struct Toggle<Label: View>: View {
    let isOn: Binding<Bool>
    let label: Label
    /// Creates a toggle with a custom label.
    public init(isOn: Binding<Bool>, @ViewBuilder label: () -> Label) { self.isOn = isOn; self.label = label() }
    /// The toggle drawn by the environment's toggle style (the switch by default).
    public var body: some View { _ToggleBody(isOn: isOn, label: label) }
}

extension Toggle where Label == Text {
    /// Creates a toggle whose label is a `Text` of `title`.
    public init<S: StringProtocol>(_ title: S, isOn: Binding<Bool>) { self.init(isOn: isOn) { Text(verbatim: String(title)) } }
}

extension Toggle where Label == _TitleAndIcon {
    /// Creates a toggle whose label is a symbol and a title (iOS 17).
    public init<S: StringProtocol>(_ title: S, systemImage: String, isOn: Binding<Bool>) {
        self.init(isOn: isOn) { _TitleAndIcon(title: String(title), systemImage: systemImage) }
    }
}

struct _ToggleBody<Label: View>: PrimitiveView {
    let isOn: Binding<Bool>
    let label: Label
    static func _makeView(_ view: Self, inputs: _ViewInputs, outputs: inout _ViewOutputs) {
        let configuration = ToggleStyleConfiguration(label: _StyledLabel(content: AnyView(view.label)), isOn: view.isOn)
        if let style = inputs.environment.toggleStyle {
            buildView(style.body(configuration), inputs, &outputs)
        } else {
            buildView(SwitchToggleStyle().makeBody(configuration: configuration), inputs, &outputs)
        }
    }
}

// MARK: - Slider

/// A control for selecting a value from a range, as in SwiftUI.
///
/// On iOS 17 the track takes the proposed width (its thumb's 28 points when proposed nothing: a
/// choice) and is 30 tall (`ControlMetrics.sliderHeight`); the label is not shown (iOS uses it
/// for accessibility only); minimum and maximum value labels sit at each end of an `HStack`.
public struct Slider<Label: View, ValueLabel: View>: View {
    let fraction: Double
    let label: Label
    let minimumValueLabel: ValueLabel?
    let maximumValueLabel: ValueLabel?
    /// Sets the value from a fraction of the track (live previews), then reports the edit.
    var setFraction: ((Double) -> Void)? = nil

    init(fraction: Double, label: Label, minimumValueLabel: ValueLabel?, maximumValueLabel: ValueLabel?) {
        self.fraction = fraction.isFinite ? min(max(fraction, 0), 1) : 0
        self.label = label; self.minimumValueLabel = minimumValueLabel; self.maximumValueLabel = maximumValueLabel
    }

    /// This slider, setting `value` in `bounds` (snapped to `step` from the lower bound) when
    /// its track is tapped or dragged in a live preview, with `onEditingChanged` around the edit.
    func setting<V: BinaryFloatingPoint>(_ value: Binding<V>, in bounds: ClosedRange<V>, step: V.Stride?,
                                         onEditingChanged: @escaping (Bool) -> Void) -> Slider where V.Stride: BinaryFloatingPoint {
        var copy = self
        copy.setFraction = { f in
            let clamped = f.isFinite ? min(max(f, 0), 1) : 0
            var v = bounds.lowerBound + V(clamped) * (bounds.upperBound - bounds.lowerBound)
            if let step, step > 0 {
                let steps = ((v - bounds.lowerBound) / V(step)).rounded()
                v = min(bounds.lowerBound + steps * V(step), bounds.upperBound)
            }
            onEditingChanged(true)
            value.wrappedValue = v
            onEditingChanged(false)
        }
        return copy
    }

    /// Creates a slider with a label and labels at both ends.
    public init<V: BinaryFloatingPoint>(value: Binding<V>, in bounds: ClosedRange<V> = 0...1, @ViewBuilder label: () -> Label,
                                        @ViewBuilder minimumValueLabel: () -> ValueLabel, @ViewBuilder maximumValueLabel: () -> ValueLabel,
                                        onEditingChanged: @escaping (Bool) -> Void = { _ in }) where V.Stride: BinaryFloatingPoint {
        self.init(fraction: sliderFraction(value.wrappedValue, bounds), label: label(), minimumValueLabel: minimumValueLabel(), maximumValueLabel: maximumValueLabel())
        self = setting(value, in: bounds, step: nil, onEditingChanged: onEditingChanged)
    }
    /// Creates a stepped slider with a label and labels at both ends.
    public init<V: BinaryFloatingPoint>(value: Binding<V>, in bounds: ClosedRange<V>, step: V.Stride, @ViewBuilder label: () -> Label,
                                        @ViewBuilder minimumValueLabel: () -> ValueLabel, @ViewBuilder maximumValueLabel: () -> ValueLabel,
                                        onEditingChanged: @escaping (Bool) -> Void = { _ in }) where V.Stride: BinaryFloatingPoint {
        self.init(fraction: sliderFraction(value.wrappedValue, bounds), label: label(), minimumValueLabel: minimumValueLabel(), maximumValueLabel: maximumValueLabel())
        self = setting(value, in: bounds, step: step, onEditingChanged: onEditingChanged)
    }

    /// Creates a slider with labels at both ends given as views, the label last (the iOS 13 form,
    /// deprecated in SwiftUI but common in real code).
    public init<V: BinaryFloatingPoint>(value: Binding<V>, in bounds: ClosedRange<V> = 0...1, onEditingChanged: @escaping (Bool) -> Void = { _ in },
                                        minimumValueLabel: ValueLabel, maximumValueLabel: ValueLabel,
                                        @ViewBuilder label: () -> Label) where V.Stride: BinaryFloatingPoint {
        self.init(value: value, in: bounds, label: label, minimumValueLabel: { minimumValueLabel }, maximumValueLabel: { maximumValueLabel },
                  onEditingChanged: onEditingChanged)
    }
    /// Creates a stepped slider with labels at both ends given as views, the label last (the iOS
    /// 13 form).
    public init<V: BinaryFloatingPoint>(value: Binding<V>, in bounds: ClosedRange<V>, step: V.Stride = 1,
                                        onEditingChanged: @escaping (Bool) -> Void = { _ in },
                                        minimumValueLabel: ValueLabel, maximumValueLabel: ValueLabel,
                                        @ViewBuilder label: () -> Label) where V.Stride: BinaryFloatingPoint {
        self.init(value: value, in: bounds, step: step, label: label, minimumValueLabel: { minimumValueLabel },
                  maximumValueLabel: { maximumValueLabel }, onEditingChanged: onEditingChanged)
    }

    /// The track, with the value labels at its ends.
    public var body: some View {
        _SliderBody(fraction: fraction, minimumValueLabel: minimumValueLabel, maximumValueLabel: maximumValueLabel, setFraction: setFraction)
    }
}

func sliderFraction<V: BinaryFloatingPoint>(_ value: V, _ bounds: ClosedRange<V>) -> Double {
    let span = Double(bounds.upperBound - bounds.lowerBound)
    return span > 0 ? Double(value - bounds.lowerBound) / span : 0
}

extension Slider where ValueLabel == EmptyView {
    /// Creates a slider with a label (not shown on iOS).
    public init<V: BinaryFloatingPoint>(value: Binding<V>, in bounds: ClosedRange<V> = 0...1, @ViewBuilder label: () -> Label,
                                        onEditingChanged: @escaping (Bool) -> Void = { _ in }) where V.Stride: BinaryFloatingPoint {
        self.init(fraction: sliderFraction(value.wrappedValue, bounds), label: label(), minimumValueLabel: nil, maximumValueLabel: nil)
        self = setting(value, in: bounds, step: nil, onEditingChanged: onEditingChanged)
    }
    /// Creates a stepped slider with a label (not shown on iOS).
    public init<V: BinaryFloatingPoint>(value: Binding<V>, in bounds: ClosedRange<V>, step: V.Stride, @ViewBuilder label: () -> Label,
                                        onEditingChanged: @escaping (Bool) -> Void = { _ in }) where V.Stride: BinaryFloatingPoint {
        self.init(fraction: sliderFraction(value.wrappedValue, bounds), label: label(), minimumValueLabel: nil, maximumValueLabel: nil)
        self = setting(value, in: bounds, step: step, onEditingChanged: onEditingChanged)
    }
}

extension Slider where Label == EmptyView, ValueLabel == EmptyView {
    /// Creates a slider over `bounds`.
    public init<V: BinaryFloatingPoint>(value: Binding<V>, in bounds: ClosedRange<V> = 0...1,
                                        onEditingChanged: @escaping (Bool) -> Void = { _ in }) where V.Stride: BinaryFloatingPoint {
        self.init(fraction: sliderFraction(value.wrappedValue, bounds), label: EmptyView(), minimumValueLabel: nil, maximumValueLabel: nil)
        self = setting(value, in: bounds, step: nil, onEditingChanged: onEditingChanged)
    }
    /// Creates a stepped slider over `bounds`.
    public init<V: BinaryFloatingPoint>(value: Binding<V>, in bounds: ClosedRange<V>, step: V.Stride,
                                        onEditingChanged: @escaping (Bool) -> Void = { _ in }) where V.Stride: BinaryFloatingPoint {
        self.init(fraction: sliderFraction(value.wrappedValue, bounds), label: EmptyView(), minimumValueLabel: nil, maximumValueLabel: nil)
        self = setting(value, in: bounds, step: step, onEditingChanged: onEditingChanged)
    }
}

struct _SliderBody<ValueLabel: View>: PrimitiveView {
    let fraction: Double
    let minimumValueLabel: ValueLabel?
    let maximumValueLabel: ValueLabel?
    let setFraction: ((Double) -> Void)?
    static func _makeView(_ view: Self, inputs: _ViewInputs, outputs: inout _ViewOutputs) {
        let leaf = sliderLeaf(fraction: view.fraction, tint: inputs.environment.resolvedTint)
        // Live, a tap or drag on the track moves the thumb's centre to the pointer.
        let set = view.setFraction
        let track = leaf.interactive(.located(action: { point, size in
            let thumb = ControlMetrics.sliderThumb
            let travel = size.width - thumb
            set?(travel > 0 ? Double((point.x - thumb / 2) / travel) : 0)
        }))
        if view.minimumValueLabel == nil && view.maximumValueLabel == nil {
            buildView(track, inputs, &outputs)
        } else {
            buildView(HStack { view.minimumValueLabel; track; view.maximumValueLabel }, inputs, &outputs)
        }
    }
}

/// The track and thumb of a slider: proposed width (28 when nil) × 30.
func sliderLeaf(fraction: Double, tint: Paint) -> ControlLeaf {
    let thumb = ControlMetrics.sliderThumb, thickness = ControlMetrics.sliderTrack
    let f = CGFloat(fraction)
    func thumbX(_ r: CGRect) -> CGFloat { r.minX + thumb / 2 + max(r.width - thumb, 0) * f }
    return ControlLeaf(name: "Slider", detail: "\(Int((fraction * 100).rounded()))%", sizing: { p in
        CGSize(width: max(p.width ?? ControlMetrics.flexibleIdealWidth, 0), height: ControlMetrics.sliderHeight)
    }, parts: [
        (path: { r in .bar(r.minX, r.maxX, y: r.midY, thickness: thickness) }, paint: ControlPaint.track),
        (path: { r in .bar(r.minX, thumbX(r), y: r.midY, thickness: thickness) }, paint: tint),
        (path: { r in .circle(CGPoint(x: thumbX(r), y: r.midY), thumb + 1) }, paint: ControlPaint.knobEdge),
        (path: { r in .circle(CGPoint(x: thumbX(r), y: r.midY), thumb) }, paint: ControlPaint.knob),
    ])
}

// MARK: - Stepper

/// `value` advanced by `step`, or nil where that overflows an `Int` (`advanced(by:)` traps
/// there: a stepper at `Int.min` or `Int.max` tapped once more).
func stepperAdvance<V: Strideable>(_ value: V, by step: V.Stride) -> V? {
    if let v = value as? Int, let s = step as? Int {
        let (sum, overflow) = v.addingReportingOverflow(s)
        return overflow ? nil : sum as? V
    }
    return value.advanced(by: step)
}

/// A control that increments and decrements a value, as in SwiftUI.
///
/// Laid out as on iOS 17: the label at the leading edge and a 94×32 −/+ box
/// (`ControlMetrics.stepperSize`) at the trailing edge, filling the proposed width.
public struct Stepper<Label: View>: View {
    let label: Label
    let increment: (() -> Void)?
    let decrement: (() -> Void)?
    /// Creates a stepper that calls `onIncrement` and `onDecrement` (a tap on + or − in a live preview).
    public init(onIncrement: (() -> Void)?, onDecrement: (() -> Void)?, onEditingChanged: @escaping (Bool) -> Void = { _ in },
                @ViewBuilder label: () -> Label) {
        self.label = label()
        increment = onIncrement.map { action in { onEditingChanged(true); action(); onEditingChanged(false) } }
        decrement = onDecrement.map { action in { onEditingChanged(true); action(); onEditingChanged(false) } }
    }
    /// Creates a stepper over a value.
    public init<V: Strideable>(value: Binding<V>, step: V.Stride = 1, onEditingChanged: @escaping (Bool) -> Void = { _ in },
                               @ViewBuilder label: () -> Label) {
        self.init(onIncrement: { if let v = stepperAdvance(value.wrappedValue, by: step) { value.wrappedValue = v } },
                  onDecrement: { if let v = stepperAdvance(value.wrappedValue, by: -step) { value.wrappedValue = v } },
                  onEditingChanged: onEditingChanged, label: label)
    }
    /// Creates a stepper over a value within bounds: a step past a bound stops at it, as in SwiftUI.
    public init<V: Strideable>(value: Binding<V>, in bounds: ClosedRange<V>, step: V.Stride = 1,
                               onEditingChanged: @escaping (Bool) -> Void = { _ in }, @ViewBuilder label: () -> Label) {
        // Past Int's range the step stops at the bound it was heading for.
        self.init(onIncrement: {
                      value.wrappedValue = stepperAdvance(value.wrappedValue, by: step).map { min($0, bounds.upperBound) }
                          ?? (step > .zero ? bounds.upperBound : bounds.lowerBound)
                  },
                  onDecrement: {
                      value.wrappedValue = stepperAdvance(value.wrappedValue, by: -step).map { max($0, bounds.lowerBound) }
                          ?? (step > .zero ? bounds.lowerBound : bounds.upperBound)
                  },
                  onEditingChanged: onEditingChanged, label: label)
    }
    /// The label, a spacer and the −/+ box (live: its leading half decrements, its trailing half increments).
    public var body: some View {
        let increment = self.increment, decrement = self.decrement
        return _ControlRow(label: label, control: stepperLeaf().interactive(.located(action: { point, size in
            if point.x < size.width / 2 { decrement?() } else { increment?() }
        })))
    }
}

extension Stepper where Label == Text {
    /// Creates a stepper over a value with a `Text` label.
    public init<S: StringProtocol, V: Strideable>(_ title: S, value: Binding<V>, step: V.Stride = 1,
                                                  onEditingChanged: @escaping (Bool) -> Void = { _ in }) {
        self.init(value: value, step: step) { Text(verbatim: String(title)) }
    }
    /// Creates a stepper over a value within bounds with a `Text` label.
    public init<S: StringProtocol, V: Strideable>(_ title: S, value: Binding<V>, in bounds: ClosedRange<V>, step: V.Stride = 1,
                                                  onEditingChanged: @escaping (Bool) -> Void = { _ in }) {
        self.init(value: value, in: bounds, step: step) { Text(verbatim: String(title)) }
    }
    /// Creates a stepper with actions and a `Text` label.
    public init<S: StringProtocol>(_ title: S, onIncrement: (() -> Void)?, onDecrement: (() -> Void)?,
                                   onEditingChanged: @escaping (Bool) -> Void = { _ in }) {
        self.init(onIncrement: onIncrement, onDecrement: onDecrement) { Text(verbatim: String(title)) }
    }
}

/// The −/+ box of a stepper: 94×32, a gray rounded rectangle split by a separator.
func stepperLeaf() -> ControlLeaf {
    let size = ControlMetrics.stepperSize
    return ControlLeaf(name: "Stepper", sizing: { _ in size }, parts: [
        (path: { Path(roundedRect: $0, cornerRadius: 8) }, paint: ControlPaint.fill),
        (path: { r in Path(CGRect(x: r.midX - 0.5, y: r.minY + 8, width: 1, height: r.height - 16)) }, paint: ControlPaint.separator),
        (path: { r in
            var p = Path()
            let y = r.midY, l = r.minX + r.width / 4, rr = r.minX + 3 * r.width / 4
            p.addRect(CGRect(x: l - 7, y: y - 1, width: 14, height: 2))
            p.addRect(CGRect(x: rr - 7, y: y - 1, width: 14, height: 2))
            p.addRect(CGRect(x: rr - 1, y: y - 7, width: 2, height: 14))
            return p
        }, paint: ControlPaint.symbol),
    ])
}

// MARK: - ProgressView

/// How a `ProgressView` is drawn, as SwiftUI's progress view styles.
public struct ProgressViewStyleKind: Hashable, Sendable {
    let kind: Int
}
/// A progress view style, as SwiftUI's `ProgressViewStyle` (`.linear`, `.circular`, `.automatic`).
public protocol ProgressViewStyle { var _kind: Int { get } }
/// The linear style: a 4-point bar.
public struct LinearProgressViewStyle: ProgressViewStyle {
    /// Creates the style.
    public init() {}
    /// The style's code (engine-internal).
    public var _kind: Int { 1 }
}
/// The circular style: a 20×20 spinner.
public struct CircularProgressViewStyle: ProgressViewStyle {
    /// Creates the style.
    public init() {}
    /// The style's code (engine-internal).
    public var _kind: Int { 2 }
}
/// The default style: linear with a value, circular without.
public struct DefaultProgressViewStyle: ProgressViewStyle {
    /// Creates the style.
    public init() {}
    /// The style's code (engine-internal).
    public var _kind: Int { 0 }
}
extension ProgressViewStyle where Self == LinearProgressViewStyle {
    /// A bar.
    public static var linear: LinearProgressViewStyle { LinearProgressViewStyle() }
}
extension ProgressViewStyle where Self == CircularProgressViewStyle {
    /// A spinner.
    public static var circular: CircularProgressViewStyle { CircularProgressViewStyle() }
}
extension ProgressViewStyle where Self == DefaultProgressViewStyle {
    /// Linear with a value, circular without.
    public static var automatic: DefaultProgressViewStyle { DefaultProgressViewStyle() }
}
private enum ProgressStyleKey: EnvironmentKey { static var defaultValue: Int { 0 } }
extension View {
    /// Sets the style of progress views inside, as in SwiftUI.
    public func progressViewStyle<S: ProgressViewStyle>(_ style: S) -> some View {
        withEnvironment { $0[ProgressStyleKey.self] = style._kind }
    }
}

/// A view that shows the progress towards completion of a task, as in SwiftUI.
///
/// With a value it is a linear bar: as wide as proposed (10 when unspecified, like a shape — a
/// choice) and 4 tall (`ControlMetrics.barHeight`); a label goes above it (a leading `VStack`,
/// spacing 4: choice). Without a value it is iOS's indeterminate spinner, 20×20
/// (`ControlMetrics.spinnerSide`), with a label below it (a `VStack`, spacing 8: choice).
public struct ProgressView: View {
    let fraction: Double?
    let label: AnyView?
    let currentValueLabel: AnyView?

    /// Creates a bar showing `value / total`, clamped to 0…1; a nil value, a non-finite value or a non-positive total shows 0.
    public init<V: BinaryFloatingPoint>(value: V?, total: V = 1.0) {
        self.init(fraction: progressFraction(value, total), label: nil, currentValueLabel: nil)
    }
    /// Creates an indeterminate spinner.
    public init() { self.init(fraction: nil, label: nil, currentValueLabel: nil) }
    /// Creates a spinner with a text label below it.
    public init<S: StringProtocol>(_ title: S) { self.init(fraction: nil, label: AnyView(Text(verbatim: String(title))), currentValueLabel: nil) }
    /// Creates a bar with a text label above it.
    public init<S: StringProtocol, V: BinaryFloatingPoint>(_ title: S, value: V?, total: V = 1.0) {
        self.init(fraction: progressFraction(value, total), label: AnyView(Text(verbatim: String(title))), currentValueLabel: nil)
    }
    /// Creates a spinner with a label.
    public init<Label: View>(@ViewBuilder label: () -> Label) { self.init(fraction: nil, label: AnyView(label()), currentValueLabel: nil) }
    /// Creates a bar with a label.
    public init<V: BinaryFloatingPoint, Label: View>(value: V?, total: V = 1.0, @ViewBuilder label: () -> Label) {
        self.init(fraction: progressFraction(value, total), label: AnyView(label()), currentValueLabel: nil)
    }
    /// Creates a bar with a label and a current-value label below it.
    public init<V: BinaryFloatingPoint, Label: View, CurrentValueLabel: View>(value: V?, total: V = 1.0, @ViewBuilder label: () -> Label,
                                                                              @ViewBuilder currentValueLabel: () -> CurrentValueLabel) {
        self.init(fraction: progressFraction(value, total), label: AnyView(label()), currentValueLabel: AnyView(currentValueLabel()))
    }
    init(fraction: Double?, label: AnyView?, currentValueLabel: AnyView?) {
        self.fraction = fraction; self.label = label; self.currentValueLabel = currentValueLabel
    }

    /// The bar or spinner, with its labels.
    public var body: some View { _ProgressBody(view: self) }
}

func progressFraction<V: BinaryFloatingPoint>(_ value: V?, _ total: V) -> Double {
    let v = Double(value ?? 0), t = Double(total)
    return t > 0 && v.isFinite ? min(max(v / t, 0), 1) : 0
}

struct _ProgressBody: PrimitiveView {
    let view: ProgressView
    static func _makeView(_ body: Self, inputs: _ViewInputs, outputs: inout _ViewOutputs) {
        let view = body.view
        let style = inputs.environment[ProgressStyleKey.self]
        let circular = style == 2 || (style == 0 && view.fraction == nil)
        if circular {
            let spinner = spinnerLeaf()
            if let label = view.label {
                buildView(VStack(spacing: 8) { spinner; label.foregroundStyle(.secondary) }, inputs, &outputs)
            } else {
                buildView(spinner, inputs, &outputs)
            }
            return
        }
        let bar = _ProgressBar(fraction: view.fraction ?? 0)
        if view.label == nil && view.currentValueLabel == nil {
            buildView(bar, inputs, &outputs)
        } else {
            buildView(VStack(alignment: .leading, spacing: 4) {
                view.label
                bar
                view.currentValueLabel.foregroundStyle(.secondary)
            }, inputs, &outputs)
        }
    }
}

/// The linear bar of a ProgressView (engine-internal).
struct _ProgressBar: PrimitiveView {
    let fraction: Double
    static func _makeView(_ view: Self, inputs: _ViewInputs, outputs: inout _ViewOutputs) {
        let node = LayoutNode(kind: .progress(ProgressLeaf(fraction: view.fraction)), kindName: "ProgressView")
        node.structuralKey = inputs.key
        node.detail = "\(Int((view.fraction * 100).rounded()))%"
        node.preItems = [.progress(fraction: view.fraction, track: .hierarchical(3), bar: inputs.environment.resolvedTint)]
        outputs.nodes.append(node)
    }
}

/// iOS's activity indicator: 20×20, eight spokes fading around the circle.
func spinnerLeaf() -> ControlLeaf {
    let side = ControlMetrics.spinnerSide
    var parts: [(path: (CGRect) -> Path, paint: Paint)] = []
    for i in 0..<8 {
        let angle = Double(i) * .pi / 4
        parts.append((path: { r in
            let c = CGPoint(x: r.midX, y: r.midY)
            let inner = r.width * 0.22, outer = r.width * 0.48, w = r.width * 0.09
            var p = Path()
            p.addRoundedRect(in: CGRect(x: inner, y: -w / 2, width: outer - inner, height: w), cornerSize: CGSize(width: w / 2, height: w / 2))
            return p.applying(CGAffineTransform(rotationAngle: angle)).offsetBy(dx: c.x, dy: c.y)
        }, paint: .color(Color(white: 0.45, opacity: 0.25 + 0.75 * Double(i) / 7))))
    }
    return ControlLeaf(name: "ProgressView", detail: "indeterminate", sizing: { _ in CGSize(width: side, height: side) }, parts: parts)
}

// MARK: - Gauge

/// Gauge styles, as SwiftUI's (`.automatic` and `.linearCapacity`: a bar; the accessory
/// circular styles: a 58×58 ring, a choice after the watch/widget accessory size).
public protocol GaugeStyle { var _isCircular: Bool { get } }
/// A bar gauge.
public struct LinearCapacityGaugeStyle: GaugeStyle {
    /// Creates the style.
    public init() {}
    /// Whether the gauge is a ring (engine-internal).
    public var _isCircular: Bool { false }
}
/// A ring gauge.
public struct CircularGaugeStyle: GaugeStyle {
    /// Creates the style.
    public init() {}
    /// Whether the gauge is a ring (engine-internal).
    public var _isCircular: Bool { true }
}
extension GaugeStyle where Self == LinearCapacityGaugeStyle {
    /// The default gauge style on iOS (a bar).
    public static var automatic: LinearCapacityGaugeStyle { LinearCapacityGaugeStyle() }
    /// A bar filled to the value.
    public static var linearCapacity: LinearCapacityGaugeStyle { LinearCapacityGaugeStyle() }
    /// A bar (accessory).
    public static var accessoryLinear: LinearCapacityGaugeStyle { LinearCapacityGaugeStyle() }
    /// A bar filled to the value (accessory).
    public static var accessoryLinearCapacity: LinearCapacityGaugeStyle { LinearCapacityGaugeStyle() }
}
extension GaugeStyle where Self == CircularGaugeStyle {
    /// A ring.
    public static var accessoryCircular: CircularGaugeStyle { CircularGaugeStyle() }
    /// A ring filled to the value.
    public static var accessoryCircularCapacity: CircularGaugeStyle { CircularGaugeStyle() }
}
private enum GaugeCircularKey: EnvironmentKey { static var defaultValue: Bool { false } }
extension View {
    /// Sets the style of gauges inside, as in SwiftUI.
    public func gaugeStyle<S: GaugeStyle>(_ style: S) -> some View { withEnvironment { $0[GaugeCircularKey.self] = style._isCircular } }
}

/// A view that shows a value within a range, as in SwiftUI.
///
/// iOS's default (linear capacity) style: the label (and current-value label at the trailing
/// end) above a 4-point bar, with the minimum and maximum labels at its ends (choice: leading
/// `VStack`, spacing 4). The circular styles draw a 58×58 ring with the current value inside.
public struct Gauge: View {
    let fraction: Double
    let label: AnyView
    let currentValueLabel: AnyView?
    let minimumValueLabel: AnyView?
    let maximumValueLabel: AnyView?

    /// Creates a gauge with a label.
    public init<V: BinaryFloatingPoint, Label: View>(value: V, in bounds: ClosedRange<V> = 0...1, @ViewBuilder label: () -> Label) {
        fraction = min(max(sliderFraction(value, bounds), 0), 1); self.label = AnyView(label())
        currentValueLabel = nil; minimumValueLabel = nil; maximumValueLabel = nil
    }
    /// Creates a gauge with a label and a current-value label.
    public init<V: BinaryFloatingPoint, Label: View, Current: View>(value: V, in bounds: ClosedRange<V> = 0...1, @ViewBuilder label: () -> Label,
                                                                  @ViewBuilder currentValueLabel: () -> Current) {
        fraction = min(max(sliderFraction(value, bounds), 0), 1); self.label = AnyView(label())
        self.currentValueLabel = AnyView(currentValueLabel()); minimumValueLabel = nil; maximumValueLabel = nil
    }
    /// Creates a gauge with all its labels.
    public init<V: BinaryFloatingPoint, Label: View, Current: View, Bound: View>(
        value: V, in bounds: ClosedRange<V> = 0...1, @ViewBuilder label: () -> Label, @ViewBuilder currentValueLabel: () -> Current,
        @ViewBuilder minimumValueLabel: () -> Bound, @ViewBuilder maximumValueLabel: () -> Bound) {
        fraction = min(max(sliderFraction(value, bounds), 0), 1); self.label = AnyView(label())
        self.currentValueLabel = AnyView(currentValueLabel())
        self.minimumValueLabel = AnyView(minimumValueLabel()); self.maximumValueLabel = AnyView(maximumValueLabel())
    }

    /// The gauge in the environment's style.
    public var body: some View { _GaugeBody(gauge: self) }
}

struct _GaugeBody: PrimitiveView {
    let gauge: Gauge
    static func _makeView(_ view: Self, inputs: _ViewInputs, outputs: inout _ViewOutputs) {
        let g = view.gauge
        let tint = inputs.environment.resolvedTint
        let f = CGFloat(g.fraction)
        if inputs.environment[GaugeCircularKey.self] {
            let ring = ControlLeaf(name: "Gauge", detail: "\(Int((g.fraction * 100).rounded()))%", sizing: { _ in CGSize(width: 58, height: 58) }, parts: [
                (path: { r in .ring(r, width: 6, from: 135, to: 405) }, paint: ControlPaint.track),
                (path: { r in .ring(r, width: 6, from: 135, to: 135 + 270 * Double(f)) }, paint: tint),
            ])
            buildView(ZStack { ring; g.currentValueLabel.font(.caption) }, inputs, &outputs)
            return
        }
        let bar = ControlLeaf(name: "Gauge", detail: "\(Int((g.fraction * 100).rounded()))%", sizing: { p in
            CGSize(width: max(p.width ?? ControlMetrics.flexibleIdealWidth, 0), height: ControlMetrics.barHeight)
        }, parts: [
            (path: { r in .bar(r.minX, r.maxX, y: r.midY, thickness: r.height) }, paint: ControlPaint.track),
            (path: { r in .bar(r.minX, r.minX + r.width * f, y: r.midY, thickness: r.height) }, paint: tint),
        ])
        buildView(VStack(alignment: .leading, spacing: 4) {
            HStack { g.label; Spacer(minLength: 0); g.currentValueLabel }
            HStack { g.minimumValueLabel.font(.caption); bar; g.maximumValueLabel.font(.caption) }
        }, inputs, &outputs)
    }
}
