//! [`Searcher`]: one decision of arg-1v1 searched over a blueprint table.

use std::sync::Arc;

use rand::SeedableRng;
use rand_xoshiro::Xoshiro256PlusPlus;
use truco_cfr::resolve::{resolve, Budget, Focus, PublicRoot, ResolveStats, Subgame};
use truco_cfr::vector::{self, Discount, Gadget, GadgetKind, Strategy};
use truco_cfr::{ActionList, Game, NodeKind};
use truco_game::cards::MINI_DECK;
use truco_game::{Action, CardSet, Event, Variant, View};
use truco_query::{Policy, Recommendation};
use truco_train::game::{GState, Move, TrucoGame};
use truco_train::keying::ExactCards;
use truco_train::mv::MvGrid;

use crate::ranges::{others_range, seat_range};
use crate::root::{HandRoot, Replay};
use crate::{SearchBudget, SearchError};

/// Room for information sets in a subgame: about what the budget can meet (measured: about
/// 100 new information sets per iteration at the start of a hand, 650 per millisecond), within
/// 2^14..2^21. Allocating the table is part of each decision's time, so it is not oversized.
fn capacity(budget: SearchBudget) -> usize {
    let want = match budget.0 {
        Budget::Iterations(n) => n.saturating_mul(128),
        Budget::Time(d) => (d.as_secs_f64() * 2048e3) as u64,
    };
    (want as usize).clamp(1 << 14, 1 << 21).next_power_of_two()
}

/// Worlds sampled to estimate the value of each action.
const VALUE_WORLDS: usize = 48;

/// Play-outs per world and action where the rest of the hand is too large to walk (more than
/// two seats).
const PLAYOUTS: usize = 4;

/// What a hand's outcome is worth to the search.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum Utility {
    /// Net points, each side's capped at what it needs (as the tables were trained).
    #[default]
    Points,
    /// The match-win chance at the score (valencian: and camas) the hand leads to, from the
    /// game's match-equity table ([`match_values`]; an error for a game without one).
    Match,
}

/// How [`Searcher::decide`] re-solves the rest of the hand.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Method {
    /// Range-vector CFR+ over up to `deals` deals of the two ranges, every one at once
    /// ([`truco_cfr::vector`]), guarded by a max-margin gadget when `safe`.
    Vector {
        /// Most deals in the subgame.
        deals: usize,
        /// Whether a gadget keeps the re-solve no more exploitable than the blueprint.
        safe: bool,
    },
    /// External-sampling MCCFR over single deals drawn from the ranges
    /// ([`truco_cfr::resolve`]). The default.
    Sampled,
}

impl Default for Method {
    /// Sampled: at the bots' budgets the range-vector re-solve has not yet measured stronger
    /// (see the crate README).
    fn default() -> Self {
        Method::Sampled
    }
}

impl Method {
    /// [`Method::Vector`] with [`DEFAULT_DEALS`] deals at most, guarded when `safe`.
    pub fn default_vector(safe: bool) -> Method {
        Method::Vector {
            deals: DEFAULT_DEALS,
            safe,
        }
    }
}

/// Deals of a range re-solve by default.
pub const DEFAULT_DEALS: usize = 2048;

/// Most positions (deals summed over public nodes) of a range re-solve's tree: beyond it the
/// blueprint answers.
const MAX_POSITIONS: usize = 1 << 22;

/// Which of a bot's decisions, from its first searched trick on, [`Searcher::searches`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum SearchScope {
    /// Only the answers to a pending truco-ladder call (quiero, no quiero, or a raise over it),
    /// where the re-solve reads the caller's range from the call; the bot's own calls and cards
    /// are played as its table bot plays them. The default: it won more than searching every
    /// decision (see the crate README).
    #[default]
    Answers,
    /// Every decision.
    All,
}

/// An action's value for the searching seat's side.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct ActionValue {
    /// Expected net points to the end of the hand (each side's capped at what it needs).
    pub points: f64,
    /// Expected match-win chance after the hand, from the game's match-equity table
    /// ([`match_values`]); NaN for a game without one.
    pub win: f64,
}

/// The answer of one searched decision.
#[derive(Clone, Debug, PartialEq)]
pub struct Searched {
    /// Every legal action (engine order) with its probability.
    pub probs: Vec<(Action, f64)>,
    /// Each action's value for the searcher's side (same order), when asked for.
    pub values: Option<Vec<ActionValue>>,
    /// What the solver did.
    pub stats: ResolveStats,
    /// Why the blueprint's answer was played instead of the search's (`None`: the search's).
    pub blueprint: Option<String>,
}

/// Whether the search covers a table of `rules`: every variant (the Argentine games, paulista
/// with its vira and cards played face down, valencian; a pica-pica hand between two seats of
/// a six-seat match as the heads-up hand it is). [`Searcher::decide`] leaves paulista's mão de
/// onze and mão de ferro to the table.
pub fn searchable(rules: &truco_game::RuleSet) -> bool {
    matches!(
        rules.variant,
        Variant::Arg1v1
            | Variant::Arg2v2
            | Variant::ArgClassic
            | Variant::Valencian
            | Variant::Paulista
    )
}

/// The match-equity table of a game, where one is compiled in ([`truco_train::mv::for_rules`]:
/// arg-1v1, arg-2v2, paulista, arg-classic `players=2 target=15 flor` and `players=4 flor`,
/// valencian, read at the camas won, and the six-seat hands of six-player pica-pica, with or
/// without `flor`, read at the pica-pica round that follows them). Others, and the pair hands
/// of a pica-pica round, have no match-win values (their `win` is NaN) and no match utility.
pub fn match_values(rules: &truco_game::RuleSet) -> Option<MvGrid> {
    if rules.pica_pair > 0 {
        return None;
    }
    truco_train::mv::for_rules(rules)
}

/// Searches decisions of the Argentine games over a blueprint table (see the crate docs).
pub struct Searcher {
    policy: Arc<Policy>,
    deck: CardSet,
    budget: SearchBudget,
    from_trick: u8,
    scope: SearchScope,
    utility: Utility,
    method: Method,
}

impl Searcher {
    /// A searcher over `policy` with `budget` per decision. Errors: a table of rules it does
    /// not cover ([`searchable`]: the Argentine games).
    pub fn new(policy: Arc<Policy>, budget: SearchBudget) -> Result<Searcher, SearchError> {
        let r = policy.rules();
        let variant = &policy.table().meta().variant;
        if !searchable(r) {
            return Err(SearchError::Unsupported(
                truco_game::spot::rules_text(r).unwrap_or_else(|_| variant.clone()),
            ));
        }
        let deck = if variant == "arg-1v1-mini" {
            MINI_DECK
        } else {
            r.deck.cards()
        };
        Ok(Searcher {
            policy,
            deck,
            budget,
            from_trick: 1,
            scope: SearchScope::Answers,
            utility: Utility::Points,
            method: Method::default(),
        })
    }

    /// The same searcher, solving for `utility` (default: points).
    pub fn with_utility(mut self, utility: Utility) -> Searcher {
        self.utility = utility;
        self
    }

    /// The same searcher, re-solving by `method` (default [`Method::Sampled`]).
    pub fn with_method(mut self, method: Method) -> Searcher {
        self.method = method;
        self
    }

    /// How the searcher re-solves.
    pub fn method(&self) -> Method {
        self.method
    }

    /// The same searcher, leaving the decisions of tricks before `trick` (0-based) to the
    /// blueprint in [`Searcher::searches`]. Default 1: bots search from the second trick on (at
    /// the start of a hand a short budget buys too few iterations; see the crate README).
    /// [`Searcher::decide`] searches whatever it is asked.
    pub fn from_trick(mut self, trick: u8) -> Searcher {
        self.from_trick = trick;
        self
    }

    /// The same searcher, searching the decisions of `scope` in [`Searcher::searches`]
    /// (default [`SearchScope::Answers`]).
    pub fn with_scope(mut self, scope: SearchScope) -> Searcher {
        self.scope = scope;
        self
    }

    /// Whether a bot searches the decision of `view` (else the blueprint plays it): from the
    /// first searched trick on ([`Searcher::from_trick`]), the decisions of its
    /// [`SearchScope`].
    pub fn searches(&self, view: &View) -> bool {
        let p = view.public();
        p.trick() >= self.from_trick
            && match self.scope {
                SearchScope::Answers => p.truco().pending,
                SearchScope::All => true,
            }
    }

    /// The blueprint table.
    pub fn policy(&self) -> &Policy {
        &self.policy
    }

    /// The blueprint table, shared.
    pub fn policy_arc(&self) -> &Arc<Policy> {
        &self.policy
    }

    /// The budget per decision.
    pub fn budget(&self) -> SearchBudget {
        self.budget
    }

    /// Searches the decision of `view`'s seat, whose hand produced `events`, seeded by
    /// `seed`; with `values`, also estimates each action's value.
    pub fn decide(
        &self,
        view: &View,
        events: &[Event],
        seed: u64,
        values: bool,
    ) -> Result<Searched, SearchError> {
        let seat = view.seat();
        let rules = *view.public().rules();
        let p = view.public();
        let unsupported = if p.mao_de_onze().is_some() {
            Some("a mão de onze (the team at 11 sees both its hands)")
        } else if p.is_iron() || view.known_dealt().is_none() {
            Some("a mão de ferro (nobody sees their cards)")
        } else {
            None
        };
        if let Some(what) = unsupported {
            return Err(SearchError::Unsupported(what.into()));
        }
        let replay = Replay::new(view, events)?;
        let now = *replay.before.last().expect("a replay has a current state");
        let grid = match_values(&rules);
        let mv = match self.utility {
            Utility::Points => None,
            Utility::Match => Some(grid.ok_or_else(|| {
                SearchError::Unsupported(format!(
                    "match-win utility without a match-equity table for {}",
                    truco_game::spot::rules_text(&rules).unwrap_or_default()
                ))
            })?),
        };
        let root = HandRoot::new(rules, self.deck, &replay, &self.policy, mv, grid);
        let mut rng = Xoshiro256PlusPlus::seed_from_u64(seed);
        let own = seat_range(&self.policy, self.deck, &replay, seat)?;
        let others = others_range(&self.policy, self.deck, &replay, seat, &mut rng)?;
        let actual = view.dealt();
        let hidden = view.hidden_played();
        let item = own
            .iter()
            .position(|(d, _)| {
                d.hand(seat).is_some_and(|h| same_hand(&h, &actual)) && d.hidden(seat) == hidden
            })
            .ok_or_else(|| {
                SearchError::Events("the seat's own hand contradicts the events".into())
            })?;
        if let Method::Vector { deals, safe } = self.method {
            let ranges = [own, others];
            let ask = VectorAsk {
                view,
                replay: &replay,
                root: &root,
                ranges: &ranges,
                item,
                deals,
                safe,
                values,
            };
            return self.decide_vector(ask, &mut rng);
        }
        let focus = Focus { player: 0, item };
        let game = Subgame::new(&root, [own, others], Some(focus), &mut rng)?;
        let (solver, stats) = resolve(&game, self.budget.0, seed, capacity(self.budget))?;
        // Our information set: the actual hand with any hands of the others.
        let other = game
            .draw_given_focus(&mut rng)
            .expect("the subgame has a focus");
        let world = root.world_for(&game.ranges()[0][item].0, &game.ranges()[1][other].0);
        let g = root.game();
        if g.node_kind(&world) != NodeKind::Player(g.seat_player(seat as usize)) {
            return Err(SearchError::Events("the seat has no decision here".into()));
        }
        let mut legal = ActionList::new();
        g.legal_actions(&world, &mut legal);
        let mut out = [0.0; truco_cfr::MAX_ACTIONS];
        let found = solver.average_strategy(&g.info_key(&world), &mut out)?;
        let blueprint = if stats.out_of_time {
            Some(format!(
                "the search ran out of time after {} iterations",
                stats.iterations
            ))
        } else if found != Some(legal.len()) {
            Some("the search never reached the decision".to_string())
        } else {
            None
        };
        let probs: Vec<(Action, f64)> = match &blueprint {
            None => engine_order(&now, view, legal.as_slice(), &out),
            Some(_) => {
                let r = self.policy.recommend_trained(view, &replay.events)?;
                r.actions()
                    .iter()
                    .map(|a| (a.action, a.prob as f64))
                    .collect()
            }
        };
        // Values only where the search's answer stands (they are the search's).
        let values = (values && blueprint.is_none()).then(|| {
            action_values(
                &game,
                &solver,
                &root,
                seat,
                item,
                legal.as_slice(),
                &mut rng,
            )
        });
        let values = values.map(|v| {
            probs
                .iter()
                .map(|(a, _)| {
                    let i = legal.iter().position(|m| m.0 == *a);
                    i.map_or(
                        ActionValue {
                            points: f64::NAN,
                            win: f64::NAN,
                        },
                        |i| v[i],
                    )
                })
                .collect()
        });
        Ok(Searched {
            probs,
            values,
            stats,
            blueprint,
        })
    }
}

/// Positions of a range re-solve's tree built per second on one core (measured about 4 M:
/// `examples/latency`), of which a time budget spends at most [`BUILD_SHARE`] building.
const POSITIONS_PER_SECOND: f64 = 4e6;

/// Positions of a range re-solve's tree under an iteration budget.
const ITERATION_BUDGET_POSITIONS: usize = 1 << 20;

/// Share of a time budget a range re-solve may spend building its tree.
const BUILD_SHARE: f64 = 0.35;

/// Deals whose trees are built to estimate a deal's share of the tree.
const PROBE_DEALS: usize = 8;

/// What [`Searcher::decide_vector`] needs of the decision.
struct VectorAsk<'a> {
    view: &'a View,
    replay: &'a Replay,
    root: &'a HandRoot<'a>,
    /// The searcher's range and the others'.
    ranges: &'a [truco_cfr::resolve::Range<crate::root::Deal>; 2],
    item: usize,
    deals: usize,
    safe: bool,
    values: bool,
}

impl Searcher {
    /// The most deals the budget affords, at most `max`: the tree of a few deals tells how
    /// many positions a deal brings, and the deals are as many as [`BUILD_SHARE`] of a time
    /// budget can build (with an iteration budget, [`ITERATION_BUDGET_POSITIONS`] positions);
    /// `None` when not even [`PROBE_DEALS`] fit.
    fn deals_for_budget(
        &self,
        root: &HandRoot<'_>,
        ranges: &[truco_cfr::resolve::Range<crate::root::Deal>; 2],
        item: usize,
        max: usize,
        rng: &mut Xoshiro256PlusPlus,
    ) -> Option<usize> {
        let afford = match self.budget.0 {
            Budget::Time(t) => (t.as_secs_f64() * BUILD_SHARE * POSITIONS_PER_SECOND) as usize,
            Budget::Iterations(_) => ITERATION_BUDGET_POSITIONS,
        };
        let probe = crate::vector::deals(root, &ranges[0], &ranges[1], item, 2 * PROBE_DEALS, rng);
        let n = probe.deals.len().min(PROBE_DEALS);
        let tree = vector::DealTree::build(root, &probe.deals[..n], afford).ok()?;
        let per_deal = tree.positions() as f64 / n.max(1) as f64;
        Some(((afford as f64 / per_deal.max(1.0)) as usize).clamp(n, max))
    }

    /// The blueprint's answer to `view`, saying `why` it stands.
    fn blueprint_answer(
        &self,
        view: &View,
        replay: &Replay,
        why: String,
    ) -> Result<Searched, SearchError> {
        let r = self.policy.recommend_trained(view, &replay.events)?;
        Ok(Searched {
            probs: r
                .actions()
                .iter()
                .map(|a| (a.action, a.prob as f64))
                .collect(),
            values: None,
            stats: ResolveStats {
                iterations: 0,
                info_sets: 0,
                out_of_time: true,
            },
            blueprint: Some(why),
        })
    }

    /// [`Searcher::decide`] by a range-vector re-solve ([`Method::Vector`]).
    fn decide_vector(
        &self,
        ask: VectorAsk<'_>,
        rng: &mut Xoshiro256PlusPlus,
    ) -> Result<Searched, SearchError> {
        let VectorAsk {
            view,
            replay,
            root,
            ranges,
            item,
            ..
        } = ask;
        let seat = view.seat();
        let g = PublicRoot::game(root);
        let me = g.seat_player(seat as usize);
        let Some(max) = self.deals_for_budget(root, ranges, item, ask.deals, rng) else {
            return self.blueprint_answer(
                view,
                replay,
                "the rest of the hand is too large to re-solve within the budget".into(),
            );
        };
        let mut d = crate::vector::deals(root, &ranges[0], &ranges[1], item, max, rng);
        // A joint deal of the others that replays to another kind of node than the actual
        // hand's (measured in arg-2v2: a few replay to the hand's end) is not a world of this
        // public state: it is dropped.
        if let Some(k) = d.own.iter().position(|&i| i as usize == item) {
            let g = PublicRoot::game(root);
            let here = d.deals[k].state;
            let at = |s: &GState| match g.node_kind(s) {
                NodeKind::Player(_) => Some(g.acting_seat(s)),
                _ => None,
            };
            let keep: Vec<bool> = d.deals.iter().map(|x| at(&x.state) == at(&here)).collect();
            let mut it = keep.iter();
            d.deals.retain(|_| *it.next().unwrap_or(&true));
            let mut it = keep.iter();
            d.others.retain(|_| *it.next().unwrap_or(&true));
            let mut it = keep.iter();
            d.own.retain(|_| *it.next().unwrap_or(&true));
        }
        let Some(k) = d.own.iter().position(|&i| i as usize == item) else {
            return Err(SearchError::Events(
                "no hand of the others is consistent with the seat's own".into(),
            ));
        };
        let world = d.deals[k].state;
        if g.node_kind(&world) != NodeKind::Player(me) {
            return Err(SearchError::Events("the seat has no decision here".into()));
        }
        let key = g.info_key(&world);
        let gadget = ask
            .safe
            .then(|| Gadget::new(1 - me, GadgetKind::MaxMargin, d.others.clone()));
        let solved = vector::solve(
            root,
            &d.deals,
            self.budget.0,
            Discount::CfrPlus,
            gadget,
            MAX_POSITIONS,
        );
        let now = *replay.before.last().expect("a replay has a current state");
        let mut legal = ActionList::new();
        g.legal_actions(&world, &mut legal);
        let (mut solver, stats) = match solved {
            Ok(x) => x,
            Err(truco_cfr::CfrError::TreeTooLarge { limit }) => {
                return self.blueprint_answer(
                    view,
                    replay,
                    format!(
                        "the rest of the hand has more than {limit} deal positions to re-solve"
                    ),
                );
            }
            Err(e) => return Err(e.into()),
        };
        // Before it converges a guarded re-solve may still give some hand of the opponents
        // more than the blueprint did: then the blueprint, which is no more exploitable, stands.
        // Before it converges a guarded re-solve may still give some hand of the opponents
        // more than the blueprint did. Its average strategy plays if it holds the gadget, else
        // its current strategy if that one does; else the blueprint, no more exploitable, stands.
        let which = if solver.holds_gadget(Strategy::Average) != Some(false) {
            Strategy::Average
        } else if solver.holds_gadget(Strategy::Current) != Some(false) {
            Strategy::Current
        } else {
            return self.blueprint_answer(
                view,
                replay,
                format!(
                    "the guarded re-solve had not held the opponents to the blueprint's values after {} iterations",
                    stats.iterations
                ),
            );
        };
        let strategy = solver
            .root_strategy(&key, which)
            .ok_or_else(|| SearchError::Events("the search never reached the decision".into()))?;
        let probs = engine_order(&now, view, legal.as_slice(), &strategy);
        let values = ask.values.then(|| {
            let u: [Vec<f64>; 2] = std::array::from_fn(|u| {
                solver
                    .root_action_values(&key, which, u)
                    .unwrap_or_else(|| vec![f64::NAN; legal.len()])
            });
            let (points, matches) = if root.solves_match() { (1, 0) } else { (0, 1) };
            probs
                .iter()
                .map(|(a, _)| match legal.iter().position(|m| m.0 == *a) {
                    Some(i) => ActionValue {
                        points: u[points][i],
                        win: (u[matches][i] + 1.0) / 2.0,
                    },
                    None => ActionValue {
                        points: f64::NAN,
                        win: f64::NAN,
                    },
                })
                .collect()
        });
        Ok(Searched {
            probs,
            values,
            stats: ResolveStats {
                iterations: stats.iterations,
                info_sets: stats.info_sets,
                out_of_time: false,
            },
            blueprint: None,
        })
    }

    /// The blueprint's recommendation for `view` with the search's probabilities and each
    /// action's value (expected net points for the seat's side to the end of the hand, the
    /// points capped at what each side needs) in place of the table's; the values are left out
    /// when the blueprint's answer stands ([`Searched::blueprint`]).
    pub fn recommend(
        &self,
        view: &View,
        events: &[Event],
        seed: u64,
    ) -> Result<(Recommendation, Searched), SearchError> {
        let r = self.policy.recommend_trained(view, events)?;
        let s = self.decide(view, events, seed, true)?;
        Ok((s.refine(r), s))
    }
}

impl Searched {
    /// The blueprint's recommendation `r` for the searched decision with this search's
    /// probabilities and, where it estimated them and its answer stands, values (points) in
    /// place of the table's.
    pub fn refine(&self, r: Recommendation) -> Recommendation {
        r.refined(|a| {
            let i = self.probs.iter().position(|x| x.0 == a);
            let prob = i.map_or(0.0, |i| self.probs[i].1 as f32);
            let value = match (&self.blueprint, &self.values, i) {
                (None, Some(v), Some(i)) => Some(v[i].points as f32),
                _ => None,
            };
            (prob, value)
        })
    }
}

fn same_hand(a: &[truco_game::Card; 3], b: &[truco_game::Card; 3]) -> bool {
    CardSet::from_cards(a) == CardSet::from_cards(b)
}

/// The solver's strategy (in the game's canonical order `legal`) in the engine's order.
fn engine_order(
    now: &truco_game::PublicState,
    view: &View,
    legal: &[Move],
    probs: &[f64],
) -> Vec<(Action, f64)> {
    let mut engine = truco_game::ActionList::new();
    now.legal_actions(view.hand(), &mut engine);
    engine
        .as_slice()
        .iter()
        .map(|&a| {
            let p = legal
                .iter()
                .position(|m| m.0 == a)
                .map_or(0.0, |i| probs[i]);
            (a, p)
        })
        .collect()
}

/// Each legal action's value for the searcher: over [`VALUE_WORLDS`] opponent hands drawn from
/// its range (given the searcher's hand), the action followed by the re-solved average
/// strategies of both seats to the end of the hand, walked exactly, in points and in match-win
/// chance.
fn action_values(
    game: &Subgame<'_, HandRoot<'_>>,
    solver: &truco_cfr::McSolver<<TrucoGame<ExactCards> as Game>::Key>,
    root: &HandRoot<'_>,
    seat: u8,
    item: usize,
    legal: &[Move],
    rng: &mut impl rand::Rng,
) -> Vec<ActionValue> {
    let me = root.game().seat_player(seat as usize);
    let actual = game.ranges()[0][item].0;
    // Heads-up the rest of the hand is walked exactly; with more seats its tree is too large,
    // so each world plays it out PLAYOUTS times, every seat drawing its action.
    let playouts = if root.game().seats() == 2 {
        1
    } else {
        PLAYOUTS
    };
    let mut sums = vec![[0.0; 2]; legal.len()];
    for _ in 0..VALUE_WORLDS {
        let other = game.draw_given_focus(rng).expect("the subgame has a focus");
        let s = root.world_for(&actual, &game.ranges()[1][other].0);
        for (k, &a) in legal.iter().enumerate() {
            for _ in 0..playouts {
                let mut t = s;
                root.game().apply(&mut t, a);
                let v = if playouts == 1 {
                    walk(root, solver, &t, me)
                } else {
                    playout(root, solver, t, me, rng)
                };
                sums[k][0] += v[0];
                sums[k][1] += v[1];
            }
        }
    }
    let n = (VALUE_WORLDS * playouts) as f64;
    sums.iter()
        .map(|s| ActionValue {
            points: s[0] / n,
            win: (s[1] / n + 1.0) / 2.0,
        })
        .collect()
}

/// The strategy at `s`: the solver's average, or the table's row where it has none (in `p`,
/// `n` actions).
fn strategy_at(
    root: &HandRoot<'_>,
    solver: &truco_cfr::McSolver<<TrucoGame<ExactCards> as Game>::Key>,
    s: &GState,
    n: usize,
    p: &mut [f64; truco_cfr::MAX_ACTIONS],
) {
    let g = root.game();
    if !matches!(solver.average_strategy(&g.info_key(s), p), Ok(Some(k)) if k == n) {
        // Never averaged (a line the search hardly played): the table's row.
        let mut prior = [1.0 / n as f32; truco_cfr::MAX_ACTIONS];
        root.prior(s, &mut prior[..n]);
        for (x, &y) in p[..n].iter_mut().zip(&prior[..n]) {
            *x = y as f64;
        }
    }
}

/// One play-out of the rest of the hand from `s`, every seat drawing its action from the
/// solver's average strategy (the table's where it has none): the points and match utility
/// (`2·mv − 1`, NaN without a match-equity table) of `player`.
fn playout(
    root: &HandRoot<'_>,
    solver: &truco_cfr::McSolver<<TrucoGame<ExactCards> as Game>::Key>,
    mut s: GState,
    player: usize,
    rng: &mut impl rand::Rng,
) -> [f64; 2] {
    let g = root.game();
    let mut legal = ActionList::new();
    let mut p = [0.0; truco_cfr::MAX_ACTIONS];
    while let NodeKind::Player(_) = g.node_kind(&s) {
        g.legal_actions(&s, &mut legal);
        let n = legal.len();
        strategy_at(root, solver, &s, n, &mut p);
        let total: f64 = p[..n].iter().sum();
        let mut u = rand::RngExt::random::<f64>(rng) * total;
        let mut pick = n - 1;
        for (i, &q) in p[..n].iter().enumerate() {
            if u < q {
                pick = i;
                break;
            }
            u -= q;
        }
        g.apply(&mut s, legal.as_slice()[pick]);
    }
    [
        root.points_game().utility(&s, player),
        root.match_game()
            .map_or(f64::NAN, |m| m.utility(&s, player)),
    ]
}

/// The exact expected points and match utility (`2·mv − 1`) of `player` from `s` with both
/// seats on the solver's average strategy (the table's where it has none).
fn walk(
    root: &HandRoot<'_>,
    solver: &truco_cfr::McSolver<<TrucoGame<ExactCards> as Game>::Key>,
    s: &GState,
    player: usize,
) -> [f64; 2] {
    let g = root.game();
    match g.node_kind(s) {
        NodeKind::Terminal => [
            root.points_game().utility(s, player),
            root.match_game().map_or(f64::NAN, |g| g.utility(s, player)),
        ],
        NodeKind::Chance => [0.0; 2],
        NodeKind::Player(_) => {
            let mut legal = ActionList::new();
            g.legal_actions(s, &mut legal);
            let mut p = [0.0; truco_cfr::MAX_ACTIONS];
            let n = legal.len();
            strategy_at(root, solver, s, n, &mut p);
            let mut v = [0.0; 2];
            for (&a, &q) in legal.iter().zip(&p[..n]).filter(|(_, &q)| q > 0.0) {
                let mut t = *s;
                g.apply(&mut t, a);
                let w = walk(root, solver, &t, player);
                v[0] += q * w[0];
                v[1] += q * w[1];
            }
            v
        }
    }
}
