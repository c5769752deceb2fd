import Foundation

/// The shared algorithm of HStack and VStack (<doc:StackRules>), on one major axis.
///
/// - Children are sized in order of priority (highest first), then flexibility (least flexible
///   first; among infinitely flexible ones, the larger minimum first), then declaration order.
/// - Each child is offered an equal share of what is left; the highest-priority group sees all
///   the space minus the minimum lengths of lower-priority children.
/// - With an unspecified major proposal every child is sized ideally.
/// - On the minor axis children line up on the alignment guide; the stack's minor length is the
///   union of their extents (always including 0).
/// - When placing, an unspecified minor proposal becomes the stack's own minor length, so flexible
///   children stretch to it (the "equal height" trick).
struct StackAlgorithm {
    let axis: Axis
    let alignment: AlignmentKey
    let spacing: CGFloat?

    func prepare(_ subviews: LayoutSubviews, _ cache: inout StackLayoutCache) {
        let n = subviews.count
        // One array of slots, not one array per quantity: each allocation of an array costs a
        // generic metadata lookup, and a pass over a tree of small stacks makes every cache anew.
        cache.slots = [StackSlot](repeating: StackSlot(), count: n)
        var total: CGFloat = 0
        if let spacing {
            // An explicit spacing is every distance: the subviews' preferences are not asked
            // (a subtree's spacing is a union over its views, and asking it read every view of a
            // tree of explicitly spaced stacks for nothing), and no distance is kept per subview.
            cache.lengths = []
            for _ in Swift.min(1, n)..<n { total += spacing }
        } else {
            var distances = [CGFloat](repeating: 0, count: n)
            var previous: ViewSpacing? = nil
            for i in 0..<n {
                let s = subviews[subviews.startIndex + i].spacing
                if let previous {
                    let d = previous.distance(to: s, along: axis)
                    distances[i] = d
                    total += d
                }
                previous = s
            }
            cache.lengths = distances
        }
        cache.totalSpacing = total
        // No minimum lengths yet (`fits`): the next order says whether priorities differ.
        cache.uniformPriority = true
        cache.preparedSpacing = spacing ?? 0
        cache.hasLayout = false
        cache.orderStamp = nil
    }

    /// Whether `cache` was prepared for these subviews and this stack's kind of spacing: one
    /// slot per subview, and `lengths` holding the distances when the spacing is nil and the
    /// minimum lengths when the last order saw several priorities. A custom layout may keep one
    /// cache while it changes the stack's spacing or hands it other subviews: the cache is then
    /// prepared again, never read past its end nor summed with another spacing.
    @inline(__always) private func fits(_ cache: StackLayoutCache, _ subviews: LayoutSubviews) -> Bool {
        let n = subviews.count
        return cache.slots.count == n && cache.lengths.count == (spacing == nil ? n : 0) + (cache.uniformPriority ? 0 : n)
            && cache.preparedSpacing == (spacing ?? 0)
    }

    func sizeThatFits(_ p: ProposedViewSize, _ subviews: LayoutSubviews, _ cache: inout StackLayoutCache) -> CGSize {
        if subviews.isEmpty { return .zero }
        if !fits(cache, subviews) { prepare(subviews, &cache) }
        compute(p, subviews, &cache)
        return cache.size
    }

    func placeSubviews(_ bounds: CGRect, _ p: ProposedViewSize, _ subviews: LayoutSubviews, _ cache: inout StackLayoutCache) {
        if subviews.isEmpty { return }
        if !fits(cache, subviews) { prepare(subviews, &cache) }
        let minor = axis.other
        var pp = p
        if pp[minor] == nil { pp[minor] = bounds.size[minor] }
        compute(pp, subviews, &cache)
        let base = subviews.startIndex
        let axis = self.axis
        // Both buffers are read in place: no copy of either array is retained.
        let spacing = self.spacing
        cache.lengths.withUnsafeBufferPointer { lengths in cache.slots.withUnsafeBufferPointer { slots in
            var major: CGFloat = 0
            for i in 0..<slots.count {
                var origin = bounds.origin
                // The same running sum as `compute`'s, so the same offsets bit for bit (the
                // rule of `distance(before:_:)`, with the spacing tested outside the loop's work).
                if let spacing {
                    if i > 0 { major += spacing }
                } else {
                    major += lengths[i]
                }
                origin[axis] += major
                major += slots[i].size[axis]
                origin[minor] += slots[i].minorOrigin
                // `compute` measured each subview with exactly this proposal in this pass.
                subviews.place(at: base + i, origin, measured: slots[i].size,
                               proposal: ProposedViewSize(major: slots[i].majorProposal, minor: pp[minor], axis: axis))
            }
        } }
    }

    /// Sizes and aligns the children for `p`, unless the cache already holds that proposal: the
    /// phases below, in order. With a major length: read the priorities, measure each subview's
    /// flexibility, order them, and distribute the length group by group (the first three only
    /// when the order no longer holds); without one, measure each ideally. Then align on the
    /// minor axis and add up the major lengths.
    private func compute(_ p: ProposedViewSize, _ subviews: LayoutSubviews, _ cache: inout StackLayoutCache) {
        let passID = subviews.passID
        if holdsLayout(for: p, passID: passID, cache) { return }
        let n = subviews.count
        let minorProposal = p[axis.other]
        let stamp = subviews.sizesStamp
        let ordered = orderHolds(stamp, minorProposal: minorProposal, cache)
        let totalSpacing = cache.totalSpacing
        var uniformPriority = cache.uniformPriority
        // Taken out while the slots are written through their pointer, put back after (only
        // by a stack of several priorities: most stacks never touch the list).
        var lengths: [CGFloat] = []
        swap(&lengths, &cache.lengths)
        // The minimum lengths follow the distances in `lengths` (see `StackLayoutCache.lengths`).
        let minimums = spacing == nil ? n : 0
        // The slots are written through a pointer (an array element write checks uniqueness
        // each time); measuring subviews never reaches this cache (the container's cache is
        // taken out of its storage while the layout runs).
        let size: CGSize = cache.slots.withUnsafeMutableBufferPointer { slots in
            if let majorProposal = p[axis] {
                if !ordered {
                    uniformPriority = hasUniformPriority(subviews)
                    measureFlexibility(slots, subviews, minorProposal: minorProposal)
                    orderByPriorityAndFlexibility(slots, subviews, uniformPriority: uniformPriority)
                    keepMinimumLengths(of: slots, in: &lengths, after: minimums, uniformPriority: uniformPriority)
                }
                distributeMajorLength(majorProposal - totalSpacing, slots, subviews, minimumLengths: &lengths, after: minimums,
                                      minorProposal: minorProposal, uniformPriority: uniformPriority)
            } else {
                measureIdealLengths(slots, subviews, minorProposal: minorProposal)
            }
            let (lower, upper) = alignOnMinorAxis(slots, subviews)
            let major = sumMajorLengths(slots, distances: &lengths, shiftingMinorOriginsBy: lower)
            return CGSize(major: major, minor: upper - lower, axis: axis)
        }
        swap(&lengths, &cache.lengths)
        if p[axis] != nil && !ordered {
            cache.uniformPriority = uniformPriority
            cache.orderStamp = stamp
            cache.orderMinorProposal = minorProposal
        }
        cache.size = size
        cache.lastProposal = p
        cache.lastPassID = passID
        cache.hasLayout = true
    }

    // MARK: Phases of `compute`
    //
    // Each is inlined into `compute`: the phases share its registers, and the hot loops stay as
    // they were. `lengths` is lent to them in place (`inout`, only read): passed as a value, the
    // array the closure captured is copied, a retain and a release per call of every stack.

    /// Whether the cache holds the layout for `p` made in this pass (an earlier pass's holds
    /// that pass's dimensions).
    @inline(__always) private func holdsLayout(for p: ProposedViewSize, passID: UInt32, _ cache: StackLayoutCache) -> Bool {
        cache.hasLayout && cache.lastProposal == p && cache.lastPassID == passID
    }

    /// Whether the last order stands: it depends only on the subviews' priorities and their
    /// sizes at 0 and ∞ with this minor proposal, which hold while the subviews' sizes stamp does
    /// (a re-layout at another major length).
    @inline(__always) private func orderHolds(_ stamp: SubviewSizesStamp?, minorProposal: CGFloat?, _ cache: StackLayoutCache) -> Bool {
        stamp != nil && stamp == cache.orderStamp && cache.orderMinorProposal == minorProposal
    }

    /// Whether every subview has the first one's layout priority. Priorities are read from the
    /// subviews when needed (most stacks have one priority, and then never), not kept in every slot.
    @inline(__always) private func hasUniformPriority(_ subviews: LayoutSubviews) -> Bool {
        let base = subviews.startIndex
        let firstPriority = subviews.priority(at: base)
        for i in 1..<Swift.max(subviews.count, 1) where subviews.priority(at: base + i) != firstPriority { return false }
        return true
    }

    /// Measures each subview's major length at 0 and at ∞ (its flexibility is their difference).
    /// A single subview needs no order, so it is not asked.
    @inline(__always) private func measureFlexibility(_ slots: UnsafeMutableBufferPointer<StackSlot>, _ subviews: LayoutSubviews,
                                                      minorProposal: CGFloat?) {
        let n = slots.count, base = subviews.startIndex
        guard n > 1 else {
            slots[0].minLength = 0
            slots[0].maxLength = 0
            return
        }
        for i in 0..<n {
            // Index-based queries (`LayoutSubviews.sizes(at:_:_:)`, …): no subview proxies to retain.
            let (least, most) = subviews.sizes(at: base + i, ProposedViewSize(major: 0, minor: minorProposal, axis: axis),
                                               ProposedViewSize(major: .infinity, minor: minorProposal, axis: axis))
            slots[i].minLength = least[axis]
            slots[i].maxLength = most[axis]
        }
    }

    /// Sets the order in which the subviews are offered space (`StackOrder`).
    @inline(__always) private func orderByPriorityAndFlexibility(_ slots: UnsafeMutableBufferPointer<StackSlot>, _ subviews: LayoutSubviews,
                                                                 uniformPriority: Bool) {
        if uniformPriority {
            StackOrder.arrange(slots, priority: { _ in 0 })
        } else {
            let base = subviews.startIndex
            StackOrder.arrange(slots, priority: { subviews.priority(at: base + $0) })
        }
    }

    /// Keeps each subview's minimum length after the distances in `lengths` when the subviews
    /// have several priorities (a group reserves the minimums of lower priorities, and the
    /// slots' own are overwritten once measured); drops any kept before otherwise.
    @inline(__always) private func keepMinimumLengths(of slots: UnsafeMutableBufferPointer<StackSlot>, in lengths: inout [CGFloat],
                                                      after minimums: Int, uniformPriority: Bool) {
        if lengths.count > minimums { lengths.removeLast(lengths.count - minimums) }
        if !uniformPriority {
            let n = slots.count
            lengths.reserveCapacity(minimums + n)
            for i in 0..<n { lengths.append(slots[i].minLength) }
        }
    }

    /// Offers `available` (the major proposal less the spacing) to the subviews in their order,
    /// a priority group at a time: each subview an equal share of what is left, the first group
    /// seeing all of it less the minimum lengths of lower priorities (<doc:StackRules>).
    @inline(__always) private func distributeMajorLength(_ available: CGFloat, _ slots: UnsafeMutableBufferPointer<StackSlot>,
                                                         _ subviews: LayoutSubviews, minimumLengths lengths: inout [CGFloat], after minimums: Int,
                                                         minorProposal: CGFloat?, uniformPriority: Bool) {
        let n = slots.count, base = subviews.startIndex
        var available = available
        var k = 0
        var isFirstGroup = true
        while k < n {
            let groupPriority = uniformPriority ? 0 : subviews.priority(at: base + slots[k].order)
            var end = k
            while end < n && (uniformPriority || subviews.priority(at: base + slots[end].order) == groupPriority) { end += 1 }
            if isFirstGroup {
                // Reserve the minimum lengths of every lower-priority child.
                var reserve: CGFloat = 0
                for j in end..<n { reserve += lengths[minimums + slots[j].order] }
                available -= reserve
            } else {
                // Release this group's reservation.
                for j in k..<end { available += lengths[minimums + slots[j].order] }
            }
            var remaining = end - k
            for j in k..<end {
                let i = slots[j].order
                let proposal = Swift.max(available / CGFloat(remaining), 0)
                let d = subviews.dimensions(at: base + i, ProposedViewSize(major: proposal, minor: minorProposal, axis: axis))
                slots[i].measured(d, proposal: proposal)
                let next = available - d.size[axis]
                if !next.isNaN { available = next }
                remaining -= 1
            }
            isFirstGroup = false
            k = end
        }
    }

    /// Measures each subview at its ideal major length (an unspecified major proposal).
    @inline(__always) private func measureIdealLengths(_ slots: UnsafeMutableBufferPointer<StackSlot>, _ subviews: LayoutSubviews,
                                                       minorProposal: CGFloat?) {
        let base = subviews.startIndex
        for i in 0..<slots.count {
            slots[i].measured(subviews.dimensions(at: base + i, ProposedViewSize(major: nil, minor: minorProposal, axis: axis)),
                              proposal: nil)
        }
    }

    /// Lines the subviews up on the alignment guide across the stack: sets each one's minor
    /// origin relative to the guide, and returns the union of their extents (always holding 0).
    @inline(__always) private func alignOnMinorAxis(_ slots: UnsafeMutableBufferPointer<StackSlot>,
                                                    _ subviews: LayoutSubviews) -> (lower: CGFloat, upper: CGFloat) {
        let base = subviews.startIndex, minor = axis.other
        var lower: CGFloat = 0, upper: CGFloat = 0
        for i in 0..<slots.count {
            let d = slots[i].hasGuides ? subviews.dimensions(at: base + i, size: slots[i].size)
                : ViewDimensions(width: slots[i].size.width, height: slots[i].size.height, source: nil)
            let o = -d[key: alignment]
            slots[i].minorOrigin = o
            lower = Swift.min(lower, o)
            upper = Swift.max(upper, o + d.size[minor])
        }
        return (lower, upper)
    }

    /// The stack's major length: the running sum of spacing and lengths (`placeSubviews` and
    /// `explicitAlignment` sum them again rather than keeping 8 bytes per subview). Also moves
    /// each minor origin so that the union of the extents starts at 0.
    @inline(__always) private func sumMajorLengths(_ slots: UnsafeMutableBufferPointer<StackSlot>, distances lengths: inout [CGFloat],
                                                   shiftingMinorOriginsBy lower: CGFloat) -> CGFloat {
        let n = slots.count
        // An explicit spacing is summed in a loop of its own, no test per subview of where
        // the distance is (0 before the first subview is left out: x + 0 is x).
        var x: CGFloat = 0
        if let spacing {
            for i in 0..<n {
                if i > 0 { x += spacing }
                x += slots[i].size[axis]
                slots[i].minorOrigin -= lower
            }
        } else {
            for i in 0..<n {
                x += lengths[i]
                x += slots[i].size[axis]
                slots[i].minorOrigin -= lower
            }
        }
        return x
    }

    /// The stack's explicit value for a guide: its children's values at their positions, combined.
    func explicitAlignment(_ key: AlignmentKey, _ bounds: CGRect, _ subviews: LayoutSubviews, _ cache: inout StackLayoutCache) -> CGFloat? {
        if key.isFrameAlignment || subviews.isEmpty { return nil }
        if !fits(cache, subviews) { prepare(subviews, &cache) }
        compute(ProposedViewSize(bounds.size), subviews, &cache)
        var result: CGFloat? = nil
        var n = 0
        var major: CGFloat = 0
        for i in 0..<subviews.count {
            let majorOrigin = major + distance(before: i, cache.lengths)
            major = majorOrigin + cache.slots[i].size[axis]
            guard cache.slots[i].hasGuides,
                  let v = subviews.dimensions(at: subviews.startIndex + i, size: cache.slots[i].size).explicitValue(key) else { continue }
            let origin = key.axis == axis ? majorOrigin : cache.slots[i].minorOrigin
            key.id._combineExplicit(childValue: origin + v, n, into: &result)
            n += 1
        }
        return result
    }

    /// The spacing before subview `i`: the explicit spacing (none before the first), or what the
    /// pair's preferences gave (the first part of `StackLayoutCache.lengths`). The running sums
    /// of `compute` and `placeSubviews` test the spacing once per stack instead (a test per
    /// subview there cost 6–8 instructions per view in the benchmarks).
    private func distance(before i: Int, _ lengths: [CGFloat]) -> CGFloat {
        if let spacing { return i == 0 ? 0 : spacing }
        return lengths[i]
    }

    func spacing(_ subviews: LayoutSubviews) -> ViewSpacing {
        if subviews.isEmpty { return .zero }
        // Every child contributes its minor-axis edges; the first its leading edge, the last its trailing edge.
        let minorEdges: Edge.Set = axis == .horizontal ? .vertical : .horizontal
        let leadingEdge: Edge.Set = axis == .horizontal ? .leading : .top
        let trailingEdge: Edge.Set = axis == .horizontal ? .trailing : .bottom
        var s = ViewSpacing()
        let first = subviews.startIndex, last = subviews.endIndex - 1
        for i in subviews.indices {
            var edges = minorEdges
            if i == first { edges.formUnion(leadingEdge) }
            if i == last { edges.formUnion(trailingEdge) }
            s.formUnion(subviews[i].spacing, edges: edges)
        }
        return s
    }
}

/// The order in which a stack offers space to its subviews (<doc:StackRules>): higher layout
/// priority first; within a priority, less flexible first (flexibility: the length at ∞ minus the
/// length at 0); among views of infinite flexibility, larger minimum first; ties in subview order.
///
/// Stacks usually hold a few kinds of subviews (fixed frames, colours, spacers, text), so there
/// are few distinct keys: the subviews are bucketed by key in linear time, and only the distinct
/// keys are sorted. With many distinct keys it falls back to a stable sort (about 17% of a flat
/// 10,000-view stack's pass went to sorting before).
enum StackOrder {
    /// One subview's key: priority, flexibility, and the minimum-length tie-break.
    struct Key {
        var priority: Double
        var flexibility: CGFloat
        var tieBreak: CGFloat

        init(priority: Double, min: CGFloat, max: CGFloat) {
            self.priority = priority
            flexibility = max - min
            tieBreak = flexibility == .infinity ? -min : 0
        }

        /// Whether the two keys order as equal (NaN flexibilities are equal to each other).
        @inline(__always) func same(_ o: Key) -> Bool {
            priority == o.priority && (flexibility == o.flexibility || (flexibility.isNaN && o.flexibility.isNaN))
                && tieBreak == o.tieBreak
        }

        /// Whether a subview with this key is offered space before one with `o` (not when equal).
        @inline(__always) func precedes(_ o: Key) -> Bool {
            if priority != o.priority { return priority > o.priority }
            if flexibility == o.flexibility || (flexibility.isNaN && o.flexibility.isNaN) { return tieBreak < o.tieBreak }
            return flexibility < o.flexibility
        }
    }

    /// Sorts `items` stably by `precedes` (a strict order): for the few items it is used on,
    /// quicker than a general sort and allocation-free.
    @inline(__always) private static func insertionSort(_ items: UnsafeMutableBufferPointer<Int>, by precedes: (Int, Int) -> Bool) {
        for j in items.indices.dropFirst() {
            let item = items[j]
            var k = j
            while k > 0 && precedes(item, items[k - 1]) { items[k] = items[k - 1]; k -= 1 }
            items[k] = item
        }
    }

    /// The most distinct keys bucketed; more fall back to a sort.
    static let bucketLimit = 8

    /// Fills `order` with the subview indices in the order they are offered space.
    static func arrange(_ order: inout [Int], priorities: [Double], minLengths: [CGFloat], maxLengths: [CGFloat]) {
        var slots = (0..<order.count).map { i in
            var slot = StackSlot()
            slot.minLength = minLengths[i]; slot.maxLength = maxLengths[i]
            return slot
        }
        slots.withUnsafeMutableBufferPointer { arrange($0, priority: { priorities[$0] }) }
        for k in order.indices { order[k] = slots[k].order }
    }

    /// Sets each slot's `order`: `slots[k].order` is the subview offered space k-th, by
    /// `priority(i)` of subview `i` and the slots' lengths at 0 and ∞.
    /// Inlined at each call, so that a constant priority (a stack of one priority, most stacks)
    /// costs nothing in the keys' comparisons.
    @inline(__always) static func arrange(_ slots: UnsafeMutableBufferPointer<StackSlot>, priority: (Int) -> Double) {
        let n = slots.count
        @inline(__always) func key(_ i: Int) -> Key { Key(priority: priority(i), min: slots[i].minLength, max: slots[i].maxLength) }
        if n <= 16 {
            // A small stack: a stable insertion sort, on the stack.
            withUnsafeTemporaryAllocation(of: Int.self, capacity: n) { order in
                for i in 0..<n { order[i] = i }
                insertionSort(order) { key($0).precedes(key($1)) }
                for k in 0..<n { slots[k].order = order[k] }
            }
            return
        }
        // Distinct keys in order of first appearance, and each subview's bucket.
        var keys: [Key] = []
        keys.reserveCapacity(bucketLimit)
        var bucket = [UInt8](repeating: 0, count: n)
        var fits = true
        for i in 0..<n {
            let key = key(i)
            var b = 0
            while b < keys.count && !keys[b].same(key) { b += 1 }
            if b == keys.count {
                if keys.count == bucketLimit { fits = false; break }
                keys.append(key)
            }
            bucket[i] = UInt8(b)
        }
        guard fits else {
            var order = Array(0..<n)
            order.withUnsafeMutableBufferPointer { order in
                order.sort { a, b in
                    let ka = key(a), kb = key(b)
                    if ka.same(kb) { return a < b }
                    return ka.precedes(kb)
                }
            }
            for k in 0..<n { slots[k].order = order[k] }
            return
        }
        // Rank the distinct keys (insertion sort: stable, at most `bucketLimit` of them), then
        // place each subview after the subviews of lower-ranked buckets, in subview order.
        var ranked = Array(0..<keys.count)
        ranked.withUnsafeMutableBufferPointer { ranked in insertionSort(ranked) { keys[$0].precedes(keys[$1]) } }
        var counts = [Int](repeating: 0, count: keys.count)
        for i in 0..<n { counts[Int(bucket[i])] += 1 }
        var start = [Int](repeating: 0, count: keys.count)
        var next = 0
        for b in ranked { start[b] = next; next += counts[b] }
        for i in 0..<n {
            let b = Int(bucket[i])
            slots[start[b]].order = i
            start[b] += 1
        }
    }
}

/// What a stack measured and decided for one subview (`StackLayoutCache.slots`).
///
/// Plain values in 40 bytes: the subview's size rather than its `ViewDimensions` (whose guide
/// source holds references, so that every copy of a slot retained two objects), the order in 32
/// bits; neither its offset along the stack (summed again where read), its priority (read from
/// the subview where needed), nor the spacing before it (the stack's explicit spacing, else
/// `StackLayoutCache.lengths`). Its lengths at 0 and ∞ are needed only while the order is made:
/// their two words then hold the minor origin and the major proposal, which are written after
/// (a stack of several priorities keeps its minimum lengths in `StackLayoutCache.lengths`).
struct StackSlot {
    /// Its size for the proposal it was offered (`majorProposal`).
    var size = CGSize.zero
    /// Its major length at 0 (while ordering), then its minor origin.
    private var first: CGFloat = 0
    /// Its major length at ∞ (while ordering), then the major length it was proposed.
    private var second: CGFloat = 0
    private var storedOrder: Int32 = 0
    private var hasMajorProposal = false
    /// Whether the subview may report explicit guides (`LayoutNode.mayHaveExplicitGuides`): its
    /// dimensions are then made again from `size` to read them (`LayoutSubviews.dimensions(at:size:)`).
    var hasGuides = false

    /// Its major length at 0: valid from the probes until the subview is measured.
    var minLength: CGFloat {
        @inline(__always) get { first }
        @inline(__always) set { first = newValue }
    }
    /// Its major length at ∞: valid from the probes until the subview is measured.
    var maxLength: CGFloat {
        @inline(__always) get { second }
        @inline(__always) set { second = newValue }
    }
    /// Its offset on the minor axis: valid once the stack has aligned its subviews.
    var minorOrigin: CGFloat {
        @inline(__always) get { first }
        @inline(__always) set { first = newValue }
    }
    /// Not this subview's: the index of the subview offered space in this slot's turn.
    var order: Int {
        @inline(__always) get { Int(storedOrder) }
        set { storedOrder = Int32(truncatingIfNeeded: newValue) }
    }
    /// The major length it was proposed (nil: unspecified): valid once it is measured.
    var majorProposal: CGFloat? {
        @inline(__always) get { hasMajorProposal ? second : nil }
        set { hasMajorProposal = newValue != nil; second = newValue ?? 0 }
    }

    /// Records what the subview answered: its size and whether it has guides to read.
    @inline(__always) mutating func measured(_ d: ViewDimensions, proposal: CGFloat?) {
        size = d.size
        hasGuides = d.source != nil
        majorProposal = proposal
    }
}

/// The cache of HStackLayout and VStackLayout: spacing between children and the last computed
/// layout, in one array of slots made when the cache is (re)made and reused by every later call.
public struct StackLayoutCache {
    // Declared so that the flags pack behind the stamp: a cache is moved out of its storage and
    // back on every call, and up to 128 bytes it moves in registers, past that with memcpy
    // (a full pass of Nested 10k cost 16 more instructions per view at 136 bytes).
    /// One slot per subview (made for the subviews' count by `prepare`).
    var slots: [StackSlot] = []
    var totalSpacing: CGFloat = 0
    var size = CGSize.zero
    var lastProposal = ProposedViewSize.unspecified
    var lastPassID: UInt32 = 0
    /// What the slots' priorities, lengths at 0 and ∞, and order were computed for: the
    /// subviews' sizes stamp (nil: not reusable) and the minor proposal of the probes.
    var orderStamp: SubviewSizesStamp? = nil
    var hasLayout = false
    var uniformPriority = true
    private var hasOrderMinorProposal = false
    private var orderMinorLength: CGFloat = 0
    /// The explicit spacing the cache was prepared with (0 for nil): `totalSpacing` is its sum.
    var preparedSpacing: CGFloat = 0
    /// Per-subview lengths that only some stacks need, in one array (a cache with a third array
    /// took 128 bytes and was copied out of line: Nested 10k +15 instructions per view): first
    /// the spacing before each subview (0 before the first) when the stack's spacing is nil and
    /// comes from the subviews' preferences (an explicit spacing is every distance); then, when
    /// the subviews have more than one priority, each one's major length at 0 (a group reserves
    /// the minimum lengths of lower priorities; the slots' own are overwritten once ordered).
    var lengths: [CGFloat] = []

    /// The minor proposal the order was made for (a length and a flag, which pack beside the
    /// other flags where an optional would take 16 bytes of its own).
    var orderMinorProposal: CGFloat? {
        get { hasOrderMinorProposal ? orderMinorLength : nil }
        set { hasOrderMinorProposal = newValue != nil; orderMinorLength = newValue ?? 0 }
    }
}

/// A stack along one major axis: `HStackLayout` and `VStackLayout` are this one layout, each
/// naming its axis and its alignment (as SwiftUI's own stacks share one implementation), so the
/// two follow every rule of <doc:StackRules> alike. Each method is specialised per stack, where
/// the axis is a constant.
protocol AxisStackLayout: BuiltInLayout, SpacingChecked where Cache == StackLayoutCache {
    /// The axis the subviews follow one another along.
    static var majorAxis: Axis { get }
    /// The guide the subviews line up on across the major axis.
    var alignmentKey: AlignmentKey { get }
    /// The distance between adjacent subviews (nil: each pair's preferred spacing).
    var spacing: CGFloat? { get }
}

extension AxisStackLayout {
    var algorithm: StackAlgorithm { StackAlgorithm(axis: Self.majorAxis, alignment: alignmentKey, spacing: spacing.map(sanitizedSpacing)) }

    /// The stack's orientation: Spacers inside it expand along its axis, and Dividers cross it.
    ///
    /// SwiftUI rule: a Spacer in an HStack is horizontal, a Divider in it a vertical line (and the reverse in a VStack).
    public static var layoutProperties: LayoutProperties { LayoutProperties(stackOrientation: majorAxis) }

    /// Computes the spacing between adjacent subviews.
    ///
    /// SwiftUI rule: with a nil spacing, each pair of adjacent subviews is spaced by their preferences (8 between ordinary views, 0 next to a Spacer).
    public func makeCache(subviews: Subviews) -> StackLayoutCache {
        var c = StackLayoutCache()
        algorithm.prepare(subviews, &c)
        return c
    }

    /// Recomputes the cache when the subviews change.
    ///
    /// SwiftUI rule: a layout's cache is updated whenever its subviews or the layout change.
    public func updateCache(_ cache: inout StackLayoutCache, subviews: Subviews) { cache = makeCache(subviews: subviews) }

    /// The stack's size for a proposal.
    ///
    /// SwiftUI rule: with a major length, subviews are sized by priority, then least flexible first, each offered an equal share of what is left; with nil, each at its ideal length. The minor length is the union of the aligned subviews.
    public func sizeThatFits(proposal: ProposedViewSize, subviews: Subviews, cache: inout StackLayoutCache) -> CGSize {
        algorithm.sizeThatFits(proposal, subviews, &cache)
    }

    /// Places the subviews one after another along the axis.
    ///
    /// SwiftUI rule: subviews go left to right (an HStack) or top to bottom (a VStack) at the lengths they were sized to, aligned on the stack's alignment; a nil minor proposal becomes the stack's minor length.
    public func placeSubviews(in bounds: CGRect, proposal: ProposedViewSize, subviews: Subviews, cache: inout StackLayoutCache) {
        algorithm.placeSubviews(bounds, proposal, subviews, &cache)
    }

    /// The spacing preferences of the stack as a whole.
    ///
    /// SwiftUI rule: the union of every subview's spacing across the axis, the first one's leading (top) and the last one's trailing (bottom) spacing along it.
    public func spacing(subviews: Subviews, cache: inout StackLayoutCache) -> ViewSpacing { algorithm.spacing(subviews) }

    /// The stack's value for a horizontal guide.
    ///
    /// SwiftUI rule: the subviews' explicit values for `guide` at their positions, combined by the guide's rule; nil for edge and centre guides.
    public func explicitAlignment(of guide: HorizontalAlignment, in bounds: CGRect, proposal: ProposedViewSize, subviews: Subviews, cache: inout StackLayoutCache) -> CGFloat? {
        algorithm.explicitAlignment(guide.key, bounds, subviews, &cache)
    }

    /// The stack's value for a vertical guide.
    ///
    /// SwiftUI rule: the subviews' explicit values for `guide` at their positions, combined by the guide's rule (minimum for the first text baseline); nil for edge and centre guides.
    public func explicitAlignment(of guide: VerticalAlignment, in bounds: CGRect, proposal: ProposedViewSize, subviews: Subviews, cache: inout StackLayoutCache) -> CGFloat? {
        algorithm.explicitAlignment(guide.key, bounds, subviews, &cache)
    }

    static var placesEachSubviewOnce: Bool { true }
    static var reportsNegativeSizes: Bool { true }
    static var passesSinglePriority: Bool { true }
    static var guidesComeFromSubviews: Bool { true }
    /// The subviews' lengths and the spacing added up, their extents joined across.
    static var sizeFollowsSubviews: Bool { true }

    package var explicitSpacings: [(name: String, value: CGFloat?)] { [("spacing", spacing)] }
}

/// A horizontal stack layout, as SwiftUI's `HStackLayout` (what `HStack` uses).
///
/// `spacing: nil` uses each pair of adjacent subviews' preferred spacing (8 between ordinary
/// views, 0 next to a Spacer). Spacers inside it expand horizontally.
public struct HStackLayout: Layout, AxisStackLayout {
    /// The guide that subviews line up on vertically.
    public var alignment: VerticalAlignment
    /// The distance between adjacent subviews; nil uses each pair's preferred spacing, and NaN or infinite spacing counts as 0.
    public var spacing: CGFloat?
    /// Creates a horizontal stack layout.
    public init(alignment: VerticalAlignment = .center, spacing: CGFloat? = nil) {
        self.alignment = alignment; self.spacing = spacing
    }
    static var majorAxis: Axis { .horizontal }
    var alignmentKey: AlignmentKey { alignment.key }
}

/// A vertical stack layout, as SwiftUI's `VStackLayout` (what `VStack` uses).
///
/// `spacing: nil` uses each pair of adjacent subviews' preferred spacing (8 between ordinary
/// views, 0 next to a Spacer). Spacers inside it expand vertically.
public struct VStackLayout: Layout, AxisStackLayout {
    /// The guide that subviews line up on horizontally.
    public var alignment: HorizontalAlignment
    /// The distance between adjacent subviews; nil uses each pair's preferred spacing, and NaN or infinite spacing counts as 0.
    public var spacing: CGFloat?
    /// Creates a vertical stack layout.
    public init(alignment: HorizontalAlignment = .center, spacing: CGFloat? = nil) {
        self.alignment = alignment; self.spacing = spacing
    }
    static var majorAxis: Axis { .vertical }
    var alignmentKey: AlignmentKey { alignment.key }
}

/// Spacing must be a finite number; NaN and infinite spacing are treated as 0 (documented outcome).
func sanitizedSpacing(_ s: CGFloat) -> CGFloat { s.isFinite ? s : 0 }

/// A built-in layout with explicit spacing, checked once when its container is built: NaN or
/// infinite spacing is reported as a diagnostic (and laid out as 0).
package protocol SpacingChecked {
    /// The explicit spacings, by name.
    var explicitSpacings: [(name: String, value: CGFloat?)] { get }
}

extension SpacingChecked {
    /// Reports a diagnostic for each NaN or infinite spacing (to the build's diagnostics).
    package func checkSpacing(_ container: String, report: (String) -> Void) {
        for (name, value) in explicitSpacings {
            if let v = value, !v.isFinite {
                report("\(container) \(name) \(formatLength(v)) is not finite and is treated as 0")
            }
        }
    }
}

extension GridLayout: SpacingChecked {
    package var explicitSpacings: [(name: String, value: CGFloat?)] { [("horizontal spacing", horizontalSpacing), ("vertical spacing", verticalSpacing)] }
}
