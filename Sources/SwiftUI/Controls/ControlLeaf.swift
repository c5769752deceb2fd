import Foundation
import LayoutCore

/// The default sizes of controls: SwiftUI's on iOS 17 at the default Dynamic Type size.
///
/// Where a number comes from is said next to it. Numbers marked *UIKit* are the intrinsic sizes
/// of the UIKit control SwiftUI draws on iOS, as widely reported (not measured on a device by
/// this project); numbers marked *choice* are this project's, chosen to look like iOS 17.
/// Only iOS metrics exist: `environment(\.controlPlatform, .macOS)` is recorded, and controls
/// keep their iOS sizes (no public source for macOS 14's was found).
enum ControlMetrics {
    /// The switch of a `Toggle`: 51×31 (UIKit: UISwitch's frame, e.g. the view dump in
    /// "Hacking UISwitch", c4ios.com; unchanged since iOS 7).
    static let switchSize = CGSize(width: 51, height: 31)
    /// The diameter of the switch's knob: the switch's height less 2 points on each side (choice).
    static let switchKnobInset: CGFloat = 2
    /// The height of a `Slider`: 30 (UIKit: UISlider's default frame height in Interface Builder).
    static let sliderHeight: CGFloat = 30
    /// The diameter of a slider's thumb: 28 (UIKit: the default thumb image, as reported).
    static let sliderThumb: CGFloat = 28
    /// The thickness of a slider's track: 4 (UIKit since iOS 13, as reported; choice).
    static let sliderTrack: CGFloat = 4
    /// A `Stepper`'s −/+ box: 94×32 (UIKit: UIStepper's intrinsic size since iOS 13, as reported).
    static let stepperSize = CGSize(width: 94, height: 32)
    /// The height of a segmented `Picker`: 32 (UIKit: UISegmentedControl's height since iOS 13,
    /// as reported). Its corner radius is 9 and the selected segment's inset 2 (choice).
    static let segmentedHeight: CGFloat = 32
    /// The horizontal padding of a segment's label: 12 (choice).
    static let segmentPadding: CGFloat = 12
    /// The height of a wheel `Picker` or `DatePicker`: 216 (UIKit: UIPickerView's default height).
    static let wheelHeight: CGFloat = 216
    /// The height of the selection band of a wheel: 34 (choice, after iOS 17's look).
    static let wheelBand: CGFloat = 34
    /// The side of a circular `ProgressView`: 20 (UIKit: UIActivityIndicatorView's `.medium` style).
    static let spinnerSide: CGFloat = 20
    /// The thickness of a linear `ProgressView` or `Gauge`: 4 (UIKit: UIProgressView's default style, as reported).
    static let barHeight: CGFloat = 4
    /// The color well of a `ColorPicker`: 28×28 (choice).
    static let colorWellSide: CGFloat = 28
    /// The minimum width of flexible controls proposed nothing (`fixedSize`): a slider is as
    /// wide as its thumb, a text field or segmented picker as its content (choice).
    static let flexibleIdealWidth: CGFloat = 28

    /// The padding of a bordered button's label by control size (horizontal, vertical) and its
    /// corner radius: regular 12×7 (the project's earlier choice, kept), small 10×5, mini 8×3,
    /// large 20×14 (a 50-point button with a 22-point label line), extra large 24×18 (choice,
    /// after iOS 17's look; not measured).
    static func buttonPadding(_ size: ControlSize) -> (h: CGFloat, v: CGFloat, radius: CGFloat) {
        switch size {
        case .mini: (8, 3, 6)
        case .small: (10, 5, 7)
        case .regular: (12, 7, 8)
        case .large: (20, 14, 12)
        case .extraLarge: (24, 18, 14)
        }
    }

    /// The padding of a rounded-border `TextField` (horizontal, vertical): 7×6, so a 22-point
    /// line makes UIKit's 34-point UITextField with a rounded border (choice from the UIKit size).
    static let roundedFieldPadding = (h: CGFloat(7), v: CGFloat(6))
    /// The insets of a `TextEditor`'s text: top and bottom 8, sides 5 (UIKit: UITextView's
    /// default `textContainerInset` (8, 0, 8, 0) and `lineFragmentPadding` 5, documented).
    static let editorInsets = EdgeInsets(top: 8, leading: 5, bottom: 8, trailing: 5)
    /// A compact `DatePicker`'s pill around each part: 11×6 padding, radius 6 (choice).
    static let datePillPadding = (h: CGFloat(11), v: CGFloat(6), radius: CGFloat(6))
}

/// A shape whose path and size come from closures: how control leaves get their sizes and parts.
struct ControlShape: Shape, @unchecked Sendable {
    let makePath: (CGRect) -> Path
    let sizing: (ProposedViewSize) -> CGSize
    func path(in rect: CGRect) -> Path { makePath(rect) }
    func sizeThatFits(_ proposal: ProposedViewSize) -> CGSize { sizing(proposal) }
}

/// A control drawn as one leaf of the tree: a size rule and the parts drawn in its frame.
///
/// The leaf is a shape node (so it is sized by `sizing` and drawn by the renderer's shape
/// primitives), named after the control in the tree.
struct ControlLeaf: PrimitiveView {
    let name: String
    var detail: String = ""
    let sizing: (ProposedViewSize) -> CGSize
    /// The parts, back to front: a path in the leaf's frame and its paint.
    let parts: [(path: (CGRect) -> Path, paint: Paint)]

    static func _makeView(_ view: Self, inputs: _ViewInputs, outputs: inout _ViewOutputs) {
        let shape = ControlShape(makePath: { _ in Path() }, sizing: view.sizing)
        let node = LayoutNode(kind: .shape(.custom(_ShapeResolver(shape))), kindName: view.name)
        node.structuralKey = inputs.key
        node.detail = view.detail
        var items: [DisplayItem.Kind] = []
        if !inputs.environment.isEnabled { items.append(.beginOpacity(0.5)) }
        for part in view.parts {
            items.append(.fill(.custom(_ShapeResolver(ControlShape(makePath: part.path, sizing: view.sizing))), part.paint))
        }
        if !inputs.environment.isEnabled { items.append(.endOpacity) }
        node.preItems = items
        outputs.nodes.append(node)
    }
}

extension Path {
    /// A circle of diameter `d` centred at `c`.
    static func circle(_ c: CGPoint, _ d: CGFloat) -> Path {
        Path(ellipseIn: CGRect(x: c.x - d / 2, y: c.y - d / 2, width: d, height: d))
    }
    /// A band of `width` along the circle inscribed in `r`, from `from` to `to` degrees
    /// (clockwise on screen from the rightmost point).
    static func ring(_ r: CGRect, width: CGFloat, from: Double, to: Double) -> Path {
        // A polygon along both edges (one point per 5°), so any span draws the same way.
        let c = CGPoint(x: r.midX, y: r.midY)
        let outer = min(r.width, r.height) / 2, inner = max(outer - width, 0)
        let steps = max(Int(abs(to - from) / 5), 1)
        func point(_ degrees: Double, _ radius: CGFloat) -> CGPoint {
            let a = degrees * .pi / 180
            return CGPoint(x: c.x + radius * CGFloat(cos(a)), y: c.y + radius * CGFloat(sin(a)))
        }
        var points: [CGPoint] = []
        for i in 0...steps { points.append(point(from + (to - from) * Double(i) / Double(steps), outer)) }
        for i in (0...steps).reversed() { points.append(point(from + (to - from) * Double(i) / Double(steps), inner)) }
        var p = Path()
        p.addLines(points)
        p.closeSubpath()
        return p
    }
    /// A horizontal bar of `thickness` from `x0` to `x1` centred on `y`, with round ends.
    static func bar(_ x0: CGFloat, _ x1: CGFloat, y: CGFloat, thickness: CGFloat) -> Path {
        Path(roundedRect: CGRect(x: x0, y: y - thickness / 2, width: max(x1 - x0, 0), height: thickness), cornerRadius: thickness / 2)
    }
}

/// Light gray fills of iOS controls (system fill colors, approximated: choice).
enum ControlPaint {
    static let track = Paint.color(Color(red: 0.47, green: 0.47, blue: 0.5).opacity(0.16))
    static let fill = Paint.color(Color(red: 0.46, green: 0.46, blue: 0.5).opacity(0.12))
    static let knob = Paint.color(.white)
    static let knobEdge = Paint.color(Color.black.opacity(0.12))
    static let green = Paint.color(Color(red: 0.2, green: 0.78, blue: 0.35))
    static let placeholder = Paint.color(Color(red: 0.24, green: 0.24, blue: 0.26).opacity(0.3))
    static let symbol = Paint.color(Color.black.opacity(0.85))
    static let separator = Paint.color(Color(red: 0.24, green: 0.24, blue: 0.26).opacity(0.29))
}

/// Whether control labels are hidden (`labelsHidden()`).
private enum LabelsHiddenKey: EnvironmentKey { static var defaultValue: Bool { false } }

extension EnvironmentValues {
    /// Whether controls hide their labels (`labelsHidden()`).
    var labelsHidden: Bool {
        get { self[LabelsHiddenKey.self] }
        set { self[LabelsHiddenKey.self] = newValue }
    }
}

extension View {
    /// Hides the labels of controls inside, as in SwiftUI: a `Toggle` is then only its switch.
    public func labelsHidden() -> some View { withEnvironment { $0.labelsHidden = true } }
    /// Sets the size of controls inside, as in SwiftUI (buttons change their padding).
    public func controlSize(_ controlSize: ControlSize) -> some View { withEnvironment { $0.controlSize = controlSize } }
}

/// Builds `label` unless labels are hidden (engine-internal).
struct _ControlLabel<Label: View>: PrimitiveView {
    let label: Label
    static func _makeView(_ view: Self, inputs: _ViewInputs, outputs: inout _ViewOutputs) {
        if inputs.environment.labelsHidden { return }
        buildView(view.label, inputs, &outputs)
    }
}

/// A control row as on iOS: the label at the leading edge, the control at the trailing edge, a
/// spacer between (at least 8, the default spacing), so the row fills the proposed width; with
/// labels hidden, only the control (engine-internal).
struct _ControlRow<Label: View, Control: View>: PrimitiveView {
    let label: Label
    let control: Control
    static func _makeView(_ view: Self, inputs: _ViewInputs, outputs: inout _ViewOutputs) {
        if inputs.environment.labelsHidden {
            buildView(view.control, inputs, &outputs)
        } else {
            buildView(HStack { view.label; Spacer(); view.control }, inputs, &outputs)
        }
    }
}
