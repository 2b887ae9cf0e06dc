//! `truco train`: trains a strategy table (ES-MCCFR by default) with a progress bar, atomic
//! checkpoints, Ctrl-C handling, `--resume`, and a JSON-lines training log; writes the table
//! with truco-query's format. With no flags: arg-1v1 for about a minute into
//! `models/arg-1v1-quick.tbl`.

use std::io::Write;
use std::path::PathBuf;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::Duration;

use truco_cfr::{Comm, Single};
use truco_game::abstraction::Abstraction;
use truco_train::{train_on, TrainError, TrainOptions, TrainVariant};

/// Arguments of `truco train`.
#[derive(clap::Args, Debug, Clone)]
pub struct Args {
    /// Variant: arg-1v1, arg-1v1-mini, arg-2v2, paulista (with `--option players=2` and
    /// `--option ferro=open` for heads-up), valencian, or arg-classic with any option set the
    /// engine accepts (`--option players=6 --option flor --option pica-pica`).
    #[arg(long, default_value = "arg-1v1")]
    pub variant: String,
    /// A variant option, repeated (`--option players=6 --option flor`): arg-classic (players,
    /// target, flor, falta-in-malas, early-mazo, pica-pica) and paulista (players, ferro).
    #[arg(long = "option")]
    pub options: Vec<String>,
    /// Stop after this many iterations in total (a resumed run counts its earlier ones).
    #[arg(long)]
    pub iterations: Option<u64>,
    /// Stop after this much time: 90s, 10m, 2h (default 1m when no --iterations is given).
    #[arg(long, value_parser = parse_duration)]
    pub time: Option<Duration>,
    /// Worker threads (1 is reproducible bit for bit, also across --resume).
    #[arg(long, default_value_t = 1)]
    pub threads: usize,
    /// The table to write (default models/<variant>-quick.tbl, so a quick run never replaces
    /// the trained models/<variant>.tbl); the checkpoint goes to <out>.ckpt and the log to
    /// <out>.log.jsonl.
    #[arg(long)]
    pub out: Option<PathBuf>,
    /// Continue the run saved in this checkpoint.
    #[arg(long)]
    pub resume: Option<PathBuf>,
    /// Continue training this table, when its run left no checkpoint: from its rows and the
    /// `<table>.warm` sidecar every run writes beside its table (same variant and abstraction;
    /// the iterations, discounting and history go on from the table's).
    #[arg(long, value_name = "TABLE", conflicts_with = "resume")]
    pub warm_start: Option<PathBuf>,
    /// es-mccfr (default) or os-mccfr.
    #[arg(long, default_value = "es-mccfr")]
    pub algorithm: String,
    /// Solver seed.
    #[arg(long, default_value_t = 0)]
    pub seed: u64,
    /// Abstraction id. arg-1v1 and arg-1v1-mini: arg-1v1-buckets-v1 (default),
    /// arg-1v1-buckets-v2, arg-1v1-buckets-v3, arg-1v1-equity-v1, arg-1v1-equity-coarse-v1
    /// (card buckets measured: `abstractions/arg-1v1.md`), arg-1v1-tiers-v1 or arg-1v1-tiers-noorder-v1;
    /// arg-2v2: arg-2v2-buckets-v2 (default) or arg-2v2-buckets-v1; paulista:
    /// paulista-buckets-v1 (default), heads-up (`--option players=2`) also paulista-hu-tiers-v1
    /// and paulista-hu-tiers-v2;
    /// valencian: valencian-buckets-v1; arg-classic: arg-classic-buckets-v1.
    #[arg(long)]
    pub abstraction: Option<String>,
    /// Checkpoint file (default <out>.ckpt).
    #[arg(long)]
    pub checkpoint: Option<PathBuf>,
    /// Time between checkpoints.
    #[arg(long, value_parser = parse_duration, default_value = "5m")]
    pub checkpoint_every: Duration,
    /// Time between quality measurements (duplicate deals against the random and heuristic bots).
    #[arg(long, value_parser = parse_duration, default_value = "2m")]
    pub eval_every: Duration,
    /// Duplicate deals per quality measurement (0 turns it off).
    #[arg(long, default_value_t = 2000)]
    pub eval_deals: u64,
    /// Capacity of the solver table, in information sets.
    #[arg(long, default_value_t = 1 << 22)]
    pub max_info_sets: usize,
    /// Most rows in the table: the most visited information sets are kept (0: all).
    #[arg(long, default_value_t = 4_000_000)]
    pub max_rows: usize,
    /// The post-processing step the exported table declares: none, purify or threshold:T
    /// (0 <= T < 1); its readers serve the rows processed (see `truco postprocess`).
    #[arg(long, value_name = "STEP", default_value = "none")]
    pub postprocess: String,
    /// Linear-CFR discounting: every this many iterations (the k-th time), regrets and
    /// strategy sums are multiplied by k/(k+1), so later iterations weigh more (0: off).
    #[arg(long, default_value_t = 0)]
    pub discount_every: u64,
    /// Stop discounting after this many iterations in total (default: never).
    #[arg(long)]
    pub discount_until: Option<u64>,
    /// Regret-based pruning (es-mccfr, heads-up variants), as in Pluribus: in 95% of the
    /// iterations after the first 1,000, the traverser skips actions whose regret is below
    /// this negative threshold (in points), and the average strategy is built by a separate
    /// unpruned pass (`--prune-average-every`). With --resume: turns it on or changes it.
    #[arg(long, value_name = "THRESHOLD", allow_negative_numbers = true)]
    pub prune: Option<f32>,
    /// With --prune: iterations between two passes of the average strategy, each weighted by
    /// the interval.
    #[arg(long, default_value_t = 10, requires = "prune")]
    pub prune_average_every: u64,
    /// Start scores of the training hands: uniform (each seat 0..14) or match-play (as often
    /// as matches reach them, mixed half and half with uniform).
    #[arg(long, default_value = "uniform")]
    pub scores: String,
    /// What a hand's outcome is worth: points (net points, capped at what each side needs) or
    /// match (arg-1v1: the match-win chance at the score the hand leads to, from the project's
    /// match-equity table).
    #[arg(long, default_value = "points")]
    pub utility: String,
    /// Restricted Nash response to the heuristic bot: the opponent is the heuristic with this
    /// probability (0..1), else a strategy of its own; the table is a strategy that exploits
    /// the heuristic while staying hard to exploit (default: self-play, an equilibrium).
    #[arg(long)]
    pub exploit_heuristic: Option<f64>,
    /// With --resume: zero the average strategy, keep the regrets (a warm start, e.g. of
    /// --exploit-heuristic from an equilibrium run).
    #[arg(long)]
    pub reset_average: bool,
    /// No progress bar.
    #[arg(long)]
    pub quiet: bool,
    /// Print the final report as JSON.
    #[arg(long)]
    pub json: bool,
    /// Train on every rank of an MPI job (`mpirun -np N truco train --distributed ...`; needs a
    /// truco built with `--features mpi`). Rank 0 writes the table, checkpoints and log.
    #[arg(long)]
    pub distributed: bool,
    /// With --distributed: iterations each rank runs between two merges.
    #[arg(long, default_value_t = 1000)]
    pub merge_every: u64,
}

/// Most `--eval-deals` (a measurement of more would stall training for minutes).
pub const MAX_EVAL_DEALS: u64 = 1_000_000;

/// Parses `90s`, `10m`, `2h` or a number of seconds.
pub(crate) fn parse_duration(s: &str) -> Result<Duration, String> {
    let t = s.trim();
    let (num, unit) = t.split_at(
        t.find(|c: char| !c.is_ascii_digit() && c != '.')
            .unwrap_or(t.len()),
    );
    let v: f64 = num
        .parse()
        .map_err(|_| format!("`{s}`: expected a duration like 90s, 10m or 2h"))?;
    let secs = match unit {
        "" | "s" => v,
        "m" => v * 60.0,
        "h" => v * 3600.0,
        _ => return Err(format!("`{s}`: unknown unit `{unit}` (s, m or h)")),
    };
    // A year is more than any run; beyond it (or beyond what a Duration holds) is a typo.
    if secs > 366.0 * 86_400.0 {
        return Err(format!("`{s}`: too long (at most a year)"));
    }
    Duration::try_from_secs_f64(secs).map_err(|e| format!("`{s}`: {e}"))
}

/// Builds the trainer's options from the command line.
fn options(a: &Args) -> Result<TrainOptions, TrainError> {
    let opts: Vec<&str> = a.options.iter().map(String::as_str).collect();
    let variant = TrainVariant::from_rules(&a.variant, &opts)?;
    let out = a
        .out
        .clone()
        .unwrap_or_else(|| PathBuf::from(format!("models/{}-quick.tbl", variant.name())));
    let mut o = TrainOptions::new(variant, out);
    if let Some(id) = &a.abstraction {
        o.abstraction = Abstraction::from_id(id)?;
    }
    variant.check_abstraction(o.abstraction)?;
    o.algorithm = a.algorithm.parse()?;
    if a.iterations == Some(0) {
        return Err(TrainError::InvalidOption(
            "--iterations must be at least 1 (0 would replace the table with an empty one)".into(),
        ));
    }
    if a.time.is_some_and(|t| t.is_zero()) {
        return Err(TrainError::InvalidOption(
            "--time must be more than 0 (0 would replace the table with an empty one)".into(),
        ));
    }
    if a.eval_deals > MAX_EVAL_DEALS {
        return Err(TrainError::InvalidOption(format!(
            "--eval-deals must be at most {MAX_EVAL_DEALS} (each measurement plays them all)"
        )));
    }
    for (flag, path) in [
        ("--out", a.out.as_ref()),
        ("--checkpoint", a.checkpoint.as_ref()),
    ] {
        let Some(p) = path else { continue };
        if p.is_dir() || p.as_os_str().to_string_lossy().ends_with('/') {
            return Err(TrainError::InvalidOption(format!(
                "{flag}: {} is a directory; give a file name (e.g. {}/table.tbl)",
                p.display(),
                p.display().to_string().trim_end_matches('/')
            )));
        }
    }
    for (flag, path) in [
        ("--out", a.out.as_ref()),
        ("--checkpoint", a.checkpoint.as_ref()),
    ] {
        if let Some(dir) = path
            .and_then(|p| p.parent())
            .filter(|d| !d.as_os_str().is_empty() && !d.is_dir())
        {
            return Err(TrainError::InvalidOption(format!(
                "{flag}: directory {} does not exist",
                dir.display()
            )));
        }
    }
    o.iterations = a.iterations;
    o.time = match (a.time, a.iterations) {
        (Some(t), _) => Some(t),
        (None, Some(_)) => None,
        (None, None) => Some(Duration::from_secs(60)),
    };
    if a.threads == 0 {
        return Err(TrainError::InvalidOption(
            "--threads must be at least 1".into(),
        ));
    }
    o.threads = a.threads;
    o.seed = a.seed;
    o.resume = a.resume.clone();
    o.warm_start = a.warm_start.clone();
    if let Some(c) = &a.checkpoint {
        o.checkpoint = c.clone();
    }
    o.checkpoint_every = a.checkpoint_every;
    o.eval_every = a.eval_every;
    o.eval_deals = a.eval_deals;
    o.max_info_sets = a.max_info_sets;
    o.max_rows = (a.max_rows > 0).then_some(a.max_rows);
    o.post_process = a
        .postprocess
        .parse()
        .map_err(|e: truco_query::PostProcessError| TrainError::InvalidOption(e.to_string()))?;
    o.scores = a.scores.parse()?;
    o.utility = a.utility.parse()?;
    o.exploit_heuristic = a.exploit_heuristic;
    o.reset_average = a.reset_average;
    o.discount_every = a.discount_every;
    o.discount_until = a.discount_until;
    o.pruning = a.prune.map(|threshold| truco_cfr::Pruning {
        threshold,
        average_interval: a.prune_average_every,
        ..truco_cfr::Pruning::default()
    });
    o.progress = !a.quiet;
    if a.merge_every == 0 {
        return Err(TrainError::InvalidOption(
            "--merge-every must be at least 1".into(),
        ));
    }
    o.merge_every = a.merge_every;
    o.command = command_line(std::env::args().skip(1));
    Ok(o)
}

/// `truco` and `args` as one shell line (an argument with a space or a quote single-quoted),
/// for the training history.
fn command_line(args: impl Iterator<Item = String>) -> String {
    let quote = |a: String| {
        let plain = !a.is_empty()
            && a.chars()
                .all(|c| c.is_ascii_alphanumeric() || "-_=./:,@+%".contains(c));
        if plain {
            a
        } else {
            format!("'{}'", a.replace('\'', "'\\''"))
        }
    };
    std::iter::once("truco".to_string())
        .chain(args.map(quote))
        .collect::<Vec<_>>()
        .join(" ")
}

/// Runs `truco train`.
pub fn run(a: &Args, out: &mut impl Write) -> Result<(), Box<dyn std::error::Error>> {
    let o = options(a)?;
    if a.out.is_none() {
        // The default table's folder (models/) is created; a folder the user named must exist.
        if let Some(dir) = o.out.parent().filter(|d| !d.as_os_str().is_empty()) {
            std::fs::create_dir_all(dir)?;
        }
    }
    let stop = Arc::new(AtomicBool::new(false));
    let flag = stop.clone();
    // A second Ctrl-C while the checkpoint is written is ignored; the handler only sets a flag.
    ctrlc::set_handler(move || flag.store(true, Ordering::Relaxed))?;
    let comm = communicator(a.distributed)?;
    let r = train_on(&o, &stop, comm.as_ref())?;
    if comm.rank() != 0 {
        return Ok(()); // rank 0 reports for the job
    }
    if a.json {
        writeln!(out, "{}", serde_json::to_string(&r)?)?;
        return Ok(());
    }
    writeln!(
        out,
        "{} {} ({}): {} iterations in {:.1} s ({:.0} it/s){}",
        o.variant,
        o.algorithm,
        o.abstraction.id(),
        r.iterations,
        r.seconds,
        r.iterations as f64 / r.seconds.max(1e-9),
        if r.interrupted { ", interrupted" } else { "" }
    )?;
    if let Some(m) = &r.merge {
        writeln!(
            out,
            "{} ranks: {} merges, {:.1} MB sent by rank 0 ({:.0} KB per merge), {:.2} s merging",
            r.ranks,
            m.merges,
            m.bytes_sent as f64 / 1e6,
            m.bytes_sent as f64 / 1e3 / m.merges.max(1) as f64,
            m.seconds
        )?;
        if m.dropped > 0 {
            writeln!(
                out,
                "the table was full: {} information sets of the other ranks were dropped; raise --max-info-sets",
                m.dropped
            )?;
        }
    }
    writeln!(
        out,
        "information sets: {} (solver memory {:.1} MB)",
        r.info_sets,
        r.solver_bytes as f64 / 1e6
    )?;
    writeln!(
        out,
        "table: {} ({} rows, {:.2} MB); checkpoint: {}",
        o.out.display(),
        r.table_rows,
        r.table_bytes as f64 / 1e6,
        o.checkpoint.display()
    )?;
    writeln!(
        out,
        "trained in {} run{} ({:.3} core-hours; `truco info --model {}`)",
        r.runs,
        if r.runs == 1 { "" } else { "s" },
        r.core_hours,
        o.out.display()
    )?;
    for e in &r.eval {
        writeln!(
            out,
            "vs {}: {:+.3} ± {:.3} points per hand over {} duplicate deals (table coverage {:.1}%)",
            e.opponent,
            e.points_per_hand,
            e.ci95,
            e.deals,
            100.0 * e.coverage
        )?;
    }
    Ok(())
}

/// The MPI world with `--distributed`, else a run of one process.
fn communicator(distributed: bool) -> Result<Box<dyn Comm>, TrainError> {
    if !distributed {
        return Ok(Box::new(Single));
    }
    #[cfg(feature = "mpi")]
    {
        Ok(Box::new(truco_cfr::mpi_comm::MpiComm::init()?))
    }
    #[cfg(not(feature = "mpi"))]
    Err(TrainError::InvalidOption(
        "--distributed needs MPI: this truco was built without it; build it with `cargo build --release --features mpi` (OpenMPI and libclang installed: see the README)".into(),
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn command_lines_quote_what_the_shell_would_split() {
        let args = [
            "train",
            "--out",
            "/tmp/a b.tbl",
            "--option",
            "players=6",
            "it's",
        ];
        assert_eq!(
            command_line(args.iter().map(|a| a.to_string())),
            "truco train --out '/tmp/a b.tbl' --option players=6 'it'\\''s'"
        );
    }
}
