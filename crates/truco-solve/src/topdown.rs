//! Top-down solving of every cell of a match, and the per-hand points model.
//!
//! [`solve_top_down`] walks the groups of [`crate::cell::top_down_order`] and asks a cell
//! solver for each cell's match value, reading only the [`MatchValues`] solved before. A group
//! of cells that replay into each other (void hands) is solved as a fixed point: its cells
//! start at 1/2 and are re-solved until no value moves more than the tolerance.
//!
//! [`HandOutcome`] lists are the simplest cell solver: a fixed distribution of how a hand ends
//! (who scores how much) gives the cell's value as the expectation of the next cell's value.

use crate::cell::Cell;
use crate::error::SolveError;
use crate::mv::MatchValues;

/// Most fixed-point rounds for one group.
pub const MAX_FIXED_POINT_ROUNDS: usize = 10_000;

/// One way a hand can end: team 0 and team 1 score `points` with probability `prob`; `[0, 0]`
/// is a hand that scores nothing (replayed with the next dealer).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct HandOutcome {
    /// Points scored by team 0 and team 1.
    pub points: [u8; 2],
    /// Probability of this outcome.
    pub prob: f64,
}

impl HandOutcome {
    /// `team` alone scores `points`.
    pub fn to(team: u8, points: u8, prob: f64) -> HandOutcome {
        let mut p = [0, 0];
        p[team as usize & 1] = points;
        HandOutcome { points: p, prob }
    }
}

/// The cell that follows a hand of `cell` in which `team` scored `points`: the dealer moves
/// one seat.
pub fn next_cell(cell: Cell, team: u8, points: u8, dealers: u8) -> ([u8; 2], u8) {
    let mut p = [0, 0];
    p[team as usize & 1] = points;
    next_cell_both(cell, p, dealers)
}

/// The cell that follows a hand of `cell` in which the teams scored `points`.
pub fn next_cell_both(cell: Cell, points: [u8; 2], dealers: u8) -> ([u8; 2], u8) {
    let score = [
        cell.score[0].saturating_add(points[0]),
        cell.score[1].saturating_add(points[1]),
    ];
    (score, (cell.dealer + 1) % dealers)
}

/// The match value of `cell` when its hand ends as `outcomes` says: the expectation of the
/// next cell's match value (outcomes of probability 0 are not read).
pub fn value_from_outcomes(
    cell: Cell,
    outcomes: &[HandOutcome],
    mv: &MatchValues,
) -> Result<f64, SolveError> {
    let mut v = 0.0;
    for o in outcomes.iter().filter(|o| o.prob > 0.0) {
        let (score, dealer) = next_cell_both(cell, o.points, mv.dealers());
        v += o.prob * mv.get(score, dealer)?;
    }
    Ok(v)
}

/// The match value of a cell whose hand leads to the cells `next` with their probabilities:
/// the expectation of their match values (cells of probability 0 are not read). The general
/// form of [`value_from_outcomes`], for matches whose next cell is not the score plus the
/// points (camas, hand kinds): the caller names each next cell.
pub fn value_from_next(next: &[(Cell, f64)], mv: &MatchValues) -> Result<f64, SolveError> {
    let mut v = 0.0;
    for &(c, p) in next.iter().filter(|(_, p)| *p > 0.0) {
        v += p * mv.value(c)?;
    }
    Ok(v)
}

/// Solves `order` (groups of cells, see [`crate::cell::top_down_order`]) into `mv` with
/// `solve(cell, mv)` returning a cell's match value. Cells already in `mv` are kept. Within a
/// group of several cells, values are iterated from 1/2 until the largest change is at most
/// `tol`. Returns the number of cell solves run.
pub fn solve_top_down<F>(
    mv: &mut MatchValues,
    order: &[Vec<Cell>],
    tol: f64,
    mut solve: F,
) -> Result<usize, SolveError>
where
    F: FnMut(Cell, &MatchValues) -> Result<f64, SolveError>,
{
    let mut runs = 0;
    for group in order {
        let todo: Vec<Cell> = group
            .iter()
            .copied()
            .filter(|&c| !mv.is_solved(c))
            .collect();
        if todo.is_empty() {
            continue;
        }
        if group.len() == 1 {
            let v = solve(todo[0], mv)?;
            runs += 1;
            mv.set(todo[0], v)?;
            continue;
        }
        for &c in &todo {
            mv.set(c, 0.5)?;
        }
        let mut change = f64::INFINITY;
        let mut rounds = 0;
        while change > tol {
            if rounds == MAX_FIXED_POINT_ROUNDS {
                return Err(SolveError::NoFixedPoint {
                    cells: todo.len(),
                    iterations: rounds,
                    change,
                });
            }
            change = 0.0;
            for &c in &todo {
                let v = solve(c, mv)?;
                runs += 1;
                change = change.max((v - mv.value(c)?).abs());
                mv.set(c, v)?;
            }
            rounds += 1;
        }
    }
    Ok(runs)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cell::{top_down_order, VoidRule};

    /// The mão's team wins `mao` of the hands, the dealer's `dealer`, the rest score nothing;
    /// every hand is worth one point.
    fn model(mao: f64, dealer: f64) -> impl Fn(Cell) -> Vec<HandOutcome> {
        let rest = 1.0 - mao - dealer;
        let void = if rest < 1e-9 { 0.0 } else { rest };
        move |c: Cell| {
            let m = (c.dealer + 1) % 2;
            vec![
                HandOutcome::to(m, 1, mao),
                HandOutcome::to(1 - m, 1, dealer),
                HandOutcome::to(0, 0, void),
            ]
        }
    }

    #[test]
    fn a_match_to_two_computed_by_hand() {
        let m = model(0.6, 0.4);
        let mut mv = MatchValues::new("toy", 2, 2);
        let order = top_down_order(2, 2, VoidRule::Never);
        let runs = solve_top_down(&mut mv, &order, 1e-12, |c, mv| {
            value_from_outcomes(c, &m(c), mv)
        })
        .unwrap();
        assert_eq!(runs, 8);
        // By hand (the mão is the seat after the dealer and wins 60% of the hands):
        let expect = [
            ([1, 1], 1, 0.6),
            ([1, 1], 0, 0.4),
            ([1, 0], 0, 0.76),
            ([1, 0], 1, 0.76),
            ([0, 1], 0, 0.24),
            ([0, 1], 1, 0.24),
            ([0, 0], 0, 0.448),
            ([0, 0], 1, 0.552),
        ];
        for (score, dealer, v) in expect {
            let got = mv.get(score, dealer).unwrap();
            assert!((got - v).abs() < 1e-12, "{score:?} d{dealer}: {got} != {v}");
        }
    }

    /// A toy match won in two camas of 2 points: every hand is worth 1 point, the mano's team
    /// wins 60% of them. Reaching 2 closes the cama (0-0 after it).
    #[test]
    fn camas_are_solved_top_down() {
        use crate::cell::{top_down_order_of, Shape};
        let shape = Shape {
            target: 2,
            dealers: 2,
            camas: 2,
            kinds: 1,
        };
        let next = |c: Cell| {
            let m = (c.dealer + 1) % 2;
            [(m, 0.6), (1 - m, 0.4)].map(|(t, p)| {
                let mut n = c;
                n.score[t as usize] += 1;
                n.dealer = m;
                (n, p)
            })
        };
        let mut mv = MatchValues::of_shape("toy", shape);
        let order = top_down_order_of(shape, VoidRule::Never);
        let runs = solve_top_down(&mut mv, &order, 1e-12, |c, mv| {
            value_from_next(&next(c), mv)
        })
        .unwrap();
        assert_eq!(runs, 32);
        // In the last cama it is the match to 2 of `a_match_to_two_computed_by_hand`.
        let last = |a, b, d| mv.value(Cell::in_camas([a, b], [1, 1], d)).unwrap();
        assert!((last(0, 0, 0) - 0.448).abs() < 1e-12);
        assert!((last(1, 0, 1) - 0.76).abs() < 1e-12);
        // One cama from the match, one point from closing it: the mano's team 0 wins it at once
        // 60% of the time; else 1-1 in that cama, seat 1's team dealing after.
        let v = mv.value(Cell::in_camas([1, 0], [1, 0], 1)).unwrap();
        let at_11 = mv.value(Cell::in_camas([1, 1], [1, 0], 0)).unwrap();
        assert!((v - (0.6 + 0.4 * at_11)).abs() < 1e-12);
        // Finished matches; a score at the cama's size closes it.
        assert_eq!(mv.value(Cell::in_camas([0, 0], [2, 1], 0)).unwrap(), 1.0);
        assert_eq!(mv.value(Cell::in_camas([0, 0], [0, 2], 0)).unwrap(), 0.0);
        assert_eq!(mv.value(Cell::in_camas([2, 1], [1, 0], 0)).unwrap(), 1.0);
        let closed = mv.value(Cell::in_camas([0, 2], [0, 0], 1)).unwrap();
        assert_eq!(closed, mv.value(Cell::in_camas([0, 0], [0, 1], 1)).unwrap());
        let sym = mv.value(Cell::in_camas([0, 0], [0, 0], 0)).unwrap()
            + mv.value(Cell::in_camas([0, 0], [0, 0], 1)).unwrap();
        assert!((sym - 1.0).abs() < 1e-12, "seat symmetry: {sym}");
    }

    #[test]
    fn replayed_hands_are_a_fixed_point() {
        // 20% of the hands score nothing: mv(1,1,0) = 0.3 + 0.2 mv(1,1,1) and
        // mv(1,1,1) = 0.5 + 0.2 mv(1,1,0), so mv(1,1,0) = 0.4 / 0.96.
        let m = model(0.5, 0.3);
        let mut mv = MatchValues::new("toy", 2, 2);
        let order = top_down_order(2, 2, VoidRule::Always);
        solve_top_down(&mut mv, &order, 1e-13, |c, mv| {
            value_from_outcomes(c, &m(c), mv)
        })
        .unwrap();
        let x0 = 0.4 / 0.96;
        assert!((mv.get([1, 1], 0).unwrap() - x0).abs() < 1e-12);
        assert!((mv.get([1, 1], 1).unwrap() - (0.5 + 0.2 * x0)).abs() < 1e-12);
        let sym = mv.get([0, 0], 0).unwrap() + mv.get([0, 0], 1).unwrap();
        assert!((sym - 1.0).abs() < 1e-12, "seat symmetry: {sym}");
    }

    #[test]
    fn the_order_never_reads_an_unsolved_cell() {
        // Paulista-like hands worth 1, 3, 6, 9 or 12, some void at 11-11 (blind ferro).
        let outcomes = |c: Cell| {
            let mut v = Vec::new();
            for (k, p) in [1u8, 3, 6, 9, 12].into_iter().enumerate() {
                for t in 0..2 {
                    v.push(HandOutcome::to(t, p, 0.09 - 0.01 * k as f64));
                }
            }
            let rest = 1.0 - v.iter().map(|o| o.prob).sum::<f64>();
            let void = if c.score == [11, 11] { rest } else { 0.0 };
            v.push(HandOutcome::to(0, 1, rest - void));
            v.push(HandOutcome::to(0, 0, void));
            v
        };
        let order = top_down_order(12, 2, VoidRule::BlindFerro);
        let mut mv = MatchValues::new("toy", 12, 2);
        solve_top_down(&mut mv, &order, 1e-12, |c, mv| {
            value_from_outcomes(c, &outcomes(c), mv)
        })
        .unwrap();
        assert_eq!(mv.solved(), 288);
        // The same solve in the wrong order (bottom-up) reads an unsolved cell.
        let mut wrong: Vec<Vec<Cell>> = order.clone();
        wrong.reverse();
        let mut mv = MatchValues::new("toy", 12, 2);
        let err = solve_top_down(&mut mv, &wrong, 1e-12, |c, mv| {
            value_from_outcomes(c, &outcomes(c), mv)
        });
        assert!(matches!(err, Err(SolveError::Unsolved { .. })), "{err:?}");
        // Without its group, the 11-11 void reads the other dealer's unsolved cell.
        let split: Vec<Vec<Cell>> = order.iter().flatten().map(|&c| vec![c]).collect();
        let mut mv = MatchValues::new("toy", 12, 2);
        let err = solve_top_down(&mut mv, &split, 1e-12, |c, mv| {
            value_from_outcomes(c, &outcomes(c), mv)
        });
        assert!(
            matches!(err, Err(SolveError::Unsolved { a: 11, b: 11, .. })),
            "{err:?}"
        );
    }
}
