import Foundation

/// `aspectRatio(_:contentMode:)`: the child proposed the largest (`.fit`) or smallest (`.fill`)
/// size of a ratio within the proposal (<doc:ModifierRules>).
///
/// SwiftUI's `_AspectRatioLayout`: with no ratio the child's ideal size gives it, and a square
/// ratio is 1:1; the child's answer is the size, and the child is centred. An unspecified
/// proposal is passed on as it is. Priority 0; the child's spacing.
package struct AspectRatioLayout {
    /// Creates the value from its parts (the memberwise initializer, for the SwiftUI surface).
    package init(ratio: CGFloat?, contentMode: ContentMode) {
        self.ratio = ratio; self.contentMode = contentMode
    }
    var ratio: CGFloat?
    var contentMode: ContentMode

    /// The proposal `aspectRatio` offers its content.
    ///
    /// SwiftUI's rule (`_AspectRatioLayout`, as reverse-engineered in OpenSwiftUI's
    /// `AspectRatioLayout.swift` and `CGSize.scaleThatFills`, iOS 18; objc.io, "Aspect Ratios in
    /// SwiftUI", 2022): the scale on an unspecified axis is ∞, so `.fit` scales by the other axis
    /// and `.fill` by ∞ — a proposal of nil on one axis makes `.fill` propose ∞×∞ to its content,
    /// as SwiftUI does (a `Color` then chooses an infinite size, which is placed with 0 on that
    /// axis, with a diagnostic). One choice where SwiftUI would compute 0 × ∞ = NaN (a ratio with
    /// a zero side, from content whose ideal size is 0 on one axis): that side stays 0.
    func childProposal(of node: LayoutNode, _ p: ProposedViewSize, in pass: LayoutPass) -> ProposedViewSize {
        if p == .unspecified { return p }
        var base: CGSize
        if let r = ratio, r.isFinite, r >= 0 { base = CGSize(width: r, height: 1) } else { base = pass.withContent(of: node) { pass.size(of: $0, .unspecified) } }
        if base.width == base.height { base = CGSize(width: 1, height: 1) }
        let sx = p.width.map { (base.width != 0 || $0 != 0) ? $0 / base.width : .infinity } ?? .infinity
        let sy = p.height.map { (base.height != 0 || $0 != 0) ? $0 / base.height : .infinity } ?? .infinity
        var s = contentMode == .fit ? Swift.min(sx, sy) : Swift.max(sx, sy)
        if s.isNaN { s = 0 }
        return ProposedViewSize(width: base.width == 0 ? 0 : base.width * s, height: base.height == 0 ? 0 : base.height * s)
    }

    @inline(__always) func size(of node: LayoutNode, _ p: ProposedViewSize, in pass: LayoutPass) -> CGSize {
        pass.withContent(of: node) { pass.size(of: $0, childProposal(of: node, p, in: pass)) }
    }

    @inline(__always) func childGeometry(of node: LayoutNode, size: CGSize, proposal p: ProposedViewSize, in pass: LayoutPass) -> ChildGeometry {
        let cp = childProposal(of: node, p, in: pass)
        let cs = pass.withContent(of: node) { pass.size(of: $0, cp) }
        return ChildGeometry(offset: CGPoint(x: (size.width - cs.width) / 2, y: (size.height - cs.height) / 2), size: cs, proposal: cp)
    }

    /// The child's spacing.
    func spacing(of node: LayoutNode, in pass: LayoutPass) -> ViewSpacing { pass.withContent(of: node) { pass.spacing(of: $0) } }

    /// Priority 0 whatever the child's.
    func priority(of node: LayoutNode) -> Double { 0 }

    /// The child's guides, moved by where the child is centred.
    func explicitAlignment(of node: LayoutNode, _ key: AlignmentKey, size: CGSize, in pass: LayoutPass) -> CGFloat? {
        pass.childExplicitAlignment(node, key, childGeometry(of: node, size: size, proposal: ProposedViewSize(size), in: pass))
    }
}
