#!/bin/sh
# Trains one of the shipped paulista / valencian models (see models/<name>.md): ES-MCCFR
# self-play, the variant's default abstraction, seat-by-seat traversals in the team games
# (crates/truco-cfr/README.md, "Team games"), Linear-CFR discounting, start scores uniform (and,
# in valencian, every cama standing). At most 4.4 M information sets are written (the most
# visited; about 48 MB).
#
# NAME: paulista (4 players), paulista-hu (players=2, blind mão de ferro, paulista-buckets-v1:
# writes models/paulista-hu.tbl), paulista-hu-tiers (the same with the paulista-hu-tiers-v1
# key: the shipped models/paulista-hu.tbl), paulista-hu-tiers2 (the same with the
# paulista-hu-tiers-v2 key, which also counts the unseen cards above the seat's best: written
# to models/paulista-hu.tbl too), paulista-hu-open (the same key with `ferro=open`:
# models/paulista-hu-open.tbl, the table `scripts/paulista_hu_gap.sh` measures on the exact
# 11-11 cell) or valencian.
# Resumable: if WORK holds a checkpoint from an earlier (killed or finished) run, the run
# continues from it for another TIME. Checkpoints and the full solver stay in WORK (outside the
# repository). Without one the run goes on from the shipped table if it has a `.warm` sidecar
# (FRESH=1: a new run instead; scripts/train_start.sh). TRUCO names a prebuilt binary to run instead of building one (so that rebuilding
# the tree during a long run cannot touch it); THREADS the solver threads (default 2).
#
#   scripts/train_model.sh NAME [TIME] [WORK]     e.g. scripts/train_model.sh paulista 85m
set -eu
NAME=${1:?usage: scripts/train_model.sh paulista|paulista-hu|paulista-hu-tiers|paulista-hu-tiers2|paulista-hu-open|valencian [TIME] [WORK]}
TIME=${2:-85m}
WORK=${3:-/tmp/$NAME-train}
THREADS=${THREADS:-2}
case "$NAME" in
  paulista) VARIANT="--variant paulista" ;;
  paulista-hu) VARIANT="--variant paulista --option players=2" ;;
  paulista-hu-tiers) VARIANT="--variant paulista --option players=2 --abstraction paulista-hu-tiers-v1" ;;
  paulista-hu-tiers2) VARIANT="--variant paulista --option players=2 --abstraction paulista-hu-tiers-v2" ;;
  paulista-hu-open) VARIANT="--variant paulista --option players=2 --option ferro=open --abstraction paulista-hu-tiers-v1" ;;
  valencian) VARIANT="--variant valencian" ;;
  *) echo "unknown model $NAME (paulista, paulista-hu, paulista-hu-tiers, paulista-hu-tiers2, paulista-hu-open or valencian)" >&2; exit 2 ;;
esac
mkdir -p "$WORK"
if [ -z "${TRUCO:-}" ]; then
  cargo build --release
  TRUCO=target/release/truco
fi
OUT="$WORK/$NAME.tbl"
# The heads-up tiers tables are the shipped heads-up model.
MODEL=$NAME
case "$NAME" in paulista-hu-tiers|paulista-hu-tiers2) MODEL=paulista-hu ;; esac
. scripts/train_start.sh
START=$(start_flags "$OUT" "$MODEL")
# shellcheck disable=SC2086
"$TRUCO" train $VARIANT --threads "$THREADS" --discount-every 200000 \
  --max-info-sets 16000000 --max-rows 4400000 \
  --postprocess threshold:0.2 --checkpoint-every 15m --eval-every 10m --eval-deals 2000 \
  --time "$TIME" --out "$OUT" $START
ship "$OUT" "$MODEL"
