import Foundation
import LayoutCore

// The preference modifiers. Each one applies to every view its content makes (SwiftUI's
// preference modifiers are multi-view modifiers: `ForEach { … }.preference(…)` in a stack sets
// the value on each element), and attaches to that view's layout node; none changes layout.

extension View {
    /// Sets a value for the given preference, as SwiftUI's `preference(key:value:)`.
    ///
    /// SwiftUI's rule: the value replaces whatever the views inside set for the same key (the
    /// modifier's content is built without the key), and is combined with its siblings' values
    /// by the key's `reduce` on the way up.
    public func preference<K: PreferenceKey>(key: K.Type = K.self, value: K.Value) -> some View {
        attachPreferenceItem(.write(PreferenceWriter<K>(.set(value))))
    }

    /// Applies a transformation to a preference value, as SwiftUI's `transformPreference(_:_:)`.
    ///
    /// SwiftUI's rule: `callback` changes the value the views inside produced (the key's
    /// `defaultValue` when none set it), and the result is this view's value.
    public func transformPreference<K: PreferenceKey>(_ key: K.Type = K.self, _ callback: @escaping (inout K.Value) -> Void) -> some View {
        attachPreferenceItem(.write(PreferenceWriter<K>(.transform(callback))))
    }

    /// Sets a preference value from an anchor of this view's geometry, as SwiftUI's
    /// `anchorPreference(key:value:transform:)`.
    ///
    /// SwiftUI's rule: `value` (`.bounds`, `.topLeading`, …) is resolved against this view's
    /// laid-out frame and handed to `transform`, whose result replaces the value of the views
    /// inside; `GeometryProxy[anchor]` reads the anchor in another view's space.
    public func anchorPreference<A, K: PreferenceKey>(key _: K.Type = K.self, value: Anchor<A>.Source,
                                                      transform: @escaping (Anchor<A>) -> K.Value) -> some View {
        attachPreferenceItem(.write(PreferenceWriter<K>(.setFromFrame { frame in transform(value.make(frame)) })))
    }

    /// Changes a preference value with an anchor of this view's geometry, as SwiftUI's
    /// `transformAnchorPreference(key:value:transform:)`.
    public func transformAnchorPreference<A, K: PreferenceKey>(key _: K.Type = K.self, value: Anchor<A>.Source,
                                                               transform: @escaping (inout K.Value, Anchor<A>) -> Void) -> some View {
        attachPreferenceItem(.write(PreferenceWriter<K>(.transformWithFrame { v, frame in transform(&v, value.make(frame)) })))
    }

    /// Adds an action to perform when the specified preference key's value changes, as SwiftUI's
    /// `onPreferenceChange(_:perform:)`.
    ///
    /// SwiftUI's rule: the action runs after an update whose value (reduced over this view's
    /// subtree) differs from the one it last saw, and with the first value when some view inside
    /// sets the key. State it changes is applied and the views laid out again until nothing
    /// changes: a layout returns the settled screen. An action that changes what it measures on
    /// every update is stopped after `LivePreview.maximumUpdatesPerChange` updates and reported
    /// in the result's diagnostics.
    public func onPreferenceChange<K: PreferenceKey>(_ key: K.Type = K.self, perform action: @escaping (K.Value) -> Void) -> some View
    where K.Value: Equatable {
        _ModifiedView(content: self) { inputs, outputs, content in
            inputs.state.observesPreferences = true
            inputs.state.graph?.volatileBuilds &+= 1
            let start = outputs.nodes.count
            buildView(content, inputs, &outputs)
            for n in outputs.nodes[start...] { PreferenceAttachment.of(n).items.append(.observe(PreferenceObserver<K>(action: action))) }
        }
    }

    /// Reads the specified preference value from this view and layers the view `transform` makes
    /// of it in front, as SwiftUI's `overlayPreferenceValue(_:_:)` (centred).
    public func overlayPreferenceValue<K: PreferenceKey, T: View>(_ key: K.Type = K.self, _ transform: @escaping (K.Value) -> T) -> some View {
        layeredPreferenceValue(K.self, alignment: .center, overlay: true, transform)
    }

    /// Reads the specified preference value from this view and layers the views `transform` makes
    /// of it in front, aligned by `alignment`, as SwiftUI's iOS 17 `overlayPreferenceValue(_:alignment:_:)`.
    public func overlayPreferenceValue<K: PreferenceKey, V: View>(_ key: K.Type, alignment: Alignment,
                                                                  @ViewBuilder _ transform: @escaping (K.Value) -> V) -> some View {
        layeredPreferenceValue(K.self, alignment: alignment, overlay: true, transform)
    }

    /// Reads the specified preference value from this view and layers the view `transform` makes
    /// of it behind, as SwiftUI's `backgroundPreferenceValue(_:_:)` (centred).
    public func backgroundPreferenceValue<K: PreferenceKey, T: View>(_ key: K.Type = K.self, _ transform: @escaping (K.Value) -> T) -> some View {
        layeredPreferenceValue(K.self, alignment: .center, overlay: false, transform)
    }

    /// Reads the specified preference value from this view and layers the views `transform` makes
    /// of it behind, aligned by `alignment`, as SwiftUI's iOS 17 `backgroundPreferenceValue(_:alignment:_:)`.
    public func backgroundPreferenceValue<K: PreferenceKey, V: View>(_ key: K.Type, alignment: Alignment,
                                                                     @ViewBuilder _ transform: @escaping (K.Value) -> V) -> some View {
        layeredPreferenceValue(K.self, alignment: alignment, overlay: false, transform)
    }

    /// An overlay or background whose content is built from this view's value of `K` after
    /// layout (SwiftUI reads the modified view's value; the layered content's own values still
    /// flow up, after the modified view's, in view order).
    private func layeredPreferenceValue<K: PreferenceKey, V: View>(_ key: K.Type, alignment: Alignment, overlay: Bool,
                                                                   _ transform: @escaping (K.Value) -> V) -> _ModifiedView<Self> {
        let reader = _PreferenceValueReader<K, V>(alignment: alignment, transform: transform)
        let layout = LayeredLayout(alignment: alignment)
        return layeredNodes(reader, kind: overlay ? .overlay(layout) : .background(layout),
                            kindName: overlay ? "overlay" : "background", key: overlay ? 0x6f76 : 0x6267) { _, _ in }
    }

    private func attachPreferenceItem(_ item: PreferenceAttachment.Item) -> _ModifiedView<Self> {
        changeEach { n, _ in PreferenceAttachment.of(n).items.append(item) }
    }
}

/// The content of `overlayPreferenceValue` / `backgroundPreferenceValue`: a group (laid out as
/// a ZStack with the modifier's alignment, as several views in an overlay's content are) whose
/// views are built from the value after each layout that changed it.
struct _PreferenceValueReader<K: PreferenceKey, Content: View>: PrimitiveView {
    let alignment: Alignment
    let transform: (K.Value) -> Content

    static func _makeView(_ view: Self, inputs: _ViewInputs, outputs: inout _ViewOutputs) {
        let contentInputs = inputs.containerContent()
        // Its content is built again from each layout's value: the view around it is never reused.
        inputs.state.graph?.volatileBuilds &+= 1
        let transform = view.transform
        let reader = PreferenceReader<K> { value in buildNodes(transform(value), contentInputs) }
        let node = LayoutNode(kind: .layout(makeLayoutStorage(ZStackLayout(alignment: view.alignment), typeName: "ZStack")),
                              children: reader.initialContent(), kindName: "PreferenceValueReader")
        node.structuralKey = inputs.key
        PreferenceAttachment.of(node).reader = reader
        outputs.nodes.append(node)
    }
}
