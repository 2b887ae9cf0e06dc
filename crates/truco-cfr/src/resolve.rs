//! Decision-time re-solving: the rest of a game from one public state, with both players'
//! ranges, solved by external-sampling MCCFR for a budget.
//!
//! A [`PublicRoot`] describes the public state: each player's possible private information
//! (its *range*: hands with weights, e.g. the blueprint's reach probabilities) and how a pair of
//! compatible private items becomes a game state. [`Subgame`] turns it into a [`Game`] whose
//! root is a chance node drawing the pair with probability proportional to the product of the
//! weights (incompatible pairs excluded); its information sets are the underlying game's, so the
//! underlying game should key them exactly (no card abstraction inside the subgame).
//!
//! **Focus.** The searcher needs the strategy of one information set: its own actual private
//! item. Drawn from the range it would be met once in thousands of iterations, so the root draws
//! it with probability [`FOCUS_SHARE`] and from the joint distribution otherwise; the terminal
//! utility is multiplied by the importance weight `p / q` of the drawn pair, which keeps every
//! counterfactual value (and so every regret) an unbiased estimate of the unfocused game's.
//!
//! **Safety.** This is *unsafe* re-solving: both ranges are taken as given, the subgame is
//! solved as if it started from them, and no gadget lets the opponent leave for the value it had
//! in the blueprint. If the ranges are wrong (the blueprint's reach is not how the opponent
//! really got here) the re-solved strategy can be more exploitable than the blueprint's; see the
//! crate README.

use std::time::{Duration, Instant};

use rand::{Rng, RngExt};

use crate::{ActionList, CfrError, Game, McConfig, McSolver, NodeKind, Player};

/// Share of root draws that deal the focus item (see the module docs).
pub const FOCUS_SHARE: f64 = 0.5;

/// Draws used to estimate how often two independent range draws are compatible.
const COMPAT_DRAWS: usize = 4096;

/// Most rejected draws before the root gives up on a pair (a range whose items clash with
/// nearly all of the other's would be a caller's bug: [`Subgame::new`] checks for one pair).
const MAX_REJECTIONS: usize = 100_000;

/// One public state to re-solve from.
pub trait PublicRoot: Sync {
    /// The underlying game.
    type G: Game;
    /// A player's private information (e.g. a hand of cards).
    type Private: Copy + Send + Sync;

    /// The underlying game.
    fn game(&self) -> &Self::G;
    /// Whether the two players can hold `a` (player 0) and `b` (player 1) at once.
    fn compatible(&self, a: &Self::Private, b: &Self::Private) -> bool;
    /// The game state at the public state when player 0 holds `a` and player 1 holds `b`
    /// (called only for compatible pairs).
    fn world(&self, a: &Self::Private, b: &Self::Private) -> <Self::G as Game>::State;
    /// The blueprint's strategy at `s`, written over the uniform `out` (default: kept): what the
    /// subgame plays where it has no positive regret yet ([`Game::prior`]).
    fn prior(&self, _s: &<Self::G as Game>::State, _out: &mut [f32]) {}
}

/// A range: private items with non-negative weights.
pub type Range<P> = Vec<(P, f64)>;

/// How long a re-solve runs.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Budget {
    /// A number of iterations (reproducible).
    Iterations(u64),
    /// Wall time.
    Time(Duration),
}

/// A state of a [`Subgame`]: the root (before the deal), or a world with its importance weight.
#[derive(Clone, Copy, Debug)]
pub struct SubState<S> {
    inner: Option<S>,
    weight: f64,
}

impl<S> SubState<S> {
    /// The underlying game's state (`None` at the root).
    pub fn inner(&self) -> Option<&S> {
        self.inner.as_ref()
    }
}

/// The root's outcome: an index into each range and the importance weight of the pair.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Pair {
    /// Index of player 0's and player 1's item in their ranges.
    pub items: [u32; 2],
    /// `p / q`: the pair's probability over the probability it was drawn with.
    pub weight: f64,
}

/// The focus of a re-solve: the player whose actual private item is drawn more often.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Focus {
    /// The searching player.
    pub player: Player,
    /// Index of its actual item in its range.
    pub item: usize,
}

/// The rest of a game from a [`PublicRoot`], as a [`Game`] (see the module docs).
pub struct Subgame<'a, R: PublicRoot> {
    root: &'a R,
    ranges: [Range<R::Private>; 2],
    cumulative: [Vec<f64>; 2],
    focus: Option<Focus>,
    /// Cumulative weights of the other player's items compatible with the focus item.
    focus_other: Vec<f64>,
    /// The focus item's probability in the joint distribution.
    focus_mass: f64,
}

/// The running sums of a range's weights (negative weights count as 0), for [`draw`].
pub fn cumulative<P>(range: &Range<P>) -> Vec<f64> {
    let mut acc = 0.0;
    range
        .iter()
        .map(|&(_, w)| {
            acc += w.max(0.0);
            acc
        })
        .collect()
}

/// An index drawn in proportion to the weights whose running sums are `cum` (not empty).
pub fn draw(cum: &[f64], rng: &mut (impl Rng + ?Sized)) -> usize {
    let total = cum.last().copied().unwrap_or(0.0);
    let u = rng.random::<f64>() * total;
    cum.partition_point(|&c| c <= u).min(cum.len() - 1)
}

impl<'a, R: PublicRoot> Subgame<'a, R> {
    /// The subgame of `root` with the players' `ranges`, focused on `focus` if given.
    ///
    /// Errors: an empty range, a range without positive weight, a focus item out of its range
    /// or without weight, or no compatible pair found.
    pub fn new(
        root: &'a R,
        ranges: [Range<R::Private>; 2],
        focus: Option<Focus>,
        rng: &mut (impl Rng + ?Sized),
    ) -> Result<Self, CfrError> {
        for (p, r) in ranges.iter().enumerate() {
            if !r.iter().any(|&(_, w)| w > 0.0) {
                return Err(CfrError::InvalidConfig(format!(
                    "player {p}'s range has no item with a positive weight"
                )));
            }
        }
        let cumulative = [cumulative(&ranges[0]), cumulative(&ranges[1])];
        let mut g = Subgame {
            root,
            ranges,
            cumulative,
            focus: None,
            focus_other: Vec::new(),
            focus_mass: 0.0,
        };
        // Acceptance rate of independent draws: the joint normaliser over the product's.
        let mut accepted = 0usize;
        for _ in 0..COMPAT_DRAWS {
            let (i, j) = (draw(&g.cumulative[0], rng), draw(&g.cumulative[1], rng));
            accepted += usize::from(root.compatible(&g.ranges[0][i].0, &g.ranges[1][j].0));
        }
        if let Some(f) = focus {
            let own = &g.ranges[f.player];
            let w = own.get(f.item).map_or(0.0, |x| x.1);
            if f.player > 1 || w <= 0.0 {
                return Err(CfrError::InvalidConfig(format!(
                    "the focus item {} of player {} is not in its range with a positive weight",
                    f.item, f.player
                )));
            }
            let item = own[f.item].0;
            let other = &g.ranges[1 - f.player];
            let mut acc = 0.0;
            g.focus_other = other
                .iter()
                .map(|(o, w)| {
                    let ok = if f.player == 0 {
                        root.compatible(&item, o)
                    } else {
                        root.compatible(o, &item)
                    };
                    acc += if ok { w.max(0.0) } else { 0.0 };
                    acc
                })
                .collect();
            if acc <= 0.0 {
                return Err(CfrError::InvalidConfig(
                    "no item of the other range is compatible with the focus item".into(),
                ));
            }
            // p(focus) = w·Z_other(focus) / Z, with Z = acceptance · W0 · W1.
            let totals = [g.total(0), g.total(1)];
            let z = (accepted.max(1) as f64 / COMPAT_DRAWS as f64) * totals[0] * totals[1];
            g.focus_mass = (w * acc / z).min(1.0);
            g.focus = Some(f);
        } else if accepted == 0 {
            return Err(CfrError::InvalidConfig(
                "no compatible pair of private items found in the ranges".into(),
            ));
        }
        Ok(g)
    }

    fn total(&self, p: Player) -> f64 {
        self.cumulative[p].last().copied().unwrap_or(0.0)
    }

    /// The ranges.
    pub fn ranges(&self) -> &[Range<R::Private>; 2] {
        &self.ranges
    }

    /// The public root.
    pub fn public_root(&self) -> &R {
        self.root
    }

    /// An item of the other player's range drawn given the focus item (in proportion to its
    /// weight, among the items compatible with the focus); `None` without a focus.
    pub fn draw_given_focus(&self, rng: &mut (impl Rng + ?Sized)) -> Option<usize> {
        self.focus.map(|_| draw(&self.focus_other, rng))
    }

    fn pair_compatible(&self, i: usize, j: usize) -> bool {
        self.root
            .compatible(&self.ranges[0][i].0, &self.ranges[1][j].0)
    }

    /// A pair from the joint distribution (rejection of incompatible independent draws).
    fn draw_joint(&self, rng: &mut (impl Rng + ?Sized)) -> [usize; 2] {
        for _ in 0..MAX_REJECTIONS {
            let (i, j) = (
                draw(&self.cumulative[0], rng),
                draw(&self.cumulative[1], rng),
            );
            if self.pair_compatible(i, j) {
                return [i, j];
            }
        }
        // Reachable only when compatible pairs are vanishingly rare: take the focus pair or
        // scan for the first compatible one, so that the root still deals a possible world.
        (0..self.ranges[0].len())
            .flat_map(|i| (0..self.ranges[1].len()).map(move |j| [i, j]))
            .find(|&[i, j]| self.pair_compatible(i, j))
            .unwrap_or([0, 0])
    }
}

impl<R: PublicRoot> Game for Subgame<'_, R> {
    type State = SubState<<R::G as Game>::State>;
    type Action = <R::G as Game>::Action;
    type Outcome = Pair;
    type Key = <R::G as Game>::Key;

    fn root(&self) -> Self::State {
        SubState {
            inner: None,
            weight: 1.0,
        }
    }

    fn node_kind(&self, s: &Self::State) -> NodeKind {
        match &s.inner {
            None => NodeKind::Chance,
            Some(x) => self.root.game().node_kind(x),
        }
    }

    fn legal_actions(&self, s: &Self::State, out: &mut ActionList<Self::Action>) {
        match &s.inner {
            Some(x) => self.root.game().legal_actions(x, out),
            None => out.clear(),
        }
    }

    fn apply(&self, s: &mut Self::State, a: Self::Action) {
        if let Some(x) = s.inner.as_mut() {
            self.root.game().apply(x, a);
        }
    }

    /// Every compatible pair with its joint probability (unfocused: for exact tests on small
    /// games).
    fn chance_outcomes(&self, _s: &Self::State, out: &mut Vec<(Pair, f64)>) {
        out.clear();
        for (i, a) in self.ranges[0].iter().enumerate() {
            for (j, b) in self.ranges[1].iter().enumerate() {
                let w = a.1.max(0.0) * b.1.max(0.0);
                if w > 0.0 && self.pair_compatible(i, j) {
                    let items = [i as u32, j as u32];
                    out.push((Pair { items, weight: 1.0 }, w));
                }
            }
        }
        let total: f64 = out.iter().map(|o| o.1).sum();
        out.iter_mut().for_each(|o| o.1 /= total);
    }

    fn sample_chance<Rn: Rng + ?Sized>(&self, _s: &Self::State, rng: &mut Rn) -> Pair {
        let Some(f) = self.focus else {
            let [i, j] = self.draw_joint(rng);
            let items = [i as u32, j as u32];
            return Pair { items, weight: 1.0 };
        };
        let items = if rng.random::<f64>() < FOCUS_SHARE {
            let o = self.draw_given_focus(rng).unwrap_or(0);
            let mut x = [0usize; 2];
            x[f.player] = f.item;
            x[1 - f.player] = o;
            x
        } else {
            self.draw_joint(rng)
        };
        // q = share·[focus]·p(other | focus) + (1 − share)·p: the weight p / q.
        let weight = if items[f.player] == f.item {
            let m = self.focus_mass;
            m / (FOCUS_SHARE + (1.0 - FOCUS_SHARE) * m)
        } else {
            1.0 / (1.0 - FOCUS_SHARE)
        };
        Pair {
            items: [items[0] as u32, items[1] as u32],
            weight,
        }
    }

    fn apply_chance(&self, s: &mut Self::State, o: Pair) {
        let a = &self.ranges[0][o.items[0] as usize].0;
        let b = &self.ranges[1][o.items[1] as usize].0;
        s.inner = Some(self.root.world(a, b));
        s.weight = o.weight;
    }

    fn info_key(&self, s: &Self::State) -> Self::Key {
        let x = s
            .inner
            .as_ref()
            .expect("keys are asked at player nodes only");
        self.root.game().info_key(x)
    }

    fn utility(&self, s: &Self::State, player: Player) -> f64 {
        s.inner
            .as_ref()
            .map_or(0.0, |x| s.weight * self.root.game().utility(x, player))
    }

    fn prior(&self, s: &Self::State, out: &mut [f32]) {
        if let Some(x) = &s.inner {
            self.root.prior(x, out);
        }
    }

    fn seats(&self) -> usize {
        self.root.game().seats()
    }

    fn acting_seat(&self, s: &Self::State) -> usize {
        s.inner
            .as_ref()
            .map_or(0, |x| self.root.game().acting_seat(x))
    }

    fn seat_player(&self, seat: usize) -> Player {
        self.root.game().seat_player(seat)
    }
}

/// What a re-solve did.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ResolveStats {
    /// Iterations run.
    pub iterations: u64,
    /// Information sets met.
    pub info_sets: usize,
    /// Whether a time budget ran out before [`MIN_ITERATIONS`].
    pub out_of_time: bool,
}

/// Fewest iterations a time-budgeted re-solve must run for its answer to be used.
pub const MIN_ITERATIONS: u64 = 32;

/// Iterations run between two looks at the clock.
const CLOCK_BATCH: u64 = 4;

/// Solves `game` (a [`Subgame`]) for `budget` with single-threaded ES-MCCFR (linear averaging)
/// seeded by `seed`, with room for `max_info_sets` information sets. Read the answer with
/// [`McSolver::average_strategy`].
pub fn resolve<G: Game>(
    game: &G,
    budget: Budget,
    seed: u64,
    max_info_sets: usize,
) -> Result<(McSolver<G::Key>, ResolveStats), CfrError> {
    let config = McConfig {
        averaging: crate::Averaging::Linear,
        threads: 1,
        max_info_sets,
        max_actions: max_info_sets * 4,
        seed,
        lazy: true,
        ..McConfig::default()
    };
    let mut solver = McSolver::new(config)?;
    let out_of_time = match budget {
        Budget::Iterations(n) => {
            solver.train(game, n)?;
            false
        }
        Budget::Time(d) => {
            let start = Instant::now();
            while start.elapsed() < d {
                solver.train(game, CLOCK_BATCH)?;
            }
            solver.iterations() < MIN_ITERATIONS
        }
    };
    let stats = ResolveStats {
        iterations: solver.iterations(),
        info_sets: solver.table().len(),
        out_of_time,
    };
    Ok((solver, stats))
}

#[cfg(test)]
mod tests;
