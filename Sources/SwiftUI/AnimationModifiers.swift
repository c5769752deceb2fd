import Foundation
import LayoutCore

extension View {
    /// Applies an animation to changes of `value`, as in SwiftUI.
    ///
    /// In a live preview, an update in which `value` changed is animated with `animation`
    /// unless the change's own transaction asked for one (`withAnimation` wins, as in SwiftUI).
    /// Decided here: the whole update animates with it, where SwiftUI animates only the
    /// modified view's subtree. A one-off layout computes the final state only.
    public func animation<V: Equatable>(_ animation: Animation?, value: V) -> some View {
        _ModifiedView(content: self) { inputs, outputs, content in
            inputs.state.graph?.noteAnimatedValue(value, animation: animation, identity: inputs.identity)
            buildView(content, inputs, &outputs)
        }
    }
}

/// Runs `body` as a state change animated with `animation`, as in SwiftUI: a live preview
/// animates the update that follows with it (`ViewGraph.pendingTransaction`). In a one-off
/// layout the change is applied at once; animate between layout results with `LayoutAnimator`.
public func withAnimation<Result>(_ animation: Animation? = .default, _ body: () throws -> Result) rethrows -> Result {
    try BuildEnvironment.withTransaction(Transaction(animation: animation), body)
}
