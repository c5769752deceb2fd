// Frame expectations shared by the test targets: hand-derived frames compared with the engine's.

import Foundation
import SwiftUI
import Testing

/// A rectangle rounded to 1/1000 of a point, so hand-derived expectations with irrational
/// coordinates (√3 on the radial layouts) compare exactly.
public func rounded(_ r: CGRect) -> CGRect {
    func q(_ v: CGFloat) -> CGFloat { (v * 1000).rounded() / 1000 }
    return CGRect(x: q(r.minX), y: q(r.minY), width: q(r.width), height: q(r.height))
}

/// Expects `actual` (from the engine) to equal the hand-derived `expected`, to 1/1000 pt.
public func expectFrame(_ actual: CGRect?, _ expected: CGRect, _ comment: Comment? = nil,
                        sourceLocation: SourceLocation = #_sourceLocation) {
    #expect(actual.map(rounded) == rounded(expected), comment, sourceLocation: sourceLocation)
}

/// `CGRect(x:y:width:height:)`, short for tables of expected frames.
public func rect(_ x: CGFloat, _ y: CGFloat, _ w: CGFloat, _ h: CGFloat) -> CGRect {
    CGRect(x: x, y: y, width: w, height: h)
}

/// Lengths equal within the conformance suite's tolerance (0.01 pt).
public func close(_ a: CGFloat, _ b: CGFloat) -> Bool { abs(a - b) < 0.01 }

/// Rectangles equal within the conformance suite's tolerance (0.01 pt).
public func close(_ a: CGRect, _ b: CGRect) -> Bool {
    close(a.minX, b.minX) && close(a.minY, b.minY) && close(a.width, b.width) && close(a.height, b.height)
}

/// Points equal within the conformance suite's tolerance (0.01 pt).
public func close(_ a: CGPoint, _ b: CGPoint) -> Bool { close(a.x, b.x) && close(a.y, b.y) }

/// Lays out `view` in a window of `width`×`height` (the root is proposed that size and centred).
public func layout<V: View>(_ view: V, _ width: CGFloat, _ height: CGFloat) -> LayoutResult {
    LayoutHost.layout(view, in: CGSize(width: width, height: height))
}

extension LayoutResult {
    /// The first view whose kind is `kind` (a custom layout's kind is its type name).
    public func first(kind: String) -> PlacedView? { views.first { $0.kind == kind } }

    /// The views whose kind is `kind` ("Text", "Capsule", a custom layout's type name), in pre-order.
    public func all(kind: String) -> [PlacedView] { views.filter { $0.kind == kind } }

    /// The direct subviews, in declaration order, of the first view of kind `kind`.
    public func subviews(ofKind kind: String) -> [PlacedView] {
        guard let container = first(kind: kind) else { return [] }
        return views.filter { $0.parent == container.index }
    }

    /// The Text views showing `string` (a text over 40 characters by its first 40), in pre-order.
    public func texts(_ string: String) -> [PlacedView] {
        let shown = string.count > 40 ? "\"" + string.prefix(40) + "…\"" : "\"" + string + "\""
        return views.filter { $0.kind == "Text" && $0.detail == shown }
    }

    /// The frame of the first Text showing `string`.
    public func textFrame(_ string: String) -> CGRect? { texts(string).first?.frame }

    /// The frame of the first *visible* view with the explicit id `id` (ViewThatFits keeps the
    /// children it did not choose, hidden).
    public func visibleFrame<ID: Hashable>(of id: ID) -> CGRect? {
        views.first { $0.isVisible && $0.explicitID == AnyHashable(id) }?.frame
    }

    /// The error diagnostics of the pass (bad input met), as text.
    public var errors: [String] {
        diagnostics.filter { $0.severity == .error }.map(\.description)
    }
}
