#!/bin/sh
# Training speed from scratch on 1 and 2 threads: iterations/s and new information sets/s over
# the first SECONDS of a run, for each variant given (default: paulista, paulista-hu,
# valencian), with the default abstraction and no evaluation. Run it on an idle machine (on a
# shared one, compare builds back to back, or count instructions: scripts/train_instructions.sh).
#
#   THREADS="1" scripts/train_speed.sh [SECONDS] [NAME ...]   (THREADS: default "1 2")     NAME: arg-1v1, arg-2v2, paulista, paulista-hu,
#     paulista-hu-tiers, valencian, classic-4-flor, classic-6-pica-pica, classic-6-flor-pica-pica,
#     classic-2-flor-15 (the arg-classic option sets of scripts/train_classic.sh)
set -eu
SECONDS_=${1:-60}
[ $# -gt 0 ] && shift
NAMES=${*:-paulista paulista-hu valencian}
if [ -z "${TRUCO:-}" ]; then
  cargo build --release
  TRUCO=target/release/truco
fi
OUT=$(mktemp -d)
trap 'rm -rf "$OUT"' EXIT
for name in $NAMES; do
  case "$name" in
    paulista-hu) V="--variant paulista --option players=2" ;;
    paulista-hu-tiers) V="--variant paulista --option players=2 --abstraction paulista-hu-tiers-v1" ;;
    classic-4-flor) V="--variant arg-classic --option players=4 --option flor" ;;
    classic-6-pica-pica) V="--variant arg-classic --option players=6 --option pica-pica" ;;
    classic-6-flor-pica-pica) V="--variant arg-classic --option players=6 --option flor --option pica-pica" ;;
    classic-2-flor-15) V="--variant arg-classic --option players=2 --option flor --option target=15" ;;
    *) V="--variant $name" ;;
  esac
  for threads in ${THREADS:-1 2}; do
    # shellcheck disable=SC2086
    "$TRUCO" train $V --time "${SECONDS_}s" --threads "$threads" --eval-deals 0 \
      --max-info-sets 10000000 --quiet --out "$OUT/t.tbl" --json > "$OUT/r.json"
    python3 - "$name" "$threads" "$OUT/r.json" <<'PY'
import json, sys
name, threads, path = sys.argv[1], sys.argv[2], sys.argv[3]
r = json.load(open(path))
secs = r.get("seconds", 0) or 1e-9
print(f"{name:18s} threads {threads}: {r['iterations'] / secs:9.0f} it/s, "
      f"{r['info_sets'] / secs:9.0f} new info sets/s ({r['iterations']} iterations, "
      f"{r['info_sets']} info sets in {secs:.0f} s)")
PY
  done
done
