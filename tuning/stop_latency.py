#!/usr/bin/env python3
"""How soon `stop` is answered: `go infinite` from the start position, `stop`
after 0.2 to 4 s (eight searches), the time until `bestmove` arrives.

    python3 tuning/stop_latency.py ENGINE [VARIANT (taikyoku)] [THREADS (1)]
"""
import subprocess, sys, time
eng = sys.argv[1]
variant = sys.argv[2] if len(sys.argv) > 2 else "taikyoku"
threads = sys.argv[3] if len(sys.argv) > 3 else "1"
p = subprocess.Popen([eng], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1)
def send(s):
    p.stdin.write(s + "\n"); p.stdin.flush()
def wait_for(prefix):
    while True:
        line = p.stdout.readline()
        if not line: raise SystemExit("engine died")
        if line.startswith(prefix): return line
send("usi"); wait_for("usiok")
send(f"setoption name USI_Variant value {variant}")
send(f"setoption name Threads value {threads}")
send("isready"); wait_for("readyok")
lat = []
for wait in [0.5, 1.0, 1.7, 2.3, 3.1, 0.2, 0.9, 4.0]:
    send("usinewgame"); send("position startpos"); send("go infinite")
    time.sleep(wait)
    t = time.perf_counter(); send("stop"); wait_for("bestmove")
    lat.append((time.perf_counter() - t) * 1000)
send("quit")
print(variant, "threads", threads, "stop latency ms:", " ".join(f"{x:.1f}" for x in lat), "max %.1f" % max(lat))
