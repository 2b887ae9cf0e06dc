#!/bin/sh
# Trains one of the shipped arg-classic models (see models/<model>.md): ES-MCCFR self-play with
# arg-classic-buckets-v1, seat-by-seat traversals in the team games (crates/truco-cfr/README.md,
# "Team games"), Linear-CFR discounting, start scores uniform; with pica-pica, the training
# hands are the six-seat hand and each pair's one-against-one hand, a quarter each (as often as
# a match plays them). At most 4.2 M information sets are written (the most visited; under
# 48 MiB).
#
# NAME: 4-flor (players=4 flor), 6-pica-pica (players=6 pica-pica), 6-flor-pica-pica
# (players=6 flor pica-pica) or 2-flor-15 (players=2 flor target=15). The table goes to
# models/arg-classic-<options>.tbl, its training log beside it.
# Resumable: if WORK holds a checkpoint from an earlier (killed or finished) run, the run
# continues from it for another TIME. Checkpoints and the full solver stay in WORK (outside the
# repository). Without one the run goes on from the shipped table if it has a `.warm` sidecar
# (FRESH=1: a new run instead; scripts/train_start.sh). TRUCO names a prebuilt binary to run instead of building one (so that rebuilding
# the tree during a long run cannot touch it); THREADS the solver threads (default 2).
#
#   scripts/train_classic.sh NAME [TIME] [WORK]     e.g. scripts/train_classic.sh 4-flor 85m
set -eu
NAME=${1:?usage: scripts/train_classic.sh 4-flor|6-pica-pica|6-flor-pica-pica|2-flor-15 [TIME] [WORK]}
TIME=${2:-85m}
WORK=${3:-/tmp/arg-classic-$NAME-train}
THREADS=${THREADS:-2}
case "$NAME" in
  4-flor) OPTIONS="--option players=4 --option flor"; MODEL=arg-classic-players-4-flor ;;
  6-pica-pica) OPTIONS="--option players=6 --option pica-pica"; MODEL=arg-classic-players-6-pica-pica ;;
  6-flor-pica-pica) OPTIONS="--option players=6 --option flor --option pica-pica"; MODEL=arg-classic-players-6-flor-pica-pica ;;
  2-flor-15) OPTIONS="--option players=2 --option flor --option target=15"; MODEL=arg-classic-players-2-target-15-flor ;;
  *) echo "unknown model $NAME (4-flor, 6-pica-pica, 6-flor-pica-pica or 2-flor-15)" >&2; exit 2 ;;
esac
mkdir -p "$WORK"
if [ -z "${TRUCO:-}" ]; then
  cargo build --release
  TRUCO=target/release/truco
fi
OUT="$WORK/$MODEL.tbl"
. scripts/train_start.sh
START=$(start_flags "$OUT" "$MODEL")
# shellcheck disable=SC2086
"$TRUCO" train --variant arg-classic $OPTIONS --threads "$THREADS" --discount-every 200000 \
  --max-info-sets 30000000 --max-rows 4200000 \
  --postprocess threshold:0.2 --checkpoint-every 15m --eval-every 10m --eval-deals 1000 \
  --time "$TIME" --out "$OUT" $START
SIZE=$(wc -c < "$OUT")
if [ "$SIZE" -gt 50331648 ]; then
  echo "$OUT is $SIZE bytes, over 48 MiB: not shipped" >&2
  exit 1
fi
ship "$OUT" "$MODEL"
