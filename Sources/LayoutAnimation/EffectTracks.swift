import Foundation
import LayoutCore

/// The drawing values of views that an animated change changed — an `opacity`, a
/// `scaleEffect`, a `rotationEffect`, a `blur` radius, a shadow's radius and offset, a
/// `ProgressView`'s fraction, the colour of a fill, a stroke or a text, a shape's animatable
/// data and a stroke's width (`DrawingMix`) — moving from what was shown to their new values.
///
/// SwiftUI rule: a view's animatable effects interpolate with the change's animation, as its
/// frame does: `.rotationEffect(.degrees(open ? 90 : 0))` turns, `.opacity(dim ? 0.3 : 1)`
/// fades. A view's items are paired by their order among that view's items, old and new; a
/// pair animates when both are the same kind of item and differ only in these numbers, in
/// their colour or in what `DrawingMix` mixes (an effect added or taken away, a gradient or
/// another kind of shape changes at once).
struct EffectTracks {
    /// One animated item.
    struct Track {
        /// The view it belongs to (target index) and its place among that view's items.
        var view: Int
        var ordinal: Int
        /// Where it is in the target display list and, while removed views are shown, in the
        /// combined one (−1: not placed yet).
        var targetItem: Int
        var combinedItem = -1
        /// The item's values at rest, the offsets from them it started with, and the velocities
        /// (per real second) it started with: a spring that interrupts a moving one goes on
        /// from its velocity, as the frames' springs do.
        var to: Values
        var offset: Values
        var velocity = Values()
        var start: Double
        var segment: AnimationSegment
        /// A drawn item's track: the items it goes between (its value is the fraction of the way).
        var drawing: (from: DisplayItem.Kind, to: DisplayItem.Kind)? = nil
        var finish: Double { start + segment.finishElapsed }
    }

    /// Up to four numbers of one item.
    struct Values: Equatable {
        var count = 0
        var v = (0.0, 0.0, 0.0, 0.0)
        subscript(i: Int) -> Double {
            get { switch i { case 0: return v.0; case 1: return v.1; case 2: return v.2; default: return v.3 } }
            set { switch i { case 0: v.0 = newValue; case 1: v.1 = newValue; case 2: v.2 = newValue; default: v.3 = newValue } }
        }
        static func == (a: Values, b: Values) -> Bool {
            guard a.count == b.count else { return false }
            for i in 0..<a.count where a[i] != b[i] { return false }
            return true
        }
        init(_ values: Double...) {
            count = min(values.count, 4)
            for (i, x) in values.prefix(4).enumerated() { self[i] = x }
        }
    }

    private(set) var tracks: [Track] = []
    var isEmpty: Bool { tracks.isEmpty }

    /// The numbers of `kind` that animate, or nil when it has none.
    static func values(of kind: DisplayItem.Kind) -> Values? {
        switch kind {
        case .beginOpacity(let o): return Values(o)
        case .beginGroup(let o): return Values(o)
        case .progress(let fraction, _, _): return Values(fraction)
        case .beginEffect(let effect):
            switch effect {
            case .scale(let x, let y, _): return Values(Double(x), Double(y))
            case .rotation(let r, _): return Values(r)
            case .blur(let radius, _): return Values(Double(radius))
            case .shadow(_, let radius, let x, let y): return Values(Double(radius), Double(x), Double(y))
            case .transition: return nil
            }
        default: return nil
        }
    }

    /// `kind` with its numbers replaced by `values` (the other parts kept).
    static func kind(_ kind: DisplayItem.Kind, with values: Values) -> DisplayItem.Kind {
        switch kind {
        case .beginOpacity: return .beginOpacity(min(max(values[0], 0), 1))
        case .beginGroup: return .beginGroup(opacity: min(max(values[0], 0), 1))
        case .progress(_, let track, let bar): return .progress(fraction: min(max(values[0], 0), 1), track: track, bar: bar)
        case .beginEffect(let effect):
            switch effect {
            case .scale(_, _, let anchor): return .beginEffect(.scale(x: CGFloat(values[0]), y: CGFloat(values[1]), anchor: anchor))
            case .rotation(_, let anchor): return .beginEffect(.rotation(radians: values[0], anchor: anchor))
            case .blur(_, let opaque): return .beginEffect(.blur(radius: CGFloat(max(values[0], 0)), opaque: opaque))
            case .shadow(let color, _, _, _):
                return .beginEffect(.shadow(color: color, radius: CGFloat(max(values[0], 0)), x: CGFloat(values[1]), y: CGFloat(values[2])))
            case .transition: return kind
            }
        default: return kind
        }
    }

    /// Whether `a` and `b` are the same item but for their numbers.
    static func sameButForValues(_ a: DisplayItem.Kind, _ b: DisplayItem.Kind) -> Bool {
        switch (a, b) {
        case (.beginOpacity, .beginOpacity), (.beginGroup, .beginGroup): return true
        case let (.progress(_, t1, b1), .progress(_, t2, b2)): return t1 == t2 && b1 == b2
        case let (.beginEffect(e1), .beginEffect(e2)):
            switch (e1, e2) {
            case let (.scale(_, _, a1), .scale(_, _, a2)): return a1 == a2
            case let (.rotation(_, a1), .rotation(_, a2)): return a1 == a2
            case let (.blur(_, o1), .blur(_, o2)): return o1 == o2
            case let (.shadow(c1, _, _, _), .shadow(c2, _, _, _)): return c1 == c2
            default: return false
            }
        default: return false
        }
    }

    /// Each view's item indices in `list`, in order (views `0..<count`).
    private static func itemsByView(_ list: [DisplayItem], count: Int) -> (starts: [Int], items: [Int]) {
        var starts = [Int](repeating: 0, count: count + 1)
        for item in list where item.view >= 0 && item.view < count { starts[item.view + 1] += 1 }
        for v in 0..<count { starts[v + 1] += starts[v] }
        var fill = starts
        var items = [Int](repeating: 0, count: starts[count])
        for (p, item) in list.enumerated() where item.view >= 0 && item.view < count {
            items[fill[item.view]] = p
            fill[item.view] += 1
        }
        return (starts, items)
    }

    /// The tracks after a change to `newList`, whose view `j` was view `oldOfNew[j]` of
    /// `oldList` (−1: inserted). With `animation`, every matched item whose numbers changed
    /// moves from what it shows now to its new numbers; without, the changed ones jump and the
    /// running tracks of unchanged ones go on.
    mutating func retarget(oldList: [DisplayItem], oldCount: Int, newList: [DisplayItem], oldOfNew: [Int],
                           animation: Animation?, now: Double) {
        let running = tracks.filter { now < $0.finish }
        guard animation != nil || !running.isEmpty else { tracks = []; return }
        let n = oldOfNew.count
        // The running tracks by old view, so a retarget starts from what is shown.
        var runningOf: [Int: [Track]] = [:]
        for t in running { runningOf[t.view, default: []].append(t) }
        let old = Self.itemsByView(oldList, count: oldCount)
        let new = Self.itemsByView(newList, count: n)
        var made: [Track] = []
        var newTracks: [(view: Int, ordinal: Int, item: Int, to: Values, from: Values, velocity: Values,
                         drawing: (from: DisplayItem.Kind, to: DisplayItem.Kind)?)] = []
        for j in 0..<n {
            let o = oldOfNew[j]
            guard o >= 0, o < oldCount else { continue }
            let oldRange = old.starts[o]..<old.starts[o + 1], newRange = new.starts[j]..<new.starts[j + 1]
            guard oldRange.count == newRange.count, !oldRange.isEmpty else { continue }
            let tracksOfView = runningOf[o]
            for k in 0..<newRange.count {
                let oldKind = oldList[old.items[oldRange.lowerBound + k]].kind
                let newItem = new.items[newRange.lowerBound + k]
                let newKind = newList[newItem].kind
                let track = tracksOfView?.first { $0.ordinal == k }
                if DrawingMix.isDrawn(newKind) {
                    guard DrawingMix.relation(oldKind, newKind) != .differs else { continue }
                    if animation != nil {
                        // From what is shown: the running track's mix, else the old item.
                        let from = track.flatMap { t in t.drawing.map { DrawingMix.mix($0.from, $0.to, fraction: Self.sample(t, now: now)[0]) } } ?? oldKind
                        if DrawingMix.relation(from, newKind) == .mixes { newTracks.append((j, k, newItem, Values(1), Values(0), Values(), (from, newKind))) }
                    } else if var carried = track, let drawing = carried.drawing, DrawingMix.relation(drawing.to, newKind) == .same {
                        carried.drawing = (drawing.from, newKind)
                        carried.view = j
                        carried.targetItem = newItem
                        carried.combinedItem = -1
                        made.append(carried)
                    }
                    continue
                }
                guard let target = Self.values(of: newKind), let was = Self.values(of: oldKind),
                      Self.sameButForValues(oldKind, newKind) else { continue }
                if animation != nil {
                    // From what is shown: the running track's value, else the old value.
                    let running = track.flatMap { $0.drawing == nil && $0.to.count == target.count ? $0 : nil }
                    let from = running.map { Self.sample($0, now: now) } ?? was
                    // A spring keeps the velocity the value has (a timing curve starts at rest).
                    let velocity = running.flatMap { animation?.isSpring == true ? Self.velocity($0, now: now) : nil } ?? Values()
                    if from != target { newTracks.append((j, k, newItem, target, from, velocity, nil)) }
                } else if var carried = track, carried.drawing == nil, carried.to == target {
                    // Unchanged and still moving: it goes on.
                    carried.view = j
                    carried.targetItem = newItem
                    carried.combinedItem = -1
                    made.append(carried)
                }
            }
        }
        if let animation, !newTracks.isEmpty {
            var maxOffset = 0.0, maxVelocity = 0.0
            for t in newTracks {
                for i in 0..<t.to.count { maxOffset = max(maxOffset, abs(t.from[i] - t.to[i])) }
                for i in 0..<t.velocity.count { maxVelocity = max(maxVelocity, abs(t.velocity[i])) }
            }
            let segment = AnimationSegment(animation: animation, maxOffset: maxOffset, maxVelocity: maxVelocity)
            for t in newTracks {
                var offset = Values(), velocity = Values()
                offset.count = t.to.count
                velocity.count = t.velocity.count == t.to.count ? t.to.count : 0
                for i in 0..<t.to.count { offset[i] = t.from[i] - t.to[i] }
                for i in 0..<velocity.count { velocity[i] = t.velocity[i] }
                made.append(Track(view: t.view, ordinal: t.ordinal, targetItem: t.item, to: t.to, offset: offset,
                                  velocity: velocity, start: now, segment: segment, drawing: t.drawing))
            }
        }
        tracks = made
    }

    /// Finds each track's item in `combined`, the list shown while removed views fade (each
    /// view's items keep their order in it).
    mutating func place(in combined: [DisplayItem]) {
        guard !tracks.isEmpty, !combined.isEmpty else { return }
        var wanted: [Int: [Int]] = [:]
        for (t, track) in tracks.enumerated() { wanted[track.view, default: []].append(t) }
        var ordinal: [Int: Int] = [:]
        for (p, item) in combined.enumerated() where item.view >= 0 {
            guard let list = wanted[item.view] else { continue }
            let k = ordinal[item.view, default: 0]
            ordinal[item.view] = k + 1
            for t in list where tracks[t].ordinal == k { tracks[t].combinedItem = p }
        }
    }

    /// Starts a custom transition's drawing effects on view `view` of `list` (the target list
    /// for an inserted view, the combined one for a removed view): its first rotation effect
    /// and its first blur move from the transition's insertion end to how the view is drawn, or
    /// from how it is drawn to the removal end, and so do the shadows and clip shapes the end
    /// draws in place of the view's (`TransitionState.drawnItems`) when they mix. A view
    /// without such an effect has nothing to move. Returns the animation time the tracks end at
    /// (−∞: none started).
    mutating func startTransition(of view: Int, in list: [DisplayItem], inTargetList: Bool, end: TransitionState,
                                  inserting: Bool, animation: Animation, now: Double) -> Double {
        var ordinal = 0
        var rotationDone = end.rotation == nil, blurDone = end.blur == nil
        var started: [(ordinal: Int, item: Int, at: Values, moved: Values)] = []
        for (p, item) in list.enumerated() where item.view == view {
            defer { ordinal += 1 }
            switch item.kind {
            case .beginEffect(.rotation(let r, _)) where !rotationDone:
                rotationDone = true
                started.append((ordinal, p, Values(r), Values(r + (end.rotation ?? 0))))
            case .beginEffect(.blur(let radius, _)) where !blurDone:
                blurDone = true
                started.append((ordinal, p, Values(Double(radius)), Values(max(0, Double(radius) + (end.blur ?? 0)))))
            default: break
            }
            if rotationDone && blurDone { break }
        }
        let drawings = end.drawnItems.isEmpty ? [] : Self.transitionDrawings(of: view, in: list, end: end, inserting: inserting)
        guard !started.isEmpty || !drawings.isEmpty else { return -.infinity }
        // A drawn item's value is the fraction of its way, 0 to 1.
        var maxOffset = drawings.isEmpty ? 0.0 : 1.0
        for s in started { maxOffset = max(maxOffset, abs(s.moved[0] - s.at[0])) }
        let segment = AnimationSegment(animation: animation, maxOffset: maxOffset, maxVelocity: 0)
        for s in started {
            let (from, to) = inserting ? (s.moved, s.at) : (s.at, s.moved)
            var offset = Values()
            offset.count = 1
            offset[0] = from[0] - to[0]
            tracks.append(Track(view: view, ordinal: s.ordinal, targetItem: inTargetList ? s.item : -1,
                                combinedItem: inTargetList ? -1 : s.item, to: to, offset: offset, start: now, segment: segment))
        }
        for d in drawings {
            tracks.append(Track(view: d.view, ordinal: d.ordinal, targetItem: inTargetList ? d.item : -1,
                                combinedItem: inTargetList ? -1 : d.item, to: Values(1), offset: Values(-1), start: now,
                                segment: segment, drawing: (d.from, d.to)))
        }
        return now + segment.finishElapsed
    }

    /// The shadows and clips of view `view`'s subtree in `list` that `end` replaces and that mix
    /// with it: each with its view, its place among that view's items, its place in `list`,
    /// and the items it goes between. The subtree's items lie between the view's first and last
    /// item; its shadows and clips are counted in that order, as `TransitionDrawnItem` counts.
    private static func transitionDrawings(of view: Int, in list: [DisplayItem], end: TransitionState, inserting: Bool)
        -> [(view: Int, ordinal: Int, item: Int, from: DisplayItem.Kind, to: DisplayItem.Kind)] {
        guard let first = list.firstIndex(where: { $0.view == view }),
              let last = list.lastIndex(where: { $0.view == view }) else { return [] }
        let lastOrdinal = end.drawnItems.map(\.ordinal).max() ?? -1
        var drawings: [(view: Int, ordinal: Int, item: Int, from: DisplayItem.Kind, to: DisplayItem.Kind)] = []
        var ordinalOf: [Int: Int] = [:]
        var drawn = 0
        for p in first...last {
            let item = list[p]
            let ordinal = ordinalOf[item.view, default: 0]
            ordinalOf[item.view] = ordinal + 1
            guard TransitionDrawnItem.counts(item.kind) else { continue }
            defer { drawn += 1 }
            if let replaced = end.drawnItems.first(where: { $0.ordinal == drawn }),
               DrawingMix.relation(replaced.kind, item.kind) == .mixes {
                drawings.append(inserting ? (item.view, ordinal, p, replaced.kind, item.kind) : (item.view, ordinal, p, item.kind, replaced.kind))
            }
            if drawn >= lastOrdinal { break }
        }
        return drawings
    }

    /// Drops the tracks that ended.
    mutating func dropFinished(now: Double) {
        if tracks.contains(where: { now >= $0.finish }) { tracks.removeAll { now >= $0.finish } }
    }

    /// The animation time at which the last track ends (−∞ with none).
    var end: Double { tracks.map(\.finish).max() ?? -.infinity }

    /// `list` (the target list, or the combined one when `combined`) with the tracked items'
    /// numbers at animation time `now`.
    func apply(to list: [DisplayItem], combined: Bool, now: Double) -> [DisplayItem] {
        var list = list
        for t in tracks {
            let p = combined ? t.combinedItem : t.targetItem
            guard p >= 0, p < list.count else { continue }
            if let drawing = t.drawing {
                list[p].kind = DrawingMix.mix(drawing.from, drawing.to, fraction: Self.sample(t, now: now)[0])
            } else {
                list[p].kind = Self.kind(list[p].kind, with: Self.sample(t, now: now))
            }
        }
        return list
    }

    /// A track's values at animation time `now`.
    private static func sample(_ t: Track, now: Double) -> Values {
        let s = t.segment.sample(elapsed: now - t.start)
        var v = t.to
        for i in 0..<t.to.count { v[i] = t.to[i] + s.a * t.offset[i] + (i < t.velocity.count ? s.b * t.velocity[i] : 0) }
        return v
    }

    /// A track's velocities (per real second) at animation time `now`.
    private static func velocity(_ t: Track, now: Double) -> Values {
        let s = t.segment.sample(elapsed: now - t.start)
        var v = Values()
        v.count = t.to.count
        for i in 0..<t.to.count { v[i] = s.da * t.offset[i] + (i < t.velocity.count ? s.db * t.velocity[i] : 0) }
        return v
    }
}
