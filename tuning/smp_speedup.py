#!/usr/bin/env python3
"""Lazy SMP time-to-depth: each position searched to a fixed depth with 1 and with N
threads, alternating, a fresh table each time (usinewgame + new Hash); prints every
time, the medians and their ratio.

    python3 tuning/smp_speedup.py [engine] [--threads N] [--runs R]

The engine defaults to target/release/large-shogi. Run it on a quiet machine: the
ratio is only as good as the cores are free.
"""
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


def arg(name, default):
    if name in sys.argv:
        return int(sys.argv[sys.argv.index(name) + 1])
    return default


def main():
    plain = [a for a in sys.argv[1:] if not a.startswith("--") and not a.isdigit()]
    engine = plain[0] if plain else "target/release/large-shogi"
    threads, runs = arg("--threads", 2), arg("--runs", 5)
    p = subprocess.Popen([engine], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                         text=True, bufsize=1)

    def send(line):
        p.stdin.write(line + "\n")
        p.stdin.flush()

    def wait_for(prefix):
        while True:
            line = p.stdout.readline()
            if not line:
                sys.exit("engine exited")
            if line.startswith(prefix):
                return line

    send("usi")
    wait_for("usiok")
    for variant, position, depth in POSITIONS:
        times = {1: [], threads: []}
        send(f"setoption name USI_Variant value {variant}")
        for _ in range(runs):
            for t in (1, threads):
                send(f"setoption name Threads value {t}")
                send("setoption name USI_Hash value 64")
                send("usinewgame")
                send("isready")
                wait_for("readyok")
                send(f"position {position}")
                start = time.monotonic()
                send(f"go depth {depth}")
                wait_for("bestmove")
                times[t].append(time.monotonic() - start)
        one, many = statistics.median(times[1]), statistics.median(times[threads])
        print(f"{variant} {position[:40]!r} depth {depth}: "
              f"1 thread {' '.join(f'{x:.2f}' for x in times[1])} s; "
              f"{threads} threads {' '.join(f'{x:.2f}' for x in times[threads])} s; "
              f"median {one:.2f} / {many:.2f} = {one / many:.2f}x", flush=True)
    send("quit")


if __name__ == "__main__":
    main()
