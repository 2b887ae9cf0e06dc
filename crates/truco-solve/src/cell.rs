//! Score cells and the top-down order in which they are solved.
//!
//! A cell is the public situation at the start of a hand: the score and the dealer, and where
//! the match has them the camas won (valencian) and the kind of hand that comes next
//! (six-player pica-pica). A hand played from a cell leads to cells whose score sum is larger,
//! or (valencian) to a cama standing with more camas won, except a hand that scores nothing (a
//! paulista triple parda, see [`VoidRule`]), which leads to the same score with the next
//! dealer. Cells are therefore solved by decreasing camas won, then by decreasing score sum;
//! cells of one score that can lead to each other through void hands form a group solved
//! together as a fixed point. [`Shape`] names a table's dimensions.

use serde::{Deserialize, Serialize};

/// The public start of a hand: scores of team 0 and team 1, the dealer seat, and where the
/// match has them the camas won and the kind of hand.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub struct Cell {
    /// Points of team 0 and team 1 (valencian: in the current cama).
    pub score: [u8; 2],
    /// The dealer's seat.
    pub dealer: u8,
    /// Camas won by team 0 and team 1 (valencian; `[0, 0]` in a match without camas).
    #[serde(default)]
    pub camas: [u8; 2],
    /// The kind of hand played from here (six-player pica-pica: [`KIND_ALL_SEATS`] or the
    /// pair hand `k` = 1..=3 of a pica-pica round; 0 in every other match).
    #[serde(default)]
    pub kind: u8,
}

/// [`Cell::kind`] of a six-player pica-pica match: a hand with all six seats (a redonda).
/// Kinds 1..=3 are the three one-against-one hands of a pica-pica round, in order (pair `k`:
/// the round's mano's pair first); the deal moves one seat after a redonda and after the
/// third pair hand.
pub const KIND_ALL_SEATS: u8 = 0;

/// Kinds of a six-player pica-pica table: the redonda and the round's three pair hands.
pub const PICA_PICA_KINDS: u8 = 4;

impl Cell {
    /// A cell of a match without camas or hand kinds.
    pub const fn new(a: u8, b: u8, dealer: u8) -> Cell {
        Cell {
            score: [a, b],
            dealer,
            camas: [0, 0],
            kind: 0,
        }
    }

    /// A cell with `camas` won by each team (valencian).
    pub const fn in_camas(score: [u8; 2], camas: [u8; 2], dealer: u8) -> Cell {
        Cell {
            score,
            dealer,
            camas,
            kind: 0,
        }
    }

    /// The same cell with hand kind `kind` (six-player pica-pica).
    pub const fn with_kind(mut self, kind: u8) -> Cell {
        self.kind = kind;
        self
    }
}

impl std::fmt::Display for Cell {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}-{}", self.score[0], self.score[1])?;
        if self.camas != [0, 0] {
            write!(f, " camas {}-{}", self.camas[0], self.camas[1])?;
        }
        write!(f, " d{}", self.dealer)?;
        if self.kind != 0 {
            write!(f, " kind {}", self.kind)?;
        }
        Ok(())
    }
}

/// The dimensions of a match-value table: the score to `target`, `dealers` dealer seats, the
/// camas standings of a match won in `camas` camas (0: none), and `kinds` hand kinds (1, or
/// [`PICA_PICA_KINDS`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Shape {
    /// The match target (valencian: the cama's size).
    pub target: u8,
    /// Number of dealer seats (dealer parities: 2).
    pub dealers: u8,
    /// Camas to win the match; 0 = no camas.
    pub camas: u8,
    /// Number of hand kinds (1 = one kind).
    pub kinds: u8,
}

impl Shape {
    /// A table of a match without camas or hand kinds.
    pub const fn plain(target: u8, dealers: u8) -> Shape {
        Shape {
            target,
            dealers,
            camas: 0,
            kinds: 1,
        }
    }

    /// The table of the match of `rules` with two dealer parities: its camas (valencian) and,
    /// for six-player pica-pica, the redonda and the three pair hands as kinds (a pica-pica
    /// pair hand's rules name their match's).
    pub fn of(rules: &truco_game::RuleSet) -> Shape {
        let r = rules.match_rules();
        Shape {
            target: r.target,
            dealers: 2,
            camas: r.camas,
            kinds: if r.pica_pica { PICA_PICA_KINDS } else { 1 },
        }
    }

    /// Whether the table has neither camas nor hand kinds (the `truco-mv/1` format).
    pub const fn is_plain(&self) -> bool {
        self.camas == 0 && self.kinds <= 1
    }

    /// Camas standings per team: `camas`, or 1 without camas.
    pub const fn camas_standings(&self) -> u8 {
        if self.camas == 0 {
            1
        } else {
            self.camas
        }
    }

    /// Number of cells.
    pub const fn cells(&self) -> usize {
        let c = self.camas_standings() as usize;
        let t = self.target as usize;
        c * c * self.kinds as usize * t * t * self.dealers as usize
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
    top_down_order_of(Shape::plain(target, dealers), void)
}

/// [`top_down_order`] of a table of any [`Shape`]: camas standings by decreasing camas won (a
/// hand that closes a cama leads to a standing with one more), then cells by decreasing score
/// sum. Every hand scores (except void hands), so the kinds of one score never lead to each
/// other; where a void hand may happen, all the kinds and dealers of the score form one group.
pub fn top_down_order_of(shape: Shape, void: VoidRule) -> Vec<Vec<Cell>> {
    let mut out = Vec::new();
    let target = shape.target;
    let c = shape.camas_standings();
    let top = 2 * (target as u16 - 1);
    for camas_sum in (0..=2 * (c as u16 - 1)).rev() {
        for ca in (0..c).rev() {
            let cb = camas_sum as i32 - ca as i32;
            if !(0..c as i32).contains(&cb) {
                continue;
            }
            let camas = [ca, cb as u8];
            for sum in (0..=top).rev() {
                for a in (0..target).rev() {
                    let b = sum as i32 - a as i32;
                    if !(0..target as i32).contains(&b) {
                        continue;
                    }
                    let score = [a, b as u8];
                    let cells: Vec<Cell> = (0..shape.kinds)
                        .flat_map(|k| {
                            (0..shape.dealers)
                                .map(move |d| Cell::in_camas(score, camas, d).with_kind(k))
                        })
                        .collect();
                    if void.may_void(score, target) {
                        out.push(cells);
                    } else {
                        out.extend(cells.into_iter().map(|c| vec![c]));
                    }
                }
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

    #[test]
    fn camas_and_kinds_order_more_camas_first() {
        let v = truco_game::RuleSet::VALENCIAN;
        let shape = Shape::of(&v);
        assert_eq!((shape.target, shape.camas, shape.kinds), (24, 2, 1));
        assert_eq!(VoidRule::of(&v), VoidRule::Never);
        let order = top_down_order_of(shape, VoidRule::Never);
        let cells: Vec<Cell> = order.iter().flatten().copied().collect();
        assert_eq!(cells.len(), shape.cells());
        assert_eq!(cells.len(), 24 * 24 * 2 * 4);
        let mut sorted = cells.clone();
        sorted.sort();
        sorted.dedup();
        assert_eq!(sorted.len(), cells.len());
        assert_eq!(cells[0], Cell::in_camas([23, 23], [1, 1], 0));
        // A standing comes after every standing with more camas won, then by score sum.
        let pos = |c: Cell| cells.iter().position(|&x| x == c).unwrap();
        assert!(pos(Cell::in_camas([0, 0], [1, 1], 1)) < pos(Cell::in_camas([23, 23], [1, 0], 0)));
        assert!(pos(Cell::in_camas([0, 0], [0, 1], 0)) < pos(Cell::in_camas([23, 23], [0, 0], 0)));
        assert_eq!(*cells.last().unwrap(), Cell::in_camas([0, 0], [0, 0], 1));
        let six = truco_game::RuleSet::new("arg-classic", &["players=6", "pica-pica"]).unwrap();
        let shape = Shape::of(&six);
        assert_eq!((shape.target, shape.camas, shape.kinds), (30, 0, 4));
        assert_eq!(Shape::of(&six.pica_pica_hand(2)), shape);
        let order = top_down_order_of(shape, VoidRule::of(&six));
        assert_eq!(order.iter().flatten().count(), 30 * 30 * 2 * 4);
        assert!(order.iter().all(|g| g.len() == 1));
        assert_eq!(
            top_down_order_of(Shape::plain(12, 2), VoidRule::BlindFerro),
            top_down_order(12, 2, VoidRule::BlindFerro)
        );
        assert!(Shape::of(&truco_game::RuleSet::ARG_2V2).is_plain());
        assert_eq!(
            Cell::in_camas([3, 4], [1, 0], 1).with_kind(2).to_string(),
            "3-4 camas 1-0 d1 kind 2"
        );
        assert_eq!(Cell::new(3, 4, 1).to_string(), "3-4 d1");
    }
}
