#!/bin/sh
# Instructions per training iteration (one thread), counted by valgrind (cachegrind without
# cache simulation): a figure that does not move with the load of a shared machine, unlike
# iterations/s (which also pay for cache misses; see scripts/train_speed.sh). Each NAME is
# trained for ITERATIONS and for 1 iteration, and the difference divided by ITERATIONS - 1.
#
#   scripts/train_instructions.sh [ITERATIONS] [NAME ...]    NAME: arg-1v1, arg-2v2,
#     classic-6-pica-pica (as in scripts/train_speed.sh; default: arg-2v2 classic-6-pica-pica)
#   TRUCO=/path/to/truco scripts/train_instructions.sh      compare another build
set -eu
N=${1:-1500}
[ $# -gt 0 ] && shift
NAMES=${*:-arg-2v2 classic-6-pica-pica}
command -v valgrind >/dev/null || { echo "valgrind is needed (apt-get install valgrind)" >&2; exit 1; }
if [ -z "${TRUCO:-}" ]; then
  cargo build --release
  TRUCO=target/release/truco
fi
OUT=$(mktemp -d)
trap 'rm -rf "$OUT"' EXIT
count() { # variant args..., iterations -> instructions of the whole process
  it=$1; shift
  valgrind --tool=cachegrind --cache-sim=no --cachegrind-out-file=/dev/null "$TRUCO" train "$@" \
    --iterations "$it" --threads 1 --eval-deals 0 --max-info-sets 1000000 --quiet \
    --out "$OUT/t.tbl" 2>&1 >/dev/null | awk '/I *refs/ { gsub(",", "", $4); print $4 }'
}
for name in $NAMES; do
  case "$name" in
    classic-6-pica-pica) V="--variant arg-classic --option players=6 --option pica-pica" ;;
    *) V="--variant $name" ;;
  esac
  # shellcheck disable=SC2086
  one=$(count 1 $V)
  # shellcheck disable=SC2086
  many=$(count "$N" $V)
  echo "$name: $(( (many - one) / (N - 1) )) instructions per iteration ($N iterations)"
done
