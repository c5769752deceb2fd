import Foundation

/// Minimises a failing case greedily: it tries smaller trees (a subtree in place of the whole, a
/// leaf in place of a subtree, a subview or modifier removed, simpler text) and a plain
/// proposal, and keeps each change after which the case still fails the same way.
public enum FuzzShrinker {
    /// The smallest case found that still fails; `stillFails` runs the check (in this process, or
    /// in a child process for crashes). At most `budget` checks are made.
    public static func minimise(_ c: FuzzCase, budget: Int = 3_000, stillFails: (FuzzCase) -> Bool) -> FuzzCase {
        var current = c
        var checks = 0
        func test(_ candidate: FuzzCase) -> Bool {
            guard checks < budget else { return false }
            checks += 1
            return stillFails(candidate)
        }
        var progress = true
        while progress && checks < budget {
            progress = false
            if let smaller = firstShrink(of: current.view, where: { test(FuzzCase(view: $0, width: current.width, height: current.height)) }) {
                current.view = smaller
                progress = true
                continue
            }
            // A plain proposal where a plain one still fails.
            let plain = [FuzzCase(view: current.view, width: 100, height: current.height),
                         FuzzCase(view: current.view, width: current.width, height: 100)].filter { $0.json() != current.json() }
            for candidate in plain where test(candidate) {
                current = candidate
                progress = true
                break
            }
        }
        return current
    }

    /// The first smaller variant of `v` that passes `test`, trying the biggest reductions first.
    static func firstShrink(of v: FuzzView, where test: (FuzzView) -> Bool) -> FuzzView? {
        // A direct subview in place of the whole.
        for child in v.children where test(child) { return child }
        // A plain leaf in place of anything else.
        if v != .color(0), !isPlainLeaf(v), test(.color(0)) { return .color(0) }
        if let smaller = smallerChildren(of: v, removable: v.removesChildren, shrink: firstShrink, where: test) { return smaller }
        // Simpler leaves.
        if case .text(let s, let n, let size) = v {
            for candidate in [FuzzView.text(s, repeats: 1, fontSize: size), .text(s, repeats: n, fontSize: nil), .text("Hello", repeats: 1, fontSize: size)]
                where candidate != v && test(candidate) { return candidate }
        }
        return nil
    }

    /// `v` with one subview fewer (when `removable`), else with a subview shrunk by `shrink`.
    static func smallerChildren<T: ShrinkableTree>(of v: T, removable: Bool, shrink: (T, (T) -> Bool) -> T?,
                                                   where test: (T) -> Bool) -> T? {
        // The candidate closures below capture `test` and are passed to `shrink`, which the
        // compiler forbids for a non-escaping closure; neither outlives this call.
        withoutActuallyEscaping(test) { test in smallerChildren(of: v, removable: removable, shrink: shrink, escapingTest: test) }
    }

    private static func smallerChildren<T: ShrinkableTree>(of v: T, removable: Bool, shrink: (T, (T) -> Bool) -> T?,
                                                           escapingTest test: @escaping (T) -> Bool) -> T? {
        let kids = v.children
        if removable {
            for i in kids.indices {
                let candidate = v.replacingChildren(kids.enumerated().filter { $0.offset != i }.map(\.element))
                if test(candidate) { return candidate }
            }
        }
        for i in kids.indices {
            var rest = kids
            if let smaller = shrink(kids[i], { s in rest[i] = s; return test(v.replacingChildren(rest)) }) {
                rest[i] = smaller
                return v.replacingChildren(rest)
            }
        }
        return nil
    }

    static func isPlainLeaf(_ v: FuzzView) -> Bool {
        switch v {
        case .color, .divider, .spacer, .shape: return true
        default: return false
        }
    }
}

/// A tree the shrinker takes apart: the layout fuzzer's and the interaction fuzzer's.
protocol ShrinkableTree {
    var children: [Self] { get }
    func replacingChildren(_ kids: [Self]) -> Self
}

extension FuzzView: ShrinkableTree {}
extension LiveFuzzView: ShrinkableTree {}

extension FuzzView {
    /// Whether subviews can be taken out (containers and rows; not a modifier or a layered pair).
    var removesChildren: Bool {
        switch self {
        case .container, .grid, .gridRow: return true
        default: return false
        }
    }

    /// The same view with other subviews (as many as `children` has, unless `removesChildren`).
    func replacingChildren(_ kids: [FuzzView]) -> FuzzView {
        switch self {
        case .container(let c, _): return .container(c, kids)
        case .gridRow(let a, _): return .gridRow(alignment: a, kids)
        case .grid(let h, let v, _): return .grid(horizontalSpacing: h, verticalSpacing: v, rows: kids)
        case .layered(_, _, let o, let a): return .layered(kids[0], kids[1], overlay: o, alignment: a)
        case .modified(_, let m): return .modified(kids[0], m)
        default: return self
        }
    }
}
