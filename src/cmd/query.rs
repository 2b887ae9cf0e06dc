//! `truco query`: the recommendation of a strategy table for one spot, as a readable table
//! (action, probability bar, value) or as JSON.

use std::io::Write;
use std::path::PathBuf;

use serde_json::json;
use truco_game::{Spot, SpotError};
use truco_query::{ActionOrder, OpenOptions, Policy, PolicyError, Recommendation};

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
    let r = policy.recommend_spot(&spot, ActionOrder::Engine)?;
    if args.json {
        let v = json!({
            "spot": spot.to_string(),
            "key": format!("{:#018x}", r.key),
            "fallback": r.fallback,
            "actions": truco_query::protocol::actions_json(&r),
        });
        writeln!(out, "{v}")?;
        return Ok(());
    }
    write_table(&spot, &r, out)?;
    Ok(())
}

/// Width of a probability bar of 1.
const BAR: usize = 30;

/// Writes the readable table of a recommendation.
fn write_table(spot: &Spot, r: &Recommendation, out: &mut impl Write) -> std::io::Result<()> {
    writeln!(out, "spot: {spot}")?;
    writeln!(out, "key:  {:#018x}", r.key)?;
    if r.fallback {
        writeln!(
            out,
            "fallback: the table never saw this spot; uniform over the legal actions but mazo"
        )?;
    }
    writeln!(out, "{:<13} {:>6}  {:<BAR$}  value", "action", "prob", "")?;
    for a in r.actions() {
        let filled = ((a.prob * BAR as f32).round() as usize).min(BAR);
        let bar = format!("{}{}", "#".repeat(filled), ".".repeat(BAR - filled));
        let value = a
            .value
            .map_or_else(|| "-".to_string(), |v| format!("{v:+.3}"));
        let name = r.name(a.action).to_string();
        writeln!(out, "{name:<13} {:>6.4}  {bar}  {value}", a.prob)?;
    }
    Ok(())
}
