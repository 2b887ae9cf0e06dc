//! How the training game draws the score at the start of a hand.
//!
//! Uniform scores (each seat's points uniform in `0..15`) train every score cell equally, but
//! real matches spend most hands at low scores: a cell like 0-0 is drawn 1 time in 225 while a
//! match starts there every time. [`ScoreDist::MatchPlay`] draws the cells as often as hands
//! start there in matches of the heuristic bot against itself (both orders of the score alike),
//! mixed half and half with the uniform draw so that no cell goes untrained.

use std::str::FromStr;
use std::sync::OnceLock;

use rand::SeedableRng;
use truco_arena::heuristic::Heuristic;
use truco_arena::{Bot, BotRng};
use truco_game::{Match, RuleSet};

use crate::error::TrainError;

/// Matches of the heuristic against itself that measure where hands start.
const MATCHES: u64 = 20_000;
/// Share of the uniform draw in the mixture.
const UNIFORM_SHARE: f64 = 0.5;

/// The score distribution of the training hands.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum ScoreDist {
    /// Each seat's points uniform in `0..15`.
    #[default]
    Uniform,
    /// Where matches spend their hands, mixed with the uniform draw (module docs).
    MatchPlay,
}

impl ScoreDist {
    /// The name on the command line.
    pub fn name(self) -> &'static str {
        match self {
            ScoreDist::Uniform => "uniform",
            ScoreDist::MatchPlay => "match-play",
        }
    }

    /// Probability of each cell `15 * seat0 + seat1`.
    pub fn probabilities(self) -> &'static [f64; 225] {
        static UNIFORM: [f64; 225] = [1.0 / 225.0; 225];
        static MATCH_PLAY: OnceLock<[f64; 225]> = OnceLock::new();
        match self {
            ScoreDist::Uniform => &UNIFORM,
            ScoreDist::MatchPlay => MATCH_PLAY.get_or_init(match_play),
        }
    }

    /// Cumulative probabilities (the last is 1), for sampling.
    pub fn cumulative(self) -> &'static [f64; 225] {
        static CUMULATIVE: [OnceLock<[f64; 225]>; 2] = [OnceLock::new(), OnceLock::new()];
        CUMULATIVE[self as usize].get_or_init(|| {
            let mut c = [0.0; 225];
            let mut acc = 0.0;
            for (c, p) in c.iter_mut().zip(self.probabilities()) {
                acc += p;
                *c = acc;
            }
            c[224] = 1.0;
            c
        })
    }

    /// The cell of a uniform draw `u` in `[0, 1)`.
    pub fn cell(self, u: f64) -> [u8; 2] {
        let i = self.cumulative().partition_point(|&c| c <= u).min(224);
        [(i / 15) as u8, (i % 15) as u8]
    }
}

impl FromStr for ScoreDist {
    type Err = TrainError;
    fn from_str(s: &str) -> Result<Self, TrainError> {
        match s.trim() {
            "uniform" => Ok(ScoreDist::Uniform),
            "match-play" => Ok(ScoreDist::MatchPlay),
            other => Err(TrainError::InvalidOption(format!(
                "unknown score distribution `{other}` (uniform or match-play)"
            ))),
        }
    }
}

/// The mixture of the heuristic's hand-start frequencies (symmetrized) and the uniform draw.
fn match_play() -> [f64; 225] {
    let rules = RuleSet::ARG_1V1;
    let mut counts = [0u64; 225];
    let mut bots = [Heuristic, Heuristic];
    let mut rng = BotRng::seed_from_u64(0x5C0E);
    for m in 0..MATCHES {
        let mut game = Match::new(rules, 0x5C0E_0000 + m);
        let played = game.play(|seat, view, legal| {
            bots[seat as usize & 1].act(view, legal.as_slice(), &mut rng)
        });
        if played.is_err() {
            continue;
        }
        // Every hand awards points, so the records name every hand; a hand starts at the score
        // before its first record.
        let mut score = [0u8; 2];
        let mut hand = None;
        for r in game.records() {
            if hand != Some(r.hand) {
                hand = Some(r.hand);
                counts[15 * score[0] as usize + score[1] as usize] += 1;
                counts[15 * score[1] as usize + score[0] as usize] += 1;
            }
            let t = r.award.team as usize & 1;
            score[t] = score[t].saturating_add(r.award.points).min(14);
        }
    }
    let total: u64 = counts.iter().sum();
    let mut p = [0.0; 225];
    for (p, &c) in p.iter_mut().zip(&counts) {
        *p = UNIFORM_SHARE / 225.0 + (1.0 - UNIFORM_SHARE) * c as f64 / total.max(1) as f64;
    }
    p
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn match_play_favours_the_opening_and_covers_every_cell() {
        let p = ScoreDist::MatchPlay.probabilities();
        let sum: f64 = p.iter().sum();
        assert!((sum - 1.0).abs() < 1e-9, "{sum}");
        assert!(p.iter().all(|&x| x >= 0.5 / 225.0));
        // Every match starts at 0-0: far more than a uniform cell.
        assert!(p[0] > 10.0 / 225.0, "{}", p[0]);
        // Symmetric in the seats.
        assert!((p[15 * 3 + 7] - p[15 * 7 + 3]).abs() < 1e-12);
    }

    #[test]
    fn cells_are_drawn_by_their_probability() {
        for d in [ScoreDist::Uniform, ScoreDist::MatchPlay] {
            assert_eq!(d.cell(0.0), [0, 0]);
            assert_eq!(d.cell(0.999_999_999), [14, 14]);
            let c = d.cumulative();
            // Just past cell 17's lower edge is cell 17 (1-2).
            assert_eq!(d.cell(c[16] + 1e-12), [1, 2]);
        }
        assert_eq!(
            "match-play".parse::<ScoreDist>().unwrap(),
            ScoreDist::MatchPlay
        );
        assert!("often".parse::<ScoreDist>().is_err());
    }
}
