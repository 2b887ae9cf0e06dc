//! The training loop: chunks of iterations, a progress bar, atomic checkpoints, resume, a JSON
//! lines log of the quality measured along the way, and the table at the end.

use std::fs::OpenOptions;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use indicatif::{ProgressBar, ProgressStyle};
use serde::Serialize;
use truco_bots::{Heuristic, Random};
use truco_cfr::distributed::round_share;
use truco_cfr::{Algorithm, Comm, McConfig, McSolver, MergeStats, Merger, Pruning, Single};
use truco_game::abstraction::Abstraction;
use truco_query::{PostProcess, WriteSummary};

use crate::checkpoint::{self, CheckpointHeader};
use crate::error::TrainError;
use crate::eval::{duplicate_eval, EvalResult};
use crate::export::write_table_with;
use crate::history::{self, RunRecord, TableHistory};
use crate::keying::Abstract;
use crate::restricted::Restricted;
use crate::scores::ScoreDist;
use crate::variant::TrainVariant;
use crate::warm;
use truco_game::rules::Variant;

/// What to train and how.
#[derive(Clone, Debug)]
pub struct TrainOptions {
    /// The variant.
    pub variant: TrainVariant,
    /// The abstraction.
    pub abstraction: Abstraction,
    /// A sampling algorithm (es-mccfr or os-mccfr).
    pub algorithm: Algorithm,
    /// Stop after this many iterations in total (resumed ones included).
    pub iterations: Option<u64>,
    /// Stop after this much training time in this process.
    pub time: Option<Duration>,
    /// Worker threads.
    pub threads: usize,
    /// Solver seed (ignored when resuming: the checkpoint has its RNG).
    pub seed: u64,
    /// The table to write.
    pub out: PathBuf,
    /// The checkpoint to write (and to update every `checkpoint_every`).
    pub checkpoint: PathBuf,
    /// A checkpoint to continue.
    pub resume: Option<PathBuf>,
    /// A table to continue from its rows and its warm-start sidecar ([`crate::warm`]), when
    /// the run that made it left no checkpoint.
    pub warm_start: Option<PathBuf>,
    /// Time between checkpoints.
    pub checkpoint_every: Duration,
    /// The JSON lines log (appended).
    pub log: Option<PathBuf>,
    /// Time between quality measurements (also measured at the end).
    pub eval_every: Duration,
    /// Duplicate deals per measurement (0: no measurement).
    pub eval_deals: u64,
    /// Draw a progress bar on stderr.
    pub progress: bool,
    /// Capacity of the solver table in information sets.
    pub max_info_sets: usize,
    /// Most rows written to the table (the most visited information sets); `None`: all.
    pub max_rows: Option<usize>,
    /// The post-processing step the table declares (`truco_query::PostProcess`: its readers
    /// serve the rows purified or thresholded; the rows are stored as trained). Default none.
    pub post_process: PostProcess,
    /// Linear-CFR discounting (as in Pluribus): after every `discount_every` iterations (the
    /// `k`-th such stretch), regrets and strategy sums are multiplied by `k / (k + 1)`, so each
    /// stretch weighs in proportion to its index. Counted in iterations so that one-thread runs
    /// stay reproducible across `--resume`. 0: off.
    pub discount_every: u64,
    /// No discounting after this many iterations in total (`None`: for the whole run).
    pub discount_until: Option<u64>,
    /// Regret-based pruning (ES-MCCFR, heads-up variants): `None` keeps what the run had (off
    /// for a new run, the checkpoint's for a resumed one).
    pub pruning: Option<Pruning>,
    /// How the training hands' start scores are drawn (arg-1v1; the mini variant starts at 0-0).
    /// Not recorded in the checkpoint: a resumed run uses the one given again.
    pub scores: ScoreDist,
    /// What a hand's outcome is worth: capped points, or the match-win chance at the score it
    /// leads to (arg-1v1: [`crate::mv::arg_1v1`]). Not recorded in the checkpoint, like
    /// `scores`.
    pub utility: Utility,
    /// Restricted Nash response to the heuristic bot ([`crate::restricted`]): the opponent is
    /// the heuristic with this probability, else a strategy of its own. `None`: self-play (an
    /// equilibrium strategy). Not recorded in the checkpoint, like `scores`.
    pub exploit_heuristic: Option<f64>,
    /// In a distributed run (several ranks), the iterations each rank runs between two merges.
    pub merge_every: u64,
    /// With `resume`: zero the strategy sums first, keeping the regrets (a warm start: the new
    /// run's average strategy is built from its own iterations only, e.g. when a restricted
    /// response starts from an equilibrium run).
    pub reset_average: bool,
    /// The command line recorded in the training history ([`crate::history`]).
    pub command: String,
}

impl TrainOptions {
    /// Defaults for `variant` writing `out` (checkpoint and log beside it).
    pub fn new(variant: TrainVariant, out: PathBuf) -> TrainOptions {
        let with = |ext: &str| {
            let mut p = out.clone().into_os_string();
            p.push(ext);
            PathBuf::from(p)
        };
        TrainOptions {
            variant,
            abstraction: variant.default_abstraction(),
            algorithm: Algorithm::EsMccfr,
            iterations: None,
            time: Some(Duration::from_secs(60)),
            threads: 1,
            seed: 0,
            checkpoint: with(".ckpt"),
            log: Some(with(".log.jsonl")),
            out,
            resume: None,
            warm_start: None,
            checkpoint_every: Duration::from_secs(300),
            eval_every: Duration::from_secs(120),
            eval_deals: 2000,
            progress: false,
            max_info_sets: 1 << 22,
            max_rows: None,
            post_process: PostProcess::None,
            discount_every: 0,
            discount_until: None,
            pruning: None,
            scores: ScoreDist::Uniform,
            utility: Utility::Points,
            exploit_heuristic: None,
            reset_average: false,
            merge_every: 1000,
            command: "truco_train::train".to_string(),
        }
    }
}

/// What the trainer values a hand's outcome by.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default, Serialize)]
pub enum Utility {
    /// Net points, each side's capped at what it needed to win the match.
    #[default]
    Points,
    /// `2·mv − 1` of the score the hand leads to ([`crate::mv::arg_1v1`]; arg-1v1 only).
    Match,
}

impl std::str::FromStr for Utility {
    type Err = TrainError;
    fn from_str(s: &str) -> Result<Utility, TrainError> {
        match s {
            "points" => Ok(Utility::Points),
            "match" => Ok(Utility::Match),
            other => Err(TrainError::InvalidOption(format!(
                "unknown utility `{other}` (points or match)"
            ))),
        }
    }
}

/// What a run did.
#[derive(Clone, Debug, Serialize)]
pub struct TrainReport {
    /// Iterations in total (resumed ones included).
    pub iterations: u64,
    /// Training seconds in total.
    pub seconds: f64,
    /// Information sets in the table.
    pub info_sets: usize,
    /// Bytes of the solver's regret and strategy-sum arrays in use plus its map.
    pub solver_bytes: usize,
    /// Rows, actions and bytes of the written table.
    pub table_rows: u64,
    /// Size of the table file.
    pub table_bytes: u64,
    /// Whether the run was stopped by Ctrl-C (or the table filling up) before its budget.
    pub interrupted: bool,
    /// The last quality measurement.
    pub eval: Vec<EvalResult>,
    /// What merging cost this rank (distributed runs only).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub merge: Option<MergeStats>,
    /// Ranks that trained (1 without MPI).
    pub ranks: usize,
    /// Core-hours of every run that trained the table, this one included (runs of a
    /// checkpoint without history count 0).
    pub core_hours: f64,
    /// Runs that trained the table, this one included.
    pub runs: usize,
    /// Actions this run's traversals skipped by regret-based pruning (0 without `--prune`).
    pub pruned_actions: u64,
}

/// One line of the training log.
#[derive(Serialize)]
struct LogLine<'a> {
    variant: &'a str,
    abstraction: &'a str,
    algorithm: &'a str,
    iterations: u64,
    seconds: f64,
    iterations_per_second: f64,
    info_sets: usize,
    rss_mb: f64,
    eval: &'a [EvalResult],
    #[serde(skip_serializing_if = "Option::is_none")]
    merge: Option<MergeStats>,
}

/// Resident memory of this process in MB (Linux; 0 elsewhere).
pub fn rss_mb() -> f64 {
    std::fs::read_to_string("/proc/self/statm")
        .ok()
        .and_then(|s| s.split_whitespace().nth(1)?.parse::<f64>().ok())
        .map_or(0.0, |pages| pages * 4096.0 / 1e6)
}

fn header(
    o: &TrainOptions,
    iterations: u64,
    seconds: f64,
    history: Option<Vec<RunRecord>>,
) -> CheckpointHeader {
    CheckpointHeader {
        variant: o.variant.name().to_string(),
        abstraction: o.abstraction.id().to_string(),
        abstraction_hash: o.abstraction.definition_hash(),
        algorithm: o.algorithm.name().to_string(),
        iterations,
        seconds,
        history,
    }
}

/// The runs a checkpoint header records (one of unknown threads for a header written before
/// histories).
fn runs_of(h: &CheckpointHeader) -> Vec<RunRecord> {
    h.history
        .clone()
        .unwrap_or_else(|| vec![RunRecord::unknown(h.iterations, h.seconds)])
}

/// A fresh solver, the one `o.resume` holds, or one seeded from `o.warm_start` (run with
/// `o.threads` threads), with the training seconds and the runs before this one.
fn new_solver(o: &TrainOptions) -> Result<(McSolver<u64>, f64, Vec<RunRecord>), TrainError> {
    if !o.algorithm.is_sampling() {
        return Err(TrainError::InvalidOption(format!(
            "{} traverses the whole tree: `truco train` runs es-mccfr or os-mccfr (the full-traversal comparison on the mini variant is scripts/mini_curve.sh)",
            o.algorithm
        )));
    }
    if let Some(p) = o.pruning {
        if o.algorithm != Algorithm::EsMccfr || o.variant.rules().players > 2 {
            return Err(TrainError::InvalidOption(
                "--prune needs es-mccfr and a heads-up variant (its average-strategy pass explores every other seat's actions)".into(),
            ));
        }
        if !(p.threshold.is_finite() && p.threshold < 0.0) || p.average_interval == 0 {
            return Err(TrainError::InvalidOption(format!(
                "--prune needs a negative threshold and an average interval of at least 1 (got {} and {})",
                p.threshold, p.average_interval
            )));
        }
    }
    if let Some(path) = &o.resume {
        if o.warm_start.is_some() {
            return Err(TrainError::InvalidOption(
                "--resume and --warm-start both name where the run starts: give one".into(),
            ));
        }
        let (h, body) = checkpoint::load(path, &header(o, 0, 0.0, None))?;
        let mut solver = McSolver::from_bytes(&body)?;
        solver.set_threads(o.threads);
        if o.pruning.is_some() {
            solver.set_pruning(o.pruning);
        }
        let runs = runs_of(&h);
        return Ok((solver, h.seconds, runs));
    }
    if o.warm_start.is_some() && o.exploit_heuristic.is_some() {
        return Err(TrainError::InvalidOption(
            "--warm-start continues a self-play table; a restricted response starts from a checkpoint (--resume with --reset-average)".into(),
        ));
    }
    let config = McConfig {
        algorithm: o.algorithm,
        threads: o.threads,
        seed: o.seed,
        max_info_sets: o.max_info_sets,
        max_actions: o.max_info_sets * 4,
        // The team games meet far more information sets than a table can hold (see
        // McConfig::lazy); heads-up runs keep the eager table they were measured with.
        lazy: o.variant.rules().players > 2,
        pruning: o.pruning,
        ..McConfig::default()
    };
    let mut solver = McSolver::new(config)?;
    if let Some(table) = &o.warm_start {
        let h = warm::seed(&mut solver, table, &header(o, 0, 0.0, None))?;
        let runs = runs_of(&h);
        return Ok((solver, h.seconds, runs));
    }
    Ok((solver, 0.0, Vec::new()))
}

/// The quality measurements, cut short by `stop` (Ctrl-C); one cut before its first deal is
/// left out (a measurement of nothing would log and plot as zero points per hand).
fn evaluate(o: &TrainOptions, solver: &McSolver<u64>, stop: &AtomicBool) -> Vec<EvalResult> {
    if o.eval_deals == 0 {
        return Vec::new();
    }
    let game = o
        .variant
        .game(Abstract(o.abstraction))
        .with_scores(o.scores);
    let mut results = vec![
        duplicate_eval(
            &game,
            solver,
            o.abstraction,
            &mut Random,
            o.eval_deals,
            0xE7A1,
            stop,
        ),
        duplicate_eval(
            &game,
            solver,
            o.abstraction,
            &mut Heuristic,
            o.eval_deals,
            0xE7A1,
            stop,
        ),
    ];
    results.retain(|r| r.deals > 0);
    results
}

fn append_log(path: &Path, line: &LogLine<'_>) -> Result<(), TrainError> {
    let io = |source| TrainError::Io {
        path: path.to_path_buf(),
        source,
    };
    let mut f = OpenOptions::new()
        .create(true)
        .append(true)
        .open(path)
        .map_err(io)?;
    let mut text = serde_json::to_string(line)?;
    text.push('\n');
    f.write_all(text.as_bytes()).map_err(io)
}

/// Trains until the iteration or time budget is spent or `stop` is set (Ctrl-C), then writes a
/// checkpoint and the table.
pub fn train(o: &TrainOptions, stop: &AtomicBool) -> Result<TrainReport, TrainError> {
    train_on(o, stop, &Single)
}

/// [`train`] on every rank of `comm` (MPI): each rank trains its share with its own random
/// stream and the ranks merge their changes every [`TrainOptions::merge_every`] iterations
/// ([`truco_cfr::distributed`]); the run stops on every rank when any rank's budget is spent or
/// any rank is interrupted. Rank 0 alone draws progress, measures, logs, and writes the
/// checkpoints and the table. Every rank starts from the same table (the same seed, or the same
/// checkpoint file: with several machines it must be on a shared file system).
pub fn train_on(
    o: &TrainOptions,
    stop: &AtomicBool,
    comm: &dyn Comm,
) -> Result<TrainReport, TrainError> {
    let (ranks, lead) = (comm.size(), comm.rank() == 0);
    if ranks > 1 && o.merge_every == 0 {
        return Err(TrainError::InvalidOption(
            "--merge-every must be at least 1".into(),
        ));
    }
    if o.iterations.is_none() && o.time.is_none() {
        return Err(TrainError::InvalidOption(
            "give an iteration or a time budget".into(),
        ));
    }
    if o.exploit_heuristic
        .is_some_and(|p| !(0.0..=1.0).contains(&p))
    {
        return Err(TrainError::InvalidOption(
            "the heuristic's share of the opponent must lie in [0, 1]".into(),
        ));
    }
    o.variant.check_abstraction(o.abstraction)?;
    if o.scores == ScoreDist::MatchPlay
        && !matches!(o.variant.rules().variant, Variant::Arg1v1 | Variant::Arg2v2)
    {
        return Err(TrainError::InvalidOption(format!(
            "--scores match-play is measured for arg-1v1 and arg-2v2 only; train {} with --scores uniform",
            o.variant
        )));
    }
    if o.utility == Utility::Match && o.variant != TrainVariant::Arg1v1 {
        return Err(TrainError::InvalidOption(format!(
            "--utility match reads the arg-1v1 match-equity table; train {} with --utility points",
            o.variant
        )));
    }
    if o.exploit_heuristic.is_some() && o.variant.rules().players > 2 {
        return Err(TrainError::InvalidOption(format!(
            "--exploit-heuristic (a restricted Nash response) is written for the heads-up game; {} trains by self-play only",
            o.variant
        )));
    }
    let mut game = o
        .variant
        .game(Abstract(o.abstraction))
        .with_scores(o.scores);
    if o.utility == Utility::Match {
        game = game.with_match_values(crate::mv::arg_1v1());
    }
    let restricted = o
        .exploit_heuristic
        .map(|p| Restricted::new(game, Heuristic, p));
    let (mut solver, seconds_before, runs_before) = new_solver(o)?;
    if o.reset_average {
        if o.resume.is_none() {
            return Err(TrainError::InvalidOption(
                "--reset-average applies to a resumed run (--resume)".into(),
            ));
        }
        solver.discount(1.0, 0.0)?;
    }
    let mut merger = (ranks > 1).then(|| Merger::start(&mut solver, comm));
    let started = Instant::now();
    let first = solver.iterations();
    // This run's record appended to the earlier ones, as it stands after `elapsed`.
    let history = |solver: &McSolver<u64>, elapsed: f64| -> Vec<RunRecord> {
        let mut runs = runs_before.clone();
        let span = (first, solver.iterations());
        runs.push(RunRecord::new(&o.command, span, elapsed, o.threads * ranks));
        runs
    };
    let bar = if lead {
        progress_bar(o, first)
    } else {
        ProgressBar::hidden()
    };
    let mut last_ck = Instant::now();
    let mut last_eval = Instant::now();
    let mut chunk = 64u64;
    let mut interrupted = false;
    let mut pruned_actions = 0u64;
    let mut eval = Vec::new();
    let capacity = solver.table().max_info_sets();
    let log = |solver: &McSolver<u64>,
               eval: &[EvalResult],
               merger_stats: Option<MergeStats>|
     -> Result<(), TrainError> {
        let Some(path) = o.log.as_ref().filter(|_| lead) else {
            return Ok(());
        };
        let secs = seconds_before + started.elapsed().as_secs_f64();
        append_log(
            path,
            &LogLine {
                variant: &o.variant.name(),
                abstraction: o.abstraction.id(),
                algorithm: o.algorithm.name(),
                iterations: solver.iterations(),
                seconds: secs,
                iterations_per_second: solver.iterations() as f64 / secs.max(1e-9),
                info_sets: solver.table().len(),
                rss_mb: rss_mb(),
                eval,
                merge: merger_stats,
            },
        )
    };
    loop {
        let left = o.iterations.map(|n| n.saturating_sub(solver.iterations()));
        let full = !solver.config().lazy && solver.table().len() * 10 > capacity * 9;
        let halt = stop.load(Ordering::Relaxed) || full;
        // A time budget never ends a run before its first iteration (no empty table).
        let done = (o.time.is_some_and(|t| started.elapsed() >= t) && solver.iterations() > 0)
            || left == Some(0);
        let (halt, done) = if ranks > 1 {
            // Every rank stops at the same merge: any rank's reason stops them all.
            let votes = comm.sum(u64::from(halt) << 32 | u64::from(done))?;
            (votes >> 32 > 0, votes & 0xffff_ffff > 0)
        } else {
            (halt, done)
        };
        if full {
            bar.println(format!(
                "the solver table is 90% full ({} information sets): stopping; raise --max-info-sets",
                solver.table().len()
            ));
        }
        if halt {
            interrupted = true;
            break;
        }
        if done {
            break;
        }
        let n = match &merger {
            Some(_) => round_share(left, o.merge_every, comm),
            None => {
                let mut n = left.map_or(chunk, |l| l.min(chunk));
                if let Some(b) = next_discount(o, solver.iterations()) {
                    n = n.min(b - solver.iterations());
                }
                n
            }
        };
        let t = Instant::now();
        let before = solver.iterations();
        pruned_actions += match &restricted {
            Some(r) => solver.train(r, n)?,
            None => solver.train(&game, n)?,
        }
        .pruned;
        match &mut merger {
            Some(m) => {
                m.merge(&mut solver, comm)?;
                if discount_crossed(o, &mut solver, before)? {
                    m.resnapshot(&solver);
                }
            }
            None => {
                discount_crossed(o, &mut solver, before)?;
                // Aim at chunks of about half a second.
                let dt = t.elapsed().as_secs_f64().max(1e-6);
                chunk = ((n as f64 * 0.5 / dt) as u64).clamp(1, chunk.saturating_mul(4).max(4));
            }
        }
        if !lead {
            continue;
        }
        update_bar(&bar, o, &solver, first, started.elapsed());
        if last_ck.elapsed() >= o.checkpoint_every {
            // A failed checkpoint (a full disk) leaves the previous one intact: say so and
            // train on, rather than lose the run.
            let elapsed = started.elapsed().as_secs_f64();
            let runs = history(&solver, elapsed);
            if let Err(e) = save(o, &solver, seconds_before + elapsed, runs) {
                bar.suspend(|| {
                    eprintln!("warning: checkpoint not written ({e}); training goes on")
                });
            }
            last_ck = Instant::now();
        }
        if o.eval_deals > 0 && last_eval.elapsed() >= o.eval_every {
            eval = evaluate(o, &solver, stop);
            log(&solver, &eval, merger.as_ref().map(|m| m.stats))?;
            last_eval = Instant::now();
        }
    }
    let elapsed = started.elapsed().as_secs_f64();
    let seconds = seconds_before + elapsed;
    let runs = history(&solver, elapsed);
    bar.finish_and_clear();
    let merge = merger.as_ref().map(|m| m.stats);
    let t = solver.table();
    let mut report = TrainReport {
        iterations: solver.iterations(),
        seconds,
        info_sets: t.len(),
        solver_bytes: t.map_bytes() + t.action_slots() * 8,
        table_rows: 0,
        table_bytes: 0,
        interrupted,
        eval,
        merge,
        ranks,
        core_hours: runs.iter().map(|r| r.core_hours).sum(),
        runs: runs.len(),
        pruned_actions,
    };
    if !lead {
        return Ok(report);
    }
    // The table first (the run's result, and the smaller file), then the checkpoint: a full
    // disk costs the resume point at worst, never the table. Both are tried.
    let table = write_table_with(
        &solver,
        o.variant,
        o.abstraction,
        &o.out,
        o.max_rows,
        o.post_process,
    );
    let sidecar = TableHistory::new(&o.variant.name(), o.abstraction.id(), runs.clone());
    let head = header(o, solver.iterations(), seconds, Some(runs.clone()));
    let saved = save(o, &solver, seconds, runs);
    let summary: WriteSummary = table?;
    saved?;
    history::write_sidecar(&o.out, &sidecar)?;
    warm::write(&solver, &o.out, &head)?;
    if o.eval_deals > 0 {
        report.eval = evaluate(o, &solver, stop);
    }
    log(&solver, &report.eval, merge)?;
    report.table_rows = summary.rows;
    report.table_bytes = summary.bytes;
    Ok(report)
}

/// The next iteration count at which the run discounts, if any is left.
fn next_discount(o: &TrainOptions, done: u64) -> Option<u64> {
    let every = o.discount_every;
    if every == 0 {
        return None;
    }
    let next = (done / every + 1) * every;
    o.discount_until.is_none_or(|u| next <= u).then_some(next)
}

/// After training (and in a distributed run, a merge) took the iteration count from `before` to
/// `solver.iterations()`: discounts once per boundary crossed or reached (see
/// [`TrainOptions::discount_every`]); returns whether it did. A one-process run stops its chunks
/// at the boundaries; in a distributed run every rank discounts the same way after the merge,
/// so the tables stay equal.
fn discount_crossed(
    o: &TrainOptions,
    solver: &mut McSolver<u64>,
    before: u64,
) -> Result<bool, TrainError> {
    let every = o.discount_every;
    if every == 0 {
        return Ok(false);
    }
    let mut any = false;
    for k in before / every + 1..=solver.iterations() / every {
        if o.discount_until.is_some_and(|u| k * every > u) {
            break;
        }
        let k = k as f32;
        solver.discount(k / (k + 1.0), k / (k + 1.0))?;
        any = true;
    }
    Ok(any)
}

fn save(
    o: &TrainOptions,
    solver: &McSolver<u64>,
    seconds: f64,
    runs: Vec<RunRecord>,
) -> Result<(), TrainError> {
    let body = solver.to_bytes()?;
    let head = header(o, solver.iterations(), seconds, Some(runs));
    checkpoint::save(&o.checkpoint, &head, &body)
}

fn progress_bar(o: &TrainOptions, done: u64) -> ProgressBar {
    if !o.progress {
        return ProgressBar::hidden();
    }
    let (len, template) = match (o.iterations, o.time) {
        (Some(n), _) => (
            n,
            "{elapsed_precise} [{bar:30}] {pos}/{len} it, {per_sec}, ETA {eta} | {msg}",
        ),
        (None, t) => (
            t.map_or(0, |t| t.as_millis() as u64),
            "{elapsed_precise} [{bar:30}] ETA {eta} | {msg}",
        ),
    };
    let bar = ProgressBar::new(len);
    if let Ok(style) = ProgressStyle::with_template(template) {
        bar.set_style(style.progress_chars("=> "));
    }
    if o.iterations.is_some() {
        bar.set_position(done);
    }
    bar
}

fn update_bar(
    bar: &ProgressBar,
    o: &TrainOptions,
    solver: &McSolver<u64>,
    first: u64,
    elapsed: Duration,
) {
    match o.iterations {
        Some(_) => bar.set_position(solver.iterations()),
        None => bar.set_position(elapsed.as_millis() as u64),
    }
    let rate = (solver.iterations() - first) as f64 / elapsed.as_secs_f64().max(1e-9);
    bar.set_message(format!(
        "{} it ({:.0} it/s), {} info sets, {:.0} MB",
        solver.iterations(),
        rate,
        solver.table().len(),
        rss_mb()
    ));
}

#[cfg(test)]
mod tests {
    use super::*;

    fn options(dir: &Path, name: &str, iterations: u64, discount_every: u64) -> TrainOptions {
        let mut o = TrainOptions::new(TrainVariant::Arg1v1, dir.join(format!("{name}.tbl")));
        o.iterations = Some(iterations);
        o.time = None;
        o.eval_deals = 0;
        o.log = None;
        o.max_info_sets = 1 << 19;
        o.seed = 5;
        o.discount_every = discount_every;
        o
    }

    /// Two ranks as threads: the budget counts both ranks' iterations exactly, both stop at
    /// the same merge with the same table, rank 0 alone writes, discounting crosses merges.
    #[test]
    fn two_ranks_share_one_run() {
        let dir = std::env::temp_dir().join(format!("truco-train-ranks-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let mut o = options(&dir, "ranks", 3001, 1000);
        o.merge_every = 300;
        o.max_info_sets = 1 << 21;
        let stop = AtomicBool::new(false);
        let group = truco_cfr::ThreadGroup::new(2);
        let reports: Vec<TrainReport> = std::thread::scope(|sc| {
            let hs: Vec<_> = (0..2)
                .map(|r| {
                    let (o, stop, group) = (&o, &stop, &group);
                    sc.spawn(move || train_on(o, stop, &group.rank(r)).unwrap())
                })
                .collect();
            hs.into_iter().map(|h| h.join().unwrap()).collect()
        });
        for r in &reports {
            assert_eq!((r.iterations, r.ranks), (3001, 2));
            assert_eq!(r.info_sets, reports[0].info_sets);
            assert!(r.merge.unwrap().merges >= 5);
        }
        assert!(reports[0].table_rows > 0 && reports[1].table_rows == 0);
        assert!(o.out.exists() && o.checkpoint.exists());
        // The checkpoint resumes without MPI.
        let mut more = options(&dir, "ranks", 3500, 1000);
        more.max_info_sets = 1 << 21;
        more.resume = Some(o.checkpoint.clone());
        assert_eq!(train(&more, &stop).unwrap().iterations, 3500);
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn discount_boundaries_follow_the_iteration_count() {
        let mut o = options(Path::new("."), "x", 1, 100);
        assert_eq!(next_discount(&o, 0), Some(100));
        assert_eq!(next_discount(&o, 100), Some(200));
        assert_eq!(next_discount(&o, 250), Some(300));
        o.discount_until = Some(200);
        assert_eq!(next_discount(&o, 150), Some(200));
        assert_eq!(next_discount(&o, 200), None);
        o.discount_every = 0;
        assert_eq!(next_discount(&o, 0), None);
    }

    /// A discounted run resumed off a boundary writes the same table as one straight run, and
    /// discounting changes the table.
    #[test]
    fn discounted_runs_resume_bit_for_bit() {
        let dir = std::env::temp_dir().join(format!("truco-train-discount-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let stop = AtomicBool::new(false);
        let straight = options(&dir, "straight", 300, 100);
        train(&straight, &stop).unwrap();
        let first = options(&dir, "part", 130, 100);
        train(&first, &stop).unwrap();
        let mut rest = options(&dir, "part", 300, 100);
        rest.resume = Some(first.checkpoint.clone());
        train(&rest, &stop).unwrap();
        let plain = options(&dir, "plain", 300, 0);
        train(&plain, &stop).unwrap();
        let read = |o: &TrainOptions| std::fs::read(&o.out).unwrap();
        assert_eq!(read(&straight), read(&rest));
        assert_ne!(read(&straight), read(&plain));
        // A warm start keeps the regrets but not the average: re-exported with the average
        // reset (and no more iterations), the rows change; a plain re-export is identical.
        let mut again = options(&dir, "again", 300, 100);
        again.resume = Some(straight.checkpoint.clone());
        train(&again, &stop).unwrap();
        assert_eq!(read(&again), read(&straight));
        let mut reset = options(&dir, "reset", 300, 100);
        reset.resume = Some(straight.checkpoint.clone());
        reset.reset_average = true;
        train(&reset, &stop).unwrap();
        assert_ne!(read(&reset), read(&straight));
        let fresh = options(&dir, "fresh", 300, 100);
        let mut cold = fresh.clone();
        cold.reset_average = true;
        assert!(train(&cold, &stop).is_err());
        std::fs::remove_dir_all(&dir).unwrap();
    }

    /// A table trained in three runs (two resumes, one thread) is the table of one run of the
    /// same total, byte for byte; the history gains one record per run, also on a resume with
    /// another thread count, and the table's sidecar totals it.
    #[test]
    fn resumes_accumulate_the_same_table_and_the_history() {
        let dir = std::env::temp_dir().join(format!("truco-train-accum-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let stop = AtomicBool::new(false);
        let whole = options(&dir, "whole", 300, 0);
        train(&whole, &stop).unwrap();
        let mut part = options(&dir, "part", 100, 0);
        part.command = "run 1".into();
        train(&part, &stop).unwrap();
        for (i, total) in [(2, 200), (3, 300)] {
            let mut more = options(&dir, "part", total, 0);
            more.resume = Some(part.checkpoint.clone());
            more.command = format!("run {i}");
            let r = train(&more, &stop).unwrap();
            assert_eq!((r.iterations, r.runs), (total, i));
        }
        let read = |o: &TrainOptions| std::fs::read(&o.out).unwrap();
        assert_eq!(read(&whole), read(&part));
        let h = history::read_sidecar(&part.out).unwrap().unwrap();
        let spans: Vec<_> = h
            .runs
            .iter()
            .map(|r| (r.command.as_str(), r.start_iterations, r.end_iterations))
            .collect();
        assert_eq!(
            spans,
            [("run 1", 0, 100), ("run 2", 100, 200), ("run 3", 200, 300)]
        );
        assert_eq!(h.iterations, 300);
        // Two threads on the fourth run: the history says so, and the core-hours add up.
        let mut wide = options(&dir, "part", 400, 0);
        wide.resume = Some(part.checkpoint.clone());
        wide.threads = 2;
        let r = train(&wide, &stop).unwrap();
        let h = history::read_sidecar(&part.out).unwrap().unwrap();
        assert_eq!((h.iterations, h.runs.len(), h.runs[3].threads), (400, 4, 2));
        let hours: f64 = h
            .runs
            .iter()
            .map(|r| r.seconds * r.threads as f64)
            .sum::<f64>()
            / 3600.0;
        assert!((h.core_hours - hours).abs() < 1e-9 && (r.core_hours - hours).abs() < 1e-9);
        std::fs::remove_dir_all(&dir).unwrap();
    }

    /// A checkpoint without a history (written before histories) resumes: its iterations
    /// become one record of unknown runs. A damaged checkpoint is refused with a clear error.
    #[test]
    fn an_old_checkpoint_resumes_and_a_damaged_one_is_refused() {
        let dir = std::env::temp_dir().join(format!("truco-train-oldck-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let stop = AtomicBool::new(false);
        let first = options(&dir, "old", 100, 0);
        train(&first, &stop).unwrap();
        let (mut h, body) =
            checkpoint::load(&first.checkpoint, &header(&first, 0, 0.0, None)).unwrap();
        h.history = None;
        checkpoint::save(&first.checkpoint, &h, &body).unwrap();
        let mut more = options(&dir, "old", 150, 0);
        more.resume = Some(first.checkpoint.clone());
        assert_eq!(train(&more, &stop).unwrap().iterations, 150);
        let runs = history::read_sidecar(&more.out).unwrap().unwrap().runs;
        assert_eq!(runs.len(), 2);
        assert_eq!(
            (
                runs[0].command.as_str(),
                runs[0].end_iterations,
                runs[0].threads
            ),
            (history::UNKNOWN_RUNS, 100, 0)
        );
        assert_eq!(
            (runs[1].start_iterations, runs[1].end_iterations),
            (100, 150)
        );
        let mut bytes = std::fs::read(&first.checkpoint).unwrap();
        let mid = bytes.len() / 2;
        bytes[mid] ^= 0x40;
        std::fs::write(&first.checkpoint, &bytes).unwrap();
        let e = train(&more, &stop).unwrap_err().to_string();
        assert!(
            e.contains("corrupt checkpoint") && e.contains("checksum mismatch"),
            "{e}"
        );
        std::fs::remove_dir_all(&dir).unwrap();
    }

    /// Match-win utility trains another table than points; it is refused where there is no
    /// match-equity table, and an unknown utility is a clear error.
    #[test]
    fn match_utility_trains_arg_1v1_only() {
        let dir = std::env::temp_dir().join(format!("truco-train-utility-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let stop = AtomicBool::new(false);
        let points = options(&dir, "points", 200, 0);
        train(&points, &stop).unwrap();
        let mut matches = options(&dir, "match", 200, 0);
        matches.utility = Utility::Match;
        train(&matches, &stop).unwrap();
        let read = |o: &TrainOptions| std::fs::read(&o.out).unwrap();
        assert_ne!(read(&points), read(&matches));
        let mut team = TrainOptions::new(TrainVariant::Arg2v2, dir.join("team.tbl"));
        team.utility = Utility::Match;
        let e = train(&team, &stop).unwrap_err().to_string();
        assert!(
            e.contains("--utility match") && e.contains("arg-2v2"),
            "{e}"
        );
        let e = "wins".parse::<Utility>().unwrap_err().to_string();
        assert!(e.contains("`wins`") && e.contains("points or match"), "{e}");
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
