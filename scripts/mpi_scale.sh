#!/bin/sh
# Distributed training measured on this machine, then projected to a cluster: arg-1v1
# iterations/s with 1 process and with 2 MPI ranks (1 thread each), and for each merge interval
# the bytes a rank sends per merge and the time a merge takes; scripts/mpi_project.py turns them
# into the throughput of 4, 16 and 64 nodes. Needs OpenMPI and libclang (see the README); run
# it on an idle machine.
#
#   scripts/mpi_scale.sh [SECONDS] [MERGE_EVERY ...]     defaults: 60 s, 250 1000 4000
set -eu
SECS=${1:-60}
[ $# -gt 0 ] && shift
KS=${*:-250 1000 4000}
cargo build --release --features mpi
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1
export OMPI_MCA_btl_vader_single_copy_mechanism=none
OUT=$(mktemp -d)
trap 'rm -rf "$OUT"' EXIT
COMMON="--variant arg-1v1 --time ${SECS}s --threads 1 --eval-deals 0 --quiet --json --max-info-sets 20000000"
# shellcheck disable=SC2086
target/release/truco train $COMMON --out "$OUT/one.tbl" > "$OUT/one.json"
for k in $KS; do
  # shellcheck disable=SC2086
  mpirun -np 2 --oversubscribe target/release/truco train --distributed $COMMON \
    --merge-every "$k" --out "$OUT/two.tbl" > "$OUT/two-$k.json"
done
python3 scripts/mpi_project.py "$OUT/one.json" "$OUT"/two-*.json
