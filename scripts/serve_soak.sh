#!/usr/bin/env bash
# The serving soak: against `truco serve --listen` and `--http`, on loopback only, hostile
# clients from 127.0.0.2-5 (idle floods, slowloris, blank-line and keep-alive floods,
# concurrent query and range requests) while the served table is swapped in a loop (renamed
# over, rewritten in place, truncated); a good client on 127.0.0.1 must get every answer, with
# a p99 under 100 ms. Prints each mode's figures (good requests, p50, p99, max, sockets the
# server held). Bounded: a few hundred connections, SOAK_SECONDS per mode (default 30).
#
#   scripts/serve_soak.sh                 (SOAK_SECONDS=5 scripts/serve_soak.sh for a short run)
#   TRUCO_BIN=path/to/truco scripts/serve_soak.sh    (another build, e.g. one without a fix)
set -euo pipefail
cd "$(dirname "$0")/.."
SOAK_SECONDS=${SOAK_SECONDS:-30} cargo test --release --test serve_soak -- \
  --ignored --nocapture --test-threads 1 2>&1 | grep -E "soak --|test result|panicked|FAILED"
