//! `truco solve`: exact, score-aware solving of one heads-up paulista cell (the open 11-11
//! hand or a mão de onze): full-tree CFR over every deal of each vira class, exploitability in
//! match-value units, the dealer's value, and the cell's match value written to the `--mv`
//! table that later cells read.

use std::io::Write;
use std::path::PathBuf;

use serde_json::json;
use truco_game::RuleSet;
use truco_solve::driver::{peak_rss, record, solve_cell, DealSet, SolveConfig};
use truco_solve::paulista::parse_vira_class;
use truco_solve::{Algorithm, Cell, MatchValues, SolveError};

/// Arguments of `truco solve`.
#[derive(clap::Args, Debug, Clone)]
pub struct Args {
    /// Variant id (only `paulista` with players=2 and ferro=open is solved exactly).
    #[arg(long)]
    pub variant: String,
    /// A rule option, repeatable: --option players=2 --option ferro=open.
    #[arg(long = "option", value_name = "OPTION")]
    pub options: Vec<String>,
    /// The score at the start of the hand, team 0 first: 11-11, 11-10...
    #[arg(long)]
    pub score: String,
    /// The dealer's seat (0 or 1).
    #[arg(long)]
    pub dealer: u8,
    /// Solve one vira class only: a vira rank (4-7, Q/10, J/11, K/12, A/1, 2, 3) or c0-c8.
    /// Without it all nine classes are solved and the cell's value is recorded.
    #[arg(long)]
    pub vira_class: Option<String>,
    /// A reduced deck instead of the vira classes (tests): `class:count,...`, classes 0-8
    /// plain (weakest first, at most 4), 9-12 manilhas (at most 1).
    #[arg(long, conflicts_with = "vira_class")]
    pub deck: Option<String>,
    /// Target exploitability in match-value units (±1 scale).
    #[arg(long, default_value_t = 1e-3)]
    pub eps: f64,
    /// The match-value table (JSON) read for the next cells and updated with this cell.
    #[arg(long, value_name = "FILE")]
    pub mv: Option<PathBuf>,
    /// Write the cell's strategy table here.
    #[arg(long, value_name = "FILE")]
    pub table: Option<PathBuf>,
    /// cfr+ or dcfr.
    #[arg(long, default_value = "dcfr")]
    pub algorithm: String,
    /// Iterations between exact best-response checks.
    #[arg(long, default_value_t = 10)]
    pub check_every: u64,
    /// Most iterations per vira class.
    #[arg(long, default_value_t = 5000)]
    pub max_iterations: u64,
    /// Print one JSON object at the end instead of the text report.
    #[arg(long)]
    pub json: bool,
}

/// Why a solve failed.
#[derive(Debug, thiserror::Error)]
pub enum SolveCmdError {
    /// Bad arguments.
    #[error("{0}")]
    Args(String),
    /// The solver failed.
    #[error(transparent)]
    Solve(#[from] SolveError),
    /// Unknown variant or option.
    #[error(transparent)]
    Rules(#[from] truco_game::RuleError),
    /// The report could not be written.
    #[error("cannot write the report: {0}")]
    Io(#[from] std::io::Error),
}

fn parse_score(s: &str) -> Result<[u8; 2], SolveCmdError> {
    let bad = || SolveCmdError::Args(format!("--score `{s}`: expected A-B, e.g. 11-11"));
    let (a, b) = s.split_once('-').ok_or_else(bad)?;
    Ok([
        a.trim().parse().map_err(|_| bad())?,
        b.trim().parse().map_err(|_| bad())?,
    ])
}

fn parse_deck(s: &str) -> Result<[u8; 13], SolveCmdError> {
    let bad = |why: &str| SolveCmdError::Args(format!("--deck `{s}`: {why}"));
    let mut counts = [0u8; 13];
    for part in s.split(',') {
        let (k, n) = part
            .split_once(':')
            .ok_or_else(|| bad("expected class:count"))?;
        let k: usize = k.trim().parse().map_err(|_| bad("class must be 0-12"))?;
        let n: u8 = n
            .trim()
            .parse()
            .map_err(|_| bad("count must be a number"))?;
        *counts.get_mut(k).ok_or_else(|| bad("class must be 0-12"))? = n;
    }
    Ok(counts)
}

/// Runs `truco solve`.
pub fn run(args: &Args, out: &mut impl Write) -> Result<(), SolveCmdError> {
    let opts: Vec<&str> = args.options.iter().map(String::as_str).collect();
    let rules = RuleSet::new(&args.variant, &opts)?;
    let score = parse_score(&args.score)?;
    let cell = Cell::new(score[0], score[1], args.dealer);
    let algorithm: Algorithm = args
        .algorithm
        .parse()
        .map_err(|e| SolveCmdError::Args(format!("--algorithm: {e}")))?;
    if args.eps.is_nan() || args.eps <= 0.0 {
        return Err(SolveCmdError::Args("--eps must be positive".into()));
    }
    let deals = match (&args.vira_class, &args.deck) {
        (Some(v), _) => DealSet::ViraClasses(vec![parse_vira_class(v).ok_or_else(|| {
            SolveCmdError::Args(format!(
                "--vira-class `{v}`: a rank (4-7, Q, J, K, A, 2, 3) or c0-c8"
            ))
        })?]),
        (None, Some(d)) => DealSet::Custom(parse_deck(d)?),
        (None, None) => DealSet::ViraClasses((0..9).collect()),
    };
    // The canonical rule text names the mv table's game (option order does not matter).
    let game = truco_game::spot::rules_text(&rules)
        .map_err(|e| SolveCmdError::Args(format!("rule set: {e}")))?;
    let mut mv = match &args.mv {
        Some(p) => MatchValues::load_or_new(p, &game, rules.target, 2)?,
        None => MatchValues::new(&game, rules.target, 2),
    };
    let cfg = SolveConfig {
        eps: args.eps,
        check_every: args.check_every,
        max_iterations: args.max_iterations,
        algorithm,
        ..SolveConfig::default()
    };
    let quiet = args.json;
    let report = solve_cell(
        &rules,
        cell,
        &deals,
        &cfg,
        &mv,
        args.table.as_deref(),
        &mut |vc, it, e| {
            if !quiet {
                eprintln!("  vira class {vc}: iteration {it}, exploitability {e:.3e}");
            }
        },
    )?;
    let recorded = record(&report, &mut mv)?;
    if recorded {
        if let Some(p) = &args.mv {
            mv.save(p)?;
        }
    }
    let rss = peak_rss().unwrap_or(0);
    if args.json {
        let classes: Vec<_> = report
            .classes
            .iter()
            .map(|c| {
                json!({"vira_class": c.vira_class, "weight": c.weight, "deals": c.deals,
                       "nodes": c.nodes, "info_sets": c.info_sets, "iterations": c.iterations,
                       "exploitability": c.exploitability, "value0": c.value0,
                       "bytes": c.bytes, "build_secs": c.build_secs, "solve_secs": c.solve_secs})
            })
            .collect();
        let j = json!({
            "cell": {"score": cell.score, "dealer": cell.dealer},
            "kind": format!("{:?}", report.kind),
            "dealer_value": report.dealer_value(),
            "exploitability": report.exploitability(),
            "match_value": report.match_value(),
            "recorded": recorded,
            "peak_rss_bytes": rss,
            "classes": classes,
        });
        writeln!(out, "{j}")?;
        return Ok(());
    }
    writeln!(
        out,
        "cell {cell} ({:?}), {} {algorithm}",
        report.kind,
        game.trim()
    )?;
    for c in &report.classes {
        writeln!(
            out,
            "  vira class {:>2} (p {:.2}): {} deals, {} nodes, {} info sets, {} iterations, exploitability {:.2e}, team-0 value {:+.5}, {:.1} MB, build {:.1} s, solve {:.1} s",
            c.vira_class, c.weight, c.deals, c.nodes, c.info_sets, c.iterations,
            c.exploitability, c.value0, c.bytes as f64 / 1e6, c.build_secs, c.solve_secs
        )?;
    }
    writeln!(
        out,
        "dealer value {:+.5} ± {:.1e} (match-value units, ±1 scale; exploitability {:.2e})",
        report.dealer_value(),
        report.exploitability(),
        report.exploitability()
    )?;
    writeln!(out, "team-0 match value mv = {:.5}", report.match_value())?;
    writeln!(
        out,
        "{}",
        if recorded {
            "recorded in the mv table (all nine vira classes)"
        } else {
            "not recorded: a partial solve (one vira class or a reduced deck)"
        }
    )?;
    writeln!(out, "peak memory {:.1} MB", rss as f64 / 1e6)?;
    Ok(())
}
