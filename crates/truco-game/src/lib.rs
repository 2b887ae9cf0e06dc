//! Truco rules engine: one state machine parameterized by a rule set.
//!
//! See the crate README for the module map and the modelling choices.

pub mod cards;
pub mod envido;
pub mod ranking;

pub use cards::{Card, CardError, CardSet, Deck, Suit};
