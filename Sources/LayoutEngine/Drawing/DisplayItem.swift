import Foundation

/// A run of text to draw, with what the layout measured it with.
public struct TextRun: Hashable, Sendable {
    public var string: String
    public var font: Font
    public var paint: Paint
    public var alignment: TextAlignment
    /// The maximum number of lines, if limited.
    public var lineLimit: Int?
}

/// One drawing operation. Each item draws in the frame of its view (`view` indexes
/// `LayoutResult.views`), so an animation can move views by changing frames alone.
public struct DisplayItem: Hashable, Sendable {
    public enum Kind: Hashable, Sendable {
        /// Fill the shape that fits the view's frame.
        case fill(ShapeKind, Paint)
        /// Stroke the shape inside the view's frame (`border`, `strokeBorder`).
        case stroke(ShapeKind, Paint, lineWidth: CGFloat)
        /// Draw text laid out in the view's frame width.
        case text(TextRun)
        /// A linear progress bar: a track and a filled fraction.
        case progress(fraction: Double, track: Paint, bar: Paint)
        /// Clip what follows, until the matching `endClip`, to the shape in the view's frame.
        case beginClip(ShapeKind)
        case endClip
        /// Composite what follows, until the matching `endGroup`, with `opacity`.
        case beginGroup(opacity: Double)
        case endGroup
    }
    public var view: Int
    public var kind: Kind
    public init(view: Int, kind: Kind) { self.view = view; self.kind = kind }
}
