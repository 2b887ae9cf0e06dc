#!/bin/sh
# The web explorer in a real browser: headless Chromium loads the page served by
# `truco serve --http`, and the page's self-test (`?selftest=1`) drives its own controls by
# clicks: three cards, "start the hand", the other seats' moves until the spot's seat decides,
# the bars of both tables (their probabilities must sum to 1), an action, back, forward, and
# the range grid. Prints the PASS/FAIL line and saves a screenshot.
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
URL="$(sed -n 's/^listening on //p' "$LOG")/?selftest=1"
FLAGS="--headless --no-sandbox --disable-gpu --disable-dev-shm-usage --virtual-time-budget=30000"
# shellcheck disable=SC2086
RESULT=$(timeout 120 "$BROWSER" $FLAGS --dump-dom "$URL" 2>/dev/null | sed -n 's/.*<pre id="selftest">\([^<]*\).*/\1/p')
# shellcheck disable=SC2086
timeout 120 "$BROWSER" $FLAGS --window-size=1250,1500 --screenshot="$SHOT" "$URL" >/dev/null 2>&1 || true
echo "${RESULT:-FAIL: the page gave no self-test result}"
echo "screenshot: $SHOT"
case "$RESULT" in PASS*) exit 0 ;; *) exit 1 ;; esac
