#!/bin/sh
# Exploitability against training time on arg-1v1-mini (7 cards, full betting), measured exactly
# in the unabstracted game: full-traversal CFR+ and DCFR, ES-MCCFR with the exact key and with
# each arg-1v1 abstraction, at equal wall time (training time only; evaluations excluded).
#
#   scripts/mini_curve.sh [SECONDS_PER_CONFIG] [POINTS] [OUT.csv] [CONFIGS]
#
# Defaults: 200 s per configuration, 5 points (200/16 .. 200 s), scripts/mini_curve.csv, all of
# cfr+,dcfr,es-exact,arg-1v1-tiers-v1,arg-1v1-tiers-noorder-v1,arg-1v1-buckets-v1.
# Needs about 5.5 GB of memory (the exact tree: 42.7 M nodes, 11.1 M information sets) and
# RAYON_NUM_THREADS threads for the full-traversal runs (set it to 1 on a shared machine).
set -eu
SECONDS_PER=${1:-200}
POINTS=${2:-5}
OUT=${3:-scripts/mini_curve.csv}
ONLY=${4:-all}
cargo build --release -p truco-train --example mini_curve
target/release/examples/mini_curve --seconds "$SECONDS_PER" --points "$POINTS" --only "$ONLY" --out "$OUT"
echo "wrote $OUT"
