import Foundation
import LayoutCore

/// The views `view` contributes to its container, one per subview it would produce: a `Group`,
/// a view-builder block or a `ForEach` is split into its views (recursively); any other view
/// is one view.
///
/// SwiftUI shows each top-level view of a `PreviewProvider`'s `previews` as a preview of its
/// own; this is how the preview runtime finds them. Not for hot paths: it reflects on tuples.
public func _topLevelViews(of view: any View) -> [any View] {
    if let splitting = view as? any TopLevelViewSplitting { return splitting.topLevelViews }
    return [view]
}

/// Containers that contribute several subviews to the enclosing container.
protocol TopLevelViewSplitting {
    var topLevelViews: [any View] { get }
}

extension TupleView: TopLevelViewSplitting {
    var topLevelViews: [any View] {
        Mirror(reflecting: value).children.flatMap { child in
            (child.value as? any View).map { _topLevelViews(of: $0) } ?? []
        }
    }
}

extension Group: TopLevelViewSplitting {
    var topLevelViews: [any View] { _topLevelViews(of: content) }
}

extension ForEach: TopLevelViewSplitting {
    var topLevelViews: [any View] { data.flatMap { _topLevelViews(of: content($0)) } }
}
