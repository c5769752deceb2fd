import Foundation

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

    /// Sets the transparency of the view, as in SwiftUI.
    public func opacity(_ opacity: Double) -> some View {
        let o = opacity.isFinite ? min(max(opacity, 0), 1) : 1
        return changeEach { n, _ in
            n.preItems.insert(.beginGroup(opacity: o), at: 0)
            n.postItems.append(.endGroup)
        }
    }
    /// Hides the view; it still takes part in layout.
    public func hidden() -> some View { opacity(0) }

    /// Sets the style of text and shapes in the view, as in SwiftUI.
    public func foregroundStyle<S: ShapeStyle>(_ style: S) -> some View {
        let paint = style._paint
        return withEnvironment { $0.foregroundStyle = paint }
    }
    /// Sets the color of text and shapes in the view, as in SwiftUI.
    public func foregroundColor(_ color: Color?) -> some View { withEnvironment { $0.foregroundStyle = color.map { .color($0) } } }
    /// Sets the accent color of controls in the view, as in SwiftUI.
    public func tint(_ tint: Color?) -> some View { withEnvironment { $0.tint = tint.map { .color($0) } } }
    /// Sets the default font of text in the view, as in SwiftUI.
    public func font(_ font: Font?) -> some View { withEnvironment { $0.font = font } }
    /// Sets the font weight of text in the view.
    public func fontWeight(_ weight: Font.Weight?) -> some View {
        withEnvironment { env in if let weight { env.font = (env.font ?? .body).weight(weight) } }
    }
    /// Limits the number of lines of text in the view, as in SwiftUI.
    public func lineLimit(_ number: Int?) -> some View { withEnvironment { $0.lineLimit = number.map { max(1, $0) } } }
    /// Sets the alignment of multi-line text in the view, as in SwiftUI.
    public func multilineTextAlignment(_ alignment: TextAlignment) -> some View { withEnvironment { $0.multilineTextAlignment = alignment } }
    /// Sets an environment value for the view, as in SwiftUI.
    public func environment<V>(_ keyPath: WritableKeyPath<EnvironmentValues, V>, _ value: V) -> some View {
        withEnvironment { $0[keyPath: keyPath] = value }
    }
    /// Sets the style of buttons in the view, as in SwiftUI.
    public func buttonStyle(_ style: PrimitiveButtonStyleConfiguration) -> some View { withEnvironment { $0.buttonStyle = style.kind } }
    /// Sets the style of pickers in the view (accepted for source compatibility).
    public func pickerStyle(_ style: PickerStyleConfiguration) -> some View { self }
}
