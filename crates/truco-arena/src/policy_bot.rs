//! [`PolicyBot`]: plays a trained strategy table (a `truco_query::Policy`).

use std::sync::Arc;

use truco_game::{Action, Event, PublicState, Spot, View};
use truco_query::{Policy, Recommendation};

use crate::bot::{uniform_index, Bot, BotRng, Fallbacks};
use crate::heuristic;
use crate::opponents::Opponents;
use crate::search::SearchBot;

/// Samples its action from a strategy table. The table is shared (`Arc`) between the arena's
/// workers. It keys a decision with the hand's public events (`Bot::act_in_hand`, which the
/// arena calls). A spot the table never saw, or cannot answer (a row whose length differs from
/// the legal actions, possible only with a table from another engine build), is played by the
/// [`SearchBot`]: a fallback never weaker than the heuristic, which folds nothing the
/// heuristic would play (the served answer of `truco query` / `serve` stays the table's flagged
/// uniform-but-mazo fallback: the library has no bots). [`Bot::fallbacks`] counts them.
/// With a purification threshold it samples from [`Recommendation::purified`] instead; with
/// [`CardPlay::Search`], when the table's answer is to play a card, the card is the search
/// bot's ([`SearchBot::play_card`]). [`TablePlay::STRONG`] is how `truco eval` and
/// `truco play` play a table unless told otherwise.
///
/// [`Recommendation::purified`]: truco_query::Recommendation::purified
pub struct PolicyBot {
    policy: Arc<Policy>,
    name: String,
    play: TablePlay,
    counts: Fallbacks,
    opponents: Opponents,
}

/// Who chooses the card when a table bot's answer is to play one.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CardPlay {
    /// The table's own choice.
    Table,
    /// The search bot's exact card play over sampled deals (perfect-information Monte Carlo):
    /// the table decides whether to call, answer, fold or play; the search which card.
    Search,
    /// The search where the table's abstraction merges cards into buckets, the table where it
    /// keys every card by its own tier ([`Abstraction::keys_every_card`]). Measured on the
    /// shipped tables: the search's card wins more matches over bucketed keys (arg-1v1,
    /// arg-2v2, paulista, valencian, arg-classic), the table's over card-exact keys
    /// (paulista-hu).
    ///
    /// [`Abstraction::keys_every_card`]: truco_game::abstraction::Abstraction::keys_every_card
    ByAbstraction,
}

impl CardPlay {
    /// Every choice, in the order the command line lists them.
    pub const ALL: [CardPlay; 3] = [CardPlay::Table, CardPlay::Search, CardPlay::ByAbstraction];

    /// Its name in a bot spec (`@cards=NAME`).
    pub fn name(self) -> &'static str {
        match self {
            CardPlay::Table => "table",
            CardPlay::Search => "search",
            CardPlay::ByAbstraction => "auto",
        }
    }

    /// The choice named `name` in a bot spec.
    pub fn from_name(name: &str) -> Option<CardPlay> {
        CardPlay::ALL.into_iter().find(|c| c.name() == name)
    }
}

/// How a [`PolicyBot`] turns its table's answer into a move.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct TablePlay {
    /// Actions whose probability is below this are dropped, the rest renormalized
    /// ([`Recommendation::purified`]); 0 samples the table's strategy as it is, 0.5 plays its
    /// most likely action.
    ///
    /// [`Recommendation::purified`]: truco_query::Recommendation::purified
    pub purify: f32,
    /// Who picks the card.
    pub cards: CardPlay,
    /// Never go to the mazo where playing on weakly dominates it
    /// ([`truco_game::PublicState::fold_is_dominated`]: nothing pending, no envido or flor left
    /// to call, the seat the last of its team still in): a fold the table draws there becomes a
    /// card (or a pass) drawn from the table's own weights on them, or the search's card; never
    /// a call.
    pub drop_dominated_folds: bool,
    /// Never accept a bet below its break-even at the score
    /// ([`SearchBot::accept_below_break_even`]: an envido chain by the seat's own total, a
    /// truco call by the search's hand win chance, a paulista mão de onze by the team's): such
    /// a `quiero`, or a raise over such a truco-ladder call (which accepts it first), becomes a
    /// `no quiero`. A caller's hand is no weaker than a random one, so the
    /// rule refuses only what loses against any sound caller; the tables, trained against
    /// bluffing copies of themselves over coarse keys, accepted such bets.
    pub refuse_below_break_even: bool,
    /// Never make a big bluff ([`SearchBot::big_bluff`]): a falta envido away from the end, or
    /// a truco-ladder raise that stakes the match (the valencian joc fora, paulista's doze from
    /// 0-0), called on a showdown the seat is more likely to lose than win. The table's other
    /// actions share the call's weight (the search bot acts if the table wants nothing else).
    /// The tables bluffed such calls, which stake the match for a few points: that pays only
    /// against opponents who rarely accept.
    pub drop_big_bluffs: bool,
    /// Make no truco-ladder bluff ([`SearchBot::truco_call_is_bluff`]): no truco, retruco or
    /// vale cuatro (paulista seis to doze, valencian retruc to joc fora), called on one's turn or
    /// raised over a call, on a hand the search gives less than even chances. Accepted, such a
    /// call plays a bigger hand as the underdog; it pays only through folds. The table's other
    /// actions share the call's weight.
    pub drop_truco_bluffs: bool,
    /// Make no envido bluff ([`heuristic::envido_call_is_bluff`]: an envido-family call on a
    /// total more likely to lose its showdown than win it) once the match shows the opponents
    /// decline the team's envido calls too seldom for bluffs to pay
    /// ([`Opponents::envido_bluffs_pay`]). The table's other actions share the call's weight.
    pub adapt_envido_bluffs: bool,
    /// Play as the search bot once the opponents have shown themselves erratic
    /// ([`Opponents::erratic`]: folds or envido answers no sound player makes). The table
    /// expects its opponents' calls to mean strength and folds or declines weak hands against
    /// them; the search bot judges every call by the hand's chance against unknown hands.
    pub search_against_erratic: bool,
}

impl TablePlay {
    /// The table's strategy as trained: sampled, its own cards, its folds.
    pub const RAW: TablePlay = TablePlay {
        purify: 0.0,
        cards: CardPlay::Table,
        drop_dominated_folds: false,
        refuse_below_break_even: false,
        drop_big_bluffs: false,
        drop_truco_bluffs: false,
        adapt_envido_bluffs: false,
        search_against_erratic: false,
    };

    /// The strongest way to play a table measured (the model cards): its most likely action,
    /// the card by [`CardPlay::ByAbstraction`], no dominated fold, no bet accepted below its
    /// break-even, no big bluff, no truco bluff, no envido bluff against opponents who seldom
    /// decline one, the search bot's play against erratic opponents.
    pub const STRONG: TablePlay = TablePlay {
        purify: 0.5,
        cards: CardPlay::ByAbstraction,
        drop_dominated_folds: true,
        refuse_below_break_even: true,
        drop_big_bluffs: true,
        drop_truco_bluffs: true,
        adapt_envido_bluffs: true,
        search_against_erratic: true,
    };
}

impl PolicyBot {
    /// A bot playing `policy`, named `name` in reports.
    pub fn new(policy: Arc<Policy>, name: impl Into<String>) -> PolicyBot {
        PolicyBot {
            policy,
            name: name.into(),
            play: TablePlay::RAW,
            counts: Fallbacks::default(),
            opponents: Opponents::new(),
        }
    }

    /// A bot playing `policy` as [`TablePlay::RAW`] says (the default of [`PolicyBot::new`])
    /// or otherwise.
    pub fn with_play(mut self, play: TablePlay) -> PolicyBot {
        self.play = play;
        self
    }

    /// The table it plays.
    pub fn policy(&self) -> &Policy {
        &self.policy
    }

    /// Whether it plays as the search bot now: its [`TablePlay`] says so against erratic
    /// opponents ([`TablePlay::search_against_erratic`]) and the match has shown them to be
    /// ([`Opponents::erratic`]).
    pub fn facing_erratic(&self) -> bool {
        self.play.search_against_erratic && self.opponents.erratic()
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

    /// Plays `r`, a strategy for the decision (the table's, or a decision-time search's over
    /// it), as its [`TablePlay`] says: purified, without the folds, bets and bluffs its rules
    /// drop, the card by the search bot's play if `card_by_search`. `None` (a spot the table
    /// never saw, or could not answer) is played by the [`SearchBot`]. Reads the hand's events
    /// into its [`Opponents`] first; counts what its rules changed, not the decision itself.
    pub fn play_strategy(
        &mut self,
        view: &View,
        events: &[Event],
        legal: &[Action],
        rng: &mut BotRng,
        r: Option<Recommendation>,
        card_by_search: bool,
    ) -> Action {
        self.opponents.observe(view, events);
        let chosen = r.and_then(|r| {
            let mut r = r.purified(self.play.purify);
            let mut drawn = r.sample(rng);
            if let Some(bluff) =
                drawn.filter(|&a| self.play.drop_big_bluffs && SearchBot::big_bluff(view, a, rng))
            {
                self.counts.bluffs_dropped += 1;
                r = r.restricted(|a| a != bluff);
                drawn = Some(r.sample(rng)?);
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
                if bluff == Action::Raise {
                    self.counts.truco_bluffs_dropped += 1;
                } else {
                    self.counts.envido_bluffs_dropped += 1;
                }
                r = r.restricted(|a| a != bluff);
                drawn = Some(r.sample(rng)?);
            }
            match drawn {
                // Playing on instead: a card (or a pass) as the table would, never a call it
                // did not want to make; the search's card if the table gives them no weight.
                Some(Action::Mazo)
                    if self.play.drop_dominated_folds && view.public().fold_is_dominated() =>
                {
                    self.counts.folds_dropped += 1;
                    r.restricted(is_passive)
                        .sample(rng)
                        .or_else(|| SearchBot::play_card(view, legal, rng))
                }
                Some(Action::Quiero)
                    if self.play.refuse_below_break_even
                        && SearchBot::accept_below_break_even(view, rng) =>
                {
                    self.counts.bets_refused += 1;
                    Some(Action::NoQuiero)
                }
                Some(Action::Raise) if raise_refused => {
                    self.counts.bets_refused += 1;
                    Some(Action::NoQuiero)
                }
                a => a,
            }
        });
        match chosen {
            Some(a @ (Action::Play(_) | Action::Hide(_)))
                if card_by_search && legal.contains(&a) =>
            {
                SearchBot::play_card(view, legal, rng).unwrap_or(a)
            }
            Some(a) if legal.contains(&a) => a,
            _ => SearchBot.act_in_hand(view, events, legal, rng),
        }
    }
}

impl Bot for PolicyBot {
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
        // A forced move (a flor's declaration, the last card) is no decision: tables store no
        // row for it, and it is not counted as one the table did not know.
        if let [only] = legal {
            return *only;
        }
        if self.facing_erratic() {
            self.counts.erratic_decisions += 1;
            return SearchBot.act_in_hand(view, events, legal, rng);
        }
        let r = self
            .policy
            .recommend(view, events)
            .ok()
            .filter(|r| !r.fallback);
        self.counts.decisions += 1;
        self.counts.fallbacks += u64::from(r.is_none());
        self.play_strategy(view, events, legal, rng, r, self.cards_by_search())
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

#[cfg(test)]
mod tests {
    use std::path::PathBuf;

    use rand::SeedableRng;
    use truco_game::abstraction::Abstraction;
    use truco_game::ActionList;
    use truco_query::{TableMeta, TableWriter};

    use super::*;
    use crate::{run_specs, ArenaConfig, BotError, BotSpec};

    const SPOT: &str = "arg-1v1 | score 0-0 | dealer 1 | seat 0: 1E 7O 3C";

    /// A temporary table, removed on drop.
    struct Tmp(PathBuf);

    impl Drop for Tmp {
        fn drop(&mut self) {
            let _ = std::fs::remove_file(&self.0);
        }
    }

    /// A table of `variant` whose only row is SPOT, all weight on its last (canonical) action.
    fn table(tag: &str, variant: &str) -> Tmp {
        table_on(tag, variant, SPOT, |legal| legal.len() - 1)
    }

    /// A table of `variant` whose only row is `spot`, all weight on the action `heavy` picks
    /// among the legal ones (in canonical order).
    fn table_on(tag: &str, variant: &str, spot: &str, heavy: impl Fn(&[Action]) -> usize) -> Tmp {
        let a = if variant == "valencian" {
            Abstraction::ValencianBucketsV1
        } else {
            Abstraction::Tiers
        };
        let spot: Spot = spot.parse().unwrap();
        let view = spot.to_view().unwrap();
        let mut legal = ActionList::new();
        view.legal_actions(&mut legal);
        let mut w = TableWriter::new(TableMeta {
            variant: variant.into(),
            options: String::new(),
            abstraction_id: a.id().into(),
            abstraction_hash: a.definition_hash(),
        });
        let mut weights = vec![0.0f32; legal.len()];
        weights[heavy(legal.as_slice())] = 1.0;
        w.push(a.key(&view, spot.history()).unwrap(), &weights, None)
            .unwrap();
        let path = std::env::temp_dir().join(format!(
            "truco-arena-policy-{tag}-{}.tbl",
            std::process::id()
        ));
        w.write(&path).unwrap();
        Tmp(path)
    }

    #[test]
    fn plays_the_row_and_falls_back_without_folding() {
        let t = table("row", "arg-1v1");
        let policy = Arc::new(Policy::open(&t.0).unwrap());
        let mut bot = PolicyBot::new(Arc::clone(&policy), "m");
        assert_eq!(bot.name(), "m");
        let spot: Spot = SPOT.parse().unwrap();
        let view = spot.to_view().unwrap();
        let mut legal = ActionList::new();
        view.legal_actions(&mut legal);
        let mut rng = BotRng::seed_from_u64(1);
        // Mazo is last in both orders: the row puts all its weight there.
        for _ in 0..50 {
            let a = bot.act_in_hand(&view, spot.history(), legal.as_slice(), &mut rng);
            assert_eq!(a, Action::Mazo);
            assert_eq!(bot.act(&view, legal.as_slice(), &mut rng), Action::Mazo);
        }
        // Another hand: unseen, played by the search bot (never a fold), and counted.
        let other: Spot = "arg-1v1 | score 0-0 | dealer 1 | seat 0: 4B 5B 6C"
            .parse()
            .unwrap();
        let view = other.to_view().unwrap();
        view.legal_actions(&mut legal);
        let before = bot.fallbacks().unwrap();
        for _ in 0..100 {
            let a = bot.act_in_hand(&view, other.history(), legal.as_slice(), &mut rng);
            assert!(legal.contains(a) && a != Action::Mazo, "{a}");
        }
        let after = bot.fallbacks().unwrap();
        assert_eq!(after.fallbacks - before.fallbacks, 100);
        // A forced move is played, and not counted as a decision.
        let forced = [legal.as_slice()[0]];
        let a = bot.act_in_hand(&view, other.history(), &forced, &mut rng);
        assert_eq!((a, bot.fallbacks().unwrap()), (forced[0], after));
    }

    #[test]
    fn the_table_decides_to_play_a_card_and_the_search_picks_which() {
        let ace: Action = Action::Play("1E".parse().unwrap());
        let t = table_on("cards", "arg-1v1", SPOT, |legal| {
            legal
                .iter()
                .position(|&a| a == Action::Play("1E".parse().unwrap()))
                .unwrap()
        });
        let policy = Arc::new(Policy::open(&t.0).unwrap());
        let spot: Spot = SPOT.parse().unwrap();
        let view = spot.to_view().unwrap();
        let mut legal = ActionList::new();
        view.legal_actions(&mut legal);
        let own_cards = TablePlay {
            cards: CardPlay::Table,
            ..TablePlay::STRONG
        };
        let mut table_cards = PolicyBot::new(Arc::clone(&policy), "t").with_play(own_cards);
        let by_search = TablePlay {
            cards: CardPlay::Search,
            ..TablePlay::STRONG
        };
        let mut search_cards = PolicyBot::new(Arc::clone(&policy), "s").with_play(by_search);
        // The test table's abstraction keys every card: by abstraction, the table's card.
        let mut auto = PolicyBot::new(Arc::clone(&policy), "a").with_play(TablePlay::STRONG);
        let mut played = Vec::new();
        for seed in 0..40 {
            let mut rng = BotRng::seed_from_u64(seed);
            let a = table_cards.act_in_hand(&view, spot.history(), legal.as_slice(), &mut rng);
            assert_eq!(a, ace);
            let b = search_cards.act_in_hand(&view, spot.history(), legal.as_slice(), &mut rng);
            assert!(matches!(b, Action::Play(_)), "{b}");
            played.push(b);
            let c = auto.act_in_hand(&view, spot.history(), legal.as_slice(), &mut rng);
            assert_eq!(c, ace);
        }
        // The search plays a weaker card where it wins as many deals (ties go to the weakest).
        assert!(played.iter().any(|&b| b != ace), "{played:?}");
        // A call (here the mazo of the other table) stays the table's.
        let m = table("cards-mazo", "arg-1v1");
        let mut bot =
            PolicyBot::new(Arc::new(Policy::open(&m.0).unwrap()), "m").with_play(by_search);
        let mut rng = BotRng::seed_from_u64(3);
        for _ in 0..20 {
            let a = bot.act_in_hand(&view, spot.history(), legal.as_slice(), &mut rng);
            assert_eq!(a, Action::Mazo);
        }
    }

    #[test]
    fn a_dominated_fold_is_not_played() {
        // The envido refused, nothing pending: playing on can cost no more than the mazo.
        let at = "arg-1v1 | score 0-0 | dealer 1 | seat 0: 1E 7O 3C | 0:envido 1:no-quiero";
        let t = table_on("folds", "arg-1v1", at, |legal| {
            legal.iter().position(|&a| a == Action::Mazo).unwrap()
        });
        let policy = Arc::new(Policy::open(&t.0).unwrap());
        let spot: Spot = at.parse().unwrap();
        let view = spot.to_view().unwrap();
        assert!(view.public().fold_is_dominated());
        let mut legal = ActionList::new();
        view.legal_actions(&mut legal);
        let mut raw = PolicyBot::new(Arc::clone(&policy), "raw");
        let mut strong = PolicyBot::new(Arc::clone(&policy), "s").with_play(TablePlay::STRONG);
        let mut rng = BotRng::seed_from_u64(5);
        for _ in 0..20 {
            let a = raw.act_in_hand(&view, spot.history(), legal.as_slice(), &mut rng);
            assert_eq!(a, Action::Mazo);
            // Playing on: a card, never a call the table did not make.
            let b = strong.act_in_hand(&view, spot.history(), legal.as_slice(), &mut rng);
            assert!(matches!(b, Action::Play(_)) && legal.contains(b), "{b}");
        }
        assert_eq!(strong.fallbacks().unwrap().folds_dropped, 20);
        assert_eq!(raw.fallbacks().unwrap().folds_dropped, 0);
    }

    #[test]
    fn a_strategy_from_elsewhere_is_played_by_the_same_rules() {
        // The table's row plays a card; a search's strategy (any other) folds where the fold
        // is dominated, and the default play drops that fold as it drops the table's.
        let at = "arg-1v1 | score 0-0 | dealer 1 | seat 0: 1E 7O 3C | 0:envido 1:no-quiero";
        let t = table_on("strategy", "arg-1v1", at, |legal| {
            legal
                .iter()
                .position(|&a| matches!(a, Action::Play(_)))
                .unwrap()
        });
        let policy = Arc::new(Policy::open(&t.0).unwrap());
        let spot: Spot = at.parse().unwrap();
        let view = spot.to_view().unwrap();
        let mut legal = ActionList::new();
        view.legal_actions(&mut legal);
        let folds = || {
            let r = policy.recommend(&view, spot.history()).unwrap();
            assert!(!r.fallback);
            Some(r.refined(|a| (f32::from(u8::from(a == Action::Mazo)), None)))
        };
        let mut raw = PolicyBot::new(Arc::clone(&policy), "raw");
        let mut strong = PolicyBot::new(Arc::clone(&policy), "s").with_play(TablePlay::STRONG);
        let mut rng = BotRng::seed_from_u64(5);
        for _ in 0..10 {
            let h = spot.history();
            let a = raw.play_strategy(&view, h, legal.as_slice(), &mut rng, folds(), false);
            assert_eq!(a, Action::Mazo);
            let b = strong.play_strategy(&view, h, legal.as_slice(), &mut rng, folds(), true);
            assert!(matches!(b, Action::Play(_)) && legal.contains(b), "{b}");
        }
        assert_eq!(strong.fallbacks().unwrap().folds_dropped, 10);
        // Counted as the rules' changes, not as decisions (the caller counts those).
        assert_eq!(strong.fallbacks().unwrap().decisions, 0);
        // No strategy at all: the search bot's play, never the fold.
        let c = strong.play_strategy(
            &view,
            spot.history(),
            legal.as_slice(),
            &mut rng,
            None,
            true,
        );
        assert!(legal.contains(c) && c != Action::Mazo, "{c}");
    }

    #[test]
    fn a_bet_below_break_even_is_refused() {
        // Holding 6 against a falta for the whole match; the row accepts it.
        let weak = "arg-1v1 | score 0-0 | dealer 1 | seat 0: 4C 5B 6E | 0:envido 1:falta-envido";
        // Holding 33: accepted.
        let strong = "arg-1v1 | score 0-0 | dealer 1 | seat 0: 7O 6O 4C | 0:envido 1:falta-envido";
        // A truco against 4-5-6 (its hand win chance far below the 1/4 break-even), and
        // against both top cards.
        let hopeless = "arg-1v1 | score 0-0 | dealer 1 | seat 1: 4C 5B 6E | 0:truco";
        let aces = "arg-1v1 | score 0-0 | dealer 1 | seat 1: 1E 1B 7E | 0:truco";
        // A raise over a pending truco accepts it first: judged alike.
        for (at, refused, call) in [
            (weak, true, Action::Quiero),
            (strong, false, Action::Quiero),
            (hopeless, true, Action::Quiero),
            (aces, false, Action::Quiero),
            (hopeless, true, Action::Raise),
            (aces, false, Action::Raise),
        ] {
            let t = table_on("envidos", "arg-1v1", at, |legal| {
                legal.iter().position(|&a| a == call).unwrap()
            });
            let policy = Arc::new(Policy::open(&t.0).unwrap());
            let spot: Spot = at.parse().unwrap();
            let view = spot.to_view().unwrap();
            let mut legal = ActionList::new();
            view.legal_actions(&mut legal);
            let mut raw = PolicyBot::new(Arc::clone(&policy), "raw");
            let mut play = PolicyBot::new(Arc::clone(&policy), "s").with_play(TablePlay::STRONG);
            let mut rng = BotRng::seed_from_u64(9);
            let a = raw.act_in_hand(&view, spot.history(), legal.as_slice(), &mut rng);
            assert_eq!(a, call);
            let b = play.act_in_hand(&view, spot.history(), legal.as_slice(), &mut rng);
            let want = if refused { Action::NoQuiero } else { call };
            assert_eq!(b, want, "{at}");
            let counts = play.fallbacks().unwrap();
            assert_eq!(counts.bets_refused, u64::from(refused), "{at}");
            assert_eq!(raw.fallbacks().unwrap().bets_refused, 0);
        }
    }

    #[test]
    fn a_big_bluff_is_not_made() {
        // The row's only action: the falta, or a raise.
        fn falta(legal: &[Action]) -> usize {
            legal
                .iter()
                .position(|&a| a == Action::FaltaEnvido)
                .unwrap()
        }
        fn raise(legal: &[Action]) -> usize {
            legal.iter().position(|&a| a == Action::Raise).unwrap()
        }
        let arg = |hand: &str| format!("arg-1v1 | score 0-0 | dealer 1 | seat 0: {hand}");
        // Team 1 answers a quatre val at its deciding seat 3: its raise is the joc fora.
        let val = |hand: &str| {
            format!(
                "valencian | score 0-0 camas 0-0 | dealer 3 | seat 3: {hand} \
                 | 1:pass 0:truc 1:retruc 2:quatre-val"
            )
        };
        // The mano at 0-0 calls the falta (the match) holding 6, not with 33; the joc fora is
        // raised with 4s and 5s, not with both aces.
        let cases = [
            ("arg-1v1", arg("4C 5B 6E"), Action::FaltaEnvido, true),
            ("arg-1v1", arg("7O 6O 4C"), Action::FaltaEnvido, false),
            ("valencian", val("4O 5O 5C"), Action::Raise, true),
            ("valencian", val("1E 1B 7E"), Action::Raise, false),
        ];
        for (variant, at, call, dropped) in cases {
            let heavy: fn(&[Action]) -> usize = if call == Action::Raise { raise } else { falta };
            let t = table_on("bluffs", variant, &at, heavy);
            let policy = Arc::new(Policy::open(&t.0).unwrap());
            let spot: Spot = at.parse().unwrap();
            let view = spot.to_view().unwrap();
            let mut legal = ActionList::new();
            view.legal_actions(&mut legal);
            let mut raw = PolicyBot::new(Arc::clone(&policy), "raw");
            let mut play = PolicyBot::new(Arc::clone(&policy), "s").with_play(TablePlay::STRONG);
            let mut rng = BotRng::seed_from_u64(2);
            for _ in 0..10 {
                let a = raw.act_in_hand(&view, spot.history(), legal.as_slice(), &mut rng);
                assert_eq!(a, call);
                // Where the table wants nothing else, the search bot acts.
                let b = play.act_in_hand(&view, spot.history(), legal.as_slice(), &mut rng);
                assert!(legal.contains(b), "{b}");
                assert_eq!(b != call, dropped, "{at}: {b}");
            }
            let counts = play.fallbacks().unwrap();
            assert_eq!(counts.bluffs_dropped, if dropped { 10 } else { 0 }, "{at}");
            assert_eq!(raw.fallbacks().unwrap().bluffs_dropped, 0);
        }
    }

    #[test]
    fn a_truco_bluff_is_not_made() {
        // The mano at 0-0 calls truco: not with 4-5-6, with both top cards.
        for (hand, dropped) in [("4C 5B 6E", true), ("1E 1B 7E", false)] {
            let at = format!("arg-1v1 | score 0-0 | dealer 1 | seat 0: {hand}");
            let t = table_on("truco-bluffs", "arg-1v1", &at, |legal| {
                legal.iter().position(|&a| a == Action::Raise).unwrap()
            });
            let policy = Arc::new(Policy::open(&t.0).unwrap());
            let spot: Spot = at.parse().unwrap();
            let view = spot.to_view().unwrap();
            let mut legal = ActionList::new();
            view.legal_actions(&mut legal);
            let mut play = PolicyBot::new(Arc::clone(&policy), "s").with_play(TablePlay::STRONG);
            let all = TablePlay {
                drop_truco_bluffs: false,
                ..TablePlay::STRONG
            };
            let mut bluffing = PolicyBot::new(Arc::clone(&policy), "b").with_play(all);
            let mut rng = BotRng::seed_from_u64(8);
            for _ in 0..10 {
                let a = play.act_in_hand(&view, spot.history(), legal.as_slice(), &mut rng);
                assert!(legal.contains(a), "{a}");
                assert_eq!(a != Action::Raise, dropped, "{at}: {a}");
                let b = bluffing.act_in_hand(&view, spot.history(), legal.as_slice(), &mut rng);
                assert_eq!(b, Action::Raise);
            }
            let counts = play.fallbacks().unwrap();
            assert_eq!(counts.truco_bluffs_dropped, if dropped { 10 } else { 0 });
            assert_eq!(bluffing.fallbacks().unwrap().truco_bluffs_dropped, 0);
        }
    }

    #[test]
    fn bluffs_stop_against_opponents_who_seldom_fold() {
        // The mano holding 6 at 3-0; the row calls envido.
        let bluff = "arg-1v1 | score 3-0 | dealer 1 | seat 0: 4C 5B 6E";
        let t = table_on("loose", "arg-1v1", bluff, |legal| {
            legal.iter().position(|&a| a == Action::Envido).unwrap()
        });
        let policy = Arc::new(Policy::open(&t.0).unwrap());
        let spot: Spot = bluff.parse().unwrap();
        let view = spot.to_view().unwrap();
        let mut legal = ActionList::new();
        view.legal_actions(&mut legal);
        let mut rng = BotRng::seed_from_u64(6);
        let mut fresh = PolicyBot::new(Arc::clone(&policy), "s").with_play(TablePlay::STRONG);
        let mut seen = PolicyBot::new(Arc::clone(&policy), "s").with_play(TablePlay::STRONG);
        // Two earlier hands of the match: the opponent raised both envidos.
        for (k, raise) in ["real-envido", "falta-envido"].iter().enumerate() {
            let at =
                format!("arg-1v1 | score {k}-0 | dealer 1 | seat 0: 4C 5B 6E | 0:envido 1:{raise}");
            let s: Spot = at.parse().unwrap();
            let v = s.to_view().unwrap();
            let mut l = ActionList::new();
            v.legal_actions(&mut l);
            seen.act_in_hand(&v, s.history(), l.as_slice(), &mut rng);
        }
        for _ in 0..10 {
            let a = fresh.act_in_hand(&view, spot.history(), legal.as_slice(), &mut rng);
            assert_eq!(a, Action::Envido);
            let b = seen.act_in_hand(&view, spot.history(), legal.as_slice(), &mut rng);
            assert!(b != Action::Envido && legal.contains(b), "{b}");
        }
        assert_eq!(fresh.fallbacks().unwrap().envido_bluffs_dropped, 0);
        assert_eq!(seen.fallbacks().unwrap().envido_bluffs_dropped, 10);
        // With 33 the call is no bluff: made against anyone.
        let value = "arg-1v1 | score 3-0 | dealer 1 | seat 0: 7O 6O 4C";
        let t = table_on("loose-value", "arg-1v1", value, |legal| {
            legal.iter().position(|&a| a == Action::Envido).unwrap()
        });
        let mut seen = PolicyBot {
            policy: Arc::new(Policy::open(&t.0).unwrap()),
            ..seen
        };
        let spot: Spot = value.parse().unwrap();
        let view = spot.to_view().unwrap();
        view.legal_actions(&mut legal);
        let a = seen.act_in_hand(&view, spot.history(), legal.as_slice(), &mut rng);
        assert_eq!(a, Action::Envido);
    }

    #[test]
    fn plays_as_the_search_bot_against_erratic_opponents() {
        // The row folds the hand's first move; the search bot never does.
        let t = table("erratic", "arg-1v1");
        let policy = Arc::new(Policy::open(&t.0).unwrap());
        let spot: Spot = SPOT.parse().unwrap();
        let view = spot.to_view().unwrap();
        let mut legal = ActionList::new();
        view.legal_actions(&mut legal);
        // An opponent's fold while leading the tricks, where playing on could not lose.
        let dominated: Spot =
            "arg-1v1 | score 0-0 | dealer 1 | seat 0: 1E 5C 6O | 0:envido 1:no-quiero 0:1E 1:4B"
                .parse()
                .unwrap();
        let dominated = *dominated.to_view().unwrap().public();
        let table_kept = TablePlay {
            search_against_erratic: false,
            ..TablePlay::STRONG
        };
        let mut strong = PolicyBot::new(Arc::clone(&policy), "s").with_play(TablePlay::STRONG);
        let mut kept = PolicyBot::new(Arc::clone(&policy), "k").with_play(table_kept);
        let mut rng = BotRng::seed_from_u64(9);
        for bot in [&mut strong, &mut kept] {
            // A partner's folds say nothing of the opponents.
            bot.seen(&dominated, Action::Mazo, false);
            bot.seen(&dominated, Action::Mazo, false);
            let a = bot.act_in_hand(&view, spot.history(), legal.as_slice(), &mut rng);
            assert_eq!(a, Action::Mazo);
            bot.seen(&dominated, Action::Mazo, true);
        }
        for _ in 0..10 {
            let a = strong.act_in_hand(&view, spot.history(), legal.as_slice(), &mut rng);
            assert!(legal.contains(a) && a != Action::Mazo, "{a}");
            let b = kept.act_in_hand(&view, spot.history(), legal.as_slice(), &mut rng);
            assert_eq!(b, Action::Mazo);
        }
        assert_eq!(strong.fallbacks().unwrap().erratic_decisions, 10);
        assert_eq!(kept.fallbacks().unwrap().erratic_decisions, 0);
        // In whole matches: random folds where no sound player does, the heuristic never.
        let spec = BotSpec::Model(t.0.clone(), TablePlay::STRONG);
        let cfg = ArenaConfig {
            variant: "arg-1v1".into(),
            options: Vec::new(),
            matches: 20,
            seed: 5,
        };
        let r = run_specs(&cfg, &spec, &BotSpec::Random).unwrap();
        assert!(r.fallbacks_a.unwrap().erratic_decisions > 0, "{r}");
        let r = run_specs(&cfg, &spec, &BotSpec::Heuristic).unwrap();
        assert_eq!(r.fallbacks_a.unwrap().erratic_decisions, 0, "{r}");
    }

    #[test]
    fn eval_runs_a_model_and_refuses_other_rules() {
        let t = table("eval", "arg-1v1");
        let spec = BotSpec::Model(t.0.clone(), TablePlay::STRONG);
        let cfg = |variant: &str| ArenaConfig {
            variant: variant.into(),
            options: Vec::new(),
            matches: 20,
            seed: 4,
        };
        let r = run_specs(&cfg("arg-1v1"), &spec, &BotSpec::Heuristic).unwrap();
        assert_eq!(r.a, spec.to_string());
        assert_eq!(r.matches, 20);
        assert!(r.hands > 20, "{r}");
        let e = run_specs(&cfg("arg-2v2"), &spec, &BotSpec::Heuristic).unwrap_err();
        let text = e.to_string();
        assert!(
            text.contains("arg-2v2") && text.contains("arg-1v1"),
            "{text}"
        );

        let bad = table("bad", "arg-1v1");
        std::fs::write(&bad.0, b"garbage").unwrap();
        let e = BotSpec::Model(bad.0.clone(), TablePlay::RAW)
            .maker()
            .err()
            .unwrap();
        assert!(matches!(e, BotError::Model { .. }), "{e}");
    }
}
