//! The arena's report: win rate and points per hand with 95% intervals, points by source.

use std::fmt;

use serde::Serialize;
use truco_game::Source;

use crate::arena::{ArenaConfig, MatchOutcome};
use crate::stats::{paired_rate, wilson, Estimate, Moments};
use truco_bots::Fallbacks;

/// Points won by one side, by the rule that gave them (totals over all matches).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize)]
pub struct SourcePoints {
    /// Accepted envido chains won on totals (and faltas).
    pub envido: u64,
    /// Envido chains the other side declined.
    pub envido_declined: u64,
    /// Uncontested flors and plain flor contests.
    pub flor: u64,
    /// Accepted contraflors.
    pub contraflor: u64,
    /// Contraflors the other side declined.
    pub contraflor_declined: u64,
    /// Hands won in the tricks, at their truco value.
    pub tricks: u64,
    /// Truco calls the other side declined.
    pub truco_declined: u64,
    /// Hands the other side folded.
    pub fold: u64,
}

impl SourcePoints {
    /// Adds `points` from `source`.
    pub fn add(&mut self, source: Source, points: u64) {
        let slot = match source {
            Source::Envido => &mut self.envido,
            Source::EnvidoDeclined => &mut self.envido_declined,
            Source::Flor => &mut self.flor,
            Source::Contraflor => &mut self.contraflor,
            Source::ContraflorDeclined => &mut self.contraflor_declined,
            // Minimal arms for the paulista / valencian sources (a joc fora is a hand won in
            // the tricks; running from a mão de onze is a refusal).
            Source::Tricks | Source::JocFora => &mut self.tricks,
            Source::TrucoDeclined | Source::ElevenRun => &mut self.truco_declined,
            Source::Fold => &mut self.fold,
        };
        *slot += points;
    }

    /// Adds every count of `other`.
    pub fn merge(&mut self, other: &SourcePoints) {
        self.envido += other.envido;
        self.envido_declined += other.envido_declined;
        self.flor += other.flor;
        self.contraflor += other.contraflor;
        self.contraflor_declined += other.contraflor_declined;
        self.tricks += other.tricks;
        self.truco_declined += other.truco_declined;
        self.fold += other.fold;
    }

    /// All points.
    pub fn total(&self) -> u64 {
        self.envido
            + self.envido_declined
            + self.flor
            + self.contraflor
            + self.contraflor_declined
            + self.tricks
            + self.truco_declined
            + self.fold
    }

    /// The groups of the report: envido, truco (tricks), refusals, folds, flor.
    fn groups(&self) -> [(&'static str, u64); 5] {
        [
            ("envido", self.envido),
            ("truco", self.tricks),
            (
                "refusals",
                self.envido_declined + self.truco_declined + self.contraflor_declined,
            ),
            ("folds", self.fold),
            ("flor", self.flor + self.contraflor),
        ]
    }
}

/// The two matches of a duplicate pair, seen from bot A.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PairResult {
    /// A on team 0, then A on team 1.
    pub matches: [MatchOutcome; 2],
}

impl From<[MatchOutcome; 2]> for PairResult {
    fn from(matches: [MatchOutcome; 2]) -> PairResult {
        PairResult { matches }
    }
}

impl PairResult {
    /// A's matches won in the pair (0, 1 or 2).
    pub fn a_wins(&self) -> u64 {
        self.matches.iter().filter(|m| m.a_won).count() as u64
    }

    /// Hands played in the pair.
    pub fn hands(&self) -> u64 {
        self.matches.iter().map(|m| m.hands as u64).sum()
    }

    /// A's points minus B's points over the pair.
    pub fn net(&self) -> i64 {
        self.matches
            .iter()
            .map(|m| m.points[0].total() as i64 - m.points[1].total() as i64)
            .sum()
    }
}

/// What an arena run measured. Intervals are 95%.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Report {
    /// Variant id.
    pub variant: String,
    /// Variant options.
    pub options: Vec<String>,
    /// Bot A.
    pub a: String,
    /// Bot B.
    pub b: String,
    /// The arena seed.
    pub seed: u64,
    /// Matches played (two per pair).
    pub matches: u64,
    /// Duplicate pairs played.
    pub pairs: u64,
    /// Matches A won.
    pub a_wins: u64,
    /// Pairs where each bot won one match (the deals decided them).
    pub split_pairs: u64,
    /// A's match win rate; the interval treats each duplicate pair as one observation.
    pub win_rate: Estimate,
    /// A's match win rate with Wilson's interval over single matches (ignores the pairing).
    pub win_rate_wilson: Estimate,
    /// A's points minus B's points per hand; each pair (its net points over its hands) is one
    /// observation.
    pub points_per_hand: Estimate,
    /// Hands per match (mean, Student-t interval over matches).
    pub hands_per_match: Estimate,
    /// Hands played in all.
    pub hands: u64,
    /// A's points by source (totals).
    pub points_a: SourcePoints,
    /// B's points by source (totals).
    pub points_b: SourcePoints,
    /// A table bot A's decisions and fallbacks (spots its table never saw); `None` otherwise.
    pub fallbacks_a: Option<Fallbacks>,
    /// The same for B.
    pub fallbacks_b: Option<Fallbacks>,
}

/// A running aggregate of pair results, fed in pair order (memory does not grow with the
/// number of pairs).
#[derive(Clone, Copy, Debug, Default)]
pub struct Tally {
    rate: Moments,
    pph: Moments,
    hpm: Moments,
    points_a: SourcePoints,
    points_b: SourcePoints,
    pairs: u64,
    wins: u64,
    split: u64,
    hands: u64,
    fallbacks: [Option<Fallbacks>; 2],
}

impl Tally {
    /// Adds one pair.
    pub fn push(&mut self, p: &PairResult) {
        let w = p.a_wins();
        self.pairs += 1;
        self.wins += w;
        self.split += u64::from(w == 1);
        self.rate.push(w as f64 / 2.0);
        self.pph.push(p.net() as f64 / p.hands().max(1) as f64);
        self.hands += p.hands();
        for m in &p.matches {
            self.hpm.push(m.hands as f64);
            self.points_a.merge(&m.points[0]);
            self.points_b.merge(&m.points[1]);
            for side in 0..2 {
                self.fallbacks[side] = Fallbacks::merge(self.fallbacks[side], m.fallbacks[side]);
            }
        }
    }

    /// The report of the pairs added so far.
    pub fn report(&self, cfg: &ArenaConfig, a: &str, b: &str) -> Report {
        let matches = 2 * self.pairs;
        Report {
            variant: cfg.variant.clone(),
            options: cfg.options.clone(),
            a: a.to_string(),
            b: b.to_string(),
            seed: cfg.seed,
            matches,
            pairs: self.pairs,
            a_wins: self.wins,
            split_pairs: self.split,
            win_rate: paired_rate(&self.rate),
            win_rate_wilson: wilson(self.wins as f64, matches as f64),
            points_per_hand: self.pph.t_interval(),
            hands_per_match: self.hpm.t_interval(),
            hands: self.hands,
            points_a: self.points_a,
            points_b: self.points_b,
            fallbacks_a: self.fallbacks[0],
            fallbacks_b: self.fallbacks[1],
        }
    }
}

impl Report {
    /// Aggregates the pairs, in order (the same report for the same pairs).
    pub fn build(cfg: &ArenaConfig, a: &str, b: &str, pairs: &[PairResult]) -> Report {
        let mut t = Tally::default();
        for p in pairs {
            t.push(p);
        }
        t.report(cfg, a, b)
    }
}

fn pct(e: &Estimate) -> String {
    format!(
        "{:.1}% [{:.1}%, {:.1}%]",
        100.0 * e.value,
        100.0 * e.low,
        100.0 * e.high
    )
}

impl fmt::Display for Report {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let opts = if self.options.is_empty() {
            String::new()
        } else {
            format!(" ({})", self.options.join(", "))
        };
        writeln!(
            f,
            "{}{}: A = {} vs B = {}, {} matches ({} duplicate pairs), seed {}",
            self.variant, opts, self.a, self.b, self.matches, self.pairs, self.seed
        )?;
        writeln!(
            f,
            "A wins {}/{} matches: {} (pairs as observations; Wilson over matches {}), {} split pairs",
            self.a_wins,
            self.matches,
            pct(&self.win_rate),
            pct(&self.win_rate_wilson),
            self.split_pairs
        )?;
        let e = &self.points_per_hand;
        writeln!(
            f,
            "A net points per hand: {:+.3} [{:+.3}, {:+.3}]",
            e.value, e.low, e.high
        )?;
        let h = &self.hands_per_match;
        writeln!(
            f,
            "hands per match: {:.1} [{:.1}, {:.1}], {} hands in all",
            h.value, h.low, h.high, self.hands
        )?;
        let per = |x: u64| x as f64 / self.matches.max(1) as f64;
        writeln!(f, "points per match by source:      A        B")?;
        for ((name, a), (_, b)) in self.points_a.groups().iter().zip(self.points_b.groups()) {
            writeln!(f, "  {name:<28} {:>7.2}  {:>7.2}", per(*a), per(b))?;
        }
        write!(
            f,
            "  {:<28} {:>7.2}  {:>7.2}",
            "total",
            per(self.points_a.total()),
            per(self.points_b.total())
        )?;
        for (side, fb) in [("A", self.fallbacks_a), ("B", self.fallbacks_b)] {
            if let Some(fb) = fb {
                write!(
                    f,
                    "\n{side}'s table did not know {} of its {} decisions ({:.2}%: played by the search bot)",
                    fb.fallbacks,
                    fb.decisions,
                    100.0 * fb.fallbacks as f64 / fb.decisions.max(1) as f64
                )?;
                if fb.searched + fb.searches_given_up > 0 {
                    write!(
                        f,
                        "\n{side} searched {} decisions; {} of the searches gave up (failed or out of time) and the table answered",
                        fb.searched + fb.searches_given_up,
                        fb.searches_given_up
                    )?;
                }
                if fb.folds_dropped + fb.bets_refused + fb.bluffs_dropped > 0 {
                    write!(
                        f,
                        "\n{side}'s table bot played on where {} folds were dominated, refused {} bets below their break-even and made no big bluff in {} spots (a falta or joc fora below even)",
                        fb.folds_dropped, fb.bets_refused, fb.bluffs_dropped
                    )?;
                }
                if fb.truco_bluffs_dropped + fb.envido_bluffs_dropped > 0 {
                    write!(
                        f,
                        "\n{side}'s table bot made no truco bluff in {} spots (a raise on a hand more likely lost than won) and no envido bluff in {} (against opponents who seldom decline one)",
                        fb.truco_bluffs_dropped, fb.envido_bluffs_dropped
                    )?;
                }
                if fb.erratic_decisions > 0 {
                    write!(
                        f,
                        "\n{side}'s table bot played {} decisions as the search bot, against opponents who had shown themselves erratic (folds or envido answers no sound player makes)",
                        fb.erratic_decisions
                    )?;
                }
            }
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn outcome(a_won: bool, hands: u32, a_pts: u64, b_pts: u64) -> MatchOutcome {
        let mut pa = SourcePoints::default();
        pa.add(Source::Tricks, a_pts);
        let mut pb = SourcePoints::default();
        pb.add(Source::Envido, b_pts);
        MatchOutcome {
            a_won,
            hands,
            points: [pa, pb],
            fallbacks: [None, None],
        }
    }

    #[test]
    fn aggregates_pairs() {
        let cfg = ArenaConfig {
            variant: "arg-1v1".into(),
            options: vec![],
            matches: 4,
            seed: 1,
        };
        let pairs = [
            PairResult::from([outcome(true, 10, 15, 5), outcome(false, 10, 8, 15)]),
            PairResult::from([outcome(true, 5, 15, 0), outcome(true, 5, 15, 2)]),
        ];
        let r = Report::build(&cfg, "x", "y", &pairs);
        assert_eq!((r.matches, r.pairs, r.a_wins, r.split_pairs), (4, 2, 3, 1));
        assert_eq!(r.win_rate.value, 0.75);
        assert_eq!(r.hands, 30);
        assert_eq!(r.points_a.tricks, 53);
        assert_eq!(r.points_b.envido, 22);
        // Pair nets: (15-5 + 8-15)/20 = 0.15 and (15 + 13)/10 = 2.8.
        assert!((r.points_per_hand.value - (0.15 + 2.8) / 2.0).abs() < 1e-12);
        assert_eq!(r.hands_per_match.value, 7.5);
        let text = r.to_string();
        assert!(text.contains("A wins 3/4"), "{text}");
        let json = serde_json_like(&r);
        assert!(json.contains("points_per_hand"));
    }

    fn serde_json_like(r: &Report) -> String {
        serde_json::to_string(r).unwrap()
    }

    #[test]
    fn source_groups() {
        let mut s = SourcePoints::default();
        for (src, p) in [
            (Source::Envido, 2),
            (Source::EnvidoDeclined, 1),
            (Source::TrucoDeclined, 1),
            (Source::Fold, 3),
            (Source::Flor, 3),
            (Source::Contraflor, 6),
            (Source::Tricks, 4),
        ] {
            s.add(src, p);
        }
        assert_eq!(s.total(), 20);
        let g = s.groups();
        assert_eq!(g[2], ("refusals", 2));
        assert_eq!(g[4], ("flor", 9));
    }
}
