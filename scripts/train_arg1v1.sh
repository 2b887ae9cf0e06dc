#!/bin/sh
# Trains the arg-1v1 model of models/ (ES-MCCFR, arg-1v1-buckets-v1, one thread, seed 1) and
# keeps its checkpoint outside the repository (it is ~10x the table).
#
#   scripts/train_arg1v1.sh [TIME] [CHECKPOINT]      e.g. scripts/train_arg1v1.sh 68m /tmp/arg-1v1.ckpt
#
# Resume a stopped run with the same command plus --resume: see models/arg-1v1.md.
set -eu
TIME=${1:-68m}
CKPT=${2:-/tmp/arg-1v1.ckpt}
cargo build --release
target/release/truco train --variant arg-1v1 --time "$TIME" --threads 1 --seed 1 \
  --out models/arg-1v1.tbl --checkpoint "$CKPT" --checkpoint-every 10m \
  --eval-every 10m --eval-deals 2000 --max-info-sets 16000000 --max-rows 4000000
