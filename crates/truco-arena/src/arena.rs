//! Duplicate matches: every deal sequence is played twice, with the bots' seats swapped.
//!
//! Pair `i` draws a deal seed from the arena seed; both of its matches use [`Match::new`] with
//! that seed, so the first dealer and every hand's cards are the same in both (the engine deals
//! from its own generator, which no bot touches). In the first match bot A holds the team-0
//! seats, in the second the team-1 seats: A gets the cards B had. Each bot draws from its own
//! generator, seeded from (arena seed, pair, match, side). Pairs run in parallel with rayon and
//! are collected in pair order, so a seed gives the same report on any number of threads.

use rand::SeedableRng;
use rayon::prelude::*;
use thiserror::Error;
use truco_game::{
    Action, ActionList, Card, Match, PlayError, PublicState, RuleError, RuleSet, View,
};

use truco_bots::{Bot, BotRng, HandEvents};

use crate::report::{PairResult, Report, SourcePoints, Tally};
use crate::spec::BotError;

/// What to play.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ArenaConfig {
    /// Variant id (`arg-1v1`, `arg-2v2`, `arg-classic`).
    pub variant: String,
    /// Variant options (`flor`, `players=6`...).
    pub options: Vec<String>,
    /// Matches to play (rounded up to an even number: whole duplicate pairs).
    pub matches: u64,
    /// The seed of every deal and every bot generator.
    pub seed: u64,
}

/// Why an arena run failed.
#[derive(Debug, Error)]
pub enum ArenaError {
    /// The variant or an option is invalid.
    #[error(transparent)]
    Rules(#[from] RuleError),
    /// A bot could not be built.
    #[error(transparent)]
    Bot(#[from] BotError),
    /// No match to play.
    #[error("the number of matches must be at least 1")]
    NoMatches,
    /// A bot chose an action that is not legal.
    #[error("bot `{bot}` chose the illegal action `{action}`")]
    IllegalAction {
        /// The bot's name.
        bot: String,
        /// The action.
        action: Action,
    },
    /// The engine refused a move (a bug of the engine or the arena).
    #[error("engine error: {0}")]
    Engine(#[from] PlayError),
}

/// One action seen by the arena when tracing: which hand, which match seat, its dealt cards,
/// and whether bot A chose it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TraceEntry {
    /// The hand number in the match (0-based).
    pub hand: u32,
    /// The match seat that acted.
    pub seat: u8,
    /// The cards dealt to that seat for this hand.
    pub dealt: [Card; 3],
    /// Whether bot A chose the action.
    pub by_a: bool,
}

/// SplitMix64 finalizer: a well-mixed 64-bit value from `x`.
pub fn mix(mut x: u64) -> u64 {
    x = x.wrapping_add(0x9E37_79B9_7F4A_7C15);
    x = (x ^ (x >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    x = (x ^ (x >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    x ^ (x >> 31)
}

/// The deal seed of pair `pair`.
pub fn deal_seed(seed: u64, pair: u64) -> u64 {
    mix(mix(seed) ^ pair.wrapping_mul(0xD6E8_FEB8_6659_FD93))
}

/// The generator seed of a bot in pair `pair`, match `leg` (0 or 1), side `side` (0 = A).
fn bot_seed(seed: u64, pair: u64, leg: u8, side: u8) -> u64 {
    mix(deal_seed(seed, pair) ^ mix(0xB07 + leg as u64 * 2 + side as u64))
}

/// Whether `public` is a hand before its first action (no seat has acted yet).
fn is_hand_start(public: &PublicState) -> bool {
    (0..public.rules().players).all(|s| !public.has_acted(s))
}

/// One side of a match: a bot and its own generator.
pub struct Side<'a> {
    /// The bot.
    pub bot: &'a mut dyn Bot,
    /// Its generator.
    pub rng: &'a mut BotRng,
}

/// Plays one full match: side `a` holds the seats of team `a_team`, `b` the others. Every hand
/// is dealt from `deal_seed` alone. With `trace`, every action is recorded.
pub fn play_match(
    rules: RuleSet,
    deal_seed: u64,
    a_team: u8,
    a: Side<'_>,
    b: Side<'_>,
    mut trace: Option<&mut Vec<TraceEntry>>,
) -> Result<MatchOutcome, ArenaError> {
    let (a, rng_a, b, rng_b) = (a.bot, a.rng, b.bot, b.rng);
    let mut m = Match::new(rules, deal_seed);
    let mut illegal: Option<(String, Action)> = None;
    let mut hand: Option<u32> = None;
    let mut events = HandEvents::new();
    let choose = |seat: u8, view: &View, legal: &ActionList| -> Action {
        events.observe(view);
        let by_a = seat % 2 == a_team;
        if let Some(t) = trace.as_deref_mut() {
            if is_hand_start(view.public()) {
                hand = Some(hand.map_or(0, |h| h + 1));
            }
            t.push(TraceEntry {
                hand: hand.unwrap_or(0),
                seat,
                dealt: view.dealt(),
                by_a,
            });
        }
        let seen = events.as_slice();
        let action = if by_a {
            a.at_match_seat(seat);
            a.act_in_hand(view, seen, legal.as_slice(), rng_a)
        } else {
            b.at_match_seat(seat);
            b.act_in_hand(view, seen, legal.as_slice(), rng_b)
        };
        if legal.contains(action) {
            a.seen(view.public(), action, !by_a);
            b.seen(view.public(), action, by_a);
            events.record(view, action);
            action
        } else {
            if illegal.is_none() {
                let name = if by_a { a.name() } else { b.name() };
                illegal = Some((name.to_string(), action));
            }
            events.record(view, legal.as_slice()[0]);
            legal.as_slice()[0]
        }
    };
    let winner = m.play(choose)?;
    if let Some((bot, action)) = illegal {
        return Err(ArenaError::IllegalAction { bot, action });
    }
    let mut points = [SourcePoints::default(); 2];
    for r in m.records() {
        let side = usize::from(r.award.team != a_team);
        points[side].add(r.award.source, r.award.points as u64);
    }
    Ok(MatchOutcome {
        a_won: winner == a_team,
        hands: m.hands_played(),
        points,
        fallbacks: [a.fallbacks(), b.fallbacks()],
    })
}

/// The result of one match, seen from bot A.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct MatchOutcome {
    /// Whether A won.
    pub a_won: bool,
    /// Hands played.
    pub hands: u32,
    /// Points by source: A, then B.
    pub points: [SourcePoints; 2],
    /// Table bots' decisions and fallbacks in the match: A, then B (`None`: no table).
    pub fallbacks: [Option<truco_bots::Fallbacks>; 2],
}

/// Plays duplicate pair `pair`: the same deal seed with A on team 0, then on team 1.
pub fn play_pair<FA, FB>(
    rules: RuleSet,
    seed: u64,
    pair: u64,
    make_a: &FA,
    make_b: &FB,
    trace: Option<&mut [Vec<TraceEntry>; 2]>,
) -> Result<[MatchOutcome; 2], ArenaError>
where
    FA: Fn() -> Box<dyn Bot> + Sync,
    FB: Fn() -> Box<dyn Bot> + Sync,
{
    let ds = deal_seed(seed, pair);
    let [t0, t1] = match trace {
        Some([x, y]) => [Some(x), Some(y)],
        None => [None, None],
    };
    let leg = |leg: u8, t: Option<&mut Vec<TraceEntry>>| {
        let (mut a, mut b) = (make_a(), make_b());
        let mut ra = BotRng::seed_from_u64(bot_seed(seed, pair, leg, 0));
        let mut rb = BotRng::seed_from_u64(bot_seed(seed, pair, leg, 1));
        let sa = Side {
            bot: a.as_mut(),
            rng: &mut ra,
        };
        let sb = Side {
            bot: b.as_mut(),
            rng: &mut rb,
        };
        play_match(rules, ds, leg, sa, sb, t)
    };
    Ok([leg(0, t0)?, leg(1, t1)?])
}

/// Runs the arena with bots made by `make_a` and `make_b` (a fresh bot per match).
pub fn run<FA, FB>(cfg: &ArenaConfig, make_a: FA, make_b: FB) -> Result<Report, ArenaError>
where
    FA: Fn() -> Box<dyn Bot> + Sync,
    FB: Fn() -> Box<dyn Bot> + Sync,
{
    let opts: Vec<&str> = cfg.options.iter().map(String::as_str).collect();
    let rules = RuleSet::new(&cfg.variant, &opts)?;
    if cfg.matches == 0 {
        return Err(ArenaError::NoMatches);
    }
    let pairs = cfg.matches.div_ceil(2);
    let mut tally = Tally::default();
    let mut start = 0u64;
    while start < pairs {
        // Play a chunk in parallel, then fold it in pair order: bounded memory, and the same
        // floating-point sums on any thread count.
        let end = pairs.min(start + CHUNK);
        let chunk: Vec<[MatchOutcome; 2]> = (start..end)
            .into_par_iter()
            .map(|i| play_pair(rules, cfg.seed, i, &make_a, &make_b, None))
            .collect::<Result<_, _>>()?;
        for r in chunk {
            tally.push(&PairResult::from(r));
        }
        start = end;
    }
    let (name_a, name_b) = (make_a().name().to_string(), make_b().name().to_string());
    Ok(tally.report(cfg, &name_a, &name_b))
}

/// Pairs played per parallel chunk.
const CHUNK: u64 = 4096;

/// Runs the arena with two named bots.
pub fn run_specs(
    cfg: &ArenaConfig,
    a: &crate::BotSpec,
    b: &crate::BotSpec,
) -> Result<Report, ArenaError> {
    let opts: Vec<&str> = cfg.options.iter().map(String::as_str).collect();
    let rules = RuleSet::new(&cfg.variant, &opts)?;
    let mut report = run(cfg, a.maker_for(&rules)?, b.maker_for(&rules)?)?;
    report.a = a.to_string();
    report.b = b.to_string();
    Ok(report)
}
