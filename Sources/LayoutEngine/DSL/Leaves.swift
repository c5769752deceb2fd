import Foundation

/// A view that displays one or more lines of read-only text, as in SwiftUI.
///
/// Its ideal size is the text on one line (hard line breaks kept); proposed a narrower width, it
/// wraps at word boundaries and reports the widest line; a height too small for every line
/// truncates to the lines that fit (at least one). It exposes first and last text baselines.
public struct Text: PrimitiveView, Equatable {
    let string: String
    var font: Font?
    /// Creates text that displays `content`.
    public init(_ content: String) { string = content }
    /// Creates text that displays `content`.
    public init<S: StringProtocol>(_ content: S) { string = String(content) }
    /// Creates text that displays `content` as is.
    public init(verbatim content: String) { string = content }

    /// The text with a font.
    public func font(_ font: Font?) -> Text { var t = self; t.font = font; return t }
    /// The text in the bold version of its font (`.body` when it has none of its own).
    public func bold() -> Text { var t = self; t.font = (t.font ?? .body).bold(); return t }
    /// The text in the italic version of its font (`.body` when it has none of its own).
    public func italic() -> Text { var t = self; t.font = (t.font ?? .body).italic(); return t }

    /// Builds a text node measured with the text's font, else the environment's, else `.body` (engine-internal).
    public static func _makeView(_ view: Self, inputs: _ViewInputs, outputs: inout _ViewOutputs) {
        let env = inputs.environment
        let font = view.font ?? env.font ?? .body
        let node = LayoutNode(kind: .text(TextContent(string: view.string, font: font, lineLimit: env.lineLimit)), kindName: "Text")
        node.detail = "\"\(view.string.count > 40 ? String(view.string.prefix(40)) + "…" : view.string)\""
        node.structuralKey = inputs.key
        node.preItems = [.text(TextRun(string: view.string, font: font, paint: env.resolvedForeground,
                                       alignment: env.multilineTextAlignment, lineLimit: env.lineLimit))]
        outputs.nodes.append(node)
    }
}

extension Color: PrimitiveView {
    /// Builds a rectangle node filled with the color (engine-internal).
    public static func _makeView(_ view: Self, inputs: _ViewInputs, outputs: inout _ViewOutputs) {
        let node = LayoutNode(kind: .shape(.rectangle), kindName: "Color")
        node.structuralKey = inputs.key
        node.preItems = [.fill(.rectangle, .color(view))]
        outputs.nodes.append(node)
    }
}

/// A 2D shape view, as in SwiftUI (built-in shapes). A shape fills the space it is offered, with
/// an ideal size of 10×10, in the foreground style unless filled or stroked.
public protocol Shape: View, Sendable {
    /// The outline of the shape (engine-internal).
    var _shapeKind: ShapeKind { get }
}

extension Shape {
    /// Builds a shape node filled with the foreground style (engine-internal).
    public static func _makeView(_ view: Self, inputs: _ViewInputs, outputs: inout _ViewOutputs) {
        _FilledShape(shape: view, paint: nil, stroke: nil)._build(inputs, &outputs)
    }
    /// Fills the shape with a style.
    public func fill<S: ShapeStyle>(_ style: S) -> _FilledShape<Self> { _FilledShape(shape: self, paint: style._paint, stroke: nil) }
    /// Strokes the shape's outline.
    public func stroke<S: ShapeStyle>(_ style: S, lineWidth: CGFloat = 1) -> _FilledShape<Self> {
        _FilledShape(shape: self, paint: nil, stroke: (style._paint, lineWidth), fills: false)
    }
    /// Strokes the shape's outline inside its frame.
    public func strokeBorder<S: ShapeStyle>(_ style: S, lineWidth: CGFloat = 1) -> _FilledShape<Self> {
        stroke(style, lineWidth: lineWidth)
    }
}

/// A shape with its fill and stroke resolved.
public struct _FilledShape<S: Shape>: PrimitiveView {
    let shape: S
    let paint: Paint?
    let stroke: (Paint, CGFloat)?
    var fills = true
    init(shape: S, paint: Paint?, stroke: (Paint, CGFloat)?, fills: Bool = true) {
        self.shape = shape; self.paint = paint; self.stroke = stroke; self.fills = fills
    }
    func _build(_ inputs: _ViewInputs, _ outputs: inout _ViewOutputs) {
        let kind = shape._shapeKind
        let node = LayoutNode(kind: .shape(kind), kindName: String(describing: S.self))
        node.structuralKey = inputs.key
        if fills { node.preItems.append(.fill(kind, paint ?? inputs.environment.resolvedForeground)) }
        if let (p, w) = stroke { node.preItems.append(.stroke(kind, p, lineWidth: w)) }
        outputs.nodes.append(node)
    }
    /// Builds the shape node with its fill and stroke (engine-internal).
    public static func _makeView(_ view: Self, inputs: _ViewInputs, outputs: inout _ViewOutputs) { view._build(inputs, &outputs) }
}

/// A rectangle, as in SwiftUI.
public struct Rectangle: Shape, PrimitiveView {
    /// Creates a rectangle.
    public init() {}
    /// A rectangle filling the frame (engine-internal).
    public var _shapeKind: ShapeKind { .rectangle }
}
/// A rectangle with rounded corners, as in SwiftUI.
public struct RoundedRectangle: Shape, PrimitiveView {
    /// The corner radii; the smaller of the two is used for both.
    public var cornerSize: CGSize
    /// The corner style (drawn the same either way).
    public var style: RoundedCornerStyle
    /// Creates a rounded rectangle with corner radius `cornerRadius`.
    public init(cornerRadius: CGFloat, style: RoundedCornerStyle = .continuous) {
        cornerSize = CGSize(width: cornerRadius, height: cornerRadius); self.style = style
    }
    /// Creates a rounded rectangle; corners use the smaller of the two radii.
    public init(cornerSize: CGSize, style: RoundedCornerStyle = .continuous) { self.cornerSize = cornerSize; self.style = style }
    /// A rounded rectangle filling the frame (engine-internal).
    public var _shapeKind: ShapeKind { .roundedRectangle(cornerRadius: min(cornerSize.width, cornerSize.height)) }
}
/// A capsule: a rounded rectangle whose corner radius is half its shorter side, as in SwiftUI.
public struct Capsule: Shape, PrimitiveView {
    /// Creates a capsule; `style` is accepted and ignored.
    public init(style: RoundedCornerStyle = .circular) {}
    /// A capsule filling the frame (engine-internal).
    public var _shapeKind: ShapeKind { .capsule }
}
/// A circle centred in the frame, with the frame's shorter side as diameter, as in SwiftUI.
public struct Circle: Shape, PrimitiveView {
    /// Creates a circle.
    public init() {}
    /// A circle centred in the frame (engine-internal).
    public var _shapeKind: ShapeKind { .circle }
}
/// An ellipse filling its frame, as in SwiftUI.
public struct Ellipse: Shape, PrimitiveView {
    /// Creates an ellipse.
    public init() {}
    /// An ellipse filling the frame (engine-internal).
    public var _shapeKind: ShapeKind { .ellipse }
}

extension Shape where Self == Rectangle { public static var rect: Rectangle { Rectangle() } }
extension Shape where Self == RoundedRectangle {
    /// A rounded rectangle with corner radius `cornerRadius` (`.rect(cornerRadius:)`).
    public static func rect(cornerRadius: CGFloat, style: RoundedCornerStyle = .continuous) -> RoundedRectangle {
        RoundedRectangle(cornerRadius: cornerRadius, style: style)
    }
}
extension Shape where Self == Capsule { public static var capsule: Capsule { Capsule() } }
extension Shape where Self == Circle { public static var circle: Circle { Circle() } }
extension Shape where Self == Ellipse { public static var ellipse: Ellipse { Ellipse() } }

/// A flexible space that expands along the major axis of its containing stack, or on both axes
/// outside a stack, as in SwiftUI.
///
/// Its minimum length is `minLength` (8, the default spacing, when nil); its layout priority is
/// −∞, so it gets space only after its siblings, and it asks for no spacing next to it.
public struct Spacer: PrimitiveView {
    /// The minimum length along the stack's axis; nil means 8, the default spacing.
    public var minLength: CGFloat?
    /// Creates a spacer. A negative minimum is kept; NaN and infinite minimums count as 0.
    public init(minLength: CGFloat? = nil) {
        // A negative minimum is kept (§4.6, and measured on device: it shortens the stack);
        // NaN and infinite minimums count as 0.
        self.minLength = minLength.map { $0.isFinite ? $0 : 0 }
    }
    /// Builds the spacer node (engine-internal).
    public static func _makeView(_ view: Self, inputs: _ViewInputs, outputs: inout _ViewOutputs) {
        let node = LayoutNode(kind: .spacer(minLength: view.minLength), kindName: "Spacer")
        node.structuralKey = inputs.key
        node.detail = view.minLength.map { "minLength: \(formatLength($0))" } ?? ""
        outputs.nodes.append(node)
    }
}

/// A visual element that separates content, as in SwiftUI: a 1-point line across the axis of
/// its stack (vertical in an HStack; horizontal in a VStack or outside stacks).
public struct Divider: PrimitiveView {
    /// Creates a divider.
    public init() {}
    /// Builds the divider node, drawn in the quaternary foreground style (engine-internal).
    public static func _makeView(_ view: Self, inputs: _ViewInputs, outputs: inout _ViewOutputs) {
        let node = LayoutNode(kind: .divider, kindName: "Divider")
        node.structuralKey = inputs.key
        node.preItems = [.fill(.rectangle, .hierarchical(3))]
        outputs.nodes.append(node)
    }
}

/// A view that shows the progress towards completion of a task, as in SwiftUI (linear style).
///
/// Choice: the bar takes the proposed width (10 when unspecified, like a shape) and is 4 points tall.
public struct ProgressView: PrimitiveView {
    let fraction: Double
    /// Creates a bar showing `value / total`, clamped to 0…1; a nil value, a non-finite value or a non-positive total shows 0.
    public init<V: BinaryFloatingPoint>(value: V?, total: V = 1.0) {
        let v = Double(value ?? 0), t = Double(total)
        fraction = t > 0 && v.isFinite ? min(max(v / t, 0), 1) : 0
    }
    /// Creates an empty bar (this preview has no indeterminate style).
    public init() { fraction = 0 }
    /// Builds the progress node: a quaternary track and a tint-colored bar (engine-internal).
    public static func _makeView(_ view: Self, inputs: _ViewInputs, outputs: inout _ViewOutputs) {
        let node = LayoutNode(kind: .progress(view.fraction), kindName: "ProgressView")
        node.structuralKey = inputs.key
        node.detail = "\(Int((view.fraction * 100).rounded()))%"
        node.preItems = [.progress(fraction: view.fraction, track: .hierarchical(3), bar: inputs.environment.resolvedTint)]
        outputs.nodes.append(node)
    }
}
