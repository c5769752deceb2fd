import Foundation
import LayoutCore

/// A modifier that you apply to a view to produce a different version of it, as in SwiftUI.
public protocol ViewModifier {
    associatedtype Body: View
    /// The view being modified.
    typealias Content = _ViewModifier_Content<Self>
    @ViewBuilder func body(content: Content) -> Body
}

/// The content view of a `ViewModifier`.
public struct _ViewModifier_Content<Modifier: ViewModifier>: PrimitiveView {
    /// Builds the view the modifier is applied to (engine-internal).
    public static func _makeView(_ view: Self, inputs: _ViewInputs, outputs: inout _ViewOutputs) {
        buildModifierContent(inputs, &outputs)
    }
}

/// Builds the view the innermost modifier (or transition) being built wraps, with the contents
/// outside it in place.
func buildModifierContent(_ inputs: _ViewInputs, _ outputs: inout _ViewOutputs) {
    guard let top = inputs.modifierContents.last else { return }
    var i = inputs
    i.modifierContents = top.outer
    top.build(i, &outputs)
}

/// A value with a modifier applied to it, as in SwiftUI.
public struct ModifiedContent<Content, Modifier> {
    /// The view being modified.
    public var content: Content
    /// The modifier applied to it.
    public var modifier: Modifier
    /// Creates a modified view.
    public init(content: Content, modifier: Modifier) { self.content = content; self.modifier = modifier }
}

extension ModifiedContent: View where Content: View, Modifier: ViewModifier {
    /// `ModifiedContent` builds directly and has no body.
    public typealias Body = Never
    /// Traps: `ModifiedContent` has no body.
    public var body: Never { fatalError("ModifiedContent has no body") }
    /// Builds the modifier's body, with its `content` standing for the modified view (engine-internal).
    public static func _makeView(_ view: Self, inputs: _ViewInputs, outputs: inout _ViewOutputs) {
        var i = inputs
        let content = view.content
        i.modifierContents.append(ModifierContentBuilder(build: { inp, out in buildView(content, inp, &out) }, outer: inputs.modifierContents))
        var modifier = view.modifier
        if let graph = inputs.state.graph {
            // A modifier's own `@State` is kept like a view's, at the modified view's identity.
            let identity = mixKey(inputs.identity, 0x6d6f_6469)
            let fields = graph.link(&modifier, identity: identity, environment: inputs.environment)
            if fields.memoizesBody {
                graph.buildBody(of: modifier, fields: fields, identity: identity, inputs: i, environment: inputs.environment, outputs: &outputs)
                return
            }
        }
        BuildEnvironment.with(inputs.environment) {
            buildView(modifier.body(content: _ViewModifier_Content<Modifier>()), i, &outputs)
        }
    }
}

extension View {
    /// Applies a modifier to the view.
    public func modifier<M: ViewModifier>(_ modifier: M) -> ModifiedContent<Self, M> {
        ModifiedContent(content: self, modifier: modifier)
    }
}

/// A view produced by a built-in modifier: it builds its content, then changes the nodes.
public struct _ModifiedView<Content: View>: PrimitiveView {
    let content: Content
    let modify: (_ViewInputs, inout _ViewOutputs, Content) -> Void
    /// Builds the content and applies the modifier's change to its nodes (engine-internal).
    public static func _makeView(_ view: Self, inputs: _ViewInputs, outputs: inout _ViewOutputs) {
        view.modify(inputs, &outputs, view.content)
    }
}

extension View {
    /// Builds the content and wraps each of its nodes in a unary modifier node.
    func wrapEach(_ kind: NodeKind, _ name: String, _ detail: String = "") -> _ModifiedView<Self> {
        _ModifiedView(content: self) { inputs, outputs, content in
            let nameID = ViewKindNames.id(of: name)
            buildWrapping(content, inputs, &outputs) { LayoutNode.wrapping($0, kind: kind, kindNameID: nameID, detail: detail) }
        }
    }

    /// Builds the content and changes each of its nodes in place.
    func changeEach(_ change: @escaping (LayoutNode, _ViewInputs) -> Void) -> _ModifiedView<Self> {
        _ModifiedView(content: self) { inputs, outputs, content in
            let start = outputs.nodes.count
            buildView(content, inputs, &outputs)
            for n in outputs.nodes[start...] { change(n, inputs) }
        }
    }

    /// Builds the content with a changed environment.
    func withEnvironment(_ change: @escaping (inout EnvironmentValues) -> Void) -> _ModifiedView<Self> {
        _ModifiedView(content: self) { inputs, outputs, content in
            var i = inputs
            change(&i.environment)
            if i.environment.layoutDirection != inputs.environment.layoutDirection {
                // A direction of its own inside: the views here keep it whatever is outside.
                let start = outputs.nodes.count
                buildView(content, i, &outputs)
                decideLayoutDirection(of: outputs.nodes[start...], rightToLeft: i.environment.layoutDirection == .rightToLeft)
            } else {
                buildView(content, i, &outputs)
            }
        }
    }
}
