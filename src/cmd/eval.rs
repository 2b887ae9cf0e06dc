//! `truco eval`: duplicate matches between two bots (every deal sequence played twice with the
//! seats swapped), with the win rate and points per hand of bot A and their 95% intervals.

use std::fmt;
use std::io::Write;

use std::sync::Arc;

use truco_arena::{run as arena_run, run_specs, ArenaConfig, ArenaError, BotSpec, Report};
use truco_bots::{Bot, BotMaker};
use truco_game::RuleSet;
use truco_player::Player;
use truco_query::Policy;
use truco_search::searcher::Method;
use truco_search::{SearchBudget, SearchError, SearchScope, Searcher, Utility};

/// What the search values a hand's outcome by.
#[derive(clap::ValueEnum, Clone, Copy, Debug, PartialEq, Eq)]
pub enum SearchUtility {
    /// Net points, each side's capped at what it needs.
    Points,
    /// The match-win chance at the score the hand leads to.
    Match,
}

/// How the search re-solves the rest of the hand.
#[derive(clap::ValueEnum, Clone, Copy, Debug, PartialEq, Eq)]
pub enum SearchMethod {
    /// ES-MCCFR over single deals drawn from the ranges (the default).
    Sampled,
    /// Range-vector CFR+ over every deal at once, guarded by a max-margin gadget.
    Vector,
    /// Range-vector CFR+ without the gadget.
    VectorUnsafe,
}

/// Which decisions the table bots search.
#[derive(clap::ValueEnum, Clone, Copy, Debug, PartialEq, Eq)]
pub enum SearchDecisions {
    /// Only the answers to a pending truco-ladder call (the default: it won more).
    Answers,
    /// Every decision.
    All,
}

/// Which table bots search.
#[derive(clap::ValueEnum, Clone, Copy, Debug, PartialEq, Eq)]
pub enum SearchSide {
    /// Bot A only.
    A,
    /// Bot B only.
    B,
    /// Both.
    Both,
}

/// Arguments of `truco eval`.
#[derive(clap::Args, Debug, Clone)]
pub struct Args {
    /// Variant id: arg-1v1, arg-2v2, arg-classic, paulista or valencian.
    #[arg(long)]
    pub variant: String,
    /// A rule option, repeatable: --option players=6 --option flor (arg-classic, paulista).
    #[arg(long = "option", value_name = "OPTION")]
    pub options: Vec<String>,
    /// Bot A: heuristic, search (sampled deals played out exactly), random, or a strategy
    /// table file (e.g. models/arg-1v1.tbl: the table decides each move, sampling its actions
    /// of probability 0.2 or more, and when that is a card the search picks which; it never folds where
    /// playing on dominates, nor accepts (or raises) an envido or truco below its break-even
    /// (its own total against any caller's; the search's hand win chance), nor makes a big bluff (a falta or a raise that
    /// stakes the match on a showdown more likely lost than won) unless it searches, nor a truco-ladder raise on a
    /// hand more likely lost than won, nor an envido bluff once the match shows its opponents
    /// decline its envido calls too seldom for bluffs to pay; against opponents who have shown
    /// themselves erratic (folds or envido answers no sound player makes) it plays as the
    /// search bot;
    /// `FILE@purify=T` keeps the actions of probability T or more, `FILE@cards=table` plays
    /// the table's own card, `FILE@folds=all` keeps every fold, `FILE@accepts=all` every acceptance,
    /// `FILE@bluffs=all` every big bluff (`small`: none, searching or not), `FILE@truco-bluffs=all` every truco bluff,
    /// `FILE@envido-bluffs=all` every envido bluff whoever the opponents,
    /// `FILE@erratic=table` the table against erratic opponents too,
    /// `FILE@rows=served` reads the rows with the table's post-processing step,
    /// `FILE@raw` is the table as trained, its rows as served (with the step its header
    /// declares; `FILE@raw@rows=trained` without it)); in team variants also a mixed
    /// team of two joined by `+` (models/arg-2v2.tbl+heuristic: the table holds the team's
    /// first seat, the heuristic its partner; in six players its two partners).
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
    /// Search the table bots' decisions (those of --search-decisions, from --search-from-trick
    /// on) over their table for this budget (a time such as 50ms or 1.5s, or iterations such as
    /// 2000it; every variant). Off by default.
    #[arg(long, value_name = "BUDGET")]
    pub search: Option<SearchBudget>,
    /// With --search, the first trick searched (1-3, default 2: at the start of a hand the
    /// budget buys too few iterations to beat the table); earlier decisions play the table.
    #[arg(long, value_name = "TRICK", default_value_t = 2, value_parser = clap::value_parser!(u8).range(1..=3))]
    pub search_from_trick: u8,
    /// With --search, what the search values a hand's outcome by: points (net points, capped
    /// at what each side needs) or match (the match-win chance at the score it leads to).
    #[arg(long, value_name = "UTILITY", default_value = "points")]
    pub search_utility: SearchUtility,
    /// With --search, which decisions: answers (to a pending truco, retruco or vale cuatro) or
    /// all; the others play the table.
    #[arg(long, value_name = "DECISIONS", default_value = "answers")]
    pub search_decisions: SearchDecisions,
    /// With --search, how the rest of the hand is re-solved: sampled, vector (range-vector,
    /// safe) or vector-unsafe.
    #[arg(long, value_name = "METHOD", default_value = "sampled")]
    pub search_method: SearchMethod,
    /// Which table bots search with --search: a, b or both.
    #[arg(long, value_name = "SIDE", default_value = "both")]
    pub search_side: SearchSide,
    /// Print the report as one JSON object instead of text.
    #[arg(long)]
    pub json: bool,
}

/// Why an evaluation could not run.
#[derive(Debug)]
pub enum EvalError {
    /// Bad variant, option, bot, match count, or an engine refusal.
    Arena(ArenaError),
    /// A table that cannot be searched, or a search that cannot start.
    Search(SearchError),
    /// The report could not be written.
    Io(std::io::Error),
    /// The report could not be encoded as JSON.
    Json(serde_json::Error),
}

impl fmt::Display for EvalError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            EvalError::Arena(e) => write!(f, "{e}"),
            EvalError::Search(e) => write!(f, "{e}"),
            EvalError::Io(e) => write!(f, "cannot write the report: {e}"),
            EvalError::Json(e) => write!(f, "cannot encode the report: {e}"),
        }
    }
}

impl std::error::Error for EvalError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            EvalError::Arena(e) => Some(e),
            EvalError::Search(e) => Some(e),
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
    let Some(budget) = args.search else {
        return run_specs(&cfg, &args.a, &args.b).map_err(EvalError::Arena);
    };
    let opts: Vec<&str> = cfg.options.iter().map(String::as_str).collect();
    let rules = RuleSet::new(&cfg.variant, &opts).map_err(|e| EvalError::Arena(e.into()))?;
    let (search_a, search_b) = match args.search_side {
        SearchSide::A => (true, false),
        SearchSide::B => (false, true),
        SearchSide::Both => (true, true),
    };
    let from = args.search_from_trick - 1;
    let utility = match args.search_utility {
        SearchUtility::Points => Utility::Points,
        SearchUtility::Match => Utility::Match,
    };
    let scope = match args.search_decisions {
        SearchDecisions::Answers => SearchScope::Answers,
        SearchDecisions::All => SearchScope::All,
    };
    let method = match args.search_method {
        SearchMethod::Sampled => Method::Sampled,
        SearchMethod::Vector => Method::default_vector(true),
        SearchMethod::VectorUnsafe => Method::default_vector(false),
    };
    let settings = |s: Searcher| {
        s.from_trick(from)
            .with_scope(scope)
            .with_utility(utility)
            .with_method(method)
    };
    let make_a = maker(&args.a, &rules, search_a.then_some(budget), settings)?;
    let make_b = maker(&args.b, &rules, search_b.then_some(budget), settings)?;
    let mut report = arena_run(&cfg, make_a, make_b).map_err(EvalError::Arena)?;
    let mut tag = String::new();
    if utility == Utility::Match {
        tag.push_str(",match");
    }
    if scope == SearchScope::All {
        tag.push_str(",all");
    }
    let name = |spec: &BotSpec, searched: bool| match (spec, searched) {
        (BotSpec::Model(..), true) => format!("{spec}@search={budget}{tag}"),
        _ => spec.to_string(),
    };
    report.a = name(&args.a, search_a);
    report.b = name(&args.b, search_b);
    Ok(report)
}

/// The bots of `spec`: a table bot searching with `budget` if given (its searcher set up by
/// `settings`), else as the spec says.
fn maker(
    spec: &BotSpec,
    rules: &RuleSet,
    budget: Option<SearchBudget>,
    settings: impl Fn(Searcher) -> Searcher,
) -> Result<BotMaker, EvalError> {
    let (BotSpec::Model(path, play), Some(budget)) = (spec, budget) else {
        return spec
            .maker_for(rules)
            .map_err(|e| EvalError::Arena(e.into()));
    };
    // Opening through the spec checks the table against the arena's rules first.
    let _checked = spec
        .maker_for(rules)
        .map_err(|e| EvalError::Arena(e.into()))?;
    let policy = Policy::open(path).map_err(|e| EvalError::Search(SearchError::Policy(e)))?;
    let searcher = Searcher::new(Arc::new(policy), budget).map_err(EvalError::Search)?;
    let searcher = Arc::new(settings(searcher));
    let name = format!("{spec}@search={budget}");
    let play = *play;
    Ok(Box::new(move || {
        Box::new(
            Player::new(Arc::clone(searcher.policy_arc()))
                .with_name(name.clone())
                .with_play(play)
                .with_search(Arc::clone(&searcher), false),
        ) as Box<dyn Bot>
    }))
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
            search: None,
            search_from_trick: 2,
            search_utility: SearchUtility::Points,
            search_method: SearchMethod::Sampled,
            search_decisions: SearchDecisions::Answers,
            search_side: SearchSide::Both,
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
    fn a_searching_table_plays_and_is_named_with_its_budget() {
        let mut a = args("models/arg-1v1.tbl", "random", 2);
        a.search = Some("100it".parse().unwrap());
        let r = evaluate(&a).unwrap();
        assert_eq!(r.a, "models/arg-1v1.tbl@search=100it");
        assert_eq!(r.b, "random");
        assert_eq!(r.matches, 2);
        // Every decision searched, for match wins: both in the name.
        a.search_decisions = SearchDecisions::All;
        a.search_utility = SearchUtility::Match;
        let r = evaluate(&a).unwrap();
        assert_eq!(r.a, "models/arg-1v1.tbl@search=100it,match,all");
    }

    #[test]
    fn a_searching_table_plays_a_team_game() {
        let mut a = args("models/paulista.tbl", "heuristic", 2);
        a.variant = "paulista".into();
        a.search = Some("50it".parse().unwrap());
        let r = evaluate(&a).unwrap();
        assert_eq!(r.a, "models/paulista.tbl@search=50it");
        assert_eq!(r.matches, 2);
    }

    #[test]
    fn a_missing_model_file_is_a_clear_error() {
        let e = evaluate(&args("models/no-such-model.tbl", "random", 2)).unwrap_err();
        let text = e.to_string();
        assert!(text.contains("models/no-such-model.tbl"), "{text}");
        assert!(text.contains("No such file"), "{text}");
    }
}
