# Sourced by the train_*.sh scripts: where a run of a shipped model starts, and how its result
# ships.
#
# start_flags OUT MODEL prints the flags that start the run writing OUT (in a work folder):
#   - a checkpoint beside OUT (an earlier run in the same work folder, killed or finished):
#     `--resume` it;
#   - else, unless FRESH=1, a shipped models/MODEL.tbl with its `.warm` sidecar: `--warm-start`
#     from it (the table goes on from its rows, iterations and history: training accumulates
#     across machines that keep no checkpoint), its training log copied to OUT's so the new
#     lines follow it, and a seed of its iteration count (not the first run's sample again);
#   - else a fresh run, seed 7.
# ship OUT MODEL copies the table and its log, history and warm-start sidecar to models/.

start_flags() {
  if [ -f "$1.ckpt" ]; then
    echo "--resume $1.ckpt"
  elif [ "${FRESH:-0}" != 1 ] && [ -f "models/$2.tbl.warm" ]; then
    [ -f "models/$2.log.jsonl" ] && cp "models/$2.log.jsonl" "$1.log.jsonl"
    seed=$(sed -n 's/^ *"iterations": *\([0-9]*\),*$/\1/p' "models/$2.tbl.history.json" 2>/dev/null | head -n 1)
    echo "--warm-start models/$2.tbl --seed ${seed:-8}"
  else
    echo "--seed 7"
  fi
}

ship() {
  cp "$1" "models/$2.tbl"
  cp "$1.log.jsonl" "models/$2.log.jsonl"
  for ext in .history.json .warm; do
    if [ -f "$1$ext" ]; then cp "$1$ext" "models/$2.tbl$ext"; fi
  done
}
