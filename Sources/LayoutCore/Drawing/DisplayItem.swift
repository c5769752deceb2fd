import Foundation

/// A run of text to draw, with what the layout measured it with.
public struct TextRun: Hashable, Sendable, Codable {
    /// Creates the value from its parts (the memberwise initializer, for the SwiftUI surface).
    package init(string: String, font: Font, paint: Paint, alignment: TextAlignment, lineLimit: Int?) {
        self.string = string; self.font = font; self.paint = paint; self.alignment = alignment; self.lineLimit = lineLimit
    }
    /// The text to draw.
    public var string: String
    /// The font the text was measured with.
    public var font: Font
    /// What the glyphs are filled with.
    public var paint: Paint
    /// How lines align horizontally within the frame.
    public var alignment: TextAlignment
    /// The maximum number of lines, if limited.
    public var lineLimit: Int?
    /// How the words change in an animated change, when not the default cross-fade.
    public var contentTransition: TextContentTransition? = nil
}

/// How a text's words change in an animated change, as SwiftUI's `ContentTransition` (nil in a
/// `TextRun`: `.opacity`, the default cross-fade).
public enum TextContentTransition: Hashable, Sendable, Codable {
    /// The new words replace the old at once (`.identity`).
    case identity
    /// Digits roll (`.numericText(countsDown:)`); drawn as the cross-fade.
    case numericText(countsDown: Bool)
    /// The glyphs interpolate (`.interpolate`); drawn as the cross-fade.
    case interpolate
}

/// One drawing operation. Each item draws in the frame of its view (`view` indexes
/// `LayoutResult.views`), so an animation can move views by changing frames alone.
public struct DisplayItem: Hashable, Sendable, Codable {
    /// What a display item draws.
    public enum Kind: Hashable, Sendable, Codable {
        /// Fill the shape that fits the view's frame.
        case fill(ShapeKind, Paint)
        /// Stroke the shape inside the view's frame (`border`, `strokeBorder`).
        case stroke(ShapeKind, Paint, lineWidth: CGFloat)
        /// Fill the shape with the even-odd rule (`fill(style: FillStyle(eoFill: true))`).
        case fillEvenOdd(ShapeKind, Paint)
        /// Stroke the shape's outline with the line centred on it (`stroke`, and `strokeBorder` of an inset shape).
        case strokePath(ShapeKind, Paint, StrokeStyle)
        /// Draw text laid out in the view's frame width.
        case text(TextRun)
        /// A linear progress bar: a track and a filled fraction.
        case progress(fraction: Double, track: Paint, bar: Paint)
        /// The PNG file at `path` (an asset catalog's image), scaled to fill the frame; a file
        /// that cannot be read draws nothing.
        case bitmap(path: String)
        /// Clip what follows, until the matching `endClip`, to the shape in the view's frame.
        case beginClip(ShapeKind)
        /// Ends the clip of the matching `beginClip`.
        case endClip
        /// Composite what follows, until the matching `endGroup`, with `opacity`, as one layer
        /// (`compositingGroup`): an `opacity` outside it applies to the layer, not to each view.
        case beginGroup(opacity: Double)
        /// Ends the layer of the matching `beginGroup`.
        case endGroup
        /// Multiply the opacity of each view drawn until the matching `endOpacity` by `opacity`
        /// (`opacity(_:)`: SwiftUI applies it to every view inside, so overlaps show through,
        /// unless a `compositingGroup` flattens them first).
        case beginOpacity(Double)
        /// Ends the opacity of the matching `beginOpacity`.
        case endOpacity
        /// Draw what follows, until the matching `endEffect`, through a geometric or visual
        /// effect computed in the view's frame (scale, rotation, shadow, blur).
        case beginEffect(VisualEffect)
        /// Ends the effect of the matching `beginEffect`.
        case endEffect
        /// Draw what follows (the masked view) until `beginMaskShape`, then the mask until
        /// `endMask`; the view shows where the mask is opaque (`mask`).
        case beginMask
        /// What follows, until `endMask`, is the mask.
        case beginMaskShape
        /// Ends a mask: the view shows where the mask is opaque.
        case endMask
    }
    /// The index in `LayoutResult.views` of the view whose frame this item draws in.
    public var view: Int
    /// What to draw.
    public var kind: Kind
    /// Creates an item that draws `kind` in the frame of view `view`.
    public init(view: Int, kind: Kind) { self.view = view; self.kind = kind }
}

/// A drawing effect applied to a view and everything inside it, in the view's frame. None of
/// them changes the layout, as in SwiftUI.
public enum VisualEffect: Hashable, Sendable, Codable {
    /// `scaleEffect`: scale by (x, y) about the unit point `anchor` of the frame.
    case scale(x: CGFloat, y: CGFloat, anchor: CGPoint)
    /// `rotationEffect`: rotate by `radians` (clockwise on screen) about the unit point `anchor`.
    case rotation(radians: Double, anchor: CGPoint)
    /// `shadow`: a blurred copy of the content's silhouette in `color`, offset by (x, y), drawn behind it.
    case shadow(color: Color, radius: CGFloat, x: CGFloat, y: CGFloat)
    /// `blur`: a Gaussian blur of the content; `opaque` keeps the edges opaque.
    case blur(radius: CGFloat, opaque: Bool)
    /// `transition`: the view's insertion and removal effects. At rest it draws the content as
    /// is; while the view is inserted or removed, an animation frame's transform for this view
    /// (`AnimationFrame.transforms`) moves and scales everything inside.
    case transition(ViewTransition)
}
