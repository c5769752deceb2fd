import Foundation
import LayoutCore

/// A view that displays an image, as in SwiftUI.
///
/// Sizing follows SwiftUI: an image is its natural size whatever it is offered (it is not
/// flexible), unless it is `resizable()`, when it takes each proposed dimension and its natural
/// size for unspecified ones (combine with `aspectRatio`/`scaledToFit` to keep its ratio).
/// - System symbols (`Image(systemName:)`) are drawn from LayoutLab's symbol table
///   (Resources/symbols/sf-symbols.tsv: Adwaita's symbolic icons and LayoutLab's own drawings,
///   see Resources/symbols/README.md). Their natural size is a square of the current font's point size
///   (×0.75 small, ×1 medium, ×1.35 large `imageScale`); they take the foreground style, the
///   font's weight, `symbolRenderingMode` and `symbolVariant`, and have a text baseline that
///   puts their centre on the middle of the font's capitals, as SF Symbols sit beside text. An
///   unknown name is drawn as a dashed box labelled with the name, with a diagnostic.
/// - Named images (`Image("Logo")`, `Image(.logo)`) are the image sets of the asset catalogs
///   the preview build found (`AssetCatalog`: PNG files drawn at their point size), else the
///   size registered with `ImageAssets.register(_:size:)` drawn as a grey box; an unknown name
///   is 0×0 (SwiftUI draws nothing) with a diagnostic.
public struct Image: PrimitiveView {
    enum Source: Hashable { case system(String), named(String) }
    let source: Source
    var isResizable = false
    /// The rendering mode set on this image itself (it wins over the environment's).
    var symbolMode: SymbolRenderingMode? = nil

    /// Creates a system symbol image: a square of the current font's size, scaled by `imageScale`.
    public init(systemName: String) { source = .system(systemName) }
    /// Creates a system symbol image with a variable value, as in SwiftUI (LayoutLab's symbols
    /// have no variable layers: the whole symbol is drawn whatever the value).
    public init(systemName: String, variableValue: Double?) { source = .system(systemName) }
    /// Creates the image of an asset catalog's image set (or of a name registered with
    /// `ImageAssets.register(_:size:)`); an unknown name is 0×0.
    public init(_ name: String, bundle: Bundle? = nil) { source = .named(name) }

    /// The image scale of symbols, as in SwiftUI.
    public enum Scale: Hashable, Sendable { case small, medium, large }
    /// How a resizable image fills its space.
    public enum ResizingMode: Hashable, Sendable { case tile, stretch }

    /// Makes the image take the space it is offered.
    public func resizable(capInsets: EdgeInsets = EdgeInsets(), resizingMode: ResizingMode = .stretch) -> Image {
        var copy = self
        copy.isResizable = true
        return copy
    }

    /// Builds the image node at its natural size, resizable or not (engine-internal).
    public static func _makeView(_ view: Self, inputs: _ViewInputs, outputs: inout _ViewOutputs) {
        let env = inputs.environment
        switch view.source {
        case .system(let requested):
            let font = env.textStyling.apply(to: (env.font ?? .body).scaled(for: env.dynamicTypeSize))
            let metrics = SymbolMetrics(pointSize: font.size, scale: env.imageScale)
            let name = SymbolCatalog.resolvedName(requested, variants: env.symbols.variants)
            let natural = CGSize(width: metrics.side, height: metrics.side)
            let node = LayoutNode(kind: .image(ImageLeaf(natural: natural, resizable: view.isResizable, baseline: metrics.baseline)),
                                  kindName: "Image")
            node.structuralKey = inputs.key
            if let parts = SymbolCatalog.artwork(named: name) {
                node.detail = "\(name) \(formatLength(natural.width))×\(formatLength(natural.height))\(view.isResizable ? " resizable" : "")"
                node.preItems = SymbolDrawing.items(parts, environment: env, mode: view.symbolMode ?? env.symbols.renderingMode,
                                                   weight: font.weight, side: metrics.side)
            } else {
                node.detail = "unknown symbol \(requested) \(formatLength(natural.width))×\(formatLength(natural.height))"
                inputs.state.diagnostics.append(("unknown SF Symbol '\(requested)' (drawn as a placeholder)", nil))
                node.preItems = SymbolDrawing.placeholder(named: requested, side: metrics.side, environment: env)
            }
            outputs.nodes.append(node)
        case .named(let n):
            var natural = CGSize.zero
            var items: [DisplayItem.Kind] = [.fill(.rectangle, .hierarchical(3)), .stroke(.rectangle, .hierarchical(2), lineWidth: 1)]
            if let set = AssetCatalog.image(named: n) {
                if set.isDrawable {
                    natural = set.size
                    items = [.bitmap(path: set.path)]
                } else {
                    natural = ImageAssets.size(of: n) ?? CGSize(width: 40, height: 40)
                    inputs.state.diagnostics.append(("image \"\(n)\" is \((set.path as NSString).lastPathComponent), which LayoutLab does not draw (PNG only); it is a placeholder", nil))
                }
            } else if let size = ImageAssets.size(of: n) {
                natural = size
            } else {
                inputs.state.diagnostics.append(("no image named \"\(n)\" in the asset catalogs (or ImageAssets.register); it is 0×0, as SwiftUI draws a missing image", nil))
            }
            let node = LayoutNode(kind: .image(ImageLeaf(natural: natural, resizable: view.isResizable)), kindName: "Image")
            node.structuralKey = inputs.key
            node.detail = "\(n) \(formatLength(natural.width))×\(formatLength(natural.height))\(view.isResizable ? " resizable" : "")"
            node.preItems = items
            outputs.nodes.append(node)
        }
    }
}

/// The natural sizes of named images (Linux has no asset catalog).
public enum ImageAssets {
    private static let sizes = Locked<[String: CGSize]>([:])

    /// Registers the natural size of a named image.
    public static func register(_ name: String, size: CGSize) {
        let natural = CGSize(width: size.width.isFinite ? max(size.width, 0) : 0, height: size.height.isFinite ? max(size.height, 0) : 0)
        sizes.withLock { $0[name] = natural }
    }

    static func size(of name: String) -> CGSize? {
        sizes.withLock { $0[name] }
    }
}

extension View {
    /// Sets the scale of symbol images in the view, as in SwiftUI.
    public func imageScale(_ scale: Image.Scale) -> some View { withEnvironment { $0.imageScale = scale } }
}
