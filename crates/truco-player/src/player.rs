//! [`Player`]: plays a trained strategy table (a `truco_query::Policy`), with or without a
//! decision-time search over it.

use std::path::Path;
use std::sync::Arc;

use rand::{RngExt, SeedableRng};
use truco_bots::{heuristic, uniform_index, Bot, BotRng, Fallbacks, Opponents, SearchBot};
use truco_game::{Action, ActionList, Event, PublicState, Spot, View};
use truco_query::{OpenOptions, Policy, Recommendation};
use truco_search::Searcher;

use crate::decision::{Change, Changes, Decision, Rule, Source};
use crate::error::PlayerError;
use crate::keep::keeps_the_match;
use crate::table_play::{CardPlay, TablePlay};

/// Plays a strategy table as its [`TablePlay`] says ([`TablePlay::STRONG`] unless told
/// otherwise), searching the decisions its [`Searcher`] takes where it has one. The table is
/// shared (`Arc`) between copies. A spot the table never saw, or cannot answer, is played by
/// the [`SearchBot`]: a fallback never weaker than the heuristic. Over a match it learns its
/// opponents ([`Opponents`]): fed by [`Bot::seen`] and the hand's events at each decision, or
/// by [`Player::learn_hand`] for a match it did not play itself.
///
/// It is a [`Bot`], so the arena plays it as it plays any other; [`Player::decide`] answers
/// the same move with its reasons ([`Decision`]).
#[derive(Clone)]
pub struct Player {
    policy: Arc<Policy>,
    name: String,
    play: TablePlay,
    search: Option<Arc<Searcher>>,
    values: bool,
    counts: Fallbacks,
    opponents: Opponents,
}

impl Player {
    /// A player of `policy` as [`TablePlay::STRONG`] says, named `table` in reports.
    pub fn new(policy: Arc<Policy>) -> Player {
        Player {
            policy,
            name: "table".into(),
            play: TablePlay::STRONG,
            search: None,
            values: false,
            counts: Fallbacks::default(),
            opponents: Opponents::new(),
        }
    }

    /// A player of the table at `path` (its checksum verified).
    pub fn open(path: impl AsRef<Path>) -> Result<Player, PlayerError> {
        let policy = Policy::open_with(
            path,
            OpenOptions {
                verify_checksum: true,
            },
        )?;
        Ok(Player::new(Arc::new(policy)))
    }

    /// The same player, named `name` in reports.
    pub fn with_name(mut self, name: impl Into<String>) -> Player {
        self.name = name.into();
        self
    }

    /// The same player, playing as `play` says.
    pub fn with_play(mut self, play: TablePlay) -> Player {
        self.play = play;
        self
    }

    /// The same player, searching the decisions `searcher` takes ([`Searcher::searches`]) over
    /// its table (the searcher's own table: it must be the same rules). With `values`, a
    /// searched decision also estimates each action's value (what answers show; bots need not).
    pub fn with_search(mut self, searcher: Arc<Searcher>, values: bool) -> Player {
        self.policy = Arc::clone(searcher.policy_arc());
        self.search = Some(searcher);
        self.values = values;
        self
    }

    /// The table it plays.
    pub fn policy(&self) -> &Policy {
        &self.policy
    }

    /// How it plays the table.
    pub fn table_play(&self) -> TablePlay {
        self.play
    }

    /// Its searcher, if it searches.
    pub fn searcher(&self) -> Option<&Searcher> {
        self.search.as_deref()
    }

    /// Whether it plays as the search bot now: its [`TablePlay`] says so against erratic
    /// opponents ([`TablePlay::search_against_erratic`]) and the match has shown them to be
    /// ([`Opponents::erratic`]).
    pub fn facing_erratic(&self) -> bool {
        self.play.search_against_erratic && self.opponents.erratic()
    }

    /// What it has learned of the opponents this match.
    pub fn opponents(&self) -> &Opponents {
        &self.opponents
    }

    /// Whether the search bot's play picks the card once the table (or a search over it)
    /// decided to play one ([`TablePlay::cards`]).
    pub fn cards_by_search(&self) -> bool {
        match self.play.cards {
            CardPlay::Table => false,
            CardPlay::Search => true,
            CardPlay::ByAbstraction => !self.policy.abstraction().keys_every_card(),
        }
    }

    /// The move for the seat of `spot`, seeded by `seed` (the same spot, seed and match
    /// history give the same move). Errors: a spot of other rules than the table's, or with no
    /// decision for its seat.
    pub fn decide_spot(&mut self, spot: &Spot, seed: u64) -> Result<Decision, PlayerError> {
        self.check_rules(spot)?;
        let view = spot.to_view()?;
        let mut legal = ActionList::new();
        view.legal_actions(&mut legal);
        if legal.is_empty() {
            return Err(PlayerError::NoDecision(spot.to_string()));
        }
        let mut rng = BotRng::seed_from_u64(seed);
        Ok(self.decide(&view, spot.history(), legal.as_slice(), &mut rng))
    }

    /// Learns the opponents from an earlier hand of the match, seen from the seat of `spot`
    /// (the hand's events up to any point, typically its end): their folds and their answers
    /// to the team's envido calls, as if it had played the hand. Hands are learned in the
    /// order they were played, before the current hand's decision.
    pub fn learn_hand(&mut self, spot: &Spot) -> Result<(), PlayerError> {
        self.check_rules(spot)?;
        let team = spot.seat() % 2;
        for (public, e) in spot.public_states()? {
            match e.act() {
                Some((seat, action, _)) if seat % 2 != team => {
                    self.opponents.seen_opponent(&public, action);
                }
                _ => {}
            }
        }
        self.opponents.observe(&spot.to_view()?, spot.history());
        Ok(())
    }

    fn check_rules(&self, spot: &Spot) -> Result<(), PlayerError> {
        if spot.rules().match_rules() != *self.policy.rules() {
            let text =
                |r| truco_game::spot::rules_text(r).unwrap_or_else(|_| r.variant.to_string());
            return Err(PlayerError::OtherRules {
                spot: text(spot.rules()),
                table: text(self.policy.rules()),
            });
        }
        Ok(())
    }

    /// The move for the seat of `view`, whose hand produced `events`, among `legal` (never
    /// empty), and why. Reads the hand's events into its [`Opponents`] first.
    pub fn decide(
        &mut self,
        view: &View,
        events: &[Event],
        legal: &[Action],
        rng: &mut BotRng,
    ) -> Decision {
        let served = self.play.served_rows;
        let table = || {
            if served {
                self.policy.recommend(view, events).ok()
            } else {
                self.policy.recommend_trained(view, events).ok()
            }
        };
        // A forced move (a flor's declaration, the last card) is no decision: tables store no
        // row for it, and it is not counted as one the table did not know.
        if let [only] = legal {
            return plain(*only, Source::Forced, None);
        }
        self.opponents.observe(view, events);
        if self.facing_erratic() {
            self.counts.erratic_decisions += 1;
            let a = SearchBot.act_in_hand(view, events, legal, rng);
            return plain(a, Source::Erratic, table());
        }
        let row = table();
        let known = row.filter(|r| !r.fallback);
        let searched = self.search(view, events, rng, row);
        self.counts.decisions += 1;
        self.counts.fallbacks += u64::from(known.is_none());
        let strategy = searched.as_ref().map(|(r, _)| *r).or(known);
        let mut d = self.play_strategy(view, events, legal, rng, strategy, self.cards_by_search());
        if searched.is_some() && d.source == Source::Table {
            d.source = Source::Search;
        }
        d.table = row;
        d.searched = searched;
        d
    }

    /// The search's strategy for the decision, where the player searches it.
    fn search(
        &mut self,
        view: &View,
        events: &[Event],
        rng: &mut BotRng,
        row: Option<Recommendation>,
    ) -> Option<(Recommendation, truco_search::Searched)> {
        let searcher = self.search.as_ref()?;
        if !searcher.searches(view) {
            return None;
        }
        let found = searcher
            .decide(view, events, rng.random::<u64>(), self.values)
            .ok()
            .filter(|s| s.blueprint.is_none());
        if found.is_none() {
            // A search that failed or ran out of time: the table's answer.
            self.counts.searches_given_up += 1;
        } else {
            self.counts.searched += 1;
        }
        let s = found?;
        Some((s.refine(row?), s))
    }

    /// Plays `r`, a strategy for the decision (the table's, or a decision-time search's over
    /// it), as its [`TablePlay`] says: purified, without the folds, bets and bluffs its rules
    /// drop, the card by the search bot's play if `card_by_search`. `None` (a spot the table
    /// never saw, or could not answer) is played by the [`SearchBot`]. Counts what its rules
    /// changed, not the decision itself.
    pub fn play_strategy(
        &mut self,
        view: &View,
        events: &[Event],
        legal: &[Action],
        rng: &mut BotRng,
        r: Option<Recommendation>,
        card_by_search: bool,
    ) -> Decision {
        let mut changes = Changes::default();
        // A rule that dropped the only action the strategy wanted: the search bot acts.
        let mut emptied = None;
        let chosen = r.and_then(|r| self.draw(view, legal, rng, r, &mut changes, &mut emptied));
        let (mut action, source) = match chosen {
            Some(a @ (Action::Play(_) | Action::Hide(_)))
                if card_by_search && legal.contains(&a) =>
            {
                let card = SearchBot::play_card(view, legal, rng).unwrap_or(a);
                if card != a {
                    changes.push(Change {
                        rule: Rule::CardBySearch,
                        from: a,
                        to: card,
                    });
                }
                (card, Source::Table)
            }
            Some(a) if legal.contains(&a) => (a, Source::Table),
            _ => {
                let a = SearchBot.act_in_hand(view, events, legal, rng);
                match emptied {
                    Some((rule, from)) => {
                        changes.push(Change { rule, from, to: a });
                        (a, Source::Table)
                    }
                    None => (a, Source::Fallback),
                }
            }
        };
        if self.play.keep_the_match {
            if let Some(keep) = keeps_the_match(view, legal, action) {
                self.counts.matches_kept += 1;
                changes.push(Change {
                    rule: Rule::KeepTheMatch,
                    from: action,
                    to: keep,
                });
                action = keep;
            }
        }
        Decision {
            action,
            source,
            table: r,
            searched: None,
            changes,
        }
    }

    /// The action drawn from `r` by the rules of its [`TablePlay`], recording what they
    /// changed; `None` where a rule dropped every action `r` wanted (`emptied` says which).
    fn draw(
        &mut self,
        view: &View,
        legal: &[Action],
        rng: &mut BotRng,
        r: Recommendation,
        changes: &mut Changes,
        emptied: &mut Option<(Rule, Action)>,
    ) -> Option<Action> {
        let mut r = r.purified(self.play.purify);
        let mut drawn = r.sample(rng);
        // Drops `bluff` from `r` and draws again, recording the change.
        let mut redraw = |r: &mut Recommendation, rule: Rule, bluff: Action, rng: &mut BotRng| {
            *r = r.restricted(|a| a != bluff);
            let again = r.sample(rng);
            match again {
                Some(to) => changes.push(Change {
                    rule,
                    from: bluff,
                    to,
                }),
                None => *emptied = Some((rule, bluff)),
            }
            again
        };
        if let Some(bluff) = drawn.filter(|&a| {
            self.play.big_bluffs.drops(self.search.is_some()) && SearchBot::big_bluff(view, a, rng)
        }) {
            self.counts.bluffs_dropped += 1;
            drawn = Some(redraw(&mut r, Rule::BigBluff, bluff, rng)?);
        }
        // Raising a pending truco-ladder call accepts it first: refused (below) where
        // accepting is below its break-even, before any judgement of the raise as a bluff.
        let p = view.public();
        let raise_refused = drawn == Some(Action::Raise)
            && self.play.refuse_below_break_even
            && p.truco().pending
            && !p.envido().pending
            && SearchBot::accept_below_break_even(view, rng);
        if let Some(bluff) = drawn.filter(|&a| match a {
            Action::Raise => {
                self.play.drop_truco_bluffs
                    && !raise_refused
                    && SearchBot::truco_call_is_bluff(view, rng)
            }
            Action::Envido | Action::RealEnvido | Action::FaltaEnvido => {
                self.play.adapt_envido_bluffs
                    && !self.opponents.envido_bluffs_pay()
                    && heuristic::envido_call_is_bluff(view)
            }
            _ => false,
        }) {
            let rule = if bluff == Action::Raise {
                self.counts.truco_bluffs_dropped += 1;
                Rule::TrucoBluff
            } else {
                self.counts.envido_bluffs_dropped += 1;
                Rule::EnvidoBluff
            };
            drawn = Some(redraw(&mut r, rule, bluff, rng)?);
        }
        let mut changed = |rule, from, to: Option<Action>| {
            if let Some(to) = to {
                changes.push(Change { rule, from, to });
            }
            to
        };
        match drawn {
            // Playing on instead: a card (or a pass) as the table would, never a call it
            // did not want to make; the search's card if the table gives them no weight.
            Some(Action::Mazo)
                if self.play.drop_dominated_folds && view.public().fold_is_dominated() =>
            {
                self.counts.folds_dropped += 1;
                let to = r
                    .restricted(is_passive)
                    .sample(rng)
                    .or_else(|| SearchBot::play_card(view, legal, rng));
                changed(Rule::DominatedFold, Action::Mazo, to)
            }
            Some(Action::Quiero)
                if self.play.refuse_below_break_even
                    && SearchBot::accept_below_break_even(view, rng) =>
            {
                self.counts.bets_refused += 1;
                changed(Rule::BelowBreakEven, Action::Quiero, Some(Action::NoQuiero))
            }
            Some(Action::Raise) if raise_refused => {
                self.counts.bets_refused += 1;
                changed(Rule::BelowBreakEven, Action::Raise, Some(Action::NoQuiero))
            }
            a => a,
        }
    }
}

/// A decision no rule shaped.
fn plain(action: Action, source: Source, table: Option<Recommendation>) -> Decision {
    Decision {
        action,
        source,
        table,
        searched: None,
        changes: Changes::default(),
    }
}

impl Bot for Player {
    fn name(&self) -> &str {
        &self.name
    }

    /// Without the hand's events, the history is rebuilt from the view (one history reaching
    /// it: with the `arg-1v1-tiers-v1` abstraction the timing of the calls may differ from the
    /// real one). Prefer [`Bot::act_in_hand`].
    fn act(&mut self, view: &View, legal: &[Action], rng: &mut BotRng) -> Action {
        match Spot::from_view(view) {
            Ok(spot) => self.act_in_hand(view, spot.history(), legal, rng),
            Err(_) => legal[uniform_index(rng, legal.len())],
        }
    }

    fn act_in_hand(
        &mut self,
        view: &View,
        events: &[Event],
        legal: &[Action],
        rng: &mut BotRng,
    ) -> Action {
        self.decide(view, events, legal, rng).action
    }

    fn seen(&mut self, public: &PublicState, action: Action, by_opponent: bool) {
        if by_opponent {
            self.opponents.seen_opponent(public, action);
        }
    }

    fn fallbacks(&self) -> Option<Fallbacks> {
        Some(self.counts)
    }
}

/// An action that plays on without raising the stakes: a card, face up, down or blind, or a
/// pass.
fn is_passive(a: Action) -> bool {
    matches!(
        a,
        Action::Play(_) | Action::Hide(_) | Action::Blind(_) | Action::Pass
    )
}
