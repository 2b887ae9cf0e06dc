#!/bin/sh
# The served player's strength: every shipped table, played as `truco serve` and `truco query`
# answer with it (`truco_player::Player`, `TablePlay::STRONG`: the default bot spec of a table
# file), in 2,000 duplicate matches against the search bot and against the heuristic, with two
# seeds. Prints one markdown row per table: the win rate with its paired 95% interval per seed.
#
#   scripts/player_figures.sh [MATCHES]        (default 2000; TRUCO names a prebuilt binary)
#   SEARCH=20ms scripts/player_figures.sh      where the search pays: the player searching its
#                                              answers to truco calls from the second trick
#                                              (`truco eval --search`) against the same player
#                                              without search, seeds 11 and 23
#   ONLY=REGEX                                 the tables whose file name matches (grep -E)
set -eu
MATCHES=${1:-2000}
if [ -z "${TRUCO:-}" ]; then
  cargo build --release
  TRUCO=target/release/truco
fi
rate() { # VARIANT-FLAGS MODEL OPPONENT SEED [EVAL-FLAGS...]
  flags=$1 model=$2 opponent=$3 seed=$4
  shift 4
  # shellcheck disable=SC2086
  "$TRUCO" eval $flags --a "$model" --b "$opponent" --matches "$MATCHES" --seed "$seed" "$@" --json |
    python3 -c 'import json,sys; r=json.load(sys.stdin)["win_rate"]; print("%.1f%% [%.1f, %.1f]" % (100*r["value"], 100*r["low"], 100*r["high"]))'
}
if [ -n "${SEARCH:-}" ]; then
  echo "| table | searching $SEARCH vs not, seed 11 | seed 23 |"
  echo "|---|---|---|"
else
  echo "| table | vs search bot, seed 11 | seed 23 | vs heuristic, seed 11 | seed 23 |"
  echo "|---|---|---|---|---|"
fi
while read -r FILE FLAGS; do
  if [ -n "${ONLY:-}" ] && ! echo "$FILE" | grep -Eq -- "$ONLY"; then
    continue
  fi
  M=models/$FILE.tbl
  if [ -n "${SEARCH:-}" ]; then
    printf '| `%s` | %s | %s |\n' "$FILE.tbl" \
      "$(rate "$FLAGS" "$M" "$M" 11 --search "$SEARCH" --search-side a)" \
      "$(rate "$FLAGS" "$M" "$M" 23 --search "$SEARCH" --search-side a)"
  else
    printf '| `%s` | %s | %s | %s | %s |\n' "$FILE.tbl" \
      "$(rate "$FLAGS" "$M" search 11)" "$(rate "$FLAGS" "$M" search 23)" \
      "$(rate "$FLAGS" "$M" heuristic 11)" "$(rate "$FLAGS" "$M" heuristic 23)"
  fi
done <<'TABLES'
arg-1v1 --variant arg-1v1
arg-1v1-rnr --variant arg-1v1
arg-2v2 --variant arg-2v2
paulista --variant paulista
paulista-hu --variant paulista --option players=2
paulista-hu-open --variant paulista --option players=2 --option ferro=open
valencian --variant valencian
arg-classic-players-2-target-15-flor --variant arg-classic --option players=2 --option flor --option target=15
arg-classic-players-4-flor --variant arg-classic --option players=4 --option flor
arg-classic-players-6-pica-pica --variant arg-classic --option players=6 --option pica-pica
arg-classic-players-6-flor-pica-pica --variant arg-classic --option players=6 --option flor --option pica-pica
TABLES
