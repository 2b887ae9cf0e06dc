//! Truco rules engine: one state machine parameterized by a rule set.
//!
//! - [`cards`]: cards, decks, card sets and the `1E 7O` notation.
//! - [`ranking`], [`envido`]: trick strength tiers as data; envido and flor values.
//! - [`rules`]: the [`RuleSet`] data of each variant and its options.
//! - [`public`] + [`step`](crate::public::PublicState::apply_event): the public state of a hand
//!   and its transitions, replayable from public [`Event`]s alone.
//! - [`state`]: the full state (public + hands), legal actions, `apply`.
//! - [`view`]: what one seat sees. [`matchplay`]: a whole match.
//!
//! See the crate README for the modelling choices.

#![warn(missing_docs)]

pub mod abstraction;
pub mod action;
pub mod cards;
pub mod deals;
pub mod envido;
pub mod hand;
pub mod log;
pub mod matchplay;
pub mod public;
pub mod ranking;
pub mod rules;
pub mod sim;
pub mod spot;
pub mod state;
mod step;
pub mod tricks;
pub mod view;

pub use action::{Action, ActionList, Actor, Award, Awards, Event, Source, Totals, NONE};
pub use cards::{Card, CardError, CardSet, Deck, Suit};
pub use hand::Hand;
pub use log::EventLog;
pub use matchplay::Match;
pub use public::{Phase, PlayError, PublicState};
pub use rules::{RuleError, RuleSet, Variant};
pub use spot::{Spot, SpotError};
pub use state::State;
pub use view::View;

/// At most this many characters of a bad input are echoed in an error message.
pub const ECHO_LIMIT: usize = 40;

/// `text` as an error message echoes it: at most [`ECHO_LIMIT`] characters, then how much was
/// left out (a hostile multi-megabyte token never comes back whole).
pub fn echo(text: &str) -> String {
    match text.char_indices().nth(ECHO_LIMIT) {
        None => text.to_string(),
        Some((cut, _)) => format!("{}... ({} more bytes)", &text[..cut], text.len() - cut),
    }
}

#[cfg(test)]
pub(crate) mod testutil;
