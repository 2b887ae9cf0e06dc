//! [`PlayerError`]: why the player cannot answer a spot.

use truco_game::SpotError;
use truco_query::PolicyError;

/// Why a [`crate::Player`] could not be built or could not answer.
#[derive(Debug, thiserror::Error)]
pub enum PlayerError {
    /// The table could not be opened or cannot answer the spot.
    #[error("{0}")]
    Policy(#[from] PolicyError),
    /// The spot is malformed or illegal.
    #[error("{0}")]
    Spot(#[from] SpotError),
    /// The spot is played under other rules than the table was trained for.
    #[error("the spot is {spot}, the table is for {table}")]
    OtherRules {
        /// The spot's rules.
        spot: String,
        /// The table's rules.
        table: String,
    },
    /// The spot's seat has no decision (the hand is over or another seat is to act).
    #[error("no decision in {0}")]
    NoDecision(String),
    /// An earlier hand of the match could not be replayed.
    #[error("an earlier hand cannot be replayed: {0}")]
    BadHistory(String),
}

impl PlayerError {
    /// A short machine-readable kind for answers (`bad_spot`, `wrong_variant`...).
    pub fn kind(&self) -> &'static str {
        match self {
            PlayerError::Policy(e) => e.kind(),
            PlayerError::Spot(_) | PlayerError::NoDecision(_) => "bad_spot",
            PlayerError::OtherRules { .. } => "wrong_variant",
            PlayerError::BadHistory(_) => "bad_history",
        }
    }
}
