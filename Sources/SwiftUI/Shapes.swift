import Foundation
import LayoutCore

/// A 2D shape that you can use when drawing a view, as in SwiftUI.
///
/// Write `path(in:)` and the shape is a view: it fills the space it is offered (nil → 10, as
/// every shape: `sizeThatFits(_:)`'s default is `proposal.replacingUnspecifiedDimensions()`,
/// SwiftUI's rule; override it, as in iOS 16, to give the shape a size of its own), drawn with
/// the foreground style unless filled or stroked. `path(in:)` is asked for the view's own rect
/// (origin zero, the view's size) whenever the shape is drawn.
public protocol Shape: Sendable, Animatable, View {
    /// The outline of the shape in `rect`, as in SwiftUI.
    func path(in rect: CGRect) -> Path
    /// How the shape is drawn when it is used as a background (accepted for source compatibility).
    static var role: ShapeRole { get }
    /// Whether the shape's path is drawn mirrored in right-to-left layouts, as in SwiftUI
    /// (`.mirrors` for your own shapes; the built-in symmetric ones do not need to).
    var layoutDirectionBehavior: LayoutDirectionBehavior { get }
    /// The size of the shape for a proposal (iOS 16); by default the proposal, nil → 10.
    func sizeThatFits(_ proposal: ProposedViewSize) -> CGSize
    /// How the renderer draws the shape (engine-internal; built-in shapes answer a primitive).
    var _shapeKind: ShapeKind { get }
}

extension Shape {
    /// `.fill`, SwiftUI's default role.
    public static var role: ShapeRole { .fill }
    /// `.mirrors`, SwiftUI's default.
    public var layoutDirectionBehavior: LayoutDirectionBehavior { .mirrors }
    /// The proposal with unspecified dimensions replaced by 10, SwiftUI's default for shapes.
    public func sizeThatFits(_ proposal: ProposedViewSize) -> CGSize { proposal.replacingUnspecifiedDimensions() }
    /// A custom shape: drawn by asking `path(in:)` (engine-internal).
    public var _shapeKind: ShapeKind { .custom(_ShapeResolver(self)) }
    /// Shapes build their own node and have no body.
    public var body: Never { fatalError("\(Self.self) is a shape and has no body") }
    /// Builds a shape node filled with the foreground style (engine-internal).
    public static func _makeView(_ view: Self, inputs: _ViewInputs, outputs: inout _ViewOutputs) {
        _FilledShape(shape: view, ops: [.fill(nil, eoFill: false)])._build(inputs, &outputs)
    }

    /// Fills the shape with a style, as in SwiftUI.
    public func fill<S: ShapeStyle>(_ content: S, style: FillStyle = FillStyle()) -> _FilledShape<Self> {
        _FilledShape(shape: self, ops: [.fill(content._paint, eoFill: style.isEOFilled)])
    }
    /// Fills the shape with the foreground style, as in SwiftUI.
    public func fill(style: FillStyle = FillStyle()) -> _FilledShape<Self> {
        _FilledShape(shape: self, ops: [.fill(nil, eoFill: style.isEOFilled)])
    }
    /// Strokes the outline with `content`, the line centred on the outline (half of it outside
    /// the frame), as in SwiftUI. It doesn't change the layout.
    public func stroke<S: ShapeStyle>(_ content: S, style: StrokeStyle, antialiased: Bool = true) -> _FilledShape<Self> {
        _FilledShape(shape: self, ops: [.stroke(content._paint, style)])
    }
    /// Strokes the outline with `content`, `lineWidth` wide, centred on the outline, as in SwiftUI.
    public func stroke<S: ShapeStyle>(_ content: S, lineWidth: CGFloat = 1, antialiased: Bool = true) -> _FilledShape<Self> {
        stroke(content, style: StrokeStyle(lineWidth: lineWidth), antialiased: antialiased)
    }
    /// Strokes the outline with the foreground style, as in SwiftUI.
    public func stroke(style: StrokeStyle) -> _FilledShape<Self> { _FilledShape(shape: self, ops: [.stroke(nil, style)]) }
    /// Strokes the outline with the foreground style, `lineWidth` wide, as in SwiftUI (`stroke()` is a 1-point line).
    public func stroke(lineWidth: CGFloat = 1) -> _FilledShape<Self> { stroke(style: StrokeStyle(lineWidth: lineWidth)) }
}

/// A shape that can be inset, which `strokeBorder` uses to keep the stroke inside, as in SwiftUI.
public protocol InsettableShape: Shape {
    /// The type of the inset shape.
    associatedtype InsetShape: InsettableShape
    /// The shape inset by `amount` on every side, as in SwiftUI.
    func inset(by amount: CGFloat) -> InsetShape
}

extension InsettableShape {
    /// Strokes the shape inset by half the line width, so the stroke lies inside the frame, as in SwiftUI.
    public func strokeBorder<S: ShapeStyle>(_ content: S, style: StrokeStyle, antialiased: Bool = true) -> _FilledShape<Self> {
        _FilledShape(shape: self, ops: [.strokeBorder(content._paint, style, inset(by: style.lineWidth / 2)._shapeKind)])
    }
    /// Strokes the shape inside its frame with `content`, `lineWidth` wide, as in SwiftUI.
    public func strokeBorder<S: ShapeStyle>(_ content: S, lineWidth: CGFloat = 1, antialiased: Bool = true) -> _FilledShape<Self> {
        strokeBorder(content, style: StrokeStyle(lineWidth: lineWidth), antialiased: antialiased)
    }
    /// Strokes the shape inside its frame with the foreground style, as in SwiftUI.
    public func strokeBorder(style: StrokeStyle, antialiased: Bool = true) -> _FilledShape<Self> {
        _FilledShape(shape: self, ops: [.strokeBorder(nil, style, inset(by: style.lineWidth / 2)._shapeKind)])
    }
    /// Strokes the shape inside its frame with the foreground style, `lineWidth` wide, as in SwiftUI.
    public func strokeBorder(lineWidth: CGFloat = 1, antialiased: Bool = true) -> _FilledShape<Self> {
        strokeBorder(style: StrokeStyle(lineWidth: lineWidth), antialiased: antialiased)
    }
}

/// A shape with its fill and strokes resolved (what `fill`, `stroke` and `strokeBorder` return).
public struct _FilledShape<S: Shape>: View {
    /// One drawing operation on the shape.
    enum Op {
        /// Fill with a paint (nil: the foreground style).
        case fill(Paint?, eoFill: Bool)
        /// Stroke centred on the outline.
        case stroke(Paint?, StrokeStyle)
        /// Stroke centred on the outline of the inset shape given.
        case strokeBorder(Paint?, StrokeStyle, ShapeKind)
    }
    let shape: S
    var ops: [Op]
    init(shape: S, ops: [Op]) { self.shape = shape; self.ops = ops }
    /// Shapes build their own node and have no body.
    public var body: Never { fatalError("a filled shape has no body") }

    func _build(_ inputs: _ViewInputs, _ outputs: inout _ViewOutputs) {
        let kind = shape._shapeKind
        let node = LayoutNode(kind: .shape(kind), kindName: String(describing: S.self))
        node.structuralKey = inputs.key
        let foreground = inputs.environment.resolvedForeground
        for op in ops {
            switch op {
            case .fill(let paint, let eo):
                node.preItems.append(eo ? .fillEvenOdd(kind, paint ?? foreground) : .fill(kind, paint ?? foreground))
            case .stroke(let paint, let style):
                node.preItems.append(.strokePath(kind, paint ?? foreground, style.sanitized))
            case .strokeBorder(let paint, let style, let inset):
                let st = style.sanitized
                if st.isPlain, kind.isPrimitive {
                    // The renderer's exact inside stroke of a built-in shape (the fast path of `border`).
                    node.preItems.append(.stroke(kind, paint ?? foreground, lineWidth: st.lineWidth))
                } else {
                    node.preItems.append(.strokePath(inset, paint ?? foreground, st))
                }
            }
        }
        node.preItems = inputs.state.sharedDrawing(node.preItems)
        if inputs.environment.mirrors(shape.layoutDirectionBehavior) {
            // Its path is drawn mirrored in its frame, as SwiftUI mirrors a shape that `.mirrors`.
            node.preItems.insert(.beginEffect(.scale(x: -1, y: 1, anchor: CGPoint(x: 0.5, y: 0.5))), at: 0)
            node.postItems.append(.endEffect)
        }
        outputs.nodes.append(node)
    }
    /// Builds the shape node with its fill and strokes (engine-internal).
    public static func _makeView(_ view: Self, inputs: _ViewInputs, outputs: inout _ViewOutputs) { view._build(inputs, &outputs) }
}

extension _FilledShape {
    /// Strokes the outline over what is drawn already (`Circle().fill(.red).stroke(.blue)`, iOS 17).
    public func stroke<T: ShapeStyle>(_ content: T, style: StrokeStyle, antialiased: Bool = true) -> _FilledShape<S> {
        var copy = self
        copy.ops.append(.stroke(content._paint, style))
        return copy
    }
    /// Strokes the outline, `lineWidth` wide, over what is drawn already (iOS 17).
    public func stroke<T: ShapeStyle>(_ content: T, lineWidth: CGFloat = 1, antialiased: Bool = true) -> _FilledShape<S> {
        stroke(content, style: StrokeStyle(lineWidth: lineWidth), antialiased: antialiased)
    }
}

extension _FilledShape where S: InsettableShape {
    /// Strokes the border inside the frame over what is drawn already (iOS 17).
    public func strokeBorder<T: ShapeStyle>(_ content: T, style: StrokeStyle, antialiased: Bool = true) -> _FilledShape<S> {
        var copy = self
        copy.ops.append(.strokeBorder(content._paint, style, shape.inset(by: style.lineWidth / 2)._shapeKind))
        return copy
    }
    /// Strokes the border inside the frame, `lineWidth` wide, over what is drawn already (iOS 17).
    public func strokeBorder<T: ShapeStyle>(_ content: T, lineWidth: CGFloat = 1, antialiased: Bool = true) -> _FilledShape<S> {
        strokeBorder(content, style: StrokeStyle(lineWidth: lineWidth), antialiased: antialiased)
    }
}

extension Shape {
    /// The part of the shape's outline between the fractions `from` and `to` of its length, as in
    /// SwiftUI (`Circle().trim(from: 0, to: 0.7).stroke(…)` for a progress ring). A circle's
    /// outline starts at its rightmost point and turns clockwise on screen.
    public func trim(from startFraction: CGFloat = 0, to endFraction: CGFloat = 1) -> _TrimmedShape<Self> {
        _TrimmedShape(shape: self, from: startFraction, to: endFraction)
    }
}

extension Shape {
    /// The shape rotated by `angle` (clockwise on screen) about `anchor` of its frame, as in
    /// SwiftUI: a shape again, drawn rotated, in the same frame.
    public func rotation(_ angle: Angle, anchor: UnitPoint = .center) -> _TransformedShape<Self> {
        _TransformedShape(shape: self, kind: .rotation(angle.radians.isFinite ? angle.radians : 0), anchor: anchor)
    }
    /// The shape scaled by `x` and `y` about `anchor` of its frame, as in SwiftUI.
    public func scale(x: CGFloat = 1, y: CGFloat = 1, anchor: UnitPoint = .center) -> _TransformedShape<Self> {
        _TransformedShape(shape: self, kind: .scale(x.isFinite ? x : 1, y.isFinite ? y : 1), anchor: anchor)
    }
    /// The shape scaled by `scale` on both axes about `anchor` of its frame, as in SwiftUI.
    public func scale(_ scale: CGFloat, anchor: UnitPoint = .center) -> _TransformedShape<Self> {
        self.scale(x: scale, y: scale, anchor: anchor)
    }
}

/// A shape rotated or scaled about an anchor of its frame (what `rotation` and `scale` return,
/// as SwiftUI's `RotatedShape` and `ScaledShape`).
///
/// SwiftUI rule: its animatable data is the shape's, the angle or the scale, and the anchor, so
/// a circular reveal (`clipShape(Circle().scale(shown ? 1 : 0))`) grows when `shown` changes
/// with an animation.
public struct _TransformedShape<S: Shape>: Shape {
    enum Kind: Sendable { case rotation(Double), scale(CGFloat, CGFloat) }
    var shape: S
    var kind: Kind
    var anchor: UnitPoint
    /// The shape's data, then the angle in radians (rotations) or the two factors (scales), then
    /// the anchor's coordinates.
    public var animatableData: AnimatablePair<S.AnimatableData, AnimatablePair<AnimatablePair<Double, AnimatablePair<CGFloat, CGFloat>>,
                                                                          AnimatablePair<CGFloat, CGFloat>>> {
        get {
            let amount: AnimatablePair<Double, AnimatablePair<CGFloat, CGFloat>>
            switch kind {
            case .rotation(let r): amount = AnimatablePair(r, AnimatablePair(1, 1))
            case .scale(let x, let y): amount = AnimatablePair(0, AnimatablePair(x, y))
            }
            return AnimatablePair(shape.animatableData, AnimatablePair(amount, AnimatablePair(anchor.x, anchor.y)))
        }
        set {
            shape.animatableData = newValue.first
            let amount = newValue.second.first
            switch kind {
            case .rotation: kind = .rotation(amount.first)
            case .scale: kind = .scale(amount.second.first, amount.second.second)
            }
            anchor = UnitPoint(x: newValue.second.second.first, y: newValue.second.second.second)
        }
    }
    /// The shape's path in `rect`, transformed about the anchor.
    public func path(in rect: CGRect) -> Path {
        let ax = rect.minX + anchor.x * rect.width, ay = rect.minY + anchor.y * rect.height
        let t: CGAffineTransform
        switch kind {
        case .rotation(let r): t = CGAffineTransform(rotationAngle: CGFloat(r))
        case .scale(let x, let y): t = CGAffineTransform(scaleX: x, y: y)
        }
        let about = CGAffineTransform(translationX: -ax, y: -ay).concatenating(t).concatenating(CGAffineTransform(translationX: ax, y: ay))
        return shape.path(in: rect).applying(about)
    }
    /// The size of the shape it transforms.
    public func sizeThatFits(_ proposal: ProposedViewSize) -> CGSize { shape.sizeThatFits(proposal) }
}

/// A shape trimmed to part of its outline (what `trim(from:to:)` returns).
///
/// SwiftUI rule: its animatable data is the trimmed shape's and the two fractions, so a
/// progress ring's `trim(from: 0, to: progress)` grows along the outline when `progress`
/// changes with an animation.
public struct _TrimmedShape<S: Shape>: Shape {
    var shape: S
    var from: CGFloat, to: CGFloat
    /// The trimmed outline of the shape in `rect`.
    public func path(in rect: CGRect) -> Path { shape.path(in: rect).trimmedPath(from: from, to: to) }
    /// The size of the shape it trims.
    public func sizeThatFits(_ proposal: ProposedViewSize) -> CGSize { shape.sizeThatFits(proposal) }
    /// The shape trimmed, kept as the shape and its fractions (engine-internal).
    public var _shapeKind: ShapeKind { .trimmed(shape._shapeKind, from: from, to: to) }
    /// The trimmed shape's animatable data and the start and end fractions, as in SwiftUI.
    public var animatableData: AnimatablePair<S.AnimatableData, AnimatablePair<CGFloat, CGFloat>> {
        get { AnimatablePair(shape.animatableData, AnimatablePair(from, to)) }
        set { shape.animatableData = newValue.first; from = newValue.second.first; to = newValue.second.second }
    }
}

/// A rectangle, as in SwiftUI.
public struct Rectangle: InsettableShape {
    /// `.fixed`: symmetric, it looks the same either way (SwiftUI's built-in shapes are fixed).
    public var layoutDirectionBehavior: LayoutDirectionBehavior { .fixed }
    /// Creates a rectangle.
    public init() {}
    /// The rectangle filling `rect`.
    public func path(in rect: CGRect) -> Path { Path(rect) }
    /// A rectangle filling the frame (engine-internal).
    public var _shapeKind: ShapeKind { .rectangle }
    /// The rectangle inset by `amount`.
    public func inset(by amount: CGFloat) -> _InsetShape { _InsetShape(base: .rectangle, amount: amount) }
}
/// A rectangle with rounded corners, as in SwiftUI.
public struct RoundedRectangle: InsettableShape {
    /// `.fixed`: symmetric, it looks the same either way (SwiftUI's built-in shapes are fixed).
    public var layoutDirectionBehavior: LayoutDirectionBehavior { .fixed }
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
    /// The rounded rectangle filling `rect`.
    public func path(in rect: CGRect) -> Path { _shapeKind.path(in: rect) }
    /// A rounded rectangle filling the frame (engine-internal).
    public var _shapeKind: ShapeKind { .roundedRectangle(cornerRadius: min(cornerSize.width, cornerSize.height)) }
    /// The rounded rectangle inset by `amount`, its corner radius reduced by `amount`.
    public func inset(by amount: CGFloat) -> _InsetShape { _InsetShape(base: _shapeKind, amount: amount) }
}
/// A capsule: a rounded rectangle whose corner radius is half its shorter side, as in SwiftUI.
public struct Capsule: InsettableShape {
    /// `.fixed`: symmetric, it looks the same either way (SwiftUI's built-in shapes are fixed).
    public var layoutDirectionBehavior: LayoutDirectionBehavior { .fixed }
    /// Creates a capsule; `style` is accepted and ignored.
    public init(style: RoundedCornerStyle = .circular) {}
    /// The capsule filling `rect`.
    public func path(in rect: CGRect) -> Path { ShapeKind.capsule.path(in: rect) }
    /// A capsule filling the frame (engine-internal).
    public var _shapeKind: ShapeKind { .capsule }
    /// The capsule inset by `amount`.
    public func inset(by amount: CGFloat) -> _InsetShape { _InsetShape(base: .capsule, amount: amount) }
}
/// A circle centred in the frame, with the frame's shorter side as diameter, as in SwiftUI.
public struct Circle: InsettableShape {
    /// `.fixed`: symmetric, it looks the same either way (SwiftUI's built-in shapes are fixed).
    public var layoutDirectionBehavior: LayoutDirectionBehavior { .fixed }
    /// Creates a circle.
    public init() {}
    /// The circle centred in `rect`.
    public func path(in rect: CGRect) -> Path { ShapeKind.circle.path(in: rect) }
    /// A circle centred in the frame (engine-internal).
    public var _shapeKind: ShapeKind { .circle }
    /// The circle inset by `amount`.
    public func inset(by amount: CGFloat) -> _InsetShape { _InsetShape(base: .circle, amount: amount) }
}
/// An ellipse filling its frame, as in SwiftUI.
public struct Ellipse: InsettableShape {
    /// `.fixed`: symmetric, it looks the same either way (SwiftUI's built-in shapes are fixed).
    public var layoutDirectionBehavior: LayoutDirectionBehavior { .fixed }
    /// Creates an ellipse.
    public init() {}
    /// The ellipse inscribed in `rect`.
    public func path(in rect: CGRect) -> Path { Path(ellipseIn: rect) }
    /// An ellipse filling the frame (engine-internal).
    public var _shapeKind: ShapeKind { .ellipse }
    /// The ellipse inset by `amount`.
    public func inset(by amount: CGFloat) -> _InsetShape { _InsetShape(base: .ellipse, amount: amount) }
}

/// A rectangle with a radius of its own at each corner, as SwiftUI's `UnevenRoundedRectangle`
/// (iOS 17). Each radius is clamped to half the shorter side.
public struct UnevenRoundedRectangle: InsettableShape {
    /// The four corner radii.
    public var cornerRadii: RectangleCornerRadii
    /// The corner style (drawn circular either way).
    public var style: RoundedCornerStyle
    /// Creates a rectangle with the given corner radii.
    public init(cornerRadii: RectangleCornerRadii, style: RoundedCornerStyle = .continuous) {
        self.cornerRadii = cornerRadii; self.style = style
    }
    /// Creates a rectangle with a radius per corner (0 by default).
    public init(topLeadingRadius: CGFloat = 0, bottomLeadingRadius: CGFloat = 0, bottomTrailingRadius: CGFloat = 0,
                topTrailingRadius: CGFloat = 0, style: RoundedCornerStyle = .continuous) {
        self.init(cornerRadii: RectangleCornerRadii(topLeading: topLeadingRadius, bottomLeading: bottomLeadingRadius,
                                                    bottomTrailing: bottomTrailingRadius, topTrailing: topTrailingRadius),
                  style: style)
    }
    /// The outline in `rect`: straight sides joined by quarter circles.
    public func path(in rect: CGRect) -> Path {
        let r = rect.standardized
        let limit = min(r.width, r.height) / 2
        func c(_ v: CGFloat) -> CGFloat { v.isFinite ? min(max(v, 0), limit) : 0 }
        let tl = c(cornerRadii.topLeading), tr = c(cornerRadii.topTrailing)
        let br = c(cornerRadii.bottomTrailing), bl = c(cornerRadii.bottomLeading)
        var p = Path()
        p.move(to: CGPoint(x: r.minX + tl, y: r.minY))
        p.addArc(center: CGPoint(x: r.maxX - tr, y: r.minY + tr), radius: tr, startAngle: .degrees(-90), endAngle: .degrees(0), clockwise: false)
        p.addArc(center: CGPoint(x: r.maxX - br, y: r.maxY - br), radius: br, startAngle: .degrees(0), endAngle: .degrees(90), clockwise: false)
        p.addArc(center: CGPoint(x: r.minX + bl, y: r.maxY - bl), radius: bl, startAngle: .degrees(90), endAngle: .degrees(180), clockwise: false)
        p.addArc(center: CGPoint(x: r.minX + tl, y: r.minY + tl), radius: tl, startAngle: .degrees(180), endAngle: .degrees(270), clockwise: false)
        p.closeSubpath()
        return p
    }
    /// The rectangle inset by `amount`, each radius reduced by `amount`.
    public func inset(by amount: CGFloat) -> _InsetUnevenRoundedRectangle { _InsetUnevenRoundedRectangle(base: self, amount: amount) }
}

/// An `UnevenRoundedRectangle` inset on every side (its radii shrink by the same amount).
public struct _InsetUnevenRoundedRectangle: InsettableShape {
    let base: UnevenRoundedRectangle
    let amount: CGFloat
    /// The inset outline in `rect`.
    public func path(in rect: CGRect) -> Path {
        let a = amount.isFinite ? amount : 0
        let r = rect.insetBy(dx: a, dy: a)
        guard r.width >= 0, r.height >= 0 else { return Path() }
        let k = base.cornerRadii
        return UnevenRoundedRectangle(topLeadingRadius: max(k.topLeading - a, 0), bottomLeadingRadius: max(k.bottomLeading - a, 0),
                                      bottomTrailingRadius: max(k.bottomTrailing - a, 0), topTrailingRadius: max(k.topTrailing - a, 0),
                                      style: base.style).path(in: r)
    }
    /// The shape inset further.
    public func inset(by amount: CGFloat) -> _InsetUnevenRoundedRectangle { _InsetUnevenRoundedRectangle(base: base, amount: self.amount + amount) }
}

/// The radii of a rectangle's four corners, as in SwiftUI (iOS 17).
public struct RectangleCornerRadii: Hashable, Sendable {
    /// The top-leading corner's radius.
    public var topLeading: CGFloat
    /// The bottom-leading corner's radius.
    public var bottomLeading: CGFloat
    /// The bottom-trailing corner's radius.
    public var bottomTrailing: CGFloat
    /// The top-trailing corner's radius.
    public var topTrailing: CGFloat
    /// Creates corner radii (0 by default).
    public init(topLeading: CGFloat = 0, bottomLeading: CGFloat = 0, bottomTrailing: CGFloat = 0, topTrailing: CGFloat = 0) {
        self.topLeading = topLeading; self.bottomLeading = bottomLeading
        self.bottomTrailing = bottomTrailing; self.topTrailing = topTrailing
    }
}

extension Shape where Self == UnevenRoundedRectangle {
    /// A rectangle with a radius per corner (`.rect(topLeadingRadius:…)`, iOS 17).
    public static func rect(topLeadingRadius: CGFloat = 0, bottomLeadingRadius: CGFloat = 0, bottomTrailingRadius: CGFloat = 0,
                            topTrailingRadius: CGFloat = 0, style: RoundedCornerStyle = .continuous) -> UnevenRoundedRectangle {
        UnevenRoundedRectangle(topLeadingRadius: topLeadingRadius, bottomLeadingRadius: bottomLeadingRadius,
                               bottomTrailingRadius: bottomTrailingRadius, topTrailingRadius: topTrailingRadius, style: style)
    }
}

/// A built-in shape inset on every side, as SwiftUI's `Rectangle._Inset`, `Circle._Inset`, ….
public struct _InsetShape: InsettableShape {
    let base: ShapeKind
    let amount: CGFloat
    /// The inset shape in `rect`.
    public func path(in rect: CGRect) -> Path { _shapeKind.path(in: rect) }
    /// The base shape inset (engine-internal).
    public var _shapeKind: ShapeKind { .inset(base, by: amount.isFinite ? amount : 0) }
    /// The shape inset further.
    public func inset(by amount: CGFloat) -> _InsetShape { _InsetShape(base: base, amount: self.amount + amount) }
}

extension Shape where Self == Rectangle {
    /// A rectangle (`.rect`).
    public static var rect: Rectangle { Rectangle() }
}
extension Shape where Self == RoundedRectangle {
    /// A rounded rectangle with corner radius `cornerRadius` (`.rect(cornerRadius:)`).
    public static func rect(cornerRadius: CGFloat, style: RoundedCornerStyle = .continuous) -> RoundedRectangle {
        RoundedRectangle(cornerRadius: cornerRadius, style: style)
    }
}
extension Shape where Self == Capsule {
    /// A capsule (`.capsule`).
    public static var capsule: Capsule { Capsule() }
}
extension Shape where Self == Circle {
    /// A circle (`.circle`).
    public static var circle: Circle { Circle() }
}
extension Shape where Self == Ellipse {
    /// An ellipse (`.ellipse`).
    public static var ellipse: Ellipse { Ellipse() }
}


extension Path: Shape {
    /// The path itself, wherever `rect` is: a path draws in its own coordinates, as in SwiftUI.
    public func path(in rect: CGRect) -> Path { self }
}


extension _ShapeResolver {
    /// Asks `shape` for its path and size whenever the view is drawn or measured. A shape with
    /// animatable data can also be mixed with another of its type: SwiftUI animates a shape by
    /// asking its path at data interpolated between the old and the new value.
    convenience init<S: Shape>(_ shape: S) {
        guard S.AnimatableData.self != EmptyAnimatableData.self else {
            self.init(path: { shape.path(in: $0) }, sizeThatFits: { shape.sizeThatFits($0) })
            return
        }
        self.init(path: { shape.path(in: $0) }, sizeThatFits: { shape.sizeThatFits($0) }, shapeValue: shape,
                  mixing: { other, fraction in
                      guard let end = other.shapeValue as? S else { return nil }
                      var mixed = shape
                      mixed.animatableData = shape.animatableData.interpolated(towards: end.animatableData, amount: fraction)
                      return _ShapeResolver(mixed)
                  },
                  distance: { other in
                      guard let end = other.shapeValue as? S else { return nil }
                      return (end.animatableData - shape.animatableData).magnitudeSquared
                  })
    }
}
