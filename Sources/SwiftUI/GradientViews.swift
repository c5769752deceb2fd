import Foundation
import LayoutCore

// A gradient used as a view fills the space it is offered, as a `Rectangle` filled with it (as in
// SwiftUI). The gradients themselves are drawing values of the layout core.

extension LinearGradient: View {
    /// The gradient filling a rectangle.
    public var body: _FilledShape<Rectangle> { Rectangle().fill(self) }
}

extension RadialGradient: View {
    /// The gradient filling a rectangle.
    public var body: _FilledShape<Rectangle> { Rectangle().fill(self) }
}

extension AngularGradient: View {
    /// The gradient filling a rectangle.
    public var body: _FilledShape<Rectangle> { Rectangle().fill(self) }
}
