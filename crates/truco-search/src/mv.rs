//! The arg-1v1 match-equity table: the chance that seat 0 wins the match to 15 from the start
//! of a hand at each score and dealer, when both seats play like the heuristic bot
//! (`examples/match_equity.rs` computes it, 2,000 hands a cell, solved top-down; the file is
//! compiled in).

use std::sync::OnceLock;

use truco_solve::MatchValues;
use truco_train::mv::MvGrid;

/// The compiled-in table (`truco-mv/1` JSON).
const FILE: &str = include_str!("arg-1v1-mv.json");

/// The arg-1v1 match-equity table as the trainer's grid.
pub fn arg_1v1_match_values() -> MvGrid {
    static GRID: OnceLock<MvGrid> = OnceLock::new();
    *GRID.get_or_init(|| {
        let t = MatchValues::parse(FILE, "arg-1v1-mv.json", "arg-1v1", 15, 2)
            .expect("the compiled-in match-equity table parses (tested)");
        MvGrid::from_fn(15, |s, d| t.get(s, d).unwrap_or(0.5))
            .expect("match values are probabilities (tested)")
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_table_is_complete_and_sensible() {
        let t = MatchValues::parse(FILE, "arg-1v1-mv.json", "arg-1v1", 15, 2).unwrap();
        assert_eq!(t.solved(), 15 * 15 * 2);
        let g = arg_1v1_match_values();
        // Even at 0-0, near-certain one point from the end, monotone in one's own score.
        assert!((g.get([0, 0], 0) - 0.5).abs() < 0.05);
        assert!(g.get([14, 0], 0) > 0.95 && g.get([0, 14], 1) < 0.05);
        for b in 0..15 {
            for a in 1..15 {
                assert!(g.get([a, b], 0) + 0.02 >= g.get([a - 1, b], 0), "{a}-{b}");
            }
        }
    }
}
