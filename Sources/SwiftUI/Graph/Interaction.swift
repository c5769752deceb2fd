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
        let structure = result.views.structure
        let frames = result.frames
        let count = structure.count
        guard point.x.isFinite, point.y.isFinite, count > 0, frames.count == count else { return nil }
        var handlerAt: [Int: Interaction] = [:]
        for (node, interaction) in interactions where isInstalled(node) {
            let i = node.resultIndex
            if i < count, handlerAt[i] == nil { handlerAt[i] = interaction }
        }
        var gesturesAt: [Int: [GestureAttachment]] = [:]
        for (node, attachment) in gestureAttachments where isInstalled(node) {
            let i = node.resultIndex
            if i < count { gesturesAt[i, default: []].append(attachment) }
        }
        // Whether hit testing reaches view `v`: it and its ancestors shown and not excluded, and
        // no scroll view among them that the point is outside (scrolled-out rows lie over what
        // is around the scroll view; `clipped()` clips drawing only, so nothing else does this).
        func reaches(_ v: Int) -> Bool {
            var above: Int? = v
            while let a = above {
                guard structure.isVisible(a), !info.excluded.contains(a) else { return false }
                if case .scroll? = handlerAt[a], !frames[a].contains(point) { return false }
                above = structure.parent(of: a)
            }
            return true
        }
        func isTarget(_ v: Int) -> Bool {
            guard frames[v].contains(point) else { return false }
            let draws = v < info.drawing.count && info.drawing[v]
            return (draws || handlerAt[v] != nil || gesturesAt[v] != nil) && reaches(v)
        }
        // The frontmost target among the whole subtrees in `range`. Reverse pre-order is front
        // to back (a view's later children, then its earlier ones, then the view), but for a
        // background: its content is in front of it. So a target found inside the background
        // of a view layered behind gives way to one in that view's content.
        func frontmost(in range: Range<Int>) -> Int? {
            var v = range.upperBound - 1
            while v >= range.lowerBound {
                defer { v -= 1 }
                guard isTarget(v) else { continue }
                var contents: [Range<Int>] = []
                var child = v
                while let a = structure.parent(of: child), a >= range.lowerBound {
                    if a < info.layeredBehind.count, info.layeredBehind[a] {
                        let contentEnd = structure.subtreeEnd(of: a + 1)
                        if child >= contentEnd, structure.subtreeEnd(of: contentEnd) == structure.subtreeEnd(of: a) {
                            contents.append((a + 1)..<contentEnd)
                        }
                    }
                    child = a
                }
                for content in contents.reversed() {
                    if let found = frontmost(in: content) { return found }
                }
                return v
            }
            return nil
        }
        var chain: [Int] = []
        var current = frontmost(in: 0..<count)
        while let i = current {
            chain.append(i)
            current = structure.parent(of: i)
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
