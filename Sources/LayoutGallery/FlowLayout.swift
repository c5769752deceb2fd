import SwiftUI

/// A layout that places its subviews in rows, starting a new row when the next subview doesn't
/// fit the proposed width — the flow layout of the Flow seeds, polished.
///
/// - Subviews are sized at their ideal size; one wider than the line is proposed the line's
///   width (so long text wraps instead of overflowing).
/// - `spacing: nil` uses each adjacent pair's preferred horizontal spacing (`ViewSpacing`), and
///   `lineSpacing: nil` the preferred vertical spacing, like the built-in stacks.
/// - `alignment` places each line in the container (leading, centre, trailing) and
///   `lineAlignment` aligns items within a line on its height (top, centre, bottom).
/// - Unspecified or infinite width: everything on one line (the ideal size); zero width: one
///   subview per line (the minimum size).
/// Written against the public `Layout` API only.
public struct FlowLayout: Layout {
    /// Where each line sits horizontally: `.leading`, `.trailing`, or centred for any other guide.
    public var alignment: HorizontalAlignment
    /// Where each subview sits in its line's height: `.top`, `.bottom`, or centred for any other guide.
    public var lineAlignment: VerticalAlignment
    /// The distance between subviews on a line; nil uses each pair's preferred horizontal spacing.
    public var spacing: CGFloat?
    /// The distance between lines; nil uses the largest preferred vertical spacing between consecutive subviews.
    public var lineSpacing: CGFloat?

    /// Creates a flow layout.
    public init(alignment: HorizontalAlignment = .leading, lineAlignment: VerticalAlignment = .center,
                spacing: CGFloat? = nil, lineSpacing: CGFloat? = nil) {
        self.alignment = alignment; self.lineAlignment = lineAlignment
        self.spacing = spacing; self.lineSpacing = lineSpacing
    }

    /// What a pass would otherwise measure again, made once per change of subviews (or of the
    /// layout): every subview's ideal size (one `sizeThatFits(.unspecified)` each) and, only for
    /// a spacing left nil, the subviews' preferred spacings. A pass with the cache kept measures
    /// no subview except one wider than the line; with both spacings given, the cache holds the
    /// ideal sizes alone and `makeCache` asks no subview for its spacing.
    public struct Cache {
        var idealSizes: [CGSize] = []
        /// Preferred horizontal distance from subview i to subview i + 1 (empty when `spacing` is given).
        var horizontalGaps: [CGFloat] = []
        /// Preferred vertical distance between lines (unused when `lineSpacing` is given).
        var verticalGap: CGFloat = 8
    }

    /// Measures the subviews' ideal sizes and, for the spacings left nil, their preferred spacings.
    public func makeCache(subviews: Subviews) -> Cache {
        var c = Cache()
        c.idealSizes = subviews.map { $0.sizeThatFits(.unspecified) }
        if spacing == nil {
            c.horizontalGaps = subviews.indices.map { i in
                i + 1 < subviews.endIndex ? subviews[i].spacing.distance(to: subviews[i + 1].spacing, along: .horizontal) : 0
            }
        }
        if lineSpacing == nil && subviews.count > 1 {
            c.verticalGap = subviews.indices.dropLast().reduce(0) { m, i in
                max(m, subviews[i].spacing.distance(to: subviews[i + 1].spacing, along: .vertical))
            }
        }
        return c
    }

    /// One line of the flow: the range of subviews on it, their sizes and the line's extent.
    struct Line {
        var range: Range<Int>
        var width: CGFloat
        var height: CGFloat
    }

    private func gap(_ i: Int, _ cache: Cache) -> CGFloat { spacing.map { $0.isFinite ? $0 : 0 } ?? cache.horizontalGaps[i] }
    private func lineGap(_ cache: Cache) -> CGFloat { lineSpacing.map { $0.isFinite ? $0 : 0 } ?? cache.verticalGap }

    /// Breaks the subviews into lines for a width, and returns each subview's size.
    func arrange(width: CGFloat?, subviews: Subviews, cache: Cache) -> (lines: [Line], sizes: [CGSize]) {
        let limit = width.map { $0.isNaN ? 0 : max($0, 0) } ?? .infinity
        var sizes = cache.idealSizes
        var lines: [Line] = []
        var start = 0
        var x: CGFloat = 0
        var lineHeight: CGFloat = 0
        for i in sizes.indices {
            if sizes[i].width > limit && limit.isFinite {
                sizes[i] = subviews[i].sizeThatFits(ProposedViewSize(width: limit, height: nil))
            }
            let needed = i == start ? sizes[i].width : x + gap(i - 1, cache) + sizes[i].width
            if i > start && needed > limit {
                lines.append(Line(range: start..<i, width: x, height: lineHeight))
                start = i
                x = sizes[i].width
                lineHeight = sizes[i].height
            } else {
                x = needed
                lineHeight = max(lineHeight, sizes[i].height)
            }
        }
        if start < sizes.count { lines.append(Line(range: start..<sizes.count, width: x, height: lineHeight)) }
        return (lines, sizes)
    }

    /// The widest line by the lines' total height and gaps, after breaking lines at the proposed width.
    public func sizeThatFits(proposal: ProposedViewSize, subviews: Subviews, cache: inout Cache) -> CGSize {
        if subviews.isEmpty { return .zero }
        let (lines, _) = arrange(width: proposal.width, subviews: subviews, cache: cache)
        let width = lines.reduce(0) { max($0, $1.width) }
        let height = lines.reduce(0) { $0 + $1.height } + lineGap(cache) * CGFloat(lines.count - 1)
        return CGSize(width: width, height: height)
    }

    /// Breaks lines at the bounds' width and places each line by `alignment`, each subview in it by `lineAlignment`.
    public func placeSubviews(in bounds: CGRect, proposal: ProposedViewSize, subviews: Subviews, cache: inout Cache) {
        if subviews.isEmpty { return }
        let (lines, sizes) = arrange(width: bounds.width, subviews: subviews, cache: cache)
        var y = bounds.minY
        for line in lines {
            let free = bounds.width - line.width
            var x = bounds.minX + (alignment == .leading ? 0 : alignment == .trailing ? free : free / 2)
            for i in line.range {
                let size = sizes[i]
                let dy: CGFloat = lineAlignment == .top ? 0 : lineAlignment == .bottom ? line.height - size.height : (line.height - size.height) / 2
                subviews[i].place(at: CGPoint(x: x, y: y + dy), anchor: .topLeading, proposal: ProposedViewSize(size))
                x += size.width + (i + 1 < line.range.upperBound ? gap(i, cache) : 0)
            }
            y += line.height + lineGap(cache)
        }
    }
}
