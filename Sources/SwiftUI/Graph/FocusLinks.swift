import Foundation
import LayoutCore

/// A `focused(_:)` / `focused(_:equals:)` of the last build: the text input it names and the
/// focus state it keeps in step with.
struct FocusLink {
    /// The text input's build identity (`Interaction.textInput`).
    let input: UInt64
    /// Whether the focus state names this input now.
    let isSelected: () -> Bool
    /// Makes the focus state name this input.
    let select: () -> Void
    /// Makes the focus state name nothing, if it names this input (false, or nil).
    let deselect: () -> Void
}

/// Content whose text input a focus state follows (`focused(_:equals:)`).
struct _FocusedContent<Content: View, Value: Hashable>: PrimitiveView {
    let content: Content
    let box: ValueBox<Value>
    let value: Value
    /// The value that names nothing (false for a Boolean state, nil for an optional one).
    let none: Value?

    static func _makeView(_ view: Self, inputs: _ViewInputs, outputs: inout _ViewOutputs) {
        guard let graph = inputs.state.graph, !graph.isSuppressingRegistration else {
            buildView(view.content, inputs, &outputs)
            return
        }
        let before = graph.interactions.count
        graph.volatileBuilds &+= 1
        buildView(view.content, inputs, &outputs)
        for entry in graph.interactions[before...] {
            guard case .textInput(_, _, let identity, _) = entry.interaction else { continue }
            let box = view.box, value = view.value, none = view.none
            graph.focusLinks.append(FocusLink(
                input: identity,
                isSelected: { box.stored == value },
                select: { if box.stored != value { box.value = value } },
                deselect: { if box.stored == value, let none { box.value = none } }))
            break
        }
    }
}

extension ViewGraph {
    /// Keeps focus states and the focused text input in step after a build, as SwiftUI does:
    /// when the person moved focus (a tap on a field, Return, a tap elsewhere) the states follow,
    /// unless the code set a state since (`focusedField = .password` in `onSubmit`): then focus
    /// moves to the input it names, or leaves when it names none.
    func synchronizeFocus() {
        let writes = focusStateWrites
        defer { synchronizedFocus = focusedTextInput; synchronizedFocusWrites = writes }
        guard !focusLinks.isEmpty else { return }
        if focusedTextInput != synchronizedFocus, writes == synchronizedFocusWrites {
            for link in focusLinks where link.input != focusedTextInput { link.deselect() }
            for link in focusLinks where link.input == focusedTextInput { link.select() }
            return
        }
        let chosen = focusLinks.first { $0.isSelected() }?.input
        if let chosen, chosen != focusedTextInput {
            focusedTextInput = chosen
            invalidate()  // the caret moves
        } else if chosen == nil, let focused = focusedTextInput, focusLinks.contains(where: { $0.input == focused }) {
            focusedTextInput = nil
            invalidate()
        }
    }
}

extension View {
    /// Gives this view's text input focus while `condition` is true, and sets it as focus comes
    /// and goes, as SwiftUI's `focused(_:)` (in a live preview; a layout has no focus).
    public func focused(_ condition: FocusState<Bool>.Binding) -> some View {
        _FocusedContent(content: self, box: condition.box, value: true, none: false)
    }

    /// Gives this view's text input focus while `binding` equals `value`, and sets `binding` to
    /// `value` when the input takes focus (nil when it loses it), as SwiftUI's `focused(_:equals:)`.
    public func focused<V: Hashable>(_ binding: FocusState<V>.Binding, equals value: V) -> some View {
        let none = (V.self as? any ExpressibleByNilLiteral.Type).map { $0.init(nilLiteral: ()) as? V } ?? nil
        return _FocusedContent(content: self, box: binding.box, value: value, none: none)
    }
}
