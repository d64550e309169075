#!/usr/bin/env python3
"""Where two Lazy-SMP threads' extra nodes go: reads the `SMPTRACE` lines that a
build with `tuning/smp-trace.patch` prints to stderr at the end of every thread's
search, and sums them over a `tuning/smp_speedup.py` run with a book:

    git apply tuning/smp-trace.patch && cargo build --release
    cp target/release/large-shogi /tmp/traced && git checkout src/search/mod.rs
    python3 tuning/smp_speedup.py /tmp/traced --book books/daidai-openings.txt \\
        --variant daidai --depth 13 --positions 16 2> trace.txt
    python3 tuning/smp_trace.py trace.txt

(the patch applies to 229d30b and later commits that leave `src/search/mod.rs`
alone; it changes no search result, so the bench signature holds).

The traced build counts every node by (position, remaining depth; quiescence as
depth 0) in a table of 16 M slots shared by the threads and emptied when a search
starts, holding the last thread to enter that node and whether it is still
inside it. A visit is a repeat of the other thread's (still inside, or done
with it) or of its own. Of the main-search
visits repeating a node the other thread was done with, it records what the
table said (no entry, too shallow, a bound that did not cut) and the nodes of the
visit's subtree (the outermost repeat only), and for a lower bound under this
thread's null window, how far under beta it was. Root moves' subtrees are split by
the kind of search: the first move's, a later move's reduced or unreduced
null-window search, its full-depth search after a reduced one failed high, and
its search with the whole window. Timing is slower with the trace, so only the
node counts mean anything.
"""
import json
import sys

DEPTHS = ["qs", "1", "2", "3", "4", "5+"]
CLASSES = ["no entry", "too shallow", "exact", "lower, null window",
           "upper, null window", "bound, wider window", "-", "returned early"]
GAPS = ["1", "2-3", "4-10", "11-30", "31-100", "101+"]
ROOT = ["first move", "later, reduced", "later, null window", "later, full depth again",
        "later, whole window"]


def add(a, b):
    """Element by element, lists of lists too."""
    if isinstance(a, list):
        return [add(x, y) for x, y in zip(a, b)]
    return a + b


def main():
    if len(sys.argv) != 2:
        sys.exit("usage: smp_trace.py TRACE")
    runs = []  # (thread, dup, why, whyn, shal, root, gaps)
    for line in open(sys.argv[1]):
        if line.startswith("SMPTRACE "):
            _, who, rest = line.split(" ", 2)
            runs.append((who, *json.loads("[" + rest.replace("] [", "], [") + "]")))
    # A one-thread search prints a main line alone; a two-thread one a main and a
    # helper line, in either order.
    one, two = None, {}
    i = 0
    while i < len(runs):
        pair = runs[i:i + 2]
        if len(pair) == 2 and {pair[0][0], pair[1][0]} == {"main", "helper"}:
            for r in pair:
                two[r[0]] = add(two[r[0]], list(r[1:])) if r[0] in two else list(r[1:])
            i += 2
        else:
            one = add(one, list(runs[i][1:])) if one else list(runs[i][1:])
            i += 1
    if not one or len(two) != 2:
        sys.exit("need one-thread and two-thread searches (smp_speedup.py without --skip-one)")
    both = add(two["main"], two["helper"])
    dup1, dup2 = one[0], both[0]
    print("depth   one thread: nodes, own repeats % | two: nodes (x one), repeats of the "
          "other's: inside %, done %; own %")
    for d, name in enumerate(DEPTHS):
        o, t = dup1[4 * d:4 * d + 4], dup2[4 * d:4 * d + 4]
        print(f"{name:>5} {o[0]:12d} {100 * o[3] / max(1, o[0]):5.1f} | {t[0]:12d} "
              f"({t[0] / max(1, o[0]):.3f}) {100 * t[1] / max(1, t[0]):5.1f} "
              f"{100 * t[2] / max(1, t[0]):5.1f} {100 * t[3] / max(1, t[0]):5.1f}")
    why, whyn = both[1], both[2]
    print("\nrepeats of the other thread's finished nodes (depth >= 1): visits, subtree nodes")
    for d in range(4):
        for c, name in enumerate(CLASSES):
            k = 8 * d + c
            if whyn[k]:
                print(f"  depth {d + 1 if d < 3 else '4+'}, {name}: {whyn[k]}, {why[k]}")
    print(f"  all: {sum(whyn)} visits, {sum(why)} subtree nodes")
    print("\nthe 'too shallow' ones at depth >= 4, subtree nodes by ply and by how much "
          "shallower the entry was (1, 2, 3+)")
    for who in ("main", "helper"):
        shal = two[who][3]
        for p in range(4):
            print(f"  {who}, ply {p + 1 if p < 3 else '4+'}: {shal[p]}")
    print("\nthe 'lower, null window' ones, subtree nodes by how far the bound was under "
          "beta (cp)")
    print("  " + "  ".join(f"{g}: {n}" for g, n in zip(GAPS, both[5])))
    print("\nroot moves' subtrees, nodes: one thread | main | helper")
    for k, name in enumerate(ROOT):
        print(f"  {name:24} {one[4][k]:12d} | {two['main'][4][k]:12d} | "
              f"{two['helper'][4][k]:12d}")


if __name__ == "__main__":
    main()
