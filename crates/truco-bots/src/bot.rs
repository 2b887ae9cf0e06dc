//! The [`Bot`] trait, the uniform [`Random`] bot and the [`TeamBot`] of two bots.

use rand::Rng;
use rand_xoshiro::Xoshiro256PlusPlus;
use truco_game::{Action, Event, PublicState, View};

/// The random number generator handed to bots (seeded by the arena, one stream per bot).
pub type BotRng = Xoshiro256PlusPlus;

/// A player. A bot sees only the [`View`] of the seat that acts (public state, seat, own
/// cards), never the full state, and picks one of the `legal` actions.
pub trait Bot: Send {
    /// A short name for reports.
    fn name(&self) -> &str;

    /// Chooses one of `legal` (never empty) for the seat of `view`.
    fn act(&mut self, view: &View, legal: &[Action], rng: &mut BotRng) -> Action;

    /// Chooses one of `legal` knowing the hand's public events so far (starting with the deal
    /// event, as `truco_game::Hand::public_events` has them). The arena calls this one; the
    /// default ignores the events and calls [`Bot::act`].
    fn act_in_hand(
        &mut self,
        view: &View,
        events: &[Event],
        legal: &[Action],
        rng: &mut BotRng,
    ) -> Action {
        let _ = events;
        self.act(view, legal, rng)
    }

    /// Told, before each decision, which match seat acts (the arena calls it; the view's seat
    /// is the hand's, which differs in a pica-pica hand). The default ignores it.
    fn at_match_seat(&mut self, seat: u8) {
        let _ = seat;
    }

    /// Told every action taken at the table, by any seat (this bot's own included), with the
    /// public state it was chosen in (whose [`PublicState::actor`] took it: for a team answer,
    /// the deciding seat); `by_opponent` if an opponent of this bot's team took it. A player
    /// sees every call and card, also after its own last decision of a hand (the arena calls
    /// it). The default ignores it.
    fn seen(&mut self, public: &PublicState, action: Action, by_opponent: bool) {
        let _ = (public, action, by_opponent);
    }

    /// For a bot that plays a table: its decisions so far and how many of them the table did
    /// not know (played by the fallback). `None` for bots without a table.
    fn fallbacks(&self) -> Option<Fallbacks> {
        None
    }
}

/// A table bot's decisions, its fallbacks (spots its table never saw, or could not answer),
/// and where its `TablePlay` (in `truco-player`) overrode the table's answer.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, serde::Serialize)]
pub struct Fallbacks {
    /// Decisions taken.
    pub decisions: u64,
    /// Decisions played by the fallback.
    pub fallbacks: u64,
    /// Dominated folds played on instead (`TablePlay::drop_dominated_folds`).
    pub folds_dropped: u64,
    /// Bets the table accepted (or raised) below their break-even, refused instead
    /// (`TablePlay::refuse_below_break_even`).
    pub bets_refused: u64,
    /// Big bluffs the table made, not made (`TablePlay::big_bluffs`).
    pub bluffs_dropped: u64,
    /// Truco-ladder bluffs the table made, not made (`TablePlay::drop_truco_bluffs`).
    pub truco_bluffs_dropped: u64,
    /// Envido bluffs the table made against opponents who seldom decline one, not made
    /// (`TablePlay::adapt_envido_bluffs`).
    pub envido_bluffs_dropped: u64,
    /// Decisions played as the search bot against opponents shown erratic
    /// (`TablePlay::search_against_erratic`; not among `decisions`).
    pub erratic_decisions: u64,
    /// Refusals or folds that would have ended the match lost, played otherwise
    /// (`TablePlay::keep_the_match` in `truco-player`).
    pub matches_kept: u64,
    /// Decisions searched at decision time whose search answered.
    pub searched: u64,
    /// Decisions whose search gave up (it failed or ran out of time): the table answered them
    /// (or, where it never saw the spot, the fallback, counted in `fallbacks`).
    pub searches_given_up: u64,
}

impl Fallbacks {
    /// The sum of two counts (either may be absent).
    pub fn merge(a: Option<Fallbacks>, b: Option<Fallbacks>) -> Option<Fallbacks> {
        match (a, b) {
            (None, None) => None,
            (x, y) => {
                let (x, y) = (x.unwrap_or_default(), y.unwrap_or_default());
                Some(Fallbacks {
                    decisions: x.decisions + y.decisions,
                    fallbacks: x.fallbacks + y.fallbacks,
                    folds_dropped: x.folds_dropped + y.folds_dropped,
                    bets_refused: x.bets_refused + y.bets_refused,
                    bluffs_dropped: x.bluffs_dropped + y.bluffs_dropped,
                    truco_bluffs_dropped: x.truco_bluffs_dropped + y.truco_bluffs_dropped,
                    envido_bluffs_dropped: x.envido_bluffs_dropped + y.envido_bluffs_dropped,
                    erratic_decisions: x.erratic_decisions + y.erratic_decisions,
                    matches_kept: x.matches_kept + y.matches_kept,
                    searched: x.searched + y.searched,
                    searches_given_up: x.searches_given_up + y.searches_given_up,
                })
            }
        }
    }
}

/// A mixed team: `first` plays the team's first seat (match seat 0 or 1), `second` its
/// partners' (in four players the one partner, in six the other two, in a pica-pica hand
/// whichever the pair's match seat is).
pub struct TeamBot {
    first: Box<dyn Bot>,
    second: Box<dyn Bot>,
    name: String,
    match_seat: Option<u8>,
}

impl TeamBot {
    /// The team of `first` (seats 0 and 1) and `second` (the other seats), named `name`.
    pub fn new(first: Box<dyn Bot>, second: Box<dyn Bot>, name: String) -> TeamBot {
        TeamBot {
            first,
            second,
            name,
            match_seat: None,
        }
    }

    fn seat_bot(&mut self, view: &View) -> &mut dyn Bot {
        if self.match_seat.unwrap_or(view.seat()) < 2 {
            self.first.as_mut()
        } else {
            self.second.as_mut()
        }
    }
}

impl Bot for TeamBot {
    fn name(&self) -> &str {
        &self.name
    }

    fn act(&mut self, view: &View, legal: &[Action], rng: &mut BotRng) -> Action {
        self.seat_bot(view).act(view, legal, rng)
    }

    fn act_in_hand(
        &mut self,
        view: &View,
        events: &[Event],
        legal: &[Action],
        rng: &mut BotRng,
    ) -> Action {
        self.seat_bot(view).act_in_hand(view, events, legal, rng)
    }

    fn at_match_seat(&mut self, seat: u8) {
        self.match_seat = Some(seat);
        self.first.at_match_seat(seat);
        self.second.at_match_seat(seat);
    }

    fn seen(&mut self, public: &PublicState, action: Action, by_opponent: bool) {
        self.first.seen(public, action, by_opponent);
        self.second.seen(public, action, by_opponent);
    }

    fn fallbacks(&self) -> Option<Fallbacks> {
        Fallbacks::merge(self.first.fallbacks(), self.second.fallbacks())
    }
}

/// Builds a fresh bot (one per match in the arena's workers).
pub type BotMaker = Box<dyn Fn() -> Box<dyn Bot> + Send + Sync>;

/// Uniform index in `0..n` (`n > 0`) from one 32-bit draw (multiply-shift; bias below n / 2^32).
#[inline]
pub fn uniform_index(rng: &mut BotRng, n: usize) -> usize {
    ((rng.next_u32() as u64 * n as u64) >> 32) as usize
}

/// Uniform over the legal actions.
#[derive(Clone, Copy, Debug, Default)]
pub struct Random;

impl Bot for Random {
    fn name(&self) -> &str {
        "random"
    }

    fn act(&mut self, _view: &View, legal: &[Action], rng: &mut BotRng) -> Action {
        legal[uniform_index(rng, legal.len())]
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn random_picks_every_legal_action() {
        use rand::SeedableRng;
        let rules = truco_game::RuleSet::ARG_1V1;
        let public = truco_game::PublicState::new_hand(rules, [0, 0], 0).unwrap();
        let mut rng = BotRng::seed_from_u64(1);
        let st = truco_game::State::sample_deal(public, &mut rng);
        let mut legal = truco_game::ActionList::new();
        st.legal_actions(&mut legal);
        let mut seen = vec![0u32; legal.len()];
        let mut bot = Random;
        for _ in 0..2000 {
            let a = bot.act(&st.view(0).unwrap(), legal.as_slice(), &mut rng);
            let i = legal.as_slice().iter().position(|&x| x == a).unwrap();
            seen[i] += 1;
        }
        let expect = 2000 / legal.len() as u32;
        for n in seen {
            assert!(n > expect / 2 && n < expect * 3 / 2, "{n} vs {expect}");
        }
    }
}
