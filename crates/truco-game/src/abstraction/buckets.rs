//! The lossy `arg-1v1-buckets-v1` abstraction, for training the full game in hours rather than
//! weeks: the exact key space of `arg-1v1-tiers-v1` (1,812 hand classes x 147 score buckets x
//! the betting, with when each call came) has billions of information sets.
//!
//! It keeps what decides the play and drops detail (see `abstractions/arg-1v1.md`):
//! - own **unplayed** cards by strength group (6 groups of tiers, sorted), no suits;
//! - the envido value in 7 buckets while the envido is not settled, nothing after;
//! - past tricks as results (won / lost / parda), the opponent's card of the current trick by
//!   strength group (what a follower must beat);
//! - the score as the smaller need (points to 15, hence the falta value) in 4 buckets (1-2,
//!   3-5, 6-11, 12+) and whether the opponent is the closer side;
//! - the truco ladder and the envido chain as in the tiers abstraction; the opponent's revealed
//!   envido total in 5 buckets; no event order.

use crate::action::NONE;
use crate::tricks::PARDA;
use crate::view::View;

use super::equity::EquityBuckets;
use super::hand::tier;

/// Radices of the `arg-1v1-buckets-v1` key, most significant first.
pub const BUCKET_RADICES: [u64; 10] = [343, 7, 2, 8, 64, 7, 36, 12, 6, 5];

/// Radices of the `arg-1v1-buckets-v2` key: 8 card groups (9^3 hands) and, for the card on the
/// table, its group times whether each own card beats, ties or loses to it (9 x 27).
pub const BUCKET_RADICES_V2: [u64; 10] = [729, 7, 2, 8, 64, 243, 36, 12, 6, 5];

/// Radices of the `arg-1v1-buckets-v3` key: v2 with the tricks digit times the strongest group
/// the opponent showed in a finished trick (9: none or group 1..8).
pub const BUCKET_RADICES_V3: [u64; 10] = [729, 7, 2, 8, 576, 243, 36, 12, 6, 5];

/// Radices of `arg-1v1-equity-v1`: v1 with a full hand keyed by its measured bucket (54, as
/// many as v1's groups make of three cards), and fewer cards by v1's groups (343 codes after).
pub const BUCKET_RADICES_EQUITY: [u64; 10] = [54 + 343, 7, 2, 8, 64, 7, 36, 12, 6, 5];

/// Radices of `arg-1v1-equity-coarse-v1`: the same with 32 measured buckets.
pub const BUCKET_RADICES_EQUITY_COARSE: [u64; 10] = [32 + 343, 7, 2, 8, 64, 7, 36, 12, 6, 5];

/// The bucket abstractions' card grouping.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Grouping {
    /// v1: 6 groups, the table card by group only.
    Six,
    /// v2: 8 groups, and each own card's result against the table card.
    Eight,
    /// v3: v2 plus the strongest card the opponent showed in a finished trick.
    EightShown,
    /// v1 with a full hand keyed by its measured bucket (`equity` module).
    Equity(EquityKind),
}

/// Which measured clustering of the full hands an `equity` abstraction uses.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum EquityKind {
    /// 54 buckets (`arg-1v1-equity-v1`).
    Fine,
    /// 32 buckets (`arg-1v1-equity-coarse-v1`).
    Coarse,
}

/// `abstractions/arg-1v1-equity-v1.toml`, parsed at first use.
pub(crate) static EQUITY_FINE: EquityBuckets = EquityBuckets::new(super::DEFINITION_EQUITY);
/// `abstractions/arg-1v1-equity-coarse-v1.toml`, parsed at first use.
pub(crate) static EQUITY_COARSE: EquityBuckets =
    EquityBuckets::new(super::DEFINITION_EQUITY_COARSE);

impl EquityKind {
    pub(crate) fn buckets(self) -> &'static EquityBuckets {
        match self {
            EquityKind::Fine => &EQUITY_FINE,
            EquityKind::Coarse => &EQUITY_COARSE,
        }
    }
}

/// v1 strength group of each tier (index = tier 1..=14; 0 = no card): anchos (1E 1B), good
/// sevens (7E 7O), threes, twos and false aces (2s, 1C 1O), figures (12 11 10), low (7B 7C 6 5 4).
const GROUP: [u8; 15] = [0, 1, 1, 2, 2, 3, 4, 4, 5, 5, 5, 6, 6, 6, 6];

/// v2 groups: anchos, good sevens, threes, twos, false aces, figures, 7B 7C 6, 5 4.
const GROUP_V2: [u8; 15] = [0, 1, 1, 2, 2, 3, 4, 5, 6, 6, 6, 7, 7, 8, 8];

impl Grouping {
    pub(crate) fn group(self, tier: u8) -> u8 {
        let table = match self {
            Grouping::Six | Grouping::Equity(_) => &GROUP,
            _ => &GROUP_V2,
        };
        table.get(tier as usize).copied().unwrap_or(0)
    }

    /// Radix of one card slot (the groups plus "no card").
    pub(crate) fn slot_radix(self) -> u64 {
        match self {
            Grouping::Six | Grouping::Equity(_) => 7,
            _ => 9,
        }
    }
}

/// Envido value bucket: 0-3, 4-7, 20-24, 25-27, 28-30, 31-33 -> 1..=6.
pub(crate) fn envido_bucket(v: u8) -> u64 {
    match v {
        0..=3 => 1,
        4..=7 => 2,
        8..=24 => 3,
        25..=27 => 4,
        28..=30 => 5,
        _ => 6,
    }
}

/// A need (points to 15) in 4 buckets: 1-2, 3-5, 6-11, 12+.
pub(crate) fn need_bucket(need: u8) -> u64 {
    match need {
        0..=2 => 0,
        3..=5 => 1,
        6..=11 => 2,
        _ => 3,
    }
}

/// Opponent's revealed envido total: not shown, 0-7, 20-26, 27-29, 30-33.
pub(crate) fn total_bucket(v: u8) -> u64 {
    match v {
        NONE => 0,
        0..=7 => 1,
        8..=26 => 2,
        27..=29 => 3,
        _ => 4,
    }
}

/// The key digits of `view` (the caller checked the variant and the score).
pub(crate) fn digits(view: &View, grouping: Grouping, need_me: u8, need_opp: u8) -> [u64; 10] {
    let p = view.public();
    let seat = view.seat() & 1;
    let opp = 1 - seat;
    let mut tiers = [0u8; 3];
    for (slot, c) in tiers.iter_mut().zip(view.hand().iter()) {
        *slot = tier(c);
    }
    // Unplayed cards strongest (lowest tier) first; empty slots (0) last.
    tiers.sort_unstable_by_key(|&t| if t == 0 { u8::MAX } else { t });
    let groups = tiers.iter().fold(0u64, |acc, &t| {
        acc * grouping.slot_radix() + grouping.group(t) as u64
    });
    let hand = match grouping {
        Grouping::Equity(kind) if tiers[2] != 0 => kind.buckets().bucket(tiers),
        Grouping::Equity(kind) => kind.buckets().len() + groups,
        _ => groups,
    };
    let e = p.envido();
    let env = if e.done {
        0
    } else {
        envido_bucket(super::dealt_envido(view))
    };
    let mut results = 0u64;
    let mut current = 0u64;
    // The strongest group (lowest number) the opponent played in a finished trick; 0 = none.
    let mut shown = 0u64;
    for t in 0..3 {
        if t < p.trick() as usize {
            if let Some(c) = p.played(t, opp) {
                let g = grouping.group(tier(c)) as u64;
                shown = if shown == 0 { g } else { shown.min(g) };
            }
        }
        let r = match p.trick_result(t) {
            None => 0,
            Some(PARDA) => 3,
            Some(team) if team == seat => 1,
            Some(_) => 2,
        };
        results = results * 4 + r;
        if t == p.trick() as usize {
            current = p
                .played(t, opp)
                .map_or(0, |c| table_card(grouping, tier(c), &tiers));
        }
    }
    if grouping == Grouping::EightShown {
        results = results * 9 + shown;
    }
    let tr = p.truco();
    let who = |team: u8| match team {
        NONE => 0,
        t if t == seat => 1,
        _ => 2,
    };
    let pending = match (tr.pending, tr.caller == seat) {
        (false, _) => 0,
        (true, true) => 1,
        (true, false) => 2,
    };
    let chain = (e.envidos.min(2) as u64) * 4 + (e.real as u64) * 2 + e.falta as u64;
    let status = if e.pending {
        1 + (e.caller != seat) as u64
    } else if e.done {
        3 + who(e.winner)
    } else {
        0
    };
    [
        hand,
        env,
        (p.mano() == view.seat()) as u64,
        need_bucket(need_me.min(need_opp)) * 2 + (need_me > need_opp) as u64,
        results,
        current,
        (tr.level as u64) * 9 + pending * 3 + who(tr.raiser),
        chain,
        status,
        total_bucket(e.totals[opp as usize]),
    ]
}

/// The current trick's digit for an opponent card of tier `table` (own unplayed `tiers`
/// strongest first, 0 = no card): v1 its group; v2 its group x, for each own slot, whether
/// that card loses (or is absent), ties or beats it (equal tiers tie in the Argentine ranking).
pub(crate) fn table_card(grouping: Grouping, table: u8, tiers: &[u8; 3]) -> u64 {
    let g = grouping.group(table) as u64;
    if matches!(grouping, Grouping::Six | Grouping::Equity(_)) {
        return g;
    }
    let relation = tiers.iter().fold(0u64, |acc, &t| {
        let r = match t {
            0 => 0,
            t if t < table => 2,
            t if t == table => 1,
            _ => 0,
        };
        acc * 3 + r
    });
    g * 27 + relation
}
