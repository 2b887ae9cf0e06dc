//! Baseline truco bots and a duplicate-match arena.
//!
//! - [`bot`]: the [`Bot`] trait (a bot sees only the acting seat's [`truco_game::View`] and
//!   the hand's public events), the uniform [`Random`] bot and [`BotSpec`] (a bot named on the
//!   command line). [`policy_bot`]: [`PolicyBot`] plays a trained strategy table.
//!   [`hand_events`]: the arena's record of the hand's public events.
//! - [`heuristic`]: the [`Heuristic`] bot, a sound casual player; its rules are one table in
//!   the module's documentation.
//! - [`search`]: the [`SearchBot`], the heuristic's calling rules over sampled deals played
//!   out exactly: the strongest baseline that no table was trained against.
//! - [`arena`]: duplicate matches (every deal sequence played twice, seats swapped), in
//!   parallel, deterministic for a seed.
//! - [`stats`], [`report`]: Wilson and paired Student-t intervals, the [`Report`].
//!
//! See the crate README for the method and measured win rates.

#![warn(missing_docs)]

pub mod arena;
pub mod bot;
pub mod hand_events;
pub mod heuristic;
pub mod opponents;
pub mod policy_bot;
pub mod report;
pub mod search;
pub mod stats;

pub use arena::{run, run_specs, ArenaConfig, ArenaError, MatchOutcome, Side, TraceEntry};
pub use bot::{Bot, BotError, BotMaker, BotRng, BotSpec, Fallbacks, Random, TeamBot};
pub use hand_events::HandEvents;
pub use heuristic::Heuristic;
pub use opponents::Opponents;
pub use policy_bot::{CardPlay, PolicyBot, TablePlay};
pub use report::{PairResult, Report, SourcePoints, Tally};
pub use search::SearchBot;
pub use stats::Estimate;
