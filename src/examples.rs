//! The examples each subcommand's `--help` ends with: lines to paste from the repository root
//! (`tests/cli_help.rs` runs every one). A line ending in `# until Ctrl-C` starts a server.

/// `truco simulate --help`.
pub const SIMULATE: &str = "\
Examples:
  truco simulate --variant arg-1v1 --matches 1000 --seed 1
  truco simulate --variant arg-classic --option players=4 --option flor --matches 200 --seed 1 --json";

/// `truco eval --help`.
pub const EVAL: &str = "\
Examples:
  truco eval --variant arg-1v1 --a models/arg-1v1.tbl --b heuristic --matches 200 --seed 7
  truco eval --variant arg-1v1 --a heuristic --b random --matches 200 --seed 1 --json
  truco eval --variant arg-1v1 --a models/arg-1v1.tbl --b heuristic --search 2ms --search-side a --matches 20 --seed 11";

/// `truco query --help`.
pub const QUERY: &str = "\
Examples:
  truco query --model models/arg-1v1.tbl --spot \"arg-1v1 | score 0-0 | dealer 1 | seat 0: 1E 7O 4C\"
  truco query --model models/arg-1v1.tbl --spot \"arg-1v1 | score 3-9 | dealer 1 | seat 0: 6O 7O 1C | 0:envido 1:quiero [0:33 1:25] 0:1C 1:4E / 0:truco 1:quiero\" --json
  truco query --range --model models/arg-1v1.tbl --spot \"arg-1v1 | score 0-0 | dealer 1 | seat 0: 1E 7O 4C\" --png /tmp/truco-range.png";

/// `truco serve --help`.
pub const SERVE: &str = "\
Examples:
  echo '{\"spot\": \"arg-1v1 | score 0-0 | dealer 1 | seat 0: 1E 7O 4C\"}' | truco serve --model models/arg-1v1.tbl
  truco serve --model models/arg-1v1.tbl --listen 127.0.0.1:7878  # until Ctrl-C
  truco serve --http 127.0.0.1:8080 --model models/arg-1v1.tbl --model models/arg-1v1-rnr.tbl  # until Ctrl-C";

/// `truco postprocess --help`.
pub const POSTPROCESS: &str = "\
Examples:
  truco postprocess --model models/arg-1v1.tbl --purify --out /tmp/arg-1v1-purified.tbl
  truco postprocess --model models/arg-1v1.tbl --threshold 0.15 --out /tmp/arg-1v1-t15.tbl
  truco postprocess --model /tmp/arg-1v1-t15.tbl --none --out /tmp/arg-1v1-t15.tbl  # undone";

/// `truco train --help`.
pub const TRAIN: &str = "\
Examples:
  truco train --variant arg-1v1-mini --iterations 2000 --out /tmp/truco-mini.tbl
  truco train --variant arg-1v1 --time 3s --threads 2 --out /tmp/truco-quick.tbl
  truco train --variant arg-1v1-mini --iterations 4000 --warm-start /tmp/truco-mini.tbl --out /tmp/truco-mini-more.tbl";

/// `truco info --help`.
pub const INFO: &str = "\
Examples:
  truco info --model models/arg-1v1.tbl
  truco info --model models/arg-2v2.tbl --json";

/// `truco exploit --help`.
pub const EXPLOIT: &str = "\
Examples:
  truco exploit --model models/arg-1v1.tbl --iterations 2000 --deals 1000 --matches 100
  truco exploit --bot heuristic --iterations 2000 --deals 1000 --matches 100 --json
  truco exploit --bot models/arg-1v1.tbl --responder lbr --lbr-deals 20 --matches 0
  truco exploit --bot models/paulista-hu.tbl@raw --variant paulista --option players=2 --responder both --train-on-table --iterations 2000 --deals 200 --lbr-deals 20 --matches 10";

/// `truco plot --help`.
pub const PLOT: &str = "\
Examples:
  truco plot --log models/arg-1v1.log.jsonl --out /tmp/truco-plots
  truco plot --curve scripts/mini_curve.csv --out /tmp/truco-plots";

/// `truco play --help`.
pub const PLAY: &str = "\
Examples:
  truco play --variant arg-1v1 --model models/arg-1v1.tbl
  truco play --variant paulista --option players=2 --model models/paulista-hu.tbl --seed 7";

/// `truco solve --help`.
pub const SOLVE: &str = "\
Examples:
  truco solve --variant paulista --option players=2 --option ferro=open --score 11-11 --dealer 0 --deck 1:2,4:2,7:2,10:1,12:1
  truco solve --variant paulista --option players=2 --option ferro=open --score 11-11 --dealer 1 --deck 1:2,4:2,7:2,10:1,12:1 --table /tmp/truco-cell.tbl --json";
