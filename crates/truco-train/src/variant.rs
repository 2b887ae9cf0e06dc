//! The variants `truco train` knows.

use std::fmt;
use std::str::FromStr;

use truco_game::RuleSet;

use crate::error::TrainError;
use crate::game::TrucoGame;
use crate::keying::Keyer;

/// A trainable variant.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TrainVariant {
    /// `arg-1v1`: every score (uniform) and mano, 40 cards.
    Arg1v1,
    /// `arg-1v1-mini`: the arg-1v1 rules at 0-0 from a 7-card deck.
    Mini,
}

impl TrainVariant {
    /// The variant id (as in table headers).
    pub const fn id(self) -> &'static str {
        match self {
            TrainVariant::Arg1v1 => "arg-1v1",
            TrainVariant::Mini => RuleSet::ARG_1V1_MINI_ID,
        }
    }

    /// The game, keyed by `keyer`.
    pub fn game<K: Keyer>(self, keyer: K) -> TrucoGame<K> {
        match self {
            TrainVariant::Arg1v1 => TrucoGame::arg_1v1(keyer),
            TrainVariant::Mini => TrucoGame::mini(keyer),
        }
    }
}

impl fmt::Display for TrainVariant {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.id())
    }
}

impl FromStr for TrainVariant {
    type Err = TrainError;
    fn from_str(s: &str) -> Result<Self, TrainError> {
        match s.trim().to_ascii_lowercase().as_str() {
            "arg-1v1" => Ok(TrainVariant::Arg1v1),
            "arg-1v1-mini" => Ok(TrainVariant::Mini),
            other => Err(TrainError::UnknownVariant(other.to_string())),
        }
    }
}
