//! The hand's remainder as a range-vector re-solve ([`truco_cfr::vector`]): the deals of the
//! subgame from the two ranges, and [`HandRoot`] as a [`VectorRoot`] whose public labels are
//! the public states the actions lead to.

use std::hash::{Hash, Hasher};

use rand::Rng;
use truco_cfr::resolve::{cumulative, draw, PublicRoot, Range};
use truco_cfr::vector::{VectorRoot, WeightedDeal};
use truco_cfr::Game;
use truco_game::Action;
use truco_train::game::{GState, Move, TrucoGame};
use truco_train::keying::ExactCards;

use crate::root::{Deal, HandRoot};

impl VectorRoot for HandRoot<'_> {
    type G = TrucoGame<ExactCards>;

    fn game(&self) -> &Self::G {
        PublicRoot::game(self)
    }

    /// What the table sees: the card's face (or only that a card went face down), the call,
    /// and the totals it showed if the action settled an envido or flor contest.
    fn public_label(&self, s: &GState, a: Move, child: &GState) -> u64 {
        let code = match a.0 {
            Action::Play(c) => 64 + c.index() as u64,
            Action::Hide(_) => 1,
            Action::Raise => 2,
            Action::Quiero => 3,
            Action::NoQuiero => 4,
            Action::Envido => 5,
            Action::RealEnvido => 6,
            Action::FaltaEnvido => 7,
            Action::Flor => 8,
            Action::Contraflor => 9,
            Action::Mazo => 10,
            Action::Pass => 11,
            Action::Blind(k) => 12 + k as u64,
        };
        let reveals = s
            .state()
            .is_some_and(|x| x.public().reveal_kind(a.0).is_some());
        match (reveals, child.state()) {
            (true, Some(c)) => {
                let mut h = rustc_hash::FxHasher::default();
                (code, c.public().envido(), c.public().flor()).hash(&mut h);
                h.finish() | 1 << 63
            }
            _ => code,
        }
    }

    fn payoffs(&self, s: &GState) -> [f64; 2] {
        let solved = PublicRoot::game(self).utility(s, 0);
        let points = self.points_game().utility(s, 0);
        let matches = self.match_game().map_or(f64::NAN, |g| g.utility(s, 0));
        // The second utility is whichever of points and match values is not solved for.
        if self.solves_match() {
            [solved, points]
        } else {
            [solved, matches]
        }
    }

    fn prior(&self, s: &GState, out: &mut [f32]) {
        PublicRoot::prior(self, s, out);
    }
}

/// The deals of a re-solve and, per deal, the index of the other seats' deal in their range
/// (the item a gadget guards).
pub struct Deals {
    /// The deals.
    pub deals: Vec<WeightedDeal<GState>>,
    /// Per deal: the index of the other seats' item in their range.
    pub others: Vec<u32>,
    /// Per deal: the index of the searcher's item in its range.
    pub own: Vec<u32>,
}

/// The subgame's deals from the searcher's range `own` (its actual hand at `item`) and the
/// others' range `others`: every compatible pair when there are at most `max` of them; else
/// the actual hand's pairs (all of them if they are at most `max / 2`, so that its own
/// information set is exact, else `max / 2` drawn) and the rest of the `max` deals drawn from
/// the joint distribution of the other hands, each drawn pair weighted by its stratum's mass
/// over the number drawn (an unbiased stratified sample of the joint range).
pub fn deals(
    root: &HandRoot<'_>,
    own: &Range<Deal>,
    others: &Range<Deal>,
    item: usize,
    max: usize,
    rng: &mut (impl Rng + ?Sized),
) -> Deals {
    let mut out = Deals {
        deals: Vec::new(),
        others: Vec::new(),
        own: Vec::new(),
    };
    let push = |out: &mut Deals, i: usize, j: usize, weight: f64| {
        out.deals.push(WeightedDeal {
            state: root.world(&own[i].0, &others[j].0),
            weight,
        });
        out.others.push(j as u32);
        out.own.push(i as u32);
    };
    let live = |i: usize, j: usize| {
        own[i].1 > 0.0 && others[j].1 > 0.0 && root.compatible(&own[i].0, &others[j].0)
    };
    // Small enough: every pair.
    let total =
        own.iter().filter(|x| x.1 > 0.0).count() * others.iter().filter(|x| x.1 > 0.0).count();
    if total <= max {
        for (i, (_, w)) in own.iter().enumerate() {
            for j in (0..others.len()).filter(|&j| live(i, j)) {
                push(&mut out, i, j, w * others[j].1);
            }
        }
        return out;
    }
    // The actual hand's pairs: all of them, or a sample of half the deals when they are more.
    let focus: Vec<usize> = (0..others.len()).filter(|&j| live(item, j)).collect();
    if focus.len() <= max / 2 {
        for &j in &focus {
            push(&mut out, item, j, own[item].1 * others[j].1);
        }
    } else {
        let range: Range<usize> = focus.iter().map(|&j| (j, others[j].1)).collect();
        let cum = cumulative(&range);
        let mass = own[item].1 * cum.last().copied().unwrap_or(0.0);
        let n = max / 2;
        for _ in 0..n {
            push(&mut out, item, range[draw(&cum, rng)].0, mass / n as f64);
        }
    }
    let rest = max.saturating_sub(out.deals.len()).max(max / 4);
    let mut own_rest = own.clone();
    own_rest[item].1 = 0.0;
    let (cum_own, cum_other) = (cumulative(&own_rest), cumulative(others));
    let mass = cum_own.last().copied().unwrap_or(0.0) * cum_other.last().copied().unwrap_or(0.0);
    if mass <= 0.0 {
        return out;
    }
    let (mut drawn, mut pairs) = (0usize, Vec::with_capacity(rest));
    while pairs.len() < rest && drawn < 100 * rest {
        drawn += 1;
        let (i, j) = (draw(&cum_own, rng), draw(&cum_other, rng));
        if live(i, j) {
            pairs.push((i, j));
        }
    }
    // Each accepted pair stands for mass · acceptance / accepted of the joint weight.
    let weight = mass / drawn.max(1) as f64;
    for (i, j) in pairs {
        push(&mut out, i, j, weight);
    }
    out
}
