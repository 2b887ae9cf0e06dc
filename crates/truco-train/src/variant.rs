//! The variants `truco train` knows.

use std::fmt;
use std::str::FromStr;

use truco_game::abstraction::Abstraction;
use truco_game::spot::rules_text;
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
    /// `arg-2v2`: two teams of two, to 30; every score (uniform) and mano, 40 cards.
    Arg2v2,
}

impl TrainVariant {
    /// The variant id (as in table headers).
    pub const fn id(self) -> &'static str {
        match self {
            TrainVariant::Arg1v1 => "arg-1v1",
            TrainVariant::Mini => RuleSet::ARG_1V1_MINI_ID,
            TrainVariant::Arg2v2 => "arg-2v2",
        }
    }

    /// Every trainable variant.
    pub const ALL: [TrainVariant; 3] = [
        TrainVariant::Arg1v1,
        TrainVariant::Mini,
        TrainVariant::Arg2v2,
    ];

    /// The rules the variant's hands are played with (the mini variant: arg-1v1's).
    pub const fn rules(self) -> RuleSet {
        match self {
            TrainVariant::Arg1v1 | TrainVariant::Mini => RuleSet::ARG_1V1,
            TrainVariant::Arg2v2 => RuleSet::ARG_2V2,
        }
    }

    /// The abstraction `truco train` uses when none is named.
    pub const fn default_abstraction(self) -> Abstraction {
        match self {
            TrainVariant::Arg1v1 | TrainVariant::Mini => Abstraction::Buckets,
            TrainVariant::Arg2v2 => Abstraction::Arg2v2BucketsV2,
        }
    }

    /// Checks that `abstraction` keys this variant's views.
    pub fn check_abstraction(self, abstraction: Abstraction) -> Result<(), TrainError> {
        if abstraction.supports(&self.rules()) {
            return Ok(());
        }
        let valid: Vec<&str> = Abstraction::ALL
            .into_iter()
            .filter(|a| a.supports(&self.rules()))
            .map(Abstraction::id)
            .collect();
        Err(TrainError::WrongAbstraction {
            abstraction: abstraction.id().to_string(),
            variant: self.id().to_string(),
            valid: valid.join(", "),
        })
    }

    /// The trainable variant of a variant id with options (`arg-2v2`, `arg-classic flor`...):
    /// an unknown id or option is the engine's error, known rules that no abstraction keys
    /// are [`TrainError::NoAbstraction`].
    pub fn from_rules(variant: &str, options: &[&str]) -> Result<TrainVariant, TrainError> {
        if options.is_empty() {
            if let Ok(v) = variant.parse::<TrainVariant>() {
                return Ok(v);
            }
        }
        let rules =
            RuleSet::new(variant, options).map_err(|e| TrainError::InvalidOption(e.to_string()))?;
        TrainVariant::ALL
            .into_iter()
            .filter(|v| *v != TrainVariant::Mini)
            .find(|v| v.rules() == rules)
            .ok_or_else(|| {
                TrainError::NoAbstraction(rules_text(&rules).unwrap_or_else(|_| variant.into()))
            })
    }

    /// The game, keyed by `keyer`.
    pub fn game<K: Keyer>(self, keyer: K) -> TrucoGame<K> {
        match self {
            TrainVariant::Arg1v1 => TrucoGame::arg_1v1(keyer),
            TrainVariant::Mini => TrucoGame::mini(keyer),
            TrainVariant::Arg2v2 => TrucoGame::arg_2v2(keyer),
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
            "arg-2v2" => Ok(TrainVariant::Arg2v2),
            other => Err(TrainError::UnknownVariant(other.to_string())),
        }
    }
}
