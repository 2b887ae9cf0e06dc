//! How a trained truco strategy table is played: the one [`Player`] behind `truco eval`,
//! `truco play`, `truco query`, `truco serve` and the web explorer.
//!
//! A table stores, for each abstract information set, a probability for each legal action.
//! The [`Player`] turns that row into a move as its [`TablePlay`] says ([`TablePlay::STRONG`]
//! by default: its actions of probability 0.2 or more, the card by exact play over sampled deals, no bet
//! accepted below its break-even, no bluff that stakes the match, no refusal that loses it...),
//! optionally after a decision-time search over the table ([`Player::with_search`]). Every
//! move comes as a [`Decision`]: the action, the table's row, the search's strategy and values
//! where it searched, which rules changed the table's choice ([`Change`]) and where the move
//! came from ([`Source`]). [`Player::decide_spot`] answers a spot in the spot notation;
//! [`Player::decide`] a live view inside a match (it is also a [`truco_bots::Bot`]).
//!
//! A spot carries no match history: the rules that learn the opponents over a match (the
//! envido bluffs dropped against opponents who seldom decline, the search bot's play against
//! erratic opponents) act as at a match's start unless the earlier hands are given to
//! [`Player::learn_hand`] first.
//!
//! # Example: load a table, ask for a move, play it
//!
//! ```
//! use truco_game::{Hand, PublicState, RuleSet, Spot};
//! use truco_player::Player;
//!
//! # fn main() -> Result<(), Box<dyn std::error::Error>> {
//! # let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../../models/arg-1v1.tbl");
//! let mut player = Player::open(path)?;
//! let spot: Spot = "arg-1v1 | score 0-0 | dealer 1 | seat 0: 1E 7O 3C".parse()?;
//! let decision = player.decide_spot(&spot, 7)?;
//! println!("play {} ({})", decision.action, decision.source.name());
//! for change in decision.changes.iter() {
//!     println!("{}: {} instead of {}", change.rule.why(), change.to, change.from);
//! }
//! // The move is legal in the spot: apply it to the seat's view.
//! let view = spot.to_view()?;
//! assert!(view.public().is_legal(decision.action, view.hand()));
//! # let _ = (Hand::deal, PublicState::new_hand, RuleSet::ARG_1V1);
//! # Ok(())
//! # }
//! ```

#![warn(missing_docs)]

pub mod answer;
pub mod decision;
pub mod error;
pub mod keep;
pub mod player;
pub mod table_play;

pub use decision::{Change, Changes, Decision, Rule, Source};
pub use error::PlayerError;
pub use player::Player;
pub use table_play::{BigBluffs, CardPlay, TablePlay};
