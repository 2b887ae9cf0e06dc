#!/bin/sh
# Plays a few moves of `truco play` in a real terminal (tmux) and captures the screen: what a
# person sees. Writes the captures to OUT (default /tmp/truco-play-screen.txt).
#
#   scripts/play_tmux.sh [VARIANT] [MODEL] [OUT]     e.g. scripts/play_tmux.sh paulista models/paulista.tbl
set -eu
VARIANT=${1:-arg-1v1}
MODEL=${2:-models/arg-1v1.tbl}
OUT=${3:-/tmp/truco-play-screen.txt}
command -v tmux >/dev/null || { echo "tmux is needed (apt-get install tmux)" >&2; exit 2; }
if [ -z "${TRUCO:-}" ]; then
  cargo build --release
  TRUCO=target/release/truco
fi
S=truco-play-$$
tmux new-session -d -s "$S" -x 120 -y 40 "$TRUCO play --variant $VARIANT --model $MODEL --seed 7; sleep 30"
trap 'tmux kill-session -t "$S" 2>/dev/null || true' EXIT
: > "$OUT"
capture() {
  sleep 0.5
  { echo "### after: $1"; tmux capture-pane -p -t "$S"; } >> "$OUT"
}
capture "start"
for keys in hint 1 1 1; do
  tmux send-keys -t "$S" "$keys" Enter
  capture "$keys"
done
tmux send-keys -t "$S" quit Enter
capture "quit"
grep -q "You left the match" "$OUT" || { echo "the match did not end on quit: see $OUT" >&2; exit 1; }
echo "screen captured in $OUT"
