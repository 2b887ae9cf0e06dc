#!/bin/sh
# Trains models/arg-2v2.tbl (see models/arg-2v2.md): ES-MCCFR self-play on two threads, the
# arg-2v2-buckets-v2 abstraction, seat-by-seat traversals (crates/truco-cfr/README.md, "Team
# games"), Linear-CFR discounting, start scores drawn as matches reach them. At most 4.4 M
# information sets are written (the most visited; about 48 MB).
#
# Resumable: if WORK holds a checkpoint from an earlier (killed or finished) run, the run
# continues from it for another TIME. Checkpoints and the full solver stay in WORK (outside the
# repository; about 1-2 GB). TRUCO names a prebuilt binary to run instead of building one (so
# that rebuilding the tree during a long run cannot touch it).
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
OUT="$WORK/arg-2v2.tbl"
RESUME=""
if [ -f "$OUT.ckpt" ]; then
  RESUME="--resume $OUT.ckpt"
fi
# shellcheck disable=SC2086
"$TRUCO" train --variant arg-2v2 --abstraction arg-2v2-buckets-v2 --scores match-play \
  --threads 2 --discount-every 200000 --max-info-sets 40000000 --max-rows 4400000 \
  --checkpoint-every 15m --eval-every 10m --eval-deals 2000 --seed 7 \
  --time "$TIME" --out "$OUT" $RESUME
cp "$OUT" models/arg-2v2.tbl
cp "$OUT.log.jsonl" models/arg-2v2.log.jsonl
