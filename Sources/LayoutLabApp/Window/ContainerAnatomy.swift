import CGtk
import Foundation
import LayoutEngine
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

    /// The alignment guide the window's own container aligns its subviews on, as a line in
    /// root coordinates with its name: for the root container only, whose layout and
    /// alignment the inspector sets (HStack: a horizontal line; VStack and Flow rows: a vertical
    /// one; ZStack and Grid: both). Baselines are not drawn (the result carries no baselines).
    @MainActor static func guides(session: LabSession, anatomy: ContainerAnatomy, frames: [CGRect]) -> [(from: CGPoint, to: CGPoint, name: String)] {
        guard anatomy.container == 0, !anatomy.children.isEmpty else { return [] }
        let axes = session.layout.alignmentAxes
        let a = session.state.alignment
        let box = frames[0]
        let kids = anatomy.children.map { frames[$0] }
        var out: [(CGPoint, CGPoint, String)] = []
        func x(of f: CGRect) -> CGFloat? {
            switch a.horizontalPart { case .leading: f.minX; case .center: f.midX; case .trailing: f.maxX }
        }
        func y(of f: CGRect) -> CGFloat? {
            switch a.verticalPart {
            case .top: f.minY
            case .center: f.midY
            case .bottom: f.maxY
            case .firstTextBaseline, .lastTextBaseline: nil
            }
        }
        let name = session.layout.name
        // Only when the subviews really share the guide (Flow aligns rows, not a single line).
        if (axes == .vertical || axes == .both), name != "Flow", let y0 = y(of: kids[0]), kids.allSatisfy({ y(of: $0).map { abs($0 - y0) < 0.5 } ?? false }) {
            out.append((CGPoint(x: box.minX - 8, y: y0), CGPoint(x: box.maxX + 8, y: y0), a.verticalPart.title.lowercased()))
        }
        if (axes == .horizontal || axes == .both), let x0 = x(of: kids[0]), kids.allSatisfy({ x(of: $0).map { abs($0 - x0) < 0.5 } ?? false }) {
            out.append((CGPoint(x: x0, y: box.minY - 8), CGPoint(x: x0, y: box.maxY + 8), a.horizontalPart.title.lowercased()))
        }
        return out
    }

    static let guideColor = RGBA(0.95, 0.55, 0.05, 0.95)
    static let childColor = RGBA(0.2, 0.45, 0.95, 0.9)
    static let gapColor = RGBA(0.85, 0.25, 0.65, 0.9)
    static let insetColor = RGBA(0.2, 0.7, 0.35, 0.9)

    /// Draws the anatomy (root coordinates) with captions kept inside `visible`.
    @MainActor
    func draw(result: LayoutResult, frames: [CGRect], visible: CGRect, background: RGBA, guides: [(from: CGPoint, to: CGPoint, name: String)] = [],
              into cr: OpaquePointer) {
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
            Overlays.caption(cr, "guide: \(g.name)", at: CGRect(x: g.to.x, y: g.to.y, width: 0, height: 0), above: false, slot: 0,
                             visible: visible, color: Self.guideColor, background: background)
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
                cairo_save(cr)
                cairo_select_font_face(cr, "monospace", CAIRO_FONT_SLANT_NORMAL, CAIRO_FONT_WEIGHT_NORMAL)
                cairo_set_font_size(cr, 10)
                var e = cairo_text_extents_t()
                cairo_text_extents(cr, text, &e)
                cairo_restore(cr)
                if e.x_advance + 6 <= Double(f.width) + 4 {
                    Overlays.caption(cr, text, at: f, above: false, slot: 0, visible: visible, color: Self.childColor, background: background)
                }
            }
        }
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
