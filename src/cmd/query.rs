//! `truco query`: what the player plays at one spot, and the table's probabilities beside it,
//! as a readable table or as JSON. The answer is the protocol answer of `truco serve`
//! (`truco_query::protocol`, with the player of `truco-player`): the same spot and seed get the
//! same move from both.

use std::io::Write;
use std::path::PathBuf;
use std::sync::Arc;

use serde_json::{json, Map, Value};
use truco_game::{Spot, SpotError};
use truco_player::answer::PlayerAnswers;
use truco_query::protocol::{answer_with, Refine};
use truco_query::{OpenOptions, Policy, PolicyError};
use truco_search::{SearchBudget, SearchError};

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
    /// iterations such as 2000it; every variant): the player
    /// plays the re-solved strategy, shown with each action's value in points and match-win
    /// chance. Off by default.
    #[arg(long, value_name = "BUDGET", conflicts_with_all = ["range", "raw"])]
    pub search: Option<SearchBudget>,
    /// The table's row alone, as trained: no move, none of the player's rules.
    #[arg(long, conflicts_with = "range")]
    pub raw: bool,
    /// Also print the table's key for the spot and its post-processing step (for debugging a
    /// table).
    #[arg(long)]
    pub debug: bool,
    /// Seed of the player's draws and of the search (the same seed, spot and an iteration
    /// budget give the same answer, here and from `truco serve`).
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
    /// The spot has no answer (the protocol's error message).
    #[error("{0}")]
    Answer(String),
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
    let policy = Arc::new(policy);
    let answers = PlayerAnswers {
        search: args.search,
        ..PlayerAnswers::default()
    };
    if let Some(budget) = args.search {
        // A table the search does not cover is refused before anything else.
        truco_player::answer::searcher_for(&policy, budget)?;
    }
    let refine = (!args.raw).then_some(&answers as &dyn Refine<Arc<Policy>>);
    let request = json!({"spot": args.spot, "seed": args.seed}).to_string();
    let mut answer = answer_with(|| Ok(Arc::clone(&policy)), &request, refine);
    if let Some(e) = answer.get("error") {
        let message = e["message"].as_str().unwrap_or("no answer").to_string();
        return Err(QueryError::Answer(message));
    }
    let Value::Object(fields) = &mut answer else {
        return Err(QueryError::Answer("no answer".into()));
    };
    fields.remove("id");
    if args.debug {
        let r = policy.recommend_spot(&spot, truco_query::ActionOrder::Engine)?;
        fields.insert("key".into(), json!(format!("{:#018x}", r.key)));
        fields.insert(
            "post_process".into(),
            json!(policy.post_process().to_string()),
        );
    }
    if args.json {
        let mut v = Map::new();
        v.insert("spot".into(), json!(spot.to_string()));
        v.append(fields);
        writeln!(out, "{}", Value::Object(v))?;
        return Ok(());
    }
    super::query_text::write(&spot, fields, out)?;
    Ok(())
}
