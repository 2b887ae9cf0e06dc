//! Score cells and the top-down order in which they are solved.
//!
//! A cell is the public situation at the start of a hand: the score and the dealer. A hand
//! played from a cell leads to cells whose score sum is larger, except a hand that scores
//! nothing (a paulista triple parda, see [`VoidRule`]), which leads to the same score with the
//! next dealer. Cells are therefore solved by decreasing score sum; cells of one score that
//! can lead to each other through void hands form a group solved together as a fixed point.

use serde::{Deserialize, Serialize};

/// The public start of a hand: scores of team 0 and team 1, and the dealer seat.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub struct Cell {
    /// Points of team 0 and team 1.
    pub score: [u8; 2],
    /// The dealer's seat.
    pub dealer: u8,
}

impl Cell {
    /// A cell.
    pub const fn new(a: u8, b: u8, dealer: u8) -> Cell {
        Cell {
            score: [a, b],
            dealer,
        }
    }
}

impl std::fmt::Display for Cell {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}-{} d{}", self.score[0], self.score[1], self.dealer)
    }
}

/// Which scores can see a hand that scores nothing (and so lead back to the same score).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum VoidRule {
    /// Every hand scores at least one point (heads-up paulista with `ferro=open`, arg-1v1).
    Never,
    /// Only the blind mão de ferro at `target-1` all is replayed (heads-up paulista, blind).
    BlindFerro,
    /// Any hand can end with no points (four-player paulista: a triple parda scores nothing).
    Always,
}

impl VoidRule {
    /// The void rule of a rule set.
    pub fn of(rules: &truco_game::RuleSet) -> VoidRule {
        if rules.triple_parda_void {
            VoidRule::Always
        } else if rules.mao_de_onze && !rules.ferro_open {
            VoidRule::BlindFerro
        } else {
            VoidRule::Never
        }
    }

    /// Whether a hand starting at `score` may score nothing.
    pub fn may_void(self, score: [u8; 2], target: u8) -> bool {
        match self {
            VoidRule::Never => false,
            VoidRule::BlindFerro => score == [target - 1, target - 1],
            VoidRule::Always => true,
        }
    }
}

/// The groups of cells of a match to `target` with `dealers` dealer seats, in solving order:
/// every cell a group's hands lead to is in an earlier group or in the group itself (then only
/// through a void hand, and the group is solved as a fixed point).
pub fn top_down_order(target: u8, dealers: u8, void: VoidRule) -> Vec<Vec<Cell>> {
    let mut out = Vec::new();
    let top = 2 * (target as u16 - 1);
    for sum in (0..=top).rev() {
        for a in (0..target).rev() {
            let b = sum as i32 - a as i32;
            if !(0..target as i32).contains(&b) {
                continue;
            }
            let score = [a, b as u8];
            let cells: Vec<Cell> = (0..dealers).map(|d| Cell::new(a, b as u8, d)).collect();
            if void.may_void(score, target) {
                out.push(cells);
            } else {
                out.extend(cells.into_iter().map(|c| vec![c]));
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn order_covers_every_cell_once_by_decreasing_sum() {
        let order = top_down_order(12, 2, VoidRule::Never);
        let cells: Vec<Cell> = order.iter().flatten().copied().collect();
        assert_eq!(cells.len(), 12 * 12 * 2);
        let mut sorted = cells.clone();
        sorted.sort();
        sorted.dedup();
        assert_eq!(sorted.len(), cells.len());
        assert_eq!(cells[0], Cell::new(11, 11, 0));
        for w in cells.windows(2) {
            let s = |c: &Cell| c.score[0] as u16 + c.score[1] as u16;
            assert!(s(&w[0]) >= s(&w[1]));
        }
        assert!(order.iter().all(|g| g.len() == 1));
    }

    #[test]
    fn void_rules_group_the_cells_that_replay() {
        let order = top_down_order(12, 2, VoidRule::BlindFerro);
        assert_eq!(order[0], vec![Cell::new(11, 11, 0), Cell::new(11, 11, 1)]);
        assert!(order[1..].iter().all(|g| g.len() == 1));
        let order = top_down_order(3, 4, VoidRule::Always);
        assert!(order.iter().all(|g| g.len() == 4));
        assert_eq!(order.len(), 9);
        let p = truco_game::RuleSet::new("paulista", &["players=2"]).unwrap();
        assert_eq!(VoidRule::of(&p), VoidRule::BlindFerro);
        let p = truco_game::RuleSet::new("paulista", &["players=2", "ferro=open"]).unwrap();
        assert_eq!(VoidRule::of(&p), VoidRule::Never);
        assert_eq!(
            VoidRule::of(&truco_game::RuleSet::PAULISTA),
            VoidRule::Always
        );
        assert_eq!(VoidRule::of(&truco_game::RuleSet::ARG_1V1), VoidRule::Never);
    }
}
