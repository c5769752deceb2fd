import Foundation
import LayoutCore

/// A view that displays one or more lines of read-only text, as in SwiftUI.
///
/// Its ideal size is the text on one line (hard line breaks kept); proposed a narrower width, it
/// wraps at word boundaries and reports the widest line; a height too small for every line
/// truncates to the lines that fit (at least one). It exposes first and last text baselines.
public struct Text: PrimitiveView, Equatable {
    let string: String
    var font: Font?
    /// Text-level font changes (`bold()`, `italic()`, …), applied over the resolved font.
    var styling = TextStyling()
    /// The text's own color (`Text.foregroundColor`/`foregroundStyle`), over the environment's.
    var paint: Paint? = nil
    /// Creates text that displays `content` as is (a string variable is not read as markdown, as in SwiftUI).
    @_disfavoredOverload public init<S: StringProtocol>(_ content: S) { string = String(content) }
    /// Creates text that displays `content` as is.
    public init(verbatim content: String) { string = content }
    init(string: String, font: Font?, styling: TextStyling) { self.string = string; self.font = font; self.styling = styling }

    /// The text with a font.
    public func font(_ font: Font?) -> Text { var t = self; t.font = font; return t }
    /// The text in bold, as in SwiftUI: its font (its own, else the environment's) at weight 700.
    public func bold() -> Text { bold(true) }
    /// The text in bold when `isActive`, as in SwiftUI.
    public func bold(_ isActive: Bool) -> Text { var t = self; if isActive { t.styling.weight = .bold }; return t }
    /// The text in italics, as in SwiftUI.
    public func italic() -> Text { italic(true) }
    /// The text in italics when `isActive`, as in SwiftUI.
    public func italic(_ isActive: Bool) -> Text { var t = self; if isActive { t.styling.italic = true }; return t }
    /// The text at a font weight, as in SwiftUI.
    public func fontWeight(_ weight: Font.Weight?) -> Text { var t = self; if let weight { t.styling.weight = weight }; return t }
    /// The text in a font design (serif, rounded, monospaced), as in SwiftUI.
    public func fontDesign(_ design: Font.Design?) -> Text { var t = self; if let design { t.styling.design = design }; return t }
    /// The text with digits of one width, as in SwiftUI: a counter doesn't jitter as it changes.
    public func monospacedDigit() -> Text { var t = self; t.styling.monospacedDigit = true; return t }
    /// The text in the monospaced design when `isActive`, as in SwiftUI.
    public func monospaced(_ isActive: Bool = true) -> Text { var t = self; if isActive { t.styling.design = .monospaced }; return t }

    /// Builds a text node measured with the text's font, else the environment's, else `.body`,
    /// with the environment's and then the text's own weight, italics, design and digit changes
    /// (engine-internal).
    public static func _makeView(_ view: Self, inputs: _ViewInputs, outputs: inout _ViewOutputs) {
        let env = inputs.environment
        let font = view.styling.apply(to: env.textStyling.apply(to: view.font ?? env.font ?? .body)).scaled(for: env.dynamicTypeSize)
        // `textCase` changes the string that is measured and drawn, as in SwiftUI.
        let shown = env.textCase.map { $0 == .uppercase ? view.string.uppercased() : view.string.lowercased() } ?? view.string
        var content = TextContent(string: shown, font: font, lineLimit: env.lineLimit)
        content.minimumLines = env.minimumLines
        content.minimumScaleFactor = env.minimumScaleFactor
        let node = LayoutNode(kind: .text(content), kindName: "Text")
        node.detail = "\"\(view.string.count > 40 ? String(view.string.prefix(40)) + "…" : view.string)\""
        node.structuralKey = inputs.key
        var run = TextRun(string: shown, font: font, paint: view.paint ?? env.resolvedForeground,
                          alignment: env.drawnTextAlignment, lineLimit: env.lineLimit)
        run.contentTransition = env.textStyling.contentTransition
        node.preItems = [.text(run)]
        outputs.nodes.append(node)
    }
}

/// Font changes made to text by `bold()`, `italic()`, `fontWeight`, `fontDesign` and
/// `monospacedDigit()`, kept apart from the font so that they apply over whatever font the text
/// ends up with, as in SwiftUI (`Text("a").bold()` inside `.font(.title)` is a bold title).
struct TextStyling: Hashable, Sendable {
    var weight: Font.Weight? = nil
    var italic = false
    var design: Font.Design? = nil
    var monospacedDigit = false
    /// The content transition of the text inside (nil: the default cross-fade).
    var contentTransition: TextContentTransition? = nil
    func apply(to font: Font) -> Font {
        var f = font
        if let weight { f.weight = weight }
        if italic { f.isItalic = true }
        if let design { f.design = design }
        if monospacedDigit { f.usesMonospacedDigits = true }
        return f
    }
}

extension Color: PrimitiveView {
    /// Builds a rectangle node filled with the color (engine-internal).
    public static func _makeView(_ view: Self, inputs: _ViewInputs, outputs: inout _ViewOutputs) {
        outputs.nodes.append(LayoutNode(kind: .shape(.rectangle), kindNameID: ViewKindNames.color, structuralKey: inputs.key,
                                        preItems: inputs.state.fill(view)))
    }
}

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
        // A negative minimum is kept (the LeafRules article, and measured on device: it shortens the stack);
        // NaN and infinite minimums count as 0.
        self.minLength = minLength.map { $0.isFinite ? $0 : 0 }
    }
    /// Builds the spacer node (engine-internal).
    public static func _makeView(_ view: Self, inputs: _ViewInputs, outputs: inout _ViewOutputs) {
        let node = LayoutNode(kind: .spacer(SpacerLeaf(minLength: view.minLength)), kindName: "Spacer")
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
        if let collector = inputs.environment.buttonCollector {
            // In a menu's or an alert's actions: a separator between the buttons, not a view.
            collector.separate?()
            return
        }
        let node = LayoutNode(kind: .divider(DividerLeaf()), kindName: "Divider")
        node.structuralKey = inputs.key
        node.preItems = [.fill(.rectangle, .hierarchical(3))]
        outputs.nodes.append(node)
    }
}
