#!/usr/bin/env python3
"""Writes the values of a `large-shogi tune` table into a variant's source.

    large-shogi tune --variant daidai GAMES > fit.md
    python3 tuning/apply_values.py src/variants/dai_dai.rs fit.md

Each row `| name | CODE | old | new | count |` whose `new` is a number replaces the
last argument (the value) of the `kind!` or `promoted!` line with that code, if
that line still carries `old` (so a table fitted from other values is refused).
Rows marked `(kept)` are left alone.
"""
import re
import sys


def fitted(table_path):
    rows = {}
    for line in open(table_path, encoding="utf-8"):
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if len(cells) == 5 and cells[2].isdigit() and cells[3].isdigit():
            rows[cells[1]] = (int(cells[2]), int(cells[3]))
    return rows


def main():
    if len(sys.argv) != 3:
        sys.exit(__doc__)
    source, table = sys.argv[1], sys.argv[2]
    rows = fitted(table)
    if not rows:
        sys.exit(f"{table}: no fitted rows")
    text = open(source, encoding="utf-8").read()
    # One kind's invocation, on one line or on several (as rustfmt splits long ones).
    pattern = re.compile(r'((?:kind|promoted)!\(\s*"[^"]*",\s*"([^"]+)",[^;]*?,\s*)(\d+)(\s*\)\)?,)')
    done = set()

    def replace(m):
        code = m.group(2)
        if code not in rows:
            return m.group(0)
        old, new = rows[code]
        if int(m.group(3)) != old:
            sys.exit(f"{code}: the source has {m.group(3)}, the table was fitted from {old}")
        done.add(code)
        return f"{m.group(1)}{new}{m.group(4)}"

    text = pattern.sub(replace, text)
    missing = sorted(set(rows) - done)
    if missing:
        sys.exit(f"not found in {source}: {', '.join(missing)}")
    open(source, "w", encoding="utf-8").write(text)
    print(f"{source}: {len(done)} values written")


if __name__ == "__main__":
    main()
