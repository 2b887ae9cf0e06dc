//! Match values from a sampled per-hand points distribution: at each cell, hands are played
//! out by a policy (here uniformly random legal play) and the observed (team, points) of each
//! hand is the cell's [`HandOutcome`] distribution; [`crate::topdown::solve_top_down`] then
//! gives `mv` for every cell. This is the table the sampled trainer of the other variants reads
//! for its score-aware terminal utility (see the README); the same machinery as the exact
//! heads-up paulista solver, with an estimated instead of a solved hand.

use rand::SeedableRng;
use rand_xoshiro::Xoshiro256PlusPlus;
use truco_game::sim::random_playout;
use truco_game::{PublicState, RuleSet};

use crate::cell::{top_down_order, Cell, VoidRule};
use crate::error::SolveError;
use crate::mv::MatchValues;
use crate::topdown::{solve_top_down, value_from_outcomes, HandOutcome};

/// The points distribution of `hands` random playouts of the hand at `cell` (two seats, or
/// teams by seat parity; the mano is the seat after the dealer).
pub fn sampled_outcomes(
    rules: &RuleSet,
    cell: Cell,
    hands: u32,
    seed: u64,
) -> Result<Vec<HandOutcome>, SolveError> {
    let mano = (cell.dealer + 1) % rules.players;
    let start = PublicState::new_hand(*rules, cell.score, mano)
        .map_err(|e| SolveError::Unsupported(e.to_string()))?;
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(seed);
    // Both seats can score in one hand (envido to one, truco to the other).
    let mut counts: std::collections::BTreeMap<[u8; 2], u32> = Default::default();
    for _ in 0..hands {
        let st =
            random_playout(start, &mut rng).map_err(|e| SolveError::Unsupported(e.to_string()))?;
        let p = st.public().hand_points();
        let cap = |x: u8| x.min(rules.target);
        *counts.entry([cap(p[0]), cap(p[1])]).or_default() += 1;
    }
    let n = hands.max(1) as f64;
    let out = counts
        .into_iter()
        .map(|(points, k)| HandOutcome {
            points,
            prob: k as f64 / n,
        })
        .collect();
    Ok(out)
}

/// The match values of a two-seat rule set (e.g. arg-1v1) from `hands` random playouts per
/// cell, solved top-down (fixed points where hands can score nothing).
pub fn sampled_match_values(
    rules: &RuleSet,
    hands: u32,
    seed: u64,
) -> Result<MatchValues, SolveError> {
    if rules.players != 2 || rules.camas > 0 {
        return Err(SolveError::Unsupported(
            "sampled match values: two seats and no camas".into(),
        ));
    }
    let mut mv = MatchValues::new(rules.variant.id(), rules.target, 2);
    let order = top_down_order(rules.target, 2, VoidRule::of(rules));
    let mut k = 0u64;
    solve_top_down(&mut mv, &order, 1e-12, |c, mv| {
        k += 1;
        let o = sampled_outcomes(
            rules,
            c,
            hands,
            seed ^ k.wrapping_mul(0x9E37_79B9_7F4A_7C15),
        )?;
        value_from_outcomes(c, &o, mv)
    })?;
    Ok(mv)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn arg_1v1_match_values_from_random_hands() {
        let r = RuleSet::ARG_1V1;
        let mv = sampled_match_values(&r, 1000, 11).unwrap();
        assert_eq!(mv.solved(), 15 * 15 * 2);
        // One point from the end, ahead of an opponent at 0: nearly won.
        let near = mv.get([14, 0], 0).unwrap();
        assert!(near > 0.9, "{near}");
        assert!(mv.get([0, 14], 1).unwrap() < 0.1);
        // Seat symmetry within sampling noise at a few cells.
        for (a, b, d) in [(0, 0, 0), (7, 3, 1), (12, 12, 0), (14, 14, 1)] {
            let x = mv.get([a, b], d).unwrap();
            let y = mv.get([b, a], 1 - d).unwrap();
            assert!((x + y - 1.0).abs() < 0.08, "{a}-{b} d{d}: {x} + {y}");
        }
        // At 14-14 any scoring hand ends the match: mv is P(seat 0 wins the hand).
        let o = sampled_outcomes(&r, Cell::new(14, 14, 1), 4000, 3).unwrap();
        let p0: f64 = o.iter().filter(|o| o.points[0] > 0).map(|o| o.prob).sum();
        assert!((p0 - mv.get([14, 14], 1).unwrap()).abs() < 0.05);
    }

    #[test]
    fn four_seat_rule_sets_are_refused() {
        assert!(matches!(
            sampled_match_values(&RuleSet::ARG_2V2, 10, 1),
            Err(SolveError::Unsupported(_))
        ));
    }
}
