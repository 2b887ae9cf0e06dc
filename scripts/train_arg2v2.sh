#!/bin/sh
# Trains models/arg-2v2.tbl (see models/arg-2v2.md): ES-MCCFR self-play on two threads, the
# arg-2v2-buckets-v1 abstraction, seat-by-seat traversals (crates/truco-cfr/README.md, "Team
# games"), Linear-CFR discounting, start scores drawn as matches reach them. The 4 M most
# visited information sets are written (about 45 MB).
#
# Resumable: if WORK holds a checkpoint from an earlier (killed or finished) run, the run
# continues from it for another TIME. Checkpoints and the full solver stay in WORK (outside the
# repository; several GB).
#
#   scripts/train_arg2v2.sh [TIME] [WORK]      e.g. scripts/train_arg2v2.sh 90m; a killed run: the same command with the time left
set -eu
TIME=${1:-90m}
WORK=${2:-/tmp/arg-2v2-train}
mkdir -p "$WORK"
cargo build --release
T=target/release/truco
OUT="$WORK/arg-2v2.tbl"
RESUME=""
if [ -f "$OUT.ckpt" ]; then
  RESUME="--resume $OUT.ckpt"
fi
# shellcheck disable=SC2086
$T train --variant arg-2v2 --abstraction arg-2v2-buckets-v1 --scores match-play \
  --threads 2 --discount-every 200000 --max-info-sets 100000000 --max-rows 4000000 \
  --checkpoint-every 15m --eval-every 10m --eval-deals 2000 --seed 7 \
  --time "$TIME" --out "$OUT" $RESUME
cp "$OUT" models/arg-2v2.tbl
cp "$OUT.log.jsonl" models/arg-2v2.log.jsonl
