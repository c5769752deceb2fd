import Foundation

/// A run of text to draw, with what the layout measured it with.
public struct TextRun: Hashable, Sendable, Codable {
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
    /// The index in `LayoutResult.views` of the view whose frame this item draws in.
    public var view: Int
    /// What to draw.
    public var kind: Kind
    /// Creates an item that draws `kind` in the frame of view `view`.
    public init(view: Int, kind: Kind) { self.view = view; self.kind = kind }
}
