#!/bin/sh
# Exploitability against wall time for ES-MCCFR on 1 and 2 threads, on Leduc poker and on
# arg-1v1-mini (exact keys, exact exploitability), median over seeds; prints the fraction of one
# thread's time two threads need to reach one thread's final exploitability, writes
# scripts/thread_curve_GAME.csv and draws them into scripts/thread_curve/ (truco plot --curve).
# Run it on an idle machine: the mini game needs about 5.5 GB (the exact tree).
#
#   scripts/thread_curve.sh [LEDUC_SECONDS] [MINI_SECONDS] [SEEDS]     defaults: 32 64 3
set -eu
LEDUC=${1:-32}
MINI=${2:-64}
SEEDS=${3:-3}
cargo build --release -p truco-train --example thread_curve
cargo build --release
for game in leduc mini; do
  secs=$LEDUC
  [ "$game" = mini ] && secs=$MINI
  target/release/examples/thread_curve --game "$game" --seconds "$secs" --points 5 \
    --seeds "$SEEDS" --out "scripts/thread_curve_$game.csv"
  target/release/truco plot --curve "scripts/thread_curve_$game.csv" --out "scripts/thread_curve/$game"
done
