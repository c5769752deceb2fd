import Foundation

/// A two-dimensional grid layout, as SwiftUI's `GridLayout` (what `Grid` uses).
///
/// Rows come from `GridRow`s; any other subview is a row of its own spanning every column.
/// The column count is that of the widest row; shorter rows get empty trailing cells.
/// - Each column is as wide as its widest single-column cell; with a concrete width, columns are
///   sized like an HStack's children (least flexible first, equal shares of what is left).
/// - A cell spanning columns (`gridCellColumns`) or a full-width row that needs more than the
///   spanned columns' widths widens them equally; a flexible full-width row (a `Divider`)
///   therefore widens the grid to the proposed width.
/// - Rows are sized the same way vertically, the tallest cell setting the row's height.
/// - Cells are aligned by the column's alignment (`gridColumnAlignment`) and the row's
///   (`GridRow(alignment:)`), or by a `gridCellAnchor`; spanning cells and full-width rows use the
///   anchor equivalent of the grid's alignment.
/// - `gridCellUnsizedAxes` keeps a cell from sizing its column or row on those axes.
/// Choice (semantics spec §9.6, unverified): `nil` spacing is the platform default of 8 on both axes.
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
        }
        var cells: [Cell] = []
        var rowCount = 0
        var columnCount = 0
        var rowAlignments: [VerticalAlignment?] = []
        var columnAlignments: [HorizontalAlignment?] = []
        // The last computed geometry.
        var columnWidths: [CGFloat] = []
        var rowHeights: [CGFloat] = []
        /// For rows aligned on a guide other than an edge or the centre (text baselines, custom
        /// guides): where the common line lies from the row's top.
        var rowGuideLines: [CGFloat?] = []
        var lastProposal: ProposedViewSize? = nil
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
            }
            let fullWidth = t.gridRowID == nil
            let span = fullWidth ? 1 : max(1, t.gridCellColumns)
            c.cells.append(Cache.Cell(subview: i, row: row, column: column, span: span, anchor: t.gridCellAnchor,
                                      unsized: t.gridCellUnsizedAxes, fullWidth: fullWidth))
            column += span
            if !fullWidth { c.columnCount = max(c.columnCount, column) }
        }
        c.rowCount = row + 1
        if c.columnCount == 0 && !c.cells.isEmpty { c.columnCount = 1 }
        for i in c.cells.indices where c.cells[i].fullWidth { c.cells[i].span = c.columnCount }
        c.columnAlignments = [HorizontalAlignment?](repeating: nil, count: c.columnCount)
        for cell in c.cells where !cell.fullWidth && cell.span == 1 {
            if let a = subviews[cell.subview].node.traits.gridColumnAlignment { c.columnAlignments[cell.column] = a }
        }
        return c
    }

    private var hSpacing: CGFloat { sanitizedSpacing(horizontalSpacing ?? ViewSpacing.defaultDistance) }
    private var vSpacing: CGFloat { sanitizedSpacing(verticalSpacing ?? ViewSpacing.defaultDistance) }

    public func sizeThatFits(proposal: ProposedViewSize, subviews: Subviews, cache: inout Cache) -> CGSize {
        if cache.cells.isEmpty { return .zero }
        compute(proposal, subviews, &cache)
        return CGSize(width: cache.columnWidths.reduce(0, +) + hSpacing * CGFloat(cache.columnCount - 1),
                      height: cache.rowHeights.reduce(0, +) + vSpacing * CGFloat(cache.rowCount - 1))
    }

    /// Distributes `total` over items like a stack does: least flexible first, equal shares.
    private func distribute(_ total: CGFloat?, count: Int, measure: (Int, CGFloat?) -> CGFloat) -> [CGFloat] {
        var lengths = [CGFloat](repeating: 0, count: count)
        guard let total else {
            for k in 0..<count { lengths[k] = measure(k, nil) }
            return lengths
        }
        let mins = (0..<count).map { measure($0, 0) }
        let maxs = (0..<count).map { measure($0, .infinity) }
        let order = (0..<count).sorted { a, b in
            let da = maxs[a] - mins[a], db = maxs[b] - mins[b]
            return da == db ? a < b : da < db
        }
        var available = total
        var remaining = count
        for k in order {
            let proposal = max(available / CGFloat(remaining), 0)
            lengths[k] = measure(k, proposal)
            available -= lengths[k]
            remaining -= 1
        }
        return lengths
    }

    private func compute(_ p: ProposedViewSize, _ subviews: Subviews, _ cache: inout Cache) {
        if cache.lastProposal == p { return }
        let cols = cache.columnCount, rows = cache.rowCount
        let cells = cache.cells
        // Columns, from single-column cells that size their column.
        var columnCells = [[Int]](repeating: [], count: cols)
        for (ci, cell) in cells.enumerated() where cell.span == 1 && !cell.fullWidth && !cell.unsized.contains(.horizontal) {
            columnCells[cell.column].append(ci)
        }
        var widths = distribute(p.width.map { $0 - hSpacing * CGFloat(cols - 1) }, count: cols) { k, w in
            columnCells[k].reduce(0) { max($0, subviews[cells[$1].subview].sizeThatFits(ProposedViewSize(width: w, height: nil)).width) }
        }
        // Spanning cells and full-width rows widen the columns they span when they need more.
        for cell in cells where (cell.span > 1 || cell.fullWidth) && !cell.unsized.contains(.horizontal) {
            let spanned = widths[cell.column..<(cell.column + cell.span)].reduce(0, +) + hSpacing * CGFloat(cell.span - 1)
            let proposal: CGFloat? = cell.fullWidth ? p.width : spanned
            let needed = subviews[cell.subview].sizeThatFits(ProposedViewSize(width: proposal, height: nil)).width
            if needed > spanned && needed.isFinite {
                let extra = (needed - spanned) / CGFloat(cell.span)
                for k in cell.column..<(cell.column + cell.span) { widths[k] += extra }
            }
        }
        // Rows, with each cell proposed its column width.
        func cellWidth(_ cell: Cache.Cell) -> CGFloat {
            widths[cell.column..<(cell.column + cell.span)].reduce(0, +) + hSpacing * CGFloat(cell.span - 1)
        }
        var rowCells = [[Int]](repeating: [], count: rows)
        for (ci, cell) in cells.enumerated() where !cell.unsized.contains(.vertical) { rowCells[cell.row].append(ci) }
        let heights = distribute(p.height.map { $0 - vSpacing * CGFloat(rows - 1) }, count: rows) { r, h in
            rowCells[r].reduce(0) { max($0, subviews[cells[$1].subview].sizeThatFits(ProposedViewSize(width: cellWidth(cells[$1]), height: h)).height) }
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
            for ci in rowCells[r] where cells[ci].anchor == nil && cells[ci].span == 1 && !cells[ci].fullWidth {
                let d = subviews[cells[ci].subview].dimensions(in: ProposedViewSize(width: cellWidth(cells[ci]), height: heights[r]))
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
    }

    public func placeSubviews(in bounds: CGRect, proposal: ProposedViewSize, subviews: Subviews, cache: inout Cache) {
        if cache.cells.isEmpty { return }
        compute(proposal, subviews, &cache)
        var xs = [CGFloat](repeating: 0, count: cache.columnCount)
        var x = bounds.minX
        for k in 0..<cache.columnCount { xs[k] = x; x += cache.columnWidths[k] + hSpacing }
        var ys = [CGFloat](repeating: 0, count: cache.rowCount)
        var y = bounds.minY
        for r in 0..<cache.rowCount { ys[r] = y; y += cache.rowHeights[r] + vSpacing }
        for cell in cache.cells {
            let w = cache.columnWidths[cell.column..<(cell.column + cell.span)].reduce(0, +) + hSpacing * CGFloat(cell.span - 1)
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
