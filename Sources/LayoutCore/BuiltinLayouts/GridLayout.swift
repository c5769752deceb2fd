import Foundation

/// A two-dimensional grid layout, as SwiftUI's `GridLayout` (what `Grid` uses): columns, then
/// rows, are sized like stack children (by priority, then flexibility) from the cells in them.
///
/// Measured on SwiftUI (macOS 27 native probes, `native-grid.yaml`; ids in brackets):
/// - Rows come from `GridRow`s; any other subview is a row of its own spanning every column
///   [GA8, GX3]. Shorter rows get empty cells [GA4]; a span running past the last column is
///   clamped to the existing columns [GX6].
/// - With an unspecified width every cell is proposed nil and its answer sets its column, even
///   a horizontally unsized cell's [GP3, GU4].
/// - With a concrete width, columns are sized from their single-column cells in priority groups,
///   highest first, each group proposed everything still left with no reservation for lower
///   priorities [GQ1–GQ3]. A Spacer cell (and a one-child ZStack holding one) has priority −∞:
///   it is proposed what the other cells leave, and its column or row becomes the larger of that
///   answer and what it had [GS1, GS15]. Within a group columns go by the number of axes on which
///   their cells answer infinity to an infinite proposal (only the proposal's specified axes are
///   made infinite) [GF11–GF13], then by flexibility (width at ∞ minus width at 0), then the larger
///   minimum among infinitely flexible ones, then order; each is proposed an equal share of what
///   is left and takes its widest cell's answer [GP2, GF2–GF9]. Unsized cells are left out
///   [GU1, GU9, GU11] but proposed, and drawn at, the final cell size.
/// - Then each spanning cell, or full-width row, is proposed its spanned width plus the width
///   still left and widens its columns equally by what it needs beyond them [GX1, GX3, GX9, GX10];
///   a flexible full-width row (a `Divider`) thus widens the grid to the proposal [GU10].
/// - Rows are sized the same way from every cell, each proposed its final width [GP2, GF6, GS1].
/// - `nil` spacing is the preferred distance between adjacent cells, the largest over the rows
///   sharing a column gap: 8 between ordinary views, 0 beside a Spacer [GA1, GS1, GS2, GS12, GS15];
///   explicit spacing is used as is, negative included [GA2, GA3, GS8].
/// - Alignment: a column takes the first `gridColumnAlignment` in row order [GL5–GL7], a
///   spanning cell's setting its first column [GL8]; rows take `GridRow(alignment:)`, else the
///   grid's [GL1–GL3, GL9]; a `gridCellAnchor` wins over both [GL10, GL14]. Spanning cells and
///   full-width rows use the anchor equivalent of the grid's alignment [GX2, GL11, GL12]. Chained
///   `gridColumnAlignment`/`gridCellAnchor` modifiers keep the inner value [GL15, GL16].
/// Inferred, not yet measured: the row pass's ordering by infinite axes and finite priorities
/// (measured on columns only); unsized cells counting at an unspecified height; a cell after a
/// span starting a column of its own (the column count is the largest start column + 1); spans
/// sized after every priority group, in order, and proposed nil at an unspecified width; a
/// full-width row's `gridColumnAlignment` setting column 0; vertical gaps from the cells' spacing
/// (overlapping cells of adjacent rows) and 8 where no two cells meet; rows aligned on a text
/// baseline or custom guide sharing one line, the row being the union of the aligned cells'
/// extents (as in an HStack).
public struct GridLayout: Layout {
    /// The default alignment of cells, overridden by column and row alignments and cell anchors.
    public var alignment: Alignment
    /// The gap between columns; nil uses the cells' preferred spacing (the largest over the rows).
    public var horizontalSpacing: CGFloat?
    /// The gap between rows; nil uses the cells' preferred spacing.
    public var verticalSpacing: CGFloat?

    /// The widest span a cell can have (`gridCellColumns` clamps to it): a row's columns, and so
    /// the grid's memory and time, grow with its spans, and no display holds 10,000 columns.
    public static let maximumSpan = 10_000

    /// Creates a grid layout.
    public init(alignment: Alignment = .center, horizontalSpacing: CGFloat? = nil, verticalSpacing: CGFloat? = nil) {
        self.alignment = alignment; self.horizontalSpacing = horizontalSpacing; self.verticalSpacing = verticalSpacing
    }

    /// The grid's structure, derived from its subviews' traits.
    public struct Cache {
        /// One cell in 16 bytes (it took 48): cell `i` is the subview at `startIndex + i` (every
        /// subview is a cell), numbers in 32 bits (the host numbers views in 32 bits, and spans
        /// are at most `maximumSpan`); a priority and an anchor are rare, so they live beside
        /// the cells (`priorities`, `anchors`) and cost nothing when absent.
        struct Cell {
            private var row32: Int32
            private var column32: Int32
            private var span32: Int32
            var unsized: Axis.Set
            var fullWidth: Bool
            var hasAnchor: Bool

            init(row: Int, column: Int, span: Int, hasAnchor: Bool, unsized: Axis.Set, fullWidth: Bool) {
                row32 = Int32(truncatingIfNeeded: row)
                column32 = Int32(truncatingIfNeeded: column); span32 = Int32(truncatingIfNeeded: span)
                self.hasAnchor = hasAnchor
                self.unsized = unsized; self.fullWidth = fullWidth
            }

            var row: Int { Int(row32) }
            var column: Int { Int(column32) }
            var span: Int {
                get { Int(span32) }
                set { span32 = Int32(truncatingIfNeeded: newValue) }
            }
        }
        /// In row order; row `r`'s cells are `cells[rowStarts[r]..<rowStarts[r + 1]]`.
        var cells: [Cell] = []
        var rowStarts: [Int] = []
        /// Each cell's layout priority, or empty when every cell has the same one.
        var priorities: [Double] = []
        /// The cells with a `gridCellAnchor`, in cell order, and their anchors.
        var anchors: [(cell: Int32, anchor: UnitPoint)] = []
        /// The cells sizing columns (single-column cells) and rows (all cells), sorted by priority
        /// (highest first), then column (row), then order: each priority group's cells of one
        /// track are adjacent.
        var columnEntries: [Int32] = []
        var rowEntries: [Int32] = []
        var rowCount = 0
        var columnCount = 0
        var rowAlignments: [VerticalAlignment?] = []
        var columnAlignments: [HorizontalAlignment?] = []
        /// The gap after each column (row) but the last.
        var columnGaps: [CGFloat] = []
        var rowGaps: [CGFloat] = []
        // The last computed geometry.
        var columnWidths: [CGFloat] = []
        var rowHeights: [CGFloat] = []
        /// For rows aligned on a guide other than an edge or the centre (text baselines, custom
        /// guides): where the common line lies from the row's top.
        var rowGuideLines: [CGFloat?] = []
        var lastProposal: ProposedViewSize? = nil
        var lastPassID: UInt32 = 0
        /// On how many axes each cell is infinite (`infiniteAxes`; empty when no cell is), for
        /// the subviews' sizes stamp and the specified axes it was probed with.
        var infinite: [UInt8] = []
        var infiniteStamp: SubviewSizesStamp? = nil
        var infiniteProbe = ProposalAxes()
        /// What the column and row sizing found at 0 and ∞ (`TrackProbes`).
        var columnProbes = TrackProbes()
        var rowProbes = TrackProbes()

        /// Cell `ci`'s layout priority.
        @inline(__always) func priority(_ ci: Int) -> Double { Cache.priority(of: ci, in: priorities) }
        /// Cell `ci`'s layout priority in `priorities` (`Cache.priorities`: empty when uniform).
        @inline(__always) static func priority(of ci: Int, in priorities: [Double]) -> Double {
            priorities.isEmpty ? 0 : priorities[ci]
        }

        /// Cell `ci`'s `gridCellAnchor`, if it has one.
        func anchor(_ ci: Int) -> UnitPoint? {
            guard cells[ci].hasAnchor else { return nil }
            // Anchored cells are listed in cell order: a binary search finds this one.
            var lo = 0, hi = anchors.count
            while lo < hi {
                let mid = (lo + hi) / 2
                if Int(anchors[mid].cell) < ci { lo = mid + 1 } else { hi = mid }
            }
            return anchors[lo].anchor
        }
    }

    /// Each cell's final width (step 4): its column's, or the columns it spans and the gaps
    /// between, worked out when asked rather than kept per cell.
    struct CellWidths {
        let widths: [CGFloat]
        let widthPrefix: [CGFloat]
        let gapPrefix: [CGFloat]
        let cells: [Cache.Cell]

        subscript(ci: Int) -> CGFloat {
            let cell = cells[ci]
            if cell.span == 1 { return widths[cell.column] }
            let end = cell.column + cell.span
            return widthPrefix[end] - widthPrefix[cell.column] + gapPrefix[end - 1] - gapPrefix[cell.column]
        }
    }

    /// Derives rows, columns, spans, alignments and gaps from the subviews' grid traits.
    public func makeCache(subviews: Subviews) -> Cache {
        var c = Cache()
        c.cells.reserveCapacity(subviews.count)
        var row = -1
        var column = 0
        var currentRowID: Int? = nil
        var firstPriority = 0.0
        for (i, s) in subviews.enumerated() {
            let rowID = s.gridRowID
            if let id = rowID, id == currentRowID {
                // Same GridRow: next cell.
            } else {
                row += 1
                column = 0
                currentRowID = rowID
                c.rowAlignments.append(s.gridRowAlignment)
                c.rowStarts.append(c.cells.count)
            }
            let fullWidth = rowID == nil
            let span = fullWidth ? 1 : min(max(1, s.gridCellColumns), GridLayout.maximumSpan)
            let anchor = s.gridCellAnchor
            if let anchor { c.anchors.append((Int32(truncatingIfNeeded: i), anchor)) }
            c.cells.append(Cache.Cell(row: row, column: column, span: span, hasAnchor: anchor != nil,
                                      unsized: s.gridCellUnsizedAxes, fullWidth: fullWidth))
            // Priorities are kept only once a cell's differs from the first's.
            let priority = s.priority
            if i == 0 {
                firstPriority = priority
            } else if c.priorities.isEmpty && priority != firstPriority {
                c.priorities = [Double](repeating: firstPriority, count: i)
                c.priorities.reserveCapacity(subviews.count)
            }
            if !c.priorities.isEmpty { c.priorities.append(priority) }
            if !fullWidth { c.columnCount = max(c.columnCount, column + 1) }
            column += span
        }
        c.rowCount = row + 1
        c.rowStarts.append(c.cells.count)
        if c.columnCount == 0 && !c.cells.isEmpty { c.columnCount = 1 }
        let cols = c.columnCount
        // Spans are clamped to the existing columns; full-width rows span them all.
        for i in c.cells.indices {
            c.cells[i].span = c.cells[i].fullWidth ? cols : min(c.cells[i].span, cols - c.cells[i].column)
        }
        let cells = c.cells
        c.columnEntries.reserveCapacity(cells.count)
        for i in cells.indices where cells[i].span == 1 && !cells[i].fullWidth { c.columnEntries.append(Int32(truncatingIfNeeded: i)) }
        let priorities = c.priorities
        c.columnEntries.sort { a, b in
            let a = Int(a), b = Int(b)
            if !priorities.isEmpty && priorities[a] != priorities[b] { return priorities[a] > priorities[b] }
            return cells[a].column != cells[b].column ? cells[a].column < cells[b].column : a < b
        }
        c.rowEntries = Array(0..<Int32(truncatingIfNeeded: cells.count))
        if !priorities.isEmpty {
            c.rowEntries.sort { a, b in
                let a = Int(a), b = Int(b)
                return priorities[a] != priorities[b] ? priorities[a] > priorities[b] : a < b
            }
        }
        // The first gridColumnAlignment in row order sets the column (a span's: its first column).
        c.columnAlignments = [HorizontalAlignment?](repeating: nil, count: cols)
        for (ci, cell) in c.cells.enumerated() where c.columnAlignments[cell.column] == nil {
            if let a = subviews[subviews.startIndex + ci].gridColumnAlignment { c.columnAlignments[cell.column] = a }
        }
        // Gaps.
        let fixedH = horizontalSpacing.map(sanitizedSpacing), fixedV = verticalSpacing.map(sanitizedSpacing)
        var hGaps = [CGFloat?](repeating: fixedH, count: max(cols - 1, 0))
        var vGaps = [CGFloat?](repeating: fixedV, count: max(c.rowCount - 1, 0))
        if fixedH == nil || fixedV == nil {
            let spacings = subviews.map { $0.spacing }
            func widen(_ gap: inout CGFloat?, _ d: CGFloat) { gap = gap.map { max($0, d) } ?? d }
            if fixedH == nil {
                for r in 0..<c.rowCount where c.rowStarts[r + 1] - c.rowStarts[r] > 1 {
                    for ci in (c.rowStarts[r] + 1)..<c.rowStarts[r + 1] {
                        let a = c.cells[ci - 1], b = c.cells[ci]
                        guard a.column + a.span == b.column else { continue }
                        widen(&hGaps[b.column - 1], spacings[ci - 1].distance(to: spacings[ci], along: .horizontal))
                    }
                }
            }
            if fixedV == nil {
                // Walk each pair of adjacent rows along their column ranges.
                for r in 0..<max(c.rowCount - 1, 0) {
                    var i = c.rowStarts[r], j = c.rowStarts[r + 1]
                    let iEnd = c.rowStarts[r + 1], jEnd = c.rowStarts[r + 2]
                    while i < iEnd && j < jEnd {
                        let a = c.cells[i], b = c.cells[j]
                        let aEnd = a.column + a.span, bEnd = b.column + b.span
                        if a.column < bEnd && b.column < aEnd {
                            widen(&vGaps[r], spacings[i].distance(to: spacings[j], along: .vertical))
                        }
                        if aEnd <= bEnd { i += 1 } else { j += 1 }
                    }
                }
            }
        }
        c.columnGaps = hGaps.map { $0 ?? ViewSpacing.defaultDistance }
        c.rowGaps = vGaps.map { $0 ?? ViewSpacing.defaultDistance }
        return c
    }

    /// Keeps the rows, columns, spans, alignments and gaps when the subviews still make them
    /// (a cell changed its content or size, the common edit), and forgets only the sizes
    /// computed from the cells; otherwise makes the cache again. SwiftUI calls `updateCache`
    /// when a container's subviews change; how much of its cache a layout keeps is its own.
    public func updateCache(_ cache: inout Cache, subviews: Subviews) {
        guard structureHolds(in: cache, for: subviews) else {
            cache = makeCache(subviews: subviews)
            return
        }
        cache.columnWidths = []
        cache.rowHeights = []
        cache.rowGuideLines = []
        cache.lastProposal = nil
        cache.infinite = []
        cache.infiniteStamp = nil
        cache.columnProbes = TrackProbes()
        cache.rowProbes = TrackProbes()
    }

    /// Whether `makeCache(subviews:)` would make the structure `cache` has: the same rows (and
    /// row alignments), each cell in the same column with the same span, anchor, unsized axes
    /// and priority, the same column alignments and gaps. Checked against the cache itself, so
    /// making a cache costs nothing more. A spacing left to the subviews is not checked (their
    /// spacing preferences set the gaps): such a grid's cache is always made again.
    private func structureHolds(in cache: Cache, for subviews: Subviews) -> Bool {
        guard cache.cells.count == subviews.count, !cache.cells.isEmpty,
              let h = horizontalSpacing, let v = verticalSpacing,
              cache.columnGaps.allSatisfy({ $0 == sanitizedSpacing(h) }), cache.rowGaps.allSatisfy({ $0 == sanitizedSpacing(v) })
        else { return false }
        let cols = cache.columnCount
        var row = -1, column = 0
        var currentRowID: Int? = nil
        var anchorIndex = 0, columnsUsed = 0
        var columnAlignments = [HorizontalAlignment?](repeating: nil, count: cols)
        let firstPriority = subviews[subviews.startIndex].priority
        for (i, s) in subviews.enumerated() {
            let (cell, priority) = s.ref._withUnsafeGuaranteedRef { ($0.traits.gridCell, $0.priority) }
            if let id = cell.rowID, id == currentRowID {
                // Same GridRow: next cell.
            } else {
                row += 1
                column = 0
                currentRowID = cell.rowID
                guard row < cache.rowCount, cache.rowStarts[row] == i, cache.rowAlignments[row] == cell.rowAlignment else { return false }
            }
            let cached = cache.cells[i]
            let fullWidth = cell.rowID == nil
            let rawSpan = fullWidth ? 1 : min(max(1, cell.columns), GridLayout.maximumSpan)
            let span = fullWidth ? cols : min(rawSpan, cols - column)
            guard cached.row == row, cached.column == column, cached.span == span, cached.fullWidth == fullWidth,
                  cached.unsized == cell.unsized, cached.hasAnchor == (cell.anchor != nil) else { return false }
            if let anchor = cell.anchor {
                guard anchorIndex < cache.anchors.count, Int(cache.anchors[anchorIndex].cell) == i,
                      cache.anchors[anchorIndex].anchor == anchor else { return false }
                anchorIndex += 1
            }
            if cache.priorities.isEmpty ? priority != firstPriority : cache.priorities[i] != priority { return false }
            // As `makeCache`: the first alignment in row order sets its column (a full-width
            // row's view stands in column 0).
            // (`cached.column == column` above keeps `column` within the cached columns.)
            if columnAlignments[column] == nil { columnAlignments[column] = cell.columnAlignment }
            if !fullWidth { columnsUsed = max(columnsUsed, column + 1) }
            column += rawSpan
        }
        // The spans above were clamped to the cached column count: they hold if it still is.
        return max(columnsUsed, 1) == cols && row + 1 == cache.rowCount && anchorIndex == cache.anchors.count
            && columnAlignments == cache.columnAlignments
    }

    /// The summed column widths and gaps by the summed row heights and gaps; columns, then rows, are sized like stack children from their cells.
    public func sizeThatFits(proposal: ProposedViewSize, subviews: Subviews, cache: inout Cache) -> CGSize {
        // A custom layout may hand a cache made for other subviews (a different slice): it is
        // made again for these, never read past its end.
        if cache.cells.count != subviews.count { cache = makeCache(subviews: subviews) }
        if cache.cells.isEmpty { return .zero }
        compute(proposal, subviews, &cache)
        return CGSize(width: cache.columnWidths.reduce(0, +) + cache.columnGaps.reduce(0, +),
                      height: cache.rowHeights.reduce(0, +) + cache.rowGaps.reduce(0, +))
    }

    /// Sizes tracks (columns or rows) from their cells, `entries` as in the cache, `track` giving
    /// a cell's column (row). With a `total`, priority groups go highest first, each proposed what
    /// is left; within a group tracks go by infinite axes, flexibility, larger minimum, order, each
    /// proposed an equal share of what is left and growing to its largest cell's answer.
    ///
    /// `fixed(ci)` says that a cell's answer does not depend on the proposed length on the track's
    /// axis (its size ignores that proposal axis, `LayoutNode.ignoredProposalAxes`): its answer
    /// at 0 is its answer at any length, so it is asked once instead of at 0, ∞ and its share.
    ///
    /// What the probes at 0 and ∞ find, and the order it gives, depends only on the cells' sizes
    /// for fixed proposals: `probes` keeps it under `key` (the subviews' sizes stamp and whatever
    /// else the probes were proposed), so a re-layout at another length only shares it out.
    private func sizeTracks(_ total: CGFloat?, count: Int, entries: [Int32], priority: (Int) -> Double, track: (Int) -> Int,
                            includes: (Int) -> Bool, infiniteAxes: (Int) -> Int, fixed: (Int) -> Bool,
                            probes: inout TrackProbes, key: TrackProbes.Key?,
                            measure: (Int, CGFloat?) -> CGFloat) -> [CGFloat] {
        var lengths = [CGFloat](repeating: 0, count: count)
        guard let total else {
            for e in entries {
                let ci = Int(e)
                if includes(ci) { lengths[track(ci)] = max(lengths[track(ci)], measure(ci, nil)) }
            }
            return lengths
        }
        if key == nil || probes.key != key {
            probes = TrackProbes(probing: entries, priority: priority, count: count, track: track, includes: includes,
                                 infiniteAxes: infiniteAxes, fixed: fixed, measure: measure)
            probes.key = key
        }
        var available = total
        for group in probes.groups {
            var remaining = group.count
            for item in probes.items[group] {
                let proposal = max(available / CGFloat(remaining), 0)
                var answer: CGFloat = 0
                if item.fixed {
                    answer = item.least  // every cell answers any length as it answered 0
                } else {
                    for e in item.entries where includes(Int(entries[e])) {
                        let known = probes.fixedAnswer(e)
                        answer = max(answer, known.isNaN ? measure(Int(entries[e]), proposal) : known)
                    }
                }
                let grown = max(answer - lengths[item.track], 0)
                lengths[item.track] += grown
                let next = available - grown
                if !next.isNaN { available = next }
                remaining -= 1
            }
        }
        return lengths
    }

    /// Sizes the grid for `p` in named steps (see the Grid article): which cells are infinite,
    /// the column widths, the widening by spanning cells, the row heights, and the rows aligned
    /// on a shared guide. The result is kept in the cache for placement.
    private func compute(_ p: ProposedViewSize, _ subviews: Subviews, _ cache: inout Cache) {
        let passID = subviews.passID
        if cache.lastProposal == p && cache.lastPassID == passID { return }
        // Which cells are infinite depends only on which axes `p` specifies while the subviews'
        // sizes stamp holds (a re-layout at another width): kept from the last computation.
        let stamp = subviews.sizesStamp
        let probe = specified(p)
        let infinite: [UInt8]
        if let stamp, stamp == cache.infiniteStamp, probe == cache.infiniteProbe {
            infinite = cache.infinite
        } else {
            infinite = infiniteAxes(p, subviews, cache)
            cache.infinite = infinite; cache.infiniteStamp = stamp; cache.infiniteProbe = probe
        }
        var widths = columnWidths(p, subviews, &cache, infinite: infinite)
        let gapPrefix = Self.gapPrefix(cache.columnGaps, cache.columnCount)
        widenForSpanningCells(&widths, p, subviews, cache, gapPrefix: gapPrefix)
        let cellWidths = CellWidths(widths: widths, widthPrefix: Self.prefixSums(widths), gapPrefix: gapPrefix, cells: cache.cells)
        let heights = rowHeights(p, subviews, &cache, infinite: infinite, cellWidths: cellWidths)
        let (rowHeights, lines) = alignRowsOnGuides(heights, p, subviews, cache, cellWidths: cellWidths)
        cache.columnWidths = widths
        cache.rowHeights = rowHeights
        cache.rowGuideLines = lines
        cache.lastProposal = p
        cache.lastPassID = passID
    }

    /// The axes `p` specifies.
    private func specified(_ p: ProposedViewSize) -> ProposalAxes {
        ProposalAxes(rawValue: (p.width != nil ? 1 : 0) | (p.height != nil ? 2 : 0))
    }

    /// Whether a cell sizes the grid on an axis: unsized cells do not, unless the grid is asked
    /// for its ideal length there.
    private func sizes(_ cell: Cache.Cell, _ axis: Axis, _ p: ProposedViewSize) -> Bool {
        axis == .horizontal ? (p.width == nil || !cell.unsized.contains(.horizontal))
                            : (p.height == nil || !cell.unsized.contains(.vertical))
    }

    /// Step 1: on how many axes each cell is infinite when proposed infinity on the axes `p`
    /// specifies (such cells are sized last, as in stacks).
    /// Empty when no cell is infinite on any axis (then every count is 0).
    private func infiniteAxes(_ p: ProposedViewSize, _ subviews: Subviews, _ cache: Cache) -> [UInt8] {
        guard p.width != nil || p.height != nil else { return [] }
        let probe = ProposedViewSize(width: p.width.map { _ in .infinity }, height: p.height.map { _ in .infinity })
        var counts: [UInt8] = []
        for ci in cache.cells.indices {
            let s = subviews.size(at: subviews.startIndex + ci, probe)
            let count = UInt8((s.width == .infinity ? 1 : 0) + (s.height == .infinity ? 1 : 0))
            if count != 0 && counts.isEmpty { counts = [UInt8](repeating: 0, count: cache.cells.count) }
            if !counts.isEmpty { counts[ci] = count }
        }
        return counts
    }

    /// Step 2: the column widths from the single-column cells, shared like an HStack shares its
    /// width (least flexible first) when the width is proposed, each column's ideal otherwise.
    private func columnWidths(_ p: ProposedViewSize, _ subviews: Subviews, _ cache: inout Cache, infinite: [UInt8]) -> [CGFloat] {
        let cells = cache.cells, priorities = cache.priorities
        return sizeTracks(p.width.map { $0 - cache.columnGaps.reduce(0, +) }, count: cache.columnCount,
                          entries: cache.columnEntries, priority: { Cache.priority(of: $0, in: priorities) },
                          track: { cells[$0].column },
                          includes: { self.sizes(cells[$0], .horizontal, p) },
                          infiniteAxes: { infinite.isEmpty ? 0 : Int(infinite[$0]) },
                          fixed: { subviews.ignoresProposal(.horizontal, at: subviews.startIndex + $0) },
                          probes: &cache.columnProbes,
                          key: subviews.sizesStamp.map { TrackProbes.Key(stamp: $0, specified: specified(p), widths: []) }) { ci, w in
            subviews.size(at: subviews.startIndex + ci, ProposedViewSize(width: w, height: nil)).width
        }
    }

    /// Step 3: spanning cells and full-width rows, proposed their span plus what is left, widen
    /// the columns they span equally when they need more. Prefix sums and a range-add tree of
    /// the widening keep this linear-logarithmic however many columns the cells span.
    private func widenForSpanningCells(_ widths: inout [CGFloat], _ p: ProposedViewSize, _ subviews: Subviews, _ cache: Cache,
                                       gapPrefix: [CGFloat]) {
        let cols = cache.columnCount
        let widthPrefix = Self.prefixSums(widths)
        var widening = RangeAddTree(count: 0)
        var widened = false
        // What is left of the proposed width; with infinite columns (probed at ∞) that is ∞, never ∞ − ∞.
        var left = p.width.map { w -> CGFloat in
            let l = w - widthPrefix[cols] - (gapPrefix.last ?? 0)
            return l.isNaN ? (w == .infinity ? .infinity : 0) : l
        }
        for (ci, cell) in cache.cells.enumerated() where (cell.span > 1 || cell.fullWidth) && sizes(cell, .horizontal, p) {
            let end = cell.column + cell.span
            let spanned = widthPrefix[end] - widthPrefix[cell.column] + gapPrefix[end - 1] - gapPrefix[cell.column]
                + (widened ? widening.sum(cell.column, end) : 0)
            let proposal = left.map { l -> CGFloat in
                let v = spanned + Swift.max(l, 0)
                return v.isNaN ? .infinity : v
            }
            let needed = subviews.size(at: subviews.startIndex + ci, ProposedViewSize(width: proposal, height: nil)).width
            if needed > spanned && needed.isFinite {
                if !widened { widening = RangeAddTree(count: cols); widened = true }
                widening.add((needed - spanned) / CGFloat(cell.span), cell.column, end)
                left = left.map { $0 - (needed - spanned) }
            }
        }
        if widened {
            for k in 0..<cols { widths[k] += widening.sum(k, k + 1) }
        }
    }

    /// Running sums: `prefix[k]` is the sum of the first k values (`prefix.count == values.count + 1`).
    private static func prefixSums(_ values: [CGFloat]) -> [CGFloat] {
        var prefix = [CGFloat](repeating: 0, count: values.count + 1)
        for k in values.indices { prefix[k + 1] = prefix[k] + values[k] }
        return prefix
    }

    /// The gaps before each column, summed: `prefix[k]` is the spacing from column 0 to column k.
    private static func gapPrefix(_ gaps: [CGFloat], _ cols: Int) -> [CGFloat] {
        var prefix = [CGFloat](repeating: 0, count: cols)
        for k in 1..<max(cols, 1) { prefix[k] = prefix[k - 1] + gaps[k - 1] }
        return prefix
    }

    /// Step 5: the row heights, each cell proposed its final width, shared like a VStack shares
    /// its height when the height is proposed.
    /// Step 4 (each cell's final width, its column's or its spanned columns' and gaps') is
    /// `cellWidths`.
    private func rowHeights(_ p: ProposedViewSize, _ subviews: Subviews, _ cache: inout Cache, infinite: [UInt8],
                            cellWidths: CellWidths) -> [CGFloat] {
        let cells = cache.cells, priorities = cache.priorities
        // The cells' widths follow from the column widths (the spans and gaps are the cache's):
        // the row probes are keyed by the column widths.
        return sizeTracks(p.height.map { $0 - cache.rowGaps.reduce(0, +) }, count: cache.rowCount,
                          entries: cache.rowEntries, priority: { Cache.priority(of: $0, in: priorities) },
                          track: { cells[$0].row },
                          includes: { self.sizes(cells[$0], .vertical, p) },
                          infiniteAxes: { infinite.isEmpty ? 0 : Int(infinite[$0]) },
                          fixed: { subviews.ignoresProposal(.vertical, at: subviews.startIndex + $0) },
                          probes: &cache.rowProbes,
                          key: subviews.sizesStamp.map { TrackProbes.Key(stamp: $0, specified: specified(p), widths: cellWidths.widths) }) { ci, h in
            subviews.size(at: subviews.startIndex + ci, ProposedViewSize(width: cellWidths[ci], height: h)).height
        }
    }

    /// Step 6: rows aligned on a baseline or custom guide share one line, and such a row is the
    /// union of its aligned cells' extents (as in an HStack), which may exceed its tallest cell.
    private func alignRowsOnGuides(_ heights: [CGFloat], _ p: ProposedViewSize, _ subviews: Subviews, _ cache: Cache,
                                   cellWidths: CellWidths) -> (heights: [CGFloat], lines: [CGFloat?]) {
        let cells = cache.cells, rows = cache.rowCount
        var rowHeights = heights
        var lines = [CGFloat?](repeating: nil, count: rows)
        for r in 0..<rows {
            let guide = cache.rowAlignments[r] ?? alignment.vertical
            if guide.key.isFrameAlignment { continue }
            var lower: CGFloat = 0, upper: CGFloat = 0
            var any = false
            for ci in cache.rowStarts[r]..<cache.rowStarts[r + 1] {
                let cell = cells[ci]
                guard !cell.hasAnchor && cell.span == 1 && !cell.fullWidth, sizes(cell, .vertical, p) else { continue }
                let d = subviews.dimensions(at: subviews.startIndex + ci, ProposedViewSize(width: cellWidths[ci], height: heights[r]))
                let o = -d[guide]
                lower = any ? min(lower, o) : o
                upper = any ? max(upper, o + d.height) : o + d.height
                any = true
            }
            guard any else { continue }
            lines[r] = -lower
            rowHeights[r] = max(heights[r], upper - lower)
        }
        return (rowHeights, lines)
    }

    /// Places each cell in its column and row (spanned columns included), aligned by its anchor, row and column alignment.
    public func placeSubviews(in bounds: CGRect, proposal: ProposedViewSize, subviews: Subviews, cache: inout Cache) {
        if cache.cells.count != subviews.count { cache = makeCache(subviews: subviews) }
        if cache.cells.isEmpty { return }
        compute(proposal, subviews, &cache)
        var xs = [CGFloat](repeating: 0, count: cache.columnCount)
        var x = bounds.minX
        for k in 0..<cache.columnCount {
            xs[k] = x
            x += cache.columnWidths[k] + (k < cache.columnGaps.count ? cache.columnGaps[k] : 0)
        }
        var ys = [CGFloat](repeating: 0, count: cache.rowCount)
        var y = bounds.minY
        for r in 0..<cache.rowCount {
            ys[r] = y
            y += cache.rowHeights[r] + (r < cache.rowGaps.count ? cache.rowGaps[r] : 0)
        }
        // Each column's and row's alignment, and its guide's fraction of a cell (the default
        // value at 1×1), looked up once rather than per cell.
        let columnAlignments = (0..<cache.columnCount).map { cache.columnAlignments[$0] ?? alignment.horizontal }
        let columnFractions = columnAlignments.map { $0.key.fraction }
        let rowAlignments = (0..<cache.rowCount).map { cache.rowAlignments[$0] ?? alignment.vertical }
        let rowFractions = rowAlignments.map { $0.key.fraction }
        for (ci, cell) in cache.cells.enumerated() {
            let last = cell.column + cell.span - 1
            let w = xs[last] + cache.columnWidths[last] - xs[cell.column]
            let h = cache.rowHeights[cell.row]
            let rect = CGRect(x: xs[cell.column], y: ys[cell.row], width: w, height: h)
            let q = ProposedViewSize(width: w, height: h)
            if cell.hasAnchor || cell.span > 1 || cell.fullWidth {
                let columnFraction = cell.span == 1 && !cell.fullWidth ? columnFractions[cell.column] : alignment.horizontal.key.fraction
                let a = cache.anchor(ci) ?? UnitPoint(x: columnFraction, y: rowFractions[cell.row])
                subviews[subviews.startIndex + ci].place(at: CGPoint(x: rect.minX + a.x * rect.width, y: rect.minY + a.y * rect.height), anchor: a, proposal: q)
            } else {
                let d = subviews.dimensions(at: subviews.startIndex + ci, q)
                let px = rect.minX + columnFractions[cell.column] * rect.width - d[columnAlignments[cell.column]]
                let line = cache.rowGuideLines[cell.row] ?? rowFractions[cell.row] * rect.height
                let py = rect.minY + line - d[rowAlignments[cell.row]]
                subviews.place(at: subviews.startIndex + ci, CGPoint(x: px, y: py), measured: d.size, proposal: q)
            }
        }
    }
}

/// What a grid's track sizing found by probing its cells at 0 and ∞ (`GridLayout.sizeTracks`):
/// per priority group, the tracks with cells in it, in the order they are offered space.
struct TrackProbes {
    /// What the probes depended on besides the proposed total: equal keys, equal probes.
    struct Key: Equatable {
        var stamp: SubviewSizesStamp
        /// The proposal axes specified (which cells size their track and are infinite).
        var specified: ProposalAxes
        /// For rows: the column widths, which give each cell's final width, which its row probes
        /// are proposed.
        var widths: [CGFloat]
    }
    struct Item {
        var track: Int
        /// Its cells: positions in the entries.
        var entries: Range<Int>
        var least: CGFloat
        var most: CGFloat
        var infiniteAxes: Int
        /// Every included cell's answer ignores the proposed length.
        var fixed: Bool
    }
    var key: Key? = nil
    /// The items of every group, group after group, each group's in its order.
    var items: [Item] = []
    /// Each group's items in `items`.
    var groups: [Range<Int>] = []
    /// Each fixed cell's answer at 0, which is its answer at any length (NaN: not fixed), by
    /// position in the entries; kept only for tracks mixing fixed and other cells (a track of
    /// fixed cells answers its `least`), so empty when there are none.
    private var fixedAnswers: [CGFloat] = []

    /// The answer the cell at position `e` in the entries gives at any length, or NaN.
    @inline(__always) func fixedAnswer(_ e: Int) -> CGFloat { fixedAnswers.isEmpty ? .nan : fixedAnswers[e] }

    init() {}

    /// Probes the cells: groups of equal priority (entries are sorted by priority, then track),
    /// one item per track with included cells, ordered by infinite axes, flexibility, larger
    /// minimum, then track.
    init(probing entries: [Int32], priority: (Int) -> Double, count: Int, track: (Int) -> Int, includes: (Int) -> Bool,
         infiniteAxes: (Int) -> Int, fixed: (Int) -> Bool, measure: (Int, CGFloat?) -> CGFloat) {
        items.reserveCapacity(count)
        // A track's fixed answers, until it is known whether the track mixes fixed and other cells.
        var trackAnswers: [(entry: Int, answer: CGFloat)] = []
        var groupStart = 0
        while groupStart < entries.count {
            let groupPriority = priority(Int(entries[groupStart]))
            var groupEnd = groupStart
            while groupEnd < entries.count && priority(Int(entries[groupEnd])) == groupPriority { groupEnd += 1 }
            let first = items.count
            var i = groupStart
            while i < groupEnd {
                let t = track(Int(entries[i]))
                var j = i
                var any = false
                var mn: CGFloat = 0, mx: CGFloat = 0, ax = 0
                var allFixed = true
                trackAnswers.removeAll(keepingCapacity: true)
                while j < groupEnd && track(Int(entries[j])) == t {
                    let ci = Int(entries[j])
                    if includes(ci) {
                        any = true
                        let least = measure(ci, 0)
                        mn = max(mn, least)
                        if fixed(ci) {
                            trackAnswers.append((j, least))
                            mx = max(mx, least)
                        } else {
                            allFixed = false
                            mx = max(mx, measure(ci, .infinity))
                        }
                        ax = max(ax, infiniteAxes(ci))
                    }
                    j += 1
                }
                if !allFixed && !trackAnswers.isEmpty {
                    if fixedAnswers.isEmpty { fixedAnswers = [CGFloat](repeating: .nan, count: entries.count) }
                    for (e, answer) in trackAnswers { fixedAnswers[e] = answer }
                }
                if any { items.append(Item(track: t, entries: i..<j, least: mn, most: mx, infiniteAxes: ax, fixed: allFixed)) }
                i = j
            }
            items[first...].sort { a, b in
                if a.infiniteAxes != b.infiniteAxes { return a.infiniteAxes < b.infiniteAxes }
                var da = a.most - a.least, db = b.most - b.least
                if da.isNaN { da = .infinity }
                if db.isNaN { db = .infinity }
                if da != db { return da < db }
                if da == .infinity && a.least != b.least { return a.least > b.least }
                return a.track < b.track
            }
            groups.append(first..<items.count)
            groupStart = groupEnd
        }
    }
}

/// Adds a value over a range of indices and sums a range, each in O(log n) (two Fenwick trees).
private struct RangeAddTree {
    private var b1: [CGFloat], b2: [CGFloat]
    init(count: Int) {
        b1 = [CGFloat](repeating: 0, count: count + 1); b2 = b1
    }
    private static func update(_ b: inout [CGFloat], _ i: Int, _ v: CGFloat) {
        var i = i
        while i < b.count { b[i] += v; i += i & -i }
    }
    private static func query(_ b: [CGFloat], _ i: Int) -> CGFloat {
        var i = i, s: CGFloat = 0
        while i > 0 { s += b[i]; i -= i & -i }
        return s
    }
    /// The sum of the first `n` values.
    private func prefix(_ n: Int) -> CGFloat { RangeAddTree.query(b1, n) * CGFloat(n) - RangeAddTree.query(b2, n) }
    /// Adds `v` to every value in `lo..<hi`.
    mutating func add(_ v: CGFloat, _ lo: Int, _ hi: Int) {
        RangeAddTree.update(&b1, lo + 1, v); RangeAddTree.update(&b1, hi + 1, -v)
        RangeAddTree.update(&b2, lo + 1, v * CGFloat(lo)); RangeAddTree.update(&b2, hi + 1, -v * CGFloat(hi))
    }
    /// The sum of the values in `lo..<hi`.
    func sum(_ lo: Int, _ hi: Int) -> CGFloat { prefix(hi) - prefix(lo) }
}

extension GridLayout: BuiltInLayout {
    /// Each cell once, in `placeSubviews`' loop over the cells.
    static var placesEachSubviewOnce: Bool { true }
    static var reportsNegativeSizes: Bool { true }
    /// A one-cell grid reports 0, as a custom layout does; only stacks pass a single priority on.
    static var passesSinglePriority: Bool { false }
    static var guidesComeFromSubviews: Bool { true }
    /// Not claimed: flexible tracks share the proposed length among columns and rows.
    static var sizeFollowsSubviews: Bool { false }
}
