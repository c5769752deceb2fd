import Foundation

/// A two-dimensional grid layout, as SwiftUI's `GridLayout` (what `Grid` uses): columns and rows
/// are sized like stack children, by priority, then flexibility, each from its own cells.
///
/// Measured on SwiftUI (macOS 27 native probes, `native-grid.yaml`):
/// - Rows come from `GridRow`s; any other subview is a row of its own spanning every column. The
///   column count is the largest (start column + 1) of any GridRow cell, so a span running past
///   the last column is clamped to the existing columns (GX6); shorter rows get empty cells.
/// - With an unspecified width (height) every cell is proposed nil on that axis and the widest
///   (tallest) answer sets the column (row), unsized cells included (GU4).
/// - With a concrete length, columns (rows) are sized from their single-column cells in priority
///   groups, highest first, each group proposed everything still left, with no reservation for
///   lower-priority cells (GQ1–GQ3); a Spacer cell has priority −∞ (as does a one-child ZStack
///   holding one), so it gets what the other cells leave (GS1, GS15), and a later group only
///   widens a column beyond what it already has. Within a group the columns go in order of the
///   number of axes on which their cells are infinite when proposed infinity (on the proposal's
///   specified axes: a nil axis adds none, GF11–GF13), then flexibility (length at ∞ minus length
///   at 0), then the larger minimum among infinitely flexible ones, then declaration order; each
///   is proposed an equal share of what is left and takes its widest cell's answer.
/// - Cells unsized on an axis (`gridCellUnsizedAxes`) do not size a concrete-length pass (GU1, GU9,
///   GU11) but are proposed, and drawn at, the final cell size.
/// - A spanning cell, or a full-width row, is then proposed its spanned width plus whatever width
///   is left, and widens its columns equally when it needs more (GX1, GX3, GX10); a flexible
///   full-width row (a `Divider`) therefore widens the grid to the proposal.
/// - `nil` spacing is the preferred distance of adjacent cells, the largest over the rows (columns)
///   sharing a gap: 8 between ordinary views, 0 beside a Spacer (GA1, GS2, GS12); explicit spacing
///   is used as is, negative included (GS8).
/// - Alignment: a column's `gridColumnAlignment` is the first one declared in row order (GL5–GL7),
///   on a spanning cell applying to its first column (GL8); the row's `GridRow(alignment:)` or the
///   grid's alignment; a `gridCellAnchor` wins over both (GL10). Chained trait modifiers keep the
///   inner value (GL15, GL16). Spanning cells and full-width rows use the anchor equivalent of the
///   grid's alignment.
/// Inferred, not yet measured: rows follow the column rules with axes swapped; spanning cells are
/// sized after every priority group, in declaration order, and proposed nil at an unspecified
/// width; a full-width row's `gridColumnAlignment` sets column 0; the gap where no two cells meet
/// is the default 8; rows aligned on a text baseline or custom guide share one line, the row being
/// the union of the aligned cells' extents (as in an HStack).
public struct GridLayout: Layout {
    public var alignment: Alignment
    public var horizontalSpacing: CGFloat?
    public var verticalSpacing: CGFloat?

    public init(alignment: Alignment = .center, horizontalSpacing: CGFloat? = nil, verticalSpacing: CGFloat? = nil) {
        self.alignment = alignment; self.horizontalSpacing = horizontalSpacing; self.verticalSpacing = verticalSpacing
    }

    /// The grid's structure, derived from its subviews' traits.
    public struct Cache {
        struct Cell {
            var subview: Int
            var row: Int
            var column: Int
            var span: Int
            var anchor: UnitPoint?
            var unsized: Axis.Set
            var fullWidth: Bool
            var priority: Double
        }
        /// In row order; row `r`'s cells are `cells[rowStarts[r]..<rowStarts[r + 1]]`.
        var cells: [Cell] = []
        var rowStarts: [Int] = []
        /// The single-column cells of column `k`: `columnMembers[columnStarts[k]..<columnStarts[k + 1]]`.
        var columnStarts: [Int] = []
        var columnMembers: [Int] = []
        /// The distinct cell priorities, highest first.
        var priorities: [Double] = []
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
    }

    public func makeCache(subviews: Subviews) -> Cache {
        var c = Cache()
        var row = -1
        var column = 0
        var currentRowID: Int? = nil
        for (i, s) in subviews.enumerated() {
            let t = s.node.traits
            if let id = t.gridRowID, id == currentRowID {
                // Same GridRow: next cell.
            } else {
                row += 1
                column = 0
                currentRowID = t.gridRowID
                c.rowAlignments.append(t.gridRowAlignment)
                c.rowStarts.append(c.cells.count)
            }
            let fullWidth = t.gridRowID == nil
            let span = fullWidth ? 1 : max(1, t.gridCellColumns)
            c.cells.append(Cache.Cell(subview: i, row: row, column: column, span: span, anchor: t.gridCellAnchor,
                                      unsized: t.gridCellUnsizedAxes, fullWidth: fullWidth, priority: s.priority))
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
        // Column members (counting sort by column).
        c.columnStarts = [Int](repeating: 0, count: cols + 1)
        for cell in c.cells where cell.span == 1 && !cell.fullWidth { c.columnStarts[cell.column + 1] += 1 }
        for k in 0..<cols { c.columnStarts[k + 1] += c.columnStarts[k] }
        c.columnMembers = [Int](repeating: 0, count: c.columnStarts[cols])
        var fill = c.columnStarts
        for (ci, cell) in c.cells.enumerated() where cell.span == 1 && !cell.fullWidth {
            c.columnMembers[fill[cell.column]] = ci
            fill[cell.column] += 1
        }
        // The first gridColumnAlignment in row order sets the column (a span's: its first column).
        c.columnAlignments = [HorizontalAlignment?](repeating: nil, count: cols)
        for cell in c.cells where c.columnAlignments[cell.column] == nil {
            if let a = subviews[cell.subview].node.traits.gridColumnAlignment { c.columnAlignments[cell.column] = a }
        }
        for cell in c.cells where !c.priorities.contains(cell.priority) { c.priorities.append(cell.priority) }
        c.priorities.sort(by: >)
        // Gaps.
        let fixedH = horizontalSpacing.map(sanitizedSpacing), fixedV = verticalSpacing.map(sanitizedSpacing)
        var hGaps = [CGFloat?](repeating: fixedH, count: max(cols - 1, 0))
        var vGaps = [CGFloat?](repeating: fixedV, count: max(c.rowCount - 1, 0))
        if fixedH == nil || fixedV == nil {
            let spacings = c.cells.map { subviews[$0.subview].spacing }
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

    public func sizeThatFits(proposal: ProposedViewSize, subviews: Subviews, cache: inout Cache) -> CGSize {
        if cache.cells.isEmpty { return .zero }
        compute(proposal, subviews, &cache)
        return CGSize(width: cache.columnWidths.reduce(0, +) + cache.columnGaps.reduce(0, +),
                      height: cache.rowHeights.reduce(0, +) + cache.rowGaps.reduce(0, +))
    }

    /// Sizes tracks (columns or rows) from their members: `members[starts[t]..<starts[t + 1]]` are
    /// the cells of track `t`. With a `total`, priority groups go highest first, each proposed what
    /// is left; within a group tracks go by infinite axes, flexibility, larger minimum, order.
    private func sizeTracks(_ total: CGFloat?, count: Int, starts: [Int], members: [Int], cells: [Cache.Cell],
                            priorities: [Double], includes: (Int) -> Bool, infiniteAxes: (Int) -> Int,
                            measure: (Int, CGFloat?) -> CGFloat) -> [CGFloat] {
        var lengths = [CGFloat](repeating: 0, count: count)
        guard let total else {
            for t in 0..<count {
                for m in starts[t]..<starts[t + 1] where includes(members[m]) {
                    lengths[t] = max(lengths[t], measure(members[m], nil))
                }
            }
            return lengths
        }
        var mins = [CGFloat](repeating: 0, count: count)
        var maxs = [CGFloat](repeating: 0, count: count)
        var axes = [Int](repeating: 0, count: count)
        var order = [Int]()
        order.reserveCapacity(count)
        var available = total
        for priority in priorities {
            order.removeAll(keepingCapacity: true)
            for t in 0..<count {
                var any = false
                var mn: CGFloat = 0, mx: CGFloat = 0, ax = 0
                for m in starts[t]..<starts[t + 1] {
                    let ci = members[m]
                    guard cells[ci].priority == priority, includes(ci) else { continue }
                    any = true
                    mn = max(mn, measure(ci, 0))
                    mx = max(mx, measure(ci, .infinity))
                    ax = max(ax, infiniteAxes(ci))
                }
                guard any else { continue }
                mins[t] = mn; maxs[t] = mx; axes[t] = ax
                order.append(t)
            }
            if order.isEmpty { continue }
            order.sort { a, b in
                if axes[a] != axes[b] { return axes[a] < axes[b] }
                var da = maxs[a] - mins[a], db = maxs[b] - mins[b]
                if da.isNaN { da = .infinity }
                if db.isNaN { db = .infinity }
                if da != db { return da < db }
                if da == .infinity && mins[a] != mins[b] { return mins[a] > mins[b] }
                return a < b
            }
            var remaining = order.count
            for t in order {
                let proposal = max(available / CGFloat(remaining), 0)
                var answer: CGFloat = 0
                for m in starts[t]..<starts[t + 1] {
                    let ci = members[m]
                    guard cells[ci].priority == priority, includes(ci) else { continue }
                    answer = max(answer, measure(ci, proposal))
                }
                let grown = max(answer - lengths[t], 0)
                lengths[t] += grown
                let next = available - grown
                if !next.isNaN { available = next }
                remaining -= 1
            }
        }
        return lengths
    }

    private func compute(_ p: ProposedViewSize, _ subviews: Subviews, _ cache: inout Cache) {
        let passID = subviews.pass?.passID ?? 0
        if cache.lastProposal == p && cache.lastPassID == passID { return }
        let cols = cache.columnCount, rows = cache.rowCount
        let cells = cache.cells
        let hGaps = cache.columnGaps, vGaps = cache.rowGaps
        // How many axes each cell is infinite on when proposed infinity on the specified axes.
        var infinite = [Int](repeating: 0, count: p.width == nil && p.height == nil ? 0 : cells.count)
        if !infinite.isEmpty {
            let probe = ProposedViewSize(width: p.width.map { _ in .infinity }, height: p.height.map { _ in .infinity })
            for ci in cells.indices {
                let s = subviews[cells[ci].subview].sizeThatFits(probe)
                infinite[ci] = (s.width == .infinity ? 1 : 0) + (s.height == .infinity ? 1 : 0)
            }
        }
        // Columns, from single-column cells.
        let sizesWidth: (Int) -> Bool = p.width == nil ? { _ in true } : { !cells[$0].unsized.contains(.horizontal) }
        var widths = sizeTracks(p.width.map { $0 - hGaps.reduce(0, +) }, count: cols, starts: cache.columnStarts,
                                members: cache.columnMembers, cells: cells, priorities: cache.priorities,
                                includes: sizesWidth, infiniteAxes: { infinite[$0] }) { ci, w in
            subviews[cells[ci].subview].sizeThatFits(ProposedViewSize(width: w, height: nil)).width
        }
        // Spanning cells and full-width rows: proposed their span plus what is left, they widen
        // the columns they span equally when they need more.
        func spannedWidth(_ cell: Cache.Cell) -> CGFloat {
            var w = widths[cell.column]
            for k in (cell.column + 1)..<(cell.column + cell.span) { w += hGaps[k - 1] + widths[k] }
            return w
        }
        var left = p.width.map { $0 - widths.reduce(0, +) - hGaps.reduce(0, +) }
        for (ci, cell) in cells.enumerated() where (cell.span > 1 || cell.fullWidth) && sizesWidth(ci) {
            let spanned = spannedWidth(cell)
            let proposal = left.map { spanned + max($0, 0) }
            let needed = subviews[cell.subview].sizeThatFits(ProposedViewSize(width: proposal, height: nil)).width
            if needed > spanned && needed.isFinite {
                let extra = (needed - spanned) / CGFloat(cell.span)
                for k in cell.column..<(cell.column + cell.span) { widths[k] += extra }
                left = left.map { $0 - (needed - spanned) }
            }
        }
        // Rows, with each cell proposed its column width.
        var cellWidths = [CGFloat](repeating: 0, count: cells.count)
        for ci in cells.indices { cellWidths[ci] = spannedWidth(cells[ci]) }
        let rowMembers = Array(cells.indices)
        let heights = sizeTracks(p.height.map { $0 - vGaps.reduce(0, +) }, count: rows, starts: cache.rowStarts,
                                 members: rowMembers, cells: cells, priorities: cache.priorities,
                                 includes: p.height == nil ? { _ in true } : { !cells[$0].unsized.contains(.vertical) },
                                 infiniteAxes: { infinite[$0] }) { ci, h in
            subviews[cells[ci].subview].sizeThatFits(ProposedViewSize(width: cellWidths[ci], height: h)).height
        }
        // Rows aligned on a baseline or custom guide share one line, and the row is the union of
        // the aligned cells' extents (as in an HStack), which may exceed its tallest cell.
        var rowHeights = heights
        var lines = [CGFloat?](repeating: nil, count: rows)
        for r in 0..<rows {
            let guide = cache.rowAlignments[r] ?? alignment.vertical
            if guide.key.isFrameAlignment { continue }
            var lower: CGFloat = 0, upper: CGFloat = 0
            var any = false
            for ci in cache.rowStarts[r]..<cache.rowStarts[r + 1] {
                let cell = cells[ci]
                guard cell.anchor == nil && cell.span == 1 && !cell.fullWidth,
                      p.height == nil || !cell.unsized.contains(.vertical) else { continue }
                let d = subviews[cell.subview].dimensions(in: ProposedViewSize(width: cellWidths[ci], height: heights[r]))
                let o = -d[guide]
                lower = any ? min(lower, o) : o
                upper = any ? max(upper, o + d.height) : o + d.height
                any = true
            }
            guard any else { continue }
            lines[r] = -lower
            rowHeights[r] = max(heights[r], upper - lower)
        }
        cache.columnWidths = widths
        cache.rowHeights = rowHeights
        cache.rowGuideLines = lines
        cache.lastProposal = p
        cache.lastPassID = passID
    }

    public func placeSubviews(in bounds: CGRect, proposal: ProposedViewSize, subviews: Subviews, cache: inout Cache) {
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
        for cell in cache.cells {
            let last = cell.column + cell.span - 1
            let w = xs[last] + cache.columnWidths[last] - xs[cell.column]
            let h = cache.rowHeights[cell.row]
            let rect = CGRect(x: xs[cell.column], y: ys[cell.row], width: w, height: h)
            let q = ProposedViewSize(width: w, height: h)
            let subview = subviews[cell.subview]
            let columnAlignment = cell.span == 1 && !cell.fullWidth ? (cache.columnAlignments[cell.column] ?? alignment.horizontal) : alignment.horizontal
            let rowAlignment = cache.rowAlignments[cell.row] ?? alignment.vertical
            if cell.anchor != nil || cell.span > 1 || cell.fullWidth {
                let a = cell.anchor ?? UnitPoint(x: columnAlignment.key.fraction, y: rowAlignment.key.fraction)
                subview.place(at: CGPoint(x: rect.minX + a.x * rect.width, y: rect.minY + a.y * rect.height), anchor: a, proposal: q)
            } else {
                let d = subview.dimensions(in: q)
                let px = rect.minX + columnAlignment.key.fraction * rect.width - d[columnAlignment]
                let line = cache.rowGuideLines[cell.row] ?? rowAlignment.key.fraction * rect.height
                let py = rect.minY + line - d[rowAlignment]
                subview.place(at: CGPoint(x: px, y: py), anchor: .topLeading, proposal: q)
            }
        }
    }
}
