import Foundation
import LayoutCore

/// What a view does when the person operates it, registered by the view when it is built in a
/// live build (`ViewGraph.register`).
enum Interaction {
    /// A tap (a Button's action, `onTapGesture`, a Toggle's switch): runs when a tap of `count`
    /// clicks lands on the view.
    case tap(count: Int, action: () -> Void)
    /// A tap or a drag whose position matters (a Slider's track, a Stepper's halves, a
    /// segmented Picker's segments): the action gets the location in the view's frame and the
    /// frame's size.
    case located(action: (CGPoint, CGSize) -> Void)
    /// A text input (TextField, SecureField, TextEditor) built at `identity`: a tap focuses it;
    /// typed text and keys edit its binding; Return runs `onSubmit` (a multi-line input types a
    /// new line instead).
    case textInput(text: Binding<String>, onSubmit: (() -> Void)?, identity: UInt64, multiline: Bool)
    /// A scroll view: a scroll (or a drag, the other way) moves its content by a distance, kept
    /// within how far the content overflows it; returns whether it moved.
    case scroll(axes: Axis.Set, apply: (_ delta: CGSize, _ overflow: CGSize) -> Bool)
}

/// Where an event landed: the view that handles it and its frame.
struct InteractionHit {
    let interaction: Interaction
    let frame: CGRect
    let identity: ViewIdentity
}

/// What hit testing needs to know of the installed views, by pre-order index.
struct HitTestingInfo {
    /// Whether the view draws content of its own.
    var drawing: [Bool] = []
    /// Whether the view's second child is drawn behind its first (a background).
    var layeredBehind: [Bool] = []
    /// Views whose subtrees hit testing skips (`allowsHitTesting(false)`).
    var excluded: Set<Int> = []
}

extension ViewGraph {
    /// The interaction a pointer event at `point` reaches, hit-tested as SwiftUI does: the
    /// frontmost view under the point that draws something or handles events, then the nearest
    /// view from there up that handles events and `accepts` the event. Front to back is the
    /// reverse of drawing order: later siblings first, a view's children before it, and a
    /// background's content before the background. A view that draws in front of a button
    /// takes the tap from it; views that are not shown (a `ViewThatFits` alternative) are skipped.
    ///
    /// Decided here (documented in the LivePreviews article): `zIndex` and `contentShape` do not
    /// change the order, and hit areas are frames (a rounded button's corners count). A scroll
    /// view's content is hit only within the scroll view.
    func hit(at point: CGPoint, in result: LayoutResult, info: HitTestingInfo, isInstalled: (LayoutNode) -> Bool,
             accepts: (Interaction) -> Bool = { _ in true }) -> InteractionHit? {
        guard let found = hitChain(at: point, in: result, info: info, isInstalled: isInstalled) else { return nil }
        for i in found.chain {
            if let interaction = found.handlers[i], accepts(interaction) {
                return InteractionHit(interaction: interaction, frame: result.views[i].frame, identity: result.views[i].identity)
            }
        }
        return nil
    }

    /// The views a pointer event at `point` goes through, by index: the frontmost view under the
    /// point that draws something, handles events or has a gesture, then its ancestors up to the
    /// root; with what handles events (`handlers`) and the gestures attached (`gestures`, in
    /// build order: inner modifiers first) at each.
    func hitChain(at point: CGPoint, in result: LayoutResult, info: HitTestingInfo,
                  isInstalled: (LayoutNode) -> Bool) -> HitChain? {
        let views = result.views
        guard point.x.isFinite, point.y.isFinite, !views.isEmpty else { return nil }
        var handlerAt: [Int: Interaction] = [:]
        for (node, interaction) in interactions where isInstalled(node) {
            let i = node.resultIndex
            if i < views.count, handlerAt[i] == nil { handlerAt[i] = interaction }
        }
        var gesturesAt: [Int: [GestureAttachment]] = [:]
        for (node, attachment) in gestureAttachments where isInstalled(node) {
            let i = node.resultIndex
            if i < views.count { gesturesAt[i, default: []].append(attachment) }
        }
        var children = [[Int]](repeating: [], count: views.count)
        var roots: [Int] = []
        for view in views {
            if let p = view.parent { children[p].append(view.index) } else { roots.append(view.index) }
        }
        func frontmost(_ v: Int) -> Int? {
            guard views[v].isVisible, !info.excluded.contains(v) else { return nil }
            // A scroll view's content is hit only inside it (scrolled-out rows lie over what is
            // around it), as in SwiftUI; `clipped()` clips drawing only, so nothing else does this.
            if case .scroll? = handlerAt[v], !views[v].frame.contains(point) { return nil }
            var order = Array(children[v].reversed())
            if v < info.layeredBehind.count, info.layeredBehind[v], children[v].count == 2 { order = children[v] }
            for c in order { if let found = frontmost(c) { return found } }
            let draws = v < info.drawing.count && info.drawing[v]
            if (draws || handlerAt[v] != nil || gesturesAt[v] != nil), views[v].frame.contains(point) { return v }
            return nil
        }
        var front: Int? = nil
        for r in roots.reversed() {
            if let f = frontmost(r) { front = f; break }
        }
        var chain: [Int] = []
        var current = front
        while let i = current {
            chain.append(i)
            current = views[i].parent
        }
        return HitChain(chain: chain, handlers: handlerAt, gestures: gesturesAt)
    }
}

/// The views a pointer event goes through, frontmost first (`ViewGraph.hitChain`).
struct HitChain {
    var chain: [Int]
    var handlers: [Int: Interaction]
    var gestures: [Int: [GestureAttachment]]
}

/// Content that handles an interaction in a live build (engine-internal): the content is built
/// as is, and each view it makes is registered with `interaction` (unless it is disabled).
struct _InteractiveRegion<Content: View>: PrimitiveView {
    let content: Content
    let interaction: Interaction
    static func _makeView(_ view: Self, inputs: _ViewInputs, outputs: inout _ViewOutputs) {
        let start = outputs.nodes.count
        buildView(view.content, inputs, &outputs)
        guard let graph = inputs.state.graph, inputs.environment.isEnabled else { return }
        for node in outputs.nodes[start...] { graph.register(view.interaction, on: node) }
    }
}

extension View {
    /// This view, handling `interaction` in a live preview.
    func interactive(_ interaction: Interaction) -> _InteractiveRegion<Self> {
        _InteractiveRegion(content: self, interaction: interaction)
    }
}
