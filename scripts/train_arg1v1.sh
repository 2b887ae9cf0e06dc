#!/bin/sh
# Trains the two arg-1v1 tables of models/ (see models/arg-1v1.md):
#  1. models/arg-1v1.tbl: ES-MCCFR self-play, arg-1v1-buckets-v1, Linear-CFR
#     discounting, start scores drawn as matches reach them (an equilibrium approximation);
#  2. models/arg-1v1-rnr.tbl: a restricted Nash response to the heuristic bot (probability P, default
#     0.5), warm-started from run 1's checkpoint with its average strategy reset.
# Checkpoints and full tables stay in WORK (outside the repository; ~200 MB each).
#
#   scripts/train_arg1v1.sh [EQ_TIME] [RNR_TIME] [P] [WORK]    e.g. scripts/train_arg1v1.sh 42m 45m 0.5
set -eu
EQ_TIME=${1:-42m}
RNR_TIME=${2:-45m}
P=${3:-0.5}
WORK=${4:-/tmp/arg-1v1-train}
mkdir -p "$WORK"
cargo build --release
T=target/release/truco
COMMON="--variant arg-1v1 --abstraction arg-1v1-buckets-v1 --scores match-play \
  --discount-every 100000 --max-info-sets 16777216 --max-rows 3000000 \
  --checkpoint-every 10m --eval-every 5m"
# shellcheck disable=SC2086
$T train $COMMON --time "$EQ_TIME" --seed 3 --out "$WORK/equilibrium.tbl"
# shellcheck disable=SC2086
$T train $COMMON --time "$RNR_TIME" --resume "$WORK/equilibrium.tbl.ckpt" --reset-average \
  --exploit-heuristic "$P" --checkpoint "$WORK/restricted.ckpt" --out "$WORK/restricted.tbl"
cp "$WORK/equilibrium.tbl" models/arg-1v1.tbl
cp "$WORK/equilibrium.tbl.log.jsonl" models/arg-1v1.log.jsonl
cp "$WORK/restricted.tbl" models/arg-1v1-rnr.tbl
cp "$WORK/restricted.tbl.log.jsonl" models/arg-1v1-rnr.log.jsonl
