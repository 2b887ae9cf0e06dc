#!/usr/bin/env bash
# Leduc poker throughput: truco-cfr's solvers (ES-MCCFR and OS-MCCFR with 1 thread and with all
# threads, CFR+/DCFR full traversal) against OpenSpiel's C++ ExternalSamplingMCCFRSolver (through
# pyspiel) on the same machine. One "iteration" is one traversal per player in both.
#
# Usage: scripts/bench_leduc.sh [seconds per row, default 5]
# The first run creates scripts/.venv (gitignored) and installs the PyPI package `open-spiel`
# into it. Not part of CI. Leave the machine otherwise idle: other load skews the figures.
set -euo pipefail
cd "$(dirname "$0")/.."
SECS="${1:-5}"
VENV=scripts/.venv

if ! "$VENV/bin/python" -c "import pyspiel" 2>/dev/null; then
    python3 -m venv "$VENV"
    "$VENV/bin/pip" install -q open-spiel
fi

echo "machine: $(nproc) cores, $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | xargs); load: $(cut -d' ' -f1-3 /proc/loadavg)"
cargo build -q -p truco-cfr --release --example bench_leduc
OUT="$(mktemp)"
trap 'rm -f "$OUT"' EXIT
cargo run -q -p truco-cfr --release --example bench_leduc -- "$SECS" | tee "$OUT"
OURS="$(awk -F'|' '$2 == " truco-cfr es-mccfr " && $3+0 == 1 {gsub(/ /, "", $4); print $4; exit}' "$OUT")"
"$VENV/bin/python" scripts/bench_leduc_openspiel.py "$SECS" "$OURS"
