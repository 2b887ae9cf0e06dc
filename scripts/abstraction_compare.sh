#!/bin/sh
# Abstractions compared at equal training: each candidate trained the same number of ES-MCCFR
# iterations (one thread each, all at once, so they share the machine alike), then each table
# as trained (`FILE@raw`) played against the search bot and the heuristic, duplicate matches
# with paired 95% intervals, on each seed. The comparison tables of `abstractions/*.md`.
#
#   scripts/abstraction_compare.sh OUT ITERATIONS MATCHES "SEED..." ABSTRACTION...
#   e.g. scripts/abstraction_compare.sh /tmp/abs 3000000 2000 "11 23" \
#          arg-1v1-buckets-v1 arg-1v1-buckets-v2 arg-1v1-equity-v1 arg-1v1-equity-coarse-v1
#
# VARIANT (default "--variant arg-1v1") names the rules; TRUCO a prebuilt binary; TRAIN_FLAGS
# the training flags (default: Linear-CFR discounting every 100,000 iterations, match-play start
# scores, room for 32 M information sets). OUT keeps the tables, logs and `results.txt`; a
# table already trained there is not trained again.
set -eu
OUT=${1:?usage: scripts/abstraction_compare.sh OUT ITERATIONS MATCHES "SEED..." ABSTRACTION...}
ITERATIONS=${2:?iterations}
MATCHES=${3:?matches}
SEEDS=${4:?seeds}
shift 4
[ $# -gt 0 ] || { echo "name at least one abstraction" >&2; exit 2; }
VARIANT=${VARIANT:---variant arg-1v1}
TRAIN_FLAGS=${TRAIN_FLAGS:---discount-every 100000 --scores match-play --max-info-sets 33554432}
if [ -z "${TRUCO:-}" ]; then
  cargo build --release
  TRUCO=target/release/truco
fi
mkdir -p "$OUT"
for A in "$@"; do
  if [ ! -f "$OUT/$A.tbl" ]; then
    # shellcheck disable=SC2086
    "$TRUCO" train $VARIANT --abstraction "$A" --iterations "$ITERATIONS" --threads 1 \
      $TRAIN_FLAGS --eval-every 5m --quiet --json --out "$OUT/$A.tbl" > "$OUT/$A.train.json" &
  fi
done
wait
for A in "$@"; do
  for SEED in $SEEDS; do
    for B in ${OPPONENTS:-search heuristic}; do
      # shellcheck disable=SC2086
      LINE=$("$TRUCO" eval $VARIANT --a "$OUT/$A.tbl@raw" --b "$B" --matches "$MATCHES" --seed "$SEED" | sed -n 2p)
      echo "$A $B seed $SEED: $LINE" | tee -a "$OUT/results.txt"
    done
  done
done
