//! Errors of the spot notation: each says what was expected and where.

use std::fmt;

use thiserror::Error;

use crate::cards::CardError;
use crate::public::PlayError;
use crate::rules::RuleError;

/// Where a history token sits: its 1-based number in the history, its text, and (for parsed
/// text) its 1-based character column in the line.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Where {
    /// 1-based token number in the history field.
    pub token: usize,
    /// The token's text.
    pub text: String,
    /// 1-based character column in the spot line, if the spot came from text.
    pub column: Option<usize>,
}

impl fmt::Display for Where {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "history token {} `{}`", self.token, self.text)?;
        if let Some(c) = self.column {
            write!(f, " (column {c})")?;
        }
        Ok(())
    }
}

/// Why a spot could not be read, built or turned into a view.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum SpotError {
    /// The line does not have the expected fields.
    #[error("expected 4 or 5 fields separated by `|` (rules | score A-B | dealer D | seat S: three cards | history), found {found}")]
    Fields {
        /// Number of fields found.
        found: usize,
    },
    /// A header field (score, dealer, seat) is malformed or out of range.
    #[error("{field} `{text}` (column {column}): expected {expected}")]
    Field {
        /// The field's name.
        field: &'static str,
        /// The field's text.
        text: String,
        /// 1-based column of the field.
        column: usize,
        /// What was expected.
        expected: String,
    },
    /// The variant or an option is unknown or invalid.
    #[error("rules (column {column}): {source}")]
    Rules {
        /// 1-based column of the rules field.
        column: usize,
        /// The rule set error.
        #[source]
        source: RuleError,
    },
    /// A card of the seat's hand is unreadable or not in the deck.
    #[error("seat cards (column {column}): {source}")]
    Card {
        /// 1-based column of the card.
        column: usize,
        /// The card error.
        #[source]
        source: CardError,
    },
    /// A history token could not be read.
    #[error("{at}: expected {expected}")]
    Token {
        /// The token.
        at: Where,
        /// What was expected.
        expected: String,
    },
    /// A history token names a seat that is not the one to act.
    #[error("{at}: it is {expected}, not seat {seat}'s")]
    Turn {
        /// The token.
        at: Where,
        /// The seat the token names.
        seat: u8,
        /// Who is to act, in words ("seat 2's turn").
        expected: String,
    },
    /// The action breaks a rule.
    #[error("{at}: {why}")]
    Illegal {
        /// The token.
        at: Where,
        /// The rule it breaks.
        why: String,
    },
    /// The action contradicts the seat's own cards.
    #[error("{at}: {why}")]
    Hand {
        /// The token.
        at: Where,
        /// The contradiction.
        why: String,
    },
    /// Revealed totals are missing, malformed or impossible.
    #[error("{at}: {why}")]
    Reveal {
        /// The token.
        at: Where,
        /// What is wrong.
        why: String,
    },
    /// A view's event log does not replay to the view.
    #[error("the event log does not replay to the view: {0}")]
    Log(String),
    /// The engine refused an event (should not happen after the spot's own checks).
    #[error("{at}: {source}")]
    Play {
        /// The token.
        at: Where,
        /// The engine's error.
        #[source]
        source: PlayError,
    },
    /// The rule set is not one that a variant id and options build.
    #[error("the rule set cannot be written as a variant and options: {0}")]
    Unrepresentable(String),
}
