import Foundation
import LayoutCore

/// What to draw for one frame of a layout animation.
///
/// SwiftUI rule (<doc:AnimationRules>): layout runs on the final state and only the presentation animates, so a
/// frame is the target's display list (plus removed views still fading out) drawn with
/// interpolated frames and opacities. Views `0..<targetViewCount` are the target
/// `LayoutResult.views`; removed views follow, and the display list's `view` indices use this
/// combined index space.
public struct AnimationFrame: Sendable {
    /// What to draw, in painting order; each item draws in `frames[item.view]` with
    /// `opacities[item.view]`.
    public let displayList: [DisplayItem]
    /// The presented frame of every view of the combined index space, in root coordinates.
    public let frames: [CGRect]
    /// The presented opacity (0…1) of every view, not multiplied by its ancestors' opacities.
    public let opacities: [Double]
    /// The presented transition transform of every view (its own, not its ancestors': the
    /// display list's `transition` brackets nest them), or empty when no view is moving or
    /// scaling through a transition.
    public let transforms: [PresentedTransform]
    /// While anything animates, the frame every view was laid out in (the target's; a removed
    /// view's last presented one), so that text is never squeezed below the size it was laid out
    /// in; empty otherwise (the frames are the layout's).
    public let layoutFrames: [CGRect]
    /// How many of the views are the target result's (the rest are removed views fading out).
    public let targetViewCount: Int
    /// Whether any animation is still running (the app should ask for another frame).
    public let isAnimating: Bool

    /// An empty frame: nothing to draw.
    public static let empty = AnimationFrame(
        displayList: [], frames: [], opacities: [], transforms: [], layoutFrames: [], targetViewCount: 0, isAnimating: false)
}

/// Drives the presentation of a view tree between layout passes, matching views by identity.
///
/// SwiftUI rules (<doc:AnimationRules>): views whose identity survives animate their frame (origin and size, a
/// straight line) from the presented frame to the new one; inserted views run their insertion
/// transition at their new frame and removed views their removal transition at their last
/// presented frame (by default `.opacity`: a fade); timing curves are additive when interrupted and springs merge, keeping value
/// and velocity continuous. `presentation(at:)` is O(views) and does not allocate in steady
/// state (matching is precomputed in `setTarget`, buffers are reused; drop each returned
/// frame before asking for the one after next).
public final class LayoutAnimator {
    /// Counts from the last `setTarget`.
    public struct Statistics: Hashable, Sendable {
        /// Views matched by identity whose frame is animating.
        public var animated = 0
        /// Views matched by identity (moved or not).
        public var matched = 0
        /// Views new in the target.
        public var inserted = 0
        /// Views of the previous target that are gone (fading out, or dropped if not animated).
        public var removed = 0
        /// Zero counts.
        ///
        /// SwiftUI rule: nothing is matched, inserted or removed before the first update.
        public init() {}
    }

    /// One animation started by a `setTarget`, with the views it moves.
    private struct Group {
        var segment: AnimationSegment
        /// Start, in animation time.
        var start: Double
        /// Combined view indices.
        var views: [Int]
        /// Per view: the starting offset (`channels` values) then the starting velocity.
        var values: [Double]
        var finish: Double { start + segment.finishElapsed }
    }

    /// Animated channels per view: x, y, width, height, opacity, then the view's own transition
    /// transform (scale, tx, ty: see `PresentedTransform`).
    private static let channels = 8
    /// The target value of the transform channels (5, 6, 7) of a view at rest.
    private static let restingTransform: [Double] = [1, 0, 0]

    // MARK: Clock

    /// The slow-motion factor applied to elapsed time (1 is real time, 0.2 is five times slower).
    ///
    /// SwiftUI rule: like the simulator's "Slow Animations", it scales the animations' clock;
    /// changing it mid-animation does not jump.
    public var timeScale: Double = 1 {
        didSet {
            // Rebase the clock at the latest time seen, so the change doesn't jump.
            clockLocal += (lastWallTime - clockWall) * oldValue
            clockWall = lastWallTime
        }
    }
    private var clockWall = 0.0
    private var clockLocal = 0.0
    private var lastWallTime = 0.0

    // MARK: State (combined index space: target views, then removed views)

    private var identities: [ViewIdentity] = []
    private var targetCount = 0
    private var removedCount = 0
    /// Animation time after which the removed views are gone.
    private var removedEnd = -Double.infinity
    /// The target values, `channels` per view (removed views: frozen frame, their removal's
    /// opacity and transform).
    private var targets: [Double] = []
    /// The target views' parents (−1: the root) and transitions (an index into
    /// `transitionTable`, −1: none), for the removals of the next target.
    private var parents: [Int] = []
    private var transitionOf: [Int] = []
    private var transitionTable: [ViewTransition] = []
    /// Whether any view's transform channels are away from rest (targets or running groups):
    /// only then does a frame carry transforms.
    private var transformsActive = false
    private var groups: [Group] = []
    /// The drawing values (opacity, scale, rotation, …) of items an animated change changed.
    private var effects = EffectTracks()
    private var targetDisplayList: [DisplayItem] = []
    private var combinedDisplayList: [DisplayItem] = []

    // Reused buffers.
    private var presented: [Double] = []
    private var framesA: [CGRect] = [], framesB: [CGRect] = []
    private var opacitiesA: [Double] = [], opacitiesB: [Double] = []
    private var transformsA: [PresentedTransform] = [], transformsB: [PresentedTransform] = []
    /// The frame each view of the combined index space was laid out in (a removed view's: where
    /// it was when it was removed).
    private var laidOutFrames: [CGRect] = []

    /// Counts of animated, inserted and removed views in the last `setTarget`.
    ///
    /// SwiftUI rule: views are matched by identity; unmatched ones get transitions.
    public private(set) var statistics = Statistics()

    /// Creates an animator with nothing to present.
    ///
    /// SwiftUI rule: the first layout has nothing to animate from.
    public init() {}

    /// The identities of the combined index space (target views, then removed views).
    ///
    /// SwiftUI rule: identity, not position, matches views across updates.
    public var viewIdentities: [ViewIdentity] { identities }

    /// Moves the animation clock `seconds` forward at once, whatever `timeScale` is: the
    /// window's Step while time is paused (`timeScale` 0) shows the animations that much later.
    ///
    /// SwiftUI rule: all animations share one clock, so a step moves every one of them alike.
    public func advance(by seconds: Double) {
        guard seconds.isFinite, seconds > 0 else { return }
        clockLocal += seconds
    }

    /// The animation clock at real time `time` (seconds): elapsed time scaled by `timeScale`.
    ///
    /// SwiftUI rule: all animations share one clock per transaction; pass this time to
    /// `AnimatableValue` so layout parameters follow the same slow motion.
    public func animationTime(at time: Double) -> Double {
        lastWallTime = max(lastWallTime, time)
        return clockLocal + (time - clockWall) * timeScale
    }

    /// The progress (0…1, past 1 while a bouncy spring overshoots) of `animation` after `elapsed`
    /// real seconds, in this animator's slow motion.
    ///
    /// SwiftUI rule: a layout with animatable data is re-run every frame with its parameters
    /// interpolated by the same curve as the frames (`from + (to − from)·progress`).
    public func progress(of animation: Animation, elapsed: Double) -> Double {
        animation.progress(elapsed: elapsed * timeScale)
    }

    /// The progress of `animation` at real time `time`, for an animation started at the
    /// animation time `animationStart` (read `animationTime(at:)` when the change is made).
    ///
    /// SwiftUI rule: layout parameters interpolate with the same curve and clock as the frames,
    /// so this follows `timeScale` even when it changes mid-animation.
    public func progress(of animation: Animation, startedAt animationStart: Double, at time: Double) -> Double {
        animation.progress(elapsed: animationTime(at: time) - animationStart)
    }

    /// Whether anything is still animating at real time `time`.
    ///
    /// SwiftUI rule: springs run until they settle, timing curves for their duration, and
    /// removed views until their fade-out ends.
    public func isAnimating(at time: Double) -> Bool {
        let now = animationTime(at: time)
        return groups.contains { now < $0.finish } || (removedCount > 0 && now < removedEnd) || now < effects.end
    }

    // MARK: - Setting a target

    /// Sets the layout to present from real time `time` (seconds, e.g. the frame clock's time),
    /// animated with `animation` (nil, or an instant animation, jumps).
    ///
    /// SwiftUI rules (<doc:AnimationRules>): matched views animate from their presented frame to the new frame;
    /// inserted views fade in at their target frame; removed views fade out at their presented
    /// frame and keep their old display items until the fade completes. Timing curves add
    /// their own delta to the running animations; springs merge with them, inheriting the
    /// presented value and velocity (blending the response over `blendDuration`).
    public func setTarget(_ result: LayoutResult, animation: Animation?, at time: Double) {
        apply(result, animation: animation, keepRunning: false, at: time)
    }

    /// Replaces the target at real time `time` without starting an animation, letting the
    /// running animations go on: for a layout re-run every frame with interpolated
    /// animatable data (a rotating Radial) while other changes are still animating.
    ///
    /// SwiftUI rule: a change without animation moves the target at once, but running
    /// animations keep animating their own offsets on top of it (presented = new target + the
    /// running offsets). Inserted views appear at once; newly removed views vanish, while
    /// views already fading out keep fading.
    public func updateTarget(_ result: LayoutResult, at time: Double) {
        apply(result, animation: nil, keepRunning: true, at: time)
    }

    /// Takes `result` as the new target: the steps below, in order.
    private func apply(_ result: LayoutResult, animation: Animation?, keepRunning: Bool, at time: Double) {
        let now = animationTime(at: time)
        let oldCount = identities.count
        let old = presentedState(at: now)
        var matching = matchIdentities(result)
        let animation = animation.flatMap { $0.isInstant ? nil : $0 }
        let animates = animation != nil || keepRunning
        if animation != nil {
            crossFadeChangedText(&matching, result)
            matchGeometryPairs(&matching)
        }
        if animates {
            ownTransitionAnimations(&matching)
            keepFadingViews(&matching, old, result, animated: animation != nil)
        }
        let newTargets = targetValues(result.frames, &matching, old)
        var newGroups: [Group] = []
        var animatedViews = 0
        if animates {
            let own = ownAnimationViews(&matching, newTargets)
            if let animation, animation.isSpring {
                (newGroups, animatedViews) = springGroups(animation, matching, old, newTargets, skipping: own.skip, now: now)
            } else {
                newGroups = remappedTimingCurves(matching, skipping: own.skip, now: now)
                if let animation {
                    let (group, animated) = timingCurveGroup(animation, matching, old, newTargets, skipping: own.skip, now: now)
                    if !group.views.isEmpty { newGroups.append(group) }
                    animatedViews = animated
                }
            }
            for (ownAnimation, views) in own.groups {
                if let group = ownAnimationGroup(ownAnimation, views, matching, old, newTargets, now: now) { newGroups.append(group) }
            }
        }
        matching.statistics.animated = animatedViews
        let end = removalEnd(newGroups, viewCount: matching.viewCount, now: now)
        if animates {
            effects.retarget(oldList: targetDisplayList, oldCount: targetCount, newList: result.displayList,
                             oldOfNew: matching.oldOfNew, animation: animation, now: now)
        } else {
            effects = EffectTracks()
        }
        let removalEnds = animates ? transitionEffectRemovals(matching, animation: animation) : []
        updateDisplayLists(result, matching, oldCount: oldCount)
        commit(matching, result.frames, newTargets, newGroups, removalEnd: end)
        if animates { startTransitionEffects(matching, removals: removalEnds, animation: animation, now: now) }
        if !effects.isEmpty && removedCount > 0 { effects.place(in: combinedDisplayList) }
        transformsActive = Self.movesTransforms(targets, groups)
    }

    /// Every old view's presented value and velocity at one time, `channels` per view, and the
    /// response of the spring that moves it (NaN: none).
    private struct PresentedState {
        var position: [Double]
        var velocity: [Double]
        var previousSpring: [Double]

        /// Old view `o`'s presented frame (sizes clamped at 0).
        func frame(_ o: Int) -> CGRect {
            let c = LayoutAnimator.channels
            return CGRect(x: position[c * o], y: position[c * o + 1],
                          width: max(0, position[c * o + 2]), height: max(0, position[c * o + 3]))
        }
    }

    /// How the new result's views correspond to the old ones, in the combined index space (the
    /// result's views, then the removed views still fading out).
    private struct Matching {
        var newIdentities: [ViewIdentity] = []
        var visible: [Bool] = []
        /// Each old view's combined index (−1: gone).
        var newOfOld: [Int]
        /// Each new view's old index (−1: inserted).
        var oldOfNew: [Int]
        /// The old indices of the removed views that stay while they fade out.
        var removedOld: [Int] = []
        /// Per removed view that stays: its target values (`channels` each), and whether its frame
        /// moves (to a matched partner's) rather than staying frozen.
        var removalTargets: [Double] = []
        var removedFrameMoves: [Bool] = []
        /// Per removed view that stays: the frame it was laid out in (where it was removed).
        var removalLaidOutFrames: [CGRect] = []
        /// `matchedGeometryEffect` pairs: inserted view → removed old view, and back.
        var partnerOfNew: [Int: Int] = [:]
        var partnerOfOld: [Int: Int] = [:]
        /// Text views split into a leaving and a coming view by a content change (new, old
        /// indices): they cross-fade whatever their transition.
        var contentChanged: Set<Int> = []
        var contentChangedOld: Set<Int> = []
        /// Per new view: its parent (−1: the root) and transition (into `transitionTable`).
        var newParents: [Int] = []
        var newTransitionOf: [Int] = []
        var newTransitionTable: [ViewTransition] = []
        /// Per new view: where an inserted one starts (`channels` each).
        var insertionStarts: [Double] = []
        /// The animations transitions bring (`AnyTransition.animation(_:)`): per new view, an
        /// inserted one's; per old target view, a removed one's (empty when none has one).
        var ownInsertion: [TransitionAnimation?] = []
        var ownRemoval: [TransitionAnimation?] = []
        var statistics = Statistics()
        /// The result's views.
        var viewCount: Int { oldOfNew.count }
        /// The combined index space's views.
        var combinedCount: Int { oldOfNew.count + removedOld.count }
        /// The old index of combined view `i` (−1: inserted).
        @inline(__always) func oldOf(_ i: Int) -> Int { i < viewCount ? oldOfNew[i] : removedOld[i - viewCount] }
    }

    /// Step 1: the presented value and velocity of every old view at animation time `now`.
    private func presentedState(at now: Double) -> PresentedState {
        let c = Self.channels
        let oldCount = identities.count
        var state = PresentedState(position: targets, velocity: [Double](repeating: 0, count: oldCount * c),
                                   previousSpring: [Double](repeating: .nan, count: oldCount))
        for g in groups where now < g.finish {
            let s = g.segment.sample(elapsed: now - g.start)
            let response = g.segment.springResponse
            for (k, i) in g.views.enumerated() {
                for ch in 0..<c {
                    let x0 = g.values[2 * c * k + ch], v0 = g.values[2 * c * k + c + ch]
                    state.position[c * i + ch] += s.a * x0 + s.b * v0
                    state.velocity[c * i + ch] += s.da * x0 + s.db * v0
                }
                if let response { state.previousSpring[i] = response }
            }
        }
        return state
    }

    /// Step 2: matches the result's views to the old ones by identity (target views first, so
    /// they win over removed duplicates), and counts the matched, inserted and removed views.
    private func matchIdentities(_ result: LayoutResult) -> Matching {
        let oldCount = identities.count
        var oldIndex: [ViewIdentity: Int] = [:]
        oldIndex.reserveCapacity(oldCount)
        for (o, id) in identities.enumerated() where oldIndex[id] == nil { oldIndex[id] = o }
        let n = result.frames.count
        var m = Matching(newOfOld: [Int](repeating: -1, count: oldCount), oldOfNew: [Int](repeating: -1, count: n))
        m.newIdentities.reserveCapacity(n)
        m.visible.reserveCapacity(n)
        m.newParents.reserveCapacity(n)
        for view in result.views {
            m.newIdentities.append(view.identity)
            m.visible.append(view.isVisible)
            m.newParents.append(view.parent ?? -1)
        }
        m.newTransitionOf = [Int](repeating: -1, count: n)
        for item in result.displayList {
            guard case .beginEffect(.transition(let transition)) = item.kind, item.view >= 0, item.view < n,
                  m.newTransitionOf[item.view] < 0 else { continue }
            m.newTransitionOf[item.view] = m.newTransitionTable.count
            m.newTransitionTable.append(transition)
        }
        for (j, identity) in m.newIdentities.enumerated() {
            if let o = oldIndex[identity], m.newOfOld[o] < 0 {
                m.newOfOld[o] = j
                m.oldOfNew[j] = o
                m.statistics.matched += 1
            } else {
                m.statistics.inserted += 1
            }
        }
        for o in 0..<targetCount where m.newOfOld[o] < 0 { m.statistics.removed += 1 }
        return m
    }

    /// What a content change's pair matches: the whole frame.
    private static let wholeFrame: MatchedGeometry? = MatchedGeometry(key: 0, position: true, size: true)

    /// A frame-to-frame mapping (`x·s + t` per axis): how a matched view's subtree is carried
    /// from the frames it was laid out in to its partner's.
    private struct FrameMap {
        var sx = 1.0, sy = 1.0, tx = 0.0, ty = 0.0
        /// The mapping that takes `from` onto `to` (an empty `from` only moves).
        init(from: CGRect, to: CGRect) {
            sx = from.width > 0 ? Double(to.width / from.width) : 1
            sy = from.height > 0 ? Double(to.height / from.height) : 1
            tx = Double(to.minX) - Double(from.minX) * sx
            ty = Double(to.minY) - Double(from.minY) * sy
        }
        func apply(_ x: Double, _ y: Double, _ w: Double, _ h: Double) -> (Double, Double, Double, Double) {
            (x * sx + tx, y * sy + ty, w * sx, h * sy)
        }
    }

    /// Step 3a: text whose content an animated change replaced cross-fades: the old text leaves
    /// and the new one comes, both moving from the old frame to the new one (a matched pair).
    ///
    /// SwiftUI rule: a view's content that changes in an animated change runs its content
    /// transition, `.opacity` by default: the old and new renderings cross-fade. `.identity`
    /// shows the new words at once (the view stays matched: its frame moves); `.numericText`
    /// and `.interpolate` are drawn as the cross-fade.
    private func crossFadeChangedText(_ m: inout Matching, _ result: LayoutResult) {
        var oldText: [Int: String] = [:]
        for item in targetDisplayList {
            if case .text(let run) = item.kind, item.view >= 0, item.view < targetCount { oldText[item.view] = run.string }
        }
        guard !oldText.isEmpty else { return }
        for item in result.displayList {
            guard case .text(let run) = item.kind, item.view >= 0, item.view < m.viewCount else { continue }
            let j = item.view, o = m.oldOfNew[j]
            guard o >= 0, let was = oldText[o], was != run.string, m.partnerOfNew[j] == nil,
                  run.contentTransition != .identity else { continue }
            m.oldOfNew[j] = -1
            m.newOfOld[o] = -1
            m.statistics.matched -= 1
            m.statistics.inserted += 1
            m.statistics.removed += 1
            m.partnerOfNew[j] = o
            m.partnerOfOld[o] = j
            m.contentChanged.insert(j)
            m.contentChangedOld.insert(o)
        }
    }

    /// Step 3b: the `matchedGeometryEffect` pairs of an animated change: an inserted view and a
    /// removed view of one group (the first of each, in painting order).
    private func matchGeometryPairs(_ m: inout Matching) {
        guard transitionTable.contains(where: { $0.matchedGeometry != nil }),
              m.newTransitionTable.contains(where: { $0.matchedGeometry != nil }) else { return }
        var inserted: [Int: Int] = [:]
        for j in 0..<m.viewCount where m.oldOfNew[j] < 0 && m.newTransitionOf[j] >= 0 {
            if m.partnerOfNew[j] == nil, let key = m.newTransitionTable[m.newTransitionOf[j]].matchedGeometry?.key,
               inserted[key] == nil { inserted[key] = j }
        }
        guard !inserted.isEmpty else { return }
        for o in 0..<min(targetCount, transitionOf.count) where m.newOfOld[o] < 0 && transitionOf[o] >= 0 {
            guard m.partnerOfOld[o] == nil, let key = transitionTable[transitionOf[o]].matchedGeometry?.key,
                  let j = inserted[key] else { continue }
            inserted[key] = nil
            m.partnerOfNew[j] = o
            m.partnerOfOld[o] = j
        }
    }

    /// Step 3: the removed views that stay while their removal runs (those still visible or
    /// moving): every one with an animation, only those already leaving without one. A view
    /// whose removal is `.identity` goes at once.
    ///
    /// SwiftUI rules: a removed view runs its own transition, or that of the nearest removed
    /// ancestor with one it is inside of (moving with it, fading only if it fades); a view
    /// covered by no transition fades (`.opacity`, the default). A removed view whose
    /// geometry group has an inserted view goes to that view's frame, its subtree with it.
    private func keepFadingViews(_ m: inout Matching, _ old: PresentedState, _ result: LayoutResult, animated: Bool) {
        let c = Self.channels
        let n = m.viewCount
        let gone = m.newOfOld.map { $0 < 0 }
        let presented = old.frame
        // Per old target view: covered by a removed transition, fading, moving, and carried to a
        // matched partner's frame (pre-order, so a parent is settled before its children).
        var covered = [Bool](repeating: false, count: targetCount)
        var fades = covered, moves = covered
        // The opacity a fading view goes to: its own transition's, else its fading ancestor's.
        var fadeTo = [Double](repeating: 0, count: targetCount)
        var carried = [FrameMap?](repeating: nil, count: m.partnerOfOld.isEmpty ? 0 : targetCount)
        for o in 0..<targetCount where gone[o] {
            let p = o < parents.count ? parents[o] : -1
            let inherit = p >= 0 && p < o && gone[p]
            let transition = o < transitionOf.count && transitionOf[o] >= 0 && !m.contentChangedOld.contains(o)
                ? transitionTable[transitionOf[o]] : nil
            let own = transition?.removal
            covered[o] = own != nil || (inherit && covered[p])
            fades[o] = (own?.fades ?? false) || (inherit && fades[p])
            if fades[o] { fadeTo[o] = own?.fades == true ? own!.opacity : fadeTo[p] }
            moves[o] = (own?.transforms ?? false) || (own?.changesEffects ?? false) || (inherit && moves[p])
            guard !carried.isEmpty else { continue }
            if let j = m.partnerOfOld[o], let group = transition?.matchedGeometry ?? Self.wholeFrame {
                let from = presented(o)
                carried[o] = FrameMap(from: from, to: group.frame(from, from: result.frames[j]))
                moves[o] = true
            } else if inherit {
                carried[o] = carried[p]
                if carried[o] != nil { moves[o] = true }
            }
        }
        for o in 0..<identities.count where gone[o] && (o >= targetCount || Self.removalAnimates(m, o, changeAnimated: animated)) {
            guard old.position[c * o + 4] > 1e-4 || old.velocity[c * o + 4] != 0 else { continue }
            var frameMoves = false
            if o >= targetCount {
                // Already leaving: frozen where it is now, its removal going on to the targets it had.
                m.removalTargets.append(contentsOf: old.position[(c * o)..<(c * o + 4)])
                m.removalTargets.append(contentsOf: targets[(c * o + 4)..<(c * o + c)])
            } else {
                if covered[o] && !fades[o] && !moves[o] { continue }
                let frozen = presented(o)
                if o < carried.count, let map = carried[o] {
                    let f = map.apply(old.position[c * o], old.position[c * o + 1], Double(frozen.width), Double(frozen.height))
                    m.removalTargets.append(contentsOf: [f.0, f.1, f.2, f.3])
                    frameMoves = true
                } else {
                    m.removalTargets.append(contentsOf: old.position[(c * o)..<(c * o + 4)])
                }
                let current = min(max(old.position[c * o + 4], 0), 1)
                let opacity = covered[o] ? (fades[o] ? min(fadeTo[o], current) : current) : 0
                var transform = PresentedTransform.identity
                if transitionOf.indices.contains(o), transitionOf[o] >= 0 {
                    let removal = transitionTable[transitionOf[o]].removal
                    if removal.transforms { transform = removal.transform(in: frozen) }
                }
                m.removalTargets.append(contentsOf: [opacity, transform.scale, transform.tx, transform.ty])
            }
            m.removedFrameMoves.append(frameMoves)
            m.removalLaidOutFrames.append(o >= targetCount && o < laidOutFrames.count ? laidOutFrames[o] : presented(o))
            m.newOfOld[o] = n + m.removedOld.count
            m.removedOld.append(o)
        }
    }

    /// Step 4: the new target values: the result's frames and visibility, and for a removed
    /// view its presented frame, frozen (or its matched partner's), with its removal's opacity
    /// and transform. Also where each inserted view starts (`insertionStarts`).
    ///
    /// SwiftUI rules: an inserted view starts from its own transition's insertion state, or that
    /// of the nearest inserted ancestor with one it is inside of; otherwise it fades in. An
    /// inserted view whose geometry group has a removed view starts at that view's frame, its
    /// subtree with it.
    private func targetValues(_ frames: [CGRect], _ m: inout Matching, _ old: PresentedState) -> [Double] {
        let c = Self.channels
        let n = m.viewCount
        var newTargets = [Double](repeating: 0, count: m.combinedCount * c)
        for (j, f) in frames.enumerated() {
            newTargets[c * j] = Double(f.origin.x)
            newTargets[c * j + 1] = Double(f.origin.y)
            newTargets[c * j + 2] = Double(f.size.width)
            newTargets[c * j + 3] = Double(f.size.height)
            newTargets[c * j + 4] = m.visible[j] ? 1 : 0
            newTargets[c * j + 5] = 1
        }
        for k in m.removedOld.indices {
            for ch in 0..<c { newTargets[c * (n + k) + ch] = m.removalTargets[c * k + ch] }
        }
        if m.statistics.inserted > 0 {
            m.insertionStarts = newTargets
            var covered = [Bool](repeating: false, count: n)
            var fades = covered
            var fadeFrom = [Double](repeating: 0, count: n)
            var carried = [FrameMap?](repeating: nil, count: m.partnerOfNew.isEmpty ? 0 : n)
            for j in 0..<n where m.oldOfNew[j] < 0 {
                let p = m.newParents[j]
                let inherit = p >= 0 && p < j && m.oldOfNew[p] < 0
                let transition = m.newTransitionOf[j] >= 0 && !m.contentChanged.contains(j)
                    ? m.newTransitionTable[m.newTransitionOf[j]] : nil
                let own = transition?.insertion
                covered[j] = own != nil || (inherit && covered[p])
                fades[j] = (own?.fades ?? false) || (inherit && fades[p])
                if fades[j] { fadeFrom[j] = own?.fades == true ? own!.opacity : fadeFrom[p] }
                let base = c * j
                m.insertionStarts[base + 4] = covered[j] ? newTargets[base + 4] * (fades[j] ? fadeFrom[j] : 1) : 0
                let t = own.map { $0.transforms ? $0.transform(in: frames[j]) : .identity } ?? .identity
                m.insertionStarts[base + 5] = t.scale
                m.insertionStarts[base + 6] = t.tx
                m.insertionStarts[base + 7] = t.ty
                guard !carried.isEmpty else { continue }
                if let o = m.partnerOfNew[j], let group = transition?.matchedGeometry ?? Self.wholeFrame {
                    carried[j] = FrameMap(from: frames[j], to: group.frame(frames[j], from: old.frame(o)))
                } else if inherit {
                    carried[j] = carried[p]
                }
                if let map = carried[j] {
                    let f = map.apply(newTargets[base], newTargets[base + 1], newTargets[base + 2], newTargets[base + 3])
                    m.insertionStarts[base] = f.0
                    m.insertionStarts[base + 1] = f.1
                    m.insertionStarts[base + 2] = f.2
                    m.insertionStarts[base + 3] = f.3
                }
            }
        }
        return newTargets
    }

    /// Where inserted view `i`'s channel `ch` starts.
    @inline(__always)
    private static func insertionStart(_ m: Matching, _ i: Int, _ ch: Int) -> Double {
        m.insertionStarts[channels * i + ch]
    }

    /// Step 5, springs: everything running merges into one motion per previous spring response,
    /// starting from the presented value and velocity. Returns the groups and how many matched
    /// views animate their frame.
    private func springGroups(_ animation: Animation, _ m: Matching, _ old: PresentedState, _ newTargets: [Double],
                              skipping skip: [Bool], now: Double) -> ([Group], animated: Int) {
        let c = Self.channels
        let n = m.viewCount
        var offset = [Double](repeating: 0, count: c)
        var speed = [Double](repeating: 0, count: c)
        var animatedViews = 0
        var buckets: [Double?: Int] = [:]
        var bucketGroups: [(views: [Int], values: [Double], maxX: Double, maxV: Double, from: Double?)] = []
        var blendResponse: Double? = nil
        if case let .spring(response, _, blend) = animation.kind, blend > 0 { blendResponse = response }
        for i in 0..<m.combinedCount where skip.isEmpty || !skip[i] {
            let o = m.oldOf(i)
            for ch in 0..<c {
                let start = o >= 0 ? old.position[c * o + ch] : Self.insertionStart(m, i, ch)
                offset[ch] = start - newTargets[c * i + ch]
                speed[ch] = o >= 0 ? old.velocity[c * o + ch] : 0
                // Non-finite frames (unbounded proposals) jump.
                if !offset[ch].isFinite || !speed[ch].isFinite { offset[ch] = 0; speed[ch] = 0 }
            }
            if i >= n && !m.removedFrameMoves[i - n] { for ch in 0..<4 { offset[ch] = 0; speed[ch] = 0 } }
            if offset.allSatisfy({ $0 == 0 }) && speed.allSatisfy({ $0 == 0 }) { continue }
            if i < n && o >= 0 && (offset[0..<4].contains { $0 != 0 } || speed[0..<4].contains { $0 != 0 }) {
                animatedViews += 1
            }
            var from: Double? = nil
            if let r = blendResponse, o >= 0, !old.previousSpring[o].isNaN, old.previousSpring[o] != r {
                from = old.previousSpring[o]
            }
            let b: Int
            if let existing = buckets[from] { b = existing } else {
                b = bucketGroups.count
                buckets[from] = b
                bucketGroups.append(([], [], 0, 0, from))
            }
            bucketGroups[b].views.append(i)
            bucketGroups[b].values.append(contentsOf: offset)
            bucketGroups[b].values.append(contentsOf: speed)
            bucketGroups[b].maxX = max(bucketGroups[b].maxX, Self.norm(offset))
            bucketGroups[b].maxV = max(bucketGroups[b].maxV, Self.norm(speed))
        }
        let groups = bucketGroups.map { bucket in
            Group(segment: AnimationSegment(animation: animation, maxOffset: bucket.maxX, maxVelocity: bucket.maxV,
                                            blendingFrom: bucket.from),
                  start: now, views: bucket.views, values: bucket.values)
        }
        return (groups, animatedViews)
    }

    /// Step 5, timing curves (and `updateTarget`): they are additive, so the running animations
    /// continue, renumbered into the new index space (a removed view keeps only its opacity's).
    private func remappedTimingCurves(_ m: Matching, skipping skip: [Bool], now: Double) -> [Group] {
        let c = Self.channels
        let n = m.viewCount
        var newGroups: [Group] = []
        for g in groups where now < g.finish {
            var remapped = Group(segment: g.segment, start: g.start, views: [], values: [])
            for (k, o) in g.views.enumerated() {
                let i = m.newOfOld[o]
                if i < 0 || (!skip.isEmpty && skip[i]) { continue }
                var values = g.values[(2 * c * k)..<(2 * c * (k + 1))].map { $0 }
                if i >= n { for ch in 0..<4 { values[ch] = 0; values[c + ch] = 0 } }
                if values.allSatisfy({ $0 == 0 }) { continue }
                remapped.views.append(i)
                remapped.values.append(contentsOf: values)
            }
            if !remapped.views.isEmpty { newGroups.append(remapped) }
        }
        return newGroups
    }

    /// Step 5, a new timing curve: it animates each view's own delta (old target − new target).
    /// Returns the group and how many matched views animate their frame.
    private func timingCurveGroup(_ animation: Animation, _ m: Matching, _ old: PresentedState, _ newTargets: [Double],
                                  skipping skip: [Bool], now: Double) -> (Group, animated: Int) {
        let c = Self.channels
        let n = m.viewCount
        var offset = [Double](repeating: 0, count: c)
        var animatedViews = 0
        var group = Group(segment: AnimationSegment(animation: animation, maxOffset: 0, maxVelocity: 0),
                          start: now, views: [], values: [])
        for i in 0..<m.combinedCount where skip.isEmpty || !skip[i] {
            let o = m.oldOf(i)
            for ch in 0..<c {
                let oldTarget: Double
                if o < 0 {
                    oldTarget = Self.insertionStart(m, i, ch)
                } else if i >= n && ch < 4 {
                    // Frozen where it is shown (the running frame motion is dropped), or on its
                    // way from there to a matched partner's frame.
                    oldTarget = old.position[c * o + ch]
                } else {
                    oldTarget = targets[c * o + ch]
                }
                offset[ch] = oldTarget - newTargets[c * i + ch]
                if !offset[ch].isFinite { offset[ch] = 0 }
            }
            if offset.allSatisfy({ $0 == 0 }) { continue }
            if i < n && o >= 0 && offset[0..<4].contains(where: { $0 != 0 }) { animatedViews += 1 }
            group.views.append(i)
            group.values.append(contentsOf: offset)
            group.values.append(contentsOf: repeatElement(0, count: c))
        }
        return (group, animatedViews)
    }

    /// Step 3c: the animations the inserted and removed views' transitions bring with them
    /// (`AnyTransition.animation(_:)`): a view's own, else that of the nearest inserted (or
    /// removed) ancestor it comes (or goes) with.
    ///
    /// SwiftUI rule: a transition's animation drives its view's insertion or removal instead of
    /// the change's; a view inserted inside another is part of that one's insertion.
    private func ownTransitionAnimations(_ m: inout Matching) {
        let n = m.viewCount
        if m.statistics.inserted > 0, m.newTransitionTable.contains(where: { $0.insertionAnimation != nil }) {
            var own = [TransitionAnimation?](repeating: nil, count: n)
            for j in 0..<n where m.oldOfNew[j] < 0 {
                let p = m.newParents[j]
                let inherit = p >= 0 && p < j && m.oldOfNew[p] < 0
                let transition = m.newTransitionOf[j] >= 0 && !m.contentChanged.contains(j)
                    ? m.newTransitionTable[m.newTransitionOf[j]] : nil
                own[j] = transition?.insertionAnimation ?? (inherit ? own[p] : nil)
            }
            m.ownInsertion = own
        }
        if m.statistics.removed > 0, transitionTable.contains(where: { $0.removalAnimation != nil }) {
            var own = [TransitionAnimation?](repeating: nil, count: targetCount)
            for o in 0..<targetCount where m.newOfOld[o] < 0 {
                let p = o < parents.count ? parents[o] : -1
                let inherit = p >= 0 && p < o && m.newOfOld[p] < 0
                let transition = o < transitionOf.count && transitionOf[o] >= 0 && !m.contentChangedOld.contains(o)
                    ? transitionTable[transitionOf[o]] : nil
                own[o] = transition?.removalAnimation ?? (inherit ? own[p] : nil)
            }
            m.ownRemoval = own
        }
    }

    /// Whether removed old target view `o` runs a removal: with its transition's own animation,
    /// or with the change's when it has one and the transition does not say `.instant`.
    @inline(__always)
    private static func removalAnimates(_ m: Matching, _ o: Int, changeAnimated: Bool) -> Bool {
        guard o < m.ownRemoval.count, let own = m.ownRemoval[o] else { return changeAnimated }
        return own.animation != nil
    }

    /// Step 5a: the views whose transition brings its own animation, grouped by it, and which
    /// views the change's animation leaves alone (`skip`, per combined index; empty when none).
    /// An inserted view whose transition is `.instant` starts where it ends.
    private func ownAnimationViews(_ m: inout Matching, _ newTargets: [Double]) -> (groups: [(Animation, [Int])], skip: [Bool]) {
        guard !m.ownInsertion.isEmpty || !m.ownRemoval.isEmpty else { return ([], []) }
        let c = Self.channels
        let n = m.viewCount
        var skip = [Bool](repeating: false, count: m.combinedCount)
        var groups: [(Animation, [Int])] = []
        func add(_ animation: Animation, _ i: Int) {
            skip[i] = true
            if let k = groups.firstIndex(where: { $0.0 == animation }) { groups[k].1.append(i) } else { groups.append((animation, [i])) }
        }
        for j in m.ownInsertion.indices where m.oldOfNew[j] < 0 {
            guard let own = m.ownInsertion[j] else { continue }
            if let animation = own.animation {
                add(animation, j)
            } else {
                for ch in 0..<c { m.insertionStarts[c * j + ch] = newTargets[c * j + ch] }
                skip[j] = true
            }
        }
        for (k, o) in m.removedOld.enumerated() where o < m.ownRemoval.count {
            if let animation = m.ownRemoval[o]?.animation { add(animation, n + k) }
        }
        return (groups, skip)
    }

    /// Step 5b: the group of views that a transition's own `animation` moves: each from where
    /// it is shown now (or an inserted one from its insertion state) to its target, the running
    /// motions it had dropped (they are not in the other groups).
    private func ownAnimationGroup(_ animation: Animation, _ views: [Int], _ m: Matching, _ old: PresentedState,
                                   _ newTargets: [Double], now: Double) -> Group? {
        let c = Self.channels
        let n = m.viewCount
        var offset = [Double](repeating: 0, count: c)
        var speed = offset
        var group = Group(segment: AnimationSegment(animation: animation, maxOffset: 0, maxVelocity: 0), start: now, views: [], values: [])
        var maxX = 0.0, maxV = 0.0
        for i in views {
            let o = m.oldOf(i)
            for ch in 0..<c {
                offset[ch] = (o >= 0 ? old.position[c * o + ch] : Self.insertionStart(m, i, ch)) - newTargets[c * i + ch]
                speed[ch] = o >= 0 && animation.isSpring ? old.velocity[c * o + ch] : 0
                if !offset[ch].isFinite || !speed[ch].isFinite { offset[ch] = 0; speed[ch] = 0 }
            }
            if i >= n && !m.removedFrameMoves[i - n] { for ch in 0..<4 { offset[ch] = 0; speed[ch] = 0 } }
            if offset.allSatisfy({ $0 == 0 }) && speed.allSatisfy({ $0 == 0 }) { continue }
            group.views.append(i)
            group.values.append(contentsOf: offset)
            group.values.append(contentsOf: speed)
            maxX = max(maxX, Self.norm(offset))
            maxV = max(maxV, Self.norm(speed))
        }
        guard !group.views.isEmpty else { return nil }
        group.segment = AnimationSegment(animation: animation, maxOffset: maxX, maxVelocity: maxV)
        return group
    }

    /// The animation a view's transition runs with: its own (`.instant`: none), else the change's.
    @inline(__always)
    private static func transitionAnimation(own: TransitionAnimation?, change: Animation?) -> Animation? {
        if let own { return own.animation }
        return change.flatMap { $0.isInstant ? nil : $0 }
    }

    /// Step 3d, before the new target replaces the old: the removed views whose transition's
    /// removal end turns or blurs them (combined index, end, animation).
    private func transitionEffectRemovals(_ m: Matching, animation: Animation?) -> [(view: Int, end: TransitionState, animation: Animation)] {
        guard !m.removedOld.isEmpty, transitionTable.contains(where: { $0.removal.changesEffects }) else { return [] }
        var ends: [(view: Int, end: TransitionState, animation: Animation)] = []
        for (k, o) in m.removedOld.enumerated() where o < targetCount && o < transitionOf.count && transitionOf[o] >= 0 {
            let end = transitionTable[transitionOf[o]].removal
            guard end.changesEffects, !m.contentChangedOld.contains(o),
                  let a = Self.transitionAnimation(own: o < m.ownRemoval.count ? m.ownRemoval[o] : nil, change: animation) else { continue }
            ends.append((m.viewCount + k, end, a))
        }
        return ends
    }

    /// Step 9: a custom transition's rotation and blur (`EffectTracks.startTransition`): inserted
    /// views start turned or blurred by their insertion end, removed views go to their removal
    /// end, and stay until it is reached.
    ///
    /// SwiftUI rule: a transition animates every effect its active phase differs in.
    private func startTransitionEffects(_ m: Matching, removals: [(view: Int, end: TransitionState, animation: Animation)],
                                        animation: Animation?, now: Double) {
        if m.statistics.inserted > 0, m.newTransitionTable.contains(where: { $0.insertion.changesEffects }) {
            for j in 0..<m.viewCount where m.oldOfNew[j] < 0 && m.newTransitionOf[j] >= 0 && !m.contentChanged.contains(j) {
                let end = m.newTransitionTable[m.newTransitionOf[j]].insertion
                guard end.changesEffects,
                      let a = Self.transitionAnimation(own: j < m.ownInsertion.count ? m.ownInsertion[j] : nil, change: animation) else { continue }
                _ = effects.startTransition(of: j, in: targetDisplayList, inTargetList: true, end: end, inserting: true, animation: a, now: now)
            }
        }
        for r in removals where removedCount > 0 {
            let finish = effects.startTransition(of: r.view, in: combinedDisplayList, inTargetList: false, end: r.end,
                                                 inserting: false, animation: r.animation, now: now)
            removedEnd = max(removedEnd, finish)
        }
    }

    /// Step 6: the animation time after which the removed views are gone (when the last group
    /// moving one of them finishes).
    private func removalEnd(_ newGroups: [Group], viewCount n: Int, now: Double) -> Double {
        var end = now
        for g in newGroups where g.views.contains(where: { $0 >= n }) { end = max(end, g.finish) }
        return end
    }

    /// Step 7: the display lists: the result's, and with removed views, the result's with their
    /// items put back where they were painted.
    private func updateDisplayLists(_ result: LayoutResult, _ m: Matching, oldCount: Int) {
        if !m.removedOld.isEmpty {
            let oldList = removedCount > 0 ? combinedDisplayList : targetDisplayList
            combinedDisplayList = Self.merge(
                newList: result.displayList, viewCount: m.viewCount, oldList: oldList, oldCount: oldCount,
                newOfOld: m.newOfOld)
        } else {
            combinedDisplayList = []
        }
        targetDisplayList = result.displayList
    }

    /// Step 8: the new target becomes the animator's state, and the presentation buffers fit it.
    private func commit(_ m: Matching, _ frames: [CGRect], _ newTargets: [Double], _ newGroups: [Group], removalEnd end: Double) {
        var laidOut = frames
        laidOut.reserveCapacity(m.combinedCount)
        laidOut.append(contentsOf: m.removalLaidOutFrames)
        laidOutFrames = laidOut
        var newIdentities = m.newIdentities
        for o in m.removedOld { newIdentities.append(identities[o]) }
        identities = newIdentities
        targets = newTargets
        targetCount = m.viewCount
        removedCount = m.removedOld.count
        removedEnd = end
        groups = newGroups
        statistics = m.statistics
        parents = m.newParents
        transitionOf = m.newTransitionOf
        transitionTable = m.newTransitionTable
        presented = newTargets
        let newCount = m.combinedCount
        Self.resize(&framesA, to: newCount, with: .zero)
        Self.resize(&framesB, to: newCount, with: .zero)
        Self.resize(&opacitiesA, to: newCount, with: 0)
        Self.resize(&opacitiesB, to: newCount, with: 0)
    }

    /// Whether a target or a running group has a transform channel away from rest.
    private static func movesTransforms(_ targets: [Double], _ groups: [Group]) -> Bool {
        let c = channels
        var i = 0
        while i < targets.count {
            if targets[i + 5] != 1 || targets[i + 6] != 0 || targets[i + 7] != 0 { return true }
            i += c
        }
        for g in groups {
            var k = 0
            while k < g.values.count {
                for ch in 5..<c where g.values[k + ch] != 0 || g.values[k + c + ch] != 0 { return true }
                k += 2 * c
            }
        }
        return false
    }

    private static func norm(_ v: [Double]) -> Double {
        var s = 0.0
        for x in v { s += x * x }
        return s.squareRoot()
    }

    private static func resize<T>(_ array: inout [T], to count: Int, with value: T) {
        if array.count > count {
            array.removeLast(array.count - count)
        } else if array.count < count {
            array.append(contentsOf: repeatElement(value, count: count - array.count))
        }
    }

    /// The new display list with the removed views' items put back where they were painted:
    /// each run of removed items goes after the new position of the item that preceded it.
    ///
    /// Clip and group brackets that lose their partner in a run are dropped, so the list stays
    /// balanced.
    static func merge(newList: [DisplayItem], viewCount n: Int, oldList: [DisplayItem], oldCount: Int,
                      newOfOld: [Int]) -> [DisplayItem] {
        // Positions of each new view's items, in order.
        var counts = [Int](repeating: 0, count: n + 1)
        for item in newList where item.view >= 0 && item.view < n { counts[item.view + 1] += 1 }
        for j in 0..<n { counts[j + 1] += counts[j] }
        let starts = counts
        var fill = counts
        var positions = [Int](repeating: 0, count: newList.count)
        for (p, item) in newList.enumerated() where item.view >= 0 && item.view < n {
            positions[fill[item.view]] = p
            fill[item.view] += 1
        }
        var ordinal = [Int](repeating: 0, count: oldCount)
        var runs: [(after: Int, items: [DisplayItem])] = []
        var run: [DisplayItem] = []
        var anchor = -1
        func flush() {
            if run.isEmpty { return }
            let items = balanced(run)
            if !items.isEmpty { runs.append((anchor, items)) }
            run.removeAll()
        }
        for item in oldList {
            let o = item.view
            guard o >= 0 && o < oldCount else { continue }
            let i = newOfOld[o]
            let k = ordinal[o]
            ordinal[o] += 1
            if i >= n {
                run.append(DisplayItem(view: i, kind: item.kind))
            } else {
                flush()
                if i >= 0 {
                    let count = starts[i + 1] - starts[i]
                    if count > 0 { anchor = positions[starts[i] + min(k, count - 1)] }
                }
            }
        }
        flush()
        // Stable order by anchor.
        let order = runs.indices.sorted { (runs[$0].after, $0) < (runs[$1].after, $1) }
        var merged: [DisplayItem] = []
        merged.reserveCapacity(newList.count + runs.reduce(0) { $0 + $1.items.count })
        var r = 0
        while r < order.count && runs[order[r]].after < 0 { merged.append(contentsOf: runs[order[r]].items); r += 1 }
        for (p, item) in newList.enumerated() {
            merged.append(item)
            while r < order.count && runs[order[r]].after == p { merged.append(contentsOf: runs[order[r]].items); r += 1 }
        }
        while r < order.count { merged.append(contentsOf: runs[order[r]].items); r += 1 }
        return merged
    }

    /// The run without clip/group/effect/mask brackets that have no partner inside it.
    static func balanced(_ run: [DisplayItem]) -> [DisplayItem] {
        var keep = [Bool](repeating: true, count: run.count)
        // Bracket kinds: 0 clip, 1 group, 2 effect, 3 mask (whose middle item must be inside it), 4 opacity.
        var stack: [(index: Int, bracket: Int)] = []
        var middles: [Int: Int] = [:]
        for (k, item) in run.enumerated() {
            let open: Int?, close: Int?
            switch item.kind {
            case .beginClip: open = 0; close = nil
            case .beginGroup: open = 1; close = nil
            case .beginEffect: open = 2; close = nil
            case .beginMask: open = 3; close = nil
            case .beginOpacity: open = 4; close = nil
            case .endOpacity: open = nil; close = 4
            case .endClip: open = nil; close = 0
            case .endGroup: open = nil; close = 1
            case .endEffect: open = nil; close = 2
            case .endMask: open = nil; close = 3
            case .beginMaskShape:
                if let top = stack.last, top.bracket == 3 { middles[top.index] = k } else { keep[k] = false }
                continue
            default: continue
            }
            if let open { stack.append((k, open)); continue }
            if let top = stack.last, top.bracket == close { stack.removeLast() } else { keep[k] = false }
        }
        for open in stack {
            keep[open.index] = false
            if let m = middles[open.index] { keep[m] = false }
        }
        if !keep.contains(false) { return run }
        return run.indices.filter { keep[$0] }.map { run[$0] }
    }

    // MARK: - Presentation

    /// What to draw at real time `time` (seconds): the display list, each view's presented frame
    /// and opacity, and whether to keep animating.
    ///
    /// SwiftUI rules (<doc:AnimationRules>): presented value = target + the sum of the running animations' offsets;
    /// springs may overshoot (sizes are clamped at 0, opacities to 0…1). Removed views disappear
    /// once their fade-out completes. O(views), allocation-free in steady state.
    public func presentation(at time: Double) -> AnimationFrame {
        let now = animationTime(at: time)
        let c = Self.channels
        if groups.contains(where: { now >= $0.finish }) {
            groups.removeAll { now >= $0.finish }
            if transformsActive { transformsActive = Self.movesTransforms(targets, groups) }
        }
        if removedCount > 0 && now >= removedEnd {
            dropRemoved()
            if transformsActive { transformsActive = Self.movesTransforms(targets, groups) }
        }
        effects.dropFinished(now: now)
        let count = identities.count

        presented.withUnsafeMutableBufferPointer { p in
            targets.withUnsafeBufferPointer { t in
                for k in 0..<(count * c) { p[k] = t[k] }
            }
            for g in groups {
                let s = g.segment.sample(elapsed: now - g.start)
                g.values.withUnsafeBufferPointer { values in
                    for (k, i) in g.views.enumerated() {
                        let base = 2 * c * k
                        for ch in 0..<c {
                            p[c * i + ch] += s.a * values[base + ch] + s.b * values[base + c + ch]
                        }
                    }
                }
            }
        }

        swap(&framesA, &framesB)
        swap(&opacitiesA, &opacitiesB)
        swap(&transformsA, &transformsB)
        Self.resize(&framesA, to: count, with: .zero)
        Self.resize(&opacitiesA, to: count, with: 0)
        Self.resize(&transformsA, to: transformsActive ? count : 0, with: .identity)
        let animating = !groups.isEmpty || removedCount > 0 || !effects.isEmpty
        presented.withUnsafeBufferPointer { p in
            framesA.withUnsafeMutableBufferPointer { frames in
                opacitiesA.withUnsafeMutableBufferPointer { opacities in
                    for i in 0..<count {
                        frames[i] = CGRect(
                            x: p[c * i], y: p[c * i + 1],
                            width: max(0, p[c * i + 2]), height: max(0, p[c * i + 3]))
                        opacities[i] = min(max(p[c * i + 4], 0), 1)
                    }
                }
            }
            if transformsActive {
                transformsA.withUnsafeMutableBufferPointer { transforms in
                    for i in 0..<count {
                        transforms[i] = PresentedTransform(scale: max(0, p[c * i + 5]), tx: p[c * i + 6], ty: p[c * i + 7])
                    }
                }
            }
        }
        let shownList = removedCount > 0 ? combinedDisplayList : targetDisplayList
        return AnimationFrame(
            displayList: effects.isEmpty ? shownList : effects.apply(to: shownList, combined: removedCount > 0, now: now),
            frames: framesA, opacities: opacitiesA, transforms: transformsA, layoutFrames: animating ? laidOutFrames : [],
            targetViewCount: targetCount,
            isAnimating: animating)
    }

    /// Forgets the removed views once they have faded out.
    private func dropRemoved() {
        let c = Self.channels
        identities.removeLast(removedCount)
        laidOutFrames.removeLast(removedCount)
        targets.removeLast(removedCount * c)
        presented.removeLast(removedCount * c)
        let n = targetCount
        // Any group still naming removed views (none, by construction of `removedEnd`).
        for g in groups.indices where groups[g].views.contains(where: { $0 >= n }) {
            var kept = Group(segment: groups[g].segment, start: groups[g].start, views: [], values: [])
            for (k, i) in groups[g].views.enumerated() where i < n {
                kept.views.append(i)
                kept.values.append(contentsOf: groups[g].values[(2 * c * k)..<(2 * c * (k + 1))])
            }
            groups[g] = kept
        }
        removedCount = 0
        combinedDisplayList = []
    }
}
