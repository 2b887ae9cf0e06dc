//! Match values as the trainer's terminal utility (the hook of `truco-solve`).
//!
//! By default [`crate::game::TrucoGame`] scores a hand by capped points. With
//! [`crate::game::TrucoGame::with_match_values`] it scores it by the match value of the cell the
//! hand leads to, on the ±1 scale: `2·mv(score after the hand, next dealer) − 1` for seat 0
//! (a finished match is ±1). `mv` is the table `truco-solve` computes top-down (exactly for
//! heads-up paulista cells, from a sampled per-hand points distribution for arg-1v1); the
//! grid here is a `Copy` snapshot of it so the game stays `Copy`.

use std::sync::OnceLock;

use truco_game::RuleSet;

/// The arg-1v1 match-equity table, compiled in (`truco-mv/1` JSON; written by
/// `crates/truco-search/examples/match_equity.rs`: heuristic self-play, 2,000 hands a cell,
/// solved top-down).
const ARG_1V1_FILE: &str = include_str!("arg-1v1-mv.json");

/// The match-equity tables compiled in, by rules (variant and options as `truco` names them)
/// and file: each written by `crates/truco-search/examples/match_equity.rs` (heuristic
/// self-play, 2,000 hands a cell, solved top-down).
const TABLES: [(&str, &[&str], &str, &str); 7] = [
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
];

/// The arg-1v1 match-equity table: the chance that seat 0 wins the match to 15 from the start
/// of a hand at each score and dealer, both seats playing like the heuristic bot.
pub fn arg_1v1() -> MvGrid {
    static GRID: OnceLock<MvGrid> = OnceLock::new();
    *GRID.get_or_init(|| grid(0).expect("the compiled-in match-equity table parses (tested)"))
}

/// The compiled-in match-equity table of `rules`, if there is one (arg-1v1, arg-2v2, paulista
/// with four players and heads-up, open or blind ferro, arg-classic `players=2 target=15 flor`
/// and `players=4 flor`): the chance that team 0 wins the match from the start of a hand at
/// each score and dealer's team, every seat playing like the heuristic bot. Other rules have
/// none: valencian (its match state holds camas), six-player pica-pica (its hands alternate
/// kinds) and other option sets.
pub fn for_rules(rules: &RuleSet) -> Option<MvGrid> {
    static GRIDS: OnceLock<Vec<Option<MvGrid>>> = OnceLock::new();
    let grids = GRIDS.get_or_init(|| (0..TABLES.len()).map(grid).collect());
    let rules = rules.match_rules();
    TABLES
        .iter()
        .position(|(v, o, _, _)| RuleSet::new(v, o).is_ok_and(|r| r == rules))
        .and_then(|i| grids[i])
}

/// The grid of `TABLES[i]`.
fn grid(i: usize) -> Option<MvGrid> {
    let (variant, options, name, text) = TABLES[i];
    let rules = RuleSet::new(variant, options).ok()?;
    let t = truco_solve::MatchValues::parse(text, name, variant, rules.target, 2).ok()?;
    MvGrid::from_fn(rules.target, |s, d| t.get(s, d).unwrap_or(0.5))
}

/// Largest target a grid holds.
pub const MV_MAX_TARGET: u8 = 30;

/// `mv[a][b][dealer]`: the probability that seat 0 wins the match from `a`-`b` with `dealer`
/// dealing the next hand (two seats).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct MvGrid {
    target: u8,
    values: [[[f32; 2]; MV_MAX_TARGET as usize]; MV_MAX_TARGET as usize],
}

impl MvGrid {
    /// A grid for a match to `target` from `f(score, dealer)` (a probability per cell), or
    /// `None` if `target` is above [`MV_MAX_TARGET`] or a value is not a probability.
    pub fn from_fn(target: u8, mut f: impl FnMut([u8; 2], u8) -> f64) -> Option<MvGrid> {
        if target == 0 || target > MV_MAX_TARGET {
            return None;
        }
        let mut values = [[[0f32; 2]; MV_MAX_TARGET as usize]; MV_MAX_TARGET as usize];
        for a in 0..target {
            for b in 0..target {
                for d in 0..2u8 {
                    let v = f([a, b], d);
                    if !(0.0..=1.0).contains(&v) {
                        return None;
                    }
                    values[a as usize][b as usize][d as usize] = v as f32;
                }
            }
        }
        Some(MvGrid { target, values })
    }

    /// The match target.
    pub fn target(&self) -> u8 {
        self.target
    }

    /// `mv(score, dealer)`: 1 or 0 once a seat reached the target.
    pub fn get(&self, score: [u8; 2], dealer: u8) -> f64 {
        if score[0] >= self.target {
            return 1.0;
        }
        if score[1] >= self.target {
            return 0.0;
        }
        self.values[score[0] as usize][score[1] as usize][dealer as usize & 1] as f64
    }

    /// Seat 0's utility (±1 scale) of a hand that started at `score` with `mano` leading and
    /// scored `points`: the next hand is dealt by this hand's mano.
    pub fn utility0(&self, score: [u8; 2], mano: u8, points: [u8; 2]) -> f64 {
        let next = [
            score[0].saturating_add(points[0]),
            score[1].saturating_add(points[1]),
        ];
        2.0 * self.get(next, mano) - 1.0
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
            assert!(
                (g.get([0, 0], 0) - 0.5).abs() < 0.1,
                "{variant} {options:?}"
            );
        }
        assert_eq!(for_rules(&RuleSet::VALENCIAN), None);
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
        use truco_cfr::{ActionList, Game, NodeKind};
        use truco_game::RuleSet;

        let table = truco_solve::sampled::sampled_match_values(&RuleSet::ARG_1V1, 200, 5).unwrap();
        let grid = MvGrid::from_fn(15, |s, d| table.get(s, d).unwrap()).unwrap();
        let g = TrucoGame::arg_1v1(Exact).with_match_values(grid);
        let capped = TrucoGame::arg_1v1(Exact);
        let mut rng = rand_xoshiro::Xoshiro256PlusPlus::seed_from_u64(9);
        let mut actions = ActionList::new();
        let mut cells = std::collections::BTreeSet::new();
        let mut differs = 0;
        for _ in 0..300 {
            let mut s = g.root();
            loop {
                match g.node_kind(&s) {
                    NodeKind::Chance => {
                        let o = g.sample_chance(&s, &mut rng);
                        g.apply_chance(&mut s, o);
                    }
                    NodeKind::Player(_) => {
                        g.legal_actions(&s, &mut actions);
                        let k = (rand::Rng::next_u32(&mut rng) as usize) % actions.len();
                        g.apply(&mut s, actions[k]);
                    }
                    NodeKind::Terminal => break,
                }
            }
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
