//! [`HandRoot`]: the public state of a hand as a [`PublicRoot`] whose private items are
//! [`Deal`]s (some seats' hands); [`Replay`]: the hand's public states event by event.

use truco_cfr::resolve::PublicRoot;
use truco_cfr::Game;
use truco_game::action::MAX_SEATS;
use truco_game::{Action, Card, CardSet, Event, PublicState, RuleSet, View};
use truco_query::{Policy, Table};
use truco_train::game::{GState, Move, Outcome, TrucoGame};
use truco_train::keying::{Abstract, ExactCards, Keyer};
use truco_train::mv::MvGrid;

use crate::SearchError;

/// The hand so far, as public states: `before[i]` is the public state before `events[i]`.
pub struct Replay {
    /// The hand's public events (without the deal).
    pub events: Vec<Event>,
    /// The public state before each event, and the current one last.
    pub before: Vec<PublicState>,
}

impl Replay {
    /// Replays `events` (a leading deal event is optional) from the start of `view`'s hand,
    /// checking that they reach the view's public state.
    pub fn new(view: &View, events: &[Event]) -> Result<Replay, SearchError> {
        let p = view.public();
        let (score, camas) = p.start_score();
        let deal = match p.vira() {
            Some(v) => Event::Vira(v),
            None => Event::Deal,
        };
        let replay = Replay::from_start(*p.rules(), score, camas, p.mano(), deal, events)?;
        if replay.before.last() != Some(p) {
            return Err(SearchError::Events(
                "the events replay to another public state than the view's".into(),
            ));
        }
        Ok(replay)
    }

    /// Replays `events` (a leading deal event is optional) from a hand of `rules` starting at
    /// `score` and `camas` with `mano` leading, dealt by `deal` (`Event::Deal`, or paulista's
    /// `Event::Vira`).
    pub fn from_start(
        rules: RuleSet,
        score: [u8; 2],
        camas: [u8; 2],
        mano: u8,
        deal: Event,
        events: &[Event],
    ) -> Result<Replay, SearchError> {
        let mut state = PublicState::new_hand_in_camas(rules, score, camas, mano)
            .map_err(|e| SearchError::Events(e.to_string()))?;
        state
            .apply_event(deal)
            .map_err(|e| SearchError::Events(e.to_string()))?;
        let events: Vec<Event> = events
            .iter()
            .copied()
            .filter(|e| !matches!(e, Event::Deal | Event::Vira(_)))
            .collect();
        let mut before = Vec::with_capacity(events.len() + 1);
        for (i, &e) in events.iter().enumerate() {
            before.push(state);
            state
                .apply_event(e)
                .map_err(|err| SearchError::Events(format!("event {}: {err}", i + 1)))?;
        }
        before.push(state);
        Ok(Replay { events, before })
    }

    /// The seat that played a card face down at event `i`, if it is one (paulista).
    pub fn hidden(&self, i: usize) -> Option<u8> {
        match self.events[i] {
            Event::Hidden { seat } => Some(seat),
            _ => None,
        }
    }

    /// The seat and action of event `i`, if a seat acted.
    pub fn act(&self, i: usize) -> Option<(u8, Action)> {
        self.events[i].act().map(|(seat, action, _)| (seat, action))
    }
}

/// Some seats' dealt hands: a private item of the subgame. The searcher's range holds deals of
/// its own seat; the other range deals of every other seat (one seat heads-up; in team games
/// the joint hands of all the others).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Deal {
    hands: [[Card; 3]; MAX_SEATS],
    /// The cards of each seat's hand it played face down (paulista), as card masks.
    hidden: [u64; MAX_SEATS],
    /// Bit `s`: seat `s`'s hand is dealt here.
    seats: u8,
}

impl Deal {
    /// Nobody's hand.
    pub fn empty() -> Deal {
        let c0 = Card::from_index(0).unwrap_or_else(|| unreachable!("card 0 exists"));
        Deal {
            hands: [[c0; 3]; MAX_SEATS],
            hidden: [0; MAX_SEATS],
            seats: 0,
        }
    }

    /// `seat` holding `hand`.
    pub fn of(seat: u8, hand: [Card; 3]) -> Deal {
        Deal::empty().with(seat, hand)
    }

    /// The same deal with `seat` holding `hand` too.
    pub fn with(mut self, seat: u8, hand: [Card; 3]) -> Deal {
        self.hands[seat as usize] = hand;
        self.seats |= 1 << seat;
        self
    }

    /// The same deal with `seat` having played `cards` of its hand face down (paulista).
    pub fn with_hidden(mut self, seat: u8, cards: CardSet) -> Deal {
        self.hidden[seat as usize] = cards.0;
        self
    }

    /// The cards `seat` played face down here.
    pub fn hidden(&self, seat: u8) -> CardSet {
        CardSet(self.hidden[seat as usize])
    }

    /// Both deals' seats together (`other`'s seats must not be dealt here).
    pub fn merged(mut self, other: &Deal) -> Deal {
        for s in 0..MAX_SEATS as u8 {
            if let Some(h) = other.hand(s) {
                self = self.with(s, h).with_hidden(s, other.hidden(s));
            }
        }
        self
    }

    /// The hand of `seat`, if dealt here.
    pub fn hand(&self, seat: u8) -> Option<[Card; 3]> {
        (self.seats & 1 << seat != 0).then_some(self.hands[seat as usize])
    }

    /// Every card dealt here.
    pub fn cards(&self) -> CardSet {
        (0..MAX_SEATS as u8)
            .filter_map(|s| self.hand(s))
            .fold(CardSet(0), |acc, h| CardSet(acc.0 | set(&h).0))
    }
}

/// The rest of a hand from its current public state: the seats' dealt hands are the private
/// items ([`Deal`]s: two ranges whose deals together cover every seat), a world replays the
/// hand's actions on them, and information sets are keyed exactly ([`ExactCards`]). Where the
/// subgame has no positive regret yet it plays the blueprint table's row (a warm start; uniform
/// where the table has none). A paulista world turns the hand's vira and plays each card
/// played face down from its deal's hidden cards.
pub struct HandRoot<'a> {
    game: TrucoGame<ExactCards>,
    points: TrucoGame<ExactCards>,
    matches: Option<TrucoGame<ExactCards>>,
    steps: Vec<Step>,
    vira: Option<Card>,
    blueprint: &'a Table,
    keyer: Abstract,
    solves_match: bool,
}

impl<'a> HandRoot<'a> {
    /// The root of `replay`'s hand, dealt from `deck`, warm-started from `blueprint`, its
    /// hands scored by capped points, or with `mv` by the match value of the score (valencian:
    /// and camas) they lead to, read from each world's final state
    /// (`truco_train::mv::MvGrid::utility0_of_end`); `values`: the match-equity table its
    /// match-win values are read from, if one is known.
    pub fn new(
        rules: RuleSet,
        deck: CardSet,
        replay: &Replay,
        blueprint: &'a Policy,
        mv: Option<MvGrid>,
        values: Option<MvGrid>,
    ) -> Self {
        let start = &replay.before[0];
        let start_score = start.start_score();
        let steps = (0..replay.events.len())
            .filter_map(|i| match (replay.act(i), replay.hidden(i)) {
                (Some((_, a)), _) => Some(Step::Act(a)),
                (None, Some(seat)) => Some(Step::Hidden(seat)),
                _ => None,
            })
            .collect();
        let points = TrucoGame::at_score(rules, deck, start_score, start.mano(), ExactCards);
        HandRoot {
            game: mv.map_or(points, |g| points.with_match_values(g)),
            points,
            matches: values.or(mv).map(|g| points.with_match_values(g)),
            steps,
            vira: start.vira(),
            blueprint: blueprint.table(),
            keyer: Abstract(blueprint.abstraction()),
            solves_match: mv.is_some(),
        }
    }
}

/// One public event of the hand the worlds replay.
#[derive(Clone, Copy, Debug)]
enum Step {
    /// A seat's action.
    Act(Action),
    /// A card played face down by this seat (which one is in each world's [`Deal`]).
    Hidden(u8),
}

impl HandRoot<'_> {
    /// The world where `seat`'s deal is `own` and the other seats' `others`.
    pub fn world_for(&self, own: &Deal, others: &Deal) -> GState {
        self.world(own, others)
    }

    /// The hand scored by capped points (whatever the subgame is solved for).
    pub fn points_game(&self) -> &TrucoGame<ExactCards> {
        &self.points
    }

    /// Whether the subgame is solved for match values (else for capped points).
    pub fn solves_match(&self) -> bool {
        self.solves_match
    }

    /// The hand scored by match values (`2·mv − 1`; whatever the subgame is solved for), where
    /// a match-equity table is known.
    pub fn match_game(&self) -> Option<&TrucoGame<ExactCards>> {
        self.matches.as_ref()
    }
}

fn set(h: &[Card; 3]) -> CardSet {
    CardSet::from_cards(h)
}

impl PublicRoot for HandRoot<'_> {
    type G = TrucoGame<ExactCards>;
    type Private = Deal;

    fn game(&self) -> &Self::G {
        &self.game
    }

    fn compatible(&self, a: &Deal, b: &Deal) -> bool {
        a.seats & b.seats == 0 && a.cards().0 & b.cards().0 == 0
    }

    fn world(&self, a: &Deal, b: &Deal) -> GState {
        let mut s = self.game.root();
        let deal = a.merged(b);
        for seat in 0..self.game.seats() as u8 {
            if let Some(h) = deal.hand(seat) {
                self.game.apply_chance(&mut s, Outcome::Cards(h));
            }
        }
        if let Some(v) = self.vira {
            self.game.apply_chance(&mut s, Outcome::Vira(v));
        }
        // Each card played face down is one of the seat's hidden cards, in card order (which
        // of them went first changes nothing that follows: both lose their tricks).
        let mut hidden = deal.hidden;
        for &step in &self.steps {
            let x = match step {
                Step::Act(x) => x,
                Step::Hidden(seat) => {
                    let left = &mut hidden[seat as usize];
                    let Some(c) = CardSet(*left).iter().next() else {
                        continue;
                    };
                    *left &= !(1u64 << c.index());
                    Action::Hide(c)
                }
            };
            self.game.apply(&mut s, Move(x));
        }
        s
    }

    fn prior(&self, s: &GState, out: &mut [f32]) {
        if let Some(row) = self.blueprint.lookup(self.keyer.key(s)) {
            if row.len() == out.len() {
                let mut total = 0.0;
                for (o, p) in out.iter_mut().zip(row.trained().probs()) {
                    *o = p;
                    total += p;
                }
                if total > 0.0 {
                    out.iter_mut().for_each(|o| *o /= total);
                } else {
                    out.fill(1.0 / out.len() as f32);
                }
            }
        }
    }
}
