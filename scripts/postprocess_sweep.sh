#!/bin/sh
# Post-processing of a shipped table measured: the table as exported with each step
# (`truco postprocess`), played as trained (`FILE@raw`: its rows as served, sampled), against
# the search bot and the heuristic, duplicate matches with paired 95% intervals.
#
#   scripts/postprocess_sweep.sh NAME SEED MATCHES [STEP...]
#     NAME: as scripts/eval_model.sh (arg-1v1, arg-1v1-rnr, arg-2v2, paulista, paulista-hu,
#       paulista-hu-open, valencian, classic-4-flor, classic-6-pica-pica,
#       classic-6-flor-pica-pica, classic-2-flor-15)
#     STEP: none, purify, threshold:T (default: none threshold:0.05 threshold:0.1
#       threshold:0.2 threshold:0.3 purify); a STEP ending in `+strong` also plays the
#       processed rows by the player (`FILE@rows=served`).
#   e.g. scripts/postprocess_sweep.sh arg-1v1 11 2000
# One line per run: name, step, bot, opponent, the eval's win line. OPPONENTS (default
# "search heuristic") names the opponents; TRUCO a prebuilt binary; the processed tables go to a temporary directory, removed at the end.
set -eu
NAME=${1:?usage: scripts/postprocess_sweep.sh NAME SEED MATCHES [STEP...]}
SEED=${2:?seed}
MATCHES=${3:?matches}
shift 3
case "$NAME" in
  classic-4-flor) FILE=arg-classic-players-4-flor ;;
  classic-6-pica-pica) FILE=arg-classic-players-6-pica-pica ;;
  classic-6-flor-pica-pica) FILE=arg-classic-players-6-flor-pica-pica ;;
  classic-2-flor-15) FILE=arg-classic-players-2-target-15-flor ;;
  *) FILE=$NAME ;;
esac
case "$NAME" in
  paulista-hu) V="--variant paulista --option players=2" ;;
  paulista-hu-open) V="--variant paulista --option players=2 --option ferro=open" ;;
  arg-1v1|arg-1v1-rnr) V="--variant arg-1v1" ;;
  paulista|valencian|arg-2v2) V="--variant $NAME" ;;
  classic-4-flor) V="--variant arg-classic --option players=4 --option flor" ;;
  classic-6-pica-pica) V="--variant arg-classic --option players=6 --option pica-pica" ;;
  classic-6-flor-pica-pica) V="--variant arg-classic --option players=6 --option flor --option pica-pica" ;;
  classic-2-flor-15) V="--variant arg-classic --option players=2 --option flor --option target=15" ;;
  *) echo "unknown table $NAME" >&2; exit 2 ;;
esac
if [ $# -eq 0 ]; then
  set -- none threshold:0.05 threshold:0.1 threshold:0.2 threshold:0.3 purify
fi
if [ -z "${TRUCO:-}" ]; then
  cargo build --release
  TRUCO=target/release/truco
fi
DIR=$(mktemp -d)
trap 'rm -rf "$DIR"' EXIT
for STEP in "$@"; do
  S=${STEP%+strong}
  case "$S" in
    none) FLAG=--none ;;
    purify) FLAG=--purify ;;
    threshold:*) FLAG="--threshold ${S#threshold:}" ;;
    *) echo "unknown step $S" >&2; exit 2 ;;
  esac
  M="$DIR/$FILE.tbl"
  # shellcheck disable=SC2086
  "$TRUCO" postprocess --model "models/$FILE.tbl" $FLAG --out "$M" > /dev/null
  BOTS="$M@raw"
  [ "$S" != "$STEP" ] && BOTS="$BOTS $M@rows=served"
  for BOT in $BOTS; do
    for B in ${OPPONENTS:-search heuristic}; do
      # shellcheck disable=SC2086
      LINE=$("$TRUCO" eval $V --a "$BOT" --b "$B" --matches "$MATCHES" --seed "$SEED" | sed -n 2p)
      echo "$NAME $S ${BOT#"$DIR"/} $B seed $SEED: $LINE"
    done
  done
done
