#!/bin/sh
# The web explorer in a real browser: headless Chromium opens the page served by
# `truco serve --http` at an address naming a table, a table to compare and a spot, and the
# page's self-test (`?selftest=1`) checks the form followed that spot and kept its `/` trick
# marks, then drives its own controls by clicks: the landing example, three cards, "start the
# hand", the other seats' moves until the spot's seat decides, the move line and the bars of
# both tables (their probabilities must sum to 1; values, or a word that there are none), an
# action, back, forward, the range grid, and a spot with fallback cells (marked, in the
# legend, a cell's whole mix on click). Prints the PASS/FAIL line and saves a screenshot.
#
#   scripts/browser_test.sh [SCREENSHOT]     (default /tmp/truco-explorer.png)
# Needs chromium (apt-get install chromium); TRUCO names a prebuilt binary.
set -eu
SHOT=${1:-/tmp/truco-explorer.png}
BROWSER=$(command -v chromium || command -v chromium-browser || true)
[ -n "$BROWSER" ] || { echo "chromium is needed (apt-get install chromium)" >&2; exit 2; }
if [ -z "${TRUCO:-}" ]; then
  cargo build --release
  TRUCO=target/release/truco
fi
LOG=$(mktemp)
"$TRUCO" serve --http 127.0.0.1:0 --model models/arg-1v1.tbl --model models/arg-1v1-rnr.tbl > "$LOG" 2>&1 &
PID=$!
trap 'kill $PID 2>/dev/null || true; rm -f "$LOG"' EXIT
i=0
until grep -q "listening on" "$LOG"; do
  i=$((i + 1))
  [ $i -lt 300 ] || { echo "the server did not start: $(cat "$LOG")" >&2; exit 1; }
  sleep 0.1
done
# arg-1v1 | score 5-2 | dealer 0 | seat 1: 3E 2B 4C | 1:4C 0:5E / 0:truco
SPOT='arg-1v1%20%7C%20score%205-2%20%7C%20dealer%200%20%7C%20seat%201%3A%203E%202B%204C%20%7C%201%3A4C%200%3A5E%20%2F%200%3Atruco'
URL="$(sed -n 's/^listening on //p' "$LOG")/?model=arg-1v1&compare=arg-1v1-rnr&spot=$SPOT&selftest=1"
FLAGS="--headless --no-sandbox --disable-gpu --disable-dev-shm-usage --virtual-time-budget=30000"
# shellcheck disable=SC2086
RESULT=$(timeout 120 "$BROWSER" $FLAGS --dump-dom "$URL" 2>/dev/null | sed -n 's/.*<pre id="selftest">\([^<]*\).*/\1/p')
# shellcheck disable=SC2086
timeout 120 "$BROWSER" $FLAGS --window-size=1250,1500 --screenshot="$SHOT" "$URL" >/dev/null 2>&1 || true
echo "${RESULT:-FAIL: the page gave no self-test result}"
echo "screenshot: $SHOT"
case "$RESULT" in PASS*) exit 0 ;; *) exit 1 ;; esac
