#!/bin/sh
# The figures of decision-time search (crates/truco-search, root README "Decision-time search"):
# 1. latency of one searched decision on one core, at the start of a hand and after trick 1;
# 2. exact exploitability on arg-1v1-mini of a blueprint alone and with tricks 2-3 re-solved
#    (trains a one-minute mini blueprint first, into WORK);
# 3. duplicate matches of models/arg-1v1.tbl searching from trick 2 against the search bot,
#    the table alone, the heuristic and random.
#
#   scripts/search_figures.sh [BUDGET] [MATCHES] [MINI_ITERATIONS] [WORK]
#   e.g. scripts/search_figures.sh 20ms 2000 500
set -eu
BUDGET=${1:-20ms}
MATCHES=${2:-2000}
MINI_ITERATIONS=${3:-500}
WORK=${4:-/tmp/search-figures}
mkdir -p "$WORK"
cargo build --release --bin truco -p truco-search --examples
T=target/release/truco
echo "== latency, budget $BUDGET (one core)"
target/release/examples/latency models/arg-1v1.tbl "$BUDGET" 40
target/release/examples/latency models/arg-1v1.tbl 80ms 40
echo "== exact exploitability on arg-1v1-mini"
if [ ! -f "$WORK/mini.tbl" ]; then
  "$T" train --variant arg-1v1-mini --time 60s --threads 1 --seed 1 --out "$WORK/mini.tbl" >/dev/null
fi
target/release/examples/mini_exploit "$WORK/mini.tbl" "$MINI_ITERATIONS"
echo "== matches, models/arg-1v1.tbl searching $BUDGET from trick 2"
for b in search models/arg-1v1.tbl heuristic random; do
  "$T" eval --variant arg-1v1 --a models/arg-1v1.tbl --b "$b" --search "$BUDGET" \
    --search-side a --matches "$MATCHES" --seed 11 | head -3
done
