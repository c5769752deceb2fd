#!/usr/bin/env python3
"""Peer layout engines for `layoutlab-bench`: Taffy (PyPI `stretchable`) and Yoga (`yoga-python`).

One measurement per process, so that the peak RSS belongs to one shape:

    python peers.py --engine taffy|yoga --shape flow|hstack|nested|chain|grid --n N
                    [--mode full|relayout|edit] [--budget S]

prints one JSON line: {"engine", "shape", "n", "nodes", "best_ms", "median_ms", "iterations",
"build_ms", "peak_rss_kb", "base_rss_kb"} or {"skipped": reason}.

Only the layout computation is timed; every engine gets the same sampling as layoutlab-bench:
two warm-up passes, then timed passes until --budget seconds are spent (at least 5, at most 400).
- Taffy: `taffylib.node_compute_layout(taffy, root, available_space)`, the native call that
  `Node.compute_layout` makes before it walks every node back into Python (`_update_layout`,
  one `node_get_layout` per node). That read-back is not timed. Rounding is off
  (`taffy.use_rounding = False`, as `Node.compute_layout`'s default sets it; the bare Taffy tree
  rounds by default): our engine does not round either.
  --mode full: before each pass every leaf is marked dirty (outside the timer), which clears the
  cache of every node up to the root, as Taffy's own benchmarks do by building a fresh tree.
  --mode relayout: before each pass only the root is marked dirty, and the available width
  cycles through W, W - 1, ..., W - 15 (where it is definite), the root's own width with it (a
  root of a fixed width would otherwise keep its size and stop the pass, where ours is proposed
  the new width): the other nodes keep their caches.
- Yoga: `Node.calculate_layout(w, h, LTR)`. --mode full: before each pass every node is
  `set_dirty(True)` (outside the timer), as Yoga's own benchmark does with a fresh tree.
  --mode relayout: only the root is, and the width (the root's too) cycles as for Taffy.
  --mode edit (both engines): each timed pass changes one leaf's width (the middle leaf, as
  `BenchShape.editedLeaf` picks it; 2 points wider, then back), which marks it dirty, and
  lays out: the peers' dirty-node relayout, beside ours through `setRoot`. Python keeps a
  reference to every node (yoga-python frees a node whose Python object dies, which crashes a
  later layout).

The shapes mirror `layoutlab-bench`'s (see Sources/layoutlab-bench/Shapes.swift):
- flow: a flex-wrap row of fixed-size items (width 20 + 6·(i mod 7), height 20), gap 4, width 1000.
- hstack: a flex row alternating fixed (10×10, no shrink) and flexible (grow 1, basis 0) items,
  gap 2, width 16·n, height 100.
- nested: Yoga's "huge nested layout" (also Taffy's): levels alternate column/row, grow 1,
  margin 10 on the two upper levels, 10×10 leaves; fan-outs [n/1000, 10, 10, 10]; max-content.
- chain: 1,000 nested flex containers alternating row/column around one 10×10 leaf, 1000×1000.
- grid (Taffy only): a CSS grid of 100 auto columns and n/100 auto rows of 10×10 cells, gap 0.
"""
import argparse
import json
import resource
import statistics
import sys
import time



# Re-layout: the definite width cycles through this many values (W, W - 1, ...), more than any
# engine's per-node cache holds, so no root answers a pass from its cache.
RELAYOUT_WIDTHS = 16

def _dist_version(name):
    try:
        from importlib.metadata import version
        return version(name)
    except Exception:
        return "?"


def _status_kb(field):
    # /proc/self/status, not ru_maxrss: Linux carries ru_maxrss across exec from the forked
    # parent, so a child of a larger orchestrator reported the orchestrator's size.
    try:
        with open("/proc/self/status") as f:
            for line in f:
                if line.startswith(field + ":"):
                    return int(line.split()[1])
    except OSError:
        pass
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss


def rss_kb():
    """Peak resident set size of this process's memory (VmHWM), KiB."""
    return _status_kb("VmHWM")


def current_rss_kb():
    """Resident set size now (VmRSS), KiB: the base a peak is compared with."""
    return _status_kb("VmRSS")


def edited_leaf(shape, n):
    """The leaf an edit changes, as `BenchShape.editedLeaf` picks it (a fixed-width one)."""
    if shape == "chain":
        return 0
    if shape == "nested":
        return max(n // 1000, 1) * 1000 // 2
    if shape == "grid":
        return max(n // 100, 1) * 100 // 2
    if shape == "hstack":
        return (n // 2) & ~1
    return n // 2


def flow_width(i):
    return 20 + 6 * (i % 7)


def nested_fanouts(n):
    return [max(n // 1000, 1), 10, 10, 10]


WARM_UP = 2       # the same for every engine (layoutlab-bench, gtk-layout-bench)
MAX_PASSES = 400


def timed(run, prepare, budget, min_iter=5, max_iter=MAX_PASSES):
    """`prepare(k)` (not timed) before `run(k)`, k counting every pass from the first warm-up."""
    k = 0
    for _ in range(WARM_UP):
        prepare(k)
        run(k)
        k += 1
    times = []
    total = 0.0
    while len(times) < min_iter or (total < budget and len(times) < max_iter):
        prepare(k)
        t0 = time.perf_counter()
        run(k)
        k += 1
        dt = time.perf_counter() - t0
        times.append(dt)
        total += dt
    return times


# ---------------------------------------------------------------- Taffy (stretchable)

def taffy_bench(shape, n, budget, mode):
    import stretchable
    from stretchable import Style
    from stretchable.style import (AUTO, PT, Display, FlexDirection, FlexWrap, GridTrackSize,
                                   GridTrackSizing, Rect, Size)
    from stretchable.style.geometry.size import SizeAvailableSpace
    from stretchable.node import taffy, taffylib

    # The tree is built with the native calls (stretchable's `Node` wrapper re-walks its parent
    # chain on every `add`, which makes building 10k nodes take tens of seconds). One style dict
    # per distinct style.
    ptr = taffy._ptr
    leaves = []
    all_nodes = []
    style_cache = {}

    def style(**kw):
        # Objects repr by address (which is reused): key them by their dict form.
        key = repr(sorted((k, v.to_dict() if hasattr(v, "to_dict") else v) for k, v in kw.items()))
        d = style_cache.get(key)
        if d is None:
            d = style_cache[key] = Style(**kw).to_dict()
        return d

    leaf_styles = []  # (width, height, other style) of each sized leaf, for edits

    def leaf(w, h, **kw):
        node = taffylib.node_create(ptr, style(size=Size(w * PT, h * PT), **kw))
        leaf_styles.append((node, w, h, kw))
        leaves.append(node)
        all_nodes.append(node)
        return node

    container_styles = {}  # node -> its style arguments, for the root's width in a re-layout

    def container(children, **kw):
        node = taffylib.node_create(ptr, style(**kw))
        container_styles[node] = kw
        for c in children:
            taffylib.node_add_child(ptr, node, c)
        all_nodes.append(node)
        return node

    t0 = time.perf_counter()
    if shape == "flow":
        items = [leaf(flow_width(i), 20, flex_shrink=0) for i in range(n)]
        root = container(items, flex_direction=FlexDirection.ROW, flex_wrap=FlexWrap.WRAP,
                         gap=Size(4 * PT, 4 * PT), size=Size(1000 * PT, AUTO))
        space = SizeAvailableSpace(1000, 1000)
    elif shape == "hstack":
        items = []
        for i in range(n):
            if i % 2 == 0:
                items.append(leaf(10, 10, flex_shrink=0))
            else:
                node = taffylib.node_create(ptr, style(flex_grow=1, flex_shrink=1, flex_basis=0 * PT))
                leaves.append(node)
                all_nodes.append(node)
                items.append(node)
        root = container(items, flex_direction=FlexDirection.ROW, gap=Size(2 * PT, 2 * PT),
                         size=Size(16 * n * PT, 100 * PT))
        space = SizeAvailableSpace(16 * n, 100)
    elif shape == "nested":
        fan = nested_fanouts(n)

        def level(d):
            if d == 3:
                return [leaf(10, 10, flex_grow=1, flex_direction=FlexDirection.ROW) for _ in range(fan[3])]
            kids = []
            for _ in range(fan[d]):
                style = dict(flex_grow=1,
                             flex_direction=FlexDirection.ROW if d % 2 == 1 else FlexDirection.COLUMN)
                if d < 2:
                    style["margin"] = Rect(10 * PT)
                else:
                    style["size"] = Size(10 * PT, 10 * PT)
                kids.append(container(level(d + 1), **style))
            return kids
        root = container(level(0), flex_direction=FlexDirection.COLUMN)
        space = SizeAvailableSpace.default()  # max-content, as in Taffy's and Yoga's benchmarks
    elif shape == "chain":
        node = leaf(10, 10)
        for d in range(n):
            node = container([node], flex_direction=FlexDirection.ROW if d % 2 == 0 else FlexDirection.COLUMN)
        root = container([node], size=Size(1000 * PT, 1000 * PT))
        space = SizeAvailableSpace(1000, 1000)
    elif shape == "grid":
        cols = 100
        rows = n // cols
        items = [leaf(10, 10) for _ in range(rows * cols)]
        root = container(items, display=Display.GRID,
                         grid_template_columns=[GridTrackSizing.from_inline(f"repeat({cols}, auto)")],
                         grid_auto_rows=[GridTrackSize.auto()],
                         size=Size(1000 * PT, 1000 * PT))
        space = SizeAvailableSpace(1000, 1000)
    else:
        return {"skipped": "no %s in Taffy" % shape}
    build_ms = (time.perf_counter() - t0) * 1000
    base = current_rss_kb()

    taffy.use_rounding = False
    root_id = root
    spaces = [space.to_dict()]
    root_styles = []
    if mode == "relayout":
        w, h = space.width, space.height
        if w.scale == w.scale.__class__.POINTS:
            spaces = [SizeAvailableSpace(w.value - k, h).to_dict() for k in range(RELAYOUT_WIDTHS)]
            # A root of a fixed width is given the new width too, as ours is proposed it:
            # otherwise the root keeps its size and the pass stops there.
            root_kw = container_styles.get(root, {})
            if "size" in root_kw:
                root_styles = [style(**dict(root_kw, size=Size((w.value - k) * PT, root_kw["size"].height)))
                               for k in range(RELAYOUT_WIDTHS)]
    leaf_ids = leaves if mode == "full" else [] if mode == "edit" else [root]
    mark = taffylib.node_mark_dirty
    compute = taffylib.node_compute_layout
    if mode == "edit":
        # Only hstack's fixed items (every other one) are sized leaves here.
        node, w, h, kw = leaf_styles[edited_leaf(shape, n) // (2 if shape == "hstack" else 1)]
        edit_styles = [Style(size=Size(w * PT, h * PT), **kw).to_dict(), Style(size=Size((w + 2) * PT, h * PT), **kw).to_dict()]
        set_style = taffylib.node_set_style

    def prepare(k):
        for i in leaf_ids:
            mark(ptr, i)

    def run(k):
        if mode == "edit":
            set_style(ptr, node, edit_styles[(k + 1) % 2])
            mark(ptr, node)
        if root_styles:
            taffylib.node_set_style(ptr, root_id, root_styles[k % len(root_styles)])
            mark(ptr, root_id)
        if not compute(ptr, root_id, spaces[k % len(spaces)]):
            raise RuntimeError("taffy layout failed")

    times = timed(run, prepare, budget)
    # Sanity: read one result back (not timed) to prove the layout ran.
    layout = taffylib.PyLayout()
    taffylib.node_get_layout(ptr, root_id, layout)
    return dict(nodes=len(all_nodes), times=times, build_ms=build_ms, base_rss_kb=base,
                check="root %gx%g" % (layout.width, layout.height),
                version="stretchable " + _dist_version("stretchable") + " (Taffy 0.7.7)")


# ---------------------------------------------------------------- Yoga (yoga-python)

def yoga_bench(shape, n, budget, mode):
    import yoga
    from yoga import Edge, FlexDirection, Wrap, Direction, Gutter

    config = yoga.Config()
    nodes = []  # every node stays referenced from Python

    def new(**kw):
        node = yoga.Node(config)
        for k, v in kw.items():
            setattr(node, k, v)
        nodes.append(node)
        return node

    sized_leaves = []  # leaves with a fixed width, in the order the tree declares them

    def sized(node):
        sized_leaves.append(node)
        return node

    def add(parent, children):
        for i, c in enumerate(children):
            parent.insert_child(c, i)
        return parent

    t0 = time.perf_counter()
    undefined = float("nan")
    if shape == "flow":
        root = new(flex_direction=FlexDirection.Row, flex_wrap=Wrap.Wrap, width=1000)
        root.set_gap(Gutter.All, 4)
        add(root, [sized(new(width=flow_width(i), height=20, flex_shrink=0)) for i in range(n)])
        size = (1000, undefined)
    elif shape == "hstack":
        root = new(flex_direction=FlexDirection.Row, width=16 * n, height=100)
        root.set_gap(Gutter.All, 2)
        items = []
        for i in range(n):
            if i % 2 == 0:
                items.append(sized(new(width=10, height=10, flex_shrink=0)))
            else:
                items.append(sized(new(flex_grow=1, flex_shrink=1, flex_basis=0)))
        add(root, items)
        size = (16 * n, 100)
    elif shape == "nested":
        fan = nested_fanouts(n)

        def level(d):
            kids = []
            for _ in range(fan[d]):
                if d == 3:
                    kids.append(sized(new(flex_direction=FlexDirection.Row, flex_grow=1, width=10, height=10)))
                    continue
                node = new(flex_grow=1,
                           flex_direction=FlexDirection.Row if d % 2 == 1 else FlexDirection.Column)
                if d < 2:
                    node.set_margin(Edge.All, 10)
                else:
                    node.width = 10
                    node.height = 10
                add(node, level(d + 1))
                kids.append(node)
            return kids
        root = add(new(flex_direction=FlexDirection.Column), level(0))
        size = (undefined, undefined)
    elif shape == "chain":
        node = sized(new(width=10, height=10))
        for d in range(n):
            node = add(new(flex_direction=FlexDirection.Row if d % 2 == 0 else FlexDirection.Column), [node])
        root = add(new(width=1000, height=1000), [node])
        size = (1000, 1000)
    else:
        return {"skipped": "no %s in Yoga" % shape}
    build_ms = (time.perf_counter() - t0) * 1000
    base = current_rss_kb()

    dirty = [nd.set_dirty for nd in (nodes if mode == "full" else [] if mode == "edit" else [root])]
    calc = root.calculate_layout
    w, h = size
    widths = [w] if mode != "relayout" or w != w else [w - k for k in range(RELAYOUT_WIDTHS)]
    if mode == "edit":
        edited = sized_leaves[edited_leaf(shape, n)]
        edit_widths = [edited.width.value, edited.width.value + 2]

    def prepare(k):
        for f in dirty:
            f(True)

    # A root of a fixed width is given each re-layout's width, as ours is proposed it.
    resizes_root = mode == "relayout" and len(widths) > 1 and root.width.value == root.width.value

    def run(k):
        if mode == "edit":
            edited.width = edit_widths[(k + 1) % 2]  # Yoga marks the node dirty
        if resizes_root:
            root.width = widths[k % len(widths)]
        calc(widths[k % len(widths)], h, Direction.LTR)

    times = timed(run, prepare, budget)
    return dict(nodes=len(nodes), times=times, build_ms=build_ms, base_rss_kb=base,
                check="root %gx%g" % (root.layout_width, root.layout_height), version="yoga-python " + _dist_version("yoga-python"))


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--engine", required=True, choices=["taffy", "yoga"])
    ap.add_argument("--shape", required=True)
    ap.add_argument("--n", type=int, required=True)
    ap.add_argument("--mode", default="full", choices=["full", "relayout", "edit"])
    ap.add_argument("--budget", type=float, default=0.6, help="seconds of timed passes (at least 5 passes)")
    a = ap.parse_args()
    try:
        r = (taffy_bench if a.engine == "taffy" else yoga_bench)(a.shape, a.n, a.budget, a.mode)
    except ImportError as e:
        r = {"skipped": "not installed: %s" % e}
    out = {"engine": a.engine, "shape": a.shape, "n": a.n, "mode": a.mode}
    if "skipped" in r:
        out["skipped"] = r["skipped"]
    else:
        times = r.pop("times")
        out.update(r)
        out.update(best_ms=min(times) * 1000, median_ms=statistics.median(times) * 1000,
                   iterations=len(times), peak_rss_kb=rss_kb())
    print(json.dumps(out))
    sys.stdout.flush()


if __name__ == "__main__":
    main()
