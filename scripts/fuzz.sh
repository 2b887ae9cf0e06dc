#!/bin/sh
# Fuzzes on the stable toolchain (crates/truco-fuzz): table bytes, spot notation, serve request
# lines and training checkpoints, each for SECONDS, from SEED. Crashing inputs are saved under
# CRASHES/<target>/ and the script exits 1 if there is any. CI runs a short smoke run of the
# same loop (`cargo test -p truco-fuzz`).
#
#   scripts/fuzz.sh [SECONDS] [SEED] [CRASHES]     e.g. scripts/fuzz.sh 600 2
set -eu
SECONDS_PER_TARGET=${1:-60}
SEED=${2:-1}
CRASHES=${3:-fuzz-crashes}
cargo build --release -p truco-fuzz
exec target/release/truco-fuzz --target all --seconds "$SECONDS_PER_TARGET" --seed "$SEED" \
  --crashes "$CRASHES"
