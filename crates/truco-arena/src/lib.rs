//! A duplicate-match arena: measures one truco bot against another with confidence intervals.
//!
//! - [`arena`]: duplicate matches (every deal sequence played twice, seats swapped), in
//!   parallel, deterministic for a seed.
//! - [`spec`]: [`BotSpec`], a bot named on the command line: the bots of `truco-bots`
//!   (heuristic, search, random) or a strategy table played by `truco-player`'s
//!   [`truco_player::Player`] (the same player `truco query` and `truco serve` answer with).
//! - [`stats`], [`report`]: Wilson and paired Student-t intervals, the [`Report`].
//!
//! See the crate README for the method and measured win rates.

#![warn(missing_docs)]

pub mod arena;
pub mod report;
pub mod spec;
pub mod stats;

pub use arena::{run, run_specs, ArenaConfig, ArenaError, MatchOutcome, Side, TraceEntry};
pub use report::{PairResult, Report, SourcePoints, Tally};
pub use spec::{BotError, BotSpec};
pub use stats::Estimate;
