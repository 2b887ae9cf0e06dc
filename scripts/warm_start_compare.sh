#!/bin/sh
# Training that accumulates, measured exactly on arg-1v1-mini: a run of T iterations, then T more
# (a) resumed from its checkpoint, (b) warm-started from its table and `.warm` sidecar alone,
# against (c) a fresh run of 2T iterations and (d) the T-iteration table itself. Prints the exact
# exploitability (points per hand) of each table. One thread each, so every run is reproducible.
#
#   scripts/warm_start_compare.sh [T] [ABSTRACTION] [DISCOUNT_EVERY]
#
# Defaults: 30000 iterations, arg-1v1-tiers-noorder-v1, discounting every T/10. Needs about
# 5.5 GB of memory (the exact exploitability of the mini game) and 5-10 minutes.
set -eu
T=${1:-30000}
ABS=${2:-arg-1v1-tiers-noorder-v1}
EVERY=${3:-$((T / 10))}
if [ -z "${TRUCO:-}" ]; then
  cargo build --release --bin truco
  TRUCO=target/release/truco
fi
W=$(mktemp -d)
trap 'rm -rf "$W"' EXIT
train() { # out iterations [extra flags...]
  out=$1; n=$2; shift 2
  "$TRUCO" train --variant arg-1v1-mini --abstraction "$ABS" --iterations "$n" --threads 1 \
    --discount-every "$EVERY" --eval-deals 0 --max-info-sets 8000000 --quiet --out "$W/$out" "$@" >/dev/null
}
exploit() { # table -> exploitability
  "$TRUCO" exploit --model "$W/$1" | awk '/exact exploitability/ { print $3 }'
}
train first.tbl "$T" --seed 1
train resumed.tbl $((2 * T)) --resume "$W/first.tbl.ckpt"
train warm.tbl $((2 * T)) --warm-start "$W/first.tbl" --seed 2
train fresh.tbl $((2 * T)) --seed 3
echo "arg-1v1-mini, $ABS, discounting every $EVERY iterations; exact exploitability, points per hand:"
echo "  $T iterations:                          $(exploit first.tbl)"
echo "  $((2 * T)), resumed from the checkpoint:    $(exploit resumed.tbl)"
echo "  $((2 * T)), warm-started from the table:    $(exploit warm.tbl)"
echo "  $((2 * T)), a fresh run:                    $(exploit fresh.tbl)"
