#!/bin/sh
# Whether a retrained table measures better than the one it would replace: both tables, each
# as trained (`@raw@rows=trained`), as exported (`@raw`: its header's post-processing) and as
# the player plays it (the file alone), against the search bot and the heuristic, then head to
# head in each of those three ways; MATCHES duplicate matches per seed, seeds 11 and 23, paired
# 95% intervals. Two evaluations run at a time. Prints one markdown table.
#
#   scripts/compare_tables.sh "VARIANT-FLAGS" NEW.tbl OLD.tbl [MATCHES]
#   e.g. scripts/compare_tables.sh "--variant arg-2v2" /tmp/arg-2v2.tbl models/arg-2v2.tbl
set -eu
FLAGS=$1
NEW=$2
OLD=$3
MATCHES=${4:-2000}
if [ -z "${TRUCO:-}" ]; then
  cargo build --release
  TRUCO=target/release/truco
fi
W=$(mktemp -d)
trap 'rm -rf "$W"' EXIT
result() { # A B SEED -> the file in $W holding that cell (its name made safe)
  echo "$W/$(printf '%s_%s_%s' "$1" "$2" "$3" | tr '/@=+ ' '_____')"
}
cell() { # A B SEED -> writes "value [low, high]" to its result file
  # shellcheck disable=SC2086
  "$TRUCO" eval $FLAGS --a "$1" --b "$2" --matches "$MATCHES" --seed "$3" --json |
    python3 -c 'import json,sys; r=json.load(sys.stdin)["win_rate"]; print("%.1f%% [%.1f, %.1f]" % (100*r["value"], 100*r["low"], 100*r["high"]))' >"$(result "$@")"
}
get() { cat "$(result "$@")"; }
JOBS=""
run() { # queue a cell, two at a time
  cell "$@" &
  JOBS="$JOBS $!"
  if [ "$(echo "$JOBS" | wc -w)" -ge 2 ]; then
    for j in $JOBS; do wait "$j"; done
    JOBS=""
  fi
}
WAYS="@raw@rows=trained @raw -"
for way in $WAYS; do
  w=${way#-}
  for t in "$NEW" "$OLD"; do
    for b in search heuristic; do
      for s in 11 23; do run "$t$w" "$b" "$s"; done
    done
  done
  for s in 11 23; do run "$NEW$w" "$OLD$w" "$s"; done
done
for j in $JOBS; do wait "$j"; done
echo "| way | table | vs search bot, seed 11 | seed 23 | vs heuristic, seed 11 | seed 23 |"
echo "|---|---|---|---|---|---|"
for way in $WAYS; do
  w=${way#-}
  name=${w:-"(player)"}
  for t in "$NEW" "$OLD"; do
    echo "| $name | \`$t\` | $(get "$t$w" search 11) | $(get "$t$w" search 23) | $(get "$t$w" heuristic 11) | $(get "$t$w" heuristic 23) |"
  done
  echo "| $name | new against old | $(get "$NEW$w" "$OLD$w" 11) | $(get "$NEW$w" "$OLD$w" 23) | | |"
done
