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
    /// `paulista`: two teams of two, to 12, with the vira; every score (uniform) and mano.
    Paulista,
    /// `paulista players=2`: heads-up paulista with the blind mão de ferro at 11-11.
    PaulistaHu,
    /// `paulista players=2 ferro=open`: heads-up, the 11-11 hand played open for 3.
    PaulistaHuOpen,
    /// `valencian`: two teams of two, 22 cards, two camas of 24; every score and cama standing.
    Valencian,
    /// `arg-classic` with an option set the engine accepts (2, 4 or 6 players, flor, target,
    /// falta-in-malas, early-mazo, pica-pica); every score (uniform) and mano, and with
    /// pica-pica both kinds of hand.
    Classic(RuleSet),
}

impl TrainVariant {
    /// The variant id (as in table headers).
    pub const fn id(self) -> &'static str {
        match self {
            TrainVariant::Arg1v1 => "arg-1v1",
            TrainVariant::Mini => RuleSet::ARG_1V1_MINI_ID,
            TrainVariant::Arg2v2 => "arg-2v2",
            TrainVariant::Paulista | TrainVariant::PaulistaHu | TrainVariant::PaulistaHuOpen => {
                "paulista"
            }
            TrainVariant::Valencian => "valencian",
            TrainVariant::Classic(_) => "arg-classic",
        }
    }

    /// A short name for files, checkpoints and messages: the id, with `-hu` / `-hu-open` for
    /// the heads-up paulista option sets and the options for arg-classic
    /// (`arg-classic-players-6-flor-pica-pica`).
    pub fn name(self) -> String {
        match self {
            TrainVariant::PaulistaHu => "paulista-hu".into(),
            TrainVariant::PaulistaHuOpen => "paulista-hu-open".into(),
            TrainVariant::Classic(_) => {
                let options = self.options();
                let mut name = "arg-classic".to_string();
                for o in options.split_whitespace() {
                    name.push('-');
                    name.push_str(&o.replace('=', "-"));
                }
                name
            }
            v => v.id().into(),
        }
    }

    /// The options written in table headers (canonical, as spots write them; empty for none).
    pub fn options(self) -> String {
        let text = rules_text(&self.rules()).unwrap_or_default();
        text.split_once(' ')
            .map_or(String::new(), |(_, o)| o.to_string())
    }

    /// Every trainable variant with a fixed rule set (arg-classic takes any option set:
    /// [`TrainVariant::from_rules`]).
    pub const ALL: [TrainVariant; 7] = [
        TrainVariant::Arg1v1,
        TrainVariant::Mini,
        TrainVariant::Arg2v2,
        TrainVariant::Paulista,
        TrainVariant::PaulistaHu,
        TrainVariant::PaulistaHuOpen,
        TrainVariant::Valencian,
    ];

    /// The rules the variant's hands are played with (the mini variant: arg-1v1's).
    pub fn rules(self) -> RuleSet {
        let built = |options: &[&str]| {
            RuleSet::new("paulista", options)
                .unwrap_or_else(|e| unreachable!("the engine builds paulista {options:?}: {e}"))
        };
        match self {
            TrainVariant::Arg1v1 | TrainVariant::Mini => RuleSet::ARG_1V1,
            TrainVariant::Arg2v2 => RuleSet::ARG_2V2,
            TrainVariant::Paulista => RuleSet::PAULISTA,
            TrainVariant::PaulistaHu => built(&["players=2"]),
            TrainVariant::PaulistaHuOpen => built(&["players=2", "ferro=open"]),
            TrainVariant::Valencian => RuleSet::VALENCIAN,
            TrainVariant::Classic(r) => r,
        }
    }

    /// The abstraction `truco train` uses when none is named.
    pub const fn default_abstraction(self) -> Abstraction {
        match self {
            TrainVariant::Arg1v1 | TrainVariant::Mini => Abstraction::Buckets,
            TrainVariant::Arg2v2 => Abstraction::Arg2v2BucketsV2,
            TrainVariant::Paulista | TrainVariant::PaulistaHu | TrainVariant::PaulistaHuOpen => {
                Abstraction::PaulistaBucketsV1
            }
            TrainVariant::Valencian => Abstraction::ValencianBucketsV1,
            TrainVariant::Classic(_) => Abstraction::ArgClassicBucketsV1,
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
        if rules.variant == truco_game::Variant::ArgClassic {
            if rules.pica_pair > 0 {
                return Err(TrainError::InvalidOption(format!(
                    "pair={} names one hand of a pica-pica round: train the match's rules without it",
                    rules.pica_pair
                )));
            }
            return Ok(TrainVariant::Classic(rules));
        }
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
            v => TrucoGame::new(v.rules(), keyer),
        }
    }
}

impl fmt::Display for TrainVariant {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.name())
    }
}

impl FromStr for TrainVariant {
    type Err = TrainError;
    fn from_str(s: &str) -> Result<Self, TrainError> {
        match s.trim().to_ascii_lowercase().as_str() {
            "arg-1v1" => Ok(TrainVariant::Arg1v1),
            "arg-1v1-mini" => Ok(TrainVariant::Mini),
            "arg-2v2" => Ok(TrainVariant::Arg2v2),
            "paulista" => Ok(TrainVariant::Paulista),
            "paulista-hu" => Ok(TrainVariant::PaulistaHu),
            "paulista-hu-open" => Ok(TrainVariant::PaulistaHuOpen),
            "valencian" => Ok(TrainVariant::Valencian),
            "arg-classic" => Ok(TrainVariant::Classic(RuleSet::ARG_CLASSIC)),
            other => Err(TrainError::UnknownVariant(other.to_string())),
        }
    }
}
