//! Actions, public events, actors and the fixed-capacity action list.

use std::fmt;

use crate::cards::Card;

/// "No seat / no card / no total" marker in compact `u8` fields.
pub const NONE: u8 = u8::MAX;

/// Most seats a hand can have.
pub const MAX_SEATS: usize = 6;

/// The seat `k` places after `seat` in play order among `n` seats (`seat < n`, `k <= n`),
/// without a division.
#[inline(always)]
pub(crate) const fn seat_after(seat: u8, k: u8, n: u8) -> u8 {
    let s = seat + k;
    if s >= n {
        s - n
    } else {
        s
    }
}

/// A move of a player (or of a team, through its deciding player).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Action {
    /// Play a card face up.
    Play(Card),
    /// Raise the truco ladder one step: truco, retruco or vale cuatro, by the current level.
    /// As an answer it accepts the pending call and raises ("quiero retruco").
    Raise,
    /// Accept the pending call.
    Quiero,
    /// Decline the pending call.
    NoQuiero,
    /// Call (or raise with) envido.
    Envido,
    /// Call (or raise with) real envido.
    RealEnvido,
    /// Call (or raise with) falta envido.
    FaltaEnvido,
    /// Declare a flor (or, against a declared flor, contest it at the flor value).
    Flor,
    /// Contest a declared flor with a contraflor.
    Contraflor,
    /// Fold (irse al mazo).
    Mazo,
    /// Paulista, from trick 2 on: play this card face down. It neither wins nor ties, and its
    /// public event ([`Event::Hidden`]) does not name it.
    Hide(Card),
    /// Mão de ferro: play, unseen, the face-down card at this position (0-based) among one's
    /// unplayed cards in deal order; its event shows the card as it falls.
    Blind(u8),
    /// Valencian out-of-turn window (ruling 2): the team not on turn does not raise now.
    Pass,
}

impl fmt::Display for Action {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Action::Play(c) => write!(f, "{c}"),
            Action::Raise => f.write_str("raise"),
            Action::Quiero => f.write_str("quiero"),
            Action::NoQuiero => f.write_str("no-quiero"),
            Action::Envido => f.write_str("envido"),
            Action::RealEnvido => f.write_str("real-envido"),
            Action::FaltaEnvido => f.write_str("falta-envido"),
            Action::Flor => f.write_str("flor"),
            Action::Contraflor => f.write_str("contraflor"),
            Action::Mazo => f.write_str("mazo"),
            Action::Hide(c) => write!(f, "hide-{c}"),
            Action::Blind(k) => write!(f, "blind-{k}"),
            Action::Pass => f.write_str("pass"),
        }
    }
}

/// Why an action's text could not be read.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("unknown action `{0}` (a card like 7O, or raise, quiero, no-quiero, envido, real-envido, falta-envido, flor, contraflor, mazo, hide-7O, blind-0, pass)")]
pub struct ActionParseError(pub String);

impl std::str::FromStr for Action {
    type Err = ActionParseError;

    /// Reads the [`Display`](fmt::Display) form (case-insensitive); the truco steps of every
    /// variant (`truco`, `retruco`, `vale-cuatro`, `seis`, `nove`, `doze`, `truc`,
    /// `quatre-val`, `joc-fora`) are read as [`Action::Raise`]; the valencian envit words
    /// `envide`, `torne`, `falta` as envido, real envido and falta envido; `play` / `run` (mão
    /// de onze) as quiero / no-quiero.
    fn from_str(s: &str) -> Result<Action, ActionParseError> {
        let t = s.trim().to_ascii_lowercase();
        let bad = || ActionParseError(s.trim().to_string());
        if let Some(c) = t.strip_prefix("hide-") {
            return Ok(Action::Hide(c.parse().map_err(|_| bad())?));
        }
        if let Some(k) = t.strip_prefix("blind-") {
            let k: u8 = k.parse().map_err(|_| bad())?;
            return if k < 3 {
                Ok(Action::Blind(k))
            } else {
                Err(bad())
            };
        }
        Ok(match t.as_str() {
            "raise" | "truco" | "retruco" | "vale-cuatro" | "seis" | "nove" | "doze" | "truc"
            | "retruc" | "quatre-val" | "joc-fora" => Action::Raise,
            "quiero" | "play" => Action::Quiero,
            "no-quiero" | "run" => Action::NoQuiero,
            "envido" | "envide" => Action::Envido,
            "real-envido" | "torne" => Action::RealEnvido,
            "falta-envido" | "falta" => Action::FaltaEnvido,
            "pass" => Action::Pass,
            "flor" => Action::Flor,
            "contraflor" => Action::Contraflor,
            "mazo" => Action::Mazo,
            _ => Action::Play(
                t.parse()
                    .map_err(|_| ActionParseError(s.trim().to_string()))?,
            ),
        })
    }
}

/// Who acts next.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Actor {
    /// The deal (a chance event).
    Chance,
    /// A player on turn.
    Seat(u8),
    /// A team answers a pending call; `seat` is the deciding player (ruling 1: the answering
    /// team's player first in play order after the caller), who decides on his own information.
    Team {
        /// The answering team.
        team: u8,
        /// The deciding seat.
        seat: u8,
    },
    /// The hand is over.
    Terminal,
}

impl Actor {
    /// The seat that chooses the action, if a player acts.
    pub const fn seat(self) -> Option<u8> {
        match self {
            Actor::Seat(s) | Actor::Team { seat: s, .. } => Some(s),
            Actor::Chance | Actor::Terminal => None,
        }
    }
}

/// Totals revealed by the table, per seat ([`NONE`] = not shown / "son buenas").
pub type Totals = [u8; MAX_SEATS];

/// A public event: what every player sees happen.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Event {
    /// The cards were dealt (face down: nothing about them is public).
    Deal,
    /// Paulista: the cards were dealt and the vira turned face up.
    Vira(Card),
    /// Paulista: the seat played a card face down (which card is not public).
    Hidden {
        /// The seat.
        seat: u8,
    },
    /// A seat took an action (for a team answer, the deciding seat).
    Act {
        /// The acting seat.
        seat: u8,
        /// The action.
        action: Action,
    },
    /// A seat took an action that settled an envido or flor contest, and the table revealed
    /// the totals (envido values, or flor values for a flor contest).
    Reveal {
        /// The acting seat.
        seat: u8,
        /// The action (quiero to an envido or contraflor, or a contesting flor).
        action: Action,
        /// The revealed totals.
        totals: Totals,
    },
}

impl Event {
    /// The seat, its action and the totals the table revealed with it, for an event where a
    /// seat acted (`None` for the deal and for a card played face down).
    pub fn act(&self) -> Option<(u8, Action, Option<Totals>)> {
        match *self {
            Event::Act { seat, action } => Some((seat, action, None)),
            Event::Reveal {
                seat,
                action,
                totals,
            } => Some((seat, action, Some(totals))),
            _ => None,
        }
    }
}

/// Capacity of an [`ActionList`].
pub const MAX_ACTIONS: usize = 12;

/// A fixed-capacity list of legal actions (no heap). Equality compares the listed actions only.
#[derive(Clone, Copy, Debug)]
pub struct ActionList {
    pub(crate) items: [Action; MAX_ACTIONS],
    pub(crate) len: u8,
}

impl PartialEq for ActionList {
    fn eq(&self, other: &ActionList) -> bool {
        self.as_slice() == other.as_slice()
    }
}

impl Eq for ActionList {}

impl Default for ActionList {
    fn default() -> Self {
        ActionList::new()
    }
}

impl ActionList {
    /// An empty list.
    pub const fn new() -> ActionList {
        ActionList {
            items: [Action::Mazo; MAX_ACTIONS],
            len: 0,
        }
    }

    /// Empties the list.
    #[inline]
    pub fn clear(&mut self) {
        self.len = 0;
    }

    /// The actions.
    #[inline]
    pub fn as_slice(&self) -> &[Action] {
        &self.items[..self.len as usize]
    }

    /// Number of actions.
    #[inline]
    pub fn len(&self) -> usize {
        self.len as usize
    }

    /// Whether the list is empty.
    #[inline]
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// Whether `a` is in the list.
    pub fn contains(&self, a: Action) -> bool {
        self.as_slice().contains(&a)
    }
}

/// Where points came from.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Source {
    /// An accepted envido chain (or falta) won on totals.
    Envido,
    /// A declined envido chain.
    EnvidoDeclined,
    /// An uncontested flor, or a plain flor contest.
    Flor,
    /// An accepted contraflor.
    Contraflor,
    /// A declined contraflor (the contraflor team scores the flor value).
    ContraflorDeclined,
    /// The hand won in the tricks, at its truco value.
    Tricks,
    /// A declined truco call.
    TrucoDeclined,
    /// A whole team folded.
    Fold,
    /// Valencian: an accepted joc fora won (the match).
    JocFora,
    /// Paulista: the team at 11 ran from the mão de onze (the other team scores 1).
    ElevenRun,
}

/// Points awarded to a team, and why.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Award {
    /// The team scoring.
    pub team: u8,
    /// Points.
    pub points: u8,
    /// The rule that gave them.
    pub source: Source,
}

/// The awards one event produced (at most three, no heap).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Awards {
    items: [Option<Award>; 3],
}

impl Awards {
    #[inline]
    pub(crate) fn push(&mut self, a: Award) {
        if let Some(slot) = self.items.iter_mut().find(|x| x.is_none()) {
            *slot = Some(a);
        }
    }

    /// Iterates the awards in the order they were scored.
    pub fn iter(&self) -> impl Iterator<Item = Award> + '_ {
        self.items.iter().flatten().copied()
    }

    /// Total points to `team`.
    pub fn points(&self, team: u8) -> u32 {
        self.iter()
            .filter(|a| a.team == team)
            .map(|a| a.points as u32)
            .sum()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn action_list_equality_ignores_spare_slots() {
        let mut a = ActionList::new();
        let mut b = ActionList::new();
        a.items[0] = Action::Raise;
        a.items[1] = Action::Quiero;
        a.len = 1;
        b.items[0] = Action::Raise;
        b.len = 1;
        assert_eq!(a, b);
        b.len = 0;
        assert_ne!(a, b);
    }

    #[test]
    fn new_actions_round_trip() {
        for a in [
            Action::Hide("7O".parse().unwrap()),
            Action::Blind(2),
            Action::Pass,
        ] {
            assert_eq!(a.to_string().parse::<Action>().unwrap(), a);
        }
        assert_eq!("joc-fora".parse::<Action>().unwrap(), Action::Raise);
        assert_eq!("torne".parse::<Action>().unwrap(), Action::RealEnvido);
        assert_eq!("run".parse::<Action>().unwrap(), Action::NoQuiero);
        assert!("blind-3".parse::<Action>().is_err());
        assert!("hide-9E".parse::<Action>().is_err());
    }
}
