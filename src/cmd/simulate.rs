//! `truco simulate`: random legal full matches (uniform over the legal actions, seeded) and a
//! summary of match lengths, winners and where the points came from.

use std::fmt;
use std::io::Write;

use rand::{Rng, SeedableRng};
use rand_xoshiro::Xoshiro256PlusPlus;
use truco_game::spot::rules_text;
use truco_game::{Match, PlayError, RuleError, RuleSet, Source, Variant};

/// Arguments of `truco simulate`.
#[derive(clap::Args, Debug, Clone)]
pub struct Args {
    /// Variant id: arg-1v1, arg-2v2, arg-classic, paulista or valencian.
    #[arg(long)]
    pub variant: String,
    /// A rule option, repeatable: --option players=6 --option flor (arg-classic only).
    #[arg(long = "option", value_name = "OPTION")]
    pub options: Vec<String>,
    /// Number of matches to play (at least 1).
    #[arg(long)]
    pub matches: u32,
    /// Seed of the deals and of the random players: the same seed gives the same matches.
    #[arg(long)]
    pub seed: u64,
    /// Print the summary as one JSON object instead of a table.
    #[arg(long)]
    pub json: bool,
}

/// Why a simulation could not run.
#[derive(Debug)]
pub enum SimulateError {
    /// Unknown variant or option.
    Rules(RuleError),
    /// `--matches 0`.
    NoMatches,
    /// The engine refused a legal action (a bug in the engine).
    Engine(PlayError),
    /// The output could not be written.
    Io(std::io::Error),
}

impl fmt::Display for SimulateError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SimulateError::Rules(e) => write!(f, "{e}"),
            SimulateError::NoMatches => f.write_str("--matches must be at least 1"),
            SimulateError::Engine(e) => write!(f, "the engine refused a legal action: {e}"),
            SimulateError::Io(e) => write!(f, "cannot write the summary: {e}"),
        }
    }
}

impl std::error::Error for SimulateError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            SimulateError::Rules(e) => Some(e),
            SimulateError::Engine(e) => Some(e),
            SimulateError::Io(e) => Some(e),
            SimulateError::NoMatches => None,
        }
    }
}

/// The point sources, in report order, with their report names (see [`source_name`] for the
/// names a variant uses).
pub const SOURCES: [(Source, &str); 10] = [
    (Source::Tricks, "tricks"),
    (Source::TrucoDeclined, "truco-declined"),
    (Source::Fold, "fold"),
    (Source::Envido, "envido"),
    (Source::EnvidoDeclined, "envido-declined"),
    (Source::Flor, "flor"),
    (Source::Contraflor, "contraflor"),
    (Source::ContraflorDeclined, "contraflor-declined"),
    (Source::JocFora, "joc-fora"),
    (Source::ElevenRun, "mao-de-onze-run"),
];

/// The report name of `source` in `variant`: valencian says envit and truc.
pub fn source_name(variant: Variant, source: Source) -> &'static str {
    match (variant, source) {
        (Variant::Valencian, Source::Envido) => "envit",
        (Variant::Valencian, Source::EnvidoDeclined) => "envit-declined",
        (Variant::Valencian, Source::TrucoDeclined) => "truc-declined",
        _ => SOURCES[source_index(source)].1,
    }
}

fn source_index(s: Source) -> usize {
    SOURCES.iter().position(|&(x, _)| x == s).unwrap_or(0)
}

/// What a simulation measured.
#[derive(Debug, Clone, PartialEq)]
pub struct Summary {
    /// The rule set in spot notation (variant and options).
    pub rules: String,
    /// The variant (it names the sources).
    pub variant: Variant,
    /// The seed.
    pub seed: u64,
    /// Matches played.
    pub matches: u32,
    /// Hands played in all matches.
    pub hands: u64,
    /// Fewest hands in a match.
    pub hands_min: u32,
    /// Most hands in a match.
    pub hands_max: u32,
    /// Matches won by team 0 and team 1.
    pub wins: [u32; 2],
    /// Points per source (in [`SOURCES`] order) per team.
    pub points: [[u64; 2]; 10],
}

impl Summary {
    /// All points scored.
    pub fn total_points(&self) -> u64 {
        self.points.iter().map(|p| p[0] + p[1]).sum()
    }
    /// Mean hands per match.
    pub fn hands_mean(&self) -> f64 {
        self.hands as f64 / self.matches.max(1) as f64
    }
    /// Mean points scored per hand (both teams).
    pub fn points_per_hand(&self) -> f64 {
        self.total_points() as f64 / self.hands.max(1) as f64
    }
    /// The share of all points that source `i` gave.
    pub fn share(&self, i: usize) -> f64 {
        let p = self.points[i];
        (p[0] + p[1]) as f64 / self.total_points().max(1) as f64
    }

    /// Writes the summary as a table.
    pub fn write_text(&self, out: &mut impl Write) -> std::io::Result<()> {
        let m = self.matches as f64;
        writeln!(
            out,
            "{}: {} matches, seed {}",
            self.rules, self.matches, self.seed
        )?;
        writeln!(
            out,
            "hands per match: mean {:.2}, min {}, max {}",
            self.hands_mean(),
            self.hands_min,
            self.hands_max
        )?;
        writeln!(
            out,
            "wins: team 0 {} ({:.1}%), team 1 {} ({:.1}%)",
            self.wins[0],
            100.0 * self.wins[0] as f64 / m,
            self.wins[1],
            100.0 * self.wins[1] as f64 / m
        )?;
        writeln!(
            out,
            "{:<22} {:>10} {:>10} {:>7}",
            "points by source", "team 0", "team 1", "share"
        )?;
        for (i, &(src, _)) in SOURCES.iter().enumerate() {
            let name = source_name(self.variant, src);
            let p = self.points[i];
            writeln!(
                out,
                "  {name:<20} {:>10} {:>10} {:>6.1}%",
                p[0],
                p[1],
                100.0 * self.share(i)
            )?;
        }
        let t: [u64; 2] = [0, 1].map(|k| self.points.iter().map(|p| p[k]).sum());
        writeln!(
            out,
            "  {:<20} {:>10} {:>10} {:>6.1}%",
            "total", t[0], t[1], 100.0
        )?;
        writeln!(out, "points per hand: {:.3}", self.points_per_hand())
    }

    /// Writes the summary as one JSON object (fixed keys, numbers and the rules string).
    pub fn write_json(&self, out: &mut impl Write) -> std::io::Result<()> {
        let by_source = |f: &dyn Fn(usize) -> String| {
            SOURCES
                .iter()
                .enumerate()
                .map(|(i, &(src, _))| format!("\"{}\":{}", source_name(self.variant, src), f(i)))
                .collect::<Vec<_>>()
                .join(",")
        };
        let points = by_source(&|i| format!("[{},{}]", self.points[i][0], self.points[i][1]));
        let share = by_source(&|i| format!("{:.6}", self.share(i)));
        writeln!(
            out,
            "{{\"rules\":\"{}\",\"seed\":{},\"matches\":{},\"hands_per_match\":{{\"mean\":{:.4},\"min\":{},\"max\":{}}},\"wins\":[{},{}],\"points\":{{{points}}},\"share\":{{{share}}},\"total_points\":{},\"points_per_hand\":{:.6}}}",
            self.rules,
            self.seed,
            self.matches,
            self.hands_mean(),
            self.hands_min,
            self.hands_max,
            self.wins[0],
            self.wins[1],
            self.total_points(),
            self.points_per_hand()
        )
    }
}

/// Plays `matches` random legal matches of `rules` from `seed`.
pub fn simulate(rules: RuleSet, matches: u32, seed: u64) -> Result<Summary, SimulateError> {
    if matches == 0 {
        return Err(SimulateError::NoMatches);
    }
    let name = rules_text(&rules).unwrap_or_else(|_| rules.variant.id().to_string());
    let mut seeds = Xoshiro256PlusPlus::seed_from_u64(seed);
    let mut player = Xoshiro256PlusPlus::seed_from_u64(seed ^ 0x05EE_D0F7_A1E5);
    let mut s = Summary {
        rules: name,
        variant: rules.variant,
        seed,
        matches,
        hands: 0,
        hands_min: u32::MAX,
        hands_max: 0,
        wins: [0, 0],
        points: [[0; 2]; 10],
    };
    for _ in 0..matches {
        let mut m = Match::new(rules, seeds.next_u64());
        let winner = m
            .play(|_, _, legal| {
                let k = ((player.next_u32() as u64 * legal.len() as u64) >> 32) as usize;
                legal.as_slice()[k]
            })
            .map_err(SimulateError::Engine)?;
        s.wins[winner as usize & 1] += 1;
        let h = m.hands_played();
        s.hands += h as u64;
        s.hands_min = s.hands_min.min(h);
        s.hands_max = s.hands_max.max(h);
        for r in m.records() {
            s.points[source_index(r.award.source)][r.award.team as usize & 1] +=
                r.award.points as u64;
        }
    }
    Ok(s)
}

/// Runs `truco simulate`.
pub fn run(args: &Args, out: &mut impl Write) -> Result<(), SimulateError> {
    let opts: Vec<&str> = args.options.iter().map(String::as_str).collect();
    let rules = RuleSet::new(&args.variant, &opts).map_err(SimulateError::Rules)?;
    let summary = simulate(rules, args.matches, args.seed)?;
    if args.json {
        summary.write_json(out)
    } else {
        summary.write_text(out)
    }
    .map_err(SimulateError::Io)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn seeded_and_consistent() {
        let a = simulate(RuleSet::ARG_2V2, 20, 5).unwrap();
        assert_eq!(
            a,
            simulate(RuleSet::ARG_2V2, 20, 5).unwrap(),
            "same seed, same result"
        );
        assert_ne!(a, simulate(RuleSet::ARG_2V2, 20, 6).unwrap());
        assert_eq!(a.wins[0] + a.wins[1], 20);
        assert!(a.hands_min <= a.hands_max && a.hands_min >= 1);
        // Every match ends at 30 for the winner: the winners' points are at least 30 each.
        let t: u64 = a.total_points();
        assert!(t >= 30 * 20, "{t}");
        let shares: f64 = (0..SOURCES.len()).map(|i| a.share(i)).sum();
        assert!((shares - 1.0).abs() < 1e-9);
        assert_eq!(a.rules, "arg-2v2");
    }

    #[test]
    fn flor_only_with_the_option() {
        let plain = simulate(RuleSet::ARG_CLASSIC, 30, 1).unwrap();
        let f = source_index(Source::Flor);
        assert_eq!(plain.points[f], [0, 0]);
        let flor = RuleSet::new("arg-classic", &["flor", "players=6"]).unwrap();
        let with = simulate(flor, 30, 1).unwrap();
        assert!(with.points[f][0] + with.points[f][1] > 0);
        assert_eq!(with.rules, "arg-classic players=6 flor");
    }

    #[test]
    fn paulista_and_valencian_sources() {
        let p = simulate(RuleSet::PAULISTA, 40, 2).unwrap();
        assert_eq!(p.wins[0] + p.wins[1], 40);
        let run = source_index(Source::ElevenRun);
        assert!(
            p.points[run][0] + p.points[run][1] > 0,
            "someone ran from a mão de onze"
        );
        let e = source_index(Source::Envido);
        assert_eq!(p.points[e], [0, 0], "no envido in paulista");
        let v = simulate(RuleSet::VALENCIAN, 20, 2).unwrap();
        assert!(v.points[e][0] + v.points[e][1] > 0, "envit points");
        let mut text = Vec::new();
        v.write_text(&mut text).unwrap();
        let text = String::from_utf8(text).unwrap();
        assert!(text.starts_with("valencian: 20 matches"), "{text}");
        for name in ["envit", "envit-declined", "truc-declined", "joc-fora"] {
            assert!(text.contains(name), "{name} in {text}");
        }
        let mut json = Vec::new();
        p.write_json(&mut json).unwrap();
        assert!(String::from_utf8(json)
            .unwrap()
            .contains("\"mao-de-onze-run\":["));
    }

    #[test]
    fn bad_input_is_a_typed_error() {
        assert!(matches!(
            simulate(RuleSet::ARG_1V1, 0, 1),
            Err(SimulateError::NoMatches)
        ));
        let args = Args {
            variant: "arg-3v3".into(),
            options: vec![],
            matches: 1,
            seed: 0,
            json: false,
        };
        let e = run(&args, &mut Vec::new()).unwrap_err();
        assert!(e.to_string().contains("unknown variant `arg-3v3`"), "{e}");
    }

    #[test]
    fn text_and_json_outputs() {
        let s = simulate(RuleSet::ARG_1V1, 3, 9).unwrap();
        let mut text = Vec::new();
        s.write_text(&mut text).unwrap();
        let text = String::from_utf8(text).unwrap();
        assert!(text.starts_with("arg-1v1: 3 matches, seed 9\n"), "{text}");
        assert!(text.contains("truco-declined"));
        let mut json = Vec::new();
        s.write_json(&mut json).unwrap();
        let json = String::from_utf8(json).unwrap();
        assert!(
            json.starts_with("{\"rules\":\"arg-1v1\",\"seed\":9,\"matches\":3,"),
            "{json}"
        );
        assert_eq!(json.matches('{').count(), json.matches('}').count());
    }
}
