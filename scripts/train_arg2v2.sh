#!/bin/sh
# Trains models/arg-2v2.tbl (see models/arg-2v2.md): ES-MCCFR self-play on two threads, the
# arg-2v2-buckets-v2 abstraction, seat-by-seat traversals (crates/truco-cfr/README.md, "Team
# games"), Linear-CFR discounting, start scores drawn as matches reach them. At most 4.4 M
# information sets are written (the most visited; about 48 MB), the header declaring
# `threshold:0.2` (docs/postprocessing.md).
#
# Resumable: if WORK holds a checkpoint from an earlier (killed or finished) run, the run
# continues from it for another TIME. Checkpoints and the full solver stay in WORK (outside the
# repository; about 1-2 GB). Without one the run goes on from the shipped table and its `.warm`
# sidecar (FRESH=1: a new run instead; scripts/train_start.sh). TRUCO names a prebuilt binary
# to run instead of building one (so that rebuilding the tree during a long run cannot touch it).
#
#   scripts/train_arg2v2.sh [TIME] [WORK]      e.g. scripts/train_arg2v2.sh 90m; a killed run: the same command with the time left
set -eu
TIME=${1:-90m}
WORK=${2:-/tmp/arg-2v2-train}
mkdir -p "$WORK"
if [ -z "${TRUCO:-}" ]; then
  cargo build --release
  TRUCO=target/release/truco
fi
. scripts/train_start.sh
OUT="$WORK/arg-2v2.tbl"
START=$(start_flags "$OUT" arg-2v2)
# shellcheck disable=SC2086
"$TRUCO" train --variant arg-2v2 --abstraction arg-2v2-buckets-v2 --scores match-play \
  --threads 2 --discount-every 200000 --max-info-sets 40000000 --max-rows 4400000 \
  --postprocess threshold:0.2 --checkpoint-every 15m --eval-every 10m --eval-deals 2000 \
  --time "$TIME" --out "$OUT" $START
ship "$OUT" arg-2v2
