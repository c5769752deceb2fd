import CGtk
import Foundation
import SwiftUI
import LayoutRendering

/// What the canvas draws on the selected container, as browser devtools draw a flexbox: its
/// subviews' frames, the gaps between neighbours with their lengths, a padding's insets, and
/// the proposal each subview was given.
struct ContainerAnatomy {
    /// A gap between two neighbouring subviews.
    struct Gap: Equatable {
        /// The empty band between them (root coordinates).
        var rect: CGRect
        /// Its length along the axis they are apart on (points).
        var length: CGFloat
        var isHorizontal: Bool
    }
    /// An inset of a padding (the band between its frame and its content's).
    struct Inset: Equatable {
        var rect: CGRect
        var length: CGFloat
        var edge: Edge
    }

    /// The container: the selection when it has visible subviews, else the selection's parent.
    let container: Int
    /// Its visible direct subviews, in order.
    let children: [Int]
    let gaps: [Gap]
    let insets: [Inset]

    /// The anatomy of the selection's container in `result`, with the frames drawn now.
    init?(result: LayoutResult, selected: Int, frames: [CGRect]) {
        let views = result.views
        guard views.indices.contains(selected) else { return nil }
        func visibleChildren(of i: Int) -> [Int] {
            // Views are in pre-order: direct children follow with depth + 1 until the subtree ends.
            var out: [Int] = []
            var k = i + 1
            while k < views.count, views[k].depth > views[i].depth {
                if views[k].parent == i, views[k].isVisible, k < frames.count, Self.isFinite(frames[k]) { out.append(k) }
                k += 1
            }
            return out
        }
        var container = selected
        var kids = visibleChildren(of: selected)
        if kids.isEmpty, let p = views[selected].parent {
            container = p
            kids = visibleChildren(of: p)
        }
        guard !kids.isEmpty, container < frames.count, Self.isFinite(frames[container]) else { return nil }
        self.container = container
        children = kids
        gaps = Self.gaps(kids.map { frames[$0] })
        insets = views[container].kind == "padding" && kids.count == 1 ? Self.insets(outer: frames[container], inner: frames[kids[0]]) : []
    }

    static func isFinite(_ r: CGRect) -> Bool {
        r.origin.x.isFinite && r.origin.y.isFinite && r.width.isFinite && r.height.isFinite
    }

    /// The gaps between consecutive frames that lie side by side (apart on one axis and
    /// overlapping on the other), as a stack's, a flow line's or a grid row's spacing shows.
    static func gaps(_ frames: [CGRect]) -> [Gap] {
        var out: [Gap] = []
        for (a, b) in zip(frames, frames.dropFirst()) {
            let (left, right) = a.minX <= b.minX ? (a, b) : (b, a)
            let (top, bottom) = a.minY <= b.minY ? (a, b) : (b, a)
            let overlapY = min(a.maxY, b.maxY) - max(a.minY, b.minY)
            let overlapX = min(a.maxX, b.maxX) - max(a.minX, b.minX)
            if right.minX - left.maxX > 0.25, overlapY > 0 {
                out.append(Gap(rect: CGRect(x: left.maxX, y: max(a.minY, b.minY), width: right.minX - left.maxX, height: overlapY),
                               length: right.minX - left.maxX, isHorizontal: true))
            } else if bottom.minY - top.maxY > 0.25, overlapX > 0 {
                out.append(Gap(rect: CGRect(x: max(a.minX, b.minX), y: top.maxY, width: overlapX, height: bottom.minY - top.maxY),
                               length: bottom.minY - top.maxY, isHorizontal: false))
            }
        }
        return out
    }

    /// The four bands between a padding's frame and its content's (those wider than ¼ pt).
    static func insets(outer o: CGRect, inner i: CGRect) -> [Inset] {
        var out: [Inset] = []
        if i.minY - o.minY > 0.25 { out.append(Inset(rect: CGRect(x: o.minX, y: o.minY, width: o.width, height: i.minY - o.minY), length: i.minY - o.minY, edge: .top)) }
        if o.maxY - i.maxY > 0.25 { out.append(Inset(rect: CGRect(x: o.minX, y: i.maxY, width: o.width, height: o.maxY - i.maxY), length: o.maxY - i.maxY, edge: .bottom)) }
        if i.minX - o.minX > 0.25 { out.append(Inset(rect: CGRect(x: o.minX, y: i.minY, width: i.minX - o.minX, height: i.height), length: i.minX - o.minX, edge: .leading)) }
        if o.maxX - i.maxX > 0.25 { out.append(Inset(rect: CGRect(x: i.maxX, y: i.minY, width: o.maxX - i.maxX, height: i.height), length: o.maxX - i.maxX, edge: .trailing)) }
        return out
    }

    /// A guide line through a container's subviews, in root coordinates, with its name.
    typealias GuideLine = (from: CGPoint, to: CGPoint, name: String)

    /// Where one subview's vertical guides lie (root coordinates): its edges, its centre and its
    /// text baselines (the bottom when it holds no text, as SwiftUI's default).
    struct VerticalGuides: Equatable {
        var top: CGFloat, center: CGFloat, bottom: CGFloat
        var firstBaseline: CGFloat, lastBaseline: CGFloat

        func value(_ part: LabAlignment.Vertical) -> CGFloat {
            switch part {
            case .top: top
            case .center: center
            case .bottom: bottom
            case .firstTextBaseline: firstBaseline
            case .lastTextBaseline: lastBaseline
            }
        }
    }

    /// The alignment guides the selected container aligns its subviews on, as lines through
    /// them. The window's own container (the root) uses the alignment the inspector set,
    /// baselines included: the line is where most subviews' guide lies, and subviews off it
    /// are counted as placed by an explicit `alignmentGuide`. Any other container's alignment
    /// is not in the layout result, so it is read from the frames: the guides (edges, centre,
    /// first and last text baselines across the stacking axis) that all its subviews share,
    /// when that tells something (not when every guide is shared, as for equal subviews).
    @MainActor static func guides(session: LabSession, anatomy: ContainerAnatomy, frames: [CGRect]) -> [GuideLine] {
        guard !anatomy.children.isEmpty, anatomy.container < frames.count else { return [] }
        let box = frames[anatomy.container]
        let kids = anatomy.children.map { frames[$0] }
        let runs = textRuns(session.result)
        let vertical = anatomy.children.map { verticalGuides(of: $0, result: session.result, frames: frames, texts: runs, measurer: session.measurer) }
        func horizontalLine(_ y: CGFloat, _ name: String) -> GuideLine {
            (CGPoint(x: box.minX - 8, y: y), CGPoint(x: box.maxX + 8, y: y), name)
        }
        func verticalLine(_ x: CGFloat, _ name: String) -> GuideLine {
            (CGPoint(x: x, y: box.minY - 8), CGPoint(x: x, y: box.maxY + 8), name)
        }
        func x(_ part: LabAlignment.Horizontal, _ f: CGRect) -> CGFloat {
            switch part { case .leading: f.minX; case .center: f.midX; case .trailing: f.maxX }
        }
        if anatomy.container == 0 {
            let axes = session.layout.alignmentAxes
            let a = session.state.alignment
            let name = session.layout.name
            // Stacks may have subviews placed by explicit guides; other layouts must agree whole.
            let allowsExplicit = ["HStack", "VStack", "ZStack"].contains(name)
            var out: [GuideLine] = []
            // Flow aligns each row on its own, not the subviews on one line.
            if axes == .vertical || axes == .both, name != "Flow",
               let (y, off) = sharedValue(vertical.map { $0.value(a.verticalPart) }, allowingOutliers: allowsExplicit) {
                out.append(horizontalLine(y, guideName(a.verticalPart.title, explicit: off)))
            }
            if axes == .horizontal || axes == .both,
               let (x0, off) = sharedValue(kids.map { x(a.horizontalPart, $0) }, allowingOutliers: allowsExplicit) {
                out.append(verticalLine(x0, guideName(a.horizontalPart.title, explicit: off)))
            }
            return out
        }
        guard kids.count >= 2 else { return [] }
        let sideBySide = anatomy.gaps.contains { $0.isHorizontal }, stacked = anatomy.gaps.contains { !$0.isHorizontal }
        var out: [GuideLine] = []
        if !stacked {
            for (y, name) in sharedGuides(vertical) { out.append(horizontalLine(y, name)) }
        }
        if !sideBySide {
            let parts = LabAlignment.Horizontal.allCases
            let shared = parts.compactMap { part in sharedValue(kids.map { x(part, $0) }, allowingOutliers: false).map { (part, $0.value) } }
            if shared.count < parts.count { for (part, x0) in shared { out.append(verticalLine(x0, part.title.lowercased())) } }
        }
        return out
    }

    static func guideName(_ title: String, explicit: Int) -> String {
        explicit == 0 ? title.lowercased() : "\(title.lowercased()) (\(explicit) by an explicit guide)"
    }

    /// The vertical guides every subview shares, named, lines at the same height merged
    /// ("first/last text baseline"); none when every guide is shared (it would tell nothing).
    static func sharedGuides(_ guides: [VerticalGuides]) -> [(y: CGFloat, name: String)] {
        let parts = LabAlignment.Vertical.allCases
        let shared = parts.compactMap { part in sharedValue(guides.map { $0.value(part) }, allowingOutliers: false).map { (part, $0.value) } }
        guard !shared.isEmpty, shared.count < parts.count else { return [] }
        var out: [(y: CGFloat, name: String)] = []
        for (part, y) in shared {
            if let i = out.firstIndex(where: { abs($0.y - y) < 0.5 }) {
                out[i].name = out[i].name == "first text baseline" && part == .lastTextBaseline ? "first/last text baseline" : out[i].name + " = " + part.title.lowercased()
            } else {
                out.append((y, part.title.lowercased()))
            }
        }
        return out
    }

    /// The value most of `values` share (within ½ pt) and how many lie elsewhere; nil when none
    /// is shared by all (or, `allowingOutliers`, by at least half and two of them).
    static func sharedValue(_ values: [CGFloat], allowingOutliers: Bool) -> (value: CGFloat, off: Int)? {
        guard let first = values.first, values.allSatisfy(\.isFinite) else { return nil }
        if values.allSatisfy({ abs($0 - first) < 0.5 }) { return (first, 0) }
        guard allowingOutliers, values.count >= 3 else { return nil }
        var best = (value: first, count: 0)
        for v in values {
            let n = values.filter { abs($0 - v) < 0.5 }.count
            if n > best.count { best = (v, n) }
        }
        guard best.count >= 2, best.count * 2 >= values.count else { return nil }
        return (best.value, values.count - best.count)
    }

    /// A subview's vertical guides: its frame's edges and centre, and its text baselines, where
    /// the canvas draws them: the first (and last) line's baseline of the highest (lowest) text
    /// inside it, measured by the same Pango measurer that laid the text out.
    static func verticalGuides(of view: Int, result: LayoutResult, frames: [CGRect], texts: [Int: TextRun],
                               measurer: any TextMeasurer) -> VerticalGuides {
        let f = frames[view]
        var first: CGFloat?, last: CGFloat?
        let views = result.views
        var k = view
        let depth = views[view].depth
        repeat {
            if views[k].isVisible, k < frames.count, isFinite(frames[k]), let run = texts[k] {
                let t = frames[k]
                let m = measurer.measure(run.string, font: run.font, width: t.width)
                let lines = max(1, min(m.lineCount, Int((t.height / max(m.lineHeight, 0.0001) + 1e-9).rounded(.down))))
                first = min(first ?? .infinity, t.minY + m.firstBaseline)
                last = max(last ?? -.infinity, t.minY + CGFloat(lines - 1) * m.lineHeight + m.firstBaseline)
            }
            k += 1
        } while k < views.count && views[k].depth > depth
        return VerticalGuides(top: f.minY, center: f.midY, bottom: f.maxY, firstBaseline: first ?? f.maxY, lastBaseline: last ?? f.maxY)
    }

    /// The text each view draws, by view index.
    static func textRuns(_ result: LayoutResult) -> [Int: TextRun] {
        var runs: [Int: TextRun] = [:]
        for item in result.displayList { if case .text(let run) = item.kind { runs[item.view] = run } }
        return runs
    }

    static let guideColor = RGBA(0.95, 0.55, 0.05, 0.95)
    static let childColor = RGBA(0.2, 0.45, 0.95, 0.9)
    static let gapColor = RGBA(0.85, 0.25, 0.65, 0.9)
    static let insetColor = RGBA(0.2, 0.7, 0.35, 0.9)

    /// Draws the anatomy (root coordinates) with captions kept inside `visible`.
    @MainActor
    func draw(result: LayoutResult, frames: [CGRect], visible: CGRect, background: RGBA, guides: [GuideLine] = [],
              into cr: OpaquePointer) {
        // Under the subviews' proposal captions: where a guide's caption goes when it cannot
        // sit beside its line.
        let captionsBottom = children.map { frames[$0].maxY }.max().map { $0 + 15 }
        for g in guides {
            cairo_save(cr)
            cairo_set_source_rgba(cr, Self.guideColor.red, Self.guideColor.green, Self.guideColor.blue, Self.guideColor.alpha)
            cairo_set_line_width(cr, 1.5)
            let dash = [6.0, 3.0]
            dash.withUnsafeBufferPointer { cairo_set_dash(cr, $0.baseAddress, 2, 0) }
            cairo_move_to(cr, Double(g.from.x), Double(g.from.y))
            cairo_line_to(cr, Double(g.to.x), Double(g.to.y))
            cairo_stroke(cr)
            cairo_restore(cr)
            Overlays.caption(cr, "guide: \(g.name)", at: Self.captionAnchor(for: g, text: "guide: \(g.name)", visible: visible,
                                                                            below: captionsBottom, cr: cr),
                             above: false, slot: 0, visible: visible, color: Self.guideColor, background: background)
        }
        for inset in insets {
            fill(cr, inset.rect, Self.insetColor, alpha: 0.22)
            label(cr, fmt(inset.length), centredIn: inset.rect, color: Self.insetColor, background: background, visible: visible)
        }
        for gap in gaps {
            fill(cr, gap.rect, Self.gapColor, alpha: 0.25)
            hatch(cr, gap.rect, Self.gapColor)
            label(cr, fmt(gap.length), centredIn: gap.rect, color: Self.gapColor, background: background, visible: visible)
        }
        let showProposals = children.count <= 24
        for k in children {
            LayoutRenderer.drawDashedRect(frames[k], color: Self.childColor, dash: [3, 2], into: cr)
            if showProposals, k < result.views.count {
                // Below the subview, only where it fits its width (else the hover badge says it).
                let f = frames[k]
                let text = fmt(result.views[k].proposal)
                if Double(Self.captionWidth(text, cr: cr)) <= Double(f.width) + 4 {
                    Overlays.caption(cr, text, at: f, above: false, slot: 0, visible: visible, color: Self.childColor, background: background)
                }
            }
        }
    }

    /// The width of `Overlays.caption`'s pill for `text` (10 pt monospace, 3 pt each side).
    static func captionWidth(_ text: String, cr: OpaquePointer) -> CGFloat {
        cairo_save(cr)
        cairo_select_font_face(cr, "monospace", CAIRO_FONT_SLANT_NORMAL, CAIRO_FONT_WEIGHT_NORMAL)
        cairo_set_font_size(cr, 10)
        var e = cairo_text_extents_t()
        cairo_text_extents(cr, text, &e)
        cairo_restore(cr)
        return CGFloat(e.x_advance + 6)
    }

    /// Where a guide's caption goes: a horizontal line's on the line, past its right end or
    /// before its left one, whichever is inside `visible` (below the line it would cover the
    /// subviews' proposal captions), else under those captions (`below`); a vertical line's
    /// below its end.
    static func captionAnchor(for g: GuideLine, text: String, visible: CGRect, below captionsBottom: CGFloat?, cr: OpaquePointer) -> CGRect {
        let end = CGRect(x: g.to.x, y: g.to.y, width: 0, height: 0)
        guard abs(g.to.y - g.from.y) < 0.01 else { return end }
        let below = CGRect(x: g.from.x + 8, y: max(captionsBottom ?? g.to.y, g.to.y), width: 0, height: 0)
        let w = captionWidth(text, cr: cr), y = g.to.y - 7.5
        if g.to.x + 4 + w <= visible.maxX - 2 { return CGRect(x: g.to.x + 4, y: y, width: 0, height: 0) }
        if g.from.x - 4 - w >= visible.minX + 2 { return CGRect(x: g.from.x - 4 - w, y: y, width: 0, height: 0) }
        return below
    }

    private func fill(_ cr: OpaquePointer, _ r: CGRect, _ c: RGBA, alpha: Double) {
        cairo_save(cr)
        cairo_set_source_rgba(cr, c.red, c.green, c.blue, alpha)
        cairo_rectangle(cr, Double(r.minX), Double(r.minY), Double(r.width), Double(r.height))
        cairo_fill(cr)
        cairo_restore(cr)
    }

    /// Diagonal lines across a gap, as devtools mark empty space.
    private func hatch(_ cr: OpaquePointer, _ r: CGRect, _ c: RGBA) {
        cairo_save(cr)
        cairo_rectangle(cr, Double(r.minX), Double(r.minY), Double(r.width), Double(r.height))
        cairo_clip(cr)
        cairo_set_source_rgba(cr, c.red, c.green, c.blue, 0.55)
        cairo_set_line_width(cr, 1)
        var x = Double(r.minX) - Double(r.height)
        while x < Double(r.maxX) {
            cairo_move_to(cr, x, Double(r.maxY))
            cairo_line_to(cr, x + Double(r.height), Double(r.minY))
            x += 6
        }
        cairo_stroke(cr)
        cairo_restore(cr)
    }

    private func label(_ cr: OpaquePointer, _ text: String, centredIn r: CGRect, color: RGBA, background: RGBA, visible: CGRect) {
        cairo_save(cr)
        cairo_select_font_face(cr, "monospace", CAIRO_FONT_SLANT_NORMAL, CAIRO_FONT_WEIGHT_BOLD)
        cairo_set_font_size(cr, 10)
        var e = cairo_text_extents_t()
        cairo_text_extents(cr, text, &e)
        let w = e.x_advance + 6, h = 13.0
        var x = Double(r.midX) - w / 2, y = Double(r.midY) - h / 2
        x = min(max(x, Double(visible.minX) + 2), Double(visible.maxX) - w - 2)
        y = min(max(y, Double(visible.minY) + 2), Double(visible.maxY) - h - 2)
        cairo_set_source_rgba(cr, background.red, background.green, background.blue, background.alpha)
        cairo_rectangle(cr, x, y, w, h)
        cairo_fill(cr)
        cairo_set_source_rgba(cr, color.red, color.green, color.blue, 1)
        cairo_move_to(cr, x + 3, y + 10)
        cairo_show_text(cr, text)
        cairo_restore(cr)
    }
}
