#!/bin/sh
# The figures of models/arg-2v2.md: duplicate matches to 30 (2,000 each, paired 95% intervals)
# of the table against the heuristic and random, plain and purified; a mixed team (the table's
# first seat with the heuristic as partner) against two heuristics; and the exploitability
# proxy: a best responder trained against the frozen table for a fixed budget (ES-MCCFR, both
# teams drawn), its gain in points per hand and its match win rate.
#
#   scripts/eval_arg2v2.sh [MODEL] [SEED] [RESPONDER_ITERATIONS]
set -eu
M=${1:-models/arg-2v2.tbl}
SEED=${2:-11}
IT=${3:-300000}
cargo build --release
T=target/release/truco
for b in heuristic random; do
  $T eval --variant arg-2v2 --a "$M" --b $b --matches 2000 --seed "$SEED"
done
$T eval --variant arg-2v2 --a "$M@purify=0.2" --b heuristic --matches 2000 --seed "$SEED"
$T eval --variant arg-2v2 --a "$M+heuristic" --b heuristic --matches 2000 --seed "$SEED"
$T eval --variant arg-2v2 --a "heuristic+$M" --b heuristic --matches 2000 --seed "$SEED"
$T exploit --model "$M" --iterations "$IT" --deals 100000 --matches 2000 --threads 2 --seed "$SEED"
$T eval --variant arg-2v2 --a heuristic --b random --matches 2000 --seed "$SEED"   # the reference
