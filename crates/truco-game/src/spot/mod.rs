//! Spot notation: one line of text stating a hand from one seat's view.
//!
//! ```text
//! arg-2v2 | score 12-20 | dealer 3 | seat 1: 1E 7O 3C | 0:envido 1:quiero [0:31 1:- 2:- 3:-] 0:4B 1:7O 2:truco 3:quiero
//! ```
//!
//! Fields, separated by `|`:
//! 1. the variant id and its options (`arg-classic players=6 flor pica-pica`); a hand of a
//!    pica-pica round adds `pair=K` (1: the round's mano's pair) and has the pair's two seats,
//!    0 and 1, 0 leading;
//! 2. `score A-B`: the points of team 0 (even seats) and team 1 when the hand started;
//!    valencian adds the camas won, `score 5-17 camas 1-0`;
//! 3. `dealer D`: the dealer's seat; the mano (first to play) is the next seat; paulista adds
//!    the vira, `dealer 3 vira 7O`;
//! 4. `seat S: c c c`: the seat whose view this is, and the three cards it was dealt; in a
//!    paulista mão de ferro `seat S: blind` (it sees none); in a mão de onze the seats of the
//!    team at 11 add their partner's cards, `seat S: c c c partner c c c`;
//! 5. the history (may be left out when empty): `seat:action` tokens in order, where the action
//!    is a card (`7O`), `truco`, `retruco`, `vale-cuatro` (or `raise`), `quiero`, `no-quiero`,
//!    `envido`, `real-envido`, `falta-envido`, `flor`, `contraflor` or `mazo`; paulista: the
//!    steps `truco`, `seis`, `nove`, `doze`, the mão de onze decision `play` / `run`, a hidden
//!    card `S:hidden` (another seat) or `S:hide-7O` (the spot's own seat, which knows it), a
//!    blind play written as the card it turned up; valencian: `envide`, `torne`, `falta`, the
//!    steps `truc`, `retruc`, `quatre-val`, `joc-fora`, and `pass` for a team that lets its
//!    out-of-turn window go (ruling 2). An action that
//!    settles an envido or flor contest is followed by the totals the table revealed,
//!    `[0:31 1:- 2:- 3:-]` (`-`: not shown, "son buenas"; seats left out are not shown). The
//!    totals must follow the variant's reveal rule: arg-1v1 shows every total; arg-2v2 and
//!    arg-classic announce from the mano on only a total that beats every earlier one. A `/`
//!    may mark the end of a trick.
//!
//! Seats are absolute. A team's answer is written with the seat that decides it (ruling 1
//! of `docs/rules/README.md`). [`Spot`] implements [`FromStr`](std::str::FromStr) (parse,
//! with errors naming the field or history token and its column) and
//! [`Display`](std::fmt::Display) (the canonical form, which parses back to the same spot).
//!
//! A [`View`] keeps no event log (it is the solver's small `Copy` information-set value; a
//! 64-event log would multiply its size). [`Spot::from_view`] therefore rebuilds a history
//! that reaches the view's public state exactly (a search over public events); when the hand's
//! events are at hand ([`crate::hand::Hand::public_events`], [`crate::Match::last_log`]),
//! [`Spot::from_view_and_log`] keeps the real order of the calls.

mod error;
mod explain;
pub use explain::Words;
mod parse;
mod rebuild;
mod replay;

use std::fmt;

pub use error::{SpotError, Where};

use crate::action::{Event, Totals, NONE};
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
    camas: [u8; 2],
    vira: Option<Card>,
    blind: bool,
    partner: Option<[Card; 3]>,
    own_hidden: Vec<Card>,
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
    /// Camas won when the hand started (valencian).
    pub fn camas(&self) -> [u8; 2] {
        self.camas
    }
    /// The vira (paulista).
    pub fn vira(&self) -> Option<Card> {
        self.vira
    }
    /// Whether the seat sees none of its cards (mão de ferro): [`Spot::cards`] is then
    /// meaningless.
    pub fn is_blind(&self) -> bool {
        self.blind
    }
    /// The partner's cards the seat sees (mão de onze, team at 11).
    pub fn partner(&self) -> Option<[Card; 3]> {
        self.partner
    }
    /// The seat's own cards played face down, in order (paulista).
    pub fn own_hidden(&self) -> &[Card] {
        &self.own_hidden
    }

    /// The hand waiting for its deal that the history starts from.
    fn start(&self) -> Result<PublicState, SpotError> {
        PublicState::new_hand_in_camas(self.rules, self.score, self.camas, self.mano())
            .map_err(|e| SpotError::Log(e.to_string()))
    }

    /// The public event of the deal.
    fn deal_event(&self) -> Event {
        match self.vira {
            Some(v) => Event::Vira(v),
            None => Event::Deal,
        }
    }

    /// The same spot with the seat holding `cards` instead (for ranges: every hand the seat
    /// could hold). Nothing is checked here; [`Spot::to_view`] refuses a hand that contradicts
    /// the history (a card played or a total revealed).
    pub fn with_cards(&self, cards: [Card; 3]) -> Spot {
        Spot {
            cards,
            ..self.clone()
        }
    }

    /// Replays the history (checking every event) and returns the seat's view.
    pub fn to_view(&self) -> Result<View, SpotError> {
        self.replay(|_, _| ())
    }

    /// The public state before each event of the history, in order, with the event (for a
    /// reader of the hand's calls, e.g. a model of the opponents).
    pub fn public_states(&self) -> Result<Vec<(PublicState, Event)>, SpotError> {
        let mut out = Vec::with_capacity(self.history.len());
        self.replay(|p, e| out.push((*p, e)))?;
        Ok(out)
    }

    /// Replays the history (checking every event), calling `before` with the public state
    /// before each event, and returns the seat's view.
    fn replay(&self, mut before: impl FnMut(&PublicState, Event)) -> Result<View, SpotError> {
        let mut r = Replayer::new(self.start()?, self.seat, self.cards, self.deal_event());
        let mut hid = self.own_hidden.iter();
        for (i, &e) in self.history.iter().enumerate() {
            let at = Where {
                token: i + 1,
                text: event_text(&r.public, e, None),
                column: None,
            };
            before(&r.public, e);
            match e {
                Event::Hidden { seat } if seat == self.seat => {
                    let c = hid.next().copied();
                    r.push_hidden(seat, c, &at)?
                }
                _ => r.push(e, &at)?,
            }
        }
        Ok(self.view_at(r.public))
    }

    /// The seat's view with the public state `p`.
    fn view_at(&self, p: PublicState) -> View {
        if self.blind {
            return View::blind(p, self.seat);
        }
        let v =
            View::new(p, self.seat, self.cards).with_hidden(CardSet::from_cards(&self.own_hidden));
        match self.partner {
            Some(c) => v.with_partner(c),
            None => v,
        }
    }

    /// The spot of any `view`: its history is rebuilt from the public state alone (the public
    /// state does not keep the order of calls among the cards, so this is one history that
    /// reaches exactly the view; use [`Spot::from_view_and_log`] to keep the real one). Fails
    /// only if the rule set is not one a variant id and options build, or if the view's hand
    /// was not dealt.
    pub fn from_view(view: &View) -> Result<Spot, SpotError> {
        let mut spot = Spot::skeleton(view)?;
        let mut start = spot.start()?;
        let _ = start.apply_event(spot.deal_event());
        spot.history = rebuild::rebuild(
            start,
            view.public(),
            spot.seat,
            spot.cards,
            &spot.own_hidden,
        )
        .ok_or_else(|| {
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
            Some(Event::Deal | Event::Vira(_)) => &events[1..],
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
        let (score, camas) = p.start_score();
        let n = p.rules().players;
        Ok(Spot {
            rules: *p.rules(),
            score,
            dealer: (p.mano() + n - 1) % n,
            seat: view.seat(),
            cards: view.dealt(),
            history: Vec::new(),
            camas,
            vira: p.vira(),
            blind: view.is_blind(),
            partner: view.partner_cards(),
            own_hidden: view.hidden_played().iter().collect(),
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
        let players = r.match_rules().players;
        if players != 4 {
            opts.push(format!("players={players}"));
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
        if r.pica_pair > 0 {
            opts.push(format!("pair={}", r.pica_pair));
        }
    }
    if r.variant == Variant::Paulista {
        if r.players != 4 {
            opts.push(format!("players={}", r.players));
        }
        if r.ferro_open {
            opts.push("ferro=open".to_string());
        }
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

/// Writes one event as it appears in a history, in the state `before` it; `own` names the
/// card of the spot's own hidden card.
fn event_text(before: &PublicState, e: Event, own: Option<Card>) -> String {
    let (seat, action, totals) = match e {
        Event::Deal => return "deal".into(),
        Event::Vira(c) => return format!("vira {c}"),
        Event::Hidden { seat } => {
            return match own {
                Some(c) => format!("{seat}:hide-{c}"),
                None => format!("{seat}:hidden"),
            }
        }
        Event::Act { seat, action } => (seat, action, None),
        Event::Reveal {
            seat,
            action,
            totals,
        } => (seat, action, Some(totals)),
    };
    let word = explain::action_word(before, action);
    match totals {
        Some(t) => format!("{seat}:{word} {}", totals_text(&t, before.rules().players)),
        None => format!("{seat}:{word}"),
    }
}

impl fmt::Display for Spot {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let rules = rules_text(&self.rules).map_err(|_| fmt::Error)?;
        write!(f, "{rules} | score {}-{}", self.score[0], self.score[1])?;
        if self.rules.camas > 0 {
            write!(f, " camas {}-{}", self.camas[0], self.camas[1])?;
        }
        write!(f, " | dealer {}", self.dealer)?;
        if let Some(v) = self.vira {
            write!(f, " vira {v}")?;
        }
        write!(f, " | seat {}: ", self.seat)?;
        if self.blind {
            f.write_str("blind")?;
        } else {
            f.write_str(&cards_text(CardSet::from_cards(&self.cards)))?;
        }
        if let Some(c) = self.partner {
            write!(f, " partner {}", cards_text(CardSet::from_cards(&c)))?;
        }
        if self.history.is_empty() {
            return Ok(());
        }
        f.write_str(" |")?;
        let mut p = self.start().map_err(|_| fmt::Error)?;
        let _ = p.apply_event(self.deal_event());
        let mut hid = self.own_hidden.iter();
        for (i, &e) in self.history.iter().enumerate() {
            let own = match e {
                Event::Hidden { seat } if seat == self.seat => hid.next().copied(),
                _ => None,
            };
            write!(f, " {}", event_text(&p, e, own))?;
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
