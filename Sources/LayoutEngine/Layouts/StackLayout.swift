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
        cache.distances = [CGFloat](repeating: 0, count: n)
        var previous: ViewSpacing? = nil
        var total: CGFloat = 0
        for i in 0..<n {
            let s = subviews[subviews.startIndex + i].spacing
            if let previous {
                let d = spacing ?? previous.distance(to: s, along: axis)
                cache.distances[i] = d
                total += d
            }
            previous = s
        }
        cache.totalSpacing = total
        cache.count = n
        cache.hasLayout = false
        cache.orderStamp = nil
    }

    func sizeThatFits(_ p: ProposedViewSize, _ subviews: LayoutSubviews, _ cache: inout StackLayoutCache) -> CGSize {
        if subviews.isEmpty { return .zero }
        if cache.count != subviews.count { prepare(subviews, &cache) }
        compute(p, subviews, &cache)
        return cache.size
    }

    func placeSubviews(_ bounds: CGRect, _ p: ProposedViewSize, _ subviews: LayoutSubviews, _ cache: inout StackLayoutCache) {
        if subviews.isEmpty { return }
        if cache.count != subviews.count { prepare(subviews, &cache) }
        let minor = axis.other
        var pp = p
        if pp[minor] == nil { pp[minor] = bounds.size[minor] }
        compute(pp, subviews, &cache)
        let base = subviews.startIndex
        for i in 0..<subviews.count {
            var origin = bounds.origin
            origin[axis] += cache.majorOrigins[i]
            origin[minor] += cache.minorOrigins[i]
            // `compute` measured each subview with exactly this proposal in this pass.
            subviews.place(at: base + i, origin, measured: cache.dimensions[i].size,
                           proposal: ProposedViewSize(major: cache.majorProposals[i], minor: pp[minor], axis: axis))
        }
    }

    /// Sizes and aligns the children for `p`, unless the cache already holds that proposal.
    private func compute(_ p: ProposedViewSize, _ subviews: LayoutSubviews, _ cache: inout StackLayoutCache) {
        // Reuse the last layout only within the same pass: it holds this pass's dimensions.
        let passID = subviews.passID
        if cache.hasLayout && cache.lastProposal == p && cache.lastPassID == passID { return }
        let n = subviews.count
        let base = subviews.startIndex
        let minor = axis.other
        let minorProposal = p[minor]
        cache.ensureCapacity(n)

        // Index-based queries (`LayoutSubviews.sizes(at:_:_:)`, …): no subview proxies to retain.
        if let majorProposal = p[axis] {
            // Order by priority, then flexibility. The order depends only on the subviews'
            // priorities and their sizes at 0 and ∞ with this minor proposal: while the subviews'
            // sizes stamp holds (a re-layout at another major length), the last order stands.
            let stamp = subviews.sizesStamp
            if stamp == nil || stamp != cache.orderStamp || cache.orderMinorProposal != minorProposal {
                var uniformPriority = true
                let firstPriority = subviews.priority(at: base)
                for i in 0..<n {
                    let pr = i == 0 ? firstPriority : subviews.priority(at: base + i)
                    cache.priorities[i] = pr
                    if pr != firstPriority { uniformPriority = false }
                }
                if n > 1 {
                    for i in 0..<n {
                        let (least, most) = subviews.sizes(at: base + i, ProposedViewSize(major: 0, minor: minorProposal, axis: axis),
                                                           ProposedViewSize(major: .infinity, minor: minorProposal, axis: axis))
                        cache.minLengths[i] = least[axis]
                        cache.maxLengths[i] = most[axis]
                    }
                } else {
                    cache.minLengths[0] = 0
                    cache.maxLengths[0] = 0
                }
                StackOrder.arrange(&cache.order, priorities: cache.priorities, minLengths: cache.minLengths, maxLengths: cache.maxLengths)
                cache.uniformPriority = uniformPriority
                cache.orderStamp = stamp
                cache.orderMinorProposal = minorProposal
            }
            let uniformPriority = cache.uniformPriority
            let pri = cache.priorities, mins = cache.minLengths
            var available = majorProposal - cache.totalSpacing
            var k = 0
            var isFirstGroup = true
            while k < n {
                let groupPriority = pri[cache.order[k]]
                var end = k
                while end < n && (uniformPriority || pri[cache.order[end]] == groupPriority) { end += 1 }
                if isFirstGroup {
                    // Reserve the minimum lengths of every lower-priority child.
                    var reserve: CGFloat = 0
                    for j in end..<n { reserve += mins[cache.order[j]] }
                    available -= reserve
                } else {
                    // Release this group's reservation.
                    for j in k..<end { available += mins[cache.order[j]] }
                }
                var remaining = end - k
                for j in k..<end {
                    let i = cache.order[j]
                    let proposal = Swift.max(available / CGFloat(remaining), 0)
                    let d = subviews.dimensions(at: base + i, ProposedViewSize(major: proposal, minor: minorProposal, axis: axis))
                    cache.dimensions[i] = d
                    cache.majorProposals[i] = proposal
                    let next = available - d.size[axis]
                    if !next.isNaN { available = next }
                    remaining -= 1
                }
                isFirstGroup = false
                k = end
            }
        } else {
            for i in 0..<n {
                cache.dimensions[i] = subviews.dimensions(at: base + i, ProposedViewSize(major: nil, minor: minorProposal, axis: axis))
                cache.majorProposals[i] = nil
            }
        }

        // Align on the minor axis and accumulate the major axis.
        var lower: CGFloat = 0, upper: CGFloat = 0
        for i in 0..<n {
            let d = cache.dimensions[i]
            let o = -d[key: alignment]
            cache.minorOrigins[i] = o
            lower = Swift.min(lower, o)
            upper = Swift.max(upper, o + d.size[minor])
        }
        var x: CGFloat = 0
        for i in 0..<n {
            x += cache.distances[i]
            cache.majorOrigins[i] = x
            x += cache.dimensions[i].size[axis]
            cache.minorOrigins[i] -= lower
        }
        cache.size = CGSize(major: x, minor: upper - lower, axis: axis)
        cache.lastProposal = p
        cache.lastPassID = passID
        cache.hasLayout = true
    }

    /// The stack's explicit value for a guide: its children's values at their positions, combined.
    func explicitAlignment(_ key: AlignmentKey, _ bounds: CGRect, _ subviews: LayoutSubviews, _ cache: inout StackLayoutCache) -> CGFloat? {
        if key.isFrameAlignment || subviews.isEmpty { return nil }
        if cache.count != subviews.count { prepare(subviews, &cache) }
        compute(ProposedViewSize(bounds.size), subviews, &cache)
        var result: CGFloat? = nil
        var n = 0
        for i in 0..<subviews.count {
            guard let v = cache.dimensions[i].explicitValue(key) else { continue }
            let origin = key.axis == axis ? cache.majorOrigins[i] : cache.minorOrigins[i]
            key.id._combineExplicit(childValue: origin + v, n, into: &result)
            n += 1
        }
        return result
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
    @inline(__always) private static func insertionSort(_ items: inout [Int], by precedes: (Int, Int) -> Bool) {
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
        let n = order.count
        @inline(__always) func key(_ i: Int) -> Key { Key(priority: priorities[i], min: minLengths[i], max: maxLengths[i]) }
        if n <= 16 {
            // A small stack: a stable insertion sort, without allocating.
            for i in 0..<n { order[i] = i }
            insertionSort(&order) { key($0).precedes(key($1)) }
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
            for i in 0..<n { order[i] = i }
            order.withUnsafeMutableBufferPointer { order in
                order.sort { a, b in
                    let ka = key(a), kb = key(b)
                    if ka.same(kb) { return a < b }
                    return ka.precedes(kb)
                }
            }
            return
        }
        // Rank the distinct keys (insertion sort: stable, at most `bucketLimit` of them), then
        // place each subview after the subviews of lower-ranked buckets, in subview order.
        var ranked = Array(0..<keys.count)
        insertionSort(&ranked) { keys[$0].precedes(keys[$1]) }
        var counts = [Int](repeating: 0, count: keys.count)
        for i in 0..<n { counts[Int(bucket[i])] += 1 }
        var start = [Int](repeating: 0, count: keys.count)
        var next = 0
        for b in ranked { start[b] = next; next += counts[b] }
        for i in 0..<n {
            let b = Int(bucket[i])
            order[start[b]] = i
            start[b] += 1
        }
    }
}

/// The cache of HStackLayout and VStackLayout: spacing between children and the last computed
/// layout, with buffers reused across calls so a pass allocates nothing per call.
public struct StackLayoutCache {
    var count = -1
    var distances: [CGFloat] = []
    var totalSpacing: CGFloat = 0
    var priorities: [Double] = []
    var minLengths: [CGFloat] = []
    var maxLengths: [CGFloat] = []
    var order: [Int] = []
    var dimensions: [ViewDimensions] = []
    var majorProposals: [CGFloat?] = []
    var majorOrigins: [CGFloat] = []
    var minorOrigins: [CGFloat] = []
    var size = CGSize.zero
    var lastProposal = ProposedViewSize.unspecified
    var lastPassID: UInt32 = 0
    var hasLayout = false
    /// What `priorities`, `minLengths`, `maxLengths` and `order` were computed for: the
    /// subviews' sizes stamp (nil: not reusable) and the minor proposal of the probes.
    var orderStamp: SubviewSizesStamp? = nil
    var orderMinorProposal: CGFloat? = nil
    var uniformPriority = true

    mutating func ensureCapacity(_ n: Int) {
        if priorities.count == n { return }
        orderStamp = nil
        priorities = [Double](repeating: 0, count: n)
        minLengths = [CGFloat](repeating: 0, count: n)
        maxLengths = [CGFloat](repeating: 0, count: n)
        order = [Int](repeating: 0, count: n)
        dimensions = [ViewDimensions](repeating: ViewDimensions(width: 0, height: 0), count: n)
        majorProposals = [CGFloat?](repeating: nil, count: n)
        majorOrigins = [CGFloat](repeating: 0, count: n)
        minorOrigins = [CGFloat](repeating: 0, count: n)
    }
}

/// A horizontal stack layout, as SwiftUI's `HStackLayout` (what `HStack` uses).
///
/// `spacing: nil` uses each pair of adjacent subviews' preferred spacing (8 between ordinary
/// views, 0 next to a Spacer). Spacers inside it expand horizontally.
public struct HStackLayout: Layout {
    /// The guide that subviews line up on vertically.
    public var alignment: VerticalAlignment
    /// The distance between adjacent subviews; nil uses each pair's preferred spacing, and NaN or infinite spacing counts as 0.
    public var spacing: CGFloat?
    /// Creates a horizontal stack layout.
    public init(alignment: VerticalAlignment = .center, spacing: CGFloat? = nil) {
        self.alignment = alignment; self.spacing = spacing
    }
    /// A horizontal stack orientation: Spacers expand horizontally and Dividers are vertical lines.
    public static var layoutProperties: LayoutProperties { LayoutProperties(stackOrientation: .horizontal) }
    var algorithm: StackAlgorithm { StackAlgorithm(axis: .horizontal, alignment: alignment.key, spacing: spacing.map(sanitizedSpacing)) }

    /// Computes the spacing between adjacent subviews.
    public func makeCache(subviews: Subviews) -> StackLayoutCache {
        var c = StackLayoutCache()
        algorithm.prepare(subviews, &c)
        return c
    }
    /// Recomputes the cache when the subviews change.
    public func updateCache(_ cache: inout StackLayoutCache, subviews: Subviews) { cache = makeCache(subviews: subviews) }
    /// The stack sizing rule: with a width, subviews are sized by priority, then least flexible first, each offered an equal share of what is left; with nil, each at its ideal width. The height is the union of the aligned subviews.
    public func sizeThatFits(proposal: ProposedViewSize, subviews: Subviews, cache: inout StackLayoutCache) -> CGSize {
        algorithm.sizeThatFits(proposal, subviews, &cache)
    }
    /// Places subviews left to right at the widths they were sized to, aligned on `alignment`; a nil height proposal becomes the stack's height.
    public func placeSubviews(in bounds: CGRect, proposal: ProposedViewSize, subviews: Subviews, cache: inout StackLayoutCache) {
        algorithm.placeSubviews(bounds, proposal, subviews, &cache)
    }
    /// The union of every subview's top and bottom spacing, the first one's leading and the last one's trailing spacing.
    public func spacing(subviews: Subviews, cache: inout StackLayoutCache) -> ViewSpacing { algorithm.spacing(subviews) }
    /// The subviews' explicit values for `guide` at their positions, combined by the guide's rule; nil for edge and centre guides.
    public func explicitAlignment(of guide: HorizontalAlignment, in bounds: CGRect, proposal: ProposedViewSize, subviews: Subviews, cache: inout StackLayoutCache) -> CGFloat? {
        algorithm.explicitAlignment(guide.key, bounds, subviews, &cache)
    }
    /// The subviews' explicit values for `guide` at their positions, combined by the guide's rule (minimum for the first text baseline); nil for edge and centre guides.
    public func explicitAlignment(of guide: VerticalAlignment, in bounds: CGRect, proposal: ProposedViewSize, subviews: Subviews, cache: inout StackLayoutCache) -> CGFloat? {
        algorithm.explicitAlignment(guide.key, bounds, subviews, &cache)
    }
}

/// A vertical stack layout, as SwiftUI's `VStackLayout` (what `VStack` uses).
public struct VStackLayout: Layout {
    /// The guide that subviews line up on horizontally.
    public var alignment: HorizontalAlignment
    /// The distance between adjacent subviews; nil uses each pair's preferred spacing, and NaN or infinite spacing counts as 0.
    public var spacing: CGFloat?
    /// Creates a vertical stack layout.
    public init(alignment: HorizontalAlignment = .center, spacing: CGFloat? = nil) {
        self.alignment = alignment; self.spacing = spacing
    }
    /// A vertical stack orientation: Spacers expand vertically and Dividers are horizontal lines.
    public static var layoutProperties: LayoutProperties { LayoutProperties(stackOrientation: .vertical) }
    var algorithm: StackAlgorithm { StackAlgorithm(axis: .vertical, alignment: alignment.key, spacing: spacing.map(sanitizedSpacing)) }

    /// Computes the spacing between adjacent subviews.
    public func makeCache(subviews: Subviews) -> StackLayoutCache {
        var c = StackLayoutCache()
        algorithm.prepare(subviews, &c)
        return c
    }
    /// Recomputes the cache when the subviews change.
    public func updateCache(_ cache: inout StackLayoutCache, subviews: Subviews) { cache = makeCache(subviews: subviews) }
    /// The stack sizing rule: with a height, subviews are sized by priority, then least flexible first, each offered an equal share of what is left; with nil, each at its ideal height. The width is the union of the aligned subviews.
    public func sizeThatFits(proposal: ProposedViewSize, subviews: Subviews, cache: inout StackLayoutCache) -> CGSize {
        algorithm.sizeThatFits(proposal, subviews, &cache)
    }
    /// Places subviews top to bottom at the heights they were sized to, aligned on `alignment`; a nil width proposal becomes the stack's width.
    public func placeSubviews(in bounds: CGRect, proposal: ProposedViewSize, subviews: Subviews, cache: inout StackLayoutCache) {
        algorithm.placeSubviews(bounds, proposal, subviews, &cache)
    }
    /// The union of every subview's leading and trailing spacing, the first one's top and the last one's bottom spacing.
    public func spacing(subviews: Subviews, cache: inout StackLayoutCache) -> ViewSpacing { algorithm.spacing(subviews) }
    /// The subviews' explicit values for `guide` at their positions, combined by the guide's rule; nil for edge and centre guides.
    public func explicitAlignment(of guide: HorizontalAlignment, in bounds: CGRect, proposal: ProposedViewSize, subviews: Subviews, cache: inout StackLayoutCache) -> CGFloat? {
        algorithm.explicitAlignment(guide.key, bounds, subviews, &cache)
    }
    /// The subviews' explicit values for `guide` at their positions, combined by the guide's rule (minimum for the first text baseline); nil for edge and centre guides.
    public func explicitAlignment(of guide: VerticalAlignment, in bounds: CGRect, proposal: ProposedViewSize, subviews: Subviews, cache: inout StackLayoutCache) -> CGFloat? {
        algorithm.explicitAlignment(guide.key, bounds, subviews, &cache)
    }
}

extension HStackLayout: BuiltInLayout {
    static var reportsNegativeSizes: Bool { true }
    static var passesSinglePriority: Bool { true }
    static var guidesComeFromSubviews: Bool { true }
    /// The subviews' lengths and the spacing added up, their extents joined across.
    static var sizeFollowsSubviews: Bool { true }
}

extension VStackLayout: BuiltInLayout {
    static var reportsNegativeSizes: Bool { true }
    static var passesSinglePriority: Bool { true }
    static var guidesComeFromSubviews: Bool { true }
    /// The subviews' lengths and the spacing added up, their extents joined across.
    static var sizeFollowsSubviews: Bool { true }
}

/// Spacing must be a finite number; NaN and infinite spacing are treated as 0 (documented outcome).
func sanitizedSpacing(_ s: CGFloat) -> CGFloat { s.isFinite ? s : 0 }

/// A built-in layout with explicit spacing, checked once when its container is built: NaN or
/// infinite spacing is reported as a diagnostic (and laid out as 0).
protocol SpacingChecked {
    /// The explicit spacings, by name.
    var explicitSpacings: [(name: String, value: CGFloat?)] { get }
}

extension SpacingChecked {
    /// Appends a diagnostic for each NaN or infinite spacing to the build's diagnostics.
    func checkSpacing(_ container: String, _ node: LayoutNode, _ state: BuildState) {
        for (name, value) in explicitSpacings {
            if let v = value, !v.isFinite {
                state.diagnostics.append(("\(container) \(name) \(formatLength(v)) is not finite and is treated as 0", node))
            }
        }
    }
}

extension HStackLayout: SpacingChecked { var explicitSpacings: [(name: String, value: CGFloat?)] { [("spacing", spacing)] } }
extension VStackLayout: SpacingChecked { var explicitSpacings: [(name: String, value: CGFloat?)] { [("spacing", spacing)] } }
extension GridLayout: SpacingChecked {
    var explicitSpacings: [(name: String, value: CGFloat?)] { [("horizontal spacing", horizontalSpacing), ("vertical spacing", verticalSpacing)] }
}
