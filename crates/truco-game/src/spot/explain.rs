//! Plain-words reasons why an action is not legal, for spot errors.

use crate::action::{Action, Actor, NONE};
use crate::public::PublicState;
use crate::rules::{FoldRule, Variant};

/// Every truco step's name, by variant.
pub(crate) const RAISE_WORDS: [&str; 10] = [
    "truco",
    "retruco",
    "vale-cuatro",
    "seis",
    "nove",
    "doze",
    "truc",
    "retruc",
    "quatre-val",
    "joc-fora",
];

/// The name of the next truco step if `p`'s actor raises now: truco, retruco or vale-cuatro
/// (paulista truco, seis, nove, doze; valencian truc, retruc, quatre-val, joc-fora).
pub(crate) fn raise_word(p: &PublicState) -> &'static str {
    let t = p.truco();
    let next = if t.pending { t.level + 2 } else { t.level + 1 };
    let words: [&str; 4] = match p.rules().variant {
        Variant::Paulista => ["truco", "seis", "nove", "doze"],
        Variant::Valencian => ["truc", "retruc", "quatre-val", "joc-fora"],
        _ => ["truco", "retruco", "vale-cuatro", "vale-cuatro"],
    };
    words[(next.max(1) as usize - 1).min(3)]
}

/// The variant's words for the calls at one point of a hand (no heap: a `Copy` value to keep
/// beside an answer): the truco step a raise means, the valencian envit words, the mão de
/// onze `play` / `run`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Words {
    raise: &'static str,
    eleven: bool,
    envit: bool,
}

impl Words {
    /// The words in the state `p` (before the action is taken).
    pub fn of(p: &PublicState) -> Words {
        Words {
            raise: raise_word(p),
            eleven: p.eleven_pending(),
            envit: p.rules().envit,
        }
    }

    /// The variant's word for `action`, or `None` where the engine's name is the word (cards,
    /// hidden and blind plays, `quiero`, `mazo`, `pass`...).
    pub fn word(&self, action: Action) -> Option<&'static str> {
        match action {
            Action::Raise => Some(self.raise),
            Action::Quiero if self.eleven => Some("play"),
            Action::NoQuiero if self.eleven => Some("run"),
            Action::Envido if self.envit => Some("envide"),
            Action::RealEnvido if self.envit => Some("torne"),
            Action::FaltaEnvido if self.envit => Some("falta"),
            _ => None,
        }
    }
}

/// The word of `action` in a spot history, in the state `p` before it (see [`Words`]).
pub(crate) fn action_word(p: &PublicState, action: Action) -> String {
    match Words::of(p).word(action) {
        Some(w) => w.to_string(),
        None => action.to_string(),
    }
}

/// Who is to act, in words: "seat 2's turn" or "team 1's answer (seat 3 decides)".
pub(crate) fn actor_words(a: Actor) -> String {
    match a {
        Actor::Seat(s) => format!("seat {s}'s turn"),
        Actor::Team { team, seat } => format!("team {team}'s answer (seat {seat} decides)"),
        Actor::Chance => "the deal".into(),
        Actor::Terminal => "no one's turn: the hand is over".into(),
    }
}

/// What call waits for an answer, if any.
fn pending_call(p: &PublicState) -> Option<&'static str> {
    if p.flor().pending {
        Some("a contraflor")
    } else if p.envido().pending {
        Some("an envido call")
    } else if p.truco().pending {
        Some("a truco call")
    } else {
        None
    }
}

/// Why the envido chain may not be raised or started here.
fn envido_reason(p: &PublicState, seat: u8, action: Action) -> Option<String> {
    let e = p.envido();
    if p.flor().declared != 0 {
        return Some("a flor was declared: the envido is closed".into());
    }
    if !e.pending {
        if e.done {
            return Some("the envido was already played in this hand".into());
        }
        if p.truco().level > 0 {
            return Some("a truco was accepted: no envido may be called after it".into());
        }
        if p.trick() > 0 {
            return Some("the envido may be called only in the first trick".into());
        }
        if p.truco().pending && p.rules().envido_first_needs_unplayed && p.played(0, seat).is_some()
        {
            return Some(format!(
                "seat {seat} already played a card: only a player who has not played may call the envido first"
            ));
        }
    }
    let max = p.rules().max_envidos;
    match action {
        Action::Envido if e.falta || e.real => {
            Some("envido may not follow a real envido or falta envido in the chain".into())
        }
        Action::Envido if e.envidos >= max => {
            Some(format!("the chain allows envido at most {max} times"))
        }
        Action::RealEnvido if e.real || e.falta => {
            Some("real envido is called once, and never after falta envido".into())
        }
        Action::FaltaEnvido if e.falta => Some("falta envido was already called".into()),
        _ => None,
    }
}

/// Why `seat` (the actor of `p`) may not take `action`, in plain words.
pub(crate) fn why_illegal(p: &PublicState, seat: u8, action: Action) -> String {
    let answering = matches!(p.actor(), Actor::Team { .. });
    let pending = pending_call(p);
    let reason: Option<String> = match action {
        Action::Play(c) => {
            if let Some(call) = pending {
                Some(format!(
                    "{call} is pending: answer it before playing a card"
                ))
            } else if p.played_set().contains(c) {
                Some(format!("{c} was already played"))
            } else if !p.rules().deck.cards().contains(c) {
                Some(format!("{c} is not in the {} deck", p.rules().deck))
            } else {
                None
            }
        }
        Action::Raise => {
            let t = p.truco();
            if p.flor().pending || p.envido().pending {
                Some(format!(
                    "{} is pending: answer it first",
                    pending.unwrap_or("a call")
                ))
            } else if (t.pending && t.level + 1 >= 3) || t.level >= 3 {
                Some("vale cuatro is the top of the truco ladder".into())
            } else if !answering && t.raiser != NONE && t.raiser != seat % 2 {
                Some(format!(
                    "seat {seat} may not raise: the last truco was accepted by the other team"
                ))
            } else {
                None
            }
        }
        Action::Quiero | Action::NoQuiero if !answering => {
            Some("no call is pending: there is nothing to answer".into())
        }
        Action::Envido | Action::RealEnvido | Action::FaltaEnvido => {
            if p.flor().pending {
                Some("a contraflor is pending: answer it first".into())
            } else {
                envido_reason(p, seat, action)
            }
        }
        Action::Flor | Action::Contraflor if !p.rules().flor => {
            Some("this rule set has no flor (the arg-classic option `flor` adds it)".into())
        }
        Action::Flor | Action::Contraflor
            if p.trick() > 0 || p.played(0, seat).is_some() || p.flor().done =>
        {
            Some("a flor is declared only at the seat's first action, in the first trick".into())
        }
        Action::Flor if p.flor().declared & (1 << (seat % 2)) != 0 => {
            Some(format!("team {} already declared its flor", seat % 2))
        }
        Action::Contraflor if p.flor().declared == 0 => {
            Some("a contraflor answers a flor, and no flor was declared".into())
        }
        Action::Mazo if answering && p.rules().fold == FoldRule::TurnOnly => {
            Some("in this variant a player folds only on his turn to play, not as an answer".into())
        }
        _ => None,
    };
    reason.unwrap_or_else(|| format!("seat {seat} may not {action} here"))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::RuleSet;
    use crate::testutil::{deal, run};

    #[test]
    fn reasons_name_the_rule() {
        let mut st = deal(RuleSet::ARG_1V1, [0, 0], 0, "1E 7O 4C / 3B 2B 12O");
        assert_eq!(raise_word(st.public()), "truco");
        run(&mut st, "raise");
        assert_eq!(raise_word(st.public()), "retruco");
        let p = *st.public();
        assert!(why_illegal(
            &p,
            1,
            Action::Play(crate::cards::card(crate::cards::Suit::Bastos, 3))
        )
        .contains("pending"));
        run(&mut st, "quiero");
        let p = *st.public();
        assert!(why_illegal(&p, 0, Action::Raise).contains("accepted by the other team"));
        assert!(why_illegal(&p, 0, Action::Envido).contains("truco was accepted"));
        assert!(why_illegal(&p, 0, Action::Quiero).contains("no call is pending"));
        assert!(why_illegal(&p, 0, Action::Flor).contains("no flor"));
        assert_eq!(actor_words(p.actor()), "seat 0's turn");
    }
}
