import Foundation
import LayoutCore

extension View {
    /// Adds a border inside the view's frame, as in SwiftUI. It doesn't change the layout.
    public func border<S: ShapeStyle>(_ content: S, width: CGFloat = 1) -> some View {
        changeEach { n, _ in n.postItems.append(.stroke(.rectangle, content._paint, lineWidth: width.isFinite ? max(width, 0) : 1)) }
    }

    /// Clips the view to a shape in its frame, as in SwiftUI. It doesn't change the layout.
    public func clipShape<S: Shape>(_ shape: S) -> some View {
        let kind = shape._shapeKind
        return changeEach { n, _ in
            n.preItems.insert(.beginClip(kind), at: 0)
            n.postItems.append(.endClip)
        }
    }
    /// Clips the view to its frame.
    public func clipped() -> some View { clipShape(Rectangle()) }
    /// Clips the view to a rounded rectangle.
    public func cornerRadius(_ radius: CGFloat, antialiased: Bool = true) -> some View { clipShape(RoundedRectangle(cornerRadius: radius)) }

    /// Sets the transparency of the view, as in SwiftUI: every view inside is drawn with the
    /// opacity (overlapping views show through each other) unless a `compositingGroup()` inside
    /// flattens them into one layer first.
    public func opacity(_ opacity: Double) -> some View {
        let o = opacity.isFinite ? min(max(opacity, 0), 1) : 1
        return changeEach { n, _ in
            n.preItems.insert(.beginOpacity(o), at: 0)
            n.postItems.append(.endOpacity)
        }
    }
    /// Hides the view; it still takes part in layout.
    public func hidden() -> some View { opacity(0) }

    /// Sets the style of text and shapes in the view, as in SwiftUI; a symbol's other layers
    /// derive theirs from it again (the secondary and tertiary styles set further out end here).
    public func foregroundStyle<S: ShapeStyle>(_ style: S) -> some View {
        let paint = style._paint
        return withEnvironment { $0.foregroundStyle = paint; $0.symbols.extraStyles = [] }
    }
    /// Sets the color of text and shapes in the view, as in SwiftUI.
    public func foregroundColor(_ color: Color?) -> some View { withEnvironment { $0.foregroundStyle = color.map { .color($0) } } }
    /// Sets the accent color of controls in the view, as in SwiftUI.
    public func tint(_ tint: Color?) -> some View { withEnvironment { $0.tint = tint.map { .color($0) } } }
    /// Sets the default font of text in the view, as in SwiftUI.
    public func font(_ font: Font?) -> some View { withEnvironment { $0.font = font } }
    /// Sets the font weight of text in the view, as in SwiftUI (iOS 16): it applies over each
    /// text's font, its own or the environment's.
    public func fontWeight(_ weight: Font.Weight?) -> some View {
        withEnvironment { env in if let weight { env.textStyling.weight = weight } }
    }
    /// Makes text in the view bold when `isActive`, as in SwiftUI (iOS 16).
    public func bold(_ isActive: Bool = true) -> some View {
        withEnvironment { env in if isActive { env.textStyling.weight = .bold } }
    }
    /// Makes text in the view italic when `isActive`, as in SwiftUI (iOS 16).
    public func italic(_ isActive: Bool = true) -> some View {
        withEnvironment { env in if isActive { env.textStyling.italic = true } }
    }
    /// Sets the font design of text in the view, as in SwiftUI (iOS 16.1).
    public func fontDesign(_ design: Font.Design?) -> some View {
        withEnvironment { env in if let design { env.textStyling.design = design } }
    }
    /// Gives digits of text in the view one width each, as in SwiftUI (iOS 15).
    public func monospacedDigit() -> some View { withEnvironment { $0.textStyling.monospacedDigit = true } }
    /// Sets text in the view in the monospaced design when `isActive`, as in SwiftUI (iOS 16).
    public func monospaced(_ isActive: Bool = true) -> some View {
        withEnvironment { env in if isActive { env.textStyling.design = .monospaced } }
    }
    /// Limits the number of lines of text in the view, as in SwiftUI.
    public func lineLimit(_ number: Int?) -> some View { withEnvironment { $0.lineLimit = number.map { max(1, $0) } } }
    /// Sets the alignment of multi-line text in the view, as in SwiftUI.
    public func multilineTextAlignment(_ alignment: TextAlignment) -> some View { withEnvironment { $0.multilineTextAlignment = alignment } }
    /// Sets an environment value for the view, as in SwiftUI.
    public func environment<V>(_ keyPath: WritableKeyPath<EnvironmentValues, V>, _ value: V) -> some View {
        withEnvironment { $0[keyPath: keyPath] = value }
    }
}

// MARK: - Effects (drawing only: none of them changes the layout, as in SwiftUI)

extension View {
    /// Wraps the view's drawing in an effect, computed in the view's frame when drawn.
    func effect(_ e: VisualEffect) -> _ModifiedView<Self> {
        changeEach { n, _ in
            n.preItems.insert(.beginEffect(e), at: 0)
            n.postItems.append(.endEffect)
        }
    }

    /// Draws a shadow behind the view, as in SwiftUI: the view's silhouette in `color`, blurred
    /// by `radius` and offset by (`x`, `y`). It doesn't change the layout.
    ///
    /// The default color is black at 33% opacity, SwiftUI's. The blur is Gaussian with a
    /// standard deviation of `radius / 2` (a choice: SwiftUI does not document the kernel).
    public func shadow(color: Color = Color.black.opacity(0.33), radius: CGFloat, x: CGFloat = 0, y: CGFloat = 0) -> some View {
        effect(.shadow(color: color, radius: radius.isFinite ? max(radius, 0) : 0,
                       x: x.isFinite ? x : 0, y: y.isFinite ? y : 0))
    }

    /// Scales the view's drawing by `scale` about `anchor`, as in SwiftUI. It doesn't change the layout.
    public func scaleEffect(_ scale: CGSize, anchor: UnitPoint = .center) -> some View {
        effect(.scale(x: scale.width.isFinite ? scale.width : 1, y: scale.height.isFinite ? scale.height : 1,
                      anchor: CGPoint(x: anchor.x, y: anchor.y)))
    }
    /// Scales the view's drawing by `s` on both axes about `anchor`, as in SwiftUI.
    public func scaleEffect(_ s: CGFloat, anchor: UnitPoint = .center) -> some View {
        scaleEffect(CGSize(width: s, height: s), anchor: anchor)
    }
    /// Scales the view's drawing by `x` and `y` about `anchor`, as in SwiftUI.
    public func scaleEffect(x: CGFloat = 1.0, y: CGFloat = 1.0, anchor: UnitPoint = .center) -> some View {
        scaleEffect(CGSize(width: x, height: y), anchor: anchor)
    }

    /// Rotates the view's drawing by `angle` (clockwise on screen) about `anchor`, as in SwiftUI.
    /// It doesn't change the layout.
    public func rotationEffect(_ angle: Angle, anchor: UnitPoint = .center) -> some View {
        effect(.rotation(radians: angle.radians.isFinite ? angle.radians : 0, anchor: CGPoint(x: anchor.x, y: anchor.y)))
    }

    /// Blurs the view's drawing, as in SwiftUI (Gaussian, standard deviation `radius / 2`; with
    /// `opaque` the result keeps the content's opacity at the edges). It doesn't change the layout.
    public func blur(radius: CGFloat, opaque: Bool = false) -> some View {
        effect(.blur(radius: radius.isFinite ? max(radius, 0) : 0, opaque: opaque))
    }

    /// Composites the view's drawing as one layer before effects outside it apply, as in SwiftUI
    /// (an opacity outside applies to the flattened layer, not to each view).
    public func compositingGroup() -> some View {
        changeEach { n, _ in
            n.preItems.insert(.beginGroup(opacity: 1), at: 0)
            n.postItems.append(.endGroup)
        }
    }

    /// Masks the view with the opacity of `mask`, as in SwiftUI: the mask is laid out as an
    /// overlay (proposed this view's size, aligned by `alignment`) and never changes the layout.
    public func mask<Mask: View>(alignment: Alignment = .center, @ViewBuilder _ mask: () -> Mask) -> some View {
        masked(ZStack { mask() }, alignment: alignment)
    }
    /// Masks the view with the opacity of `mask`, centred on it (SwiftUI's older form).
    public func mask<Mask: View>(_ mask: Mask) -> some View { masked(mask, alignment: .center) }

    private func masked<Mask: View>(_ mask: Mask, alignment: Alignment) -> _ModifiedView<Self> {
        // Laid out as an overlay; drawn as [beginMask, view, beginMaskShape, mask, endMask].
        layeredNodes(mask, kind: .overlay(LayeredLayout(alignment: alignment)), kindName: "mask", key: 0x6d61) { wrapper, second in
            wrapper.preItems.append(.beginMask)
            second.preItems.insert(.beginMaskShape, at: 0)
            second.postItems.append(.endMask)
        }
    }
}

