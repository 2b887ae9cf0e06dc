//! `truco query`: the recommendation of a strategy table for one spot, as a readable table
//! (action, probability bar, value) or as JSON.

use std::io::Write;
use std::path::PathBuf;

use serde_json::json;
use truco_game::{Spot, SpotError};
use truco_query::{ActionOrder, OpenOptions, Policy, PolicyError, Recommendation};
use truco_search::{SearchBudget, SearchError, Searched, Searcher};

/// Arguments of `truco query`.
#[derive(clap::Args, Debug, Clone)]
pub struct Args {
    /// The strategy table (e.g. models/arg-1v1.tbl).
    #[arg(long, value_name = "FILE")]
    pub model: PathBuf,
    /// The spot, in the spot notation: "arg-1v1 | score 0-0 | dealer 1 | seat 0: 1E 7O 3C | ...".
    #[arg(long)]
    pub spot: String,
    /// Print one JSON object instead of the table.
    #[arg(long)]
    pub json: bool,
    /// The range view: the strategy for every hand the acting seat could hold at this public
    /// history (the spot's own cards are replaced), grouped by strongest card and envido total.
    #[arg(long)]
    pub range: bool,
    /// With --range: also draw the grid to this PNG file.
    #[arg(long, value_name = "FILE", requires = "range")]
    pub png: Option<PathBuf>,
    /// With --range: also draw the grid to this SVG file.
    #[arg(long, value_name = "FILE", requires = "range")]
    pub svg: Option<PathBuf>,
    /// Search the decision over the table for this budget (a time such as 50ms or 1.5s, or
    /// iterations such as 2000it; arg-1v1): the answer is the re-solved strategy, with each
    /// action's value in points. Off by default.
    #[arg(long, value_name = "BUDGET", conflicts_with = "range")]
    pub search: Option<SearchBudget>,
    /// Seed of the search (the same seed and an iteration budget give the same answer).
    #[arg(long, default_value_t = 0)]
    pub seed: u64,
    /// Skip the body checksum at open (faster for a large table; a damaged body may then give
    /// wrong answers, never a crash).
    #[arg(long)]
    pub no_verify: bool,
}

/// Why a query failed.
#[derive(Debug, thiserror::Error)]
pub enum QueryError {
    /// The spot text is malformed or illegal (the spot parser's message, unchanged).
    #[error("{0}")]
    Spot(#[from] SpotError),
    /// The model could not be opened, or cannot answer this spot.
    #[error("{0}")]
    Policy(#[from] PolicyError),
    /// The answer could not be written.
    #[error("cannot write the answer: {0}")]
    Io(#[from] std::io::Error),
    /// A range cannot be built for this spot.
    #[error("no range: {0}")]
    Range(String),
    /// The search could not run.
    #[error("{0}")]
    Search(#[from] SearchError),
    /// The range grid could not be drawn.
    #[error("cannot draw the range: {0}")]
    Draw(#[from] truco_plot::PlotError),
}

/// Opens the model of a command (`--no-verify` skips the body checksum).
pub fn open_policy(model: &std::path::Path, no_verify: bool) -> Result<Policy, PolicyError> {
    Policy::open_with(
        model,
        OpenOptions {
            verify_checksum: !no_verify,
        },
    )
}

/// Runs `truco query`.
pub fn run(args: &Args, out: &mut impl Write) -> Result<(), QueryError> {
    let spot: Spot = args.spot.parse()?;
    let policy = open_policy(&args.model, args.no_verify)?;
    if args.range {
        let pictures = [args.png.as_deref(), args.svg.as_deref()];
        return super::range::run(&policy, &spot, args.json, &pictures, out);
    }
    let (r, searched) = match args.search {
        None => (policy.recommend_spot(&spot, ActionOrder::Engine)?, None),
        Some(budget) => {
            let searcher = Searcher::new(std::sync::Arc::new(policy), budget)?;
            let view = spot.to_view()?;
            let (r, s) = searcher.recommend(&view, spot.history(), args.seed)?;
            (r, Some((budget, s)))
        }
    };
    if args.json {
        let v = json!({
            "spot": spot.to_string(),
            "key": format!("{:#018x}", r.key),
            "fallback": r.fallback,
            "search": searched.as_ref().map(|(b, s)| search_json(*b, s, &r)),
            "actions": truco_query::protocol::actions_json(&r),
        });
        writeln!(out, "{v}")?;
        return Ok(());
    }
    write_table(&spot, &r, searched.as_ref(), out)?;
    Ok(())
}

/// The search's figures as JSON, with each action's value in points and match-win chance
/// (`values`: null when the table's answer stands).
pub fn search_json(budget: SearchBudget, s: &Searched, r: &Recommendation) -> serde_json::Value {
    let round = |x: f64, k: f64| (x * k).round() / k;
    let values = match (&s.blueprint, &s.values) {
        (None, Some(v)) => serde_json::Value::Array(
            s.probs
                .iter()
                .zip(v)
                .map(|((a, _), v)| {
                    json!({
                        "action": r.name(*a).to_string(),
                        "points": round(v.points, 1e3),
                        "win": round(v.win, 1e4),
                    })
                })
                .collect(),
        ),
        _ => serde_json::Value::Null,
    };
    json!({
        "budget": budget.to_string(),
        "iterations": s.stats.iterations,
        "info_sets": s.stats.info_sets,
        "blueprint": s.blueprint,
        "values": values,
    })
}

/// One line on what the search did.
fn search_line(budget: SearchBudget, s: &Searched) -> String {
    match &s.blueprint {
        None => format!(
            "search: {} iterations over {} information sets ({budget}); value: net points for \
             the seat's side to the end of the hand; win: its match-win chance after the hand",
            s.stats.iterations, s.stats.info_sets
        ),
        Some(why) => format!("search: {why} ({budget}): the table's answer"),
    }
}

/// Width of a probability bar of 1.
const BAR: usize = 30;

/// Writes the readable table of a recommendation.
fn write_table(
    spot: &Spot,
    r: &Recommendation,
    searched: Option<&(SearchBudget, Searched)>,
    out: &mut impl Write,
) -> std::io::Result<()> {
    writeln!(out, "spot: {spot}")?;
    writeln!(out, "key:  {:#018x}", r.key)?;
    if let Some((budget, s)) = searched {
        writeln!(out, "{}", search_line(*budget, s))?;
    }
    if r.fallback && r.actions().len() == 1 {
        writeln!(
            out,
            "forced: the only legal action (tables store no row for it)"
        )?;
    } else if r.fallback {
        writeln!(
            out,
            "fallback: the table never saw this spot; uniform over the legal actions but mazo"
        )?;
    }
    let wins = searched.and_then(|(_, s)| match (&s.blueprint, &s.values) {
        (None, Some(v)) => Some((s, v)),
        _ => None,
    });
    let win_header = if wins.is_some() { "   win" } else { "" };
    writeln!(
        out,
        "{:<13} {:>6}  {:<BAR$}  value{win_header}",
        "action", "prob", ""
    )?;
    for a in r.actions() {
        let filled = ((a.prob * BAR as f32).round() as usize).min(BAR);
        let bar = format!("{}{}", "#".repeat(filled), ".".repeat(BAR - filled));
        let value = a
            .value
            .map_or_else(|| "-".to_string(), |v| format!("{v:+.3}"));
        let win = wins
            .and_then(|(s, v)| {
                s.probs
                    .iter()
                    .position(|x| x.0 == a.action)
                    .map(|i| v[i].win)
            })
            .map_or_else(String::new, |w| format!("  {:>5.1}%", 100.0 * w));
        let name = r.name(a.action).to_string();
        writeln!(out, "{name:<13} {:>6.4}  {bar}  {value:>6}{win}", a.prob)?;
    }
    Ok(())
}
