//! Spot notation: one line of text stating a hand from one seat's view.
//!
//! ```text
//! arg-2v2 | score 12-20 | dealer 3 | seat 1: 1E 7O 3C | 0:envido 1:quiero [0:31 1:- 2:- 3:-] 0:4B 1:7O 2:truco 3:quiero
//! ```
//!
//! Fields, separated by `|`:
//! 1. the variant id and its options (`arg-classic players=6 flor pica-pica`);
//! 2. `score A-B`: the points of team 0 (even seats) and team 1 when the hand started;
//! 3. `dealer D`: the dealer's seat; the mano (first to play) is the next seat;
//! 4. `seat S: c c c`: the seat whose view this is, and the three cards it was dealt;
//! 5. the history (may be left out when empty): `seat:action` tokens in order, where the action
//!    is a card (`7O`), `truco`, `retruco`, `vale-cuatro` (or `raise`), `quiero`, `no-quiero`,
//!    `envido`, `real-envido`, `falta-envido`, `flor`, `contraflor` or `mazo`. An action that
//!    settles an envido or flor contest is followed by the totals the table revealed,
//!    `[0:31 1:- 2:- 3:-]` (`-`: not shown, "son buenas"; seats left out are not shown). The
//!    totals must follow the variant's reveal rule: arg-1v1 shows every total; arg-2v2 and
//!    arg-classic announce from the mano on only a total that beats every earlier one. A `/`
//!    may mark the end of a trick.
//!
//! Seats are absolute. A team's answer is written with the seat that decides it (VARIANTS.md
//! ruling 1). [`Spot`] implements [`FromStr`](std::str::FromStr) (parse, with errors naming the
//! field or history token and its column) and [`Display`](std::fmt::Display) (the canonical
//! form, which parses back to the same spot).
//!
//! A [`View`] keeps no event log (it is the solver's small `Copy` information-set value; a
//! 64-event log would multiply its size). [`Spot::from_view`] therefore rebuilds a history
//! that reaches the view's public state exactly (a search over public events); when the hand's
//! events are at hand ([`crate::hand::Hand::public_events`], [`crate::Match::last_log`]),
//! [`Spot::from_view_and_log`] keeps the real order of the calls.

mod error;
mod explain;
mod parse;
mod rebuild;
mod replay;

use std::fmt;

pub use error::{SpotError, Where};

use crate::action::{Action, Event, Totals, NONE};
use crate::cards::{Card, CardSet};
use crate::public::{Phase, PublicState};
use crate::rules::{RuleSet, Variant};
use crate::view::View;
use replay::{cards_text, Replayer};

/// A hand from one seat's view: rules, score, dealer, the seat and its cards, and the public
/// history. Always valid: it is only built by parsing or from a view, both fully checked.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Spot {
    rules: RuleSet,
    score: [u8; 2],
    dealer: u8,
    seat: u8,
    cards: [Card; 3],
    history: Vec<Event>,
}

impl Spot {
    /// The rule set.
    pub fn rules(&self) -> &RuleSet {
        &self.rules
    }
    /// The score when the hand started (team 0, team 1).
    pub fn score(&self) -> [u8; 2] {
        self.score
    }
    /// The dealer; the mano is the next seat.
    pub fn dealer(&self) -> u8 {
        self.dealer
    }
    /// The mano (first to play).
    pub fn mano(&self) -> u8 {
        (self.dealer + 1) % self.rules.players
    }
    /// The seat whose view this is.
    pub fn seat(&self) -> u8 {
        self.seat
    }
    /// The seat's dealt cards, sorted.
    pub fn cards(&self) -> [Card; 3] {
        self.cards
    }
    /// The public events after the deal.
    pub fn history(&self) -> &[Event] {
        &self.history
    }

    /// The hand waiting for its deal that the history starts from.
    fn start(&self) -> Result<PublicState, SpotError> {
        PublicState::new_hand(self.rules, self.score, self.mano())
            .map_err(|e| SpotError::Log(e.to_string()))
    }

    /// Replays the history (checking every event) and returns the seat's view.
    pub fn to_view(&self) -> Result<View, SpotError> {
        let mut r = Replayer::new(self.start()?, self.seat, self.cards);
        for (i, &e) in self.history.iter().enumerate() {
            let at = Where {
                token: i + 1,
                text: event_text(&r.public, e),
                column: None,
            };
            r.push(e, &at)?;
        }
        Ok(View::new(r.public, self.seat, self.cards))
    }

    /// The spot of any `view`: its history is rebuilt from the public state alone (the public
    /// state does not keep the order of calls among the cards, so this is one history that
    /// reaches exactly the view; use [`Spot::from_view_and_log`] to keep the real one). Fails
    /// only if the rule set is not one a variant id and options build, or if the view's hand
    /// was not dealt.
    pub fn from_view(view: &View) -> Result<Spot, SpotError> {
        let mut spot = Spot::skeleton(view)?;
        let mut start = spot.start()?;
        let _ = start.apply_event(Event::Deal);
        spot.history =
            rebuild::rebuild(start, view.public(), spot.seat, spot.cards).ok_or_else(|| {
                SpotError::Log("no public history reaches the view's public state".into())
            })?;
        spot.check_reaches(view)?;
        Ok(spot)
    }

    /// The spot of `view`, whose hand produced `events` (a leading [`Event::Deal`] is
    /// optional), e.g. [`crate::hand::Hand::public_events`]. Fails if the events do not replay
    /// to the view's public state, or if the rule set is not one a variant id and options
    /// build.
    pub fn from_view_and_log(view: &View, events: &[Event]) -> Result<Spot, SpotError> {
        let mut spot = Spot::skeleton(view)?;
        let events = match events.first() {
            Some(Event::Deal) => &events[1..],
            _ => events,
        };
        spot.history = events.to_vec();
        spot.check_reaches(view)?;
        Ok(spot)
    }

    /// The spot of `view` with an empty history.
    fn skeleton(view: &View) -> Result<Spot, SpotError> {
        let p = view.public();
        rules_text(p.rules())?;
        if p.phase() == Phase::Deal {
            return Err(SpotError::Log("the view's hand was not dealt yet".into()));
        }
        let (score, hp) = (p.score(), p.hand_points());
        let start = [score[0].wrapping_sub(hp[0]), score[1].wrapping_sub(hp[1])];
        let n = p.rules().players;
        Ok(Spot {
            rules: *p.rules(),
            score: start,
            dealer: (p.mano() + n - 1) % n,
            seat: view.seat(),
            cards: view.dealt(),
            history: Vec::new(),
        })
    }

    /// Checks that the history replays to `view`.
    fn check_reaches(&self, view: &View) -> Result<(), SpotError> {
        let v = self.to_view().map_err(|e| SpotError::Log(e.to_string()))?;
        if v != *view {
            return Err(SpotError::Log(
                "the events replay to a different state than the view's".into(),
            ));
        }
        Ok(())
    }
}

/// The canonical text of a rule set: the variant id and the options that differ from its
/// defaults.
pub fn rules_text(r: &RuleSet) -> Result<String, SpotError> {
    let mut opts: Vec<String> = Vec::new();
    if r.variant == Variant::ArgClassic {
        if r.players != 4 {
            opts.push(format!("players={}", r.players));
        }
        if r.target != 30 {
            opts.push(format!("target={}", r.target));
        }
        let flags = [
            (r.flor, "flor"),
            (r.falta_in_malas, "falta-in-malas"),
            (r.early_mazo, "early-mazo"),
            (r.pica_pica, "pica-pica"),
        ];
        opts.extend(flags.iter().filter(|f| f.0).map(|f| f.1.to_string()));
    }
    let refs: Vec<&str> = opts.iter().map(String::as_str).collect();
    match RuleSet::new(r.variant.id(), &refs) {
        Ok(built) if built == *r => {
            let mut s = r.variant.id().to_string();
            for o in &opts {
                s.push(' ');
                s.push_str(o);
            }
            Ok(s)
        }
        _ => Err(SpotError::Unrepresentable(format!("{r:?}"))),
    }
}

/// Writes revealed totals as `[0:31 1:- 2:27 3:-]`.
fn totals_text(t: &Totals, players: u8) -> String {
    let parts: Vec<String> = (0..players as usize)
        .map(|s| match t[s] {
            NONE => format!("{s}:-"),
            v => format!("{s}:{v}"),
        })
        .collect();
    format!("[{}]", parts.join(" "))
}

/// Writes one event as it appears in a history, in the state `before` it.
fn event_text(before: &PublicState, e: Event) -> String {
    let (seat, action, totals) = match e {
        Event::Deal => return "deal".into(),
        Event::Vira(c) => return format!("vira {c}"),
        Event::Hidden { seat } => return format!("{seat}:hidden"),
        Event::Act { seat, action } => (seat, action, None),
        Event::Reveal {
            seat,
            action,
            totals,
        } => (seat, action, Some(totals)),
    };
    let word = match action {
        Action::Raise => explain::raise_word(before).to_string(),
        a => a.to_string(),
    };
    match totals {
        Some(t) => format!("{seat}:{word} {}", totals_text(&t, before.rules().players)),
        None => format!("{seat}:{word}"),
    }
}

impl fmt::Display for Spot {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let rules = rules_text(&self.rules).map_err(|_| fmt::Error)?;
        write!(
            f,
            "{rules} | score {}-{} | dealer {} | seat {}: {}",
            self.score[0],
            self.score[1],
            self.dealer,
            self.seat,
            cards_text(CardSet::from_cards(&self.cards))
        )?;
        if self.history.is_empty() {
            return Ok(());
        }
        f.write_str(" |")?;
        let mut p = self.start().map_err(|_| fmt::Error)?;
        let _ = p.apply_event(Event::Deal);
        for (i, &e) in self.history.iter().enumerate() {
            write!(f, " {}", event_text(&p, e))?;
            let trick = p.trick();
            p.apply_event(e).map_err(|_| fmt::Error)?;
            if p.trick() > trick && i + 1 < self.history.len() {
                f.write_str(" /")?;
            }
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests;
