//! The lossy `arg-2v2-buckets-v1` and `-v2` abstractions: Argentine truco with two teams of
//! two, to 30 (v2 differs in two digits: [`TeamVersion::V2`]).
//!
//! It extends `arg-1v1-buckets-v2` with what a team game adds (rationale and measurements:
//! `abstractions/arg-2v2.md`; radices: `abstractions/arg-2v2.toml`):
//! - the seat's position after the mano (0 mano .. 3 pie): who still plays after it in the
//!   trick, and which of the two partners answers for the team (ruling 1);
//! - the score as the smaller need to 30 (the falta value, also what separates malas from
//!   buenas) in 8 buckets and which team is closer;
//! - the current trick as the number of cards on the table, the strongest opponent card with
//!   each own card's result against it, and the partner's card with whether it is winning;
//! - which actions are legal (a bit mask), so that one key never has two action lists.
//!
//! Everything is read from the seat's [`View`]: its own cards, the public cards, calls and
//! revealed totals; never a partner's or an opponent's hidden card.

use crate::action::{Action, NONE};
use crate::tricks::PARDA;
use crate::view::View;

use super::buckets::{envido_bucket, total_bucket, Grouping};
use super::hand::tier;

/// Radices of the `arg-2v2-buckets-v1` key, most significant first.
pub const TEAM_RADICES: [u64; 13] = [343, 7, 4, 15, 64, 4, 7, 4, 36, 12, 6, 5, 256];

/// Radices of the `arg-2v2-buckets-v2` key: v1's with the score in 8 buckets.
pub const TEAM_RADICES_V2: [u64; 13] = [343, 7, 4, 8, 64, 4, 7, 4, 36, 12, 6, 5, 256];

/// Radices of the `arg-classic-buckets-v1` key: v2's with six positions, the flor calls in the
/// legal mask, then the flor contest, the own flor's total and the kind of hand.
pub const CLASSIC_RADICES: [u64; 16] = [343, 7, 6, 8, 64, 4, 7, 4, 36, 12, 6, 5, 1024, 12, 5, 4];

/// The versions of the team abstraction.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum TeamVersion {
    /// `arg-2v2-buckets-v1`.
    V1,
    /// `arg-2v2-buckets-v2`: a coarser score (the falta's stake in 4 buckets, and whether the
    /// other team is strictly closer) and the envido chain only while a call is pending.
    V2,
    /// `arg-classic-buckets-v1`: v2 for 2, 4 or 6 players, target 15 or 30, with the flor and
    /// the pica-pica hands (`abstractions/arg-classic.md`).
    Classic,
}

/// v2's score digit: the falta's stake (the smaller need) in 4 buckets, 1-2 | 3-7 | 8-15 |
/// 16-30 (both teams in the malas), times whether the other team is strictly closer.
fn score_digit_v2(need_me: u8, need_opp: u8) -> u64 {
    let stake = match need_me.min(need_opp) {
        0..=2 => 0,
        3..=7 => 1,
        8..=15 => 2,
        _ => 3,
    };
    stake * 2 + (need_opp < need_me) as u64
}

/// The smaller need to 30 (the falta value) in 5 buckets; 16 or more: both teams in the malas.
fn need_bucket_30(need: u8) -> u64 {
    match need {
        0..=2 => 0,
        3..=5 => 1,
        6..=10 => 2,
        11..=15 => 3,
        _ => 4,
    }
}

/// Bit of each non-card action in the legal mask (bit 0: a card may be played).
fn legal_bit(a: Action) -> u64 {
    match a {
        Action::Play(_) => 1,
        Action::Raise => 2,
        Action::Quiero => 4,
        Action::NoQuiero => 8,
        Action::Envido => 16,
        Action::RealEnvido => 32,
        Action::FaltaEnvido => 64,
        Action::Mazo => 128,
        Action::Flor => 256,
        Action::Contraflor => 512,
        // No other action exists in the Argentine rules (the caller checked them).
        _ => 0,
    }
}

/// The key digits of `view` (the caller checked the variant and that the match is not over).
pub(crate) fn digits(
    version: TeamVersion,
    view: &View,
    need_me: u8,
    need_opp: u8,
    legal: Option<&[Action]>,
) -> [u64; 16] {
    let p = view.public();
    let r = p.rules();
    let players = r.players;
    let seat = view.seat();
    let team = r.team(seat);
    let grouping = Grouping::Six;
    let mut tiers = [0u8; 3];
    for (slot, c) in tiers.iter_mut().zip(view.hand().iter()) {
        *slot = tier(c);
    }
    tiers.sort_unstable_by_key(|&t| if t == 0 { u8::MAX } else { t });
    let hand = tiers.iter().fold(0u64, |acc, &t| {
        acc * grouping.slot_radix() + grouping.group(t) as u64
    });
    let e = p.envido();
    // The envido can be called in trick 1 only: after it, the value is dropped.
    let env = if e.done || p.trick() > 0 {
        0
    } else {
        envido_bucket(super::dealt_envido(view))
    };
    let position = ((seat + players - p.mano()) % players) as u64;
    let closer = match need_me.cmp(&need_opp) {
        std::cmp::Ordering::Less => 0,
        std::cmp::Ordering::Equal => 1,
        std::cmp::Ordering::Greater => 2,
    };
    let score = match version {
        TeamVersion::V1 => need_bucket_30(need_me.min(need_opp)) * 3 + closer,
        TeamVersion::V2 | TeamVersion::Classic => score_digit_v2(need_me, need_opp),
    };
    let mut results = 0u64;
    for t in 0..3 {
        let res = match p.trick_result(t) {
            None => 0,
            Some(PARDA) => 3,
            Some(w) if w == team => 1,
            Some(_) => 2,
        };
        results = results * 4 + res;
    }
    // The current trick: cards on the table, the strongest opponent card, the strongest card
    // of a partner (the one partner in four players; either of two in six).
    let (mut on_table, mut best_opp, mut partner_tier) = (0u64, 0u8, 0u8);
    let t = p.trick() as usize;
    if t < 3 {
        for s in 0..players {
            let Some(c) = p.played(t, s) else { continue };
            on_table += 1;
            let k = tier(c);
            if r.team(s) != team {
                best_opp = if best_opp == 0 { k } else { best_opp.min(k) };
            } else if s != seat {
                partner_tier = if partner_tier == 0 {
                    k
                } else {
                    partner_tier.min(k)
                };
            }
        }
    }
    let current = grouping.group(best_opp) as u64;
    let partner_digit = match partner_tier {
        0 => 0,
        k if best_opp != 0 && k > best_opp => 3,
        k if grouping.group(k) == 1 => 1,
        _ => 2,
    };
    let tr = p.truco();
    let who = |t: u8| match t {
        NONE => 0,
        t if t == team => 1,
        _ => 2,
    };
    let pending = match (tr.pending, r.team(tr.caller) == team) {
        (false, _) => 0,
        (true, true) => 1,
        (true, false) => 2,
    };
    // v2: once settled (or never called), the chain's stake no longer changes any decision.
    let chain = if version != TeamVersion::V1 && !e.pending {
        0
    } else {
        (e.envidos.min(2) as u64) * 4 + (e.real as u64) * 2 + e.falta as u64
    };
    let status = if e.pending {
        1 + (r.team(e.caller) != team) as u64
    } else if e.done {
        3 + who(e.winner)
    } else {
        0
    };
    let mut opp_total = NONE;
    for s in (0..players).filter(|&s| r.team(s) != team) {
        let v = e.totals[s as usize];
        if v != NONE && (opp_total == NONE || v > opp_total) {
            opp_total = v;
        }
    }
    let mask = super::legal_mask(view, legal, legal_bit);
    [
        hand,
        env,
        position,
        score,
        results,
        on_table.min(3),
        current,
        partner_digit,
        (tr.level as u64) * 9 + pending * 3 + who(tr.raiser),
        chain,
        status,
        total_bucket(opp_total),
        mask,
        flor_digit(view),
        own_flor_bucket(view),
        p.rules().pica_pair as u64,
    ]
}

/// The flor contest as the seat's team sees it (0 without the `flor` option): which teams
/// declared a flor (none, ours, theirs, both) times who has a contraflor pending (no one, our
/// team, theirs); a settled contest keeps only the declarations.
fn flor_digit(view: &View) -> u64 {
    let p = view.public();
    let r = p.rules();
    if !r.flor {
        return 0;
    }
    let f = p.flor();
    let team = r.team(view.seat());
    let ours = f.declared & (1 << team) != 0;
    let theirs = f.declared & (1 << (1 - team)) != 0;
    let pending = match (f.pending, f.caller) {
        (false, _) | (_, NONE) => 0,
        (true, c) if r.team(c) == team => 1,
        _ => 2,
    };
    (ours as u64 + 2 * theirs as u64) * 3 + pending
}

/// The seat's own flor total in 4 buckets while the contest is open (0: no flor, or the
/// contest is settled): 20-26 | 27-30 | 31-33 | 34-38 (what decides a contraflor).
fn own_flor_bucket(view: &View) -> u64 {
    let p = view.public();
    if !p.rules().flor || p.flor().done {
        return 0;
    }
    match crate::envido::flor_value(crate::cards::CardSet::from_cards(&view.dealt())) {
        None => 0,
        Some(0..=26) => 1,
        Some(27..=30) => 2,
        Some(31..=33) => 3,
        Some(_) => 4,
    }
}
