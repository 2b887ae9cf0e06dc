#!/usr/bin/env bash
# Time and memory of exact heads-up paulista cell solves (truco-solve), one row per vira class.
# Usage: scripts/solve_bench.sh [EPS] [CLASS]   (defaults: 1e-3, K = vira class 6)
# 1. 11-11 (open ferro), dealer 0, one vira class;  2. the same cell over all nine classes,
# recorded into an mv table;  3. 11-10 (mão de onze), dealer 1, one class, reading that table.
set -euo pipefail
cd "$(dirname "$0")/.."
EPS="${1:-1e-3}"
CLASS="${2:-K}"
OUT="${TMPDIR:-/tmp}/solve_bench.$$"
mkdir -p "$OUT"
cargo build -p truco-solve --release --example solve_cell >/dev/null
BIN=target/release/examples/solve_cell
echo "| cell | vira class | deals | nodes | info sets | iterations | exploitability | team-0 value | MB (arena+solver) | build s | solve s |"
echo "|---|---|---|---|---|---|---|---|---|---|---|"
run() {
  /usr/bin/time -f "wall %e s, peak RSS %M KB, CPU %P" "$BIN" "$@" 2>"$OUT/err" | grep -v '^$'
  tail -1 "$OUT/err"
}
run 11-11 0 "$CLASS" "$EPS"
if [ "${FULL:-1}" = 1 ]; then
  run 11-11 0 all "$EPS" "$OUT/mv.json"
  run 11-10 1 "$CLASS" "$EPS" "$OUT/mv.json"
fi
echo "load average: $(cut -d' ' -f1-3 /proc/loadavg)"
rm -rf "$OUT"
