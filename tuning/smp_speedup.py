#!/usr/bin/env python3
"""Lazy SMP time-to-depth: each position searched to a fixed depth with 1 and with N
threads, alternating, a fresh table each time (usinewgame + new Hash); prints every
time, the medians and their ratio.

    python3 tuning/smp_speedup.py [engine] [--threads N] [--runs R]

With a book, each of its first P positions is searched once with 1 and once with N
threads instead, and the total and the geometric mean of the ratios are printed,
with how many more nodes the threads searched together and how much faster they
searched them (the speed-up is the second over the first): a
single position's two-thread time swings by a factor of two between runs, and
averaging over positions steadies the figure more than repeating one.

    python3 tuning/smp_speedup.py [engine] --book books/dai-openings.txt
        [--variant dai] [--depth 13] [--positions 12] [--skip-one]

One thread's searches are deterministic and their times steady to about 1 %, so
`--skip-one` runs only the N-thread searches, for comparing builds that search
alike with one thread (the same bench signature): their N-thread totals are what
differ.

`--option NAME=VALUE` (repeatable) sets an engine option before every search, for
comparing weights without a second build.

`--per-depth` (with a book, not with `--skip-one`) also prints where the threads'
extra nodes are: each completed iteration's nodes summed over the positions, one
thread against N, and the totals split by whether one thread's best move stayed the
same over its last four iterations (a settled position) or not.

`--hash MB` sets the table's size (default 64, the size one thread searches these
positions best with; a larger table slows one thread and so flatters the ratio).

The engine defaults to target/release/large-shogi. Run it on a quiet machine: the
ratio is only as good as the cores are free.
"""
import math
import statistics
import subprocess
import sys
import time

POSITIONS = [
    ("dai", "startpos", 15),
    ("dai", "startpos moves 9k9j 7e7f 8l12h 8d3i 10l8j 6d9g 12h12g 9e9f", 14),
    ("daidai", "startpos", 12),
    ("taikyoku", "startpos", 6),
]


SWITCHES = ("--skip-one", "--per-depth")
VALUED = ("--threads", "--runs", "--hash", "--book", "--variant", "--depth",
          "--positions", "--option")


def arg(name, default):
    if name in sys.argv:
        return int(sys.argv[sys.argv.index(name) + 1])
    return default


def text_arg(name, default):
    if name in sys.argv:
        return sys.argv[sys.argv.index(name) + 1]
    return default


def main():
    if "--help" in sys.argv or "-h" in sys.argv:
        print(__doc__)
        return
    # A mistyped option would otherwise be ignored, and a long run wasted.
    unknown = [a for a in sys.argv[1:] if a.startswith("--") and a not in SWITCHES + VALUED]
    if unknown:
        sys.exit(f"unknown option {unknown[0]} (--help lists them)")
    # Every option but the switches takes the word after it.
    values = {sys.argv[i + 1] for i, a in enumerate(sys.argv[:-1])
              if a.startswith("--") and a not in SWITCHES}
    plain = [a for a in sys.argv[1:] if not a.startswith("--") and a not in values]
    engine = plain[0] if plain else "target/release/large-shogi"
    threads, runs = arg("--threads", 2), arg("--runs", 5)
    hash_mb = arg("--hash", 64)
    options = [sys.argv[i + 1].split("=", 1) for i, a in enumerate(sys.argv[:-1])
               if a == "--option"]
    if any(len(o) != 2 for o in options):
        sys.exit("--option takes NAME=VALUE")
    p = subprocess.Popen([engine], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                         text=True, bufsize=1)

    def send(line):
        p.stdin.write(line + "\n")
        p.stdin.flush()

    iterations = {}

    def wait_for(prefix):
        """The line starting with `prefix`, and the node count of the last
        `info` line before it (every thread's nodes, at the end of a search).
        `iterations` gets each completed iteration's (nodes so far, best move)
        by depth: its exact `info` line, the last one of that depth."""
        nodes = 0
        iterations.clear()
        while True:
            line = p.stdout.readline()
            if not line:
                sys.exit("engine exited")
            words = line.split()
            if words[:1] == ["info"] and "nodes" in words:
                nodes = int(words[words.index("nodes") + 1])
                if ("depth" in words and "pv" in words and "lowerbound" not in words
                        and "upperbound" not in words):
                    best = words[words.index("pv") + 1]
                    iterations[int(words[words.index("depth") + 1])] = (nodes, best)
            if line.startswith(prefix):
                return line, nodes

    def timed(threads, position, depth):
        """Seconds and nodes to `depth` (and `iterations` filled)."""
        send(f"setoption name Threads value {threads}")
        send(f"setoption name USI_Hash value {hash_mb}")
        for name, value in options:
            send(f"setoption name {name} value {value}")
        send("usinewgame")
        send("isready")
        wait_for("readyok")
        send(f"position {position}")
        start = time.monotonic()
        send(f"go depth {depth}")
        _, nodes = wait_for("bestmove")
        return time.monotonic() - start, nodes

    send("usi")
    wait_for("usiok")
    book = text_arg("--book", None)
    if book:
        variant, depth = text_arg("--variant", "dai"), arg("--depth", 13)
        with open(book) as f:
            sfens = [line.strip() for line in f if line.strip() and not line.startswith("#")]
        send(f"setoption name USI_Variant value {variant}")
        total, searched, logs = {1: 0.0, threads: 0.0}, {1: 0, threads: 0}, []
        skip_one = "--skip-one" in sys.argv
        per_depth = "--per-depth" in sys.argv
        # Per depth: [one thread's nodes, N threads']; per kind of position
        # (settled or not): [one's time, N's time, one's nodes, N's nodes, count].
        split = ({}, {True: [0.0, 0.0, 0, 0, 0], False: [0.0, 0.0, 0, 0, 0]})
        for i, sfen in enumerate(sfens[:arg("--positions", 12)]):
            if not skip_one:
                one, one_nodes = timed(1, f"sfen {sfen}", depth)
                one_iterations = dict(iterations)
            many, many_nodes = timed(threads, f"sfen {sfen}", depth)
            if per_depth and not skip_one:
                count_per_depth(split, one_iterations, dict(iterations), one, many)
            total[threads] += many
            searched[threads] += many_nodes
            if skip_one:
                print(f"{variant} position {i + 1} depth {depth}: {many:.2f} s; "
                      f"nodes {many_nodes}", flush=True)
                continue
            total[1] += one
            searched[1] += one_nodes
            logs.append(math.log(one / many))
            print(f"{variant} position {i + 1} depth {depth}: {one:.2f} / {many:.2f} s "
                  f"= {one / many:.2f}x; nodes {one_nodes} / {many_nodes}", flush=True)
        if skip_one:
            print(f"total {total[threads]:.1f} s, {searched[threads]} nodes")
            send("quit")
            return
        # The speed-up is the node rate's gain over the extra nodes the threads
        # searched together: which of the two holds it back.
        nodes_ratio = searched[threads] / searched[1]
        rate_ratio = searched[threads] / total[threads] / (searched[1] / total[1])
        print(f"total {total[1]:.1f} / {total[threads]:.1f} s = "
              f"{total[1] / total[threads]:.2f}x; geometric mean "
              f"{math.exp(sum(logs) / len(logs)):.2f}x; nodes {nodes_ratio:.3f}x, "
              f"node rate {rate_ratio:.2f}x")
        if per_depth:
            print_per_depth(split, threads)
        send("quit")
        return
    for variant, position, depth in POSITIONS:
        times = {1: [], threads: []}
        send(f"setoption name USI_Variant value {variant}")
        for _ in range(runs):
            for t in (1, threads):
                times[t].append(timed(t, position, depth)[0])
        one, many = statistics.median(times[1]), statistics.median(times[threads])
        print(f"{variant} {position[:40]!r} depth {depth}: "
              f"1 thread {' '.join(f'{x:.2f}' for x in times[1])} s; "
              f"{threads} threads {' '.join(f'{x:.2f}' for x in times[threads])} s; "
              f"median {one:.2f} / {many:.2f} = {one / many:.2f}x", flush=True)
    send("quit")


def count_per_depth(split, one, many, one_time, many_time):
    """Adds one position's iterations (`{depth: (nodes so far, best)}` for one
    thread and for N) to `split` (see `main`)."""
    by_depth, kinds = split
    for its, t in ((one, 0), (many, 1)):
        before = 0
        for d in sorted(its):
            by_depth.setdefault(d, [0, 0])[t] += its[d][0] - before
            before = its[d][0]
    last = max(one)
    settled = all(one.get(d, (0, None))[1] == one[last][1] for d in range(last - 3, last + 1))
    kind = kinds[settled]
    for i, x in enumerate((one_time, many_time, one[last][0], many[max(many)][0], 1)):
        kind[i] += x


def print_per_depth(split, threads):
    by_depth, kinds = split
    print(f"depth: nodes of the iteration, 1 / {threads} threads")
    for d in sorted(by_depth):
        one, many = by_depth[d]
        print(f"  {d}: {one} / {many} = {many / max(one, 1):.2f}x")
    for settled, (one_t, many_t, one_n, many_n, n) in kinds.items():
        if n:
            print(f"{'settled' if settled else 'unsettled'} ({n} positions): "
                  f"{one_t:.1f} / {many_t:.1f} s = {one_t / many_t:.2f}x; "
                  f"nodes {many_n / one_n:.3f}x")


if __name__ == "__main__":
    main()
