//! Match equity: the chance of winning the match from a score, for the decisions whose stake
//! is larger than a hand (valencian falta and joc fora, paulista mão de onze).
//!
//! - [`race_equity`]: a race model. A team that needs `a` points against one that needs `b`
//!   wins with `Φ((b - a) / sqrt(σ² (a + b) / μ))`, as if the difference of the two scores
//!   were a random walk of [`POINTS_PER_HAND`] points per hand with standard deviation
//!   [`HAND_SD`] (both rough figures of casual play), run for the `(a + b) / μ` hands the race
//!   lasts. Φ is the logistic approximation `1 / (1 + e^(-1.702 z))`.
//! - [`Standing`]: a valencian score with its camas; [`Standing::after`] applies points (a
//!   team reaching the cama's size closes it, both scores reset, the excess is lost) and
//!   [`Standing::equity`] is the race over the points still needed for the match.
//! - [`onze_threshold`]: the paulista mão de onze break-even.

use truco_game::RuleSet;

/// Points scored per hand (both teams together) in the race model.
pub const POINTS_PER_HAND: f64 = 3.0;
/// Standard deviation of one hand's score difference in the race model.
pub const HAND_SD: f64 = 3.0;

/// Chance that a team needing `a` points beats a team needing `b` (race model).
pub fn race_equity(a: u32, b: u32) -> f64 {
    if a == 0 {
        return 1.0;
    }
    if b == 0 {
        return 0.0;
    }
    let (a, b) = (a as f64, b as f64);
    let z = (b - a) / (HAND_SD * HAND_SD * (a + b) / POINTS_PER_HAND).sqrt();
    1.0 / (1.0 + (-1.702 * z).exp())
}

/// A match standing from one team's side: own and opponents' score and camas.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Standing {
    /// Own score, opponents' score.
    pub score: (u8, u8),
    /// Own camas, opponents' camas (0 without camas).
    pub camas: (u8, u8),
}

impl Standing {
    /// Points still needed to win the match: the cama in progress plus every cama after it
    /// (without camas, the target minus the score).
    fn needs(rules: &RuleSet, score: u8, camas: u8) -> u32 {
        let target = rules.target as u32;
        let left = target.saturating_sub(score as u32);
        if rules.camas == 0 {
            return left;
        }
        let more = (rules.camas as u32).saturating_sub(camas as u32 + 1);
        if camas >= rules.camas {
            0
        } else {
            left + more * target
        }
    }

    /// The standing after `points` to us (`ours`) or to the opponents.
    pub fn after(self, rules: &RuleSet, ours: bool, points: u8) -> Standing {
        let (mut s, mut c) = (self.score, self.camas);
        let (mine, cama) = if ours {
            (&mut s.0, &mut c.0)
        } else {
            (&mut s.1, &mut c.1)
        };
        let reached = *mine as u32 + points as u32;
        if rules.camas > 0 && reached >= rules.target as u32 {
            *cama += 1;
            s = (0, 0);
        } else {
            *mine = reached.min(u8::MAX as u32) as u8;
        }
        Standing { score: s, camas: c }
    }

    /// Our chance of winning the match from this standing (race model).
    pub fn equity(self, rules: &RuleSet) -> f64 {
        let a = Standing::needs(rules, self.score.0, self.camas.0);
        let b = Standing::needs(rules, self.score.1, self.camas.1);
        race_equity(a, b)
    }

    /// The least win chance that makes a bet worth `value` if accepted better than conceding
    /// `declined` (break-even in match equity; at least 0, at most 1).
    pub fn break_even(self, rules: &RuleSet, value: u8, declined: u8) -> f64 {
        let win = self.after(rules, true, value).equity(rules);
        let lose = self.after(rules, false, value).equity(rules);
        let fold = self.after(rules, false, declined).equity(rules);
        if win - lose <= 1e-12 {
            return if fold <= lose { 0.0 } else { 1.0 };
        }
        ((fold - lose) / (win - lose)).clamp(0.0, 1.0)
    }
}

/// Paulista mão de onze, team at `target - 1` against opponents at `opp`: the least chance of
/// winning the hand for which playing (worth `played`, a win ends the match) beats running
/// (the opponents score `run`). Continuation values `W(s)` (our match chance at 11 against `s`
/// before a mão de onze) come from a backward recursion over the opponents' score, assuming
/// the hand chance of a future mão de onze is uniform on [0, 1] and the team plays it exactly
/// when it beats this threshold; 11-11 (mão de ferro, or the open hand) counts as even.
/// Play iff the chance `E` satisfies `E + (1 - E) L >= R`, with `L` the value after losing
/// and `R` the value after running: `E >= (R - L) / (1 - L)`.
pub fn onze_threshold(rules: &RuleSet, opp: u8, played: u8, run: u8) -> f64 {
    let eleven = rules.target.saturating_sub(1) as usize;
    let mut w = [0.0f64; 32];
    let value = |w: &[f64; 32], s: usize| -> f64 {
        if s > eleven {
            0.0
        } else if s == eleven {
            0.5
        } else {
            w[s]
        }
    };
    let threshold = |w: &[f64; 32], s: usize| -> (f64, f64, f64) {
        let r = value(w, s + run as usize);
        let l = value(w, s + played as usize);
        let t = if l >= 1.0 {
            0.0
        } else {
            ((r - l) / (1.0 - l)).clamp(0.0, 1.0)
        };
        (t, r, l)
    };
    let top = eleven.min(w.len() - 1);
    for s in (0..top).rev() {
        let (t, r, l) = threshold(&w, s);
        w[s] = t * r + (1.0 - t) * l + (1.0 - l) * (1.0 - t * t) / 2.0;
    }
    threshold(&w, (opp as usize).min(top.saturating_sub(1))).0
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn race_is_even_when_needs_are_equal_and_favours_the_nearer_team() {
        assert!((race_equity(20, 20) - 0.5).abs() < 1e-12);
        assert!(race_equity(5, 20) > 0.8);
        assert!(race_equity(20, 5) < 0.2);
        assert_eq!(race_equity(0, 3), 1.0);
        assert_eq!(race_equity(3, 0), 0.0);
        // Symmetric.
        assert!((race_equity(7, 13) + race_equity(13, 7) - 1.0).abs() < 1e-12);
    }

    #[test]
    fn valencian_points_close_camas_and_the_match() {
        let r = RuleSet::VALENCIAN;
        let st = Standing {
            score: (20, 8),
            camas: (0, 0),
        };
        // 4 more close the cama: scores reset, the excess is lost.
        let next = st.after(&r, true, 6);
        assert_eq!(next.score, (0, 0));
        assert_eq!(next.camas, (1, 0));
        assert_eq!(st.after(&r, false, 3).score, (20, 11));
        // With a cama won, closing the second wins the match.
        let last = Standing {
            score: (20, 8),
            camas: (1, 0),
        };
        assert_eq!(last.after(&r, true, 4).equity(&r), 1.0);
        assert_eq!(last.after(&r, false, 24).camas, (1, 1));
        // A falta worth a whole cama moves the match far more than a few points.
        let even = Standing {
            score: (3, 3),
            camas: (0, 0),
        };
        let cama = even.after(&r, true, 24).equity(&r);
        assert!(cama > 0.85, "{cama}");
        assert!(even.after(&r, true, 2).equity(&r) < 0.6);
    }

    #[test]
    fn break_even_is_the_point_break_even_for_small_stakes() {
        let r = RuleSet::VALENCIAN;
        let st = Standing {
            score: (5, 5),
            camas: (0, 0),
        };
        // Envide (2, declined 1): about (2 - 1) / 4 = 0.25.
        let b = st.break_even(&r, 2, 1);
        assert!((b - 0.25).abs() < 0.03, "{b}");
        // Declining a bet that gives them the match anyway: accept with any hand.
        let lost = Standing {
            score: (5, 23),
            camas: (0, 1),
        };
        assert_eq!(lost.break_even(&r, 4, 2), 0.0);
    }

    #[test]
    fn onze_thresholds_are_sane() {
        let r = RuleSet::PAULISTA;
        for opp in 0..11 {
            let t = onze_threshold(&r, opp, 3, 1);
            assert!((0.0..=1.0).contains(&t), "{opp}: {t}");
        }
        // At 11-10 running gives the opponents the mão de ferro (even); losing the hand loses
        // the match: play from 50%.
        assert!((onze_threshold(&r, 10, 3, 1) - 0.5).abs() < 1e-12);
        // At 11-8 a lost hand sends them to 11 (even): break-even below 50%.
        let t8 = onze_threshold(&r, 8, 3, 1);
        assert!(t8 < 0.5, "{t8}");
    }
}
