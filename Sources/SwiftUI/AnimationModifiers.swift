import Foundation
import LayoutCore

extension View {
    /// Applies an animation to changes of `value`, as in SwiftUI.
    ///
    /// Headless layout computes the final state only; `LayoutAnimator` (and the preview app)
    /// animate between successive layout results. Accepted so SwiftUI code compiles unchanged.
    public func animation<V: Equatable>(_ animation: Animation?, value: V) -> some View { self }
}

/// Runs `body` as a state change animated with `animation`, as in SwiftUI. Headless, the change
/// is applied at once; animate between layout results with `LayoutAnimator` (the `LayoutAnimation` module).
public func withAnimation<Result>(_ animation: Animation? = .default, _ body: () throws -> Result) rethrows -> Result {
    try body()
}
