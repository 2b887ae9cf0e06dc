#!/bin/sh
# Sampling and discounting compared in six-player arg-classic (players=6 pica-pica, the
# shipped abstraction and seed): ES-MCCFR with the shipped Linear-CFR discounting (every
# 200,000) for TIME, then at the iterations it reached ES-MCCFR discounting every 50,000 and
# not at all, and OS-MCCFR for the same TIME (discounting every 4,000,000, about the same period
# in time); one thread each, two runs at a time. Each table as trained (`T.tbl@raw`) plays
# MATCHES duplicate matches against the search bot and the heuristic on seeds 11 and 23.
#
#   scripts/sampling_compare.sh [TIME] [MATCHES] [WORK]     e.g. scripts/sampling_compare.sh 30m 2000
# Prints one line per run, opponent and seed (the eval's win rate with its paired 95% interval)
# and writes them to WORK/results.txt. Figures in crates/truco-train/README.md. TRUCO names a
# prebuilt binary. Needs about 3 GB of memory per run at 30 minutes.
set -eu
TIME=${1:-30m}
MATCHES=${2:-2000}
WORK=${3:-/tmp/truco-sampling-compare}
if [ -z "${TRUCO:-}" ]; then
  cargo build --release
  TRUCO=target/release/truco
fi
VARIANT="--variant arg-classic --option players=6 --option pica-pica"
mkdir -p "$WORK"
train() { # name, then train's own arguments
  name=$1
  shift
  # shellcheck disable=SC2086
  "$TRUCO" train $VARIANT --threads 1 --max-info-sets 30000000 --max-rows 4200000 \
    --eval-deals 0 --seed 7 --quiet --json --out "$WORK/$name.tbl" "$@" > "$WORK/$name.json"
}
train es-discount-200k --discount-every 200000 --time "$TIME" &
train os --algorithm os-mccfr --discount-every 4000000 --time "$TIME" &
wait
ITERATIONS=$(sed 's/^{"iterations":\([0-9]*\).*/\1/' "$WORK/es-discount-200k.json")
train es-discount-50k --discount-every 50000 --iterations "$ITERATIONS" &
train es-no-discount --discount-every 0 --iterations "$ITERATIONS" &
wait
: > "$WORK/results.txt"
for name in es-discount-200k es-discount-50k es-no-discount os; do
  for opponent in search heuristic; do
    for seed in 11 23; do
      # shellcheck disable=SC2086
      line=$("$TRUCO" eval $VARIANT --a "$WORK/$name.tbl@raw" --b "$opponent" \
        --matches "$MATCHES" --seed "$seed" | grep -i "win" | head -1)
      echo "$name $opponent $seed: $line" | tee -a "$WORK/results.txt"
    done
  done
done
