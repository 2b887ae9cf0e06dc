//! How the training game draws the score at the start of a hand.
//!
//! Uniform scores (each side's points uniform in `0..target`) train every score cell equally,
//! but real matches spend most hands at low scores: a cell like 0-0 is drawn 1 time in 225 at
//! 15 points (1 in 900 at 30) while a match starts there every time. [`ScoreDist::MatchPlay`]
//! draws the cells as often as hands start there in matches of the heuristic bot against
//! itself (both orders of the score alike), mixed half and half with the uniform draw so that
//! no cell goes untrained. The cells are `target * side0 + side1`; a distribution is built
//! once per rule set (arg-1v1 to 15, arg-2v2 to 30).

use std::str::FromStr;
use std::sync::OnceLock;

use rand::SeedableRng;
use truco_bots::heuristic::Heuristic;
use truco_bots::{Bot, BotRng};
use truco_game::{Match, RuleSet};

use crate::error::TrainError;

/// Matches of the heuristic against itself that measure where hands start (heads-up; the team
/// games, four times slower to play, take a quarter).
const MATCHES: u64 = 20_000;
/// Share of the uniform draw in the mixture.
const UNIFORM_SHARE: f64 = 0.5;

/// The score distribution of the training hands.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum ScoreDist {
    /// Each side's points uniform in `0..target`.
    #[default]
    Uniform,
    /// Where matches spend their hands, mixed with the uniform draw (module docs).
    MatchPlay,
}

/// The cells of one distribution at one target.
#[derive(Debug)]
struct Cells {
    target: usize,
    probabilities: Vec<f64>,
    cumulative: Vec<f64>,
}

impl Cells {
    fn new(target: usize, probabilities: Vec<f64>) -> Cells {
        let mut acc = 0.0;
        let mut cumulative: Vec<f64> = probabilities
            .iter()
            .map(|p| {
                acc += p;
                acc
            })
            .collect();
        if let Some(last) = cumulative.last_mut() {
            *last = 1.0;
        }
        Cells {
            target,
            probabilities,
            cumulative,
        }
    }
}

impl ScoreDist {
    /// The name on the command line.
    pub fn name(self) -> &'static str {
        match self {
            ScoreDist::Uniform => "uniform",
            ScoreDist::MatchPlay => "match-play",
        }
    }

    fn cells(self, rules: &RuleSet) -> &'static Cells {
        static CELLS: [OnceLock<Cells>; 4] = [
            OnceLock::new(),
            OnceLock::new(),
            OnceLock::new(),
            OnceLock::new(),
        ];
        let (slot, rules) = if rules.players == 2 {
            (0, RuleSet::ARG_1V1)
        } else {
            (1, RuleSet::ARG_2V2)
        };
        CELLS[self as usize * 2 + slot].get_or_init(|| {
            let t = rules.target as usize;
            match self {
                ScoreDist::Uniform => Cells::new(t, vec![1.0 / (t * t) as f64; t * t]),
                ScoreDist::MatchPlay => Cells::new(t, match_play(rules)),
            }
        })
    }

    /// Probability of each cell `target * side0 + side1` of `rules` (arg-1v1: 15 x 15 cells;
    /// the team games: 30 x 30).
    pub fn probabilities(self, rules: &RuleSet) -> &'static [f64] {
        &self.cells(rules).probabilities
    }

    /// Cumulative probabilities (the last is 1), for sampling.
    pub fn cumulative(self, rules: &RuleSet) -> &'static [f64] {
        &self.cells(rules).cumulative
    }

    /// The cell of a uniform draw `u` in `[0, 1)`.
    pub fn cell(self, rules: &RuleSet, u: f64) -> [u8; 2] {
        let c = self.cells(rules);
        let n = c.target * c.target;
        let i = c.cumulative.partition_point(|&x| x <= u).min(n - 1);
        [(i / c.target) as u8, (i % c.target) as u8]
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
fn match_play(rules: RuleSet) -> Vec<f64> {
    let t = rules.target as usize;
    let mut counts = vec![0u64; t * t];
    let mut rng = BotRng::seed_from_u64(0x5C0E);
    let matches = if rules.players == 2 {
        MATCHES
    } else {
        MATCHES / 4
    };
    for m in 0..matches {
        let mut game = Match::new(rules, 0x5C0E_0000 + m);
        let mut bot = Heuristic;
        let played = game.play(|_, view, legal| bot.act(view, legal.as_slice(), &mut rng));
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
                counts[t * score[0] as usize + score[1] as usize] += 1;
                counts[t * score[1] as usize + score[0] as usize] += 1;
            }
            let k = r.award.team as usize & 1;
            score[k] = score[k].saturating_add(r.award.points).min(t as u8 - 1);
        }
    }
    let total: u64 = counts.iter().sum();
    let n = (t * t) as f64;
    counts
        .iter()
        .map(|&c| UNIFORM_SHARE / n + (1.0 - UNIFORM_SHARE) * c as f64 / total.max(1) as f64)
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn match_play_favours_the_opening_and_covers_every_cell() {
        let r = RuleSet::ARG_1V1;
        let p = ScoreDist::MatchPlay.probabilities(&r);
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
        for (r, t) in [(RuleSet::ARG_1V1, 15u8), (RuleSet::ARG_2V2, 30)] {
            for d in [ScoreDist::Uniform, ScoreDist::MatchPlay] {
                assert_eq!(d.cell(&r, 0.0), [0, 0]);
                assert_eq!(d.cell(&r, 0.999_999_999), [t - 1, t - 1]);
                let c = d.cumulative(&r);
                assert_eq!(c.len(), t as usize * t as usize);
                // Just past cell t+2's lower edge is cell t+2 (1-2).
                assert_eq!(d.cell(&r, c[t as usize + 1] + 1e-12), [1, 2]);
            }
        }
        let p = ScoreDist::MatchPlay.probabilities(&RuleSet::ARG_2V2);
        assert!((p.iter().sum::<f64>() - 1.0).abs() < 1e-9);
        assert!(p[0] > 10.0 / 900.0, "{}", p[0]);
        assert_eq!(
            "match-play".parse::<ScoreDist>().unwrap(),
            ScoreDist::MatchPlay
        );
        assert!("often".parse::<ScoreDist>().is_err());
    }
}
