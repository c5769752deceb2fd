import Foundation
import LayoutCore

/// A view that displays an image, as in SwiftUI.
///
/// Sizing follows SwiftUI: an image is its natural size whatever it is offered (it is not
/// flexible), unless it is `resizable()`, when it takes each proposed dimension and its natural
/// size for unspecified ones (combine with `aspectRatio`/`scaledToFit` to keep its ratio).
/// - System symbols (`Image(systemName:)`) have no artwork on Linux: their natural size is a
///   square of the current font's size (×0.75 small, ×1 medium, ×1.35 large `imageScale`), and
///   they are drawn as a rounded badge in the foreground style.
/// - Named images take the size registered with `ImageAssets.register(_:size:)`; an unknown
///   name is 0×0 with a diagnostic.
public struct Image: PrimitiveView {
    enum Source: Hashable { case system(String), named(String) }
    let source: Source
    var isResizable = false

    /// Creates a system symbol image: a square of the current font's size, scaled by `imageScale`.
    public init(systemName: String) { source = .system(systemName) }
    /// Creates an image of a name registered with `ImageAssets.register(_:size:)`; an unknown name is 0×0.
    public init(_ name: String) { source = .named(name) }

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
        let natural: CGSize
        let name: String
        switch view.source {
        case .system(let n):
            let factor: CGFloat = env.imageScale == .small ? 0.75 : env.imageScale == .large ? 1.35 : 1
            let side = (env.font ?? .body).scaled(for: env.dynamicTypeSize).size * factor
            natural = CGSize(width: side, height: side)
            name = n
        case .named(let n):
            name = n
            if let size = ImageAssets.size(of: n) { natural = size } else {
                natural = .zero
                inputs.state.diagnostics.append(("no image named \"\(n)\" is registered (ImageAssets.register); it is 0×0", nil))
            }
        }
        let node = LayoutNode(kind: .image(ImageLeaf(natural: natural, resizable: view.isResizable)), kindName: "Image")
        node.structuralKey = inputs.key
        node.detail = "\(name) \(formatLength(natural.width))×\(formatLength(natural.height))\(view.isResizable ? " resizable" : "")"
        switch view.source {
        case .system:
            node.preItems = [.fill(.roundedRectangle(cornerRadius: natural.width * 0.25), env.resolvedForeground),
                             .stroke(.roundedRectangle(cornerRadius: natural.width * 0.25), env.resolvedForeground, lineWidth: 1)]
        case .named:
            node.preItems = [.fill(.rectangle, .hierarchical(3)), .stroke(.rectangle, .hierarchical(2), lineWidth: 1)]
        }
        outputs.nodes.append(node)
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
