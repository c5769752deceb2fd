import Foundation
import SwiftUI

/// An invariant a tree broke.
public struct FuzzFailure: Hashable, Sendable, CustomStringConvertible {
    /// Which invariant.
    public enum Kind: String, Hashable, Sendable, Codable {
        /// The process stopped (a trap or a signal) while laying the tree out.
        case crash
        /// A frame (or the root or canvas size) is NaN, infinite or negative in size.
        case nonFiniteFrame
        /// A view given an id has no frame.
        case missingFrame
        /// Bad input was given and the result has no diagnostic about it.
        case missingDiagnostic
        /// Laying out the same tree twice gave different results.
        case nondeterministic
    }
    /// Which invariant.
    public let kind: Kind
    /// What was wrong.
    public let message: String
    /// Creates a failure.
    public init(_ kind: Kind, _ message: String) { self.kind = kind; self.message = message }
    /// "kind: message".
    public var description: String { "\(kind.rawValue): \(message)" }
}

/// Checks the fuzzer's invariants for one case.
public enum FuzzChecker {
    /// Lays `c` out several times (twice with one host; once with a new host and a new view; with
    /// a host that laid it out for another proposal first, and again after an equal tree
    /// replaced its tree; with a host that laid it out one point narrower first; with a new host
    /// that memoises the views it would otherwise answer directly) and
    /// returns the first invariant broken, if any: every frame finite with a non-negative size,
    /// a frame for every id given, a diagnostic for each bad input the engine must report, and
    /// the same frames and diagnostics every time.
    public static func check(_ c: FuzzCase) -> FuzzFailure? {
        let proposal = ProposedViewSize(width: c.width.map { CGFloat($0) }, height: c.height.map { CGFloat($0) })
        let host = LayoutHost(c.view.makeView())
        let first = host.layout(proposal: proposal)
        let again = host.layout(proposal: proposal)
        let fresh = LayoutHost(c.view.makeView()).layout(proposal: proposal)
        // Incremental relayout: a host that laid the tree out for another proposal first, and
        // one whose tree was then replaced by an equal one, must reuse only sizes that cannot
        // have changed.
        let other = ProposedViewSize(width: proposal.width.map { $0.isFinite ? $0 * 0.5 + 13 : 200 } ?? 320, height: nil)
        let relaid = LayoutHost(c.view.makeView())
        _ = relaid.layout(proposal: other)
        let afterOther = relaid.layout(proposal: proposal)
        relaid.setRoot(c.view.makeView())
        let afterRebuild = relaid.layout(proposal: proposal)
        // A slider's step: one point narrower first, which moves a centred root by half a point
        // and reuses every subtree that only moved with it (placed relative to its parent).
        let nudged = LayoutHost(c.view.makeView())
        _ = nudged.layout(proposal: ProposedViewSize(width: proposal.width.map { $0 - 1 }, height: proposal.height))
        let afterNudge = nudged.layout(proposal: proposal)
        // Views answered directly (shapes, spacers, fixed frames…) would answer the same from a memo.
        var memoised = LayoutOptions()
        memoised.answersDirectly = false
        let everyViewMemoised = LayoutHost(c.view.makeView()).layout(proposal: proposal, options: memoised)

        for (i, f) in first.frames.enumerated() where !isFinite(f) {
            return FuzzFailure(.nonFiniteFrame, "view \(i) (\(first.views[i].kind) \(first.views[i].detail)) has the frame \(f)")
        }
        for (name, s) in [("root size", first.rootSize), ("canvas size", first.canvasSize)]
            where !(s.width.isFinite && s.height.isFinite && s.width >= 0 && s.height >= 0) {
            return FuzzFailure(.nonFiniteFrame, "the \(name) is \(s)")
        }
        for id in c.view.effectiveIDs where first.frame(of: "v\(id)") == nil {
            return FuzzFailure(.missingFrame, "the view with id v\(id) has no frame")
        }
        let messages = first.diagnostics.map(\.message)
        for expected in expectedDiagnostics(c) where !messages.contains(where: { $0.contains(expected.text) }) {
            return FuzzFailure(.missingDiagnostic, "\(expected.reason), but no diagnostic mentions \"\(expected.text)\" (got: \(messages.prefix(5)))")
        }
        // A second pass of one host may ask fewer questions (caches kept), so it may meet and
        // report less: its frames must be the same, its diagnostics need not be.
        for (name, other, compareDiagnostics) in [("a second pass of the same host", again, false), ("a new host", fresh, true),
                                                  ("a host that laid it out for \(other) first", afterOther, false),
                                                  ("that host after an equal tree replaced it", afterRebuild, false),
                                                  ("a host that laid it out one point narrower first", afterNudge, false),
                                                  ("a new host memoising every view", everyViewMemoised, true)] {
            if let difference = difference(first, other, diagnostics: compareDiagnostics) {
                return FuzzFailure(.nondeterministic, "\(name) gave a different result: \(difference)")
            }
        }
        return nil
    }

    static func isFinite(_ f: CGRect) -> Bool {
        // The size as stored (CGRect's width and height are standardised: never negative).
        f.origin.x.isFinite && f.origin.y.isFinite && f.size.width.isFinite && f.size.height.isFinite && f.size.width >= 0 && f.size.height >= 0
    }

    /// Where two results differ (frames bit for bit, diagnostics by message), if they do.
    static func difference(_ a: LayoutResult, _ b: LayoutResult, diagnostics: Bool = true) -> String? {
        guard a.frames.count == b.frames.count else { return "\(a.frames.count) views, then \(b.frames.count)" }
        func bits(_ r: CGRect) -> [UInt64] { [r.origin.x, r.origin.y, r.width, r.height].map { Double($0).bitPattern } }
        for i in a.frames.indices where bits(a.frames[i]) != bits(b.frames[i]) {
            return "view \(i) (\(a.views[i].kind)): \(a.frames[i]), then \(b.frames[i])"
        }
        if diagnostics && a.diagnostics.map(\.message) != b.diagnostics.map(\.message) {
            return "diagnostics \(a.diagnostics.map(\.message)), then \(b.diagnostics.map(\.message))"
        }
        return nil
    }

    /// A diagnostic the result must have: a text it contains, and why.
    struct Expected { let text: String; let reason: String }

    /// The bad inputs of `c` the engine always meets, so must report: bad lengths checked when the
    /// tree is built (frames, padding, built-in spacings, spans, missing images), a NaN or
    /// negative root proposal, a root layout reporting a bad size, and a non-finite offset or
    /// position of a view that is certainly placed (not inside a ViewThatFits).
    static func expectedDiagnostics(_ c: FuzzCase) -> [Expected] {
        var out: [Expected] = []
        for v in [c.width, c.height] {
            if let v, v.isNaN || v < 0 { out.append(Expected(text: "proposed", reason: "the root was proposed \(formatted(v))")) }
        }
        if case .container(.misbehaving(.reportsSize(let w, let h)), _) = c.view, !(w.isFinite && w >= 0) || !(h.isFinite && h >= 0) {
            // NaN and negative sizes are "returned"; an infinite one is "chose an infinite size".
            out.append(Expected(text: w.isNaN || w < 0 || h.isNaN || h < 0 ? "returned the size" : "infinite size", reason: "the root layout reports \(formatted(w))×\(formatted(h))"))
        }
        collect(c.view, placed: true, into: &out)
        return out
    }

    private static func isBadLength(_ v: Double?) -> Bool { v.map { $0.isNaN || $0 == .infinity || $0 < 0 } ?? false }
    private static func isNonFinite(_ v: Double?) -> Bool { v.map { !$0.isFinite } ?? false }

    private static func collect(_ v: FuzzView, placed: Bool, into out: inout [Expected]) {
        if v.buildsNothing { return }
        var placed = placed
        switch v {
        case .image(let i) where ((i % 3) + 3) % 3 == 1:
            out.append(Expected(text: "no image named", reason: "an unregistered image"))
        case .container(.hStack(_, let s), _), .container(.vStack(_, let s), _):
            if isNonFinite(s) { out.append(Expected(text: "spacing", reason: "a stack's spacing is \(formatted(s))")) }
        case .container(.anyLayout(let kind, let s), _) where ((kind % 4) + 4) % 4 != 2:
            if isNonFinite(s) { out.append(Expected(text: "spacing", reason: "an AnyLayout's spacing is \(formatted(s))")) }
        case .container(.viewThatFits, _):
            placed = false
        case .grid(let h, let vs, _):
            if isNonFinite(h) || isNonFinite(vs) { out.append(Expected(text: "spacing", reason: "a grid's spacing is \(formatted(h)), \(formatted(vs))")) }
        case .modified(_, let m):
            switch m {
            case .frame(let w, let h, _):
                if isBadLength(w) || isBadLength(h) { out.append(Expected(text: "frame", reason: "frame(width: \(formatted(w)), height: \(formatted(h)))")) }
            case .flexibleFrame(let a, let b, let c, let d, let e, let f, _):
                let all = [a, b, c, d, e, f]
                // Infinite lengths are allowed (`maxWidth: .infinity` above all); NaN and negative ones are not.
                let bad = all.contains { $0.map { $0.isNaN || $0 < 0 } ?? false }
                func contradictory(_ x: [Double?]) -> Bool {
                    let vs = x.compactMap { $0 }.filter { !$0.isNaN && $0 >= 0 }
                    return zip(vs, vs.dropFirst()).contains { $0 > $1 }
                }
                if bad || contradictory([a, b, c]) || contradictory([d, e, f]) {
                    out.append(Expected(text: "frame", reason: "frame(\(all.map(formatted)))"))
                }
            case .padding(_, let l):
                if isNonFinite(l) { out.append(Expected(text: "padding", reason: "padding \(formatted(l))")) }
            case .gridCellColumns(let n) where n > 10_000:
                out.append(Expected(text: "gridCellColumns", reason: "gridCellColumns(\(n))"))
            case .offset(let x, let y), .position(let x, let y):
                if placed && (!x.isFinite || !y.isFinite) {
                    out.append(Expected(text: "position", reason: "\(m) of a placed view"))
                }
            default: break
            }
        default: break
        }
        for child in v.children { collect(child, placed: placed, into: &out) }
    }
}

func formatted(_ v: Double?) -> String {
    guard let v else { return "nil" }
    if v.isNaN { return ".nan" }
    if v == .infinity { return ".infinity" }
    if v == -.infinity { return "-.infinity" }
    if v == .greatestFiniteMagnitude { return ".greatestFiniteMagnitude" }
    if v == v.rounded(), abs(v) < 1e15 { return String(Int(v)) }
    return "\(v)"
}
