//! `truco eval`: duplicate matches between two bots (every deal sequence played twice with the
//! seats swapped), with the win rate and points per hand of bot A and their 95% intervals.

use std::fmt;
use std::io::Write;

use truco_arena::{run_specs, ArenaConfig, ArenaError, BotSpec, Report};

/// Arguments of `truco eval`.
#[derive(clap::Args, Debug, Clone)]
pub struct Args {
    /// Variant id: arg-1v1, arg-2v2, arg-classic, paulista or valencian.
    #[arg(long)]
    pub variant: String,
    /// A rule option, repeatable: --option players=6 --option flor (arg-classic, paulista).
    #[arg(long = "option", value_name = "OPTION")]
    pub options: Vec<String>,
    /// Bot A: heuristic, search (sampled deals played out exactly), random, or a strategy table file (e.g. models/arg-1v1.tbl); in team
    /// variants also a mixed team of two joined by `+` (models/arg-2v2.tbl+heuristic: the
    /// table holds the team's first seat, the heuristic its partner).
    #[arg(long, value_name = "BOT")]
    pub a: BotSpec,
    /// Bot B: heuristic, search, random, a strategy table file, or a mixed team (`X+Y`).
    #[arg(long, value_name = "BOT")]
    pub b: BotSpec,
    /// Matches to play (at least 1; rounded up to whole duplicate pairs).
    #[arg(long)]
    pub matches: u64,
    /// Seed of the deals and of the bots: the same seed gives the same report.
    #[arg(long)]
    pub seed: u64,
    /// Print the report as one JSON object instead of text.
    #[arg(long)]
    pub json: bool,
}

/// Why an evaluation could not run.
#[derive(Debug)]
pub enum EvalError {
    /// Bad variant, option, bot, match count, or an engine refusal.
    Arena(ArenaError),
    /// The report could not be written.
    Io(std::io::Error),
    /// The report could not be encoded as JSON.
    Json(serde_json::Error),
}

impl fmt::Display for EvalError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            EvalError::Arena(e) => write!(f, "{e}"),
            EvalError::Io(e) => write!(f, "cannot write the report: {e}"),
            EvalError::Json(e) => write!(f, "cannot encode the report: {e}"),
        }
    }
}

impl std::error::Error for EvalError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            EvalError::Arena(e) => Some(e),
            EvalError::Io(e) => Some(e),
            EvalError::Json(e) => Some(e),
        }
    }
}

/// Plays the duplicate matches of `args`.
pub fn evaluate(args: &Args) -> Result<Report, EvalError> {
    let cfg = ArenaConfig {
        variant: args.variant.clone(),
        options: args.options.clone(),
        matches: args.matches,
        seed: args.seed,
    };
    run_specs(&cfg, &args.a, &args.b).map_err(EvalError::Arena)
}

/// Runs `truco eval`.
pub fn run(args: &Args, out: &mut impl Write) -> Result<(), EvalError> {
    let report = evaluate(args)?;
    if args.json {
        serde_json::to_writer(&mut *out, &report).map_err(EvalError::Json)?;
        writeln!(out).map_err(EvalError::Io)
    } else {
        writeln!(out, "{report}").map_err(EvalError::Io)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn args(a: &str, b: &str, matches: u64) -> Args {
        Args {
            variant: "arg-1v1".into(),
            options: vec![],
            a: a.parse().unwrap(),
            b: b.parse().unwrap(),
            matches,
            seed: 2,
            json: false,
        }
    }

    #[test]
    fn reports_text_and_json() {
        let mut text = Vec::new();
        run(&args("heuristic", "random", 20), &mut text).unwrap();
        let text = String::from_utf8(text).unwrap();
        assert!(
            text.starts_with("arg-1v1: A = heuristic vs B = random, 20 matches"),
            "{text}"
        );
        let mut json = Vec::new();
        let mut a = args("heuristic", "random", 20);
        a.json = true;
        run(&a, &mut json).unwrap();
        let v: serde_json::Value = serde_json::from_slice(&json).unwrap();
        assert_eq!(v["matches"], 20);
        assert!(v["win_rate"]["value"].as_f64().unwrap() > 0.5);
    }

    #[test]
    fn a_missing_model_file_is_a_clear_error() {
        let e = evaluate(&args("models/no-such-model.tbl", "random", 2)).unwrap_err();
        let text = e.to_string();
        assert!(text.contains("models/no-such-model.tbl"), "{text}");
        assert!(text.contains("No such file"), "{text}");
    }
}
