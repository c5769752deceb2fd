import Foundation

/// A description of one column of a `LazyVGrid` (or one row of a `LazyHGrid`), as SwiftUI's `GridItem`.
public struct GridItem: Sendable, Equatable {
    /// How a grid item's length is decided.
    public enum Size: Sendable, Hashable {
        /// Exactly this length, whatever the space.
        case fixed(CGFloat)
        /// A share of the remaining space, clamped to `minimum...maximum` (SwiftUI's defaults: 10 and ∞).
        case flexible(minimum: CGFloat = 10, maximum: CGFloat = .infinity)
        /// A share of the remaining space, filled with as many items of at least `minimum` as fit.
        case adaptive(minimum: CGFloat, maximum: CGFloat = .infinity)
    }
    /// The item's size.
    public var size: Size
    /// The spacing to the next item (nil: 8, SwiftUI's default, objc.io "SwiftUI's Grid Views").
    public var spacing: CGFloat?
    /// How views are aligned in their cells (nil: centred).
    public var alignment: Alignment?
    /// Creates a grid item.
    public init(_ size: Size = .flexible(), spacing: CGFloat? = nil, alignment: Alignment? = nil) {
        self.size = size; self.spacing = spacing; self.alignment = alignment
    }
}

/// Marks a view that takes a whole line of a lazy grid (a section's header or footer).
package struct _LazyGridFullLineKey: LayoutValueKey {
    /// Creates the value from its parts (the memberwise initializer, for the SwiftUI surface).
    package init() {
    }
    package static let defaultValue = false
}

/// The layout of `LazyVGrid` (axis `.vertical`: `items` are columns) and `LazyHGrid` (axis
/// `.horizontal`: `items` are rows). Below, "across" is the axis the items divide (the width of
/// a LazyVGrid) and "along" the axis the grid grows in.
///
/// SwiftUI's rules, from objc.io "SwiftUI's Grid Views" (2020, measured and re-implemented) and
/// the worked examples of "Predict LazyVGrid layout" (mo4tech, flexible / adaptive articles):
/// 1. Fixed items take their length. The rest of the proposal, after the fixed lengths and the
///    spacings between items (each item's `spacing`, 8 when nil), is shared among the other
///    items **in order**: each takes the remaining length divided by the number of items left,
///    a flexible item clamped to its minimum and maximum, an adaptive item at least its minimum.
/// 2. An adaptive item holds as many cells as fit at its minimum with its spacing between them,
///    `max(1, ⌊(length + spacing) / (minimum + spacing)⌋)`, each `(length − (k − 1)·spacing)/k`
///    long (at most its maximum).
/// 3. The grid's length across is the sum of its items and spacings; **placement computes the
///    items again with that length as the proposal** — the reason why flexible items with large
///    minimums end up wider than the grid (mo4tech: 300 → 146 + 8 + 180 = 334 → placed as
///    163 + 8 + 180).
/// 4. Along the grid, each line is as long as its longest cell, each cell proposed its item's
///    length across and nil along; lines are `spacing` apart (8 when nil).
/// 5. Cells are proposed their slot (item length × line length) and aligned in it by their
///    item's alignment (centre by default), as `Grid` aligns cells.
///
/// Choices where SwiftUI is not known (documented, tested): a grid without items is 0×0 and its
/// views are proposed 0×0 at its origin; with an unspecified length across,
/// flexible and adaptive items take their minimum (one cell); the grid takes at least the
/// proposed length across (lazy containers fill their cross axis, see `LazyVStack`) and aligns
/// its items in it by `alignment`; a section header or footer takes a whole line, proposed the
/// grid's items' length, centred.
package struct LazyGridLayout: Layout {
    /// Creates the value from its parts (the memberwise initializer, for the SwiftUI surface).
    package init(axis: Axis, items: [GridItem], alignment: Alignment, spacing: CGFloat?) {
        self.axis = axis; self.items = items; self.alignment = alignment; self.spacing = spacing
    }
    package static var layoutProperties: LayoutProperties { LayoutProperties() }
    /// The axis the grid grows along (`.vertical` for LazyVGrid).
    let axis: Axis
    let items: [GridItem]
    /// How the items are placed across when the grid is longer than they are (LazyVGrid's horizontal alignment).
    let alignment: Alignment
    /// The distance between lines (nil: 8).
    let spacing: CGFloat?

    /// One slot across: where a cell starts, how long it is, and how it is aligned.
    struct Slot { var offset: CGFloat; var length: CGFloat; var alignment: Alignment }

    /// The slots across for a length across (rule 1 and 2) and their total length.
    func slots(across proposal: CGFloat?) -> (slots: [Slot], total: CGFloat) {
        let gaps = items.dropLast().map { $0.spacing.map(sanitize) ?? ViewSpacing.defaultDistance }
        var lengths = [CGFloat](repeating: 0, count: items.count)
        var remaining = (proposal.map(sanitize) ?? 0) - gaps.reduce(0, +)
        var left = 0
        for (i, item) in items.enumerated() {
            if case .fixed(let f) = item.size { lengths[i] = sanitize(f); remaining -= lengths[i] } else { left += 1 }
        }
        var result: [Slot] = []
        var offset: CGFloat = 0
        for (i, item) in items.enumerated() {
            let share = left > 0 ? remaining / CGFloat(left) : 0
            let spacing = i < gaps.count ? gaps[i] : 0
            switch item.size {
            case .fixed:
                result.append(Slot(offset: offset, length: lengths[i], alignment: item.alignment ?? .center))
            case .flexible(let mn, let mx):
                let lo = sanitize(mn), hi = Swift.max(lo, mx.isNaN ? .infinity : mx)
                lengths[i] = proposal == nil ? lo : Swift.min(Swift.max(share, lo), hi)
                remaining -= lengths[i]; left -= 1
                result.append(Slot(offset: offset, length: lengths[i], alignment: item.alignment ?? .center))
            case .adaptive(let mn, let mx):
                let lo = Swift.max(sanitize(mn), 0.0001), hi = Swift.max(lo, mx.isNaN ? .infinity : mx)
                let inner = item.spacing.map(sanitize) ?? ViewSpacing.defaultDistance
                lengths[i] = proposal == nil ? lo : Swift.max(share, lo)
                remaining -= lengths[i]; left -= 1
                let fit = lengths[i].isFinite ? ((lengths[i] + inner) / (lo + inner)).rounded(.down) : 1
                let count = Swift.max(1, Swift.min(Int(Swift.min(fit, 10_000)), 10_000))
                let cell = Swift.min(hi, (lengths[i] - CGFloat(count - 1) * inner) / CGFloat(count))
                for k in 0..<count {
                    result.append(Slot(offset: offset + CGFloat(k) * (cell + inner), length: cell, alignment: item.alignment ?? .center))
                }
                lengths[i] = CGFloat(count) * cell + CGFloat(count - 1) * inner
            }
            offset += lengths[i] + spacing
        }
        return (result, offset)  // the last item adds no spacing
    }

    /// A line of the grid: the subviews in it and whether it is a full line.
    struct Line { var range: Range<Int>; var isFull: Bool }

    func lines(_ subviews: Subviews, slotCount: Int) -> [Line] {
        var result: [Line] = []
        var start = subviews.startIndex
        var i = subviews.startIndex
        while i < subviews.endIndex {
            if subviews[i][_LazyGridFullLineKey.self] {
                if start < i { result.append(Line(range: start..<i, isFull: false)) }
                result.append(Line(range: i..<(i + 1), isFull: true))
                i += 1; start = i
                continue
            }
            if i - start == Swift.max(slotCount, 1) { result.append(Line(range: start..<i, isFull: false)); start = i }
            i += 1
        }
        if start < subviews.endIndex { result.append(Line(range: start..<subviews.endIndex, isFull: false)) }
        return result
    }

    private func proposal(across: CGFloat, along: CGFloat?) -> ProposedViewSize {
        axis == .vertical ? ProposedViewSize(width: across, height: along) : ProposedViewSize(width: along, height: across)
    }

    private func lineLengths(_ lines: [Line], _ slots: [Slot], _ total: CGFloat, _ subviews: Subviews) -> [CGFloat] {
        lines.map { line in
            var longest: CGFloat = 0
            for (k, i) in line.range.enumerated() {
                let across = line.isFull ? total : slots[k].length
                let s = subviews[i].sizeThatFits(proposal(across: across, along: nil))
                longest = Swift.max(longest, axis == .vertical ? s.height : s.width)
            }
            return longest
        }
    }

    package func sizeThatFits(proposal: ProposedViewSize, subviews: Subviews, cache: inout ()) -> CGSize {
        let acrossProposal = axis == .vertical ? proposal.width : proposal.height
        let (slots, total) = slots(across: acrossProposal)
        if slots.isEmpty { return .zero }  // no items: nothing can be shown
        let gap = spacing.map(sanitize) ?? ViewSpacing.defaultDistance
        let ls = lines(subviews, slotCount: slots.count)
        let along = lineLengths(ls, slots, total, subviews).reduce(0, +) + CGFloat(Swift.max(ls.count - 1, 0)) * gap
        let across = Swift.max(total, acrossProposal ?? total)
        return axis == .vertical ? CGSize(width: across, height: along) : CGSize(width: along, height: across)
    }

    package func placeSubviews(in bounds: CGRect, proposal: ProposedViewSize, subviews: Subviews, cache: inout ()) {
        let acrossLength = axis == .vertical ? bounds.width : bounds.height
        let (slots, total) = slots(across: acrossLength)  // rule 3: again, with the grid's own length
        if slots.isEmpty {
            for s in subviews { s.place(at: bounds.origin, anchor: .topLeading, proposal: .zero) }
            return
        }
        let gap = spacing.map(sanitize) ?? ViewSpacing.defaultDistance
        let ls = lines(subviews, slotCount: slots.count)
        let lengths = lineLengths(ls, slots, total, subviews)
        let fraction: CGFloat = axis == .vertical ? alignment.horizontal.fraction : alignment.vertical.fraction
        let start = (acrossLength - total) * fraction
        var along: CGFloat = 0
        for (n, line) in ls.enumerated() {
            for (k, i) in line.range.enumerated() {
                let slot = line.isFull ? Slot(offset: 0, length: total, alignment: .center) : slots[k]
                let p = self.proposal(across: slot.length, along: lengths[n])
                let d = subviews[i].dimensions(in: p)
                let cellSize = axis == .vertical ? CGSize(width: slot.length, height: lengths[n]) : CGSize(width: lengths[n], height: slot.length)
                let cell = ViewDimensions(width: cellSize.width, height: cellSize.height)
                let dx = slot.alignment.horizontal.key.defaultValue(in: cell) - d[slot.alignment.horizontal]
                let dy = slot.alignment.vertical.key.defaultValue(in: cell) - d[slot.alignment.vertical]
                let origin = axis == .vertical
                    ? CGPoint(x: bounds.minX + start + slot.offset + dx, y: bounds.minY + along + dy)
                    : CGPoint(x: bounds.minX + along + dx, y: bounds.minY + start + slot.offset + dy)
                subviews[i].place(at: origin, anchor: .topLeading, proposal: p)
            }
            along += lengths[n] + gap
        }
    }
}

/// A length usable in the grid arithmetic: NaN and negative lengths count as 0.
private func sanitize(_ v: CGFloat) -> CGFloat { v.isNaN ? 0 : Swift.max(v, 0) }

extension HorizontalAlignment {
    /// Where the guide sits across a length, as a fraction (leading 0, centre ½, trailing 1;
    /// custom guides count as centred).
    package var fraction: CGFloat {
        if self == .leading { return 0 }
        if self == .trailing { return 1 }
        return 0.5
    }
}

extension VerticalAlignment {
    /// Where the guide sits across a length, as a fraction (top 0, centre ½, bottom 1; baselines
    /// and custom guides count as centred).
    package var fraction: CGFloat {
        if self == .top { return 0 }
        if self == .bottom { return 1 }
        return 0.5
    }
}
