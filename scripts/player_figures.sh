#!/bin/sh
# The served player's strength: every shipped table, played as `truco serve` and `truco query`
# answer with it (`truco_player::Player`, `TablePlay::STRONG`: the default bot spec of a table
# file), in 2,000 duplicate matches against the search bot and against the heuristic, with two
# seeds. Prints one markdown row per table: the win rate with its paired 95% interval per seed.
#
#   scripts/player_figures.sh [MATCHES]        (default 2000; TRUCO names a prebuilt binary)
set -eu
MATCHES=${1:-2000}
if [ -z "${TRUCO:-}" ]; then
  cargo build --release
  TRUCO=target/release/truco
fi
rate() { # VARIANT-FLAGS MODEL OPPONENT SEED
  # shellcheck disable=SC2086
  "$TRUCO" eval $1 --a "$2" --b "$3" --matches "$MATCHES" --seed "$4" --json |
    python3 -c 'import json,sys; r=json.load(sys.stdin)["win_rate"]; print("%.1f%% [%.1f, %.1f]" % (100*r["value"], 100*r["low"], 100*r["high"]))'
}
echo "| table | vs search bot, seed 11 | seed 23 | vs heuristic, seed 11 | seed 23 |"
echo "|---|---|---|---|---|"
while read -r FILE FLAGS; do
  M=models/$FILE.tbl
  printf '| `%s` | %s | %s | %s | %s |\n' "$FILE.tbl" \
    "$(rate "$FLAGS" "$M" search 11)" "$(rate "$FLAGS" "$M" search 23)" \
    "$(rate "$FLAGS" "$M" heuristic 11)" "$(rate "$FLAGS" "$M" heuristic 23)"
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
