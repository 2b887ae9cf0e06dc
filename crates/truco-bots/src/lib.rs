//! The truco bots that need no strategy table, and what every bot shares.
//!
//! - [`bot`]: the [`Bot`] trait (a bot sees only the acting seat's [`truco_game::View`] and
//!   the hand's public events), the uniform [`Random`] bot and the [`TeamBot`] of two bots.
//!   [`hand_events`]: a record of the hand's public events.
//! - [`heuristic`]: the [`Heuristic`] bot, a sound casual player; its rules are one table in
//!   the module's documentation.
//! - [`search`]: the [`SearchBot`], the heuristic's calling rules over sampled deals played
//!   out exactly: the strongest baseline that no table was trained against.
//! - [`opponents`]: what a match has shown of the opponents ([`Opponents::erratic`]...).
//!
//! The table player (`truco-player`) builds on these; the match runner (`truco-arena`) plays
//! any of them.

#![warn(missing_docs)]

pub mod bot;
pub mod hand_events;
pub mod heuristic;
pub mod opponents;
pub mod search;

pub use bot::{uniform_index, Bot, BotMaker, BotRng, Fallbacks, Random, TeamBot};
pub use hand_events::HandEvents;
pub use heuristic::Heuristic;
pub use opponents::Opponents;
pub use search::SearchBot;
