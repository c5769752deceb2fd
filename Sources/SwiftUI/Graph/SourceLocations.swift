import Foundation
import LayoutCore

/// A view of a preview build with where the person's code made it: the views its content
/// makes carry the mark (`PlacedView.sourceMark`), so the canvas can say which line made a view.
///
/// Layout-transparent: it adds no view to the tree and changes no identity; it marks the views
/// its content produced that no expression further in marked already (the innermost mark
/// wins: a `Text` of a marked `VStack` keeps its own line). Only preview builds make it
/// (`__designTimeView`), so other code never pays for it.
public struct _SourceLocatedView<Content: View>: PrimitiveView {
    let content: Content
    /// `ViewSourceMark.packed`.
    let mark: UInt64

    /// Builds the content and marks what it made (engine-internal).
    public static func _makeView(_ view: Self, inputs: _ViewInputs, outputs: inout _ViewOutputs) {
        let start = outputs.nodes.count
        Content._makeView(view.content, inputs: inputs, outputs: &outputs)
        for node in outputs.nodes[start...] where node.sourceMark == 0 { node.sourceMark = view.mark }
    }
}

extension _SourceLocatedView: TopLevelViewSplitting {
    /// A `PreviewProvider`'s `Group { A(); B() }` is still several previews when marked.
    var topLevelViews: [any View] {
        let parts = _topLevelViews(of: content)
        return parts.count == 1 ? [self] : parts
    }
}

/// A view expression of a preview build, marked with its place in the person's file: `index` is
/// its ordinal there (`DesignTimeRewriter.viewExpressions`), `file` the file as `#sourceLocation`
/// names it.
///
/// The preview build wraps each statement that looks like a view (`Text("a").padding()`) in
/// this call; a statement that is not a view takes the other overload and stays as it was.
@discardableResult
public func __designTimeView<V: View>(_ index: Int, _ view: V, file: String = #filePath) -> _SourceLocatedView<V> {
    _SourceLocatedView(content: view, mark: ViewSourceMark(file: file, index: index).packed)
}

/// A statement of a preview build that looked like a view and is not one (`Formatter.shared.reset()`):
/// its value, unchanged. Disfavoured, so that a view takes the marking overload and the type
/// checker stops at it.
@_disfavoredOverload @discardableResult
public func __designTimeView<T>(_ index: Int, _ value: T, file: String = #filePath) -> T { value }
