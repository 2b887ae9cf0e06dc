#!/bin/sh
# The strength figures of a model card: duplicate matches (2,000 each, paired 95% intervals)
# of a table against the search bot, the heuristic and random, played as `truco eval` plays a
# table by default (its most likely action, the card by search over bucketed keys, no dominated
# fold), then as trained (`@raw@rows=trained`: sampled, its own cards, folds and faltas), then
# as exported (`@raw`: the same with the post-processing step its header declares, if any);
# in the team games a mixed team (the table's first seat with the heuristic as partner) against
# two heuristics; then the bots' own reference lines.
#
#   scripts/eval_model.sh VARIANT [MODEL] [SEED]     VARIANT: paulista, paulista-hu, valencian, arg-1v1, arg-2v2,
#     classic-4-flor, classic-6-pica-pica, classic-6-flor-pica-pica, classic-2-flor-15 (the
#     arg-classic models of scripts/train_classic.sh; in six players the mixed team is one table
#     seat with two heuristic partners)
#   e.g. scripts/eval_model.sh paulista models/paulista.tbl 11
# TRUCO names a prebuilt binary.
set -eu
NAME=${1:?usage: scripts/eval_model.sh VARIANT [MODEL] [SEED]}
case "$NAME" in
  classic-4-flor) FILE=arg-classic-players-4-flor ;;
  classic-6-pica-pica) FILE=arg-classic-players-6-pica-pica ;;
  classic-6-flor-pica-pica) FILE=arg-classic-players-6-flor-pica-pica ;;
  classic-2-flor-15) FILE=arg-classic-players-2-target-15-flor ;;
  *) FILE=$NAME ;;
esac
M=${2:-models/$FILE.tbl}
SEED=${3:-11}
case "$NAME" in
  paulista-hu) V="--variant paulista --option players=2"; TEAM=no ;;
  paulista-hu-open) V="--variant paulista --option players=2 --option ferro=open"; TEAM=no ;;
  arg-1v1) V="--variant arg-1v1"; TEAM=no ;;
  paulista|valencian|arg-2v2) V="--variant $NAME"; TEAM=yes ;;
  classic-4-flor) V="--variant arg-classic --option players=4 --option flor"; TEAM=yes ;;
  classic-6-pica-pica) V="--variant arg-classic --option players=6 --option pica-pica"; TEAM=yes ;;
  classic-6-flor-pica-pica) V="--variant arg-classic --option players=6 --option flor --option pica-pica"; TEAM=yes ;;
  classic-2-flor-15) V="--variant arg-classic --option players=2 --option flor --option target=15"; TEAM=no ;;
  *) echo "unknown variant $NAME" >&2; exit 2 ;;
esac
if [ -z "${TRUCO:-}" ]; then
  cargo build --release
  TRUCO=target/release/truco
fi
run() {
  # shellcheck disable=SC2086
  "$TRUCO" eval $V --a "$1" --b "$2" --matches 2000 --seed "$SEED"
  echo
}
for b in search heuristic random; do
  run "$M" "$b"
done
for b in search heuristic random; do
  run "$M@raw@rows=trained" "$b"
done
for b in search heuristic; do
  run "$M@raw" "$b"
done
if [ "$TEAM" = yes ]; then
  run "$M+heuristic" heuristic
  run "$M@raw@rows=trained+heuristic" heuristic
fi
run search heuristic
run heuristic random
