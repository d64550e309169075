#!/usr/bin/env bash
# A profile-guided release build: target/pgo/large-shogi.
#
# An instrumented build searches the bench and one book position of every
# variant; LLVM then lays out and inlines the engine for those paths (the
# attack upkeep, move generation, the search's loops). The searches are the
# same as the plain release build's (the bench signature does not change),
# only faster: tuning/README.md, forty-eighth session, has the figures.
#
# Needs rustup's llvm-tools component (for llvm-profdata), added here if it is
# missing. RUSTFLAGS, if set, replaces the `target-cpu=native` of
# .cargo/config.toml, as it does for a plain build.
set -euo pipefail
cd "$(dirname "$0")/.."

host=$(rustc -vV | sed -n 's/^host: //p')
profdata="$(rustc --print sysroot)/lib/rustlib/$host/bin/llvm-profdata"
if [ ! -x "$profdata" ]; then
  rustup component add llvm-tools
fi

dir="$PWD/target/pgo"
flags=${RUSTFLAGS:--C target-cpu=native}
rm -rf "$dir/profiles"
mkdir -p "$dir/profiles"

RUSTFLAGS="$flags -Cprofile-generate=$dir/profiles" \
  cargo build --release --target-dir "$dir/generate"
trainer="$dir/generate/release/large-shogi"
"$trainer" bench > /dev/null
# Depths of a few seconds each: middlegame trees of every board size.
for run in "dai 12" "daidai 11" "makadaidai 9" "tai 6" "taikyoku 4"; do
  set -- $run
  sfen=$(grep -v '^#' "books/$1-openings.txt" | grep . | sed -n 5p)
  "$trainer" analyse --variant "$1" --sfen "$sfen" --depth "$2" > /dev/null
done

"$profdata" merge -o "$dir/merged.profdata" "$dir/profiles"
RUSTFLAGS="$flags -Cprofile-use=$dir/merged.profdata" \
  cargo build --release --target-dir "$dir/use"
cp "$dir/use/release/large-shogi" "$dir/large-shogi"
echo "built $dir/large-shogi"
