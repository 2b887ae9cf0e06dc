//! Match values as the trainer's terminal utility (the hook of `truco-solve`).
//!
//! By default [`crate::game::TrucoGame`] scores a hand by capped points. With
//! [`crate::game::TrucoGame::with_match_values`] it scores it by the match value of the cell the
//! hand leads to, on the ±1 scale: `2·mv(score after the hand, next dealer) − 1` for seat 0
//! (valencian: also the camas won after the hand; a finished match is ±1). `mv` is the table
//! `truco-solve` computes top-down (exactly for heads-up paulista cells, from a sampled
//! per-hand points distribution for arg-1v1, from heuristic self-play for the compiled-in
//! tables); the grid here is a `Copy` snapshot of it so the game stays `Copy`.

use std::sync::OnceLock;

use truco_game::{PublicState, RuleSet};
use truco_solve::cell::{Cell, Shape};

/// The arg-1v1 match-equity table, compiled in (`truco-mv/1` JSON; written by
/// `crates/truco-search/examples/match_equity.rs`: heuristic self-play, 2,000 hands a cell,
/// solved top-down).
const ARG_1V1_FILE: &str = include_str!("arg-1v1-mv.json");

/// The match-equity tables compiled in, by rules (variant and options as `truco` names them)
/// and file: each written by `crates/truco-search/examples/match_equity.rs` (heuristic
/// self-play, 2,000 hands a cell, solved top-down). Valencian's table (`truco-mv/2`) holds the
/// camas won too; six-player pica-pica's the kind of hand (the six-seat hand and the three
/// pair hands of a pica-pica round).
const TABLES: [(&str, &[&str], &str, &str); 10] = [
    ("arg-1v1", &[], "arg-1v1-mv.json", ARG_1V1_FILE),
    (
        "arg-2v2",
        &[],
        "arg-2v2-mv.json",
        include_str!("arg-2v2-mv.json"),
    ),
    (
        "paulista",
        &[],
        "paulista-mv.json",
        include_str!("paulista-mv.json"),
    ),
    (
        "paulista",
        &["players=2"],
        "paulista-hu-mv.json",
        include_str!("paulista-hu-mv.json"),
    ),
    (
        "paulista",
        &["players=2", "ferro=open"],
        "paulista-hu-open-mv.json",
        include_str!("paulista-hu-open-mv.json"),
    ),
    (
        "arg-classic",
        &["players=2", "target=15", "flor"],
        "arg-classic-players-2-target-15-flor-mv.json",
        include_str!("arg-classic-players-2-target-15-flor-mv.json"),
    ),
    (
        "arg-classic",
        &["players=4", "flor"],
        "arg-classic-players-4-flor-mv.json",
        include_str!("arg-classic-players-4-flor-mv.json"),
    ),
    (
        "valencian",
        &[],
        "valencian-mv.json",
        include_str!("valencian-mv.json"),
    ),
    (
        "arg-classic",
        &["players=6", "pica-pica"],
        "arg-classic-players-6-pica-pica-mv.json",
        include_str!("arg-classic-players-6-pica-pica-mv.json"),
    ),
    (
        "arg-classic",
        &["players=6", "pica-pica", "flor"],
        "arg-classic-players-6-flor-pica-pica-mv.json",
        include_str!("arg-classic-players-6-flor-pica-pica-mv.json"),
    ),
];

/// The kind of hand (`truco_solve::cell::Cell::kind`) whose start a six-player pica-pica grid
/// holds: the first pair hand of a pica-pica round, which is what follows a six-seat hand.
const AFTER_SIX_SEAT_HAND: u8 = 1;

/// The arg-1v1 match-equity table: the chance that seat 0 wins the match to 15 from the start
/// of a hand at each score and dealer, both seats playing like the heuristic bot.
pub fn arg_1v1() -> MvGrid {
    static GRID: OnceLock<MvGrid> = OnceLock::new();
    *GRID.get_or_init(|| grid(0).expect("the compiled-in match-equity table parses (tested)"))
}

/// The compiled-in match-equity table of `rules`, if there is one: the chance that team 0
/// wins the match from the start of a hand at each score and dealer's team (valencian: and
/// camas won), every seat playing like the heuristic bot. Tables: arg-1v1, arg-2v2, paulista
/// with four players and heads-up, open or blind ferro, arg-classic `players=2 target=15 flor`
/// and `players=4 flor`, valencian, and six-player pica-pica with and without `flor`. A
/// six-player pica-pica grid serves the six-seat hands: it holds the start of the pica-pica
/// round that follows one (the table file holds every kind of hand); a pica-pica pair hand's
/// rules get none (its end leads into the middle of a round, which no grid serves). Other
/// option sets have none.
pub fn for_rules(rules: &RuleSet) -> Option<MvGrid> {
    static GRIDS: OnceLock<Vec<Option<MvGrid>>> = OnceLock::new();
    if rules.pica_pair > 0 {
        return None;
    }
    let grids = GRIDS.get_or_init(|| (0..TABLES.len()).map(grid).collect());
    TABLES
        .iter()
        .position(|(v, o, _, _)| RuleSet::new(v, o).is_ok_and(|r| r == *rules))
        .and_then(|i| grids[i])
}

/// The full table of `TABLES[i]` (every camas standing and kind of hand).
fn table(i: usize) -> Option<(RuleSet, truco_solve::MatchValues)> {
    let (variant, options, name, text) = TABLES[i];
    let rules = RuleSet::new(variant, options).ok()?;
    let t = truco_solve::MatchValues::parse_shaped(text, name, variant, Shape::of(&rules)).ok()?;
    Some((rules, t))
}

/// The grid of `TABLES[i]`.
fn grid(i: usize) -> Option<MvGrid> {
    let (rules, t) = table(i)?;
    let kind = if rules.pica_pica {
        AFTER_SIX_SEAT_HAND
    } else {
        0
    };
    MvGrid::from_fn_in_camas(rules.target, rules.camas, |s, c, d| {
        t.value(Cell::in_camas(s, c, d).with_kind(kind))
            .unwrap_or(0.5)
    })
}

/// Largest target a grid holds (the cama's size, with camas).
pub const MV_MAX_TARGET: u8 = 30;

/// Most values a grid holds: valencian's 24 × 24 scores × 2 dealers × 2 × 2 camas standings
/// (a match to 30 without camas holds 1,800).
pub const MV_MAX_CELLS: usize = 24 * 24 * 2 * 4;

/// `mv(a, b, dealer)` (valencian: and the camas won): the probability that seat 0 (team 0)
/// wins the match from `a`-`b` with a seat of team `dealer` dealing the next hand.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct MvGrid {
    target: u8,
    /// Camas to win the match (0: none).
    camas: u8,
    /// By camas standing (team 0's, team 1's), then score, then dealer.
    values: [f32; MV_MAX_CELLS],
}

impl MvGrid {
    /// A grid for a match to `target` from `f(score, dealer)` (a probability per cell), or
    /// `None` if `target` is above [`MV_MAX_TARGET`] or a value is not a probability.
    pub fn from_fn(target: u8, mut f: impl FnMut([u8; 2], u8) -> f64) -> Option<MvGrid> {
        MvGrid::from_fn_in_camas(target, 0, |s, _, d| f(s, d))
    }

    /// A grid for a match won in `camas` camas of `target` points (0 camas: a match to
    /// `target`) from `f(score, camas won, dealer)`, or `None` if it does not fit
    /// ([`MV_MAX_TARGET`], [`MV_MAX_CELLS`]) or a value is not a probability.
    pub fn from_fn_in_camas(
        target: u8,
        camas: u8,
        mut f: impl FnMut([u8; 2], [u8; 2], u8) -> f64,
    ) -> Option<MvGrid> {
        let n = camas.max(1) as usize;
        if target == 0
            || target > MV_MAX_TARGET
            || n * n * target as usize * target as usize * 2 > MV_MAX_CELLS
        {
            return None;
        }
        let mut g = MvGrid {
            target,
            camas,
            values: [0.0; MV_MAX_CELLS],
        };
        for ca in 0..n as u8 {
            for cb in 0..n as u8 {
                for a in 0..target {
                    for b in 0..target {
                        for d in 0..2u8 {
                            let v = f([a, b], [ca, cb], d);
                            if !(0.0..=1.0).contains(&v) {
                                return None;
                            }
                            let i = g.index([a, b], [ca, cb], d);
                            g.values[i] = v as f32;
                        }
                    }
                }
            }
        }
        Some(g)
    }

    fn index(&self, score: [u8; 2], camas: [u8; 2], dealer: u8) -> usize {
        let n = self.camas.max(1) as usize;
        let t = self.target as usize;
        let standing = camas[0] as usize * n + camas[1] as usize;
        ((standing * t + score[0] as usize) * t + score[1] as usize) * 2 + (dealer as usize & 1)
    }

    /// The match target (with camas: the cama's size).
    pub fn target(&self) -> u8 {
        self.target
    }

    /// Camas to win the match (0: none).
    pub fn camas(&self) -> u8 {
        self.camas
    }

    /// `mv(score, dealer)`: 1 or 0 once a seat reached the target (with camas: at no cama
    /// won yet, see [`MvGrid::get_in_camas`]).
    pub fn get(&self, score: [u8; 2], dealer: u8) -> f64 {
        self.get_in_camas(score, [0, 0], dealer)
    }

    /// `mv(score, camas, dealer)`: 1 or 0 once a team won the match (reached the target; with
    /// camas, won its camas). With camas, a score at the cama's size closes the cama as the
    /// engine does (a cama more, both scores 0). A grid without camas ignores `camas`.
    pub fn get_in_camas(&self, score: [u8; 2], camas: [u8; 2], dealer: u8) -> f64 {
        let (t, c) = (self.target, self.camas);
        let (mut score, mut camas) = (score, camas);
        if c == 0 {
            if score[0] >= t {
                return 1.0;
            }
            if score[1] >= t {
                return 0.0;
            }
            camas = [0, 0];
        } else {
            if score[0] >= t || score[1] >= t {
                let w = (score[0] < t) as usize;
                camas[w] = camas[w].saturating_add(1);
                score = [0, 0];
            }
            if camas[0] >= c {
                return 1.0;
            }
            if camas[1] >= c {
                return 0.0;
            }
        }
        self.values[self.index(score, camas, dealer)] as f64
    }

    /// Seat 0's utility (±1 scale) of a hand that started at `score` with `mano` leading and
    /// scored `points`, in a match without camas: the next hand is dealt by this hand's mano.
    pub fn utility0(&self, score: [u8; 2], mano: u8, points: [u8; 2]) -> f64 {
        let next = [
            score[0].saturating_add(points[0]),
            score[1].saturating_add(points[1]),
        ];
        2.0 * self.get(next, mano) - 1.0
    }

    /// Seat 0's utility (±1 scale) of the finished hand `end` (its teams are the match's): the
    /// match value of the score and camas it left (the engine's: a cama closed resets the
    /// scores, a joc fora won gives the match), the next hand dealt by its mano.
    pub fn utility0_of_end(&self, end: &PublicState) -> f64 {
        2.0 * self.get_in_camas(end.score(), end.camas(), end.mano()) - 1.0
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_arg_1v1_table_is_complete_and_sensible() {
        let t = truco_solve::MatchValues::parse(ARG_1V1_FILE, "f", "arg-1v1", 15, 2).unwrap();
        assert_eq!(t.solved(), 15 * 15 * 2);
        let g = arg_1v1();
        // Even at 0-0, near-certain one point from the end, monotone in one's own score.
        assert!((g.get([0, 0], 0) - 0.5).abs() < 0.05);
        assert!(g.get([14, 0], 0) > 0.95 && g.get([0, 14], 1) < 0.05);
        for b in 0..15 {
            for a in 1..15 {
                assert!(g.get([a, b], 0) + 0.02 >= g.get([a - 1, b], 0), "{a}-{b}");
            }
        }
    }

    #[test]
    fn every_compiled_in_table_parses_for_its_rules() {
        for (i, (variant, options, _, _)) in TABLES.iter().enumerate() {
            let g = grid(i).unwrap_or_else(|| panic!("{variant} {options:?}"));
            let rules = RuleSet::new(variant, options).unwrap();
            assert_eq!(for_rules(&rules), Some(g));
            assert_eq!((g.target(), g.camas()), (rules.target, rules.camas));
            assert!(
                (g.get([0, 0], 0) - 0.5).abs() < 0.1,
                "{variant} {options:?}"
            );
        }
        assert!(for_rules(&RuleSet::VALENCIAN).is_some_and(|g| g.camas() == 2));
        let six = RuleSet::new("arg-classic", &["players=6", "pica-pica"]).unwrap();
        assert!(for_rules(&six).is_some());
        // A pair hand's end leads into the middle of a pica-pica round: no grid serves it.
        assert_eq!(for_rules(&six.pica_pica_hand(1)), None);
        let plain_six = RuleSet::new("arg-classic", &["players=6"]).unwrap();
        assert_eq!(for_rules(&plain_six), None);
    }

    /// Largest drop a table may show where its value must not drop (one side's points or
    /// camas more): sampling noise of 2,000 hands a cell (the largest seen, 0.005, is in
    /// valencian, near a cama's close).
    const NOISE: f64 = 0.01;

    /// Every compiled-in table holds every cell of its shape, each a probability, a won match
    /// is 1 and a lost one 0, and more points (or a cama more) for team 0 never lower its
    /// value beyond sampling noise, nor for team 1 raise it.
    #[test]
    fn every_table_is_complete_and_monotone_in_each_sides_points() {
        for (i, &(_, _, name, _)) in TABLES.iter().enumerate() {
            let (rules, t) = table(i).unwrap();
            let shape = t.shape();
            assert_eq!(t.solved(), shape.cells(), "{name}");
            let tg = shape.target;
            let n = shape.camas_standings();
            for kind in 0..shape.kinds {
                for ca in 0..n {
                    for cb in 0..n {
                        for d in 0..2 {
                            let v = |a: u8, b: u8| {
                                t.value(Cell::in_camas([a, b], [ca, cb], d).with_kind(kind))
                                    .unwrap()
                            };
                            for a in 0..tg {
                                for b in 0..tg {
                                    let x = v(a, b);
                                    assert!((0.0..=1.0).contains(&x), "{name}");
                                    let at =
                                        format!("{name}: {a}-{b} camas {ca}-{cb} d{d} kind {kind}");
                                    if a + 1 < tg {
                                        assert!(v(a + 1, b) + NOISE >= x, "{at}");
                                    }
                                    if b + 1 < tg {
                                        assert!(v(a, b + 1) <= x + NOISE, "{at}");
                                    }
                                }
                            }
                            // Won and lost matches.
                            let won = if rules.camas > 0 {
                                Cell::in_camas([0, 0], [rules.camas, cb], d)
                            } else {
                                Cell::new(tg, 0, d)
                            };
                            let lost = if rules.camas > 0 {
                                Cell::in_camas([0, 0], [ca, rules.camas], d)
                            } else {
                                Cell::new(0, tg, d)
                            };
                            assert_eq!(t.value(won.with_kind(kind)).unwrap(), 1.0);
                            assert_eq!(t.value(lost.with_kind(kind)).unwrap(), 0.0);
                        }
                    }
                }
            }
            // A cama won is worth at least any score of the cama before it.
            if n > 1 {
                for cb in 0..n {
                    for d in 0..2 {
                        let after = t.value(Cell::in_camas([0, 0], [1, cb], d)).unwrap();
                        for a in 0..tg {
                            for b in 0..tg {
                                let x = t.value(Cell::in_camas([a, b], [0, cb], d)).unwrap();
                                assert!(after + NOISE >= x, "{name}: {a}-{b} camas 0-{cb} d{d}");
                            }
                        }
                    }
                }
            }
        }
    }

    #[test]
    fn the_valencian_grid_reads_camas_and_closes_them() {
        let g = for_rules(&RuleSet::VALENCIAN).unwrap();
        assert_eq!((g.target(), g.camas()), (24, 2));
        // A second cama won is the match; a score at 24 closes the cama.
        assert_eq!(g.get_in_camas([3, 5], [2, 1], 0), 1.0);
        assert_eq!(g.get_in_camas([3, 5], [1, 2], 1), 0.0);
        assert_eq!(g.get_in_camas([24, 5], [1, 0], 1), 1.0);
        assert_eq!(g.get_in_camas([5, 24], [1, 1], 1), 0.0);
        assert_eq!(
            g.get_in_camas([24, 5], [0, 1], 1),
            g.get_in_camas([0, 0], [1, 1], 1)
        );
        // One cama up is worth more than even, one down less; `get` reads no cama won.
        let even = g.get_in_camas([0, 0], [0, 0], 0);
        assert_eq!(g.get([0, 0], 0), even);
        assert!(g.get_in_camas([0, 0], [1, 0], 0) > even + 0.1);
        assert!(g.get_in_camas([0, 0], [0, 1], 0) < even - 0.1);
        // The full grid holds the 4,608 values of the table.
        let i = TABLES.iter().position(|x| x.0 == "valencian").unwrap();
        let (_, t) = table(i).unwrap();
        for (s, c) in [([23, 0], [1, 0]), ([7, 19], [0, 1]), ([11, 11], [1, 1])] {
            for d in 0..2 {
                let want = t.value(Cell::in_camas(s, c, d)).unwrap();
                assert!((g.get_in_camas(s, c, d) - want).abs() < 1e-6);
            }
        }
        assert!(MvGrid::from_fn_in_camas(24, 2, |_, _, _| 0.5).is_some());
        assert!(MvGrid::from_fn_in_camas(25, 2, |_, _, _| 0.5).is_none());
        assert!(MvGrid::from_fn_in_camas(24, 2, |_, c, _| c[1] as f64 * 2.0).is_none());
    }

    #[test]
    fn the_pica_pica_grid_is_the_round_after_a_six_seat_hand() {
        for (i, (_, options, _, _)) in TABLES.iter().enumerate() {
            let (rules, t) = table(i).unwrap();
            if !rules.pica_pica {
                continue;
            }
            assert_eq!(t.shape().kinds, 4, "{options:?}");
            let g = for_rules(&rules).unwrap();
            for (a, b) in [(0, 0), (29, 3), (12, 17)] {
                for d in 0..2 {
                    let c = Cell::new(a, b, d);
                    let want = t.value(c.with_kind(AFTER_SIX_SEAT_HAND)).unwrap();
                    assert!((g.get([a, b], d) - want).abs() < 1e-6);
                    // The kinds differ (who leads which hand), all near each other at 0-0.
                    let redonda = t.value(c).unwrap();
                    assert!((redonda - want).abs() < 0.2, "{options:?} {c}");
                }
            }
        }
    }

    /// The valencian hand scored through its match-equity grid: every terminal utility is
    /// `2·mv(score, camas after the hand, next dealer) − 1`, a match won by a second cama or a
    /// joc fora is ±1.
    #[test]
    fn valencian_terminal_utility_reads_the_camas_grid() {
        use crate::game::TrucoGame;
        use crate::keying::Exact;
        use rand::SeedableRng;
        use truco_cfr::{play_out, random_pick, Game};

        let grid = for_rules(&RuleSet::VALENCIAN).unwrap();
        let g = TrucoGame::new(RuleSet::VALENCIAN, Exact).with_match_values(grid);
        let mut rng = rand_xoshiro::Xoshiro256PlusPlus::seed_from_u64(3);
        let (mut closed, mut won) = (0, 0);
        for _ in 0..3000 {
            let s = play_out(&g, g.root(), &mut rng, random_pick);
            let p = s.state().unwrap().public();
            let u = g.utility(&s, 0);
            assert_eq!(g.utility(&s, 1), -u);
            if let Some(w) = p.match_winner() {
                won += 1;
                assert_eq!(u, if w == 0 { 1.0 } else { -1.0 });
            } else {
                let want = 2.0 * grid.get_in_camas(p.score(), p.camas(), p.mano()) - 1.0;
                assert!((u - want).abs() < 1e-12);
            }
            closed += (p.camas() != s.start_camas()) as u32;
        }
        assert!(
            closed > 30 && won > 10,
            "{closed} camas closed, {won} matches won"
        );
    }

    #[test]
    fn grid_reads_cells_and_finished_matches() {
        let g = MvGrid::from_fn(15, |s, d| {
            (s[0] as f64 + 1.0) / (s[0] as f64 + s[1] as f64 + 2.0) * 0.9 + 0.05 * d as f64
        })
        .unwrap();
        assert_eq!(g.get([15, 3], 0), 1.0);
        assert_eq!(g.get([3, 16], 1), 0.0);
        assert!((g.get([3, 1], 1) - (4.0 / 6.0 * 0.9 + 0.05)).abs() < 1e-6);
        // A 3-point hand at 12-14 won by seat 0 ends the match.
        assert_eq!(g.utility0([12, 14], 1, [3, 0]), 1.0);
        // One point at 0-0 with seat 1 mano: next cell 1-0, seat 1 deals.
        assert!((g.utility0([0, 0], 1, [1, 0]) - (2.0 * g.get([1, 0], 1) - 1.0)).abs() < 1e-12);
        assert!(MvGrid::from_fn(31, |_, _| 0.5).is_none());
        assert!(MvGrid::from_fn(15, |_, _| 1.5).is_none());
    }

    /// The trainer's arg-1v1 hand scored through a match-value table from `truco-solve`
    /// (sampled per-hand points, top-down): every terminal utility is `2·mv(next cell) − 1`.
    #[test]
    fn arg_1v1_terminal_utility_reads_the_mv_table() {
        use crate::game::TrucoGame;
        use crate::keying::Exact;
        use rand::SeedableRng;
        use truco_cfr::{play_out, random_pick, Game};
        use truco_game::RuleSet;

        let table = truco_solve::sampled::sampled_match_values(&RuleSet::ARG_1V1, 200, 5).unwrap();
        let grid = MvGrid::from_fn(15, |s, d| table.get(s, d).unwrap()).unwrap();
        let g = TrucoGame::arg_1v1(Exact).with_match_values(grid);
        let capped = TrucoGame::arg_1v1(Exact);
        let mut rng = rand_xoshiro::Xoshiro256PlusPlus::seed_from_u64(9);
        let mut cells = std::collections::BTreeSet::new();
        let mut differs = 0;
        for _ in 0..300 {
            let s = play_out(&g, g.root(), &mut rng, random_pick);
            let p = s.state().unwrap().public();
            let (start, pts, mano) = (s.start_score(), p.hand_points(), p.mano());
            let next = [start[0] + pts[0], start[1] + pts[1]];
            let expect = table.utility(next, mano).unwrap();
            let u = g.utility(&s, 0);
            assert!(
                (u - expect).abs() < 1e-6,
                "{start:?} +{pts:?}: {u} vs {expect}"
            );
            assert_eq!(g.utility(&s, 1), -u);
            differs += ((u - capped.utility(&s, 0)).abs() > 1e-9) as u32;
            cells.insert(start);
        }
        assert!(cells.len() > 100, "many score cells were visited");
        assert!(
            differs > 250,
            "the default capped-points utility is a different scale"
        );
    }
}
