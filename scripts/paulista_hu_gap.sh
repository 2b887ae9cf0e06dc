#!/bin/sh
# The heads-up paulista tables against the exact answers of `truco solve`, on the two
# cells without truco, every vira class, exact over the solver's class game
# (crates/truco-solve/examples/table_gap.rs): the mão de onze 11-10 (dealer 0) with
# models/paulista-hu.tbl (blind ferro: at 11-10 its hand is the same as with ferro=open), and the
# open 11-11 (dealer 0) with models/paulista-hu-open.tbl (ferro=open). For each: the exact value,
# the table playing both seats, what a best response gains against each of its seats.
#
#   scripts/paulista_hu_gap.sh [EPS] [WORK]     defaults: 1e-3 /tmp/paulista-hu-gap
# About 15 minutes on one core and 2.5 GB.
set -eu
EPS=${1:-1e-3}
WORK=${2:-/tmp/paulista-hu-gap}
mkdir -p "$WORK"
cargo build --release
cargo build --release -p truco-solve --example table_gap
# 11-10 with dealer 0 reads 11-11 with dealer 1 (after a run, the other side deals at 11-11).
target/release/truco solve --variant paulista --option players=2 --option ferro=open \
  --score 11-11 --dealer 1 --mv "$WORK/mv.json" --eps "$EPS" > "$WORK/solve-11-11.txt"
target/release/examples/table_gap models/paulista-hu.tbl 11-10 0 all "$EPS" "$WORK/mv.json"
if [ -f models/paulista-hu-open.tbl ]; then
  target/release/examples/table_gap models/paulista-hu-open.tbl 11-11 0 all "$EPS"
fi
