#!/usr/bin/env python3
"""One-thread nodes and time to a fixed depth over a book's first positions, for
each of several engines (or one engine with several settings): a cheap first look
at a change of move order or pruning before a match.

    python3 tuning/time_to_depth.py VARIANT BOOK DEPTH POSITIONS ENGINE[:ARGS] ...

ARGS are more `analyse` arguments for that engine, e.g.
`target/release/large-shogi:--hash 1024` or `./new:--option EvalThreat=50`.
One thread's searches are deterministic, so the node totals can be compared
even while other work runs; the times only on a quiet machine. A change of
move order moves the totals by a few percent either way by chance alone (the
sixty-third session in tuning/README.md): it screens, a match decides.
"""
import json
import subprocess
import sys


def main():
    if len(sys.argv) < 6:
        sys.exit(__doc__)
    variant, book, depth, count = sys.argv[1], sys.argv[2], sys.argv[3], int(sys.argv[4])
    with open(book) as f:
        sfens = [l.strip() for l in f if l.strip() and not l.lstrip().startswith("#")]
    sfens = sfens[:count]
    for spec in sys.argv[5:]:
        engine, _, args = spec.partition(":")
        nodes = ms = 0
        for sfen in sfens:
            out = subprocess.run(
                [engine, "analyse", "--variant", variant, "--sfen", sfen, "--depth", depth]
                + args.split(),
                capture_output=True, text=True, check=True,
            ).stdout
            result = json.loads(out.strip().splitlines()[-1])
            nodes += result["nodes"]
            ms += result["time_ms"]
        print(f"{spec}: {len(sfens)} positions, {nodes} nodes, {ms / 1000:.2f} s, "
              f"{nodes * 1000 // max(ms, 1)} nodes/s", flush=True)


if __name__ == "__main__":
    main()
